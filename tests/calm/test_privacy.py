"""Pass-the-device Calm (issue #12.6): no hand is ever drawn for anyone but the player holding
the screen, after a move, an undo, a new deal, a loaded game or while the replay slider moves
(the oracle and the paths: ``tests/hotseat.py``)."""

import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm import new_game
from sailing_kit.calm.board import Board
from sailing_kit.calm.drawing import draw_table
from tests import hotseat
from tests.hotseat import Screen

P1 = [10, 20, 30, 40, 50, 60, 61, 62, 63, 64, "start"]
P2 = [11, 21, 31, 41, 51, 65, 66, 67, 68, 69, "start"]


def two_at_one_screen() -> Screen:
    board = Board(new_game(players=2, seed=0, decks=[P1, P2]))
    return Screen(board, lambda state, seat: draw_table(state.view(seat)),
                  board.table_layout.hand_area)


def play(screen: Screen) -> None:
    """Click the first island of the hand, then a cell where it costs nothing: the turn ends."""
    board = screen.board
    rects = board.table_layout.hand_rects(len(board.hand), board.selected)
    board.simulate_click(*rects[0].centre)
    cell = next(cell for cell, cost in sorted(board.targets().items()) if cost == 0)
    board.simulate_click(*board.table_layout.cell_rect(*cell).centre)


def test_player_2_pressing_undo_never_sees_player_1s_hand():
    screen = two_at_one_screen()
    hotseat.check_undo_by_the_next_player(screen, play)
    assert not screen.board.covered  # Player 1 holds it now, and sees their own hand


def test_undo_pressed_under_the_cover_covers_again():
    hotseat.check_undo_under_the_cover(two_at_one_screen(), play)


def test_undo_by_the_player_at_the_screen_keeps_the_next_hand_covered():
    screen = two_at_one_screen()
    screen.take(0)
    play(screen)
    screen.take(1)
    play(screen)
    screen.take(0)
    screen.board.simulate_key("u")  # Player 1 takes back Player 2's move: Player 2 to act
    assert screen.board.state.current_player == 1 and screen.board.covered
    screen.assert_covered()


def test_a_new_deal_and_a_loaded_game_start_covered():
    hotseat.check_new_and_loaded_games_start_covered(two_at_one_screen(), play, "New deal")


def test_the_replay_slider_shows_only_the_holders_own_hands():
    hotseat.check_the_replay(two_at_one_screen(), play)


def test_the_message_after_a_move_names_no_card_for_the_next_player():
    """Discards are face down: the status line the next player reads says only to pass."""
    screen = two_at_one_screen()
    screen.take(0)
    rects = screen.board.table_layout.hand_rects(5)
    screen.board.simulate_click(*rects[3].centre)
    screen.board.simulate_click(*rects[4].centre)
    screen.board.simulate_key("d")
    assert screen.board.covered and "40" not in screen.board.status.value
    assert "Pass the device to Player 2" in screen.board.status.value


@pytest.mark.parametrize("seed", range(3))
def test_random_play_at_one_screen_never_shows_a_hand_to_the_wrong_player(seed):
    hotseat.check_random_play(two_at_one_screen(), calm_bots.make("planner"), seed)


def test_with_one_human_the_bots_hands_never_show():
    board = Board(new_game(players=3, seed=1), bots={1: "planner", 2: "planner"})
    screen = Screen(board, lambda state, seat: draw_table(state.view(seat)),
                    board.table_layout.hand_area)
    screen.holder, helper = 0, calm_bots.make("planner")
    for _ in range(6):
        screen.assert_holders_hand()
        board.act(helper(board.state), "Played.")
        board.replay.value = 1
        screen.assert_holders_hand()
        board.replay.value = board.replay.max
