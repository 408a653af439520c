"""The trainer's 64 situations (issue #24): three levels, every answer the umpires', the
protest committee's text true to the picture, the docs table up to date."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sailing_kit.race.committee import answers
from sailing_kit.race.encounter import Question, Turn
from sailing_kit.race.encounter_file import (
    encounter_to_data,
    json_text,
    quiz_to_data,
    situations_from_data,
)
from sailing_kit.race.quiz import LEVEL_FILES, library
from sailing_kit.race.rightofway import course_point
from sailing_kit.race.rrs import in_zone
from sailing_kit.race.verdicts import check_expectations, verdicts

ROOT = Path(__file__).resolve().parents[2]
SITUATIONS = library()
FILES = {level: ROOT / "sailing_kit" / "race" / "situations" / name
         for level, name in LEVEL_FILES.items()}


def test_sixty_four_situations_in_three_levels_each_with_a_title_and_one_question():
    assert len(SITUATIONS) >= 64
    levels = {level: [s for s in SITUATIONS if s.level == level] for level in (1, 2, 3)}
    assert all(len(found) >= 18 for found in levels.values())
    assert len({s.id for s in SITUATIONS}) == len(SITUATIONS)
    assert all(s.title and s.ask.question in Question for s in SITUATIONS)
    topics = {s.topic for s in SITUATIONS}
    assert {"opposite tacks", "windward and leeward", "overtaking", "tacking",
            "changing course"} <= {s.topic for s in levels[1]}
    assert {"mark-room", "tacking in the zone", "obstructions", "free point", "lulls",
            "cover"} <= {s.topic for s in levels[2]}
    assert {"starts", "proper course", "room to tack", "penalty turns",
            "rules meet"} <= {s.topic for s in levels[3]}
    assert len(topics) >= 15


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_every_situation_has_its_expected_answers_from_both_umpires(situation):
    """The file's expectations (the author's reading of both rulebooks) are the umpires'
    answers."""
    data = json.loads(FILES[situation.level].read_text())
    expect = next(item["expect"] for item in data["situations"] if item["id"] == situation.id)
    assert set(expect) == {"race", "rrs"}
    assert {"keep_clear", "rule", "penalised"} <= set(expect["race"])
    assert {"keep_clear", "rule", "broke", "penalised"} <= set(expect["rrs"])
    check_expectations(situation, expect)  # raises on any difference


def test_where_the_rulebooks_differ_both_verdicts_are_shown_and_the_difference_is_said():
    differ = [s for s in SITUATIONS if verdicts(s).differ]
    assert len(differ) >= 20
    for situation in differ:
        game, rrs = answers(verdicts(situation))
        assert game.decision != rrs.decision or game.apply != rrs.apply


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_the_committee_text_never_contradicts_the_picture(situation):
    """Every point the text names is drawn (a boat's place at some moment, a mark, an
    obstruction, a lull or a cover token); every "X heading H" is the heading X has at the
    moment asked; every zone said reached is within three lengths (RRS) of a mark; a boat said
    to stand on another's point does stand there."""
    found = verdicts(situation)
    timeline = found.timeline
    drawn = {b.position for m in timeline.moments for b in m.boats}
    drawn |= {m.at for m in situation.marks} | set(situation.obstructions) | \
        set(situation.lulls) | {p for m in timeline.moments for _, p in m.cover}
    asked = timeline.moments[situation.ask.after]
    for answer in answers(found):
        text = "\n".join(answer.facts) + answer.decision
        for x, y in re.findall(r"\((\d+), (\d+)\)", text):
            assert (int(x), int(y)) in drawn, (situation.id, x, y)
        first = answer.facts[0]
        for name, heading in re.findall(r"\b([A-Z]) heading ([NESW]{1,2})\b", first):
            assert asked.boat(name).heading.value == heading, (situation.id, first)
        for index, name in re.findall(r"At event (\d+), ([A-Z]) reaches the three-length", text):
            boat = timeline.moments[int(index)].boat(name)
            assert any(in_zone(boat.position, m.at) for m in situation.marks)
        for index, who, point, other in re.findall(
                r"At event (\d+): ([A-Z]) stands on \((\d+, \d+)\), the point ([A-Z]) sails", text):
            moment = timeline.moments[int(index)]
            assert str(moment.boat(who).position) == f"({point})"
            assert str(course_point(moment.boat(other), moment.wind)) == f"({point})"


def test_the_game_umpire_only_speaks_of_moves_the_engine_played():
    for situation in SITUATIONS:
        timeline = verdicts(situation).timeline
        assert len(timeline.moments) == len(situation.events) + 1
        for moment, event in zip(timeline.moments[1:], situation.events, strict=True):
            assert moment.event == event
            if isinstance(event, Turn) and event.to is not None:
                assert moment.boat(event.boat).position == event.to


def test_the_situation_files_are_written_as_the_kit_writes_them():
    """Reading a level file and writing it back gives the same text (so the editor and the
    files agree on the format)."""
    for level, path in FILES.items():
        title, found = situations_from_data(json.loads(path.read_text()))
        assert json_text(quiz_to_data(title, found)) == path.read_text()
        assert all(e.level == level for e, _ in found)
        assert [encounter_to_data(e, x) for e, x in found] == json.loads(
            path.read_text())["situations"]


def test_the_docs_table_is_generated_from_the_situations_and_up_to_date():
    result = subprocess.run([sys.executable, "docs/make_situations_table.py", "--check"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    table = (ROOT / "docs" / "trainer-situations.md").read_text()
    for situation in SITUATIONS:
        assert f"`{situation.id}`" in table
