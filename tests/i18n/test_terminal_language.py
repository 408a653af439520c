"""The teacher's language as a terminal says it (``environment_language``) and as a command line
asks for it (``asked_language``): what the class server and the grader speak by default."""

from __future__ import annotations

import pytest

from sailing_kit.core.i18n import asked_language, environment_language


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "hu_HU.UTF-8"}, "hu"),
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "hu_HU.UTF-8"}, "ru"),
    ({"LC_ALL": "fr_CA.ISO-8859-1@euro", "LC_MESSAGES": "ru_RU", "LANG": "hu_HU"}, "fr"),
    ({"LANGUAGE": "de:bg_BG:fr", "LC_ALL": "hu_HU.UTF-8"}, "bg"),
    ({"LANGUAGE": "de:it", "LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "POSIX"}, "en"),
    ({"LANG": "x" * 10**6 + ":hu"}, "en"),
    ({"LANG": "🙂:ru"}, "ru"),
])
def test_the_environment_names_the_first_language_the_kit_speaks(environ, expected):
    assert environment_language(environ) == expected


@pytest.mark.parametrize(("argv", "expected"), [
    (["serve", "--language", "hu"], "hu"),
    (["serve", "--language=fr_FR", "--port", "1"], "fr"),
    (["a.ipynb", "--lang", "ru"], "ru"),
    (["--language", "bg", "--language", "en"], "en"),
    (["--help"], "hu"),
    (["--language", "xx"], "hu"),
    (["--language"], "hu"),
])
def test_a_command_line_asks_for_a_language_else_the_terminals(argv, expected):
    assert asked_language(argv, {"LANG": "hu_HU.UTF-8"}) == expected
