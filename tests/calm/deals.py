"""Hand-made deals for the rule tests: decks laid out card by card (top card first)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sailing_kit.calm import FINISH, MONSTER, START, CalmState, new_game
from sailing_kit.calm.cards import is_island


def deal(*decks: list, **options: Any) -> CalmState:
    """A game whose decks are exactly ``decks``."""
    return new_game(players=len(decks), seed=0, decks=[list(deck) for deck in decks], **options)


def play_all(state: CalmState, *moves: Any) -> CalmState:
    for move in moves:
        state.apply(move)
    return state


def every_card(state: CalmState) -> Counter:
    """Where every card of the game is, pooled: decks, hands, sea, slots, discards, out, removed."""
    places: Counter = Counter()
    for seat in range(state.num_players):
        places.update(state.deck(seat))
        places.update(state.hand(seat))
        places.update(state.discards[seat])
    places.update(value for value in state.sea.cells if value)
    places.update(state.out)
    places.update(state.removed)
    if state.start_played:
        places[START] += 1
    if state.won:
        places[FINISH] += 1
    return places


def cards_dealt(state: CalmState) -> Counter:
    """The cards of the game as set up: every deck, plus the islands removed before dealing."""
    return Counter(card for deck in state.decks for card in deck) + Counter(state.removed)


def no_card_twice(state: CalmState) -> bool:
    """Islands are unique: none may be in two places."""
    islands = [card for card, count in every_card(state).items() if is_island(card) and count > 1]
    return not islands


__all__ = ["FINISH", "MONSTER", "START", "cards_dealt", "deal", "every_card", "no_card_twice",
           "play_all"]
