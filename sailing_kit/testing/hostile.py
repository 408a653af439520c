"""Hostile Python objects: values that lie about themselves, for the readers to see through.

A notebook can hand a game any object. :func:`liars` wraps a plain value (an action's JSON form,
or junk) in subclasses of ``int``, ``str``, ``tuple``, ``list`` and ``dict`` whose comparisons,
hash, length, iteration, indexing and text all lie, or raise; a reader that copies through the
builtin types' own methods (:func:`~sailing_kit.core.reading.plain`) reads exactly the plain
value. :func:`impostors` are objects that are no builtin value at all, however they present
themselves: endless and raising iterators, a generator, an object whose ``__class__`` claims
``int`` or ``tuple``, a class that claims to be the builtin ``int``; every reader refuses them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

LIE = 10**9
"""What the lying ``__len__`` and ``__index__`` say."""


def _raise(*_: object, **__: object) -> Any:
    raise RuntimeError("a hostile object raises here")


def _endless(*_: object) -> Iterator[int]:
    return itertools.count()


_LIES: dict[str, Callable[..., Any]] = {
    "__eq__": lambda self, other: True, "__ne__": lambda self, other: False,
    "__lt__": lambda self, other: True, "__le__": lambda self, other: True,
    "__gt__": lambda self, other: True, "__ge__": lambda self, other: True,
    "__hash__": lambda self: 0, "__bool__": lambda self: False,
    "__len__": lambda self: LIE, "__iter__": _endless, "__contains__": lambda self, item: True,
    "__getitem__": lambda self, key: 0, "__index__": lambda self: 0, "__int__": lambda self: 0,
    "__str__": lambda self: "roll", "__repr__": _raise, "__format__": _raise,
    "strip": lambda self, *args: LIE, "lower": lambda self: LIE, "upper": lambda self: LIE,
    "split": lambda self, *args: _endless(), "isdigit": lambda self: True,
    "keys": _endless, "values": _endless, "items": _endless, "get": lambda self, *args: LIE,
    "__reduce__": _raise,
}
_RAISES = dict.fromkeys(("__len__", "__iter__", "__getitem__", "__eq__", "__hash__", "__str__",
                         "__index__", "__contains__", "keys", "items", "get", "strip", "__lt__"),
                        _raise)


def _liar(base: type, style: str) -> type:
    methods = {**_LIES, **(_RAISES if style == "raising" else {})}
    return type(f"{style.capitalize()}{base.__name__.capitalize()}", (base,), methods)


_KINDS = (int, str, tuple, list, dict)
LIARS = {(base, style): _liar(base, style) for base in _KINDS for style in ("lying", "raising")}
"""Per builtin type, a subclass whose methods all lie, and one whose methods raise."""


def liars(value: Any) -> list[tuple[str, object]]:
    """``value`` (plain values only) rebuilt from lying subclasses, all the way down, in every
    style: ``[(name, object), ...]``. Each reads as exactly ``value``."""
    return [(f"{style} {type(value).__name__}", _wrap(value, style))
            for style in ("lying", "raising")]


def _wrap(value: Any, style: str) -> Any:
    kind = type(value)
    if kind is bool or value is None or kind not in _KINDS:
        return value  # bool cannot be subclassed; enum members and floats stay as they are
    liar = LIARS[(kind, style)]
    if kind is dict:
        made = liar()
        for key, item in dict.items(value):
            dict.__setitem__(made, _wrap(key, style) if type(key) is not str else key,
                             _wrap(item, style))
        return made
    if kind in (tuple, list):
        return liar([_wrap(item, style) for item in value])
    return liar(value)


class _Impostor:
    """Claims to be another class (``isinstance`` believes it), and to be equal to anything."""

    def __init__(self, claims: type, value: object):
        self._claims, self._value = claims, value

    @property  # type: ignore[misc]  # the lie under test: __class__ as a property
    def __class__(self) -> type:
        return self._claims

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__

    def __index__(self) -> int:
        return 3

    def __int__(self) -> int:
        return 3

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[object]:
        return itertools.count()

    def __getitem__(self, key: object) -> object:
        return self._value

    def __str__(self) -> str:
        return "roll"


def _fake_builtin(name: str) -> object:
    """An instance of a class named ``name`` claiming ``__module__ = "builtins"``."""
    fake = type(name, (), {"__module__": "builtins", "__qualname__": name,
                           "__eq__": lambda self, other: True, "__hash__": lambda self: 0,
                           "__index__": lambda self: 3, "__str__": lambda self: "roll",
                           "__len__": lambda self: 2, "__iter__": _endless})
    return fake()


class _RaisingIterable:
    def __iter__(self) -> Iterator[object]:
        raise RuntimeError("a hostile iterable raises when iterated")

    def __len__(self) -> int:
        raise RuntimeError("a hostile iterable raises when measured")


def _generator() -> Iterator[int]:
    while True:
        yield 1


def impostors(like: object) -> list[tuple[str, object]]:
    """Objects of no builtin type, each pretending to be ``like`` (an action, its JSON form):
    every reader must refuse them, at once and changing nothing."""
    return [
        ("an endless iterator", itertools.count()),
        ("an endless generator", _generator()),
        ("an iterator that repeats the action forever", itertools.repeat(like)),
        ("an iterable that raises", _RaisingIterable()),
        ("an object whose __class__ claims int", _Impostor(int, like)),
        ("an object whose __class__ claims tuple", _Impostor(tuple, like)),
        ("an object whose __class__ claims dict", _Impostor(dict, like)),
        ("an object whose __class__ claims the action's class", _Impostor(type(like), like)),
        ("a class claiming to be the builtin int", _fake_builtin("int")),
        ("a class claiming to be the builtin tuple", _fake_builtin("tuple")),
        ("a class claiming to be the builtin str", _fake_builtin("str")),
    ]


JUNK = (10**6, -10**30, "~ no move of any game ~", ("~", "~", "~"), {"~": "~"},
        [[[["~"]]]])
"""Plain values that are no action of any game: wrapped in liars, they must still be refused."""
