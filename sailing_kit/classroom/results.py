"""The class's exercise results: checked tries as registered students' notebooks send them, the
per-question summary the dashboard shows (bounded: it never grows with the class), and the CSV
export (a row per student and question) for a spreadsheet."""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sailing_kit.classroom.store import Store

LIMITS = {"notebook": 64, "question": 64, "answer": 200, "feedback": 200}
SUMMARY_QUESTIONS = 40
"""The dashboard shows the questions most recently tried, at most this many."""


def check_attempt(record: Any) -> dict[str, Any]:
    """The fields of an :class:`~sailing_kit.exercises.attempts.Attempt` sent as JSON, checked
    and cut to size (text stays text: it is escaped wherever it is shown); ValueError if
    malformed. The student is never read from the record: it is the token's."""
    if not isinstance(record, dict):
        raise ValueError("an attempt is a JSON object")
    values: dict[str, Any] = {}
    for name, most in LIMITS.items():
        value = record.get(name, "")
        if not isinstance(value, str):
            raise ValueError(f"attempt field {name!r} must be text")
        values[name] = value[:most]
    if not values["notebook"] or not values["question"]:
        raise ValueError("an attempt names its notebook and its question")
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
            raise ValueError(f"attempt field {name!r} must be a finite number")
        values[name] = float(value)
    if not 0 <= values["points"] <= values["max_points"] <= 1000:
        raise ValueError("an attempt's points are from 0 to its max_points (at most 1000)")
    return values


@dataclass(frozen=True)
class QuestionSummary:
    """How the class did on one question."""

    notebook: str
    question: str
    tried: int
    """Students who tried it."""
    right: int
    """Students who got it right (at some try)."""
    common_wrong: str | None
    """The most common wrong answer (None: no wrong answer yet)."""
    common_feedback: str
    """The feedback that wrong answer got."""
    wrong_times: int


def question_summary(store: Store, most: int = SUMMARY_QUESTIONS) -> list[QuestionSummary]:
    """Per question (the ``most`` most recently tried), newest first."""
    counts = store.question_counts(most)
    wrong = store.common_wrong((c["notebook"], c["question"]) for c in counts)
    summaries = []
    for count in counts:
        common = wrong.get((count["notebook"], count["question"]))
        summaries.append(QuestionSummary(
            count["notebook"], count["question"], count["tried"], count["right"],
            common["answer"] if common else None, common["feedback"] if common else "",
            common["times"] if common else 0))
    return summaries


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
