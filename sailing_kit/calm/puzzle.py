"""Puzzle mode: small open deals (every card known) and a solver that says whether a deal can be
won, and shows a winning line.

:func:`new_puzzle` deals a seeded small game with open hands: a 2 x 3 sea of islands 1 to 12 by
default, so that the solver can try every line. :func:`puzzle_from_decks` lays out decks by hand.
:func:`solve` searches depth first through the engine itself (its legal actions, applied on the
fast path and taken back), remembering lost positions and cutting off deals that can no longer
fill some stretch of the sea.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sailing_kit.calm.actions import Action, Discard, Play
from sailing_kit.calm.cards import FINISH, START, Card, is_island
from sailing_kit.calm.game import CalmState
from sailing_kit.calm.options import AUTOMATIC
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _, number

PUZZLE_SIZE = {"rows": 2, "cols": 3, "top": 12, "hand_size": 3, "finishes": 1,
               "start_discards": 2}
"""The default puzzle: a 2 x 3 sea, islands 1 to 12, one Finish card, hands of three, and two
discards at the Start."""


def new_puzzle(seed: int | None = None, players: int = 1, **options: Any) -> CalmState:
    """A seeded open deal: every hand and deck face up. ``options`` change the size
    (:data:`PUZZLE_SIZE`) or add variants."""
    return CalmState.new(seed, players=players, **{**PUZZLE_SIZE, **options, "open_hands": True})


def puzzle_from_decks(decks: Sequence[Sequence[int | str]], **options: Any) -> CalmState:
    """An open deal with the decks given (top card first, "start"/"finish"/"monster" by name)."""
    sizes = {**PUZZLE_SIZE, **options, "open_hands": True}
    return CalmState.new(0, players=len(decks), decks=[list(deck) for deck in decks], **sizes)


class GaveUp(Exception):
    """The search met its limit of positions before it could answer."""


@dataclass(frozen=True)
class Solution:
    """The solver's answer: ``winnable`` (None if it gave up), a winning ``line`` of actions
    from the position solved, and how many positions it examined."""

    winnable: bool | None
    line: tuple[Action, ...]
    positions: int

    def narrate(self, state: CalmState) -> list[str]:
        """The winning line played out from ``state`` (unchanged), one numbered step a line."""
        trial, steps = state.copy(), list[str]()
        for step, action in enumerate(self.line, start=1):
            seat = trial.current_player
            if seat is None:
                raise ValueError(_("the winning line goes on after the game is over"))
            trial.apply(action)
            steps.append(_("{step}. {player}: {action}", step=step,
                           player=trial.seat_name(seat), action=str(action)))
        return steps

    def __str__(self) -> str:
        positions = number(self.positions)
        if self.winnable is None:
            return _("no answer within {positions} positions", positions=positions)
        if not self.winnable:
            return _("this deal cannot be won (checked {positions} positions)",
                     positions=positions)
        return _("winnable in {steps} steps (found after {positions} positions)",
                 steps=len(self.line), positions=positions)


def solve(state: CalmState, max_positions: int = 200_000) -> Solution:
    """Can the team still win from ``state`` (which is left unchanged), and how?

    Every card must be known to the solver, so it plays on the full position; chance may not
    play a part (jagged rocks in manual mode are fine, automatic ones are not)."""
    if state.options.rocks == AUTOMATIC and state.rocks is not None:
        raise ConfigError(_("the solver needs a deal without chance: play the jagged rocks "
                            "in manual mode (rocks='manual') for a puzzle"))
    search = _Search(state.copy(), max_positions)
    try:
        line = search.win()
    except GaveUp:
        return Solution(None, (), search.positions)
    return Solution(line is not None, tuple(line or ()), search.positions)


class _Search:
    def __init__(self, state: CalmState, limit: int):
        self.state, self.limit = state, limit
        self.positions = 0
        self.lost: set[tuple[object, ...]] = set()

    def win(self) -> list[Action] | None:
        """A winning line from the position, or None: depth first, lost positions remembered."""
        state = self.state
        if state.won:
            return []
        key = state.position_key()
        if state.lost or key in self.lost:
            return None
        self.positions += 1
        if self.positions > self.limit:
            raise GaveUp
        if not self._hopeless():
            saved = state.checkpoint()
            for action in sorted(state.legal_actions(), key=self._promise):
                state.apply_unchecked(action)
                rest = self.win()
                state.rewind(saved)
                if rest is not None:
                    return [action, *rest]
        self.lost.add(key)
        return None

    def _promise(self, action: Action) -> tuple[int, int]:
        """Try the Finish first, then cheap placements, then discards of cards with no future."""
        state = self.state
        if isinstance(action, Play):
            if action.card in (FINISH, START) or action.at is None or not is_island(action.card):
                return (0, 0)
            return (1, state.sea.cost(action.card, *action.at))
        if isinstance(action, Discard):
            return (2, -sum(self._dead(card) for card in action.cards))
        return (3, 0)

    def _dead(self, card: Card) -> bool:
        """True if ``card`` can never be placed again (no empty cell in its gap)."""
        return is_island(card) and not self.state.sea.placements(card)

    def _hopeless(self) -> bool:
        """True if some stretch of empty cells has more cells than islands left to fill it, or no
        Finish card is left (exact when no sea monster remains to reopen the sea)."""
        state = self.state
        if state.monsters_left:
            return False
        left = [card for seat in range(state.num_players)
                for card in state.hand(seat) + state.deck(seat)]
        if FINISH not in left:
            return True
        islands = sorted(card for card in left if is_island(card))
        sea, bounds = state.sea, [-1]
        bounds += [i for i, value in enumerate(sea.cells) if value] + [sea.size]
        for before, after in itertools.pairwise(bounds):
            empty = after - before - 1
            if empty:
                low = sea.cells[before] if before >= 0 else 0
                high = sea.cells[after] if after < sea.size else state.options.top + 1
                if sum(low < card < high for card in islands) < empty:
                    return True
        return False
