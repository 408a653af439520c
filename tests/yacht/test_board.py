"""The dice board, driven as a player would: clicks and keys."""

import pytest

from sailing_kit.core.protocol import CHANCE
from sailing_kit.yacht import Board, new_game
from sailing_kit.yacht import bots as yacht_bots
from sailing_kit.yacht.board import example_boards
from sailing_kit.yacht.drawing import DIE, layout_of
from sailing_kit.yacht.position import MAX_ROLLS


def solitaire(seed=0, **options):
    return Board(new_game(seed=seed, players=1, **options))


def click_die(board, place):
    x, y = layout_of(board.state).dice[place]
    board.simulate_click(x + DIE / 2, y + DIE / 2)


def click_row(board, category):
    layout = layout_of(board.state)
    board.simulate_click(40, layout.row_top(layout.categories.index(category)) + 5)


def test_roll_then_hold_by_click_and_by_key_then_roll_again_keeps_the_held_dice():
    board = solitaire()
    board.roll_button.click()
    assert board.state.rolls == 1 and "Rolled:" in board.status.value
    click_die(board, 1)
    board.simulate_key("4")
    assert board.held == {1, 3} and "Holding" in board.status.value
    held_values = (board.state.dice[1], board.state.dice[3])
    board.simulate_key("r")
    assert board.state.rolls == 2 and (board.state.dice[1], board.state.dice[3]) == held_values
    assert board.scene().to_svg().count(">HELD<") == 2


def test_a_fourth_roll_is_refused_with_the_engines_rule_in_the_status_line():
    board = solitaire()
    for _ in range(MAX_ROLLS):
        board.simulate_key("r")
    dice = board.state.dice
    board.roll_button.click()
    assert "Not allowed: at most three rolls a turn" in board.status.value
    assert board.state.dice == dice and board.state.rolls == MAX_ROLLS


def test_holding_before_the_first_roll_says_what_to_do():
    board = solitaire()
    click_die(board, 0)
    assert "No dice to hold yet: press Roll first." in board.status.value and not board.held


def test_clicking_a_category_row_writes_the_dice_there():
    board = solitaire()
    board.simulate_key("r")
    expected = board.state.position().categories()["chance"]
    click_row(board, "chance")
    assert board.state.cards[0].filled == {"chance": expected}
    assert f"Player 1 wrote {expected} in chance." in board.status.value
    assert board.state.dice is None and not board.held
    click_row(board, "sixes")
    assert "Not allowed: roll first" in board.status.value


def test_keys_choose_a_row_and_enter_writes_it():
    board = solitaire()
    board.simulate_key("r")
    board.simulate_key("ArrowDown")
    assert "twos: press Enter" in board.status.value
    board.simulate_key("Enter")
    assert list(board.state.cards[0].filled) == ["twos"]


def test_the_advisor_toggle_shows_the_expected_value_of_each_choice():
    board = solitaire()
    board.simulate_key("r")
    assert "Advisor: expected final score" not in board.scene().to_svg()
    board.simulate_key("a")
    assert board.advisor.value
    advice = board.advice()
    svg = board.scene().to_svg()
    assert "Advisor: expected final score" in svg
    assert f"★ {advice.best.choice}" in svg or f"★ score {advice.best.choice.category}" in svg
    for option in advice.options[:5]:
        assert f"{option.expected:.1f}" in svg
    board.advisor.value = False
    assert board.advice() is None


def test_playing_against_the_optimal_bot():
    board = Board(new_game(seed=1, players=2), bots={1: yacht_bots.make("optimal")})
    assert board.state.current_player == 0
    for _ in range(len(board.state.rules.categories)):
        board.simulate_key("r")
        click_row(board, board.state.position().card.open_categories[0])
    assert board.state.is_over() and all(card.is_full for card in board.state.cards)
    assert any("Player 2 writes" in line for line in board.messages.lines)
    winner = board.state.result.winners[0] + 1
    assert f"Game over: Player {winner} wins: every category is filled" in board.status.value
    place = "1st" if winner == 1 else "2nd"
    assert f"You (Player 1): {place} of 2." in board.status.value  # issue #12.4


def test_the_bot_starts_when_it_wins_the_roll_off():
    board = Board(new_game(seed=0, players=2), bots={0: yacht_bots.make("greedy")})
    assert board.state.current_player == 1 and len(board.state.cards[0].boxes) == 1
    assert board.messages.lines[0].startswith("Roll-off: Player 1 rolls")


def test_undo_takes_back_the_humans_choice_and_the_same_dice_come_again():
    board = solitaire()
    board.simulate_key("r")
    dice = board.state.dice
    board.simulate_key("u")
    assert board.state.rolls == 0 and "taken back" in board.status.value
    board.simulate_key("r")
    assert board.state.dice == dice


def test_hot_seat_players_each_hold_their_own_dice():
    board = Board(new_game(seed=2, players=2))
    board.simulate_key("r")
    board.simulate_key("1")
    click_row(board, "chance")
    assert board.state.current_player != CHANCE and not board.held


def test_new_game_deals_new_dice_with_the_same_players():
    """Issue #12.8: New game is a new game, on the next seed, not the same dice again."""
    board = Board(new_game(seed=3, players=2), bots={1: yacht_bots.make("optimal")})
    board.simulate_key("r")
    first_dice = board.state.dice
    click_row(board, "chance")
    new = next(b for b in board.children[0].children if b.description == "New game")
    new.click()
    assert board.state.seed == 4 and board.state.options == new_game(seed=3, players=2).options
    assert not board.state.cards[0].boxes and "New game (seed 4)." in board.status.value
    board.simulate_key("r")
    assert board.state.dice != first_dice


@pytest.mark.parametrize("name", list(example_boards()))
def test_example_boards_draw_in_one_batch_and_have_the_css_hook(name):
    board = example_boards()[name]()
    assert "sailing-kit-board" in board._dom_classes
    assert board.scene().to_svg().startswith("<svg")
