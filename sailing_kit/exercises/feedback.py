"""Auto-checked questions: the :class:`Feedback` a check returns, and readers for students' answers.

Answers are read as **data only**: Python values (``"NE"``, ``(3, 4)``, ``{"A": "port"}``) or short
strings parsed with plain string handling and strict regular expressions. Nothing a student
writes is ever evaluated. A question left as ``...`` (or ``None``) is "not answered yet", never an
error, so a notebook with blank answers runs from top to bottom.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TypeVar

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.draw.feedback import Feedback

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def correct(message: str) -> Feedback:
    return Feedback(True, message)


def not_yet(message: str) -> Feedback:
    return Feedback(False, message)


class AnswerError(ValueError):
    """An answer that cannot be read; the message tells the student how to write it."""


class NotAnswered(AnswerError):
    """An answer still (partly) blank: ``...`` or ``None`` where the student should write."""


class Question:
    """One auto-checked question: call it with the student's answer to get a :class:`Feedback`.

    ``check`` receives an answer that is not blank and returns a Feedback (its title is filled
    in here); it reads the answer with the ``read_*`` helpers, whose :class:`AnswerError` becomes
    a not-ok Feedback.
    """

    def __init__(self, title: str, prompt: str, check: Callable[[object], Feedback]):
        self.title = title
        self.prompt = prompt
        self.__doc__ = prompt
        self._check = check

    def __call__(self, answer: object) -> Feedback:
        try:
            if is_blank(answer):
                raise NotAnswered("not answered yet: write your answer in place of the ..., run "
                                  "that cell, then run this check again.")
            feedback = self._check(answer)
        except NotAnswered as error:
            feedback = Feedback(False, str(error), answered=False)
        except AnswerError as error:
            feedback = not_yet(str(error))
        return replace(feedback, title=self.title)

    def __repr__(self) -> str:
        return f"<Question {self.title!r}>"


def question(title: str, prompt: str) -> Callable[[Callable[[object], Feedback]], Question]:
    """Decorator: turn a check function into a :class:`Question` with this title and prompt."""
    return lambda check: Question(title, prompt, check)


# ----- reading answers -------------------------------------------------------------------------

def is_blank(value: object) -> bool:
    """True for an unanswered question: the placeholder ``...`` or ``None``."""
    return value is ... or value is None


def show(value: object, limit: int = 40) -> str:
    """A short ``repr`` of a student's value, for messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _words(text: str) -> str:
    """Lower case, with "-" and "_" read as spaces and runs of spaces collapsed."""
    return " ".join(re.sub(r"[-_]", " ", text).lower().split())


def read_choice(value: object, choices: Mapping[str, T], what: str,
                aliases: Mapping[str, T] | None = None) -> T:
    """The choice ``value`` names: a key of ``choices`` (or of ``aliases``, other spellings not
    listed in messages), ignoring case, hyphens, underscores and extra spaces."""
    if is_blank(value):
        raise NotAnswered(f"not answered yet: replace the ... with a {what}.")
    names = {_words(name): choice for name, choice in {**choices, **(aliases or {})}.items()}
    if isinstance(value, str) and _words(value) in names:
        return names[_words(value)]
    raise AnswerError(f"{show(value)} is not a {what}: write one of {', '.join(choices)}.")


def read_direction(value: object) -> Direction:
    """A compass direction: ``Direction.NE``, ``"NE"`` or ``"ne"``."""
    return read_choice(value, {d.value: d for d in Direction}, "compass direction")


_NUMBER = r"\s*([+-]?\d{1,6})\s*"
_PAIR = re.compile(f"{_NUMBER},{_NUMBER}")


def read_int(value: object, what: str = "whole number", low: int | None = None) -> int:
    """A whole number: ``5``, ``"5"`` or a sympy or numpy integer (not ``True``, not ``5.5``),
    at least ``low``."""
    if isinstance(value, str) and re.fullmatch(_NUMBER, value):
        value = int(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise AnswerError(f"{show(value)} is not a {what}: write it with digits, like 3.")
    if low is not None and value < low:
        raise AnswerError(f"{value} cannot be a {what}: it is at least {low}.")
    return value


_FRACTION = re.compile(r"\s*([+-]?\d{1,40})\s*(?:/\s*(\d{1,40})\s*)?")


def read_fraction(value: object, what: str = "probability") -> Fraction:
    """An exact number: a whole number, a Fraction, a sympy Rational or a string like "25/648"
    (a decimal is refused: it is not exact)."""
    if isinstance(value, numbers.Rational) and not isinstance(value, bool):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, str) and (match := _FRACTION.fullmatch(value)):
        if match[2] is not None and int(match[2]) == 0:
            raise AnswerError("a fraction cannot have 0 below the line.")
        return Fraction(int(match[1]), int(match[2] or 1))
    raise AnswerError(f"{show(value)} is not an exact {what}: write a fraction like \"25/648\", "
                      "Fraction(25, 648) or sympy.Rational(25, 648).")


_DECIMAL = re.compile(r"\s*([+-]?\d{1,6}(?:\.\d{1,12})?)\s*(%?)\s*")


def read_decimal(value: object, what: str = "number", percent: bool = False) -> float:
    """A number for an approximate answer: an int, a float, a Fraction, a sympy Rational or a
    string like "7.5" (with ``percent``, "4.8%" too)."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str) and (match := _DECIMAL.fullmatch(value)) and (percent or not match[2]):
        return float(match[1])
    raise AnswerError(f"{show(value)} is not a number: write the {what} with digits, like 7.5.")


def read_point(value: object) -> Point:
    """An intersection ``(x, y)``: a tuple or list of two whole numbers, or a string like
    ``"(3, 4)"``."""
    if isinstance(value, str) and (match := _PAIR.fullmatch(_unbracket(value.strip()))):
        return (int(match[1]), int(match[2]))
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(c, int) and not isinstance(c, bool) for c in value
    ):
        return (value[0], value[1])
    raise AnswerError(f"{show(value)} is not a point: write two whole numbers (x, y), like (3, 4).")


def _unbracket(text: str) -> str:
    """``text`` without one pair of enclosing round or square brackets."""
    return text[1:-1] if text[:1] + text[-1:] in ("()", "[]") else text


def read_set(value: object, read_item: Callable[[object], T], example: str) -> frozenset[T]:
    """A set, list or tuple of items, each read with ``read_item`` (duplicates are ignored)."""
    if not isinstance(value, (set, frozenset, list, tuple)):
        raise AnswerError(f"{show(value)} is not a set: write your answer like {example}.")
    return frozenset(read_item(item) for item in value)


def read_points(value: object) -> frozenset[Point]:
    """A set (or list) of intersections, like ``{(3, 4), (5, 6)}``."""
    return read_set(value, read_point, "{(3, 4), (5, 6)}")


def read_dict(value: object, keys: Iterable[K], read_key: Callable[[object], K],
              read_value: Callable[[object], V], what: str) -> dict[K, V]:
    """A dict with exactly ``keys`` (each read with ``read_key``); each value is read with
    ``read_value``. ``what`` names a key in messages ("heading", "boat")."""
    if not isinstance(value, dict):
        raise AnswerError(f"{show(value)} is not a dict: fill in the {{{what}: answer, ...}} "
                          "given in the question.")
    wanted = list(keys)
    given = {read_key(key): item for key, item in value.items()}
    blank = [key for key in wanted if is_blank(given.get(key))]
    if blank:
        names = ", ".join(str(key) for key in blank)
        raise NotAnswered(f"not answered yet for {what} {names}: replace each ... with your "
                          "answer.")
    extra = [key for key in given if key not in wanted]
    if extra:
        names = ", ".join(str(key) for key in extra)
        raise AnswerError(f"this question does not ask about {what} {names}.")
    return {key: _read_entry(read_value, given[key], what, key) for key in wanted}


def _read_entry(read_value: Callable[[object], V], item: object, what: str, key: object) -> V:
    try:
        return read_value(item)
    except AnswerError as error:
        raise AnswerError(f"for {what} {key}: {error}") from None
