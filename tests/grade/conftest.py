"""The grader's tests run in an English terminal whatever the machine's (the grader speaks the
terminal's language when ``--language`` is not given)."""

from tests.terminal import an_english_terminal

__all__ = ["an_english_terminal"]
