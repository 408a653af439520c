"""The trainer teaches what the umpire judges: every scenario of the library, set up as a race,
gets from the race umpire the answer the scenario expects (issue 13: the trainer and exercise
02 taught an entitlement that the race umpire then punished). Also: the scenarios ask fair
questions (point 12) and carry true real-rules notes (point 11)."""

from dataclasses import replace

import pytest

from sailing_kit.race import Sail, Wait, WindShift, course_point, library, new_game, new_practice
from sailing_kit.race.sailing import PointOfSail, point_of_sail
from tests.race.helpers import offences

SCENARIOS = {s.id: s for s in library()}
BUOY = (5, 3)
"""The buoy of the full course: a start scenario's mark is moved there."""


def race_for(scenario, boats, wind=None):
    """The scenario's boats as a race, in its turn order: in open water with its marks, or, for
    the start, during the start procedure with its mark on the full course's buoy. Returns the
    race and the shift from the scenario's coordinates to the race's."""
    wind = (wind or scenario.wind).value
    if scenario.start:
        (mark,) = scenario.marks
        dx, dy = BUOY[0] - mark[0], BUOY[1] - mark[1]
        positions = [((b.position[0] + dx, b.position[1] + dy), b.heading.value) for b in boats]
        return new_game(seed=0, boats=len(boats), positions=positions, yellow=[], blue=[],
                        flags=False, cover=False, wind=wind), (dx, dy)
    game = new_practice(seed=0, boats=[(b.name, b.position, b.heading.value) for b in boats],
                        marks=scenario.marks, finish_row=None, wind=wind)
    return game, (0, 0)


def before_the_move(scenario):
    """The boats before the scenario's move: the mover where it stood (if the scenario says)."""
    before = scenario.before
    return tuple(before if before is not None and b.name == before.name else b
                 for b in scenario.boats)


def judged_boats(scenario):
    """The boats as the umpire judges the question: before the move when the mover moved."""
    return before_the_move(scenario) if scenario.moved else scenario.boats


def expected_offences(scenario):
    expected = scenario.expected_infringements
    return {tuple(pair) for pair in (expected if expected is not None
                                     else [(i.offender, i.wronged) for i in
                                           scenario.infringements()])}


@pytest.mark.parametrize("key", SCENARIOS)
def test_the_race_umpire_rules_as_the_scenario_says(key):
    """The ruling on the question's two boats, and the infringements after the scenario's move
    (its mover's turn, a becalmed boat's wait, or the wind shift), are the race umpire's."""
    scenario = SCENARIOS[key]
    race, _ = race_for(scenario, before_the_move(scenario), scenario.previous_wind)
    expected = scenario.ruling()

    def rules_as_expected():
        ruling = race.ruling(*scenario.question)
        return (ruling.winner, ruling.rule_key) == (expected.winner, expected.rule_key)

    if scenario.moved:
        assert rules_as_expected()  # the engagement the move resolved
    if scenario.mover is not None:
        mover = scenario.boat(scenario.mover)
        race.turn = race.names.index(mover.name)
        if scenario.becalmed:
            race.becalmed = scenario.becalmed
            race.apply(Wait())
        else:
            race.apply(Sail(mover.position, mover.heading))
    if scenario.previous_wind is not None:
        race.rolls_due = 1
        race.apply(WindShift(scenario.wind))
    if scenario.mover is not None or scenario.previous_wind is not None:
        assert offences(race) == expected_offences(scenario)
    if not scenario.moved:
        assert rules_as_expected()


def judged_position(scenario):
    """The scenario as the umpire judges its question, before anything moved."""
    return replace(scenario, boats=judged_boats(scenario), mover=None, before=None)


CONTESTS = [(key, contest.point, claimant) for key, s in SCENARIOS.items()
            for contest in judged_position(s).contests() for claimant in contest.claimants]


@pytest.mark.parametrize("key, point, claimant", CONTESTS)
def test_whoever_takes_a_light_blue_point_is_judged_as_the_trainer_says(key, point, claimant):
    """§3.4, fig. 9-11 and 13: each claimant of a scenario's light-blue point in turn ends its
    turn on it in the race; the umpire penalises it exactly for the claimants the trainer says
    have right of way over it, and never the boat entitled to the point."""
    scenario = SCENARIOS[key]
    position = judged_position(scenario)
    (contest,) = [c for c in position.contests() if c.point == point]
    race, (dx, dy) = race_for(scenario, position.boats)
    race.turn = race.names.index(claimant)
    target = (point[0] + dx, point[1] + dy)
    stops = [a for a in race.legal_actions() if isinstance(a, Sail) and a.position == target]
    assert stops, f"{claimant} cannot end its turn on {target}"
    race.apply(stops[0])
    beaten_by = {other for other in contest.claimants if other != claimant
                 and position.judge(claimant, other).winner == other}
    assert offences(race) == {(claimant, other) for other in beaten_by}
    assert (claimant == contest.entitled) == (not beaten_by)


# ----- fair questions (issue 13, point 12) -----------------------------------------------------------
@pytest.mark.parametrize("key", SCENARIOS)
def test_every_question_is_about_engaged_boats(key):
    """§3.4: "2 or more boats are said to be engaged when there are intersections that they can
    reach, and therefore it is necessary to establish a right of way": "who must keep clear?" is
    only asked of engaged boats (scenarios 10 and 15 asked it of boats that were not), judged
    where the umpire judges them (before the move when the mover moved)."""
    scenario = SCENARIOS[key]
    one, other = (next(b for b in judged_boats(scenario) if b.name == n)
                  for n in scenario.question)
    points = {course_point(one, scenario.wind), course_point(other, scenario.wind)}
    assert one.position in points or other.position in points or \
        course_point(one, scenario.wind) == course_point(other, scenario.wind) is not None


@pytest.mark.parametrize("key", [k for k, s in SCENARIOS.items() if s.previous_wind])
def test_before_a_shift_no_boat_was_head_to_wind(key):
    """§2: head to wind "is forbidden during the race (unless it ends up there involuntarily
    through a wind change)": the position before a scenario's shift is one a race can reach
    (scenario 20's B was head to wind in the previous wind)."""
    scenario = SCENARIOS[key]
    assert all(point_of_sail(b.heading, scenario.previous_wind) is not PointOfSail.HEAD_TO_WIND
               for b in scenario.boats)


def test_scenario_08_says_why_the_run_differs_from_the_text():
    """§3.4: "The case of the engagement from astern described for close-hauled can equally be
    applied to the run and broad reach points of sail": scenario 08 says why the kit's ladder
    gives the boat ahead right of way downwind instead."""
    text = SCENARIOS["astern-run-boat-ahead-is-leeward"].explanation
    assert "can equally be applied to the run and broad reach" in text
    assert "to windward" in text and "changes tack" in text


# ----- true real-rules notes (issue 13, point 11) -----------------------------------------------------
def test_the_real_rules_notes_are_right():
    """A boat left head to wind by a wind shift keeps her old tack (rules 10-12, not 13); the
    starting-mark exemption is in the preamble of Part 2 Section C; 2025-28 numbering; where
    18.1(a) makes scenario 27 differ from real racing."""
    shift = SCENARIOS["head-to-wind-after-a-shift"].real_rules
    assert "keeps her old tack" in shift and "rules 10–12" in shift and "not rule 13" in shift
    assert "preamble of Part 2 Section C" in SCENARIOS["zone-ignored-at-the-start"].real_rules
    assert "18.1(a)" in SCENARIOS["zone-inside-port-beats-starboard"].real_rules
    assert "18.2(a)(2)" in SCENARIOS["fig14-inside-boat-engaged-from-astern"].real_rules
    notes = " ".join(s.real_rules for s in SCENARIOS.values())
    assert "18.2(b)" not in notes and "18.1(a): rule 18 does not apply at a starting" not in notes
