"""The animated trainer and the situation editor (issue #24.2, .4, .5), driven as a student
would: the timeline, the question at its moment, nothing shown before the answer, overlays,
editing by mouse, touch and keyboard, strict loading."""

from __future__ import annotations

import json

import pytest

from sailing_kit.exercises.attempts import Attempt
from sailing_kit.race.board import SituationEditor, SituationTrainer, situations_app
from sailing_kit.race.encounter_file import encounter_to_data, json_text
from sailing_kit.race.quiz import Quiz, library
from sailing_kit.race.verdicts import NO_ONE, verdicts


def by_id(ident):
    return next(s for s in library() if s.id == ident)


def trainer_for(ident, rules="race", **kw):
    return SituationTrainer(Quiz([by_id(ident)], rules=rules), **kw)


def right_option(board):
    value = board.quiz.verdicts.of(board.quiz.ruled_by).answer(board.quiz.current.ask.question)
    return value if isinstance(value, str) else (value[0] if value else NO_ONE)


def wrong_option(board):
    return next(o for o in board.quiz.options() if o != right_option(board))


def texts(board):
    return " ".join(s.text for s in board.scene().shapes if hasattr(s, "text"))


# ----- the timeline -------------------------------------------------------------------------------
def test_the_timeline_plays_frame_by_frame_and_stops_at_the_question():
    board = trainer_for("port-tries-to-cross")
    assert board.frame == 0 and board.slider.max == board.ask_frame
    assert not board.answers.children  # no answering before the moment
    board.simulate_key("ArrowRight")
    assert board.frame == 1
    board.simulate_key("End")
    assert board.frame == board.ask_frame and [b.description for b in board.answers.children]
    board.simulate_key("ArrowRight")  # the future stays hidden until the answer
    assert board.frame == board.ask_frame and "Answer the question first" in board.status.value
    board.simulate_key("ArrowLeft")
    assert board.frame == board.ask_frame - 1
    board.simulate_key("Home")
    assert board.frame == 0


def test_each_frame_is_the_engines_frame():
    board = trainer_for("port-ducks-starboard")
    for frame in range(board.slider.max + 1):
        board.show_frame(frame)
        shown = board.timeline.frames[frame]
        assert board.frame == frame and shown.caption in texts(board)


def test_playing_ends_at_the_question_until_it_is_answered():
    """The Play control's end is the question's frame (the browser stops it there); once the
    answer is right the end is the situation's last frame."""
    board = trainer_for("port-tries-to-cross")
    assert board.play_control.max == board.ask_frame < len(board.timeline.frames) - 1
    board.slider.value = board.ask_frame  # the browser's Play ticks the slider
    assert "The question" in board.status.value
    board.answer(right_option(board))
    assert board.play_control.max == board.slider.max == len(board.timeline.frames) - 1


def test_the_next_situation_starts_from_its_first_frame_on_play_and_slider_alike():
    """Play and the slider are linked in the page: Play is put back to 0 before its end moves
    (an old value past the new end, clamped there, would jump the next situation to its
    question)."""
    board = SituationTrainer(Quiz([by_id("port-tries-to-cross"), by_id("free-point-leeward")]))
    board.play_control.value = board.slider.value = board.ask_frame
    board.answer(right_option(board))
    board.play_control.value = board.slider.value = board.slider.max  # played to the end
    changes = []
    board.play_control.observe(lambda change: changes.append((change.name, change.new)),
                               names=["value", "max"])
    board.next_situation()
    assert board.frame == board.play_control.value == board.slider.value == 0
    assert changes[0] == ("value", 0) and ("max", board.ask_frame) in changes
    assert "Press Play" in board.status.value


def test_space_and_a_tap_play_and_pause_and_replay_starts_again():
    board = trainer_for("port-tries-to-cross")
    board.simulate_key(" ")
    assert board.play_control.playing
    board.simulate_key(" ")
    assert not board.play_control.playing
    board.simulate_key("End")
    board.answer(right_option(board))
    board.simulate_key("End")
    board.simulate_key("r")
    assert board.frame == 0 and board.play_control.playing


# ----- the question ---------------------------------------------------------------------------------
@pytest.mark.parametrize("situation", library(), ids=lambda s: s.id)
def test_nothing_of_the_answer_shows_before_the_answer(situation):
    """While asking: a neutral title, no umpire's words, no 'keeps clear', no incident ring —
    even with every overlay switched on."""
    board = SituationTrainer(Quiz([situation]))
    for toggle in board.overlay_toggles.values():
        toggle.value = True
    board.simulate_key("End")
    words = texts(board) + board.scene().title
    assert situation.title not in words and "keeps clear" not in words
    assert "Umpire" not in words and "penalty to" not in words.lower()
    assert "infring" not in words and "broke" not in words
    assert board.committee.value == "" and not board.reasons.children


def test_answer_wrong_retry_then_why_then_the_committee():
    board = trainer_for("port-tries-to-cross", rules="rrs")
    board.simulate_key("End")
    board.answer(wrong_option(board))
    assert "try again" in board.feedback.value and board.quiz.score == "0 of 1"
    board.answer(right_option(board))
    assert board.quiz.solved and board.slider.max == len(board.timeline.frames) - 1
    assert board.reasons.children and "Facts found" in board.committee.value
    assert "Rules that apply" in board.committee.value and "Decision" in board.committee.value
    reasons = board.quiz.reasons()
    deciding = next(i for i, r in enumerate(reasons) if r.decides)
    board.simulate_key(str(deciding + 1))
    assert "Correct" in board.feedback.value and not board.reasons.children
    assert board.scene().title == by_id("port-tries-to-cross").title


def test_clicking_a_boat_at_the_question_answers():
    board = trainer_for("port-tries-to-cross")
    board.simulate_key("End")
    boat = board.timeline.frames[board.frame].boats[0]
    board.simulate_click(*board.board.view.pixel(boat.position))
    assert board.quiz.first_answers


def test_where_the_rulebooks_differ_the_answer_says_so_and_shows_both():
    board = trainer_for("mainsail-decides-the-tack")
    board.simulate_key("End")
    board.answer(right_option(board))
    assert "decide differently" in board.committee.value
    assert "Race the wind" in board.committee.value and \
        "The racing rules of sailing" in board.committee.value


def test_overlays_switch_on_and_off_and_keep_clear_waits_for_the_answer():
    board = trainer_for("inside-to-windward-at-the-zone")
    board.simulate_key("End")
    before = len(board.scene().shapes)
    board.simulate_key("z")
    assert board.overlay_toggles["zone"].value and len(board.scene().shapes) > before
    board.simulate_key("o")
    assert "A abeam" in texts(board)
    board.simulate_key("k")
    assert "keeps clear" not in texts(board)
    board.answer(right_option(board))
    assert "keeps clear" in texts(board)
    board.simulate_key("z")
    assert not board.overlay_toggles["zone"].value


def test_summary_links_a_missed_rule_to_a_situation_to_learn_from():
    board = SituationTrainer(Quiz([by_id("port-tries-to-cross"), by_id("overtaking-to-leeward")],
                                  rules="rrs"))
    for _ in range(2):
        board.simulate_key("End")
        board.answer(wrong_option(board))
        board.next_situation()
    board.show_summary()
    assert "Rules missed" in board.feedback.value
    learn = board.learn_box.children[0]
    learn.click()
    assert board.review is not None and not board.asking
    board.simulate_key("End")
    assert board.committee.value  # learning shows the answer
    board.reasons.children[0].click()
    assert board.review is None


def test_first_answers_are_reported_for_class_mode():
    seen: list[Attempt] = []
    board = trainer_for("port-tries-to-cross", student="Ada", report=seen.append)
    board.simulate_key("End")
    board.answer(wrong_option(board))
    board.answer(right_option(board))
    board.explain(0)
    assert [(a.question, a.ok) for a in seen][:1] == [("port-tries-to-cross", False)]
    assert seen[1].question == "port-tries-to-cross/why" and len(seen) == 2
    assert all(a.student == "Ada" and a.notebook.startswith("trainer:") for a in seen)


def test_the_app_and_a_teachers_file(tmp_path):
    app = situations_app()
    assert isinstance(app.board, SituationTrainer) and app.board.quiz.level == 1
    path = tmp_path / "quiz.json"
    Quiz([by_id("first-to-the-zone")], title="Zones").save(path)
    board = SituationTrainer.from_file(str(path), rules="rrs")
    assert board.quiz.title == "Zones" and board.quiz.ruled_by.value == "rrs"


# ----- the editor -----------------------------------------------------------------------------------
def test_the_editor_places_and_moves_pieces_with_the_mouse():
    editor = SituationEditor()
    view = editor.board.view
    editor.use("mark")
    editor.simulate_click(*view.pixel((6, 6)))
    assert editor.draft.marks[0].at == (6, 6)
    editor.simulate_drag(view.pixel((6, 6)), view.pixel((5, 7)))
    assert editor.draft.marks[0].at == (5, 7)
    editor.use("boat")
    boat = editor.draft.boats[0]
    editor.simulate_click(*editor.board.view.pixel(boat.position))
    assert editor.selected == "A"
    editor.simulate_key("e")
    assert editor.draft.boats[0].heading is not boat.heading


def test_the_editor_draws_tracks_move_by_move_and_the_umpires_rule_at_once():
    editor = SituationEditor(by_id("port-tries-to-cross"))
    editor.use("moves")
    for _ in range(3):
        editor.simulate_key("u")
    assert editor.draft.events == ()
    # sail A to each end of one intersection in turn, by touch: tap its numbered marker
    from sailing_kit.race.drawing import option_marker

    here = [e for e in editor.ends if e.position == editor.draft.boats[0].position]
    assert len(here) >= 2  # manoeuvres on the spot: their markers stand apart
    for end in here:
        editor.simulate_click(*option_marker(editor.board.view, end))
        assert (editor.draft.events[0].to, editor.draft.events[0].heading) == \
            (end.position, end.heading)
        editor.simulate_key("u")
    end = editor.ends[0]
    editor.simulate_click(*option_marker(editor.board.view, end))
    assert editor.draft.events[0].to == end.position
    assert "Facts found" in editor.verdict.value


def test_the_editor_works_by_keyboard_alone(tmp_path):
    editor = SituationEditor()
    editor.simulate_key("m")
    for key in ("ArrowUp", "ArrowUp", "ArrowRight", "Enter"):
        editor.simulate_key(key)
    assert editor.draft.marks[0].at == (4, 5)
    editor.simulate_key("p")
    assert editor.draft.marks[0].leave.value == "starboard"
    editor.simulate_key("Enter")  # pick up the mark
    editor.simulate_key("ArrowRight")
    editor.simulate_key("Enter")  # put it down
    assert editor.draft.marks[0].at == (5, 5)
    editor.simulate_key("v")
    editor.simulate_key("ArrowRight")
    editor.simulate_key("Enter")
    assert len(editor.draft.events) == 1
    editor.simulate_key("s")
    saved = json.loads(editor.saved.value)
    assert saved["marks"] == [{"at": [5, 5], "leave": "starboard"}]
    again = SituationEditor()
    again.saved.value = editor.saved.value
    again.load()
    assert again.draft == editor.draft


def test_a_refused_edit_or_load_changes_nothing():
    editor = SituationEditor(by_id("port-tries-to-cross"))
    before = editor.draft
    editor.use("boat")
    editor.cursor = before.boats[0].position
    editor.remove()  # only two boats
    assert editor.draft is before and "at least two boats" in editor.status.value
    for text in ("not json", json.dumps({"id": "x"}), json.dumps([1] * 5),
                 json_text({**encounter_to_data(before), "wind": "NNW"}),
                 json_text({**encounter_to_data(before),
                            "events": [{"boat": "A", "to": [9, 9], "heading": "NE"}]})):
        editor.saved.value = text
        editor.load()
        assert editor.draft is before and "Cannot load" in editor.status.value
    editor.use("moves")
    editor.sail(99)
    assert editor.draft is before


def test_a_teacher_collects_situations_into_a_quiz_file(tmp_path):
    editor = SituationEditor(by_id("port-tries-to-cross"))
    editor.add_to_quiz()
    editor.title_box.value = "Port and starboard again"
    editor.add_to_quiz()
    editor.save_quiz("Two of mine")
    path = tmp_path / "mine.json"
    path.write_text(editor.saved.value)
    quiz = Quiz.load(path)
    assert quiz.title == "Two of mine" and len(quiz.order) == 2
    assert {s.title for s in quiz.order} == {"Port tries to cross ahead of starboard",
                                             "Port and starboard again"}
    assert all(verdicts(s) for s in quiz.order)


@pytest.mark.parametrize("situation", library()[::8], ids=lambda s: s.id)
def test_every_text_is_readable_and_inside_the_picture_with_every_overlay(situation):
    from tests.test_pictures_readable import problems

    board = SituationTrainer(Quiz([situation]))
    for toggle in board.overlay_toggles.values():
        toggle.value = True
    board.simulate_key("End")
    ask = board.frame
    board.answer(right_option(board))
    for frame in (0, ask, board.slider.max):
        board.show_frame(frame)
        assert problems(board.scene()) == [], (situation.id, frame)
