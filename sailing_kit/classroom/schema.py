"""The class store's tables (SQLAlchemy Core) and the rows the store hands out.

A table is its saved game (game, options and seed, never sent to a page) and its move log; a
move is stored at its number only if that number is free and the table is open and not paused.
Secrets are kept as SHA-256 hashes only: seat tokens, students' class tokens, the teacher key.
``news`` records every change that is not a move (a join, a freed seat, a pause...), so that
every server on the store hears of it as it hears of moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

SCHEMA_VERSION = 2
"""Raised whenever the tables change; an older store is refused with a clear message."""

metadata = sa.MetaData()
class_info = sa.Table(
    "class_info", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("teacher_key_hash", sa.String(64), nullable=False),
    sa.Column("class_code", sa.String(16), nullable=False),
    sa.Column("cookie_secret", sa.String(64), nullable=False),
    sa.Column("paused", sa.Boolean, nullable=False, default=False),
    sa.Column("broadcast", sa.String(200), nullable=False, default=""),
    sa.Column("broadcast_at", sa.Float, nullable=False, default=0.0),
)
tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("saved", sa.Text, nullable=False),  # to_json() without the moves
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("bots", sa.Text, nullable=False),  # {"seat": "level"}
    sa.Column("closed", sa.Boolean, nullable=False, default=False),
    sa.Column("paused", sa.Boolean, nullable=False, default=False),
    sa.Column("next_code", sa.String(16), nullable=True),  # the rematch's table
    sa.Column("opened_at", sa.Float, nullable=False),
)
seats = sa.Table(
    "seats", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, index=True),  # a rematch keeps it
    sa.Column("device_hash", sa.String(64), nullable=True),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False, default=0.0),
    sa.Column("live", sa.Integer, nullable=False, default=0),  # connected pages, as last told
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
news = sa.Table(
    "news", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, nullable=True),  # None: the whole class
    sa.Column("at", sa.Float, nullable=False),
)
students = sa.Table(
    "students", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("name_key", sa.String(64), nullable=False, unique=True),  # casefolded
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("registered_at", sa.Float, nullable=False),
)
attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
    sa.Column("notebook", sa.String(64), nullable=False),
    sa.Column("question", sa.String(64), nullable=False),
    sa.Column("answer", sa.String(200), nullable=False),
    sa.Column("feedback", sa.String(200), nullable=False, default=""),
    sa.Column("ok", sa.Boolean, nullable=False),
    sa.Column("try_number", sa.Integer, nullable=False),
    sa.Column("points", sa.Float, nullable=False),
    sa.Column("max_points", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
sa.Index("attempts_by_question", attempts.c.notebook, attempts.c.question)


@dataclass(frozen=True)
class ClassRow:
    teacher_key_hash: str
    class_code: str
    cookie_secret: str
    paused: bool
    broadcast: str
    broadcast_at: float


@dataclass(frozen=True)
class TableRow:
    id: int
    code: str
    saved: dict[str, Any]
    players: int
    bots: dict[int, str]
    """Seat -> the bot's level (its name in the game's bots)."""
    closed: bool
    paused: bool
    next_code: str | None
    opened_at: float

    @property
    def game(self) -> str:
        return str(self.saved["game"])


@dataclass(frozen=True)
class SeatRow:
    id: int
    table_id: int
    number: int
    name: str
    joined_at: float
    seen_at: float
    live: int


@dataclass(frozen=True)
class MoveRow:
    number: int
    entry: dict[str, Any]
    seat: int | None
    at: float
