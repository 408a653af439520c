"""The optimal helmsman: every position's chance to win under perfect play, with numpy (floats).

A position (:class:`~sailing_kit.trireme.position.Position`) is the sailboat's square, the
trireme's place on its line, the wind, the Honour points left and the rounding progress. Its
value is the chance to win when playing perfectly from there: the best heading and Honour choice
of the average, over the die, of the best distance's value.

**Backward induction over the trireme's line.** The trireme never goes back, so positions are
solved from the trireme's last square to its first. A turn from a position with the trireme on
square k leads to positions with the trireme on square k + 1, except when the sailboat ends on the
trireme's next square: then the trireme waits, and the position (with a new wind, perhaps fewer
Honour points) has the trireme on square k again. Those *waiting* positions, all on one square,
are the only cycle; they are solved first, by **value iteration to convergence** (from 0, the
values grow towards the optimal chances, the smallest solution of the Bellman equation; the loop
stops when nothing changes by more than 1e-15). Steering straight at the trireme keeps the boat
there, so the iteration can be slow where waiting for a better wind pays: a few thousand sweeps on
the default map; the exact solver finds the values within 1e-13. Then every other position of
layer k follows in one vectorised backup. :func:`solve` is cached (within :data:`CACHE_BYTES`);
the default map takes about a second. :mod:`sailing_kit.trireme.exact` solves small maps with
Fractions, independently.

**Bounded.** A table holds (squares of the trireme's line) x (water squares) x 8 winds x
(Honour points + 1) x 3 rounding stages positions; :func:`solve` refuses one of more than
:data:`MAX_POSITIONS` with :class:`TooBigToSolve`, saying what to shrink.
"""

from __future__ import annotations

import numpy as np

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import _, number
from sailing_kit.core.memo import BytesCache
from sailing_kit.trireme.actions import Steer
from sailing_kit.trireme.maps import SeaMap
from sailing_kit.trireme.position import Position
from sailing_kit.trireme.rounding import HIGHEST, LOWEST, ROUNDED
from sailing_kit.trireme.rules import (
    CURRENT,
    Effect,
    Ending,
    roll_effects,
    sail,
    squares_allowed,
    trireme_advance,
    trireme_finished,
)

HEADINGS: tuple[Direction, ...] = tuple(Direction)
PROGRESSES = tuple(range(LOWEST, HIGHEST + 1))
TOLERANCE = 1e-15
MAX_SWEEPS = 10_000
MAX_POSITIONS = 25_000_000
"""The largest table solved: 25 million positions (200 MB of values). A 40 x 40 map with its
course round the edges and 3 Honour points is 21 million; the default map with 3 Honour points
0.36 million."""
TIE = 1e-12
"""Choices within this of the best are tied (two choices worth the same differ by rounding
noise, about 1e-16): the tie goes as :data:`CHOICES` says."""
CACHE_BYTES = 300 * 2**20
"""The solutions :func:`solve` keeps weigh at most 300 MB together (the largest table alone
weighs about 230 MB; the default map's with 3 Honour points 3 MB); the newest is always kept."""
REFUSED = -1.0
"""The value given to a choice the rules refuse, below every chance."""
CHOICES: tuple[Steer, ...] = tuple(Steer(h, spend) for spend in (False, True) for h in HEADINGS)
"""Choice number ``a``: heading ``a % 8``, an Honour point spent when ``a >= 8`` (on a tie the
solver prefers a heading not straight at the trireme, then keeps its Honour point, then takes the
first heading in compass order)."""


class Moves:
    """Every one- and two-square move of the map, as indices for numpy: square number ``c`` (in
    ``sea.water``; ``win`` and ``crash`` are two extra numbers) and progress ``p`` (0, 1, 2 for
    -1, 0, +1) sailing ``n + 1`` squares on heading ``d`` end on square ``target[d, n, p, c]``
    with progress ``progress[d, n, p, c]``."""

    def __init__(self, sea: SeaMap):
        self.sea = sea
        self.index = {point: number for number, point in enumerate(sea.water)}
        self.win, self.crash = len(sea.water), len(sea.water) + 1
        shape = (len(HEADINGS), 2, len(PROGRESSES), len(sea.water))
        self.target = np.zeros(shape, dtype=np.intp)
        self.progress = np.zeros(shape, dtype=np.intp)
        for cell in sea.water:
            self._fill(cell, None, self.target, self.progress)

    def with_trireme(self, trireme: Point) -> tuple[np.ndarray, np.ndarray]:
        """The move tables with the trireme on ``trireme`` (boats stop before it)."""
        target, progress = self.target.copy(), self.progress.copy()
        for heading in HEADINGS:
            for distance in (1, 2):
                behind = step(trireme, heading, -distance)
                if behind in self.index:
                    self._fill(behind, trireme, target, progress, heading)
        return target, progress

    def _fill(self, cell: Point, trireme: Point | None, target: np.ndarray,
              progress: np.ndarray, only: Direction | None = None) -> None:
        c = self.index[cell]
        for heading in (only,) if only else HEADINGS:
            for n in (0, 1):
                for p, start in enumerate(PROGRESSES):
                    passage = sail(self.sea, cell, heading, n + 1, start, trireme)
                    end = (self.win if passage.ending is Ending.WON
                           else self.crash if passage.ending is Ending.CRASHED
                           else self.index[passage.end])
                    target[heading.index, n, p, c] = end
                    progress[heading.index, n, p, c] = passage.progress - LOWEST


def _wind_steps(honour: bool) -> np.ndarray:
    """``[w, v]``: the chance that a roll turns a wind from w into one from v and the boat sails
    on its heading (every effect but the current)."""
    steps = np.zeros((len(HEADINGS), len(HEADINGS)))
    for wind in HEADINGS:
        for effect, chance in roll_effects(honour):
            if effect is not Effect.CURRENT:
                steps[wind.index, wind.rotate(effect.turn).index] += float(chance)
    return steps


_WIND_STEPS = {honour: _wind_steps(honour) for honour in (False, True)}
_CALM_CHANCE = float(dict(roll_effects(False))[Effect.CURRENT])


def _distance_kinds() -> np.ndarray:
    """``[h, w]``: 0 if heading h into a wind from w stays, 1 if it sails 1 square, 2 if 1 or 2."""
    return np.array([[max(squares_allowed(h, w)) if len(squares_allowed(h, w)) == 1 else 2
                      for w in HEADINGS] for h in HEADINGS])


class TooBigToSolve(ConfigError):
    """The table of a map and its Honour points would pass :data:`MAX_POSITIONS`."""


def table_size(sea: SeaMap, honour: int) -> int:
    """How many positions the table of ``sea`` for 0 to ``honour`` Honour points holds."""
    return (len(sea.path) - 1) * len(sea.water) * len(HEADINGS) * (honour + 1) * len(PROGRESSES)


def check_size(sea: SeaMap, honour: int) -> None:
    """Raise :class:`TooBigToSolve` if the table would be too big to build."""
    size = table_size(sea, honour)
    if size > MAX_POSITIONS:
        raise TooBigToSolve(_(
            "the optimal helmsman solves tables of at most {most} positions; this one has "
            "{size} ({line} squares of the trireme's line x {water} water squares x 8 winds x "
            "{levels} Honour levels x {stages} rounding stages): use a smaller map, a shorter "
            "course or fewer Honour points", most=number(MAX_POSITIONS), size=number(size),
            line=len(sea.path) - 1, water=number(len(sea.water)), levels=honour + 1,
            stages=len(PROGRESSES)))


class Solution:
    """The optimal values and choices of every position of a map, up to ``honour`` points;
    ``steer_at_trireme`` as the game's option of that name."""

    def __init__(self, sea: SeaMap, honour: int, steer_at_trireme: bool = True):
        check_size(sea, honour)
        self.sea = sea
        self.honour = honour
        self.steer_at_trireme = steer_at_trireme
        self.moves = Moves(sea)
        self.kinds = _distance_kinds()
        cells, layers = len(sea.water), len(sea.path) - 1
        self.values = np.zeros((layers, cells + 2, len(HEADINGS), honour + 1, len(PROGRESSES)))
        self.values[:, self.moves.win] = 1.0
        self.policy = np.zeros((layers, cells, len(HEADINGS), honour + 1, len(PROGRESSES)),
                               dtype=np.int8)
        self.sweeps = 0
        for layer in range(layers - 1, -1, -1):
            self._solve_layer(layer)

    # ----- solving --------------------------------------------------------------------------------
    def _after_move(self, layer: int) -> np.ndarray:
        """Values after the sailboat's move in ``layer``, before the trireme's next move:
        the next layer's, or 0 where the trireme then crosses the line (the waiting square is
        filled in by the caller)."""
        after: np.ndarray = np.zeros_like(self.values[layer])
        after[self.moves.win] = 1.0
        if layer + 1 < len(self.values):
            after[:len(self.sea.water)] = self.values[layer + 1][:len(self.sea.water)]
        return after

    def _solve_layer(self, layer: int) -> None:
        trireme = self.sea.path[layer]
        waiting = self.moves.index[self.sea.path[layer + 1]]
        tables = self.moves.with_trireme(trireme)
        at_trireme = np.array([[step(cell, h) == trireme for cell in self.sea.water]
                               for h in HEADINGS])
        after = self._after_move(layer)
        after[waiting] = 0.0
        only = np.array([waiting])
        for sweep in range(1, MAX_SWEEPS + 1):  # noqa: B007 - counted after the loop
            value, _ = self._backup(after, tables, at_trireme, only)
            change = np.abs(value[0] - after[waiting]).max()
            after[waiting] = value[0]
            if change <= TOLERANCE:
                break
        else:  # pragma: no cover - the values grow, bounded by 1 (see the docstring)
            raise RuntimeError("value iteration on the waiting square did not converge")
        self.sweeps += sweep
        every = np.arange(len(self.sea.water))
        value, choice = self._backup(after, tables, at_trireme, every)
        self.values[layer, every] = value
        self.policy[layer] = choice

    def _backup(self, after: np.ndarray, tables: tuple[np.ndarray, np.ndarray],
                at_trireme: np.ndarray, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The best value and choice of each position on ``cells`` (shape cells, wind, honour,
        progress), given the values ``after`` the move. ``at_trireme[h, c]``: heading h from
        square c points straight at the trireme."""
        target, progress = tables
        # after[c, w, h, p] -> by[c, p, w, h]; moved[d, n, p, cell, w, h]
        by = after.transpose(0, 3, 1, 2)
        moved = by[target[..., cells], progress[..., cells]]
        stay = by[cells].transpose(1, 0, 2, 3)
        kinds = self.kinds[:, None, None, :, None]
        one, two = moved[:, 0], moved[:, 1]
        best_move = np.where(kinds == 0, stay[None], np.where(kinds == 1, one,
                                                              np.maximum(one, two)))
        current = moved[CURRENT.index, 0]
        # the die: keep[..., w, h] = sum over the new wind v of chance(w -> v) * best_move[..., v, h]
        keep = _WIND_STEPS[False] @ best_move
        keep += _CALM_CHANCE * current[None]
        spend = np.full_like(best_move, REFUSED)
        spend[..., 1:] = _WIND_STEPS[True] @ best_move[..., :-1]
        heads_at = np.tile(at_trireme[:, cells], (2, 1))[:, None, :, None, None]
        options = np.concatenate([keep, spend])
        if not self.steer_at_trireme:
            options = np.where(heads_at, REFUSED, options)
        best = options.max(axis=0)
        # on a tie (within TIE), a heading that does not stop at the trireme (so no game can
        # stall), then keeping the Honour point (choices 0-7), then the first in compass order
        tied = options >= best - TIE
        preferred = tied & ~heads_at
        choice = np.where(preferred.any(axis=0), preferred.argmax(axis=0), tied.argmax(axis=0))
        # options[a, p, cell, w, h] -> (cell, w, h, p)
        return best.transpose(1, 2, 3, 0), choice.transpose(1, 2, 3, 0)

    # ----- reading --------------------------------------------------------------------------------
    def _key(self, position: Position) -> tuple[int, int, int, int, int]:
        if not 0 <= position.honour <= self.honour:
            raise ValueError(f"this solution covers 0 to {self.honour} Honour points, not "
                             f"{position.honour}")
        return (position.trireme, self.moves.index[position.boat], position.wind.index,
                position.honour, position.progress - LOWEST)

    def value(self, position: Position) -> float:
        """The chance to win from ``position`` playing perfectly."""
        return float(self.values[self._key(position)])

    def best(self, position: Position) -> Steer:
        """The optimal heading and Honour choice of ``position``."""
        return CHOICES[int(self.policy[self._key(position)])]

    def policy_map(self, trireme: int, wind: Direction, honour: int, progress: int
                   ) -> tuple[dict[Point, Steer], dict[Point, float]]:
        """For every square the sailboat could be on (the trireme on square ``trireme`` of its
        line), the optimal choice and the chance to win: the policy, ready to draw."""
        choices, values = {}, {}
        for boat in self.sea.water:
            finished = boat in self.sea.line and progress >= ROUNDED
            if boat != self.sea.path[trireme] and not finished:
                position = Position(boat, trireme, wind, honour, progress)
                choices[boat], values[boat] = self.best(position), self.value(position)
        return choices, values

    def value_after(self, boat: Point, progress: int, ending: Ending | None, trireme: int,
                    wind: Direction, honour: int) -> float:
        """The chance to win right after the sailboat's move (``ending`` as the move ended),
        the trireme on square ``trireme`` before its next move."""
        if ending is not None:
            return 1.0 if ending is Ending.WON else 0.0
        following = trireme_advance(self.sea, trireme, boat)
        if trireme_finished(self.sea, following):
            return 0.0
        return self.value(Position(boat, following, wind, honour, progress))


def solve(sea: SeaMap, honour: int = 3, steer_at_trireme: bool = True) -> Solution:
    """The optimal :class:`Solution` of ``sea`` for 0 to ``honour`` Honour points (cached);
    ``steer_at_trireme=False`` solves the game played with that option."""
    return _solve(sea, honour, steer_at_trireme)


def weight(solution: Solution) -> int:
    """The bytes of a solution's tables."""
    return sum(table.nbytes for table in (solution.values, solution.policy, solution.moves.target,
                                          solution.moves.progress))


_solve = BytesCache(Solution, weight, CACHE_BYTES)


def clear_cache() -> None:
    """Forget the solutions :func:`solve` keeps (to time a solve from scratch)."""
    _solve.clear()


def honour_values(sea: SeaMap, most: int = 5, wind: Direction | str = Direction.NE,
                  steer_at_trireme: bool = True) -> list[float]:
    """The chance to win from the start with 0, 1, ..., ``most`` Honour points (playing
    perfectly): each point is worth the difference it makes."""
    solution = solve(sea, most, steer_at_trireme)
    return [solution.value(Position.start(sea, points, wind)) for points in range(most + 1)]
