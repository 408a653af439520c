"""Exercise questions 9-11 (issue #24.6): new situations of the trainer drawn per student,
answered under both rulebooks, every expected answer the umpires'."""

from __future__ import annotations

import pytest

from sailing_kit.exercises.right_of_way import q9, q10, q11
from sailing_kit.exercises.right_of_way_protest import moves_in_words
from sailing_kit.race.encounter import Question as Asked
from sailing_kit.race.encounter_variants import mirrored, moved
from sailing_kit.race.quiz import library
from sailing_kit.race.reasons import decisive_rule
from sailing_kit.race.verdicts import NO_ONE, Rules, verdicts

STUDENTS = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Emmy Noether", "Tim", "Zoë"]


@pytest.mark.parametrize("question", [q9, q10, q11], ids=lambda q: q.key)
def test_students_get_their_own_situations_and_the_same_one_every_time(question):
    drawn = [question.variant(name) for name in STUDENTS]
    assert len({(d.encounter.id, d.encounter.boats) for d in drawn}) >= 4
    assert question.variant("Ada Lovelace") == drawn[0]


def test_variants_are_moved_or_mirrored_copies_judged_anew():
    for name in STUDENTS:
        drawn = q9.variant(name)
        base = next(s for s in library() if s.id == drawn.encounter.id)
        assert _same_shape(drawn.encounter, base)
        assert drawn.found == verdicts(drawn.encounter)


def _same_shape(drawn, base):
    for source in (base, mirrored(base)):
        (x0, y0), (x1, y1) = source.boats[0].position, drawn.boats[0].position
        try:
            if moved(source, x1 - x0, y1 - y0) == drawn:
                return True
        except ValueError:
            continue
    return False


@pytest.mark.parametrize("name", STUDENTS)
def test_the_solutions_are_the_umpires_answers(name):
    nine = q9.variant(name)
    assert nine.found.differ and nine.encounter.ask.question is Asked.KEEP_CLEAR
    assert q9.solution_for(name) == {"game": nine.found.race.keep_clear,
                                      "rrs": nine.found.rrs.keep_clear}
    ten = q10.variant(name)
    expected = {key: (found.penalised[0] if found.penalised else NO_ONE)
                for key, found in (("game", ten.found.race), ("rrs", ten.found.rrs))}
    assert q10.solution_for(name) == expected
    assert set(expected.values()) != {NO_ONE}
    eleven = q11.variant(name)
    assert q11.solution_for(name) == decisive_rule(eleven.found, Rules.RRS)
    for question in (q9, q10, q11):
        assert question.grade(name, question.solution_for(name)).ok


def test_a_wrong_answer_says_which_rulebook_is_wrong_without_giving_the_answer():
    drawn = q9.variant("Ada Lovelace")
    right = q9.solution_for("Ada Lovelace")
    other = next(n for n in drawn.encounter.ask.boats if n != right["rrs"])
    result = q9.grade("Ada Lovelace", {"game": right["game"], "rrs": other})
    text = str(result.verdict.parts)
    assert not result.ok and "rrs" in text and f"it is not {other}" in text


def test_question_11_reads_rule_numbers_in_several_spellings():
    name = "Ada Lovelace"
    rule = q11.solution_for(name)
    for spelling in (rule, f"rule {rule}", f"RRS {rule}"):
        assert q11.grade(name, spelling).ok
    assert "is not a rule of the RRS" in q11.grade(name, "99").problem


def test_the_prompt_tells_the_moves_and_the_picture_hides_the_answer():
    drawn = q10.variant("Grace Hopper")
    text = moves_in_words(drawn)
    assert all(f"{i}. " in text for i in range(1, len(drawn.encounter.events) + 1))
    hidden = q10.picture_for("Grace Hopper").to_svg()
    assert "keeps clear (RRS" not in hidden
    assert "keeps clear (RRS" in q10.worked_for("Grace Hopper").to_svg()
