"""Every exercise check, whatever its set: any answer at all — of any type or size, hostile or
not — gets a feedback box (never an exception, never a hang), and no check module ever
evaluates what a student writes."""

from __future__ import annotations

import inspect
import re
import sys
import time
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sailing_kit.core import Direction
from sailing_kit.draw.feedback import Feedback
from sailing_kit.exercises import catalogue, session
from sailing_kit.exercises.data import dumps, loads, plain
from sailing_kit.race import Rule
from tests.exercise_helpers import NAMES

MODULES = [catalogue.module(name) for name in catalogue.SETS]
QUESTIONS = [q for name in catalogue.SETS for q in catalogue.questions(name)]
HELPERS = [sys.modules[f"sailing_kit.exercises.{name}"] for name in
           ("right_of_way_more", "right_of_way_protest", "right_of_way_words",
            "right_of_way_positions", "trireme_more",
            "points_of_sail_more", "dice_more", "names", "teacher", "readers", "data", "exact",
            "question", "session", "verdicts")]
EVALUATORS = r"(?<![\w.])(eval|exec|compile)\(|literal_eval|sympify|pickle"


class EvilRepr:
    def __repr__(self):
        raise RuntimeError("no repr for you")

    __str__ = __repr__


class EvilEverything:
    def __eq__(self, other):
        raise RuntimeError("no eq")

    def __hash__(self):
        raise RuntimeError("no hash")

    def __iter__(self):
        raise RuntimeError("no iter")

    def __len__(self):
        raise RuntimeError("no len")

    def __int__(self):
        raise RuntimeError("no int")

    __repr__ = __str__ = __float__ = __index__ = __int__


class EvilList(list):
    def __iter__(self):
        raise RuntimeError("no iteration")

    def __len__(self):
        return 10**12


class EvilStr(str):
    def lower(self):
        raise RuntimeError("no lower")

    def strip(self, chars=None):
        raise RuntimeError("no strip")


def deep(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = [
    10**100000, -(10**100000), 2**4000, Fraction(1, 6**6000), Fraction(6**6000, 7),
    sympy.Rational(1, 6**6000), sympy.Integer(10**5000), sympy.oo, sympy.nan, sympy.Symbol("x"),
    float("nan"), float("inf"), -float("inf"), 1e308, -0.0, 5e-324, complex(1, 2),
    EvilRepr(), EvilEverything(), EvilList([1, 2]), EvilStr("NE"), [EvilRepr()], {EvilRepr()},
    {"A": EvilRepr()}, (EvilEverything(), 1), "x" * 10**6, "9" * 5000, "1/" + "9" * 5000,
    "(" * 10000, list(range(10**5)), {i: i for i in range(10**5)}, set(range(10**5)),
    deep(5000), np.zeros(10**6), np.array([1, 2, 3]), np.array([[1, 2], [3, 4]]),
    np.int64(2**62), np.float64("nan"), np.bool_(True), np.array([EvilRepr()], dtype=object),
    b"bytes", bytearray(b"12"), (lambda: 1), type, sys, iter([1, 2]), (x for x in range(3)),
    Ellipsis, [...], (..., ...), {...: ...}, True, False, None, "", " ", "\x00", "🐟" * 50,
]



def hostile_answer(index: int) -> object:
    return HOSTILE[index]


hostile = st.sampled_from(range(len(HOSTILE))).map(hostile_answer)  # hypothesis never reprs them
leaves = hostile | st.none() | st.booleans() | st.integers() | st.floats() \
    | st.text(max_size=12) | st.fractions() | st.sampled_from(
        ["A", "NE", "(3, 4)", "run", "port", "tack", "5", "1/6", "pair 1", "start", "none",
         "yes", "no: mark", "leeward", "__import__('os')", "0.5", "1e400", Rule.INSIDE,
         Direction.W, ...])
def containers(inner: st.SearchStrategy) -> st.SearchStrategy:
    """Lists, pairs, dicts and frozensets of answers."""
    keys = st.text(max_size=3) | st.sampled_from(["A", "NE", "pair 1", "race", 1])
    return (st.lists(inner, max_size=4) | st.tuples(inner, inner)
            | st.dictionaries(keys, inner, max_size=4)
            | st.frozensets(st.integers() | st.text(max_size=4), max_size=3))


junk = st.recursive(leaves, containers, max_leaves=10)


def test_there_are_all_42_checks_to_test():
    assert len(MODULES) == 5 and len(QUESTIONS) == 42


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{q.exercise} {q.key}")
def test_every_students_variant_has_a_solution_the_check_accepts(question):
    for name in NAMES:
        assert question.grade(name, question.solution_for(name)).ok, (question.title, name)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{q.exercise} {q.key}")
def test_students_get_different_questions_of_the_same_kind(question):
    """Ten students get at least three different variants; a name's case and spacing do not
    matter."""
    assert len({repr(question.variant(name)) for name in NAMES}) >= 3, question.title
    assert question.variant("ada lovelace") == question.variant(" Ada  LOVELACE ")


def feedback_box(question, answer) -> Feedback:
    """What the student sees: the session's box, shown as HTML and as text."""
    box = question(answer)
    assert isinstance(box, Feedback) and isinstance(box.ok, bool) and box.message
    assert box._repr_html_().startswith("<div") and str(box)
    return box


@pytest.fixture(autouse=True)
def a_named_student():
    for name in catalogue.SETS:
        session.start(name, "Fuzz Tester")
    yield
    for name in catalogue.SETS:
        session.stop(name)


@pytest.mark.parametrize("answer", HOSTILE, ids=lambda a: type(a).__name__)
def test_every_hostile_answer_gets_a_box_in_every_question_and_never_hangs(answer):
    for question in QUESTIONS:
        started = time.perf_counter()
        box = feedback_box(question, answer)
        assert time.perf_counter() - started < 5, (question.title, "hung")  # a hang, not a speed
        assert not box.ok or question.grade("Fuzz Tester", answer).ok


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk, st.sampled_from(QUESTIONS))
def test_no_answer_makes_a_check_raise(answer, question):
    feedback_box(question, answer)
    marked = question.grade("Fuzz Tester", answer)
    assert isinstance(marked.share, float) and 0 <= question.points_for(marked) <= question.points


@settings(max_examples=200, deadline=None)
@given(junk)
def test_any_answer_survives_the_trip_to_the_grader_as_the_same_data(answer):
    assert loads(dumps(answer)) == plain(answer) or repr(plain(answer)) == repr(loads(dumps(answer)))


@pytest.mark.parametrize("module", MODULES + HELPERS, ids=lambda m: m.__name__)
def test_the_checks_never_call_an_evaluator(module):
    assert not re.search(EVALUATORS, inspect.getsource(module)), module.__name__


def test_the_evaluator_scan_would_see_one():
    assert re.search(EVALUATORS, "value = eval(answer)")
    assert not re.search(EVALUATORS, "ast.literal_evaluation_free = 1".replace("literal_eval", "x"))


def test_a_check_before_naming_the_student_says_so():
    session.stop("03_dice")
    box = catalogue.questions("03_dice")[0]({"ordered": 1, "sorted": 1})
    assert not box.answered and "name yourself first" in box.message
