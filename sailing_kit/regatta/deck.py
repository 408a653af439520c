"""The deck as data: arrows, card kinds and how many of each, read from JSON and checked.

The published game lists no deck, so the kit ships a reconstruction (``deck.json`` beside this
module, from ``rules-decisions.md``). A class can change it: take :func:`deck_data`, edit the
plain dictionary (counts, new arrows, new cards) and pass it as ``new_game(deck=...)``; every
mistake is a :class:`~sailing_kit.core.errors.ConfigError` saying what to fix.

An arrow is a list of steps, each a turn from the yacht's heading in eighths of a circle
(0 ahead, -1 ahead-left, +1 ahead-right, -2 left, +2 right); the yacht ends facing the way the
last step points, with its stern on the arrow's end.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any, TypeGuard

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.reading import shown

SPECIALS = ("windy_spell", "nice_handling", "flat_calm")
"""The three special cards of the text: Windy spell, Nice yacht handling, Flat calm."""
WINDY, HANDLING, CALM = SPECIALS
MAX_STEPS = 4
MAX_ARROWS = 4
MAX_KINDS = 40
"""The most arrows, and the most kinds of card, a deck lists."""
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
STANDARD_TITLES = (
    N_("Straight"), N_("Veer left"), N_("Veer right"), N_("Turn left"), N_("Turn right"),
    N_("Fork"), N_("Trident"), N_("Windy spell"), N_("Nice yacht handling"), N_("Flat calm"),
    N_("straight"), N_("veer left"), N_("veer right"), N_("turn left"), N_("turn right"))
"""The titles of ``deck.json``'s cards and arrows, marked for the catalogs: a title is data,
translated where it is shown (:attr:`CardKind.shown`); a class's own titles show as written."""
STANDARD_ABOUT = N_(
    "The kit's reconstruction of the published deck (rules-decisions.md, regatta): 45 movement "
    "cards and 9 special cards. Steps are turns from the yacht's heading, in eighths of a "
    "circle: 0 ahead, -1 ahead-left (45 degrees), +1 ahead-right, -2 left (90 degrees), +2 "
    "right. The yacht ends facing the way the arrow's last step points.")
"""``deck.json``'s own ``about``, marked for the catalogs like the titles (:attr:`Deck.shown_about`)."""


@dataclass(frozen=True)
class Arrow:
    """One arrow of a card: its ``steps`` (turns from the heading, -3 to 3)."""

    name: str
    title: str
    steps: tuple[int, ...]

    @property
    def shown(self) -> str:
        """The title in the language spoken now."""
        return _(self.title)


@dataclass(frozen=True)
class CardKind:
    """A kind of card and how many the deck holds: a movement card (``arrows``) or a special
    card (``special`` names its effect)."""

    name: str
    title: str
    count: int
    arrows: tuple[str, ...] = ()
    special: str | None = None

    @property
    def moves(self) -> bool:
        return self.special is None

    @property
    def shown(self) -> str:
        """The title in the language spoken now (the Bulgarian original's names in Bulgarian)."""
        return _(self.title)


@dataclass(frozen=True)
class Deck:
    name: str
    arrows: tuple[Arrow, ...]
    cards: tuple[CardKind, ...]
    about: str = ""

    @cached_property
    def _arrows(self) -> dict[str, Arrow]:
        return {arrow.name: arrow for arrow in self.arrows}

    @cached_property
    def _kinds(self) -> dict[str, CardKind]:
        return {kind.name: kind for kind in self.cards}

    def arrow(self, name: str) -> Arrow:
        return self._arrows[name]

    def kind(self, name: str) -> CardKind:
        return self._kinds[name]

    def has_kind(self, name: object) -> bool:
        return isinstance(name, str) and name in self._kinds

    def special_kind(self, effect: str) -> str | None:
        """The name of the card kind with this special effect (None if the deck has none)."""
        return next((kind.name for kind in self.cards if kind.special == effect), None)

    @property
    def movement_kinds(self) -> tuple[CardKind, ...]:
        return tuple(kind for kind in self.cards if kind.moves)

    @cached_property
    def cards_in_order(self) -> tuple[str, ...]:
        """One entry per card (its kind), kinds in the order of the file: the unshuffled deck."""
        return tuple(kind.name for kind in self.cards for _ in range(kind.count))

    @property
    def size(self) -> int:
        return len(self.cards_in_order)

    @property
    def shown_about(self) -> str:
        """What the deck is (its ``about``) in the language spoken now; a class's own words show
        as written."""
        return _(self.about) if self.about else ""

    def to_data(self) -> dict[str, Any]:
        """The deck as the plain dictionary of the JSON file (edit it and give it back)."""
        arrows = [{"name": a.name, "title": a.title, "steps": list(a.steps)} for a in self.arrows]
        cards = []
        for kind in self.cards:
            card: dict[str, Any] = {"name": kind.name, "title": kind.title, "count": kind.count}
            if kind.moves:
                card["arrows"] = list(kind.arrows)
            else:
                card["special"] = kind.special
            cards.append(card)
        return {"name": self.name, "about": self.about, "arrows": arrows, "cards": cards}


@cache
def standard_deck() -> Deck:
    """The kit's reconstruction of the published deck (45 movement cards, 9 special cards)."""
    text = resources.files("sailing_kit.regatta").joinpath("deck.json").read_text("utf-8")
    return deck_from_data(json.loads(text))


def deck_data(deck: str | Deck = "standard") -> dict[str, Any]:
    """A deck as an editable dictionary (by default the standard one)."""
    return load_deck(deck).to_data()


def load_deck(source: str | Deck | dict[str, Any]) -> Deck:
    """A deck from its name (``"standard"``), a :class:`Deck`, or its dictionary."""
    if isinstance(source, Deck):
        return source
    if source == "standard":
        return standard_deck()
    if isinstance(source, dict):
        return deck_from_data(source)
    raise ConfigError(_("a deck is 'standard' or a dictionary like the one deck_data() gives, "
                        "not {value}", value=shown(source)))


def deck_from_data(data: Any) -> Deck:
    """Read and check a deck dictionary; a :class:`ConfigError` names the first mistake."""
    if not isinstance(data, dict):
        raise ConfigError(_("a deck is a dictionary with 'arrows' and 'cards' lists"))
    for key in ("arrows", "cards"):
        if not isinstance(data.get(key), (list, tuple)) or not 1 <= len(data[key]) <= MAX_KINDS:
            raise ConfigError(_("the deck needs a non-empty list {key} (of at most {most} items)",
                                key=repr(key), most=MAX_KINDS))
    arrows = tuple(_read_arrow(item, number)
                   for number, item in enumerate(data["arrows"], start=1))
    _unique([a.name for a in arrows], "arrow")
    known = {a.name for a in arrows}
    cards = tuple(_read_card(item, number, known)
                  for number, item in enumerate(data["cards"], start=1))
    _unique([c.name for c in cards], "card")
    if not any(card.moves and card.count for card in cards):
        raise ConfigError(_("the deck needs at least one movement card (a card with arrows)"))
    for effect in SPECIALS:
        if sum(1 for card in cards if card.special == effect) > 1:
            raise ConfigError(_("the deck lists the special card {card} twice: give it once, "
                                "with its count", card=repr(effect)))
    name, about = data.get("name", "custom"), data.get("about", "")
    if not isinstance(name, str) or not isinstance(about, str) or len(name) > 80 \
            or len(about) > 2000:
        raise ConfigError(_("a deck's 'name' and 'about' are texts (of at most 80 and 2,000 "
                            "characters)"))
    return Deck(name, arrows, cards, about)


def _read_arrow(item: Any, number: int) -> Arrow:
    where = _("arrow {number}", number=number)
    if not isinstance(item, dict):
        raise ConfigError(_("{where} is not a dictionary with 'name', 'title' and 'steps'",
                            where=where))
    name = _read_name(item.get("name"), where)
    steps = item.get("steps")
    if (not isinstance(steps, (list, tuple)) or not 1 <= len(steps) <= MAX_STEPS
            or not all(_whole(s) and -3 <= s <= 3 for s in steps)):
        raise ConfigError(_(
            "arrow {name}: 'steps' is a list of 1 to {most} turns from the heading, each a whole "
            "number from -3 to 3 (0 ahead, -1 ahead-left, 2 right), not {value}", name=repr(name),
            most=MAX_STEPS, value=shown(steps)))
    return Arrow(name, _read_title(item, name), tuple(steps))


def _read_card(item: Any, number: int, arrows: set[str]) -> CardKind:
    where = _("card {number}", number=number)
    if not isinstance(item, dict):
        raise ConfigError(_("{where} is not a dictionary with 'name', 'count' and 'arrows' (or "
                            "'special')", where=where))
    name = _read_name(item.get("name"), where)
    count = item.get("count")
    if not _whole(count) or not 0 <= count <= 200:
        raise ConfigError(_("card {name}: 'count' is a whole number from 0 to 200, not {value}",
                            name=repr(name), value=shown(count)))
    special, on_card = item.get("special"), item.get("arrows")
    if special is not None:
        if on_card:
            raise ConfigError(_("card {name} is a special card: it has no arrows",
                                name=repr(name)))
        if not isinstance(special, str) or special not in SPECIALS:
            raise ConfigError(_("card {name}: 'special' must be one of {specials}, not {value}",
                                name=repr(name), specials=", ".join(SPECIALS),
                                value=shown(special)))
        return CardKind(name, _read_title(item, name), count, (), special)
    if (not isinstance(on_card, (list, tuple)) or not 1 <= len(on_card) <= MAX_ARROWS
            or not all(isinstance(a, str) for a in on_card) or len(set(on_card)) != len(on_card)):
        raise ConfigError(_("card {name}: 'arrows' lists 1 to {most} different arrows (or give "
                            "'special'), not {value}", name=repr(name), most=MAX_ARROWS,
                            value=shown(on_card)))
    unknown = [a for a in on_card if a not in arrows]
    if unknown:
        raise ConfigError(_("card {name} names the arrow {arrow}, which the deck's 'arrows' "
                            "list does not define (it has {arrows})", name=repr(name),
                            arrow=shown(unknown[0]), arrows=", ".join(sorted(arrows))))
    return CardKind(name, _read_title(item, name), count, tuple(on_card))


def _read_name(name: Any, where: str) -> str:
    if not isinstance(name, str) or not _NAME.match(name) or len(name) > 40:
        raise ConfigError(_("{where}: 'name' is a short lower-case identifier like "
                            "'veer_left', not {value}", where=where, value=shown(name)))
    return name


def _read_title(item: dict[str, Any], name: str) -> str:
    title = item.get("title", name.replace("_", " "))
    if not isinstance(title, str) or not title.strip() or len(title) > 80:
        raise ConfigError(_("{name}: 'title' is a text of 1 to 80 characters, not {value}",
                            name=repr(name), value=shown(title)))
    return title


def _unique(names: list[str], what: str) -> None:
    """A ConfigError if a name comes twice (checked in linear time)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ConfigError(_("two arrows are named {name}: names must differ", name=repr(name))
                              if what == "arrow" else
                              _("two cards are named {name}: names must differ", name=repr(name)))
        seen.add(name)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
