"""The actions of the duel, their JSON form, and the one reader that rebuilds them.

- :class:`Steer`: step b), the heading and whether to spend an Honour point;
- :class:`Die`: the chance outcome, the face the die shows;
- :class:`Sail`: step c), how many squares to sail when the wind allows 1 or 2.

JSON forms: ``{"heading": "NE", "honour": false}``, ``{"die": 4}``, ``{"squares": 2}``; a student
may also type a heading (``"NE"``, ``"NE honour"``), or a number: the die's face while it rolls,
the squares to sail after.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.reading import shown
from sailing_kit.trireme.rules import Phase


@dataclass(frozen=True)
class Steer:
    """Step b): set the heading, and spend an Honour point (+1 to the roll) or not."""

    heading: Direction
    honour: bool = False

    def __str__(self) -> str:
        return f"steer {self.heading.value}" + (" with an Honour point" if self.honour else "")


@dataclass(frozen=True)
class Die:
    """The chance outcome: the face the die shows (1 to 6, before any Honour point)."""

    face: int

    def __str__(self) -> str:
        return f"die {self.face}"


@dataclass(frozen=True)
class Sail:
    """Step c) when the wind allows 1 or 2 squares: how many to sail."""

    squares: int

    def __str__(self) -> str:
        return f"sail {self.squares} square" + ("s" if self.squares > 1 else "")


Action = Steer | Die | Sail


def choice_words(action: Action) -> str:
    """The action in words, in the language spoken now ("steer NE with an Honour point")."""
    if isinstance(action, Steer):
        heading = action.heading.letters
        return _("steer {heading} with an Honour point", heading=heading) if action.honour \
            else _("steer {heading}", heading=heading)
    if isinstance(action, Die):
        return _("die {face}", face=action.face)
    return n_("sail {count} square", "sail {count} squares", action.squares)


def short_words(action: Action) -> str:
    """The action in a table's few words ("NE + Honour", "sail 2 squares")."""
    if isinstance(action, Steer):
        return _("{heading} + Honour", heading=action.heading.letters) if action.honour \
            else action.heading.letters
    return choice_words(action)

ACTION_TYPES = (Steer, Sail, Die)
MAX_WORDS = 3
"""A move typed as words is at most three of them ('NE + honour')."""


def read_action(value: Any, phase: Phase) -> Action:
    """An action rebuilt in canonical form from plain values (see
    :func:`~sailing_kit.core.reading.plain`); a bare number is read by the ``phase`` of the
    turn (a die's face while rolling, squares after). UnreadableAction otherwise."""
    kind = type(value)
    if kind is Steer:
        return Steer(_read_heading(value.heading), _read_flag(value.honour))
    if kind is Die:
        return Die(_read_number(value.face))
    if kind is Sail:
        return Sail(_read_number(value.squares))
    if kind is dict:
        return _from_dict(value)
    if kind is str:
        return _from_words(value)
    if kind is int:
        if phase is Phase.ROLL:
            return Die(_read_number(value))
        if phase is Phase.SAIL:
            return Sail(_read_number(value))
        raise UnreadableAction(_("a number is the die's face (while rolling) or the squares "
                                 "to sail (after the roll); now choose a heading, like 'NE'"))
    raise UnreadableAction(_("that is not a move of the duel: {value}. A move is a heading like "
                             "'NE' (or 'NE honour' to spend an Honour point), a die face while "
                             "rolling, or the squares to sail (1 or 2)", value=shown(value)))


def action_to_json(action: Action) -> Any:
    """The action as plain JSON values (read back by :func:`read_action`)."""
    if isinstance(action, Steer):
        return {"heading": action.heading.value, "honour": action.honour}
    if isinstance(action, Die):
        return {"die": action.face}
    return {"squares": action.squares}


def _read_heading(value: object) -> Direction:
    return reading.direction(value, _("a heading"))


def _read_flag(value: object) -> bool:
    return reading.flag(value, _("whether to spend an Honour point"))


def _read_number(value: object) -> int:
    return reading.whole(value, _("a die face or a number of squares"), -99, 99)


def _from_dict(value: dict[Any, Any]) -> Action:
    keys = set(value)
    if keys in ({"heading"}, {"heading", "honour"}):
        return Steer(_read_heading(value["heading"]), _read_flag(value.get("honour", False)))
    if keys == {"die"}:
        return Die(_read_number(value["die"]))
    if keys == {"squares"}:
        return Sail(_read_number(value["squares"]))
    raise UnreadableAction(_("that is not a move of the duel: {value}. Its JSON forms are "
                             "{forms}", value=shown(value), forms="{'heading': 'NE', 'honour': "
                             "false}, {'die': 4}, {'squares': 2}"))


def _from_words(text: str) -> Action:
    words = text.replace("+", " ").lower().split()[:MAX_WORDS]
    spend = "honour" in words or "honor" in words
    rest = [w for w in words if w not in ("honour", "honor")]
    if len(rest) == 1 and len(words) <= 2:
        return Steer(_read_heading(rest[0]), spend)
    raise UnreadableAction(_("that is not a move of the duel: {value}. Write a heading like "
                             "'NE', or 'NE honour' to spend an Honour point", value=shown(text)))
