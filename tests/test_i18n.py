"""The kit's languages (issue #26): choosing one, translated texts that keep their English,
plurals and numbers per language, and catalogs complete for every message marked in the code."""

from __future__ import annotations

import copy
import pickle

import pytest

from sailing_kit import set_language
from sailing_kit.core.errors import ConfigError, IllegalAction
from sailing_kit.core.i18n import (
    LANGUAGES,
    Text,
    _,
    best_language,
    language,
    n_,
    number,
    percent,
    read_language,
    translations,
    use_language,
)
from sailing_kit.locale import AREAS
from sailing_kit.locale.__main__ import languages, problems


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    set_language("en")


def test_the_five_languages_english_first() -> None:
    assert next(iter(LANGUAGES)) == "en"
    assert set(LANGUAGES) == {"en", "hu", "bg", "fr", "ru"}
    assert LANGUAGES["hu"] == "Magyar" and LANGUAGES["ru"] == "Русский"


@pytest.mark.parametrize("written", ["hu", "HU", "hu-HU", "hu_HU", " hu "])
def test_a_language_is_read_however_it_is_written(written: str) -> None:
    assert read_language(written) == "hu"


@pytest.mark.parametrize("wrong", ["de", "", "x" * 500, 7, None, ["hu"]])
def test_an_unknown_language_is_refused_and_nothing_changes(wrong: object) -> None:
    set_language("fr")
    with pytest.raises(ConfigError, match="choose one of en"):
        set_language(wrong)  # type: ignore[arg-type]  # the hostile value itself
    assert language() == "fr"


def test_use_language_speaks_inside_its_block_only() -> None:
    set_language("hu")
    with use_language("ru"):
        assert language() == "ru"
    assert language() == "hu"


@pytest.mark.parametrize(("header", "expected"), [
    ("hu-HU,hu;q=0.9,en-US;q=0.8", "hu"),
    ("de-DE,fr;q=0.7,ru;q=0.9", "ru"),
    ("de-DE,de;q=0.9", "en"),
    ("", "en"),
    (None, "en"),
    ("fr;q=abc,bg", "bg"),
    ("hu," * 1000, "en"),
])
def test_the_browser_language_is_the_nearest_the_kit_has(header: str | None,
                                                         expected: str) -> None:
    assert best_language(header) == expected


def test_an_untranslated_text_is_its_english_with_its_values() -> None:
    with use_language("hu"):
        text = _("a message no catalog holds, for {name}", name="Ada")
    assert text == "a message no catalog holds, for Ada"
    assert isinstance(text, Text) and text.english == text


def test_a_text_is_copied_with_its_english() -> None:
    text = Text("nem", "no")
    for copied in (copy.copy(text), copy.deepcopy([text])[0], pickle.loads(pickle.dumps(text))):
        assert copied == "nem" and copied.english == "no"


def test_an_error_keeps_its_english() -> None:
    error = IllegalAction(Text("nem", "no"))
    assert str(error) == "nem" and error.english == "no"


def test_counts_take_the_form_and_numbers_of_the_language() -> None:
    with use_language("en"):
        assert n_("{count} point", "{count} points", 1) == "1 point"
        assert n_("{count} point", "{count} points", 1234) == "1,234 points"
        assert number(1234.5, 1) == "1,234.5"
        assert percent(0.255, 1) == "25.5%"
    with use_language("fr"):
        assert number(1234.5, 1) in ("1\u202f234,5", "1\u00a0234,5")
    with use_language("ru"):
        assert translations("ru").ngettext("a", "b", 5) == "b"  # untranslated: English forms


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_catalog_folders_are_the_languages(code: str) -> None:
    assert code in languages()


@pytest.mark.parametrize("area", sorted(AREAS))
@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_marked_message_is_translated_with_the_same_placeholders(code: str,
                                                                         area: str) -> None:
    assert problems(code, area) == []


def test_a_marked_constant_is_translated_by_the_area_that_wrote_it_wherever_shown() -> None:
    from sailing_kit.yacht.board import OPPONENTS

    marked = OPPONENTS["none"]
    assert marked == "none" and marked.area == "yacht"  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(marked)).area == "yacht"
    with use_language("hu"):
        own, other = (translations("hu", area).gettext("none") for area in ("yacht", "core"))
        assert own != other  # the same English word, two meanings: the test tells them apart
        assert _(marked) == own
