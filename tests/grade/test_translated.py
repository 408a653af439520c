"""The exercises in the languages of their games (``exercises/hu/03_dice.ipynb``, ...) are graded
exactly like the English ones: the same questions, the same variants, the same points and the
same reasons for the teacher; only the student's report speaks the student's language."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from tests.grade.handins import grade, needs_sandbox, solution, student_notebook

TRANSLATED = {"03_dice": "hu", "04_calm": "ru", "05_trireme": "fr"}
"""Each exercise whose game's rule text is in another language, and that language."""
STUDENTS = {"03_dice": "Kiss Anna", "04_calm": "Аня Петрова", "05_trireme": "Léa Martin"}


def answers(exercise: str) -> dict[int, str]:
    """Right, wrong (another student's answer) and blank answers, in turn."""
    given = {}
    for number in range(1, 8):
        if number % 3 == 1:
            given[number] = solution(exercise, number, STUDENTS[exercise])
        elif number % 3 == 2:
            given[number] = solution(exercise, number, "Bob Marley")
    return given


def handed_in(folder: Path, translated: bool) -> Path:
    """A notebook of each exercise by its student, from the English notebooks or from their
    translated copies, with the same answers."""
    folder.mkdir()
    for exercise, code in TRANSLATED.items():
        notebook = student_notebook(exercise, STUDENTS[exercise], answers(exercise),
                                    code if translated else "")
        nbformat.write(notebook, folder / f"{exercise}-{code}.ipynb")
    return folder


def report_languages(folder: Path) -> list[str]:
    return sorted(re.search("<html lang='(..)'>", path.read_text(encoding="utf-8"))[1]
                  for path in folder.glob("*.html"))


@needs_sandbox
def test_a_translated_notebook_is_graded_exactly_like_the_english_one(tmp_path):
    english = grade(handed_in(tmp_path / "english", False), "--jobs", "2",
                    "--feedback", str(tmp_path / "english-reports"))
    translated = grade(handed_in(tmp_path / "translated", True), "--jobs", "2",
                       "--feedback", str(tmp_path / "translated-reports"))
    assert english.code == translated.code == 0
    assert len(english.rows) == 8 + 7 + 9
    columns = [column for column in english.rows[0] if column != "notebook"]
    assert [[row[c] for c in columns] for row in translated.rows] == \
        [[row[c] for c in columns] for row in english.rows]
    for exercise, code in TRANSLATED.items():
        rows = english.of(f"{exercise}-{code}.ipynb")
        scored = [float(row["points"]) for row in rows]
        assert 0 < sum(scored) < sum(float(row["max_points"]) for row in rows), exercise
        assert scored.count(0) >= 3 and {row["student"] for row in rows} == {STUDENTS[exercise]}
    assert report_languages(tmp_path / "english-reports") == ["en"] * 3
    assert report_languages(tmp_path / "translated-reports") == sorted(TRANSLATED.values())
