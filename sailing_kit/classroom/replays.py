"""Replays of finished and closed tables: the public picture after any move (no hidden card, as a
spectator saw it) and the list of moves, stepped through on the replay page or the projector.

A game with hidden cards lists who moved, not what (a discard or a deal would show cards);
a game without lists each move as the game writes it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from sailing_kit.classroom.languages import game_title
from sailing_kit.classroom.reviews import reviewer
from sailing_kit.classroom.table import Table
from sailing_kit.core.i18n import _
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
        self._kept: OrderedDict[tuple[int, int], tuple[Table, list[Moved]]] = OrderedDict()

    def _table(self, row: TableRow) -> tuple[Table, list[Moved]]:
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
            raise NotReplayable(_("Table {code} is still being played: watch it live.",
                                  code=row.code))
        total = table.moves_played
        number = move if isinstance(move, int) and not isinstance(move, bool) else total
        number = max(0, min(total, number))
        past = table.state.copy()
        while len(past.history) > number:
            past.undo()
        canvas = BoardCanvas()
        paint(canvas, past.view(None).scene())
        words = [move_words(number, moved) for number, moved in enumerate(moves, start=1)]
        frame = {"code": row.code, "game": game_title(table.info.title), "total": total,
                 "move": number,
                 "scene": {name: getattr(canvas, name) for name in
                           ("width", "height", "title", "background", "scene")},
                 "caption": words[number - 1] if number else _("The start of the game."),
                 "review": reviewer(row.game) is not None}
        if with_moves:
            frame["moves"] = words
        return frame


Moved = tuple[int | None, str]
"""Who moved (a seat, or CHANCE) and, in a game without hidden cards, the move as JSON."""


def move_words(number: int, moved: Moved) -> str:
    """Move ``number`` in words, in the language spoken now: "3. Player 2: {...}"."""
    player, shown = moved
    who = _("Chance") if player == CHANCE else _("Player {number}", number=(player or 0) + 1)
    return f"{number}. {who}{': ' + shown if shown else ''}"


def move_list(table: Table) -> list[Moved]:
    """Who made each move of the table, and what, as anyone may see it."""
    state = table.state.copy()
    while state.history:
        state.undo()
    hidden = table.info.hidden_information
    moved: list[Moved] = []
    for move in table.store.moves(table.id):
        shown = "" if hidden else json.dumps(move.entry["move"], ensure_ascii=False)[:120]
        moved.append((state.current_player, shown))
        if move.entry.get("sampled"):
            state.sample_chance()
        else:
            state.apply(move.entry["move"])
    return moved
