"""Class mode runs the animated trainer (issue #24.5): each student's first answers and reasons
reach the class as exercise attempts, and the dashboard sums them up question by question."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.dashboard import Dashboard
from sailing_kit.classroom.trainer_results import trainer_summary, trainer_summary_table
from sailing_kit.race.board import SituationTrainer
from sailing_kit.race.quiz import Quiz, library
from sailing_kit.race.verdicts import NO_ONE

QUIZ = [s for s in library() if s.id in ("port-tries-to-cross", "free-point-leeward")]


def right_and_wrong(board):
    value = board.quiz.verdicts.of(board.quiz.ruled_by).answer(board.quiz.current.ask.question)
    right = value if isinstance(value, str) else (value[0] if value else NO_ONE)
    return right, next(o for o in board.quiz.options() if o != right)


def a_student_plays(room: Classroom, name: str, first_try_right: bool) -> None:
    send = lambda attempt: room.record_attempt(room.class_code,  # noqa: E731
                                               dataclasses.asdict(attempt))
    board = SituationTrainer(Quiz(list(QUIZ), title="Port and starboard"), student=name,
                             report=send)
    for _ in QUIZ:
        board.simulate_key("End")
        right, wrong = right_and_wrong(board)
        if not first_try_right:
            board.answer(wrong)
        board.answer(right)
        deciding = next(i for i, r in enumerate(board.quiz.reasons()) if r.decides)
        board.explain(deciding)
        board.next_situation()


def test_the_dashboard_shows_the_trainer_question_by_question(tmp_path: Path) -> None:
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}")
    a_student_plays(room, "Ada", True)
    a_student_plays(room, "Bob", False)
    a_student_plays(room, "Cy", False)
    rows = trainer_summary(room.attempts())
    assert [(r.situation, r.answered, r.right, r.reasons, r.reasons_right) for r in rows] == \
        [(s.id, 3, 1, 3, 3) for s in sorted(QUIZ, key=lambda s: s.id)]
    assert all(r.quiz == "Port and starboard" and r.wrong_answer for r in rows)
    table = trainer_summary_table(room.attempts())
    assert "question by question" in table and "33 %" in table
    dashboard = Dashboard(room)
    dashboard.sync()
    assert "port-tries-to-cross" in dashboard.results.value
    assert "question by question" in dashboard.results.value


def test_the_summary_escapes_what_students_send() -> None:
    attempt = {"student": "<b>x</b>", "notebook": "trainer: <i>quiz</i>", "question": "<s>",
               "answer": "<script>", "ok": False, "try_number": 1}
    table = trainer_summary_table([attempt])
    assert "<script>" not in table and "&lt;script&gt;" in table and "<i>" not in table
    assert trainer_summary_table([]) == ""
