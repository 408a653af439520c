"""Exact probabilities: one roll against all 7776 outcomes, two and three rolls against an
independent brute force over ordered outcomes, and the yacht against a Markov chain."""

from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest
import sympy

from sailing_kit.core.errors import ConfigError
from sailing_kit.yacht import CATEGORIES, RuleSet, probability, score, yacht_chain

ALL_ROLLS = list(product(range(1, 7), repeat=5))
EVERY_CATEGORY = [(rules, c) for rules, categories in CATEGORIES.items() for c in categories]


@pytest.mark.parametrize("rules, category", EVERY_CATEGORY)
def test_one_roll_probability_is_the_share_of_the_7776_outcomes(rules, category):
    made = sum(score(roll, category, rules) > 0 for roll in ALL_ROLLS)
    assert probability(category, 1, rules) == sympy.Rational(made, 7776)


@cache
def brute_force(rules: RuleSet, category: str, kept: tuple, rolls_left: int) -> Fraction:
    """The chance to make ``category`` keeping ``kept`` and rolling the rest, ``rolls_left``
    rolls in hand, by every ordered outcome and every subset of dice to keep."""
    rolled = 5 - len(kept)
    total = Fraction(0)
    for outcome in product(range(1, 7), repeat=rolled):
        dice = tuple(sorted(kept + outcome))
        total += best_from(rules, category, dice, rolls_left - 1)
    return total / 6**rolled


@cache
def best_from(rules: RuleSet, category: str, dice: tuple, rolls_left: int) -> Fraction:
    if rules.score(dice, category) > 0:
        return Fraction(1)
    if rolls_left == 0:
        return Fraction(0)
    keeps = {tuple(sorted(k)) for size in range(5) for k in combinations(dice, size)}
    return max(brute_force(rules, category, keep, rolls_left) for keep in keeps)


@pytest.mark.parametrize("category", CATEGORIES["jacht"])
def test_two_roll_probability_matches_brute_force(category):
    rules = RuleSet("jacht")
    expected = brute_force(rules, category, (), 2)
    assert probability(category, 2) == sympy.Rational(expected.numerator, expected.denominator)


@pytest.mark.parametrize("rules, category", [("jacht", "yacht"), ("jacht", "big_straight"),
                                             ("jacht", "poker"), ("jacht", "full"),
                                             ("tabornok", "straight"), ("yahtzee", "small_straight")])
def test_three_roll_probability_matches_brute_force(rules, category):
    ruleset = RuleSet(rules)
    expected = brute_force(ruleset, category, (), 3)
    assert probability(category, 3, rules) == sympy.Rational(expected.numerator, expected.denominator)


def test_yacht_in_three_rolls_matches_the_markov_chain_of_the_largest_group():
    """Keeping the largest group is the best way to a yacht: the chain (counted over ordered
    outcomes) and the multiset backward induction agree exactly."""
    start, chain = yacht_chain()
    assert sum(start) == 1 and all(sum(chain.row(i)) == 1 for i in range(5))
    assert chain[4, 4] == 1 and chain[3, 4] == sympy.Rational(1, 6)
    assert probability("yacht", 1) == start[0, 4]
    assert probability("yacht", 2) == (start * chain)[0, 4]
    assert probability("yacht", 3) == (start * chain**2)[0, 4] == sympy.Rational(347897, 7558272)


def test_more_rolls_never_lower_the_chance():
    for category in CATEGORIES["jacht"]:
        chances = [probability(category, rolls) for rolls in (1, 2, 3)]
        assert chances == sorted(chances)


def test_upper_category_within_three_rolls_is_one_minus_five_sixths_to_the_fifteenth():
    """Each die gets up to three tries at showing a six: missing all fifteen is (5/6)**15."""
    assert probability("sixes", 3) == 1 - sympy.Rational(5, 6) ** 15


@pytest.mark.parametrize("rolls", [0, 4, 1.5, "2"])
def test_rolls_must_be_one_to_three(rolls):
    with pytest.raises(ConfigError, match="'rolls' must be"):
        probability("yacht", rolls)
