"""The quiz (issue #24.4): levels, a score, one answer then "why" as a choice of facts, retry
with the first answer counting, the answer never shown before, a summary linking missed rules
to the situations that teach them."""

from __future__ import annotations

import pytest

from sailing_kit.core.errors import ConfigError
from sailing_kit.race.encounter import Question
from sailing_kit.race.quiz import Quiz, library, teaching
from sailing_kit.race.reasons import decisive_rule
from sailing_kit.race.trainer import Quiz as ExportedQuiz
from sailing_kit.race.verdicts import NO_ONE, Rules, verdicts


def quiz_of(ident, rules="rrs"):
    return Quiz([s for s in library() if s.id == ident], rules=rules)


def right_answer(quiz):
    value = quiz.verdicts.of(quiz.ruled_by).answer(quiz.current.ask.question)
    return value if isinstance(value, str) else (list(value) or NO_ONE)


def wrong_answer(quiz):
    right = right_answer(quiz)
    return next(o for o in quiz.options() if o != right and [o] != right)


def test_the_quiz_is_exported_where_teachers_find_it():
    assert ExportedQuiz is Quiz


def test_levels_filter_the_situations_and_every_situation_comes_once():
    for level in (1, 2, 3):
        quiz = Quiz(level=level, seed=5)
        seen = {quiz.current.id}
        for _ in range(len(quiz.order) - 1):
            seen.add(quiz.next().id)
        assert seen == {s.id for s in library() if s.level == level}
    assert Quiz(seed=3).current.id == Quiz(seed=3).current.id


def test_bad_settings_are_refused():
    with pytest.raises(ConfigError, match="level"):
        Quiz(level=4)
    with pytest.raises(ConfigError, match="rules"):
        Quiz(rules="colregs")
    with pytest.raises(ConfigError, match="at least one"):
        Quiz([])


def test_nothing_of_the_answer_before_the_answer():
    """The question names the boats symmetrically; no reason is offered before the right
    answer is in."""
    for situation in library():
        quiz = Quiz([situation], rules="race")
        text = quiz.question()
        assert all(name in text for name in situation.ask.boats)
        assert quiz.reasons() == () and not quiz.solved
        assert not quiz.explain(0).answered


def test_first_answer_counts_then_retry_then_why():
    quiz = quiz_of("port-tries-to-cross")
    verdict = quiz.answer(wrong_answer(quiz))
    assert not verdict.ok and "try again" in verdict.message and not quiz.solved
    assert quiz.reasons() == ()
    verdict = quiz.answer(right_answer(quiz))
    assert verdict.ok and "first answer scored 0" in verdict.message and quiz.solved
    assert quiz.score == "0 of 1"
    reasons = quiz.reasons()
    assert 2 <= len(reasons) <= 4 and sum(r.decides for r in reasons) == 1
    deciding = next(i for i, r in enumerate(reasons) if r.decides)
    wrong = next(i for i, r in enumerate(reasons) if not r.decides)
    assert not quiz.explain(wrong).ok
    assert quiz.explain(deciding).ok and quiz.explained
    summary = quiz.summary()
    assert (summary.right, summary.asked, summary.why_right, summary.why_asked) == (0, 1, 0, 1)


def test_a_right_first_answer_scores_and_later_answers_change_nothing():
    quiz = quiz_of("port-tries-to-cross")
    assert quiz.answer(right_answer(quiz)).ok
    quiz.answer(wrong_answer(quiz))
    assert quiz.score == "1 of 1"


def test_answers_that_are_not_options_are_not_counted():
    quiz = quiz_of("port-tries-to-cross")
    assert not quiz.answer("Z").answered and quiz.score == "0 of 0"
    quiz = quiz_of("boxed-in-by-another-boat")
    assert quiz.current.ask.question is Question.PENALISED
    assert not quiz.answer(["Q"]).answered and not quiz.answer([]).answered
    assert quiz.answer(["R"]).ok  # the RRS penalises R (rule 16.1)


@pytest.mark.parametrize("situation", library(), ids=lambda s: s.id)
@pytest.mark.parametrize("rules", ["race", "rrs"])
def test_every_question_can_be_answered_and_explained(situation, rules):
    quiz = Quiz([situation], rules=rules)
    assert quiz.answer(right_answer(quiz)).ok
    reasons = quiz.reasons()
    assert sum(r.decides for r in reasons) == 1
    assert all(r.true for r in reasons if r.decides)
    assert len({r.text for r in reasons}) == len(reasons)


def test_the_summary_links_each_missed_rule_to_the_situation_that_teaches_it():
    quiz = Quiz(level=1, rules="rrs", seed=2)
    for _ in range(len(quiz.order)):
        quiz.answer(wrong_answer(quiz))
        quiz.next()
    summary = quiz.summary()
    assert summary.right == 0 and summary.asked == len(quiz.order)
    assert {m.rule for m in summary.missed} >= {"10", "11", "12"}
    for missed in summary.missed:
        assert missed.situation is not None
        assert decisive_rule(verdicts(missed.situation), Rules.RRS) == missed.rule
    assert "Missed: rule 10 (port keeps clear of starboard) — see '" in str(summary)


def test_teaching_situations_show_the_rule_at_work_first():
    lesson = teaching(Rules.RRS, "10")
    assert lesson is not None and lesson.ask.question is not Question.PENALISED
    assert teaching(Rules.RRS, "no such rule") is None
