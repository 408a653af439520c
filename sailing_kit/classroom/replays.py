"""Replays of finished and closed tables: the public picture after any move (no hidden card, as a
spectator saw it) and the list of moves, stepped through on the replay page or the projector.

A game with hidden cards lists who moved, not what (a discard or a deal would show cards);
a game without lists each move as the game writes it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from sailing_kit.classroom.reviews import reviewer
from sailing_kit.classroom.table import Table
from sailing_kit.core.protocol import CHANCE
from sailing_kit.widgets.canvas import BoardCanvas, paint

if TYPE_CHECKING:
    from sailing_kit.classroom.room import Classroom
    from sailing_kit.classroom.schema import TableRow

KEEP = 8
"""Replayed tables kept in memory (the ones being stepped through)."""


class NotReplayable(ValueError):
    """The table is still being played: watch it live instead."""


class Replays:
    """The replays of one class, with the last few replayed tables kept."""

    def __init__(self, room: Classroom):
        self.room = room
        self._kept: OrderedDict[tuple[int, int], tuple[Table, list[str]]] = OrderedDict()

    def _table(self, row: TableRow) -> tuple[Table, list[str]]:
        count = self.room.store.move_count(row.id)
        key = (row.id, count)
        if key not in self._kept:
            table = Table(self.room, row)
            self._kept[key] = (table, move_list(table))
            while len(self._kept) > KEEP:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        table, moves = self._kept[key]
        table.row = row  # closed or reopened since
        return table, moves

    def frame(self, row: TableRow, move: Any, with_moves: bool = False) -> dict[str, Any]:
        """The picture after ``move`` moves (clamped to the game), as the page's canvas state,
        with the move list if asked, and whether the game has a review (the page then links to
        it). NotReplayable while the table is being played."""
        table, moves = self._table(row)
        if not (table.closed or table.state.is_over()):
            raise NotReplayable(f"Table {row.code} is still being played: watch it live.")
        total = table.moves_played
        number = move if isinstance(move, int) and not isinstance(move, bool) else total
        number = max(0, min(total, number))
        past = table.state.copy()
        while len(past.history) > number:
            past.undo()
        canvas = BoardCanvas()
        paint(canvas, past.view(None).scene())
        frame = {"code": row.code, "game": table.info.title, "total": total, "move": number,
                 "scene": {name: getattr(canvas, name) for name in
                           ("width", "height", "title", "background", "scene")},
                 "caption": moves[number - 1] if number else "The start of the game.",
                 "review": reviewer(row.game) is not None}
        if with_moves:
            frame["moves"] = moves
        return frame


def move_list(table: Table) -> list[str]:
    """Each move of the table in words, as anyone may read them."""
    state = table.state.copy()
    while state.history:
        state.undo()
    hidden = table.info.hidden_information
    words = []
    for number, move in enumerate(table.store.moves(table.id), start=1):
        player = state.current_player
        who = "Chance" if player == CHANCE else f"Player {(player or 0) + 1}"
        shown = "" if hidden else ": " + json.dumps(move.entry["move"], ensure_ascii=False)[:120]
        words.append(f"{number}. {who}{shown}")
        if move.entry.get("sampled"):
            state.sample_chance()
        else:
            state.apply(move.entry["move"])
    return words
