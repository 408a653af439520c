"""What a class refuses, in a student's words. Each is a ``ValueError``."""


class NotYourTurn(ValueError):
    """A seat tried to act while another seat (or chance) is to move. Nothing was stored."""


class PositionChanged(ValueError):
    """Another seat's move landed first: this move was not stored; the seat now shows the new
    position, and the student may look again and choose."""


class JoinRefused(ValueError):
    """No seat for this join: an unknown code, a full table, an unusable name."""


class TooManyTries(JoinRefused):
    """Too many wrong join codes from one device in a short time: wait, then try again."""


class UnknownSeat(ValueError):
    """A seat token this class does not know (a mistyped link, or another class's)."""
