"""Answers as data: honest forms read like the numbers they stand for (Decimal, percentages,
scientific notation), and hostile ones refused quickly and clearly — shared references counted
at every visit, and only values of an exact known type read (a class that merely claims to be
a builtin, numpy's or sympy's is not)."""

from __future__ import annotations

import time
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from sailing_kit.core.i18n import N_, _, number, set_language, use_language
from sailing_kit.exercises import catalogue, session
from sailing_kit.exercises.data import MAX_TEXT, MAX_VISITS, Opaque, decode, encode, plain
from sailing_kit.exercises.readers import read_decimal, read_exact, read_int

DICE = catalogue.questions("03_dice")
TRIREME = catalogue.questions("05_trireme")
NAME = "Forms Tester"


@pytest.fixture(autouse=True)
def named():
    for exercise in catalogue.SETS:
        session.start(exercise, NAME)
    yield
    for exercise in catalogue.SETS:
        session.stop(exercise)


def shared(depth: int, width: int = 200) -> list[object]:
    value: list[object] = [1] * width
    for _level in range(depth - 1):
        value = [value] * width
    return value


class Hangs:
    """Every method a reader might call never returns."""

    def __iter__(self):
        while True:
            yield 1

    def __len__(self):
        while True:
            pass

    def tolist(self):
        while True:
            pass

    __eq__ = __hash__ = __repr__ = __float__ = __int__ = tolist


def claiming(module: str, base: type = object) -> object:
    bases = (Hangs,) if base is object else (Hangs, base)
    kind = type("Claim", bases, {"__module__": module, "shape": (2,), "size": 2})
    return kind.__new__(kind)


def test_shared_references_are_counted_at_every_visit_and_refused():
    for depth in (2, 3, 4):
        value = plain(shared(depth))
        assert value == Opaque("visits", MAX_VISITS)
        assert value.why == (f"an answer of more than {MAX_VISITS:,} items in all holds far too "
                             "many items for this question")


@pytest.mark.parametrize("module, base", [("builtins", list), ("builtins", dict),
                                          ("builtins", str), ("numpy", object),
                                          ("sympy.core.numbers", object), ("fractions", object),
                                          ("sailing_kit.core.compass", object)])
def test_a_class_claiming_a_trusted_module_is_not_read(module, base):
    assert plain(claiming(module, base)) == Opaque("object", name="Claim")


@pytest.mark.parametrize("answer", [shared(4), claiming("builtins", list), claiming("numpy")],
                         ids=["shared-references", "claims-builtins", "claims-numpy"])
def test_every_check_refuses_them_at_once_with_a_clear_reason(answer):
    for question in DICE + TRIREME:
        started = time.perf_counter()
        box = question(answer)
        assert time.perf_counter() - started < 5, question.title  # a hang, not a speed
        assert not box.ok and ("far too many items" in box.message
                               or "a value of the type Claim cannot be read" in box.message)


def test_the_exact_types_are_still_read():
    assert plain(np.array([[1, 2], [3, 4]])) == [[1, 2], [3, 4]]
    assert plain(np.int64(5)) == 5 and plain(np.bool_(True)) is True
    assert plain(Decimal("0.32")) == 0.32 and plain(Decimal("7776.0")) == 7776
    assert plain(Fraction(1, 3)) == Fraction(1, 3)


@pytest.mark.parametrize("written, read", [("3.2e-3", 0.0032), ("3.2E-3", 0.0032), ("0.32%", 0.0032),
                                           ("32%", 0.32), (" 38.6 % ", 0.386), (".5", 0.5)])
def test_decimals_percentages_and_scientific_notation_read_as_numbers(written, read):
    assert read_exact(written) == read


def test_a_percentage_question_reads_a_number_of_percent():
    assert read_decimal("4.8%", percent=True) == read_decimal("4.8", percent=True) == 4.8
    assert read_decimal("4.8e0") == 4.8 and read_int("7.776e3") == 7776


def test_honest_forms_of_a_right_answer_are_right():
    probability = DICE[2]
    value = Fraction(str(probability.solution_for(NAME)))
    decimal = Decimal(round(float(value), 4)).quantize(Decimal("0.0001"))
    for form in (decimal, f"{float(value):.4%}", f"{float(value):.3e}", str(decimal)):
        assert probability.grade(NAME, form).ok, form
    honour = TRIREME[8]
    points = float(honour.solution_for(NAME))
    for form in (f"{points:.1f}%", Decimal(f"{points:.1f}"), f"{points:.1e}"):
        assert honour.grade(NAME, form).ok, form


def test_what_an_unreadable_answer_was_is_said_in_the_students_language():
    text = plain("x" * (MAX_TEXT + 1000))
    assert text == Opaque("text", MAX_TEXT + 1000)
    assert text.why == f"a text of {MAX_TEXT + 1000:,} characters is far too long to be the answer"
    with use_language("hu"):
        hungarian = text.why
        assert text.why == (f"egy {number(MAX_TEXT + 1000)} karakteres szöveg túl hosszú ahhoz, "
                            "hogy válasz legyen")
    session.start("03_dice", NAME, language="hu")
    box = DICE[1]("x" * (MAX_TEXT + 1000))
    set_language("en")
    assert not box.ok and box.message == f"{hungarian}." != f"{text.why}."
    with use_language("ru"):
        assert plain(10**1300).why == (f"целое число примерно из {number(1300)} цифр — слишком "
                                       "большое значение для ответа")


@pytest.mark.parametrize("body", [["text", 5, "list"], ["no-such-kind", 3, ""], ["text", -1, ""],
                                  ["items", 3, "{0.__class__}"], ["text", True, ""], ["text", 3],
                                  "text", ["items", 10**20, "list"]])
def test_a_forged_description_of_an_opaque_answer_reads_as_unreadable(body):
    value = decode({"opaque": body})
    assert isinstance(value, Opaque)
    if body == ["text", 5, "list"]:  # the kernel's own description, read back as written
        assert value == Opaque("text", 5, "list") == decode(encode(value))
    else:
        assert value == Opaque() and value.why == ("a value the grader cannot read cannot be read "
                                                   "as an answer")


def test_the_kits_own_texts_are_read_as_plain_text():
    for kit_text in (N_("a marked constant"), _("a translated text")):
        read = plain(kit_text)
        assert read == kit_text and type(read) is str
