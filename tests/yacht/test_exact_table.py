"""The table of exact optimal scores (sailing_kit/yacht/exact_scores.json, read so the dice
lesson need not wait): every entry is what solve_exact computes."""

import json
from fractions import Fraction

import pytest

from sailing_kit.yacht import optimal_expected_score
from sailing_kit.yacht.rules import rule_set
from sailing_kit.yacht.solver import EXACT_SCORES, exact_key, solve_exact

TABLE = json.loads(EXACT_SCORES.read_text(encoding="utf-8"))
RULE_SETS = [rule_set("jacht"), rule_set("tabornok", big_general_wins=False),
             rule_set("tabornok", big_general_wins=False, poker_points=40)]


def test_the_table_holds_the_lessons_rule_sets_and_nothing_else():
    assert sorted(TABLE) == sorted(exact_key(r) for r in RULE_SETS)


@pytest.mark.parametrize("rules", RULE_SETS, ids=exact_key)
def test_every_entry_is_what_the_exact_solver_computes(rules):
    assert Fraction(TABLE[exact_key(rules)]) == solve_exact(rules, table=False)


def test_the_table_agrees_with_the_float_solver():
    exact = optimal_expected_score("jacht", exact=True)
    assert abs(float(exact) - optimal_expected_score("jacht")) < 1e-9
