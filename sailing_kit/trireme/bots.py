"""Helmsmen for the duel: the optimal one (the solver's policy) and a simpler pilot.

A bot is a function from a state to one of its legal actions (:mod:`sailing_kit.core.bots`).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import cast

from sailing_kit.core.bots import Bot, BotFactory, make_bot, random_bot
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.trireme.advisor import solution_for
from sailing_kit.trireme.game import Action, Sail, Steer, TriremeState
from sailing_kit.trireme.maps import SeaMap
from sailing_kit.trireme.rounding import HIGHEST, LOWEST
from sailing_kit.trireme.rules import (
    CURRENT,
    Effect,
    Ending,
    Passage,
    Phase,
    roll_effects,
    sail,
    squares_allowed,
    wind_after,
)
from sailing_kit.trireme.solver import Solution

FAR = 1000
"""The pilot's distance for a crash or a square it cannot finish from."""


def _optimal() -> Bot:
    """The optimal helmsman: the solver's heading and Honour choice, then the better distance."""

    def choose(state: TriremeState) -> Action:
        return best_choice(state, solution_for(state))

    choose.__name__ = "optimal"
    return cast(Bot, choose)


def best_choice(state: TriremeState, solution: Solution) -> Steer | Sail:
    """The optimal helmsman's choice with the map's ``solution`` in hand: the solver's heading
    and Honour choice, or the better distance after the roll."""
    position = state.position()
    if position is not None:
        return solution.best(position)
    if state.phase is not Phase.SAIL:
        raise ValueError("the optimal helmsman chooses only a heading or a distance")
    return Sail(max(state.sailing_options(), key=lambda squares: _after_sailing(
        state, solution, squares)))


def _pilot() -> Bot:
    """A sensible but short-sighted helmsman: it steers to shorten, on average, its way home round
    the rocks (counted in squares, as if the wind allowed every heading), never spends Honour and
    ignores the trireme."""

    def choose(state: TriremeState) -> Action:
        lengths = course_lengths(state.sea)
        if state.phase is Phase.SAIL:
            return Sail(min(state.sailing_options(), key=lambda squares: _left(
                lengths, _passage(state, state.heading, squares))))
        return min((a for a in state.legal_actions() if isinstance(a, Steer) and not a.honour),
                   key=lambda action: _expected_left(state, lengths, action.heading))

    choose.__name__ = "pilot"
    return cast(Bot, choose)


def _after_sailing(state: TriremeState, solution: Solution, squares: int) -> float:
    """The chance to win after sailing ``squares`` squares on the heading (the solver's value)."""
    passage = _passage(state, state.heading, squares)
    return solution.value_after(passage.end, passage.progress, passage.ending, state.trireme,
                                state.wind, state.honour)


def _passage(state: TriremeState, heading: Direction, squares: int) -> Passage:
    return sail(state.sea, state.boat, heading, squares, state.progress, state.trireme_square)


def _left(lengths: dict[tuple[Point, int], int], passage: Passage) -> int:
    if passage.ending is Ending.WON:
        return 0
    if passage.ending is Ending.CRASHED:
        return FAR
    return lengths.get((passage.end, passage.progress), FAR)


def _expected_left(state: TriremeState, lengths: dict[tuple[Point, int], int],
                   heading: Direction) -> float:
    total = 0.0
    for effect, chance in roll_effects(False):
        if effect is Effect.CURRENT:
            total += float(chance) * _left(lengths, _passage(state, CURRENT, 1))
            continue
        allowed = squares_allowed(heading, wind_after(state.wind, effect))
        total += float(chance) * min(_left(lengths, _passage(state, heading, n)) for n in allowed)
    return total


@lru_cache(maxsize=8)
def course_lengths(sea: SeaMap) -> dict[tuple[Point, int], int]:
    """The fewest one-square steps from each (square, rounding progress) to a win, whatever the
    wind (a breadth-first search backwards from the winning steps)."""
    before: dict[tuple[Point, int], list[tuple[Point, int]]] = {}
    lengths: dict[tuple[Point, int], int] = {}
    for cell in sea.water:
        for progress in range(LOWEST, HIGHEST + 1):
            for heading in Direction:
                passage = sail(sea, cell, heading, 1, progress, None)
                if passage.ending is Ending.WON:
                    lengths[(cell, progress)] = 1
                elif passage.ending is None:
                    before.setdefault((passage.end, passage.progress), []).append((cell, progress))
    queue = deque(lengths)
    while queue:
        node = queue.popleft()
        for earlier in before.get(node, ()):
            if earlier not in lengths:
                lengths[earlier] = lengths[node] + 1
                queue.append(earlier)
    return lengths


BOTS: dict[str, BotFactory] = {"optimal": lambda seed: _optimal(), "pilot": lambda seed: _pilot(),
                               "random": random_bot}
"""The helmsmen by name: "optimal" (the default), "pilot" (both deterministic) and "random"."""


def make(name: str = "default", seed: int | None = None) -> Bot:
    """The helmsman called ``name`` (see :data:`BOTS`; ``"default"`` is the optimal one)."""
    return make_bot(BOTS, name, seed)
