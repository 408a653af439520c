"""The right-of-way exercises: right answers pass, wrong ones get specific feedback citing the
rule, blank and malformed answers never raise, and the notebooks agree with the questions."""

import re
import sys
from pathlib import Path

import nbformat
import pytest

from sailing_kit.core import Direction
from sailing_kit.exercises.right_of_way import (
    POSITIONS,
    PROMPTS,
    QUESTIONS,
    Gallery,
    explain,
    penalty_verdict,
    picture,
    q1,
    q1_pairs,
    q2,
    q2_pairs,
    q3,
    q3_after,
    q3_options,
    q3_position,
    q4,
    q4_position,
    q5,
    q5_position,
    q6,
    q6_position,
    q6_winds,
    q7,
    q7_position,
    q8,
    q8_statements,
    read_rule,
)
from sailing_kit.race import Rule, library
from sailing_kit.race.situation import Situation
from sailing_kit.draw.scene import Scene
from tests.exercise_helpers import message, with_changes

EXERCISES = Path(__file__).resolve().parents[2] / "exercises"
STUDENT = EXERCISES / "02_right_of_way.ipynb"
SOLUTION = EXERCISES / "solutions" / "02_right_of_way.ipynb"

Q1_RIGHT = {"pair 1": "A", "pair 2": "B", "pair 3": "A", "pair 4": "B"}
Q2_RIGHT = {"pair 1": "faster", "pair 2": "turn order", "pair 3": "head to wind",
            "pair 4": "astern in zone"}
Q3_RIGHT = {"NE", "NW"}
Q5_RIGHT = {"race": "B", "start": "A"}
Q6_RIGHT = {"NE": "none", "NW": "A", "E": "none", "W": "A"}
Q7_RIGHT = {"A": "yes", "B": "no: mark", "C": "no: boat"}
Q8_RIGHT = {"a", "b", "f"}

RIGHT = [
    (q1, Q1_RIGHT),
    (q1, {"Pair_1": "a", 2: "b", "pair3": "A", "p4": "B"}),
    (q2, Q2_RIGHT),
    (q2, {"pair 1": "FASTER", "pair 2": "turn_order", "pair 3": Rule.HEAD_TO_WIND,
          "pair 4": "astern_in_zone"}),
    (q2, {"pair 1": "speed", "pair 2": "first to arrive", "pair 3": "in irons",
          "pair 4": "engaged from astern"}),
    (q3, Q3_RIGHT),
    (q3, ["ne", Direction.NW, "NE"]),
    (q4, "C"),
    (q4, " c "),
    (q5, Q5_RIGHT),
    (q5, {"during the race": "b", "At the start": "a"}),
    (q6, Q6_RIGHT),
    (q6, {"ne": "nobody", "nw": "a", Direction.E: "None", "w": "A"}),
    (q7, Q7_RIGHT),
    (q7, {"a": "Yes", "b": "too close to the mark", "c": "No, boat"}),
    (q8, Q8_RIGHT),
    (q8, ["A", "b", "F", "a"]),
]


# ----- right answers ----------------------------------------------------------------------------

@pytest.mark.parametrize("question, answer", RIGHT)
def test_right_answers_pass(question, answer):
    result = question(answer)
    assert result.ok and result.answered and "✔ Correct" in str(result), result.message


def test_every_question_has_a_prompt_a_title_and_a_position():
    assert list(PROMPTS) == [f"q{n}" for n in range(1, len(QUESTIONS) + 1)] == list(POSITIONS)
    assert 6 <= len(QUESTIONS) <= 8
    for number, question in enumerate(QUESTIONS, 1):
        assert question.prompt == PROMPTS[f"q{number}"] and question.__doc__ == question.prompt
        assert question.title.startswith(f"Question {number} · ")
        assert "Answer" in question.prompt


def svgs(drawn) -> list[str]:
    """The SVG pictures of a ``picture(...)``: one, or one per position of a gallery."""
    if isinstance(drawn, Gallery):
        html = drawn._repr_html_()
        return re.findall(r"<svg.*?</svg>", html, re.S)
    assert isinstance(drawn, Scene)
    return [drawn.to_svg()]


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_position_is_a_situation_and_draws(name):
    position = POSITIONS[name]()
    positions = position if isinstance(position, tuple) else (position,)
    assert all(isinstance(p, Situation) and p.describe() for p in positions)
    for reveal in (False, True):
        drawn = svgs(picture(position, reveal=reveal))
        assert len(drawn) == len(positions)
        assert all(svg.startswith("<svg") and svg.endswith("</svg>") for svg in drawn)
    if isinstance(position, tuple):
        assert len(position) >= 2
        assert str(picture(position)) == "\n\n".join(p.describe() for p in position)


def test_a_gallery_draws_its_positions_on_grids_of_one_size():
    sizes = {re.search(r'width="[\d.]+" height="[\d.]+"', svg).group()
             for svg in svgs(picture(q2_pairs()))}
    assert len(sizes) == 1


def test_the_pictures_number_every_grid_line():
    svg = svgs(picture(q4_position()))[0]
    for coordinate in (1, 2, 3, 4):
        assert f">{coordinate}</text>" in svg


ENTITLED = re.compile(r"→[A-Z]")
INFRINGED = ">!</text>"


def test_the_pictures_do_not_give_the_answer_away():
    hidden, revealed = svgs(picture(q4_position()))[0], svgs(picture(q4_position(), reveal=True))[0]
    assert "→?" in hidden and "→C" not in hidden
    assert "→C" in revealed
    # after a move or a wind shift, the infringement is circled only when revealed
    for position in (q3_after("E"), q6_position("NW")):
        assert position.infringements()
        hidden, revealed = svgs(picture(position))[0], svgs(picture(position, reveal=True))[0]
        assert INFRINGED not in hidden and INFRINGED in revealed


@pytest.mark.parametrize("name", list(POSITIONS))
def test_no_question_picture_shows_the_answer(name):
    position = POSITIONS[name]()
    for svg in svgs(picture(position)):
        assert not ENTITLED.search(svg) and INFRINGED not in svg
    contested = [c for p in (position if isinstance(position, tuple) else (position,))
                 for c in p.contests()]
    revealed = "".join(svgs(picture(position, reveal=True)))
    assert all(f"→{c.entitled}" in revealed for c in contested)


# ----- the expected answers come from the engine ---------------------------------------------------

def test_question_1_asks_who_keeps_clear_by_the_engine():
    assert {f"pair {n}": p.judge("A", "B").keep_clear
            for n, p in enumerate(q1_pairs(), 1)} == Q1_RIGHT
    # and the engine agrees with the library's scenario of the same figure
    starboard_first = next(s for s in library() if s.id == "starboard-before-leeward")
    assert starboard_first.ruling().keep_clear == "A" == q1_pairs()[0].judge("A", "B").keep_clear


def test_question_2_pairs_each_show_a_different_rung():
    rules = [p.judge("A", "B").rule_key for p in q2_pairs()]
    assert [read_rule(r) for r in Q2_RIGHT.values()] == rules
    assert len(set(rules)) == len(rules)


def test_question_3_safe_ends_are_those_the_umpire_does_not_flag():
    options = q3_options()
    assert set(options) == {Direction.NE, Direction.NW, Direction.E, Direction.SE}
    # A stands on B's course point, so A counts as first to arrive, and B to leeward wins
    ruling = q3_position().judge("B", "A")
    assert ruling == q3_position().judge("A", "B") and ruling.winner == "B"
    for heading, option in options.items():
        after = q3_after(heading)
        assert after.boat("A").position == option.position and after.mover == "A"
        assert bool(after.infringements()) == (heading.value not in Q3_RIGHT)


def test_question_4_entitled_boat_is_the_contest_winner():
    (contest,) = q4_position().contests()
    assert contest.entitled == "C" and set(contest.claimants) == {"A", "B", "C"}


def test_question_5_the_zone_counts_in_the_race_but_not_at_the_start():
    race, start = q5_position().judge("A", "B"), q5_position(start=True).judge("A", "B")
    assert (race.winner, race.rule_key) == ("B", Rule.INSIDE)
    assert (start.winner, start.rule_key) == ("A", Rule.LEEWARD)


def test_question_6_winds_are_the_other_faces_of_the_compass_die():
    assert [w.value for w in q6_winds()] == list(Q6_RIGHT)
    assert q6_position().infringements() == []
    assert q6_position("W").previous_wind is Direction.N and q6_position("W").wind is Direction.W
    for wind, offender in Q6_RIGHT.items():
        found = q6_position(wind).infringements()
        assert [i.offender for i in found] == ([] if offender == "none" else [offender])


def test_question_7_verdicts_are_the_umpires():
    for name, verdict in Q7_RIGHT.items():
        allowed, refusal = penalty_verdict(q7_position(), name)
        assert allowed == (verdict == "yes")
        assert ("buoys" in refusal) == (verdict == "no: mark")
        assert ("other boats" in refusal) == (verdict == "no: boat")


def test_question_8_statements_are_judged_by_the_engine():
    statements = q8_statements()
    assert {letter for letter, s in statements.items() if s.is_true()} == Q8_RIGHT
    for statement in statements.values():
        assert statement.position.judge(*statement.pair).rule_key is statement.rule


def test_explain_names_the_section_for_every_rule_in_the_library():
    for scenario in library():
        ruling = scenario.ruling()
        words = explain(scenario, ruling)
        assert ("§3.6" if ruling.rule_key in (Rule.INSIDE, Rule.ASTERN_IN_ZONE) else "§3.4") \
            in words, scenario.id
        assert ruling.winner in words and ruling.keep_clear in words


# ----- wrong answers get specific feedback -----------------------------------------------------

@pytest.mark.parametrize("question, answer, words", [
    (q1, with_changes(Q1_RIGHT, **{"pair 2": "A"}),
     ["Pair 2: you said A must keep clear", "Both boats are on starboard tack",
      "the tack does not decide", "further from the wind (to leeward)", "even though B is faster",
      "§3.4", "So B keeps clear"]),
    (q1, with_changes(Q1_RIGHT, **{"pair 1": "B"}),
     ["Pair 1: you said B must keep clear", "B is on a broad reach on starboard tack",
      "A close-hauled on port tack", "the tack comes first", "§3.4", "So A keeps clear"]),
    (q1, with_changes(Q1_RIGHT, **{"pair 3": "B"}),
     ["Pair 3", "a run, which counts as starboard tack"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 1": "leeward"}),
     ["Pair 1: you said leeward", "same wind line, so neither is to leeward",
      "decided by faster", "B on a broad reach", "faster than A on a run", "§3.4"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 1": "turn order"}),
     ["speed is looked at before the turn order", "A arrived first, but the turn order only "
      "counts at equal speed"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 2": "astern in zone"}),
     ["Pair 2", "there is no mark here", "§3.6", "decided by turn order", "A arrived first"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 3": "starboard"}),
     ["Pair 3", "A is head to wind and has no tack at all", "decided by head to wind"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 4": "inside"}),
     ["Pair 4", "B engages the inside boat A from astern", "decided by astern in zone",
      "§3.6, fig. 14"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 4": "turn order"}),
     ["within the zone of the 2 lengths the engagement rules of §3.4 lapse"]),
    (q3, Q3_RIGHT | {"E"},
     ["E: A turns on the spot to E", "stays on (3, 3), the point B sails to next",
      "Both boats are on port tack", "B is 1 wind line further from the wind", "penalty"]),
    (q3, {"NE"}, ["You left out NW", "A is close-hauled on starboard tack", "B cannot protest"]),
    (q3, {"NW"}, ["You left out NE", "advances to (4, 4)", "nothing to protest"]),
    (q3, Q3_RIGHT | {"N"}, ["N: A cannot end its turn there", "head to wind", "§2"]),
    (q3, Q3_RIGHT | {"SW"}, ["SW: A cannot end its turn heading SW", "close-hauled may make"]),
    (q4, "A", ["A claims (2, 2), but C claims it too", "C is close-hauled on starboard tack",
               "A close-hauled on port tack", "§3.4"]),
    (q4, "B", ["B claims (2, 2), but C claims it too", "both boats are on starboard tack",
               "C is 2 wind lines further from the wind (to leeward) than B"]),
    (q4, "D", ["D does not claim (2, 2)", "leads to (0, 0)", "A, B, C"]),
    (q5, with_changes(Q5_RIGHT, race="A"),
     ["Race: you said A", "within the zone of the 2 lengths round the mark at (5, 5)",
      "only the inside position counts", "B is nearer the mark", "§3.6",
      "Outside the zone A would have it"]),
    (q5, with_changes(Q5_RIGHT, start="B"),
     ["Start: you said B", "At the start the inside position", "does not determine right of way",
      "ladder of §3.4 decides", "A is 1 wind line further from the wind"]),
    (q6, with_changes(Q6_RIGHT, NW="none"),
     ["Wind from NW: you said none", "A stands on (2, 2), where B's next movement leads",
      "same wind line", "B on a beam reach", "faster", "So A infringes B"]),
    (q6, with_changes(Q6_RIGHT, W="B"),
     ["Wind from W: you said B", "A is head to wind", "So A infringes B"]),
    (q6, with_changes(Q6_RIGHT, E="A"),
     ["Wind from E: you said A", "A keeps its right of way", "a run, which counts as starboard",
      "Nobody infringes"]),
    (q7, with_changes(Q7_RIGHT, A="no: mark"),
     ["A: you said no: mark, but A can serve it here", "at least 2 intersections",
      "nearest mark is 2 intersections away", "§3.4"]),
    (q7, with_changes(Q7_RIGHT, B="yes"),
     ["B: you said yes, but the umpire refuses", "the mark at (4, 4) is 1 intersection away"]),
    (q7, with_changes(Q7_RIGHT, C="no: mark"),
     ["C: right, it cannot, but not because of a mark", "D at (8, 1) is 1 intersection away"]),
    (q7, with_changes(Q7_RIGHT, C="no"), ["C: right, it cannot — but say why"]),
    (q8, Q8_RIGHT | {"d"},
     ["(d) is false", "inside boat A then loses its right of way", "§3.6",
      "RRS 18.2(a)(2) says the opposite"]),
    (q8, Q8_RIGHT - {"b"}, ["(b) is true, you left it out", "faster", "never look at speed"]),
    (q8, Q8_RIGHT | {"c"}, ["(c) is false", "a run, which counts as starboard tack", "RRS 10"]),
    (q8, Q8_RIGHT | {"e"}, ["(e) is false", "A is head to wind", "keeps clear", "RRS 13"]),
])
def test_wrong_answers_get_specific_feedback(question, answer, words):
    text = message(question, answer)
    for word in words:
        assert word in text, (word, text)


def test_feedback_lists_only_the_mistakes():
    text = message(q1, with_changes(Q1_RIGHT, **{"pair 4": "A"}))
    assert "Pair 4" in text and "Pair 1" not in text and text.count("\n") == 0


# ----- blank answers ----------------------------------------------------------------------------

TEMPLATES = {
    q1: {"pair 1": ..., "pair 2": ..., "pair 3": ..., "pair 4": ...},
    q2: {"pair 1": ..., "pair 2": ..., "pair 3": ..., "pair 4": ...},
    q5: {"race": ..., "start": ...},
    q6: {"NE": ..., "NW": ..., "E": ..., "W": ...},
    q7: {"A": ..., "B": ..., "C": ...},
}


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("blank", [..., None])
def test_a_blank_answer_is_not_answered_yet(question, blank):
    result = question(blank)
    assert not result.ok and not result.answered
    assert "not answered yet" in result.message and "✎ Your turn" in str(result)


@pytest.mark.parametrize("question", list(TEMPLATES))
def test_the_blank_template_is_not_answered_yet(question):
    result = question(TEMPLATES[question])
    assert not result.ok and not result.answered and "not answered yet" in result.message


def test_a_partly_filled_dict_names_what_is_missing():
    result = q6({"NE": "none", "NW": ..., "E": None})
    assert not result.answered and "NW, E, W" in result.message


# ----- malformed answers ------------------------------------------------------------------------

CODE = "__import__('sys').modules.__setitem__('answer_was_evaluated', None)"


@pytest.mark.parametrize("question, answer, words", [
    (q1, with_changes(Q1_RIGHT, **{"pair 5": "A"}), "'pair 5' is not a pair"),
    (q1, with_changes(Q1_RIGHT, **{"pair 1": "C"}), "for pair 1: 'C' is not a boat"),
    (q1, ["A", "B"], "is not a dict"),
    (q2, with_changes(Q2_RIGHT, **{"pair 1": "wind"}),
     "'wind' is not a rule of right of way: write one of starboard, head to wind"),
    (q2, with_changes(Q2_RIGHT, **{"pair 2": 3}), "3 is not a rule of right of way"),
    (q3, "NE, NW", "is not a set"),
    (q3, {"NNE"}, "'NNE' is not a compass direction"),
    (q3, {(1, 2)}, "is not a compass direction"),
    (q4, "E", "'E' is not a boat: write one of A, B, C, D"),
    (q4, ["C"], "is not a boat"),
    (q4, True, "is not a boat"),
    (q5, {"race": "B", "finish": "A"}, "'finish' is not a moment"),
    (q6, with_changes(Q6_RIGHT, NE="C"), "'C' is not a boat or none"),
    (q6, with_changes(Q6_RIGHT, N="A"), "does not ask about wind N"),
    (q7, with_changes(Q7_RIGHT, A="maybe"), "'maybe' is not a verdict"),
    (q7, with_changes(Q7_RIGHT, D="yes"), "does not ask about boat D"),
    (q8, "a, b, f", "is not a set"),
    (q8, {"g"}, "'g' is not a statement letter"),
])
def test_malformed_answers_get_a_clear_message(question, answer, words):
    assert words in message(question, answer)


@pytest.mark.parametrize("question", QUESTIONS)
def test_code_in_an_answer_is_never_run(question):
    for answer in (CODE, {CODE: CODE}, [CODE], {"pair 1": CODE, "A": CODE, "NE": CODE},
                   {"race": CODE, "start": CODE}):
        assert not question(answer).ok
    assert "answer_was_evaluated" not in sys.modules


def test_question_7_names_its_mark_once():
    assert q7.prompt.count("a mark at (4, 4)") == 1


def test_feedback_html_escapes_the_student_text():
    html = q4("<script>alert(1)</script>")._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html


# ----- the notebooks ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [STUDENT, SOLUTION])
def test_the_notebooks_show_every_prompt_and_picture_and_have_no_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    sources = [cell.source for cell in nb.cells]
    text = "\n".join(sources)
    for number, question in enumerate(QUESTIONS, 1):
        assert question.prompt in text and f"q{number}(answer_{number})" in text
        assert f"picture({POSITIONS[f'q{number}'].__name__}())" in sources
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


def test_the_student_notebook_never_reveals_an_answer():
    code = [cell.source for cell in nbformat.read(STUDENT, as_version=4).cells
            if cell.cell_type == "code"]
    assert not any("reveal" in source for source in code)
    # a position shown on its own is drawn revealed: the student notebook only shows pictures
    for source in code:
        for name in (f.__name__ for f in POSITIONS.values()):
            assert f"{name}(" not in source or f"picture({name}(" in source, source
