"""The choices a hand offers, listed fast: picks of cards, splits of the Start's discards, and
the actions made once and shared (actions are immutable values), so that listing the legal
actions of a turn creates almost no objects."""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from itertools import combinations

from sailing_kit.calm.actions import Action, Discard, Play
from sailing_kit.calm.cards import START, Card


def without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards`` (all known to be in it)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """True if ``hand`` holds every card of ``cards``, counting repeats."""
    return all(hand.count(card) >= cards.count(card) for card in set(cards))


def picks(cards: tuple[Card, ...], k: int) -> list[tuple[Card, ...]]:
    """Every way to pick ``k`` of the (sorted) ``cards``, each set of values once (islands are
    unique: only special cards can repeat)."""
    chosen = combinations(cards, k)
    if cards and cards[-1] >= START and len(set(cards)) < len(cards):
        return list(dict.fromkeys(chosen))
    return list(chosen)


def islands_of(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The islands of a (sorted) hand: they come before the special cards."""
    return hand[:bisect_left(hand, START)]


@cache
def splits(total: int, limits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``total`` discards with at most ``limits[i]`` for player ``i``."""
    if len(limits) == 1:
        return ((total,),) if total <= limits[0] else ()
    return tuple((first, *rest) for first in range(min(total, limits[0]) + 1)
                 for rest in splits(total - first, limits[1:]))


class _DiscardPairs(dict[tuple[Card, ...], Discard]):
    """pair of cards -> the (shared, immutable) action discarding them: "discard two" is listed
    on every turn, so each pair is made once (there are at most a few thousand)."""

    def __missing__(self, pair: tuple[Card, ...]) -> Discard:
        action = self[pair] = Discard(pair)
        return action


_PAIRS = _DiscardPairs()


def discards(cards: tuple[Card, ...], k: int) -> list[Action]:
    """Every ``Discard`` of ``k`` of the (sorted) ``cards``."""
    return list(map(_PAIRS.__getitem__ if k == 2 else Discard, picks(cards, k)))


class PlayTable(dict[Card, tuple[Play, ...]]):
    """card -> ``Play(card, cell)`` for every cell in reading order, each made once and shared."""

    def __init__(self, rows: int, cols: int):
        super().__init__()
        self.cells = [divmod(index, cols) for index in range(rows * cols)]

    def __missing__(self, card: Card) -> tuple[Play, ...]:
        plays = self[card] = tuple(Play(card, cell) for cell in self.cells)
        return plays


@cache
def play_table(rows: int, cols: int) -> PlayTable:
    """The shared table of plays of a sea of ``rows`` x ``cols``."""
    return PlayTable(rows, cols)
