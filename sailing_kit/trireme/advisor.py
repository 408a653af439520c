"""The advisor: the chance to win of every choice open now, playing perfectly afterwards.

Each choice is played on a copy of the game through the engine's own rules, down to the next
heading to choose (averaging over the die, taking the better distance), where the solver's value
takes over. So the advisor also checks the solver: its best choice's chance must be the
solver's value of the position.
"""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.trireme.game import Action, Sail, Steer, TriremeState
from sailing_kit.trireme.rules import Ending, Phase
from sailing_kit.trireme.solver import Solution, solve

TABLE_ROWS = 8


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
        return [(_words(action), value, number == 0)
                for number, (action, value) in enumerate(self.options[:TABLE_ROWS])]

    def __str__(self) -> str:
        return "\n".join(f"{words}: {100 * value:.1f}%" for words, value, _ in self.rows())


def _words(action: Action) -> str:
    if isinstance(action, Steer):
        return f"{action.heading.value}" + (" + Honour" if action.honour else "")
    return str(action)


def solution_for(state: TriremeState) -> Solution:
    """The (cached) solution of the game's map, for its Honour points and options."""
    return solve(state.sea, state.options.honour, state.options.steer_at_trireme)


def advise(state: TriremeState, solution: Solution | None = None) -> Advice | None:
    """The chance to win of each choice open now (None when the die is rolling or it is over)."""
    if state.is_over() or state.phase is Phase.ROLL:
        return None
    solution = solution or solution_for(state)
    options = [(action, chance_to_win(_after(state, action), solution))
               for action in state.legal_actions()]
    options.sort(key=lambda option: -option[1])
    return Advice(tuple(options))


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


__all__ = ["Advice", "Sail", "advise", "chance_to_win", "solution_for"]
