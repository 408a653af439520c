"""The cards of Calm: numbered islands, and the Start, Finish and sea-monster cards.

A card is an ``int``: islands are their own number (1 to 80 in the published game); the three
special cards are members of :class:`Special`, an ``IntEnum`` whose values lie above every island,
so a hand sorts islands first and compares as fast as plain integers.
"""

from __future__ import annotations

from enum import IntEnum

from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import N_, _
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
_TITLES: dict[int, str] = {START: N_("start"), FINISH: N_("finish"), MONSTER: N_("monster")}
"""How a hand shows the special cards (translated where shown)."""
_LABELS: dict[int, str] = {START: N_("the Start card"), FINISH: N_("a Finish card"),
                           MONSTER: N_("a sea monster")}
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
    return str(card) if card < START else _(_LABELS[card])


def card_title(card: Card) -> str:
    """A card as a hand shows it, in the language spoken now: ``"23"``, ``"finish"``."""
    return str(card) if card < START else _(_TITLES[card])


def card_to_json(card: Card) -> int | str:
    return int(card) if card < START else _NAMES[card]


def parse_card(value: object, top: int) -> Card:
    """A card from a number (an island ``1..top``) or a name ("start", "finish", "monster")."""
    if type(value) is Special:
        return value
    if type(value) is str and len(value) <= 20:
        text = value.strip().lower()
        if text in _BY_NAME:
            return _BY_NAME[text]
        if text.isascii() and text.isdigit() and len(text) <= 6:
            value = int(text)
    if type(value) is int:
        if 1 <= value <= top:
            return int(value)
        raise UnreadableAction(_("there is no island {value}: the islands are numbered 1 to "
                                 "{top}", value=shown(value), top=top))
    raise UnreadableAction(_("{value} is not a card: a card is an island number (1 to {top}) or "
                             "'start', 'finish' or 'monster'", value=shown(value), top=top))


def hand_text(cards: tuple[Card, ...]) -> str:
    """A hand in words: ``"4, 17, 52, finish"`` (or ``"no cards"``), in the language spoken now."""
    return ", ".join(card_title(card) for card in cards) if cards else _("no cards")
