"""The race board: clicks and keys drive the engine; it holds no rules of its own."""

import json

from sailing_kit.core import Direction
from sailing_kit.race import Protest, new_game
from sailing_kit.race import bots as race_bots
from sailing_kit.race.board import RaceBoard
from sailing_kit.race.course_drawing import race_view
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.penalties import Umpire


def board_with(positions=None, **options):
    settings = dict(seed=0, yellow=[], blue=[], flags=False, cover=False)
    if positions:
        settings.update(positions=positions, start_procedure=False)
    settings.update(options)
    return RaceBoard(new_game(**settings))


def click_point(board, point):
    board.simulate_click(*race_view(board.state).pixel(point))


def test_placing_by_click_with_the_chosen_heading():
    board = board_with()
    board.place_heading.value = "NE"
    click_point(board, (12, 1))
    assert board.state.boats[0].position == (12, 1) and board.state.boats[0].heading.value == "NE"
    click_point(board, (12, 2))  # boat B belongs in the left half
    assert "Not allowed: §3.1" in board.status.value and len(board.state.boats) == 1


def test_clicking_a_dot_sails_and_a_bot_answers():
    board = RaceBoard(new_game(seed=0, positions=[((3, 8), "NE"), ((11, 8), "NW")],
                               start_procedure=False, yellow=[], blue=[]),
                      bots={1: race_bots.make("strong")})
    option = board.options[0]
    board.simulate_click(*option_marker(race_view(board.state), option))
    assert board.state.boats[0].position == option.position
    assert board.state.current_player == 0 and len(board.state.history) == 2  # the bot sailed


def test_a_refused_click_shows_the_rule():
    board = board_with([((3, 8), "NE"), ((11, 8), "NW")])
    click_point(board, (3, 12))
    assert "Not allowed: §2: A cannot end its turn" in board.status.value


def test_keys_choose_sail_wait_and_undo():
    board = board_with([((3, 8), "NE"), ((11, 8), "NW")])
    board.simulate_key("ArrowRight")
    assert "Option 2 of" in board.status.value
    board.simulate_key("Enter")
    assert len(board.state.history) == 1
    board.simulate_key("w")
    assert "complete your move in full" in board.status.value
    board.simulate_key("u")
    assert board.state.history == [] and "taken back" in board.status.value


def test_protest_and_penalty_buttons_come_from_the_legal_actions():
    board = board_with([((3, 10), "NW"), ((4, 9), "NW")])
    option = next(o for o in board.options if o.end == ((3, 10), Direction.W))
    board.simulate_click(*option_marker(race_view(board.state), option))
    labels = [b.description for b in board.actions_box.children]
    assert labels == ["Protest A"]
    board.actions_box.children[0].click()
    assert board.state.umpire.owes("A") == 1 and "protests" in board.messages.value


def test_spin_buttons_when_a_penalty_can_be_served():
    board = board_with([((3, 10), "NW"), ((10, 4), "NW")])
    board.state.umpire = Umpire(owed=(("A", 1),))
    board.refresh()
    spins = [b for b in board.actions_box.children if b.description.startswith("Penalty turn")]
    assert len(spins) == 2
    spins[0].click()
    assert board.state.umpire.moves_left("A") == 3


def test_layers_change_the_picture():
    board = board_with([((3, 8), "NE"), ((11, 8), "NW")])
    plain = board.scene().to_svg()
    board.layers["laylines"].value = True
    board.layers["course_points"].value = True
    assert board.scene().to_svg() != plain


def test_replay_slider_shows_an_earlier_moment_and_refuses_clicks():
    board = board_with([((3, 8), "NE"), ((11, 8), "NW")])
    for _ in range(4):
        board.simulate_key("Enter")
    board.replay.value = 1
    assert board.replaying is not None and len(board.replaying.history) == 1
    click_point(board, (3, 9))
    assert "This is a replay" in board.status.value and len(board.state.history) == 4
    board.replay.value = board.replay.max
    assert board.replaying is None


def test_save_and_load_and_a_bad_file():
    board = board_with([((3, 8), "NE"), ((11, 8), "NW")])
    board.simulate_key("Enter")
    board.save()
    saved = json.loads(board.saved.value)
    assert saved["game"] == "race" and len(saved["moves"]) == 1
    board.simulate_key("Enter")
    board.load()
    assert len(board.state.history) == 1 and "loaded" in board.status.value
    board.saved.value = '{"game": "race", "version": 1}'
    board.load()
    assert "Cannot load" in board.status.value


def test_the_turn_timer_sails_on_when_time_is_up():
    board = board_with([((3, 8), "NE"), ((11, 8), "NW")])
    board.timer_on.value = True
    board.clock.value = 60
    assert board.clock_label.value == "60 s left"
    board.clock.value = 120
    assert len(board.state.history) == 1 and "Time!" in board.status.value


def test_undo_goes_back_to_the_humans_turn_past_the_bots():
    board = RaceBoard(new_game(seed=0, positions=[((3, 8), "NE"), ((11, 8), "NW")],
                               start_procedure=False, yellow=[], blue=[]),
                      bots={1: race_bots.make()})
    board.simulate_key("Enter")
    assert len(board.state.history) == 2
    board.undo()
    assert board.state.history == [] and board.state.current_player == 0


def test_a_protest_the_bot_owes_is_claimed_by_the_bot():
    board = RaceBoard(new_game(seed=0, positions=[((3, 10), "NW"), ((4, 9), "NW")],
                               start_procedure=False, yellow=[], blue=[]),
                      bots={1: race_bots.make()})
    option = next(o for o in board.options if o.end == ((3, 10), Direction.W))
    board.simulate_click(*option_marker(race_view(board.state), option))
    assert Protest("A") in board.state.history and board.state.umpire.owes("A") == 1
