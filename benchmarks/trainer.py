"""Right-of-way trainer: judging the 64 situations, one step of the animated board, one edit."""

from __future__ import annotations

import time

from benchmarks.timing import milliseconds
from sailing_kit.race.boards.editor import SituationEditor
from sailing_kit.race.boards.situations import SituationTrainer
from sailing_kit.race.quiz import library
from sailing_kit.race.verdicts import verdicts


def library_seconds() -> float:
    """Seconds to read the shipped situations and judge each under both rulebooks, caches empty."""
    library.cache_clear()
    verdicts.cache_clear()
    start = time.perf_counter()
    for situation in library():
        verdicts(situation)
    return time.perf_counter() - start


def step_milliseconds() -> float:
    """One step of the animated board (a frame redrawn), forwards and back in turn."""
    board = SituationTrainer(seed=0)
    board.show_frame(board.ask_frame)
    direction = iter(range(10**9))
    return milliseconds(lambda: board.step(-1 if next(direction) % 2 == 0 else 1))


def edit_milliseconds() -> float:
    """One edit in the editor (a boat turned): checked, replayed, judged again and redrawn."""
    editor = SituationEditor(library()[30])
    editor.selected = editor.draft.names[0]
    direction = iter(range(10**9))

    def turn() -> None:
        verdicts.cache_clear()  # as for a situation never judged before
        editor.turn(1 if next(direction) % 2 == 0 else -1)

    return milliseconds(turn, repeat=20)


def run() -> list[tuple[str, str]]:
    return [
        ("trainer: 64 situations read, played and judged (both rulebooks)",
         f"{library_seconds():.2f} s"),
        ("trainer board: one step of the timeline (redraw)", f"{step_milliseconds():.1f} ms"),
        ("situation editor: one edit checked, judged and redrawn", f"{edit_milliseconds():.1f} ms"),
    ]
