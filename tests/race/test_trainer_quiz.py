"""The right-of-way trainer asks before it tells (issue #12.7), over every scenario shipped.

Until the student answers, the quiz picture may carry only the question, the boats' own lines
(point of sail and tack), the grid's numbers, the boat and mark names, the wind and a "?" on a
light-blue point: nothing else is written, no infringement is circled, and the title that
states the ruling stays hidden (in the picture, its SVG title and the text view). Once
answered, the picture shows why. Free mode shows everything. Every scenario is zoomed so its
boats fill the canvas, which keeps one size that fits a laptop.
"""

import html
import re

import pytest

from sailing_kit.draw import palette
from sailing_kit.draw.scene import Circle, Text
from sailing_kit.race import library
from sailing_kit.race.board import RightOfWayTrainer
from sailing_kit.race.boards.trainer import BOX
from sailing_kit.race.situation import sailing_words
from sailing_kit.race.situation_drawing import TITLE_SIZE
from sailing_kit.race.trainer import Trainer

SCENARIOS = library()
GRID_NUMBER = re.compile(r"\d+")


def quiz(scenario) -> RightOfWayTrainer:
    return RightOfWayTrainer(Trainer([scenario]))


def rings(scene) -> list[Circle]:
    """The infringement rings: unfilled vermillion circles."""
    return [s for s in scene.shapes if isinstance(s, Circle) and s.style.fill is None
            and s.style.stroke == palette.VERMILLION]


def allowed_words(board) -> set[str]:
    """Every text the question may show."""
    situation = board.situation
    words = {"mark", "start", "→?", f"wind from {situation.wind.value}"}
    words |= {b.name for b in situation.boats}
    words |= {f"{b.name}: {sailing_words(b, situation.wind)}" for b in situation.boats}
    return words


def test_there_are_32_scenarios_and_most_titles_state_the_ruling():
    """The reason for the test: most scenario titles name the winner or the rule."""
    assert len(SCENARIOS) == 32
    ruling = re.compile(r"entitled|right of way|frees|penalty|before|counts|beats|inside|"
                        r"faster|takes|prisoner|ignored|stops|ladder|leeward", re.I)
    assert sum(bool(ruling.search(s.title)) for s in SCENARIOS) >= 20


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_the_quiz_picture_gives_nothing_away_before_the_answer(scenario):
    board = quiz(scenario)
    scene = board.scene()
    question = board.question()
    texts = [s.text for s in scene.shapes if isinstance(s, Text)]
    leaks = [t for t in texts if t not in allowed_words(board) and not GRID_NUMBER.fullmatch(t)
             and t not in question]  # the question wraps over lines
    assert leaks == []
    title = [s.text for s in scene.shapes if isinstance(s, Text) and s.size == TITLE_SIZE]
    assert " ".join(title) == question  # the question is asked, in the title's place
    assert not rings(scene) and "!" not in texts
    assert not [t for t in texts if t.startswith("→") and t != "→?"]  # no entitled boat
    assert scene.title == question and scenario.title not in scene.to_svg()
    words = board.describe()
    assert scenario.title not in words and scenario.source not in words
    assert scenario.title not in board.status.value


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_once_answered_the_picture_shows_why(scenario):
    board = quiz(scenario)
    board.answer(scenario.keep_clear)
    scene = board.scene()
    texts = [s.text for s in scene.shapes if isinstance(s, Text)]
    title = [s.text for s in scene.shapes if isinstance(s, Text) and s.size == TITLE_SIZE]
    assert scene.title == scenario.title == " ".join(title)
    assert len(rings(scene)) == len(scenario.infringements())
    for contest in scenario.contests():
        assert f"→{contest.entitled}" in texts
    assert scenario.explanation in html.unescape(board.feedback.value)


def test_free_mode_shows_everything():
    """Free mode is no quiz: the entitled boat is written on the light-blue point at once."""
    scenario = next(s for s in SCENARIOS if s.id == "fig09-free-point-starboard")
    board = quiz(scenario)
    assert "→?" in board.scene().to_svg()
    board.mode.value = True
    assert not board.asking and "→B" in board.scene().to_svg()
    assert "B has right of way" in board.feedback.value


def test_the_next_scenario_is_asked_afresh():
    board = RightOfWayTrainer(seed=0)
    board.answer(board.trainer.current.keep_clear)
    assert not board.asking
    board.children[0].children[1].click()  # Next
    current = board.trainer.current
    assert board.asking and current.title not in board.status.value
    assert board.scene().title == board.question()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_scenario_is_zoomed_onto_its_boats_in_a_canvas_of_one_size(scenario):
    """The canvas keeps its size; the boats, their course points and the marks all lie on the
    grid, well inside the picture and below the header, with cells large enough to click."""
    board = quiz(scenario)
    view, scene = board.view(), board.scene()
    assert (scene.width, scene.height) == BOX == (board.canvas.width, board.canvas.height)
    assert view.cell >= 26
    answered = quiz(scenario)
    answered.answer(scenario.keep_clear)
    assert answered.view() == view  # the answer does not move the boats
    for point in [b.position for b in scenario.boats] + list(scenario.marks):
        assert view.contains(point)
        x, y = view.pixel(point)
        assert 20 <= x <= BOX[0] - 20 and view.top + 10 <= y <= BOX[1] - 10
    header_bottom = max(s.at[1] for s in scene.shapes if isinstance(s, Text) and s.at[1] < view.top)
    assert header_bottom + 8 < view.top + view.margin  # the header never covers the grid
