"""The grader's files: the long CSV (one row per student, notebook and question), the wide one
(one row per notebook, the layout of otter-grader's ``final_grades.csv``), and the gradebook
imports of Canvas, Moodle and Gradescope.

Every file is written whole to a temporary file beside it, then renamed: a reader never sees a
half-written file, and a run that fails leaves the previous file as it was. Every text cell is
cleaned of control characters and lone surrogates, and a cell a spreadsheet would run as a
formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is prefixed with a
quote.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path

from sailing_kit.exercises import catalogue, names
from sailing_kit.grade.scores import FIELDS, Row

FORMATS = ("long", "canvas", "moodle", "gradescope")


def cell(value: object) -> object:
    """A value as a safe CSV cell (see the module docstring)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = names.clean(str(value), 4000) if value is not None else ""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once (a temporary file beside it, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _csv(header: Sequence[str], lines: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([cell(h) for h in header])
    writer.writerows([cell(v) for v in line] for line in lines)
    return out.getvalue()


def long_csv(rows: Sequence[Row]) -> str:
    """One row per student, notebook and question."""
    return _csv(FIELDS, ([asdict(row)[f] for f in FIELDS] for row in rows))


def wide_csv(rows: Sequence[Row]) -> str:
    """One row per student and notebook: a column of points per question, the total, the
    maximum and the flags."""
    width = max((len(catalogue.questions(r.exercise)) for r in rows if r.exercise), default=0)
    columns = ["student", "student_id", "notebook", "exercise",
               *(f"q{n}" for n in range(1, width + 1)), "total", "max_points", "flags"]
    table: dict[tuple[str, str], dict[str, object]] = {}
    for row in rows:
        line = table.setdefault((row.student, row.notebook), {
            "student": row.student, "student_id": row.student_id, "notebook": row.notebook,
            "exercise": row.exercise, "total": 0.0, "max_points": 0.0, "flags": row.flags})
        if row.question:
            line[row.question] = row.points
        line["total"] = round(float(line["total"]) + row.points, 2)  # type: ignore[arg-type]  # the line's totals are numbers the grader itself put there
        line["max_points"] = float(line["max_points"]) + row.max_points  # type: ignore[arg-type]  # the line's totals are numbers the grader itself put there
    return _csv(columns, ([line.get(c, "") for c in columns] for line in table.values()))


def best_notebooks(rows: Sequence[Row]) -> dict[tuple[str, str], tuple[float, float, str]]:
    """(student, exercise): (points, max points, notebook) of the student's best notebook of
    that exercise (a duplicate never adds up)."""
    per_notebook: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for row in rows:
        sums = per_notebook[(row.student, row.exercise, row.notebook)]
        sums[0] += row.points
        sums[1] += row.max_points
    best: dict[tuple[str, str], tuple[float, float, str]] = {}
    for (student, exercise, notebook), (points, most) in sorted(per_notebook.items()):
        if (student, exercise) not in best or points > best[(student, exercise)][0]:
            best[(student, exercise)] = (round(points, 2), round(most, 2), notebook)
    return best


def totals(rows: Sequence[Row]) -> list[tuple[str, float, float, int]]:
    """(student, points, max points, notebooks), by student, counting each exercise's best
    notebook once."""
    points: dict[str, float] = defaultdict(float)
    most: dict[str, float] = defaultdict(float)
    notebooks: dict[str, set[str]] = defaultdict(set)
    for (student, _), (got, of, _) in best_notebooks(rows).items():
        points[student] += got
        most[student] += of
    for row in rows:
        notebooks[row.student].add(row.notebook)
    return [(s, round(points[s], 2), round(most[s], 2), len(notebooks[s]))
            for s in sorted(notebooks, key=str.casefold)]


def _gradebook(rows: Sequence[Row]) -> tuple[list[str], dict[str, dict[str, object]], dict[str, float]]:
    """The exercises, each student's best points per exercise (with id), and the maxima."""
    best = best_notebooks(rows)
    exercises = sorted({e for _, e in best if e})
    ids = {row.student: row.student_id for row in rows}
    table: dict[str, dict[str, object]] = {}
    most: dict[str, float] = {}
    for (student, exercise), (points, of, _) in best.items():
        if exercise:
            table.setdefault(student, {"id": ids.get(student, "")})[exercise] = points
            most[exercise] = max(most.get(exercise, 0.0), of)
    return exercises, table, most


def canvas_csv(rows: Sequence[Row], emails: dict[str, str]) -> str:
    """Canvas's gradebook import: Student, ID, SIS User ID, SIS Login ID, Section, then a column
    per exercise, with a "Points Possible" line first."""
    exercises, table, most = _gradebook(rows)
    header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *exercises]
    lines: list[list[object]] = [["Points Possible", "", "", "", "", *(most[e] for e in exercises)]]
    lines += [[s, "", line["id"], emails.get(s, ""), "", *(line.get(e, "") for e in exercises)]
              for s, line in sorted(table.items())]
    return _csv(header, lines)


def moodle_csv(rows: Sequence[Row], emails: dict[str, str]) -> str:
    """Moodle's grade import: a name, the email and the ID number to match users by, and a
    column per exercise (mapped to grade items when importing)."""
    exercises, table, _ = _gradebook(rows)
    header = ["Full name", "Email address", "ID number", *exercises]
    return _csv(header, ([s, emails.get(s, ""), line["id"], *(line.get(e, "") for e in exercises)]
                         for s, line in sorted(table.items())))


def gradescope_csvs(rows: Sequence[Row], emails: dict[str, str]) -> dict[str, str]:
    """Gradescope's score upload, one file per exercise (an assignment): Name, SID, Email,
    Total Score, and the points of each question."""
    files = {}
    for exercise in sorted({r.exercise for r in rows if r.exercise}):
        best = best_notebooks(rows)
        chosen = [r for r in rows if r.exercise == exercise
                  and best[(r.student, exercise)][2] == r.notebook]
        questions = [q.key for q in catalogue.questions(exercise)]
        students: dict[str, dict[str, object]] = {}
        for r in chosen:
            line = students.setdefault(r.student, {"id": r.student_id, "total": 0.0})
            line[r.question] = r.points
            line["total"] = round(float(line["total"]) + r.points, 2)  # type: ignore[arg-type]  # the line's totals are numbers the grader itself put there
        files[exercise] = _csv(["Name", "SID", "Email", "Total Score", *questions], (
            [s, line["id"], emails.get(s, ""), line["total"], *(line.get(q, "") for q in questions)]
            for s, line in sorted(students.items())))
    return files
