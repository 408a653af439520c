"""Strategies, bots and the simulator."""

import pytest

from sailing_kit.core.bots import advance
from sailing_kit.core.errors import ConfigError
from sailing_kit.yacht import (
    Keep,
    Position,
    Roll,
    RuleSet,
    Score,
    Scorecard,
    bots,
    new_game,
    optimal_expected_score,
    random_strategy,
    simulate,
)
from sailing_kit.yacht.bots import held_places


def test_the_optimal_players_simulated_mean_agrees_with_the_solver():
    """Within four standard errors of the exact expected score (a false alarm 1 time in 15000)."""
    result = simulate("optimal", games=1500, seed=11)
    assert abs(result.mean - optimal_expected_score()) < 4 * result.standard_error
    assert 0.5 < result.standard_error < 2


def test_optimal_beats_greedy_beats_random():
    means = {name: simulate(name, games=400, seed=3) for name in ("optimal", "greedy", "random")}
    gap = means["optimal"].mean - means["greedy"].mean
    assert gap > 4 * max(means["optimal"].standard_error, means["greedy"].standard_error)
    assert means["greedy"].mean > means["random"].mean + 50


def test_the_simulator_is_reproducible_and_reports_in_words():
    first, second = simulate("greedy", games=50, seed=4), simulate("greedy", games=50, seed=4)
    assert (first.scores == second.scores).all()
    assert str(first).startswith("greedy: mean ") and "standard error, 50 games" in str(first)


def test_any_function_of_a_position_is_a_strategy():
    def always_chance(position: Position):
        return Score("chance") if "chance" in position.categories() else Score(
            position.card.open_categories[0])

    result = simulate(always_chance, games=20, rules="tabornok")
    assert result.strategy == "always_chance" and result.mean < 80


def test_a_random_strategy_only_makes_allowed_choices():
    choose = random_strategy(seed=1)
    position = Position(Scorecard(RuleSet("jacht"), (("chance", 20),)), (1, 1, 2, 5, 6), 3)
    for _ in range(50):
        choice = choose(position)
        assert isinstance(choice, Score) and choice.category != "chance"


@pytest.mark.parametrize("name", ["optimal", "greedy", "random"])
def test_bots_play_whole_games_by_the_rules(name):
    state = new_game(seed=2, players=2, rules="tabornok", big_general_wins=False)
    advance(state, {0: bots.make(name), 1: bots.make(name, seed=5)})
    assert state.is_over() and all(card.is_full for card in state.cards)


def test_a_bot_takes_a_big_general_that_wins_at_once():
    state = new_game(seed=0, players=2, rules="tabornok")
    state.apply([6])
    state.apply([1])
    state.apply("roll")
    state.apply([3, 3, 3, 3, 3])
    assert bots.make("greedy")(state) == Score("general")


def test_a_bot_holds_the_dice_of_its_keep_by_their_places():
    assert held_places((6, 2, 6, 1, 6), Keep((6, 6))) == (0, 2)
    state = new_game(seed=0, players=1)
    state.apply("roll")
    state.apply([1, 2, 6, 6, 6])
    assert bots.make("optimal")(state) == Roll((2, 3, 4))


def test_unknown_strategies_are_config_errors():
    with pytest.raises(ConfigError, match="there is no bot 'clever'"):
        bots.make("clever")
    with pytest.raises(ConfigError, match="unknown strategy 'clever'"):
        simulate("clever")
    with pytest.raises(ConfigError, match="'games' must be at least 2"):
        simulate("random", games=1)
