"""Game options: a frozen dataclass per game, built from keyword arguments with clear errors.

Every value is first copied into plain builtin values (:func:`~sailing_kit.core.reading.plain`),
so an option is stored as a plain value and nothing a hostile object claims about itself (its
comparisons, length, iteration or text) is ever asked; then the options class checks it, with
the readers below, which accept exact types only and always an upper bound.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Collection, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError, reason
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.core.reading import MAX_WHOLE, plain, shown

T = TypeVar("T")


def build_options(options_class: type[T], given: Mapping[str, Any]) -> T:
    """Make ``options_class(**given)`` from plain copies of the values, turning every mistake
    into a :class:`ConfigError`. The kit's own values an option may hold are listed in the
    class's ``KINDS``: members of its enumerations are kept, its frozen dataclasses are
    rebuilt from plain fields."""
    names = [f.name for f in dataclasses.fields(options_class)]  # type: ignore[arg-type]  # every options class of the kit is a dataclass
    kinds: Collection[type] = getattr(options_class, "KINDS", ())
    values: dict[str, Any] = {}
    for key, value in given.items():
        name = option_name(key, names)
        values[name] = plain(value, kinds, what=_option(name), error=ConfigError)
    try:
        return options_class(**values)
    except (TypeError, ValueError) as error:  # the checks' own words, with their English
        raise ConfigError(reason(error)) from None


def option_name(key: object, names: Sequence[str]) -> str:
    """``key`` if it is one of the option ``names``, or a :class:`ConfigError` listing them
    (with the one meant, when a name is misspelt)."""
    name = plain(key, what=_("an option's name"), error=ConfigError)
    if type(name) is str and name in names:
        return name
    close = (difflib.get_close_matches(name, names, n=1)
             if type(name) is str and len(name) <= 40 else [])
    if close:
        raise ConfigError(_("unknown option {given}. Did you mean {close}? The options are: "
                            "{options}.", given=shown(name), close=repr(close[0]),
                            options=", ".join(names)))
    raise ConfigError(_("unknown option {given}. The options are: {options}.",
                        given=shown(name), options=", ".join(names)))


def options_to_json(options: object) -> dict[str, Any]:
    """The options as plain JSON values, ready for ``build_options`` again."""
    return {
        f.name: _to_json(getattr(options, f.name))
        for f in dataclasses.fields(options)  # type: ignore[arg-type]  # every options class of the kit is a dataclass
    }


def _to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return options_to_json(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


def _option(name: str) -> str:
    return _("option {name}", name=repr(name))


def whole_number(value: object, name: str, low: int, high: int = MAX_WHOLE) -> int:
    """``value`` if it is exactly an int from ``low`` to ``high``, or a ValueError naming the
    option."""
    if type(value) is not int:
        raise ValueError(_("option {name} must be a whole number, not {given}", name=repr(name),
                           given=shown(value)))
    if not low <= value <= high:
        if high != MAX_WHOLE:
            raise ValueError(_("option {name} must be from {low} to {high}, not {given}",
                               name=repr(name), low=low, high=high, given=shown(value)))
        raise ValueError(_("option {name} must be at least {low}, not {given}", name=repr(name),
                           low=low, given=shown(value)))
    return value


def direction(value: object, name: str) -> Direction:
    return reading.direction(value, _option(name), error=ValueError)


def point(value: object, name: str, low: int = -reading.MAX_COORDINATE,
          high: int = reading.MAX_COORDINATE) -> Point:
    return reading.point(value, _option(name), low=low, high=high, error=ValueError)


def flag(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise ValueError(_("option {name} must be True or False, not {given}", name=repr(name),
                           given=shown(value)))
    return value


def choice(value: object, name: str, options: tuple[str, ...]) -> str:
    """``value`` if it is exactly one of the texts ``options``, or a ValueError naming the
    option."""
    if type(value) is str and value in options:
        return value
    listed = ", ".join(repr(option) for option in options)
    raise ValueError(_("option {name} must be one of {listed}, not {given}", name=repr(name),
                       listed=listed, given=shown(value)))


def points(value: object, name: str, most: int = reading.MAX_ITEMS) -> tuple[Point, ...]:
    """A list of at most ``most`` points ``(x, y)``, or a ValueError naming the option."""
    return reading.items(value, lambda item: point(item, name), _option(name), most=most,
                         error=ValueError)


def whole_numbers(value: object, name: str, low: int, high: int,
                  most: int = reading.MAX_ITEMS) -> tuple[int, ...]:
    """A list of at most ``most`` whole numbers from ``low`` to ``high``, or a ValueError
    naming the option."""
    return reading.items(value, lambda item: whole_number(item, name, low, high),
                         _option(name), most=most, error=ValueError)


def distinct(items: Collection[Any], name: str, what: str = "item") -> None:
    """A ValueError naming the option if an item comes twice (checked in linear time)."""
    seen: set[Any] = set()
    for item in items:
        if item in seen:
            raise ValueError(_("option {name} names the {what} {given} twice", name=repr(name),
                               what=what, given=shown(item)))
        seen.add(item)
