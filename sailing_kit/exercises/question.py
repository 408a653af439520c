"""One auto-checked question, in a variant of its own for every student.

A :class:`Question` draws its variant (positions, dice, seas) from the student's name, so two
students get different questions of the same kind while a student (and the grader) always gets
the same one. It words the prompt of a variant, checks an answer against it (a
:class:`~sailing_kit.exercises.verdicts.Verdict`, part by part) and knows its solution.

In a notebook, ``q1`` shows the prompt of the named student's variant and ``q1(answer)`` checks
an answer (see :mod:`sailing_kit.exercises.session`); the grader calls :meth:`Question.mark`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Generic, TypeVar

from sailing_kit.core.i18n import N_, _
from sailing_kit.exercises import names, session
from sailing_kit.exercises.data import plain
from sailing_kit.exercises.readers import AnswerError, NotAnswered, is_blank, refuse_opaque
from sailing_kit.exercises.verdicts import Marked, Verdict

V = TypeVar("V")
TEACHER = [False]
"""True once :func:`sailing_kit.exercises.teacher.unlock` accepted this machine's teacher key:
until then no method returns a question's answer."""
LOCKED = N_("the answers are locked: they are shown in the teacher's release only (python -m "
            "sailing_kit.exercises.release teacher).")


def _teacher_only() -> None:
    if not TEACHER[0]:
        raise PermissionError(_(LOCKED))


def rng_for(exercise: str, key: str, student: str) -> random.Random:
    """The seeded random source of one question for one student (the same in every process)."""
    digest = hashlib.sha256(f"{exercise}/{key}/{names.key(student)}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class Question(Generic[V]):
    """An auto-checked question (see the module docstring).

    ``draw(rng)`` makes a variant; ``prompt(v)`` words it in Markdown; ``check(v, answer)``
    reads the answer (an ``AnswerError`` says how to write it) and returns a Verdict;
    ``solution(v)`` is a right answer; ``template`` is the answer cell the notebook starts with.
    ``name`` and ``hint`` are English constants marked with ``N_`` (shown translated); the
    prompt and the check word their texts in the language spoken when they are called.
    ``forced`` marks a question whose answer is by its nature one of a few (a verdict, a
    direction, a small count, a choice per boat): students may share it, so their positions
    must differ instead (the variants test checks the prompts and pictures).
    """

    def __init__(self, exercise: str, number: int, title: str, *,
                 draw: Callable[[random.Random], V], prompt: Callable[[V], str],
                 check: Callable[[V, object], Verdict], solution: Callable[[V], object],
                 template: str, hint: str, points: float = 2.0,
                 picture: Callable[[V], object] | None = None,
                 worked: Callable[[V], object] | None = None, forced: bool = False):
        self.exercise, self.number, self.key = exercise, number, f"q{number}"
        self.forced = forced
        self.name, self.template, self.hint, self.points = title, template, hint, points
        self._draw, self._prompt, self._check = draw, prompt, check
        self._solution, self._picture, self._worked = solution, picture, worked
        self._cached = lru_cache(maxsize=64)(self._variant)

    @property
    def title(self) -> str:
        """"Question 3 · ..." in the language spoken now."""
        return _("Question {number} · {title}", number=self.number, title=_(self.name))

    def variant(self, student: str) -> V:
        """The variant of this question drawn for ``student`` (the same in every process)."""
        return self._cached(names.key(student))

    def _variant(self, student: str) -> V:
        return self._draw(rng_for(self.exercise, self.key, student))

    def prompt_for(self, student: str) -> str:
        return self._prompt(self.variant(student))

    def mark(self, variant: V, answer: object) -> Marked:
        """Read and check ``answer`` against ``variant``; never raises."""
        answer = plain(answer)
        try:
            if is_blank(answer):
                raise NotAnswered(_("not answered yet: write your answer in place of the ..., "
                                    "run that cell, then run this check again."))
            refuse_opaque(answer)
            return Marked(True, self._check(variant, answer))
        except NotAnswered as error:
            return Marked(False, problem=str(error))
        except AnswerError as error:
            return Marked(True, problem=str(error))
        except Exception as error:  # a last guard: a check must always answer
            return Marked(True, problem=_("this answer could not be checked ({error}): write it as "
                                          "the question shows.", error=type(error).__name__))

    def grade(self, student: str, answer: object) -> Marked:
        """:meth:`mark` for the variant of ``student`` (what the grader calls)."""
        return self.mark(self.variant(student), answer)

    def points_for(self, marked: Marked) -> float:
        return round(self.points * marked.share, 2)

    def solution_for(self, student: str) -> object:
        """A right answer for ``student``'s variant (teacher's release only: see
        :mod:`~sailing_kit.exercises.teacher`)."""
        return self.solution_of(self.variant(student))

    def solution_of(self, variant: V) -> object:
        _teacher_only()
        return self._solution(variant)

    def worked_for(self, student: str) -> object:
        """A picture of the solution of ``student``'s variant (teacher's release only)."""
        _teacher_only()
        if self._worked is None:
            raise AttributeError(f"{self.title} has no worked picture")
        return self._worked(self.variant(student))

    @property
    def has_picture(self) -> bool:
        return self._picture is not None

    @property
    def has_worked(self) -> bool:
        return self._worked is not None

    def picture_for(self, student: str) -> object:
        if self._picture is None:
            raise AttributeError(f"{self.title} has no picture")
        return self._picture(self.variant(student))

    # ----- in the notebook --------------------------------------------------------------------

    def __call__(self, answer: object) -> object:
        """Check ``answer`` for the student named in the first cell (a feedback box)."""
        return session.check(self, answer)

    def picture(self) -> object:
        """The position of this question, for the student named in the first cell."""
        return session.picture(self)

    def _repr_markdown_(self) -> str:
        return session.prompt(self)

    def __repr__(self) -> str:
        return f"<{self.title}>"
