"""The mirror of a board with no kernel: widgets built in the server process, read as JSON
nodes (only what is shown, only what changed), events checked against what the page was shown;
and boards nobody looks at any more are freed (a class of thirty reloading all morning)."""

from __future__ import annotations

import gc
import weakref

import ipywidgets as widgets
import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.calm import new_game
from sailing_kit.calm.board import Board
from sailing_kit.classroom import headless
from sailing_kit.classroom.mirror import Mirror, Refused


@pytest.fixture(autouse=True)
def no_kernel() -> None:
    headless.install()


def test_a_board_is_read_as_nodes_and_only_changes_are_sent_again() -> None:
    board = Board(new_game(players=2, seed=0), bots={1: calm_bots.make("planner")})
    mirror = Mirror(board)
    first = mirror.changes()
    assert first is not None and first["root"] == board.model_id
    kinds = {node["k"] for node in first["nodes"].values()}
    assert {"box", "any", "html", "button", "toggle"} <= kinds
    assert "int" not in kinds  # the split box is hidden until the Start card is played
    assert mirror.changes() is None  # nothing changed: nothing to send
    board.toggle(0)
    again = mirror.changes()
    assert again is not None and board.canvas.model_id in again["nodes"]
    assert len(again["nodes"]) < len(first["nodes"])
    board.text_toggle.value = True
    shown = mirror.changes()
    assert shown is not None and board.text_view.model_id in shown["nodes"]
    board.text_toggle.value = False
    assert board.text_view.model_id in mirror.changes()["gone"]  # type: ignore[index]


def test_events_reach_only_shown_enabled_controls_within_their_bounds() -> None:
    clicks: list[str] = []
    shown_button = widgets.Button(description="Go")
    shown_button.on_click(lambda _: clicks.append("go"))
    hidden_button = widgets.Button(description="Hidden", layout=widgets.Layout(display="none"))
    hidden_button.on_click(lambda _: clicks.append("hidden"))
    off = widgets.Button(description="Off", disabled=True)
    off.on_click(lambda _: clicks.append("off"))
    number = widgets.BoundedIntText(value=1, min=0, max=3)
    choice = widgets.Dropdown(options=["a", "b"], value="a")
    root = widgets.VBox([shown_button, hidden_button, off, number, choice])
    mirror = Mirror(root)
    mirror.changes()
    mirror.handle({"t": "click", "id": shown_button.model_id})
    for event in ({"t": "click", "id": hidden_button.model_id}, {"t": "click", "id": off.model_id},
                  {"t": "set", "id": number.model_id, "v": 9},
                  {"t": "set", "id": number.model_id, "v": True},
                  {"t": "set", "id": choice.model_id, "v": 2},
                  {"t": "click", "id": number.model_id}, {"t": "explode"}):
        with pytest.raises(Refused):
            mirror.handle(event)
    mirror.handle({"t": "set", "id": number.model_id, "v": 3})
    mirror.handle({"t": "set", "id": choice.model_id, "v": 1})
    assert clicks == ["go"] and number.value == 3 and choice.value == "b"


def test_a_closed_page_frees_its_board() -> None:
    def build() -> weakref.ref:
        board = Board(new_game(players=3, seed=1))
        Mirror(board).changes()
        board.toggle(0)
        return weakref.ref(board)

    gone = build()
    gc.collect()
    assert gone() is None, "a board without a page is kept alive by a registry"


def test_a_widget_changed_while_hidden_is_read_again_when_shown() -> None:
    words = widgets.HTML("before")
    box = widgets.VBox([words], layout=widgets.Layout(display="none"))
    root = widgets.VBox([box, widgets.HTML("always")])
    mirror = Mirror(root)
    assert words.model_id not in mirror.changes()["nodes"]  # type: ignore[index]
    words.value = "after"
    mirror.changes()
    box.layout.display = None
    shown = mirror.changes()
    assert shown is not None and shown["nodes"][words.model_id]["v"] == "after"
