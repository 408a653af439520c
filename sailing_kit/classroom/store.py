"""Where a class lives: SQLite (the default, nothing to install) or PostgreSQL, through one
interface built on SQLAlchemy Core (every value is a bound parameter; no SQL is built from input).

A table is its saved game: the game, options and seed (as ``to_json()`` writes them) and the
move log. A move is stored at its number only if that number is free, so two seats acting on the
same position cannot both land: the unique (table, number) key refuses the second.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool

CHANNEL = "sailing_kit_moves"
"""PostgreSQL's NOTIFY channel for every table (the payload is the table's id); each table also
has its own, :func:`table_channel`, so a seat wakes only for its own table."""


def table_channel(table_id: int) -> str:
    return f"{CHANNEL}_{int(table_id)}"

metadata = sa.MetaData()
class_info = sa.Table(
    "class_info", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("teacher_key", sa.String(64), nullable=False),
    sa.Column("class_code", sa.String(16), nullable=False),
)
tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("saved", sa.Text, nullable=False),  # to_json() without the moves
    sa.Column("bots", sa.Text, nullable=False),
    sa.Column("opened_at", sa.Float, nullable=False),
)
seats = sa.Table(
    "seats", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "number"),
)
moves = sa.Table(
    "moves", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("entry", sa.Text, nullable=False),  # {"move": ...} as to_json() writes it
    sa.Column("seat", sa.Integer, nullable=True),  # who played it (None: chance or a bot)
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "number"),
)
attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student", sa.String(64), nullable=False),
    sa.Column("notebook", sa.String(64), nullable=False),
    sa.Column("question", sa.String(64), nullable=False),
    sa.Column("answer", sa.String(200), nullable=False),
    sa.Column("ok", sa.Boolean, nullable=False),
    sa.Column("try_number", sa.Integer, nullable=False),
    sa.Column("points", sa.Float, nullable=False),
    sa.Column("max_points", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class TableRow:
    id: int
    code: str
    saved: dict[str, Any]
    bots: tuple[int, ...]
    opened_at: float


@dataclass(frozen=True)
class SeatRow:
    id: int
    table_id: int
    number: int
    name: str
    joined_at: float


@dataclass(frozen=True)
class MoveRow:
    number: int
    entry: dict[str, Any]
    seat: int | None
    at: float


def engine_for(url: str) -> Engine:
    """An engine for ``sqlite:///file.db`` (or ``sqlite://`` in memory) or ``postgresql://...``
    (driven by psycopg 3). Every statement commits on its own (each write of the store is one
    statement), which saves the round trips of BEGIN and COMMIT."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        memory = parsed.database in (None, "", ":memory:")
        engine = sa.create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30},
                                  isolation_level="AUTOCOMMIT", pool_reset_on_return=None,
                                  **({"poolclass": StaticPool} if memory else {}))
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if parsed.get_backend_name() == "postgresql":
        if parsed.drivername in ("postgresql", "postgres"):
            parsed = parsed.set(drivername="postgresql+psycopg")
        # No ping before each use and no rollback after it: one round trip per statement. A
        # connection lost in a server restart fails once, and the pool starts afresh.
        return sa.create_engine(parsed, isolation_level="AUTOCOMMIT", pool_reset_on_return=None)
    raise ValueError(f"a class store is sqlite:///FILE or postgresql://..., not {url!r}")


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")  # with WAL: a crash of any process loses nothing
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """A class's tables, seats, moves and exercise results in one database."""

    def __init__(self, url: str):
        self.url = url
        self.engine = engine_for(url)
        self.pushes = self.engine.dialect.name == "postgresql"
        """True where new moves are pushed (LISTEN/NOTIFY); else they are polled."""
        self.in_memory = self.engine.url.database in (None, "", ":memory:")
        metadata.create_all(self.engine)

    def __repr__(self) -> str:
        return f"Store({self.engine.url.render_as_string(hide_password=True)!r})"

    # ----- the class ------------------------------------------------------------------------------
    def class_keys(self, make: Callable[[], tuple[str, str]]) -> tuple[str, str]:
        """The class's (teacher key, class code), made with ``make()`` the first time."""
        with self.engine.begin() as db:
            row = db.execute(sa.select(class_info.c.teacher_key, class_info.c.class_code)).first()
        if row is None:
            key, code = make()
            try:
                with self.engine.begin() as db:
                    db.execute(class_info.insert().values(id=1, teacher_key=key, class_code=code))
            except IntegrityError:  # another server made them first
                pass
            return self.class_keys(make)
        return row[0], row[1]

    # ----- tables ---------------------------------------------------------------------------------
    def add_table(self, code: str, saved: dict[str, Any], bots: tuple[int, ...]) -> int | None:
        """A new table; None if ``code`` is taken."""
        try:
            with self.engine.begin() as db:
                result = db.execute(tables.insert().values(
                    code=code, saved=json.dumps(saved), bots=json.dumps(list(bots)),
                    opened_at=time.time()))
        except IntegrityError:
            return None
        return int(result.inserted_primary_key[0])  # type: ignore[index]

    def table(self, *, code: str | None = None, table_id: int | None = None) -> TableRow | None:
        column, value = (tables.c.code, code) if code is not None else (tables.c.id, table_id)
        with self.engine.begin() as db:
            row = db.execute(sa.select(tables).where(column == value)).first()
        return _table_row(row) if row is not None else None

    def tables(self) -> list[TableRow]:
        with self.engine.begin() as db:
            return [_table_row(row) for row in db.execute(sa.select(tables).order_by(tables.c.id))]

    # ----- seats ----------------------------------------------------------------------------------
    def add_seat(self, table_id: int, number: int, name: str, token_hash: str) -> bool:
        """Seat ``name`` at ``number``; False if the seat was taken meanwhile."""
        try:
            with self.engine.begin() as db:
                db.execute(seats.insert().values(table_id=table_id, number=number, name=name,
                                                 token_hash=token_hash, joined_at=time.time()))
        except IntegrityError:
            return False
        return True

    def seats(self, table_id: int) -> list[SeatRow]:
        with self.engine.begin() as db:
            rows = db.execute(sa.select(seats).where(seats.c.table_id == table_id)
                              .order_by(seats.c.number))
            return [_seat_row(row) for row in rows]

    def seat_by_token(self, token_hash: str) -> SeatRow | None:
        with self.engine.begin() as db:
            row = db.execute(sa.select(seats).where(seats.c.token_hash == token_hash)).first()
        return _seat_row(row) if row is not None else None

    # ----- moves ----------------------------------------------------------------------------------
    def moves(self, table_id: int, after: int = 0) -> list[MoveRow]:
        """The moves of a table numbered above ``after``, in order."""
        with self.engine.begin() as db:
            rows = db.execute(sa.select(moves.c.number, moves.c.entry, moves.c.seat, moves.c.at)
                              .where(moves.c.table_id == table_id, moves.c.number > after)
                              .order_by(moves.c.number))
            return [MoveRow(n, json.loads(entry), seat, at) for n, entry, seat, at in rows]

    def append(self, table_id: int, number: int, entry: dict[str, Any], seat: int | None) -> bool:
        """Store move ``number`` of a table; False (storing nothing) if that number is taken."""
        insert = moves.insert().values(table_id=table_id, number=number, entry=json.dumps(entry),
                                       seat=seat, at=time.time())
        if self.pushes:  # one statement: the move, and its news sent when it is committed
            stored = insert.returning(moves.c.table_id).cte("stored")
            payload = sa.cast(stored.c.table_id, sa.String)
            statement: sa.Executable = sa.select(
                sa.func.pg_notify(CHANNEL, payload),
                sa.func.pg_notify(table_channel(table_id), payload)).select_from(stored)
        else:
            statement = insert
        try:
            with self.engine.begin() as db:
                db.execute(statement)
        except IntegrityError:
            return False
        return True

    def latest_move_id(self, db: Connection | None = None) -> int:
        query = sa.select(sa.func.max(moves.c.id))
        if db is not None:
            return db.execute(query).scalar() or 0
        with self.engine.begin() as conn:
            return conn.execute(query).scalar() or 0

    def changed_tables(self, after_id: int) -> tuple[int, set[int]]:
        """The newest move's id, and the tables that got moves with an id above ``after_id``."""
        with self.engine.begin() as db:
            latest = self.latest_move_id(db)
            if latest <= after_id:
                return latest, set()
            rows = db.execute(sa.select(moves.c.table_id).distinct().where(moves.c.id > after_id))
            return latest, {row[0] for row in rows}

    def listen(self, on_change: Callable[[int], None], interval: float = 0.1, *,
               table_id: int | None = None) -> Callable[[], None]:
        """Call ``on_change(table_id)`` from a background thread whenever a table gets moves;
        returns the function that stops listening. PostgreSQL pushes (LISTEN/NOTIFY, with a slow
        poll to catch up after a lost connection); SQLite is polled every ``interval`` seconds
        with one cheap query (the newest move's id). With ``table_id``, only that table's moves
        are reported."""
        watcher = _Watcher(self, on_change, interval, table_id)
        watcher.start()
        return watcher.stop

    # ----- exercise results -----------------------------------------------------------------------
    def add_attempt(self, values: dict[str, Any]) -> None:
        with self.engine.begin() as db:
            db.execute(attempts.insert().values(**values, at=time.time()))

    def attempts(self) -> list[dict[str, Any]]:
        with self.engine.begin() as db:
            rows = db.execute(sa.select(attempts).order_by(attempts.c.id))
            return [dict(row._mapping) for row in rows]

    def close(self) -> None:
        self.engine.dispose()


def _table_row(row: Any) -> TableRow:
    return TableRow(row.id, row.code, json.loads(row.saved), tuple(json.loads(row.bots)),
                    row.opened_at)


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(row.id, row.table_id, row.number, row.name, row.joined_at)


class _Watcher(threading.Thread):
    """The background listener behind :meth:`Store.listen`."""

    SLOW_POLL = 5.0
    """How often PostgreSQL is polled anyway (a notification lost while reconnecting)."""

    def __init__(self, store: Store, on_change: Callable[[int], None], interval: float,
                 table_id: int | None):
        super().__init__(name="sailing-kit-class-listener", daemon=True)
        self.store, self.interval, self.table_id = store, interval, table_id
        self.on_change = on_change if table_id is None else self._one_table(on_change)
        self.stopped = threading.Event()
        self.seen = -1

    def stop(self) -> None:
        self.stopped.set()

    def _one_table(self, on_change: Callable[[int], None]) -> Callable[[int], None]:
        return lambda table_id: on_change(table_id) if table_id == self.table_id else None

    def poll(self) -> None:
        if self.seen < 0:
            self.seen = self.store.latest_move_id()
            return
        self.seen, changed = self.store.changed_tables(self.seen)
        for table_id in sorted(changed):
            self.on_change(table_id)

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
        """Poll ``PRAGMA data_version`` on a connection of our own: SQLite changes it whenever
        another connection commits, so the moves are read only after a commit."""
        raw = self.store.engine.raw_connection()
        try:
            cursor = raw.cursor()
            version = None
            while not self.stopped.is_set():
                cursor.execute("PRAGMA data_version")
                now = cursor.fetchone()[0]  # type: ignore[index]
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

        raw = self.store.engine.raw_connection()
        try:
            connection = raw.driver_connection
            connection.autocommit = True  # type: ignore[union-attr]
            channel = CHANNEL if self.table_id is None else table_channel(self.table_id)
            connection.execute(psycopg.sql.SQL("LISTEN {}").format(  # type: ignore[union-attr]
                psycopg.sql.Identifier(channel)))
            last_poll = time.monotonic()
            while not self.stopped.is_set():
                for note in connection.notifies(timeout=1.0):  # type: ignore[union-attr]
                    self.on_change(int(note.payload))
                if time.monotonic() - last_poll > self.SLOW_POLL:
                    self.poll()
                    last_poll = time.monotonic()
        except psycopg.Error:
            pass  # dropped: run() reconnects
        finally:
            raw.invalidate()
