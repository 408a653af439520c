"""The actions of the race and the drill, their JSON form, and the reader that rebuilds them.

Every action reaching ``apply()`` is rebuilt here from its fields, in the engine's canonical
form (a point is a tuple of two ints, a heading a :class:`Direction`), or refused with
:class:`IllegalAction`: ``Sail((5, 2), "NE")`` is read as ``Sail((5, 2), Direction.NE)``, while
``Sail((5.0, 2), "NE")`` or ``Spin(1)`` are refused. JSON forms:

- ``{"to": [5, 2], "heading": "NE"}`` or the pair ``[[5, 2], "NE"]``: end the turn there;
- ``{"place": [5, 2], "heading": "NE"}``: place a boat before the start (§3.1);
- ``{"protest": "B"}``, ``{"spin": true}`` (clockwise) and ``{"wait": true}``;
- ``{"wind": "NW"}``: the compass die's outcome (§3.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.reading import shown
from sailing_kit.race.sailing import TurnOption


@dataclass(frozen=True)
class Sail:
    """End the turn at ``position`` with ``heading``."""

    position: Point
    heading: Direction


@dataclass(frozen=True)
class WindShift:
    """The compass die's outcome: the wind now blows from ``wind``."""

    wind: Direction


@dataclass(frozen=True)
class Place:
    """Before the start: put the boat to play at ``position`` with ``heading`` (§3.1)."""

    position: Point
    heading: Direction


@dataclass(frozen=True)
class Protest:
    """The boat to play claims a penalty against ``offender`` (§3.4)."""

    offender: str


@dataclass(frozen=True)
class Spin:
    """One 90-degree manoeuvre of a penalty turn; the first one declares the penalty (§3.4)."""

    clockwise: bool = True


@dataclass(frozen=True)
class Wait:
    """Stand still this turn: becalmed by a yellow lull, or with no legal move."""


DrillAction = Sail | WindShift
RaceAction = Place | Sail | Protest | Spin | Wait | WindShift
DRILL_TYPES = (Sail, WindShift, TurnOption)
"""The classes whose instances the drill reads as actions (a turn option ends a turn)."""
RACE_TYPES = (Place, Sail, Protest, Spin, Wait, WindShift, TurnOption)
"""The classes whose instances the race reads as actions."""

# TRANSLATORS: keep the examples in brackets exactly as they are (they are code).
_DRILL_FORMS = N_("A move is where the turn ends and the heading there, like ((5, 2), 'NE') or "
                  "{'to': [5, 2], 'heading': 'NE'}")
# TRANSLATORS: keep the examples exactly as they are (they are code).
_RACE_FORMS = N_("Moves are an end of turn like ((5, 2), 'NE'), Place((5, 2), 'NE'), "
                 "Protest('B'), Spin(True), Wait(); as JSON {'to': [5, 2], 'heading': 'NE'}, "
                 "{'place': [5, 2], 'heading': 'NE'}, {'protest': 'B'}, {'spin': true}, "
                 "{'wait': true}, {'wind': 'NW'}")


def read_drill_action(value: Any) -> DrillAction:
    """A drill's action rebuilt in canonical form, or UnreadableAction saying what is wrong."""
    drill_action: DrillAction = _read(value, (), _DRILL_FORMS, race=False)
    return drill_action


def read_race_action(value: Any, names: Sequence[str]) -> RaceAction:
    """A race's action (boats named ``names``) rebuilt in canonical form, or UnreadableAction."""
    race_action: RaceAction = _read(value, names, _RACE_FORMS, race=True)
    return race_action


def _read(value: Any, names: Sequence[str], forms: str, race: bool) -> Any:
    if isinstance(value, (Sail, TurnOption)):
        return Sail(_point(value.position), _heading(value.heading))
    if isinstance(value, WindShift):
        return WindShift(_wind(value.wind))
    if race and isinstance(value, Place):
        return Place(_point(value.position, _("the boat's place")), _heading(value.heading))
    if race and isinstance(value, Protest):
        return Protest(_boat(value.offender, names))
    if race and isinstance(value, Spin):
        return Spin(reading.flag(value.clockwise, _("a spin's sense (clockwise True or False)")))
    if race and isinstance(value, Wait):
        return Wait()
    if isinstance(value, dict):
        return _from_dict(value, names, forms, race)
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return Sail(_point(value[0]), _heading(value[1]))
    raise _not_a_move(value, forms, race)


def _not_a_move(value: Any, forms: str, race: bool) -> UnreadableAction:
    shown_value = shown(value)
    return UnreadableAction(
        _("that is not a move of the race: {value}. {forms}", value=shown_value, forms=_(forms))
        if race else
        _("that is not a move of the drill: {value}. {forms}", value=shown_value, forms=_(forms)))


def _from_dict(value: dict[Any, Any], names: Sequence[str], forms: str, race: bool) -> Any:
    keys = set(value)
    if keys == {"to", "heading"}:
        return Sail(_point(value["to"]), _heading(value["heading"]))
    if keys == {"wind"}:
        return WindShift(_wind(value["wind"]))
    if race and keys == {"place", "heading"}:
        return Place(_point(value["place"], _("the boat's place")), _heading(value["heading"]))
    if race and keys == {"protest"}:
        return Protest(_boat(value["protest"], names))
    if race and keys == {"spin"}:
        return Spin(reading.flag(value["spin"], _("a spin's sense (clockwise true or false)")))
    if race and keys == {"wait"}:
        reading.flag(value["wait"], "'wait'")
        if value["wait"] is True:
            return Wait()
    raise _not_a_move(value, forms, race)


def _point(value: object, what: str | None = None) -> Point:
    return reading.point(value, what or _("the point where the turn ends"))


def _heading(value: object) -> Direction:
    return reading.direction(value, _("the heading"))


def _wind(value: object) -> Direction:
    return reading.direction(value, _("the wind"))


def _boat(value: object, names: Sequence[str]) -> str:
    return reading.choice(value, names, _("the boat protested"))


def action_to_json(action: RaceAction) -> Any:
    """The action as plain JSON values (read back by the readers above)."""
    if isinstance(action, Place):
        return {"place": list(action.position), "heading": action.heading.value}
    if isinstance(action, Protest):
        return {"protest": action.offender}
    if isinstance(action, Spin):
        return {"spin": action.clockwise}
    if isinstance(action, Wait):
        return {"wait": True}
    if isinstance(action, WindShift):
        return {"wind": action.wind.value}
    return {"to": list(action.position), "heading": action.heading.value}
