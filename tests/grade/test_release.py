"""The teacher's version of every exercise, made from the one source and run in a fresh kernel:
every check asserts the kit's answer passes, and the grader gives it every point."""

from __future__ import annotations

import csv
from pathlib import Path

from sailing_kit.exercises import catalogue
from sailing_kit.exercises.release import main as release
from sailing_kit.grade.__main__ import main as grade

EXERCISES = Path(__file__).resolve().parents[2] / "exercises"


def test_the_teachers_versions_run_and_score_every_point(tmp_path):
    teacher = tmp_path / "teacher"
    assert release(["teacher", str(teacher), "--source", str(EXERCISES),
                    "--student", "Marie Curie"]) == 0
    assert sorted(p.stem for p in teacher.glob("*.ipynb")) == sorted(catalogue.SETS)
    out = tmp_path / "grades.csv"
    assert grade([str(teacher), "--out", str(out), "--timeout", "120"]) == 0
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 39 and {r["student"] for r in rows} == {"Marie Curie"}
    assert all(r["reason"] == "right" and r["points"] == r["max_points"] for r in rows), [
        r for r in rows if r["reason"] != "right"]
