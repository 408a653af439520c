"""The optimal solver: small known cases, agreement of its advice with its table, exactness, and
the Yahtzee model checked against the scorecard's own rules."""

from fractions import Fraction

import numpy as np
import pytest

from sailing_kit.core.errors import ConfigError
from sailing_kit.yacht import (
    Keep,
    Position,
    RuleSet,
    Score,
    Scorecard,
    advise,
    greedy_planner,
    optimal_expected_score,
    optimal_planner,
    probability,
    rule_set,
)
from sailing_kit.yacht.multisets import outcomes
from sailing_kit.yacht.solver import solve
from sailing_kit.yacht.values import model_for


def all_but(rules: RuleSet, category: str) -> Scorecard:
    """A card with every category but ``category`` filled (with zeros)."""
    return Scorecard(rules, tuple((c, 0) for c in rules.categories if c != category))


def value_of(card: Scorecard) -> float:
    """The solver's expected score still to come from ``card``, between turns."""
    return optimal_planner(card.rules).expected_from(card) - card.total


@pytest.mark.parametrize("category, points", [("yacht", 50), ("big_straight", 30),
                                              ("little_straight", 30)])
def test_a_single_fixed_value_category_is_worth_its_points_times_its_probability(category, points):
    """With one category left, aiming at it as well as possible maximises its chance."""
    rules = RuleSet("jacht")
    assert value_of(all_but(rules, category)) == pytest.approx(
        points * float(probability(category, 3)), rel=1e-12)


def test_a_single_chance_category_is_worth_70_thirds():
    """Per die: stop on 5 or 6 after the first roll, on 4 or more after the second:
    (5.5 + 4.25 * 2) / 3 = 14/3 per die, 70/3 for five."""
    assert value_of(all_but(RuleSet("jacht"), "chance")) == pytest.approx(70 / 3, rel=1e-12)


def test_a_single_sixes_category_keeps_every_six():
    """Each die shows a six within three tries with chance 1 - (5/6)**3."""
    expected = 6 * 5 * (1 - (5 / 6) ** 3)
    assert value_of(all_but(RuleSet("jacht"), "sixes")) == pytest.approx(expected, rel=1e-12)


def test_exact_and_float_tables_agree():
    exact = optimal_expected_score("tabornok", exact=True, big_general_wins=False)
    assert isinstance(exact, Fraction)
    assert float(exact) == pytest.approx(optimal_expected_score("tabornok", big_general_wins=False),
                                         rel=1e-12)


@pytest.mark.parametrize("rules", [RuleSet("jacht"), RuleSet("tabornok", big_general_wins=False)])
def test_the_advice_after_the_first_roll_averages_to_the_tables_value(rules):
    """The table's value of an empty card is the average, over the first roll, of the best
    choice the advisor finds for that roll."""
    card = Scorecard(rules)
    average = sum(float(p) * advise(Position(card, dice, 1)).best.expected
                  for dice, p in outcomes(5))
    assert average == pytest.approx(optimal_expected_score(rules), rel=1e-12)


def test_advice_lists_every_choice_best_first_with_the_best_move_of_the_strategy():
    rules = RuleSet("jacht")
    position = Position(Scorecard(rules), (1, 2, 6, 6, 6), 1)
    advice = advise(position)
    values = [option.expected for option in advice.options]
    assert values == sorted(values, reverse=True)
    assert {o.choice for o in advice.options} == set(position.choices())
    assert advice.best.choice == Keep((6, 6, 6)) == optimal_planner(rules).best(position)
    last_roll = Position(Scorecard(rules), (2, 3, 4, 5, 6), 3)
    assert advise(last_roll).best.choice == Score("big_straight")


def test_greedy_ignores_the_future_and_the_optimal_player_does_not():
    """Three sixes and 1-2 on the last roll: greedy writes the most points now (chance, 21);
    the optimal player saves chance and takes sixes."""
    rules = RuleSet("jacht")
    position = Position(Scorecard(rules), (1, 2, 6, 6, 6), 3)
    assert greedy_planner(rules).best(position) == Score("chance")
    assert optimal_planner(rules).best(position) == Score("sixes")


def test_the_solver_is_cached():
    rules = RuleSet("jacht")
    assert solve(rules) is solve(rules)


def test_tabornok_needs_a_number_for_the_big_general():
    with pytest.raises(ConfigError, match="big_general_wins=False"):
        optimal_expected_score("tabornok")


def test_exact_yahtzee_is_refused_with_a_reason():
    with pytest.raises(ConfigError, match="use floats"):
        optimal_expected_score("yahtzee", exact=True)


def test_the_first_roll_bonus_and_generala_poker_are_worth_points():
    plain = optimal_expected_score("tabornok", big_general_wins=False)
    generala = optimal_expected_score("tabornok", big_general_wins=False, poker_points=40)
    assert generala > plain
    assert optimal_expected_score("jacht", five_of_a_kind_counts=True) > optimal_expected_score()


@pytest.mark.parametrize("joker", ["forced", "free"])
def test_yahtzee_category_values_follow_the_scorecard(joker):
    """The vectorised Yahtzee model against the scorecard, on random tables: for cards with
    jokers, bonuses and upper totals near 63, every category's value is the scorecard's points
    (with both bonuses) plus the table at the position the scorecard moves to."""
    rules = rule_set("yahtzee", joker=joker)
    model = model_for(rules)
    generator = np.random.default_rng(7)
    table = generator.random((1 << len(rules.categories), model.sub_states))
    cards = [
        Scorecard(rules, (("yahtzee", 50), ("sixes", 24), ("fives", 20), ("fours", 16))),
        Scorecard(rules, (("yahtzee", 0), ("threes", 9), ("full_house", 25))),
        Scorecard(rules, tuple((c, 0) for c in rules.categories[6:]) + (("twos", 4),)),
        Scorecard(rules, (("chance", 22),)),
    ]
    for card in cards:
        mask, sub = model.mask(card), model.sub_state(card)
        values = np.stack(list(model.each_category(np.array([mask]), np.array([sub]), table, 1)),
                          -1)[:, 0]
        for r, dice in enumerate(d for d, _ in outcomes(5)):
            allowed = card.choices(dice)
            for c, category in enumerate(rules.categories):
                if category not in allowed:
                    assert values[r, c] == -np.inf
                    continue
                after = card.write(category, dice)
                expected = after.total - card.total + table[model.mask(after), model.sub_state(after)]
                assert values[r, c] == pytest.approx(expected), (card.boxes, dice, category)



def test_yahtzee_with_verhoeffs_rules_reproduces_the_published_254_5896():
    """Verhoeff (and Woodward) publish 254.5896 for optimal solitaire Yahtzee under Verhoeff's
    joker convention. This builds the whole Yahtzee table (a few seconds), once per test session
    (conftest.py gives the session a fresh cache folder); the review's tests read the same one."""
    assert optimal_expected_score("yahtzee", joker="free") == pytest.approx(254.5896, abs=5e-5)


@pytest.mark.parametrize("joker", ["forced", "free"])
def test_the_joker_patterns_give_the_scorecards_choices_on_every_card(joker):
    """The model reads where a Yahtzee may go from one card per pattern; on every one of the
    8192 sets of filled boxes it agrees with the scorecard itself."""
    rules = rule_set("yahtzee", joker=joker)
    model = model_for(rules)
    masks = np.arange(1 << len(rules.categories))
    jokers = model._jokers(masks)
    for mask in masks:
        filled = [c for bit, c in enumerate(rules.categories) if mask & (1 << bit)]
        for face in range(1, 7):
            allowed = Scorecard(rules, tuple((c, 0) for c in filled)).choices((face,) * 5)
            where = jokers.allowed[face - 1, mask]
            assert {c for c, ok in zip(rules.categories, where) if ok} == set(allowed)
            points = jokers.points[face - 1, mask]
            assert all(points[rules.categories.index(c)] == p for c, p in allowed.items())


@pytest.mark.parametrize("rules", [rule_set("yahtzee"), rule_set("tabornok", big_general_wins=False)],
                         ids=["yahtzee", "tabornok"])
def test_the_stops_are_the_best_category_of_every_roll(rules):
    """:meth:`stops` (the solver's fast path) is the maximum of :meth:`each_category` (the
    advisor's), on a random table and a batch of positions of every layer."""
    model = model_for(rules)
    generator = np.random.default_rng(3)
    table = generator.random((1 << len(rules.categories), model.sub_states)) * 50
    masks = generator.integers(0, len(table) - 1, 300)
    subs = np.array([generator.choice(model.reachable(int(m))) for m in masks])
    for points in (0, 1):
        each = np.stack(list(model.each_category(masks, subs, table, points)))
        assert np.array_equal(model.stops(masks, subs, table, points), each.max(axis=0))
