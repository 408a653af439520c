"""The class's exercise results: checked tries as students' notebooks send them, summed up per
student and question, and written as CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Any

LIMITS = {"student": 64, "notebook": 64, "question": 64, "answer": 200}


def check_attempt(record: Any) -> dict[str, Any]:
    """The fields of an :class:`~sailing_kit.exercises.attempts.Attempt` sent as JSON, checked
    and cut to size (text stays text: it is escaped wherever it is shown); ValueError if
    malformed."""
    if not isinstance(record, dict):
        raise ValueError("an attempt is a JSON object")
    values: dict[str, Any] = {}
    for name, most in LIMITS.items():
        value = record.get(name, "")
        if not isinstance(value, str):
            raise ValueError(f"attempt field {name!r} must be text")
        values[name] = value[:most]
    if not values["student"].strip() or not values["question"]:
        raise ValueError("an attempt names its student and its question")
    if not isinstance(record.get("ok"), bool):
        raise ValueError("attempt field 'ok' must be true or false")
    values["ok"] = record["ok"]
    try_number = record.get("try_number", 1)
    if not isinstance(try_number, int) or isinstance(try_number, bool) or not 0 < try_number < 10**6:
        raise ValueError("attempt field 'try_number' must be a whole number from 1")
    values["try_number"] = try_number
    for name in ("points", "max_points"):
        value = record.get(name, 0.0)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"attempt field {name!r} must be a number")
        values[name] = float(value)
    return values


@dataclass(frozen=True)
class Result:
    """How one student did on one question."""

    student: str
    notebook: str
    question: str
    tries: int
    solved: bool
    solved_on: int | None
    """The try that first got it right (None: not yet)."""
    points: float
    max_points: float
    last_answer: str


def summarize(attempts: list[dict[str, Any]]) -> list[Result]:
    """One :class:`Result` per student and question, sorted by student then question."""
    grouped: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for attempt in attempts:
        key = (attempt["student"], attempt["notebook"], attempt["question"])
        grouped.setdefault(key, []).append(attempt)
    results = []
    for (student, notebook, question), tries in sorted(grouped.items()):
        first_ok = next((i for i, a in enumerate(tries, start=1) if a["ok"]), None)
        results.append(Result(student, notebook, question, len(tries), first_ok is not None,
                              first_ok, max(a["points"] for a in tries),
                              max(a["max_points"] for a in tries), tries[-1]["answer"]))
    return results


CSV_COLUMNS = ("student", "notebook", "question", "tries", "solved", "solved_on", "points",
               "max_points", "last_answer")


def to_csv(results: list[Result]) -> str:
    """The results as CSV (one row per student and question). Cells a spreadsheet would run as
    a formula are prefixed with a quote."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for result in results:
        writer.writerow([_cell(getattr(result, column)) for column in CSV_COLUMNS])
    return out.getvalue()


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return "" if value is None else value
