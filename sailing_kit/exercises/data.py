"""Students' answers as plain, bounded data: what every check reads, and what the grader carries
out of a student's kernel.

:func:`plain` turns any value into plain Python data (``None``, ``...``, bools, ints, floats,
strings, Fractions, the kit's enums, and tuples, lists, sets and dicts of them). numpy and sympy
numbers and arrays become their plain equivalents; anything else, and anything too long, too
deep or too big, becomes an :class:`Opaque` that only says what it was. No method of a student's
object is ever called: not ``__repr__``, not ``__eq__``, not ``__iter__``.

:func:`dumps` and :func:`loads` write plain data as JSON and read it back (the grader's way out
of the kernel); :func:`harvest` collects a notebook's ``answer_N`` variables.
"""

from __future__ import annotations

import importlib
import json
import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

MAX_ITEMS = 200
"""The most items a list, tuple, set, dict or array answer may hold."""
MAX_TEXT = 2000
"""The longest text answer, in characters."""
MAX_DEPTH = 6
"""How deeply containers may nest."""
MAX_BITS = 4000
"""The biggest whole number kept as a number (about 1,200 digits); bigger ones are Opaque."""
MARKER = "sailing_kit-answers:"
"""The line prefix :func:`harvest` prints before the JSON."""


@dataclass(frozen=True)
class Opaque:
    """A value that is not data the checks can read. ``what`` says what it was ("a text of
    12,000 characters"), ``problem`` what is wrong with it, both for messages."""

    what: str
    problem: str = "cannot be read as an answer"  # = UNREADABLE

    @property
    def why(self) -> str:
        return f"{self.what} {self.problem}"


UNREADABLE = "cannot be read as an answer"
TOO_BIG = "is far too big to be the answer"
TOO_MANY = "holds far too many items for this question"


def describe(value: object) -> Opaque:
    """An opaque value, in a few words, without calling any of its methods."""
    name = getattr(type(value), "__name__", "")
    name = name if isinstance(name, str) and name.isidentifier() else "unknown"
    return Opaque(f"a{'n' if name[0].lower() in 'aeiou' else ''} {name} object")


def plain(value: object, depth: int = 0) -> object:
    """``value`` as plain, bounded data (see the module docstring). Never raises."""
    try:
        return _plain(value, depth)
    except Exception:  # a hostile object: say what it was, nothing more
        return describe(value)


_TRUSTED = ("builtins", "fractions", "collections", "numpy", "sympy")
"""The modules whose values :func:`plain` converts; a value of any other type is Opaque."""


def _plain(value: object, depth: int) -> object:
    if value is None or value is ... or isinstance(value, bool):
        return value
    kind = type(value)
    if isinstance(value, Enum):
        return value if kind.__module__.startswith("sailing_kit.") else describe(value)
    if kind.__module__.split(".")[0] not in _TRUSTED:
        return describe(value)
    if kind.__module__.startswith("numpy") and kind.__name__ in ("bool_", "bool"):
        return bool(value)
    if isinstance(value, numbers.Integral):
        return _whole(int(value))
    if isinstance(value, numbers.Rational):
        return _rational(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, str):
        text = str.__str__(value)
        return text if len(text) <= MAX_TEXT else Opaque(f"a text of {len(text):,} characters",
                                                          "is far too long to be the answer")
    if depth >= MAX_DEPTH:
        return Opaque("an answer nested so deeply", "cannot be the answer")
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return _container(value, depth)
    if kind.__module__.split(".")[0] in ("numpy", "sympy") and hasattr(value, "tolist"):
        return _array(value, depth)
    return describe(value)


def _whole(number: int) -> int | Opaque:
    if number.bit_length() > MAX_BITS:
        digits = int(number.bit_length() * math.log10(2))
        return Opaque(f"a whole number of about {digits:,} digits", TOO_BIG)
    return number


def _rational(value: numbers.Rational) -> object:
    numerator, denominator = _whole(int(value.numerator)), _whole(int(value.denominator))
    if isinstance(numerator, Opaque) or isinstance(denominator, Opaque):
        return Opaque("a fraction with thousands of digits", TOO_BIG)
    assert isinstance(numerator, int) and isinstance(denominator, int)
    return Fraction(numerator, denominator)


def _container(value: list | tuple | set | frozenset | dict, depth: int) -> object:
    """Only the builtin containers (and ``collections``' own) get here: iterating is safe."""
    if len(value) > MAX_ITEMS:
        return Opaque(f"a {type(value).__name__} of {len(value):,} items", TOO_MANY)
    if isinstance(value, dict):
        return {plain(k, depth + 1): plain(v, depth + 1) for k, v in value.items()}
    items = [plain(item, depth + 1) for item in value]
    if isinstance(value, (set, frozenset)):
        return frozenset(items) if isinstance(value, frozenset) else set(items)
    return tuple(items) if isinstance(value, tuple) else items


def _array(value: object, depth: int) -> object:
    size = getattr(value, "size", None)
    if size is None:
        shape = getattr(value, "shape", None)
        size = math.prod(shape) if isinstance(shape, tuple) else None
    if not isinstance(size, int) or size > MAX_ITEMS:
        return Opaque("an array of many numbers", TOO_MANY) if isinstance(size, int) else describe(value)
    listed = value.tolist()  # type: ignore[attr-defined]
    return plain(listed, depth)


# ----- JSON, for the grader ---------------------------------------------------------------------

def encode(value: object) -> object:
    """Plain data as JSON-ready data, every kind tagged so :func:`decode` rebuilds it exactly."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if value is ...:
        return {"ellipsis": True}
    if isinstance(value, Enum):
        return {"enum": f"{type(value).__module__}:{type(value).__qualname__}", "name": value.name}
    if isinstance(value, int):
        return value if abs(value) < 2**53 else {"int": str(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, Fraction):
        return {"fraction": [str(value.numerator), str(value.denominator)]}
    if isinstance(value, Opaque):
        return {"opaque": [value.what, value.problem]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    for kind in (tuple, frozenset, set, list):
        if isinstance(value, kind):
            return {kind.__name__: [encode(item) for item in value]}
    return encode(describe(value))


def decode(data: object) -> object:
    """The value :func:`encode` wrote. Unknown tags and enums from outside the kit are Opaque."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return Opaque("an untagged list")
    if not isinstance(data, dict) or len(data) not in (1, 2):
        return Opaque("a value the grader cannot read")
    tag, body = next(iter(data.items()))
    if tag == "ellipsis":
        return ...
    if tag == "int":
        return int(body)
    if tag == "float":
        return float(body)
    if tag == "fraction":
        return Fraction(int(body[0]), int(body[1]))
    if tag == "opaque":
        return Opaque(str(body[0]), str(body[1]))
    if tag == "enum":
        return _enum(str(body), str(data.get("name")))
    if tag == "dict":
        return {decode(k): decode(v) for k, v in body}
    kinds: dict[str, type] = {"tuple": tuple, "list": list, "set": set, "frozenset": frozenset}
    if tag in kinds:
        return kinds[tag](decode(item) for item in body)
    return Opaque("a value the grader cannot read")


def _enum(where: str, name: str) -> object:
    module, _, qualname = where.partition(":")
    if not module.startswith("sailing_kit."):
        return Opaque("an enum from outside the kit")
    kind = importlib.import_module(module)
    for part in qualname.split("."):
        kind = getattr(kind, part)
    if not (isinstance(kind, type) and issubclass(kind, Enum)):
        return Opaque("not an enum")
    return kind[name]


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


def harvest(namespace: Mapping[str, object]) -> str:
    """One line for the grader: :data:`MARKER`, then the notebook's ``answer_N`` values and the
    name it started with, as JSON."""
    from sailing_kit.exercises.session import started_names

    answers = {name: plain(value) for name, value in dict(namespace).items()
               if isinstance(name, str) and name.startswith("answer_") and name[7:].isdigit()}
    return MARKER + json.dumps({"answers": encode(answers), "started": started_names()})
