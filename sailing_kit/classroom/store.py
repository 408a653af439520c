"""Where a class lives: SQLite (the default, nothing to install) or PostgreSQL, through one
interface built on SQLAlchemy Core (every value is a bound parameter; no SQL is built from input).

The tables are in :mod:`sailing_kit.classroom.schema`. Every change is one statement (or a few,
each safe alone), and every change of a table is announced: PostgreSQL sends a NOTIFY that every
class server on the database hears; SQLite is watched by a cheap poll (see
:mod:`sailing_kit.classroom.watcher`). A SQLite file and its ``-wal``/``-shm`` are readable by
their owner only (0600): they hold the tables' seeds.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.pool import StaticPool

from sailing_kit.classroom.schema import (
    SCHEMA_VERSION,
    ClassRow,
    MoveRow,
    SeatRow,
    TableRow,
    attempts,
    class_info,
    metadata,
    moves,
    news,
    seats,
    students,
    tables,
)
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _

CHANNEL = "sailing_kit_class"
"""PostgreSQL's NOTIFY channel: the payload is the changed table's id (0: the whole class),
after an ``m`` when the change is a new move."""


def engine_for(url: str) -> Engine:
    """An engine for ``sqlite:///file.db`` (or ``sqlite://`` in memory) or ``postgresql://...``
    (driven by psycopg 3). Every statement commits on its own."""
    try:
        parsed = sa.make_url(url)
    except (ArgumentError, ValueError):  # a password is never shown back: only what follows an "@"
        shown = "…@" + url.rpartition("@")[2] if "@" in url else url
        raise ConfigError(_("a class store is sqlite:///FILE or postgresql://..., not {url}",
                            url=repr(shown[:200]))) from None
    if parsed.get_backend_name() == "sqlite":
        memory = parsed.database in (None, "", ":memory:")
        if not memory:
            _private_file(str(parsed.database))
        engine = sa.create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30},
                                  isolation_level="AUTOCOMMIT", pool_reset_on_return=None,
                                  **({"poolclass": StaticPool} if memory else {}))
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if parsed.get_backend_name() == "postgresql":
        if parsed.drivername in ("postgresql", "postgres"):
            parsed = parsed.set(drivername="postgresql+psycopg")
        return sa.create_engine(parsed, isolation_level="AUTOCOMMIT", pool_reset_on_return=None)
    raise ConfigError(_("a class store is sqlite:///FILE or postgresql://..., not {url}",
                        url=repr(parsed.render_as_string(hide_password=True)[:200])))


def _private_file(path: str) -> None:
    """Create the SQLite file readable by its owner only (SQLite gives its ``-wal`` and ``-shm``
    the database's permissions), or make an existing one so."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        os.chmod(path, 0o600)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.chmod(path + suffix, 0o600)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")  # with WAL: a crash of any process loses nothing
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """A class's tables, seats, moves, students and exercise results in one database."""

    def __init__(self, url: str):
        self.url = url
        self.engine = engine_for(url)
        self.pushes = self.engine.dialect.name == "postgresql"
        """True where changes are pushed (LISTEN/NOTIFY); else they are polled."""
        self.in_memory = self.engine.url.database in (None, "", ":memory:")
        try:
            self._check_version()
            metadata.create_all(self.engine)
        except OperationalError as error:  # the server is down, the file unreadable, ...
            self.engine.dispose()
            why = str(error.orig or error).strip().splitlines()[0][:300]
            raise ConfigError(_("cannot open the class store {store}: {why}", store=repr(self),
                                why=why)) from None

    def __repr__(self) -> str:
        return f"Store({self.engine.url.render_as_string(hide_password=True)!r})"

    def _check_version(self) -> None:
        inspector = sa.inspect(self.engine)
        if not inspector.has_table("class_info"):
            return
        names = {column["name"] for column in inspector.get_columns("class_info")}
        if "version" not in names:
            raise ConfigError(_("{store} was made by an older sailing_kit: start the class on "
                                "a new store (another file or database)", store=repr(self)))

    def _run(self, statement: Any, table_id: int | None = None, *, announce: bool = True) -> Any:
        """Run one statement; with ``announce``, record the change of ``table_id`` (None: the
        whole class) for every server to hear. Returns the statement's result."""
        with self.engine.begin() as db:
            result = db.execute(statement)
            if announce:
                self._announce(db, table_id)
        return result

    def _announce(self, db: Connection, table_id: int | None) -> None:
        db.execute(news.insert().values(table_id=table_id, at=time.time()))
        if self.pushes:
            db.execute(sa.select(sa.func.pg_notify(CHANNEL, str(table_id or 0))))

    # ----- the class ------------------------------------------------------------------------------
    def class_row(self) -> ClassRow | None:
        with self.engine.begin() as db:
            row = db.execute(sa.select(class_info)).first()
        return None if row is None else ClassRow(
            row.teacher_key_hash, row.class_code, row.cookie_secret, row.paused, row.broadcast,
            row.broadcast_at)

    def make_class(self, teacher_key_hash: str, class_code: str, cookie_secret: str) -> bool:
        """Create the class (False if another server made it first)."""
        try:
            with self.engine.begin() as db:
                db.execute(class_info.insert().values(
                    id=1, version=SCHEMA_VERSION, teacher_key_hash=teacher_key_hash,
                    class_code=class_code, cookie_secret=cookie_secret, paused=False,
                    broadcast="", broadcast_at=0.0))
        except IntegrityError:
            return False
        return True

    def set_class(self, **values: Any) -> None:
        """Change the class's ``paused`` or ``broadcast`` (and tell every server)."""
        self._run(class_info.update().values(**values))

    # ----- tables ---------------------------------------------------------------------------------
    def add_table(self, code: str, saved: dict[str, Any], players: int,
                  bots: dict[int, str]) -> int | None:
        """A new table; None if ``code`` is taken."""
        try:
            with self.engine.begin() as db:
                result = db.execute(tables.insert().values(
                    code=code, saved=json.dumps(saved), players=players, bots=_bots_text(bots),
                    closed=False, paused=False, opened_at=time.time()))
                table_id = int(result.inserted_primary_key[0])  # type: ignore[index]  # SQLAlchemy types the inserted key as optional; an insert has one
                self._announce(db, table_id)
        except IntegrityError:
            return None
        return table_id

    def table(self, *, code: str | None = None, table_id: int | None = None) -> TableRow | None:
        column, value = (tables.c.code, code) if code is not None else (tables.c.id, table_id)
        with self.engine.begin() as db:
            row = db.execute(sa.select(tables).where(column == value)).first()
        return _table_row(row) if row is not None else None

    def tables(self) -> list[TableRow]:
        with self.engine.begin() as db:
            return [_table_row(row) for row in db.execute(sa.select(tables).order_by(tables.c.id))]

    def update_table(self, table_id: int, *, bots: dict[int, str] | None = None,
                     **values: Any) -> None:
        """Change a table's ``closed``, ``paused``, ``next_code`` or ``bots``."""
        if bots is not None:
            values["bots"] = _bots_text(bots)
        self._run(tables.update().where(tables.c.id == table_id).values(**values), table_id)

    # ----- seats ----------------------------------------------------------------------------------
    def add_seat(self, table_id: int, number: int, name: str, token_hash: str,
                 device_hash: str | None = None) -> bool:
        """Seat ``name`` at ``number``; False if the seat was taken meanwhile."""
        try:
            self._run(seats.insert().values(
                table_id=table_id, number=number, name=name, token_hash=token_hash,
                device_hash=device_hash, joined_at=time.time(), seen_at=0.0, live=0), table_id)
        except IntegrityError:
            return False
        return True

    def seats(self, table_id: int) -> list[SeatRow]:
        with self.engine.begin() as db:
            rows = db.execute(sa.select(seats).where(seats.c.table_id == table_id)
                              .order_by(seats.c.number))
            return [_seat_row(row) for row in rows]

    def seat_by_token(self, token_hash: str) -> SeatRow | None:
        """The newest seat of a token (a rematch moves a token to the new table)."""
        with self.engine.begin() as db:
            row = db.execute(sa.select(seats).where(seats.c.token_hash == token_hash)
                             .order_by(seats.c.id.desc()).limit(1)).first()
        return _seat_row(row) if row is not None else None

    def seat_by_device(self, table_id: int, device_hash: str) -> SeatRow | None:
        with self.engine.begin() as db:
            row = db.execute(sa.select(seats).where(seats.c.table_id == table_id,
                                                    seats.c.device_hash == device_hash)).first()
        return _seat_row(row) if row is not None else None

    def seat_secrets(self, table_id: int) -> list[tuple[int, str, str, str | None]]:
        """Each student's (seat, name, token hash, device hash) at a table, for a rematch."""
        with self.engine.begin() as db:
            rows = db.execute(sa.select(seats.c.number, seats.c.name, seats.c.token_hash,
                                        seats.c.device_hash).where(seats.c.table_id == table_id))
            return [(row[0], row[1], row[2], row[3]) for row in rows]

    def set_seat_token(self, seat_id: int, token_hash: str) -> None:
        self._run(seats.update().where(seats.c.id == seat_id).values(token_hash=token_hash),
                  announce=False)

    def remove_seat(self, table_id: int, number: int) -> bool:
        """Empty seat ``number`` (its token stops working); False if it was empty."""
        result = self._run(seats.delete().where(seats.c.table_id == table_id,
                                                seats.c.number == number), table_id)
        return bool(result.rowcount)

    def mark_presence(self, live: dict[int, int], at: float) -> None:
        """Record which seats (by id) have how many pages connected, as seen at ``at``."""
        if not live:
            return
        with self.engine.begin() as db:
            db.execute(seats.update().where(seats.c.id == sa.bindparam("seat_id"))
                       .values(live=sa.bindparam("pages"), seen_at=at),
                       [{"seat_id": seat_id, "pages": pages} for seat_id, pages in live.items()])

    # ----- moves ----------------------------------------------------------------------------------
    def moves(self, table_id: int, after: int = 0, upto: int | None = None) -> list[MoveRow]:
        """The moves of a table numbered above ``after`` (and at most ``upto``), in order."""
        query = (sa.select(moves.c.number, moves.c.entry, moves.c.seat, moves.c.at)
                 .where(moves.c.table_id == table_id, moves.c.number > after)
                 .order_by(moves.c.number))
        if upto is not None:
            query = query.where(moves.c.number <= upto)
        with self.engine.begin() as db:
            return [MoveRow(n, json.loads(entry), seat, at) for n, entry, seat, at in db.execute(query)]

    def move_count(self, table_id: int) -> int:
        with self.engine.begin() as db:
            return int(db.execute(sa.select(sa.func.count()).select_from(moves)
                                  .where(moves.c.table_id == table_id)).scalar() or 0)

    def append(self, table_id: int, number: int, entry: dict[str, Any], seat: int | None) -> bool:
        """Store move ``number`` of a table; False (storing nothing) if that number is taken, or
        the table is closed or paused, or the class is paused."""
        open_table = sa.exists().where(tables.c.id == table_id, sa.not_(tables.c.closed),
                                       sa.not_(tables.c.paused))
        class_paused = sa.exists().where(class_info.c.paused)
        values = sa.select(sa.literal(table_id), sa.literal(number), sa.literal(json.dumps(entry)),
                           sa.literal(seat, sa.Integer), sa.literal(time.time()))
        insert = moves.insert().from_select(
            ["table_id", "number", "entry", "seat", "at"],
            values.where(open_table, sa.not_(class_paused))).returning(moves.c.id)
        try:
            with self.engine.begin() as db:
                if db.execute(insert).first() is None:
                    return False
                if self.pushes:
                    db.execute(sa.select(sa.func.pg_notify(CHANNEL, f"m{table_id}")))
        except IntegrityError:
            return False
        return True

    # ----- changes --------------------------------------------------------------------------------
    def marks(self) -> tuple[int, int]:
        """The newest move's id and the newest news' id."""
        with self.engine.begin() as db:
            return (db.execute(sa.select(sa.func.max(moves.c.id))).scalar() or 0,
                    db.execute(sa.select(sa.func.max(news.c.id))).scalar() or 0)

    def changed_since(self, marks: tuple[int, int]) -> tuple[tuple[int, int], set[int], set[int]]:
        """The new marks, the tables changed after ``marks`` (0 stands for the class), and of
        those the ones that only got moves."""
        latest = self.marks()
        if latest == marks:
            return latest, set(), set()
        with self.engine.begin() as db:
            moved = {row[0] for row in db.execute(
                sa.select(moves.c.table_id).distinct().where(moves.c.id > marks[0]))}
            told = {row[0] or 0 for row in db.execute(
                sa.select(news.c.table_id).distinct().where(news.c.id > marks[1]))}
        return latest, told, moved - told

    def listen(self, on_change: Callable[[int], None], interval: float = 0.1, *,
               on_moves: Callable[[int], None] | None = None) -> Callable[[], None]:
        """Call ``on_change(table_id)`` (0: the whole class) from a background thread whenever a
        table changes (``on_moves(table_id)`` instead, if given, when it only got moves);
        returns the function that stops listening."""
        from sailing_kit.classroom.watcher import Watcher

        watcher = Watcher(self, on_change, on_moves or on_change, interval)
        watcher.start()
        return watcher.stop

    # ----- students and exercise results ----------------------------------------------------------
    def add_student(self, name: str, name_key: str, token_hash: str) -> bool:
        """Register a student's name; False if the name is taken."""
        try:
            self._run(students.insert().values(name=name, name_key=name_key, token_hash=token_hash,
                                               registered_at=time.time()), announce=False)
        except IntegrityError:
            return False
        return True

    def student_by_token(self, token_hash: str) -> tuple[int, str] | None:
        with self.engine.begin() as db:
            row = db.execute(sa.select(students.c.id, students.c.name)
                             .where(students.c.token_hash == token_hash)).first()
        return None if row is None else (row[0], row[1])

    def add_attempt(self, student_id: int, values: dict[str, Any]) -> None:
        self._run(attempts.insert().values(student_id=student_id, **values, at=time.time()))

    def attempts(self) -> list[dict[str, Any]]:
        """Every attempt with its student's name, oldest first (for the CSV export)."""
        query = (sa.select(students.c.name.label("student"), attempts)
                 .join(students, students.c.id == attempts.c.student_id).order_by(attempts.c.id))
        with self.engine.begin() as db:
            return [dict(row._mapping) for row in db.execute(query)]

    def question_counts(self, most: int) -> list[dict[str, Any]]:
        """Per question (the ``most`` most recently tried): how many students tried it, how many
        got it right."""
        right = sa.case((attempts.c.ok, attempts.c.student_id), else_=None)
        query = (sa.select(attempts.c.notebook, attempts.c.question,
                           sa.func.count(attempts.c.student_id.distinct()).label("tried"),
                           sa.func.count(right.distinct()).label("right"),
                           sa.func.max(attempts.c.id).label("latest"))
                 .group_by(attempts.c.notebook, attempts.c.question)
                 .order_by(sa.desc("latest")).limit(most))
        with self.engine.begin() as db:
            return [dict(row._mapping) for row in db.execute(query)]

    def common_wrong(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        """Per question of ``pairs``: the most common wrong answer, its feedback and count."""
        found: dict[tuple[str, str], dict[str, Any]] = {}
        with self.engine.begin() as db:
            for notebook, question in pairs:
                row = db.execute(
                    sa.select(attempts.c.answer, sa.func.max(attempts.c.feedback).label("feedback"),
                              sa.func.count().label("times"))
                    .where(attempts.c.notebook == notebook, attempts.c.question == question,
                           sa.not_(attempts.c.ok))
                    .group_by(attempts.c.answer).order_by(sa.desc("times"), attempts.c.answer)
                    .limit(1)).first()
                if row is not None:
                    found[(notebook, question)] = dict(row._mapping)
        return found

    def close(self) -> None:
        self.engine.dispose()


def _bots_text(bots: dict[int, str]) -> str:
    return json.dumps({str(seat): level for seat, level in sorted(bots.items())})


def _table_row(row: Any) -> TableRow:
    return TableRow(row.id, row.code, json.loads(row.saved), row.players,
                    {int(seat): level for seat, level in json.loads(row.bots).items()},
                    bool(row.closed), bool(row.paused), row.next_code, row.opened_at)


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(row.id, row.table_id, row.number, row.name, row.joined_at, row.seen_at,
                   row.live)
