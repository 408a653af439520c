"""The student at work in a notebook: who they are, the mode, and every try.

Each exercise notebook starts with ``start("Ada Lovelace")``: the name draws the variants of
every question; ``language="hu"`` (or "bg", "fr", "ru"; the notebook's language by default)
chooses the language of the prompts and feedback, kept as the session's ``language`` in every
record of a try (the grader writes its feedback in it). ``mode="practice"`` (the default)
explains each mistake; ``mode="assessment"`` says right or not yet, with hints that deepen try
by try. Every readable try is recorded: in the feedback box's output (so the saved notebook
keeps the question, answer, verdict and try number of every try), in assessment mode also in
``.sailing_kit/tries.jsonl`` beside the notebook (so a restarted kernel keeps counting), and it
is announced to the listeners of :mod:`sailing_kit.exercises.attempts` (a class server).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sailing_kit.core import i18n
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, _, read_language, set_language, use_language
from sailing_kit.draw import palette
from sailing_kit.draw.feedback import Feedback
from sailing_kit.exercises import names
from sailing_kit.exercises.attempts import Attempt, notify
from sailing_kit.exercises.readers import show
from sailing_kit.exercises.verdicts import Marked, assessment_text, practice_text

if TYPE_CHECKING:
    from sailing_kit.exercises.question import Question

MODES = ("practice", "assessment")
JOURNAL = Path(".sailing_kit") / "tries.jsonl"
"""Where assessment tries are kept, relative to the notebook's folder."""


@dataclass(frozen=True)
class Try:
    """One recorded try."""

    question: str
    number: int
    answer: str
    ok: bool
    share: float

    def record(self) -> dict[str, object]:
        return {"question": self.question, "try": self.number, "answer": self.answer,
                "verdict": "right" if self.ok else "not yet", "share": round(self.share, 3)}


@dataclass
class Session:
    """One student working through one exercise notebook."""

    exercise: str
    student: str
    mode: str = "practice"
    language: str = "en"
    """The code of the language the student works in ("en", "hu", ...)."""
    tries: dict[str, list[Try]] = field(default_factory=dict)

    def add(self, question: str, marked: Marked, answer: object) -> Try:
        history = self.tries.setdefault(question, [])
        attempt = Try(question, len(history) + 1, show(answer, 80), marked.ok, marked.share)
        history.append(attempt)
        if self.mode == "assessment":
            _journal_add(self, attempt)
        return attempt


_sessions: dict[str, Session] = {}
_names: dict[str, list[str]] = {}


def names_started() -> dict[str, list[str]]:
    """Every name each exercise was started with in this kernel, in order (what the grader
    reads)."""
    return {exercise: list(names) for exercise, names in _names.items()}


def start(exercise: str, student: object, mode: str = "practice",
          language: object = None) -> Started:
    """Name the student of ``exercise`` and choose their language (see the module docstring);
    returns a box to display. A name, mode or language that cannot be read changes nothing."""
    try:
        code = read_language(language) if language is not None else i18n.language()
    except ConfigError:
        return Started(exercise, "", mode, i18n.language(), _(
            "there is no language {given} in the kit: write one of {choices}.",
            given=show(language), choices=", ".join(f'"{c}"' for c in i18n.LANGUAGES)))
    with use_language(code):
        problem = _start_problem(student, mode)
    if problem:
        return Started(exercise, "", mode, code, problem)
    if language is not None:
        set_language(code)
    name = names.clean(student)
    _sessions[exercise] = session = Session(exercise, name, mode, code)
    _names.setdefault(exercise, []).append(name)
    if mode == "assessment":
        _journal_load(session)
    _install_name_error_hook()
    return Started(exercise, name, mode, code)


def _start_problem(student: object, mode: str) -> str:
    if not isinstance(student, str) or names.clean(student) in ("", "..."):
        return _("write your name in place of the ... (in quotes, like \"Ada Lovelace\"), then "
                 "run this cell again.")
    if mode not in MODES:
        return _("the mode is \"practice\" or \"assessment\", not {given}.", given=show(mode))
    return ""


def session_of(exercise: str) -> Session | None:
    return _sessions.get(exercise)


def stop(exercise: str) -> None:
    """Forget the student of ``exercise`` (for tests)."""
    _sessions.pop(exercise, None)


NOT_STARTED = N_("name yourself first: run the first cell of the notebook, with your name in "
                 "start(\"...\"). Your questions are drawn from your name.")


def check(question: Question[Any], answer: object) -> Feedback:
    """The feedback box for ``answer`` to ``question``, for the student of its exercise, in the
    student's language."""
    session = _sessions.get(question.exercise)
    if session is None:
        return Feedback(False, _(NOT_STARTED), title=question.title, answered=False)
    with use_language(session.language):
        return _checked(session, question, answer)


def _checked(session: Session, question: Question[Any], answer: object) -> Feedback:
    marked = question.grade(session.student, answer)
    if not marked.is_try:
        return Checked(False, marked.problem, question.title, marked.answered)
    attempt = session.add(question.key, marked, answer)
    points = question.points_for(marked)
    notify(Attempt(session.student, question.exercise, question.key, attempt.answer, marked.ok,
                   attempt.number, points, question.points, mode=session.mode,
                   language=session.language))
    if session.mode == "assessment":
        text = assessment_text(marked, question.hint, attempt.number)
    else:
        text = practice_text(marked, question.hint)
    history = session.tries[question.key]
    return Checked(marked.ok, text, question.title, True, tries=tuple(history),
                   record={"exercise": question.exercise, "student": session.student,
                           "mode": session.mode, "language": session.language,
                           "question": question.key, "tries": [t.record() for t in history]})


def prompt(question: Question[Any]) -> str:
    session = _sessions.get(question.exercise)
    if session is None:
        return f"**{question.title}** — {_(NOT_STARTED)}"
    with use_language(session.language):
        return f"**{question.title}**\n\n{question.prompt_for(session.student)}"


def picture(question: Question[Any]) -> object:
    session = _sessions.get(question.exercise)
    if session is None:
        return Feedback(False, _(NOT_STARTED), title=question.title, answered=False)
    with use_language(session.language):
        return question.picture_for(session.student)


# ----- what the notebook shows --------------------------------------------------------------------

@dataclass(frozen=True)
class Checked(Feedback):
    """A feedback box that also carries the record of every try at its question, in the
    output's metadata (``{"sailing_kit": {...}}``), where the saved notebook keeps it."""

    tries: tuple[Try, ...] = ()
    record: dict[str, object] | None = field(default=None, compare=False, hash=False)

    def _tries_line(self) -> str:
        if not self.tries:
            return ""
        marks = " ".join("✔" if t.ok else "✘" for t in self.tries)
        return _("Try {number} · recorded: {marks}", number=self.tries[-1].number, marks=marks)

    def __str__(self) -> str:
        line = self._tries_line()
        return super().__str__() + (f"\n{line}" if line else "")

    def _repr_html_(self) -> str:
        line = self._tries_line()
        html = super()._repr_html_()
        if not line:
            return html
        note = f"<div style='color:{palette.MUTED};font-size:90%'>{escape(line)}</div></div>"
        return html[: -len("</div>")] + note

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> object:
        data = {"text/html": self._repr_html_(), "text/plain": str(self)}
        return (data, {"sailing_kit": self.record}) if self.record else data


@dataclass(frozen=True)
class Started:
    """The box ``start`` shows: whose questions these are, the mode and the language, or what
    to fix (in the language chosen)."""

    exercise: str
    student: str
    mode: str
    language: str
    problem: str = ""

    def _text(self) -> str:
        if self.problem:
            return self.problem
        with use_language(self.language):
            if self.mode == "practice":
                return _("Hello {student}: your questions are drawn from your name. Practice "
                         "mode: every check explains what is wrong.", student=self.student)
            return _("Hello {student}: your questions are drawn from your name. Assessment "
                     "mode: each check says right or not yet; hints come with each new try, and "
                     "every try is recorded.", student=self.student)

    def _box(self) -> Feedback:
        with use_language(self.language):
            return Feedback(not self.problem, self._text(), answered=not self.problem)

    def __str__(self) -> str:
        with use_language(self.language):
            return str(self._box())

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> object:
        with use_language(self.language):
            box = self._box()
            data = {"text/html": box._repr_html_(), "text/plain": str(box)}
        if self.problem:
            return data
        return data, {"sailing_kit": {"exercise": self.exercise, "student": self.student,
                                      "mode": self.mode, "language": self.language}}


# ----- the NameError of a check run before its answer cell ----------------------------------------

_ANSWER_NAME = re.compile(r"name '(answer_(\d+))' is not defined")


def _install_name_error_hook() -> None:
    """In IPython, a check cell run before its answer cell says so, instead of a NameError."""
    with contextlib.suppress(ImportError, AttributeError):
        # by module: IPython 8 neither exports nor types get_ipython, IPython 9 does both
        shell = importlib.import_module("IPython").get_ipython()
        if shell is not None:
            shell.set_custom_exc((NameError,), _name_error)


def _name_error(shell: object, etype: type, value: BaseException, tb: object,
                tb_offset: int | None = None) -> list[str] | None:
    match = _ANSWER_NAME.search(str(value))
    if match is None:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)  # type: ignore[attr-defined]  # IPython's shell has no type hints
        return None
    from IPython.display import display

    display(Feedback(False, _("run the answer cell first: the cell with {name} = ... (above "  # type: ignore[no-untyped-call]  # IPython is untyped
                              "this one), then run this check again.", name=match[1]),
                     title=_("Question {number}", number=match[2]), answered=False))
    return []


# ----- the assessment journal -----------------------------------------------------------------------

def _journal_add(session: Session, attempt: Try) -> None:
    with contextlib.suppress(OSError):
        JOURNAL.parent.mkdir(exist_ok=True)
        with JOURNAL.open("a", encoding="utf-8") as journal:
            journal.write(json.dumps({"exercise": session.exercise, "student": session.student,
                                      "language": session.language, **attempt.record()}) + "\n")


def _journal_load(session: Session) -> None:
    with contextlib.suppress(OSError, ValueError):
        for line in JOURNAL.read_text(encoding="utf-8").splitlines()[-5000:]:
            entry = json.loads(line)
            if (entry.get("exercise") == session.exercise
                    and names.key(entry.get("student", "")) == names.key(session.student)):
                history = session.tries.setdefault(str(entry["question"]), [])
                history.append(Try(str(entry["question"]), len(history) + 1,
                                   str(entry.get("answer", ""))[:80],
                                   entry.get("verdict") == "right", float(entry.get("share", 0))))
