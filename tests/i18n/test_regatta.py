"""The card regatta in other languages: refusals name the same rule as in English (in the
original's Bulgarian words), and a board made after ``set_language`` speaks that language."""

import html
import json
from importlib import resources
from pathlib import Path

import pytest
from PIL import ImageFont

from sailing_kit import set_language
from sailing_kit.core.errors import ConfigError, UnreadableAction
from sailing_kit.core.i18n import use_language
from sailing_kit.draw.cards import Rect
from sailing_kit.draw.measure import text_width
from sailing_kit.draw.scene import Line, Polygon, Scene, Text
from sailing_kit.draw.wire import picture
from sailing_kit.regatta import EndTurn, Exchange, Sail, new_game
from sailing_kit.regatta.board import Board, example_boards
from sailing_kit.regatta.cards import CARD, draw_deck, draw_regatta_card
from sailing_kit.regatta.course import course_data
from sailing_kit.regatta.deck import STANDARD_ABOUT, deck_data, load_deck, standard_deck
from sailing_kit.regatta.words import fitted_lines
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
    assert str(bulgarian) == "нямаш карта „Вилица“"
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
    """Each line of the panel ends inside the picture, measured by the kit's letter widths
    (DejaVu Sans's, Chromium's sans-serif here, regular and bold)."""
    set_language(code)
    for make in example_boards().values():
        board = make()
        with use_language(board.language):
            scene = board.scene()
        for text in (s for s in scene.shapes if isinstance(s, Text) and s.anchor == "start"):
            width = text_width(text.text, text.size, text.bold)
            assert text.at[0] + width <= scene.width + 1, text.text


def test_a_line_too_long_for_the_panel_ends_in_an_ellipsis():
    assert fitted_lines("горе: Добро управление на яхтата", 206) == ["горе: Добро управление на…"]
    assert fitted_lines("top: Nice yacht handling", 206) == ["top: Nice yacht handling"]
    assert len(fitted_lines("Сыграйте карту или пропустите ход (обмен 1–3 карт или поворот "
                            "яхты).", 190, rows=3, bold=True)) == 3


def test_the_deck_says_what_it_is_in_the_language_spoken():
    """The deck's ``about`` goes through the catalogs (Bulgarian in the original's words) and
    shows under the deck's picture; a class's own words show as written."""
    deck = standard_deck()
    shipped = resources.files("sailing_kit.regatta").joinpath("deck.json").read_text("utf-8")
    assert json.loads(shipped)["about"] == STANDARD_ABOUT
    english = words(draw_deck(deck))
    assert "45 movement cards and 9 special cards" in english
    with use_language("bg"):
        assert "кърмата" in deck.shown_about and "специални карти" in deck.shown_about
        bulgarian = words(draw_deck(deck))
    assert "9 специални карти" in bulgarian and "movement" not in bulgarian
    for code in ("fr", "hu", "ru"):
        with use_language(code):
            assert deck.shown_about not in ("", deck.about)
    own = load_deck({**deck_data(), "about": "Our class's deck: more forks."})
    with use_language("bg"):
        assert own.shown_about == "Our class's deck: more forks."
        assert "Our class's deck: more forks." in words(draw_deck(own))
    assert deck_data()["about"] == deck.about  # the data stays the file's English


LANGUAGES = ("en", "bg", "fr", "hu", "ru")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("selected", [False, True])
def test_every_card_name_fits_its_card_in_every_language(code, selected):
    """Each line of a card's name, measured as the board draws it (squeezed into ``fit`` when
    wider), lies inside the card; nothing is cut (the lines give the whole name), a squeezed
    word keeps at least 85 % of its width, and the name ends above the arrows or symbol."""
    deck = standard_deck()
    for kind in deck.cards:
        scene = Scene(200, 200)
        rect = Rect(20, 20, *CARD)
        with use_language(code):
            draw_regatta_card(scene, rect, kind.name, deck, selected=selected)
            name = kind.shown
        texts = [s for s in scene.shapes if isinstance(s, Text)]
        caption = [t for t in texts if t.size == 12 and t.text != "✓"]
        assert " ".join(t.text for t in caption) == " ".join(name.split())
        for line in caption:
            natural = text_width(line.text, line.size)
            drawn = min(natural, line.fit) if line.fit else natural
            left = line.at[0] - drawn / 2
            assert rect.x + 1 < left and left + drawn < rect.x + rect.w - 1, (code, line.text)
            assert drawn / natural >= 0.85, (code, line.text, drawn / natural)
        below = max(t.at[1] for t in caption) + 6
        arrows = [shape for shape in scene.shapes if isinstance(shape, Line)
                  or (isinstance(shape, Polygon) and len(shape.points) == 3)]  # not the card
        art = [p for shape in arrows for p in shape.points] if kind.moves else \
            [(0, t.at[1] - 9) for t in texts if t.size == 24]
        assert all(point[1] > below for point in art), (code, kind.name)


def test_the_measure_is_never_narrower_than_the_browsers_sans_serif():
    """:func:`text_width` holds DejaVu Sans's widths (Chromium's sans-serif on Linux, wider
    than Arial's or Helvetica's): every card name measures at least what the font gives."""
    path = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # .ci/run installs it
    font = ImageFont.truetype(str(path), 12)
    for code in LANGUAGES:
        with use_language(code):
            names = [kind.shown for kind in standard_deck().cards]
        for word in " ".join(names).split():
            assert font.getlength(word) <= text_width(word) <= 1.06 * font.getlength(word) + 1


def test_a_squeezed_line_says_so_to_the_svg_and_the_canvas():
    scene = Scene(100, 40)
    scene.text((50, 20), "управление", fit=66)
    scene.text((50, 30), "на", fit=66)
    svg = scene.to_svg()
    assert svg.count('textLength="66"') == 1 and 'lengthAdjust="spacingAndGlyphs">управление' in svg
    assert picture(scene)["shapes"][0][-1] == 66  # the painter's fillText maxWidth


def test_the_white_buoys_carry_the_initial_of_start_as_the_language_writes_it():
    for code, letter in (("en", "S"), ("bg", "С"), ("fr", "D"), ("hu", "R"), ("ru", "С")):
        with use_language(code):
            drawn = [s.text for s in new_game(seed=0).scene().shapes
                     if isinstance(s, Text) and s.bold and len(s.text) == 1]
        assert drawn.count(letter) == 2, code  # one on each white buoy


def test_a_readers_refusal_names_what_it_read_in_the_language_spoken():
    state = new_game(seed=0)
    said = {}
    for code in ("en", "hu"):
        with use_language(code), pytest.raises(UnreadableAction) as refused:
            state.apply({"flat_calm": "two"})
        said[code] = refused.value
    assert "Flat calm's target" in str(said["en"]) and said["hu"].english == said["en"].english
    assert "a Szélcsend célpontja" in str(said["hu"])
    bad_course = {**course_data(), "starts": [[1, "x"]]}
    with pytest.raises(ConfigError, match="a start cell"):
        new_game(seed=0, course=bad_course)
    with use_language("ru"), pytest.raises(ConfigError, match="клетка старта"):
        new_game(seed=0, course=bad_course)
