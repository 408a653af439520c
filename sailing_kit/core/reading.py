"""Strict reading of what a student, a notebook or a file hands to a game.

First :func:`plain` copies whatever was given into exact builtin values (``int``, ``str``,
``tuple``, ``dict`` ...) through the builtin types' own methods, within a budget of items, so
that an object whose comparisons, length, iteration or text lie is either copied truthfully or
refused before anything looks at it. Then every reader returns the value in the one canonical
form the engine itself uses, or raises an error (by default :class:`UnreadableAction`) saying in
a student's words what was expected and what came instead, with the input cut short: ``2.0`` is
not ``2``, ``True`` is not ``1``, a numpy integer is not a Python one (convert it with ``int``),
``"NE"`` is read as the direction NE, and a list of two whole numbers is read as a point.
Nothing is ever evaluated.
"""

from __future__ import annotations

import dataclasses
import json
import reprlib
from collections.abc import Callable, Collection
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar, cast

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.i18n import number as written

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
MAX_TEXT = 10_000
"""The longest text :func:`plain` copies (a move or an option fits in far less)."""
MAX_VISITS = 10_000
"""How many values :func:`plain` copies in all, counting a value shared by several lists once
per place it appears: a value nested in itself or shared a thousand times over is refused."""

class _ShortRepr(reprlib.Repr):
    """reprlib's cut-short repr, safe for whole numbers too long to print."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return "<" + _("a whole number of about {digits} digits",
                           digits=written(int(x.bit_length() * 0.30103))) + ">"
        return super().repr_int(x, level)


_DIRECTIONS = ", ".join(direction.value for direction in Direction)


class Opaque:
    """What :func:`plain` leaves in place of a value of no builtin kind: it has no behaviour a
    reader could trip over, and shows itself as the value did (cut short)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


def plain(value: object, kinds: Collection[type] = (), *, what: str | None = None,
          error: Error = UnreadableAction) -> Any:
    """``value`` copied into exact builtin values: ``None``, ``bool``, ``int``, ``float``,
    ``str``, ``tuple`` (from a tuple or a list), ``dict``, members of :class:`Direction`, and
    values of exactly one of ``kinds``: members of the game's own enumerations as they are,
    instances of its frozen action dataclasses rebuilt from plain fields.

    Subclasses are copied through the builtin type's own methods (``int.__index__``,
    ``str.__str__``, a bounded copy of the items), so whatever they claim about themselves is
    never asked. Any other object becomes an :class:`Opaque` the readers refuse, showing it.
    Texts over :data:`MAX_TEXT` characters, more than :data:`MAX_ITEMS` items in one list,
    nesting deeper than :data:`MAX_DEPTH` and more than :data:`MAX_VISITS` values in all raise
    ``error`` naming ``what``.

    The fast path: an instance of one of ``kinds`` whose fields already hold plain values (the
    game's own actions, as ``legal_actions`` lists them) is returned as it is; frozen, of the
    game's own class and holding nothing but exact builtin values, it has nothing to copy."""
    kind = type(value)
    fast = _FAST.get(kind)
    if fast is None or fast[0] is not kinds:
        fast = _fast_path(kind, kinds)
    if fast is not None and _holds_plain(value, fast[1], fast[2]):
        return value
    return _plain(value, kinds, 0, [MAX_VISITS], what or _("a move"), error)


_FAST: dict[type, tuple[Collection[type], tuple[str, ...], frozenset[type]]] = {}
"""Per class of a game's actions: the kinds it was read with, its fields and the plain types."""


def _fast_path(kind: type, kinds: Collection[type]
               ) -> tuple[Collection[type], tuple[str, ...], frozenset[type]] | None:
    if kind not in kinds or issubclass(kind, Enum):
        return None
    fast = _FAST[kind] = (kinds, _field_names(kind), _atoms(kinds))
    return fast


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(cast(Any, kind)))
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


_ATOMS: frozenset[type] = frozenset({int, float, bool, type(None), Direction})


def _atoms(kinds: Collection[type]) -> frozenset[type]:
    """The exact types of plain single values, with the enumerations among ``kinds``."""
    return _ATOMS.union(kind for kind in kinds if issubclass(kind, Enum))


def _holds_plain(value: object, names: tuple[str, ...], atoms: frozenset[type]) -> bool:
    """Whether every field of ``value`` (named ``names``) is a plain value, or a short tuple of
    plain values (written out in loops: this is the path of every action a game lists)."""
    for name in names:
        item = getattr(value, name)
        item_type = type(item)
        if item_type in atoms:
            continue
        if item_type is str:
            if str.__len__(item) > MAX_TEXT:
                return False
            continue
        if item_type is not tuple or tuple.__len__(item) > MAX_ITEMS:
            return False
        for part in item:
            part_type = type(part)
            if part_type not in atoms and (part_type is not str
                                           or str.__len__(part) > MAX_TEXT):
                return False
    return True


def _plain(value: object, kinds: Collection[type], depth: int, budget: list[int], what: str,
           error: Error) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise error(_("{what} is a few values, not more than {most} of them", what=what,
                      most=written(MAX_VISITS)))
    if depth > MAX_DEPTH:
        raise error(_("{what} is not nested more than {most} levels deep", what=what,
                      most=MAX_DEPTH))
    kind = type(value)
    if value is None or kind is bool or kind is Direction:
        return value
    if kind in kinds and issubclass(kind, Enum):
        return value  # a member of one of the game's own enumerations
    if kind in kinds:
        fields = {name: _plain(getattr(value, name), kinds, depth + 1, budget, what, error)
                  for name in _field_names(kind)}
        return kind(**fields)
    # Only type(value) decides (isinstance would ask the value's own __class__), and only the
    # builtin type's methods read it.
    if issubclass(kind, int):
        return int.__index__(cast(int, value))
    if issubclass(kind, float):
        return float.__float__(cast(float, value))
    if issubclass(kind, str):
        text = cast(str, value)
        if str.__len__(text) > MAX_TEXT:
            raise error(_("{what} is a short text, not one of {size} characters", what=what,
                          size=written(str.__len__(text))))
        return str.__str__(text)
    if issubclass(kind, (tuple, list)):
        base: Any = tuple if issubclass(kind, tuple) else list
        size = base.__len__(value)
        if size > MAX_ITEMS:
            raise error(_("{what} holds at most {most} items in a list, not {size}", what=what,
                          most=written(MAX_ITEMS), size=written(size)))
        return tuple(_plain(base.__getitem__(value, index), kinds, depth + 1, budget, what, error)
                     for index in range(size))
    if issubclass(kind, dict):
        table = cast(dict[object, object], value)
        size = dict.__len__(table)
        if size > MAX_ITEMS:
            raise error(_("{what} holds at most {most} entries, not {size}", what=what,
                          most=written(MAX_ITEMS), size=written(size)))
        pairs = list(dict.items(table))
        return {_plain(key, kinds, depth + 1, budget, what, error):
                _plain(item, kinds, depth + 1, budget, what, error) for key, item in pairs}
    return Opaque(shown(value))


def shown(value: object) -> str:
    """``value`` as a message shows it: its repr cut short, with a word on numbers that only
    look like whole numbers (a bool, a decimal, a numpy number). Only the builtin types' own
    reprs are called: any other object is shown by the name of its type."""
    kind = type(value)
    if kind is bool:
        return _("{value} (a yes/no value, not a number)", value=value)
    if kind is float:
        number = cast(float, value)
        if number.is_integer() and abs(number) < 1e15:
            return _("{value} (a decimal number: write {whole})", value=repr(number),
                     whole=int(number))
        return _("{value} (a decimal number)", value=repr(number))
    if kind is int:
        count = cast(int, value)
        if count.bit_length() > 128:
            return _("a whole number of about {digits} digits",
                     digits=written(int(count.bit_length() * 0.30103)))
        return repr(count)
    if _is_numpy_number(value):
        return _("{value}, a numpy number (write int(...) to make it a Python number)",
                 value=_safe_repr(value))
    return _safe_repr(value)


class _SafeRepr(_ShortRepr):
    """The short repr that calls only trusted reprs: builtin values, the kit's own values and
    numpy numbers; anything else is 'a X object'."""

    def repr1(self, x: object, level: int) -> str:
        kind = type(x)
        if kind is Opaque:
            return cast(Opaque, x).text
        if kind in _BUILTIN_REPRS or _is_numpy_number(x):
            return super().repr1(x, level)
        if kind.__module__.startswith("sailing_kit.") and _trusted(kind):
            if level <= 0:
                return "..."
            if dataclasses.is_dataclass(kind):
                fields = ", ".join(self.repr1(getattr(x, f.name), level - 1)
                                   for f in dataclasses.fields(kind))
                return f"{_type_name(kind)}({fields})"
            return repr(x)
        return _("a {kind} object", kind=_type_name(kind))


def _trusted(kind: type) -> bool:
    """The kit's own classes, as defined in the kit (not a look-alike claiming its module)."""
    import sys

    module = sys.modules.get(kind.__module__)
    return module is not None and getattr(module, _type_name(kind), None) is kind


def _type_name(kind: type) -> str:
    name: str = type.__dict__["__name__"].__get__(kind, type)
    return _cut(name)


_BUILTIN_REPRS = frozenset({type(None), bool, int, float, complex, str, bytes, tuple, list, dict,
                            set, frozenset, range, Direction, Fraction, Decimal})
_SAFE = _SafeRepr()
for _name, _limit in (("maxlevel", 3), ("maxtuple", 6), ("maxlist", 6), ("maxdict", 4),
                      ("maxset", 4), ("maxfrozenset", 4), ("maxdeque", 4), ("maxarray", 4),
                      ("maxlong", 40), ("maxstring", MAX_SHOWN - 2), ("maxother", MAX_SHOWN)):
    setattr(_SAFE, _name, _limit)


def _safe_repr(value: object) -> str:
    try:
        return _cut(_SAFE.repr(value))
    except Exception:  # a failing repr must not hide the real problem
        return _("a {kind} object", kind=_type_name(type(value)))


def _cut(text: str) -> str:
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def _is_numpy_number(value: object) -> bool:
    """A numpy scalar of one of numpy's own types (never a subclass, whose repr could lie)."""
    import sys

    numpy = sys.modules.get("numpy")
    return numpy is not None and type(value) in _numpy_scalars(numpy)


def _numpy_scalars(numpy: Any) -> frozenset[type]:
    global _NUMPY_SCALARS
    if _NUMPY_SCALARS is None:
        _NUMPY_SCALARS = frozenset(t for t in numpy.sctypeDict.values()
                                   if isinstance(t, type) and issubclass(t, numpy.generic))
    return _NUMPY_SCALARS


_NUMPY_SCALARS: frozenset[type] | None = None


def whole(value: object, what: str, low: int = -MAX_WHOLE, high: int = MAX_WHOLE, *,
          error: Error = UnreadableAction) -> int:
    """``value`` as a plain ``int`` from ``low`` to ``high``; a bool, a decimal, a numpy number,
    a text or anything else is refused."""
    if type(value) is not int or not low <= value <= high:
        raise error(_whole_refused(what, low, high, shown(value)))
    return int(value)


def _whole_refused(what: str, low: int, high: int, given: str) -> str:
    if low == -MAX_WHOLE and high == MAX_WHOLE:
        return _("{what} is a whole number, not {given}", what=what, given=given)
    if high == MAX_WHOLE:
        return _("{what} is a whole number of {low} or more, not {given}", what=what, low=low,
                 given=given)
    return _("{what} is a whole number from {low} to {high}, not {given}", what=what, low=low,
             high=high, given=given)


def flag(value: object, what: str, *, error: Error = UnreadableAction) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 1, 0 or a text)."""
    if type(value) is not bool:
        raise error(_("{what} is True or False, not {given}", what=what, given=shown(value)))
    return value


def text(value: object, what: str, most: int = 200, *, error: Error = UnreadableAction) -> str:
    """``value`` if it is a text of at most ``most`` characters."""
    if type(value) is not str:
        raise error(_("{what} is a text, not {given}", what=what, given=shown(value)))
    if len(value) > most:
        raise error(_("{what} is a text of at most {most} characters, not one of {size}",
                      what=what, most=most, size=written(len(value))))
    return str(value)


def choice(value: object, options: Collection[str], what: str, *,
           error: Error = UnreadableAction) -> str:
    """``value`` if it is one of the texts ``options`` (exactly)."""
    if type(value) is str and value in options:
        return str(value)
    listed = ", ".join(repr(option) for option in options)
    raise error(_("{what} is one of {listed}, not {given}", what=what, listed=listed,
                  given=shown(value)))


def member(value: object, kind: type[E], what: str, *, error: Error = UnreadableAction) -> E:
    """A member of the enumeration ``kind``: itself, or its value or name as the JSON form
    writes it (a text in any case, for text values)."""
    if type(value) is kind:
        return value
    for item in kind:
        if type(value) is type(item.value) and value == item.value:
            return item
        if type(value) is str and value.strip().upper() in (item.name, str(item.value).upper()):
            return item
    listed = ", ".join(str(item.value) for item in kind)
    raise error(_("{what} is one of {listed}, not {given}", what=what, listed=listed,
                  given=shown(value)))


def direction(value: object, what: str | None = None, *, error: Error = UnreadableAction
              ) -> Direction:
    """A compass direction: a :class:`Direction` or its name in any case (``"ne"``)."""
    if type(value) is Direction:
        return value
    if type(value) is str and value.strip().upper() in Direction.__members__:
        return Direction[value.strip().upper()]
    raise error(_("{given} is not a compass direction: {what} is one of {directions}",
                  given=shown(value), what=what or _("a heading"), directions=_DIRECTIONS))


def point(value: object, what: str | None = None, *, error: Error = UnreadableAction,
          low: int = -MAX_COORDINATE, high: int = MAX_COORDINATE) -> tuple[int, int]:
    """``(x, y)`` from a tuple or a JSON list of two whole numbers, each from ``low`` to
    ``high``."""
    what = what or _("a point")
    pair = _sequence(value)
    if pair is None or len(pair) != 2:
        raise error(_("{what} is two whole numbers (x, y), not {given}", what=what,
                      given=shown(value)))
    for c in pair:
        if type(c) is not int:
            raise error(_("{what} is two whole numbers (x, y), and {given} is not one",
                          what=what, given=shown(c)))
    x, y = (whole(c, _("each number of {what}", what=what), low, high, error=error)
            for c in pair)
    return (x, y)


def items(value: object, read: Callable[[object], T], what: str, *, fewest: int = 0,
          most: int = MAX_ITEMS, error: Error = UnreadableAction) -> tuple[T, ...]:
    """A tuple of ``fewest`` to ``most`` items from a tuple or a JSON list, each read by
    ``read`` (which raises for a bad item)."""
    if type(value) is not tuple and type(value) is not list:  # never a subclass
        raise error(_("{what} is a list, like [1, 2], not {given}", what=what,
                      given=shown(value)))
    if not fewest <= len(value) <= most:
        if fewest == most:
            raise error(n_("{what} holds {count} item, not {size}",
                           "{what} holds {count} items, not {size}", fewest, what=what,
                           size=written(len(value))))
        raise error(_("{what} holds {fewest} to {most} items, not {size}", what=what,
                      fewest=fewest, most=most, size=written(len(value))))
    return tuple([read(item) for item in value])


def _sequence(value: object) -> tuple[object, ...] | list[object] | None:
    """``value`` if it is exactly a tuple or a list (never a subclass), else None."""
    if type(value) is tuple or type(value) is list:
        return cast(tuple[object, ...] | list[object], value)
    return None


def json_value(text: object, what: str, *, error: Error) -> Any:
    """The JSON value of a file's ``text`` (a str, or UTF-8 bytes; a byte-order mark is
    skipped). Bytes that are not UTF-8, bad JSON, numbers of more than 4,300 digits and nesting
    deeper than :data:`MAX_DEPTH` raise ``error`` naming ``what`` the file should be."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(_("this is not {what}: the file is not UTF-8 text (byte {byte} cannot "
                          "be read)", what=what, byte=written(problem.start + 1))) from None
    if not isinstance(text, str):
        raise error(_("{what} is a text, not {given}", what=what, given=shown(text)))
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        data = deep = None
    except ValueError as problem:  # bad JSON, or a number of more than 4,300 digits
        raise error(_("this is not {what}: the text is not valid JSON ({problem})", what=what,
                      problem=problem)) from None
    else:
        deep = _depth(data) > MAX_DEPTH
    if deep is None or deep:
        raise error(_("this is not {what}: its JSON is nested more than {most} levels deep",
                      what=what, most=MAX_DEPTH))
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
