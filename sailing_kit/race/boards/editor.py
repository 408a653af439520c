"""The situation editor: place and turn boats, draw each boat's track move by move, place marks,
obstructions and lulls, turn the wind — with a mouse, by touch, or by keyboard alone — while
both umpires rule at once and the protest committee's answers update beside the board.

Every change goes through :mod:`sailing_kit.race.encounter_edit`, so the engine checks it; a
refused change leaves the situation as it was and the status line says why. Save writes the
situation as JSON in the box (read back strictly by Load), and a teacher collects situations
into a quiz file for :meth:`sailing_kit.race.trainer.Quiz.load`.

Keys (click the board, or Tab to it): arrows move the cursor (in Moves, choose the end), Enter
places the tool or picks up and drops a piece (in Moves, sails the chosen end), 1–9 sail an
end; b boat, m mark, o obstruction, l lull, v moves: the tools; q/e turn the selected boat, a/d
turn the wind (in Moves: a wind shift), p switches a mark's side, x removes the piece at the
cursor, u takes back the last move, h hails for room to tack with the next move, s saves.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import ipywidgets as widgets

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene
from sailing_kit.race import encounter_edit as edit
from sailing_kit.race.boards.layout import side_panel, wrapping_row
from sailing_kit.race.boards.verdict_words import committee_html
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.encounter import Ask, Encounter, Question
from sailing_kit.race.encounter_drawing import Board, frame_scene
from sailing_kit.race.encounter_file import (
    encounter_from_data,
    encounter_to_data,
    json_text,
    quiz_to_data,
)
from sailing_kit.race.sailing import TurnOption
from sailing_kit.race.verdicts import verdicts
from sailing_kit.race.wind import compass_name
from sailing_kit.widgets.board import CanvasBoard

BOX = (560, 470)
TOOLS = {"boat": "b", "mark": "m", "obstruction": "o", "lull": "l", "moves": "v"}
TOOL_LABELS = {"boat": N_("Boat"), "mark": N_("Mark"), "obstruction": N_("Obstruction"),
               "lull": N_("Lull"), "moves": N_("Moves")}
"""Each tool's button (shown as ``_(TOOL_LABELS[tool])``)."""
PIECES = {"boat": N_("a boat"), "mark": N_("a mark"), "obstruction": N_("an obstruction"),
          "lull": N_("a lull")}
"""Each kind of piece in a sentence (shown as ``_(PIECES[kind])``)."""
ARROWS = {"ArrowUp": Direction.N, "ArrowDown": Direction.S, "ArrowLeft": Direction.W,
          "ArrowRight": Direction.E}
HELP = N_("Tap or click to place; drag a piece to move it; in Moves tap a numbered end. Keys: "
          "arrows, Enter, b m o l v tools, q/e turn the boat, a/d the wind, x removes, u undo, "
          "s save.")
"""The keys (shown as ``_(HELP)``)."""


class SituationEditor(CanvasBoard):
    """Edit ``situation`` (default: a new one with two boats)."""

    def __init__(self, situation: Encounter | None = None):
        self.draft = edit.checked(situation) if situation is not None else edit.blank()
        self.tool = "boat"
        self.cursor: Point = self.draft.boats[0].position
        self.selected: str | None = self.draft.boats[0].name
        self.holding: Point | None = None
        """A piece picked up with Enter, to be dropped at the cursor (keyboard moving)."""
        self.choice = 0
        self.hail = False
        self.collected: list[Encounter] = []
        self.board = self._board()
        self._build_widgets()
        super().__init__(self.draft, size=BOX, controls=self._controls(),
                         side=[self.side])
        self.after_change()
        self.say(_(HELP))

    # ----- widgets ---------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.tools = widgets.ToggleButtons(
            options=[(_(TOOL_LABELS[name]), name) for name in TOOLS], value=self.tool,
            description=_("Tool:"), style={"button_width": "auto"},
            tooltips=[_("{tool} (key {key})", tool=_(TOOL_LABELS[name]), key=key)
                      for name, key in TOOLS.items()])
        self.tools.observe(self._guarded(lambda change: self.use(change["new"])), names="value")
        self.question = widgets.Dropdown(
            options=[(_("Who keeps clear?"), "keep_clear"), (_("Mark-room?"), "mark_room"),
                     (_("Who is penalised?"), "penalised")],
            value=self.draft.ask.question.value, description=_("Ask:"))
        self.question.observe(self._guarded(lambda change: self.set_question(change["new"])),
                              names="value")
        self.title_box = widgets.Text(value=_(self.draft.title), description=_("Title:"))
        self.title_box.observe(self._guarded(lambda change: self._retitle(change["new"])),
                               names="value")
        self.verdict = widgets.HTML()
        self.saved = widgets.Textarea(placeholder=_("a saved situation (JSON)"),
                                      layout=widgets.Layout(width="360px", max_width="100%",
                                                            height="6em"))
        self.side = side_panel([
            self.title_box, self.question,
            widgets.HBox([self.button(_("Ask here"), _("Ask the question after the moves drawn "
                                                       "so far"), self.ask_here, "question",
                                      control="edit")]),
            self.verdict,
            widgets.HBox([
                self.button(_("Save"), _("Write the situation as JSON in the box (s)"),
                            self.save, "download", control="save"),
                self.button(_("Load"), _("Read the situation written in the box"), self.load,
                            "upload", control="load")]),
            widgets.HBox([  # a row of its own: the longer languages' words need its width
                self.button(_("Add to quiz"), _("Keep this situation for a quiz file"),
                            self.add_to_quiz, "plus", control="save"),
                self.button(_("Save quiz"), _("Write the situations kept as a quiz file in the "
                                              "box"), self.save_quiz, "list", control="save")]),
            self.saved])

    def _controls(self) -> list[widgets.Widget]:
        return [widgets.VBox([
            self.tools,
            wrapping_row([
                self.button(_("Boat"), _("Turn the selected boat anticlockwise (q)"),
                            lambda: self.turn(-1), "rotate-left", control="edit"),
                self.button(_("Boat"), _("Turn the selected boat clockwise (e)"),
                            lambda: self.turn(1), "rotate-right", control="edit"),
                self.button(_("Wind"), _("Turn the wind anticlockwise (a)"),
                            lambda: self.wind(-1), "rotate-left", control="edit"),
                self.button(_("Wind"), _("Turn the wind clockwise (d)"), lambda: self.wind(1),
                            "rotate-right", control="edit"),
                self.button(_("Remove"), _("Remove the piece at the cursor (x)"), self.remove,
                            "trash", control="edit"),
                self.button(_("Side"), _("Leave the mark at the cursor to the other side (p)"),
                            self.switch_side, "exchange", control="edit"),
                self.button(_("Undo move"), _("Take back the last move (u)"), self.undo_move,
                            "undo", control="edit"),
                self.button(_("Hail"), _("Hail for room to tack with the next move (h)"),
                            self.toggle_hail, "bullhorn", control="edit"),
            ])], layout=widgets.Layout(max_width="100%"))]

    # ----- the picture -------------------------------------------------------------------------
    def _board(self) -> Board:
        """The view: kept while every piece and move fits in it (so the water does not shift
        under the pointer), fitted again when something leaves it."""
        timeline = verdicts(self.draft).timeline
        current: Board | None = getattr(self, "board", None)
        points = [b.position for f in timeline.frames for b in f.boats] + \
            [m.at for m in self.draft.marks] + list(self.draft.obstructions) + \
            list(self.draft.lulls)
        if current is not None and all(current.view.contains(p) for p in points):
            return current
        return Board.fitted(timeline, BOX)

    @property
    def ends(self) -> list[TurnOption]:
        return edit.next_ends(self.draft) if self.tool == "moves" else []

    def scene(self) -> Scene:
        found = verdicts(self.draft)
        timeline = found.timeline
        scene = frame_scene(timeline, found.record, self.board, len(timeline.frames) - 1,
                            overlays={"tacks", "zone", "keep_clear"}, reveal=True,
                            title=_("Editing: {title}", title=_(self.draft.title)))
        view = self.board.view
        if view.contains(self.cursor):
            x, y = view.pixel(self.cursor)
            half = 0.45 * view.cell
            scene.rect(x - half, y - half, 2 * half, 2 * half, stroke=palette.BLUE, width=3)
        for number, end in enumerate(self.ends[:9], 1):
            chosen = number - 1 == self.choice
            x, y = option_marker(view, end)
            scene.line(view.pixel(end.position), (x, y), stroke=palette.BLUISH_GREEN, width=2)
            scene.circle((x, y), 0.2 * view.cell + (3 if chosen else 0),
                         fill=palette.BLUISH_GREEN, stroke=palette.INK,
                         width=3 if chosen else 1)
            scene.text((x, y), str(number), size=12, colour="#ffffff", bold=True)
        return scene

    def describe(self) -> str:
        found = verdicts(self.draft)
        lines = [_("Editing '{title}': tool {tool}, cursor at {point}.",
                   title=_(self.draft.title), tool=_(TOOL_LABELS[self.tool]),
                   point=self.cursor)]
        lines += [_("{boat} at {point} heading {heading}", boat=b.name, point=b.position,
                    heading=compass_name(b.heading)) for b in found.timeline.moments[-1].boats]
        lines += [_("End {number}: {end}", number=n, end=end.describe())
                  for n, end in enumerate(self.ends[:9], 1)]
        return "\n".join(lines)

    def _kept(self) -> str:
        return n_("{count} situation kept for the quiz.", "{count} situations kept for the quiz.",
                  len(self.collected))

    def after_change(self) -> None:
        self.verdict.value = committee_html(self.draft) + (
            f"<p>{html.escape(self._kept())}</p>" if self.collected else "")

    def _apply(self, changed: Encounter, message: str) -> None:
        """Keep ``changed`` (already checked) and redraw; the view follows the pieces."""
        self.draft = self.state = changed
        self.board = self._board()
        self.choice = min(self.choice, max(0, len(self.ends) - 1))
        self.refresh(message)

    def _try(self, change: Callable[[], Encounter], message: str) -> bool:
        """Run an edit (a callable returning the new situation); a refusal changes nothing."""
        try:
            changed = change()
        except (ConfigError, ValueError) as refusal:
            self.say(_("Not allowed: {refusal}", refusal=refusal), "error")
            return False
        self._apply(changed, message)
        return True

    # ----- editing ------------------------------------------------------------------------------
    def use(self, tool: str) -> None:
        self.tool = reading.choice(tool, tuple(TOOLS), _("the tool"), error=ConfigError)
        self.tools.value = tool
        self.choice = 0
        self.refresh(_("Moves: sail the boat to play to one of the numbered ends.")
                     if tool == "moves" else _("Tool: {tool}.", tool=_(TOOL_LABELS[tool])))

    def place(self, point: Point) -> None:
        """The tool's action at ``point``: select a boat there, or add a piece."""
        what = edit.piece_at(self.draft, point)
        if what in self.draft.names:
            self.selected = what
            self.refresh(_("{boat} selected: q/e turn her.", boat=what))
        elif what is not None:
            self.refresh(_("{piece} stands at {point}.", piece=_(PIECES[what]).capitalize(),
                           point=point))
        elif self.tool == "boat":
            placed = _("A boat at {point} (the moves drawn were cleared: every boat plays in "
                       "turn).", point=point) if self.draft.events else \
                _("A boat at {point}.", point=point)
            self._try(lambda: edit.add_boat(self.draft, point, Direction.NW), placed)
        elif self.tool in ("mark", "obstruction", "lull"):
            self._try(lambda: edit.add_piece(self.draft, self.tool, point),
                      _("{piece} at {point}.", piece=_(PIECES[self.tool]).capitalize(),
                        point=point))

    def drag(self, source: Point, target: Point) -> None:
        self._try(lambda: edit.move_piece(self.draft, source, target),
                  _("Moved from {source} to {target}.", source=source, target=target))

    def turn(self, steps: int) -> None:
        if self.selected is None:
            self.say(_("Select a boat first (click it, or Enter on it)."), "error")
            return
        name = self.selected
        self._try(lambda: edit.turn_boat(self.draft, name, steps),
                  _("{boat} turned.", boat=name))

    def wind(self, steps: int) -> None:
        if self.tool == "moves":
            self._try(lambda: edit.shift_wind(self.draft, steps), _("A wind shift."))
        else:
            self._try(lambda: edit.turn_wind(self.draft, steps), _("The wind turned."))

    def remove(self) -> None:
        self._try(lambda: edit.remove_at(self.draft, self.cursor),
                  _("Removed at {point}.", point=self.cursor))

    def switch_side(self) -> None:
        if edit.piece_at(self.draft, self.cursor) != "mark":
            self.say(_("Put the cursor on a mark first."), "error")
            return
        self._try(lambda: edit.switch_side(self.draft, self.cursor),
                  _("The mark's side changed."))

    def sail(self, number: int) -> None:
        """Sail the boat to play to end ``number`` (from 0)."""
        ends = self.ends
        if not 0 <= number < len(ends):
            self.say(_("No such end: choose one of the numbered ends."), "error")
            return
        name, hail = edit.to_play(self.draft), self.hail
        if self._try(lambda: edit.sail(self.draft, ends[number], hail=hail),
                     _("{boat} sails to {point}.", boat=name, point=ends[number].position)):
            self.hail = False
            self.choice = 0

    def undo_move(self) -> None:
        self._try(lambda: edit.undo(self.draft), _("Move taken back."))

    def toggle_hail(self) -> None:
        self.hail = not self.hail
        self.say(_("The next move hails for room to tack.") if self.hail else _("No hail."))

    def set_question(self, question: str) -> None:
        kind = Question(question)
        ask = self.draft.ask
        after = len(self.draft.events) if kind is Question.PENALISED else ask.after
        self._try(lambda: edit.checked(_asked(self.draft, Ask(kind, after, ask.boats))),
                  _("The question changed."))

    def ask_here(self) -> None:
        ask = self.draft.ask
        if ask.question is Question.PENALISED:
            self.say(_("Who is penalised is asked at the end."), "info")
            return
        self._try(lambda: edit.checked(_asked(self.draft, Ask(ask.question,
                                                              len(self.draft.events),
                                                              ask.boats))),
                  _("The question is asked after move {number}.",
                    number=len(self.draft.events)))

    def _retitle(self, title: str) -> None:
        self._try(lambda: _retitled(self.draft, title), _("Title changed."))

    # ----- files --------------------------------------------------------------------------------
    def save(self) -> None:
        self.saved.value = json_text(encounter_to_data(self.draft))
        self.say(_("Saved in the box: copy it into a .json file to keep it."), "good")

    def load(self) -> None:
        """Read the box strictly: any refusal leaves the situation being edited as it was."""
        try:
            data = reading.json_value(self.saved.value, _("a saved situation"),
                                      error=ConfigError)
            loaded, _expected = encounter_from_data(data)
        except ConfigError as refusal:
            self.say(_("Cannot load: {refusal}", refusal=refusal), "error")
            return
        self.title_box.value = loaded.title
        self._apply(loaded, _("Loaded '{title}'.", title=_(loaded.title)))

    def save_to(self, path: str | Path) -> None:
        Path(path).write_text(json_text(encounter_to_data(self.draft)), encoding="utf-8")

    def add_to_quiz(self) -> None:
        if any(e.id == self.draft.id for e in self.collected):
            self.collected = [e for e in self.collected if e.id != self.draft.id]
        self.collected.append(self.draft)
        self.refresh(self._kept())

    def save_quiz(self, title: str = "My quiz") -> None:
        if not self.collected:
            self.say(_("Add situations to the quiz first."), "error")
            return
        self.saved.value = json_text(quiz_to_data(title, [(e, {}) for e in self.collected]))
        self.say(_("The quiz file is in the box: Quiz.load reads it."), "good")

    # ----- pointer and keys ---------------------------------------------------------------------
    def takes_drags(self) -> bool:
        return True

    def on_click(self, x: float, y: float) -> None:
        self._pressed_at = self.board.view.nearest(x, y)

    def on_release(self, x: float, y: float) -> None:
        start, end = getattr(self, "_pressed_at", None), self.board.view.nearest(x, y)
        if start is None or end is None:
            self.say(_("That is off the water."), "error")
            return
        self.cursor = end
        if self.tool == "moves":
            number = self.end_at(x, y)
            if number is None:
                self.say(_("Tap one of the numbered ends."), "error")
            else:
                self.sail(number)
        elif start != end and edit.piece_at(self.draft, start) is not None:
            self.drag(start, end)
        else:
            self.place(end)

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        keys = {"q": lambda: self.turn(-1), "e": lambda: self.turn(1),
                "a": lambda: self.wind(-1), "d": lambda: self.wind(1), "x": self.remove,
                "Delete": self.remove, "Backspace": self.remove, "p": self.switch_side,
                "u": self.undo_move, "h": self.toggle_hail, "s": self.save}
        tools = {key: tool for tool, key in TOOLS.items()}
        if key in tools:
            self.use(tools[key])
        elif key in keys:
            keys[key]()
        elif key in ARROWS:
            self._arrow(ARROWS[key])
        elif key in ("Enter", " "):
            self._enter()
        elif key.isdigit() and self.tool == "moves":
            self.sail(int(key) - 1)

    def end_at(self, x: float, y: float) -> int | None:
        """The numbered end whose marker is under pixel ``(x, y)`` (each marker sits off its
        intersection towards its heading, so ends on one intersection stay apart)."""
        reach = 0.3 * self.board.view.cell
        found = [(math.dist((x, y), option_marker(self.board.view, end)), number)
                 for number, end in enumerate(self.ends[:9])]
        near = [(gap, number) for gap, number in found if gap <= reach]
        return min(near)[1] if near else None

    def _arrow(self, direction: Direction) -> None:
        if self.tool == "moves" and self.ends:
            self.choice = (self.choice + (1 if direction in (Direction.E, Direction.N) else -1)) \
                % min(9, len(self.ends))
            self.refresh(_("End {number}: {end}.", number=self.choice + 1,
                           end=self.ends[self.choice].describe()))
            return
        moved = step(self.cursor, direction)
        if self.board.view.contains(moved):
            self.cursor = moved
            what = edit.piece_at(self.draft, moved)
            self.refresh(_("Cursor at {point}.", point=moved) if what is None else
                         _("Cursor at {point}: {piece}.", point=moved,
                           piece=_(PIECES[what]) if what in PIECES else what))

    def _enter(self) -> None:
        if self.tool == "moves":
            self.sail(self.choice)
        elif self.holding is not None:
            source, self.holding = self.holding, None
            self.drag(source, self.cursor)
        elif edit.piece_at(self.draft, self.cursor) is not None and \
                edit.piece_at(self.draft, self.cursor) not in self.draft.names:
            self.holding = self.cursor
            self.say(_("Picked up: move the cursor and press Enter to put it down."))
        elif edit.piece_at(self.draft, self.cursor) in self.draft.names and \
                self.selected == edit.piece_at(self.draft, self.cursor):
            self.holding = self.cursor
            self.say(_("{boat} picked up: move the cursor and press Enter to put her down.",
                       boat=self.selected))
        else:
            self.place(self.cursor)


def _asked(encounter: Encounter, ask: Ask) -> Encounter:
    return replace(encounter, ask=ask)


def _retitled(encounter: Encounter, title: str) -> Encounter:
    text = reading.text(title.strip() or "My situation", "the title", 200, error=ConfigError)
    slug = "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())[:80]
    return replace(encounter, title=text, id=slug or "my-situation")

