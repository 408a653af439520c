"""The controls a student may use on each game's board: the ids of its toolbar buttons that stay
in view in an app and at a class table (every other control is one screen's or a teacher's tool,
kept in the board's More menu).

The games' packages say it in ``INFO.controls``; this module is the one place that reads it.
"""

from __future__ import annotations

import importlib

_UNTIL_INFO = {
    "race": ("layers", "place_heading", "protest", "wait", "penalty"),
    "race-drill": None,
    "yacht": ("roll", "advisor"),
    "calm": ("discard", "agree_split"),
    "regatta": ("windy", "handling", "end_turn", "mark_exchange", "exchange", "face", "becalm"),
    "trireme": ("roll", "honour", "advisor"),
}
"""Each game's student controls, for packages that do not yet say them in ``INFO.controls``."""


def game_controls(game: str) -> frozenset[str] | None:
    """The student's controls of ``game`` (a saved game's name, such as "calm"); None for a
    board that is no game of the kit (every control is the student's)."""
    package = game.split("-")[0]
    if not package.isidentifier():
        return None
    try:
        info = getattr(importlib.import_module(f"sailing_kit.{package}"), "INFO", None)
    except ImportError:
        return None
    if info is not None and game == package:
        return frozenset(info.controls)
    listed = _UNTIL_INFO.get(game)
    return None if listed is None else frozenset(listed)
