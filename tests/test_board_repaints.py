"""Issue #20.3: a board repaints once per move. Each game's board makes one move the way a
player does (a key, a click, a button), with the bots and chance answering; the canvas must be
painted once and sent one picture for each move made (the player's, then each bot's and
chance's, which the painter shows one by one: issue #23.5), whatever the board tidies up around
the move (a selection, a toggle, a hint for the next player)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import sailing_kit.widgets.board as board_base
from sailing_kit import calm, race, regatta, trireme, yacht
from sailing_kit.core.compass import Direction
from sailing_kit.widgets.canvas import BoardCanvas


def _calm_discard_two(board: Any) -> None:
    board.simulate_key("s")  # the Start, if it is due (a move of its own)
    board.simulate_key("1")
    board.simulate_key("2")


def _regatta_exchange(board: Any) -> None:
    board.simulate_key("Enter")  # the hot seat's cover
    board.simulate_key("x")
    board.simulate_key("1")


def _regatta_sail(board: Any) -> None:
    x, y = next(at for verdict, at in board.end_points() if verdict.legal)
    board.simulate_click(x, y)


def _trireme_with_honour(board: Any) -> None:
    board.simulate_key("w")
    board.simulate_key("h")


def _yacht_hold(board: Any) -> None:
    board.simulate_key("r")
    board.simulate_key("1")


CASES: dict[str, tuple[Callable[[], Any], Callable[[Any], object], Callable[[Any], None]]] = {
    "calm: discard two (key d)": (
        lambda: calm.Board(calm.new_game(seed=0, players=2), bots={1: "planner"}),
        _calm_discard_two, lambda board: board.simulate_key("d")),
    "race: place the boat (key Enter)": (
        lambda: race.Board(race.new_game(seed=0, boats=2), bots={1: "easy"}),
        lambda board: None, lambda board: board.simulate_key("Enter")),
    "race: sail (key Enter)": (
        lambda: race.Board(race.new_game(seed=0, boats=2, start_procedure=False),
                           bots={1: "easy"}),
        lambda board: board.simulate_key("ArrowRight"), lambda board: board.simulate_key("Enter")),
    "regatta: exchange a card (button)": (
        lambda: regatta.Board(regatta.new_game(seed=0)), _regatta_exchange,
        lambda board: board.exchange_button.click()),
    "regatta: turn the yacht (button)": (
        lambda: regatta.Board(regatta.new_game(seed=0), bots={1: "sensible"}),
        lambda board: board.heading.set_trait("value", "E"),
        lambda board: board.face_button.click()),
    "regatta: sail a card (click)": (
        lambda: regatta.Board(regatta.new_game(seed=0), bots={1: "sensible"}),
        lambda board: None, _regatta_sail),
    "trireme: roll with an Honour point (key r)": (
        lambda: trireme.Board(trireme.new_game(seed=0)), _trireme_with_honour,
        lambda board: board.simulate_key("r")),
    "trireme: roll (button)": (
        lambda: trireme.Board(trireme.new_game(seed=1)),
        lambda board: board.choose_heading(Direction.N), lambda board: board.roll_button.click()),
    "yacht: roll (button)": (
        lambda: yacht.Board(yacht.new_game(seed=0), bots={1: "optimal"}),
        lambda board: None, lambda board: board.roll_button.click()),
    "yacht: roll again holding a die (key r)": (
        lambda: yacht.Board(yacht.new_game(seed=0, players=1)), _yacht_hold,
        lambda board: board.simulate_key("r")),
    "yacht: write a category (click)": (
        lambda: yacht.Board(yacht.new_game(seed=0, players=1)),
        lambda board: board.simulate_key("r"),
        lambda board: board.write(next(iter(board.state.position().categories())))),
}


@pytest.fixture
def paints(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times boards paint, and how many pictures their canvases send."""
    counted = {"paints": 0, "pictures": 0}
    paint = board_base.paint
    send = BoardCanvas._send

    def counting_paint(canvas: BoardCanvas, scene: Any) -> None:
        counted["paints"] += 1
        paint(canvas, scene)

    def counting_send(canvas: BoardCanvas, message: dict[str, Any], *args: Any,
                      **kwargs: Any) -> None:
        if "scene" in message.get("state", {}):
            counted["pictures"] += 1
        send(canvas, message, *args, **kwargs)

    monkeypatch.setattr(board_base, "paint", counting_paint)
    monkeypatch.setattr(BoardCanvas, "_send", counting_send)
    return counted


@pytest.mark.parametrize("case", list(CASES))
def test_one_move_is_one_paint(case: str, paints: dict[str, int]) -> None:
    make, prepare, move = CASES[case]
    board = make()
    prepare(board)
    played = len(board.state.history)
    paints.update(paints=0, pictures=0)
    move(board)
    status = board.status.value
    assert len(board.state.history) > played, f"{case}: no move was made: {status}"
    assert "Not allowed" not in status and "went wrong" not in status, status
    moves = len(board.state.history) - played
    assert paints["paints"] == moves, f"{case}: painted {paints['paints']} times for {moves} moves"
    assert paints["pictures"] == moves, f"{case}: sent {paints['pictures']} pictures for {moves} moves"


def test_every_game_has_a_case() -> None:
    from sailing_kit.core.info import GAME_NAMES

    assert {case.split(":")[0] for case in CASES} == set(GAME_NAMES)
