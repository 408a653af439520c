"""Board redraw cost on the Python side: time per redraw and widget messages per redraw.

Every game's ``board.py`` offers ``example_boards()``: a name -> factory of a board in a typical
position; this benchmark measures each one.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable

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
    """Widget messages one redraw of a changed picture sends."""
    sent = 0

    def count(*args: object, **kwargs: object) -> None:
        nonlocal sent
        sent += 1

    board.canvas.scene = "{}"  # as if the picture had changed
    board.canvas._send = count
    try:
        board.redraw()
    finally:
        del board.canvas._send
    return sent


def redraw_milliseconds(board: CanvasBoard, repeat: int = 50) -> float:
    """Median CPU time of one redraw of a changed picture (scene built, encoded and sent), in
    milliseconds: CPU time, so other work on a shared machine does not count."""
    times = []
    for _ in range(repeat):
        board.canvas.scene = "{}"
        start = time.process_time()
        board.redraw()
        times.append(time.process_time() - start)
    times.sort()
    return 1000 * times[len(times) // 2]


def run() -> list[tuple[str, str]]:
    rows = []
    for name, make in boards().items():
        board = make()
        rows.append((f"{name} board: redraw (Python side, CPU)",
                     f"{redraw_milliseconds(board):.2f} ms"))
        rows.append((f"{name} board: widget messages per redraw",
                     str(messages_per_redraw(board))))
    return rows
