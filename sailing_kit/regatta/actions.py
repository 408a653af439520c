"""The actions of a card regatta, their JSON form and friendly spellings.

Cards are named by their kind (``"fork"``), arrows by their name (``"veer_left"``), players by
their number (0 for Player 1). JSON forms:

- ``{"sail": "fork", "arrow": "veer_left"}`` (with ``"windy": true`` to play a Windy spell too);
- ``{"exchange": ["straight", "turn_left"]}`` and ``{"face": "NE"}``: the two ways to skip;
- ``"nice_handling"``, ``{"flat_calm": 1}`` and ``"end_turn"``: after a movement card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.reading import shown
from sailing_kit.regatta.deck import Deck


@dataclass(frozen=True)
class Sail:
    """Play movement card ``card`` and sail its arrow ``arrow`` (twice with a Windy spell)."""

    card: str
    arrow: str
    windy: bool = False


@dataclass(frozen=True)
class Exchange:
    """Skip the turn and exchange these 1 to 3 cards for new ones."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Face:
    """Skip the turn and turn the yacht to face ``heading``."""

    heading: Direction


@dataclass(frozen=True)
class Handling:
    """Play Nice yacht handling after a movement card: draw, then one more move."""


@dataclass(frozen=True)
class Becalm:
    """Play Flat calm before player ``target``'s yacht: it skips its next turn."""

    target: int


@dataclass(frozen=True)
class EndTurn:
    """End the turn after a movement card without playing a special card."""


Action = Sail | Exchange | Face | Handling | Becalm | EndTurn
MOVE = "move"
"""The step of a turn where the player sails a card or skips (``state.phase``)."""
AFTER = "after"
"""The step after sailing where Nice yacht handling or Flat calm may follow."""
MAX_TEXT = 200
"""The longest text read as a move."""
MAX_CARDS = 20
"""The most cards an exchange may list (hands hold at most eight)."""
FORMS = N_("a move is {'sail': card, 'arrow': arrow} (add 'windy': True for a Windy spell), "
         "{'exchange': [cards]}, {'face': 'NE'}, 'nice_handling', {'flat_calm': player} or "
         "'end_turn'; as text: 'fork veer_left', 'windy straight', 'exchange fork straight', "
         "'face NE', 'nice handling', 'end turn'")


def action_to_json(action: Action) -> Any:
    if isinstance(action, Sail):
        return {"sail": action.card, "arrow": action.arrow, **({"windy": True} if action.windy
                                                               else {})}
    if isinstance(action, Exchange):
        return {"exchange": list(action.cards)}
    if isinstance(action, Face):
        return {"face": action.heading.value}
    if isinstance(action, Becalm):
        return {"flat_calm": action.target}
    return "nice_handling" if isinstance(action, Handling) else "end_turn"


def parse_action(value: Any, deck: Deck) -> Action:
    """An action rebuilt in canonical form from itself, its JSON form or a friendly text;
    UnreadableAction saying what is wrong otherwise."""
    if isinstance(value, Sail):
        card = _card(value.card, deck)
        return Sail(card, _arrow(value.arrow, card, deck), _windy(value.windy))
    if isinstance(value, Exchange):
        return Exchange(_cards(value.cards, deck))
    if isinstance(value, Face):
        return Face(_heading(value.heading))
    if isinstance(value, Becalm):
        return Becalm(_target(value.target))
    if isinstance(value, Handling):
        return Handling()
    if isinstance(value, EndTurn):
        return EndTurn()
    if isinstance(value, dict):
        return _from_dict(value, deck)
    if isinstance(value, str) and len(value) <= MAX_TEXT:
        return _from_text(value, deck)
    raise _not_a_move(value)


def _not_a_move(value: Any) -> UnreadableAction:
    return UnreadableAction(_("that is not a move of the card regatta: {value}. {forms}",
                              value=shown(value), forms=_(FORMS)))


def _from_dict(value: dict[Any, Any], deck: Deck) -> Action:
    keys = set(value)
    if "sail" in keys and keys <= {"sail", "arrow", "windy"}:
        card = _card(value["sail"], deck)
        return Sail(card, _arrow(value.get("arrow"), card, deck),
                    _windy(value.get("windy", False)))
    if keys == {"exchange"}:
        return Exchange(_cards(value["exchange"], deck))
    if keys == {"face"}:
        return Face(_heading(value["face"]))
    if keys == {"flat_calm"}:
        return Becalm(_target(value["flat_calm"]))
    raise _not_a_move(value)


def _from_text(text: str, deck: Deck) -> Action:
    words = text.strip().lower().replace("-", "_").split()
    joined = "_".join(words)
    if joined in ("end_turn", "end"):
        return EndTurn()
    if joined in ("nice_handling", "nice_yacht_handling"):
        return Handling()
    if len(words) == 2 and words[0] == "face":
        return Face(_heading(words[1]))
    if len(words) >= 2 and words[0] == "exchange":
        return Exchange(_cards(words[1:], deck))
    windy = bool(words) and words[0] == "windy"
    rest = words[1:] if windy else words
    if 1 <= len(rest) <= 2 and deck.has_kind(rest[0]):
        card = _card(rest[0], deck)
        return Sail(card, _arrow(rest[1] if len(rest) == 2 else None, card, deck), windy)
    raise _not_a_move(text)


def _card(name: Any, deck: Deck) -> str:
    if not deck.has_kind(name):
        kinds = ", ".join(kind.name for kind in deck.cards)
        raise UnreadableAction(_("the deck has no card {card}; its cards are {cards}",
                                 card=shown(name), cards=kinds))
    return str(name)


def _cards(value: Any, deck: Deck) -> tuple[str, ...]:
    """Cards to exchange, sorted (the same kind may come more than once)."""
    return tuple(sorted(reading.items(value, lambda card: _card(card, deck),
                                      "the cards to exchange", most=MAX_CARDS)))


def _arrow(name: Any, card: str, deck: Deck) -> str:
    """The arrow ``name``; without a name, the card's only arrow."""
    kind = deck.kind(card)
    if not kind.arrows:
        raise UnreadableAction(_("the {card} card has no arrows: it does not move a yacht (it "
                                 "is a special card)", card=kind.shown))
    if name is None and len(kind.arrows) == 1:
        return kind.arrows[0]
    if name is None:
        raise UnreadableAction(_("the {card} card has {count} arrows: name one ({arrows})",
                                 card=kind.shown, count=len(kind.arrows),
                                 arrows=", ".join(kind.arrows)))
    return reading.text(name, _("an arrow (a word like 'veer_left')"), most=40)


def _windy(value: Any) -> bool:
    return reading.flag(value, _("'windy' (whether a Windy spell doubles the move)"))


def _target(value: Any) -> int:
    return reading.whole(value, _("Flat calm's target (a player's number, 0 for Player 1)"),
                         -99, 99)


def _heading(value: Any) -> Direction:
    return reading.direction(value, _("the heading to face"))
