"""Bots play only legal moves and the planner beats the greedy bot, which beats random play; the
simulator is reproducible by seed and gives the same answer with or without a process pool."""

import itertools
from concurrent.futures import ProcessPoolExecutor

import pytest

from sailing_kit.calm import Discard, Play, Split, new_game
from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.bots import Greedy, Planner
from sailing_kit.calm.simulate import game_seed, play_game, simulate, wilson_interval
from sailing_kit.core import CHANCE
from sailing_kit.core.bots import advance
from sailing_kit.core.errors import ActionError


@pytest.mark.parametrize("name", list(calm_bots.BOTS))
@pytest.mark.parametrize("variants", [{}, {"monsters": 3, "rocks": "manual"},
                                      {"rocks": "automatic", "removed_islands": 6}])
def test_every_bot_plays_legal_moves_to_the_end(name, variants):
    for seed in range(3):
        state = new_game(players=3, seed=seed, **variants)
        bots = {seat: calm_bots.BOTS[name](seat) for seat in range(3)}
        advance(state, bots)  # apply() checks every move: an illegal one would raise
        assert state.is_over()


def test_a_custom_strategy_is_checked_move_by_move():
    def cheater(seed):
        return lambda state: Play(80, (0, 0))

    with pytest.raises(ActionError, match="holds no 80|must play the Start"):
        simulate(cheater, players=2, games=1, seed=3)


def test_greedy_takes_the_cheapest_placement_nearest_the_natural_slot():
    state = new_game(players=1, seed=0, decks=[[40, 41, 60, 70, 75, "start"]])
    action = calm_bots.make("greedy")(state)
    assert action == Play(40, (2, 5))  # slot 18 of 36: 40 * 36 / 80


def tight_position():
    """1 at (0, 0) and 6 at (0, 4): cells 1 to 3 can only take 2, 3, 4 and 5."""
    state = new_game(players=1, seed=0, decks=[[1, 6, 2, 3, 4, 5, 60, 61, 62, 63, "start"]])
    state.apply((1, (0, 0)))
    state.apply((6, (0, 4)))
    assert state.hand(0) == (2, 3, 4, 5, 60)
    return state


def stretches_too_short(state, play):
    """Stretches of empty cells that would have more cells than numbers left to fill them."""
    sea = state.sea.place(play.card, *play.at)
    filled = [-1] + [i for i, v in enumerate(sea.cells) if v] + [sea.size]
    gone = set(sea.cells)
    short = []
    for before, after in itertools.pairwise(filled):
        low = sea.cells[before] if before >= 0 else 0
        high = sea.cells[after] if after < sea.size else 81
        if after - before - 1 > sum(n not in gone for n in range(low + 1, high)):
            short.append((before, after))
    return short


def test_the_planner_never_leaves_a_stretch_with_too_few_numbers():
    state = tight_position()
    bad = Play(3, (0, 3))  # cells 1 and 2 would need two numbers below 3: only 2 is left
    assert bad in state.legal_actions() and stretches_too_short(state, bad)
    action = Planner()(state)
    assert isinstance(action, Play) and not stretches_too_short(state, action)
    planner = Planner()
    planner(state)  # sets what it knows
    by_index = {p.index: p.score for p in planner.placements(state, 0, 3, 4)}
    assert by_index[3] > by_index[2] + planner.risk_weight * 10


def test_an_impatient_planner_discards_two_rather_than_play():
    state = tight_position()
    assert isinstance(Planner(patience=0.0)(state), Discard)
    assert isinstance(Planner()(state), Play)


def test_the_planners_split_gives_the_start_discards_to_willing_players():
    state = new_game(players=2, seed=0, decks=[["start", 1, 2, 3, 4, 5, 6, 7, 8],
                                       [70, 71, 72, 73, 74, 75, 76, 77, "start"]])
    state.apply("start")
    split = Planner()(state)
    assert isinstance(split, Split) and sum(split.shares) == 8
    state.apply(split)


def test_simulate_is_reproducible_by_seed():
    first = simulate("greedy", players=2, games=30, seed=5)
    assert first == simulate("greedy", players=2, games=30, seed=5)
    assert first.games == 30 and 0 <= first.wins <= 30
    assert simulate("random", players=2, games=30, seed=6) != simulate("random", players=2,
                                                                       games=30, seed=7)


def test_simulate_gives_the_same_answer_in_a_process_pool():
    alone = simulate("planner", players=3, games=40, seed=2, monsters=3)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate("planner", players=3, games=40, seed=2, executor=pool, monsters=3)
    assert pooled == alone


def test_each_game_of_a_study_has_its_own_seed():
    seeds = {game_seed(3, number) for number in range(1000)}
    assert len(seeds) == 1000 and game_seed(3, 0) != game_seed(4, 0)
    state = play_game("greedy", 2, game_seed(3, 0))
    assert state.seed == game_seed(3, 0) and state.is_over()


def test_the_strategies_rank_random_below_greedy_below_planner():
    rates = {name: simulate(name, players=3, games=60, seed=1).win_rate for name in calm_bots.BOTS}
    assert rates["random"] < rates["greedy"] < rates["planner"]
    assert rates["planner"] > 0.4


def test_wilson_interval_brackets_the_rate():
    low, high = wilson_interval(30, 100)
    assert low < 0.3 < high and round(low, 3) == 0.219 and round(high, 3) == 0.396
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 0) == (0.0, 1.0)


def test_the_result_reads_as_a_sentence():
    text = str(simulate("greedy", players=1, games=5, seed=0))
    assert text.startswith("greedy, 1 player: won") and "95% CI" in text


def test_bots_refuse_to_act_for_chance():
    state = new_game(players=2, seed=0, rocks="automatic")
    while state.current_player != CHANCE:
        state.apply(calm_bots.make("planner")(state))
    with pytest.raises(ActionError, match="chance"):
        Greedy()(state)
