"""Calm (Штиль) in five languages (issue #26): a Russian refusal names the same rule as the
English one, a board made after set_language("ru") speaks the Russian original's words, Russian
counts take their three forms, and the board's slot words work in every language."""

import html
import re

import pytest

from sailing_kit import set_language
from sailing_kit.calm import Board, Sea, new_game, simulate, solve
from sailing_kit.calm.board import board_words
from sailing_kit.core.errors import ActionError, ConfigError
from sailing_kit.core.i18n import LANGUAGES, use_language
from sailing_kit.locale.__main__ import read
from tests.calm.deals import FINISH, MONSTER, START, deal, play_all
from tests.i18n.spoken import assert_same_refusal, raised

LADDER = [10, 11, 13, 18, 50, 51, 52, 53, 54, 55, 56, 60, 61, 62, 63, 64, 65, START]
"""One player's deck whose placements cost 0, 1, 2 and then 5 discards (with 4 to spare)."""
SPECIALS = [10, 20, FINISH, MONSTER, 30, 40, 41, 42, 43, 44, START]
"""A hand holding a Finish card and a sea monster from the start."""


def refused(state, move) -> ActionError:
    """The refusal of ``move``, checking it left the game as it was."""
    before = state.describe()
    with pytest.raises(ActionError) as refusal:
        state.apply(move)
    assert state.describe() == before
    return refusal.value


@pytest.mark.parametrize("move, original", [
    ({"discard": ["monster", 10]}, "их НЕОБХОДИМО разыграть"),
    ({"play": "finish"}, "только когда всё море заполнено"),
    ({"play": "monster", "at": [0, 0]}, "морское чудовище уничтожает остров"),
], ids=["monster discarded", "finish too soon", "monster on an empty cell"])
def test_a_refusal_in_russian_names_the_same_rule_as_in_english(move, original):
    english = refused(deal(SPECIALS), move)
    set_language("ru")
    russian = refused(deal(SPECIALS), move)
    assert russian.english == str(english) == english.english
    assert str(russian) != str(english) and original in str(russian)


def test_the_ascending_order_is_refused_with_the_originals_words():
    state = play_all(deal(LADDER), {"play": 11, "at": [0, 1]})
    with use_language("ru"):
        refusal = refused(state, {"play": 10, "at": [0, 2]})
    assert "сетка должна восходить по порядку номеров" in str(refusal)
    assert refusal.english.startswith("the sea must ascend in reading order")


def test_russian_counts_take_their_three_forms():
    state = play_all(deal(LADDER), {"play": 10, "at": [0, 0]}, {"play": 11, "at": [0, 1]})
    with use_language("ru"):
        assert state.expected().endswith("сбрось 1 карту")
    play_all(state, {"discard": [50]}, {"play": 13, "at": [0, 2]})
    with use_language("ru"):
        assert state.expected().endswith("сбрось 2 карты")
    play_all(state, {"discard": [51, 52]})
    with use_language("ru"):
        refusal = refused(state, {"play": 18, "at": [0, 3]})
        assert "останется только 4 карты" in str(refusal)
        assert "5 карт в руке" in state.view(None).describe()
    assert "only 4 cards left" in refusal.english


def texts(board: Board) -> list[str]:
    """Every text the board draws on its canvas, in the language it speaks."""
    with use_language(board.language):
        svg = board.scene().to_svg()
    return [html.unescape(text) for text in re.findall(r">([^<>]+)</text>", svg)]


def test_a_board_made_after_set_language_ru_shows_the_originals_card_words():
    set_language("ru")
    board = Board(deal(SPECIALS, rocks="manual"))
    shown = texts(board)
    for word in ("СТАРТ", "ФИНИШ", "Финиш", "Чудовище", "закрыт острыми рифами", "рифы",
                 "Игрок 1 (ты): твоя рука"):
        assert word in shown, word
    assert {button.description for button in board.buttons["discard"]} == {"Сбросить"}
    set_language("en")  # the board keeps the language it was made in
    board.simulate_key("1")
    assert "Карту 10 можно положить" in board.status.value
    board.simulate_key("3")
    board.simulate_key("f")
    assert "Финиш" in board.status.value and "только когда всё море заполнено" in html.unescape(
        board.status.value)


def test_english_stays_as_it_was():
    board = Board(deal(SPECIALS))
    shown = texts(board)
    assert {"START slot", "FINISH slot", "Finish", "Monster", "Player 1 (you): your hand"} <= set(
        shown)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_board_says_cells_and_rows_by_their_slots_in_every_language(code):
    """The engine names cells ``(row, col)`` and rows by one message ("row 3"); the board says
    them as it numbers them, whatever the language."""
    state = deal(LADDER, rocks="manual")
    with use_language(code):
        closed = board_words(str(refused(state, {"play": 10, "at": [state.rocks, 0]})), 6)
        off_the_sea = board_words(str(refused(state, {"play": 10, "at": [9, 0]})), 6)
        slot = board_words("(9, 0)", 6)
    first = state.rocks * 6 + 1
    assert f"{first}–{first + 5}" in closed and not re.search(r"\(\d+, \d+\)", off_the_sea)
    assert "55" in slot and slot in off_the_sea


# ----- options, the sea, the solver and the simulator: every message through the catalogs -----
OPTION_REFUSALS = {
    "players out of range": (lambda: new_game(players=6), ["'players'", "5", "6"]),
    "one or two monsters": (lambda: new_game(players=2, monsters=2), ["'monsters'", "0, 3, 4", "2"]),
    "removed islands": (lambda: new_game(players=2, removed_islands=3),
                        ["'removed_islands'", "12", "3"]),
    "rocks": (lambda: new_game(players=2, rocks="wild"), ["'rocks'", "'manual'", "'wild'"]),
    "rocks on a low sea": (lambda: new_game(players=2, rows=2, rocks="manual"), ["3"]),
    "decks for other players": (lambda: new_game(players=2, decks=[[1, START]]),
                                ["'players'", "'decks'"]),
    "a deck without its Start": (lambda: deal([1, 2]), ["'decks'", "1"]),
    "an island twice": (lambda: deal([1, START], [1, START]), ["'decks'", "1"]),
    "an unreadable card": (lambda: deal(["x", START]), ["'decks'", "'x'", "80"]),
    "too small a top": (lambda: new_game(players=2, top=30), ["6 x 6", "36", "'top'", "30"]),
    "a descending sea": (lambda: Sea.from_cells({(0, 0): 9, (0, 1): 4}), ["9", "(0, 0)", "4"]),
    "an island that is no number": (lambda: Sea.from_cells({(0, 0): "x"}), ["(0, 0)", "'x'"]),
    "a solver facing chance": (lambda: solve(new_game(players=1, seed=0, rocks="automatic")),
                               ["rocks='manual'"]),
}


@pytest.mark.parametrize("name", OPTION_REFUSALS)
def test_a_bad_option_refused_in_russian_names_the_same_option_and_bound(name):
    act, named = OPTION_REFUSALS[name]
    assert_same_refusal(ConfigError, act, "ru", named)


def test_a_sea_of_one_island_too_few_counts_it_in_russian_forms():
    refusal = raised(ConfigError, lambda: new_game(players=1, rows=1, cols=1, top=1,
                                                    removed_islands=4), "ru")
    assert "нужен 1 остров" in str(refusal)
    assert refusal.english.startswith("a 1 x 1 sea needs 1 island, but")


def test_the_simulations_summary_is_written_the_languages_way():
    english = str(simulate("greedy", players=2, games=5, seed=0, monsters=3))
    with use_language("ru"):
        russian = str(simulate("greedy", players=2, games=5, seed=0, monsters=3))
    assert re.fullmatch(r"greedy, 2 players, monsters=3: won 0 of 5 = 0\.0% \(95% CI 0\.0% to "
                        r"43\.4%\); \d+\.\d cells filled on average", english)
    assert re.fullmatch(r"greedy, 2 игрока, monsters=3: побед 0 из 5 = 0,0% \(95% ДИ от 0,0% "
                        r"до 43,4%\); в среднем заполнено клеток: \d+,\d", russian)
    assert russian.english == english


def test_fr_and_ru_say_tu_and_ty_to_the_student():
    """The register of the calm, yacht and core catalogs: never vous, never вы."""
    formal = {"fr": re.compile(r"\b(vous|votre|vos)\b|\b(?!chez\b|assez\b)\w+ez\b", re.IGNORECASE),
              "ru": re.compile(r"\b(вы|вас|вам|вами|ваш\w*)\b|\w+(ите|йте)\b", re.IGNORECASE)}
    for code, pattern in formal.items():
        for area in ("core", "yacht", "calm"):
            for message in read(code, area):
                forms = [message.string] if isinstance(message.string, str) else message.string
                for form in forms:
                    assert not pattern.search(form or ""), (code, area, form)
