"""The store's background listener: which tables changed, told from a thread of its own.

PostgreSQL pushes (LISTEN/NOTIFY, with a slow poll to catch up after a lost connection), so two
class servers on one database hear each other's moves at once. SQLite is polled: ``PRAGMA
data_version`` on a connection of the watcher's own changes whenever another connection (another
process: the teacher's notebook, say) commits, and only then are the changes read.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    from sailing_kit.classroom.store import Store


class Watcher(threading.Thread):
    """Calls ``on_change(table_id)`` (0: the whole class) for every change of the store, or
    ``on_moves(table_id)`` when the change is only new moves."""

    SLOW_POLL = 5.0
    """How often PostgreSQL is polled anyway (a notification lost while reconnecting)."""

    def __init__(self, store: Store, on_change: Callable[[int], None],
                 on_moves: Callable[[int], None], interval: float):
        super().__init__(name="sailing-kit-class-listener", daemon=True)
        self.store, self.interval = store, interval
        self.on_change, self.on_moves = on_change, on_moves
        self.stopped = threading.Event()
        self.seen: tuple[int, int] | None = None
        self.told: set[int] = set()
        """Tables a notification told of since the last poll."""

    def stop(self) -> None:
        self.stopped.set()

    def poll(self) -> None:
        """Report what changed since the last poll and was not told by a notification."""
        if self.seen is None:
            self.seen = self.store.marks()
            return
        self.seen, changed, moved = self.store.changed_since(self.seen)
        told, self.told = self.told, set()
        for table_id in sorted(changed - told):
            self.on_change(table_id)
        for table_id in sorted(moved - told):
            self.on_moves(table_id)

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                self.poll()
                if self.store.pushes:
                    self._listen()
                elif self.store.in_memory:  # one connection: nothing else to compare with
                    self.stopped.wait(self.interval)
                else:
                    self._watch_file()
            except (DBAPIError, OSError):  # the database is away (a restart)
                self.stopped.wait(1.0)
            except Exception:  # a listener thread must never die of one bad callback
                self.stopped.wait(self.interval)

    def _watch_file(self) -> None:
        raw = self.store.engine.raw_connection()
        try:
            cursor = raw.cursor()
            version = None
            while not self.stopped.is_set():
                cursor.execute("PRAGMA data_version")
                now = cursor.fetchone()[0]  # type: ignore[index]  # psycopg types the connection and row as optional; both exist here
                if version is not None and now != version:
                    self.poll()
                version = now
                self.stopped.wait(self.interval)
        finally:
            raw.close()

    def _listen(self) -> None:
        """Wait for NOTIFY on a dedicated connection until stopped or the connection drops."""
        import psycopg
        import psycopg.sql

        from sailing_kit.classroom.store import CHANNEL

        raw = self.store.engine.raw_connection()
        try:
            connection = raw.driver_connection
            connection.autocommit = True  # type: ignore[union-attr]  # psycopg types the connection and row as optional; both exist here
            connection.execute(psycopg.sql.SQL("LISTEN {}").format(  # type: ignore[union-attr]  # psycopg types the connection and row as optional; both exist here
                psycopg.sql.Identifier(CHANNEL)))
            self.poll()  # what changed while the LISTEN was being set up
            last_poll = time.monotonic()
            while not self.stopped.is_set():
                for note in connection.notifies(timeout=1.0):  # type: ignore[union-attr]  # psycopg types the connection and row as optional; both exist here
                    payload = str(note.payload)
                    table_id = int(payload.lstrip("m"))
                    self.told.add(table_id)
                    if payload.startswith("m"):
                        self.on_moves(table_id)
                    else:
                        self.on_change(table_id)
                if time.monotonic() - last_poll > self.SLOW_POLL:
                    self.poll()
                    last_poll = time.monotonic()
        except psycopg.Error:
            pass  # dropped: run() reconnects
        finally:
            raw.invalidate()
