"""Sections 3.4 (engagements) and 3.6 (rounding the mark) of Race the Wind: the right-of-way
ladder, the zone, and the figures the text describes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sailing_kit.core import Direction
from sailing_kit.race import Boat, Rule, course_point, right_of_way
from sailing_kit.race.rightofway import engaged_from_astern, in_zone, leeward_depth

N = Direction.N


def ruling(a, b, wind="N", **kw):
    return right_of_way(Boat("A", *a), Boat("B", *b), wind, **kw)


def test_rule_starboard_tack_has_right_of_way():
    """§3.4: "the right of way always belongs to the boat on starboard tack"."""
    r = ruling(((1, 1), "NE"), ((3, 1), "NW"))
    assert (r.winner, r.keep_clear, r.rule_key) == ("B", "A", Rule.STARBOARD)


def test_rule_equal_tacks_leeward_has_right_of_way():
    """§3.4: "in the case of equal tacks, to the boat to leeward"; Definitions: leeward is
    "further away ... from the area the wind blows from"."""
    r = ruling(((2, 3), "NW"), ((5, 1), "NW"))
    assert (r.winner, r.rule_key) == ("B", Rule.LEEWARD)


def test_rule_leeward_is_measured_along_the_wind():
    """rules-decisions: "Leeward" is measured along the wind: further from the wind's source."""
    assert leeward_depth((0, 0), "N") > leeward_depth((5, 1), "N")
    assert leeward_depth((3, 0), "W") > leeward_depth((0, 9), "W")
    assert leeward_depth((1, 0), "NE") == leeward_depth((0, 1), "NE")  # one wind line


def test_rule_same_wind_line_faster_point_of_sail():
    """§3.4, fig. 11: "if the tacks are equal and both boats are on the same wind line, the boat
    proceeding at the faster point of sail has the right of way"; beam and broad reach are faster
    than run and close-hauled."""
    assert ruling(((2, 2), "SW"), ((1, 2), "S")).rule_key is Rule.FASTER
    assert ruling(((2, 2), "SW"), ((1, 2), "S")).winner == "A"
    assert ruling(((1, 2), "NW"), ((4, 2), "W")).winner == "B"  # beam beats close-hauled


def test_rule_equal_speeds_first_to_arrive():
    """§3.4: "if the speeds are also equal, the right of way is according to the game turn order
    (the first to arrive)" - the first argument."""
    assert ruling(((3, 3), "W"), ((4, 3), "W")).winner == "A"
    r = right_of_way(Boat("B", (4, 3), "W"), Boat("A", (3, 3), "W"), N)
    assert (r.winner, r.rule_key) == ("B", Rule.TURN_ORDER)


def test_rule_a_run_counts_as_starboard_in_the_ladder():
    """§2: "a boat advancing on a run has its wind on the starboard tack"."""
    assert ruling(((2, 3), "S"), ((1, 1), "NE")).winner == "A"


def test_head_to_wind_keeps_clear_of_a_boat_on_a_tack():
    """Kit's reading (docs/rules-choices.md): head to wind a boat has no tack, so it keeps clear."""
    r = ruling(((2, 2), "N"), ((3, 1), "NE"))
    assert (r.winner, r.rule_key) == ("B", Rule.HEAD_TO_WIND)


def test_the_real_rules_note_on_head_to_wind_keeps_the_old_tack():
    """Issue 13, point 11: a boat left head to wind by a wind shift keeps her old tack under the
    RRS, so rules 10-12 apply, not rule 13 (which is for a boat passing head to wind tacking)."""
    note = Rule.HEAD_TO_WIND.rrs
    assert "keeps the tack she was on" in note and "rules 10-12" in note
    assert "wind shift" in note and "while tacking" in note


def test_the_real_rules_notes_use_the_2025_28_numbering():
    """Issue 13, point 11: RRS 2025-28 numbering: "the first to reach the zone", 18.2(a)(2); the
    starting-mark exemption is in the preamble of Part 2 Section C, not in 18.1(a)."""
    assert "18.2(a)(2)" in Rule.ASTERN_IN_ZONE.rrs and "first to reach" in Rule.ASTERN_IN_ZONE.rrs
    assert "preamble of Part 2 Section C" in Rule.INSIDE.rrs
    assert "18.1(a)" in Rule.INSIDE.rrs and "opposite tacks" in Rule.INSIDE.rrs
    assert not any("18.2(b)" in rule.rrs for rule in Rule)


def test_rule_course_point_is_the_next_movement():
    """rules-decisions: boat Y's course point is the intersection its next movement on its present
    heading would reach; head to wind it has none."""
    assert course_point(Boat("A", (2, 2), "SW"), N) == (1, 1)
    assert course_point(Boat("A", (2, 2), "N"), N) is None


def test_rule_zone_of_two_lengths_is_5x5_perimeter_included():
    """§3.6: "The zone of the 2 lengths is the area of 25 intersections at the centre of which is
    the buoy" ... "(perimeter included)"."""
    inside = [(x, y) for x in range(10) for y in range(10) if in_zone((x, y), (5, 5))]
    assert len(inside) == 25 and (3, 7) in inside and (2, 5) not in inside


def test_rule_fig13_inside_boat_beats_leeward_in_the_zone():
    """§3.6, fig. 13: "B has right of way, even though outside that zone it would be A that had
    it, because it is to leeward"."""
    a, b = ((6, 3), "NW"), ((6, 4), "W")
    assert ruling(a, b, mark=(5, 5)).winner == "B"
    assert ruling(a, b, mark=(5, 5)).rule_key is Rule.INSIDE
    assert ruling(a, b, mark=(1, 9)).winner == "A"  # far from the mark: leeward


def test_rule_fig14_inside_boat_engaged_from_astern_must_advance():
    """§3.6, fig. 14: "if the boat holding the inside position at the buoy is engaged from astern
    by another boat, it loses the right of way, whatever the direction of the wind"."""
    r = ruling(((4, 2), "W"), ((5, 2), "W"), mark=(4, 4))
    assert (r.winner, r.rule_key) == ("B", Rule.ASTERN_IN_ZONE)
    assert "18.2(a)(2)" in r.rrs


def test_rule_engagement_from_astern_lapses_outside_the_zone():
    """§3.6: "The engagement from astern lapses when the boats are both outside the zone of the 2
    lengths, and at this point the normal rule of windward/leeward/tack applies"."""
    assert ruling(((4, 2), "W"), ((5, 2), "W"), mark=(4, 8)).rule_key is Rule.TURN_ORDER


def test_rule_inside_position_gives_nothing_at_the_start():
    """§3.6: "At the start, the inside position at the buoy does not determine right of way"."""
    r = ruling(((6, 3), "NW"), ((6, 4), "W"), mark=(5, 5), start=True)
    assert (r.winner, r.rule_key) == ("A", Rule.LEEWARD)


def test_rule_in_the_zone_the_engagement_rules_lapse():
    """§3.6: "within the zone of the 2 lengths only the inside position at the buoy is taken into
    account. The engagement rules therefore lapse" - even port over starboard."""
    assert ruling(((4, 4), "E"), ((6, 3), "NW"), mark=(5, 5)).winner == "A"


def test_equally_near_the_mark_falls_back_on_the_ladder():
    """Kit's choice: neither boat is inside the other, so the §3.4 ladder decides."""
    assert ruling(((3, 4), "NE"), ((5, 4), "NW"), mark=(4, 6)).rule_key is Rule.STARBOARD


def test_engaged_from_astern_needs_the_wake_not_the_side():
    ahead = Boat("A", (3, 3), "NW")
    assert engaged_from_astern(ahead, Boat("B", (4, 2), "NW"), N)
    assert not engaged_from_astern(ahead, Boat("B", (2, 2), "NE"), N)  # from the side


def test_boats_cannot_share_an_intersection():
    with pytest.raises(ValueError, match="cannot share"):
        ruling(((1, 1), "N"), ((1, 1), "S"))


def test_every_ruling_names_its_section_and_the_real_rule():
    for rule in Rule:
        assert "§3." in rule.text and ("RRS" in rule.rrs)


boats = st.tuples(st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
                  st.sampled_from(list(Direction)))
winds = st.sampled_from(list(Direction))
marks = st.one_of(st.none(), st.tuples(st.integers(-6, 6), st.integers(-6, 6)))


@given(boats, boats, winds, marks, st.booleans())
def test_the_ruling_is_antisymmetric(a, b, wind, mark, start):
    """Swapping the boats never gives both, or neither, right of way; only a complete tie goes
    to the first to arrive."""
    if a[0] == b[0]:
        return
    one = ruling(a, b, wind, mark=mark, start=start)
    two = right_of_way(Boat("B", *b), Boat("A", *a), wind, mark=mark, start=start)
    if one.rule_key is Rule.TURN_ORDER:
        assert two.rule_key is Rule.TURN_ORDER and one.winner != two.winner
    else:
        assert (one.winner, one.rule_key) == (two.winner, two.rule_key)
    assert {one.winner, one.keep_clear} == {"A", "B"}


@given(boats, boats, winds, marks, st.booleans(), st.integers(-9, 9), st.integers(-9, 9))
def test_the_ruling_depends_only_on_relative_geometry(a, b, wind, mark, start, dx, dy):
    """Translating every boat and the mark changes nothing."""
    if a[0] == b[0]:
        return

    def shifted(p):
        return None if p is None else (p[0] + dx, p[1] + dy)

    moved = ruling((shifted(a[0]), a[1]), (shifted(b[0]), b[1]), wind, mark=shifted(mark),
                   start=start)
    assert moved == ruling(a, b, wind, mark=mark, start=start)


@given(boats, boats, winds, marks, st.booleans())
def test_the_ruling_turns_with_the_whole_picture(a, b, wind, mark, start):
    """Turning boats, mark and wind together by 90 degrees changes nothing."""
    if a[0] == b[0]:
        return

    def turned(p):
        return None if p is None else (p[1], -p[0])

    again = ruling((turned(a[0]), a[1].rotate(2)), (turned(b[0]), b[1].rotate(2)),
                   wind.rotate(2), mark=turned(mark), start=start)
    assert again == ruling(a, b, wind, mark=mark, start=start)
