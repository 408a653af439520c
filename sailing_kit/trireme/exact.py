"""The optimal chance to win in exact arithmetic (Fractions), for small maps.

The same backward induction over the trireme's line as :mod:`sailing_kit.trireme.solver`, written
plainly position by position, with its own treatment of the one cycle: on the trireme's next
square (where the trireme waits) the values of the eight winds depend on each other, and they are
found by **policy iteration**: fix a choice for each wind, solve the 8 x 8 linear system of that
policy exactly, switch any wind to a strictly better choice, and repeat until no choice improves.

Steering straight at the trireme keeps the boat on that square (it stops before the trireme),
so a policy may never leave it: where the trireme lies west of the square even the current cannot
move the boat, and a policy steering at it in every wind would give a singular system. Policy
iteration never meets one. It starts from a policy that leaves (no heading at the trireme: each
turn then leaves with a chance of at least 1/3), and it switches a wind only to a strictly better
choice; in the wind of the highest value, staying (an average of that value and its neighbours')
is never strictly better, so every policy it evaluates still leaves from some wind, which every
wind reaches. It stops at a policy whose values satisfy the Bellman equation; the optimal values
are the smallest solution of that equation and no policy does better, so they are optimal. Being
independent of the numpy solver, it checks it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.core.memo import BytesCache
from sailing_kit.trireme.actions import Steer
from sailing_kit.trireme.maps import SeaMap
from sailing_kit.trireme.position import Position
from sailing_kit.trireme.rules import (
    CURRENT,
    Effect,
    Ending,
    Passage,
    roll_effects,
    sail,
    squares_allowed,
    steering_refusal,
    trireme_advance,
    trireme_finished,
    wind_after,
)
from sailing_kit.trireme.solver import CHOICES, PROGRESSES

BYTES_PER_POSITION = 400
"""About what a position of an exact solution weighs: its key, its Fraction and its choice
(measured: 330 bytes on the small map)."""
CACHE_BYTES = 64 * 2**20
"""The exact solutions :func:`solve_exact` keeps weigh at most 64 MB together, by the estimate
above (the small map's with 1 Honour point weighs 10 MB); the newest is always kept."""

Linear = dict[Direction | None, Fraction]
"""A value that may depend on the unknown values of the waiting square: a constant (key None)
plus a coefficient for each wind's unknown."""


@dataclass(frozen=True)
class ExactSolution:
    """Every position's exact chance to win and an optimal choice."""

    sea: SeaMap
    honour: int
    steer_at_trireme: bool
    values: dict[Position, Fraction]
    policy: dict[Position, Steer]

    def value(self, position: Position) -> Fraction:
        return self.values[position]


class _Layer:
    """Positions with the trireme on square ``k`` of its line."""

    def __init__(self, sea: SeaMap, k: int, values: dict[Position, Fraction],
                 steer_at_trireme: bool):
        self.sea, self.k, self.values = sea, k, values
        self.steer_at_trireme = steer_at_trireme
        self.trireme = sea.path[k]
        self.waiting = sea.path[k + 1]
        self._passages: dict[tuple[Point, Direction, int, int], Passage] = {}
        self._moves: dict[tuple[object, ...], Fraction | Direction] = {}

    def passage(self, boat: Point, heading: Direction, squares: int, progress: int) -> Passage:
        key = (boat, heading, squares, progress)
        if key not in self._passages:
            self._passages[key] = sail(self.sea, boat, heading, squares, progress, self.trireme)
        return self._passages[key]

    def landing(self, passage: Passage, wind: Direction, honour: int,
                unknown: Position | None) -> Fraction | Direction:
        """The value after a move, or, when the boat stays on the waiting square whose values
        are being solved (``unknown``), the wind of the unknown it takes."""
        if passage.ending is not None:
            return Fraction(int(passage.ending is Ending.WON))
        following = trireme_advance(self.sea, self.k, passage.end)
        if following != self.k and trireme_finished(self.sea, following):
            return Fraction(0)
        if (unknown is not None and following == self.k and honour == unknown.honour
                and passage.progress == unknown.progress):
            return wind
        return self.values[Position(passage.end, following, wind, honour, passage.progress)]

    def move_value(self, boat: Point, heading: Direction | None, wind: Direction, honour: int,
                   progress: int, unknown: Position | None) -> Fraction | Direction:
        """The value of sailing on ``heading`` in the new ``wind`` (the better distance when
        there is a choice); ``heading`` None is the calm's drift west."""
        key = (boat, heading, wind, honour, progress)
        if unknown is None and key in self._moves:
            return self._moves[key]
        if heading is None:
            passages = [self.passage(boat, CURRENT, 1, progress)]
        else:
            passages = [self.passage(boat, heading, squares, progress)
                        for squares in squares_allowed(heading, wind)]
        outcomes = list(dict.fromkeys(self.landing(p, wind, honour, unknown) for p in passages))
        values = [o for o in outcomes if isinstance(o, Fraction)]
        if len(outcomes) == 1:  # one distance, or both stopped before the trireme
            value = outcomes[0]
        elif len(values) == len(outcomes):
            value = max(values)
        else:  # pragma: no cover - a longer move on the same heading never stays
            raise AssertionError("a distance choice cannot keep the boat on the waiting square")
        if unknown is None:
            self._moves[key] = value
        return value

    def choice_value(self, position: Position, choice: Steer,
                     unknown: Position | None = None) -> Linear:
        """The value of ``choice`` at ``position``, averaged over the die: a constant (key None)
        plus, when solving the waiting square, a coefficient for each wind's unknown."""
        constant, coefficients = Fraction(0), dict[Direction | None, Fraction]()
        honour = position.honour - int(choice.honour)
        for effect, chance in roll_effects(choice.honour):
            wind = wind_after(position.wind, effect)
            heading = None if effect is Effect.CURRENT else choice.heading
            value = self.move_value(position.boat, heading, wind, honour, position.progress,
                                    unknown)
            if isinstance(value, Direction):
                coefficients[value] = coefficients.get(value, Fraction(0)) + chance
            else:
                constant += chance * value
        return {None: constant, **coefficients}

    def choices(self, position: Position) -> list[Steer]:
        return [c for c in CHOICES if (position.honour > 0 or not c.honour) and steering_refusal(
            position.boat, c.heading, self.trireme, self.steer_at_trireme) is None]

    def leaving(self, position: Position) -> Steer:
        """A first choice that leaves the square with a chance of at least 1/3 a turn."""
        return next(c for c in self.choices(position)
                    if not c.honour and step(position.boat, c.heading) != self.trireme)

    def solve_waiting(self, honour: int, progress: int, policy: dict[Position, Steer]) -> None:
        """Policy iteration for the eight winds on the waiting square (with fewer Honour points
        already solved)."""
        positions = [Position(self.waiting, self.k, w, honour, progress) for w in Direction]
        chosen = {p: self.leaving(p) for p in positions}
        while True:
            forms = {p: self.choice_value(p, chosen[p], unknown=p) for p in positions}
            solved = _solve_linear(positions, forms)
            changed = False
            for p in positions:
                values = {c: _evaluate(self.choice_value(p, c, unknown=p), solved)
                          for c in self.choices(p)}
                best = max(values.values())
                if values[chosen[p]] < best:
                    chosen[p] = next(c for c, v in values.items() if v == best)
                    changed = True
            if not changed:
                break
        for p in positions:
            self.values[p] = solved[p.wind]
            policy[p] = chosen[p]

    def solve_free(self, position: Position, policy: dict[Position, Steer]) -> None:
        values = {c: self.choice_value(position, c)[None] for c in self.choices(position)}
        best = max(values.values())
        self.values[position] = best
        policy[position] = next(c for c, v in values.items() if v == best)


def _evaluate(form: Linear, unknowns: dict[Direction, Fraction]) -> Fraction:
    return sum((weight * (unknowns[key] if key is not None else 1)
                for key, weight in form.items()), Fraction(0))


def _solve_linear(positions: list[Position], forms: dict[Position, Linear]
                  ) -> dict[Direction, Fraction]:
    """Solve x[w] = constant + sum coefficient * x[w'] exactly (Gauss-Jordan with Fractions)."""
    winds = [p.wind for p in positions]
    rows = []
    for p in positions:
        form = forms[p]
        row = [Fraction(int(w == p.wind)) - form.get(w, Fraction(0)) for w in winds]
        rows.append(row + [form.get(None, Fraction(0))])
    size = len(winds)
    for column in range(size):
        pivot = next(r for r in range(column, size) if rows[r][column] != 0)
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [v / lead for v in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column])]
    return {w: rows[i][size] for i, w in enumerate(winds)}


def solve_exact(sea: SeaMap, honour: int = 1, steer_at_trireme: bool = True) -> ExactSolution:
    """Every position's exact chance to win for 0 to ``honour`` Honour points (cached), the game
    played with the option ``steer_at_trireme``. Meant for small maps: the small shipped map with
    1 Honour point takes a few seconds."""
    return _solve_exact(sea, honour, steer_at_trireme)


EXACT_STARTS = Path(__file__).with_name("exact_starts.json")
"""The exact chance to win from the start of shipped maps, computed once with
:func:`solve_exact` so a lesson need not wait for it (the tests recompute every entry)."""


def exact_key(name: str, honour: int, steer_at_trireme: bool = True) -> str:
    return f"{name}, honour={honour}, steer_at_trireme={steer_at_trireme}"


def exact_start_value(name: str, honour: int = 0, steer_at_trireme: bool = True) -> Fraction:
    """The exact chance to win from the start of the shipped map ``name`` with ``honour``
    points, read from :data:`EXACT_STARTS` (``solve_exact(load_map(name), honour)`` computes it,
    in seconds); KeyError for a map or an option the table does not hold."""
    table = json.loads(EXACT_STARTS.read_text(encoding="utf-8"))
    return Fraction(table[exact_key(name, honour, steer_at_trireme)])


def clear_cache() -> None:
    """Forget the solutions :func:`solve_exact` keeps (to time a solve from scratch)."""
    _solve_exact.clear()


def _solved_exactly(sea: SeaMap, honour: int, steer_at_trireme: bool) -> ExactSolution:
    values: dict[Position, Fraction] = {}
    policy: dict[Position, Steer] = {}
    for k in range(len(sea.path) - 2, -1, -1):
        layer = _Layer(sea, k, values, steer_at_trireme)
        for points in range(honour + 1):
            for progress in PROGRESSES:
                layer.solve_waiting(points, progress, policy)
        for boat in sea.water:
            if boat in (layer.trireme, layer.waiting):
                continue
            for wind in Direction:
                for points in range(honour + 1):
                    for progress in PROGRESSES:
                        layer.solve_free(Position(boat, k, wind, points, progress), policy)
    return ExactSolution(sea, honour, steer_at_trireme, values, policy)


def weight(solution: ExactSolution) -> int:
    """About the bytes of an exact solution (see :data:`BYTES_PER_POSITION`)."""
    return BYTES_PER_POSITION * len(solution.values)


_solve_exact = BytesCache(_solved_exactly, weight, CACHE_BYTES)
