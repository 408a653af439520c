"""The live class inside one class server: every table some page looks at, replayed once, and
the pages (seats, spectators, the teacher's dashboard) to tell when it changes.

A change reaches the hub from the store's listener (a move or a teacher's control made through
another server, or a notebook), or at once from a page of this server. The hub then reads the
table's new moves and settings once, and every page of that table updates from that copy: no
page polls and none reads the whole log. Bots and chance are moved by the hub, on a worker
thread (a bot may think for a second), never by a page.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from tornado.ioloop import IOLoop, PeriodicCallback

from sailing_kit.classroom.languages import carried
from sailing_kit.classroom.reviews import Busy, ClassReviews
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.schema import MoveRow, SeatRow
from sailing_kit.classroom.table import Table
from sailing_kit.core.i18n import language, use_language

if TYPE_CHECKING:
    from sailing_kit.classroom.schema import TableRow

log = logging.getLogger("sailing_kit.classroom")
PRESENCE_SECONDS = 10.0
"""How often the server tells the store which seats have a page connected."""


class Page(Protocol):
    """A connected page, as the hub sees it."""

    def table_changed(self, live: LiveTable) -> None: ...

    def class_changed(self) -> None: ...


class LiveTable:
    """One table as this server keeps it: its state, its move log, who sits where, its pages."""

    def __init__(self, hub: Hub, table: Table):
        self.hub, self.table = hub, table
        self.log: list[MoveRow] = table.store.moves(table.id)
        table.source = self.moves_after
        self.seat_rows: list[SeatRow] = table.seat_rows()
        self.pages: set[Page] = set()
        self.driving = False
        self.told = self.signature()
        """The table as its pages were last told of it."""

    @property
    def id(self) -> int:
        return self.table.id

    @property
    def names(self) -> dict[int, str]:
        return {seat.number: seat.name for seat in self.seat_rows}

    def moves_after(self, played: int) -> list[MoveRow]:
        """The moves after the first ``played`` (read from the store when this copy lags)."""
        if len(self.log) < self.table.moves_played or played > len(self.log):
            self.catch_up()
        return self.log[played:]

    def catch_up(self) -> None:
        self.log += self.table.store.moves(self.id, after=len(self.log))

    def signature(self) -> tuple[Any, ...]:
        """What the pages show of the table: its moves, settings and who sits where."""
        return (len(self.log), self.table.row,
                tuple((seat.id, seat.number, seat.name) for seat in self.seat_rows))

    def update(self, moves_only: bool = False) -> None:
        """Read the table again (only its new moves if ``moves_only``: a page of this server
        just played), replay its new moves and, if anything changed, tell its pages; let bots
        move."""
        table = self.table
        if not moves_only:
            table.reload()
            self.seat_rows = table.seat_rows()
        self.catch_up()
        for move in self.log[table.moves_played:]:
            table.apply_stored(move)
        if self.signature() != self.told:
            self.told = self.signature()
            for page in list(self.pages):
                page.table_changed(self)
            for page in list(self.hub.dashboards):
                page.table_changed(self)
        self.drive()

    def drive(self) -> None:
        """Let bots and chance move (on a worker thread), then update again."""
        table = self.table
        if self.driving or not table.automatic_turn():
            return
        self.driving = True
        work = table.state.copy()
        future = self.hub.executor.submit(table.drive, work)
        future.add_done_callback(lambda done: self.hub.loop.add_callback(self._driven, done))

    def _driven(self, done: Future[bool]) -> None:
        self.driving = False
        try:
            stored = done.result()
        except Exception:
            log.exception("table %s: a bot or chance could not move", self.table.code)
            return
        if stored:
            self.update(moves_only=True)


class Hub:
    """The live tables of this server and their pages; ``changed(table_id)`` on the IOLoop."""

    def __init__(self, room: Classroom):
        self.room = room
        self.loop = IOLoop.current()
        self.executor = ThreadPoolExecutor(2, thread_name_prefix="sailing-kit-bots")
        self.reviews = ClassReviews(room)
        self.tables: dict[int, LiveTable] = {}
        self.dashboards: set[Page] = set()
        self.seat_pages: dict[int, int] = {}
        """Seat id -> pages connected to it on this server."""
        self._told: set[int] = set()
        self._unlisten = room.store.listen(self._heard, on_moves=self._heard_moves)
        self._presence = PeriodicCallback(self.mark_presence, PRESENCE_SECONDS * 1000)
        self._presence.start()

    def stop(self) -> None:
        self._unlisten()
        self._presence.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.reviews.stop()

    def _heard(self, table_id: int) -> None:  # on the store listener's thread
        self.loop.add_callback(self.changed, table_id)

    def _heard_moves(self, table_id: int) -> None:  # on the store listener's thread
        self.loop.add_callback(self.changed, table_id, True)

    def live(self, row: TableRow) -> LiveTable:
        """The live copy of a table (replayed from the store the first time)."""
        if row.id not in self.tables:
            self.tables[row.id] = LiveTable(self, Table(self.room, row))
        return self.tables[row.id]

    def attach(self, live: LiveTable, page: Page, seat: SeatRow | None = None) -> None:
        live.pages.add(page)
        if seat is not None:
            self.seat_pages[seat.id] = self.seat_pages.get(seat.id, 0) + 1
            self.mark_presence([seat.id])

    def detach(self, live: LiveTable, page: Page, seat: SeatRow | None = None) -> None:
        live.pages.discard(page)
        if seat is not None and seat.id in self.seat_pages:
            self.seat_pages[seat.id] -= 1
            self.mark_presence([seat.id])
            if not self.seat_pages[seat.id]:
                del self.seat_pages[seat.id]
        if not live.pages and not self.dashboards:
            self.tables.pop(live.id, None)

    def changed(self, table_id: int, moves_only: bool = False) -> None:
        """A table (0: the whole class) changed in the store (only by new moves if
        ``moves_only``): update its pages."""
        try:
            if table_id == 0:
                self.room.reload()
                for page in [p for live in self.tables.values() for p in live.pages] + list(self.dashboards):
                    page.class_changed()
                for each in list(self.tables.values()):
                    each.drive()  # a class resumed
                return
            live = self.tables.get(table_id)
            if live is None and self.dashboards:
                row = self.room.store.table(table_id=table_id)
                live = self.live(row) if row is not None else None
            if live is not None:
                live.update(moves_only)
        except Exception:  # one table's trouble must not stop the others'
            log.exception("table %s: could not follow a change", table_id)

    def run(self, work: Callable[[], Any], then: Callable[[Any], None] | None = None, *,
            review: bool = False) -> None:
        """Run ``work`` (a teacher's control that may wait on a bot) on a worker thread (the
        review thread if ``review``: weighing a game), then ``then(result)`` on the IOLoop (an
        exception as the result: :class:`Busy` if too many reviews wait). Both speak the
        language spoken now (the page's that asked)."""
        code = language()

        def answer(result: Any) -> None:
            if then is not None:
                with use_language(code):
                    then(result)

        def finish(done: Future[Any]) -> None:
            try:
                result: Any = done.result()
            except Exception as error:
                result = error
            self.loop.add_callback(answer, result)

        work = carried(work)
        try:
            future = self.reviews.submit(work) if review else self.executor.submit(work)
        except Busy as busy:
            self.loop.add_callback(answer, busy)
            return
        future.add_done_callback(finish)

    def mark_presence(self, seat_ids: list[int] | None = None) -> None:
        """Tell the store which seats have pages here: ``seat_ids``, or (every few seconds)
        every seat with a page and every seat that had one."""
        ids = set(self.seat_pages) | self._told if seat_ids is None else set(seat_ids)
        live = {seat_id: self.seat_pages.get(seat_id, 0) for seat_id in ids}
        self._told = (self._told - set(live)) | {seat_id for seat_id, pages in live.items() if pages}
        try:
            self.room.store.mark_presence(live, time.time())
        except Exception:
            log.exception("could not record which seats are connected")
