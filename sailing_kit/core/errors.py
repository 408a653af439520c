"""The kit's errors: each says, in a student's words, what went wrong (and never at length)."""

MAX_MESSAGE = 1_000
"""The longest message an error keeps; longer ones are cut short (a long input quoted whole
would bury the reason)."""


def cut_short(message: str, most: int = MAX_MESSAGE) -> str:
    """``message`` itself, or its first ``most`` characters ending in '...'."""
    return message if len(message) <= most else message[:most - 3] + "..."


class KitError(ValueError):
    """``english`` is the message in English whatever the language spoken (a translated
    message of :mod:`sailing_kit.core.i18n` knows its English)."""

    def __init__(self, message: str = ""):
        super().__init__(cut_short(message if isinstance(message, str) else str(message)))
        self.english = cut_short(str(getattr(message, "english", message)))


def reason(error: BaseException) -> str:
    """What ``error`` says: its message itself, so a translated one keeps its English when it
    is passed on (``ConfigError(reason(error))``), where ``str(error)`` would lose it."""
    message = error.args[0] if len(error.args) == 1 else None
    return message if isinstance(message, str) else str(error)


class ActionError(KitError):
    """An action refused, for either reason below. Raising it never changes the game: the
    state is exactly as before the attempt."""


class UnreadableAction(ActionError):
    """The value is not an action of this game at all (a number where a heading belongs, a
    card the deck has not, an object of unknown kind). The message says what an action looks
    like."""


class IllegalAction(ActionError):
    """A real action of the game that the rules forbid now. The message names the rule."""

    def __init__(self, rule: str):
        super().__init__(rule)
        self.rule = str(self)


class ConfigError(KitError):
    """A game was asked for with options that make no sense (unknown name, wrong type, out of range)."""


class SavedGameError(KitError):
    """A saved game (JSON) is malformed, belongs to another game, or holds a move the rules refuse."""
