"""#23.5 Against bots every decision of the student's seat is the student's, and the board speaks
the board's numbers: a bot that plays the Start does not decide the student's share of its
discards; the log names slots, never cells."""

import re

from sailing_kit.calm import Board, new_game
from sailing_kit.calm.cards import START
from sailing_kit.calm.game import SHARE, SPLIT


def _start_played_by_the_bot() -> Board:
    state = new_game(players=2, seed=0)
    assert START in state.hand(1)  # the bot holds the Start: it must play it on its turn
    board = Board(state, bots={1: "planner"})
    board.toggle(0)
    board.toggle(1)
    board.discard_selected()  # the student's turn: discard two
    return board


def test_a_bot_that_plays_the_start_leaves_the_split_to_the_student():
    board = _start_played_by_the_bot()
    state = board.state
    assert state.phase == SPLIT and state.current_player == 1  # the bot played the Start...
    assert board.team_decides and board.seat == 0  # ...but the split waits for the student
    assert board.split_box.layout.display == "flex"
    assert board.viewer == 0 and "your hand" in board.scene().to_svg()
    assert "Player 1 (you): your hand" in board.scene().to_svg()
    board.split_inputs[0].value, board.split_inputs[1].value = 3, 5
    board.agree_split()
    assert [a for a in state.history if type(a).__name__ == "Split"][-1].shares == (3, 5)
    assert state.phase in (SHARE, "act") and not board.team_decides


def test_the_log_names_slots_as_the_board_numbers_them():
    board = Board(new_game(players=2, seed=3), bots={1: "planner"})
    for _ in range(12):
        if board.state.is_over():
            break
        board.toggle(0)
        board.toggle(1)
        board.discard_selected()
    placed = [line for line in board.messages.lines if " at " in line]
    assert placed and all(" at slot " in line for line in placed), placed
    assert not any(re.search(r"\(\d+, \d+\)", line) for line in board.messages.lines)
