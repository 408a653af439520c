"""The card regatta in other languages: refusals name the same rule as in English (in the
original's Bulgarian words), and a board made after ``set_language`` speaks that language."""

import html

import pytest

from sailing_kit import set_language
from sailing_kit.core.i18n import use_language
from sailing_kit.draw.scene import Text
from sailing_kit.regatta import EndTurn, Exchange, Sail, new_game
from sailing_kit.regatta.board import Board, example_boards
from sailing_kit.regatta.words import BOLD, CYRILLIC_LETTER, LETTER, fitted_lines
from tests.i18n.spoken import refusal, words
from tests.regatta.positions import race

FAR = ((0, 0), "N")


def test_a_refusal_in_bulgarian_names_the_same_rule_as_in_english():
    state = new_game(seed=0)
    english, bulgarian = refusal(state, EndTurn(), "en"), refusal(state, EndTurn(), "bg")
    assert str(english) == english.english == (
        "a turn is one movement card, or a skip: sail a card, exchange 1 to 3 cards or turn the "
        "yacht")
    assert bulgarian.english == english.english
    assert str(bulgarian) != str(english) and "прескачане" in str(bulgarian)


def test_a_card_refusal_uses_the_originals_card_names():
    state = race(((6, 5), "N"), FAR, hands=[["straight"] * 2, ["straight"] * 2])
    english = refusal(state, Sail("fork", "veer_left"), "en")
    bulgarian = refusal(state, Sail("fork", "veer_left"), "bg")
    assert english.english == bulgarian.english == "you hold no Fork card"
    assert str(bulgarian) == "нямате карта „Вилица“"
    calm = refusal(state, Exchange(("flat_calm",)), "bg")
    assert calm.english == "you cannot exchange what you do not hold: no Flat calm card in your hand"
    assert "Безветрие" in str(calm)


def test_a_blocked_arrow_names_the_same_rule_in_every_language():
    state = race(((10, 11), "N", 1), FAR, hands=[["straight", "trident"], ["straight"] * 2])
    blocked = Sail("trident", "straight")
    english = refusal(state, blocked, "en")
    assert str(english) == ("the straight arrow passes through the red buoy at (10, 13): a "
                            "moving yacht must not touch another yacht or a buoy")
    for code, buoy in (("bg", "червената шамандура"), ("fr", "la bouée rouge"),
                       ("hu", "a piros bója"), ("ru", "красный знак")):
        spoken = refusal(state, blocked, code)
        assert spoken.english == english.english
        assert buoy in str(spoken) and str(spoken) != str(english)


def test_plural_forms_follow_the_language():
    state = new_game(seed=0, players=2)
    with use_language("ru"):
        described = state.describe(viewer=0)
    assert "5 карт в руке" in described  # the many form: 5 карт, not 5 карты
    with use_language("bg"):
        assert "Играч 2" in state.describe(viewer=0)


def test_a_board_made_after_set_language_speaks_bulgarian():
    set_language("bg")
    board = Board(new_game(seed=0, players=2), bots={1: "sensible"})
    labels = {getattr(w, "description", None) for w in _widgets(board)}
    assert {"Край на хода", "Добро управление на яхтата", "Смени", "Нова регата"} <= labels
    drawn = words(board.scene())
    assert "на ход е Играч 1" in drawn and "Купчина 44" in drawn
    deck, hand = board.state.deck, board.state.hand(0)
    shown = {deck.kind(kind).title: deck.kind(kind).shown for kind in hand}
    assert all(title != name and name in drawn for title, name in shown.items())
    assert "Тризъбец" in drawn and "Попътен вятър" in drawn  # this deal's hand


def test_a_board_keeps_the_language_it_was_made_in():
    set_language("fr")
    board = Board(new_game(seed=0, players=2), bots={1: "sensible"})
    set_language("en")
    board.refresh()
    said = html.unescape(board.info.value)
    assert "Joueur 1" in said and "Player 1" not in said
    assert "Player 1" in new_game(seed=0).describe()  # English again outside the board


def _widgets(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


@pytest.mark.parametrize("code", ["ru", "hu", "bg", "fr"])
def test_the_panel_lines_fit_the_table_in_every_language(code):
    """Each line of the panel ends inside the picture, at the letter widths Chromium measures
    for 12-px sans-serif (Cyrillic about 6.9 px, Latin about 6.0, bold 8 % wider)."""
    set_language(code)
    for make in example_boards().values():
        board = make()
        with use_language(board.language):
            scene = board.scene()
        for text in (s for s in scene.shapes if isinstance(s, Text) and s.anchor == "start"):
            cyrillic = any("\u0400" <= letter <= "\u04ff" for letter in text.text)
            letter = (CYRILLIC_LETTER if cyrillic else LETTER) * (BOLD if text.bold else 1)
            assert text.at[0] + letter * len(text.text) <= scene.width + 1, text.text


def test_a_line_too_long_for_the_panel_ends_in_an_ellipsis():
    assert fitted_lines("горе: Добро управление на яхтата", 206) == ["горе: Добро управление на…"]
    assert fitted_lines("top: Nice yacht handling", 206) == ["top: Nice yacht handling"]
    assert len(fitted_lines("Сыграйте карту или пропустите ход (обмен 1–3 карт или поворот "
                            "яхты).", 190, rows=3, bold=True)) == 3
