"""The duel in other languages: refusals name the same rule as in English (in the gamebook's
French words), the news and the panel speak the language, and a board made after
``set_language`` shows its labels in it."""

import re

from sailing_kit import set_language
from sailing_kit.core.compass import Direction
from sailing_kit.core.i18n import use_language
from sailing_kit.trireme import new_game
from sailing_kit.trireme.actions import Die, Sail, Steer
from sailing_kit.trireme.board import Board
from tests.browser.boards import status_detail
from tests.i18n.spoken import refusal, words
from tests.trireme.helpers import lane, play_turn


def test_a_refusal_in_french_names_the_same_rule_as_in_english():
    state = new_game(seed=0)
    english, french = refusal(state, Die(3), "en"), refusal(state, Die(3), "fr")
    assert str(english) == english.english == (
        "choose your heading before rolling ('Vous choisissez votre cap puis vous lancez un dé')")
    assert french.english == english.english
    assert str(french) == ("choisis ton cap avant de lancer (« Vous choisissez votre cap "
                           "puis vous lancez un dé »)")  # tu to the student, the gamebook quoted


def test_a_refusal_with_values_keeps_them_in_every_language():
    state = lane()
    state.apply(Steer(Direction.NW))
    state.apply(Die(3))  # the wind holds from NE: NW is 90° off it, 1 or 2 squares
    english = refusal(state, Sail(3), "en")
    assert "you may sail 1 or 2 squares" in str(english) and str(english).endswith("not 3")
    for code in ("fr", "bg", "hu", "ru"):
        spoken = refusal(state, Sail(3), code)
        assert spoken.english == english.english and str(spoken) != str(english)
        with use_language(code):
            point = Direction.NW.letters  # the point as the language writes it: fr NO, ru СЗ
        assert point in str(spoken) and "90°" in str(spoken) and "3" in str(spoken)
    assert "le cap NO est à 90° du vent du NE" in str(refusal(state, Sail(3), "fr"))


def test_the_news_speaks_french_in_the_gamebooks_words():
    state = lane()
    with use_language("fr"):
        play_turn(state, "N", 2)  # a 2: the wind backs 45°
        news = " ".join(state.news)
        described = state.describe()
    assert "le vent tourne de 45° dans le sens inverse des aiguilles d'une montre" in news
    assert "Vent du N" in described and "points d'Honneur" in described
    assert "pas encore fait le tour des roches noires" in described
    with use_language("en"):
        assert "Wind from N" in state.describe()


def test_a_crash_is_told_in_french():
    state = lane()
    with use_language("fr"):
        play_turn(state, "S", 3, 1)  # off the south edge
    assert state.is_over()
    assert state.news[-1].english.startswith("Crash! You crashed: your course left the map")
    assert state.news[-1].startswith("Naufrage ! Tu t'écrases : ta route sort de la carte")


def test_a_board_made_after_set_language_speaks_french():
    set_language("fr")
    board = Board(new_game(seed=0))
    labels = {getattr(w, "description", None) for w in _widgets(board)}
    assert {"Lancer", "Honneur +1", "Conseiller", "Barreur", "Nouvelle partie"} <= labels
    drawn = words(board.scene())
    assert "Tour 1 · à toi" in drawn and "Honneur : 3" in drawn
    assert "ton bateau à voile" in drawn and "ligne de départ et d'arrivée" in drawn
    set_language("en")
    board.simulate_key("w")  # the board keeps French for its own events
    assert status_detail(board).startswith("Cap N : 1 case si le vent du NE tient.")


def test_a_russian_board_fits_its_panel():
    set_language("ru")
    board = Board(new_game(seed=0))
    drawn = words(board.scene())
    assert "Честь: 3" in drawn and "Ход 1 · твой ход" in drawn
    longest = max(len(line) for line in re.findall(r">([^<]*)</text>", board.scene().to_svg()))
    assert longest <= 40  # panel lines are wrapped or short: 232 px hold about 38 characters


def _widgets(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)
