"""Helpers of the language tests: a refusal heard in one language, and a picture's words."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest

from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import use_language
from sailing_kit.draw.scene import Scene
from sailing_kit.testing import fingerprint


def refusal(state: Any, action: Any, code: str) -> IllegalAction:
    """The refusal of ``action`` spoken in ``code``; the state is proved unchanged by it."""
    before = fingerprint(state)
    with use_language(code), pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert fingerprint(state) == before
    return refused.value


def raised(kind: type[Exception], act: Callable[[], object], code: str) -> Exception:
    """The error of ``kind`` that ``act()`` raises while ``code`` is spoken."""
    with use_language(code), pytest.raises(kind) as refused:
        act()
    return refused.value


def assert_same_refusal(kind: type[Exception], act: Callable[[], object], code: str,
                        named: list[str]) -> None:
    """``act`` refused in language ``code`` says the same in English as the English run, in
    other words, and names each of ``named`` (an option, a bound) in both."""
    english, spoken = raised(kind, act, "en"), raised(kind, act, code)
    assert spoken.english == english.english == str(english)  # type: ignore[attr-defined]
    assert str(spoken) != str(english)
    for word in named:
        assert word in str(english) and word in str(spoken), word


def english_of(error: Exception) -> str:
    """The English of ``error``'s message (a kit error's own, or the translated text it holds)."""
    return str(getattr(error, "english", getattr(error.args[0], "english", error.args[0])))


def words(scene: Scene) -> str:
    """Every text drawn in ``scene``, as one line."""
    return " ".join(html.unescape(text) for text in re.findall(r">([^<]*)</text>", scene.to_svg()))
