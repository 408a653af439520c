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

from sailing_kit.calm.cards import (
    MONSTER,
    Card,
    card_label,
    card_name,
    card_title,
    card_to_json,
    parse_card,
)
from sailing_kit.calm.sea import Cell, row_name
from sailing_kit.core import reading
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import N_, Text, _, n_
from sailing_kit.core.reading import shown


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

_FORMS = N_("{value} is not a move of Calm: a move is {{'play': 23, 'at': [row, col]}}, "
            "{{'play': 'start'}}, {{'discard': [4, 9]}}, {{'split': [3, 3, 2]}} or "
            "{{'rocks': 2}} — or a string such as 'play 23 at (2, 4)', 'discard 4 9', "
            "'split 3 3 2', 'rocks 2'")
MAX_TEXT = 200
"""The longest text read as a move (a move fits in a line)."""
MAX_CARDS = 60
"""The most cards a discard or shares a split may list (hands hold at most ten)."""
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
    """An action rebuilt in canonical form from itself, its JSON form, a ``(card, (row, col))``
    pair or a string; UnreadableAction saying what is wrong otherwise."""
    if isinstance(value, Play):
        return Play(parse_card(value.card, top), None if value.at is None else _cell(value.at))
    if isinstance(value, Discard):
        return Discard(_cards(value.cards, top))
    if isinstance(value, Split):
        return Split(_shares(value.shares))
    if isinstance(value, MoveRocks):
        return MoveRocks(_count(value.row, _("a row")))
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise _not_a_move(value)
        return _parse_text(value.strip().lower(), top)
    if isinstance(value, dict) and value:
        return _parse_dict(value, top)
    if isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[1], (tuple, list)):
        return Play(parse_card(value[0], top), _cell(value[1]))
    raise _not_a_move(value)


def _not_a_move(value: object) -> UnreadableAction:
    """The refusal of something that is no move, with the forms a move takes."""
    return UnreadableAction(_(_FORMS, value=shown(value)))


def _parse_dict(value: dict[Any, Any], top: int) -> Action:
    keys = set(value)
    if keys in ({"play"}, {"play", "at"}):
        at = value.get("at")
        return Play(parse_card(value["play"], top), None if at is None else _cell(at))
    if keys == {"discard"}:
        return Discard(_cards(value["discard"], top))
    if keys == {"split"}:
        return Split(_shares(value["split"]))
    if keys == {"rocks"}:
        return MoveRocks(_count(value["rocks"], _("a row")))
    raise _not_a_move(value)


def _parse_text(text: str, top: int) -> Action:
    if match := _PLAY.fullmatch(text):
        card, row, col = match.groups()
        return Play(parse_card(card, top), None if row is None else (int(row), int(col)))
    if match := _LIST.fullmatch(text):
        items = [item for item in re.split(r"[\s,]+", match[2]) if item and item != "and"]
        if not items:
            raise UnreadableAction(_("say which cards: {verb} then the numbers, like '{verb} 4 "
                                     "9'", verb=match[1]))
        if match[1] == "discard":
            return Discard(_cards(items, top))
        return Split(_shares(items))
    if match := _ROCKS.fullmatch(text):
        return MoveRocks(int(match[1]))
    raise _not_a_move(text)


def _cell(value: Any) -> Cell:
    return reading.point(value, _("a cell (row, col)"), low=-99, high=99)


def _cards(value: Any, top: int) -> tuple[Card, ...]:
    """Cards to discard, sorted (the same card may come twice: two Finish cards)."""
    return tuple(sorted(reading.items(value, lambda card: parse_card(card, top),
                                      _("the cards to discard"), most=MAX_CARDS)))


def _shares(value: Any) -> tuple[int, ...]:
    return reading.items(value, lambda share: _count(share, _("a share of the discards")),
                         _("the split (one share per player)"), most=MAX_CARDS)


def _count(value: Any, what: str) -> int:
    """A whole number from 0 to 999, or its digits as text."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
        return int(value)
    return reading.whole(value, what, 0, 999)


def describe_action(action: Action, *, secret: bool = True) -> Text:
    """The action in words, for a log. ``secret`` keeps discarded cards face down."""
    if isinstance(action, Play):
        if action.at is None:
            return _("played {card}", card=card_label(action.card))
        if action.card == MONSTER:
            return _("sent a sea monster against the island at {cell}", cell=action.at)
        return _("played {card} at {cell}", card=action.card, cell=action.at)
    if isinstance(action, Discard):
        if secret:
            return n_("discarded {count} card face down", "discarded {count} cards face down",
                      len(action.cards))
        return _("discarded {cards}", cards=", ".join(card_title(card) for card in action.cards))
    if isinstance(action, Split):
        return _("agreed the Start's discards: {shares}", shares=", ".join(
            _("player {seat} discards {share}", seat=seat, share=share)
            for seat, share in enumerate(action.shares, start=1)))
    return _("moved the jagged rocks to {row}", row=row_name(action.row))
