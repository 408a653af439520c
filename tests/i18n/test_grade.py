"""The grader in five languages (#26): ``--language`` for the teacher's console and CSV reasons
(the CSV's columns stay English for the gradebooks), each student's report in the language the
student chose, read from the notebook as hostile text."""

from __future__ import annotations

import json

import nbformat
import pytest

from sailing_kit.grade import reports
from sailing_kit.grade.__main__ import main
from sailing_kit.grade.scores import FIELDS, Row
from sailing_kit.grade.submissions import read, recorded_language
from tests.grade.handins import DICE, grade, needs_sandbox, solution, student_notebook


@pytest.mark.parametrize(("metadata", "sources", "expected"), [
    ({"sailing_kit": {"language": "hu"}}, [], "hu"),
    ({"sailing_kit": {"language": "RU"}}, [], "ru"),
    ({}, ['start("Ada", language="fr")'], "fr"),
    ({}, ['from sailing_kit.exercises.x import start\nstart("Ada", language="bg-BG")'], "bg"),
    ({"sailing_kit": {"language": "xx"}}, ['start("Ada", language="hu")'], "hu"),
    ({"sailing_kit": {"language": ["hu"]}}, [], None),
    ({"sailing_kit": {"language": "h" * 10**6}}, [], None),
    ({"sailing_kit": "hu"}, ['start("Ada", language=lang)'], None),
    ({}, ['start("Ada", language="de")', "start(" * 5000], None),
    ({}, [], None),
])
def test_the_students_language_is_read_as_hostile_text(metadata, sources, expected):
    assert recorded_language({"metadata": metadata, "cells": []}, sources) == expected


def test_a_submission_records_the_language_of_its_metadata(tmp_path):
    notebook = student_notebook(DICE, "Ada", {})
    notebook.metadata.setdefault("sailing_kit", {})["language"] = "ru"
    nbformat.write(notebook, tmp_path / "ada.ipynb")
    assert read(tmp_path / "ada.ipynb").language == "ru"
    (tmp_path / "empty.ipynb").write_text("")
    assert read(tmp_path / "empty.ipynb").language is None


def _row(language: str, points: float, feedback: str) -> Row:
    return Row("Ada", "ada.ipynb", DICE, "q1", points, 2.0, "teacher's reason", "5",
               comment="well tried", feedback=feedback, language=language)


def test_a_report_is_in_the_students_language():
    page = reports.page("Ada", [_row("hu", 0.0, "a kocka nem ennyi")])
    assert "<html lang='hu'>" in page and "Visszajelzés Ada számára" in page
    assert "<th>a válaszod</th>" in page and "✘ nem jó" in page
    assert "a kocka nem ennyi" in page and "A tanár: well tried" in page
    assert "teacher&#x27;s reason" not in page
    english = reports.page("Ada", [_row("", 2.0, "")])
    assert "<html lang='en'>" in english and "Feedback for Ada" in english
    assert "✔ right" in english and "teacher&#x27;s reason" in english


def test_the_csv_columns_stay_english_whatever_the_language():
    assert FIELDS[:7] == ["student", "notebook", "exercise", "question", "points", "max_points",
                          "reason"]
    assert "language" not in FIELDS and "feedback" not in FIELDS


@pytest.mark.parametrize("code", ["de", "", "hu_HU_x" * 50, "🙂"])
def test_a_language_the_grader_has_not_is_refused_and_nothing_is_written(tmp_path, capsys, code):
    notebook = tmp_path / "ada.ipynb"
    nbformat.write(student_notebook(DICE, "Ada", {}), notebook)
    with pytest.raises(SystemExit) as stopped:
        main([str(notebook), "--out", str(tmp_path / "grades.csv"), "--language", code])
    assert stopped.value.code == 2
    assert "choose one of en (English)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ada.ipynb"]


@needs_sandbox
def test_the_teacher_reads_french_and_each_student_their_own_language(tmp_path, capsys):
    root = tmp_path / "class"
    root.mkdir()
    answers = {1: solution(DICE, 1, "Ada"), 2: "999"}
    chosen = student_notebook(DICE, "Ada", answers)
    chosen.metadata.setdefault("sailing_kit", {})["language"] = "hu"
    nbformat.write(chosen, root / "ada.ipynb")
    nbformat.write(student_notebook(DICE, "Bob", answers), root / "bob.ipynb")
    result = grade(root, "--language", "fr", "--feedback", str(tmp_path / "feedback"))
    assert result.code == 0
    assert list(result.rows[0])[:7] == FIELDS[:7]
    ada = result.by_question("ada.ipynb")
    assert ada["q1"]["reason"] == "juste" and ada["q3"]["reason"] == "sans réponse"
    assert " ".join(ada["q2"]["reason"].split()).startswith("faux : réponse 999, attendu ")
    assert "2 carnets notés" in capsys.readouterr().out
    hungarian = (tmp_path / "feedback" / "ada.html").read_text(encoding="utf-8")
    french = (tmp_path / "feedback" / "bob.html").read_text(encoding="utf-8")
    assert "<html lang='hu'>" in hungarian and "Visszajelzés Ada számára" in hungarian
    assert "nincs válasz" in hungarian and "sans réponse" not in hungarian
    assert "<html lang='fr'>" in french and "Commentaires pour Bob" in french
    assert "sans réponse" in french
    assert json.dumps(hungarian).count("<tr>") == json.dumps(french).count("<tr>")


def test_the_language_of_the_check_boxes_records_is_read_after_the_metadata():
    notebook = {"metadata": {}, "cells": []}
    assert recorded_language(notebook, [], ["hu", "ru"]) == "ru"  # the last try's
    assert recorded_language(notebook, ['start("A", language="fr")'], [None, {"x": 1}]) == "fr"
    notebook["metadata"] = {"sailing_kit": {"language": "bg"}}
    assert recorded_language(notebook, [], ["hu"]) == "bg"


def test_a_submission_reads_the_language_its_check_boxes_recorded(tmp_path):
    notebook = student_notebook(DICE, "Ada", {})
    code = next(cell for cell in notebook.cells if cell.cell_type == "code")
    code.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": "ok"}, metadata={
        "sailing_kit": {"question": "q1", "language": "fr", "tries": []}})]
    nbformat.write(notebook, tmp_path / "ada.ipynb")
    assert read(tmp_path / "ada.ipynb").language == "fr"


def test_the_grader_leaves_the_language_spoken_as_it_found_it(tmp_path):
    from sailing_kit.core.i18n import language, set_language

    set_language("bg")
    with pytest.raises(SystemExit):
        main([str(tmp_path / "nowhere.ipynb"), "--language", "ru"])
    assert language() == "bg"
