"""The exercises in Hungarian: ``start("Ada", language="hu")`` asks and answers in Hungarian, gives
the same verdicts (and points) as in English, records the language for the grader, and a
language the kit does not speak is refused with nothing changed."""

from __future__ import annotations

import nbformat
import pytest

from sailing_kit.core import i18n
from sailing_kit.exercises import attempts, catalogue, release, session
from sailing_kit.exercises import question as question_module
from sailing_kit.exercises.verdicts import assessment_text, practice_text

NAME = "Ada Lovelace"
WRONG = {  # a readable, wrong answer to question 1 of each notebook
    "01_points_of_sail": dict.fromkeys("ABCDEF", "run"),
    "02_right_of_way": dict.fromkeys(("pair 1", "pair 2", "pair 3", "pair 4"), "A"),
    "03_dice": {"ordered": 1, "sorted": 1},
    "04_calm": dict.fromkeys("ABCD", 1),
    "05_trireme": dict.fromkeys("ABCDFG", 0),
}
HUNGARIAN = {  # a word each Hungarian prompt of question 1 must hold
    "01_points_of_sail": "hajó", "02_right_of_way": "kitérnie", "03_dice": "kocka",
    "04_calm": "oszlop", "05_trireme": "mezőt",
}


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch):
    monkeypatch.setattr(question_module, "TEACHER", [True])  # the right answers, for the tests
    i18n.set_language("en")
    yield
    i18n.set_language("en")
    for exercise in catalogue.SETS:
        session.stop(exercise)


def _run(exercise: str, language: str | None, answer: object) -> tuple[str, object, list]:
    """The prompt of question 1, the feedback box for ``answer`` and what listeners heard."""
    heard: list[attempts.Attempt] = []
    stop = attempts.add_listener(heard.append)
    try:
        module = catalogue.module(exercise)
        module.start(NAME, language=language) if language else module.start(NAME)
        question = module.QUESTIONS[0]
        return question._repr_markdown_(), question(answer), heard
    finally:
        stop()


@pytest.mark.parametrize("exercise", list(catalogue.SETS))
def test_question_one_of_each_notebook_asks_and_answers_in_hungarian(exercise):
    question = catalogue.questions(exercise)[0]
    right_answer = question.solution_for(NAME)
    english_prompt, english_wrong, english_heard = _run(exercise, None, WRONG[exercise])
    _, english_right, _ = _run(exercise, None, right_answer)
    prompt, wrong, heard = _run(exercise, "hu", WRONG[exercise])
    _, right, _ = _run(exercise, "hu", right_answer)
    assert prompt != english_prompt and HUNGARIAN[exercise] in prompt
    assert prompt.startswith("**1. kérdés · ") and english_prompt.startswith("**Question 1 · ")
    assert not wrong.ok and not english_wrong.ok and wrong.message != english_wrong.message
    assert right.ok and english_right.ok and right.message != english_right.message
    assert [(a.ok, a.points, a.max_points) for a in heard] == \
        [(a.ok, a.points, a.max_points) for a in english_heard]
    assert heard[0].language == "hu" and english_heard[0].language == "en"


@pytest.mark.parametrize("exercise", list(catalogue.SETS))
def test_the_verdict_and_its_reasons_are_the_same_in_hungarian(exercise):
    question = catalogue.questions(exercise)[0]
    variant = question.variant(NAME)
    english = question.mark(variant, WRONG[exercise])
    with i18n.use_language("hu"):
        hungarian = question.mark(variant, WRONG[exercise])
    assert (hungarian.ok, hungarian.share, question.points_for(hungarian)) == \
        (english.ok, english.share, question.points_for(english))
    assert english.verdict is not None and hungarian.verdict is not None
    english_whys = [why for part in english.verdict.parts for why in part.why]
    hungarian_whys = [why for part in hungarian.verdict.parts for why in part.why]
    assert english_whys and [why.english for why in hungarian_whys] == english_whys
    assert all(hu != en for hu, en in zip(hungarian_whys, english_whys))


def test_a_refusal_of_an_unreadable_answer_says_the_same_in_hungarian():
    question = catalogue.questions("03_dice")[0]
    variant = question.variant(NAME)
    english = question.mark(variant, {"ordered": "many", "sorted": 1})
    with i18n.use_language("hu"):
        hungarian = question.mark(variant, {"ordered": "many", "sorted": 1})
    assert english.is_try is hungarian.is_try is False and english.answered and hungarian.answered
    assert "is not a count" in english.problem and "nem jó válasz (darabszám)" in hungarian.problem


def test_the_language_is_recorded_for_the_grader():
    module = catalogue.module("04_calm")
    data, metadata = module.start(NAME, language="hu-HU")._repr_mimebundle_()
    assert "Szia, Ada Lovelace" in data["text/plain"]
    assert metadata["sailing_kit"]["language"] == "hu" and i18n.language() == "hu"
    assert session.session_of("04_calm").language == "hu"
    _, record = module.q1(WRONG["04_calm"])._repr_mimebundle_()
    assert record["sailing_kit"]["language"] == "hu"


def test_feedback_stays_in_the_students_language_when_the_notebook_changes():
    module = catalogue.module("05_trireme")
    module.start(NAME, language="fr")
    i18n.set_language("en")
    assert "Question" in module.q1._repr_markdown_() and "Réponds" in module.q1._repr_markdown_()
    assert "vent du" in module.q1(WRONG["05_trireme"]).message


@pytest.mark.parametrize("language", ["xx", "klingon", 7, "h" * 500, ""])
def test_a_language_the_kit_does_not_speak_is_refused_and_changes_nothing(language):
    module = catalogue.module("03_dice")
    module.start("Bob", language="ru")
    before = session.session_of("03_dice")
    started = session.names_started()
    box = module.start(NAME, language=language)
    assert "в наборе нет языка" in str(box) and '"hu"' in str(box) and "Correct" not in str(box)
    assert box.problem.english.startswith("there is no language")
    assert session.session_of("03_dice") is before and before.student == "Bob"
    assert session.names_started() == started and i18n.language() == "ru"
    assert "sailing_kit" not in str(box._repr_mimebundle_())


def test_a_bad_name_is_refused_in_the_language_asked_for():
    box = catalogue.module("01_points_of_sail").start("...", language="bg")
    assert "напиши името си" in str(box)
    assert session.session_of("01_points_of_sail") is None and i18n.language() == "en"


def test_the_teachers_version_keeps_the_language_of_the_first_cell(teacher_key):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        "from sailing_kit.exercises.calm import *\nstart(..., mode=\"practice\", language=\"hu\")")]
    released = release.teacher_version(notebook, "04_calm", "Bob")
    source = next(cell.source for cell in released.cells if "unlock(" in cell.source)
    assert "start('Bob', mode=\"practice\", language=\"hu\")" in source
    student = release.student_version(notebook, "04_calm", mode="assessment")
    assert 'start(..., mode="assessment", language="hu")' in student.cells[0].source


def test_without_a_language_the_session_takes_the_notebooks():
    i18n.set_language("fr")
    catalogue.module("03_dice").start(NAME)
    assert session.session_of("03_dice").language == "fr" and i18n.language() == "fr"


def test_the_graders_feedback_speaks_the_language_it_is_written_in():
    """The grader marks and words a try inside ``use_language(<the recorded language>)``."""
    question = catalogue.questions("01_points_of_sail")[0]
    english = practice_text(question.grade(NAME, WRONG["01_points_of_sail"]), question.hint)
    with i18n.use_language("hu"):
        wrong = question.grade(NAME, WRONG["01_points_of_sail"])
        hungarian = practice_text(wrong, question.hint)
        blank = practice_text(question.grade(NAME, {"A": "run"}), question.hint)
        hinted = assessment_text(wrong, question.hint, 2)
    assert hungarian != english and "hajó" in hungarian and "még nincs válasz" in blank
    assert "Tipp: mérd meg a szöget" in hinted and "Hint:" not in hinted
