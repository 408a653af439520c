"""A game as an app (for Voilà, where the code is hidden): its title, a few choices, one New game
button, the board below them scaled to the window, and the game's seed in small print.

Every load and every New game deals a fresh game (a new seed) unless the address gives one
(``?seed=123``: a teacher can say "everyone use seed 123"); ``?projector=1`` starts the board in
projector mode, ``?teacher=1`` shows the board's More menu (saving, loading, replays, undo),
which students do not see, and ``?lang=hu`` speaks Hungarian (the app's notebook calls
:func:`~sailing_kit.widgets.address.speak_page_language` first, so that the game's own words
are in it too).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.chance import fresh_seed
from sailing_kit.core.i18n import _, language, use_language
from sailing_kit.widgets.address import PageOptions, page_options
from sailing_kit.widgets.board import CanvasBoard


class GameApp(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """``make_board(seed=..., **choices)`` builds a board from the current ``choices`` (widgets
    with a ``value`` and a ``description``). ``about`` says how to play, behind "How to play".
    The board's own new-game button is hidden: the app's New game replaces it; its student
    controls stay in view, the rest wait in its More menu (for a teacher only). The app speaks
    the page's language (``?lang=``), else the notebook's."""

    def __init__(self, title: str, make_board: Callable[..., CanvasBoard], *, about: str = "",
                 page: PageOptions | None = None, **choices: widgets.ValueWidget):
        self.title = title
        self.make_board = make_board
        self.about = about
        self.choices = choices
        self.page = page_options() if page is None else page
        self.language = self.page.language or language()
        self.games = 0
        with use_language(self.language):
            self.header = self._header()
            self.footer = widgets.HTML()
            self.footer.add_class("sk-app-footer")
            self.board: CanvasBoard = self._build(self.page.seed if self.page.seed is not None
                                                  else fresh_seed())
            super().__init__([self.header, self.board, self.footer])
            self.add_class("sk-app")
            if self.page.refused:
                self.board.say(_("Part of the address was not used."), "error",
                               detail="; ".join(self.page.refused) + ".")

    def _header(self) -> widgets.HBox:
        """The title, the choices, New game and How to play, in the language spoken now."""
        for choice in self.choices.values():
            choice.layout.width = "auto"
            choice.style.description_width = "initial"
        self.start_button = widgets.Button(
            description=_("New game"), icon="refresh",
            tooltip=_("{title}: start a new game with these choices", title=self.title))
        self.start_button.on_click(lambda _press: self.board._guarded(self.new_game)())
        heading = widgets.HTML(f'<h1 class="sk-app-title">{html.escape(self.title)}</h1>')
        help_text = widgets.HTML(
            "<details class='sk-about'><summary>" + html.escape(_("How to play"))
            + f"</summary>{html.escape(self.about)}</details>" if self.about else "")
        header = widgets.HBox([heading, *self.choices.values(), self.start_button, help_text])
        header.add_class("sk-app-header")
        return header

    def _build(self, seed: int) -> CanvasBoard:
        values: dict[str, Any] = {name: choice.value for name, choice in self.choices.items()}
        board = self.make_board(seed=seed, **values)
        board.canvas.fit = "window"
        for button in board.new_game_buttons:
            button.layout.display = "none"
        board.arrange_controls(board.student_controls())
        board.more_shown(self.page.teacher)
        if self.page.projector:
            board.projector_toggle.value = True
        self.footer.value = _("Game seed {seed}: the same game for everyone with {address} at "
                              "the end of the address.", seed=seed,
                              address="<code>?seed=" + str(seed) + "</code>")
        return board

    @property
    def seed(self) -> int:
        """The seed of the game on the table."""
        return int(self.board.state.seed)

    def new_game(self) -> None:
        """Deal a fresh game (a new seed) with the current choices (a choice the game refuses
        is explained in the board's status line, and the game on the table stays)."""
        board = self._build(fresh_seed())
        self.games += 1
        self.board = board
        self.children = (self.header, self.board, self.footer)
