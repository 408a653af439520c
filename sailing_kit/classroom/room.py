"""A class: its tables, the students' seats, and the exercise results of students who named it.

``Classroom(store)`` takes a :class:`~sailing_kit.classroom.store.Store` or its URL
(``sqlite:///class.db``, ``postgresql://...``). The teacher opens tables, students join them with
a short code and a name and get a seat whose secret token rejoins it later.
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import json
import secrets
import time
import unicodedata
from typing import Any

from sailing_kit.classroom.errors import JoinRefused, TooManyTries, UnknownSeat
from sailing_kit.classroom.results import check_attempt
from sailing_kit.classroom.store import Store
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.info import game_package

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes avoid letters a student confuses (0/O, 1/I)."""
CODE_LENGTH = 5
NAME_LENGTH = 30


def token_hash(token: str) -> str:
    """What the store keeps of a seat token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def clean_name(name: Any) -> str:
    """A student's name as typed, trimmed; JoinRefused if empty, too long or not text."""
    if not isinstance(name, str):
        raise JoinRefused("Type your name to take a seat.")
    name = " ".join(name.split())
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise JoinRefused("A name is letters, digits and spaces.")
    if not name:
        raise JoinRefused("Type your name to take a seat.")
    if len(name) > NAME_LENGTH:
        raise JoinRefused(f"A name has at most {NAME_LENGTH} characters.")
    return name


class JoinLimiter:
    """At most ``failures`` wrong codes per ``window`` seconds from one client (device)."""

    def __init__(self, failures: int = 10, window: float = 60.0):
        self.failures, self.window = failures, window
        self._seen: dict[str, collections.deque[float]] = collections.defaultdict(collections.deque)

    def check(self, client: str) -> None:
        times, now = self._seen[client], time.monotonic()
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.failures:
            wait = int(self.window - (now - times[0])) + 1
            raise TooManyTries(f"Too many wrong codes from this device: wait {wait} s, then "
                               "type the code your teacher shows.")

    def failed(self, client: str) -> None:
        self._seen[client].append(time.monotonic())


class Classroom:
    """A class kept in ``store``: ``open_table``, ``join``, ``rejoin``, ``tables``, and the
    exercise results (``record_attempt``, ``results``)."""

    def __init__(self, store: Store | str, *, limiter: JoinLimiter | None = None):
        self.store = store if isinstance(store, Store) else Store(store)
        self.limiter = limiter or JoinLimiter()
        self.teacher_key, self.class_code = self.store.class_keys(
            lambda: (secrets.token_urlsafe(18), new_code(6)))

    def __repr__(self) -> str:
        return f"Classroom({self.store!r})"

    def is_teacher(self, key: Any) -> bool:
        return isinstance(key, str) and hmac.compare_digest(key.encode(), self.teacher_key.encode())

    # ----- tables ---------------------------------------------------------------------------------
    def open_table(self, game: str, *, bots: int = 0, seed: int | None = None,
                   **options: Any) -> Table:
        """A new table of ``game`` ("calm", "regatta", "race", "yacht", "trireme") with the
        game's ``options`` (``players=3``...); ``bots`` computer players fill the last seats.
        The seed stays in the store: no page ever receives it."""
        package = game_package(game)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = package.new_game(seed, **options)
        seats = state.num_players
        if not isinstance(bots, int) or isinstance(bots, bool) or not 0 <= bots < seats:
            raise ConfigError(f"a table of {seats} seat{'s' * (seats > 1)} takes 0 to {seats - 1} "
                              f"bots (a student needs a seat), not {bots!r}")
        saved = json.loads(state.to_json())
        del saved["moves"]
        bot_seats = tuple(range(seats - bots, seats))
        while (table_id := self.store.add_table(new_code(), saved, bot_seats)) is None:
            pass  # the code was taken: draw another
        table = Table(self, self.store.table(table_id=table_id))  # type: ignore[arg-type]
        table.refresh()  # bots or chance may move first
        return table

    def table(self, code: str) -> Table:
        row = self.store.table(code=_normal_code(code))
        if row is None:
            raise JoinRefused(f"No table has the code {code!r}.")
        return Table(self, row)

    def tables(self) -> list[Table]:
        return [Table(self, row) for row in self.store.tables()]

    # ----- seats ----------------------------------------------------------------------------------
    def join(self, code: str, name: str, *, client: str = "local") -> Seat:
        """A seat at the table ``code`` for ``name``: the first free seat that no bot fills.
        JoinRefused for an unknown code (at most a few per minute from one ``client``), a full
        table or an unusable name."""
        self.limiter.check(client)
        row = self.store.table(code=_normal_code(code))
        if row is None:
            self.limiter.failed(client)
            raise JoinRefused("No table has this code: check it on your teacher's screen.")
        name = clean_name(name)
        table = Table(self, row)
        while True:
            free = table.free_seats()
            if not free:
                raise JoinRefused(f"Table {row.code} is full: ask your teacher for another code.")
            token = secrets.token_urlsafe(24)
            if self.store.add_seat(row.id, free[0], name, token_hash(token)):
                seat_row = self.store.seat_by_token(token_hash(token))
                return Seat(table, seat_row, token)  # type: ignore[arg-type]

    def rejoin(self, token: str) -> Seat:
        """The seat whose secret token is ``token``, at its table's current position."""
        seat_row = self.store.seat_by_token(token_hash(token)) if isinstance(token, str) else None
        if seat_row is None:
            raise UnknownSeat("This seat is not known here: join the table with its code.")
        table_row = self.store.table(table_id=seat_row.table_id)
        return Seat(Table(self, table_row), seat_row, token)  # type: ignore[arg-type]

    # ----- exercise results -----------------------------------------------------------------------
    def record_attempt(self, class_code: str, attempt: dict[str, Any]) -> None:
        """Keep one checked try sent by a student's notebook (see ``report_to``); ValueError if
        the class code is wrong or the record malformed."""
        if not isinstance(class_code, str) or not hmac.compare_digest(
                _normal_code(class_code).encode(), self.class_code.encode()):
            raise ValueError("this is not this class's code")
        self.store.add_attempt(check_attempt(attempt))

    def attempts(self) -> list[dict[str, Any]]:
        return self.store.attempts()


def _normal_code(code: Any) -> str:
    return "".join(str(code).split()).upper()[:16] if isinstance(code, str) else ""
