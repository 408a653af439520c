"""#23.3 Warn before a foul: the engine says, before a move, whether the umpire would penalise it.

A move that breaks §3.1 (the starting line in the 6th or 7th move) or §3.4 (stopping on another
boat's course point without right of way) is legal, but the opponent may ask for a penalty: the
board warns first; a player who plays it anyway gets exactly that penalty.
"""

from sailing_kit.core import Direction
from sailing_kit.race import Protest, Sail, new_game, new_practice
from sailing_kit.race.course import standard_course
from sailing_kit.race.engagement import Infringement
from sailing_kit.race.foresight import fouls_if, warning
from sailing_kit.race.game import StartFoul
from sailing_kit.testing import fingerprint

N = Direction.N


def test_rule_start_line_touched_in_move_6_is_warned_before_the_move():
    """§3.1: "touch the starting line during the 6th and the 7th move" is forbidden; the end on
    the line is warned, an end beside it is not, and nothing changes by asking."""
    row = standard_course().gate_row
    game = new_game(seed=0, positions=[((7, row - 1), N.rotate(1)), ((1, 0), N.rotate(-1))],
                    yellow=[], blue=[], flags=False, cover=False)
    game.rounds = 5  # the 6th move
    before = fingerprint(game)
    ends = {(o.position, o.heading): fouls_if(game, Sail(o.position, o.heading))
            for o in game.turn_options()}
    assert fingerprint(game) == before
    on_the_line = ends[((8, row), Direction.NE)]
    assert [type(i) for i in on_the_line] == [StartFoul]
    assert "touched the starting line in the 6th or 7th move" in on_the_line[0].reason
    assert "§3.1" in warning(on_the_line)
    clean = [end for end, found in ends.items() if not found and end[0][1] != row]
    assert clean, "some ends off the line are clean"
    game.apply(Sail((8, row), Direction.NE))  # played anyway: B may claim the penalty
    game.apply(Protest("A"))
    assert game.umpire.owes("A") == 1


def test_rule_stopping_on_a_course_point_without_right_of_way_is_warned():
    """§3.4: A, close-hauled on port ahead of B, bears away and stays on B's course point: B, to
    leeward, has right of way, so A infringes B; A's tack onto starboard frees it (lesson 02)."""
    game = new_practice(seed=0, boats=[("A", (3, 3), "NE"), ("B", (2, 2), "NE")])
    warned = {o.describe(): fouls_if(game, Sail(o.position, o.heading))
              for o in game.turn_options()}
    infringing = [words for words, found in warned.items() if found]
    assert infringing and len(infringing) < len(warned)
    for words in infringing:
        incident = warned[words][0]
        assert isinstance(incident, Infringement) and incident.wronged == "B"
        assert "right of way" in warning(warned[words])
    option = next(o for o in game.turn_options() if warned[o.describe()])
    game.apply(Sail(option.position, option.heading))
    assert [(i.offender, i.wronged) for i in game.umpire.open] == [("A", "B")]


def test_a_refused_move_and_a_placement_are_no_foul():
    game = new_game(seed=0, boats=2)
    assert fouls_if(game, game.legal_actions()[0]) == ()  # placing: no umpire yet
    race = new_practice(seed=0)
    assert fouls_if(race, Sail((0, 0), N)) == ()  # refused by §2: the engine says why
