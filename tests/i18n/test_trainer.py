"""The right-of-way trainer in five languages (issue #26): every situation's words and every
question translated, a board made in Hungarian asks, judges and cites the same rules as in
English, refusals keep their English, and the situations' extractor reads only situations."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace

import pytest

from sailing_kit import set_language
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import LANGUAGES, _, use_language
from sailing_kit.locale import PACKAGE
from sailing_kit.locale.situations import extract
from sailing_kit.race.board import RightOfWayTrainer, SituationEditor, SituationTrainer
from sailing_kit.race.committee import answers
from sailing_kit.race.encounter import Turn
from sailing_kit.race.encounter_file import encounter_from_data, encounter_to_data
from sailing_kit.race.quiz import Quiz, library
from sailing_kit.race.scenario import library as scenarios
from sailing_kit.race.verdicts import NO_ONE, Rules, verdicts

OTHERS = [code for code in LANGUAGES if code != "en"]
CITED = re.compile(r"RRS (\d+(?:\.\d+)?(?:\([a-z]\))?)")


def by_id(ident: str):  # type: ignore[no-untyped-def]
    return next(s for s in library() if s.id == ident)


def right_option(quiz: Quiz) -> str:
    value = quiz.verdicts.of(quiz.ruled_by).answer(quiz.current.ask.question)
    return value if isinstance(value, str) else (value[0] if value else NO_ONE)


# ----- the situations' words and the questions ------------------------------------------------------
@pytest.mark.parametrize("code", OTHERS)
def test_every_situation_title_topic_and_note_is_translated(code: str) -> None:
    with use_language(code):
        for situation in library():
            for english in (situation.title, situation.topic, situation.note):
                if english:
                    shown = _(english)
                    assert shown != english and shown.english == english, (situation.id, english)


@pytest.mark.parametrize("code", OTHERS)
def test_every_scenario_title_and_explanation_is_translated(code: str) -> None:
    with use_language(code):
        for scenario in scenarios():
            for english in (scenario.title, scenario.explanation):
                shown = _(english)
                assert shown != english, (scenario.id, english)
                assert re.findall(r"\(\d+, \d+\)", shown) == re.findall(r"\(\d+, \d+\)", english)


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("rules", list(Rules))
def test_every_question_is_asked_in_the_language(code: str, rules: Rules) -> None:
    for situation in library():
        quiz = Quiz([situation], rules=rules)
        english = quiz.question()
        with use_language(code):
            asked = quiz.question()
        assert asked != english and asked.english == english, situation.id
        assert all(name in asked for name in situation.ask.boats)
        assert "keep clear" not in asked and "mark-room" not in asked


@pytest.mark.parametrize("code", OTHERS)
def test_every_why_step_offers_the_same_facts_in_the_language(code: str) -> None:
    """The facts offered for "why" are the English ones, in the same order, true and deciding
    alike, in every language and under both rulebooks."""
    for situation in library():
        for rules in Rules:
            quiz = Quiz([situation], rules=rules)
            quiz.answer(right_option(quiz))
            english = [(r.text, r.true, r.decides) for r in quiz.reasons()]
            with use_language(code):
                translated = [(r.text, r.true, r.decides) for r in quiz.reasons()]
            assert [(t, d) for _text, t, d in translated] == [(t, d) for _text, t, d in english]
            assert sum(d for _text, _true, d in translated) == 1, (situation.id, rules)
            assert all(text != words for (text, _t, _d), (words, _t2, _d2) in
                       zip(translated, english, strict=True)), (situation.id, rules)


def test_the_extractor_reads_each_situations_words_once_with_its_line() -> None:
    folder = PACKAGE / "race" / "situations"
    found = []
    for path in sorted(folder.glob("*.json")):
        with path.open("rb") as file:
            found += [(path.name, *item) for item in extract(file, {}, (), {})]
    wanted = {text for s in library() for text in (s.title, s.topic, s.note) if text}
    assert {message for _name, _line, _func, message, _comments in found} == wanted
    name, line, _func, message, comments = found[0]
    text = (folder / name).read_text(encoding="utf-8").splitlines()
    assert json.dumps(message) in text[line - 1] and comments


@pytest.mark.parametrize("data", [
    b'{"id": "a", "title": "A scenario", "question": ["A", "B"]}',  # no "expected" ruling
    b'{"quiz": "x", "situations": "not a list"}',
    b'[1, 2, 3]',
    b'{"title": "broken',
    b'\xff\xfe not utf-8',
])
def test_the_extractor_yields_nothing_from_other_json(data: bytes) -> None:
    try:
        found = list(extract(io.BytesIO(data), {}, (), {}))
    except UnicodeDecodeError:
        found = []
    assert found == []


# ----- a board made in Hungarian ----------------------------------------------------------------------
def answered_board(ident: str) -> SituationTrainer:
    board = SituationTrainer(Quiz([by_id(ident)], rules="rrs"))
    board.simulate_key("End")
    board.answer(right_option(board.quiz))
    deciding = next(i for i, r in enumerate(board.quiz.reasons()) if r.decides)
    board.simulate_key(str(deciding + 1))
    return board


@pytest.mark.parametrize("ident", ["port-tries-to-cross", "overlapped-at-the-zone",
                                   "no-room-at-the-committee-boat"])
def test_a_board_made_in_hungarian_asks_in_hungarian_and_cites_the_same_rules(ident: str) -> None:
    english = answered_board(ident)
    set_language("hu")
    board = SituationTrainer(Quiz([by_id(ident)], rules="rrs"))
    assert board.play_control.description == "Lejátszás"
    assert {t.description for t in board.overlay_toggles.values()} >= {"átfedés", "zóna"}
    board.simulate_key("End")
    assert "ki köteles most kitérni" in board.question_box.value or \
        "kinek jár most hely a bójánál" in board.question_box.value or \
        "melyik hajót büntetik" in board.question_box.value
    assert "Nyomd meg" in board.status.value or "A kérdés" in board.status.value
    board.answer(right_option(board.quiz))
    reasons = board.quiz.reasons()
    deciding = next(i for i, r in enumerate(reasons) if r.decides)
    board.simulate_key(str(deciding + 1))
    assert "Helyes" in board.feedback.value or "Igen" in board.feedback.value
    assert "Megállapított tények" in board.committee.value
    assert "Facts found" not in board.committee.value
    assert CITED.findall(board.committee.value) == CITED.findall(english.committee.value)
    with use_language("en"):
        english_reasons = Quiz([by_id(ident)], rules="rrs")
        english_reasons.answer(right_option(english_reasons))
        said = [r.text for r in english_reasons.reasons()]
    assert [r.text.english for r in reasons] == said  # type: ignore[attr-defined]  # Text


def test_the_scenario_trainer_made_in_hungarian_asks_and_explains_in_hungarian() -> None:
    set_language("hu")
    board = RightOfWayTrainer(seed=3)
    scenario = board.trainer.current
    assert [label for label, _value in board.level.options] == ["Ki tér ki", "+ melyik szabály"]
    assert "ki köteles kitérni" in board.scene().title and scenario.title not in board.scene().title
    board.answer(scenario.keep_clear)
    assert "Helyes!" in board.status.value
    with use_language("hu"):
        explained = _(scenario.explanation)
    assert board.feedback.value and explained.split(":")[0] in board.feedback.value
    assert board.scene().title == _(scenario.title) != scenario.title


def test_a_board_keeps_its_language_when_the_notebook_changes_it() -> None:
    set_language("hu")
    board = SituationTrainer(Quiz([by_id("port-tries-to-cross"), by_id("port-ducks-starboard")]))
    set_language("en")
    board.simulate_key("n")
    assert board.status.value and "Nyomd meg a Lejátszást" in board.status.value
    assert "Press Play" not in board.status.value


def test_the_summary_names_the_missed_rules_in_the_language() -> None:
    quiz = Quiz([by_id("port-tries-to-cross")], rules="rrs")
    wrong = next(o for o in quiz.options() if o != right_option(quiz))
    quiz.answer(wrong)
    with use_language("fr"):
        summary = str(quiz.summary())
    assert "règle 10 (bâbord s'écarte de tribord)" in summary and "Port tries" not in summary
    assert "Bâbord essaie de passer devant tribord" in summary


# ----- refusals and the umpires' words ----------------------------------------------------------------
def test_a_refused_event_in_hungarian_names_the_same_rule_as_in_english() -> None:
    situation = by_id("port-tries-to-cross")
    first = situation.events[0]
    assert isinstance(first, Turn)
    broken = replace(situation, events=(replace(first, to=(9, 9)), *situation.events[1:]))
    with pytest.raises(ConfigError) as in_english:
        broken.play()
    with use_language("hu"), pytest.raises(ConfigError) as in_hungarian:
        broken.play()
    assert in_hungarian.value.english == str(in_english.value)
    assert str(in_hungarian.value) != str(in_english.value)
    assert "§2:" in str(in_hungarian.value) and "nem fejezheti be" in str(in_hungarian.value)


@pytest.mark.parametrize("code", OTHERS)
def test_a_hostile_situation_file_is_refused_in_the_language_with_its_english(code: str) -> None:
    data = encounter_to_data(by_id("port-tries-to-cross"))
    data["boats"][0]["position"] = [99, 1]
    with pytest.raises(ConfigError) as in_english:
        encounter_from_data(data)
    with use_language(code), pytest.raises(ConfigError) as translated:
        encounter_from_data(data)
    assert translated.value.english == str(in_english.value)
    assert str(translated.value) != str(in_english.value) and "(99, 1)" in str(translated.value)


def test_the_editor_refuses_a_bad_file_in_hungarian_and_changes_nothing() -> None:
    set_language("hu")
    editor = SituationEditor(by_id("port-tries-to-cross"))
    before = editor.draft
    editor.saved.value = '{"id": "x", "boats": 3}'
    editor.load()
    assert editor.draft is before and "Nem tölthető be" in editor.status.value
    assert editor.tools.options[0][0] == "Hajó" and editor.question.description == "Kérdés:"


@pytest.mark.parametrize("code", OTHERS)
def test_the_committee_speaks_the_language_and_english_stays_english(code: str) -> None:
    situation = by_id("overlapped-at-the-zone")
    with use_language(code):
        rrs = answers(verdicts(situation))[1]
        said = rrs.text()
    english_game, english_rrs = answers(verdicts(situation))
    assert english_rrs.text().startswith("Under the Racing Rules of Sailing:")
    assert "Facts found:" in english_game.text()
    assert said != english_rrs.text() and "Facts found" not in said and "Under" not in said
    assert CITED.findall(said) == CITED.findall(english_rrs.text())
    assert [getattr(fact, "english", fact) for fact in rrs.facts] == list(english_rrs.facts)


def test_every_literal_mark_in_the_trainers_code_reaches_the_catalog() -> None:
    """A ``_("...")`` inside an f-string is invisible to the extractor: each mark's literal must
    be in the trainer's catalog (so it is translated)."""
    import ast

    from sailing_kit.locale import TRAINER_FILES
    from sailing_kit.locale.__main__ import read

    catalog = read("hu", "trainer")
    unknown = []
    for place in TRAINER_FILES:
        path = PACKAGE / place
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            marked = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("_", "N_", "n_") and node.args and \
                isinstance(node.args[0], ast.Constant)
            if marked and catalog.get(node.args[0].value) is None:  # type: ignore[attr-defined]  # a Call
                unknown.append((place, node.lineno, node.args[0].value))  # type: ignore[attr-defined]  # a Call
    assert unknown == []


@pytest.mark.parametrize("code", OTHERS)
def test_a_message_shared_with_another_area_reads_as_that_area_has_it(code: str) -> None:
    """The catalogs merge into one per language (the last file wins): a message the trainer
    shares with other areas must read as it would without the trainer's catalog, or the
    trainer would overwrite their words."""
    from sailing_kit.core.i18n import LOCALE_DIR
    from sailing_kit.locale.__main__ import read

    theirs = {m.id: (area, m.string)
              for area in sorted(p.stem for p in (LOCALE_DIR / code).glob("*.po"))
              if area != "trainer" for m in read(code, area) if m.id and m.string}
    differ = [(theirs[m.id][0], m.id) for m in read(code, "trainer")
              if m.id in theirs and m.string != theirs[m.id][1]]
    assert differ == []
