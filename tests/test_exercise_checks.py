"""Every exercise check, whatever its set: any answer at all gives feedback (never an
exception), and no check module ever evaluates what a student writes."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sailing_kit.exercises
from sailing_kit.core import Direction
from sailing_kit.exercises.feedback import Feedback
from sailing_kit.race import Rule

MODULES = [importlib.import_module(f"sailing_kit.exercises.{m.name}")
           for m in pkgutil.iter_modules(sailing_kit.exercises.__path__)]
QUESTIONS = [q for module in MODULES for q in getattr(module, "QUESTIONS", ())]
EVALUATORS = r"(?<![\w.])(eval|exec|compile)\(|literal_eval|sympify|pickle"

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["A", "NE", "(3, 4)", "run", "port", "tack", "5", "1/6", "pair 1",
                       "start", "none", "yes", "no: mark", "leeward", "__import__('os')",
                       Rule.INSIDE, Direction.W, ...]),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3) | st.sampled_from(["A", "NE", "pair 1", "race", 1]),
                      inner, max_size=4)
    | st.frozensets(st.integers() | st.text(max_size=4), max_size=3),
    max_leaves=10,
)


def test_there_are_checks_to_test():
    assert len(MODULES) >= 5 and len(QUESTIONS) >= 25


@settings(max_examples=200, deadline=None)
@given(junk, st.sampled_from(QUESTIONS))
def test_no_answer_makes_a_check_raise(answer, question):
    result = question(answer)
    assert isinstance(result, Feedback) and isinstance(result.ok, bool) and result.message


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_checks_never_call_an_evaluator(module):
    assert not re.search(EVALUATORS, inspect.getsource(module)), module.__name__


def test_the_evaluator_scan_would_see_one():
    assert re.search(EVALUATORS, "value = eval(answer)")
    assert not re.search(EVALUATORS, "ast.literal_evaluation_free = 1".replace("literal_eval", "x"))
