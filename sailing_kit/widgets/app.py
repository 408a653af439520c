"""A game as an app (for Voilà, where the code is hidden): a few choices, a New game button, and
the board below them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sailing_kit.widgets.board import CanvasBoard


class GameApp(widgets.VBox):
    """``make_board(seed=..., **choices)`` builds a board from the current ``choices`` (widgets
    with a ``value`` and a ``description``); game number n is dealt with seed n, so the first
    game of every app is always the same."""

    def __init__(self, title: str, make_board: Callable[..., CanvasBoard],
                 **choices: widgets.ValueWidget):
        self.make_board = make_board
        self.choices = choices
        self.games = 0
        start = widgets.Button(description="New game", icon="refresh",
                               tooltip="Start a new game with these choices")
        start.on_click(lambda _: self.new_game())
        self.header = widgets.HBox([widgets.HTML(f"<h3 style='margin:4px 12px 4px 0'>{title}</h3>"),
                                    *choices.values(), start])
        self.board = self._build()
        super().__init__([self.header, self.board])

    def _build(self) -> CanvasBoard:
        values: dict[str, Any] = {name: choice.value for name, choice in self.choices.items()}
        return self.make_board(seed=self.games, **values)

    def new_game(self) -> None:
        """Deal the next game with the current choices."""
        self.games += 1
        self.board = self._build()
        self.children = (self.header, self.board)
