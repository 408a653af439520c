"""The points-of-sail drill: a one-boat game on the kit's protocol built on section 2."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core import CHANCE, ConfigError, Direction
from sailing_kit.core.errors import ActionError
from sailing_kit.race import DrillState, Sail, WindShift, compass_die_outcomes, new_drill
from sailing_kit.testing import check_game, fingerprint


def test_the_drill_passes_the_conformance_check():
    report = check_game(new_drill, seeds=range(8))
    assert report.games == 8 and report.moves > 0


def test_the_drill_with_wind_shifts_passes_the_conformance_check():
    report = check_game(new_drill, seeds=range(8), wind_shifts=True, max_turns=40)
    assert report.finished == 8


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    heading=st.sampled_from(list(Direction)),
    wind=st.sampled_from(list(Direction)),
    start=st.tuples(st.integers(0, 6), st.integers(0, 6)),
)
def test_random_legal_play_never_breaks(seed, heading, wind, start):
    check_game(new_drill, seeds=[seed], max_moves=60, width=7, height=7, start=start,
               mark=(3, 6) if start != (3, 6) else (0, 0), heading=heading, wind=wind,
               wind_shifts=True, start_rules=seed % 2 == 0)


def test_rule_compass_die_faces_from_the_rules_decisions():
    """rules-decisions: the compass die is a d6 with faces N, N, NE, NW, E, W."""
    outcomes = dict(compass_die_outcomes())
    assert outcomes[Direction.N] == pytest.approx(1 / 3)
    assert set(outcomes) == {Direction.N, Direction.NE, Direction.NW, Direction.E, Direction.W}
    assert sum(outcomes.values()) == 1


def test_rule_wind_change_is_a_chance_node_after_each_turn():
    """§3.3: the wind turns by the compass die; in the drill with wind_shifts, after each turn."""
    state = new_drill(seed=3, wind_shifts=True)
    state.apply(((5, 2), "NE"))
    assert state.current_player == CHANCE
    with pytest.raises(ActionError, match="roll the compass die first"):
        state.apply(((6, 3), "NE"))
    state.apply({"wind": "E"})
    assert state.wind is Direction.E and state.current_player == 0


def test_the_same_seed_rolls_the_same_winds():
    def winds(seed):
        state = new_drill(seed=seed, wind_shifts=True, width=30, height=30, start=(15, 15),
                          mark=(0, 0))
        rolled = []
        for _ in range(5):
            state.apply(state.legal_actions()[0])
            rolled.append(state.sample_chance().wind)
        return rolled

    assert winds(42) == winds(42)
    assert len({tuple(winds(s)) for s in range(8)}) > 1


def test_reaching_the_mark_ends_the_drill_with_the_turn_count():
    state = new_drill(seed=0, start=(0, 0), mark=(2, 2), heading="NE")
    state.apply(((1, 1), "NE"))
    state.apply(((2, 2), "NE"))
    assert state.is_over() and state.result.scores == (2,) and state.result.winners == (0,)


def test_touching_the_mark_mid_turn_counts():
    """A beam-reaching boat that passes over the mark in its two movements has reached it."""
    state = new_drill(seed=0, start=(0, 0), mark=(1, 0), heading="E")
    state.apply(((2, 0), "E"))
    assert state.is_over()


def test_a_boat_that_must_move_off_the_board_is_stuck():
    """A broad reach must move first (§2), so at the edge, heading off the board, it is stuck."""
    state = new_drill(seed=0, start=(8, 0), heading="SE", mark=(4, 10))
    assert state.is_over() and "stuck" in state.result.reason


def test_unreachable_end_is_refused_with_the_rule_and_changes_nothing():
    state = new_drill(seed=0)
    before = fingerprint(state)
    with pytest.raises(ActionError, match=r"§2: a boat close-hauled .* may make one movement"):
        state.apply(((4, 5), "NE"))
    with pytest.raises(ActionError, match="head to wind during the race"):
        state.apply(((4, 1), "N"))
    assert fingerprint(state) == before


def test_leaving_the_board_is_refused():
    state = new_drill(seed=0, start=(8, 5), heading="E", wind="N")
    with pytest.raises(ActionError, match="off the board"):
        state.apply(((10, 5), "E"))


def test_moves_can_be_given_as_tuples_dicts_or_sail_objects():
    state = new_drill(seed=0)
    state.apply(Sail((5, 2), Direction.NE))
    state.apply({"to": [5, 2], "heading": "NW"})
    state.apply(((4, 3), "nw"))
    assert state.position == (4, 3) and state.history[-1] == Sail((4, 3), Direction.NW)
    with pytest.raises(ActionError, match="not a move of the drill"):
        state.apply("north please")


@pytest.mark.parametrize(
    "options, complaint",
    [
        ({"width": 2}, "'width' must be from 3 to 40"),
        ({"start": (20, 1)}, "off the 9 x 12 grid"),
        ({"wind": "up"}, "not a compass direction"),
        ({"mark": (4, 1)}, "cannot start on the mark"),
        ({"mark": "middle"}, "two whole numbers"),
    ],
)
def test_bad_drill_options_are_clear_config_errors(options, complaint):
    with pytest.raises(ConfigError, match=complaint):
        new_drill(**options)


def test_the_drill_describes_and_draws_itself():
    state = new_drill(seed=0)
    assert "close-hauled, port tack" in str(state)
    svg = state._repr_svg_()
    assert "<title>Boat at (4, 1) heading NE" in svg and svg.count("<circle") >= 5


def test_wind_shift_out_of_turn_is_refused():
    with pytest.raises(ActionError, match="only when the compass die is rolled"):
        new_drill(seed=0).apply(WindShift(Direction.E))


def test_json_round_trip_keeps_the_position():
    state = new_drill(seed=9, wind_shifts=True)
    state.apply(state.legal_actions()[0])
    state.sample_chance()
    loaded = DrillState.from_json(state.to_json())
    assert fingerprint(loaded) == fingerprint(state)
