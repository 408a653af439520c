"""The card regatta keeps every promise of the kit's protocol (``check_game``) for 1 to 4 players
and solo against bots, and random legal play never breaks its invariants: every card is in
exactly one place, no two yachts share a cell, no yacht sits on a buoy."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core.bots import advance
from sailing_kit.core.errors import ActionError
from sailing_kit.regatta import RegattaState, deck_data, new_game
from sailing_kit.regatta import bots as regatta_bots
from sailing_kit.testing import check_game, fingerprint
from tests.regatta.positions import every_card

VARIANTS = {
    "standard": {},
    "short course": {"course": "short"},
    "no zone": {"zone": 0},
    "hands of three": {"hand_size": 3},
    "small deck": {"deck": {**deck_data(), "cards": [
        {"name": "straight", "count": 12, "arrows": ["straight"]},
        {"name": "trident", "count": 6, "arrows": ["veer_left", "straight", "veer_right"]},
        {"name": "windy_spell", "count": 2, "special": "windy_spell"},
        {"name": "nice_handling", "count": 2, "special": "nice_handling"},
        {"name": "flat_calm", "count": 2, "special": "flat_calm"}]}},
}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_conformance_check_passes(variant, players):
    report = check_game(new_game, seeds=range(2), max_moves=100, players=players,
                        **VARIANTS[variant])
    assert report.games == 2 and report.moves > 20 and report.illegal_tried > 0


def test_a_race_played_to_its_end_by_time_passes_the_check():
    report = check_game(new_game, seeds=range(3), max_moves=200, players=2, rounds=6)
    assert report.finished == 3


def test_solo_against_bots_every_human_move_is_answered_and_the_bots_finish():
    bots = {p: regatta_bots.make("sensible") for p in range(1, 4)}
    for seed in range(3):
        state = new_game(seed=seed, players=4)
        human = __import__("random").Random(seed)
        while not state.is_over():
            assert state.current_player == 0
            state.apply(human.choice(state.legal_actions()))
            advance(state, bots)
            assert_invariants(state)
        assert state.result.winners and state.result.winners != (0,)
        assert RegattaState.from_json(state.to_json()).yachts == state.yachts


def assert_invariants(state: RegattaState) -> None:
    cards = every_card(state)
    assert sorted(cards) == list(range(len(state.kinds))), "a card is lost or doubled"
    cells = [yacht.pose.at for yacht in state.yachts]
    assert len(set(cells)) == len(cells), "two yachts in one cell"
    assert not set(cells) & set(state.course.buoys), "a yacht on a buoy"
    assert all(cell in state.course.grid for cell in cells), "a yacht off the water"
    assert all(len(hand) <= state.options.hand_size for hand in state.hands)
    assert sum(sun is not None for sun in state.suns) <= state.num_players - 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(1, 4),
       variant=st.sampled_from(list(VARIANTS)), choices=st.randoms(use_true_random=False))
def test_random_legal_play_keeps_cards_yachts_and_buoys_apart(seed, players, variant, choices):
    state = new_game(seed=seed, players=players, rounds=25, **VARIANTS[variant])
    while not state.is_over():
        assert_invariants(state)
        state.apply(choices.choice(state.legal_actions()))
    assert_invariants(state)
    assert state.result is not None and state.legal_actions() == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 80),
       variant=st.sampled_from(list(VARIANTS)), choices=st.randoms(use_true_random=False))
def test_a_saved_race_loads_back_to_the_same_position(seed, moves, variant, choices):
    state = new_game(seed=seed, players=3, **VARIANTS[variant])
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(choices.choice(state.legal_actions()))
    loaded = RegattaState.from_json(state.to_json())
    assert fingerprint(loaded) == fingerprint(state) and loaded._snapshot() == state._snapshot()
    assert json.loads(state.to_json())["options"]["players"] == 3


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 40),
       junk=st.one_of(
           st.text(max_size=20),
           st.fixed_dictionaries({"sail": st.sampled_from(["straight", "fork", "trident",
                                                           "flat_calm", "zigzag"]),
                                  "arrow": st.sampled_from(["straight", "veer_left",
                                                            "turn_right", "loop"]),
                                  "windy": st.booleans()}),
           st.fixed_dictionaries({"exchange": st.lists(st.sampled_from(
               ["straight", "fork", "windy_spell", "flat_calm"]), max_size=4)}),
           st.fixed_dictionaries({"flat_calm": st.integers(-1, 4)}),
           st.sampled_from(["nice_handling", "end_turn", "face NE", "face up"])),
       choices=st.randoms(use_true_random=False))
def test_an_illegal_action_changes_nothing(seed, moves, junk, choices):
    state = new_game(seed=seed, players=3)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(choices.choice(state.legal_actions()))
    before, snapshot, draws = fingerprint(state), state._snapshot(), state.chance.draws
    try:
        action = state.parse_action(junk)
    except ActionError:
        assert fingerprint(state) == before
        return
    if action in state.legal_actions():
        return
    with pytest.raises(ActionError):
        state.apply(action)
    assert fingerprint(state) == before and state._snapshot() == snapshot
    assert state.chance.draws == draws


def test_a_players_view_hides_the_other_hands():
    state = new_game(seed=7, players=3)
    text = state.describe(viewer=1)
    assert "Player 2 (you): yacht at" in text and "Player 1: yacht at" in text
    assert text.count("5 cards in hand") == 2
    titles = {state.deck.kind(kind).title for kind in state.hand(1)}
    assert f"hand: {', '.join(state.deck.kind(k).title for k in state.hand(1))}" in text
    svg = state.scene(1).to_svg()
    assert "Player 2: your hand" in svg and all(f">{title}<" in svg for title in titles)
    hidden = {state.deck.kind(k).title for k in state.hand(0) + state.hand(2)} - titles
    assert not any(f">{title}<" in svg for title in hidden)
