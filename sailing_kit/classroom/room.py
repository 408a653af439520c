"""A class: its tables, the students' seats, and the exercise results of registered students.

``Classroom(store)`` takes a :class:`~sailing_kit.classroom.store.Store` or its URL
(``sqlite:///class.db``, ``postgresql://...``). The teacher opens tables, students join them with
a short code and a name and get a seat whose secret token rejoins it later. The teacher's
controls (free a seat, seat a bot, pause...) are in :mod:`sailing_kit.classroom.teacher`.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from functools import cached_property
from pathlib import Path
from typing import Any

from sailing_kit.classroom.errors import JoinRefused, NoSuchTable, NotRegistered, UnknownSeat
from sailing_kit.classroom.limits import (
    CLASS_CODE_LENGTH,
    clean_name,
    new_code,
    normal_code,
    secret_hash,
)
from sailing_kit.classroom.results import check_attempt
from sailing_kit.classroom.schema import ClassRow, SeatRow, TableRow
from sailing_kit.classroom.store import Store
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.classroom.teacher import TeacherControls
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.info import game_package

KEY_LENGTH = 16
"""The shortest teacher key a key file may hold."""


class JoinedSeat(Seat):
    """A seat just taken or rejoined: its table is replayed only when first used (a join
    answers without replaying the game)."""

    def __init__(self, room: Classroom, table_row: TableRow, row: SeatRow, token: str):
        self.room, self.table_row = room, table_row
        self.row, self.token = row, token

    @cached_property
    def table(self) -> Table:  # type: ignore[override]  # a joined seat's table is made on first use, not passed in
        return Table(self.room, self.table_row)

    @property
    def code(self) -> str:
        return self.table_row.code


class Classroom(TeacherControls):
    """A class kept in ``store``: ``open_table``, ``join``, ``rejoin``, ``tables``, the
    teacher's controls, and the exercise results of registered students.

    ``teacher_key`` is the teacher key in clear only where this object made the class (or read
    it from ``teacher_key_file``); the store keeps its hash."""

    def __init__(self, store: Store | str, *, teacher_key_file: str | Path | None = None):
        self.store = store if isinstance(store, Store) else Store(store)
        self.teacher_key: str | None = None
        self.created = False
        self._class = self._open_class(Path(teacher_key_file) if teacher_key_file else None)

    def __repr__(self) -> str:
        return f"Classroom({self.store!r})"

    def _open_class(self, key_file: Path | None) -> ClassRow:
        row = self.store.class_row()
        filed = _read_key(key_file) if key_file is not None and key_file.exists() else None
        if row is None:
            key = filed or secrets.token_urlsafe(18)
            if self.store.make_class(secret_hash(key), new_code(CLASS_CODE_LENGTH),
                                     secrets.token_hex(32)):
                self.created = True
                self.teacher_key = key
                if key_file is not None and filed is None:
                    _write_key(key_file, key)
            row = self.store.class_row()
            assert row is not None
        elif key_file is not None:
            if filed is None:
                raise ConfigError(_("{file} does not exist, and this class already has a "
                                    "teacher key: give the file that holds it", file=key_file))
            self.teacher_key = filed
        if self.teacher_key is not None and not self.is_teacher(self.teacher_key, row):
            raise ConfigError(_("the key in {file} is not this class's teacher key",
                                file=key_file))
        return row

    def reload(self) -> None:
        """Read the class's settings again (paused, the broadcast message)."""
        row = self.store.class_row()
        if row is not None:
            self._class = row

    @property
    def class_code(self) -> str:
        return self._class.class_code

    @property
    def cookie_secret(self) -> str:
        """The secret that signs this class's cookies (shared by its servers)."""
        return self._class.cookie_secret

    @property
    def paused(self) -> bool:
        """The teacher paused the whole class."""
        return self._class.paused

    @property
    def message(self) -> tuple[str, float]:
        """The teacher's broadcast message and when it was sent ('' for none)."""
        return self._class.broadcast, self._class.broadcast_at

    @property
    def teacher_mark(self) -> str:
        """A mark of the teacher key (a hash of its hash) for the teacher's signed cookie: it
        changes with the key and reveals nothing of it."""
        return secret_hash(self._class.teacher_key_hash)[:32]

    def is_teacher(self, key: Any, row: ClassRow | None = None) -> bool:
        if not isinstance(key, str) or not key or len(key) > 200:
            return False
        expected = (row or self._class).teacher_key_hash
        return hmac.compare_digest(secret_hash(key).encode(), expected.encode())

    # ----- tables ---------------------------------------------------------------------------------
    def open_table(self, game: str, *, bots: int = 0, seed: int | None = None,
                   level: str | None = None, **options: Any) -> Table:
        """A new table of ``game`` ("calm", "regatta", "race", "yacht", "trireme") with the
        game's ``options`` (``players=3``...); ``bots`` computer players (of ``level``, the
        game's default bot if None) fill the last seats. The seed stays in the store: no page
        ever receives it."""
        package = game_package(game)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = package.new_game(seed, **options)
        seats = state.num_players
        if not isinstance(bots, int) or isinstance(bots, bool) or not 0 <= bots < seats:
            raise ConfigError(n_("a table of {count} seat takes 0 to {most} bots (a student needs a "
                                 "seat), not {bots}", "a table of {count} seats takes 0 to {most} "
                                 "bots (a student needs a seat), not {bots}", seats,
                                 most=seats - 1, bots=repr(bots)))
        package.bots.make(level or "default")  # refuses an unknown level now
        saved = json.loads(state.to_json())
        del saved["moves"]
        bot_seats = dict.fromkeys(range(seats - bots, seats), level or package.INFO.bots[0])
        return self._add_table(saved, seats, bot_seats)

    def _add_table(self, saved: dict[str, Any], players: int, bots: dict[int, str]) -> Table:
        while (table_id := self.store.add_table(new_code(), saved, players, bots)) is None:
            pass  # the code was taken: draw another
        table = Table(self, self.store.table(table_id=table_id))  # type: ignore[arg-type]  # the store's row exists: it was just written
        table.refresh()  # bots or chance may move first
        return table

    def table_row(self, code: str) -> TableRow:
        """The stored table ``code``; JoinRefused (the same words for every unknown code)."""
        row = self.store.table(code=normal_code(code)) if normal_code(code) else None
        if row is None:
            raise NoSuchTable(_("No table has this code: check it on your teacher's screen."))
        return row

    def table(self, code: str) -> Table:
        return Table(self, self.table_row(code))

    def tables(self) -> list[Table]:
        return [Table(self, row) for row in self.store.tables()]

    # ----- seats ----------------------------------------------------------------------------------
    def join(self, code: str, name: str, *, device: str | None = None) -> JoinedSeat:
        """A seat at the table ``code`` for ``name``: the first free seat that no bot fills
        (the game is not replayed). From a ``device`` (a browser's id) that already holds a seat
        there, that seat again, with a new token. JoinRefused for an unusable name, an unknown
        code, a closed or a full table."""
        name = clean_name(name)
        row = self.table_row(code)
        if row.closed:
            raise JoinRefused(_("Table {code} is closed. Its game goes on at table {next}.",
                                code=row.code, next=row.next_code) if row.next_code
                              else _("Table {code} is closed.", code=row.code))
        device_hash = secret_hash(device) if device else None
        token = secrets.token_urlsafe(24)
        if device_hash is not None:
            mine = self.store.seat_by_device(row.id, device_hash)
            if mine is not None:
                self.store.set_seat_token(mine.id, secret_hash(token))
                return JoinedSeat(self, row, mine, token)
        while True:
            taken = {seat.number for seat in self.store.seats(row.id)} | set(row.bots)
            free = [number for number in range(row.players) if number not in taken]
            if not free:
                raise JoinRefused(_("Table {code} is full: ask your teacher for another code.",
                                    code=row.code))
            if self.store.add_seat(row.id, free[0], name, secret_hash(token), device_hash):
                seat_row = self.store.seat_by_token(secret_hash(token))
                return JoinedSeat(self, row, seat_row, token)  # type: ignore[arg-type]  # the store's row exists: it was just written

    def rejoin(self, token: Any) -> JoinedSeat:
        """The seat whose secret token is ``token`` (after a rematch: the new table's)."""
        seat_row = (self.store.seat_by_token(secret_hash(token))
                    if isinstance(token, str) and 0 < len(token) <= 100 else None)
        if seat_row is None:
            raise UnknownSeat(_("This seat is not known here (or your teacher freed it): join "
                                "the table with its code."))
        table_row = self.store.table(table_id=seat_row.table_id)
        return JoinedSeat(self, table_row, seat_row, token)  # type: ignore[arg-type]  # the store's row exists: it was just written

    # ----- exercise results -----------------------------------------------------------------------
    def register_student(self, class_code: Any, name: Any) -> str:
        """A class token for ``name``, registered once with this class (see ``report_to``);
        JoinRefused for a wrong class code, an unusable or a taken name."""
        name = clean_name(name)
        if not isinstance(class_code, str) or not hmac.compare_digest(
                normal_code(class_code).encode(), self.class_code.encode()):
            raise JoinRefused(_("This is not this class's code: check it on your teacher's "
                                "screen."))
        token = secrets.token_urlsafe(24)
        if not self.store.add_student(name, name.casefold(), secret_hash(token)):
            raise JoinRefused(_("The name {name} is already registered in this class: choose "
                                "another (add your surname's initial).", name=repr(name)))
        return token

    def student(self, token: Any) -> tuple[int, str]:
        """The registered student (id, name) holding ``token``; NotRegistered otherwise."""
        found = (self.store.student_by_token(secret_hash(token))
                 if isinstance(token, str) and 0 < len(token) <= 100 else None)
        if found is None:
            raise NotRegistered(_("This class token is not known: register with report_to()."))
        return found

    def record_attempt(self, token: Any, attempt: Any) -> None:
        """Keep one checked try, under the name of the student holding ``token``; NotRegistered
        or ValueError (a malformed record, points out of range) store nothing."""
        student_id, _name = self.student(token)
        self.store.add_attempt(student_id, check_attempt(attempt))

    def attempts(self) -> list[dict[str, Any]]:
        return self.store.attempts()


def _read_key(path: Path) -> str:
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < KEY_LENGTH or len(key) > 200 or not key.isprintable():
        raise ConfigError(_("{file} must hold one teacher key of {least} to {most} characters",
                            file=path, least=KEY_LENGTH, most=200))
    return key


def _write_key(path: Path, key: str) -> None:
    descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(key + "\n")
