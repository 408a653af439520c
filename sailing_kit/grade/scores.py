"""Points: one submitted notebook read, run and marked by the kit's own checks, one row per
question, each with a reason a teacher understands.

A wrong answer's reason lists every wrong part, with what was given and what was expected (the
teacher's view; the student's report shows the check's feedback instead, which never gives the
answer away). A question the notebook never reached, because a cell hung or the kernel died
before it, says so; one bad notebook only ever gives its own rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from sailing_kit.core.i18n import _, language, use_language
from sailing_kit.exercises import catalogue, names, teacher
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import show
from sailing_kit.exercises.verdicts import Marked, practice_text
from sailing_kit.grade import runner
from sailing_kit.grade.sandbox import Limits
from sailing_kit.grade.submissions import Bounds, Submission, read


@dataclass(frozen=True)
class Row:
    """One question of one submitted notebook."""

    student: str
    notebook: str
    exercise: str
    question: str
    points: float
    max_points: float
    reason: str
    answer: str = ""
    """The answer as given, in short."""
    tries: str = ""
    """How many tries the notebook recorded for this question (as saved: information only)."""
    first_try: str = ""
    """The recorded verdict of the first try, "right" or "not yet"."""
    flags: str = ""
    """What the teacher should look at (see :mod:`~sailing_kit.grade.students`)."""
    isolated: str = "yes"
    """"no" when the notebook ran without the sandbox (``--isolation none``)."""
    student_id: str = ""
    comment: str = ""
    """The teacher's comment from ``--overrides``."""
    feedback: str = ""
    """What the student's report says of the question, in the student's language: the check's
    feedback, or why there are no points (not a CSV column)."""
    language: str = ""
    """The language of the student's report: the one the student chose, else the teacher's
    (not a CSV column)."""


FIELDS = [f.name for f in fields(Row) if f.name not in ("feedback", "language")]
"""The long CSV's columns (in English whatever the language: gradebook imports read them)."""


@dataclass(frozen=True)
class Graded:
    """One notebook, graded: its rows and what says whose it is."""

    path: str
    exercise: str
    owner: str
    """Whose file it is by its name (:meth:`Submission.owner`)."""
    started: tuple[str, ...]
    """Every name its kernel's ``start()`` was called with, in order."""
    graded_as: str
    """The name whose variants the answers were checked against."""
    peeks: tuple[str, ...]
    """What its code reached of the kit's answers (read in the cells and seen by the audit hook)."""
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()
    """What was malformed in the file but did not stop grading."""


def grade_file(path: Path, limits: Limits | None = None, bounds: Bounds | None = None,
               sandboxed: bool = True) -> Graded:
    """Read, run and mark one submitted file (see the module docstring)."""
    limits, bounds = limits or Limits(), bounds or Bounds()
    teacher.open_for_grading()
    submission = read(path, bounds)
    questions = catalogue.questions(submission.exercise) if submission.exercise else ()
    isolated = "yes" if sandboxed else "no"
    if submission.problem:
        owner = submission.recorded_name or submission.owner()
        rows = [_row(submission, owner, q, 0.0, _not_graded(submission.problem))
                for q in questions] or [Row(owner, str(path), submission.exercise or "", "", 0.0,
                                            0.0, _not_graded(submission.problem))]
        rows = _told_to_student(submission, rows, lambda row: _not_graded(submission.problem))
        return _graded(submission, (), owner, submission.peeks, rows, isolated)
    run = runner.run(submission.cells, submission.text, limits, sandboxed)
    started = tuple(run.started.get(submission.exercise or "", ()))
    student = (started[-1] if started else None) or submission.recorded_name or submission.owner()
    marked = {question.key: question for question in questions}
    rows = _told_to_student(submission, [_mark(submission, run, student, question)
                                         for question in questions],
                            lambda row: _mark(submission, run, student,
                                              marked[row.question]).feedback)
    peeks = tuple(dict.fromkeys([*submission.peeks, *run.peeks]))
    return _graded(submission, started, student, peeks, rows, isolated)


def _not_graded(problem: object) -> str:
    return _("not graded: {problem}", problem=str(problem))


def _told_to_student(submission: Submission, rows: list[Row],
                     feedback: Callable[[Row], str]) -> list[Row]:
    """The rows with their report's words in the student's language: ``feedback(row)`` worded
    again in it when it is not the teacher's (the rows' reasons stay the teacher's)."""
    chosen = submission.language or language()
    if chosen == language():
        return [replace(row, feedback=row.feedback or row.reason, language=chosen)
                for row in rows]
    with use_language(chosen):
        return [replace(row, feedback=feedback(row), language=chosen) for row in rows]


def _graded(submission: Submission, started: tuple[str, ...], student: str, peeks: tuple[str, ...]
            | list[str], rows: list[Row], isolated: str) -> Graded:
    return Graded(str(submission.path), submission.exercise or "", submission.owner(), started,
                  student, tuple(peeks), tuple(replace(r, isolated=isolated) for r in rows),
                  tuple(str(note) for note in submission.notes))


def _mark(submission: Submission, run: runner.Run, student: str, question: Question[Any]) -> Row:
    name = f"answer_{question.number}"
    if name not in run.answers:
        return _row(submission, student, question, 0.0, _missing(submission, run, name))
    answer = run.answers[name]
    marked = question.grade(student, answer)
    why = reason(question, student, answer, marked)
    return _row(submission, student, question, question.points_for(marked), why,
                show(answer, 80) if marked.answered else "",
                str(practice_text(marked, question.hint)) if marked.answered else why)


def _missing(submission: Submission, run: runner.Run, name: str) -> str:
    """Why a notebook holds no ``answer_N``: never reached, or its cell failed."""
    made = re.compile(rf"^\s*{name}\s*=", re.MULTILINE)
    where = next((number for number, source in submission.cells if made.search(source)), None)
    ran = submission.cells[run.finished - 1][0] if run.finished else 0
    if run.stopped and (where is None or where > ran):
        return _("not graded: {why}, before {name} was made", why=str(run.stopped), name=name)
    problem = next((p for p in run.problems if p[0] == where),
                   run.problems[0] if run.problems else None)
    if problem is None:
        return _("no {name} in the notebook", name=name)
    return _("no {name} in the notebook (cell {cell}: {error})", name=name, cell=problem[0],
             error=problem[1])


def reason(question: Question[Any], student: str, answer: object, marked: Marked) -> str:
    """Why a question got its points, for the teacher: every wrong part, each with what was
    given and what was expected."""
    if not marked.answered:
        return _("not answered")
    if marked.verdict is None:
        return _("could not be read: gave {given}; {problem}", given=show(answer, 60),
                 problem=marked.problem)[:400]
    if marked.ok:
        return _("right")
    expected = question.solution_for(student)
    verdict = marked.verdict
    wrong = [p for p in verdict.parts if not p.ok]
    if len(verdict.parts) == 1:
        return _("not right: gave {given}, expected {expected}", given=show(answer, 60),
                 expected=show(expected, 60))[:400]
    told = "; ".join(_("{part}: gave {given}, expected {expected}", part=p.name,
                       given=show(_part(answer, p.name), 30),
                       expected=show(_part(expected, p.name), 30)) for p in wrong)
    return _("{right} of {parts} parts right; {wrong}", right=verdict.right,
             parts=len(verdict.parts), wrong=told)[:600]


def _part(value: object, name: str) -> object:
    """The entry of a dict answer that a part named ``name`` stands for."""
    if not isinstance(value, dict):
        return value
    wanted = _words(name)
    for key, entry in value.items():
        key = key.value if isinstance(key, Enum) else key
        if _words(str(key)) in (wanted, _words(name.removeprefix("pair ")),):
            return entry
    return ...


def _words(text: str) -> str:
    return " ".join(re.sub(r"[-_]", " ", text).casefold().split())


def _row(submission: Submission, student: str, question: Question[Any], points: float, why: str,
         answer: str = "", feedback: str = "") -> Row:
    tries = submission.tries.get(question.key, [])
    first = str(tries[0].get("verdict", "")) if tries else ""
    return Row(names.clean(student), str(submission.path), submission.exercise or "",
               question.key, points, question.points, why, answer,
               str(len(tries)) if tries else "", first if first in ("right", "not yet") else "",
               feedback=feedback)
