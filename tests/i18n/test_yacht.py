"""Jacht, Tábornok and Yahtzee in five languages (issue #26): the rule a refusal names is the
same in every language, the board speaks the language it was made in with the rule text's
Hungarian category names, and counts and numbers are written the language's way."""

import html
import re

import numpy as np
import pytest

from sailing_kit import set_language
from sailing_kit.core.cache import CacheRefused, save_array
from sailing_kit.core.errors import ActionError, ConfigError, IllegalAction
from sailing_kit.core.i18n import LANGUAGES, use_language
from sailing_kit.yacht import Board, new_game
from sailing_kit.yacht.position import Position, Score
from sailing_kit.yacht.probability import probability
from sailing_kit.yacht.reviewer import _choice_lines
from sailing_kit.yacht.rules import CATEGORIES, NAMES, RuleSet, rule_set
from sailing_kit.yacht.scorecard import Scorecard
from sailing_kit.yacht.simulate import simulate
from sailing_kit.yacht.solver import build_table, exact_key, optimal_expected_score
from sailing_kit.yacht.table_cache import cached_table, check_table, table_path
from sailing_kit.yacht.values import model_for
from tests.i18n.spoken import assert_same_refusal, raised

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


# ----- options, solver, simulation and table cache: every message through the catalogs --------
OPTION_REFUSALS = {
    "players out of range": (lambda: new_game(players=11), ["'players'", "10", "11"]),
    "unknown rule set": (lambda: new_game(rules="poker"), ["'poker'", "'rules'", "'tabornok'"]),
    "poker points": (lambda: new_game(rules="tabornok", poker_points=50),
                     ["'poker_points'", "30", "40", "50"]),
    "a variant of another rule set": (lambda: new_game(big_general_wins=False),
                                      ["'big_general_wins'", "tabornok"]),
    "joker": (lambda: rule_set("yahtzee", joker="wild"), ["'joker'", "'forced'", "'free'"]),
    "unknown variant": (lambda: rule_set("tabornok", poker_point=40),
                        ["'poker_point'", "'poker_points'"]),
    "too few games": (lambda: simulate("greedy", games=1), ["'games'", "2", "1"]),
    "too many rolls": (lambda: probability("yacht", rolls=4), ["'rolls'", "1", "3", "4"]),
    "unknown strategy": (lambda: simulate("clever"), ["'clever'", "greedy, optimal, random"]),
    "a big general has no points": (lambda: optimal_expected_score("tabornok"),
                                    ["big_general_wins=False", "60"]),
    "no exact Yahtzee": (lambda: optimal_expected_score("yahtzee", exact=True),
                         ["exact=True", "jacht"]),
}


@pytest.mark.parametrize("name", OPTION_REFUSALS)
def test_a_bad_option_refused_in_hungarian_names_the_same_option_and_bound(name):
    act, named = OPTION_REFUSALS[name]
    assert_same_refusal(ConfigError, act, "hu", named)


def test_the_option_refusal_in_english_reads_as_before():
    refused = raised(ConfigError, lambda: new_game(players=11), "en")
    assert str(refused) == "option 'players' must be from 1 to 10, not 11"
    refused = raised(ConfigError, lambda: rule_set("jacht", poker_point=40), "en")
    assert str(refused).startswith("unknown option 'poker_point'. Did you mean 'poker_points'?")
    assert "name" not in str(refused).split("are:")[1]  # the rule set's name is the argument


def test_the_simulations_summary_is_written_the_languages_way():
    english = str(simulate("greedy", games=20, seed=2))
    with use_language("hu"):
        hungarian = str(simulate("greedy", games=20, seed=2))
    assert re.fullmatch(r"greedy: mean \d+\.\d\d ± \d+\.\d\d \(standard error, 20 games\)", english)
    assert re.fullmatch(r"greedy: átlag \d+,\d\d ± \d+,\d\d \(standard hiba, 20 játék\)", hungarian)
    assert hungarian.english == english


def test_a_refused_cached_table_is_told_in_the_language_spoken(tmp_path, monkeypatch):
    monkeypatch.setenv("SAILING_KIT_CACHE", str(tmp_path))
    rules = rule_set("jacht")
    fresh = build_table(rules)
    path = table_path(rules, exact_key(rules))

    def warning(code: str) -> str:
        save_array(path, f"v1 {exact_key(rules)}", fresh)
        path.write_bytes(b"NOTMINE!" + path.read_bytes()[8:])  # another program's file
        with use_language(code), pytest.warns(UserWarning) as warned:
            assert np.array_equal(cached_table(rules, exact_key(rules), build_table), fresh)
        return warned[0].message.args[0]

    english, hungarian = warning("en"), warning("hu")
    assert english == (f"sailing_kit: the cached table {path} was refused (it is not a cache file "
                       "of the kit); solving it again")
    assert hungarian.english == english and str(path) in hungarian
    assert "elutasítva" in hungarian and "nem a készlet gyorsítótárfájlja" in hungarian


def test_a_table_whose_values_do_not_follow_the_equation_is_refused_in_russian():
    rules = rule_set("jacht")
    table = build_table(rules) * 2  # every position checked (all but the full card) wrong
    english = raised(CacheRefused, lambda: check_table(model_for(rules), table), "en")
    russian = raised(CacheRefused, lambda: check_table(model_for(rules), table), "ru")
    assert str(english) == "513 of 513 positions checked do not follow the solver's equation"
    assert str(russian) == "513 из 513 проверенных позиций не следуют уравнению решателя"
    assert russian.english == str(english)
