"""Issue #20.5: options are checked against the board they describe, every list and count has
an upper bound, duplicate checks are linear, and a regatta draw copies nothing."""

from __future__ import annotations

import json
import re
import time

import pytest

from sailing_kit import calm, race, regatta
from sailing_kit.core.errors import ConfigError, SavedGameError
from sailing_kit.regatta.deck import CardKind, standard_deck

OPEN = {"course": "open", "positions": [((2, 2), "N"), ((8, 2), "N")]}


@pytest.mark.parametrize("options, words", [
    ({**OPEN, "marks": [(100, 100)]}, "the mark at (100, 100) is off the 13 x 15 area"),
    ({**OPEN, "marks": [(5, 5), (5, 5)]}, "names the mark (5, 5) twice"),
    ({**OPEN, "marks": [(x, 8) for x in range(11)]}, "holds 0 to 10 items, not 11"),
    ({"yellow": [(4, 9)], "blue": [(4, 9)]}, "one token a point, but (4, 9) is given both"),
    ({"yellow": [(4, 9), (4, 9)]}, "names the point (4, 9) twice"),
    ({"yellow": [(x, y) for x in range(15) for y in (20, 21, 22)],
      "blue": [(x, y) for x in range(15) for y in (23, 24, 25)]}, "the box holds 80 tokens, not 90"),
    ({"max_rounds": 10**100}, "'max_rounds' must be from 1 to 10000"),
    ({"flag_rows": [5, 5]}, "names the row 5 twice"),
])
def test_race_options_fit_the_area_and_their_bounds(options: dict, words: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(words)):
        race.new_game(seed=0, **options)


def test_regatta_stack_is_bounded() -> None:
    with pytest.raises(ConfigError, match="at most 1,000"):
        regatta.new_game(seed=0, stack=["straight"] * 1_001)
    assert regatta.new_game(seed=0, stack=["straight"] * 1_000).pile_size == 990


def test_a_hand_built_deck_is_checked_like_a_dictionary() -> None:
    deck = standard_deck()
    huge = type(deck)(deck.name, deck.arrows,
                      (CardKind("straight", "Straight", 10**9, ("straight",)), *deck.cards[1:]))
    started = time.perf_counter()
    with pytest.raises(ConfigError, match="'count' is a whole number from 0 to 200"):
        regatta.new_game(seed=0, deck=huge)
    assert time.perf_counter() - started < 1  # a hang guard: the deck was never dealt


def test_a_regatta_draw_moves_along_the_pile_and_copies_nothing() -> None:
    state = regatta.new_game(seed=0, stack=["straight"] * 1_000)
    pile = state.pile
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    assert state.pile is pile and state.pile_top > 0
    assert state.draw_pile == pile[state.pile_top:]
    while state.history:
        state.undo()
    assert state.pile is pile and state.pile_top == 0


@pytest.mark.parametrize("repeats, words", [(128_000, "at most 1,000 items"),
                                            (999, "island 1 is dealt twice")])
def test_calm_refuses_a_deck_repeating_an_island_at_once(repeats: int, words: str) -> None:
    state = calm.new_game(seed=1, players=1, decks=[[1, "start", 2, 3, 4, 5]], rows=1, cols=3,
                          top=9, start_discards=0)
    data = json.loads(state.to_json())
    data["options"]["decks"] = [["start"] + [1] * repeats]
    started = time.perf_counter()
    with pytest.raises(SavedGameError, match=words):
        calm.CalmState.from_json(json.dumps(data))
    assert time.perf_counter() - started < 2  # a hang guard: the check is linear
