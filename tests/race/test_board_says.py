"""The race boards say what they wait for (issue #12.8) and how a race ended (#12.4)."""

import html
import re

from sailing_kit.core.compass import Direction
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Circle, Polygon, Text
from sailing_kit.race import Board, new_drill, new_game
from sailing_kit.race import bots as race_bots
from sailing_kit.race.board import PointsOfSailBoard
from sailing_kit.race.course_drawing import race_view
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.game import Place


def status(board) -> str:
    return html.unescape(re.sub("<[^>]+>", "", board.status.value))


def texts(scene) -> str:
    return " ".join(s.text for s in scene.shapes if isinstance(s, Text))


def three_boats() -> Board:
    return Board(new_game(seed=11, boats=3, course="short"),
                 bots={1: race_bots.make("strong"), 2: race_bots.make("easy")})


def test_before_the_start_the_allowed_placement_points_are_drawn():
    board = three_boats()
    view = race_view(board.state)
    allowed = {p.position for p in board.state.legal_actions()}
    dots = {view.nearest(*s.centre) for s in board.scene().shapes if isinstance(s, Circle)
            and s.style.fill == palette.HIGHLIGHT}
    assert dots == allowed and len(allowed) > 10
    assert "Place boat A: on a blue dot" in texts(board.scene())


def test_the_placement_words_match_the_picture_one_buoy_and_a_committee_boat():
    board = three_boats()
    allowed = {p.position for p in board.state.legal_actions()}
    refused = next(p for p in board.state.area.grid.points()
                   if p not in allowed and p not in board.state.area.marks)
    board.simulate_click(*race_view(board.state).pixel(refused))
    said = status(board)
    assert "the buoy or the committee boat" in said and "two buoys" not in said
    svg = texts(board.scene())
    assert "buoy" in svg and "committee" in svg


def test_hulls_wear_the_players_colours_and_the_tack_is_in_words_and_the_sail():
    board = three_boats()
    for _ in range(3):
        if board.state.placing and board.human_to_act:
            board.play_turn(Place(board.state.legal_actions()[0].position, Direction.NW))
    scene = board.scene()
    hulls = [s for s in scene.shapes if isinstance(s, Polygon) and s.style.stroke == palette.INK
             and s.style.fill in palette.PLAYERS and len(s.points) == 5]
    assert {h.style.fill for h in hulls} == set(palette.PLAYERS[:len(board.state.boats)])
    for boat in board.state.boats:
        assert re.search(rf"{boat.name}.*?(starboard|port) tack|head to wind", texts(scene))
    sails = [s for s in scene.shapes if isinstance(s, Polygon) and s.style.fill == "#ffffff"
             and len(s.points) == 3]
    assert len(sails) == len(board.state.boats)


def test_back_to_the_live_race_is_said_only_after_a_replay():
    board = three_boats()
    board.play_turn(Place(board.state.legal_actions()[0].position, Direction.NW), "Placed.")
    assert "Back to the live race" not in status(board)
    while board.state.placing and board.human_to_act:
        board.play_turn(Place(board.state.legal_actions()[0].position, Direction.NW))
    option = board.options[0]
    board.simulate_click(*option_marker(race_view(board.state), option))
    assert "Back to the live race" not in status(board)
    board.replay.value = 1
    assert "Replay: after move 1" in status(board)
    board.replay.value = board.replay.max
    assert "Back to the live race." in status(board)
    board.simulate_key("u")
    assert "Back to the live race" not in status(board)


def test_the_race_end_says_who_won_and_the_students_place():
    board = three_boats()
    board.bots[0] = race_bots.make("strong")  # let the bots sail the human's boat to the end
    board.advance_bots()
    del board.bots[0]
    assert board.state.is_over()
    words = board.end_words()
    assert words.startswith(f"Race over: {board.state.result.reason}.")
    assert re.search(r"You \(boat A\): (joint )?\d(st|nd|rd) of 3\.", words)
    assert "Race over" in texts(board.scene())


def test_lesson_01_restart_goes_back_to_the_true_start_after_wind_and_boat_buttons():
    board = PointsOfSailBoard(new_drill(seed=0))
    start = (board.state.position, board.state.heading, board.state.wind)
    option = board.options[0]
    board.simulate_click(*option_marker(board.state.grid_view(), option))
    board.simulate_key("d")  # the wind turns
    board.simulate_key("e")  # the boat turns
    assert (board.state.position, board.state.heading, board.state.wind) != start
    restart = next(b for b in board.children[0].children if b.description == "Restart")
    restart.click()
    assert (board.state.position, board.state.heading, board.state.wind) == start
    assert board.state.turns == 0


def test_a_key_for_a_control_that_is_off_says_so_in_words():
    board = PointsOfSailBoard(new_drill(seed=0))
    board.simulate_key("r")
    assert "No roll is due" in status(board) and "Something went wrong" not in status(board)
