"""Points: the kit's official checks re-run on each submitted answer, one row per student,
notebook and question, written as CSV (long, one row per question; or wide, one row per
notebook, the layout otter-grader's ``final_grades.csv`` and most gradebooks import)."""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from sailing_kit.exercises import catalogue
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.verdicts import Marked
from sailing_kit.grade import runner
from sailing_kit.grade.submissions import Submission, read


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
    tries: str = ""
    """How many tries the notebook recorded for this question (as saved: information only)."""
    first_try: str = ""
    """The recorded verdict of the first try, "right" or "not yet"."""


FIELDS = [f.name for f in fields(Row)]


def grade_file(path: Path, timeout: float = 60.0) -> list[Row]:
    """The rows of one submitted file: every question of its exercise, 0 points with the reason
    when the file is blank, broken, errors or hangs."""
    submission = read(path)
    if submission.exercise is None:
        return [Row(submission.student(), str(path), "", "", 0.0, 0.0,
                    submission.problem or "not a sailing_kit exercise notebook")]
    questions = catalogue.questions(submission.exercise)
    if submission.notebook is None:
        return [_row(submission, submission.student(), q, 0.0, submission.problem)
                for q in questions]
    result = runner.run(submission.notebook, timeout)
    student = submission.student(result.started.get(submission.exercise))
    if result.answers is None:
        return [_row(submission, student, q, 0.0, result.failed) for q in questions]
    rows = []
    for question in questions:
        name = f"answer_{question.number}"
        if name not in result.answers:
            why = f"no {name} in the notebook"
            rows.append(_row(submission, student, question, 0.0,
                             why + (f" ({result.problems[0]})" if result.problems else "")))
            continue
        marked = question.grade(student, result.answers[name])
        rows.append(_row(submission, student, question, question.points_for(marked),
                         reason(marked)))
    return rows


def reason(marked: Marked) -> str:
    """Why a question got its points, in a few words."""
    if not marked.answered:
        return "not answered"
    if marked.verdict is None:
        return f"could not be read: {marked.problem}"[:160]
    if marked.ok:
        return "right"
    verdict = marked.verdict
    if len(verdict.parts) > 1:
        return f"{verdict.right} of {len(verdict.parts)} parts right"
    return "not right"


def _row(submission: Submission, student: str, question: Question, points: float,
         why: str) -> Row:
    tries = submission.tries.get(question.key, [])
    first = str(tries[0].get("verdict", "")) if tries else ""
    return Row(student, str(submission.path), submission.exercise or "", question.key, points,
               question.points, why, str(len(tries)) if tries else "", first)


def write_csv(rows: Iterable[Row], out: Path) -> None:
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(asdict(row) for row in rows)


def write_wide(rows: Sequence[Row], out: Path) -> None:
    """One row per student and notebook: a column of points per question, the total and the
    maximum."""
    width = max((len(catalogue.questions(r.exercise)) for r in rows if r.exercise), default=0)
    columns = ["student", "notebook", "exercise", *(f"q{n}" for n in range(1, width + 1)),
               "total", "max_points"]
    table: dict[tuple[str, str, str], dict[str, object]] = {}
    for row in rows:
        line = table.setdefault((row.student, row.notebook, row.exercise),
                                {"student": row.student, "notebook": row.notebook,
                                 "exercise": row.exercise, "total": 0.0, "max_points": 0.0})
        if row.question:
            line[row.question] = row.points
        line["total"] = round(float(line["total"]) + row.points, 2)  # type: ignore[arg-type]
        line["max_points"] = float(line["max_points"]) + row.max_points  # type: ignore[arg-type]
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(table.values())


def totals(rows: Iterable[Row]) -> list[tuple[str, float, float, int]]:
    """(student, points, max points, notebooks), by student."""
    points: dict[str, float] = defaultdict(float)
    most: dict[str, float] = defaultdict(float)
    notebooks: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        points[row.student] += row.points
        most[row.student] += row.max_points
        notebooks[row.student].add(row.notebook)
    return [(s, round(points[s], 2), round(most[s], 2), len(notebooks[s]))
            for s in sorted(points, key=str.casefold)]
