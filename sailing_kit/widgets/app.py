"""A game as an app (for Voilà, where the code is hidden): a few choices, one New game button, and
the board below them, scaled to the window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sailing_kit.widgets.board import CanvasBoard


class GameApp(widgets.VBox):
    """``make_board(seed=..., **choices)`` builds a board from the current ``choices`` (widgets
    with a ``value`` and a ``description``); game number n is dealt with seed n, so the first
    game of every app is always the same.

    The app's page gives it its one title (the notebook's heading); ``title`` names the app for
    screen readers. The board's own new-game button is hidden: the app's New game replaces it."""

    def __init__(self, title: str, make_board: Callable[..., CanvasBoard],
                 **choices: widgets.ValueWidget):
        self.title = title
        self.make_board = make_board
        self.choices = choices
        self.games = 0
        self.start_button = widgets.Button(description="New game", icon="refresh",
                                           tooltip=f"{title}: start a new game with these choices")
        self.start_button.on_click(lambda _: self.board._guarded(self.new_game)())
        self.header = widgets.HBox([*choices.values(), self.start_button])
        self.header.add_class("sk-app-header")
        self.board: CanvasBoard = self._build(seed=0)
        super().__init__([self.header, self.board])
        self.add_class("sk-app")

    def _build(self, seed: int) -> CanvasBoard:
        values: dict[str, Any] = {name: choice.value for name, choice in self.choices.items()}
        board = self.make_board(seed=seed, **values)
        board.canvas.fit = "window"
        for button in board.new_game_buttons:
            button.layout.display = "none"
        return board

    def new_game(self) -> None:
        """Deal the next game with the current choices (a choice the game refuses is explained
        in the board's status line, and the game on the table stays)."""
        board = self._build(seed=self.games + 1)
        self.games += 1
        self.board = board
        self.children = (self.header, self.board)
