"""What a class refuses, in a student's words. Each is a ``ValueError``."""


class NotYourTurn(ValueError):
    """A seat tried to act while another seat (or chance) is to move. Nothing was stored."""


class PositionChanged(ValueError):
    """Another seat's move landed first: this move was not stored; the seat now shows the new
    position, and the student may look again and choose."""


class TableClosed(ValueError):
    """The teacher closed the table: it is read-only (its replay stays)."""


class TablePaused(ValueError):
    """The teacher paused the table (or the class): no move is taken until it resumes."""


class JoinRefused(ValueError):
    """No seat for this join: an unknown code, a full or closed table, an unusable name."""


class NoSuchTable(JoinRefused):
    """No table has the code given (the same words for every unknown code)."""


class TooManyTries(JoinRefused):
    """Too many wrong codes or keys from one browser in a short time: wait, then try again."""


class UnknownSeat(ValueError):
    """A seat token this class does not know (a mistyped link, another class's, or a seat the
    teacher freed)."""


class NotRegistered(ValueError):
    """An exercise result without a valid class token (see ``report_to``)."""
