"""Shared, Jupyter-free pieces: compass and grid geometry, errors, seeded chance, the game protocol."""

from sailing_kit.core.chance import Chance
from sailing_kit.core.compass import Direction, angle_between, clockwise_steps
from sailing_kit.core.errors import ConfigError, IllegalAction, SavedGameError
from sailing_kit.core.grid import Point
from sailing_kit.core.protocol import CHANCE, GameState, Result

__all__ = [
    "CHANCE",
    "Chance",
    "ConfigError",
    "Direction",
    "GameState",
    "IllegalAction",
    "Point",
    "Result",
    "SavedGameError",
    "angle_between",
    "clockwise_steps",
]
