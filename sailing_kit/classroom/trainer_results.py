"""The class's answers to the animated trainer, question by question, for the dashboard.

A student's trainer reports each first answer (and each first reason, as ``<id>/why``) as an
exercise attempt under the notebook ``"trainer: <quiz title>"`` (see
:class:`sailing_kit.race.boards.situations.SituationTrainer`); the teacher sees here, for each
situation, how many answered, how many were right at the first try, the commonest wrong answer
and how many chose the right reason.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from typing import Any

PREFIX = "trainer: "
WHY = "/why"


@dataclass(frozen=True)
class QuestionSummary:
    """One situation of a quiz, over the class."""

    quiz: str
    situation: str
    answered: int
    right: int
    wrong_answer: str
    """The commonest wrong first answer ("" if none)."""
    reasons: int
    reasons_right: int


def trainer_summary(attempts: list[dict[str, Any]]) -> list[QuestionSummary]:
    """A summary per quiz and situation, from every student's first try at each."""
    firsts: dict[tuple[str, str, str], dict[str, Any]] = {}
    for attempt in attempts:
        if str(attempt.get("notebook", "")).startswith(PREFIX):
            key = (attempt["notebook"], attempt["question"], attempt["student"])
            firsts.setdefault(key, attempt)
    grouped: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for (notebook, question, _), attempt in firsts.items():
        grouped.setdefault((notebook, question.removesuffix(WHY)), []).append(attempt)
    found = []
    for (notebook, situation), tries in sorted(grouped.items()):
        answers = [t for t in tries if not t["question"].endswith(WHY)]
        reasons = [t for t in tries if t["question"].endswith(WHY)]
        wrong = Counter(t["answer"] for t in answers if not t["ok"]).most_common(1)
        found.append(QuestionSummary(notebook.removeprefix(PREFIX), situation, len(answers),
                                     sum(t["ok"] for t in answers),
                                     wrong[0][0] if wrong else "", len(reasons),
                                     sum(t["ok"] for t in reasons)))
    return found


def trainer_summary_table(attempts: list[dict[str, Any]]) -> str:
    """The summary as an HTML table (every text escaped); "" when no trainer answer came."""
    rows = trainer_summary(attempts)
    if not rows:
        return ""
    body = "".join(
        f"<tr><td>{html.escape(r.quiz)}</td><td>{html.escape(r.situation)}</td>"
        f"<td>{r.answered}</td><td>{r.right} ({_share(r.right, r.answered)})</td>"
        f"<td>{html.escape(r.wrong_answer) or '—'}</td>"
        f"<td>{r.reasons_right} of {r.reasons}</td></tr>" for r in rows)
    return ("<h4 style='margin:8px 0 2px'>Right-of-way trainer, question by question</h4>"
            "<table border='1' style='border-collapse:collapse'><tr><th>quiz</th>"
            "<th>situation</th><th>answered</th><th>right at the first try</th>"
            "<th>commonest wrong answer</th><th>reason right</th></tr>" + body + "</table>")


def _share(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %" if whole else "—"
