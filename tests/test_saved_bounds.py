"""Issue #20.5: every list or count of a saved game has an upper bound. A game lasts at most
``MAX_MOVES`` moves, so every game's own save loads back; a saved file lists at most as many and
is at most ``MAX_SAVED_TEXT`` long; a saved text is copied through the builtin type, so a
subclass lying about its length or its text is read as what it holds."""

from __future__ import annotations

import json

import pytest

from sailing_kit.core import protocol
from sailing_kit.core.errors import IllegalAction, SavedGameError
from sailing_kit.testing import fingerprint
from sailing_kit.testing.hostile import LIARS, impostors
from tests.toy_game import CountState, new_count


def test_a_game_is_refused_a_move_past_its_length(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "MAX_MOVES", 3)
    state = new_count(seed=0, target=100)
    while len(state.history) < 3:
        state.sample_chance() if state.current_player == -1 else state.apply(1)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="at most 3 moves"):
        state.sample_chance() if state.current_player == -1 else state.apply(1)
    assert fingerprint(state) == before
    assert CountState.from_json(state.to_json()).to_json() == state.to_json()


def test_a_saved_game_lists_at_most_max_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "MAX_MOVES", 3)
    data = json.loads(new_count(seed=0).to_json())
    data["moves"] = [{"move": 1}] * 4
    with pytest.raises(SavedGameError, match="at most 3 moves"):
        CountState.from_json(json.dumps(data))


def test_a_saved_text_too_long_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "MAX_SAVED_TEXT", 100)
    text = new_count(seed=0).to_json() + " " * 100
    with pytest.raises(SavedGameError, match="longer than 100 characters"):
        CountState.from_json(text)
    with pytest.raises(SavedGameError, match="longer than 100 characters"):
        CountState.from_json(text.encode())


def test_a_lying_text_is_read_as_what_it_holds_and_an_impostor_is_refused() -> None:
    text = new_count(seed=3).to_json()
    for style in ("lying", "raising"):
        loaded = CountState.from_json(LIARS[(str, style)](text))
        assert loaded.to_json() == text
    for what, impostor in impostors(text):
        with pytest.raises(SavedGameError):
            CountState.from_json(impostor)  # type: ignore[arg-type]
        assert what
