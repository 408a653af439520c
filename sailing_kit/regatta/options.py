"""The options of a card regatta, checked with clear messages.

The defaults are the rules of ``docs/rules-regatta.md``: the standard deck, the triangle course,
hands of five, a protection zone of two cells (the card's length), and a race that ends after 60
rounds if nobody has finished ("the duration of the game is decided by the participants").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from sailing_kit.core import options as opt
from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import Text, _
from sailing_kit.core.reading import shown
from sailing_kit.regatta.course import Course, Mark, load_course
from sailing_kit.regatta.deck import CALM, Arrow, CardKind, Deck, load_deck

MAX_PLAYERS = 4
"""The published game is for 2 to 4 players; one player alone sails a time trial."""
MAX_STACK = 1_000
"""The most cards a prepared ``stack`` lists (the standard deck has 54)."""


@dataclass(frozen=True)
class Placement:
    """A yacht set on the water by hand: its cell, heading and how many legs it has sailed
    (0: not started yet; one more for the start and for each mark rounded)."""

    at: tuple[int, int]
    heading: Direction = Direction.N
    legs: int = 0


@dataclass(frozen=True)
class RegattaOptions:
    """Every count and list has an upper bound: ``players`` 1-4, ``hand_size`` 1-8, ``zone``
    0-4, ``rounds`` 1-1,000, ``yachts`` one per player, ``stack`` at most :data:`MAX_STACK`
    cards; a deck at most 40 kinds of at most 200 cards each, a course at most 40 x 40 cells
    (see :mod:`sailing_kit.regatta.deck` and :mod:`sailing_kit.regatta.course`)."""

    KINDS: ClassVar[tuple[type, ...]] = (Deck, Arrow, CardKind, Course, Mark, Placement)
    """The kit's objects an option may hold: each is rebuilt from plain values and checked."""

    players: int = 2
    deck: str | Deck = "standard"
    """``"standard"``, or a deck dictionary (see :func:`sailing_kit.regatta.deck.deck_data`)."""
    course: str | Course = "triangle"
    """``"triangle"``, ``"short"``, or a course dictionary (see ``course_data``)."""
    hand_size: int = 5
    zone: int = 2
    """Cells of protection zone ahead of each bow (the card's length); 0 turns the rule off."""
    rounds: int | None = 60
    """The race ends after this many rounds if nobody has finished (None: no limit)."""
    yachts: tuple[Placement, ...] | None = None
    """The yachts set by hand, one per player (a teacher's position), instead of the start."""
    stack: tuple[str, ...] | None = None
    """The cards of the game in order, top first, instead of the shuffled deck (a prepared
    deal): card kinds of the deck, any number of each."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        opt.whole_number(self.players, "players", 1, MAX_PLAYERS)
        opt.whole_number(self.hand_size, "hand_size", 1, 8)
        opt.whole_number(self.zone, "zone", 0, 4)
        if self.rounds is not None:
            opt.whole_number(self.rounds, "rounds", 1, 1000)
        for name, loader in (("deck", load_deck), ("course", load_course)):
            given = getattr(self, name)
            source = given.to_data() if isinstance(given, (Deck, Course)) else given
            value = _read(loader, source, name)  # a Deck or Course built by hand is checked too
            if not isinstance(getattr(self, name), str):  # a preset keeps its short name
                set_(self, name, value)
        if self.yachts is not None:
            set_(self, "yachts", self._read_yachts(self.yachts))
        elif len(self.the_course.starts) < self.players:
            raise ValueError(_("the course has {starts} start cells, too few for {players} "
                               "players", starts=len(self.the_course.starts),
                               players=self.players))
        if self.stack is not None:
            set_(self, "stack", self._read_stack(self.stack))
        elif self.the_deck.size < self.players * self.hand_size + 1:
            raise ValueError(_("the deck has {size} cards: too few to deal {players} hands of "
                               "{hand} and keep a draw pile", size=self.the_deck.size,
                               players=self.players, hand=self.hand_size))

    @property
    def the_deck(self) -> Deck:
        return load_deck(self.deck)

    @property
    def the_course(self) -> Course:
        return load_course(self.course)

    def _read_yachts(self, yachts: Any) -> tuple[Placement, ...]:
        if type(yachts) not in (list, tuple) or len(yachts) != self.players:
            raise ValueError(_("option 'yachts' places one yacht per player ({players}), like "
                               "{example}", players=self.players,
                               example="[{'at': [6, 5], 'heading': 'N', 'legs': 1}, ...]"))
        course = self.the_course
        placed = tuple(_placement(item, course) for item in yachts)
        if len({p.at for p in placed}) < len(placed):
            raise ValueError(_("option 'yachts': two yachts in one cell"))
        return placed

    def _read_stack(self, stack: Any) -> tuple[str, ...]:
        deck = self.the_deck
        if type(stack) not in (list, tuple) or len(stack) > MAX_STACK:
            raise ValueError(_("option 'stack' lists at most {most} cards top first, like "
                               "['straight', 'fork']", most=MAX_STACK))
        unknown = next((card for card in stack if not deck.has_kind(card)), None)
        if unknown is not None:
            raise ValueError(_("option 'stack': the deck has no card {card}",
                               card=shown(unknown)))
        if len(stack) < self.players * self.hand_size:
            raise ValueError(_("option 'stack' holds {count} cards: too few to deal {players} "
                               "hands of {hand}", count=len(stack), players=self.players,
                               hand=self.hand_size))
        return tuple(stack)

    def cards(self) -> tuple[str, ...]:
        """Every card of the game (its kind), in the order before any shuffle."""
        return self.stack if self.stack is not None else self.the_deck.cards_in_order

    def counts(self) -> Counter[str]:
        return Counter(self.cards())

    def out_of_play(self) -> frozenset[str]:
        """Kinds taken out of the game at the start: alone, nobody can be becalmed."""
        calm = self.the_deck.special_kind(CALM)
        return frozenset({calm} if self.players == 1 and calm else ())


def _read(loader: Any, value: Any, name: str) -> Any:
    try:
        return loader(value)
    except ConfigError as error:
        raise ValueError(_("option {name}: {error}", name=repr(name),
                           error=Text(str(error), error.english))) from None


def _placement(item: Any, course: Course) -> Placement:
    if isinstance(item, Placement):
        item = {"at": item.at, "heading": item.heading, "legs": item.legs}
    if type(item) is not dict or "at" not in item:
        raise ValueError(_("option 'yachts': a yacht is {example}, not {value}",
                           example="{'at': [x, y], 'heading': 'N', 'legs': 0}", value=shown(item)))
    extra = set(item) - {"at", "heading", "legs"}
    if extra:
        raise ValueError(_("option 'yachts': unknown key {key} (use at, heading, legs)",
                           key=shown(next(iter(extra)))))
    at = reading.point(item["at"], _("a yacht's cell"), error=ValueError)
    if at not in course.grid:
        raise ValueError(_("option 'yachts': {cell} is outside the race area", cell=at))
    if at in course.buoys:
        raise ValueError(_("option 'yachts': {cell} holds a buoy", cell=at))
    heading = opt.direction(item.get("heading", "N"), "yachts")
    legs = opt.whole_number(item.get("legs", 0), "yachts' legs", 0, len(course.marks) + 1)
    return Placement(at, heading, legs)
