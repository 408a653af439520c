"""The RRS on the grid (issue #24): the definitions and the umpire, each rule on a situation
where it decides, the 2025-2028 changes included."""

from __future__ import annotations

from dataclasses import replace

from sailing_kit.core.compass import Direction
from sailing_kit.race.encounter import Mark
from sailing_kit.race.quiz import library
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.rrs import (
    clear_astern,
    fetching,
    first_tack,
    in_zone,
    leeward_boat,
    overlapped,
    rrs_tack,
)
from sailing_kit.race.rrs_umpire import judge
from sailing_kit.race.sailing import Tack
from sailing_kit.race.verdicts import verdicts

N, NE, E, SE, S, SW, W, NW = Direction


def by_id(ident):
    return next(s for s in library() if s.id == ident)


def breaches(ident):
    return [(b.boat, b.rule, b.exonerated) for b in verdicts(by_id(ident)).record.breaches]


def test_clear_astern_and_overlap_on_the_grid():
    ahead = Boat("A", (3, 3), NW)
    assert clear_astern(Boat("B", (4, 2), NW), ahead)  # one diagonal length behind, in line
    assert overlapped(Boat("B", (4, 3), NW), ahead)  # abeam
    reacher = Boat("A", (5, 5), W)
    assert clear_astern(Boat("B", (6, 5), W), reacher)  # one length behind: no contact
    assert overlapped(Boat("B", (4, 4), SW), Boat("L", (5, 3), NW))  # crossing the bow


def test_the_leeward_boat_is_on_the_other_boats_leeward_side():
    port = Tack.PORT
    assert leeward_boat(Boat("A", (5, 5), NE), Boat("B", (6, 4), NE), port, N).name == "B"
    starboard_run = Tack.STARBOARD  # mainsail to port: the leeward side is to the east
    assert leeward_boat(Boat("A", (3, 8), S), Boat("B", (4, 8), S), starboard_run,
                        N).name == "B"


def test_a_boat_running_or_head_to_wind_keeps_her_tack():
    assert rrs_tack(S, N, Tack.PORT) is Tack.PORT and rrs_tack(S, N, Tack.STARBOARD) is \
        Tack.STARBOARD
    assert rrs_tack(N, N, Tack.PORT) is Tack.PORT
    assert rrs_tack(NE, N, Tack.STARBOARD) is Tack.PORT
    assert first_tack(S, N, Tack.PORT) is Tack.PORT and first_tack(S, N, None) is \
        Tack.STARBOARD
    assert first_tack(NE, N, Tack.STARBOARD) is Tack.PORT  # the wind decides off a run


def test_the_zone_is_three_lengths_round_the_mark():
    assert in_zone((5, 5), (5, 2)) and not in_zone((4, 5), (5, 2))
    verdict = verdicts(by_id("zone-of-three-lengths"))
    assert verdict.rrs.mark_room == "A" and verdict.race.mark_room == "no one"


def test_fetching_a_port_hand_mark_on_starboard():
    assert fetching(Boat("S", (8, 5), NW), (5, 6), N, leave_to_port=True)
    assert not fetching(Boat("S", (6, 6), NW), (5, 8), N, leave_to_port=True)
    assert not fetching(Boat("S", (8, 5), W), (5, 6), N, leave_to_port=True)


def test_2025_the_first_boat_to_reach_the_zone_is_entitled_even_from_clear_astern():
    found = verdicts(by_id("first-to-the-zone"))
    moment = found.timeline.moments[4]
    assert clear_astern(moment.boat("A"), moment.boat("B"))
    room = found.record.seen[4].room("B", "A")
    assert room is not None and "18.2(a)(2)" in room.why


def test_opposite_tacks_on_a_beat_get_no_mark_room():
    found = verdicts(by_id("opposite-tacks-on-a-beat"))
    assert found.rrs.mark_room == "no one" and found.rrs.keep_clear == "A"
    assert found.race.mark_room == "A"  # the game's zone counts the inside boat


def test_mark_room_ends_when_the_entitled_boat_passes_head_to_wind():
    found = verdicts(by_id("mark-room-ends-with-a-tack"))
    assert found.record.seen[2].room("B", "A") is not None
    assert found.record.seen[3].room("B", "A") is None


def test_changing_course_without_room_breaks_16_1_and_exonerates_the_other_boat():
    assert breaches("starboard-luffs-no-room") == [("R", "16.1", ""), ("K", "10", "43.1(a)")]
    assert breaches("starboard-luffs-port-keeps-clear") == []
    assert breaches("port-stays-in-the-way") == [("P", "10", "")]


def test_tacking_into_another_boats_way_is_rule_13_and_tacking_in_the_zone_18_3():
    assert breaches("tack-onto-port-in-front") == [("A", "13", "")]
    assert breaches("tacking-in-the-zone") == [("P", "18.3", "")]
    assert breaches("tacking-in-the-zone-not-fetching") == []


def test_rule_17_binds_only_within_two_lengths_and_only_after_the_start():
    assert breaches("luffing-after-overlap-from-astern") == [("A", "17", "")]
    assert breaches("overlap-from-far-astern") == []
    assert breaches("luffing-rights") == []
    luff = by_id("luffing-after-overlap-from-astern")
    before_start = replace(luff, line=((30, 20), (25, 20)), start_move=3)
    assert judge(before_start.play()).breaches == ()


def test_room_to_tack_at_an_obstruction():
    assert breaches("room-to-tack-given") == []
    assert breaches("you-tack") == []
    assert breaches("room-to-tack-ignored") == [("W", "20.2(c)", "")]
    assert breaches("hail-in-open-water") == [("L", "20.1", "")]
    assert breaches("hailer-does-not-tack") == [("L", "20.2(d)", "")]


def test_rule_21_a_boat_returning_to_start_or_taking_a_penalty_keeps_clear():
    over = verdicts(by_id("over-early-sails-back"))
    assert over.rrs.keep_clear == "A" and over.rrs.rule == "21.1"
    assert over.race.penalised == ("B",) and over.rrs.penalised == ()
    spin = verdicts(by_id("spinning-boat-keeps-clear"))
    assert spin.race.penalised == ("C",) and spin.rrs.penalised == ("A",)
    assert ("A", "21.2", "") in breaches("spinning-boat-keeps-clear")


def test_the_penalty_rule_44_asks_for_two_prompt_turns():
    record = verdicts(by_id("penalty-turn-one-or-two")).record
    (penalty,) = record.penalties
    assert penalty.turns == 1 and penalty.prompt and record.penalised == ("A",)
    later = verdicts(by_id("penalty-turn-later")).record
    assert not later.penalties[0].prompt


def test_an_obstruction_or_mark_in_the_way_of_a_trapped_boat():
    """A boat with no way out is not blamed: the right-of-way boat that trapped her is."""
    assert breaches("boxed-in-by-another-boat") == [("R", "16.1", ""), ("K", "10", "43.1(a)")]


def test_marks_are_left_on_their_required_side():
    assert Mark((5, 5)).leave.value == "port"
