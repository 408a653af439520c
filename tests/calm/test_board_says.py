"""The Calm board lights only what the engine allows (issue #12.8) and says how the game ended
(#12.4)."""

from sailing_kit.calm import START, new_game
from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.actions import Play
from sailing_kit.calm.board import Board
from sailing_kit.calm.game import PAY


def click_card(board, index):
    rects = board.table_layout.hand_rects(len(board.hand), board.selected)
    board.simulate_click(*rects[index].centre)


def test_while_the_start_card_must_be_played_no_island_is_lit():
    state = new_game(players=1, seed=0, decks=[["start", 10, 20, 30, 40, 50, 60]])
    board = Board(state)
    assert START in board.hand and board.state.legal_actions() == [Play(START)]
    click_card(board, board.hand.index(10))
    assert board.targets() == {} and ">free<" not in board.scene().to_svg()
    assert "play here" in " ".join(getattr(s, "text", "") for s in board.scene().shapes)


def test_the_pay_step_selects_no_more_cards_than_are_due():
    """The reported "2 of the 1 to discard": 11 next to the 10 costs one card."""
    board = Board(new_game(players=1, seed=0, decks=[[10, 11, 30, 40, 50, 60, 61, "start"]]))
    click_card(board, 0)
    board.simulate_click(*board.table_layout.cell_rect(0, 0).centre)
    click_card(board, 0)
    assert board.targets()[(0, 1)] == 1
    board.simulate_click(*board.table_layout.cell_rect(0, 1).centre)
    assert board.state.phase == PAY and board.state.discards_due() == 1
    for index in range(len(board.hand)):
        click_card(board, index)
        assert len(board.chosen) == 1
    assert "1 of the 1 to discard" in board.status.value


def test_a_shared_end_is_said_plainly():
    board = Board(new_game(players=2, seed=4), bots={1: calm_bots.make("planner")})
    board.bots[0] = board._narrated(calm_bots.make("planner"))  # the bot plays the human's seat too
    board.advance_bots()
    assert board.state.is_over()
    said = board.status.value
    assert "all together" in said and ("Won" in said or "Lost" in said)
