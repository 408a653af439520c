"""Hypothesis strategies for bad input: actions bent out of shape, and hostile saved files.

Both start from something real — a legal action of the position, a game's own saved file — and
change it in one place, the way a student's typo, a notebook's numpy array or an edited file
does: ``2`` becomes ``2.0``, ``True`` or ``numpy.int64(2)``, a heading becomes the text ``"NE"``,
a tuple is reordered, doubled or emptied, a field takes a value of the wrong type, a JSON object
gains or loses a key; saved files are cut short, nested thousands deep, given numbers of 5,000
digits, bytes that are not UTF-8, or options named ``seed`` and ``cls``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from enum import Enum
from functools import partial
from typing import Any

import numpy as np
from hypothesis import strategies as st

from sailing_kit.core.protocol import GameState

HUGE = 10**4400
"""A whole number Python cannot even print by default (more than 4,300 digits)."""
LONG_TEXT = "x" * 3_000


class HostileRepr:
    """An object whose ``repr`` raises: a message quoting it must not crash."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How hypothesis shows it in a failing example."""
        printer.text("HostileRepr()")


def deep_list(depth: int) -> list[Any]:
    """A list nested ``depth`` levels deep, built without recursion."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


JUNK: tuple[Any, ...] = (None, Ellipsis, object(), HostileRepr(), b"\xff\xfe", float("nan"),
                         float("inf"), 1j, {1, 2}, frozenset(), bytearray(b"x"), LONG_TEXT,
                         HUGE, -HUGE, deep_list(200), {"": None}, [None], (), {}, "", "  ")
"""Values of no game's form at all."""


def replacements(value: Any) -> st.SearchStrategy[Any]:
    """Values that stand where ``value`` stood: the same number as another type, a text in
    another case, a huge or negative number, or junk."""
    options: list[Any] = []
    if isinstance(value, bool):
        options += [int(value), str(value).lower(), np.bool_(value)]
    elif isinstance(value, Enum):
        options += [value.value, value.name, str(value.value).lower(), f" {value.value} "]
    elif isinstance(value, int):
        options += [float(value), value + 0.5, bool(value % 2), np.int64(value), np.int8(value % 100),
                    str(value), -value - 1, value + 1, value + 1000, HUGE + value, [value]]
    elif isinstance(value, float):
        options += [int(value), str(value), np.float64(value)]
    elif isinstance(value, str):
        options += [value.upper(), value.lower(), f" {value} ", value + "x", value * 3, 7,
                    [value], value.encode()]
    elif value is None:
        options += [0, False, "", "None", ()]
    elif isinstance(value, (tuple, list)):
        options += [set(value) if _hashable(value) else value, str(value), len(value)]
    return st.sampled_from(options + list(JUNK))


def bent(value: Any) -> st.SearchStrategy[Any]:
    """``value`` changed in one place, at any depth: a field of a dataclass, an item of a tuple
    or list, a value or key of a dict, or the value as a whole."""
    options = [replacements(value)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value)]
        if fields:
            options.append(st.sampled_from(fields).flatmap(partial(_bent_field, value)))
        options.append(st.just(_in_disguise(value)))
    elif isinstance(value, (tuple, list)):
        options.append(_bent_sequence(value))
    elif isinstance(value, dict):
        options.append(_bent_dict(value))
    return st.one_of(options)


def _bent_sequence(value: tuple[Any, ...] | list[Any]) -> st.SearchStrategy[Any]:
    kind = type(value)
    items = list(value)
    options: list[st.SearchStrategy[Any]] = [
        st.just(list(items) if kind is tuple else tuple(items)),
        st.permutations(items).map(kind),
        st.just(kind(items + items[:1])),
        st.just(kind(items * 200)),
        st.just(kind([items])),
    ]
    if items:
        options.append(st.integers(0, len(items) - 1).flatmap(partial(_bent_item, items, kind)))
        options.append(st.just(kind(items[:-1])))
    return st.one_of(options)


def _bent_dict(value: dict[Any, Any]) -> st.SearchStrategy[Any]:
    options: list[st.SearchStrategy[Any]] = [
        st.sampled_from(["extra", "seed", "cls", "", LONG_TEXT]).map(lambda key: {**value, key: 1}),
    ]
    if value:
        keys = list(value)
        options.append(st.sampled_from(keys).flatmap(partial(_bent_value, value)))
        options.append(st.sampled_from(keys).map(
            lambda key: {k: v for k, v in value.items() if k != key}))
        options.append(st.sampled_from(keys).map(
            lambda key: {(k.upper() if k == key and isinstance(k, str) else k): v
                         for k, v in value.items()}))
    return st.one_of(options)


def _bent_field(value: Any, name: str) -> st.SearchStrategy[Any]:
    return bent(getattr(value, name)).map(partial(_with_field, value, name))


def _bent_item(items: list[Any], kind: type, index: int) -> st.SearchStrategy[Any]:
    return bent(items[index]).map(partial(_with_item, items, kind, index))


def _with_item(items: list[Any], kind: type, index: int, new: Any) -> Any:
    return kind(items[:index] + [new] + items[index + 1:])


def _bent_value(value: dict[Any, Any], key: Any) -> st.SearchStrategy[Any]:
    return bent(value[key]).map(partial(_with_value, value, key))


def _with_value(value: dict[Any, Any], key: Any, new: Any) -> dict[Any, Any]:
    return {**value, key: new}


def _with_field(value: Any, name: str, new: Any) -> Any:
    """A copy of the dataclass instance ``value`` whose field ``name`` holds ``new`` (built
    behind the dataclass's back, as careless code can)."""
    clone = copy.copy(value)
    object.__setattr__(clone, name, new)
    return clone


def _in_disguise(value: Any) -> Any:
    """The same action as an instance of a subclass of its class."""
    cls = type(value)
    namespace: dict[str, Any] = {"__slots__": ()} if hasattr(cls, "__slots__") else {}
    disguised = type(f"Disguised{cls.__name__}", (cls,), namespace)
    clone: Any = object.__new__(disguised)
    for field in dataclasses.fields(value):
        object.__setattr__(clone, field.name, getattr(value, field.name))
    return clone


def _hashable(items: Any) -> bool:
    try:
        set(items)
    except TypeError:
        return False
    return True


def malformed_actions(state: GameState[Any]) -> st.SearchStrategy[Any]:
    """Actions bent out of shape from the legal ones of ``state``, as objects and as JSON,
    and junk."""
    legal = state.legal_actions()
    if not legal:
        return st.sampled_from(JUNK)
    forms = st.sampled_from(legal).flatmap(
        lambda action: st.sampled_from([action, state.action_to_json(action)]))
    return st.one_of(forms.flatmap(bent), st.sampled_from(JUNK))


def hostile_saves(text: str) -> st.SearchStrategy[str | bytes]:
    """Saved files made from the real one ``text``: cut short, with bytes that are not UTF-8,
    nested too deep, with numbers of thousands of digits, or with one entry bent anywhere."""
    data = json.loads(text)
    raw = text.encode("utf-8")
    digits = "9" * 4400
    nested = '{"game": ' + "[" * 100_000 + "]" * 100_000 + "}"
    options: list[st.SearchStrategy[str | bytes]] = [
        st.integers(0, max(0, len(text) - 1)).map(lambda k: text[:k]),
        st.integers(0, len(raw)).map(lambda k: raw[:k] + b"\xff\xc3" + raw[k:]),
        st.just("\ufeff" + text),
        st.just(raw),
        st.just(nested),
        st.just(text.replace(f'"seed": {data["seed"]}', f'"seed": {digits}', 1)),
        st.just(json.dumps({**data, "moves": [{"move": deep_list(40)}]})),
        st.just(json.dumps({**data, "moves": data["moves"] * 3})),
        st.just(text.replace("[", "[" * 500, 1)),
        bent(data).map(_dumps),
    ]
    return st.one_of(options)


def _dumps(data: Any) -> str:
    """JSON text for a bent saved game (values JSON cannot hold are written as text)."""
    try:
        return json.dumps(data, default=lambda value: f"<{type(value).__name__}>")
    except (TypeError, ValueError, RecursionError):
        return json.dumps({"game": "bent beyond JSON"})
