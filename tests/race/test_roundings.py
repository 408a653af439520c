"""Rounding the marks (§1 and rules-decisions): judged from the track kept across turns, so a
wrong-way crossing must be undone; the gate rounded through its line; the bots sail real
roundings."""

import pytest

from sailing_kit.core import CHANCE, Direction
from sailing_kit.core.bots import advance
from sailing_kit.race import Sail, new_game
from sailing_kit.race import bots as race_bots
from sailing_kit.race.course import standard_course
from sailing_kit.race.legs import follow
from tests.race.helpers import calm_race

SHORT = standard_course("short")
FULL = standard_course("full")


def sail(game, *ends, other=((1, 1), "NE")):
    """A sails to each end in turn; B, close-hauled at ``other``, tacks on the spot meanwhile."""
    tack = {"NE": "NW", "NW": "NE"}
    position, heading = other
    for end in ends:
        game.apply(Sail(end[0], Direction.parse(end[1])))
        heading = tack[heading]
        game.apply(Sail(position, Direction.parse(heading)))


def test_rule_a_wrong_way_crossing_must_be_undone():
    """§1: "The windward mark is rounded by turning around it clockwise"; rules-decisions: the
    track is "kept across turns ... a wrong-way crossing must first be undone". Issue 13, point 1:
    A at (7, 14) heading W crosses above the mark (5, 13) the wrong way (E to W), turns round on
    the spot and sails back to (5, 14): that is no rounding."""
    assert SHORT.windward == ((5, 13),)
    game = calm_race([((7, 14), "W"), ((1, 1), "NE")], course="short")
    game.legs = (1, 1)
    sail(game, ((5, 14), "W"), ((3, 14), "W"))
    assert game.windings[0] == (-1,)
    sail(game, ((3, 14), "E"), ((5, 14), "E"))
    assert game.legs[0] == 1 and game.windings[0] == (0,)
    assert not any("rounds" in line for line in game.log)


def test_rule_the_same_turn_rounds_the_mark_from_the_approach_side():
    """§1: coming from the west, the turn from (3, 14) to (5, 14) heading E is a rounding."""
    game = calm_race([((3, 14), "E"), ((1, 1), "NE")], course="short")
    game.legs = (1, 1)
    sail(game, ((5, 14), "E"))
    assert game.legs[0] == 2
    assert any("A rounds: round the mark at (5, 13) clockwise" in line for line in game.log)


def test_rule_after_undoing_the_crossing_going_round_counts():
    """§1: the wrong way undone, the boat rounds by going back round the course side of the mark
    and over the top from the west."""
    wrong_and_back = [(7, 14), (6, 14), (5, 14), (4, 14), (3, 14), (4, 14), (5, 14)]
    round_again = [(6, 14), (6, 13), (6, 12), (5, 12), (4, 12), (4, 13), (4, 14), (5, 14)]
    assert follow(SHORT, SHORT.legs(), 1, (), wrong_and_back, started=True).leg == 1
    progress = follow(SHORT, SHORT.legs(), 1, (), wrong_and_back + round_again, started=True)
    assert progress.leg == 2 and progress.done == (("up", "rounds: round the mark at (5, 13) "
                                                    "clockwise"),)


def test_rule_the_gate_is_rounded_through_its_line():
    """§1: the gate "is rounded by turning clockwise around the buoy or anticlockwise around the
    committee boat, thus crossing the finish line"; rules-decisions: "The gate is rounded by
    crossing its line between the buoy and the committee boat". Issue 13, point 2: coming down
    east of the committee boat (9, 3) and sailing west under both marks is no rounding."""
    game = calm_race([((10, 5), "S"), ((1, 20), "NE")])
    game.legs = (2, 2)
    sail(game, ((10, 4), "S"), ((10, 3), "S"), ((10, 2), "S"), ((10, 2), "W"), ((8, 2), "W"),
         ((6, 2), "W"), ((4, 2), "W"), ((4, 2), "NW"), ((3, 3), "NW"), ((2, 4), "NW"),
         other=((1, 20), "NE"))
    assert game.legs[0] == 2 and not any("rounds" in line for line in game.log)


def test_rule_through_the_gate_and_round_the_buoy_counts():
    game = calm_race([((7, 5), "S"), ((1, 20), "NE")])
    game.legs = (2, 2)
    sail(game, ((7, 4), "S"), ((7, 3), "S"), ((7, 2), "S"), other=((1, 20), "NE"))
    assert game.legs[0] == 3 and any("A rounds: go through the gate" in line for line in game.log)


def test_a_gate_passage_the_wrong_way_must_be_undone_too():
    """rules-decisions: up through the gate on a downwind leg counts against."""
    track = [(7, 1), (7, 2), (7, 3), (7, 4), (7, 3), (7, 2)]
    progress = follow(FULL, FULL.legs(), 2, (), track, started=True)
    assert progress.leg == 2 and progress.winding == (0,)


def real_roundings(game, bots):
    """Play to the end; after every move no boat may have a wrong-way crossing to undo."""
    while not game.is_over():
        advance(game, bots, max_steps=1)
        assert all(total >= 0 for winding in game.windings for total in winding), game.log[-3:]
    return game


@pytest.mark.parametrize("options", [
    dict(boats=2, course="short", seed=0), dict(boats=2, course="short", seed=1),
    dict(boats=3, course="short", seed=2), dict(boats=2, course="full", seed=3),
    dict(boats=2, course="full", variant="two_windward", seed=4),
    dict(boats=2, course="full", variant="triangle", seed=5),
])
def test_the_bots_sail_real_roundings(options):
    """Issue 13, point 1: the bots must sail real roundings (before, about one windward
    rounding in five was a wrong-way crossing that the kit credited). Strong and easy bots
    finish every race, never crossing a mark's ray or the gate's line the wrong way."""
    game = new_game(**options)
    bots = {seat: race_bots.make("strong" if seat % 2 else "easy") for seat in range(options["boats"])}
    real_roundings(game, bots)
    assert game.result.winners and game.current_player is None
    winner = game.result.winners[0]
    assert game.legs[winner] == len(game.course_legs) - 1
    assert sum(f"{game.names[winner]} rounds" in line for line in game.log) == \
        len(game.course_legs) - 2
    assert CHANCE not in {game.current_player}
