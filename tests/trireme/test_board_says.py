"""The duel's board says what it waits for (issue #12.8) and how the game ended (#12.4)."""

import html

import sailing_kit.widgets.board as board_base
from sailing_kit.core.compass import Direction
from sailing_kit.trireme import Board, new_game
from sailing_kit.trireme.rules import Phase
from tests.trireme.helpers import LANE


def painted(monkeypatch) -> list:
    """Every scene the boards paint from now on (what the canvas shows)."""
    scenes: list = []
    paint = board_base.paint
    monkeypatch.setattr(board_base, "paint", lambda canvas, scene: (scenes.append(scene),
                                                                    paint(canvas, scene)))
    return scenes


def heading_lines(scene) -> int:
    """The dashed line of a heading chosen but not yet rolled."""
    return sum(1 for s in scene.shapes if getattr(s, "style", None) and s.style.dash == (7, 4))


def test_a_roll_that_ends_the_turn_leaves_no_heading_line_on_the_canvas(monkeypatch):
    scenes = painted(monkeypatch)
    board = Board(new_game(seed=0))
    board.choose_heading(Direction.N)  # 45° off the NE wind: one square, the turn ends
    assert heading_lines(scenes[-1]) == 1
    board.roll()
    assert board.state.phase is Phase.STEER and board.state.turn == 2
    assert heading_lines(scenes[-1]) == 0  # the last picture painted: no stale line


def test_the_end_says_who_won():
    state = new_game(seed=0, map=LANE)
    state.apply("S")
    state.apply(4)
    board = Board(state)
    board.simulate_key("1")
    said = html.unescape(board.status.value)
    assert "Game over: the trireme won." in said
    assert "the trireme won" in " ".join(t.text for t in board.scene().shapes
                                         if hasattr(t, "text"))
