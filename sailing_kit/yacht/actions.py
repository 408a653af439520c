"""The actions of a game of dice, their JSON form, and the one reader that rebuilds them.

- :class:`Roll` the dice, holding those at some places (0 to 4 from the left);
- :class:`Dice`, chance's outcome: the values the rolled dice show, sorted;
- :class:`~sailing_kit.yacht.position.Score`: write the dice into a category (the solver's
  choice too, so it lives beside the solver's :class:`~sailing_kit.yacht.position.Keep`).

JSON forms: ``{"roll": [0, 2]}``, ``{"dice": [2, 6, 6]}``, ``{"score": "sixes"}``; a student may
also type ``"roll"``, a category's name, or the dice rolled as a list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import _, number
from sailing_kit.core.reading import shown
from sailing_kit.yacht.multisets import DICE, Multiset
from sailing_kit.yacht.position import Keep, Score
from sailing_kit.yacht.rules import RuleSet, read_category


@dataclass(frozen=True)
class Roll:
    """Roll the dice, holding those at these places (0 to 4, from the left)."""

    held: tuple[int, ...] = ()


@dataclass(frozen=True)
class Dice:
    """A chance outcome: what the rolled dice show, sorted (one die in the roll-off)."""

    values: tuple[int, ...]


Action = Roll | Dice | Score
ACTION_TYPES = (Roll, Dice, Score, Keep)
"""The classes whose instances the reader reads (a strategy's Keep, to say what to use)."""


def read_action(value: Any, rules: RuleSet) -> Action:
    """An action of a game played by ``rules`` rebuilt in canonical form from plain values (see
    :func:`~sailing_kit.core.reading.plain`), or UnreadableAction saying what a move is."""
    kind = type(value)
    if kind is Roll:
        return Roll(_read_places(value.held))
    if kind is Dice:
        return Dice(_read_values(value.values))
    if kind is Score:
        return Score(read_category(value.category, rules))
    if kind is Keep:
        raise UnreadableAction(_("a game's roll names the dice held by their places 0 to 4, "
                                 "like Roll(held=(0, 2)); a strategy's Keep names values"))
    if kind is dict and len(value) == 1:
        (key, item), = value.items()
        if key == "roll":
            return Roll(_read_places(item))
        if key == "score":
            return Score(read_category(item, rules))
        if key == "dice":
            return Dice(_read_values(item))
    if kind is str:
        if value.strip().lower() == "roll":
            return Roll()
        return Score(read_category(value, rules))
    if kind is tuple or kind is list:
        return Dice(_read_values(value))
    raise UnreadableAction(_(
        "that is not a move of {game}: {value}. A move is 'roll' (or {{'roll': [places held]}}), "
        "a category such as 'sixes', or the dice rolled, like [6, 6, 2]", game=rules.title,
        value=shown(value)))


def action_to_json(action: Action) -> Any:
    """The action as plain JSON values (read back by :func:`read_action`)."""
    if isinstance(action, Roll):
        return {"roll": list(action.held)}
    if isinstance(action, Dice):
        return {"dice": list(action.values)}
    return {"score": action.category}


def _read_values(value: object) -> Multiset:
    """The values of one to five dice, sorted (a die shows 1 to 6)."""
    if (type(value) is tuple or type(value) is list) and not 1 <= len(value) <= DICE:
        raise UnreadableAction(_("a roll shows one to five dice, not {count}",
                                 count=number(len(value))))
    return tuple(sorted(reading.items(value, _read_die, _("the dice rolled"))))


def _read_die(value: object) -> int:
    die = reading.whole(value, _("a die (from 1 to 6)"))
    if not 1 <= die <= 6:
        raise UnreadableAction(_("a die shows 1 to 6 pips, not {value}", value=shown(die)))
    return die


def _read_places(value: object) -> tuple[int, ...]:
    """Places of held dice, 0 to 4 from the left, each once, in order."""
    places = reading.items(value, _read_place, _("the places of the dice held"), most=DICE)
    if len(set(places)) < len(places):
        twice = next(place for place in places if places.count(place) > 1)
        raise UnreadableAction(_("hold dice by their places, 0 to 4 from the left, each once: "
                                 "place {place} is named twice", place=twice))
    return tuple(sorted(places))


def _read_place(value: object) -> int:
    place = reading.whole(value, _("a held die's place (0 to 4 from the left)"))
    if not 0 <= place < DICE:
        raise UnreadableAction(_("hold dice by their places, 0 to 4 from the left: there is no "
                                 "place {place}", place=shown(place)))
    return place
