"""Variants for a class: 200 random names (seeded) draw every question; in each class of 30 of
them no answer is shared by more than 2 students, and any two names share at most 3 of all the
answers. A question whose answer is by nature one of a few (``forced``: a verdict, a direction,
a small count) is judged by its position instead: no prompt, and no picture, shared by more than
2 students of a class. The figures of every question are printed."""

from __future__ import annotations

import itertools
import random
import string
from collections import Counter
from functools import cache

import pytest

from sailing_kit.exercises import catalogue

QUESTIONS = [q for exercise in catalogue.SETS for q in catalogue.questions(exercise)]
CLASS, MOST_IN_CLASS, MOST_SHARED_BY_TWO = 30, 2, 3


def _random_name(rng: random.Random) -> str:
    first = rng.choice(string.ascii_uppercase) + "".join(
        rng.choice(string.ascii_lowercase) for _ in range(rng.randint(2, 8)))
    last = rng.choice(string.ascii_uppercase) + "".join(
        rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 10)))
    return f"{first} {last}"


NAMES = list(dict.fromkeys(_random_name(random.Random(f"class-{n}")) for n in range(200)))
CLASSES = [NAMES[start:start + CLASS] for start in range(0, len(NAMES) - CLASS + 1, CLASS)]


def canonical(value: object) -> object:
    """An answer written one way, whatever order its set or dict came in."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), canonical(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((canonical(v) for v in value), key=repr))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(v) for v in value)
    return str(value)


@cache
def what_is_shared(index: int) -> tuple[object, ...]:
    """Per name, what two students of the question share: the answer, or for a forced question
    the prompt."""
    question = QUESTIONS[index]
    if question.forced:
        return tuple(question.prompt_for(name) for name in NAMES)
    return tuple(canonical(question.solution_for(name)) for name in NAMES)


def most_in_a_class(shared: tuple[object, ...]) -> int:
    return max(max(Counter(shared[NAMES.index(n)] for n in group).values()) for group in CLASSES)


@pytest.fixture(scope="module", autouse=True)
def figures(capsys_disabled):
    """Print the figures of every question (shown with the test run)."""
    lines = ["", f"variants: {len(NAMES)} random names, classes of {CLASS}",
             "exercise           question judged by  distinct  most sharing one in a class"]
    for index, question in enumerate(QUESTIONS):
        shared = what_is_shared(index)
        judged = "position" if question.forced else "answer"
        lines.append(f"{question.exercise:<18} {question.key:<4}  {judged:<9}  "
                     f"{len(set(shared)):>8}  {most_in_a_class(shared):>4}")
    worst = max(shared_by_pairs().values(), default=0)
    lines.append(f"the most any two of the {len(NAMES)} names share, over all "
                 f"{len(QUESTIONS)} questions: {worst}")
    with capsys_disabled():
        print("\n".join(lines))


@pytest.fixture(scope="module")
def capsys_disabled(request):
    return request.config.pluginmanager.getplugin("capturemanager").global_and_fixture_disabled


@pytest.mark.parametrize("index", range(len(QUESTIONS)),
                         ids=[f"{q.exercise}-{q.key}" for q in QUESTIONS])
def test_no_answer_or_position_is_shared_by_more_than_two_of_a_class(index):
    assert most_in_a_class(what_is_shared(index)) <= MOST_IN_CLASS


@cache
def shared_by_pairs() -> Counter[tuple[int, int]]:
    """How many questions each pair of names shares (answer, or position when forced)."""
    together: Counter[tuple[int, int]] = Counter()
    for index in range(len(QUESTIONS)):
        by_value: dict[object, list[int]] = {}
        for n, value in enumerate(what_is_shared(index)):
            by_value.setdefault(value, []).append(n)
        for group in by_value.values():
            together.update(itertools.combinations(group, 2))
    return together


def test_any_two_names_share_at_most_three_of_all_answers():
    together = shared_by_pairs()
    assert max(together.values(), default=0) <= MOST_SHARED_BY_TWO, together.most_common(3)


@pytest.mark.parametrize("index", [i for i, q in enumerate(QUESTIONS) if q.forced and q.has_picture],
                         ids=[f"{q.exercise}-{q.key}" for q in QUESTIONS if q.forced and q.has_picture])
def test_the_pictures_of_a_forced_question_differ_in_a_class(index):
    question = QUESTIONS[index]
    drawn = Counter(_svg(question.picture_for(name)) for name in CLASSES[0])
    assert max(drawn.values()) <= MOST_IN_CLASS


def _svg(picture: object) -> str:
    for method in ("to_svg", "_repr_svg_", "_repr_html_"):
        if hasattr(picture, method):
            return str(getattr(picture, method)())
    return repr(picture)
