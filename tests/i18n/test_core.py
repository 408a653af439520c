"""The core's words in five languages (#26): refusals name the same rule in every language, a
board speaks the language it was made in, an app the one its address asks for (``?lang=hu``,
read strictly), and the shared drawing words (compass points, places, outcomes) are each
language's own."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from sailing_kit import set_language
from sailing_kit.core import reading
from sailing_kit.core.cache import CacheRefused, load_array
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ActionError, ConfigError, SavedGameError, UnreadableAction, reason
from sailing_kit.core.i18n import LANGUAGES, _, language, use_language
from sailing_kit.core.info import Outcome
from sailing_kit.core.protocol import Result
from sailing_kit.widgets.address import PageOptions, page_options, speak_page_language
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard
from sailing_kit.widgets.ending import your_places
from tests.browser.boards import status_detail, status_text
from tests.i18n.spoken import english_of, raised
from tests.toy_game import CountState


def _refusal(code: str, act) -> ActionError:
    with use_language(code), pytest.raises(ActionError) as refused:
        act()
    return refused.value


@pytest.mark.parametrize("act", [
    lambda: CountState.new(seed=1).undo(),
    lambda: CountState.new(seed=1).apply(True),
    lambda: CountState.new(seed=1).apply("2"),
], ids=["undo-before-any-move", "a-bool-for-a-number", "a-text-for-a-number"])
def test_a_refusal_in_hungarian_names_the_same_rule_as_in_english(act):
    english, hungarian = _refusal("en", act), _refusal("hu", act)
    assert hungarian.english == english.english == str(english)
    assert str(hungarian) != str(english)
    for code in LANGUAGES:
        assert _refusal(code, act).english == str(english)


def test_the_game_state_is_unchanged_by_a_refusal_in_any_language():
    state = CountState.new(seed=4)
    state.apply(1)
    before = state.to_json()
    for code in LANGUAGES:
        _refusal(code, lambda: state.apply(7))
    assert state.to_json() == before


def test_a_reader_refuses_in_the_language_spoken_with_the_value_as_given():
    with use_language("ru"), pytest.raises(UnreadableAction) as refused:
        reading.whole(2.0, "ход", 1, 6)
    assert str(refused.value) == "ход — целое число от 1 до 6, а не 2.0 (десятичное число: пиши 2)"
    assert refused.value.english == "ход is a whole number from 1 to 6, not 2.0 (a decimal number: write 2)"


def test_a_saved_game_refused_in_french_changes_nothing_and_keeps_its_english():
    state = CountState.new(seed=2)
    with use_language("fr"), pytest.raises(SavedGameError) as refused:
        CountState.from_json('{"game": "calm"}')
    assert "n'est pas une partie enregistrée de 'count'" in str(refused.value)
    assert refused.value.english.startswith("this file is not a saved 'count' game")
    assert state.history == []


def _calm_board() -> CanvasBoard:
    from sailing_kit.calm import Board, new_game

    return Board(new_game(players=2, seed=3))


def _labels(board: CanvasBoard) -> dict[str, str]:
    return {"text": board.text_toggle.description, "projector": board.projector_toggle.description,
            "more": board.more_toggle.description}


def test_a_board_made_after_set_language_shows_translated_labels_and_keeps_them():
    english = _calm_board()
    set_language("hu")
    hungarian = _calm_board()
    assert _labels(hungarian) == {"text": "Szöveg", "projector": "Kivetítő", "more": "Több"}
    assert _labels(english) == {"text": "Text", "projector": "Projector", "more": "More"}
    set_language("ru")
    hungarian.buttons["undo"][0].click()  # a board speaks the language it was made in
    assert status_text(hungarian) == "Még nincs mit visszavonni."
    english.buttons["undo"][0].click()
    assert status_text(english) == "Nothing to undo yet."
    assert language() == "ru"


def test_a_refused_control_says_not_allowed_in_the_boards_language():
    set_language("bg")
    board = _calm_board()

    def refused() -> None:
        raise ActionError("that deal is refused")

    board.button("X", "a refused control", refused, control="x").click()
    assert status_text(board) == "Не може: that deal is refused"
    board.saved.value = "{not json"
    board.load()
    assert status_text(board) == "Този текст не може да се зареди."
    assert status_detail(board).startswith("Не може да се зареди: това не е записана игра")


@pytest.mark.parametrize(("query", "code"), [("lang=hu", "hu"), ("lang=RU", "ru"),
                                             ("lang=fr-FR", "fr"), ("seed=5&lang=bg", "bg"),
                                             ("lang=en", "en")])
def test_the_address_gives_the_pages_language(query, code):
    page = page_options(query)
    assert page.language == code and not page.refused


@pytest.mark.parametrize("query", ["lang=de", "lang=", "lang=" + "h" * 300, "lang=hu%00",
                                   "lang=%D1%80%D1%83", "lang=hu&" + "x" * 500])
def test_a_language_the_address_cannot_give_is_refused_in_words_and_changes_nothing(query):
    set_language("fr")
    page = page_options(query)
    assert page.language is None and page.refused
    assert speak_page_language(page) == page and language() == "fr"
    app = _app(page)
    assert app.language == "fr" and app.board.language == "fr"
    assert status_text(app.board) == "Une partie de l'adresse n'a pas été utilisée."


def test_the_other_options_of_the_address_are_read_beside_a_refused_language():
    page = page_options("seed=7&lang=xx&projector=1")
    assert (page.seed, page.projector, page.language) == (7, True, None)
    assert len(page.refused) == 1 and "lang='xx'" in page.refused[0]


def _app(page: PageOptions) -> GameApp:
    from sailing_kit.calm import Board, new_game

    return GameApp("Calm", lambda seed, players: Board(new_game(players=players, seed=seed)),
                   page=page, players=widgets.Dropdown(options=[1, 2], value=2,
                                                       description="Players"))


def test_an_app_speaks_the_language_of_its_address_and_its_new_games_too():
    app = _app(page_options("lang=hu&seed=9"))
    assert language() == "en"  # the notebook's own language is left alone
    assert app.start_button.description == "Új játék"
    assert app.board.language == "hu" and app.board.more_toggle.description == "Több"
    assert "A játék magja: 9." in app.footer.value
    app.start_button.click()
    assert app.games == 1 and app.board.language == "hu"
    assert app.board.text_toggle.description == "Szöveg"


def test_the_apps_notebooks_speak_the_page_language_before_making_anything(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    assert speak_page_language().language == "ru" and language() == "ru"
    assert _calm_board().more_toggle.description == "Ещё"


def test_every_app_notebook_speaks_the_page_language_first():
    import json
    from pathlib import Path

    apps = sorted((Path(__file__).resolve().parents[2] / "notebooks" / "apps").glob("*.ipynb"))
    assert len(apps) >= 5
    for path in apps:
        code = "".join("".join(cell["source"]) for cell in json.loads(path.read_text())["cells"]
                       if cell["cell_type"] == "code")
        assert code.index("speak_page_language()") < code.rindex("app()"), path.name


@pytest.mark.parametrize(("code", "letters", "word"), [
    ("en", ["N", "NE", "E", "SE", "S", "SW", "W", "NW"], "north-west"),
    ("hu", ["É", "ÉK", "K", "DK", "D", "DNy", "Ny", "ÉNy"], "északnyugat"),
    ("bg", ["С", "СИ", "И", "ЮИ", "Ю", "ЮЗ", "З", "СЗ"], "северозапад"),
    ("fr", ["N", "NE", "E", "SE", "S", "SO", "O", "NO"], "nord-ouest"),
    ("ru", ["С", "СВ", "В", "ЮВ", "Ю", "ЮЗ", "З", "СЗ"], "северо-запад"),
])
def test_compass_points_are_written_as_each_language_writes_them(code, letters, word):
    with use_language(code):
        assert [direction.letters for direction in Direction] == letters
        assert Direction.NW.word == word
    assert Direction("NW").value == "NW"  # what code and saved games use stays


def test_outcomes_and_places_in_each_language():
    result = Result((Outcome.WIN, Outcome.LOSS), "every category is filled", (), ("Ann", "Bob"))
    with use_language("hu"):
        assert result.reason == "Ann nyer: every category is filled"
        assert your_places([[1], [0]], [0], lambda seat: ["Ann", "Bob"][seat]) == \
            "Te (Ann): 2. hely 2 közül."
    with use_language("ru"):
        assert Result((Outcome.DRAW, Outcome.DRAW, Outcome.DRAW), "tie", ()).headline == \
            "Игрок 1, Игрок 2 и Игрок 3 делят победу"
    assert result.reason.english == "Ann wins: every category is filled"
    assert your_places([[1], [0]], [0], lambda seat: ["Ann", "Bob"][seat]) == "You (Ann): 2nd of 2."


def test_a_word_is_translated_from_the_catalog_of_the_area_that_wrote_it():
    """One English word may mean different things in two areas ("right": the grader's verdict,
    a column of the class pages): each area's own translation comes first."""
    from sailing_kit.core.i18n import _area_of
    from sailing_kit.grade import reports
    from sailing_kit.grade.scores import Row
    from sailing_kit.locale.__main__ import read

    assert (_area_of("sailing_kit.race.rrs"), _area_of("sailing_kit.race.board"),
            _area_of("sailing_kit.widgets.board"), _area_of("builtins")) == \
        ("trainer", "race", "core", None)
    graders = read("fr", "grade").get("right").string
    others = {read("fr", area).get("right").string for area in ("classroom", "exercises")
              if read("fr", area).get("right") is not None}
    page = reports.page("Ada", [Row("Ada", "a.ipynb", "x", "q1", 1.0, 1.0, "right", "1",
                                    language="fr")])
    assert f"✔ {graders}</span>" in page
    assert all(f"✔ {other}</span>" not in page for other in others - {graders})


# ----- options, languages, results and cache files: every message through the catalogs -------
@pytest.mark.parametrize("options, named", [
    ({"target": 101}, ["'target'", "2", "100", "101"]),
    ({"target": "9"}, ["'target'", "'9'"]),
    ({"coin": 1}, ["'coin'", "True", "False"]),
    ({"targt": 5}, ["'targt'", "'target'", "coin"]),
], ids=["out of range", "not a number", "not a flag", "misspelt"])
def test_a_bad_option_refused_in_hungarian_names_the_same_option_and_bound(options, named):
    english = raised(ConfigError, lambda: CountState.new(seed=1, **options), "en")
    hungarian = raised(ConfigError, lambda: CountState.new(seed=1, **options), "hu")
    assert hungarian.english == english.english == str(english)
    assert str(hungarian) != str(english)
    for word in named:
        assert word in str(english) and word in str(hungarian), word


def test_the_option_refusal_in_english_says_the_option_and_its_range():
    refused = raised(ConfigError, lambda: CountState.new(seed=1, target=101), "en")
    assert str(refused) == "option 'target' must be from 2 to 100, not 101"


def test_a_language_the_kit_has_not_is_refused_in_the_language_spoken_and_in_english():
    english = raised(ConfigError, lambda: set_language("de"), "en")
    russian = raised(ConfigError, lambda: set_language("de"), "ru")
    assert str(english) == english.english == russian.english
    assert english.english.startswith("there is no language 'de' in the kit: choose one of en")
    assert str(russian).startswith("языка 'de' в наборе нет: выбери один из en (English)")
    assert str(russian).endswith(" / " + english.english)  # whoever asks may not read Russian
    assert language() == "en"


def test_asking_an_unfinished_game_for_its_result_is_told_in_the_language_spoken():
    english = raised(ValueError, CountState.new(seed=1).ended, "en")
    hungarian = raised(ValueError, CountState.new(seed=1).ended, "hu")
    assert str(english) == "the game is not over yet: it has no result"
    assert str(hungarian) == "a játéknak még nincs vége: nincs eredménye"
    assert english_of(hungarian) == str(english)


def test_a_cache_file_of_the_wrong_size_is_refused_with_numbers_written_the_languages_way(tmp_path):
    path = tmp_path / "table"
    path.write_bytes(b"\0" * 1234)
    english = raised(CacheRefused, lambda: load_array(path, "key", (100, 100)), "en")
    french = raised(CacheRefused, lambda: load_array(path, "key", (100, 100)), "fr")
    assert str(english) == "it holds 1,234 bytes, not the 80,040 of its table"
    assert str(french) == "le fichier fait 1\u202f234\u00a0octets, pas les 80\u202f040 de sa table"
    assert french.english == str(english)


def test_a_translated_message_keeps_its_english_when_passed_on():
    with use_language("ru"):
        error = ValueError(_("the game is not over yet: it has no result"))
        passed_on = ConfigError(reason(error))
    assert str(passed_on) == str(error) != passed_on.english
    assert passed_on.english == "the game is not over yet: it has no result"
    assert reason(KeyError("a", "b")) == "('a', 'b')"  # no single message: its text
