"""The animated right-of-way trainer: situations played move by move, a question at the moment
that matters, then "why", and the protest committee's answers under both rulebooks.

The timeline is the board's own redraws: each frame of the encounter (one movement or manoeuvre
of the engine's track) is one picture, and the browser's Play control ticks the slider from frame
to frame (so a Voilà page animates as a notebook does). Before the right answer is in, the
timeline stops at the question's moment and the picture shows only facts: no title that tells,
no umpire's words, no "keeps clear" overlay, no incident ring. Then the rest of the incident
plays, and Replay shows it all again.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from sailing_kit.core.i18n import N_, _
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises.attempts import Attempt, notify
from sailing_kit.race.boards.layout import side_panel, wrapping_row
from sailing_kit.race.boards.verdict_words import committee_html, summary_html
from sailing_kit.race.encounter import Encounter, Side
from sailing_kit.race.encounter_drawing import OVERLAY_LABELS, OVERLAYS, Board, frame_scene
from sailing_kit.race.quiz import Quiz
from sailing_kit.race.verdicts import NO_ONE, Rules, verdicts
from sailing_kit.race.wind import compass_name
from sailing_kit.widgets.board import CanvasBoard

BOX = (560, 470)
"""The canvas (pixels): every situation is zoomed to fill it."""
INTERVAL_MS = 700
"""How long each frame shows while playing."""
HELP = N_("Space plays or pauses, ←/→ step, Home and End jump, r replays; 1, 2, 3 answer; "
          "o z u w t k switch the overlays; n: next situation.")
"""The keys (shown as ``_(HELP)``)."""
OVERLAY_KEYS = {"o": "overlap", "z": "zone", "u": "ruler", "w": "wind", "t": "tacks",
                "k": "keep_clear"}
Report = Callable[[Attempt], None]


class SituationTrainer(CanvasBoard):
    """A quiz of situations (default: the library), at ``level`` (1, 2, 3 or None for all),
    under ``rules`` ("race" or "rrs"). With ``student`` named, each first answer and first
    reason is reported as an exercise attempt (``report``, by default to the class server's
    listeners: see :func:`sailing_kit.classroom.report_to`)."""

    def __init__(self, quiz: Quiz | None = None, *, level: int | None = None,
                 rules: str = "race", seed: int = 0, student: str | None = None,
                 report: Report = notify):
        quiz = quiz if quiz is not None else Quiz(level=level, rules=rules, seed=seed)
        self.quiz, self.student, self.report = quiz, student, report
        self.review: Encounter | None = None
        """A situation shown to learn from (from the summary), not asked."""
        self.overlays: set[str] = {"wind"}
        self.frame = 0
        self._build_widgets()
        self.state = quiz
        self._load_situation()
        super().__init__(quiz, size=BOX, controls=self._controls(), side=[self.side])
        self.after_change()
        self.say(_("Press Play to watch the boats: the question comes when it matters. {keys}",
                   keys=_(HELP)))

    # ----- widgets ------------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.play_control = widgets.Play(value=0, min=0, max=1, interval=INTERVAL_MS,
                                         description=_("Play"), show_repeat=False,
                                         layout=widgets.Layout(width="auto"))
        self.slider = widgets.IntSlider(value=0, min=0, max=1, description=_("Move"),
                                        readout=False, continuous_update=True,
                                        layout=widgets.Layout(width="220px"))
        widgets.jslink((self.play_control, "value"), (self.slider, "value"))
        self.slider.observe(self._guarded(self._slid), names="value")
        self.overlay_toggles = {
            name: widgets.ToggleButton(value=name in self.overlays,
                                       description=_(OVERLAY_LABELS[name]), tooltip=_(words),
                                       layout=widgets.Layout(width="auto"))
            for name, words in OVERLAYS.items()}
        for name, toggle in self.overlay_toggles.items():
            toggle.observe(self._guarded(lambda change, name=name: self._overlay(
                name, change["new"])), names="value")
        self.question_box = widgets.HTML()
        self.answers = widgets.HBox()
        self.reasons = widgets.VBox()
        self.feedback = widgets.HTML()
        self.feedback.add_class("sk-feedback")
        self.committee = widgets.HTML()
        self.score = widgets.HTML()
        self.rules_choice = widgets.ToggleButtons(
            options=[(_("Race the Wind"), Rules.RACE.value), ("RRS 2025–2028", Rules.RRS.value)],
            value=Rules(self.quiz.rules).value, description=_("Rules:"),
            style={"button_width": "auto"})
        self.rules_choice.observe(self._guarded(self._change_rules), names="value")
        self.back_button = widgets.Button(description=_("Back to the quiz"), icon="arrow-left",
                                          tooltip=_("Back where you were"),
                                          layout=widgets.Layout(width="auto"))
        self.back_button.on_click(lambda _button: self._guarded(self.back_to_quiz)())
        self.learn_box = widgets.VBox()
        self.side = side_panel([self.score, self.question_box, self.answers, self.reasons,
                                self.feedback, self.learn_box, self.committee])

    def _controls(self) -> list[widgets.Widget]:
        timeline = [
            self.button("", _("Back one move (←)"), lambda: self.step(-1), "step-backward",
                        control="timeline"),
            self.play_control, self.slider,
            self.button("", _("Forward one move (→)"), lambda: self.step(1), "step-forward",
                        control="timeline"),
            self.button(_("Replay"), _("Play the whole situation again (r)"), self.replay,
                        "repeat", control="timeline"),
        ]
        return [widgets.VBox([
            wrapping_row(timeline),
            wrapping_row([widgets.Label(_("Overlays:")), *self.overlay_toggles.values()]),
            wrapping_row([self.rules_choice,
                  self.button(_("Next"), _("The next situation (n)"), self.next_situation,
                              "forward", control="next"),
                  self.button(_("Summary"), _("Your score and the rules you missed"),
                              self.show_summary, "list", control="summary")]),
        ], layout=widgets.Layout(max_width="100%"))]

    # ----- what is shown ----------------------------------------------------------------------
    @property
    def situation(self) -> Encounter:
        return self.review or self.quiz.current

    @property
    def asking(self) -> bool:
        """The question waits for its right answer: nothing of the answer may show."""
        return self.review is None and not self.quiz.solved

    @property
    def ask_frame(self) -> int:
        return self.timeline.frame_of(self.situation.ask.after)

    def _load_situation(self) -> None:
        found = verdicts(self.situation)
        self.timeline, self.record = found.timeline, found.record
        self.board = Board.fitted(self.timeline, BOX)
        self.frame = 0
        last = len(self.timeline.frames) - 1
        self.play_control.playing = False
        # Play back to 0 before its max changes: the page links Play to the slider, and an old
        # value past the new max, clamped there, would jump the slider to the question
        self.play_control.value = 0
        with self.slider.hold_trait_notifications():
            self.slider.value = 0
            self.slider.max = self.play_control.max = self.ask_frame if self.asking else last

    def scene(self) -> Scene:
        return frame_scene(self.timeline, self.record, self.board, self.frame,
                           overlays=self.overlays, reveal=not self.asking,
                           title=self.title())

    def title(self) -> str:
        number = self.quiz.index % len(self.quiz.order) + 1
        if self.review is not None:
            return _("Learn from: {title}", title=_(self.review.title))
        if self.asking:
            return _("Situation {number} of {count} (level {level}, {topic})", number=number,
                     count=len(self.quiz.order), level=self.situation.level,
                     topic=_(self.situation.topic))
        return _(self.situation.title)

    def describe(self) -> str:
        shown = self.timeline.frames[self.frame]
        lines = [self.title(), _("Wind from {wind}. {caption}.", wind=compass_name(shown.wind),
                                 caption=shown.caption)]
        lines += [_("{boat} at {point} heading {heading}", boat=b.name, point=b.position,
                    heading=compass_name(b.heading)) for b in shown.boats]
        lines += [_("Mark at {point}, left to port", point=m.at) if m.leave is Side.PORT else
                  _("Mark at {point}, left to starboard", point=m.at)
                  for m in self.situation.marks]
        lines += [_("Obstruction at {point}", point=p) for p in self.situation.obstructions]
        lines.append(self.quiz.question() if self.review is None else "")
        return "\n".join(line for line in lines if line)

    def after_change(self) -> None:
        self.score.value = _("<b>Score: {score}</b> (first answers)",
                             score=html.escape(self.quiz.score))
        asked = self.review is None and self.frame >= self.ask_frame
        question = self.quiz.question() if self.review is None else \
            _("Learning from a situation: its answer is shown.")
        hint = _("Play the situation: the question is asked at its moment.")
        self.question_box.value = f"<p style='font-size:1.05em'><b>{html.escape(question)}</b>" \
            "</p>" + ("" if asked or self.review else f"<p><i>{html.escape(hint)}</i></p>")
        self.answers.children = [self._answer_button(i, option) for i, option in
                                 enumerate(self.quiz.options(), 1)] \
            if asked and not self.quiz.solved else []
        if self.review is not None:
            self.reasons.children = [self.back_button]
        elif self.quiz.solved and not self.quiz.explained:
            self.reasons.children = [self._reason_button(i, reason.text) for i, reason in
                                     enumerate(self.quiz.reasons())]
        else:
            self.reasons.children = []
        if not self.asking:
            self.committee.value = committee_html(self.situation)

    def _answer_button(self, number: int, option: str) -> widgets.Button:
        words = _(NO_ONE) if option == NO_ONE else option
        return self.button(f"{number}: {words}", _("Answer {answer} (key {key})", answer=words,
                                                   key=number),
                           lambda: self.answer(option), control="answer")

    def _reason_button(self, number: int, text: str) -> widgets.HBox:
        """A reason: its number as the button (key ``number + 1``), its words beside (they wrap
        on a narrow screen)."""
        button = self.button(str(number + 1), _("This fact decides it: {fact}", fact=text),
                             lambda: self.explain(number), control="answer")
        words = widgets.HTML(f"<span style='line-height:1.3'>{html.escape(text)}</span>",
                             layout=widgets.Layout(width="320px", min_width="0",
                                                   flex="0 1 auto"))
        return widgets.HBox([button, words], layout=widgets.Layout(align_items="center"))

    # ----- the timeline ------------------------------------------------------------------------
    def show_frame(self, frame: int) -> None:
        """Show frame ``frame`` (kept within what may be seen now)."""
        self.slider.value = max(0, min(frame, self.slider.max))

    def _slid(self, change: dict[str, object]) -> None:
        self.frame = int(change["new"])  # type: ignore[call-overload]  # traitlets hands over the widget's value untyped
        if self.asking and self.frame >= self.ask_frame:  # Play stops here: it is its end
            self.refresh(_("The question: {question}", question=self.quiz.question()))
            return
        self.refresh()

    def step(self, by: int) -> None:
        self.play_control.playing = False
        if self.asking and self.frame + by > self.ask_frame:
            self.say(_("Answer the question first: the rest of the situation comes after."),
                     "error")
            return
        self.show_frame(self.frame + by)

    def replay(self) -> None:
        """From the first frame again, playing."""
        self.play_control.playing = False
        self.show_frame(0)
        self.play_control.playing = True
        self.say(_("Replaying."))

    def _overlay(self, name: str, on: bool) -> None:
        if on:
            self.overlays.add(name)
        else:
            self.overlays.discard(name)
        if name == "keep_clear" and on and self.asking:
            self.say(_("Who keeps clear shows once you have answered."), "info")
        self.refresh()

    # ----- answering ---------------------------------------------------------------------------
    def answer(self, option: str) -> None:
        if self.review is not None or self.frame < self.ask_frame:
            self.say(_("Play the situation to its question first."), "error")
            return
        first = self.quiz.current.id not in self.quiz.first_answers
        verdict = self.quiz.answer(option)
        if first and verdict.answered:
            self._report(self.quiz.current.id, option, self.quiz.first_answers.get(
                self.quiz.current.id, False))
        self.feedback.value = verdict._repr_html_()
        if verdict.ok:
            self.slider.max = self.play_control.max = len(self.timeline.frames) - 1
            self.refresh(_("Right. Now choose why; Play shows the rest of the situation, "
                           "Replay all of it."))
            return
        self.refresh()
        self.say(_("Not this one: try again."), "error")

    def explain(self, choice: int) -> None:
        first = self.quiz.current.id not in self.quiz.first_reasons
        verdict = self.quiz.explain(choice)
        if first:
            self._report(f"{self.quiz.current.id}/why", str(choice),
                         self.quiz.first_reasons.get(self.quiz.current.id, False))
        self.feedback.value = verdict._repr_html_()
        self.refresh(_("Press Next for another situation.") if verdict.ok else
                     _("Not that fact: choose another."))

    def _report(self, question: str, answer: str, ok: bool) -> None:
        if self.student:
            self.report(Attempt(self.student, f"trainer: {self.quiz.title}"[:64], question,
                                answer[:200], ok, 1, float(ok), 1.0))

    # ----- moving on ---------------------------------------------------------------------------
    def next_situation(self) -> None:
        self.review = None
        self.learn_box.children = []
        self.quiz.next()
        self._fresh(_("Press Play to watch the boats."))

    def _fresh(self, message: str) -> None:
        self.feedback.value = self.committee.value = ""
        self._load_situation()
        self.refresh(message)

    def _change_rules(self, change: dict[str, str]) -> None:
        self.quiz.rules = Rules(change["new"])
        self.refresh(_("Questions are now asked under Race the Wind.")
                     if Rules(change["new"]) is Rules.RACE else
                     _("Questions are now asked under the Racing Rules of Sailing."))

    def show_summary(self) -> None:
        summary = self.quiz.summary()
        self.feedback.value = summary_html(summary)
        self.learn_box.children = [self._learn_button(missed.name, situation)
                                   for missed in summary.missed
                                   if (situation := missed.situation) is not None]
        self.say(_("Your summary: each missed rule links to a situation that shows it."))

    def _learn_button(self, name: str, situation: Encounter) -> widgets.Button:
        return self.button(_("Learn: {rule}", rule=name),
                           _("Play '{title}'", title=_(situation.title)),
                           lambda: self.learn(situation), "graduation-cap", control="summary")

    def learn(self, situation: Encounter) -> None:
        """Play ``situation`` with its answer shown (not asked, not scored)."""
        self.review = situation
        self.learn_box.children = []
        self._fresh(_("Learning from '{title}': press Play.", title=_(situation.title)))

    def back_to_quiz(self) -> None:
        self.review = None
        self._fresh(_("Back to the quiz."))

    # ----- pointer and keys -----------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        point = self.board.view.nearest(x, y)
        shown = self.timeline.frames[self.frame]
        boat = next((b for b in shown.boats if b.position == point), None)
        if boat is not None and self.asking and self.frame >= self.ask_frame and \
                boat.name in self.quiz.options():
            self.answer(boat.name)
        else:
            self.toggle_play()

    def toggle_play(self) -> None:
        if self.frame >= self.slider.max:
            self.replay() if not self.asking else self.say(self.quiz.question(), "info")
            return
        self.play_control.playing = not self.play_control.playing
        self.say(_("Playing.") if self.play_control.playing else _("Paused."))

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        moves = {"ArrowLeft": -1, "ArrowRight": 1}
        if key == " ":
            self.toggle_play()
        elif key in moves:
            self.step(moves[key])
        elif key == "Home":
            self.show_frame(0)
        elif key == "End":
            self.show_frame(self.slider.max)
        elif key == "r":
            self.replay()
        elif key == "n":
            self.next_situation()
        elif key in OVERLAY_KEYS:
            toggle = self.overlay_toggles[OVERLAY_KEYS[key]]
            toggle.value = not toggle.value
        elif key.isdigit() and self.answers.children:
            options = self.quiz.options()
            if 0 < int(key) <= len(options):
                self.answer(options[int(key) - 1])
        elif key.isdigit() and self.reasons.children and self.review is None and \
                0 < int(key) <= len(self.reasons.children):
            self.explain(int(key) - 1)

    @classmethod
    def from_file(cls, path: str, **settings: object) -> SituationTrainer:
        """A trainer for the quiz in a file of situations (see :meth:`Quiz.load`)."""
        keys = ("level", "rules", "seed")
        quiz = Quiz.load(path, **{k: v for k, v in settings.items() if k in keys})
        return cls(quiz, **{k: v for k, v in settings.items() if k not in keys})  # type: ignore[arg-type]  # traitlets hands over the widget's value untyped

