"""The actions of Calm, their JSON form and the friendly spellings a student may type.

- :class:`Play` a card: an island or a sea monster ``at`` a cell, the Start or a Finish card
  (``at`` None);
- :class:`Discard` cards: two as a turn's action, the cost of a placement, a share of the
  Start's discards, or two instead of moving the jagged rocks (manual mode);
- :class:`Split` the Start's discards between the players (how many each);
- :class:`MoveRocks` to a row: the player's choice (manual mode) or chance's (automatic mode).

Parsing reads data only: Python values, JSON values, or short strings matched by strict regular
expressions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sailing_kit.calm.cards import MONSTER, Card, card_label, card_name, card_to_json, parse_card
from sailing_kit.calm.sea import Cell
from sailing_kit.core.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``: an island or sea monster at cell ``at = (row, col)``; Start/Finish: None."""

    card: Card
    at: Cell | None = None

    def __str__(self) -> str:
        return f"play {card_name(self.card)}" + (f" at {self.at}" if self.at is not None else "")


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard these cards (sorted) face down."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(card_name(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class Split:
    """How many of the Start's discards each player makes, in seat order."""

    shares: tuple[int, ...]

    def __str__(self) -> str:
        return "split " + " ".join(str(share) for share in self.shares)


@dataclass(frozen=True, slots=True)
class MoveRocks:
    """The jagged rocks move to ``row``."""

    row: int

    def __str__(self) -> str:
        return f"rocks {self.row}"


Action = Play | Discard | Split | MoveRocks

_FORMS = ("a move is {'play': 23, 'at': [row, col]}, {'play': 'start'}, {'discard': [4, 9]}, "
          "{'split': [3, 3, 2]} or {'rocks': 2} — or a string such as 'play 23 at (2, 4)', "
          "'discard 4 9', 'split 3 3 2', 'rocks 2'")
_CARD = r"(\d{1,4}|start|finish|monster)"
_CELL = r"\(?\s*(\d{1,2})\s*,\s*(\d{1,2})\s*\)?"
_PLAY = re.compile(rf"(?:play\s+)?{_CARD}(?:\s*(?:at|@)\s*{_CELL})?")
_LIST = re.compile(r"(discard|split)\s*:?\s*([\w\s,]*)")
_ROCKS = re.compile(r"(?:move\s+)?(?:the\s+)?rocks(?:\s+to)?(?:\s+row)?\s*(\d{1,2})")


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        played: dict[str, Any] = {"play": card_to_json(action.card)}
        return played | ({"at": list(action.at)} if action.at is not None else {})
    if isinstance(action, Discard):
        return {"discard": [card_to_json(card) for card in action.cards]}
    if isinstance(action, Split):
        return {"split": list(action.shares)}
    return {"rocks": action.row}


def parse_action(value: Any, top: int) -> Action:
    """An action from itself, its JSON form, a ``(card, (row, col))`` pair or a string."""
    if isinstance(value, (Play, Discard, Split, MoveRocks)):
        return value
    if isinstance(value, str):
        return _parse_text(value.strip().lower(), top)
    if isinstance(value, dict) and value:
        return _parse_dict(value, top)
    if isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[1], (tuple, list)):
        return Play(parse_card(value[0], top), _cell(value[1]))
    raise IllegalAction(f"{value!r} is not a move of Calm: {_FORMS}")


def _parse_dict(value: dict, top: int) -> Action:
    keys = set(value)
    if keys in ({"play"}, {"play", "at"}):
        at = value.get("at")
        return Play(parse_card(value["play"], top), None if at is None else _cell(at))
    if keys == {"discard"} and isinstance(value["discard"], (list, tuple)):
        return Discard(tuple(sorted(parse_card(card, top) for card in value["discard"])))
    if keys == {"split"} and isinstance(value["split"], (list, tuple)):
        return Split(tuple(_count(share) for share in value["split"]))
    if keys == {"rocks"}:
        return MoveRocks(_count(value["rocks"]))
    raise IllegalAction(f"{value!r} is not a move of Calm: {_FORMS}")


def _parse_text(text: str, top: int) -> Action:
    if match := _PLAY.fullmatch(text):
        card, row, col = match.groups()
        return Play(parse_card(card, top), None if row is None else (int(row), int(col)))
    if match := _LIST.fullmatch(text):
        items = [item for item in re.split(r"[\s,]+", match[2]) if item and item != "and"]
        if not items:
            raise IllegalAction(f"say which cards: {match[1]} then the numbers, like "
                                f"'{match[1]} 4 9'")
        if match[1] == "discard":
            return Discard(tuple(sorted(parse_card(item, top) for item in items)))
        return Split(tuple(_count(item) for item in items))
    if match := _ROCKS.fullmatch(text):
        return MoveRocks(int(match[1]))
    raise IllegalAction(f"{text!r} is not a move of Calm: {_FORMS}")


def _cell(value: Any) -> Cell:
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in value)):
        return (value[0], value[1])
    raise IllegalAction(f"a cell is two whole numbers (row, col), not {value!r}")


def _count(value: Any) -> int:
    if isinstance(value, str) and value.isdigit() and len(value) <= 3:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise IllegalAction(f"{value!r} is not a number of cards (a whole number, 0 or more)")


def describe_action(action: Action, *, secret: bool = True) -> str:
    """The action in words, for a log. ``secret`` keeps discarded cards face down."""
    if isinstance(action, Play):
        if action.at is None:
            return f"played {card_label(action.card)}"
        verb = ("sent a sea monster against the island at" if action.card == MONSTER
                else f"played {action.card} at")
        return f"{verb} {action.at}"
    if isinstance(action, Discard):
        count = len(action.cards)
        if secret:
            return f"discarded {count} card{'s' if count != 1 else ''} face down"
        return "discarded " + ", ".join(card_name(card) for card in action.cards)
    if isinstance(action, Split):
        return "agreed the Start's discards: " + ", ".join(
            f"player {seat} discards {share}" for seat, share in enumerate(action.shares, start=1))
    return f"moved the jagged rocks to row {action.row}"
