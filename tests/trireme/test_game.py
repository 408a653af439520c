"""The duel on the kit's protocol: the conformance check, hypothesis invariants of random legal
play, JSON, the friendly spellings of moves, and the options' errors."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ActionError, ConfigError, SavedGameError
from sailing_kit.core.protocol import CHANCE
from sailing_kit.testing import check_game, fingerprint
from sailing_kit.trireme import Die, Sail, Steer, TriremeState, new_game
from sailing_kit.trireme.rules import Phase
from tests.trireme.helpers import LANE, TINY


@pytest.mark.parametrize("options", [{}, {"map": "small", "honour": 1}, {"map": LANE, "honour": 0},
                                     {"map": TINY, "wind": "S"}])
def test_conformance(options):
    report = check_game(new_game, seeds=range(6), **options)
    assert report.games == 6 and report.finished == 6 and report.illegal_tried > 0


def play_randomly(state: TriremeState, choices: list[int], on_step=None) -> None:
    """Play legal actions picked by ``choices`` (sampling the die on odd picks)."""
    for pick in choices:
        if state.is_over():
            return
        if state.current_player == CHANCE and pick % 2:
            state.sample_chance()
        else:
            legal = state.legal_actions()
            state.apply(legal[pick % len(legal)])
        if on_step:
            on_step(state)


MAPS = st.sampled_from(["default", "small", LANE, TINY])
CHOICES = st.lists(st.integers(0, 1000), max_size=120)


@given(seed=st.integers(0, 10**6), sea=MAPS, choices=CHOICES)
@settings(max_examples=60, deadline=None)
def test_random_legal_play_keeps_the_invariants(seed, sea, choices):
    """The boats never share a square; the trireme never goes back; Honour points never grow;
    the rounding progress stays in -1..1; the boat is always on open water."""
    state = new_game(seed=seed, map=sea)
    seen = {"trireme": state.trireme, "honour": state.honour}

    def check(now: TriremeState) -> None:
        assert now.boat != now.trireme_square
        assert now.trireme >= seen["trireme"] and now.honour <= seen["honour"]
        assert -1 <= now.progress <= 1 and now.boat in now.sea.water
        seen.update(trireme=now.trireme, honour=now.honour)

    play_randomly(state, choices, check)


@given(seed=st.integers(0, 10**6), sea=MAPS, choices=CHOICES)
@settings(max_examples=40, deadline=None)
def test_json_round_trips_at_any_point(seed, sea, choices):
    state = new_game(seed=seed, map=sea)
    play_randomly(state, choices)
    loaded = TriremeState.from_json(state.to_json())
    assert fingerprint(loaded) == fingerprint(state) and loaded.to_json() == state.to_json()
    assert loaded.track == state.track


@given(seed=st.integers(0, 10**6), choices=CHOICES, junk=st.sampled_from(
    [Steer(Direction.N, True), Die(0), Die(7), Sail(0), Sail(3), "nowhere", {"die": "six"},
     {"heading": "N", "honour": "yes"}, 4, None, ["N"]]))
@settings(max_examples=60, deadline=None)
def test_illegal_actions_change_nothing(seed, choices, junk):
    state = new_game(seed=seed, honour=0)
    play_randomly(state, choices)
    before, saved = fingerprint(state), state.to_json()
    legal = [state.action_to_json(a) for a in state.legal_actions()]
    try:
        parsed = state.parse_action(junk)
    except ActionError:
        parsed = None
    if parsed is not None and state.action_to_json(parsed) in legal:
        return  # a legal spelling (4 as a die face, say)
    with pytest.raises(ActionError) as refusal:
        state.apply(junk)
    assert str(refusal.value).strip()
    assert fingerprint(state) == before and state.to_json() == saved


def test_moves_can_be_written_in_words_numbers_or_json():
    state = new_game(seed=1)
    assert state.parse_action("ne") == Steer(Direction.NE)
    assert state.parse_action("NW honour") == Steer(Direction.NW, True)
    assert state.parse_action("N+honour") == Steer(Direction.N, True)
    assert state.parse_action({"heading": "s"}) == Steer(Direction.S)
    with pytest.raises(ActionError, match="now choose a heading"):
        state.parse_action(3)
    state.apply("NW")
    assert state.parse_action(3) == Die(3) and state.parse_action({"die": 3}) == Die(3)
    state.apply(3)
    assert state.phase is Phase.SAIL and state.parse_action(2) == Sail(2)
    assert state.parse_action({"squares": 1}) == Sail(1)
    for action in state.action_space():
        assert state.parse_action(json.loads(json.dumps(state.action_to_json(action)))) == action


def test_a_saved_game_with_an_edited_die_is_refused():
    state = new_game(seed=5)
    state.apply("N")
    state.sample_chance()
    data = json.loads(state.to_json())
    data["moves"][1]["move"] = {"die": 1 if data["moves"][1]["move"]["die"] != 1 else 2}
    with pytest.raises(SavedGameError, match="the file was edited"):
        TriremeState.from_json(json.dumps(data))


def test_a_die_set_by_hand_is_saved_and_replayed():
    state = new_game(seed=5)
    state.apply("N")
    state.apply(6)
    assert TriremeState.from_json(state.to_json()).wind == Direction.E


@pytest.mark.parametrize("options, words", [
    ({"honour": -1}, "option 'honour' must be from 0 to 20"),
    ({"honour": "3"}, "option 'honour' must be a whole number"),
    ({"wind": "NNE"}, "option 'wind'"),
    ({"map": "nowhere"}, "option 'map': 'nowhere' is not a shipped map \\(default, small\\)"),
    ({"map": "name: empty\ntrireme: N\n"}, "option 'map': line 2: the map has no grid"),
    ({"map": 3}, "option 'map': a map is text"),
    ({"honor": 2}, "unknown option 'honor'. Did you mean 'honour'?"),
])
def test_bad_options_are_config_errors(options, words):
    with pytest.raises(ConfigError, match=words):
        new_game(**options)


def test_the_position_shows_itself_and_describes_itself():
    state = new_game(seed=0)
    text = state.describe()
    assert "Wind from NE" in text and "3 Honour points" in text
    assert "The trireme is at (5, 1), square 1 of 22 on its line (21 to go)." in text
    assert text.splitlines()[-1].startswith("Now: choose a heading")
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and "wind from NE" in svg and "start and finish line" in svg
    assert ">S<" in svg and ">T<" in svg
