"""The duel's board, driven as a player would: clicks and keys. Every pixel comes from the
drawing's layout (the engine's squares), never typed in."""

import html
import time

import pytest

from sailing_kit.core.compass import Direction
from sailing_kit.testing import fingerprint
from sailing_kit.trireme import Board, Die, Sail, Steer, TriremeState, advise, advisor, new_game
from sailing_kit.trireme import bots as trireme_bots
from sailing_kit.trireme.advisor import solution_for
from sailing_kit.trireme.board import example_boards
from sailing_kit.trireme.drawing import layout_of
from sailing_kit.trireme.maps import edge_map
from sailing_kit.trireme.rules import Phase
from sailing_kit.trireme.solver import clear_cache, solve
from tests.trireme.helpers import LANE


def status(board) -> str:
    return html.unescape(board.status.value)


def click_square(board, square) -> None:
    board.simulate_click(*layout_of(board.state.sea).view.pixel(square))


def click_heading(board, heading: Direction, squares: int = 1) -> None:
    board.simulate_click(*layout_of(board.state.sea).target(board.state.boat, heading, squares))


def test_clicking_next_to_the_boat_chooses_that_heading():
    board = Board(new_game(seed=0))
    click_heading(board, Direction.N)
    assert board.heading == Direction.N and board.state.history == []
    assert "Heading N: 1 square if the wind from NE holds. Press Roll (key r)" in status(board)
    click_heading(board, Direction.NW, 2)  # further away on the same line works too
    assert board.heading == Direction.NW and "1 or 2 squares" in status(board)


def test_keys_choose_the_heading_spend_honour_and_roll():
    board = Board(new_game(seed=0))
    board.simulate_key("q")
    board.simulate_key("h")
    assert board.heading == Direction.NW and board.honour.value
    assert "+1 Honour chosen" in board.scene().to_svg()
    board.simulate_key("r")
    steer, die = board.state.history[:2]
    assert steer == Steer(Direction.NW, True) and isinstance(die, Die)
    assert board.state.honour == 2 and not board.honour.value and board.heading is None
    assert f"The die shows {die.face} + 1 Honour" in status(board)
    assert board.messages.lines[0] == "Turn 1: you steer NW with an Honour point; the die is rolled."


def test_rolling_without_a_heading_says_what_to_do():
    board = Board(new_game(seed=0))
    board.roll_button.click()
    assert "Choose a heading first" in status(board) and board.state.history == []


def test_a_refused_honour_point_shows_the_engines_rule_and_changes_nothing():
    board = Board(new_game(seed=0, honour=0))
    before = fingerprint(board.state)
    board.simulate_key("w")
    board.honour.value = True
    board.roll_button.click()
    assert "Not allowed: you have no Honour points left to spend" in status(board)
    assert fingerprint(board.state) == before


def test_steering_at_the_trireme_next_to_you_is_refused_with_the_engines_words():
    state = new_game(seed=0, map=LANE, steer_at_trireme=False)
    state.apply("NW")
    state.apply(3)
    state.apply(2)  # on the trireme's next square, the trireme just south
    board = Board(state)
    before = fingerprint(board.state)
    click_heading(board, Direction.S)
    board.simulate_key("r")
    assert "Not allowed: the trireme is on the next square S of you" in status(board)
    assert fingerprint(board.state) == before


def after_the_roll(face: int = 3) -> Board:
    """A board in the distance choice: heading NW with the wind from NE held."""
    state = new_game(seed=0)
    state.apply("NW")
    state.apply(face)
    return Board(state)


def test_after_the_roll_click_square_1_or_2_on_the_heading():
    board = after_the_roll()
    assert board.state.phase is Phase.SAIL
    start = board.state.boat
    click_heading(board, Direction.N)  # not on the heading
    assert "Click square 1 or 2 on your heading NW" in status(board)
    click_heading(board, Direction.NW, 3)  # on the heading, too far: the engine says why
    assert "Not allowed: heading NW is 90° off the wind from NE: you may sail 1 or 2" in status(
        board)
    click_heading(board, Direction.NW, 2)
    assert board.state.history[-1] == Sail(2) and board.state.boat == (start[0] - 2, 2)
    assert "You sail 2 squares NW" in status(board) and "choose your heading" in status(board)


def test_undo_after_the_distance_goes_back_to_the_distance_choice():
    board = after_the_roll()
    board.simulate_key("2")
    board.simulate_key("u")
    assert board.state.phase is Phase.SAIL and board.state.history[-1] == Die(3)


def test_key_1_sails_one_square_and_a_heading_must_wait_for_it():
    board = after_the_roll()
    board.simulate_key("w")
    assert "First choose how far to sail" in status(board) and board.heading is None
    board.simulate_key("1")
    assert board.state.history[-1] == Sail(1)


def test_the_advisor_shows_each_choices_chance_to_win():
    board = Board(new_game(seed=0))
    assert "Advisor: chance to win" not in board.scene().to_svg()
    board.simulate_key("p")
    advice = advise(board.state)
    svg = board.scene().to_svg()
    assert "Advisor: chance to win" in svg
    for _words, chance, _ in advice.rows():
        assert f"{100 * chance:.1f}%" in svg
    for chance in advice.by_heading().values():
        assert f">{100 * chance:.0f}%<" in svg
    value = solution_for(board.state).value(board.state.position())
    assert f"you win {100 * value:.1f}% of games" in status(board)
    board.simulate_key("p")
    assert board.advice() is None


def test_the_advisor_rates_the_distances_after_the_roll():
    board = after_the_roll()
    board.advisor.value = True
    advice = board.advice()
    assert {action for action, _ in advice.options} == {Sail(1), Sail(2)}
    assert f"{100 * advice.chance(Sail(2)):.1f}%" in board.scene().to_svg()


def test_the_helmsman_plays_the_optimal_choice():
    board = Board(new_game(seed=2))
    best = solution_for(board.state).best(board.state.position())
    board.simulate_key("o")
    assert board.state.history[0] == best


def test_the_optimal_helmsman_can_sail_a_whole_game():
    board = Board(new_game(seed=4, map="small"), bots={0: trireme_bots.make("optimal")})
    assert board.state.is_over() and len(board.messages.lines) > 5


def test_undo_takes_back_the_roll_and_the_same_die_comes_again():
    """Heading NE into the NE wind never asks for a distance: one undo takes back the heading
    and its die."""
    board = Board(new_game(seed=0))
    board.simulate_key("e")
    board.simulate_key("r")
    rolled = board.state.history[1]
    assert board.state.turn == 2
    board.simulate_key("u")
    assert board.state.history == [] and board.state.turn == 1 and "taken back" in status(board)
    board.simulate_key("e")
    board.simulate_key("r")
    assert board.state.history[1] == rolled


def test_save_and_load():
    board = Board(new_game(seed=0))
    board.simulate_key("w")
    board.simulate_key("r")
    saved_position = fingerprint(board.state)
    board.save()
    assert board.saved.value == board.state.to_json()
    board.restart()
    assert board.state.history == [] and board.state.seed == 1
    board.load()
    assert fingerprint(board.state) == saved_position and "Game loaded" in status(board)
    board.saved.value = "{not json"
    board.load()
    assert "Cannot load: this is not a saved game" in status(board)
    assert fingerprint(board.state) == saved_position


def test_load_a_map_from_text():
    board = Board(new_game(seed=0))
    board.show_map()
    assert board.map_text.value == board.state.sea.to_text()
    board.map_text.value = LANE
    board.load_map()
    assert board.state.sea.name == "The test lane" and "New game on the map" in status(board)
    assert (board.canvas.width, board.canvas.height) == layout_of(board.state.sea).size
    click_heading(board, Direction.N)
    assert board.heading == Direction.N


def test_a_malformed_map_says_where_the_mistake_is():
    board = Board(new_game(seed=0))
    before = fingerprint(board.state)
    board.map_text.value = LANE.replace("...#...\n.......", "...#...\n...X...", 1)
    board.load_map()
    assert "Map not loaded: line 7, column 4: 'X' is not a map character" in status(board)
    assert fingerprint(board.state) == before


def test_a_finished_game_says_so():
    state = new_game(seed=0, map=LANE)
    state.apply("S")
    state.apply(4)  # S is 135° off the NE wind: 1 or 2 squares, off the map
    board = Board(state)
    board.simulate_key("1")
    assert board.state.is_over() and "You crashed" in status(board)
    assert "Game over: the trireme won." in status(board)
    board.simulate_key("w")
    assert "The game is over" in status(board)


@pytest.mark.parametrize("name", list(example_boards()))
def test_example_boards_draw_and_have_the_css_hook(name):
    board = example_boards()[name]()
    assert "sailing-kit-board" in board._dom_classes
    assert board.scene().to_svg().startswith("<svg")


def test_a_loaded_game_replays_to_the_same_picture():
    board = Board(new_game(seed=7))
    board.simulate_key("w")
    board.simulate_key("r")
    copy = Board(TriremeState.from_json(board.state.to_json()))
    assert copy.scene().to_svg() == board.scene().to_svg()


def test_the_text_view_says_the_position_the_choice_and_the_advice():
    board = Board(new_game(seed=0), advisor=True)
    board.simulate_key("w")
    board.simulate_key("h")
    board.text_toggle.value = True
    words = html.unescape(board.text_view.value)
    assert board.state.describe().splitlines()[0] in words
    assert "Chosen, not yet rolled: heading N with an Honour point." in words
    best_words, best_chance, _ = advise(board.state).rows()[0]
    assert f"Advisor, chance to win: {best_words} {100 * best_chance:.1f}%" in words


def _wait_for_the_background_solve(board) -> None:
    """Until the board has heard that its map's background solve has finished."""
    job = advisor._BACKGROUND[(board.state.sea, board.state.options.honour, True)]
    job.result(timeout=300)
    for _ in range(500):  # the done-callbacks run just after the result is set
        if board._awaited is None:
            return
        time.sleep(0.01)
    raise AssertionError("the board never heard that the map was solved")


def test_on_a_big_drawn_map_the_helmsman_and_the_advisor_never_keep_the_board_waiting():
    """A drawn map is solved in the background: the Helmsman button and the advisor say so at
    once instead of freezing the kernel, and both act once the solve is done."""
    clear_cache()
    board = Board(new_game(seed=2, map=edge_map(11), honour=1))
    board.simulate_key("o")
    job = advisor._BACKGROUND[(board.state.sea, 1, True)]
    if not job.done():  # the usual case: the key came back before the solve ended
        assert board.state.history == []
        assert "The helmsman needs the solved map" in status(board)
        assert "solving this map" in status(board)
        board.simulate_key("p")
        assert board.advice() is None and "Advisor: The advisor is solving" in board.describe()
        _wait_for_the_background_solve(board)
        assert "chance to win" in board.describe()
    board.simulate_key("o")
    assert board.state.history[0] == solve(board.state.sea, 1).best(new_game(
        seed=2, map=edge_map(11), honour=1).position())
