"""Race the Wind in the kit's languages (issue #26): a refusal names the same rule in every
language, the boards speak the language they were made in, and English stays as it was."""

import html
import re

import pytest

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import set_language, use_language
from sailing_kit.draw.scene import Text
from sailing_kit.race import Board, PointsOfSailBoard, new_drill, new_game
from sailing_kit.race.game import Sail, Spin
from sailing_kit.race.sailing import PointOfSail
from sailing_kit.race.wind import compass_name


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def two_boats():
    return new_game(seed=0, boats=2, course="short", start_procedure=False,
                    positions=[((3, 4), "NE"), ((7, 4), "NW")])


def refusal(action, code: str) -> tuple[IllegalAction, str, str]:
    """The refusal of ``action`` in language ``code``, and the race's JSON and log before and
    after (a refusal changes nothing)."""
    state = two_boats()
    before = state.to_json()
    with use_language(code), pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return refused.value, before, state.to_json()


@pytest.mark.parametrize("action, rule", [(Sail((0, 0), Direction.N), "§2"),
                                          (Spin(True), "§3.4")])
def test_a_refusal_in_hungarian_names_the_same_rule_as_in_english(action, rule):
    english, *_ = refusal(action, "en")
    hungarian, before, after = refusal(action, "hu")
    assert hungarian.english == english.english == str(english)
    assert str(hungarian) != str(english)
    assert rule in str(english) and rule in str(hungarian)
    assert before == after


def test_the_refusal_of_a_move_off_the_rules_reads_hungarian_headings():
    hungarian, *_ = refusal(Sail((0, 0), Direction.N), "hu")
    assert "ÉK" in str(hungarian) and "heading NE" in hungarian.english
    assert str(hungarian).startswith("§2: A nem fejezheti be a körét")


def test_compass_points_and_points_of_sail_are_written_the_language_s_way():
    with use_language("ru"):
        north_east = compass_name(Direction.NE)
        assert (north_east, north_east.english) == ("СВ", "NE")
        assert [p.words for p in PointOfSail][1:] == ["бейдевинд", "галфвинд", "бакштаг",
                                                      "фордевинд"]
    with use_language("fr"):
        assert PointOfSail.CLOSE_HAULED.words == "au près"
        assert PointOfSail.RUN.words.english == PointOfSail.RUN.label == "run"
    assert [p.label for p in PointOfSail] == ["head to wind", "close-hauled", "beam reach",
                                              "broad reach", "run"]


def test_the_race_s_description_and_log_are_translated_and_keep_their_english():
    state = two_boats()
    with use_language("hu"):
        state.apply(state.legal_actions()[0])
        described = str(state)
    assert described.startswith("Szél: É. 8. lépés.")
    assert "élesen a szélben, bal csapás" in described
    assert state.log == [] or all(hasattr(line, "english") for line in state.log)
    assert str(state).startswith("Wind from N. Move 8.")


@pytest.mark.parametrize("rounds, russian", [
    (2, "2 круга прошли, а никто не финишировал"),
    (5, "5 кругов прошли, а никто не финишировал")])
def test_plural_forms_follow_the_language(rounds, russian):
    """Without the start procedure the race begins at move 8, so a short limit is already out."""
    state = new_game(seed=0, boats=2, course="short", start_procedure=False, max_rounds=rounds,
                     positions=[((3, 4), "NE"), ((7, 4), "NW")])
    with use_language("ru"):
        assert state.ended().reason.endswith(russian)
    assert state.ended().reason.endswith(f"the {rounds} rounds ran out before anyone finished")


def texts(scene) -> str:
    return " ".join(shape.text for shape in scene.shapes if isinstance(shape, Text))


def test_the_race_board_made_after_choosing_french_speaks_french():
    set_language("fr")
    board = Board(new_game(seed=11, boats=3, course="short"), bots={1: "easy", 2: "easy"})
    set_language("en")  # the board keeps the language it was made in
    board.refresh()
    labels = {button.description for buttons in board.buttons.values() for button in buttons}
    assert "Annuler" in labels and "Undo" not in labels
    assert [toggle.description for toggle in board.layers.values()] == [
        "points de route", "points de dévent", "zones", "laylines"]
    assert board.place_heading.description == "Orientation"
    assert ("NO", "NW") in board.place_heading.options
    with use_language(board.language):
        drawn = texts(board.scene())
    assert "bouée" in drawn and "comité" in drawn and "Place le bateau A" in drawn
    info = html.unescape(re.sub("<[^>]+>", "", board.info.value))
    assert info.startswith("Place le bateau A (§3.1)")


def test_the_points_of_sail_board_speaks_hungarian():
    set_language("hu")
    board = PointsOfSailBoard(new_drill(seed=0, heading="E", start=(4, 5)))
    set_language("en")
    assert "félszél" in board.info.value.lower()
    labels = {button.description for buttons in board.buttons.values() for button in buttons}
    assert {"Szél", "Hajó", "Dobás", "Vissza", "Újra"} <= labels
    with use_language(board.language):
        assert "félszél, bal csapás" in texts(board.scene())


def race_pictures():
    """The race's pictures in the readability test, with a triangle course and the drill's."""
    from tests.test_pictures_readable import _lessons, _race

    pictures = {**_race(), "triangle": lambda: new_game(seed=0, variant="triangle").scene(),
                "drill": lambda: new_drill(seed=0).scene(),
                "points of sail board": lambda: PointsOfSailBoard(
                    new_drill(seed=0, heading="E", start=(4, 5))).scene()}
    return {**pictures, "points of sail rose": _lessons()["points of sail rose"]}


@pytest.mark.parametrize("code", ["hu", "ru", "bg", "fr"])
def test_the_race_s_words_fit_its_pictures_in_every_language(code):
    """No text runs off the race's pictures in the longer languages (the column beside the
    water holds about 26 letters a line)."""
    from tests.test_pictures_readable import problems

    with use_language(code):
        found = {name: problems(make()) for name, make in race_pictures().items()}
    assert {name: said for name, said in found.items() if said} == {}

