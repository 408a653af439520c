"""The kit's errors: each says, in a student's words, what went wrong."""


class IllegalAction(ValueError):
    """An action the rules forbid. The message names the rule that forbids it.

    Raising it never changes the game: the state is exactly as before the attempt.
    """

    def __init__(self, rule: str):
        super().__init__(rule)
        self.rule = rule


class ConfigError(ValueError):
    """A game was asked for with options that make no sense (unknown name, wrong type, out of range)."""


class SavedGameError(ValueError):
    """A saved game (JSON) is malformed, belongs to another game, or holds a move the rules refuse."""
