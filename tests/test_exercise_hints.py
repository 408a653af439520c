"""Feedback that teaches without finishing the answer. A "hint follower" starts from a classmate's
answer and, three tries in a row, changes only what the feedback literally says: it writes in
any value of the question's own kind that the feedback mentions for a wrong part, adds or drops
any item of a set the feedback names, tries every number the feedback states and every
operation it spells out ("multiply by 4"). None of that may ever reach full marks: the
feedback never names a missing member of a set, the operation that turns a wrong answer into the
right one, or a number (or choice) that is the answer."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from math import comb, factorial

import pytest

from sailing_kit.exercises import catalogue
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.verdicts import Marked, assessment_text, practice_text

QUESTIONS = [q for exercise in catalogue.SETS for q in catalogue.questions(exercise)]
STUDENTS = ["Ada Lovelace", "Chen Wei", "Zoë van der Berg"]
CLASSMATES = ["Bob", "Dóra Kiss", "Ngozi Okafor", "Tamás"]
VOCABULARY = [f"Classmate {n}" for n in range(12)]
"""Names whose right answers show the follower what answers of the question look like."""
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]|/\d)")
_WORDS = {w: n for n, w in enumerate(["zero", "one", "two", "three", "four", "five", "six",
                                      "seven", "eight", "nine", "ten", "eleven", "twelve"])}
_FORMULA = re.compile(r"(\d+)\s*(?:to the power(?: of)?|\^|\*\*)\s*(\d+)|C\((\d+),\s*(\d+)\)|"
                      r"(\d+)\s*[×x*]\s*(\d+)|(\d+)!")
_OPERATION = re.compile(r"\b(multiply|divide|times|add|subtract|plus|minus)\b(?:\s+(?:it\s+)?by)?\s+"
                        r"([-+]?\d+(?:\.\d+)?)", re.IGNORECASE)


def _written(value: object) -> str:
    return str(value.value) if hasattr(value, "value") else str(value)


def mentioned(value: object, text: str) -> bool:
    """True if ``text`` says ``value`` as a word of its own."""
    word = _written(value)
    flags = re.IGNORECASE if len(word) > 2 else 0  # "A" the boat, not "a" the article
    return bool(word) and re.search(rf"(?<![\w.]){re.escape(word)}(?![\w.])", text,
                                    flags) is not None


@cache
def vocabulary(index: int) -> dict[object, tuple[object, ...]]:
    """What the answers of a question are made of, by part (dict answers), or as items (sets),
    or whole (anything else: key None)."""
    question = QUESTIONS[index]
    words: dict[object, list[object]] = {}
    for name in VOCABULARY + STUDENTS:
        answer = question.solution_for(name)
        if isinstance(answer, dict):
            for key, value in answer.items():
                words.setdefault(_written(key).casefold(), []).append(value)
        elif isinstance(answer, (set, frozenset)):
            words.setdefault(None, []).extend(answer)
        else:
            words.setdefault(None, []).append(answer)
    return {key: tuple({repr(v): v for v in values}.values()) for key, values in words.items()}


def numbers(text: str, current: object) -> list[object]:
    """Every number the text states (in digits or words, or as a formula it spells out: "6 to
    the power 5", "C(9, 5)", "5!"), and every operation it names applied to ``current``."""
    found: list[object] = []
    for written in _NUMBER.findall(text):
        found.append(Fraction(written) if "/" in written else
                     float(written) if "." in written else int(written))
    found += [_WORDS[w.lower()] for w in re.findall(r"\b[a-z]+\b", text, re.IGNORECASE)
              if w.lower() in _WORDS]
    for power, base, top, bottom, left, right, bang in ((m[1], m[0], m[2], m[3], m[4], m[5], m[6])
                                                       for m in _FORMULA.findall(text)):
        if base and power and int(power) < 40:
            found.append(int(base) ** int(power))
        elif top and bottom:
            found.append(comb(int(top), int(bottom)))
        elif left and right:
            found.append(int(left) * int(right))
        elif bang and int(bang) < 20:
            found.append(factorial(int(bang)))
    if isinstance(current, (int, float, Fraction)) and not isinstance(current, bool):
        for verb, amount in _OPERATION.findall(text):
            by = Fraction(amount)
            verb = verb.lower()
            found.append(current * by if verb in ("multiply", "times") else
                         current / by if verb == "divide" and by else
                         current + by if verb in ("add", "plus") else current - by)
    return found


def follow(question: Question, name: str, answer: object, marked: Marked) -> tuple[object, list[object]]:
    """The follower's next answer, and every single edit the feedback literally offers."""
    assert marked.verdict is not None
    index = QUESTIONS.index(question)
    words = vocabulary(index)
    lines = {p.name: "\n".join(p.why) for p in marked.verdict.parts if not p.ok}
    everything = "\n".join(lines.values())
    if isinstance(answer, dict):
        edits, following = [], dict(answer)
        for key in answer:
            said = lines.get(_written(key)) or lines.get(f"pair {_written(key)}")
            if said is None:
                continue
            options = [v for v in words.get(_written(key).casefold(), ()) if mentioned(v, said)]
            options = [v for v in options + numbers(said, answer[key])
                       if _written(v) != _written(answer[key])]
            edits += [{**answer, key: v} for v in options]
            if options:
                following[key] = options[0]
        return following, edits
    if isinstance(answer, (set, frozenset)):
        items = [v for v in words.get(None, ()) if mentioned(v, everything)]
        toggled = set(answer) ^ set(items)
        return toggled, [set(answer) | {v} for v in items if v not in answer]
    options = [v for v in words.get(None, ()) if mentioned(v, everything)]
    options += numbers(everything, answer)
    return (options[0] if options else answer), options


def revealing(question: Question, name: str, answer: object, edits: list[object]) -> list[object]:
    """The edits that put in something right the student did not have: a part of a dict made
    right, a member of the right set added, or the whole answer."""
    before = question.grade(name, answer).share
    found = []
    for edit in edits:
        marked = question.grade(name, edit)
        if marked.ok or (isinstance(answer, dict) and marked.share > before):
            found.append(edit)
        elif isinstance(answer, (set, frozenset)) and marked.verdict is not None:
            added = set(edit) - set(answer)  # type: ignore[call-overload]
            right = question.solution_for(name)
            found += [edit for item in added if _written(item) in {_written(r) for r in right}]
    return found


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{q.exercise}-{q.key}")
def test_following_the_feedback_literally_never_reaches_full_marks(question):
    for name in STUDENTS:
        for classmate in CLASSMATES:
            answer = question.solution_for(classmate)
            for attempt in range(1, 4):
                marked = question.grade(name, answer)
                assert not marked.ok or attempt == 1, (name, classmate, attempt, answer)
                if marked.ok or marked.verdict is None:
                    break  # a classmate's answer that is right, or unreadable, for this student
                shown = practice_text(marked, question.hint) + assessment_text(
                    marked, question.hint, attempt)
                assert shown
                following, edits = follow(question, name, answer, marked)
                found = revealing(question, name, answer, edits)
                assert not found, (name, classmate, attempt, found,
                                   "\n".join(w for p in marked.verdict.parts for w in p.why))
                answer = following
            else:
                assert not question.grade(name, answer).ok, (name, classmate, answer)
