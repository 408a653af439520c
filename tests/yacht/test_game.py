"""The dice game on the kit's protocol: conformance, the rules of a turn and of a game, options.

Quotes in Hungarian are from the rule text (shared/seeds/003); "rules-decisions" lines from
shared/rules-decisions.md, section yacht.
"""

import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core import CHANCE, ConfigError
from sailing_kit.core.errors import ActionError
from sailing_kit.testing import check_game, fingerprint
from sailing_kit.yacht import Dice, Roll, Score, YachtState, new_game


@pytest.mark.parametrize("rules", ["jacht", "tabornok", "yahtzee"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_rule_set_passes_the_conformance_check(rules, players):
    report = check_game(new_game, seeds=range(2), max_moves=60, rules=rules, players=players)
    assert report.games == 2 and report.moves > 60 and report.illegal_tried > 0


def test_a_whole_solitaire_game_of_each_rule_set_passes_the_conformance_check():
    for rules in ("jacht", "tabornok", "yahtzee"):
        report = check_game(new_game, seeds=[5], max_moves=500, illegal_per_move=1, rules=rules,
                            players=1, big_general_wins=False) if rules == "tabornok" else \
            check_game(new_game, seeds=[5], max_moves=500, illegal_per_move=1, rules=rules,
                       players=1)
        assert report.finished == 1


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 10),
       rules=st.sampled_from(["jacht", "tabornok", "yahtzee"]), variant=st.booleans())
def test_random_legal_play_never_breaks(seed, players, rules, variant):
    options = {"jacht": {"five_of_a_kind_counts": variant},
               "tabornok": {"poker_points": 40 if variant else 30, "big_general_wins": variant},
               "yahtzee": {"joker": "free" if variant else "forced"}}[rules]
    check_game(new_game, seeds=[seed], max_moves=40, illegal_per_move=1, players=players,
               rules=rules, **options)


def started(seed=0, players=1, **options) -> YachtState:
    """A game past its roll-off, the first player about to roll."""
    state = new_game(seed=seed, players=players, **options)
    while state.current_player == CHANCE:
        state.sample_chance()
    return state


def rolled(dice, **options) -> YachtState:
    state = started(**options)
    state.apply("roll")
    state.apply(list(dice))
    return state


# ----- the roll-off ----------------------------------------------------------------------------------

def test_rule_the_highest_single_die_starts():
    """'a játékosok egy kockával dobnak (az kezd, aki a legnagyobb számot dobja)'"""
    state = new_game(seed=0, players=3)
    for value in (2, 5, 3):
        assert state.current_player == CHANCE
        assert state.chance_outcomes() == [(Dice((v,)), Fraction(1, 6)) for v in range(1, 7)]
        state.apply([value])
    assert state.current_player == 1 and "Player 2 rolled highest" in state.describe()


def test_rule_decision_a_tie_for_the_highest_die_rolls_again_among_the_tied():
    """rules-decisions: 'Starting player: the highest single die, ties re-roll.'"""
    state = new_game(seed=0, players=3)
    for value in (6, 2, 6):
        state.apply([value])
    assert state.current_player == CHANCE and state.contenders == (0, 2)
    assert "Player 1 to roll one die" in state.describe()
    state.apply([1])
    state.apply([4])
    assert state.current_player == 2


def test_turns_go_round_the_table_from_the_starting_player():
    """'Minden körben ... dobnak a játékosok': every player plays each round, in seat order."""
    state = new_game(seed=0, players=3)
    for value in (1, 6, 2):
        state.apply([value])
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.apply("roll")
        state.sample_chance()
        state.apply(state.legal_actions()[-1])
    assert order == [1, 2, 0, 1]


def test_a_solitaire_game_has_no_roll_off():
    """'vagy egyedül is játszható': one player alone starts at once."""
    state = new_game(seed=0, players=1)
    assert state.current_player == 0 and state.legal_actions() == [Roll()]


# ----- a turn ----------------------------------------------------------------------------------------

def test_rule_at_most_three_rolls_and_a_fourth_is_refused_without_change():
    """'Maximum háromszor lehet dobni.'"""
    state = rolled((1, 2, 3, 4, 6))
    for _ in range(2):
        state.apply(Roll((0,)))
        state.sample_chance()
    assert state.rolls == 3 and all(isinstance(a, Score) for a in state.legal_actions())
    before = fingerprint(state)
    with pytest.raises(ActionError, match="at most three rolls a turn .*Maximum háromszor"):
        state.apply(Roll((0,)))
    assert fingerprint(state) == before


def test_rule_held_dice_stay_and_the_others_are_rolled_again():
    """'megtart néhány kockát és a többivel ismét dob'"""
    state = rolled((6, 2, 6, 3, 1))
    assert state.dice == (1, 2, 3, 6, 6)
    state.apply({"roll": [3, 4]})
    assert state.current_player == CHANCE and "rolling 3 dice (keeping 6 6)" in state.describe()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 56 and sum(outcomes.values()) == 1
    assert outcomes[Dice((5, 5, 5))] == Fraction(1, 216) and outcomes[Dice((1, 2, 3))] == Fraction(6, 216)
    state.apply([5, 4, 5])
    assert state.dice == (4, 5, 5, 6, 6) and state.rolls == 2


def test_the_first_roll_throws_all_five_dice():
    state = started()
    with pytest.raises(ActionError, match="first roll of a turn throws all five dice"):
        state.apply(Roll((0,)))
    with pytest.raises(ActionError, match="roll first"):
        state.apply("chance")


def test_holding_all_five_is_writing_not_rolling():
    state = rolled((1, 2, 3, 4, 5))
    with pytest.raises(ActionError, match="hold at most four dice"):
        state.apply(Roll((0, 1, 2, 3, 4)))


@pytest.mark.parametrize("dice, complaint", [
    ([1, 2, 3, 4], "5 dice are rolling, so give 5 values"),
    ([1, 2, 3, 4, 9], "a die shows 1 to 6 pips"),
    ([1, 2, 3, 4, 5, 6], "one to five dice"),
    (["six", 1, 1, 1, 1], "a die \\(from 1 to 6\\) is a whole number"),
])
def test_bad_dice_are_refused_naming_the_rule_and_change_nothing(dice, complaint):
    state = started()
    state.apply("roll")
    before = fingerprint(state)
    with pytest.raises(ActionError, match=complaint):
        state.apply(dice)
    assert fingerprint(state) == before


def test_dice_cannot_be_set_while_a_player_decides():
    state = rolled((1, 2, 3, 4, 5))
    with pytest.raises(ActionError, match="no dice are rolling: it is Player 1's turn"):
        state.apply([6, 6, 6, 6, 6])


def test_rule_each_category_is_filled_once():
    """'Minden későbbi kör során más kategóriát kell megcélozni'"""
    state = rolled((6, 6, 6, 2, 1))
    state.apply("sixes")
    state.apply("roll")
    state.apply([6, 6, 1, 1, 1])
    before = fingerprint(state)
    with pytest.raises(ActionError, match="each category is filled once .*sixes already holds 18"):
        state.apply(Score("sixes"))
    assert fingerprint(state) == before


def test_rule_a_game_is_twelve_rounds_and_every_row_is_filled():
    """'A játék 12 körből áll' ... 'hogy a 12 kör végén minden egyes sorban legyen eredmény';
    'az nyer, aki a legtöbb pontot gyűjtötte'."""
    state = started(players=1)
    for category in state.rules.categories:
        state.apply("roll")
        state.apply([6, 6, 6, 6, 5])
        state.apply(category)
    assert state.is_over() and state.round == 12
    assert state.result.winners == (0,) and state.result.scores == (state.cards[0].total,)
    assert state.cards[0].filled["poker"] == 29 and state.cards[0].filled["yacht"] == 0


def test_rule_decision_tied_players_share_the_win():
    """rules-decisions: 'Ties: players share the win.'"""
    state = new_game(seed=0, players=2)
    state.apply([6])
    state.apply([1])
    for _ in state.rules.categories:
        for _ in range(2):
            state.apply("roll")
            state.apply([1, 2, 3, 4, 5])
            state.apply(state.position().card.open_categories[0])
    assert state.result.winners == (0, 1) and "share the win" in state.result.reason


def test_rule_tabornok_is_ten_rounds_and_first_roll_values_count_in_the_game():
    """rules-decisions: 'Tábornok: ten rounds.' and '"First roll" means the first throw of the
    turn.' ('Póker: 45 pont, ha első dobásra kijön, különben 30')"""
    state = rolled((3, 3, 3, 3, 1), rules="tabornok")
    assert state.position().categories()["poker"] == 45
    state.apply("poker")
    state.apply("roll")
    state.apply([1, 2, 2, 2, 2])
    state.apply(Roll((1, 2, 3, 4)))
    state.apply([5])
    state.apply(Roll((1, 2, 3)))
    state.apply([3, 3])
    assert state.dice == (3, 2, 2, 2, 3) and state.position().categories()["full"] == 30
    state.apply("full")
    assert state.cards[0].filled == {"poker": 45, "full": 30}
    assert len(state.rules.categories) == 10


def test_rule_a_big_general_wins_at_once():
    """'Tábornok: ha első dobásra öt egyforma jön ki, megnyeri a játékot (nagy tábornok)'."""
    state = new_game(seed=0, players=3, rules="tabornok")
    for value in (6, 1, 1):
        state.apply([value])
    state.apply("roll")
    state.apply([2, 2, 2, 2, 2])
    assert state.wins_at_once("general")
    state.apply("general")
    assert state.is_over() and state.result.winners == (0,) and "big general" in state.result.reason
    assert state.current_player is None and state.legal_actions() == []


def test_rule_a_small_general_is_sixty_and_the_option_counts_a_big_one_as_sixty():
    """'különben 60 pont jár érte (kis tábornok)'; rules-decisions: 'the option
    big_general_wins=False scores a big general as a general (60)'."""
    later = rolled((2, 2, 2, 2, 1), rules="tabornok")
    later.apply(Roll((1, 2, 3, 4)))
    later.apply([2])
    assert not later.wins_at_once("general")
    later.apply("general")
    assert later.cards[0].filled["general"] == 60 and not later.is_over()
    counted = rolled((4, 4, 4, 4, 4), rules="tabornok", big_general_wins=False)
    counted.apply("general")
    assert counted.cards[0].filled["general"] == 60 and not counted.is_over()


def test_yahtzee_joker_refusal_names_the_rule():
    state = rolled((5, 5, 5, 5, 5), rules="yahtzee")
    state.apply("yahtzee")
    state.apply("roll")
    state.apply([5, 5, 5, 5, 5])
    assert state.position().categories() == {"fives": 25}
    with pytest.raises(ActionError, match="joker rule: .*own upper box, fives"):
        state.apply("chance")
    state.apply("fives")
    assert state.cards[0].total == 50 + 25 + 100


# ----- actions, options, display ---------------------------------------------------------------------

def test_actions_can_be_written_in_several_forms():
    state = started()
    state.apply({"roll": []})
    state.apply({"dice": [2, 3, 4, 5, 6]})
    state.apply(Roll((0, 1)))
    state.apply((1, 1, 1))
    state.apply("Nagy sor")
    assert state.cards[0].filled == {"big_straight": 0}
    assert [state.action_to_json(a) for a in state.history] == [
        {"roll": []}, {"dice": [2, 3, 4, 5, 6]}, {"roll": [0, 1]}, {"dice": [1, 1, 1]},
        {"score": "big_straight"}]
    with pytest.raises(ActionError, match="not a category of Jacht"):
        started().apply("roll the dice please")
    with pytest.raises(ActionError, match="places, 0 to 4"):
        rolled((1, 2, 3, 4, 5)).apply({"roll": [5]})


def test_the_same_seed_rolls_the_same_dice_and_a_saved_game_loads_back():
    def play(seed):
        state = started(seed=seed, players=2)
        state.apply("roll")
        state.sample_chance()
        state.apply(Roll((0,)))
        state.sample_chance()
        return state

    assert play(3).dice == play(3).dice
    assert len({play(s).dice for s in range(6)}) > 1
    state = play(3)
    assert fingerprint(YachtState.from_json(state.to_json())) == fingerprint(state)


@pytest.mark.parametrize("options, complaint", [
    ({"players": 0}, "'players' must be from 1 to 10"),
    ({"players": 11}, "'players' must be from 1 to 10"),
    ({"rules": "generala"}, "unknown rule set 'generala'"),
    ({"rules": "tabornok", "poker_points": 50}, "must be 30 or 40"),
    ({"big_general_wins": False}, "belong to tabornok only"),
    ({"five_of_a_kind_count": True}, "Did you mean 'five_of_a_kind_counts'"),
    ({"rules": "yahtzee", "five_of_a_kind_counts": True}, "belongs to jacht and tabornok"),
])
def test_bad_options_are_clear_config_errors(options, complaint):
    with pytest.raises(ConfigError, match=complaint):
        new_game(**options)


def test_the_state_describes_and_draws_itself():
    state = rolled((6, 6, 2, 3, 1), players=1)
    state.apply(Roll((3, 4)))
    state.apply([6, 6, 6])
    text = state.describe()
    assert "Round 1 of 12. Player 1 to play: dice 6 6 6 6 6 (kept 6 6 from the roll before)" in text
    assert "rolls used 2, 1 left" in text and "These dice would score: ones 0" in text
    assert "yacht 50" in text and "Player 1: total 0 (nothing yet)" in text
    state.apply("yacht")
    assert "Player 1: total 50 (yacht 50)" in state.describe()
    svg = state._repr_svg_()
    assert "<title>Jacht · round 2 of 12 · Player 1 to play" in svg and "Yacht (Jacht)" in svg


def test_importing_the_rules_never_pulls_in_jupyter():
    code = ("import sys, sailing_kit.yacht, sailing_kit.yacht.solver, sailing_kit.draw.dice; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'anywidget', 'IPython')))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
