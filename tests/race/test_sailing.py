"""Section 2 of Race the Wind ("Moves and Points of Sail") and the sailing definitions, statement
by statement. Each test quotes the rule it checks."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sailing_kit.core import Direction, angle_between
from sailing_kit.race import (
    PointOfSail,
    Sail,
    Tack,
    change_of_tack,
    fewest_turns,
    new_drill,
    point_of_sail,
    tack,
    turn_options,
)

directions = st.sampled_from(list(Direction))
ORIGIN = (0, 0)


def ends(heading, wind="N", *, start=False):
    return {(o.position, o.heading.value) for o in turn_options(ORIGIN, heading, wind, start=start)}


def test_rule_the_wind_is_initially_from_the_north():
    """§2: "The wind direction is initially from the North." """
    assert new_drill().wind is Direction.N


@pytest.mark.parametrize(
    "heading, expected",
    [("N", "head_to_wind"), ("NE", "close_hauled"), ("E", "beam_reach"),
     ("SE", "broad_reach"), ("S", "run"), ("SW", "broad_reach"), ("W", "beam_reach"),
     ("NW", "close_hauled")],
)
def test_rule_points_of_sail_by_angle_to_the_wind(heading, expected):
    """§2 and fig. 6: close-hauled at 45° to the wind, beam reach at 90°, broad reach at 45° with
    the wind from behind (135°), run with the wind from the stern; 0° is head to wind."""
    assert point_of_sail(heading, "N") == expected


@given(directions, directions, st.integers(0, 7))
def test_point_of_sail_depends_only_on_the_angle(heading, wind, turn):
    """Points of sail depend only on "the angle the boat makes with the direction of the wind"."""
    assert point_of_sail(heading, wind) is point_of_sail(heading.rotate(turn), wind.rotate(turn))
    assert point_of_sail(heading, wind).angle == angle_between(heading, wind)


def test_rule_starboard_tack_wind_on_the_right():
    """Definitions, fig. 2: "STARBOARD TACK: the wind meets the right side of the boat." """
    assert tack("NW", "N") is Tack.STARBOARD  # the wind comes over the right-hand bow
    assert tack("W", "N") is Tack.STARBOARD


def test_rule_port_tack_wind_on_the_left():
    """Definitions, fig. 3: "PORT TACK: the wind meets the left side of the boat." """
    assert tack("NE", "N") is Tack.PORT
    assert tack("SE", "N") is Tack.PORT


def test_rule_a_run_counts_as_starboard_tack():
    """§2: "By definition in the game, a boat advancing on a run has its wind on the starboard
    tack." """
    assert all(tack(wind.opposite, wind) is Tack.STARBOARD for wind in Direction)


def test_head_to_wind_has_no_tack():
    """Head to wind the wind meets neither side (rules-decisions: no tack)."""
    assert tack("N", "N") is None


def test_rule_a_movement_is_one_intersection_also_diagonally():
    """§2: "A movement means the unit advance from one intersection to the next (also
    diagonally) on the grid." """
    (advance,) = [o for o in turn_options(ORIGIN, "NE", "N") if o.moves[0].is_movement]
    assert advance.position == (1, 1) and advance.path == ((1, 1),)


@given(directions, directions)
def test_rule_a_manoeuvre_rotates_on_the_spot_by_45_to_90_degrees(heading, wind):
    """§2: "A manoeuvre means a rotation on oneself (clockwise or anticlockwise) of a minimum
    of 45° up to a maximum of 90°." """
    for option in turn_options(ORIGIN, heading, wind, start=True):
        for move in option.moves:
            assert move.is_movement or abs(move.rotation) in (1, 2)
        if not any(m.is_movement for m in option.moves):
            assert option.position == ORIGIN and option.path == ()


def test_rule_close_hauled_one_movement_or_one_of_three_manoeuvres():
    """§2 CLOSE-HAULED: 1 movement on the same course, or 1 manoeuvre among a tack (90°, onto
    the other close-hauled course), 90° away to a broad reach, 45° away to a beam reach."""
    assert ends("NE") == {((1, 1), "NE"), (ORIGIN, "NW"), (ORIGIN, "SE"), (ORIGIN, "E")}
    assert point_of_sail("NW", "N") is PointOfSail.CLOSE_HAULED
    assert change_of_tack("NE", -2, "N") == "tack"
    assert point_of_sail("SE", "N") is PointOfSail.BROAD_REACH
    assert point_of_sail("E", "N") is PointOfSail.BEAM_REACH


def test_rule_close_hauled_may_not_luff_head_to_wind_in_the_race():
    """§2: "The 45° manoeuvre in the direction of the tack, which would put the boat head to
    wind, is forbidden during the race ... but not during the start." """
    assert (ORIGIN, "N") not in ends("NE")
    assert (ORIGIN, "N") in ends("NE", start=True)


def test_rule_head_to_wind_allows_only_one_manoeuvre():
    """§2: head to wind "the boat is entitled to only 1 manoeuvre" (no movement)."""
    for start in (True, False):
        options = turn_options(ORIGIN, "N", "N", start=start)
        assert {o.heading.value for o in options} == {"NE", "NW", "E", "W"}
        assert all(len(o.moves) == 1 and not o.moves[0].is_movement for o in options)


def test_rule_a_boat_turned_head_to_wind_never_advances():
    """§2: head to wind "the boat is entitled to only 1 manoeuvre" (issue 13, point 3): during
    the start a beam reach may turn 90° to head to wind, but no movement may follow. Issue's
    example: A at (1, 6) heading W, wind N, may not end at (1, 7) heading N."""
    ends_here = {(o.position, o.heading.value) for o in turn_options((1, 6), "W", "N", start=True)}
    assert ((1, 6), "N") in ends_here  # the manoeuvre itself is allowed at the start
    assert ((1, 7), "N") not in ends_here
    for heading in Direction:  # whatever the turn, no step is taken heading into the wind
        for option in turn_options((1, 6), heading, "N", start=True):
            track = [(1, 6), *option.path]
            assert all((b[0] - a[0], b[1] - a[1]) != (0, 1) for a, b in itertools.pairwise(track))


def test_rule_head_to_wind_gets_no_gust_either():
    """§2 and §3.2: a blue token two points straight upwind cannot carry a boat that turned
    head to wind (issue 13, point 3)."""
    wet = turn_options(CENTRE, "W", "N", start=True, water=water(blue=[(10, 11), (10, 12)]))
    assert ((10, 10), "N") in {(o.position, o.heading.value) for o in wet}
    assert not any({(10, 11), (10, 12)} & set(o.path) for o in wet)


def test_rule_head_to_wind_never_advances_in_the_drill_with_start_rules():
    """§2 (issue 13, point 3): the same in ``new_drill(start_rules=True)``."""
    drill = new_drill(start=(1, 6), heading="W", wind="N", start_rules=True)
    assert Sail((1, 6), Direction.N) in drill.legal_actions()
    assert Sail((1, 7), Direction.N) not in drill.legal_actions()


def test_rule_beam_reach_two_moves_in_four_combinations():
    """§2 BEAM REACH: "movement + movement, movement + manoeuvre, manoeuvre + manoeuvre, and
    manoeuvre + movement"."""
    patterns = {tuple(m.is_movement for m in o.moves) for o in turn_options(ORIGIN, "E", "N")}
    assert patterns == {(True, True), (True, False), (False, False), (False, True)}
    assert ((2, 0), "E") in ends("E")


def test_rule_beam_reach_manoeuvre_then_movement_goes_the_new_way():
    """§2: "when the move is manoeuvre + movement ... the movement takes place in the direction
    in which the manoeuvre has taken the boat" (45° to close-hauled or broad reach, 90° to run)."""
    turned_then_moved = {
        (o.position, o.heading.value)
        for o in turn_options(ORIGIN, "E", "N")
        if not o.moves[0].is_movement and o.moves[1].is_movement
    }
    assert turned_then_moved == {((1, 1), "NE"), ((1, -1), "SE"), ((0, -1), "S")}


def test_rule_beam_reach_two_90_degree_manoeuvres_reverse_it():
    """§2: "using the manoeuvre + manoeuvre move, both of 90°, the boat can reverse its beam
    reach point of sail" (through the run: the 90° luff to head to wind is not allowed)."""
    reverse = [o for o in turn_options(ORIGIN, "E", "N") if o.end == (ORIGIN, Direction.W)]
    assert reverse and [m.rotation for m in reverse[0].moves] == [2, 2]


def test_rule_broad_reach_movement_first_then_optional_manoeuvre():
    """§2 BROAD REACH: "2 moves in this exact order: movement and then manoeuvre" and "the
    right to perform the manoeuvre ... is optional"; the 4 manoeuvres reach close-hauled, beam
    reach, run and the other broad reach."""
    options = turn_options(ORIGIN, "SE", "N")
    assert all(o.moves[0].is_movement and o.position == (1, -1) for o in options)
    assert any(len(o.moves) == 1 for o in options)
    reached = {point_of_sail(o.heading, "N") for o in options if len(o.moves) == 2}
    assert reached == {PointOfSail.CLOSE_HAULED, PointOfSail.BEAM_REACH, PointOfSail.RUN,
                       PointOfSail.BROAD_REACH}
    assert ((1, -1), "SW") in ends("SE")  # the other broad reach


def test_rule_run_one_movement_or_one_of_four_manoeuvres():
    """§2 RUN: "1 unit movement forward on the same run, or to one manoeuvre ... to reach 2
    broad reaches and 2 beam reaches"."""
    assert ends("S") == {((0, -1), "S"), (ORIGIN, "SE"), (ORIGIN, "SW"), (ORIGIN, "E"), (ORIGIN, "W")}


@given(directions, directions)
def test_rule_the_move_must_be_completed_in_full(heading, wind):
    """§2: "it is compulsory to complete your move in full": every option uses the whole
    allowance (two moves on a beam reach; one on close-hauled and the run)."""
    sailing = point_of_sail(heading, wind)
    lengths = {len(o.moves) for o in turn_options(ORIGIN, heading, wind)}
    expected = {PointOfSail.BEAM_REACH: {2}, PointOfSail.BROAD_REACH: {1, 2}}.get(sailing, {1})
    assert lengths == expected


def test_definition_tack_and_jibe():
    """Definitions, fig. 4: a tack changes tack with the wind over the bow, a jibe with the wind
    over the stern."""
    assert change_of_tack("NE", -2, "N") == "tack"
    assert change_of_tack("SE", 2, "N") == "jibe"
    assert change_of_tack("S", -1, "N") == "jibe"  # from the run (starboard) to port
    assert change_of_tack("NE", 1, "N") is None


def test_definition_layline_reaches_the_mark_without_a_tack():
    """Definitions: "Sailing the left layline allows the boat to reach the windward mark without
    any further tacks." """
    route = fewest_turns((0, 0), "NE", "N", (4, 4))
    assert len(route) == 4 and all(o.moves[0].is_movement for o in route)


def test_going_upwind_takes_a_zigzag():
    """Straight into the wind no boat can sail: the fastest way up tacks at least once."""
    route = fewest_turns((0, 0), "NE", "N", (0, 8))
    assert len(route) == 9
    headings = [Direction.NE] + [o.heading for o in route]
    kinds = [
        change_of_tack(before, move.rotation, "N")
        for before, option in zip(headings, route)
        for move in option.moves
        if not move.is_movement
    ]
    assert kinds == ["tack"]


def test_fewest_turns_returns_none_when_the_target_is_out_of_reach():
    assert fewest_turns((0, 0), "NE", "N", (3, 3), within={(0, 0), (1, 1)}) is None


# ----- §3.2: tokens change the moves ------------------------------------------------------------
from sailing_kit.core.grid import Grid  # noqa: E402
from sailing_kit.race.sailing import Water  # noqa: E402

BIG = Grid(21, 21)
CENTRE = (10, 10)


def water(yellow=(), blue=()):
    return Water(open=BIG.__contains__, yellow=frozenset(yellow), blue=frozenset(blue))


def token_ends(heading, **tokens):
    return {(o.position, o.heading.value): o for o in
            turn_options(CENTRE, heading, "N", water=water(**tokens))}


@given(directions, directions, st.booleans())
def test_without_tokens_open_water_gives_the_open_board_turns(heading, wind, start):
    """The token-aware turn generator agrees with §2 when there are no tokens."""
    plain = {o.end: o.moves for o in turn_options(CENTRE, heading, wind, start=start)}
    wet = {o.end: o.moves for o in turn_options(CENTRE, heading, wind, start=start,
                                                  water=water())}
    assert plain == wet


def test_rule_yellow_token_stops_the_boat():
    """§3.2: "A boat that meets a yellow token on its course will stand still ... The yellow
    token, in fact, always stops the boat, whatever its point of sail"; a beam reach stopped
    "after the first of the 2 moves ... is not entitled to the second move"."""
    ends = token_ends("E", yellow=[(11, 10)])
    assert ((12, 10), "E") not in ends and ends[((11, 10), "E")].lulled
    assert not any(pos == (11, 10) and h != "E" for pos, h in ends)  # no manoeuvre after


def test_rule_broad_reach_stopped_by_yellow_may_not_manoeuvre():
    """§3.2: a broad reach that meets a yellow point after the first move "may not use the right
    to manoeuvre"."""
    ends = token_ends("SE", yellow=[(11, 9)])
    assert set(ends) == {((11, 9), "SE")}


def test_rule_blue_token_gives_one_more_movement_close_hauled():
    """§3.2: "A boat that meets a blue token on its course gains one movement"; it may refuse
    it ("spilling the wind")."""
    ends = token_ends("NE", blue=[(11, 11)])
    assert ends[((12, 12), "NE")].gusts == 1
    assert ((11, 11), "NE") in ends  # spilled


def test_rule_blue_tokens_chain():
    """§3.2: "If the additional movement ... leaves the boat ending on a new blue token, this
    gives another bonus in the same turn (and so on, without limit)"."""
    ends = token_ends("NE", blue=[(11, 11), (12, 12), (13, 13)])
    assert ends[((14, 14), "NE")].gusts == 3


def test_rule_beam_reach_gains_only_at_the_end_of_the_second_movement():
    """§3.2: "If a boat is sailing on a beam reach it gains a movement only if it touches the
    blue token at the end of the second movement"."""
    assert ((13, 10), "E") not in token_ends("E", blue=[(11, 10)])
    assert token_ends("E", blue=[(12, 10)])[((13, 10), "E")].gusts == 1


def test_rule_broad_reach_gust_two_ways():
    """§3.2 broad reach: meet blue, manoeuvre and advance on another point of sail (3 moves), or
    use the gust to move on along the broad reach and give up the manoeuvre (2 moves)."""
    ends = token_ends("SE", blue=[(11, 9)])
    assert len(ends[((12, 8), "SE")].moves) == 2
    assert len(ends[((11, 8), "S")].moves) == 3
    assert ((12, 9), "E") in ends


def test_tokens_never_let_a_boat_through_closed_water():
    closed = Water(open=lambda p: p != (11, 11) and p in BIG, blue=frozenset({(11, 11)}))
    assert all((11, 11) not in o.path for o in turn_options(CENTRE, "NE", "N", water=closed))
