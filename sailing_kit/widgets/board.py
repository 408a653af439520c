"""The base of every board: a canvas drawn from the engine's state, a status line, controls.

A board holds no rules. It draws ``scene()`` (built from the engine's state by the same drawing
code as the static picture), turns clicks and keys into engine actions, and shows the engine's
own words when an action is refused. Exceptions in callbacks appear in the status line instead
of vanishing into the kernel log.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas

from sailing_kit.core.bots import Bot, advance
from sailing_kit.core.errors import IllegalAction, SavedGameError
from sailing_kit.core.protocol import CHANCE
from sailing_kit.draw.scene import Scene
from sailing_kit.widgets.canvas import paint

_STATUS_STYLE = {
    "info": "color:#1b1b1b",
    "good": "color:#00603f",
    "error": "color:#a13c00;font-weight:bold",
}


class CanvasBoard(widgets.VBox):
    """Subclasses implement :meth:`scene` and :meth:`on_click` (and :meth:`on_key` if they take
    keys); they call :meth:`play` to send an action to the engine. ``bots`` maps player numbers
    to computer players: after every human action, bots move until a human's turn; chance is
    sampled too unless ``auto_chance`` is False (the board then offers its own roll control)."""

    def __init__(self, state: Any, *, size: tuple[int, int], controls: list[widgets.Widget] = (),
                 side: list[widgets.Widget] = (), bots: dict[int, Bot] | None = None,
                 auto_chance: bool = True):
        self.state = state
        self.bots = dict(bots or {})
        self.auto_chance = auto_chance
        self.canvas = Canvas(width=size[0], height=size[1])
        self.canvas.layout.width = f"{size[0]}px"
        self.canvas.layout.height = f"{size[1]}px"
        self.status = widgets.HTML(layout=widgets.Layout(min_height="1.8em"))
        self.status.add_class("sk-status")
        self.text_toggle = widgets.ToggleButton(
            description="Text", icon="align-left", layout=widgets.Layout(width="auto"),
            tooltip="Show the position in words (for screen readers and printouts)")
        self.text_view = widgets.HTML(layout=widgets.Layout(display="none"))
        self.text_view.add_class("sk-text")
        self.text_toggle.observe(self._guarded(lambda _: self._show_text()), names="value")
        self.canvas.on_mouse_down(self._guarded(self.on_click))
        self.canvas.on_mouse_up(self._guarded(self.on_release))
        self.canvas.on_key_down(self._guarded(self.on_key))
        self.canvas.on_client_ready(self._guarded(self.redraw))
        body = widgets.HBox([self.canvas, widgets.VBox(list(side))]) if side else self.canvas
        super().__init__([widgets.HBox([*controls, self.text_toggle]), body, self.status,
                          self.text_view])
        self.add_class("sailing-kit-board")
        self.redraw()

    # ----- what a board implements ----------------------------------------------------------------
    def scene(self) -> Scene:
        """The picture to paint: by default the state's own."""
        return self.state.scene()

    def on_click(self, x: float, y: float) -> None:
        """Handle a click at canvas pixel ``(x, y)``."""

    def on_release(self, x: float, y: float) -> None:
        """Handle the mouse button released at ``(x, y)`` (the end of a drag)."""

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
        except IllegalAction as refusal:
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
            self.button("Save", f"Write the {what} as JSON in the box", self.save, "download"),
            self.button("Load", f"Load the {what} written in the box", self.load, "upload"),
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
        """Paint the whole picture again from the engine state, in one batch (and write the
        text view, when it is shown)."""
        paint(self.canvas, self.scene())
        if self.text_toggle.value:
            self._show_text()

    def _show_text(self) -> None:
        shown = self.text_toggle.value
        self.text_view.layout.display = None if shown else "none"
        self.text_view.value = f"<pre>{html.escape(self.describe())}</pre>" if shown else ""

    def say(self, message: str, kind: str = "info") -> None:
        self.status.value = (
            f'<div role="status" aria-live="polite" style="{_STATUS_STYLE[kind]}">'
            f"{html.escape(message)}</div>"
        )

    def simulate_click(self, x: float, y: float) -> None:
        """Behave exactly as if the canvas had been clicked at pixel ``(x, y)`` (for tests)."""
        self._guarded(self.on_click)(x, y)

    def simulate_drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Behave as if the mouse were pressed at ``start`` and released at ``end``."""
        self._guarded(self.on_click)(*start)
        self._guarded(self.on_release)(*end)

    def simulate_key(self, key: str, shift: bool = False) -> None:
        """Behave exactly as if ``key`` had been pressed on the canvas (for tests)."""
        self._guarded(self.on_key)(key, shift, False, False)

    def button(self, label: str, tooltip: str, callback: Callable[[], None],
               icon: str = "") -> widgets.Button:
        """A labelled button whose callback's errors are shown in the status line."""
        button = widgets.Button(description=label, tooltip=tooltip, icon=icon,
                                layout=widgets.Layout(width="auto"))
        guarded = self._guarded(callback)
        button.on_click(lambda _: guarded())
        return button

    def _guarded(self, callback: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(callback)
        def run(*args: Any) -> None:
            try:
                callback(*args)
            except Exception as error:
                self.say(f"Something went wrong: {type(error).__name__}: {error}", "error")

        return run
