"""How the race umpire judges the end of every turn (§3.1, §3.4, §3.6, §3.7 and the amended
rules-decisions), each test on the example of issue 13 that showed the kit judging otherwise."""

import pytest

from sailing_kit.core import Direction
from sailing_kit.race import Protest, Rule, Sail, Spin, Umpire, Wait, new_practice
from sailing_kit.race.game import START_MOVES
from tests.race.helpers import calm_race, offences


def practice(*boats, marks=(), to_play="A"):
    """Open water, boats named A, B... in turn order; ``to_play`` moves first."""
    game = new_practice(seed=0, boats=boats, marks=marks, finish_row=None)
    game.turn = game.names.index(to_play)
    return game


# ----- §3.4: a free point is judged by the contest as it stood before the move -------------------
FREE_POINTS = {
    # name: boats, marks, the point, the boat entitled, its turn there, the other's turn there
    "fig. 10": ([("A", (2, 0), "NE"), ("B", (2, 1), "E")], (), "A",
                ((3, 1), "NE"), ((3, 1), "NE")),
    "leeward before speed": ([("A", (2, 1), "NW"), ("B", (2, 2), "W")], (), "A",
                             ((1, 2), "NW"), ((1, 2), "NW")),
    "fig. 13 outside the zone": ([("A", (6, 3), "NW"), ("B", (6, 4), "W")], ((1, 9),), "A",
                                 ((5, 4), "NW"), ((5, 4), "NW")),
    "fig. 13 inside the zone": ([("A", (6, 3), "NW"), ("B", (6, 4), "W")], ((5, 5),), "B",
                                ((5, 4), "NW"), ((5, 4), "NW")),
}


@pytest.mark.parametrize("case", FREE_POINTS)
def test_rule_the_boat_entitled_to_a_free_point_may_take_it(case):
    """§3.4, fig. 9-11 and 13; rules-decisions: "for a point that X entered this turn (a free
    point): by the contest as it stood before X moved ... so the boat entitled to a free point may
    take it". Issue 13, point 4: in fig. 10 A took (3, 1), the point due to A, and was penalised
    for being slower on B's wind line; in fig. 13 inside the zone B moved to (5, 4), luffed to
    NW and was penalised as "engaged from astern"."""
    boats, marks, entitled, takes, other_takes = FREE_POINTS[case]
    other = next(name for name, *_ in boats if name != entitled)
    game = practice(*boats, marks=marks, to_play=entitled)
    game.apply(Sail(*takes))
    assert offences(game) == set()
    game = practice(*boats, marks=marks, to_play=other)
    game.apply(Sail(*other_takes))
    assert offences(game) == {(other, entitled)}


def test_rule_a_point_stood_on_is_judged_as_the_boats_now_stand():
    """rules-decisions: "for a point X already stood on (it manoeuvred on the spot ...): by the
    boats as they now stand" (fig. 2: A bears away on B's course point)."""
    game = practice(("A", (3, 3), "NW"), ("B", (4, 2), "NW"))
    game.apply(Sail((3, 3), Direction.W))
    assert offences(game) == {("A", "B")}


# ----- §3.7: the finishing turn is judged, and a finish by infringing waits for the claim ---------
def finish_duel(**options):
    """Issue 13, point 5: the short course's finish leg; A at (6, 4) heading S, B at (5, 4) SE
    sails onto (6, 3), on the line and on A's course point."""
    game = calm_race([((6, 4), "S"), ((5, 4), "SE")], course="short", **options)
    game.legs = (2, 2)
    game.turn = 1
    game.apply(Sail((6, 3), Direction.SE))
    return game


def test_rule_the_finishing_turn_is_judged():
    """§3.7: "up to and including the finish line, the tack and leeward rules apply"; rules-
    decisions: X infringes Y at the end of "a turn that ends in a finish". B (port) took the
    course point of A (starboard) on the line: the umpire sees it and the finish does not stand
    while A may still claim."""
    game = finish_duel()
    assert offences(game) == {("B", "A")}
    assert "B" in game.finished and not game.is_over()
    assert "finish stands only if no penalty is claimed" in game.log[-1]


def test_rule_a_finish_by_infringing_stands_only_once_the_penalty_is_served():
    """§3.7 and rules-decisions ("A boat with a penalty still owed cannot finish"): A protests,
    B's finish is void; B must serve its penalty and touch the line again."""
    game = finish_duel()
    game.apply(Protest("B"))
    assert game.finished == () and game.umpire.owes("B") == 1 and not game.is_over()
    assert "B's finish does not stand" in game.log[-1]


def test_an_unclaimed_finish_stands_once_the_claim_lapses():
    """§3.4: the wronged boat claims until the end of its next turn; then B's finish stands."""
    game = finish_duel()
    game.apply(Sail((6, 4), Direction.SW))  # A sails on without protesting
    assert game.is_over() and game.result.winners == (1,)


def test_with_the_umpire_option_the_infringing_finish_is_void_at_once():
    game = finish_duel(umpire=True)
    assert game.finished == () and game.umpire.owes("B") == 1 and not game.is_over()


# ----- §3.7: on the finish approach the tack and leeward rules apply, not the zone ---------------
def test_rule_on_the_finish_approach_the_tack_rule_applies_not_the_zone():
    """§3.7: "IMPORTANT: up to and including the finish line, the tack and leeward rules
    apply"; rules-decisions: the zone gives no rights "on the finish approach". Issue 13,
    point 6: on the last leg B (port), inside at the buoy, takes A's (starboard) course point."""
    game = calm_race([((5, 5), "S"), ((4, 5), "SE")], course="short")
    game.legs = (2, 2)  # the finish leg
    game.turn = 1
    game.apply(Sail((5, 4), Direction.SE))
    assert offences(game) == {("B", "A")}
    assert game.umpire.open[0].ruling.rule_key is Rule.STARBOARD


def test_rounding_the_gate_the_inside_boat_has_right_of_way():
    """§3.6: the same position on a downwind leg that rounds the gate: the zone counts."""
    game = calm_race([((7, 5), "S"), ((6, 5), "SE")])
    game.legs = (2, 2)  # the first downwind leg of the full course
    game.turn = 1
    game.apply(Sail((7, 4), Direction.SE))
    assert offences(game) == set()


# ----- §3.6: no inside rights at the start ----------------------------------------------------------
def barging(legs):
    """Issue 13, point 7: at the committee boat (9, 3) of the full course, from the 8th move, A
    inside (9, 2) heading W takes the course point (8, 2) of B, to leeward at (9, 1) NW, and
    bears away there to SW."""
    game = calm_race([((9, 2), "W"), ((9, 1), "NW")], start_procedure=True)
    game.rounds, game.legs = START_MOVES, legs
    game.apply(Sail((8, 2), Direction.SW))
    return game


def test_rule_no_inside_rights_before_both_boats_have_started():
    """§3.6: "At the start, the inside position at the buoy does not determine right of way";
    rules-decisions: no zone "until both boats have crossed the starting line". At the 8th move
    neither has started: the ladder decides and A, to windward, infringes B."""
    game = barging((0, 0))
    assert not game.in_start_procedure
    assert offences(game) == {("A", "B")}


def test_once_started_and_rounding_the_gate_the_inside_boat_counts():
    """§3.6: the same position between boats rounding the gate on a downwind leg."""
    game = barging((2, 2))
    assert offences(game) == set()


# ----- a penalty-spin turn is judged like any other turn --------------------------------------------
def test_rule_a_penalty_spin_turn_is_judged():
    """rules-decisions: X infringes Y at the end of "a penalty-spin turn" too (issue 13, point 8):
    A, serving its penalty, ends a spin on B's course point without right of way."""
    game = calm_race([((5, 10), "E"), ((7, 8), "NW")])
    game.umpire = Umpire(owed=(("A", 1),))
    game.apply(Spin(True))  # declared: B is 2 away; A now heads S
    game.apply(Sail((6, 9), Direction.NW))  # B closes in: its next movement leads onto A
    game.apply(Spin(True))  # A heads W: starboard like B, and B is to leeward
    assert offences(game) == {("A", "B")}


# ----- §3.4: the lull exemption is for the boat ahead forced onto the lull --------------------------
def test_rule_a_boat_that_chooses_a_yellow_token_is_judged_like_any_other():
    """§3.4 (issue 13, point 9): A (port) stops on the yellow token at (6, 11), the free point B
    (starboard) is entitled to: nothing forced A there, so A infringes B."""
    game = calm_race([((5, 10), "NE"), ((7, 10), "NW")], yellow=[(6, 11)])
    game.apply(Sail((6, 11), Direction.NE))
    assert "A" in game.becalmed and offences(game) == {("A", "B")}


def test_rule_the_boat_ahead_forced_onto_a_lull_cannot_incur_a_penalty():
    """§3.4: "if the boat ahead meets a yellow token on its course, it is forced to take the wind
    lull, but at that point it cannot incur a penalty": A, engaged from astern by B, must sail
    on and meets the lull on C's course point."""
    game = calm_race([((5, 10), "NE"), ((4, 9), "NE"), ((7, 10), "NW")], yellow=[(6, 11)])
    game.apply(Sail((6, 11), Direction.NE))
    assert "A" in game.becalmed and offences(game) == set()


def test_rule_standing_becalmed_is_no_infringement():
    """§3.4 (scenario 32): the boat ahead becalmed on B's course point stands still without
    penalty."""
    game = calm_race([((3, 10), "NW"), ((4, 9), "NW")])
    game.becalmed = ("A",)
    game.apply(Wait())
    assert offences(game) == set()


# ----- §3.1: standing on the line in moves 6 and 7 ---------------------------------------------------
def test_rule_standing_on_the_line_in_move_6_is_a_foul():
    """§3.1: during the start it is forbidden to "touch the starting line during the 6th and the
    7th move" (issue 13, point 10): A reached the line in move 5 and only tacks on it in move 6."""
    game = calm_race([((6, 2), "NE"), ((1, 0), "NW")], start_procedure=True)
    game.rounds = 4
    game.apply(Sail((7, 3), Direction.NE))  # move 5: allowed
    assert offences(game) == set()
    game.apply(Sail((1, 0), Direction.NE))
    assert game.move_number == 6
    game.apply(Sail((7, 3), Direction.NW))  # move 6: tacks on the line
    (foul,) = game.umpire.open
    assert foul.offender == "A" and "touched the starting line" in foul.reason
