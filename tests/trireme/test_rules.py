"""One test (or more) per rule of the French text (001), quoting it, then the decisions of
../shared/rules-decisions.md (section trireme) and the kit's own choices (docs/rules-trireme.md).

Positions are reached by playing: the lane map (tests/trireme/helpers.py) and a die set by hand."""

from fractions import Fraction

import pytest

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ActionError
from sailing_kit.core.grid import step
from sailing_kit.core.protocol import CHANCE
from sailing_kit.testing import fingerprint
from sailing_kit.trireme import Die, Sail, Steer, load_map, new_game, parse_map
from sailing_kit.trireme.rules import (
    CURRENT,
    Effect,
    Ending,
    Phase,
    effect_of,
    roll_effects,
    roll_result,
    sail,
    squares_allowed,
)
from tests.trireme.helpers import LANE, WINNING_ROUTE, lane, play_turn

SEA = parse_map(LANE)


def refused(state, action, words):
    """Assert ``action`` is refused with ``words`` in the message and changes nothing."""
    before = fingerprint(state)
    with pytest.raises(ActionError, match=words):
        state.apply(action)
    assert fingerprint(state) == before


# ----- the trireme ------------------------------------------------------------------------------

def test_the_trireme_advances_one_square_a_turn_along_its_dotted_line():
    """'Ce navire avance d'une case à chaque tour, le long de la ligne pointillés indiquée sur la
    carte' and 'a) La trière avance d'une case le long de sa ligne.'"""
    state = lane()
    assert state.trireme_square == SEA.path[1]
    for turn in range(2, 6):
        play_turn(state, "NE", 4)  # straight into the wind: the sailboat stays
        assert (state.turn, state.trireme_square) == (turn, SEA.path[turn])


def test_the_trireme_waits_while_you_are_on_its_destination_square():
    """'… aussi longtemps que vous n'êtes pas déjà sur sa case de destination.'"""
    state = lane()
    play_turn(state, "NW", 3, squares=2)  # (3, 0) -> (2, 1) -> (1, 2): the trireme's next square
    assert state.boat == SEA.path[2] and state.trireme_square == SEA.path[1]
    assert "the trireme waits" in state.news[-1]
    play_turn(state, "NE", 4)  # into the wind: still there, the trireme still waits
    assert state.trireme_square == SEA.path[1]
    play_turn(state, "E", 3)  # 45° off the wind: one square east, off its line
    assert state.boat == (2, 2) and state.trireme_square == SEA.path[2]


def test_the_trireme_moves_first_so_it_wins_a_tie():
    """Decisions: 'The trireme moves first each turn, so it wins a tie.' The sailboat rounds the
    rocks and waits one square from the line; the trireme's last step comes before its move."""
    state = lane()
    for heading, face, squares in WINNING_ROUTE[:-1]:
        play_turn(state, heading, face, squares)
    play_turn(state, "SW", 3, squares=1)
    assert state.boat == (3, 1) and state.progress == 1
    while state.squares_to_go > 1:
        play_turn(state, "NE", 4)  # wait, head to wind
    assert sail(SEA, state.boat, Direction.S, 1, 1, state.trireme_square).ending is Ending.WON
    play_turn(state, "NE", 4)
    assert state.is_over() and state.result.winners == ()
    assert state.result.cause == "the trireme crossed the start line first"
    assert state.legal_actions() == [] and state.boat == (3, 1)


# ----- sailing by the wind --------------------------------------------------------------------

@pytest.mark.parametrize("heading, wind", [("N", "NW"), ("W", "NW"), ("SE", "S"), ("SW", "S")])
def test_at_45_degrees_to_the_wind_you_sail_exactly_one_square(heading, wind):
    """'Si vous naviguez à 45° du vent (par exemple navigation nord ou ouest si le vent est au
    nord-ouest ; ou navigation sud-est ou sud-ouest si le vent est sud), vous avancez d'une case
    dans cette direction.'"""
    assert squares_allowed(Direction[heading], Direction[wind]) == (1,)


def test_at_45_degrees_the_move_is_made_for_you():
    state = lane()  # wind from NE
    play_turn(state, "N", 4)
    assert state.boat == (3, 1) and state.phase is Phase.STEER


@pytest.mark.parametrize("heading", ["W", "SW", "S", "SE", "E"])
def test_at_any_other_angle_you_may_sail_one_or_two_squares(heading):
    """'Si vous vous dirigez selon un autre angle, vous pouvez (mais sans y être obligé) avancer
    de deux cases en ligne droite. Ainsi, lorsque le vent souffle du nord, vous pouvez avancer de
    deux cases vers l'ouest, le sud-ouest, le sud, le sud-est ou l'est.'"""
    assert squares_allowed(Direction[heading], Direction.N) == (1, 2)


@pytest.mark.parametrize("squares, end", [(1, (2, 1)), (2, (1, 2))])
def test_you_choose_one_or_two_squares_after_the_roll(squares, end):
    state = lane()
    state.apply("NW")
    state.apply(3)
    assert state.phase is Phase.SAIL and state.legal_actions() == [Sail(1), Sail(2)]
    refused(state, Sail(3), "you may sail 1 or 2 squares")
    state.apply(squares)
    assert state.boat == end


def test_you_cannot_sail_against_the_wind():
    """'vous ne pouvez évidemment pas marcher contre lui': head to wind, the boat stays."""
    assert squares_allowed(Direction.NE, Direction.NE) == (0,)
    state = lane()
    play_turn(state, "NE", 5)
    assert state.boat == (3, 0) and "straight into the wind" in state.news[1]


def test_you_move_as_far_as_the_new_wind_allows():
    """'c) Vous vous déplacez du nombre de cases indiqué par la nouvelle direction du vent.'"""
    state = lane()  # NE: heading N is 45° off, one square
    state.apply("N")
    state.apply(6)  # veers to E: heading N is now 90° off, one or two squares
    assert state.wind == Direction.E and state.phase is Phase.SAIL
    state.apply(2)
    assert state.boat == (3, 2)
    state = lane(wind="N")  # heading NE is 45° off a north wind...
    play_turn(state, "NE", 6)  # ...but the wind veers to NE: head to wind, no move
    assert state.boat == (3, 0)


# ----- the die and the Honour points ------------------------------------------------------------

@pytest.mark.parametrize("face, effect, wind", [
    (1, Effect.CURRENT, Direction.NE), (2, Effect.BACKS, Direction.N),
    (3, Effect.HOLDS, Direction.NE), (4, Effect.HOLDS, Direction.NE),
    (5, Effect.HOLDS, Direction.NE), (6, Effect.VEERS, Direction.E)])
def test_the_die_sets_the_wind(face, effect, wind):
    """'1 : peu de vent, le courant vous entraîne d'une case à l'ouest ; 2 : le vent tourne de
    45° dans le sens inverse des aiguilles d'une montre ; 3, 4, 5 : pas de changement dans la
    direction du vent ; 6 : le vent tourne de 45° dans le sens des aiguilles d'une montre.'
    (A wind is named by where it blows from; decisions: on a 1 the wind does not change.)"""
    assert effect_of(face) is effect
    state = lane()  # the wind blows from NE
    state.apply("E")
    state.apply(face)
    assert state.wind == wind


def test_on_a_1_the_current_carries_you_one_square_west_whatever_your_heading():
    """'1 : peu de vent, le courant vous entraîne d'une case à l'ouest' (decisions: 'whatever its
    heading; the wind does not change')."""
    state = lane()
    play_turn(state, "E", 1)
    assert state.boat == (2, 0) and state.wind == Direction.NE
    assert "The current carries you 1 square west to (2, 0)." in state.news


def test_an_honour_point_adds_one_to_the_roll_and_seven_counts_as_six():
    """'vous pouvez choisir de perdre 1 point d'Honneur ce qui vous oblige alors à ajouter 1 au
    résultat du dé. Si vous faites 7 (6 + 1), le résultat est alors 6.'"""
    assert [roll_result(face, True) for face in range(1, 7)] == [2, 3, 4, 5, 6, 6]
    assert dict(roll_effects(True)) == {Effect.BACKS: Fraction(1, 6), Effect.HOLDS: Fraction(1, 2),
                                        Effect.VEERS: Fraction(1, 3)}
    state = lane()
    state.apply("E honour")
    assert state.honour == 2
    state.apply(1)  # 1 + 1 = 2: the wind backs, no current
    assert state.wind == Direction.N and "The die shows 1 + 1 Honour = 2" in state.news[0]
    state = lane()
    state.apply({"heading": "E", "honour": True})
    state.apply(6)  # 6 + 1 = 7, counted as 6: the wind veers once
    assert state.wind == Direction.E


def test_honour_points_start_at_three_and_can_run_out():
    """Decisions: 'Honour points: default 3 at the start'. Spending one you do not have is refused."""
    state = lane()
    assert state.honour == 3
    for _ in range(3):
        play_turn(state, "NE", 4, honour=True)
    assert state.honour == 0
    assert all(not action.honour for action in state.legal_actions())
    refused(state, Steer(Direction.N, True), "you have no Honour points left")
    assert lane(honour=0).honour == 0


def test_the_honour_point_is_spent_before_the_roll():
    """'Si vous le désirez, et avant de lancer le dé, vous pouvez choisir de perdre 1 point
    d'Honneur': once the heading is set and the die is rolling, no more choices."""
    state = lane()
    state.apply("N")
    assert state.current_player == CHANCE
    refused(state, Steer(Direction.N, True), "roll the die now")


# ----- the turn's order -------------------------------------------------------------------------

def test_each_turn_goes_trireme_then_heading_then_die_then_move():
    """'Chaque tour se déroule de cette façon : a) La trière avance … b) Vous choisissez votre cap
    puis vous lancez un dé … c) Vous vous déplacez …'"""
    state = lane()
    assert state.trireme_square == SEA.path[1] and state.phase is Phase.STEER  # a) done
    refused(state, Die(3), "choose your heading before rolling")
    refused(state, Sail(1), "only after the roll")
    state.apply("NW")  # b) the heading
    assert state.phase is Phase.ROLL and state.chance_outcomes() == [
        (Die(face), Fraction(1, 6)) for face in range(1, 7)]
    state.apply(3)  # b) the die
    refused(state, Steer(Direction.N), "the die is rolled")
    state.apply(1)  # c) the move, then a) of the next turn
    assert state.boat == (2, 1) and state.trireme_square == SEA.path[2] and state.turn == 2


def test_at_the_start_the_wind_blows_from_the_north_east():
    """'Enfin, au départ, le vent souffle du nord-est.'"""
    assert new_game(seed=0).wind == Direction.NE and lane().wind == Direction.NE


# ----- the other boat ------------------------------------------------------------------------------

def test_you_stop_before_the_trireme_square():
    """'vous ne pouvez pas aller, ni vous trouver, sur la même case que l'autre bateau';
    decisions: 'A move may not end on, or pass through, the trireme's square: the boat stops
    before it.'"""
    trireme = (1, 2)
    two = sail(SEA, (3, 0), Direction.NW, 2, 0, trireme)
    assert two.end == (2, 1) and two.stopped_by_trireme
    through = sail(SEA, (2, 1), Direction.NW, 2, 0, trireme)
    assert through.end == (2, 1) and through.entered == ()


def test_the_current_cannot_push_you_onto_the_trireme():
    state = lane()
    play_turn(state, "NW", 3, squares=1)  # (2, 1), the trireme moves on to (1, 2)
    play_turn(state, "S", 3, squares=1)  # (2, 0); the trireme to (1, 3)
    assert state.boat == (2, 0)
    passage = sail(SEA, (2, 2), Direction.W, 1, 0, (1, 2))
    assert passage.end == (2, 2) and passage.stopped_by_trireme


def test_you_may_steer_straight_at_the_trireme_next_to_you_and_stop_before_it():
    """'Vous choisissez votre cap' sets no limit; decisions: 'Any heading may be chosen, the one
    straight at the trireme included (the boat then stays where it is, unless the current
    carries it west)'. On the trireme's next square that keeps the trireme waiting too."""
    state = lane()
    play_turn(state, "NW", 3, squares=2)  # on the trireme's next square, the trireme at (1, 1)
    assert state.allowed_headings() == list(Direction)
    assert Steer(Direction.S) in state.legal_actions()
    play_turn(state, "S", 3, squares=2)  # S is 135° off the NE wind: it stops at once
    assert state.boat == (1, 2) and state.trireme_square == (1, 1)  # the trireme waits again
    assert "The trireme is in the way: you stay at (1, 2)." in state.news
    play_turn(state, "S", 1)  # a 1: the current still carries the boat west
    assert state.boat == (0, 2) and state.trireme_square == (1, 2)


def test_where_the_trireme_lies_west_not_even_the_current_moves_you():
    """Steering at the trireme 'could only keep the boat where it is' is false in general: on 20
    of the default map's 22 waiting squares a 1's current still carries the boat west (two of
    them onto a reef or a rock); only on the two where the trireme lies due west does the boat
    stay."""
    sea = load_map("default")
    stays = []
    for k in range(len(sea.path) - 1):
        trireme, waiting = sea.path[k], sea.path[k + 1]
        drift = sail(sea, waiting, CURRENT, 1, 0, trireme)
        if drift.end == waiting and drift.ending is None:
            stays.append(waiting)
            assert step(waiting, Direction.W) == trireme and drift.stopped_by_trireme
    assert len(sea.path) - 1 == 22 and stays == [(6, 10), (7, 10)]


def test_steering_at_the_trireme_is_refused_with_the_option_off():
    """The option ``steer_at_trireme=False`` keeps the kit's former refusal of the heading
    straight at the trireme on the next square."""
    state = lane(steer_at_trireme=False)
    play_turn(state, "NW", 3, squares=2)  # on the trireme's next square, the trireme at (1, 1)
    refused(state, "S", "the trireme is on the next square S of you.*steer_at_trireme=False")
    assert Steer(Direction.S) not in state.legal_actions()
    assert Steer(Direction.SW) in state.legal_actions()
    assert len(state.allowed_headings()) == 7


def test_the_two_boats_never_share_a_square():
    for seed in range(40):
        state = lane(seed)
        while not state.is_over():
            assert state.boat != state.trireme_square
            if state.current_player == CHANCE:
                state.sample_chance()
            else:
                state.apply(state.legal_actions()[seed % len(state.legal_actions())])


# ----- rocks, reefs and the edge --------------------------------------------------------------------

REEFS = parse_map(LANE.replace(".......\n.T=S=..", "..*.*..\n.T=S=..")
                  .replace(".......\n..*.*..", "...*...\n..*.*.."))
"""The lane with reefs at (3, 2), (2, 1) and (4, 1)."""


def test_you_may_pass_either_side_of_the_white_reefs_but_not_through():
    """'Vous pouvez passer de n'importe quel côté des récifs blancs mais pas à travers.'"""
    between = sail(REEFS, (3, 0), Direction.N, 1, 0, None)
    assert between.ending is None and between.end == (3, 1)
    beside = sail(REEFS, (5, 0), Direction.N, 2, 0, None)
    assert beside.ending is None and beside.end == (5, 2)
    onto = sail(REEFS, (4, 0), Direction.N, 1, 0, None)
    assert onto.ending is Ending.CRASHED and (onto.hazard, onto.crash_at) == ("the white reefs",
                                                                               (4, 1))


def test_a_diagonal_between_two_reefs_touching_at_a_corner_goes_through_them():
    """'… mais pas à travers': from (3, 1) to (2, 2) passes between the reefs (2, 1) and (3, 2),
    which touch at a corner (the kit's choice, docs/rules-trireme.md)."""
    squeeze = sail(REEFS, (3, 1), Direction.NW, 1, 0, None)
    assert squeeze.ending is Ending.CRASHED and "touch at a corner" in squeeze.hazard
    beside_one = sail(REEFS, (5, 1), Direction.NW, 1, 0, None)  # past the corner of (4, 1) alone
    assert beside_one.ending is None and beside_one.end == (4, 2)


def test_crashing_on_the_rocks_ends_the_game():
    """'Si vous vous écrasez contre les rochers ou les récifs' (the third ending); decisions: 'A move
    that would enter a rock or reef square, or leave the map, is a crash.'"""
    state = lane()
    for heading, face, squares in WINNING_ROUTE[:6]:
        play_turn(state, heading, face, squares)
    assert state.boat == (2, 6)
    play_turn(state, "E", 3)  # 45° off the NE wind: one square east, onto the rock at (3, 6)
    assert state.is_over() and state.ending[0] is Ending.CRASHED
    assert state.result.cause == "you crashed on the black rocks at (3, 6)"
    assert state.result.winners == () and state.boat == (2, 6)


def test_leaving_the_map_is_a_crash():
    state = lane(wind="N")
    state.apply("S")
    state.apply(4)
    state.apply(1)
    assert state.result.cause == "you crashed: your course left the map at (3, -1)"


# ----- winning ---------------------------------------------------------------------------------------

def test_you_win_crossing_the_start_line_first_having_rounded_the_black_rocks_by_the_right():
    """'Le gagnant est celui dont le bateau a franchi le premier la ligne de départ, ayant fait le
    tour des roches noires par la droite.'"""
    state = lane()
    for heading, face, squares in WINNING_ROUTE:
        play_turn(state, heading, face, squares)
    assert state.result.winners == (0,) and state.result.scores == (1.0,)
    assert state.result.cause == ("you crossed the start line first, having rounded the black "
                                   "rocks by the right")
    assert state.boat == (4, 0) and state.squares_to_go > 0


def test_the_start_line_wins_nothing_before_the_rocks_are_rounded():
    state = lane()
    play_turn(state, "E", 6)  # the wind veers to E: head to wind
    state = lane(wind="N")
    state.apply("E")
    state.apply(3)
    state.apply(1)  # along the line to (4, 0)
    assert state.boat == (4, 0) and not state.is_over()


def test_rounding_the_rocks_anticlockwise_does_not_count():
    """'par la droite' is clockwise (keeping the rocks on your right): crossing the rounding line
    east to west counts -1, and a second crossing back does not make a lap."""
    line = SEA.rounding
    assert line.advance(0, (3, 7), (2, 7)) == -1
    assert line.advance(-1, (2, 7), (3, 7)) == 0
    assert line.advance(0, (2, 7), (3, 7)) == 1
    assert line.advance(1, (2, 7), (3, 8)) == 1  # a second lap adds nothing
    assert line.crossing((2, 5), (3, 4)) == 0  # below the rounding line: through the rocks' row
    passage = sail(SEA, (5, 1), Direction.S, 1, 0, None)
    assert passage.end == (5, 0) and passage.ending is None
