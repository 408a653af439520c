"""Auto-checked exercises for the lessons, one module per exercise notebook.

Each exercise starts with ``start("Ada Lovelace")``: every question's positions, dice and seas
are then drawn from the student's name (:mod:`~sailing_kit.exercises.question`). ``q1`` shows a
question, ``q1(answer)`` checks an answer and returns a coloured feedback box, in practice or
assessment mode (:mod:`~sailing_kit.exercises.session`). Answers are read as bounded data, never
evaluated (:mod:`~sailing_kit.exercises.data`, :mod:`~sailing_kit.exercises.readers`). The
grader (:mod:`sailing_kit.grade`) re-runs the same checks on a submitted notebook's answers.
"""

from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import AnswerError
from sailing_kit.exercises.verdicts import Verdict

__all__ = ["AnswerError", "Question", "Verdict"]
