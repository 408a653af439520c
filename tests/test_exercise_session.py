"""The student at work: naming, practice and assessment feedback try by try, the record of every
try (in the box's output, the assessment journal and the attempts listeners), and a check run
before its answer cell."""

from __future__ import annotations

import nbformat
import pytest
from nbclient import NotebookClient

from sailing_kit.exercises import attempts, session
from sailing_kit.exercises.dice import q1 as dice_q1
from sailing_kit.exercises.points_of_sail import q1, q3, start

EXERCISE = "01_points_of_sail"


@pytest.fixture(autouse=True)
def fresh(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    yield
    session.stop(EXERCISE)
    session.stop("03_dice")


@pytest.fixture
def heard():
    got: list[attempts.Attempt] = []
    stop = attempts.add_listener(got.append)
    yield got
    stop()


def wrong_q1(name: str) -> dict:
    """Every heading of question 1 wrong for ``name``."""
    right = q1.solution_for(name)
    return {b: ("run" if p != "run" else "beam reach") for b, p in right.items()}


@pytest.mark.parametrize("name", [..., "", "   ", "...", 42, None])
def test_a_missing_name_is_asked_for_and_nothing_starts(name):
    box = start(name)
    assert "write your name" in str(box) and session.session_of(EXERCISE) is None
    assert "name yourself first" in q1({"NE": "run"}).message


def test_an_unknown_mode_is_refused():
    assert "practice" in str(start("Ada", mode="exam")) and session.session_of(EXERCISE) is None


def test_the_start_box_records_whose_notebook_it_is():
    data, metadata = start("  Ada   Lovelace ", mode="assessment")._repr_mimebundle_()
    assert "Hello Ada Lovelace" in data["text/plain"] and "Assessment mode" in data["text/plain"]
    assert metadata == {"sailing_kit": {"exercise": EXERCISE, "student": "Ada Lovelace",
                                        "mode": "assessment", "language": "en"}}


def test_every_readable_try_is_announced_and_recorded_in_the_box(heard):
    start("Ada Lovelace")
    q1(...)                                   # blank: not a try
    q1("not a dict")                          # unreadable: not a try
    q1(wrong_q1("Ada Lovelace"))
    box = q1(q1.solution_for("Ada Lovelace"))
    assert [(a.question, a.try_number, a.ok) for a in heard] == [("q1", 1, False), ("q1", 2, True)]
    assert heard[1].points == heard[1].max_points == 2 and heard[0].points == 0
    assert heard[0].student == "Ada Lovelace" and heard[0].notebook == EXERCISE
    assert heard[0].mode == "practice"
    _, metadata = box._repr_mimebundle_()
    tries = metadata["sailing_kit"]["tries"]
    assert [(t["try"], t["verdict"]) for t in tries] == [(1, "not yet"), (2, "right")]
    assert "Try 2 · recorded: ✘ ✔" in str(box) and "recorded" in box._repr_html_()


def test_assessment_hints_deepen_try_by_try_and_never_give_the_whole_answer():
    start("Ada Lovelace", mode="assessment")
    wrong = wrong_q1("Ada Lovelace")
    first, second, third = (q1(wrong).message for _ in range(3))
    assert first.startswith("0 of 6 parts are right") and "Hint" not in first
    assert "Not right yet: A, B, C, D, E, F" in second and "Hint:" in second
    assert "you said" not in second
    assert third.count("you said") == 1 and "more things to fix" in third
    right = q1(q1.solution_for("Ada Lovelace"))
    assert right.ok and right.message.startswith("right on try 4")


def test_assessment_tries_survive_a_restarted_kernel():
    start("Bea", mode="assessment")
    q3(q3.solution_for("Bea") | {(99, 99)})
    session.stop(EXERCISE)            # the kernel restarts
    start("bea", mode="assessment")
    box = q3(q3.solution_for("Bea"))
    assert box.ok and "Try 2 · recorded: ✘ ✔" in str(box)


def test_practice_feedback_says_what_is_wrong_but_not_every_part():
    start("Ada Lovelace")
    text = q1(wrong_q1("Ada Lovelace")).message
    assert text.count("you said") == 3 and "3 more things to fix" in text


def test_a_check_run_before_its_answer_cell_says_run_the_answer_cell_first(tmp_path):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        'from sailing_kit.exercises.dice import start, q2\nstart("Ada")'),
        nbformat.v4.new_code_cell("q2(answer_2)"), nbformat.v4.new_code_cell("undefined_name")]
    NotebookClient(notebook, timeout=60, allow_errors=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    check, other = notebook.cells[1].outputs, notebook.cells[2].outputs
    shown = "".join(o.get("data", {}).get("text/plain", "") for o in check)
    assert "run the answer cell first" in shown and "answer_2 = ..." in shown
    assert not any(o.get("traceback") for o in check)
    assert any(o.output_type == "error" and o.ename == "NameError" for o in other)


def test_two_exercises_keep_their_own_student():
    start("Ada")
    assert "name yourself first" in dice_q1({"ordered": 1, "sorted": 1}).message
