"""Board redraw cost on the Python side: time per redraw and widget messages per redraw.

Every game's ``board.py`` offers ``example_boards()``: a name -> factory of a board in a typical
position; this benchmark measures each one.
"""

from __future__ import annotations

import importlib
from typing import Callable

from benchmarks.timing import milliseconds
from sailing_kit.widgets.board import CanvasBoard

GAMES = ("race", "regatta", "trireme", "yacht", "calm")


def boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Every board of the kit, built in a typical position."""
    found: dict[str, Callable[[], CanvasBoard]] = {}
    for game in GAMES:
        try:
            module = importlib.import_module(f"sailing_kit.{game}.board")
        except ModuleNotFoundError as missing:
            if missing.name in (f"sailing_kit.{game}", f"sailing_kit.{game}.board"):
                continue  # that game has no board yet
            raise
        found.update(module.example_boards())
    return found


def messages_per_redraw(board: CanvasBoard) -> int:
    """Widget messages one redraw sends (counted at the shared canvas manager)."""
    manager = board.canvas._canvas_manager
    sent = 0
    original = manager.send

    def count(*args: object, **kwargs: object) -> None:
        nonlocal sent
        sent += 1

    manager.send = count
    try:
        board.redraw()
    finally:
        manager.send = original
    return sent


def run() -> list[tuple[str, str]]:
    rows = []
    for name, make in boards().items():
        board = make()
        rows.append((f"{name} board: redraw (Python side)", f"{milliseconds(board.redraw):.2f} ms"))
        rows.append((f"{name} board: widget messages per redraw",
                     str(messages_per_redraw(board))))
    return rows
