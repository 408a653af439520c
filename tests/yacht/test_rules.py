"""Scoring rules of Jacht, Tábornok and Yahtzee, each test citing the rule it checks.

Quotes in Hungarian are from the rule text (shared/seeds/003); "rules-decisions" lines from
shared/rules-decisions.md, section yacht.
"""

from itertools import product

import pytest

from sailing_kit.core.errors import ActionError, ConfigError
from sailing_kit.yacht import CATEGORIES, RuleSet, Scorecard, fits, score
from sailing_kit.yacht.rules import UPPER

ALL_ROLLS = list(product(range(1, 7), repeat=5))


def best_score(category, rules="jacht", first_roll=False):
    return max(score(roll, category, rules, first_roll) for roll in ALL_ROLLS)


# ----- Jacht ----------------------------------------------------------------------------------------

def test_rule_jacht_has_twelve_categories():
    """'a 12 kategória közül melyikbe írja be az eredményét'"""
    assert len(CATEGORIES["jacht"]) == 12


def test_rule_example_four_four_four_three_two_is_twelve_in_fours():
    """'Például a 4-4-4-3-2 dobás 12 pontot érne a négyesek közt.'"""
    assert score((4, 4, 4, 3, 2), "fours") == 12


@pytest.mark.parametrize("category, maximum", list(zip(UPPER, (5, 10, 15, 20, 25, 30))))
def test_rule_upper_categories_count_their_face_up_to_the_stated_maximum(category, maximum):
    """'Hatosok: maximum 30 pont' ... 'Egyesek: maximum 5 pont': the sum of that face."""
    face = UPPER.index(category) + 1
    assert score((face, face, 1, 2, 3), category) == face * (2 + (face <= 3))
    assert best_score(category) == maximum


def test_rule_yacht_is_five_of_a_kind_for_fifty():
    """'Jacht: öt egyforma (50 pont)'"""
    assert score((2, 2, 2, 2, 2), "yacht") == 50
    assert score((2, 2, 2, 2, 3), "yacht") == 0


def test_rule_straights_are_fixed_thirty():
    """'Nagy sor: 2-3-4-5-6 (30 pont)', 'Kis sor: 1-2-3-4-5 (30 pont)'; 'A jacht, a kis sor és a
    nagy sor kategóriákban mindig a kategóriának megfelelő pontszámot kell beírni.'"""
    assert score((6, 2, 4, 3, 5), "big_straight") == 30
    assert score((5, 1, 4, 3, 2), "little_straight") == 30
    assert score((1, 2, 3, 4, 5), "big_straight") == 0
    assert score((2, 3, 4, 5, 6), "little_straight") == 0


def test_rule_poker_counts_the_fifth_die_up_to_29():
    """'Póker: négyszer x, plusz az ötödik kocka (maximum 29 pont)'; 'Ha egy játékos négy
    egyformát dob, az ötödik kocka pontérétke is számít a póker kategóriában.'"""
    assert score((6, 6, 6, 6, 5), "poker") == 29
    assert score((1, 1, 1, 1, 6), "poker") == 10
    assert best_score("poker") == 29


def test_rule_full_is_three_and_two_up_to_28():
    """'Full: 3 egyforma és 2 egyforma (maximum 28 pont)'"""
    assert score((6, 6, 6, 5, 5), "full") == 28
    assert score((2, 2, 3, 3, 3), "full") == 13
    assert score((2, 2, 3, 3, 4), "full") == 0
    assert best_score("full") == 28


def test_rule_five_of_a_kind_is_neither_poker_nor_full_by_default():
    """rules-decisions: 'five of a kind scores in neither by default (option: it counts as both)'."""
    assert score((5, 5, 5, 5, 5), "poker") == 0 and score((5, 5, 5, 5, 5), "full") == 0
    counts = RuleSet(five_of_a_kind_counts=True)
    assert score((5, 5, 5, 5, 5), "poker", counts) == 25 == score((5, 5, 5, 5, 5), "full", counts)


def test_rule_chance_is_the_sum_up_to_30():
    """'Esély: három dobásból elérhető legmagasabb pontszám (maximum 30 pont)'"""
    assert score((1, 3, 4, 6, 6), "chance") == 20
    assert best_score("chance") == 30


def test_rule_a_roll_that_does_not_fit_scores_zero():
    """rules-decisions: 'A category filled with a roll that does not match scores 0.'"""
    assert score((1, 2, 3, 4, 6), "full") == 0 and not fits((1, 2, 3, 4, 6), "full")
    assert fits((1, 2, 3, 4, 6), "chance")


# ----- Tábornok -------------------------------------------------------------------------------------

def test_rule_tabornok_has_ten_categories_one_straight_no_chance():
    """'csak tíz kategória létezik (kétféle sor helyett egy sor van és nincs esély kategória)'"""
    categories = CATEGORIES["tabornok"]
    assert len(categories) == 10 and "straight" in categories and "chance" not in categories


@pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)])
def test_rule_tabornok_straight_25_on_the_first_roll_else_20(dice):
    """'Sor: 25 pont, ha első dobásra kijön, különben 20'; rules-decisions: 'Straight is either
    1-2-3-4-5 or 2-3-4-5-6.'"""
    assert score(dice, "straight", "tabornok", first_roll=True) == 25
    assert score(dice, "straight", "tabornok") == 20
    assert score((1, 2, 3, 4, 6), "straight", "tabornok", first_roll=True) == 0


def test_rule_tabornok_full_35_on_the_first_roll_else_30():
    """'Full: 35 pont, ha első dobásra kijön, különben 30'"""
    assert score((2, 2, 6, 6, 6), "full", "tabornok", first_roll=True) == 35
    assert score((2, 2, 6, 6, 6), "full", "tabornok") == 30


def test_rule_tabornok_poker_45_on_the_first_roll_else_30_or_generala_40():
    """'Póker: 45 pont, ha első dobásra kijön, különben 30'; rules-decisions: 'standard
    Generala's 40 is an option'."""
    assert score((3, 3, 3, 3, 1), "poker", "tabornok", first_roll=True) == 45
    assert score((3, 3, 3, 3, 1), "poker", "tabornok") == 30
    assert score((3, 3, 3, 3, 1), "poker", RuleSet("tabornok", poker_points=40)) == 40
    assert score((3, 3, 3, 3, 3), "poker", "tabornok") == 0


def test_rule_tabornok_general_is_sixty():
    """'különben 60 pont jár érte (kis tábornok)'; the big general's win is a game rule."""
    assert score((4, 4, 4, 4, 4), "general", "tabornok") == 60
    assert score((4, 4, 4, 4, 3), "general", "tabornok", first_roll=True) == 0


def test_rule_tabornok_upper_categories_are_always_the_sum():
    """'Egyesektől hatosokig: mindig a megfelelő kockák összege.'"""
    for first_roll in (True, False):
        assert score((6, 6, 6, 1, 2), "sixes", "tabornok", first_roll) == 18


# ----- Yahtzee --------------------------------------------------------------------------------------

def test_yahtzee_standard_lower_section():
    """The standard American rules (the issue): 3/4 of a kind the sum, full house 25, small
    straight 30 (four in a row), large straight 40, Yahtzee 50, chance the sum."""
    assert score((3, 3, 3, 2, 6), "three_of_a_kind", "yahtzee") == 17
    assert score((3, 3, 3, 3, 3), "four_of_a_kind", "yahtzee") == 15
    assert score((3, 3, 2, 2, 2), "full_house", "yahtzee") == 25
    assert score((3, 3, 3, 3, 3), "full_house", "yahtzee") == 0
    assert score((1, 3, 4, 5, 6), "small_straight", "yahtzee") == 30
    assert score((1, 2, 3, 5, 6), "small_straight", "yahtzee") == 0
    assert score((1, 2, 3, 4, 5), "large_straight", "yahtzee") == 40
    assert score((6, 6, 6, 6, 6), "yahtzee", "yahtzee") == 50


def card(rules, *boxes, bonuses=0):
    return Scorecard(RuleSet("yahtzee", joker=rules) if isinstance(rules, str) else rules,
                     tuple(boxes), bonuses)


def test_yahtzee_upper_bonus_35_at_63():
    """Standard rules: 35 more when the upper section reaches 63."""
    below = card("forced", ("sixes", 18), ("fives", 15), ("fours", 12), ("threes", 9),
                 ("twos", 6), ("ones", 2))
    assert below.upper_total == 62 and below.upper_bonus == 0
    reached = card("forced", *below.boxes[:-1], ("ones", 3))
    assert reached.total == 63 + 35


def test_yahtzee_bonus_100_only_once_the_box_holds_50():
    """Standard rules: each further Yahtzee earns 100 if the Yahtzee box holds 50."""
    scored = card("forced", ("yahtzee", 50))
    after = scored.write("fours", (4, 4, 4, 4, 4))
    assert after.total == 50 + 20 + 100 and after.yahtzee_bonuses == 1
    scratched = card("forced", ("yahtzee", 0)).write("fours", (4, 4, 4, 4, 4))
    assert scratched.total == 20


def test_forced_joker_must_use_its_upper_box_then_a_lower_box_then_zero():
    """Official joker: upper box of the face if open; else any open lower box at full value;
    else an open upper box for 0."""
    dice = (5, 5, 5, 5, 5)
    assert card("forced", ("yahtzee", 50)).choices(dice) == {"fives": 25}
    lower = card("forced", ("yahtzee", 0), ("fives", 10)).choices(dice)
    assert lower == {"three_of_a_kind": 25, "four_of_a_kind": 25, "full_house": 25,
                     "small_straight": 30, "large_straight": 40, "chance": 25}
    lower_filled = [(c, 0) for c in CATEGORIES["yahtzee"][6:]]
    only_upper = card("forced", *lower_filled, ("fives", 10)).choices(dice)
    assert only_upper == {"ones": 0, "twos": 0, "threes": 0, "fours": 0, "sixes": 0}


def test_free_joker_is_verhoeffs_convention():
    """Verhoeff's rules (the published 254.5896): any open box; full house and straights score
    their joker points only once the face's upper box is filled."""
    dice = (2, 2, 2, 2, 2)
    open_upper = card("free", ("yahtzee", 50)).choices(dice)
    assert open_upper["twos"] == 10 and open_upper["full_house"] == 0 and open_upper["sixes"] == 0
    filled_upper = card("free", ("yahtzee", 50), ("twos", 4)).choices(dice)
    assert filled_upper["large_straight"] == 40 and filled_upper["chance"] == 10


# ----- reading dice and categories -----------------------------------------------------------------

@pytest.mark.parametrize("dice, complaint", [
    ((1, 2, 3, 4), "5 dice are rolled"),
    ((1, 2, 3, 4, 7), "a die shows 1 to 6 pips"),
    ((1, 2, 3, 4, True), "whole numbers from 1 to 6"),
    ("12345", "whole numbers from 1 to 6"),
])
def test_bad_dice_are_refused_with_the_rule(dice, complaint):
    """A roll is five dice, each showing 1 to 6 (the issue: 'not five values 1–6')."""
    with pytest.raises(ActionError, match=complaint):
        score(dice, "chance")


def test_categories_may_be_named_in_hungarian():
    assert score((2, 3, 4, 5, 6), "Nagy sor") == 30 and score((1, 1, 1, 1, 2), "Póker") == 6
    with pytest.raises(ActionError, match="not a category of Jacht: the categories are ones"):
        score((1, 1, 1, 1, 2), "general")


@pytest.mark.parametrize("rules, variant, complaint", [
    ("poker", {}, "unknown rule set 'poker'"),
    ("tabornok", {"poker_points": 35}, "must be 30 or 40"),
    ("jacht", {"big_general_wins": False}, "belong to tabornok only"),
    ("yahtzee", {"five_of_a_kind_counts": True}, "belongs to jacht and tabornok"),
    ("jacht", {"joker": "free"}, "belongs to yahtzee only"),
    ("yahtzee", {"joker": "wild"}, "'forced' or 'free'"),
])
def test_bad_rule_variants_are_clear_config_errors(rules, variant, complaint):
    from sailing_kit.yacht import rule_set

    with pytest.raises(ConfigError, match=complaint):
        rule_set(rules, **variant)
