"""Class mode: every student at their own device in one live game, the teacher in control.

- ``python -m sailing_kit.classroom serve --store sqlite:///class.db --port 8866`` serves the
  class (one process; each seat's board runs in it, no Jupyter kernel per student) and prints the
  address and, the first time only, the teacher key;
- the Python API: :class:`Classroom` (``open_table``, ``join``, ``rejoin`` and the teacher's
  controls ``free_seat``, ``seat_bot``, ``skip_turn``, ``close_table``, ``reopen_table``,
  ``rematch``, ``pause``, ``resume``, ``broadcast``), its :class:`Table` (``connections()``) and
  :class:`Seat` (``play``, ``refresh``, ``describe``);
- :func:`connect`: a seat at a class table from a notebook, for a student's own bot;
- :func:`report_to`: a student's notebook sends its exercise checks to the class.

The rules never import this package; it needs SQLAlchemy (and psycopg for PostgreSQL).
"""

from sailing_kit.classroom.errors import (
    JoinRefused,
    NotRegistered,
    NotYourTurn,
    PositionChanged,
    TableClosed,
    TablePaused,
    TooManyTries,
    UnknownSeat,
)
from sailing_kit.classroom.remote import RemoteSeat, connect
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
    "NotRegistered",
    "NotYourTurn",
    "PositionChanged",
    "RemoteSeat",
    "Seat",
    "Store",
    "Table",
    "TableClosed",
    "TablePaused",
    "TooManyTries",
    "UnknownSeat",
    "connect",
    "report_to",
]
