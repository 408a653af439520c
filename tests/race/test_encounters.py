"""Encounters (issue #24): played by the race engine, frames that follow its tracks, JSON read
strictly and written back."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.race import new_practice
from sailing_kit.race.actions import Sail
from sailing_kit.race.encounter import Shift, Turn, play
from sailing_kit.race.encounter_file import (
    MAX_BYTES,
    encounter_from_data,
    encounter_to_data,
    json_text,
    read_json_file,
    situations_from_data,
)
from sailing_kit.race.quiz import Quiz, library

SITUATIONS = library()


def by_id(ident):
    return next(s for s in SITUATIONS if s.id == ident)


def data_of(ident):
    return encounter_to_data(by_id(ident))


# ----- the engine's tracks ------------------------------------------------------------------------
@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_the_frames_follow_the_engines_track_move_by_move(situation):
    """Each sailing turn is one frame per movement or manoeuvre of the engine's TurnOption: the
    mover's positions are the option's path, in order, and the last frame of each moment is
    the moment itself; a frame moves only the boat whose turn it is."""
    timeline = situation.play()
    assert timeline.frames[0].boats == situation.boats
    for moment in timeline.moments[1:]:
        frames = [f for f in timeline.frames if f.moment == moment.index]
        assert frames[-1].boats == moment.boats and frames[-1].wind == moment.wind
        previous = timeline.moments[moment.index - 1]
        if moment.option is None:
            assert len(frames) == 1
            continue
        mover = moment.mover
        assert len(frames) == len(moment.option.moves)
        travelled = [f.boats for f in frames]
        path = [b.position for boats in travelled for b in boats if b.name == mover]
        moved = [p for i, p in enumerate(path) if p != ([previous.boat(mover).position] +
                                                        path)[i]]
        assert tuple(moved) == moment.option.path
        for boats in travelled:
            assert [b for b in boats if b.name != mover] == \
                [b for b in previous.boats if b.name != mover]


def _practice_ready(situation):
    return (not situation.obstructions and not situation.lulls and situation.line is None
            and not situation.cover and situation.names == tuple("ABCDE"[:len(situation.boats)])
            and all(isinstance(e, Turn) and e.to is not None and not e.hail and not e.reply
                    for e in situation.events))


PRACTICE = [s for s in SITUATIONS if _practice_ready(s)]


@pytest.mark.parametrize("situation", PRACTICE, ids=lambda s: s.id)
def test_the_same_moves_in_the_race_engine_give_the_same_tracks_and_penalties(situation):
    """Where a situation is an open-water practice race (no obstruction, lull, line or cover),
    the race engine itself (RaceState) accepts the same Sail actions, ends in the same places
    and its umpire penalises the same boats."""
    race = new_practice(boats=[(b.name, b.position, b.heading.value) for b in situation.boats],
                        width=40, height=60, marks=[m.at for m in situation.marks],
                        finish_row=None, umpire=True, wind=situation.wind.value)
    for event in situation.events:
        race.apply(Sail(event.to, event.heading))
    timeline = situation.play()
    assert race.boats == timeline.moments[-1].boats
    owed = {b.name for b in race.boats if race.umpire.owes(b.name)}
    assert owed == set(timeline.penalised)


def test_the_practice_comparison_covers_many_situations():
    assert len(PRACTICE) >= 18


def test_an_event_the_engine_refuses_names_the_event_and_the_rule():
    data = data_of("port-tries-to-cross")
    data["events"][0] = {"boat": "A", "to": [5, 5], "heading": "NE"}
    with pytest.raises(ConfigError, match=r"event 1 .*§2: A cannot end its turn at \(5, 5\)"):
        encounter_from_data(data)
    data = data_of("port-tries-to-cross")
    data["events"][0]["boat"] = "B"
    with pytest.raises(ConfigError, match="it is A's turn"):
        encounter_from_data(data)


def test_a_wind_shift_and_a_becalmed_wait_are_events_of_the_engine():
    shifted = by_id("wind-shift-makes-an-engagement").play()
    assert isinstance(shifted.moments[1].event, Shift)
    assert shifted.moments[1].wind is Direction.NW and shifted.penalised == ("A",)
    lull = by_id("lull-stops-the-boat-ahead").play()
    assert "becalmed" in lull.moments[1].said[0] and lull.moments[3].event.wait
    data = data_of("port-tries-to-cross")
    data["events"][0] = {"boat": "A", "wait": True}
    with pytest.raises(ConfigError, match="compulsory to complete your move"):
        encounter_from_data(data)


# ----- JSON ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_json_round_trip(situation):
    data = json.loads(json_text(encounter_to_data(situation)))
    again, expect = encounter_from_data(data)
    assert again == situation and expect == {}


def test_quiz_files_round_trip(tmp_path):
    quiz = Quiz(level=2, title="Marks and lulls")
    path = tmp_path / "marks.json"
    quiz.save(path)
    again = Quiz.load(path, level=2)
    assert again.title == "Marks and lulls" and list(again.situations) == list(quiz.situations)
    single = tmp_path / "one.json"
    single.write_text(json_text(encounter_to_data(by_id("first-to-the-zone"))))
    assert [s.id for s in Quiz.load(single).situations] == ["first-to-the-zone"]


REFUSALS = [
    ("not a situation", 3, "a situation is a JSON object"),
    ("missing", {"id": "x"}, "missing"),
    ("unknown key", {"extra": 1}, "unknown"),
    ("bad level", {"level": 4}, "'level' is a whole number from 1 to 3"),
    ("level as text", {"level": "1"}, "'level' is a whole number"),
    ("off the board", {"boats": [{"name": "A", "position": [40, 1], "heading": "NE"},
                                 {"name": "B", "position": [6, 1], "heading": "NW"}]},
     "off the board"),
    ("two pieces on one point", {"marks": [{"at": [2, 1]}]}, "two pieces on one point"),
    ("decimal point", {"boats": [{"name": "A", "position": [2.0, 1], "heading": "NE"},
                                 {"name": "B", "position": [6, 1], "heading": "NW"}]},
     "whole numbers"),
    ("bad heading", {"wind": "NNE"}, "not a compass direction"),
    ("ask after the end", {"ask": {"question": "keep_clear", "after": 9, "boats": ["A", "B"]}},
     "'after'"),
    ("ask a stranger", {"ask": {"question": "keep_clear", "after": 1, "boats": ["A", "Z"]}},
     "none of the boats"),
    ("penalised asked early", {"ask": {"question": "penalised", "after": 1,
                                       "boats": ["A", "B"]}}, "once every event is played"),
    ("wrong expectation", {"expect": {"rrs": {"keep_clear": "B"}}},
     "the file expects 'B'"),
    ("unknown rulebook", {"expect": {"fleet": {}}}, "'expect' holds 'race' and 'rrs'"),
    ("too many events", {"events": [{"boat": "A", "wait": True}] * 41}, "0 to 40 items"),
    ("an event of no kind", {"events": [{"boat": "A"}]}, "either sails"),
    ("a start without a line", {"start_move": 3}, "needs its starting 'line'"),
]


@pytest.mark.parametrize("what, change, message", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_malformed_situation_is_refused_with_a_clear_error(what, change, message):
    data = data_of("port-tries-to-cross") if isinstance(change, dict) else change
    if isinstance(change, dict):
        data = {**data, **change}
        if "id" in change and len(change) == 1:
            data = change
    with pytest.raises(ConfigError, match=message):
        encounter_from_data(data)


def test_files_are_bounded_before_they_are_parsed(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(ConfigError, match="at most 1,000,000"):
        read_json_file(big, "a file of situations")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100 + "]" * 100)
    with pytest.raises(ConfigError, match="nested"):
        Quiz.load(deep)
    not_utf8 = tmp_path / "latin.json"
    not_utf8.write_bytes(b'{"quiz": "\xe9"}')
    with pytest.raises(ConfigError, match="not UTF-8"):
        Quiz.load(not_utf8)
    with pytest.raises(ConfigError, match="cannot read"):
        Quiz.load(tmp_path / "missing.json")


def test_a_quiz_file_is_checked_whole_and_refused_whole(tmp_path):
    good = encounter_to_data(by_id("port-tries-to-cross"))
    bad = {**encounter_to_data(by_id("port-ducks-starboard")), "level": 9}
    path = tmp_path / "quiz.json"
    path.write_text(json.dumps({"quiz": "mine", "situations": [good, bad]}))
    with pytest.raises(ConfigError, match="port-ducks-starboard"):
        Quiz.load(path)
    path.write_text(json.dumps({"quiz": "mine", "situations": [good, good]}))
    with pytest.raises(ConfigError, match="share the id"):
        Quiz.load(path)
    path.write_text(json.dumps({"quiz": "mine", "situations": [good] * 201}))
    with pytest.raises(ConfigError, match="1 to 200 items"):
        Quiz.load(path)
    path.write_text(json.dumps({"quiz": "mine", "situations": [good], "extra": 1}))
    with pytest.raises(ConfigError, match="a quiz file is"):
        situations_from_data(json.loads(path.read_text()))


def test_a_turn_the_boats_cannot_take_together_is_refused():
    """The engine keeps each boat off the others' intersections and off marks."""
    situation = by_id("inside-to-windward-at-the-zone")
    crash = replace(situation, events=(Turn("B", (4, 5), Direction.S),))
    with pytest.raises(ConfigError, match="cannot end its turn"):
        play(crash)


@pytest.mark.parametrize("situation", SITUATIONS[:8], ids=lambda s: s.id)
def test_every_frame_names_each_boat_as_a_piece_where_the_engine_put_it(situation):
    """The painter glides a boat between frames only if the frames name it as one piece (issue
    #24.2): every frame has a piece per boat, centred on the boat's grid point."""
    from sailing_kit.race.encounter_drawing import Board, frame_scene
    from sailing_kit.race.verdicts import verdicts

    found = verdicts(situation)
    timeline = found.timeline
    board = Board.fitted(timeline, (460, 460))
    for number, frame in enumerate(timeline.frames):
        scene = frame_scene(timeline, found.record, board, number)
        pieces = {piece.key: piece for piece in scene.pieces}
        assert set(pieces) == {f"boat:{boat.name}" for boat in frame.boats}
        for boat in frame.boats:
            piece = pieces[f"boat:{boat.name}"]
            xs = [x for shape in scene.shapes[piece.first:piece.end]
                  for x, _ in getattr(shape, "points", ())]
            x, _ = board.view.pixel(boat.position)
            assert xs and min(xs) - 1 <= x <= max(xs) + 1


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_who_keeps_clear_is_written_clear_of_every_hull(situation):
    """After the answer, "A keeps clear (RRS 10)" is written above (or below) the boats, never
    over a hull: at the question's frame, its words' box misses every boat's."""
    from sailing_kit.draw.scene import Text
    from sailing_kit.race.encounter_drawing import LETTER, Board, frame_scene
    from sailing_kit.race.verdicts import verdicts

    found = verdicts(situation)
    timeline = found.timeline
    board = Board.fitted(timeline, (460, 460))
    frame = timeline.frame_of(situation.ask.after)
    scene = frame_scene(timeline, found.record, board, frame, overlays=("keep_clear",),
                        reveal=True)
    said = [s for s in scene.shapes if isinstance(s, Text) and "keeps clear (RRS" in s.text]
    assert len(said) == 1
    words = said[0]
    half = LETTER * words.size * len(words.text) / 2
    left, right, top, bottom = (words.at[0] - half, words.at[0] + half,
                                words.at[1] - words.size, words.at[1] + 0.3 * words.size)
    hull = 0.45 * board.view.cell
    for boat in timeline.frames[frame].boats:
        x, y = board.view.pixel(boat.position)
        assert right < x - hull or left > x + hull or bottom < y - hull or top > y + hull, \
            (boat.name, words.text)
