"""The game protocol (core/protocol.py) and the conformance check (testing.py)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core import CHANCE, ConfigError, SavedGameError
from sailing_kit.core.errors import ActionError
from sailing_kit.testing import check_game, fingerprint
from tests import toy_game
from tests.toy_game import CountState, new_count


def test_the_toy_game_passes_the_conformance_check():
    report = check_game(new_count, seeds=range(10))
    assert report.games == 10 and report.finished == 10 and report.illegal_tried > 0


@pytest.mark.parametrize(
    "broken, complaint",
    [
        (toy_game.BrokenUndo, "undo"),
        (toy_game.ChecksTooLate, "changed the state"),
        (toy_game.LossyJson, "JSON"),
        (toy_game.Unseeded, "seed"),
        (toy_game.AcceptsAnything, "was accepted"),
        (toy_game.SharedCopy, "copy"),
        (toy_game.AcceptsDecimals, "not one of the legal actions in canonical form"),
        (toy_game.BareErrors, "raised a bare ValueError instead of IllegalAction"),
        (toy_game.QuotesWholeInputs, "message cut short"),
        (toy_game.FragileLoading, "instead of SavedGameError"),
    ],
)
def test_the_conformance_check_catches_each_broken_promise(broken, complaint):
    with pytest.raises(AssertionError, match=complaint):
        check_game(toy_game.factory(broken), seeds=range(6), hostile_examples=400)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**40))
def test_random_play_keeps_every_promise_for_any_seed(seed):
    check_game(new_count, seeds=[seed], target=15)


def test_chance_is_explicit_and_can_be_set_by_hand():
    state = new_count(seed=1)
    state.apply(2)
    assert state.current_player == CHANCE
    assert [o for o, _ in state.chance_outcomes()] == [0, 1]
    state.apply(1)  # a loaded coin
    assert state.total == 3 and state.current_player == 1


def test_undo_rewinds_the_chance_stream_so_the_same_draw_comes_again():
    state = new_count(seed=5)
    state.apply(1)
    first = state.sample_chance()
    state.undo()
    assert state.sample_chance() == first


def test_illegal_action_changes_nothing_and_names_the_rule():
    state = new_count(seed=1)
    before = fingerprint(state)
    with pytest.raises(ActionError, match="you may add only"):
        state.apply(3)
    assert fingerprint(state) == before


def test_sample_chance_at_a_players_turn_is_refused():
    with pytest.raises(ActionError, match="player's turn"):
        new_count(seed=1).sample_chance()


def test_undo_with_no_history_is_refused():
    with pytest.raises(ActionError, match="nothing to undo"):
        new_count(seed=1).undo()


def test_a_finished_game_refuses_moves_and_says_why():
    state = new_count(seed=1, target=2, coin=False)
    state.apply(2)
    assert state.result.winners == (0,)
    with pytest.raises(ActionError, match="the game is over"):
        state.apply(1)


def test_bad_seed_and_bad_options_raise_config_errors():
    with pytest.raises(ConfigError, match="seed"):
        new_count(seed=-3)
    with pytest.raises(ConfigError, match="unknown option"):
        new_count(seed=1, colour="red")


def saved_game(**changes):
    state = new_count(seed=4)
    state.apply(2)
    state.sample_chance()
    data = json.loads(state.to_json())
    data.update(changes)
    return json.dumps(data)


def _not_the_roll() -> int:
    """A chance outcome other than the one the saved game's seed gives."""
    return 0 if json.loads(saved_game())["moves"][1]["move"] else 1


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (saved_game(game="chess"), "not a saved 'count' game"),
        (saved_game(version=99), "format version 99"),
        (saved_game(seed="abc"), "no valid 'seed'"),
        (saved_game(options={"target": 1}), "options are not valid"),
        (saved_game(moves=[{"move": 7}]), "move 1 of the saved game breaks a rule"),
        (saved_game(moves=[{"move": 2}, {"move": _not_the_roll(), "sampled": True}]),
         "the file was edited"),
        (saved_game(moves=["2"]), "not of the form"),
    ],
)
def test_bad_saved_files_raise_clear_errors(text, complaint):
    with pytest.raises(SavedGameError, match=complaint):
        CountState.from_json(text)


def test_saved_games_never_evaluate_their_contents():
    hostile = saved_game(moves=[{"move": "__import__('os').system('echo hacked')"}])
    with pytest.raises(SavedGameError, match="a number to add is a whole number"):
        CountState.from_json(hostile)


def test_advance_lets_bots_and_chance_play_until_a_humans_turn():
    from sailing_kit.core.bots import advance, random_bot

    state = new_count(seed=2, target=30)
    played = advance(state, {1: random_bot(1)})
    assert played == [] and state.current_player == 0  # a human starts
    state.apply(1)
    played = advance(state, {1: random_bot(1)})
    assert len(played) == 3 and state.current_player == 0  # coin, bot, coin
    state.apply(1)
    assert advance(state, {}, chance=False) == [] and state.current_player == CHANCE


def test_bots_alone_play_a_whole_game():
    from sailing_kit.core.bots import advance, random_bot

    state = new_count(seed=3)
    advance(state, {0: random_bot(0), 1: random_bot(1)})
    assert state.is_over()
