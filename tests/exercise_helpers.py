"""Helpers shared by the tests of the exercise checks."""

from __future__ import annotations

from sailing_kit.exercises.question import Question
from sailing_kit.exercises.verdicts import Marked, practice_text

NAMES = ["Ada Lovelace", "Bob", "Chen Wei", "Dóra Kiss", "Émile", "x", "Zoë van der Berg",
         "Ngozi Okafor", "Li", "Tamás"]
"""Students whose variants the tests try."""


def marked(question: Question, variant: object, answer: object) -> Marked:
    return question.mark(variant, answer)


def message(question: Question, variant: object, answer: object) -> str:
    """The practice feedback of a wrong (but readable) answer; fails if it passed or was blank."""
    result = question.mark(variant, answer)
    assert result.answered and not result.ok, result
    return practice_text(result, question.hint)


def whys(question: Question, variant: object, answer: object) -> str:
    """Every specific explanation of a wrong answer, uncapped (what the check found)."""
    result = question.mark(variant, answer)
    assert result.answered and not result.ok, result
    if result.verdict is None:
        return result.problem
    return "\n".join(line for part in result.verdict.parts if not part.ok for line in part.why)


def passes(question: Question, variant: object, answer: object) -> bool:
    result = question.mark(variant, answer)
    return result.ok


def with_changes(answer: dict, **changes) -> dict:
    return {**answer, **changes}
