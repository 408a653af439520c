"""Board redraw cost on the Python side: time per redraw and widget messages per redraw."""

from __future__ import annotations

from typing import Callable

from benchmarks.timing import milliseconds
from sailing_kit.widgets.board import CanvasBoard


def boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Every board of the kit, built in a typical position."""
    from sailing_kit.race import new_drill
    from sailing_kit.race.board import PointsOfSailBoard

    return {"points of sail": lambda: PointsOfSailBoard(new_drill(seed=0, heading="E",
                                                                  start=(4, 5)))}


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
