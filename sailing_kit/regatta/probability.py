"""The chance of holding a card that makes progress, worked out exactly and checked by dealing.

A hand of five is five cards drawn without replacement from a shuffled deck, so the chance that
it holds at least one of the ``good`` cards among ``total`` is one minus the chance that all
five come from the others (the hypergeometric distribution):

    P(at least one) = 1 - C(total - good, hand) / C(total, hand)

Which cards are good depends on where the next buoy lies: a card makes progress when one of its
arrows ends closer (in a straight line) to the buoy than the yacht is now, in open water.
:func:`chance_by_bearing` tabulates that for a buoy at each of the eight bearings;
:func:`dealt_hands` and :func:`share_holding` check the exact figure on real deals of the engine.

That formula is exact for a fresh deal. Later in the race a player knows more: the cards in their
own hand and the face-up discard pile cannot be drawn. :func:`chance_to_draw` reckons the exact
chance of drawing a good card from what a player sees (:func:`unseen_cards`): the draw pile is a
random part of the cards the player cannot see (the pile and the other hands), and when it runs
out the rest comes from the discard pile, reshuffled.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fractions import Fraction

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.regatta.deck import Deck, standard_deck
from sailing_kit.regatta.game import RegattaState, new_game
from sailing_kit.regatta.geometry import Pose, follow

DISTANCE = 6
"""How far off the buoy lies in the bearing table (cells)."""


def chance_of_any(total: int, good: int, drawn: int) -> Fraction:
    """The exact chance that ``drawn`` cards from ``total`` (``good`` of them good) hold at
    least one good card."""
    if not 0 <= good <= total or not 0 <= drawn <= total:
        raise ValueError(f"cannot draw {drawn} of {total} cards with {good} good ones")
    return 1 - Fraction(math.comb(total - good, drawn), math.comb(total, drawn))


def unseen_cards(state: RegattaState, player: int) -> Counter[str]:
    """The cards ``player`` cannot see, by kind: those in the draw pile and in the other players'
    hands. Every other card is in sight: the player's own hand, the face-up discard pile, the
    suns on the table and the cards out of the game."""
    seen = Counter(state.hand(player))
    seen.update(state.kinds[card] for card in state.discard_pile + state.out)
    seen.update(state.kinds[card] for card in state.suns if card is not None)
    return Counter(state.kinds) - seen


def chance_to_draw(state: RegattaState, player: int, drawn: int, kinds: Collection[str]
                   ) -> Fraction:
    """The exact chance, as ``player`` sees the game, that the next ``drawn`` cards they draw
    hold at least one card of ``kinds``. The first come from the draw pile: its size is public,
    its cards a random part of the :func:`unseen_cards`. If it runs out, the rest come from the
    discard pile, reshuffled: cards the player sees."""
    from_pile = min(drawn, state.pile_size)
    from_discards = min(drawn - from_pile, len(state.discard_pile))
    unseen = unseen_cards(state, player)
    discards = Counter(state.kinds[card] for card in state.discard_pile)
    miss = Fraction(1)
    for cards, count in ((unseen, from_pile), (discards, from_discards)):
        good = sum(cards[kind] for kind in set(kinds))
        miss *= 1 - chance_of_any(sum(cards.values()), good, count)
    return 1 - miss


def progress_kinds(deck: Deck, pose: Pose, buoy: Point) -> tuple[str, ...]:
    """The movement cards with an arrow that ends closer to ``buoy`` than ``pose`` is (open
    water: nothing in the way)."""
    now = math.dist(pose.at, buoy)
    return tuple(kind.name for kind in deck.movement_kinds
                 if any(math.dist(follow(pose, deck.arrow(arrow).steps)[0][-1], buoy) < now
                        for arrow in kind.arrows))


@dataclass(frozen=True)
class BearingChance:
    """For a buoy ``bearing`` (degrees clockwise from the bow): the cards that make progress,
    how many the deck holds, and the exact chance of holding one in a fresh hand."""

    bearing: int
    kinds: tuple[str, ...]
    good: int
    chance: Fraction


def chance_by_bearing(deck: Deck | None = None, hand: int = 5,
                      distance: int = DISTANCE) -> list[BearingChance]:
    """The table for a yacht facing North with the buoy ``distance`` cells off at each of the
    eight bearings, 0 (dead ahead) to 315 degrees."""
    deck = deck or standard_deck()
    pose = Pose((0, 0), Direction.N)
    rows = []
    for direction in Direction:
        dx, dy = direction.vector
        scale = distance / math.hypot(dx, dy)
        buoy = (round(dx * scale), round(dy * scale))
        kinds = progress_kinds(deck, pose, buoy)
        good = sum(deck.kind(kind).count for kind in kinds)
        rows.append(BearingChance(direction.degrees, kinds, good,
                                  chance_of_any(deck.size, good, hand)))
    return rows


def dealt_hands(deals: int, seed: int = 0, **options: object) -> list[tuple[str, ...]]:
    """Player 1's hand in ``deals`` real deals of the engine (``new_game(seed=seed + k)``)."""
    return [new_game(seed=seed + k, **options).hand(0) for k in range(deals)]


def share_holding(hands: Iterable[tuple[str, ...]], kinds: Iterable[str]) -> float:
    """The share of ``hands`` holding at least one card of ``kinds``: the simulation that
    checks the exact chance."""
    wanted, hands = set(kinds), list(hands)
    return sum(bool(wanted.intersection(hand)) for hand in hands) / len(hands)
