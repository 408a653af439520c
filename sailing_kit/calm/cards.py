"""The cards of Calm: numbered islands, and the Start, Finish and sea-monster cards.

A card is an ``int``: islands are their own number (1 to 80 in the published game); the three
special cards are members of :class:`Special`, an ``IntEnum`` whose values lie above every island,
so a hand sorts islands first and compares as fast as plain integers.
"""

from __future__ import annotations

from enum import IntEnum

from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.reading import shown

Card = int
"""An island number, or a :class:`Special` card."""


class Special(IntEnum):
    """The cards that are not islands."""

    START = 1001
    FINISH = 1002
    MONSTER = 1003

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return self.name


START, FINISH, MONSTER = Special.START, Special.FINISH, Special.MONSTER
_NAMES: dict[int, str] = {START: "start", FINISH: "finish", MONSTER: "monster"}
_LABELS: dict[int, str] = {START: "the Start card", FINISH: "a Finish card",
                           MONSTER: "a sea monster"}
_BY_NAME = {name: card for card, name in _NAMES.items()} | {"sea monster": MONSTER}


def is_island(card: Card) -> bool:
    return card < START


def discardable(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of a hand that may be discarded: all but sea monsters (text: "Вы также не
    сможете сбрасывать морских монстров"). An unplayed Start card is never discarded either,
    but that needs no test here: whoever holds one must play it first."""
    return hand if MONSTER not in hand else tuple(card for card in hand if card != MONSTER)


def card_name(card: Card) -> str:
    """How a card is written: ``"23"``, ``"start"``, ``"finish"`` or ``"monster"``."""
    return str(card) if card < START else _NAMES[card]


def card_label(card: Card) -> str:
    """A card in words for sentences: ``"23"``, ``"the Start card"``, ``"a sea monster"``."""
    return str(card) if card < START else _LABELS[card]


def card_to_json(card: Card) -> int | str:
    return int(card) if card < START else _NAMES[card]


def parse_card(value: object, top: int) -> Card:
    """A card from a number (an island ``1..top``) or a name ("start", "finish", "monster")."""
    if isinstance(value, Special):
        return value
    if isinstance(value, str) and len(value) <= 20:
        text = value.strip().lower()
        if text in _BY_NAME:
            return _BY_NAME[text]
        if text.isascii() and text.isdigit() and len(text) <= 6:
            value = int(text)
    if isinstance(value, int) and not isinstance(value, bool):
        if 1 <= value <= top:
            return int(value)
        raise UnreadableAction(f"there is no island {shown(value)}: the islands are numbered 1 to "
                            f"{top}")
    raise UnreadableAction(f"{shown(value)} is not a card: a card is an island number (1 to {top}) "
                        "or 'start', 'finish' or 'monster'")


def hand_text(cards: tuple[Card, ...]) -> str:
    """A hand in words: ``"4, 17, 52, finish"`` (or ``"no cards"``)."""
    return ", ".join(card_name(card) for card in cards) if cards else "no cards"
