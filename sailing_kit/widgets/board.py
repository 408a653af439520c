"""The base of every board: a canvas drawn from the engine's state, a status line, controls.

A board holds no rules. It draws ``scene()`` (built from the engine's state by the same drawing
code as the static picture), turns clicks and keys into engine actions, and shows the engine's
own words when an action is refused: one short line in a space that never moves, the full words
one tap away. Exceptions in callbacks appear in the status line instead of vanishing into the
kernel log. Each move of a bot or of chance is painted as it happens, so the painter shows it
moving. Every control names its control id; saving, the replay and the projector wait in a small
"More" menu, and in an app every button a student does not use (undo, ...) joins them.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.bots import Bot, advance, named_bots
from sailing_kit.core.errors import ActionError, SavedGameError
from sailing_kit.core.i18n import N_, _, language, use_language
from sailing_kit.core.protocol import CHANCE
from sailing_kit.draw.scene import Scene
from sailing_kit.widgets.canvas import BoardCanvas, paint
from sailing_kit.widgets.controls import game_controls
from sailing_kit.widgets.words import SHORT_MOST, short_line

_STATUS_STYLE = {
    "info": "color:#1b1b1b",
    "good": "color:#00603f",
    "error": "color:#a13c00;font-weight:bold",
}
_SAVED_WORDS = {
    "game": (N_("a saved game (JSON)"), N_("Write the game as JSON in the box"),
             N_("Load the game written in the box"), N_("Game loaded.")),
    "race": (N_("a saved race (JSON)"), N_("Write the race as JSON in the box"),
             N_("Load the race written in the box"), N_("Race loaded.")),
}
"""The words of the save box, by what it saves: the box, Save's and Load's tooltips, loaded."""
ONE_SCREEN_TOOLS = frozenset({"projector", "replay", "timer"})
"""Controls that are no buttons yet belong to one screen or to the teacher: the More menu's."""


def number_key(key: str) -> int | None:
    """The number of a digit key, 1 to 9, or None for any other key (a "²" or a "١" is no
    digit key, whatever ``str.isdigit`` says)."""
    return int(key) if len(key) == 1 and key in "123456789" else None


class CanvasBoard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Subclasses implement :meth:`scene` and :meth:`on_click` (and :meth:`on_key` if they take
    keys); they call :meth:`play` to send an action to the engine. ``bots`` maps player numbers
    to computer players (each a bot function or the name of one of the game's bots): after
    every human action, bots move until a human's turn; chance is
    sampled too unless ``auto_chance`` is False (the board then offers its own roll control).
    ``more`` holds the widgets of the More menu besides its buttons (a save box, a replay)."""

    def __init__(self, state: Any, *, size: tuple[int, int],
                 controls: Sequence[widgets.Widget] = (), side: Sequence[widgets.Widget] = (),
                 more: Sequence[widgets.Widget] = (),
                 bots: Mapping[int, Bot | str] | None = None,
                 auto_chance: bool = True):
        self.language = language()
        """The language the board speaks (the notebook's when it was made): its events, its
        redraws and its refreshes run in it; code that calls a board from elsewhere (the class
        server) does so inside ``use_language(board.language)``."""
        self.state = state
        self.bots = named_bots(state.GAME, bots) if bots else {}
        self.auto_chance = auto_chance
        self._says = self._paints = 0
        self._first_help = ""
        self._press_mark: tuple[int, int] | None = None
        self.canvas = BoardCanvas(*size, projector=self.projector)
        self.status = widgets.HTML(layout=widgets.Layout(min_height="1.8em", width="0",
                                                         min_width="100%"))
        self.status.add_class("sk-status")
        self.text_toggle = self.switch(_("Text"), _("Show the position in words (for screen "
                                       "readers and printouts)"), control="text", icon="align-left")
        self.text_view = widgets.HTML(layout=widgets.Layout(display="none"))
        self.text_view.add_class("sk-text")
        self.text_toggle.observe(self._guarded(lambda _: self._show_text()), names="value")
        self.projector_toggle = self.switch(
            _("Projector"), _("Large type and thick lines, as large as the page allows (for "
                              "the back of a classroom)"),
            control="projector", icon="television", value=self.projector)
        self.projector_toggle.observe(self._guarded(self._set_projector), names="value")
        self.canvas.on_mouse_down(self._guarded(self._press))
        self.canvas.on_mouse_up(self._guarded(self._release))
        self.canvas.on_key_down(self._guarded(self.on_key))
        column = widgets.VBox([self.canvas, self.status])
        column.add_class("sk-board-column")
        panel = widgets.VBox(list(side))
        panel.add_class("sk-side")
        body = widgets.HBox([column, panel]) if side else column
        body.add_class("sk-body")
        self.more_toggle = widgets.ToggleButton(
            description=_("More"), icon="ellipsis-h", layout=widgets.Layout(width="auto"),
            tooltip=_("Tools for one screen and for the teacher: undo, save, load, replay, "
                      "projector"))
        self.more_panel = widgets.HBox(list(more), layout=widgets.Layout(display="none"))
        self.more_panel.add_class("sk-more-panel")
        self.more_toggle.observe(lambda change: setattr(
            self.more_panel.layout, "display", "flex" if change["new"] else "none"), "value")
        self.controls = widgets.HBox([*controls, self.text_toggle, self.projector_toggle,
                                      self.more_toggle])
        self.controls.add_class("sk-controls")
        super().__init__([self.controls, self.more_panel, body, self.text_view])
        self.add_class("sailing-kit-board")
        self.arrange_controls(None)
        self.redraw()

    _allowed: frozenset[str] | None = None
    _undo_asked: tuple[int, int | None] | None = None
    projector = False
    """Whether new boards start in projector mode (a teacher may set ``CanvasBoard.projector =
    True`` once for a whole lesson); each board's Projector toggle switches it too."""

    # ----- what a board implements ----------------------------------------------------------------
    def scene(self) -> Scene:
        """The picture to paint: by default the state's own."""
        picture: Scene = self.state.scene()
        return picture

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
        return str(self.state.describe())

    def student_controls(self) -> frozenset[str] | None:
        """The buttons a student at a class table or in an app uses (None: all of them): the
        game's ``INFO.controls``."""
        return game_controls(getattr(self.state, "GAME", ""))

    # ----- machinery --------------------------------------------------------------------------------
    def play(self, action: Any, success: str | None = None) -> bool:
        """Apply ``action`` to the engine; on refusal show the broken rule and change nothing."""
        try:
            self.state.apply(action)
        except ActionError as refusal:
            self.refuse(refusal)
            return False
        self.on_played(action)
        self.advance_bots(success)
        return True

    def refuse(self, refusal: Exception) -> None:
        """Say a refusal: its first words in the status line, the engine's whole ruling (with
        its rule) behind "why?"."""
        prefix = _("Not allowed: {rule}", rule="")
        self.say(_("Not allowed: {rule}", rule=short_line(str(refusal), SHORT_MOST - len(prefix))),
                 "error", detail=_("Not allowed: {rule}", rule=refusal))

    def advance_bots(self, message: str | None = None) -> None:
        """Let bots and chance move until a human must act, painting each move as it is made
        (the painter shows it moving), then redraw."""
        if self._others_move_next():
            self.redraw()  # the human's own move first, then each of the others
        advance(self.state, _BotsNow(self), chance=self.auto_chance,
                on_action=self._moved_by_others)
        self.refresh(message)

    def bots_may_act(self) -> bool:
        """Whether the bot to act may decide now (a board whose game has team decisions says no
        while the people at the screen must decide)."""
        return True

    def _moved_by_others(self, action: Any) -> None:
        self.on_played(action)
        if self._others_move_next():
            self.redraw()

    def _others_move_next(self) -> bool:
        """Whether a bot or chance moves next, now (so the move just made is painted first)."""
        player = self.state.current_player
        if player == CHANCE:
            return self.auto_chance
        return player in self.bots and self.bots_may_act()

    def on_played(self, action: Any) -> None:
        """Called right after every action applied (the human's, then each bot's or chance's),
        with the state as it then stands: a board with a log writes it there."""

    def refresh(self, message: str | None = None) -> None:
        """Redraw from the state and update the status line."""
        with use_language(self.language):
            self.after_change()
            self.redraw()
            if message is not None:
                self.say(message, "good")

    UNDONE = N_("Move taken back.")
    """What the status line says after an undo (boards with dice add that they roll the same),
    marked with ``N_`` and translated where it is said."""

    @property
    def human_to_act(self) -> bool:
        """A human player (not a bot, not chance) is to act."""
        player = self.state.current_player
        return player is not None and player != CHANCE and player not in self.bots

    def undo(self) -> None:
        """Take back the last human move, with the bots' and chance's moves that followed it.
        Several people at one screen: a move is taken back by the player who made it, so a press
        by anyone else asks that player to press again."""
        state = self.state
        if not state.history:
            self.say(_("Nothing to undo yet."), "error",
                     detail=_("There is nothing to undo: no move has been played yet."))
            return
        mover, now = self.last_human_mover(), state.current_player
        asking = (len(state.history), mover)
        if (mover is not None and now != mover and now in self.humans_at_screen
                and self._undo_asked != asking):
            self._undo_asked = asking
            name = self.player_name(mover)
            self.say(_("{Name} moved last: {name}, press Undo again to take it back.",
                       Name=name[:1].upper() + name[1:], name=name),
                     detail=_("Undo takes back only your own moves. The move of {name} is taken "
                              "back if {name} presses Undo now.", name=name))
            return
        self._undo_asked = None
        state.undo()
        while state.history and not self.human_to_act:
            state.undo()
        self.reset(new_game=False)
        self.refresh(_(self.UNDONE))

    def is_computer(self, player: int) -> bool:
        """Whether the board names ``player`` a computer (at a class table: a bot the teacher
        seated, not a student at another device)."""
        return player in self.bots

    @property
    def humans_at_screen(self) -> list[int]:
        """The seats played by people at this screen (not bots)."""
        return [seat for seat in range(self.state.num_players) if seat not in self.bots]

    def last_human_mover(self) -> int | None:
        """The seat of the person who made the last move that an undo takes back."""
        past = self.state.copy()
        while past.history:
            past.undo()
            player = past.current_player
            if player is not None and player != CHANCE and player not in self.bots:
                return int(player)
        return None

    def player_name(self, seat: int) -> str:
        """A seat as the board names it."""
        name = getattr(self.state, "name", None)
        return str(name(seat)) if callable(name) else _("Player {number}", number=seat + 1)

    def start(self, state: Any, message: str) -> None:
        """Put another game in place (a new deal, a loaded file) and let the bots begin."""
        self.state = state
        self.reset(new_game=True)
        self.advance_bots()
        self.say(message, "good")

    def save_and_load(self, what: str = "game", width: str = "320px") -> list[widgets.Widget]:
        """Save and Load buttons with the box that holds the saved ``what`` (a "game" or a
        "race") as JSON text."""
        self.saved_words = _SAVED_WORDS[what]
        box, write, read, _loaded = self.saved_words
        self.saved = widgets.Textarea(placeholder=_(box),
                                      layout=widgets.Layout(width=width, height="5em"))
        return [widgets.VBox([widgets.HBox([
            self.button(_("Save"), _(write), self.save, "download", control="save"),
            self.button(_("Load"), _(read), self.load, "upload", control="load"),
        ]), self.saved])]

    def save(self) -> None:
        self.saved.value = self.state.to_json()
        self.say(_("Saved in the box: copy the text somewhere safe to keep it."), "good")

    def load(self) -> None:
        try:
            loaded = type(self.state).from_json(self.saved.value)
        except SavedGameError as error:
            self.say(_("Cannot load that text."), "error",
                     detail=_("Cannot load: {problem}", problem=error))
            return
        self.start(loaded, _(self.saved_words[3]))

    def redraw(self) -> None:
        """Paint the whole picture again from the engine state, in one message (and write the
        text view, when it is shown). The canvas takes the scene's size, so a loaded game of
        another size is drawn whole."""
        self._paints += 1
        self.canvas.drags = self.takes_drags()
        with use_language(self.language):
            paint(self.canvas, self.scene())
            if self.text_toggle.value:
                self._show_text()

    def _set_projector(self, change: dict[str, Any]) -> None:
        self.canvas.projector = bool(change["new"])

    def _show_text(self) -> None:
        shown = self.text_toggle.value
        self.text_view.layout.display = None if shown else "none"
        self.text_view.value = f"<pre>{html.escape(self.describe())}</pre>" if shown else ""

    def say(self, message: str, kind: str = "info", *, detail: str = "") -> None:
        """Show ``message`` in the status line under the canvas: one short line (a long message
        is cut at its first sentence), its whole words (or ``detail``) behind "why?"; a line
        cut by a narrow screen shows whole while tapped (focused) or hovered; brought
        into view if the player has just pressed on this board (each message flashes, even a
        repeated one)."""
        self._says += 1
        if not self._first_help and kind == "info":
            self._first_help = message  # a board first says how to play it
        short = short_line(message)
        full = detail or (message if short != message else "")
        opener = _("why?") if kind == "error" else _("more")
        why = (f'<details><summary>{opener}</summary>'
               f"<div>{html.escape(full)}</div></details>") if full else ""
        self.status.value = (
            f'<div class="sk-said" role="status" aria-live="polite" data-said="{self._says}" '
            f'style="{_STATUS_STYLE[kind]}"><span class="sk-short" tabindex="0" '
            f'title="{html.escape(short)}">{html.escape(short)}</span>'
            f"{why}</div>"
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
            self.say(_("Nothing to play there."), "error", detail=self._first_help)

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

    # ----- controls ---------------------------------------------------------------------------------
    def button(self, label: str, tooltip: str, callback: Callable[[], None],
               icon: str = "", *, control: str) -> widgets.Button:
        """A labelled button whose callback's errors are shown in the status line. ``control``
        names what it does (``"roll"``, ``"undo"``, ``"new_game"`` ...): a game's
        ``INFO.controls`` lists those a player uses; the others wait in the More menu, and
        :meth:`controls_shown` hides them where one screen's tools make no sense (a class
        table)."""
        button = widgets.Button(description=label, tooltip=tooltip, icon=icon,
                                layout=widgets.Layout(width="auto"))
        guarded = self._guarded(callback)
        button.on_click(lambda _: guarded())
        return self.named(button, control)

    def switch(self, label: str, tooltip: str, *, control: str, icon: str = "",
               value: bool = False) -> widgets.ToggleButton:
        """A toggle button named ``control`` (observe its ``value``): a way of looking at the
        game or a choice before a move, which a player keeps unless it is one of the
        :data:`ONE_SCREEN_TOOLS`."""
        return self.named(widgets.ToggleButton(value=value, description=label, tooltip=tooltip,
                                               icon=icon, layout=widgets.Layout(width="auto")),
                          control)

    def named(self, widget: Any, control: str) -> Any:
        """Register ``widget`` as the control ``control`` and return it (a button is hidden at
        once if :meth:`controls_shown` has ruled its control out)."""
        self.control_widgets.append((control, widget))
        if not self._shown(control, widget):
            widget.layout.display = "none"
        return widget

    def renew(self, box: widgets.Box, children: Sequence[widgets.Widget]) -> None:
        """Put ``children`` in ``box``; the controls they replace are forgotten and closed."""
        old = [widget for widget in box.children if widget not in children]
        box.children = tuple(children)
        self.control_widgets[:] = [(c, w) for c, w in self.control_widgets if w not in old]
        for widget in old:
            widget.close()

    @property
    def control_widgets(self) -> list[tuple[str, widgets.Widget]]:
        """Every control of the board with its id, in the order made."""
        if "_control_widgets" not in self.__dict__:
            self._control_widgets: list[tuple[str, widgets.Widget]] = []
        return self._control_widgets

    @property
    def buttons(self) -> dict[str, list[widgets.Button]]:
        """The board's buttons by their control (see :meth:`button`)."""
        found: dict[str, list[widgets.Button]] = {}
        for control, widget in self.control_widgets:
            if isinstance(widget, widgets.Button):
                found.setdefault(control, []).append(widget)
        return found

    @property
    def new_game_buttons(self) -> list[widgets.Button]:
        """The board's buttons that start a new game (an app, which has its own, hides them)."""
        return self.buttons.get("new_game", [])

    def controls_shown(self, allowed: Collection[str] | None) -> None:
        """Show only the buttons whose control is in ``allowed`` (``None``: every button), now
        and when they are made later."""
        self._allowed = None if allowed is None else frozenset(allowed)
        for control, widget in self.control_widgets:
            widget.layout.display = None if self._shown(control, widget) else "none"

    def _shown(self, control: str, widget: widgets.Widget) -> bool:
        return (self._allowed is None or control in self._allowed
                or not isinstance(widget, widgets.Button))

    def arrange_controls(self, student: Collection[str] | None) -> None:
        """Move the one-screen tools into the More menu, and (an app does so) the buttons not
        in ``student``; the rest stay in the toolbar."""
        for control, widget in self.control_widgets:
            tool = control in ONE_SCREEN_TOOLS or (
                student is not None and isinstance(widget, widgets.Button)
                and control not in student)
            if tool and widget in self.controls.children:
                self.controls.children = tuple(w for w in self.controls.children
                                               if w is not widget)
                self.more_panel.children = (*self.more_panel.children, widget)
        self.more_toggle.layout.display = None if self.more_panel.children else "none"

    def more_shown(self, shown: bool) -> None:
        """Show or hide the More menu altogether (an app shows it to a teacher only)."""
        self.more_toggle.layout.display = None if shown and self.more_panel.children else "none"
        if not shown:
            self.more_toggle.value = False

    def _guarded(self, callback: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(callback)
        def run(*args: Any) -> None:
            try:
                with use_language(self.language):
                    callback(*args)
            except ActionError as refusal:  # a control used when the rules allow it not
                self.refuse(refusal)
            except Exception as error:
                self.say(_("Something went wrong: {kind}: {problem}",
                           kind=type(error).__name__, problem=error), "error")

        return run


class _BotsNow(Mapping[int, Bot]):
    """A board's bots, as :func:`advance` sees them: none while the board keeps the decision
    for the people at the screen."""

    def __init__(self, board: CanvasBoard):
        self.board = board

    def __getitem__(self, player: int) -> Bot:
        return self.board.bots[player]

    def __contains__(self, player: object) -> bool:
        return player in self.board.bots and self.board.bots_may_act()

    def __iter__(self) -> Iterator[int]:
        return iter(self.board.bots)

    def __len__(self) -> int:
        return len(self.board.bots)
