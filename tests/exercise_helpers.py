"""Helpers shared by the tests of the exercise checks."""

from __future__ import annotations

from sailing_kit.exercises.feedback import Feedback


def message(question, answer) -> str:
    """The feedback of a wrong (but readable) answer; fails if the answer passed or was blank."""
    result = question(answer)
    assert isinstance(result, Feedback) and not result.ok and result.answered, result
    return result.message


def with_changes(answer: dict, **changes) -> dict:
    return {**answer, **changes}
