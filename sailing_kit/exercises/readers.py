"""Readers for students' answers: each turns an answer into what a check compares, or raises an
:class:`AnswerError` whose message tells the student how to write it.

Answers arrive as plain data (:func:`sailing_kit.exercises.data.plain` has already turned numpy
and sympy values into Python ones and anything else into an Opaque). Strings are parsed with
plain string handling and strict regular expressions: nothing a student writes is ever
evaluated. ``...`` (or ``None``) is "not answered yet", never an error. Every number is bounded
before it is printed or computed with, so a huge answer gets a message, not a crash. A reader's
``what`` is an English noun marked ``N_("count")``, named in messages in the language spoken.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import TypeVar

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises.data import Opaque

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

BIGGEST = 10**9
"""No whole-number answer of the kit comes near this; bigger ones are refused unread."""
MOST_DIGITS = 40
"""The most digits a fraction's numerator or denominator may have."""


class AnswerError(ValueError):
    """An answer that cannot be read; the message tells the student how to write it."""


class NotAnswered(AnswerError):
    """An answer still (partly) blank: ``...`` or ``None`` where the student should write."""


def is_blank(value: object) -> bool:
    """True for an unanswered question: the placeholder ``...`` or ``None``."""
    return value is ... or value is None


def refuse_opaque(value: object) -> None:
    """Raise the message of an :class:`Opaque` value (too big, too long, not data)."""
    if isinstance(value, Opaque):
        if value.unreadable:
            raise AnswerError(_("{why}: write plain numbers, text, and tuples, lists, sets or "
                                "dicts of them, as the question shows.", why=value.why))
        raise AnswerError(_("{why}.", why=value.why))


def show(value: object, limit: int = 40) -> str:
    """A short description of a student's value, for messages: safe for any size or type."""
    try:
        text = _show(value, 0)
    except Exception:
        text = _("this answer")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(value: object, depth: int) -> str:
    if isinstance(value, Opaque):
        return value.what
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, bool) or value is None or value is ...:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10**30 else n_("a number of {count} digit",
                                                          "a number of {count} digits",
                                                          _digits(value))
    if isinstance(value, float):
        return float.__repr__(value)
    if isinstance(value, Fraction):
        return f"Fraction({_show(value.numerator, depth)}, {_show(value.denominator, depth)})"
    if isinstance(value, str):
        return str.__repr__(value[:80])
    if depth > 2:
        return "…"
    if isinstance(value, dict):
        items = [f"{_show(k, depth + 1)}: {_show(v, depth + 1)}" for k, v in list(value.items())[:6]]
        return "{" + ", ".join(items) + (", …" if len(value) > 6 else "") + "}"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_show(item, depth + 1) for item in list(value)[:6]]
        more = ", …" if len(value) > 6 else ""
        if isinstance(value, tuple):
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + more + ")"
        ends = "[]" if isinstance(value, list) else "{}"
        return ends[0] + ", ".join(items) + more + ends[1]
    return _("a value of the type {name}", name=type(value).__name__)


def _digits(number: int) -> int:
    return int(abs(number).bit_length() * math.log10(2)) + 1


def _words(text: str) -> str:
    """Lower case, with "-" and "_" read as spaces and runs of spaces collapsed."""
    return " ".join(re.sub(r"[-_]", " ", text).lower().split())


# ----- choices and directions -------------------------------------------------------------------

def read_choice(value: object, choices: Mapping[str, T], what: str,
                aliases: Mapping[str, T] | None = None) -> T:
    """The choice ``value`` names: a key of ``choices`` (or of ``aliases``, other spellings not
    listed in messages), ignoring case, hyphens, underscores and extra spaces."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with a {what}.", what=_(what)))
    refuse_opaque(value)
    names = {_words(name): choice for name, choice in {**choices, **(aliases or {})}.items()}
    if isinstance(value, Enum) and isinstance(value.value, str):
        value = value.value
    if isinstance(value, str) and _words(value) in names:
        return names[_words(value)]
    raise AnswerError(_("{value} is not a {what}: write one of {choices}.", value=show(value),
                        what=_(what), choices=", ".join(choices)))


def read_direction(value: object) -> Direction:
    """A compass direction: ``Direction.NE``, ``"NE"`` or ``"ne"``."""
    return read_choice(value, {d.value: d for d in Direction}, N_("compass direction"))


def read_flag(value: object) -> bool:
    """True or False (or "yes", "no", "true", "false")."""
    if isinstance(value, bool):
        return value
    return read_choice(value, {"True": True, "False": False}, N_("True or False"),
                       aliases={"yes": True, "no": False})


# ----- numbers ----------------------------------------------------------------------------------

_WHOLE = re.compile(r"\s*([+-]?\d{1,16})(?:\.0*)?\s*")


def read_int(value: object, what: str = N_("whole number"), low: int | None = None,
             high: int | None = None) -> int:
    """A whole number: ``5``, ``5.0``, ``"5"``, a numpy or sympy integer (not ``True``, not
    ``5.5``), between ``low`` and ``high``."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with a {what}.", what=_(what)))
    refuse_opaque(value)
    if isinstance(value, str) and (match := _WHOLE.fullmatch(value)):
        value = int(match[1])
    elif isinstance(value, str) and (match := _DECIMAL.fullmatch(value)) and not match[2]:
        value = float(Decimal(match[1]))  # scientific notation: "7.776e3"
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise AnswerError(_("{value} is not a {what}: write it with digits, like 3.",
                            value=show(value), what=_(what)))
    if abs(value) > max(BIGGEST, abs(high) if high is not None else 0):
        raise AnswerError(_("{value} is far too big for a {what}.", value=show(value),
                            what=_(what)))
    if low is not None and value < low:
        raise AnswerError(_("{value} cannot be a {what}: it is at least {low}.", value=value,
                            what=_(what), low=low))
    if high is not None and value > high:
        raise AnswerError(_("{value} cannot be a {what}: it is at most {high}.", value=value,
                            what=_(what), high=high))
    return value


_FRACTION = re.compile(r"\s*([+-]?\d{1,40})\s*(?:/\s*(\d{1,40})\s*)?")
_DECIMAL = re.compile(r"\s*([+-]?(?:\d{1,12}(?:\.\d{0,15})?|\.\d{1,15})(?:[eE][+-]?\d{1,2})?)\s*(%?)\s*")
"""A decimal as written: "0.0386", ".5", "3.2e-3", "38.6%"."""


def read_exact(value: object, what: str = N_("probability")) -> Fraction | float:
    """An exact number (a whole number, a Fraction, a sympy Rational, a string like "25/648"),
    or a decimal (a float, a Decimal, a string like "0.0386", "3.86e-2" or "3.86%"), returned as
    a float for the caller to judge against the precision its question states."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with the {what}.", what=_(what)))
    refuse_opaque(value)
    if isinstance(value, Fraction) or (isinstance(value, int) and not isinstance(value, bool)):
        number = Fraction(value)
        if max(abs(number.numerator), number.denominator) >= 10**MOST_DIGITS:
            raise AnswerError(_("{value} has far too many digits for this {what}.",
                                value=show(value), what=_(what)))
        return number
    if isinstance(value, float):
        if not math.isfinite(value):
            raise AnswerError(_("{value} is not a number: write the {what} with digits.",
                                value=show(value), what=_(what)))
        return value
    if isinstance(value, str) and (match := _FRACTION.fullmatch(value)):
        if match[2] is not None and int(match[2]) == 0:
            raise AnswerError(_("a fraction cannot have 0 below the line."))
        return Fraction(int(match[1]), int(match[2] or 1))
    if isinstance(value, str) and (match := _DECIMAL.fullmatch(value)):
        return _finite(Decimal(match[1]) / (100 if match[2] else 1), value, what)
    raise AnswerError(_("{value} is not a {what} the check can read: write a fraction like "
                        "\"25/648\", Fraction(25, 648) or sympy.Rational(25, 648), or a decimal "
                        "like 0.0386.", value=show(value), what=_(what)))


def read_decimal(value: object, what: str = N_("number"), percent: bool = False) -> float:
    """A number for an approximate answer: an int, a float, a Decimal, a Fraction, a sympy
    Rational or a string like "7.5", "7.5e0" or "15/2" (with ``percent``, a number of percent
    like "4.8%" or "4.8" too)."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with the {what}.", what=_(what)))
    refuse_opaque(value)
    if isinstance(value, str) and (match := _DECIMAL.fullmatch(value)) and (percent or not match[2]):
        return _finite(Decimal(match[1]), value, what)
    try:
        number = read_exact(value, what)
    except AnswerError:
        raise AnswerError(_("{value} is not a number: write the {what} with digits, like 7.5.",
                            value=show(value), what=_(what))) from None
    if abs(float(number)) > BIGGEST:
        raise AnswerError(_("{value} is far too big for the {what}.", value=show(value),
                            what=_(what)))
    return float(number)


def _finite(number: Decimal, value: object, what: str) -> float:
    if abs(number) > BIGGEST:
        raise AnswerError(_("{value} is far too big for the {what}.", value=show(value),
                            what=_(what)))
    return float(number)


# ----- points, sets and dicts -------------------------------------------------------------------

_NUMBER = r"\s*([+-]?\d{1,6})(?:\.0*)?\s*"
_PAIR = re.compile(f"{_NUMBER},{_NUMBER}")


def read_point(value: object, what: str = N_("point"), example: str = "(3, 4)") -> Point:
    """An intersection or cell ``(a, b)``: a tuple or list of two whole numbers (or integral
    floats), or a string like ``"(3, 4)"``."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with a {what}.", what=_(what)))
    refuse_opaque(value)
    if isinstance(value, str) and (match := _PAIR.fullmatch(_unbracket(value.strip()))):
        return (int(match[1]), int(match[2]))
    if isinstance(value, (tuple, list)) and len(value) == 2:
        if any(is_blank(c) for c in value):
            raise NotAnswered(_("not answered yet: replace each ... of the {what} with a number.",
                                what=_(what)))
        try:
            first, second = (read_int(c, N_("coordinate")) for c in value)
        except AnswerError:
            pass
        else:
            return (first, second)
    raise AnswerError(_("{value} is not a {what}: write two whole numbers, like {example}.",
                        value=show(value), what=_(what), example=example))


def _unbracket(text: str) -> str:
    """``text`` without one pair of enclosing round or square brackets."""
    return text[1:-1] if text[:1] + text[-1:] in ("()", "[]") else text


def read_set(value: object, read_item: Callable[[object], T], example: str,
             single: Callable[[object], bool] | None = None) -> frozenset[T]:
    """A set, list or tuple of items, each read with ``read_item`` (duplicates are ignored).
    ``single`` recognises one item given where a set was asked (``(6, 1)`` for ``{(6, 1)}``)."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with a set, like {example}.",
                            example=example))
    refuse_opaque(value)
    if single is not None and single(value):
        raise AnswerError(_("{value} is one item: write a set, even of one item, like {set}, or "
                            "like {example}.", value=show(value), set="{" + show(value) + "}",
                            example=example))
    if not isinstance(value, (set, frozenset, list, tuple)):
        raise AnswerError(_("{value} is not a set: write your answer like {example}.",
                            value=show(value), example=example))
    if any(is_blank(item) for item in value):
        raise NotAnswered(_("not answered yet: replace each ... in the set with an answer."))
    return frozenset(read_item(item) for item in value)


def is_point(value: object) -> bool:
    """True for a tuple of two whole numbers: one point, where a set of points was asked."""
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in value))


def read_points(value: object) -> frozenset[Point]:
    """A set (or list) of intersections, like ``{(3, 4), (5, 6)}``."""
    return read_set(value, read_point, "{(3, 4), (5, 6)}", single=is_point)


def read_dict(value: object, keys: Iterable[K], read_key: Callable[[object], K],
              read_value: Callable[[object], V], what: str) -> dict[K, V]:
    """A dict with exactly ``keys`` (each read with ``read_key``); each value is read with
    ``read_value``. ``what`` names a key in messages ("heading", "boat")."""
    if is_blank(value):
        raise NotAnswered(_("not answered yet: replace the ... with the dict the question "
                            "shows."))
    refuse_opaque(value)
    if not isinstance(value, dict):
        raise AnswerError(_("{value} is not a dict: fill in the {shape} given in the question.",
                            value=show(value), shape="{" + _(what) + ": " + _("answer") + ", ...}"))
    wanted = list(keys)
    given = {read_key(key): item for key, item in value.items()}
    blank = [key for key in wanted if is_blank(given.get(key))]
    if blank:
        names = ", ".join(str(key) for key in blank)
        raise NotAnswered(_("not answered yet for {what} {names}: replace each ... with your "
                            "answer.", what=_(what), names=names))
    extra = [key for key in given if key not in wanted]
    if extra:
        names = ", ".join(str(key) for key in extra)
        raise AnswerError(_("this question does not ask about {what} {names}.", what=_(what),
                            names=names))
    return {key: _read_entry(read_value, given[key], what, key) for key in wanted}


def _read_entry(read_value: Callable[[object], V], item: object, what: str, key: object) -> V:
    try:
        return read_value(item)
    except NotAnswered:
        raise
    except AnswerError as error:
        raise AnswerError(_("for {what} {key}: {error}", what=_(what), key=key,
                            error=error)) from None


def keys_reader(names: Iterable[str], what: str,
                aliases: Mapping[str, str] | None = None) -> Callable[[object], str]:
    """A reader for a fixed set of names (boat letters, dict keys), in any case."""
    choices = {name: name for name in names}
    return lambda value: read_choice(str(value) if isinstance(value, int) else value, choices,
                                     what, aliases)
