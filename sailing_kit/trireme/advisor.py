"""The advisor: the chance to win of every choice open now, playing perfectly afterwards.

Each choice is played on a copy of the game through the engine's own rules, down to the next
heading to choose (averaging over the die, taking the better distance), where the solver's value
takes over. So the advisor also checks the solver: its best choice's chance must be the
solver's value of the position.

The advisor never keeps a board waiting: a shipped map's table of up to
:data:`QUICK_POSITIONS` positions (a second or two) is solved on the spot; any other is solved
in a background thread, and until it is ready :func:`advise` returns None (``on_ready`` is
called when it is); a table beyond the solver's limit gets no advice. :func:`advisor_note` says
which, in words.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import step
from sailing_kit.core.i18n import _, number, percent
from sailing_kit.trireme.actions import Action, Sail, Steer, short_words
from sailing_kit.trireme.game import TriremeState
from sailing_kit.trireme.maps import SHIPPED, SeaMap, load_map
from sailing_kit.trireme.rules import Ending, Phase
from sailing_kit.trireme.solver import (
    MAX_POSITIONS,
    TIE,
    Solution,
    TooBigToSolve,
    check_size,
    solve,
    table_size,
)

TABLE_ROWS = 8
QUICK_POSITIONS = 600_000
"""The shipped maps' tables up to this many positions (the default map with up to 5 Honour
points) are solved at once, in a second or two; every other table in the background (how long a
map takes depends on its shape as much as its size)."""
_SOLVER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trireme-advisor")
_BACKGROUND: dict[tuple[SeaMap, int, bool], Future[Solution]] = {}


@dataclass(frozen=True)
class Advice:
    """Every choice open now with its chance to win, best first."""

    options: tuple[tuple[Action, float], ...]

    @property
    def best(self) -> Action:
        return self.options[0][0]

    @property
    def value(self) -> float:
        """The chance to win of the position, playing perfectly."""
        return self.options[0][1]

    def chance(self, action: Action) -> float:
        return dict(self.options)[action]

    def by_heading(self) -> dict[Direction, float]:
        """For each heading open now, its chance to win with the better Honour choice."""
        best: dict[Direction, float] = {}
        for action, value in self.options:
            if isinstance(action, Steer):
                best[action.heading] = max(value, best.get(action.heading, 0.0))
        return best

    def rows(self) -> list[tuple[str, float, bool]]:
        """The best few choices as (words, chance, is the best) for a table."""
        return [(short_words(action), value, place == 0)
                for place, (action, value) in enumerate(self.options[:TABLE_ROWS])]

    def __str__(self) -> str:
        return "\n".join(f"{words}: {percent(value, 1)}" for words, value, _best in self.rows())


def solution_for(state: TriremeState) -> Solution:
    """The (cached) solution of the game's map, for its Honour points and options (solved now,
    however long it takes; :class:`TooBigToSolve` beyond the solver's limit)."""
    return solve(state.sea, state.options.honour, state.options.steer_at_trireme)


def ready_solution(state: TriremeState,
                   on_ready: Callable[[], None] | None = None) -> Solution | None:
    """The solution if it can be had without waiting: solved at once when small, else from the
    background thread once it has finished (started now if need be; ``on_ready()`` is called
    from that thread when it does). None while it is being solved, or if it is too big."""
    sea, honour, steer = state.sea, state.options.honour, state.options.steer_at_trireme
    size = table_size(sea, honour)
    if size > MAX_POSITIONS:
        return None
    if size <= QUICK_POSITIONS and sea in _shipped():
        return solve(sea, honour, steer)
    job = _BACKGROUND.get((sea, honour, steer))
    if job is None:
        for key in [key for key, old in _BACKGROUND.items() if old.done()][:-3]:
            del _BACKGROUND[key]  # keep the last few big tables
        job = _BACKGROUND[(sea, honour, steer)] = _SOLVER.submit(solve, sea, honour, steer)
    if job.done():
        return job.result()
    if on_ready is not None:
        job.add_done_callback(lambda _: on_ready())
    return None


def _shipped() -> list[SeaMap]:
    return [load_map(name) for name in SHIPPED]


def advisor_note(state: TriremeState) -> str | None:
    """Why the advisor has no advice for this map yet, in words (None when it has)."""
    sea, honour = state.sea, state.options.honour
    try:
        check_size(sea, honour)
    except TooBigToSolve as error:
        return _("No advice on this map: {reason}.", reason=error)
    job = _BACKGROUND.get((sea, honour, state.options.steer_at_trireme))
    if job is not None and not job.done():
        return _("The advisor is solving this map ({positions} positions) in the background; "
                 "its advice follows when it is ready.", positions=number(table_size(sea, honour)))
    return None


def advise(state: TriremeState, solution: Solution | None = None,
           on_ready: Callable[[], None] | None = None) -> Advice | None:
    """The chance to win of each choice open now (None when the die is rolling, when it is
    over, or while a big map is being solved in the background: see :func:`ready_solution`)."""
    if state.is_over() or state.phase is Phase.ROLL:
        return None
    solution = solution or ready_solution(state, on_ready)
    if solution is None:
        return None
    options = [(action, chance_to_win(_after(state, action), solution))
               for action in state.legal_actions()]
    return Advice(_ranked(state, options))


def _ranked(state: TriremeState, options: list[tuple[Action, float]]
            ) -> tuple[tuple[Action, float], ...]:
    """The options best first. Choices within :data:`~sailing_kit.trireme.solver.TIE` of each
    other are tied (they differ by rounding noise) and keep the solver's order of preference:
    a heading not straight at the trireme, then keeping the Honour point, then compass order
    (the order of ``legal_actions``)."""
    order = {action: number for number, (action, _) in enumerate(options)}

    def preference(option: tuple[Action, float]) -> tuple[bool, int]:
        action = option[0]
        at_trireme = (isinstance(action, Steer)
                      and step(state.boat, action.heading) == state.trireme_square)
        return at_trireme, order[action]

    ranked: list[tuple[Action, float]] = []
    run: list[tuple[Action, float]] = []
    for option in sorted(options, key=lambda option: -option[1]):
        if run and run[0][1] - option[1] > TIE:
            ranked += sorted(run, key=preference)
            run = []
        run.append(option)
    return tuple(ranked + sorted(run, key=preference))


def chance_to_win(state: TriremeState, solution: Solution) -> float:
    """The chance to win of any state playing perfectly: the solver's value at a heading, the
    average over the die while it rolls, the better distance after it."""
    if state.ending is not None:
        return 1.0 if state.ending[0] is Ending.WON else 0.0
    position = state.position()
    if position is not None:
        return solution.value(position)
    if state.phase is Phase.SAIL:
        return max(chance_to_win(_after(state, action), solution)
                   for action in state.legal_actions())
    return sum(float(p) * chance_to_win(_after(state, die), solution)
               for die, p in state.chance_outcomes())


def _after(state: TriremeState, action: Action) -> TriremeState:
    following = state.copy()
    following.apply(action)
    return following


__all__ = ["Advice", "Sail", "advise", "advisor_note", "chance_to_win", "ready_solution",
           "solution_for"]
