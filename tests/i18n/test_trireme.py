"""The duel in other languages: refusals name the same rule as in English (in the gamebook's
French words), the news and the panel speak the language, and a board made after
``set_language`` shows its labels in it."""

import re

import pytest

from sailing_kit import set_language
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import UnreadableAction
from sailing_kit.core.i18n import _, use_language
from sailing_kit.draw.scene import Text
from sailing_kit.locale.__main__ import read
from sailing_kit.trireme import Simulation, bots, new_game, simulate
from sailing_kit.trireme.actions import Die, Sail, Steer
from sailing_kit.trireme.board import Board
from sailing_kit.trireme.drawing import boat_letters
from sailing_kit.trireme.maps import edge_map, parse_map
from sailing_kit.trireme.solver import TooBigToSolve, check_size
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


LETTERS = {"en": ("S", "T"), "bg": ("П", "Т"), "fr": ("B", "T"), "hu": ("V", "T"),
           "ru": ("П", "Т")}
"""The boats' letters: each language's initials of its words for the two boats (French: the
gamebook's "bateau à voile" and "trière")."""


def test_the_boats_carry_the_letters_of_the_language_and_the_legend_says_what_they_are():
    state = new_game(seed=0)
    for code, (sailboat, trireme) in LETTERS.items():
        with use_language(code):
            assert boat_letters() == (sailboat, trireme)
            scene = state.scene()
            legend = [_("your sailboat"), _("the trireme (dots: its line)")]
        letters = [s.text for s in scene.shapes if isinstance(s, Text) and s.bold]
        assert letters.count(sailboat) == 2 and letters.count(trireme) == 2, code  # boat, legend
        said = words(scene)
        assert all(entry in said for entry in legend), code
        if code != "en":
            assert "S" not in letters
    with use_language("fr"):
        assert "ton bateau à voile" in words(state.scene())


def test_the_simulation_summary_speaks_the_language():
    helmsman = bots.make("pilot")
    result = simulate(helmsman, games=3, seed=1)
    english = str(result)
    assert english.startswith("3 games: won ") and "lost to the trireme" in english
    with use_language("fr"):
        french = str(result)
    assert french.startswith("3 parties : gagnées ") and "perdues contre la trière" in french
    with use_language("ru"):
        assert str(result).startswith("3 партии: побед ")
    assert str(Simulation(1, 1, 0, 0)).startswith("1 game: won 1 (100.0% ± 0.0)")


def test_the_solvers_limit_is_told_in_the_language_spoken():
    sea = parse_map(edge_map(40))
    with pytest.raises(TooBigToSolve) as english:
        check_size(sea, 20)
    with use_language("ru"), pytest.raises(TooBigToSolve) as russian:
        check_size(sea, 20)
    assert str(english.value).startswith("the optimal helmsman solves tables of at most 25,000,000")
    assert russian.value.english.startswith("the optimal helmsman solves tables of at most ")
    assert "идеальный рулевой" in str(russian.value) and "очков Чести" in str(russian.value)


def test_a_readers_refusal_is_told_in_french():
    state = new_game(seed=0)
    with use_language("fr"), pytest.raises(UnreadableAction) as refused:
        state.apply({"heading": "N", "honour": "oui"})
    assert "si tu perds un point d'Honneur" in str(refused.value)
    assert "whether to spend an Honour point" in refused.value.english


def test_the_student_is_tu_ty_and_ti_outside_the_originals_quotes():
    """The register (#26): the student is "tu", "ты" and "ти"; a quote of the original rules
    keeps its "vous"."""
    formal = {"fr": re.compile(r"\b(vous|votre|vos)\b", re.IGNORECASE),
              "ru": re.compile(r"\b(вы|вас|вам|ваш\w*)\b", re.IGNORECASE),
              "bg": re.compile(r"\b(вие|вас|ви|ваш\w*)\b", re.IGNORECASE)}
    for area in ("regatta", "trireme"):
        for code, pattern in formal.items():
            for message in read(code, area):
                texts = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in texts:
                    unquoted = re.sub(r"«[^»]*»|„[^“”]*[“”]", "", text or "")
                    assert not pattern.search(unquoted), text
