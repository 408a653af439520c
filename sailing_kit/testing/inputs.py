"""The promises about bad input, checked on any position of any game.

- a malformed action is either refused with :class:`IllegalAction` — a short message, the state
  unchanged — or read as exactly one of the legal actions, in the engine's own canonical form
  (same classes, plain ``int``, :class:`Direction` members, tuples), after which the state still
  saves, loads back the same, draws and describes itself;
- a hostile saved file is either refused with :class:`SavedGameError` (a short message) or
  loads into a game that saves, loads back the same and draws.

:func:`check_inputs` runs both as a hypothesis test over some positions (``check_game`` calls it
with positions of its random games); the two ``check_*`` functions check one input each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sailing_kit.core.errors import MAX_MESSAGE, ActionError, SavedGameError
from sailing_kit.core.protocol import GameState
from sailing_kit.core.reading import shown
from sailing_kit.testing.malformed import hostile_saves, malformed_actions

SAVES_FROM_MOVES = 40
"""Hostile files are made from positions at most this many moves in (loading replays them)."""


def canonical_key(value: Any) -> Any:
    """``value`` with every type spelt out, so that ``2.0``, ``True`` and ``numpy.int64(2)``
    differ from ``2``, a list from a tuple, the text ``"NE"`` from the direction NE, and a
    subclass from its class."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__qualname__, tuple((f.name, canonical_key(getattr(value, f.name)))
                                                for f in dataclasses.fields(value)))
    if isinstance(value, Enum):
        return (type(value).__qualname__, value.name)
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(canonical_key(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), canonical_key(v)) for k, v in value.items())))
    return (type(value).__qualname__, value)


def check_malformed_action(state: GameState[Any], value: Any) -> None:
    """Apply ``value`` to ``state`` and assert the promises above (``state`` is left as it was)."""
    from sailing_kit.testing.conformance import fingerprint

    before = fingerprint(state)
    legal = {canonical_key(action) for action in state.legal_actions()}
    try:
        state.apply(value)
    except ActionError as refusal:
        message = str(refusal)
        assert message.strip(), f"{shown(value)} was refused with an empty message"
        assert len(message) < MAX_MESSAGE, (
            f"refusing {shown(value)} gave a message cut short at {MAX_MESSAGE} characters: "
            "quote inputs with reading.shown()")
        assert fingerprint(state) == before, f"refusing {shown(value)} changed the state"
        return
    except Exception as error:  # any other error breaks the promise
        raise AssertionError(f"{shown(value)} raised a bare {type(error).__name__} instead of "
                             f"IllegalAction: {shown(str(error))}") from error
    accepted = state.history[-1]
    assert canonical_key(accepted) in legal, (
        f"{shown(value)} was accepted as {shown(accepted)}, which is not one of the legal "
        "actions in canonical form")
    check_saves_and_draws(state, f"after accepting {shown(value)}")
    state.undo()
    assert fingerprint(state) == before, f"undoing the accepted {shown(value)} did not restore"


def check_saves_and_draws(state: GameState[Any], when: str) -> None:
    """The state saves, loads back the same, draws and describes itself."""
    from sailing_kit.testing.conformance import fingerprint

    try:
        text = state.to_json()
        loaded = type(state).from_json(text)
        svg = state._repr_svg_()
        words = state.describe()
    except Exception as error:  # any error here breaks the promise
        raise AssertionError(f"{when}: saving, loading or drawing raised {type(error).__name__}: "
                             f"{shown(str(error))}") from error
    assert fingerprint(loaded) == fingerprint(state), f"{when}: the game loads back different"
    assert loaded.to_json() == text, f"{when}: a loaded game saves differently"
    assert svg.startswith("<svg") and words.strip(), f"{when}: the picture or words are empty"


def check_hostile_save(game: type[GameState[Any]], text: str | bytes) -> None:
    """Load ``text`` with ``game.from_json`` and assert the promises above."""
    try:
        state = game.from_json(text)
    except SavedGameError as refusal:
        message = str(refusal)
        assert message.strip(), "a saved file was refused with an empty message"
        assert len(message) < MAX_MESSAGE, (
            f"refusing a saved file gave a message cut short at {MAX_MESSAGE} characters: "
            f"{shown(message)}")
        return
    except Exception as error:  # any other error breaks the promise
        raise AssertionError(f"loading the saved file {shown(text)} raised a bare "
                             f"{type(error).__name__} instead of SavedGameError: "
                             f"{shown(str(error))}") from error
    check_saves_and_draws(state, f"after loading {shown(text)}")


def check_inputs(positions: Sequence[GameState[Any]], *, examples: int = 60) -> None:
    """Try ``examples`` malformed actions and as many hostile saved files on ``positions``
    (a hypothesis test; positions still to play get the actions, short games the files)."""
    playing = [state for state in positions if not state.is_over()] or list(positions)
    short = [state for state in positions if len(state.history) <= SAVES_FROM_MOVES]
    budget = settings(max_examples=examples, deadline=None, database=None, report_multiple_bugs=False,
                      suppress_health_check=list(HealthCheck))

    @budget
    @given(st.data())
    def malformed(data: st.DataObject) -> None:
        state = data.draw(st.sampled_from(playing), label="position").copy()
        check_malformed_action(state, data.draw(malformed_actions(state), label="action"))

    @budget
    @given(st.data())
    def hostile(data: st.DataObject) -> None:
        state = data.draw(st.sampled_from(short), label="position")
        text = data.draw(hostile_saves(state.to_json()), label="saved file")
        check_hostile_save(type(state), text)

    malformed()
    if short:
        hostile()

