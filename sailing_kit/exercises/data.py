"""Students' answers as plain, bounded data: what every check reads, and what the grader carries
out of a student's kernel.

:func:`plain` turns any value into plain Python data (``None``, ``...``, bools, ints, floats,
strings, Fractions, the kit's enums, and tuples, lists, sets and dicts of them). Only values of
an exact known type are read: the builtin ones, ``Fraction``, ``Decimal`` (as the float it
stands for), ``collections``' dicts, numpy's and sympy's numbers and arrays, and the kit's own
enums; a subclass, or a class that merely claims such a module, is not. Anything else, and
anything too long, too deep or too big, becomes an :class:`Opaque` that only says what it was.
Every item is counted as it is visited, shared references included (``[[x] * 200] * 200`` is
40,000 visits), and the walk stops at :data:`MAX_VISITS`. No method of a student's object is
ever called: not ``__repr__``, not ``__eq__``, not ``__iter__``.

:func:`dumps` and :func:`loads` write plain data as JSON and read it back (the grader's way out
of the kernel).
"""

from __future__ import annotations

import importlib
import json
import math
import sys
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import cast

from sailing_kit.core.i18n import Marked, Text, _, n_

MAX_ITEMS = 200
"""The most items a list, tuple, set, dict or array answer may hold."""
MAX_VISITS = 2000
"""The most items (at any depth, shared references counted at each visit) one answer may hold."""
MAX_TEXT = 2000
"""The longest text answer, in characters."""
MAX_DEPTH = 6
"""How deeply containers may nest."""
MAX_BITS = 4000
"""The biggest whole number kept as a number (about 1,200 digits); bigger ones are Opaque."""


@dataclass(frozen=True)
class Opaque:
    """A value that is not data the checks can read: its ``kind`` (one of :data:`KINDS`), with
    the ``count`` and the type ``name`` that say what it was. ``what`` ("a text of 12,000
    characters"), ``problem`` (what is wrong with it) and ``why`` (both) are words for messages,
    in the language spoken when they are read."""

    kind: str = "unreadable"
    count: int = 0
    name: str = ""

    @property
    def what(self) -> str:
        return _what(self.kind, self.count, self.name)

    @property
    def problem(self) -> str:
        return _problem(KINDS[self.kind])

    @property
    def why(self) -> str:
        return _("{what} {problem}", what=self.what, problem=self.problem)

    @property
    def unreadable(self) -> bool:
        """True for a value that is no data at all (rather than data too big or too long)."""
        return KINDS[self.kind] == "unreadable"


KINDS = {"text": "too-long", "items": "too-many", "visits": "too-many", "array": "too-many",
         "deep": "too-deep", "whole": "too-big", "fraction": "too-big", "decimal": "too-big",
         "object": "unreadable", "unreadable": "unreadable", "enum": "unreadable",
         "member": "unreadable"}
"""Each kind of opaque value, and what is wrong with it."""


def _what(kind: str, count: int, name: str) -> str:
    if kind == "text":
        return n_("a text of {count} character", "a text of {count} characters", count)
    if kind == "items":
        return n_("a {name} of {count} item", "a {name} of {count} items", count, name=name)
    if kind == "visits":
        return n_("an answer of more than {count} item in all",
                  "an answer of more than {count} items in all", count)
    if kind == "array":
        return n_("an array of {count} number", "an array of {count} numbers", count)
    if kind == "whole":
        return n_("a whole number of about {count} digit", "a whole number of about {count} digits",
                  count)
    words = {"deep": _("an answer nested so deeply"),
             "fraction": _("a fraction with thousands of digits"),
             "decimal": _("a decimal of thousands of digits"),
             "object": _("a value of the type {name}", name=name),
             "enum": _("an enum from outside the kit"), "member": _("not a {name}", name=name)}
    return words.get(kind, _("a value the grader cannot read"))


def _problem(problem: str) -> str:
    words = {"too-long": _("is far too long to be the answer"),
             "too-many": _("holds far too many items for this question"),
             "too-deep": _("cannot be the answer"), "too-big": _("is far too big to be the answer")}
    return words.get(problem, _("cannot be read as an answer"))


_type_name = type.__dict__["__name__"].__get__
"""The name of a class, read without running any code of the class or its metaclass."""


def describe(value: object) -> Opaque:
    """An opaque value, in a few words, without calling any of its methods."""
    name = _type_name(type(value))
    return Opaque("object", name=name if isinstance(name, str) and name.isidentifier()
                  else "unknown")


class _TooMany(Exception):
    """The walk of one answer visited more than :data:`MAX_VISITS` items."""


def plain(value: object, depth: int = 0) -> object:
    """``value`` as plain, bounded data (see the module docstring). Never raises."""
    budget = [MAX_VISITS]
    try:
        return _plain(value, depth, budget)
    except _TooMany:
        return Opaque("visits", MAX_VISITS)
    except Exception:  # a hostile object: say what it was, nothing more
        return describe(value)


_CONTAINERS = (list, tuple, set, frozenset, dict, OrderedDict, defaultdict, Counter)
_KIT_ENUMS = {"sailing_kit.core.compass": ("Direction",),
              "sailing_kit.race.sailing": ("PointOfSail", "Tack"),
              "sailing_kit.race.rightofway": ("Rule",), "sailing_kit.calm.cards": ("Special",),
              "sailing_kit.trireme.rules": ("Effect", "Phase", "Ending")}
"""The kit's enums an answer may hold, by module (looked up in the modules already loaded)."""


def _is(kind: type, kinds: object) -> bool:
    """True if ``kind`` is one of ``kinds`` (by identity: a class's ``__eq__`` is never run)."""
    return any(kind is known for known in kinds)  # type: ignore[attr-defined]  # the value's exact type was checked just above


def _loaded(module: str, names: tuple[str, ...]) -> list[type]:
    found = sys.modules.get(module)
    return [found.__dict__[n] for n in names if n in found.__dict__] if found is not None else []


def _kit_enum(kind: type) -> bool:
    return _is(kind, [k for module, names in _KIT_ENUMS.items() for k in _loaded(module, names)])


def _numpy_kinds() -> tuple[list[type], list[type]]:
    """numpy's scalar types and its array type (empty if numpy is not loaded)."""
    numpy = sys.modules.get("numpy")
    if numpy is None:
        return [], []
    return list(numpy.sctypeDict.values()), [numpy.ndarray]


def _sympy_kinds() -> tuple[list[type], list[type]]:
    """sympy's number types and its dense matrices (empty if sympy is not loaded)."""
    numbers, matrices = sys.modules.get("sympy.core.numbers"), sys.modules.get("sympy.matrices")
    if numbers is None:
        return [], []
    kinds = [k for k in vars(numbers).values()
             if isinstance(k, type) and issubclass(k, numbers.Number)]
    dense = _loaded("sympy.matrices", ("MutableDenseMatrix", "ImmutableDenseMatrix")) \
        if matrices is not None else []
    return kinds, dense


def _plain(value: object, depth: int, budget: list[int]) -> object:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooMany
    kind = type(value)
    if value is None or value is ... or kind is bool:
        return value
    if kind is int:
        return _whole(value)  # type: ignore[arg-type]  # the value's exact type was checked just above
    if kind is float:
        return value
    if kind is str or _is(kind, (Marked, Text)):  # the kit's own texts are plain text too
        text: str = str.__str__(value)
        return text if len(text) <= MAX_TEXT else Opaque("text", len(text))
    if kind is Fraction:
        return _rational(value.numerator, value.denominator)  # type: ignore[attr-defined]  # the value's exact type was checked just above
    if kind is Decimal:
        return _decimal(value)  # type: ignore[arg-type]  # the value's exact type was checked just above
    if _is(kind, _CONTAINERS):
        if depth >= MAX_DEPTH:
            return Opaque("deep")
        return _container(value, depth, budget)  # type: ignore[arg-type]  # the value's exact type was checked just above
    if isinstance(value, Enum):
        return value if _kit_enum(kind) else describe(value)
    return _foreign(value, kind, depth, budget)


def _foreign(value: object, kind: type, depth: int, budget: list[int]) -> object:
    """numpy's and sympy's numbers and arrays, as plain data; anything else is Opaque."""
    scalars, arrays = _numpy_kinds()
    if _is(kind, scalars):
        return _plain(value.item(), depth, budget)  # type: ignore[attr-defined]  # the value's exact type was checked just above
    numbers, matrices = _sympy_kinds()
    if _is(kind, numbers):
        return _sympy_number(value)
    if _is(kind, arrays) or _is(kind, matrices):
        if depth >= MAX_DEPTH:
            return Opaque("deep")
        return _array(value, depth, budget)
    return describe(value)


def _whole(number: int) -> int | Opaque:
    if number.bit_length() > MAX_BITS:
        digits = int(number.bit_length() * math.log10(2))
        return Opaque("whole", digits)
    return number


def _rational(numerator: int, denominator: int) -> object:
    top, bottom = _whole(numerator), _whole(denominator)
    if isinstance(top, Opaque) or isinstance(bottom, Opaque):
        return Opaque("fraction")
    return Fraction(top, bottom)


def _decimal(value: Decimal) -> object:
    """A Decimal as the number it stands for: a whole number, else a float."""
    if not value.is_finite():
        return float(value)
    if value.adjusted() > 1200:
        return Opaque("decimal")
    if value == value.to_integral_value():
        return _whole(int(value))
    return float(value)


def _sympy_number(value: object) -> object:
    if getattr(value, "is_Integer", False):
        return _whole(int(value))  # type: ignore[call-overload]  # the value's exact type was checked just above
    if getattr(value, "is_Rational", False):
        return _rational(int(value.p), int(value.q))  # type: ignore[attr-defined]  # the value's exact type was checked just above
    return float(value)  # type: ignore[arg-type]  # the value's exact type was checked just above


def _container(value: list[object] | tuple[object, ...] | set[object] | frozenset[object]
               | dict[object, object], depth: int, budget: list[int]) -> object:
    """Only the exact builtin containers (and ``collections``' dicts) get here: iterating them
    runs no student code."""
    if len(value) > MAX_ITEMS:
        return Opaque("items", len(value), _type_name(type(value)))
    if isinstance(value, dict):
        return {_plain(k, depth + 1, budget): _plain(v, depth + 1, budget)
                for k, v in dict.items(value)}
    items = [_plain(item, depth + 1, budget) for item in value]
    if isinstance(value, (set, frozenset)):
        return frozenset(items) if isinstance(value, frozenset) else set(items)
    return tuple(items) if isinstance(value, tuple) else items


def _array(value: object, depth: int, budget: list[int]) -> object:
    shape = value.shape  # type: ignore[attr-defined]  # the value's exact type was checked just above
    size = math.prod(shape) if isinstance(shape, tuple) else MAX_ITEMS + 1
    if size > MAX_ITEMS:
        return Opaque("array", size)
    budget[0] -= size
    if budget[0] < 0:
        raise _TooMany
    return _plain(value.tolist(), depth, budget)  # type: ignore[attr-defined]  # the value's exact type was checked just above


# ----- JSON, for the grader ---------------------------------------------------------------------

def encode(value: object) -> object:
    """Plain data as JSON-ready data, every kind tagged so :func:`decode` rebuilds it exactly."""
    if isinstance(value, Enum):  # before str: a kit enum may be a str too (Rule, Direction)
        return {"enum": f"{type(value).__module__}:{type(value).__qualname__}", "name": value.name}
    if value is None or isinstance(value, (bool, str)):
        return value
    if value is ...:
        return {"ellipsis": True}
    if isinstance(value, int):
        return value if abs(value) < 2**53 else {"int": str(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, Fraction):
        return {"fraction": [str(value.numerator), str(value.denominator)]}
    if isinstance(value, Opaque):
        return {"opaque": [value.kind, value.count, value.name]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    for kind in (tuple, frozenset, set, list):
        if isinstance(value, kind):
            return {kind.__name__: [encode(item) for item in value]}
    return encode(describe(value))


def decode(data: object) -> object:
    """The value :func:`encode` wrote. Anything malformed (an unknown tag, a fraction over 0, an
    enum from outside the kit) becomes an Opaque; never raises."""
    try:
        return _decode(data)
    except Exception:  # a forged or broken line: that value only is unreadable
        return Opaque()


def _decode(data: object) -> object:
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if not isinstance(data, dict) or len(data) not in (1, 2):
        return Opaque()
    tag, body = next(iter(data.items()))
    if tag == "ellipsis":
        return ...
    if tag == "int":
        return _whole(int(str(body)))
    if tag == "float":
        return float(str(body))
    if tag == "fraction":
        return _rational(int(str(body[0])), int(str(body[1])))
    if tag == "opaque":
        return _opaque(body)
    if tag == "enum":
        return _enum(str(body), str(data.get("name")))
    if tag == "dict":
        return {decode(k): decode(v) for k, v in body}
    kinds: dict[str, type] = {"tuple": tuple, "list": list, "set": set, "frozenset": frozenset}
    if tag in kinds and isinstance(body, list):
        return kinds[tag](decode(item) for item in body)
    return Opaque()


def _opaque(body: object) -> Opaque:
    """An opaque value as the kernel described it; a forged description is itself unreadable."""
    kind, count, name = cast("tuple[object, object, object]", body)  # else decode says so
    if type(kind) is str and kind in KINDS and type(count) is int and 0 <= count < 10**15 \
            and type(name) is str and len(name) <= 60 and (name == "" or name.isidentifier()):
        return Opaque(kind, count, name)
    return Opaque()


def _enum(where: str, name: str) -> object:
    module, _colon, qualname = where.partition(":")
    if qualname not in _KIT_ENUMS.get(module, ()):
        return Opaque("enum")
    kind = vars(importlib.import_module(module))[qualname]
    member = kind.__members__.get(name)
    return member if member is not None else Opaque("member", name=qualname)


def dumps(value: object) -> str:
    return json.dumps(encode(plain(value)))


def loads(text: str) -> object:
    """Read what :func:`dumps` wrote; anything malformed raises ValueError."""
    if len(text) > 5_000_000:
        raise ValueError("the answers are too long to read")
    try:
        return decode(json.loads(text))
    except (RecursionError, KeyError, IndexError, TypeError, AttributeError, LookupError) as error:
        raise ValueError(f"the answers cannot be read: {type(error).__name__}") from None
