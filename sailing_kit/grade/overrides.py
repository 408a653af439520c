"""The teacher's manual grading: ``--overrides overrides.csv``, with the columns ``student``,
``exercise``, ``question``, ``points`` and ``comment``.

Each line sets the points of one question of one student's notebook (matched by the student's
name or id, compared as names are), keeps the check's reason beside the teacher's, and shows in
every output: the points, the ``comment`` column, the ``override`` flag and the reports.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sailing_kit.core.i18n import _, number
from sailing_kit.exercises import names
from sailing_kit.grade.scores import Row

MAX_BYTES = 2_000_000
COLUMNS = ("student", "exercise", "question", "points", "comment")


class OverrideError(ValueError):
    """An overrides file that cannot be read; the message says which line and why."""


@dataclass(frozen=True)
class Override:
    student: str
    exercise: str
    question: str
    points: float
    comment: str
    line: int


def read(path: Path) -> list[Override]:
    """The lines of ``overrides.csv`` (see the module docstring)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise OverrideError(_("{path} is over {most} MB", path=path,
                                  most=MAX_BYTES // 1_000_000))
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise OverrideError(_("{path} cannot be read as UTF-8 text ({why})", path=path,
                              why=type(error).__name__)) from None
    rows = csv.DictReader(io.StringIO(text))
    missing = [c for c in COLUMNS if c not in (rows.fieldnames or ())]
    if missing:
        raise OverrideError(_("{path} lacks the column(s) {columns}", path=path,
                              columns=", ".join(missing)))
    found = []
    for line_number, line in enumerate(rows, 2):
        try:
            points = float(line.get("points") or "")
        except ValueError:
            raise OverrideError(_("{path}, line {line}: points must be a number", path=path,
                                  line=line_number)) from None
        if not math.isfinite(points) or points < 0:
            raise OverrideError(_("{path}, line {line}: points must be 0 or more", path=path,
                                  line=line_number))
        if not names.clean(line.get("student") or ""):
            raise OverrideError(_("{path}, line {line}: no student named", path=path,
                                  line=line_number))
        found.append(Override(names.clean(line.get("student") or ""),
                              names.clean(line.get("exercise") or ""),
                              names.clean(line.get("question") or ""), points,
                              names.clean(line.get("comment") or "", 500), line_number))
    return found


def apply(rows: Sequence[Row], overrides: Sequence[Override]) -> tuple[list[Row], list[str]]:
    """``rows`` with the teacher's points, and a warning for each override that matched no row
    or gave more than the question's points."""
    done: set[int] = set()
    warnings: list[str] = []
    changed = []
    for row in rows:
        mine = [o for o in overrides if o.exercise == row.exercise and o.question == row.question
                and names.key(o.student) in (names.key(row.student), names.key(row.student_id))]
        if not mine:
            changed.append(row)
            continue
        last = mine[-1]
        done.update(o.line for o in mine)
        points = min(last.points, row.max_points)
        if last.points > row.max_points:
            warnings.append(_("overrides line {line}: {points} points is more than {question}'s "
                              "{most}; {most} given", line=last.line,
                              points=number(last.points), question=row.question,
                              most=number(row.max_points)))
        flags = "; ".join(f for f in (row.flags, f"override: {row.points:g} → {points:g}") if f)
        changed.append(replace(row, points=points, comment=last.comment, flags=flags,
                               reason=_("{reason} (the teacher gave {points})", reason=row.reason,
                                        points=number(points))))
    warnings += [_('overrides line {line}: no graded question of "{student}", {exercise} '
                   "{question}", line=o.line, student=o.student, exercise=o.exercise,
                   question=o.question) for o in overrides if o.line not in done]
    return changed, warnings
