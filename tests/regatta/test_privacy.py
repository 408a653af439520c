"""Pass-the-device regatta (issue #12.6): no hand is ever drawn for anyone but the player holding
the screen, after a move, an undo, a new race, a loaded one or while the replay slider moves
(the oracle and the paths: ``tests/hotseat.py``)."""

import pytest

from sailing_kit.regatta import bots as regatta_bots
from sailing_kit.regatta import new_game
from sailing_kit.regatta.actions import AFTER
from sailing_kit.regatta.board import Board
from tests import hotseat
from tests.hotseat import Screen


def two_at_one_screen(seed: int = 0) -> Screen:
    board = Board(new_game(seed=seed, players=2))
    return Screen(board, lambda state, seat: state.scene(seat), board.layout.hand_area)


def play(screen: Screen) -> None:
    """Sail the first open arrow of the card the board selects (clicking its end), then end the
    turn (key e) if the board asks what comes after sailing."""
    board = screen.board
    seat = board.seat
    pixel = next(pixel for verdict, pixel in board.end_points() if verdict.legal)
    board.simulate_click(*pixel)
    while board.seat == seat and board.state.phase == AFTER:
        board.simulate_key("e")
    assert board.seat != seat


def test_player_2_pressing_undo_never_sees_player_1s_hand():
    hotseat.check_undo_by_the_next_player(two_at_one_screen(), play)


def test_undo_pressed_under_the_cover_covers_again():
    hotseat.check_undo_under_the_cover(two_at_one_screen(), play)


def test_a_new_race_and_a_loaded_race_start_covered():
    hotseat.check_new_and_loaded_games_start_covered(two_at_one_screen(), play, "New race")


def test_the_replay_slider_shows_only_the_holders_own_hands():
    hotseat.check_the_replay(two_at_one_screen(), play)


def test_under_the_cover_no_control_tells_what_the_hand_holds():
    """The Windy spell switch, the special-card buttons and the skip controls would say what the
    next hand holds: under the cover they are all off."""
    board = two_at_one_screen().board
    assert board.covered
    assert board.windy.disabled and board.exchanging.disabled and board.face_button.disabled
    assert board.handling_button.disabled and not board.calm_box.children


@pytest.mark.parametrize("seed", range(3))
def test_random_play_at_one_screen_never_shows_a_hand_to_the_wrong_player(seed):
    hotseat.check_random_play(two_at_one_screen(seed), regatta_bots.make("sensible"), seed)
