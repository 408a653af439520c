"""The right-of-way trainer board: answer scenarios, or set boats up freely and watch the umpire.

The quiz asks before it tells: until the student answers, the picture has a neutral title, no
infringement ring and a "?" on a light-blue point; then the scenario's title, the ruling's
marks and the explanation. The grid is zoomed onto each scenario's boats in a canvas that keeps
its size.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import N_, _
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
from sailing_kit.race.rightofway import Boat, Rule
from sailing_kit.race.situation import Situation
from sailing_kit.race.situation_drawing import header, situation_scene, situation_view
from sailing_kit.race.trainer import Trainer, mentioned_points
from sailing_kit.widgets.board import CanvasBoard

RULE_LABELS = {
    Rule.STARBOARD: N_("starboard over port"),
    Rule.HEAD_TO_WIND: N_("head to wind keeps clear"),
    Rule.LEEWARD: N_("leeward over windward"),
    Rule.FASTER: N_("faster point of sail"),
    Rule.TURN_ORDER: N_("first to arrive"),
    Rule.INSIDE: N_("inside boat at the mark"),
    Rule.ASTERN_IN_ZONE: N_("engaged from astern in the zone"),
}
"""Each rule's button (shown as ``_(RULE_LABELS[rule])``)."""

HELP = N_("Quiz: click the boat that must keep clear (or its button, or keys 1/2). Free mode: "
          "drag a boat to move it (or s selects a boat, arrows move it); q/e turn it; a/d turn "
          "the wind. The umpire judges the boat you moved last, or the wind shift.")
"""The keys (shown as ``_(HELP)``)."""
BOX = (460, 480)
"""The canvas (pixels): every scenario is zoomed to fill it."""
ARROWS = {"ArrowUp": Direction.N, "ArrowDown": Direction.S, "ArrowLeft": Direction.W,
          "ArrowRight": Direction.E}


class RightOfWayTrainer(CanvasBoard):
    """Scenarios one at a time: say who must keep clear (level 2: and which rule decides) and
    get the ruling with its rule at once; a running score; a free mode with a live umpire."""

    state: Trainer

    def __init__(self, trainer: Trainer | None = None, *, level: int = 1, seed: int = 0):
        trainer = trainer if trainer is not None else Trainer(level=level, seed=seed)
        self.free: Situation | None = None
        self.selected: str | None = None
        self.feedback = widgets.HTML(layout=widgets.Layout(width="340px"))
        self.feedback.add_class("sk-feedback")
        self.score = widgets.HTML()
        self.answers = widgets.HBox()
        self.rules = widgets.ToggleButtons(
            options=[(_(label), rule.value) for rule, label in RULE_LABELS.items()], value=None,
            description=_("Rule:"), style={"button_width": "auto"},
            tooltips=[_(rule.text) for rule in RULE_LABELS])
        self.level = widgets.ToggleButtons(options=[(_("Who keeps clear"), 1),
                                                    (_("+ which rule"), 2)],
                                           value=trainer.level, description=_("Level:"))
        self.level.observe(self._guarded(self._change_level), names="value")
        self.mode = widgets.ToggleButton(description=_("Free mode"), icon="hand-paper-o",
                                         tooltip=_("Move the boats yourself; the umpire rules "
                                                   "live"), layout=widgets.Layout(width="auto"))
        self.mode.observe(self._guarded(self._toggle_free), names="value")
        controls = [self.level, self.button(_("Next"), _("Next scenario"), self.next_scenario,
                                            icon="forward", control="next"), self.mode]
        self.state = trainer  # (CanvasBoard sets it too) the first grid needs the question
        self.grid = self._fitted(trainer.current)
        super().__init__(trainer, size=BOX, controls=controls,
                         side=[self.score, self.answers, self.rules, self.feedback])
        self.after_change()
        self.say(_(HELP))

    @property
    def trainer(self) -> Trainer:
        return self.state

    # ----- what is shown ------------------------------------------------------------------------
    @property
    def situation(self) -> Situation:
        """What the canvas shows: the scenario asked, or the free mode's own situation."""
        return self.free or self.trainer.current

    @property
    def asking(self) -> bool:
        """A quiz question waits for its right answer: the picture must not give it away."""
        return self.free is None and not self.trainer.solved

    def mentioned(self, situation: Situation) -> list[Point]:
        """The points the scenario's words name by their coordinates (each is drawn)."""
        if situation is self.free:
            return []
        scenario = self.trainer.current
        return mentioned_points(f"{scenario.title} {scenario.explanation}")

    def question(self) -> str:
        """The neutral title shown while asking."""
        trainer = self.trainer
        first, second = trainer.current.question
        number = trainer.index % len(trainer.scenarios) + 1
        return _("Scenario {number} of {count}: who must keep clear, {a} or {b}?",
                 number=number, count=len(trainer.scenarios), a=first, b=second)

    def title(self) -> str:
        return self.question() if self.asking else _(self.situation.title)

    def view(self) -> GridView:
        """The grid on the canvas (where each boat is drawn and clicked)."""
        return self.grid

    def _fitted(self, situation: Situation) -> GridView:
        """The grid zoomed onto ``situation``, with room for the longer of its titles (so the
        boats stay put when the answer shows the real one)."""
        titles = [_(situation.title)] if situation is self.free else \
            [_(situation.title), self.question()]
        title = max(titles, key=lambda t: len(header(situation, t, BOX[0])))
        return situation_view(situation, box=BOX, title=title, also=self.mentioned(situation))

    def scene(self) -> Scene:
        situation = self.situation
        if self.free is not None:
            targets = {b.name: _("boat {boat}: drag it to move it", boat=b.name)
                       for b in situation.boats}
        else:
            targets = {name: _("{boat} keeps clear", boat=name)
                       for name in self.trainer.current.question} if self.asking else {}
        return situation_scene(situation, self.grid, reveal=not self.asking, title=self.title(),
                               targets=targets,
                               marked=[] if self.asking else self.mentioned(situation))

    def describe(self) -> str:
        if not self.asking:
            return self.situation.describe()
        first, second = self.trainer.current.question
        asked = Situation.describe(replace(self.situation, title=self.question()))
        return asked + "\n" + _("Question: between {a} and {b}, who must keep clear?", a=first,
                                b=second)

    def after_change(self) -> None:
        scenario = self.trainer.current
        self.rules.layout.display = None if self.trainer.level == 2 and not self.free else "none"
        self.score.value = _("<b>Score: {score}</b>", score=self.trainer.score)
        self.renew(self.answers, [] if self.free else [self._answer_button(name)
                                                       for name in scenario.question])
        if self.free is not None:
            self.feedback.value = self._live_ruling()

    def _answer_button(self, name: str) -> widgets.Button:
        return self.button(_("{boat} keeps clear", boat=name),
                           _("Answer: {boat} must keep clear", boat=name),
                           lambda: self.answer(name), control="answer")

    # ----- quiz -----------------------------------------------------------------------------------
    def answer(self, keep_clear: str) -> None:
        """Judge the answer: a wrong one may be tried again (only the first counts); the right
        one shows the ruling and the picture's why; later answers change nothing."""
        kept = self.trainer.verdict
        verdict = self.trainer.answer(keep_clear, self.rules.value)
        self.feedback.value = verdict._repr_html_()
        self.score.value = _("<b>Score: {score}</b>", score=self.trainer.score)
        if kept is not None:
            self.say(_("Already answered: press Next for another scenario."))
        elif verdict.ok:
            self.redraw()  # answered: now the picture shows why
            self.say(_("Correct! Press Next for another scenario.") if self.trainer.first_right
                     else _("Right this time (your first answer scored 0). Press Next."), "good")
        else:
            self.say(verdict.message, "error" if verdict.answered else "info")

    def next_scenario(self) -> None:
        self.free, self.mode.value = None, False
        self.trainer.next()
        self.grid = self._fitted(self.trainer.current)
        self.rules.value = None
        self.feedback.value = ""
        self.refresh(_("{question} Click it, or press 1 or 2.", question=self.question()))

    def _change_level(self, change: dict[str, Any]) -> None:
        self.trainer.level = change["new"]
        self.refresh()

    # ----- free mode ------------------------------------------------------------------------------
    def _toggle_free(self, change: dict[str, Any]) -> None:
        scenario = self.trainer.current
        self.free = Situation(boats=scenario.boats, wind=scenario.wind, marks=scenario.marks,
                              start=scenario.start, title=_("Free mode: the umpire rules live"),
                              ) if change["new"] else None
        self.grid = self._fitted(self.situation)
        self.selected = None
        self.refresh(_("Free mode: drag the boats, turn them with q/e, the wind with a/d.")
                     if self.free else _("Back to the quiz."))

    def _live_ruling(self) -> str:
        free = self.situation
        ruling = free.judge(free.boats[0].name, free.boats[1].name)
        real, infringement = _("Real rules:"), _("Infringement:")
        lines = [f"<b>{html.escape(str(ruling))}</b>",
                 f"<i>{html.escape(real)}</i> {html.escape(_(ruling.rrs))}"]
        for contest in free.contests():
            lines.append(html.escape(_("Free point {point} is claimed by {boats} and due to "
                                       "{boat}.", point=contest.point,
                                       boats=", ".join(contest.claimants),
                                       boat=contest.entitled)))
        for incident in free.infringements():
            lines.append(f"<b>{html.escape(infringement)}</b> "
                         f"{html.escape(incident.explain())}")
        return "<br>".join(lines)

    def rotate(self, name: str | None, steps: int) -> None:
        if self.free is None:
            return
        if name is None:
            self.free = self.free.in_wind(self.free.wind.rotate(steps))
        else:
            boat = self.free.boat(name)
            self.free = self.free.after(name, boat.position, boat.heading.rotate(steps))
        self.refresh()

    # ----- events ---------------------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        boat = self._boat_at(x, y)
        if self.free is None:
            if boat is not None and boat.name in self.trainer.current.question:
                self.answer(boat.name)
            return
        self.selected = boat.name if boat else self.selected

    def takes_drags(self) -> bool:
        """Only free mode drags boats: in the quiz a finger on the board scrolls the page."""
        return self.free is not None

    def on_release(self, x: float, y: float) -> None:
        if self.free is None or self.selected is None:
            return
        point = self.grid.nearest(x, y)
        boat = next(b for b in self.free.boats if b.name == self.selected)
        if point is None or point == boat.position:
            self.say(_("{boat} selected: q/e turns it.", boat=boat.name))
            return
        if self.free.boat_at(point) is not None:
            self.say(_("Another boat is there already."), "error")
            return
        self.free = self.free.after(boat.name, point, boat.heading)
        self.refresh(_("{boat} moved to {point}.", boat=boat.name, point=point))

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        question = self.trainer.current.question
        turns = {"q": (self.selected, -1), "e": (self.selected, 1), "a": (None, -1), "d": (None, 1)}
        if self.free is None and key in ("1", "2"):
            self.answer(question[int(key) - 1])
        elif key in turns and not (key in "qe" and self.selected is None):
            self.rotate(*turns[key])
        elif self.free is not None and key == "s":
            names = [b.name for b in self.free.boats]
            self.selected = names[(names.index(self.selected) + 1) % len(names)] \
                if self.selected in names else names[0]
            self.say(_("{boat} selected: arrows move it, q/e turn it.", boat=self.selected))
        elif self.free is not None and self.selected and key in ARROWS:
            boat = self.free.boat(self.selected)
            point = step(boat.position, ARROWS[key])
            if self.grid.contains(point) and self.free.boat_at(point) is None:
                self.free = self.free.after(boat.name, point, boat.heading)
                self.refresh(_("{boat} moved to {point}.", boat=boat.name, point=point))
        elif key == "n":
            self.next_scenario()


    def _boat_at(self, x: float, y: float) -> Boat | None:
        return self.situation.boat_at(self.grid.nearest(x, y))
