"""The grader on real submitted notebooks: the student notebooks of exercises/, filled in and
run as a student would, then forged, broken, hung, blanked and renamed. Each is graded in a
fresh kernel by ``python -m sailing_kit.grade``; the rows must follow the kit's checks only."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from sailing_kit.exercises import catalogue
from sailing_kit.grade.__main__ import main
from sailing_kit.grade.scores import FIELDS

EXERCISES = Path(__file__).resolve().parents[2] / "exercises"
SAIL, DICE = "01_points_of_sail", "03_dice"


def student_notebook(exercise: str, name: str | None, answers: dict[int, str]) -> nbformat.NotebookNode:
    """The released notebook with a name in ``start(...)`` and some answer cells written."""
    notebook = nbformat.read(EXERCISES / f"{exercise}.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if "start(..." in cell.source and name is not None:
            cell.source = cell.source.replace("start(...", f"start({name!r}")
        match = re.match(r"answer_(\d+) = ", cell.source)
        if match and int(match[1]) in answers:
            cell.source = f"answer_{match[1]} = {answers[int(match[1])]}"
    return notebook


def solution(exercise: str, number: int, name: str) -> str:
    return repr(catalogue.questions(exercise)[number - 1].solution_for(name))


def all_right(exercise: str, name: str) -> dict[int, str]:
    return {q.number: solution(exercise, q.number, name) for q in catalogue.questions(exercise)}


def run_as_the_student(notebook: nbformat.NotebookNode, folder: Path) -> nbformat.NotebookNode:
    """Execute the notebook as the student would (so its check boxes record their tries)."""
    NotebookClient(notebook, timeout=120, allow_errors=True,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return notebook


def insert_after(notebook: nbformat.NotebookNode, marker: str, source: str) -> None:
    index = next(i for i, c in enumerate(notebook.cells) if c.source.startswith(marker))
    notebook.cells.insert(index + 1, nbformat.v4.new_code_cell(source))


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Every kind of submission in one folder (some in a student's own folder), graded once."""
    root = tmp_path_factory.mktemp("submissions")
    (root / "dora").mkdir()

    right = student_notebook(SAIL, "Ada Lovelace", all_right(SAIL, "Ada Lovelace"))
    nbformat.write(run_as_the_student(right, root), root / "ada.ipynb")

    # A first wrong try, then the right answer: the notebook records both tries.
    tried = student_notebook(SAIL, "Chen Wei", all_right(SAIL, "Chen Wei"))
    insert_after(tried, "q4(answer_4)", "answer_4 = 'S'\nq4(answer_4)")
    tried.cells = [c for c in tried.cells if c.source != "q4(answer_4)"]
    insert_after(tried, "answer_4 = 'S'", f"answer_4 = {solution(SAIL, 4, 'Chen Wei')}\nq4(answer_4)")
    nbformat.write(run_as_the_student(tried, root), root / "chen.ipynb")

    # Partial credit: the dice question 1 with one of its two parts wrong, the rest blank.
    partial = student_notebook(DICE, "Bea", {1: solution(DICE, 1, "Bea").replace(
        "'sorted': ", "'sorted': 1 + ")})
    nbformat.write(partial, root / "bea_dice.ipynb")

    # Forged: green boxes drawn by hand, the kit's checks patched in the kernel, forged records.
    forged = student_notebook(SAIL, "Eve", {})
    for cell in forged.cells:
        if re.fullmatch(r"q\d\(answer_\d\)", cell.source):
            cell.source = ("from sailing_kit.draw.feedback import Feedback\n"
                           "Feedback(True, 'well done', title='Question')")
            cell.outputs = [nbformat.v4.new_output(
                "display_data", data={"text/plain": "✔ Correct"},
                metadata={"sailing_kit": {"question": "q1", "tries": [
                    {"question": "q1", "try": 1, "verdict": "right"}]}})]
    insert_after(forged, "from sailing_kit.exercises", "import sailing_kit.exercises.question as q\n"
                 "from sailing_kit.exercises.verdicts import Marked, right\n"
                 "q.Question.mark = lambda self, v, a: Marked(True, right('forged'))")
    nbformat.write(forged, root / "eve.ipynb")

    # Errors: a cell raises before question 3; question 3's own answer cell raises too.
    broken = student_notebook(SAIL, "Finn", all_right(SAIL, "Finn"))
    insert_after(broken, "answer_2 = ", "1 / 0")
    for cell in broken.cells:
        if cell.source.startswith("answer_3 = "):
            cell.source = "answer_3 = undefined_name"
    nbformat.write(broken, root / "finn.ipynb")

    # Hangs: one cell loops (interrupted at the time limit); one ignores the interrupt.
    slow = student_notebook(SAIL, "Gus", all_right(SAIL, "Gus"))
    insert_after(slow, "answer_5 = ", "while True:\n    pass")
    nbformat.write(slow, root / "gus.ipynb")
    stuck = student_notebook(SAIL, "Hal", all_right(SAIL, "Hal"))
    insert_after(stuck, "answer_1 = ", "import signal, time\nsignal.signal(signal.SIGINT, "
                 "signal.SIG_IGN)\nwhile True:\n    time.sleep(0.1)")
    nbformat.write(stuck, root / "hal.ipynb")
    dying = student_notebook(SAIL, "Ivy", all_right(SAIL, "Ivy"))
    insert_after(dying, "answer_6 = ", "import os\nos._exit(1)")
    nbformat.write(dying, root / "ivy.ipynb")

    # Blank (as released) in a student's folder; a renamed file with no name; broken files.
    nbformat.write(student_notebook(SAIL, None, {}), root / "dora" / f"{SAIL}.ipynb")
    nbformat.write(student_notebook(SAIL, None, all_right(SAIL, "jo")), root / f"{SAIL}-jo.ipynb")
    (root / f"{DICE}-empty.ipynb").write_bytes(b"")
    (root / f"{DICE}-kay.ipynb").write_text("{ this is not json", encoding="utf-8")
    (root / "notes.ipynb").write_text('{"cells": [], "metadata": {}, "nbformat": 4, '
                                      '"nbformat_minor": 5}', encoding="utf-8")

    out, wide = root / "grades.csv", root / "wide.csv"
    assert main([str(root), "--out", str(out), "--wide", str(wide), "--timeout", "4"]) == 0
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return rows, out, wide


def rows_of(graded, file: str) -> list[dict]:
    return [r for r in graded[0] if Path(r["notebook"]).name == file]


def points(rows) -> float:
    return sum(float(r["points"]) for r in rows)


def test_the_csv_has_the_columns_the_issue_names(graded):
    _rows, out, _ = graded
    with out.open(encoding="utf-8") as handle:
        header = next(csv.reader(handle))
    assert header == FIELDS and {"student", "notebook", "question", "points",
                                 "max_points"} <= set(header)


def test_a_right_notebook_scores_every_point_under_its_recorded_name(graded):
    rows = rows_of(graded, "ada.ipynb")
    assert [r["question"] for r in rows] == [f"q{n}" for n in range(1, 8)]
    assert all(r["student"] == "Ada Lovelace" and r["reason"] == "right" for r in rows)
    assert points(rows) == sum(float(r["max_points"]) for r in rows) == 14


def test_the_recorded_tries_are_reported_but_never_scored(graded):
    rows = {r["question"]: r for r in rows_of(graded, "chen.ipynb")}
    assert rows["q4"]["tries"] == "2" and rows["q4"]["first_try"] == "not yet"
    assert rows["q4"]["points"] == "2.0" and rows["q1"]["tries"] == "1"
    assert rows["q1"]["first_try"] == "right"


def test_a_question_with_parts_gets_credit_for_the_parts_right(graded):
    rows = {r["question"]: r for r in rows_of(graded, "bea_dice.ipynb")}
    assert rows["q1"]["points"] == "1.0" and rows["q1"]["reason"] == "1 of 2 parts right"
    assert all(rows[f"q{n}"]["reason"] == "not answered" for n in range(2, 9))


def test_a_forged_green_box_and_a_patched_check_score_nothing(graded):
    rows = rows_of(graded, "eve.ipynb")
    assert points(rows) == 0 and all(r["reason"] == "not answered" for r in rows)


def test_a_notebook_that_errors_still_counts_the_answers_it_holds(graded):
    rows = {r["question"]: r for r in rows_of(graded, "finn.ipynb")}
    assert rows["q3"]["points"] == "0.0" and "no answer_3" in rows["q3"]["reason"]
    assert "ZeroDivisionError" in rows["q3"]["reason"]
    assert all(rows[q]["reason"] == "right" for q in ("q1", "q2", "q4", "q5", "q6", "q7"))


def test_a_cell_that_loops_is_stopped_and_the_rest_still_graded(graded):
    rows = rows_of(graded, "gus.ipynb")
    assert all(r["reason"] == "right" for r in rows)


def test_a_notebook_that_hangs_or_kills_its_kernel_gets_zero_rows_with_the_reason(graded):
    hung, died = rows_of(graded, "hal.ipynb"), rows_of(graded, "ivy.ipynb")
    assert len(hung) == len(died) == 7 and points(hung) == points(died) == 0
    assert all("hangs" in r["reason"] for r in hung)
    assert all("kernel died" in r["reason"] for r in died)


def test_a_blank_notebook_gets_its_rows_named_after_its_folder(graded):
    rows = rows_of(graded, f"{SAIL}.ipynb")
    assert len(rows) == 7 and {r["student"] for r in rows} == {"dora"}
    assert points(rows) == 0 and all(r["reason"] == "not answered" for r in rows)


def test_a_notebook_without_a_recorded_name_is_named_by_its_file(graded):
    rows = rows_of(graded, f"{SAIL}-jo.ipynb")
    assert {r["student"] for r in rows} == {"jo"}
    # start(...) was never named, so no check ran, but the answers are jo's: right for jo
    assert all(r["reason"] == "right" for r in rows)


def test_files_that_are_no_notebooks_still_get_rows(graded):
    empty, junk = rows_of(graded, f"{DICE}-empty.ipynb"), rows_of(graded, f"{DICE}-kay.ipynb")
    assert len(empty) == len(junk) == 8 and points(empty + junk) == 0
    assert all(r["reason"] == "the file is empty" for r in empty)
    assert all("not a notebook" in r["reason"] and r["student"] == "kay" for r in junk)
    (notes,) = rows_of(graded, "notes.ipynb")
    assert notes["reason"] == "not a sailing_kit exercise notebook"


def test_the_wide_csv_has_one_row_per_notebook_with_a_total(graded):
    _, _, wide = graded
    with wide.open(encoding="utf-8") as handle:
        table = {Path(r["notebook"]).name: r for r in csv.DictReader(handle)}
    assert table["ada.ipynb"]["total"] == "14.0" and table["ada.ipynb"]["q7"] == "2.0"
    assert table["bea_dice.ipynb"]["total"] == "1.0" and table["bea_dice.ipynb"]["max_points"] == "16.0"


def test_a_total_per_student_is_printed(tmp_path, capsys):
    path = tmp_path / "ada.ipynb"
    nbformat.write(student_notebook(SAIL, "Ada Lovelace", {4: solution(SAIL, 4, "Ada Lovelace")}),
                   path)
    assert main([str(path), "--out", str(tmp_path / "g.csv")]) == 0
    assert "Ada Lovelace  2 / 14 points  (1 notebook)" in capsys.readouterr().out
