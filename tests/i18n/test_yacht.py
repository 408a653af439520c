"""Jacht, Tábornok and Yahtzee in five languages (issue #26): the rule a refusal names is the
same in every language, the board speaks the language it was made in with the rule text's
Hungarian category names, and counts and numbers are written the language's way."""

import html
import re

import pytest

from sailing_kit import set_language
from sailing_kit.core.errors import ActionError, IllegalAction
from sailing_kit.core.i18n import LANGUAGES, use_language
from sailing_kit.yacht import Board, new_game
from sailing_kit.yacht.position import Position, Score
from sailing_kit.yacht.reviewer import _choice_lines
from sailing_kit.yacht.rules import CATEGORIES, NAMES, RuleSet
from sailing_kit.yacht.scorecard import Scorecard

JACHT_WORDS = ["Egyesek", "Kettesek", "Hármasok", "Négyesek", "Ötösök", "Hatosok", "Jacht",
               "Nagy sor", "Kis sor", "Póker", "Full", "Esély"]
"""The twelve categories as the Hungarian rule text (Családi játékok kincsestára) names them."""
TABORNOK_WORDS = ["Egyesek", "Kettesek", "Hármasok", "Négyesek", "Ötösök", "Hatosok", "Sor",
                  "Full", "Póker", "Tábornok"]


def texts(board: Board) -> list[str]:
    """Every text the board draws on its canvas (in the language it speaks, as its redraws do)."""
    with use_language(board.language):
        svg = board.scene().to_svg()
    return [html.unescape(text) for text in re.findall(r">([^<>]+)</text>", svg)]


def refusal(moves, bad) -> ActionError:
    """The refusal of ``bad`` after ``moves`` in a fresh solitaire game (which it leaves as it was)."""
    state = new_game(seed=3, players=1)
    for move in moves:
        state.apply(move)
    before = state.describe()
    with pytest.raises(ActionError) as refused:
        state.apply(bad)
    assert state.describe() == before  # refused: nothing changed
    return refused.value


FOURTH_ROLL = (["roll", [1, 1, 2, 3, 4], "roll", [5, 6, 6, 6, 6], "roll", [2, 2, 3, 3, 4]],
               "roll")
SIXES_TWICE = (["roll", [6, 6, 6, 2, 1], "sixes", "roll", [6, 6, 5, 5, 1]], "sixes")


@pytest.mark.parametrize("moves, bad", [FOURTH_ROLL, SIXES_TWICE], ids=["fourth roll", "box twice"])
def test_a_refusal_in_hungarian_names_the_same_rule_as_in_english(moves, bad):
    english = refusal(moves, bad)
    set_language("hu")
    hungarian = refusal(moves, bad)
    assert isinstance(hungarian, IllegalAction)
    assert hungarian.english == str(english) == english.english
    assert str(hungarian) != str(english)
    assert "kategóri" in str(hungarian)


def test_the_hungarian_refusal_of_a_box_filled_twice_names_the_box_as_the_text_does():
    set_language("hu")
    refused = refusal(*SIXES_TWICE)
    assert "Hatosok" in str(refused) and "sixes" in refused.english


def test_an_unreadable_category_is_refused_in_the_language_spoken_and_read_in_it_too():
    state = new_game(seed=3, players=1, rules="jacht")
    state.apply("roll")
    state.apply([2, 3, 4, 5, 6])
    with use_language("ru"):
        with pytest.raises(ActionError) as refused:
            state.apply("yahtzee")
        assert "не категория" in str(refused.value)
        assert refused.value.english.startswith("'yahtzee' is not a category of Jacht")
        state.apply("Большой стрейт")  # a category's name in the language spoken is read too
    assert state.cards[0].filled == {"big_straight": 30}


@pytest.mark.parametrize("rules, words", [("jacht", JACHT_WORDS), ("tabornok", TABORNOK_WORDS)])
def test_a_board_made_after_set_language_hu_shows_the_rule_texts_category_names(rules, words):
    set_language("hu")
    board = Board(new_game(seed=1, players=2, rules=rules))
    shown = texts(board)
    assert [text for text in shown if text in words] == words  # in the card's order
    assert board.roll_button.description == "Dobás"
    assert "Kategória" in shown and "Összesen" in shown
    set_language("en")  # the board keeps the language it was made in
    board.roll_button.click()
    assert words[-4] in texts(board)
    assert "Dobás:" in board.status.value


def test_english_stays_as_it_was():
    board = Board(new_game(seed=1, players=2))
    shown = texts(board)
    assert "Big straight (Nagy sor)" in shown and "Ones (Egyesek)" in shown
    assert board.roll_button.description == "Roll"


def test_every_category_has_a_name_in_every_language_and_the_names_are_short():
    """Each name differs per language only where the language has its own word, and fits the
    scorecard's label column (at most 21 characters: 158 px of 12 px text)."""
    rules = {name: RuleSet(name) for name in CATEGORIES}
    for code in LANGUAGES:
        with use_language(code):
            for ruleset in rules.values():
                for category in ruleset.categories:
                    limit = 25 if code == "en" else 21  # English adds the Hungarian name
                    assert 0 < len(ruleset.label(category)) <= limit
    with use_language("ru"):
        assert [rules["yahtzee"].label(c) for c in ("small_straight", "large_straight")] == [
            "Малый стрейт", "Большой стрейт"]
    assert set(NAMES) == {c for names in CATEGORIES.values() for c in names}


@pytest.mark.parametrize("dice, category, points, words", [
    ((1, 2, 2, 5, 5), "ones", 1, "за 1 очко"), ((1, 2, 2, 5, 5), "twos", 4, "за 4 очка"),
    ((1, 2, 2, 5, 5), "fives", 10, "за 10 очков"), ((2, 2, 5, 6, 6), "chance", 21, "за 21 очко")])
def test_russian_counts_take_their_three_forms(dice, category, points, words):
    position = Position(Scorecard(RuleSet("jacht")), dice, 3)
    assert position.categories()[category] == points
    with use_language("ru"):
        assert _choice_lines(position, Score(category))[1] == words
    assert _choice_lines(position, Score(category))[1] == f"for {points} point" + "s" * (points > 1)


def test_the_advisors_numbers_are_written_the_languages_way():
    set_language("hu")
    board = Board(new_game(seed=4, players=1), advisor=True)
    board.roll()
    advice = [text for text in texts(board) if re.fullmatch(r"(★ )?\d+[.,]\d", text)]
    assert advice and all("," in text for text in advice)
    set_language("en")
    board = Board(new_game(seed=4, players=1), advisor=True)
    board.roll()
    assert all("." in text for text in texts(board) if re.fullmatch(r"(★ )?\d+[.,]\d", text))
