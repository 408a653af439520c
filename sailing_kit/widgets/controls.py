"""The buttons a student uses on each game's board: the game's ``INFO.controls`` (every other
button is one screen's or a teacher's tool, kept in the board's More menu)."""

from __future__ import annotations

from sailing_kit.core.info import GAME_NAMES, game_package


def game_controls(game: str) -> frozenset[str] | None:
    """The student's buttons of ``game`` (a saved game's name, such as "calm"); None for a
    board that plays no game of the kit (a drill, a trainer: every button is the student's)."""
    if game not in GAME_NAMES:
        return None
    return frozenset(game_package(game).INFO.controls)
