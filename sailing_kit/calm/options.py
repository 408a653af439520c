"""The options of a game of Calm: players, the harder variants, and the sizes a puzzle shrinks.

The defaults are the published game: a 6 x 6 sea, islands 1 to 80, five Finish cards, hands of
five, eight discards at the Start. ``decks`` deals the cards by hand (top of each deck first) for
puzzles and lessons; ``open_hands`` shows every card to everyone (puzzle mode).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from sailing_kit.calm.cards import START, Special, card_to_json, is_island, parse_card
from sailing_kit.calm.sea import ADJACENCIES
from sailing_kit.core import options as opt
from sailing_kit.core.errors import ActionError
from sailing_kit.core.i18n import _, n_, number
from sailing_kit.core.reading import shown

AUTOMATIC = "automatic"
MANUAL = "manual"
ROCKS_MODES = (AUTOMATIC, MANUAL)
MAX_PLAYERS = 5
MAX_TOP = 999
MAX_DECK = MAX_TOP + 20
"""The most cards a deck dealt by hand holds: every island, and the Start, Finish and sea
monster cards besides."""


@dataclass(frozen=True)
class CalmOptions:
    """Every count and list has an upper bound: ``players`` 1-5, ``monsters`` 0-5,
    ``removed_islands`` 0-12, ``rows`` and ``cols`` 1-10, ``top`` 1-999, ``finishes`` 1-10,
    ``hand_size`` 2-10, ``start_discards`` 0-40, ``decks`` one per player, each at most
    :data:`MAX_DECK` cards."""

    KINDS: ClassVar[tuple[type, ...]] = (Special,)
    """The kit's values an option may hold: the Start, Finish and sea monster cards."""

    players: int = 3
    monsters: int = 0
    """Sea monsters shuffled into the cards: 0 (none) or 3, 4 or 5."""
    rocks: str | None = None
    """Jagged rocks: None (not played), "automatic" (they drift at random) or "manual"."""
    removed_islands: int = 0
    """Islands taken out of the game at random before dealing: 0 or 4 to 12."""
    adjacency: str = "reading"
    """What "next to" means for the cost: "reading" order or "physical" grid neighbours."""
    rows: int = 6
    cols: int = 6
    top: int = 80
    """The highest island: islands are numbered 1 to ``top``."""
    finishes: int = 5
    hand_size: int = 5
    start_discards: int = 8
    decks: tuple[tuple[int | str, ...], ...] | None = None
    """Each player's deck, top card first, as numbers and "start"/"finish"/"monster"."""
    open_hands: bool = False

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        opt.whole_number(self.players, "players", 1, MAX_PLAYERS)
        opt.whole_number(self.monsters, "monsters", 0, 5)
        if self.monsters in (1, 2):
            raise ValueError(_("the rules shuffle in three, four or five sea monsters: option "
                               "'monsters' must be 0, 3, 4 or 5, not {given}",
                               given=self.monsters))
        if self.rocks is not None and (type(self.rocks) is not str
                                       or self.rocks not in ROCKS_MODES):
            raise ValueError(_("option 'rocks' must be None, 'automatic' or 'manual', not "
                               "{given}", given=shown(self.rocks)))
        opt.whole_number(self.removed_islands, "removed_islands", 0, 12)
        if self.removed_islands in (1, 2, 3):
            raise ValueError(_("the rules remove from 4 to 12 islands: option "
                               "'removed_islands' must be 0 or 4 to 12, not {given}",
                               given=self.removed_islands))
        if type(self.adjacency) is not str or self.adjacency not in ADJACENCIES:
            raise ValueError(_("option 'adjacency' must be 'reading' or 'physical', not "
                               "{given}", given=shown(self.adjacency)))
        opt.whole_number(self.rows, "rows", 1, 10)
        opt.whole_number(self.cols, "cols", 1, 10)
        opt.whole_number(self.top, "top", 1, MAX_TOP)
        opt.whole_number(self.finishes, "finishes", 1, 10)
        opt.whole_number(self.hand_size, "hand_size", 2, 10)
        opt.whole_number(self.start_discards, "start_discards", 0, 40)
        opt.flag(self.open_hands, "open_hands")
        if self.decks is not None:
            set_(self, "decks", _read_decks(self.decks, self.top))
            if self.players != len(self.decks):
                raise ValueError(n_("option 'players' is {players} but 'decks' deals {count} "
                                    "deck", "option 'players' is {players} but 'decks' deals "
                                    "{count} decks", len(self.decks), players=self.players))
        if self.top < self.rows * self.cols + self.removed_islands:
            raise ValueError(n_("a {rows} x {cols} sea needs {count} island, but 'top' {top} "
                                "less {removed} removed leaves fewer", "a {rows} x {cols} sea "
                                "needs {count} islands, but 'top' {top} less {removed} removed "
                                "leaves fewer", self.size, rows=self.rows, cols=self.cols,
                                top=self.top, removed=self.removed_islands))
        if self.rocks is not None and self.rows < 3:
            raise ValueError(_("jagged rocks need a sea of at least 3 rows"))
        if self.decks is not None and (self.monsters or self.removed_islands):
            raise ValueError(_("with 'decks' the cards are dealt by hand: put sea monsters in "
                               "the decks and leave out removed islands, instead of 'monsters' "
                               "and 'removed_islands'"))

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def rocks_leave_after(self) -> int:
        """Full rows after which the jagged rocks leave the game (4 of the 6 rows)."""
        return self.rows - 2

    def variants(self) -> str:
        """The variants in play, in words (empty for the plain game)."""
        named: list[str] = []
        if self.monsters:
            named.append(n_("{count} sea monster", "{count} sea monsters", self.monsters))
        if self.rocks:
            named.append(_("jagged rocks (automatic)") if self.rocks == AUTOMATIC
                         else _("jagged rocks (manual)"))
        if self.removed_islands:
            named.append(n_("{count} island removed", "{count} islands removed",
                            self.removed_islands))
        if self.adjacency != "reading":
            named.append(_("physical adjacency"))
        if self.open_hands:
            named.append(_("open hands"))
        return ", ".join(named)


def _read_decks(decks: Any, top: int) -> tuple[tuple[int | str, ...], ...]:
    """Decks as tuples of JSON-ready cards; each island once at most (checked in linear time),
    one Start per deck, at most :data:`MAX_DECK` cards a deck."""
    if (type(decks) not in (tuple, list) or len(decks) > MAX_PLAYERS
            or not all(type(d) in (tuple, list) and len(d) <= MAX_DECK for d in decks)):
        raise ValueError(_("option 'decks' is a list of at most {decks} decks, each a list of "
                           "at most {cards} cards", decks=MAX_PLAYERS, cards=number(MAX_DECK)))
    seen: set[int] = set()
    read = []
    for deck_number, deck in enumerate(decks, start=1):
        try:
            cards = [parse_card(card, top) for card in deck]
        except ActionError as error:
            raise ValueError(_("option 'decks', deck {deck}: {error}", deck=deck_number,
                               error=error)) from None
        if cards.count(START) != 1:
            raise ValueError(_("option 'decks', deck {deck}: each deck holds exactly one Start "
                               "card", deck=deck_number))
        for card in cards:
            if is_island(card):
                if card in seen:
                    raise ValueError(_("option 'decks': island {card} is dealt twice",
                                       card=card))
                seen.add(card)
        read.append(tuple(card_to_json(card) for card in cards))
    return tuple(read)
