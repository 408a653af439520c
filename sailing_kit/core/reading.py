"""Strict reading of what a student, a notebook or a file hands to a game.

Every reader returns the value in the one canonical form the engine itself uses, or raises an
error (by default :class:`IllegalAction`) saying in a student's words what was expected and what
came instead, with the input cut short: ``2.0`` is not ``2``, ``True`` is not ``1``, a numpy
integer is not a Python one (convert it with ``int``), ``"NE"`` is read as the direction NE, and
a list of two whole numbers is read as a point. Readers only look at data: they never call a
value's methods beyond its type, length and items, and never evaluate anything.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Callable, Collection
from enum import Enum
from typing import Any, TypeVar

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction

T = TypeVar("T")
E = TypeVar("E", bound=Enum)
Error = type[ValueError]

MAX_SHOWN = 60
"""Characters of an input shown in a message; the rest is cut short with '...'."""
MAX_WHOLE = 10**9
"""The largest whole number a reader accepts unless it is given its own bounds."""
MAX_COORDINATE = 10_000
"""Points have coordinates from -10,000 to 10,000: far beyond any board of the kit."""
MAX_ITEMS = 1_000
"""The most items a tuple of an action or option holds unless its reader says fewer."""
MAX_DEPTH = 32
"""How deeply a JSON file of the kit may nest (a saved game nests 5 or 6 levels)."""

class _ShortRepr(reprlib.Repr):
    """reprlib's cut-short repr, safe for whole numbers too long to print."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a whole number of about {int(x.bit_length() * 0.30103):,} digits>"
        return super().repr_int(x, level)


_REPR = _ShortRepr()
for _name, _limit in (("maxlevel", 3), ("maxtuple", 6), ("maxlist", 6), ("maxdict", 4),
                      ("maxset", 4), ("maxfrozenset", 4), ("maxdeque", 4), ("maxarray", 4),
                      ("maxlong", 40), ("maxstring", MAX_SHOWN - 2), ("maxother", MAX_SHOWN)):
    setattr(_REPR, _name, _limit)
_DIRECTIONS = ", ".join(direction.value for direction in Direction)


def shown(value: object) -> str:
    """``value`` as a message shows it: its repr cut short, with a word on numbers that only
    look like whole numbers (a bool, a decimal, a numpy number)."""
    if isinstance(value, bool):
        return f"{value} (a yes/no value, not a number)"
    if isinstance(value, float):
        whole = f": write {int(value)}" if value.is_integer() and abs(value) < 1e15 else ""
        return f"{value!r} (a decimal number{whole})"
    if isinstance(value, int) and not isinstance(value, Enum):
        if value.bit_length() > 128:
            return f"a whole number of about {int(value.bit_length() * 0.30103):,} digits"
        return repr(int(value))
    if _is_numpy_number(value):
        return (f"{_safe_repr(value)}, a numpy number (write int(...) to make it a Python "
                "number)")
    return _safe_repr(value)


def _safe_repr(value: object) -> str:
    try:
        return _cut(_REPR.repr(value))
    except Exception:  # a hostile repr must not hide the real problem
        return f"a {type(value).__name__} object"


def _cut(text: str) -> str:
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def _is_numpy_number(value: object) -> bool:
    return type(value).__module__ == "numpy" and getattr(value, "ndim", None) == 0


def whole(value: object, what: str, low: int = -MAX_WHOLE, high: int = MAX_WHOLE, *,
          error: Error = IllegalAction) -> int:
    """``value`` as a plain ``int`` from ``low`` to ``high``; a bool, a decimal, a numpy number,
    a text or anything else is refused."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{what} is a whole number{_range(low, high)}, not {shown(value)}")
    if not low <= value <= high:
        raise error(f"{what} is a whole number{_range(low, high)}, not {shown(value)}")
    return int(value)


def _range(low: int, high: int) -> str:
    if low == -MAX_WHOLE and high == MAX_WHOLE:
        return ""
    if high == MAX_WHOLE:
        return f" of {low} or more"
    return f" from {low} to {high}"


def flag(value: object, what: str, *, error: Error = IllegalAction) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 1, 0 or a text)."""
    if not isinstance(value, bool):
        raise error(f"{what} is True or False, not {shown(value)}")
    return value


def text(value: object, what: str, most: int = 200, *, error: Error = IllegalAction) -> str:
    """``value`` if it is a text of at most ``most`` characters."""
    if not isinstance(value, str):
        raise error(f"{what} is a text, not {shown(value)}")
    if len(value) > most:
        raise error(f"{what} is a text of at most {most} characters, not one of {len(value):,}")
    return str(value)


def choice(value: object, options: Collection[str], what: str, *,
           error: Error = IllegalAction) -> str:
    """``value`` if it is one of the texts ``options`` (exactly)."""
    if isinstance(value, str) and value in options:
        return str(value)
    listed = ", ".join(repr(option) for option in options)
    raise error(f"{what} is one of {listed}, not {shown(value)}")


def member(value: object, kind: type[E], what: str, *, error: Error = IllegalAction) -> E:
    """A member of the enumeration ``kind``: itself, or its value or name as the JSON form
    writes it (a text in any case, for text values)."""
    if isinstance(value, kind):
        return value
    for item in kind:
        if type(value) is type(item.value) and value == item.value:
            return item
        if isinstance(value, str) and value.strip().upper() in (item.name, str(item.value).upper()):
            return item
    listed = ", ".join(str(item.value) for item in kind)
    raise error(f"{what} is one of {listed}, not {shown(value)}")


def direction(value: object, what: str = "a heading", *, error: Error = IllegalAction
              ) -> Direction:
    """A compass direction: a :class:`Direction` or its name in any case (``"ne"``)."""
    if isinstance(value, Direction):
        return value
    if isinstance(value, str) and value.strip().upper() in Direction.__members__:
        return Direction[value.strip().upper()]
    raise error(f"{shown(value)} is not a compass direction: {what} is one of {_DIRECTIONS}")


def point(value: object, what: str = "a point", *, error: Error = IllegalAction,
          low: int = -MAX_COORDINATE, high: int = MAX_COORDINATE) -> tuple[int, int]:
    """``(x, y)`` from a tuple or a JSON list of two whole numbers, each from ``low`` to
    ``high``."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise error(f"{what} is two whole numbers (x, y), not {shown(value)}")
    for c in value:
        if not isinstance(c, int) or isinstance(c, bool):
            raise error(f"{what} is two whole numbers (x, y), and {shown(c)} is not one")
    x, y = (whole(c, f"each number of {what}", low, high, error=error) for c in value)
    return (x, y)


def items(value: object, read: Callable[[object], T], what: str, *, fewest: int = 0,
          most: int = MAX_ITEMS, error: Error = IllegalAction) -> tuple[T, ...]:
    """A tuple of ``fewest`` to ``most`` items from a tuple or a JSON list, each read by
    ``read`` (which raises for a bad item)."""
    if not isinstance(value, (tuple, list)):
        raise error(f"{what} is a list, like [1, 2], not {shown(value)}")
    if not fewest <= len(value) <= most:
        count = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise error(f"{what} holds {count} items, not {len(value):,}")
    return tuple(read(item) for item in value)


def json_value(text: object, what: str, *, error: Error) -> Any:
    """The JSON value of a file's ``text`` (a str, or UTF-8 bytes; a byte-order mark is
    skipped). Bytes that are not UTF-8, bad JSON, numbers of more than 4,300 digits and nesting
    deeper than :data:`MAX_DEPTH` raise ``error`` naming ``what`` the file should be."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(f"this is not {what}: the file is not UTF-8 text (byte "
                        f"{problem.start + 1:,} cannot be read)") from None
    if not isinstance(text, str):
        raise error(f"{what} is a text, not {shown(text)}")
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        data = deep = None
    except ValueError as problem:  # bad JSON, or a number of more than 4,300 digits
        raise error(f"this is not {what}: the text is not valid JSON ({problem})") from None
    else:
        deep = _depth(data) > MAX_DEPTH
    if deep is None or deep:
        raise error(f"this is not {what}: its JSON is nested more than {MAX_DEPTH} levels deep")
    return data


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                children = value.values() if isinstance(value, dict) else value
                stack.extend((child, level + 1) for child in children)
    return deepest
