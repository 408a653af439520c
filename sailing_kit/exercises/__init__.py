"""Auto-checked exercises for the lessons: each question is a function that takes a student's
answer and returns a :class:`Feedback` (a coloured box in Jupyter, plain text in print).

:mod:`~sailing_kit.exercises.feedback` holds the pieces every exercise shares;
:mod:`~sailing_kit.exercises.points_of_sail` the questions of the points-of-sail lesson.
"""

from sailing_kit.exercises.feedback import AnswerError, Feedback, Question

__all__ = ["AnswerError", "Feedback", "Question"]
