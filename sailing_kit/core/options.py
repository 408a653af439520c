"""Game options: a frozen dataclass per game, built from keyword arguments with clear errors."""

from __future__ import annotations

import dataclasses
import difflib
from enum import Enum
from typing import Any, TypeVar

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point
from sailing_kit.core.reading import shown

T = TypeVar("T")


def build_options(options_class: type[T], given: dict[str, Any]) -> T:
    """Make ``options_class(**given)``, turning every mistake into a :class:`ConfigError`."""
    names = [f.name for f in dataclasses.fields(options_class)]  # type: ignore[arg-type]
    for key in given:
        if key not in names:
            close = difflib.get_close_matches(key, names, n=1) if len(key) <= 40 else []
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise ConfigError(
                f"unknown option {shown(key)}.{hint} The options are: {', '.join(names)}."
            )
    try:
        return options_class(**given)
    except (TypeError, ValueError) as error:
        raise ConfigError(str(error)) from None


def options_to_json(options: object) -> dict[str, Any]:
    """The options as plain JSON values, ready for ``build_options`` again."""
    return {
        f.name: _to_json(getattr(options, f.name))
        for f in dataclasses.fields(options)  # type: ignore[arg-type]
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


def whole_number(value: object, name: str, low: int, high: int | None = None) -> int:
    """``value`` as an int within ``[low, high]``, or a ValueError naming the option."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"option {name!r} must be a whole number, not {shown(value)}")
    if value < low or (high is not None and value > high):
        limit = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"option {name!r} must be {limit}, not {shown(value)}")
    return int(value)


def direction(value: object, name: str) -> Direction:
    return reading.direction(value, f"option {name!r}", error=ValueError)


def point(value: object, name: str, low: int = -reading.MAX_COORDINATE,
          high: int = reading.MAX_COORDINATE) -> Point:
    return reading.point(value, f"option {name!r}", low=low, high=high, error=ValueError)


def flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"option {name!r} must be True or False, not {shown(value)}")
    return value


def choice(value: object, name: str, options: tuple[str, ...]) -> str:
    """``value`` if it is one of the texts ``options``, or a ValueError naming the option."""
    if isinstance(value, str) and value in options:
        return value
    listed = ", ".join(repr(option) for option in options)
    raise ValueError(f"option {name!r} must be one of {listed}, not {shown(value)}")


def points(value: object, name: str) -> tuple[Point, ...]:
    """A list of points ``(x, y)``, or a ValueError naming the option."""
    return reading.items(value, lambda item: point(item, name), f"option {name!r}",
                         error=ValueError)


def whole_numbers(value: object, name: str, low: int, high: int) -> tuple[int, ...]:
    """A list of whole numbers from ``low`` to ``high``, or a ValueError naming the option."""
    return reading.items(value, lambda item: whole_number(item, name, low, high),
                         f"option {name!r}", error=ValueError)
