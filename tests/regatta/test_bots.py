"""The bots: the random one plays any legal move; the sensible one makes progress round the
course, is not left becalmed without a plan, and uses the special cards well."""

from collections import Counter

import pytest

from sailing_kit.core import Direction
from sailing_kit.core.bots import advance
from sailing_kit.core.errors import ConfigError
from sailing_kit.regatta import Becalm, Exchange, Face, Handling, Sail, new_game
from sailing_kit.regatta import bots as regatta_bots
from tests.regatta.positions import race


def test_the_sensible_bot_beats_the_random_one_every_time():
    for seed in range(8):
        state = new_game(seed=seed, players=2)
        advance(state, {0: regatta_bots.make("random", seed), 1: regatta_bots.make("sensible")})
        assert state.result.winners == (1,), state.result.reason


def test_alone_the_sensible_bot_sails_the_whole_course_in_good_time():
    rounds = []
    for seed in range(8):
        state = new_game(seed=seed, players=1)
        advance(state, {0: regatta_bots.make("sensible")})
        assert state.finisher == 0, state.result.reason
        rounds.append(state.round)
    assert max(rounds) <= 25 and sum(rounds) / len(rounds) <= 20


def test_four_sensible_bots_always_finish_and_any_may_win():
    winners = Counter()
    for seed in range(12):
        state = new_game(seed=seed, players=4)
        advance(state, {p: regatta_bots.make("sensible") for p in range(4)})
        assert state.finisher is not None, state.result.reason
        winners[state.finisher] += 1
    assert len(winners) >= 3


def test_the_sensible_bot_sails_the_card_that_makes_most_progress():
    state = race(((6, 4), "N", 1), ((0, 0), "N"), hands=[["straight", "turn_left", "turn_right"],
                                                         ["straight"] * 3])
    assert regatta_bots.make("sensible")(state) == Sail("straight", "straight")


def test_with_the_buoy_astern_and_no_card_to_help_it_turns_the_yacht_towards_it():
    """"Avoids being becalmed": no card makes progress, so it skips the turn to face the way."""
    state = race(((6, 8), "S", 1), ((0, 0), "N"), hands=[["straight", "turn_left"],
                                                         ["straight"] * 2])
    action = regatta_bots.make("sensible")(state)
    assert action == Face(Direction.NE)


def test_with_no_card_to_sail_it_exchanges_the_spare_ones():
    """Facing the way on already and holding no movement card, it swaps second copies of the
    special cards first."""
    state = race(((6, 4), "N", 1), ((0, 0), "N"),
                 hands=[["windy_spell", "nice_handling", "windy_spell", "flat_calm",
                         "nice_handling"], ["straight"] * 5])
    assert regatta_bots.make("sensible")(state) == Exchange(("flat_calm", "nice_handling", "windy_spell"))


def test_the_sensible_bot_uses_the_special_cards_well():
    used = Counter()
    for seed in range(10):
        state = new_game(seed=seed, players=3)
        sensible = regatta_bots.make("sensible")

        def watch(state, sensible=sensible):
            offered = state.legal_actions()
            action = sensible(state)
            if Handling() in offered:
                used["handling offered"] += 1
                used["handling played"] += action == Handling()
            if isinstance(action, Becalm):
                used["calm"] += 1
                leader = min((p for p in range(3) if p != state.player),
                             key=lambda p: (-state.yachts[p].leg, state.to_go(p)))
                used["calm on the leader"] += action.target == leader or state.becalmed(leader)
            used["windy"] += isinstance(action, Sail) and action.windy
            return action

        advance(state, dict.fromkeys(range(3), watch))
    assert used["handling played"] == used["handling offered"] > 0
    assert used["calm"] > 0 and used["calm on the leader"] == used["calm"]
    assert used["windy"] > 0


def test_bots_by_name():
    assert regatta_bots.make("sensible").__name__ == "sensible"
    assert regatta_bots.make("random", seed=3).__name__ == "random"
    assert regatta_bots.make().__name__ == "sensible"
    with pytest.raises(ConfigError, match="there is no bot 'clever'"):
        regatta_bots.make("clever")
