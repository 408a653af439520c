"""The teacher's controls of a class, as methods of :class:`~sailing_kit.classroom.room.Classroom`
(the dashboard's buttons call the same): free a seat, seat a bot, skip a turn, close, reopen and
rematch a table, pause and resume, and a message on every seat's screen.

Each control is one change of the store, announced to every class server on it, so the pages
follow at once; none replays a game unless a bot or the rules must move.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from sailing_kit.classroom.errors import NotYourTurn, TableClosed
from sailing_kit.classroom.limits import clean_broadcast
from sailing_kit.classroom.table import Table, plain_json
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _
from sailing_kit.core.info import game_package
from sailing_kit.core.protocol import CHANCE

if TYPE_CHECKING:
    from sailing_kit.classroom.schema import TableRow
    from sailing_kit.classroom.store import Store


class TeacherControls:
    """Mixin of :class:`~sailing_kit.classroom.room.Classroom`."""

    if TYPE_CHECKING:
        store: Store

        def table_row(self, code: str) -> TableRow: ...

        def table(self, code: str) -> Table: ...

        def _add_table(self, saved: dict[str, Any], players: int,
                       bots: dict[int, str]) -> Table: ...

        def reload(self) -> None: ...

    def _seat_number(self, row: TableRow, seat: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < row.players:
            raise ConfigError(_("table {code} has seats 0 to {last}, not {seat}", code=row.code,
                                last=row.players - 1, seat=repr(seat)))
        return seat

    def free_seat(self, code: str, seat: int) -> None:
        """Empty ``seat`` of table ``code``: the student's token stops working (the page says
        so), or the bot leaves it. Its cards stay with the seat: a student who joins next takes
        the game over where it stands."""
        row = self.table_row(code)
        number = self._seat_number(row, seat)
        if number in row.bots:
            self.store.update_table(row.id, bots={s: b for s, b in row.bots.items() if s != number})
        self.store.remove_seat(row.id, number)

    def seat_bot(self, code: str, seat: int, level: str | None = None) -> None:
        """A bot of the game (``level``: one of its bots' names; the default one if None) plays
        ``seat`` from its next turn; the student seated there, if any, leaves it. ``free_seat``
        gives the seat back to a person."""
        row = self.table_row(code)
        number = self._seat_number(row, seat)
        package = game_package(row.game)
        package.bots.make(level or "default")  # ConfigError for a level the game has not
        self.store.remove_seat(row.id, number)
        self.store.update_table(row.id, bots={**row.bots, number: level or package.INFO.bots[0]})
        self.table(code).refresh()  # the bot moves now if it is its turn

    def skip_turn(self, code: str) -> None:
        """The player to move passes where the game's rules allow it now (the state's
        ``pass_action()``: the race's ``Wait``, the regatta's heading kept or turn ended);
        where they do not, the game's default bot plays that one move for them."""
        table = self.table(code)
        if table.closed:
            raise TableClosed(_("Table {code} is closed: no more moves.", code=table.code))
        state, player = table.state, table.state.current_player
        if player is None or player == CHANCE:
            raise NotYourTurn(_("No player is to move: there is no turn to skip."))
        work = state.copy()
        passed = work.pass_action()
        work.apply(passed if passed is not None else table.bot(player, table.info.bots[0])(work))
        entry = {"move": plain_json(work.action_to_json(work.history[-1]))}
        if table.store.append(table.id, len(work.history), entry, None):
            table.refresh()

    def close_table(self, code: str) -> None:
        """The table is finished and read-only: joins hear it is closed; its replay stays."""
        self.store.update_table(self.table_row(code).id, closed=True)

    def reopen_table(self, code: str) -> None:
        """Undo :meth:`close_table`: the table takes moves and joins again."""
        row = self.table_row(code)
        self.store.update_table(row.id, closed=False, next_code=None)

    def rematch(self, code: str) -> Table:
        """A new table of the same game and options (a new deal) with the same players in the
        same seats, each moved over (their pages follow by themselves, their tokens too); the
        old table is closed. Returns the new table."""
        row = self.table_row(code)
        saved = game_package(row.game).new_game(time.time_ns() % 2**31,
                                                **row.saved["options"]).to_json()
        fresh = json.loads(saved)
        del fresh["moves"]
        table = self._add_table(fresh, row.players, dict(row.bots))
        for number, name, token_hash, device_hash in self.store.seat_secrets(row.id):
            self.store.add_seat(table.id, number, name, token_hash, device_hash)
        self.store.update_table(row.id, closed=True, next_code=table.code)
        return table

    def pause(self, code: str | None = None) -> None:
        """Pause table ``code``, or the whole class: seats show "paused by your teacher" and
        take no move (nor do bots) until :meth:`resume`."""
        self._set_paused(code, True)

    def resume(self, code: str | None = None) -> None:
        self._set_paused(code, False)
        for table in ([self.table(code)] if code is not None else
                      [self.table(row.code) for row in self.store.tables() if not row.closed]):
            if table.automatic_turn():
                table.refresh()

    def _set_paused(self, code: str | None, paused: bool) -> None:
        if code is None:
            self.store.set_class(paused=paused)
        else:
            self.store.update_table(self.table_row(code).id, paused=paused)
        self.reload()

    def broadcast(self, text: str) -> None:
        """A short message (at most 200 characters, shown as text) on every seat's screen;
        ``""`` takes it down."""
        self.store.set_class(broadcast=clean_broadcast(text), broadcast_at=time.time())
        self.reload()
