"""The base of every board: a canvas drawn from the engine's state, a status line, controls.

A board holds no rules. It draws ``scene()`` (built from the engine's state by the same drawing
code as the static picture), turns clicks and keys into engine actions, and shows the engine's
own words when an action is refused. Exceptions in callbacks appear in the status line instead
of vanishing into the kernel log.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.bots import Bot, advance, named_bots
from sailing_kit.core.errors import ActionError, SavedGameError
from sailing_kit.core.protocol import CHANCE
from sailing_kit.draw.scene import Scene
from sailing_kit.widgets.canvas import BoardCanvas, paint

_STATUS_STYLE = {
    "info": "color:#1b1b1b",
    "good": "color:#00603f",
    "error": "color:#a13c00;font-weight:bold",
}


class CanvasBoard(widgets.VBox):
    """Subclasses implement :meth:`scene` and :meth:`on_click` (and :meth:`on_key` if they take
    keys); they call :meth:`play` to send an action to the engine. ``bots`` maps player numbers
    to computer players (each a bot function or the name of one of the game's bots): after
    every human action, bots move until a human's turn; chance is
    sampled too unless ``auto_chance`` is False (the board then offers its own roll control)."""

    def __init__(self, state: Any, *, size: tuple[int, int],
                 controls: Sequence[widgets.Widget] = (), side: Sequence[widgets.Widget] = (),
                 bots: Mapping[int, Bot | str] | None = None,
                 auto_chance: bool = True):
        self.state = state
        self.bots = named_bots(state.GAME, bots) if bots else {}
        self.auto_chance = auto_chance
        self._says = self._paints = 0
        self._first_help = ""
        self._press_mark: tuple[int, int] | None = None
        self.canvas = BoardCanvas(*size, large=self.large)
        self.status = widgets.HTML(layout=widgets.Layout(min_height="1.8em", width="0",
                                                         min_width="100%"))
        self.status.add_class("sk-status")
        self.text_toggle = widgets.ToggleButton(
            description="Text", icon="align-left", layout=widgets.Layout(width="auto"),
            tooltip="Show the position in words (for screen readers and printouts)")
        self.text_view = widgets.HTML(layout=widgets.Layout(display="none"))
        self.text_view.add_class("sk-text")
        self.text_toggle.observe(self._guarded(lambda _: self._show_text()), names="value")
        self.large_toggle = widgets.ToggleButton(
            value=self.canvas.large, description="Large", icon="search-plus",
            layout=widgets.Layout(width="auto"),
            tooltip="Draw the board as large as the page is wide (for a projector)")
        self.large_toggle.observe(self._guarded(self._set_large), names="value")
        self.canvas.on_mouse_down(self._guarded(self._press))
        self.canvas.on_mouse_up(self._guarded(self._release))
        self.canvas.on_key_down(self._guarded(self.on_key))
        column = widgets.VBox([self.canvas, self.status])
        column.add_class("sk-board-column")
        body = widgets.HBox([column, widgets.VBox(list(side))]) if side else column
        body.add_class("sk-body")
        self.controls = widgets.HBox([*controls, self.text_toggle, self.large_toggle])
        self.controls.add_class("sk-controls")
        super().__init__([self.controls, body, self.text_view])
        self.add_class("sailing-kit-board")
        self.redraw()

    large = False
    """Whether new boards start drawn large (a teacher may set ``CanvasBoard.large = True`` once
    for a projector); each board's Large button switches it too."""

    # ----- what a board implements ----------------------------------------------------------------
    def scene(self) -> Scene:
        """The picture to paint: by default the state's own."""
        return self.state.scene()

    def on_click(self, x: float, y: float) -> None:
        """Handle a click at canvas pixel ``(x, y)``."""

    def on_release(self, x: float, y: float) -> None:
        """Handle the mouse button (or finger) released at ``(x, y)`` (the end of a drag)."""

    def takes_drags(self) -> bool:
        """Whether a finger on the canvas drags (else it scrolls the page, and a tap clicks):
        by default, when the board handles releases."""
        return self._handles_release

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        """Handle a key pressed while the canvas has focus."""

    def after_change(self) -> None:
        """Called after every change of state, before the redraw (update side panels here)."""

    def reset(self, new_game: bool) -> None:
        """Forget what the board keeps beside the engine (selections, its log) when moves are
        taken back, or when another game is put in place (``new_game``)."""

    def describe(self) -> str:
        """The position in words, as the player looking at the board may see it."""
        return self.state.describe()

    # ----- machinery --------------------------------------------------------------------------------
    def play(self, action: Any, success: str | None = None) -> bool:
        """Apply ``action`` to the engine; on refusal show the broken rule and change nothing."""
        try:
            self.state.apply(action)
        except ActionError as refusal:
            self.say(f"Not allowed: {refusal}", "error")
            return False
        self.on_played(action)
        self.advance_bots(success)
        return True

    def advance_bots(self, message: str | None = None) -> None:
        """Let bots and chance move until a human must act, then redraw."""
        advance(self.state, self.bots, chance=self.auto_chance, on_action=self.on_played)
        self.refresh(message)

    def on_played(self, action: Any) -> None:
        """Called right after every action applied (the human's, then each bot's or chance's),
        with the state as it then stands: a board with a log writes it there."""

    def refresh(self, message: str | None = None) -> None:
        """Redraw from the state and update the status line."""
        self.after_change()
        self.redraw()
        if message is not None:
            self.say(message, "good")

    UNDONE = "Move taken back."
    """What the status line says after an undo (boards with dice add that they roll the same)."""

    @property
    def human_to_act(self) -> bool:
        """A human player (not a bot, not chance) is to act."""
        player = self.state.current_player
        return player is not None and player != CHANCE and player not in self.bots

    def undo(self) -> None:
        """Take back the last human move, with the bots' and chance's moves that followed it."""
        state = self.state
        if not state.history:
            self.say("There is nothing to undo: no move has been played yet.", "error")
            return
        state.undo()
        while state.history and not self.human_to_act:
            state.undo()
        self.reset(new_game=False)
        self.refresh(self.UNDONE)

    def start(self, state: Any, message: str) -> None:
        """Put another game in place (a new deal, a loaded file) and let the bots begin."""
        self.state = state
        self.reset(new_game=True)
        self.advance_bots()
        self.say(message, "good")

    def save_and_load(self, what: str = "game", width: str = "320px") -> list[widgets.Widget]:
        """Save and Load buttons with the box that holds the saved game (JSON) as text."""
        self.saved_what = what
        self.saved = widgets.Textarea(placeholder=f"a saved {what} (JSON)",
                                      layout=widgets.Layout(width=width, height="5em"))
        return [widgets.HBox([
            self.button("Save", f"Write the {what} as JSON in the box", self.save, "download",
                        control="save"),
            self.button("Load", f"Load the {what} written in the box", self.load, "upload",
                        control="load"),
        ]), self.saved]

    def save(self) -> None:
        self.saved.value = self.state.to_json()
        self.say("Saved in the box: copy the text somewhere safe to keep it.", "good")

    def load(self) -> None:
        try:
            loaded = type(self.state).from_json(self.saved.value)
        except SavedGameError as error:
            self.say(f"Cannot load: {error}", "error")
            return
        self.start(loaded, f"{self.saved_what.capitalize()} loaded.")

    def redraw(self) -> None:
        """Paint the whole picture again from the engine state, in one message (and write the
        text view, when it is shown). The canvas takes the scene's size, so a loaded game of
        another size is drawn whole."""
        self._paints += 1
        self.canvas.drags = self.takes_drags()
        paint(self.canvas, self.scene())
        if self.text_toggle.value:
            self._show_text()

    def _set_large(self, change: dict) -> None:
        self.canvas.large = bool(change["new"])

    def _show_text(self) -> None:
        shown = self.text_toggle.value
        self.text_view.layout.display = None if shown else "none"
        self.text_view.value = f"<pre>{html.escape(self.describe())}</pre>" if shown else ""

    def say(self, message: str, kind: str = "info") -> None:
        """Show ``message`` in the status line under the canvas, and bring it into view if the
        player has just pressed on this board (each message flashes, even a repeated one)."""
        self._says += 1
        if not self._first_help and kind == "info":
            self._first_help = message  # a board first says how to play it
        self.status.value = (
            f'<div role="status" aria-live="polite" data-said="{self._says}" '
            f'style="{_STATUS_STYLE[kind]}">{html.escape(message)}</div>'
        )
        self.canvas.reveal_status()

    # ----- presses: every one is answered ---------------------------------------------------------
    @property
    def _handles_release(self) -> bool:
        return type(self).on_release is not CanvasBoard.on_release

    def _press(self, x: float, y: float) -> None:
        self._press_mark = (self._says, self._paints)
        self.on_click(x, y)
        if not self._handles_release:
            self._answer_silence()

    def _release(self, x: float, y: float) -> None:
        if self._press_mark is None:
            return
        if self._handles_release:
            self.on_release(x, y)
            self._answer_silence()
        self._press_mark = None

    def _answer_silence(self) -> None:
        """A press that changed nothing and said nothing gets an answer anyway."""
        if self._press_mark == (self._says, self._paints):
            self.say(f"Nothing to play at that spot. {self._first_help}".strip(), "error")

    def simulate_click(self, x: float, y: float) -> None:
        """Behave exactly as if the canvas had been clicked at pixel ``(x, y)`` (for tests)."""
        self.simulate_drag((x, y), (x, y))

    def simulate_drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Behave as if the mouse were pressed at ``start`` and released at ``end``."""
        self._guarded(self._press)(*start)
        self._guarded(self._release)(*end)

    def simulate_key(self, key: str, shift: bool = False) -> None:
        """Behave exactly as if ``key`` had been pressed on the canvas (for tests)."""
        self._guarded(self.on_key)(key, shift, False, False)

    def button(self, label: str, tooltip: str, callback: Callable[[], None],
               icon: str = "", *, control: str) -> widgets.Button:
        """A labelled button whose callback's errors are shown in the status line. ``control``
        names what it does (``"roll"``, ``"undo"``, ``"new_game"`` ...): a game's
        ``INFO.controls`` lists those a player uses, and :meth:`controls_shown` hides the
        others where one screen's tools make no sense (a class table, an app)."""
        button = widgets.Button(description=label, tooltip=tooltip, icon=icon,
                                layout=widgets.Layout(width="auto"))
        guarded = self._guarded(callback)
        button.on_click(lambda _: guarded())
        self.buttons.setdefault(control, []).append(button)
        return button

    @property
    def buttons(self) -> dict[str, list[widgets.Button]]:
        """The board's buttons by their control (see :meth:`button`)."""
        if "_buttons" not in self.__dict__:
            self._buttons: dict[str, list[widgets.Button]] = {}
        return self._buttons

    @property
    def new_game_buttons(self) -> list[widgets.Button]:
        """The board's buttons that start a new game (an app, which has its own, hides them)."""
        return self.buttons.get("new_game", [])

    def controls_shown(self, allowed: Collection[str] | None) -> None:
        """Show only the buttons whose control is in ``allowed`` (``None``: every button)."""
        for control, buttons in self.buttons.items():
            for button in buttons:
                button.layout.display = None if allowed is None or control in allowed else "none"

    def _guarded(self, callback: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(callback)
        def run(*args: Any) -> None:
            try:
                callback(*args)
            except ActionError as refusal:  # a control used when the rules allow it not
                self.say(f"Not allowed: {refusal}", "error")
            except Exception as error:
                self.say(f"Something went wrong: {type(error).__name__}: {error}", "error")

        return run
