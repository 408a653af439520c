"""#23.9 Several people at one screen: Undo takes back only the moves of the player who made
them (anyone else's press asks that player to press again), and "(you)" marks the right seat:
the one at the screen, nobody while the screen is passed."""

from sailing_kit.calm import Board as CalmBoard
from sailing_kit.calm import new_game as new_calm
from sailing_kit.regatta import Board as RegattaBoard
from sailing_kit.regatta import new_game as new_regatta
from sailing_kit.yacht.board import Board as YachtBoard
from sailing_kit.yacht.game import new_game as new_yacht
from tests.browser.boards import status_text


def _you(scene):
    return [shape.text for shape in scene.shapes if "(you)" in getattr(shape, "text", "")]


def test_player_2_cannot_take_back_player_1s_move_alone():
    board = YachtBoard(new_yacht(seed=4, players=2))
    first = board.state.current_player
    board.roll()
    board.write(board._open_rows()[0])
    assert board.state.current_player != first
    moves = len(board.state.history)
    board.undo()  # pressed by the player now at the screen
    assert len(board.state.history) == moves, "nothing is taken back yet"
    name = board.player_name(first)
    assert status_text(board) == f"{name} moved last: {name}, press Undo again to take it back."
    board.undo()  # the player who moved agrees
    assert board.state.current_player == first and len(board.state.history) < moves


def test_a_player_takes_back_their_own_move_at_once():
    board = YachtBoard(new_yacht(seed=4, players=2))
    board.roll()
    moves = len(board.state.history)
    board.undo()
    assert len(board.state.history) < moves and status_text(board).startswith("Move taken back")


def test_against_bots_undo_takes_back_the_students_move_with_the_bots_replies():

    board = CalmBoard(new_calm(players=2, seed=3), bots={1: "planner"})
    board.toggle(0)
    board.toggle(1)
    board.discard_selected()
    board.undo()
    assert board.state.history == [] or board.state.current_player == 0


def test_you_marks_the_seat_at_the_screen_and_nobody_while_it_is_passed():
    for board in (CalmBoard(new_calm(players=2, seed=0)), RegattaBoard(new_regatta(seed=0))):
        assert board.covered and _you(board.scene()) == []
        board.reveal()
        seat = board.seat
        assert _you(board.scene()) and all(f"{seat + 1} (you)" in t for t in _you(board.scene()))
