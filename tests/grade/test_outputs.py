"""What the grader writes: CSVs no spreadsheet runs as formulas, each file written whole, the
gradebook imports of Canvas, Moodle and Gradescope, the teacher's overrides shown everywhere, and
a feedback report per student (HTML, and a PDF printed by Chromium)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import nbformat
import pytest

from sailing_kit.grade import outputs, overrides, reports
from sailing_kit.grade.scores import Row
from tests.grade.handins import DICE, all_right, grade, needs_sandbox, solution, student_notebook


def row(student: str, exercise: str, question: str, points: float, notebook: str = "",
        **more: str) -> Row:
    return Row(student, notebook or f"{student}-{exercise}.ipynb", exercise, question, points,
               2.0, "right" if points == 2 else "not right", **more)


ROWS = [row("Ada", DICE, "q1", 2.0, student_id="s1"), row("Ada", DICE, "q2", 1.0, student_id="s1"),
        row("Ada", DICE, "q1", 0.0, "ada-again.ipynb", student_id="s1"),
        row("=cmd|' /C calc'!A0", DICE, "q1", 2.0), row("Bob", "04_calm", "q1", 2.0)]


def read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("value, written", [
    ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"), ("+1", "'+1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'=1"), ("\r+1", "'+1"), ("Ann\x1b[2J", "Ann [2J"), ("Zoe\udcff", "Zoe"), (2.5, 2.5),
    ("plain", "plain")])
def test_every_text_cell_is_cleaned_and_never_a_formula(value, written):
    assert outputs.cell(value) == written


def test_the_long_csv_quotes_formulas_in_every_column():
    lines = read(outputs.long_csv(ROWS))
    assert lines[0][:3] == ["student", "notebook", "exercise"]
    assert lines[4][0] == "'=cmd|' /C calc'!A0" and lines[4][1] == "'=cmd|' /C calc'!A0-03_dice.ipynb"


def test_a_student_with_two_notebooks_of_one_exercise_counts_the_better_once():
    totals = {s: (p, m, n) for s, p, m, n in outputs.totals(ROWS)}
    assert totals["Ada"] == (3.0, 4.0, 2) and totals["Bob"] == (2.0, 2.0, 1)


def test_canvas_moodle_and_gradescope_get_their_own_layout():
    emails = {"Ada": "ada@uni.example"}
    canvas = read(outputs.canvas_csv(ROWS, emails))
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "03_dice", "04_calm"]
    assert canvas[1] == ["Points Possible", "", "", "", "", "4.0", "2.0"]
    assert ["Ada", "", "s1", "ada@uni.example", "", "3.0", ""] in canvas
    moodle = read(outputs.moodle_csv(ROWS, emails))
    assert moodle[0] == ["Full name", "Email address", "ID number", "03_dice", "04_calm"]
    assert ["Ada", "ada@uni.example", "s1", "3.0", ""] in moodle
    gradescope = outputs.gradescope_csvs(ROWS, emails)
    assert sorted(gradescope) == ["03_dice", "04_calm"]
    dice = read(gradescope["03_dice"])
    assert dice[0][:4] == ["Name", "SID", "Email", "Total Score"] and len(dice[0]) == 12
    assert dice[2][:6] == ["Ada", "s1", "ada@uni.example", "3.0", "2.0", "1.0"]


def test_a_file_is_written_whole_or_not_at_all(tmp_path):
    out = tmp_path / "grades.csv"
    outputs.write_atomically(out, "first\n")
    with pytest.raises(UnicodeEncodeError):
        outputs.write_atomically(out, "half written \udcff")
    assert out.read_text() == "first\n" and [p.name for p in tmp_path.iterdir()] == ["grades.csv"]


def overrides_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "overrides.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_teachers_overrides_set_points_and_show_everywhere(tmp_path):
    manual = overrides.read(overrides_file(
        tmp_path, "student,exercise,question,points,comment\nada,03_dice,q2,2,=good reasoning\n"
                  "Nobody,03_dice,q1,1,\nAda,04_calm,q9,1,\nBob,04_calm,q1,5,generous\n"))
    changed, warnings = overrides.apply(ROWS, manual)
    ada_q2, bob = changed[1], changed[4]
    assert (ada_q2.points, ada_q2.comment) == (2.0, "=good reasoning")
    assert ada_q2.flags == "override: 1 → 2" and ada_q2.reason == "not right (the teacher gave 2)"
    assert bob.points == 2.0 and "more than q1's 2" in warnings[0]
    assert warnings[1:] == ['overrides line 3: no graded question of "Nobody", 03_dice q1',
                            'overrides line 4: no graded question of "Ada", 04_calm q9']
    assert "'=good reasoning" in outputs.long_csv(changed)


@pytest.mark.parametrize("text, why", [
    ("student,points\nAda,1\n", "lacks the column"), ("student,exercise,question,points,comment\n"
                                                      "Ada,03_dice,q1,lots,\n", "line 2: points"),
    ("student,exercise,question,points,comment\nAda,03_dice,q1,-1,\n", "0 or more"),
    ("student,exercise,question,points,comment\n,03_dice,q1,1,\n", "line 2: no student")])
def test_an_overrides_file_that_cannot_be_read_says_which_line(tmp_path, text, why):
    with pytest.raises(overrides.OverrideError, match=why):
        overrides.read(overrides_file(tmp_path, text))


def test_a_report_escapes_everything_a_student_wrote():
    page = reports.page("<script>alert(1)</script>", [
        row("x", DICE, "q1", 0.0, answer="'<img src=x onerror=alert(1)>'", feedback="not <b>it</b>",
            flags="look-alike: <x>")])
    assert "<script>" not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;" in page and "For the teacher to look at: look-alike: &lt;x&gt;" in page


@pytest.fixture(scope="module")
def reported(tmp_path_factory):
    """A small class graded with a roster, overrides, Canvas's layout and feedback reports."""
    folder = tmp_path_factory.mktemp("reported")
    root = folder / "class"
    root.mkdir()
    nbformat.write(student_notebook(DICE, "Ada Lovelace", all_right(DICE, "Ada Lovelace")),
                   root / "ada.ipynb")
    nbformat.write(student_notebook(DICE, "Bob", {1: solution(DICE, 1, "Ada Lovelace")}),
                   root / "bob.ipynb")
    (folder / "roster.csv").write_text("name,id,email\nAda Lovelace,s1,ada@uni.example\n"
                                       "Bob,s2,bob@uni.example\n", encoding="utf-8")
    (folder / "overrides.csv").write_text("student,exercise,question,points,comment\n"
                                          "s2,03_dice,q2,1,a good start\n", encoding="utf-8")
    result = grade(root, "--roster", str(folder / "roster.csv"), "--overrides",
                   str(folder / "overrides.csv"), "--format", "canvas", "--feedback",
                   str(folder / "feedback"), "--wide", str(folder / "wide.csv"))
    return folder, result


@needs_sandbox
def test_the_canvas_import_has_every_student_of_the_roster_with_the_overrides(reported):
    _folder, result = reported
    assert result.code == 0
    lines = read(result.out.read_text(encoding="utf-8"))
    assert lines[1] == ["Points Possible", "", "", "", "", "16.0"]
    assert ["Ada Lovelace", "", "s1", "ada@uni.example", "", "16.0"] in lines
    assert ["Bob", "", "s2", "bob@uni.example", "", "1.0"] in lines


@needs_sandbox
def test_each_student_gets_a_report_and_a_pdf_where_chromium_is(reported):
    folder, _ = reported
    files = sorted(p.name for p in (folder / "feedback").iterdir())
    printed = ["ada-lovelace.pdf", "bob.pdf"] if reports.chromium() else []
    assert files == sorted(["ada-lovelace.html", "bob.html", *printed])
    bob = (folder / "feedback" / "bob.html").read_text(encoding="utf-8")
    assert "1 of 16 points" in bob and "The teacher: a good start" in bob
    assert "✘ not right" in bob and bob.count("<tr>") == 9
    for pdf in printed:
        assert (folder / "feedback" / pdf).read_bytes().startswith(b"%PDF")
