"""Calm keeps every promise of the kit's protocol (``check_game``) in every variant and for 1 to
5 players, and random legal play never breaks its invariants: every card is in exactly one place
and the sea always ascends."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.calm import CalmState, new_game
from sailing_kit.core import CHANCE
from sailing_kit.core.errors import ActionError
from sailing_kit.testing import check_game, fingerprint
from tests.calm.deals import cards_dealt, every_card

VARIANTS = {
    "plain": {},
    "sea monsters": {"monsters": 4},
    "automatic rocks": {"rocks": "automatic"},
    "manual rocks": {"rocks": "manual"},
    "removed islands": {"removed_islands": 8},
    "physical adjacency": {"adjacency": "physical"},
    "everything": {"monsters": 5, "rocks": "manual", "removed_islands": 12,
                   "adjacency": "physical"},
}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_conformance_check_passes(variant, players):
    report = check_game(new_game, seeds=range(2), max_moves=120, players=players,
                        **VARIANTS[variant])
    assert report.games == 2 and report.moves > 20 and report.illegal_tried > 0


def assert_invariants(state: CalmState) -> None:
    assert every_card(state) == cards_dealt(state), "a card is lost or doubled"
    values = [value for value in state.sea.cells if value]
    assert values == sorted(values) and len(set(values)) == len(values), "the sea does not ascend"
    size = state.options.hand_size
    assert all(len(state.hand(seat)) <= size for seat in range(state.num_players))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(1, 5),
       variant=st.sampled_from(list(VARIANTS)), choices=st.randoms(use_true_random=False))
def test_random_legal_play_keeps_every_card_in_one_place_and_the_sea_ascending(
        seed, players, variant, choices):
    state = new_game(players=players, seed=seed, **VARIANTS[variant])
    while not state.is_over():
        assert_invariants(state)
        if state.current_player == CHANCE:
            state.sample_chance()
        else:
            state.apply(choices.choice(state.legal_actions()))
    assert_invariants(state)
    assert state.result is not None and state.legal_actions() == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 60),
       variant=st.sampled_from(list(VARIANTS)), choices=st.randoms(use_true_random=False))
def test_a_saved_game_loads_back_to_the_same_position(seed, moves, variant, choices):
    state = new_game(players=3, seed=seed, **VARIANTS[variant])
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(choices.choice(state.legal_actions()))
    loaded = CalmState.from_json(state.to_json())
    assert fingerprint(loaded) == fingerprint(state)
    assert loaded.checkpoint() == state.checkpoint()
    assert json.loads(state.to_json())["options"]["players"] == 3


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 40),
       junk=st.one_of(st.integers(), st.text(max_size=12),
                      st.tuples(st.integers(-2, 90),
                                st.tuples(st.integers(-1, 7), st.integers(-1, 7))),
                      st.dictionaries(st.sampled_from(["play", "at", "discard", "split", "rocks"]),
                                      st.integers(-1, 90), max_size=2)),
       choices=st.randoms(use_true_random=False))
def test_an_illegal_action_changes_nothing(seed, moves, junk, choices):
    state = new_game(players=2, seed=seed, monsters=3, rocks="manual")
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(choices.choice(state.legal_actions()))
    before, snapshot = fingerprint(state), state.checkpoint()
    legal = state.legal_actions()
    try:
        action = state.parse_action(junk)
    except ActionError:
        return
    if action in legal:
        return
    with pytest.raises(ActionError):
        state.apply(action)
    assert fingerprint(state) == before and state.checkpoint() == snapshot


def test_a_players_view_hides_the_other_hands_and_every_deck():
    state = new_game(players=3, seed=7)
    view = state.view(1)
    assert view.hands[1] == state.hand(1) and view.hands[0] is None and view.hands[2] is None
    assert view.decks == (None, None, None) and view.hand_sizes == (5, 5, 5)
    text = state.describe(viewer=1)
    assert "Player 2 (you): hand " in text and "Player 1: 5 cards in hand" in text
    for seat in (0, 2):
        assert ", ".join(str(c) for c in state.hand(seat)) not in text
    svg = state.scene(state.view(1)).to_svg()
    assert all(f">{card}<" in svg for card in state.hand(1))
    hidden = [card for card in state.hand(0) + state.hand(2) if card > state.sea.size]
    assert hidden and not any(f">{card}<" in svg for card in hidden)


def test_the_teachers_view_and_open_hands_show_everything():
    state = new_game(players=2, seed=7, open_hands=True)
    assert state.view(0).hands == (state.hand(0), state.hand(1))
    assert state.reveal().decks == (state.deck(0), state.deck(1))
    assert new_game(players=2, seed=7).reveal().hands[1] is not None
