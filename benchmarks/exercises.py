"""The exercise checks: the slowest feedback box any hostile answer gets, over all 39 questions
(``python -m benchmarks exercises``), and the check of a right answer once the kit's tables are
warm."""

from __future__ import annotations

import time
from fractions import Fraction

from sailing_kit.exercises import catalogue, session, teacher


class _EvilRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


HOSTILE = {
    "10**100000": 10**100000,
    "Fraction(1, 6**6000)": Fraction(1, 6**6000),
    "an object whose repr raises": _EvilRepr(),
    "a text of 10^6 characters": "x" * 10**6,
    "a list of 10^5 items": list(range(10**5)),
}


def _slowest(answer: object) -> tuple[float, str]:
    worst, where = 0.0, ""
    for name in catalogue.SETS:
        for question in catalogue.questions(name):
            started = time.perf_counter()
            question(answer)
            elapsed = time.perf_counter() - started
            if elapsed > worst:
                worst, where = elapsed, f"{name} {question.key}"
    return worst, where


def run() -> list[tuple[str, str]]:
    teacher.open_for_grading()  # the right answers are checked too
    for name in catalogue.SETS:
        session.start(name, "Benchmark")
        for question in catalogue.questions(name):
            question.variant("Benchmark")  # drawn once (q8 of the dice solves two rule sets)
    rows = []
    for words, answer in HOSTILE.items():
        worst, where = _slowest(answer)
        rows.append((f"exercise checks: slowest feedback to {words}, over all 39 questions",
                     f"{1000 * worst:.1f} ms ({where})"))
    for name in catalogue.SETS:  # warm: each question's tables computed once
        for question in catalogue.questions(name):
            question(question.solution_for("Benchmark"))
    started = time.perf_counter()
    for name in catalogue.SETS:
        for question in catalogue.questions(name):
            question(question.solution_for("Benchmark"))
    rows.append(("exercise checks: all 39 right answers checked (warm)",
                 f"{1000 * (time.perf_counter() - started):.0f} ms"))
    return rows
