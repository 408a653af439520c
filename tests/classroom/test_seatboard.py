"""Seat boards: each game's usual board, played from one seat through the class store. Others'
moves arrive narrated like a bot's, only the seat's own hand is drawn, and what only makes sense
at one screen (undo, new deal, save and load: a saved game holds the seed) is switched off."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm.cards import is_island
from sailing_kit.classroom import Classroom
from sailing_kit.classroom.seatboard import seat_board
from sailing_kit.core.bots import random_bot
from sailing_kit.core.i18n import _ as translated
from sailing_kit.core.i18n import use_language


def visible_buttons(board: widgets.Widget) -> list[str]:
    found = []

    def walk(widget: widgets.Widget) -> None:
        if isinstance(widget, widgets.Button) and widget.layout.display != "none":
            found.append(widget.description)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(board)
    return found


def scene_texts(board) -> set[str]:
    return {shape.text for shape in board.scene().shapes if hasattr(shape, "text")}


def test_the_other_seats_moves_arrive_narrated_and_only_the_own_hand_is_drawn(
        room: Classroom) -> None:
    table = room.open_table("calm", players=3, bots=1, seed=3)
    ana, ben = room.join(table.code, "Ana"), room.join(table.code, "Ben")
    boards = [seat_board(room.rejoin(ana.token)), seat_board(room.rejoin(ben.token))]
    driver = room.table(table.code)  # the class server's copy: it moves the bots
    bot = calm_bots.make("planner")
    for _ in range(10):
        for board in boards:
            driver.refresh()
            board.advance_bots()
            if board.class_seat.my_turn:
                board.act(bot(board.state), "Played.")
    ana_board, ben_board = boards
    assert any(line.startswith("Player 2 ") for line in ana_board.messages.lines)
    assert any(line.startswith("Player 3 ") for line in ana_board.messages.lines)  # the bot
    assert ana_board.state.to_json() == ben_board.state.to_json()
    texts, cells = scene_texts(ana_board), ana_board.state.options.size  # cells are labelled 1..36
    own = {str(card) for card in ana_board.state.hand(0) if is_island(card) and card > cells}
    assert own and own <= texts
    for other in (1, 2):
        hidden = {str(card) for card in ana_board.state.hand(other) if is_island(card)
                  and card > cells} - own
        assert hidden and not hidden & texts
    assert "Player 1 (you): hand" in ana_board.describe()


def test_a_move_out_of_turn_is_refused_in_the_status_line(room: Classroom) -> None:
    table = room.open_table("calm", players=2, seed=5)
    room.join(table.code, "Ana")
    ben = seat_board(room.join(table.code, "Ben"))
    ben.act(ben.state.legal_actions()[0], "Played.")
    assert "It is not your turn: Player 1 (Ana) is to move." in ben.status.value
    assert room.store.moves(table.id) == []


@pytest.mark.parametrize("game, options", [
    ("calm", {"players": 2}), ("regatta", {"players": 2}), ("race", {"boats": 2}),
    ("yacht", {"players": 2}), ("trireme", {}),
])
def test_one_screen_controls_are_off_at_a_class_table(room: Classroom, game: str,
                                                      options: dict) -> None:
    table = room.open_table(game, seed=1, **options)
    board = seat_board(room.join(table.code, "Ana"))
    shown = visible_buttons(board)
    for local in ("Undo", "New deal", "New race", "New game", "Save", "Load", "Load map"):
        assert local not in shown
    before = board.state.to_json()
    board.undo()
    assert "nothing is taken back" in board.status.value
    assert board.state.to_json() == before


def test_a_seat_board_plays_every_game_through_the_store(room: Classroom) -> None:
    table = room.open_table("yacht", players=2, bots=1, seed=2)
    board = seat_board(room.join(table.code, "Ana"))
    driver = room.table(table.code)  # the class server's copy: it moves the bot and the dice
    chooser = random_bot(1)
    for _ in range(20):
        if board.class_seat.my_turn:
            assert board.play(chooser(board.state))
        driver.refresh()
        board.advance_bots()
    stored = room.store.moves(table.id)
    assert len(stored) == len(board.state.history) > 10
    assert {move.seat for move in stored} == {0, None}


def test_the_teachers_picture_of_a_table_shows_no_hand(room: Classroom) -> None:
    table = room.open_table("calm", players=3, seed=3)
    texts = {shape.text for shape in table.public_scene().shapes if hasattr(shape, "text")}
    cells = table.state.options.size
    hands = {str(card) for seat in range(3) for card in table.state.hand(seat)
             if is_island(card) and card > cells}
    assert hands and not hands & texts


@pytest.mark.parametrize("code", ["en", "hu", "ru"])
def test_a_student_at_another_device_is_no_computer_a_seated_bot_is(room: Classroom,
                                                                   code: str) -> None:
    table = room.open_table("regatta", players=3, bots=1, seed=4)
    room.join(table.code, "Ana")
    with use_language(code):
        ben = seat_board(room.join(table.code, "Ben"))
        computer = translated("{player} (computer)", player="").strip()
    assert ben.state.current_player == 0 and computer not in ben.info.value  # Ana, elsewhere
    assert ben.is_computer(2) and not ben.is_computer(0) and not ben.is_computer(1)
