"""Jacht, Tábornok and Yahtzee for 1 to 10 players, on the kit's game protocol.

A game starts with a roll-off (each player rolls one die, the highest starts, ties roll again).
Then the players take turns, starting player first and on in seat order. A turn is up to three
rolls: the player's action :class:`Roll` names the dice held by their place on the table (0 to 4
from the left); a chance node follows whose outcomes (:class:`Dice`) are the values the rolled
dice show, as a sorted multiset with its exact probability. ``apply([6, 6, 6])`` sets them by
hand, ``sample_chance()`` draws them from the seed. The turn ends with :class:`Score`, writing the
dice into an open category. When every card is full the highest total wins; in Tábornok a big
general (five of a kind on the first roll, written as General) wins at once.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.options import build_options
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.draw.scene import Scene
from sailing_kit.yacht import drawing
from sailing_kit.yacht.actions import ACTION_TYPES, Action, Dice, Roll, action_to_json, read_action
from sailing_kit.yacht.multisets import DICE, LEVELS, multiset, outcomes
from sailing_kit.yacht.options import YachtOptions
from sailing_kit.yacht.position import MAX_ROLLS, Position, Score
from sailing_kit.yacht.rules import category_word
from sailing_kit.yacht.scorecard import Scorecard, joker_refusal
from sailing_kit.yacht.view import YachtView, open_view


class YachtState(GameState[Action]):
    """A game of dice. ``str(state)`` describes it; in a notebook it draws itself."""

    options: YachtOptions
    GAME = "yacht"
    ACTION_TYPES = ACTION_TYPES

    def __init__(self, seed: int | None, options: YachtOptions):
        super().__init__(seed, options)
        self.rules = options.ruleset()
        self.cards: tuple[Scorecard, ...] = (Scorecard(self.rules),) * options.players
        self.rolloff: tuple[tuple[tuple[int, int], ...], ...] = ((),) if options.players > 1 else ()
        """The roll-off so far: one round of (player, die) pairs per round (a tie rolls again)."""
        self.player: int | None = None if options.players > 1 else 0
        self.dice: tuple[int, ...] | None = None
        self.rolls = 0
        self.held: tuple[int, ...] = ()
        self.rolling = False
        self.big_general: int | None = None

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> YachtState:
        return cls(seed, build_options(YachtOptions, options))

    # ----- the position ---------------------------------------------------------------------------
    def name(self, player: int) -> str:
        return _("Player {number}", number=player + 1)

    @property
    def contenders(self) -> tuple[int, ...]:
        """Who rolls in the current round of the roll-off."""
        if len(self.rolloff) == 1:
            return tuple(range(self.num_players))
        previous = self.rolloff[-2]
        best = max(value for _, value in previous)
        return tuple(player for player, value in previous if value == best)

    @property
    def first_player(self) -> int:
        """Who won the roll-off (player 0 alone); only once the roll-off is over."""
        if not self.rolloff:
            return 0
        return max(self.rolloff[-1], key=lambda rolled: rolled[1])[0]

    @property
    def round(self) -> int:
        """The round being played (1 to the number of categories), as the current player sees it."""
        player = self.player if self.player is not None else 0
        return min(len(self.cards[player].boxes) + 1, len(self.rules.categories))

    def position(self) -> Position | None:
        """The current player's position after a roll (for strategies), else None."""
        if self.current_player in (None, CHANCE) or self.dice is None:
            return None
        return Position(self.cards[self.seat], multiset(self.dice), self.rolls)

    @property
    def seat(self) -> int:
        """The player whose turn it is, once the roll-off is over."""
        if self.player is None:
            raise IllegalAction(_("the roll-off for the first player is still going on"))
        return self.player

    def _rolled(self) -> Position:
        """The position after a roll, when the rules guarantee there is one."""
        position = self.position()
        if position is None:
            raise IllegalAction(_("roll first: there are no dice of this turn yet"))
        return position

    def wins_at_once(self, category: str) -> bool:
        """True if writing the dice into ``category`` now is a big general that wins at once."""
        position = self.position()
        return (position is not None and self.rules.first_roll_counts
                and self.rules.big_general_wins and category == "general"
                and position.first_roll and len(set(position.dice)) == 1
                and category in position.categories())

    # ----- protocol ---------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def current_player(self) -> int | None:
        if self.is_over():
            return None
        return CHANCE if self.player is None or self.rolling else self.player

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.current_player == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if self.rolls == 0:
            return [Roll()]
        rolls: list[Action] = [Roll(held) for size in range(DICE)
                               for held in combinations(range(DICE), size)]
        scores: list[Action] = [Score(c) for c in self._rolled().categories()]
        return (rolls if self.rolls < MAX_ROLLS else []) + scores

    def action_space(self) -> list[Action]:
        """Every action of the game's form, legal now or not (for tests and tools)."""
        return ([Roll(held) for size in range(DICE + 1) for held in combinations(range(DICE), size)]
                + [Score(c) for c in self.rules.categories]
                + [Dice(values) for level in LEVELS[1:] for values in level])

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.current_player != CHANCE:
            return []
        count = 1 if self.player is None else DICE - len(self.held)
        return [(Dice(values), p) for values, p in outcomes(count)]

    def read_action(self, value: Any) -> Action:
        return read_action(value, self.rules)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def check(self, action: Action) -> None:
        if isinstance(action, Dice):
            self._check_dice(action)
        elif self.current_player == CHANCE:
            raise IllegalAction(_("the dice are rolling: give the values they show (or sample "
                                  "them) first"))
        elif isinstance(action, Roll):
            self._check_roll(action)
        else:
            self._check_score(action)

    def _check_dice(self, action: Dice) -> None:
        if self.current_player != CHANCE:
            raise IllegalAction(_("no dice are rolling: it is {player}'s turn to roll or to "
                                  "choose a category", player=self.name(self.seat)))
        if self.player is None:
            if len(action.values) != 1:
                raise IllegalAction(_("in the roll-off each player rolls one die ('a játékosok "
                                      "egy kockával dobnak'): give one value"))
            return
        count = DICE - len(self.held)
        if len(action.values) != count:
            raise IllegalAction(_("{count} dice are rolling, so give {count} values from 1 to 6 "
                                  "(not {given})", count=count, given=len(action.values)))

    def _check_roll(self, action: Roll) -> None:
        if self.rolls >= MAX_ROLLS:
            raise IllegalAction(_("at most three rolls a turn ('Maximum háromszor lehet "
                                  "dobni'): write these dice into a category"))
        if self.rolls == 0 and action.held:
            raise IllegalAction(_("the first roll of a turn throws all five dice: nothing can "
                                  "be held yet"))
        if len(action.held) == DICE:
            raise IllegalAction(_("hold at most four dice to roll again: to keep all five, "
                                  "write them into a category"))

    def _check_score(self, action: Score) -> None:
        category = action.category
        if self.rolls == 0:
            raise IllegalAction(_("roll first: a category takes the dice of this turn"))
        card = self.cards[self.seat]
        if category in card.filled:
            raise IllegalAction(_(
                "each category is filled once ('minden későbbi kör során más kategóriát kell "
                "megcélozni'): {category} already holds {points}",
                category=category_word(category), points=card.filled[category]))
        position = self._rolled()
        if category not in position.categories():
            raise IllegalAction(joker_refusal(self.rules, card.filled, position.dice, category))

    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.held, self.rolling = action.held, True
        elif isinstance(action, Score):
            self._write(action.category)
        elif self.player is None:
            self._roll_off(action.values[0])
        else:
            self._land(action.values)

    def _roll_off(self, value: int) -> None:
        contenders = self.contenders
        done = self.rolloff[-1] + ((contenders[len(self.rolloff[-1])], value),)
        self.rolloff = self.rolloff[:-1] + (done,)
        if len(done) < len(contenders):
            return
        best = max(v for _, v in done)
        leaders = [player for player, v in done if v == best]
        if len(leaders) == 1:
            self.player = leaders[0]
        else:
            self.rolloff += ((),)

    def _land(self, values: tuple[int, ...]) -> None:
        """Put the rolled values on the free places, left to right."""
        dice = list(self.dice or (0,) * DICE)
        free = [place for place in range(DICE) if place not in self.held]
        for place, value in zip(free, values):
            dice[place] = value
        self.dice, self.rolls, self.rolling = tuple(dice), self.rolls + 1, False

    def _write(self, category: str) -> None:
        seat, dice, first_roll = self.seat, self._rolled().dice, self.rolls == 1
        if self.wins_at_once(category):
            self.big_general = seat
        cards = list(self.cards)
        cards[seat] = cards[seat].write(category, dice, first_roll)
        self.cards = tuple(cards)
        self.player = (seat + 1) % self.num_players
        self.dice, self.rolls, self.held = None, 0, ()

    def _snapshot(self) -> tuple[Any, ...]:
        return (self.cards, self.rolloff, self.player, self.dice, self.rolls, self.held,
                self.rolling, self.big_general)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.cards, self.rolloff, self.player, self.dice, self.rolls, self.held, self.rolling,
         self.big_general) = snapshot

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(card.total for card in self.cards)

    @property
    def result(self) -> Result | None:
        totals = self.totals
        players = self.num_players
        if self.big_general is not None:
            return Result.ranked((self.big_general,), players, _(
                "a big general (five of a kind on the first roll) wins at once"), totals)
        if not all(card.is_full for card in self.cards):
            return None
        best = max(totals)
        winners = tuple(p for p, total in enumerate(totals) if total == best)
        return Result.ranked(winners, players, n_(
            "every category is filled, and {count} point is the best total",
            "every category is filled, and {count} points is the best total", best), totals)

    # ----- display -------------------------------------------------------------------------------------
    def describe(self) -> str:
        lines: list[str] = [n_("{game}, {count} player.", "{game}, {count} players.", self.num_players,
                    game=self.rules.title)]
        lines += self._describe_rolloff()
        result = self.result
        if result is not None:
            lines.append(_("Over: {reason}.", reason=result.reason))
        elif self.player is not None:
            lines += self._describe_turn()
        for player, card in enumerate(self.cards):
            filled = ", ".join(f"{category_word(c)} {points}" for c, points in card.boxes) \
                or _("nothing yet")
            extra = "".join(f", {label} {value}" for label, value in
                            ((_("upper bonus"), card.upper_bonus),
                             (_("Yahtzee bonus"), 100 * card.yahtzee_bonuses)) if value)
            lines.append(_("{player}: total {total} ({boxes}).", player=self.name(player),
                           total=card.total, boxes=filled + extra))
        return "\n".join(lines)

    def _describe_rolloff(self) -> list[str]:
        lines: list[str] = []
        for number, rolled in enumerate(self.rolloff, start=1):
            if rolled:
                dice = ", ".join(f"{self.name(p)} {v}" for p, v in rolled)
                lines.append(_("Roll-off (round {round}): {dice}.", round=number, dice=dice)
                             if number > 1 else _("Roll-off: {dice}.", dice=dice))
        if self.player is None:
            waiting = self.contenders[len(self.rolloff[-1])]
            lines.append(_("Roll-off for the first player: {player} to roll one die.",
                           player=self.name(waiting)))
        elif self.rolloff:
            lines.append(_("{player} rolled highest and played first.",
                           player=self.name(self.first_player)))
        return lines

    def _describe_turn(self) -> list[str]:
        total = len(self.rules.categories)
        head = _("Round {round} of {rounds}. {player} to play", round=self.round, rounds=total,
                 player=self.name(self.seat))
        if self.rolling:
            kept = " ".join(str((self.dice or ())[p]) for p in self.held) or _("none")
            rolling: str = _("{head}: rolling {count} dice (keeping {kept}).", head=head,
                             count=DICE - len(self.held), kept=kept)
            return [rolling]
        if self.dice is None:
            return [str(_("{head}: roll the five dice.", head=head))]
        dice = " ".join(map(str, self.dice))
        kept = " ".join(str(self.dice[p]) for p in self.held)
        values = {"head": head, "dice": dice, "used": self.rolls, "left": MAX_ROLLS - self.rolls}
        lines = [_("{head}: dice {dice} (kept {kept} from the roll before); rolls used {used}, "
                   "{left} left.", kept=kept, **values) if kept else
                 _("{head}: dice {dice}; rolls used {used}, {left} left.", **values)]
        options = ", ".join(f"{category_word(c)} {points}"
                            for c, points in self._rolled().categories().items())
        lines.append(_("These dice would score: {options}.", options=options))
        return [str(line) for line in lines]

    def view(self, player: int | None) -> YachtView:
        """Every seat sees the whole game (see :mod:`sailing_kit.yacht.view`)."""
        return open_view(self, player)

    def scene(self, **overlay: Any) -> Scene:
        """The picture: dice and scorecards (``overlay`` as in :func:`drawing.draw_game`)."""
        return drawing.draw_game(self, **overlay)


def new_game(seed: int | None = None, **options: Any) -> YachtState:
    """A game of dice. Options: players (1-10), rules ("jacht", "tabornok", "yahtzee"),
    five_of_a_kind_counts, poker_points (Tábornok, 30 or 40), big_general_wins (Tábornok),
    joker (Yahtzee, "forced" or "free")."""
    return YachtState.new(seed, **options)

