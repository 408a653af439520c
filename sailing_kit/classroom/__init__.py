"""Class mode: every student at their own device in one live game, the teacher watching.

- ``python -m sailing_kit.classroom serve --store sqlite:///class.db --port 8866`` serves the class
  pages (Voilà apps, code hidden) and prints the address and the teacher key;
- the Python API the pages use: :class:`Classroom` (``open_table``, ``join``, ``rejoin``), its
  :class:`Table` and :class:`Seat` (``play``, ``refresh``, ``describe``);
- :func:`report_to`: a student's notebook sends its exercise checks to the class.

The rules never import this package; it needs SQLAlchemy (and psycopg for PostgreSQL).
"""

from sailing_kit.classroom.errors import (
    JoinRefused,
    NotYourTurn,
    PositionChanged,
    TooManyTries,
    UnknownSeat,
)
from sailing_kit.classroom.report import report_to
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.store import Store
from sailing_kit.classroom.table import Seat, Table
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.info import GAME_NAMES

__all__ = [
    "GAME_NAMES",
    "Classroom",
    "IllegalAction",
    "JoinRefused",
    "NotYourTurn",
    "PositionChanged",
    "Seat",
    "Store",
    "Table",
    "TooManyTries",
    "UnknownSeat",
    "report_to",
]
