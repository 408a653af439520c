"""The chance of holding a card that makes progress: exact (hypergeometric), checked against
brute-force counting and against real deals of the engine."""

import math
from fractions import Fraction
from itertools import combinations

import pytest

from sailing_kit.core import Direction
from sailing_kit.regatta import (Pose, chance_by_bearing, chance_of_any, dealt_hands,
                                 progress_kinds, share_holding, standard_deck)


@pytest.mark.parametrize("total, good, drawn", [(7, 2, 3), (9, 0, 4), (8, 8, 2), (10, 3, 5)])
def test_the_formula_agrees_with_counting_every_hand(total, good, drawn):
    hands = list(combinations(range(total), drawn))
    with_good = sum(any(card < good for card in hand) for hand in hands)
    assert chance_of_any(total, good, drawn) == Fraction(with_good, len(hands))


def test_impossible_draws_are_refused():
    with pytest.raises(ValueError, match="cannot draw 6 of 5 cards"):
        chance_of_any(5, 1, 6)


def test_which_cards_make_progress_depends_on_where_the_buoy_lies():
    deck, north = standard_deck(), Pose((0, 0), Direction.N)
    everything = {kind.name for kind in deck.movement_kinds}
    assert set(progress_kinds(deck, north, (0, 6))) == everything  # dead ahead
    assert set(progress_kinds(deck, north, (6, 0))) == {"veer_right", "turn_right", "fork",
                                                        "trident"}  # abeam to starboard
    assert progress_kinds(deck, north, (0, -6)) == ()  # dead astern: no card helps


def test_the_bearing_table():
    rows = chance_by_bearing()
    assert [row.bearing for row in rows] == [0, 45, 90, 135, 180, 225, 270, 315]
    ahead, abeam, astern = rows[0], rows[2], rows[4]
    assert ahead.good == 45 and ahead.chance == 1 - Fraction(math.comb(9, 5), math.comb(54, 5))
    assert abeam.good == 8 + 5 + 6 + 3 and astern.good == 0 and astern.chance == 0
    for left, right in ((1, 7), (2, 6), (3, 5)):  # port and starboard mirror each other
        assert rows[left].chance == rows[right].chance
    assert [row.chance for row in rows[:5]] == sorted((row.chance for row in rows[:5]),
                                                      reverse=True)


def test_real_deals_agree_with_the_exact_chance():
    hands = dealt_hands(3000, seed=100)
    assert len(hands) == 3000 and all(len(hand) == 5 for hand in hands)
    for row in chance_by_bearing():
        share, chance = share_holding(hands, row.kinds), float(row.chance)
        spread = math.sqrt(chance * (1 - chance) / len(hands))
        assert abs(share - chance) <= 4 * spread
    assert share_holding(hands, ()) == 0
