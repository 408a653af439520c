"""Engagements between any number of boats, penalties and the umpire (§3.4), and the scenarios."""

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.core import ConfigError, Direction
from sailing_kit.core.errors import ActionError
from sailing_kit.race import (
    Boat,
    Protest,
    Rule,
    Spin,
    Umpire,
    contested_points,
    infringements,
    infringements_after_wind_change,
    library,
    new_practice,
)
from sailing_kit.race.scenario import scenario_from_data
from sailing_kit.testing import check_game, fingerprint

N = Direction.N


def test_rule_fig2_the_boat_ahead_is_a_prisoner():
    """§3.4, fig. 2: if A manoeuvres "it would in fact stop on the intersection and, when it was
    B's turn, B could not advance and would ask for a penalty" - every manoeuvre of A does."""
    behind = Boat("B", (4, 2), "NW")
    for heading in ("W", "SW", "NE"):  # bear away 45, bear away 90, tack
        found = infringements([Boat("A", (3, 3), heading), behind], N, mover="A")
        assert [(i.offender, i.wronged) for i in found] == [("A", "B")]
    assert infringements([Boat("A", (2, 4), "NW"), behind], N, mover="A") == []  # it moved on


def test_rule_port_tack_leader_frees_itself_by_tacking():
    """§3.4: on port tack "the leading boat ... can in fact tack onto starboard tack without
    incurring a penalty. All other manoeuvres would bring a penalty"."""
    behind = Boat("B", (2, 2), "NE")
    assert infringements([Boat("A", (3, 3), "NW"), behind], N, mover="A") == []
    for heading in ("E", "SE"):
        assert infringements([Boat("A", (3, 3), heading), behind], N, mover="A")


def test_rule_only_the_mover_infringes_at_the_end_of_its_turn():
    """rules-decisions: X infringes Y "at the end of X's turn"; the boat that just moved behind
    another infringes nobody by doing so."""
    boats = [Boat("A", (3, 3), "NW"), Boat("B", (4, 2), "NW")]
    assert infringements(boats, N, mover="B") == []


def test_rule_a_lull_protects_the_boat_ahead():
    """§3.4: "if the boat ahead meets a yellow token ... it cannot incur a penalty"."""
    boats = [Boat("A", (3, 3), "NW"), Boat("B", (4, 2), "NW")]
    assert infringements(boats, N, mover="A", exempt={"A"}) == []


def test_rule_fig9_free_point_goes_to_starboard():
    """§3.4, fig. 9: A and B claim the light-blue point; "it is B that, having starboard tack, is
    the only one entitled to that point"."""
    (contest,) = contested_points([Boat("A", (1, 1), "NE"), Boat("B", (3, 1), "NW")], N)
    assert (contest.point, contest.entitled, contest.claimants) == ((2, 2), "B", ("A", "B"))


def test_rule_fig10_stopping_on_the_point_is_a_penalty_sailing_past_is_not():
    """§3.4, fig. 10: "B could continue its beam reach past that point ... but if it decided to
    stop on the light-blue point and manoeuvre it would incur the penalty"."""
    a = Boat("A", (2, 0), "NE")
    assert infringements([a, Boat("B", (3, 1), "NE")], N, mover="B")
    assert infringements([a, Boat("B", (4, 1), "E")], N, mover="B") == []


def test_rule_occupied_point_is_not_a_free_point():
    assert contested_points([Boat("A", (1, 1), "NE"), Boat("B", (3, 1), "NW"),
                             Boat("C", (2, 2), "N")], N) == []


def test_three_claimants_the_entitled_boat_beats_both_others():
    boats = [Boat("A", (1, 1), "NE"), Boat("B", (3, 3), "SW"), Boat("C", (3, 1), "NW")]
    (contest,) = contested_points(boats, N)
    assert contest.entitled == "C" and len(contest.rulings) == 2


def test_rule_a_wind_change_may_create_an_engagement():
    """§3.4 ATTENTION: "a wind change may create or modify an engagement situation, and penalties
    must be given in consequence of these new situations"."""
    boats = [Boat("A", (2, 2), "W"), Boat("B", (3, 3), "SW")]
    assert infringements(boats, "N") == []
    found = infringements_after_wind_change(boats, "N", "NW")
    assert [(i.offender, i.wronged) for i in found] == [("A", "B")]


def test_a_wind_change_does_not_punish_an_engagement_that_already_stood():
    boats = [Boat("A", (3, 3), "NW"), Boat("B", (4, 2), "NW")]  # the prisoner of fig. 2
    assert infringements_after_wind_change(boats, "N", "N") == []


# ----- penalties ------------------------------------------------------------------------------------
def incident():
    return infringements([Boat("A", (3, 3), "W"), Boat("B", (4, 2), "NW")], N, mover="A")


def test_rule_the_wronged_boat_claims_the_penalty():
    """§3.4: "The penalty must be claimed by the boat that believes it did not receive the right
    of way"."""
    umpire, _ = Umpire().record(incident())
    with pytest.raises(ActionError, match="A has not infringed B|B has not infringed A"):
        umpire.protest("A", "B")
    umpire, said = umpire.protest("B", "A")
    assert umpire.owes("A") == 1 and "penalty to A" in said


def test_umpire_option_claims_at_once_and_explains():
    umpire, words = Umpire(auto=True).record(incident())
    assert umpire.owes("A") == 1 and "leeward" in words[0]


def test_an_unclaimed_incident_lapses_after_the_wronged_boats_turn():
    umpire, _ = Umpire().record(incident())
    umpire = umpire.lapse_claims_of("B")
    with pytest.raises(ActionError, match="too late"):
        umpire.protest("B", "A")


def test_rule_penalty_served_at_least_two_from_buoys_and_boats():
    """§3.4: "at least 2 squares from the buoys ... at least 2 intersections away from the other
    boats"."""
    umpire, _ = Umpire(auto=True).record(incident())
    a = Boat("A", (3, 3), "W")
    with pytest.raises(ActionError, match="from the other boats"):
        umpire.declare(a, [a, Boat("B", (4, 2), "NW")], [])
    with pytest.raises(ActionError, match="from the buoys"):
        umpire.declare(a, [a], [(4, 4)])
    serving = umpire.declare(a, [a, Boat("B", (5, 1), "NW")], [(5, 5)])
    assert serving.moves_left("A") == 4 and serving.owes("A") == 0


def test_rule_four_moves_make_the_360_and_only_then_may_the_boat_finish():
    """§3.4: "It is served in 4 moves, by making a full 360° turn"; rules-decisions: "A boat with
    a penalty still owed cannot finish"."""
    umpire, _ = Umpire(auto=True).record(incident())
    with pytest.raises(ActionError, match="cannot finish"):
        umpire.check_may_finish("A")
    umpire = umpire.declare(Boat("A", (0, 0), "N"), [], [])
    for _ in range(3):
        umpire = umpire.penalty_move("A")
        with pytest.raises(ActionError, match="cannot finish"):
            umpire.check_may_finish("A")
    umpire.penalty_move("A").check_may_finish("A")


def test_no_penalty_owed_nothing_to_declare():
    with pytest.raises(ActionError, match="owes no penalty"):
        Umpire().declare(Boat("A", (0, 0), "N"), [], [])


# ----- the practice game ---------------------------------------------------------------------------
PRISONER = [("A", (3, 3), "NW"), ("B", (4, 2), "NW")]


def test_practice_passes_the_conformance_check():
    assert check_game(new_practice, seeds=range(4)).finished == 4
    check_game(new_practice, seeds=range(3), umpire=True, wind_shifts=True, marks=[(6, 8)],
               boats=[("A", (4, 3), "NE"), ("B", (8, 2), "NW"), ("C", (6, 1), "NE")])


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.booleans())
def test_random_practice_never_breaks(seed, umpire, shifts):
    check_game(new_practice, seeds=[seed], max_moves=80, umpire=umpire, wind_shifts=shifts,
               boats=[("A", (4, 3), "NE"), ("B", (5, 4), "NE"), ("C", (6, 3), "NW")],
               marks=[(6, 9)])


def test_practice_protest_and_penalty_flow():
    game = new_practice(seed=1, boats=PRISONER, finish_row=6)
    game.apply(((3, 3), "W"))  # A bears away and stops on B's course point
    assert Protest("A") in game.legal_actions()  # B may protest
    game.apply(Protest("A"))
    assert game.umpire.owes("A") == 1 and game.current_player == 1
    game.apply(((4, 2), "W"))  # B bears away too (no infringement: A is not behind)
    with pytest.raises(ActionError, match="from the other boats"):
        game.apply(Spin(True))
    assert Spin(True) not in game.legal_actions()


def test_practice_penalty_is_four_spins_in_one_sense():
    game = new_practice(seed=1, boats=[("A", (3, 3), "NW"), ("B", (8, 2), "NW")], finish_row=10)
    game.umpire, _ = Umpire(auto=True).record(incident()[:1])
    game.apply(Spin(True))
    game.apply(game.legal_actions()[-1])  # B sails
    with pytest.raises(ActionError, match="same way"):
        game.apply(Spin(False))
    with pytest.raises(ActionError, match="serving its penalty"):
        game.apply(((2, 4), "NW"))
    for _ in range(3):
        game.apply(Spin(True))
        game.apply(game.legal_actions()[-1])
    assert game.boat.heading is Direction.NW and not game.umpire.moves_left("A")


def test_practice_refuses_to_finish_with_a_penalty_owed():
    game = new_practice(seed=1, boats=[("A", (3, 5), "NW"), ("B", (8, 2), "NW")], finish_row=6)
    game.umpire, _ = Umpire(auto=True).record(incident()[:1])
    with pytest.raises(ActionError, match="cannot finish"):
        game.apply(((2, 6), "NW"))
    game.umpire = Umpire()
    game.apply(((2, 6), "NW"))
    assert game.is_over() and game.result.winners == (0,)


def test_practice_umpire_option_penalises_at_once():
    game = new_practice(seed=1, boats=PRISONER, umpire=True)
    game.apply(((3, 3), "NE"))  # A tacks onto port in front of B
    assert game.umpire.owes("A") == 1 and any("Umpire:" in said for said in game.log)


def test_practice_no_sailing_into_another_boat():
    game = new_practice(seed=1, boats=[("A", (2, 2), "E"), ("B", (3, 2), "W")])
    with pytest.raises(ActionError, match="onto or through another boat"):
        game.apply(((4, 2), "E"))


def test_practice_protest_without_incident_is_refused_and_changes_nothing():
    game = new_practice(seed=1)
    before = fingerprint(game)
    with pytest.raises(ActionError, match="has not infringed"):
        game.apply(Protest("B"))
    assert fingerprint(game) == before


@pytest.mark.parametrize("boats", [[("A", (1, 1), "N")], [("A", (1, 1), "N"), ("A", (2, 2), "N")],
                                   [("A", (1, 1), "N"), ("B", (1, 1), "N")], [("A", (99, 1), "N"),
                                                                             ("B", (1, 1), "N")]])
def test_practice_bad_boats_are_config_errors(boats):
    with pytest.raises(ConfigError, match="boats|positions"):
        new_practice(boats=boats)


# ----- scenarios -------------------------------------------------------------------------------------
SCENARIOS = library()


def test_the_library_has_at_least_24_scenarios_with_two_or_three_boats():
    assert len(SCENARIOS) >= 24
    assert {len(s.boats) for s in SCENARIOS} == {2, 3}
    assert len({s.id for s in SCENARIOS}) == len(SCENARIOS)


def test_the_library_covers_every_figure_and_rule():
    sources = " ".join(s.source for s in SCENARIOS)
    for figure in ("fig. 2", "fig. 9", "fig. 10", "fig. 11", "fig. 13", "fig. 14"):
        assert figure in sources
    assert {s.rule_key for s in SCENARIOS} == set(Rule)
    assert sum(bool(s.real_rules) for s in SCENARIOS) >= 8


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_each_scenario_is_judged_as_its_data_says(scenario):
    ruling = scenario.ruling()
    assert (ruling.winner, ruling.rule_key) == (scenario.winner, scenario.rule_key)
    if scenario.expected_infringements is not None:
        found = tuple((i.offender, i.wronged) for i in scenario.infringements())
        assert found == tuple(map(tuple, scenario.expected_infringements))
    if scenario.expected_contests is not None:
        assert tuple((c.point, c.entitled) for c in scenario.contests()) == \
            scenario.expected_contests
    svg = scenario._repr_svg_()
    assert svg.startswith("<svg") and scenario.title in svg
    assert scenario.question[0] in scenario.describe()


def test_a_scenario_with_a_wrong_expectation_is_caught():
    folder = resources.files("sailing_kit.race") / "scenarios"
    data = json.loads(next(f for f in folder.iterdir() if f.name.endswith(".json")).read_text())
    first, second = data["question"]
    data["expected"]["winner"] = second if data["expected"]["winner"] == first else first
    with pytest.raises(ConfigError, match="the umpire gives right of way to"):
        scenario_from_data(data)  # checked against the umpire as it loads (issue 14 point 8)


@pytest.mark.parametrize("change, complaint", [
    ({"wind": "upwards"}, "not a compass direction"),
    ({"question": ["A", "Z"]}, "names two boats"),
    ({"colour": "red"}, "unknown"),
    ({"boats": [{"name": "A", "position": [1, 1], "heading": "N"},
                {"name": "B", "position": [1, 1], "heading": "N"}]}, "must all differ"),
])
def test_malformed_scenarios_raise_config_errors(change, complaint):
    data = {"id": "x", "title": "t", "source": "s", "wind": "N", "explanation": "e",
            "boats": [{"name": "A", "position": [1, 1], "heading": "N"},
                      {"name": "B", "position": [2, 1], "heading": "N"}],
            "question": ["A", "B"], "expected": {"winner": "A", "rule": "leeward"}}
    data.update(change)
    with pytest.raises(ConfigError, match=complaint):
        scenario_from_data(data)
