"""The grader on a class of real submissions: the student notebooks of exercises/, filled in and
run as students would, then forged, broken, hung, killed, malformed, oversized, mislabelled and
renamed. The whole class is graded once, each notebook in its own sandbox; every notebook gets
its rows and its reason, and the honest ones their exact points."""

from __future__ import annotations

import json

import nbformat
import pytest

from sailing_kit.grade.scores import FIELDS
from tests.grade.handins import (
    DICE,
    SAIL,
    all_right,
    grade,
    insert_after,
    needs_sandbox,
    points,
    raw_notebook,
    run_as_the_student,
    solution,
    student_notebook,
    write_raw,
)

pytestmark = needs_sandbox
FORGED_LINE = '{"answer": "answer_3", "cell": 0, "value": {"fraction": ["1", "0"]}}\n'


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Every kind of submission in one folder (some in a student's own folder), graded once."""
    root = tmp_path_factory.mktemp("class") / "submissions"
    (root / "dora").mkdir(parents=True)

    nbformat.write(student_notebook(SAIL, "Ada Lovelace", all_right(SAIL, "Ada Lovelace")),
                   root / "ada.ipynb")

    # A first wrong try, then the right answer: the notebook records both tries.
    tried = student_notebook(SAIL, "Chen Wei", all_right(SAIL, "Chen Wei"))
    wrong = "answer_4 = {'A': 'S', 'B': 'S', 'C': 'S'}"
    insert_after(tried, "q4(answer_4)", f"{wrong}\nq4(answer_4)")
    tried.cells = [c for c in tried.cells if c.source != "q4(answer_4)"]
    insert_after(tried, wrong, f"answer_4 = {solution(SAIL, 4, 'Chen Wei')}\nq4(answer_4)")
    nbformat.write(run_as_the_student(tried, root), root / "chen.ipynb")

    # Partial credit: the dice question 1 with one of its two parts wrong, the rest blank.
    partial = student_notebook(DICE, "Bea", {1: solution(DICE, 1, "Bea").replace(
        "'sorted': ", "'sorted': 1 + ")})
    nbformat.write(partial, root / "bea_dice.ipynb")

    # Forged: green boxes drawn by hand, the kit's checks patched in the kernel, forged records,
    # the teacher's solution() asked for.
    forged = student_notebook(SAIL, "Eve", {1: "solution(q1)"})
    for cell in forged.cells:
        if cell.source.startswith("q") and "(answer_" in cell.source:
            cell.source = ("from sailing_kit.draw.feedback import Feedback\n"
                           "Feedback(True, 'well done', title='Question')")
            cell.outputs = [nbformat.v4.new_output(
                "display_data", data={"text/plain": "✔ Correct"},
                metadata={"sailing_kit": {"question": "q1", "tries": [
                    {"question": "q1", "try": 1, "verdict": "right"}]}})]
    insert_after(forged, "from sailing_kit.exercises", "import sailing_kit.exercises.question as q\n"
                 "from sailing_kit.exercises.verdicts import Marked, right\n"
                 "from sailing_kit.exercises.teacher import solution\n"
                 "q.Question.mark = lambda self, v, a: Marked(True, right('forged'))")
    nbformat.write(forged, root / "eve.ipynb")

    # A forged answers line written straight to the grader's channel.
    forger = student_notebook(DICE, "Fay", all_right(DICE, "Fay"))
    insert_after(forger, "answer_8 = ", "import os\nfor fd in range(3, 64):\n    try:\n"
                 f"        os.write(fd, {FORGED_LINE.encode()!r})\n    except OSError:\n"
                 "        pass")
    nbformat.write(forger, root / "fay_dice.ipynb")

    # Errors: a cell raises before question 3; question 3's own answer cell raises too.
    broken = student_notebook(SAIL, "Finn", all_right(SAIL, "Finn"))
    insert_after(broken, "answer_2 = ", "1 / 0")
    for cell in broken.cells:
        if cell.source.startswith("answer_3 = "):
            cell.source = "answer_3 = undefined_name"
    nbformat.write(broken, root / "finn.ipynb")

    # Hangs: one cell loops (stopped at the time limit); one ignores the stop (the kernel is
    # killed: the answers before it count); one kernel dies after question 6.
    slow = student_notebook(SAIL, "Gus", all_right(SAIL, "Gus"))
    insert_after(slow, "answer_5 = ", "while True:\n    pass")
    nbformat.write(slow, root / "gus.ipynb")
    stuck = student_notebook(SAIL, "Hal", all_right(SAIL, "Hal"))
    insert_after(stuck, "answer_1 = ", "import signal, time\nsignal.signal(signal.SIGALRM, "
                 "signal.SIG_IGN)\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nwhile True:\n"
                 "    time.sleep(0.1)")
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

    # Malformed: metadata.sailing_kit = [], a cell whose source is a number, a cell without a
    # type; its answers still count.
    malformed = json.loads(nbformat.writes(student_notebook(DICE, "Mal", all_right(DICE, "Mal"))))
    malformed["metadata"]["sailing_kit"] = []
    malformed["cells"][2:2] = [{"cell_type": "code", "source": 42, "outputs": []},
                              {"source": "print('no type')"}]
    write_raw(root / "mal_dice.ipynb", malformed)

    # Too big, too many cells; names that are formulas, escape sequences, lone surrogates.
    big = raw_notebook(DICE, "answer_1 = 1")
    big["cells"].append({"cell_type": "markdown", "source": "x" * 1_500_000, "metadata": {}})
    write_raw(root / f"{DICE}-big.ipynb", big)
    write_raw(root / f"{DICE}-many.ipynb", raw_notebook(DICE, *["pass"] * 150))
    for file, name in (("nat_dice.ipynb", '=HYPERLINK("http://x.example","click")'),
                       ("oz_dice.ipynb", "\x1b[2J\x1b[HOz\u202e"), ("zoe_dice.ipynb", "Zoe\udcff")):
        write_raw(root / file, raw_notebook(
            DICE, f"from sailing_kit.exercises.dice import start, q1\nstart({name!r})",
            f"answer_2 = {solution(DICE, 2, name)}"))

    # Names: a look-alike of Ada (a Cyrillic А), and a second start() with another name.
    nbformat.write(student_notebook(SAIL, "Аda Lovelace", all_right(SAIL, "Ada Lovelace")),
                   root / "ada-again.ipynb")
    # Reaching the teacher's module through code built at run time: only the audit hook sees it.
    hidden = student_notebook(DICE, "Kim", all_right(DICE, "Kim"))
    insert_after(hidden, "answer_1 = ", 'exec("from sailing_kit.exer" + "cises.teacher import unlock")')
    nbformat.write(hidden, root / "kim_dice.ipynb")
    twice = student_notebook(DICE, "Gil", all_right(DICE, "Hope"))
    insert_after(twice, "answer_1 = ", "start('Hope')")
    nbformat.write(twice, root / "gil_dice.ipynb")

    result = grade(root, "--timeout", "4", "--jobs", "2", "--max-size", "1", "--max-cells", "100",
                   "--wide", str(root.parent / "wide.csv"))
    assert result.code == 0
    return result


def test_the_csv_has_the_columns_the_issue_names(graded):
    header = graded.out.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header == FIELDS
    assert {"student", "notebook", "question", "points", "max_points", "flags", "isolated"} <= set(header)
    assert {r["isolated"] for r in graded.rows} == {"yes"}


def test_a_right_notebook_scores_every_point_under_its_recorded_name(graded):
    rows = graded.of("ada.ipynb")
    assert [r["question"] for r in rows] == [f"q{n}" for n in range(1, 8)]
    assert all(r["student"] == "Ada Lovelace" and r["reason"] == "right" for r in rows)
    assert points(rows) == sum(float(r["max_points"]) for r in rows) == 14


def test_the_recorded_tries_are_reported_but_never_scored(graded):
    rows = graded.by_question("chen.ipynb")
    assert rows["q4"]["tries"] == "2" and rows["q4"]["first_try"] == "not yet"
    assert rows["q4"]["points"] == "2.0" and rows["q1"]["tries"] == "1"
    assert rows["q1"]["first_try"] == "right"


def test_a_question_with_parts_gets_credit_for_the_parts_right_and_says_what_was_expected(graded):
    rows = graded.by_question("bea_dice.ipynb")
    assert rows["q1"]["points"] == "1.0"
    assert rows["q1"]["reason"].startswith("1 of 2 parts right; sorted: gave ")
    assert ", expected " in rows["q1"]["reason"]
    assert all(rows[f"q{n}"]["reason"] == "not answered" for n in range(2, 9))


def test_a_forged_green_box_a_patched_check_and_the_teachers_solution_score_nothing(graded):
    rows = graded.of("eve.ipynb")
    assert points(rows) == 0
    assert rows[0]["reason"].startswith("no answer_1 in the notebook (cell ")
    assert "PermissionError: the answers are locked" in rows[0]["reason"]
    flags = rows[0]["flags"]
    assert flags.startswith("answer-api: ") and "sailing_kit.exercises.teacher" in flags


def test_the_audit_hook_flags_code_the_cells_only_build_at_run_time(graded):
    rows = graded.of("kim_dice.ipynb")
    assert all(r["reason"] == "right" for r in rows)
    assert rows[0]["flags"] == "answer-api: imports sailing_kit.exercises.teacher"


def test_a_forged_answers_line_spoils_only_that_answer(graded):
    rows = graded.by_question("fay_dice.ipynb")
    # The forged line spoils answer_3 until the kernel's own next report of the answers, which
    # may come after it or not (the forger writes from the last cell): either the forged value
    # is refused as unreadable, or the genuine answer stands. Never more than the genuine mark.
    q3 = rows["q3"]
    assert (q3["points"] == "0.0" and q3["reason"].startswith("could not be read")) \
        or (q3["points"] == "2.0" and q3["reason"] == "right"), q3
    assert all(rows[f"q{n}"]["reason"] == "right" for n in (1, 2, 4, 5, 6, 7, 8))


def test_a_notebook_that_errors_still_counts_the_answers_it_holds(graded):
    rows = graded.by_question("finn.ipynb")
    assert rows["q3"]["points"] == "0.0" and "no answer_3" in rows["q3"]["reason"]
    assert "NameError" in rows["q3"]["reason"]
    assert all(rows[q]["reason"] == "right" for q in ("q1", "q2", "q4", "q5", "q6", "q7"))


def test_a_cell_that_loops_is_stopped_and_the_rest_still_graded(graded):
    assert all(r["reason"] == "right" for r in graded.of("gus.ipynb"))


def test_a_stuck_cell_or_a_dead_kernel_costs_only_the_answers_after_it(graded):
    hung, died = graded.by_question("hal.ipynb"), graded.by_question("ivy.ipynb")
    assert hung["q1"]["reason"] == "right"
    assert all(hung[f"q{n}"]["reason"].startswith("not graded: cell ") and "hangs" in
               hung[f"q{n}"]["reason"] for n in range(2, 8))
    assert all(died[f"q{n}"]["reason"] == "right" for n in range(1, 7))
    assert died["q7"]["reason"].startswith("not graded: the kernel died while running cell ")


def test_a_blank_notebook_gets_its_rows_named_after_its_folder(graded):
    rows = graded.of(f"{SAIL}.ipynb")
    assert len(rows) == 7 and {r["student"] for r in rows} == {"dora"}
    assert points(rows) == 0 and all(r["reason"] == "not answered" for r in rows)


def test_a_notebook_without_a_recorded_name_is_named_by_its_file(graded):
    rows = graded.of(f"{SAIL}-jo.ipynb")
    assert {r["student"] for r in rows} == {"jo"}
    assert all(r["reason"] == "right" for r in rows)


def test_files_that_are_no_notebooks_still_get_rows(graded):
    empty, junk = graded.of(f"{DICE}-empty.ipynb"), graded.of(f"{DICE}-kay.ipynb")
    assert len(empty) == len(junk) == 8 and points(empty + junk) == 0
    assert all(r["reason"] == "not graded: the file is empty" for r in empty)
    assert all(r["reason"] == "not graded: the file is not a notebook (not JSON)"
               and r["student"] == "kay" for r in junk)
    (notes,) = graded.of("notes.ipynb")
    assert notes["reason"] == "not graded: not a sailing_kit exercise notebook"


def test_a_malformed_notebook_is_graded_and_its_skipped_cells_flagged(graded):
    rows = graded.by_question("mal_dice.ipynb")
    assert all(r["reason"] == "right" and r["student"] == "Mal" for r in rows.values())
    assert len(rows) == 8
    assert rows["q1"]["flags"] == "malformed: cell 3 is malformed and was skipped; cell 4 is " \
                                  "malformed and was skipped"


def test_a_file_too_big_or_with_too_many_cells_says_which_limit(graded):
    big, many = graded.of(f"{DICE}-big.ipynb"), graded.of(f"{DICE}-many.ipynb")
    assert len(big) == len(many) == 8 and points(big + many) == 0
    assert big[0]["reason"] == "not graded: the file is 1.4 MB, over the limit of 1 MB (--max-size)"
    assert many[0]["reason"] == ("not graded: the notebook has 150 code cells, over the limit of "
                                 "100 (--max-cells)")


def test_names_reach_the_csv_cleaned_and_never_as_formulas(graded):
    nat, oz, zoe = graded.of("nat_dice.ipynb"), graded.of("oz_dice.ipynb"), graded.of("zoe_dice.ipynb")
    assert nat[0]["student"] == "'=HYPERLINK(\"http://x.example\",\"click\")"
    assert oz[0]["student"] == "[2J [HOz" and zoe[0]["student"] == "Zoe"
    assert all(r["reason"] == "right" for r in (nat[1], oz[1], zoe[1]))
    text = graded.out.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\u202e" not in text and text.count("\n") == len(graded.rows) + 1


def test_a_look_alike_name_is_summed_under_the_name_it_looks_like_and_flagged(graded):
    rows = graded.of("ada-again.ipynb")
    assert {r["student"] for r in rows} == {"Ada Lovelace"} and points(rows) == 14
    assert "look-alike: wrote \"Аda Lovelace\"" in rows[0]["flags"]
    assert "duplicate: 2 notebooks of 01_points_of_sail" in rows[0]["flags"]
    assert "duplicate" in graded.of("ada.ipynb")[0]["flags"]


def test_a_second_start_with_another_name_is_graded_under_the_last_and_flagged(graded):
    rows = graded.of("gil_dice.ipynb")
    assert {r["student"] for r in rows} == {"Hope"} and all(r["reason"] == "right" for r in rows)
    assert rows[0]["flags"] == 'second-name: started as "Gil", then "Hope"'


def test_the_wide_csv_has_one_row_per_notebook_with_a_total(graded):
    import csv

    with (graded.out.parent / "wide.csv").open(encoding="utf-8") as handle:
        table = {r["notebook"].rsplit("/", 1)[-1]: r for r in csv.DictReader(handle)}
    assert table["ada.ipynb"]["total"] == "14.0" and table["ada.ipynb"]["q7"] == "2.0"
    assert table["bea_dice.ipynb"]["total"] == "1.0" and table["bea_dice.ipynb"]["max_points"] == "16.0"
