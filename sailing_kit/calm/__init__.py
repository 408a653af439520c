"""Calm (*Штиль*, published as *Tranquility*): the cooperative 6 x 6 number-card puzzle.

The rules engine (:func:`new_game`, :class:`CalmState`, :class:`Sea`), bots, a simulator that
measures win rates, and the puzzle mode with its solver. The widget :class:`Board` lives in
``sailing_kit.calm.board`` and is imported on first use, so the rules never pull in Jupyter.
"""

from sailing_kit.calm import bots
from sailing_kit.calm.actions import Action, Discard, MoveRocks, Play, Split
from sailing_kit.calm.cards import FINISH, MONSTER, START, Special
from sailing_kit.calm.game import CalmState, new_game
from sailing_kit.calm.options import CalmOptions
from sailing_kit.calm.puzzle import Solution, new_puzzle, puzzle_from_decks, solve
from sailing_kit.calm.sea import Sea, natural_slot
from sailing_kit.calm.simulate import SimulationResult, simulate
from sailing_kit.calm.view import PlayerView
from sailing_kit.core.info import GameInfo, Outcome
from sailing_kit.core.lazy import board_attributes

INFO = GameInfo(
    name="calm", title="Calm", players=range(1, 6), players_option="players", chance=True,
    hidden_information=True, cooperative=True,
    outcome_kinds=frozenset({Outcome.SHARED_WIN, Outcome.SHARED_LOSS}), bots=tuple(bots.BOTS),
    controls=("agree_split", "discard"),
)

__all__ = [
    "FINISH",
    "INFO",
    "MONSTER",
    "START",
    "Action",
    "CalmOptions",
    "CalmState",
    "Discard",
    "MoveRocks",
    "Play",
    "PlayerView",
    "Sea",
    "SimulationResult",
    "Solution",
    "Special",
    "Split",
    "bots",
    "natural_slot",
    "new_game",
    "new_puzzle",
    "puzzle_from_decks",
    "simulate",
    "solve",
]


__getattr__ = board_attributes(__name__, "Board")
