"""Who is who: names compared as a reader would, notebooks matched to a roster by the name they
started with and the file's name, and every doubt flagged, never silently summed."""

from __future__ import annotations

from pathlib import Path

import pytest

from sailing_kit.exercises import names
from sailing_kit.exercises.dice import q1
from sailing_kit.exercises.question import Question
from sailing_kit.grade.scores import Graded, Row
from sailing_kit.grade.students import RosterError, Student, attribute, read_roster


def graded(path: str, started: tuple[str, ...], exercise: str = "03_dice", owner: str = "",
           peeks: tuple[str, ...] = ()) -> Graded:
    name = started[-1] if started else owner
    row = Row(name, path, exercise, "q1", 2.0, 2.0, "right")
    return Graded(path, exercise, owner or Path(path).stem, started, name, peeks, (row,))


def flags_of(rows: list[Row]) -> dict[str, str]:
    return {Path(r.notebook).name: r.flags for r in rows}


@pytest.mark.parametrize("spelling", ["Ana", "ana ", " ANA", "Аna", "Ana\u200b", "Ａna"])
def test_spellings_of_one_name_are_one_key(spelling):
    assert names.key(spelling) == "ana"


def test_look_alikes_are_told_from_case_and_spaces():
    assert names.looks_alike("Ana", "Аna") and names.looks_alike("Ολγα", "Oλγα")
    assert not names.looks_alike("Ana", " ana ") and not names.looks_alike("Ana", "Anna")


def test_a_name_is_cleaned_of_control_characters_and_lone_surrogates():
    assert names.clean("\x1b[2J\x1b[HMal\u202elory\udcff\n") == "[2J [HMal lory"
    assert names.clean(42) == "" and len(names.clean("x" * 1000)) == names.MOST


def test_look_alike_names_draw_the_same_variants():
    assert isinstance(q1, Question)
    assert q1.variant("Аna Kovač") == q1.variant("ana  kovač")


def test_without_a_roster_look_alikes_are_summed_under_one_spelling_and_flagged():
    rows = attribute([graded("a/ana.ipynb", ("Ana",)), graded("b/ana2.ipynb", ("ana",)),
                      graded("c/x.ipynb", ("Аna",), exercise="04_calm"),
                      graded("d/bob.ipynb", ("Bob",), exercise="01_points_of_sail")])
    assert {r.student for r in rows} == {"Ana", "Bob"}
    flags = flags_of(rows)
    assert flags["x.ipynb"] == 'look-alike: wrote "Аna" for "Ana"'
    assert flags["ana.ipynb"] == flags["ana2.ipynb"] == "duplicate: 2 notebooks of 03_dice for this student"
    assert flags["bob.ipynb"] == ""


def test_without_a_roster_a_file_named_for_another_student_is_flagged():
    rows = attribute([graded("bob-03_dice.ipynb", ("Ann",), owner="bob"),
                      graded("x/bob.ipynb", ("Bob",), exercise="04_calm")])
    assert flags_of(rows)["bob-03_dice.ipynb"].startswith("name-differs-from-file: started as "
                                                          "\"Ann\"")


def roster_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_roster_matches_by_name_file_id_and_email(tmp_path):
    roster = read_roster(roster_file(tmp_path, "name,id,email\nAda Lovelace,s1,ada@uni.example\n"
                                               "Bob Stone,s2,bstone@uni.example\n"))
    rows = attribute([graded("ada.ipynb", ("ada lovelace",)),
                      graded("bstone-03_dice.ipynb", (), owner="bstone"),
                      graded("s1-04_calm.ipynb", ("Ada Lovelace",), "04_calm", owner="s1")],
                     roster)
    assert [(r.student, r.student_id, r.flags) for r in rows] == [
        ("Ada Lovelace", "s1", ""), ("Bob Stone", "s2", ""),
        ("Ada Lovelace", "s1", "")]


def test_every_doubt_against_the_roster_is_flagged(tmp_path):
    roster = read_roster(roster_file(tmp_path, "name\nAna Silva\nBob Stone\n"))
    rows = attribute([graded("x/eve.ipynb", ("Eve",)),
                      graded("bob_stone-01_points_of_sail.ipynb", ("Ana Silva",),
                             "01_points_of_sail", owner="bob_stone"),
                      graded("ana-04_calm.ipynb", ("Аna Silva",), "04_calm", owner="ana"),
                      graded("twice.ipynb", ("Bob Stone", "Ana Silva"), "05_trireme"),
                      graded("peek.ipynb", ("Bob Stone",), "02_right_of_way",
                             peeks=("imports sailing_kit.exercises.teacher",))], roster)
    flags = flags_of(rows)
    assert flags["eve.ipynb"] == 'not-on-roster: "Eve"'
    assert flags["bob_stone-01_points_of_sail.ipynb"] == (
        'name-differs-from-file: started as "Ana Silva", the file is "Bob Stone"\'s')
    assert flags["ana-04_calm.ipynb"] == 'look-alike: wrote "Аna Silva" for "Ana Silva"'
    assert flags["twice.ipynb"] == 'second-name: started as "Bob Stone", then "Ana Silva"'
    assert flags["peek.ipynb"] == "answer-api: imports sailing_kit.exercises.teacher"
    assert {r.student for r in rows} == {"Eve", "Ana Silva", "Bob Stone"}


@pytest.mark.parametrize("text, why", [
    ("id,email\ns1,a@b\n", "no column \"name\""), ("name\n", "names no student"),
    ("name\n" + "x\n" * 5001, "more than 5000 students")])
def test_a_roster_that_cannot_be_read_is_refused_with_the_reason(tmp_path, text, why):
    with pytest.raises(RosterError, match=why):
        read_roster(roster_file(tmp_path, text))


def test_a_roster_is_read_with_its_names_cleaned(tmp_path):
    (student,) = read_roster(roster_file(tmp_path, "\ufeffName,ID\n\" =cmd\x07 \",7\n"))
    assert student == Student("=cmd", "7")
