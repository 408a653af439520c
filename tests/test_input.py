"""Issue 14: bad input never breaks a game. One test (or a few) per point of the issue, plus
the hypothesis strategies of ``sailing_kit.testing`` run hard on every game.

The principle: every action reaching ``apply()`` is rebuilt by its game's reader in the
canonical form the engine generates, or refused with IllegalAction naming the problem; after
an accepted action the state saves, loads and draws; after a refused one it is unchanged."""

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sailing_kit import calm, race, regatta, trireme, yacht
from sailing_kit.core import Direction, IllegalAction, SavedGameError
from sailing_kit.core.errors import MAX_MESSAGE, ActionError
from sailing_kit.core.protocol import GameState
from sailing_kit.core.reading import MAX_SHOWN, shown
from sailing_kit.race.drill import new_drill
from sailing_kit.testing import (
    canonical_key,
    check_hostile_save,
    check_malformed_action,
    check_saves_and_draws,
    fingerprint,
    hostile_saves,
    malformed_actions,
    play_randomly,
)
from sailing_kit.yacht import Dice, Roll


def advanced(state: GameState, moves: int, seed: int = 0) -> GameState:
    """``state`` after ``moves`` random moves (chance sampled)."""
    return play_randomly(state, moves, seed)


GAMES = {
    "race": lambda: race.new_game(seed=1, course="short"),
    "practice": lambda: race.new_practice(seed=1, umpire=True),
    "drill": lambda: new_drill(seed=1, wind_shifts=True),
    "regatta": lambda: regatta.new_game(seed=1, players=3),
    "calm": lambda: calm.new_game(seed=1, players=2, monsters=3, rocks="manual"),
    "yacht": lambda: yacht.new_game(seed=1, players=2, rules="tabornok"),
    "trireme": lambda: trireme.new_game(seed=1),
}


def refused(state: GameState, action, words: str) -> None:
    before = fingerprint(state)
    with pytest.raises(ActionError, match=words):
        state.apply(action)
    assert fingerprint(state) == before


def rolled_yacht() -> yacht.YachtState:
    state = yacht.new_game(seed=0, players=1)
    state.apply(Roll())
    state.apply((6, 5, 4, 2, 1))
    return state


# ----- point 1: yacht dice and holds ------------------------------------------------------------

def test_point_1_impossible_dice_are_refused_and_the_save_still_loads():
    state = yacht.new_game(seed=0, players=1)
    state.apply(Roll())
    refused(state, Dice((1002, 1004, 1006, 1008, 1010)), "a die shows 1 to 6 pips, not 1002")
    refused(state, [0, 1, 2, 3, 4], "a die shows 1 to 6 pips, not 0")
    state.apply(Dice((6, 2, 6, 1, 3)))  # a reordered tuple is rebuilt sorted, as the engine rolls
    assert state.history[-1] == Dice((1, 2, 3, 6, 6)) and state.dice == (1, 2, 3, 6, 6)
    check_saves_and_draws(state, "after the dice")


@pytest.mark.parametrize("held, words", [
    ((7,), "there is no place 7"), ((0, 0), "place 0 is named twice"), ((-1,), "no place -1"),
    ((True,), "a held die's place .* is a whole number"), ((1.0,), "write 1"),
    ("01", "is a list"), ((0, 1, 2, 3, 4, 0), "holds 0 to 5 items, not 6"),
])
def test_point_1_impossible_holds_are_refused(held, words):
    refused(rolled_yacht(), Roll(held), words)


def test_point_1_holds_are_read_in_order_and_describe_and_draw():
    state = rolled_yacht()
    state.apply(Roll((4, 0)))
    assert state.history[-1] == Roll((0, 4)) and "keeping 1 6" in state.describe()
    check_saves_and_draws(state, "after holding")


# ----- point 2: a string heading -----------------------------------------------------------------

def test_point_2_a_string_heading_is_read_as_the_direction_in_race_and_drill():
    drill = new_drill(seed=0)
    legal = drill.legal_actions()[0]
    drill.apply(race.Sail(legal.position, legal.heading.value.lower()))
    assert canonical_key(drill.history[-1]) == canonical_key(legal)
    assert drill.heading is legal.heading
    check_saves_and_draws(drill, "drill")
    state = race.new_game(seed=0, course="short")
    place = state.legal_actions()[0]
    state.apply(race.Place(list(place.position), place.heading.value))
    assert canonical_key(state.history[-1]) == canonical_key(place)
    assert isinstance(state.boats[0].heading, Direction)
    check_saves_and_draws(state, "race")


@pytest.mark.parametrize("bad, words", [
    (race.Sail((4, 2), "north-east"), "not a compass direction"),
    (race.Sail((4, 2), 45), "not a compass direction"),
    (race.Sail((4.0, 2), "NE"), "two whole numbers"),
    (race.Sail("4,2", "NE"), "two whole numbers"),
    (race.WindShift(None), "not a compass direction"),
])
def test_point_2_a_heading_or_point_of_the_wrong_type_is_refused(bad, words):
    refused(new_drill(seed=0), bad, words)


def test_point_2_race_fields_of_the_wrong_type_are_refused():
    state = race.new_practice(seed=0)
    refused(state, race.Spin(1), "True or False, not 1")
    refused(state, race.Protest(0), "the boat protested is one of 'A', 'B'")
    refused(state, {"wait": "yes"}, "'wait' is True or False")


# ----- point 3: values that merely equal legal ones ----------------------------------------------

def test_point_3_numpy_numbers_are_refused_with_a_hint():
    state = trireme.new_game(seed=0)
    state.apply("N")
    refused(state, trireme.Die(np.int64(3)), r"a numpy number \(write int\(...\)")
    refused(rolled_yacht(), Roll((np.int64(1),)), "numpy number")
    drill = new_drill(seed=0)
    legal = drill.legal_actions()[0]
    refused(drill, race.Sail(tuple(np.array(legal.position)), legal.heading), "numpy number")


def test_point_3_a_decimal_or_a_bool_for_a_whole_number_is_refused_and_calm_keeps_working():
    state = calm.new_game(seed=2, players=2)
    state.apply(state.legal_actions()[0])  # the Start card
    play = next(a for a in state.legal_actions() if isinstance(a, calm.Play) and a.at)
    refused(state, calm.Play(float(play.card), play.at), r"\(a decimal number: write ")
    refused(state, calm.Play(play.card, (True, play.at[1])), "yes/no value")
    assert play in state.legal_actions()
    state.apply(calm.Play(play.card, list(play.at)))  # a JSON list for the cell is fine
    assert canonical_key(state.history[-1]) == canonical_key(play)
    check_saves_and_draws(state, "calm")


def test_point_3_a_save_after_a_friendly_spelling_reloads_with_the_same_history():
    state = regatta.new_game(seed=3)
    exchange = next(a for a in state.legal_actions() if isinstance(a, regatta.Exchange)
                    and len(set(a.cards)) == 2)
    state.apply(regatta.Exchange(tuple(reversed(exchange.cards))))
    loaded = type(state).from_json(state.to_json())
    assert loaded.history == state.history == [exchange]


# ----- point 4: malformed fields and saved-file options -------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_point_4_options_named_seed_or_cls_in_a_saved_game_are_refused(name):
    state = GAMES[name]()
    data = json.loads(state.to_json())
    for key in ("seed", "cls", "self"):
        text = json.dumps({**data, "options": {**data["options"], key: 1}})
        with pytest.raises(SavedGameError, match=f"'{key}' is not an option"):
            type(state).from_json(text)


@pytest.mark.parametrize("name", GAMES)
def test_point_4_hostile_bytes_nesting_and_numbers_raise_saved_game_errors(name):
    state = advanced(GAMES[name](), 3)
    game, text = type(state), state.to_json()
    cases = [
        (text.encode("utf-8")[:20] + b"\xff\xfe" + text.encode("utf-8")[20:], "not UTF-8"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 32 levels"),
        ('{"game": ' + "[" * 50 + "]" * 50 + "}", "nested more than 32 levels"),
        (text.replace(f'"seed": {state.seed}', '"seed": ' + "7" * 5000), "4300 digits"),
        (json.dumps({**json.loads(text), "seed": 10**300}), "seed"),
        (json.dumps({**json.loads(text), "version": True}), "format version True"),
        (json.dumps({**json.loads(text), "moves": [{"move": 1, "sampled": "yes"}]}),
         "not of the form"),
        (json.dumps({**json.loads(text), "extra": 1}), "unknown entry 'extra'"),
        (12, "not 12"),
    ]
    for hostile, words in cases:
        with pytest.raises(SavedGameError, match=words):
            game.from_json(hostile)
    assert fingerprint(game.from_json(text.encode("utf-8"))) == fingerprint(state)
    assert fingerprint(game.from_json("\ufeff" + text)) == fingerprint(state)


def test_point_4_a_regatta_move_with_fields_of_the_wrong_type_is_refused():
    state = regatta.new_game(seed=0)
    sail = next(a for a in state.legal_actions() if isinstance(a, regatta.Sail))
    refused(state, regatta.Sail(sail.card, sail.arrow, 1), "'windy' .* is True or False")
    refused(state, regatta.Sail(7, sail.arrow), "the deck has no card 7")
    refused(state, regatta.Becalm("1"), "a whole number")
    refused(state, regatta.Exchange("fork"), "the cards to exchange is a list")


# ----- point 8 (the message part): long inputs are cut short --------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_point_8_a_megabyte_of_input_gives_a_short_message(name):
    state = GAMES[name]()
    for junk in ("x" * 1_000_000, ["x" * 1_000_000], {"x" * 1_000_000: 1}, 10**100_000):
        with pytest.raises(ActionError) as refusal:
            state.apply(junk)
        assert len(str(refusal.value)) < 600
    assert len(shown("y" * 10**6)) <= MAX_SHOWN


def test_point_8_an_error_message_is_never_longer_than_the_limit():
    assert len(str(IllegalAction("z" * 10**6))) == MAX_MESSAGE


# ----- the strategies, hard, on every game --------------------------------------------------------

POSITIONS = {name: [advanced(make(), moves, seed) for moves, seed in ((0, 0), (4, 1), (25, 2))]
             for name, make in GAMES.items()}


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_malformed_actions_are_refused_or_read_canonically(name, data):
    state = data.draw(st.sampled_from(POSITIONS[name])).copy()
    check_malformed_action(state, data.draw(malformed_actions(state)))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_hostile_saved_files_raise_saved_game_errors_or_load_cleanly(name, data):
    state = data.draw(st.sampled_from(POSITIONS[name]))
    check_hostile_save(type(state), data.draw(hostile_saves(state.to_json())))


# ----- point 4: scenario files; point 8: scenario validation ---------------------------------------

def scenario(**changes):
    data = {"id": "x", "title": "t", "source": "s", "wind": "N", "explanation": "e",
            "boats": [{"name": "A", "position": [3, 3], "heading": "NW"},
                      {"name": "B", "position": [4, 2], "heading": "NW"}],
            "question": ["A", "B"], "expected": {"winner": "B", "rule": "leeward"}}
    data.update(changes)
    return data


def test_point_4_scenario_files_with_hostile_bytes_nesting_or_numbers_are_config_errors():
    from sailing_kit.core import ConfigError
    from sailing_kit.race.scenario import scenario_from_json

    text = json.dumps(scenario())
    assert scenario_from_json(text.encode("utf-8")).winner == "B"
    assert scenario_from_json("\ufeff" + text).winner == "B"
    for hostile, words in [(b"\xff" + text.encode(), "not UTF-8"),
                           ("[" * 100_000, "nested more than 32"),
                           (text.replace("[3, 3]", "[" + "3" * 5000 + ", 3]"), "4300 digits")]:
        with pytest.raises(ConfigError, match=words):
            scenario_from_json(hostile)


@pytest.mark.parametrize("change, words", [
    ({"mark": [-1, 4]}, "the mark .* is off the board"),
    ({"mark": [100_000, 4]}, "off the board"),
    ({"boats": [{"name": "A", "position": [-3, 3], "heading": "NW"},
                {"name": "B", "position": [4, 2], "heading": "NW"}]}, "boat A's position .* off"),
    ({"mark": [4, 2]}, "two pieces on one point"),
    ({"mover": "Z"}, "'mover': 'Z' is none of the boats"),
    ({"becalmed": "A"}, "'becalmed' is a list"),
    ({"start": "yes"}, "'start' is True or False"),
    ({"title": ["t"]}, "'title' is a text"),
    ({"expected": {"winner": "B", "rule": ["leeward"]}}, "the expected 'rule' is one of"),
    ({"expected": {"winner": "A", "rule": "leeward"}}, "the umpire gives right of way to B"),
    ({"expected": {"winner": "B", "rule": "starboard"}}, "by the 'leeward' rule"),
    ({"contests": [{"point": [3, 3], "entitled": "B"}]}, "the umpire finds the contested points"),
])
def test_point_8_a_scenario_is_validated_and_checked_against_the_umpire_as_it_loads(change, words):
    from sailing_kit.core import ConfigError
    from sailing_kit.race.scenario import scenario_from_data

    with pytest.raises(ConfigError, match=words):
        scenario_from_data(scenario(**change))


def test_point_8_every_shipped_scenario_agrees_with_the_umpire_as_it_loads():
    from sailing_kit.race.scenario import library

    assert len(library()) >= 24  # each one passed the umpire's check when it loaded


# ----- point 8: course and deck loaders, option errors naming the option ------------------------------

@pytest.mark.parametrize("change, words", [
    (lambda d: d["marks"][0].update(rounding=["port"]), "'rounding' is 'port' or 'starboard'"),
    (lambda d: d["marks"].__setitem__(0, "red"), "a mark is a dictionary"),
    (lambda d: d.update(name=["x"]), "a course's 'name' is a text"),
    (lambda d: d.update(start_heading=7), "'start_heading' is one of"),
    (lambda d: d.update(starts=[[1, 1]] * 9), "'starts' lists 1 to 8 start cells"),
    (lambda d: d.update(width="x" * 10**5), "'width' is a whole number of cells"),
])
def test_point_8_a_broken_course_never_raises_a_bare_type_error(change, words):
    from sailing_kit.core import ConfigError
    from sailing_kit.regatta.course import course_data, load_course

    data = course_data()
    change(data)
    with pytest.raises(ConfigError, match=words) as error:
        load_course(data)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("change, words", [
    (lambda d: d["cards"][-1].update(special=["windy_spell"]), "'special' must be one of"),
    (lambda d: d["cards"][0].update(arrows=[["veer_left"]]), "'arrows' lists 1 to 4 different"),
    (lambda d: d["cards"][0].update(arrows=[1, 2]), "'arrows' lists 1 to 4 different"),
    (lambda d: d["arrows"][0].update(steps=[10**5000]), "'steps' is a list of 1 to 4 turns"),
    (lambda d: d.update(about="a" * 10**5), "'about' are texts"),
])
def test_point_8_a_broken_deck_never_raises_a_bare_type_error(change, words):
    from sailing_kit.core import ConfigError
    from sailing_kit.regatta.deck import deck_data, load_deck

    data = deck_data()
    change(data)
    with pytest.raises(ConfigError, match=words) as error:
        load_deck(data)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("new, options, words", [
    (race.new_game, {"variant": ["triangle"]}, "option 'variant' must be one of"),
    (race.new_game, {"course": {"full": 1}}, "option 'course' must be one of"),
    (race.new_game, {"flag_rows": 7}, "option 'flag_rows' is a list"),
    (race.new_game, {"flag_rows": (1, 2)}, "option 'flag_rows': the flags stand"),
    (race.new_game, {"marks": [[1.5, 2]]}, "option 'marks' is two whole numbers"),
    (race.new_game, {"yellow": 3}, "option 'yellow' is a list"),
    (yacht.new_game, {"rules": ["jacht"]}, r"\(option 'rules'\)"),
    (yacht.new_game, {"rules": "tabornok", "poker_points": 30.0}, "option 'poker_points'"),
    (calm.new_game, {"adjacency": ["reading"]}, "option 'adjacency' must be"),
    (trireme.new_game, {"map": "x" * 10**6}, "option 'map' is a short text"),
])
def test_point_8_option_errors_name_the_option_and_stay_short(new, options, words):
    from sailing_kit.core import ConfigError

    with pytest.raises(ConfigError, match=words) as error:
        new(seed=0, **options)
    assert len(str(error.value)) < 400


def test_point_5_a_saved_duel_carrying_a_map_bomb_is_refused_at_once():
    import time

    state = trireme.new_game(seed=0, map="small")
    data = json.loads(state.to_json())
    data["options"]["map"] = data["options"]["map"].replace(
        "trireme: ", "trireme: " + "99N " * 1_000_000, 1)
    started = time.perf_counter()
    with pytest.raises(SavedGameError, match="option .map. is a short text"):
        trireme.TriremeState.from_json(json.dumps(data))
    assert time.perf_counter() - started < 2
