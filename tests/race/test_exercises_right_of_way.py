"""The right-of-way exercises: each student's own positions (random engaged pairs, turned,
mirrored and moved), right answers in any spelling, feedback citing the rule, pictures that
never give the answer away."""

import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from sailing_kit.core import Direction
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises.right_of_way import (
    FIG_13,
    LADDER,
    Q6_START,
    QUESTIONS,
    STATEMENTS,
    penalty_verdict,
    picture,
    q1,
    q2,
    q3,
    q3_after,
    q3_options,
    q4,
    q5,
    q6,
    q7,
    q8,
)
from sailing_kit.exercises.right_of_way_positions import Gallery, engaged, moved
from sailing_kit.exercises.right_of_way_words import explain
from sailing_kit.race import Rule, library
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.situation import Situation
from tests.exercise_helpers import NAMES, passes, whys, with_changes

N, NE, E, SE, S, SW, W, NW = Direction


def at(title, *boats, marks=()):
    return Situation(title=title, wind=N, boats=boats, marks=marks)


# The positions of the kit's first version of these exercises, as explicit variants.
FIG14 = (Boat("A", (4, 2), W), Boat("B", (5, 2), W))
VARIANTS = {
    q1: (at("Pair 1", Boat("A", (1, 1), NE), Boat("B", (3, 3), SW)),
         at("Pair 2", Boat("A", (2, 1), NW), Boat("B", (2, 2), W)),
         at("Pair 3", Boat("A", (1, 1), NE), Boat("B", (2, 3), S)),
         at("Pair 4", Boat("A", (2, 0), NE), Boat("B", (2, 1), E))),
    q2: (at("Pair 1", Boat("A", (1, 2), S), Boat("B", (2, 2), SW)),
         at("Pair 2", *FIG14),
         at("Pair 3", Boat("A", (2, 2), N), Boat("B", (3, 1), NW)),
         at("Pair 4", *FIG14, marks=((4, 4),))),
    q3: at("Engaged from astern", Boat("A", (3, 3), NE), Boat("B", (2, 2), NE)),
    q4: at("The light-blue point", Boat("A", (1, 1), NE), Boat("B", (3, 3), SW),
           Boat("C", (3, 1), NW), Boat("D", (1, 0), W)),
    q5: FIG_13,
    q6: Q6_START,
    q7: at("Who can serve a penalty here?", Boat("A", (2, 6), E), Boat("B", (5, 3), NE),
           Boat("C", (7, 1), NW), Boat("D", (8, 1), NW), marks=((4, 4),)),
    q8: tuple(replace(s, position=replace(s.position, title=f"({letter}) {s.position.title}"))
              for letter, s in zip("abcdef", (STATEMENTS[0][0], STATEMENTS[1][0],
                                                STATEMENTS[2][1], STATEMENTS[3][1],
                                                STATEMENTS[4][1], STATEMENTS[5][0]))),
}

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


@pytest.mark.parametrize("question, answer", RIGHT)
def test_right_answers_pass_in_any_spelling(question, answer):
    assert passes(question, VARIANTS[question], answer), question.mark(VARIANTS[question], answer)


def test_question_1_pairs_cover_the_whole_ladder_and_are_engaged():
    for name in NAMES:
        pairs = q1.variant(name)
        assert {p.judge("A", "B").rule_key for p in pairs} == set(LADDER)
        assert all(engaged(p) for p in pairs)


def test_question_2_pairs_each_show_a_different_rung():
    for name in NAMES:
        rules = [p.judge("A", "B").rule_key for p in q2.variant(name)]
        assert len(set(rules)) == 4


def test_a_turned_or_mirrored_position_is_judged_afresh():
    position = VARIANTS[q5]
    turned = moved(position, quarters=1)
    assert turned.wind is Direction.E and turned.judge("A", "B") == position.judge("A", "B")
    mirrored = moved(position, mirror=True)
    assert {b.heading for b in mirrored.boats} == {NE, E}
    assert all(min(b.position) >= 1 for b in moved(position, 2, True).boats)


def test_question_6_keeps_the_wind_from_the_north():
    assert all(q6.variant(name).wind is N for name in NAMES)


RRS = re.compile(r"RRS (\d+(?:\.\d+)?(?:\([a-z]\)(?:\(\d\))?)?)")


def test_question_8_relies_only_on_the_real_rules_the_lesson_teaches():
    lesson = Path(__file__).resolve().parents[2] / "notebooks" / "02_right_of_way.ipynb"
    taught = set(RRS.findall(lesson.read_text(encoding="utf-8")))
    for pair in STATEMENTS:
        for statement in pair:
            assert set(RRS.findall(statement.text)) <= taught, statement.text
        assert pair[0].is_true() != pair[1].is_true()


def svgs(drawn) -> list[str]:
    if isinstance(drawn, Gallery):
        return re.findall(r"<svg.*?</svg>", drawn._repr_html_(), re.S)
    assert isinstance(drawn, Scene)
    return [drawn.to_svg()]


ENTITLED = re.compile(r"→[A-Z]")
INFRINGED = ">!</text>"


@pytest.mark.parametrize("question", [q for q in QUESTIONS if q.has_picture], ids=lambda q: q.key)
def test_no_question_picture_shows_the_answer(question):
    for name in NAMES[:4]:
        for svg in svgs(question.picture_for(name)):
            assert svg.startswith("<svg") and not ENTITLED.search(svg) and INFRINGED not in svg


def test_the_pictures_number_every_grid_line_and_reveal_only_for_the_teacher():
    hidden = svgs(picture(VARIANTS[q4]))[0]
    revealed = svgs(picture(VARIANTS[q4], reveal=True))[0]
    assert all(f">{c}</text>" in hidden for c in (1, 2, 3, 4))
    assert "→?" in hidden and "→C" not in hidden and "→C" in revealed
    after = q3_after(VARIANTS[q3], "E")
    assert after.infringements()
    assert INFRINGED not in svgs(picture(after))[0] and INFRINGED in svgs(picture(after, reveal=True))[0]


def test_question_3_safe_ends_are_those_the_umpire_does_not_flag():
    position = VARIANTS[q3]
    options = q3_options(position)
    assert set(options) == {Direction.NE, Direction.NW, Direction.E, Direction.SE}
    for heading in options:
        assert bool(q3_after(position, heading).infringements()) == (heading.value not in Q3_RIGHT)


def test_question_7_verdicts_are_the_umpires():
    for name, verdict in Q7_RIGHT.items():
        allowed, refusal = penalty_verdict(VARIANTS[q7], name)
        assert allowed == (verdict == "yes")
        assert ("buoys" in refusal) == (verdict == "no: mark")


def test_explain_names_the_section_for_every_rule_in_the_library():
    for scenario in library():
        ruling = scenario.ruling()
        words = explain(scenario, ruling)
        assert ("§3.6" if ruling.rule_key in (Rule.INSIDE, Rule.ASTERN_IN_ZONE) else "§3.4") \
            in words, scenario.id
        assert ruling.winner in words and ruling.keep_clear in words


# ----- wrong answers get specific feedback -----------------------------------------------------

@pytest.mark.parametrize("question, answer, words, never", [
    (q1, with_changes(Q1_RIGHT, **{"pair 2": "A"}),
     ["Pair 2: you said A must keep clear", "A is close-hauled on starboard tack, the other boat "
      "on a beam reach on starboard tack", "A is 1 wind line further from the wind than the "
      "other", "A arrived first", "Go down the ladder"], ["B", "keeps clear"]),
    (q1, with_changes(Q1_RIGHT, **{"pair 1": "B"}),
     ["Pair 1: you said B must keep clear", "B is on a broad reach on starboard tack",
      "the other boat close-hauled on port tack", "B arrived second"], ["A ", "keeps clear"]),
    (q1, with_changes(Q1_RIGHT, **{"pair 3": "B"}),
     ["Pair 3", "a run, which counts as starboard tack"], ["A "]),
    (q2, with_changes(Q2_RIGHT, **{"pair 1": "leeward"}),
     ["Pair 1: you said leeward", "same wind line, so neither is to leeward"], ["faster"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 1": "turn order"}),
     ["point of sail moves it further each turn", "looked at before the turn order"], ["faster"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 2": "astern in zone"}),
     ["Pair 2", "there is no mark here", "§3.6"], ["turn order"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 3": "starboard"}),
     ["Pair 3", "A points straight at the wind's source and has no tack at all"], ["head to wind"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 4": "inside"}),
     ["Pair 4", "B engages A, the boat nearer the mark, from astern", "§3.6"], ["astern in zone"]),
    (q2, with_changes(Q2_RIGHT, **{"pair 4": "turn order"}),
     ["within the zone of the 2 lengths the engagement rules of §3.4 lapse"], ["inside", "astern"]),
    (q3, Q3_RIGHT | {"E"},
     ["1 of your headings would leave A on B's course point without right of way"], ["E"]),
    (q3, {"NE"}, ["1 of A's ends with no penalty is missing"], ["NW"]),
    (q3, {"NW"}, ["1 of A's ends with no penalty is missing"], ["NE"]),
    (q3, Q3_RIGHT | {"N"}, ["1 of your headings is not an end of A's turn", "head to wind",
                            "§2"], [" N "]),
    (q3, Q3_RIGHT | {"SW"}, ["1 of your headings is not an end of A's turn",
                             "close-hauled may make"], ["SW"]),
    (q4, "A", ["A claims (2, 2), but so does a boat that has right of way over A",
               "compare A with each other claimant"], ["B", "C"]),
    (q4, "B", ["B claims (2, 2), but so does a boat that has right of way over B"], ["C"]),
    (q4, "D", ["D does not claim (2, 2)", "leads to (0, 0)"], ["C"]),
    (q5, with_changes(Q5_RIGHT, race="A"),
     ["Race: you said A", "the mark at (5, 5) has a boat within its zone of the 2 lengths",
      "A is further from it than the other", "Within the zone, which position counts?"],
     ["B"]),
    (q5, with_changes(Q5_RIGHT, start="B"),
     ["Start: you said B", "At the start the position at the mark does not determine right of "
      "way", "ladder of §3.4 decides", "B is 1 wind line further towards the wind"], ["A "]),
    (q6, with_changes(Q6_RIGHT, NW="none"),
     ["Wind from NW: you said none", "lead to (1, 2) and (2, 2)", "one of them is where a boat "
      "stands now", "Judge the engagement again"], ["A", "B"]),
    (q6, with_changes(Q6_RIGHT, W="B"),
     ["Wind from W: you said B", "One boat is left head to wind", "lead to (2, 2)"], ["A"]),
    (q6, with_changes(Q6_RIGHT, E="A"), ["Wind from E: you said A"], ["none", "B"]),
    (q7, with_changes(Q7_RIGHT, A="no: mark"),
     ["A: you said no: mark, but A can serve it here", "at least 2 intersections",
      "nearest mark is 2 intersections away", "§3.4"], ["yes"]),
    (q7, with_changes(Q7_RIGHT, B="yes"),
     ["B: you said yes, but the umpire refuses", "the mark at (4, 4) is 1 intersection away"],
     ["no: mark"]),
    (q7, with_changes(Q7_RIGHT, C="no: mark"),
     ["C: right, it cannot, but not because of a mark", "D at (8, 1) is 1 intersection away"],
     ["no: boat"]),
    (q7, with_changes(Q7_RIGHT, C="no"), ["C: right, it cannot — but say why"], ["no: boat"]),
    (q8, Q8_RIGHT | {"d"}, ["1 of your statements is false", "q8.picture()"], ["(d)"]),
    (q8, Q8_RIGHT - {"b"}, ["1 true statement is missing"], ["(b)"]),
])
def test_wrong_answers_say_what_is_wrong_and_never_the_answer(question, answer, words, never):
    text = whys(question, VARIANTS[question], answer)
    for word in words:
        assert word in text, (word, text)
    for word in never:
        assert word not in text, (word, text)


# ----- blank and malformed answers ------------------------------------------------------------------

@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
@pytest.mark.parametrize("blank", [..., None])
def test_a_blank_answer_is_not_answered_yet(question, blank):
    result = question.grade("Ada", blank)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


def test_a_partly_filled_dict_names_what_is_missing():
    result = q6.mark(VARIANTS[q6], {"NE": "none", "NW": ..., "E": None})
    assert not result.answered and "NW, E, W" in result.problem


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
    result = question.mark(VARIANTS[question], answer)
    assert result.answered and not result.ok and words in result.problem, result


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_code_in_an_answer_is_never_run(question):
    for answer in (CODE, {CODE: CODE}, [CODE], {"pair 1": CODE, "A": CODE, "NE": CODE},
                   {"race": CODE, "start": CODE}):
        assert not question.grade("Ada", answer).ok
    assert "answer_was_evaluated" not in sys.modules
