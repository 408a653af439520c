"""A conformance check any game of the kit must pass (every game's tests call it).

:func:`check_game` plays seeded random games and asserts the protocol's promises at every step:

- legal actions apply cleanly, and at a chance node the outcomes' probabilities sum to 1;
- a sample of illegal actions raise :class:`IllegalAction` with a message, and change nothing;
- ``undo()`` restores the position exactly; undoing everything gives back the start;
- ``copy()`` is independent of the original;
- ``to_json()`` / ``from_json()`` round-trips to the same position;
- the same seed and the same choices give the same game;
- a finished game has a result, no legal actions, and refuses every action;
- the position draws itself (``_repr_svg_``) and describes itself in words.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sailing_kit.core.errors import IllegalAction, SavedGameError
from sailing_kit.core.protocol import CHANCE, GameState

JUNK_ACTIONS: tuple[Any, ...] = (None, "not a move", -1, 10**9, ("x", "y", "z"), {"nonsense": 1}, 2.5)
"""Values no game accepts as an action; each must be refused with IllegalAction."""


@dataclass
class ConformanceReport:
    games: int = 0
    moves: int = 0
    finished: int = 0
    illegal_tried: int = 0


def fingerprint(state: GameState[Any]) -> tuple:
    """Everything a player can observe of a position, to compare two states."""
    return (
        state.current_player,
        state.is_over(),
        state.result,
        state.describe(),
        tuple(json.dumps(state.action_to_json(a), sort_keys=True) for a in state.legal_actions()),
        tuple(json.dumps(state.action_to_json(a), sort_keys=True) for a in state.history),
    )


def check_game(
    new_game: Callable[..., GameState[Any]],
    *,
    seeds: Iterable[int] = range(3),
    max_moves: int = 150,
    illegal_per_move: int = 2,
    every: int = 10,
    choose: Callable[[GameState[Any]], Any] | None = None,
    **options: Any,
) -> ConformanceReport:
    """Play one game per seed with ``new_game(seed=seed, **options)`` and assert the protocol at
    every step (the JSON round trip and the drawing on the first ``every`` moves, then every
    ``every``-th, and at the end). Players' moves are random, or ``choose(state)`` (a bot, to
    check whole games as they are really played). Raises AssertionError on the first broken
    promise."""
    report = ConformanceReport()
    for seed in seeds:
        _check_one(new_game, seed, options, max_moves, illegal_per_move, every, choose, report)
    return report


def _check_one(new_game: Callable[..., GameState[Any]], seed: int, options: dict[str, Any],
               max_moves: int, illegal_per_move: int, every: int,
               choose: Callable[[GameState[Any]], Any] | None,
               report: ConformanceReport) -> None:
    state, twin = new_game(seed=seed, **options), new_game(seed=seed, **options)
    chooser = random.Random(seed)
    start = fingerprint(state)
    assert start == fingerprint(twin), "two games with the same seed differ at the start"
    for move in range(max_moves):
        if state.is_over():
            break
        _check_turn(state)
        report.illegal_tried += _check_illegal(state, chooser, illegal_per_move)
        before = fingerprint(state)
        sampled = state.current_player == CHANCE and chooser.random() < 0.5
        if sampled:
            state.sample_chance()
            twin.sample_chance()
        else:
            by_bot = choose is not None and state.current_player != CHANCE
            action = choose(state) if by_bot else chooser.choice(state.legal_actions())
            state.apply(action)
            twin.apply(action)
        assert fingerprint(twin) == fingerprint(state), (
            f"seed {seed}, move {move + 1}: the same seed and moves gave different games"
        )
        _check_undo(state, before, move)
        _check_copy(state, chooser)
        if move < every or move % every == 0:
            _check_json(state, move)
            _check_display(state)
        report.moves += 1
    if state.is_over():
        report.finished += 1
        _check_finished(state)
    _check_json(state, report.moves)
    _check_display(state)
    while state.history:
        state.undo()
    assert fingerprint(state) == start, "undoing every move did not give back the start"
    report.games += 1


def _check_turn(state: GameState[Any]) -> None:
    player = state.current_player
    legal = state.legal_actions()
    assert legal, f"the game is not over but has no legal action:\n{state.describe()}"
    keys = [json.dumps(state.action_to_json(a), sort_keys=True) for a in legal]
    assert len(set(keys)) == len(keys), "legal_actions() lists an action twice"
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1, "chance probabilities do not sum to 1"
        assert all(p > 0 for _, p in outcomes), "a chance outcome has probability 0 or less"
        assert {json.dumps(state.action_to_json(o), sort_keys=True) for o, _ in outcomes} == set(
            keys
        ), "at a chance node the legal actions must be exactly the chance outcomes"
    else:
        assert isinstance(player, int) and 0 <= player < state.num_players, (
            f"current_player {player!r} is not a player number, CHANCE or None"
        )
        assert state.chance_outcomes() == [], "chance outcomes listed at a player's turn"
    for action in legal:
        parsed = state.parse_action(state.action_to_json(action))
        assert state.action_to_json(parsed) == state.action_to_json(action), (
            f"action {action!r} does not survive its own JSON form"
        )


def _check_illegal(state: GameState[Any], chooser: random.Random, how_many: int) -> int:
    legal = {json.dumps(state.action_to_json(a), sort_keys=True) for a in state.legal_actions()}
    candidates = list(JUNK_ACTIONS)
    space = getattr(state, "action_space", None)
    if space is not None:
        candidates += [
            a for a in space() if json.dumps(state.action_to_json(a), sort_keys=True) not in legal
        ]
    tried = chooser.sample(candidates, min(how_many, len(candidates)))
    for action in tried:
        before = fingerprint(state)
        try:
            state.apply(action)
        except IllegalAction as refusal:
            assert str(refusal).strip(), "IllegalAction raised without a message naming the rule"
        else:
            raise AssertionError(f"the illegal action {action!r} was accepted:\n{before[3]}")
        assert fingerprint(state) == before, f"refusing {action!r} changed the state"
    return len(tried)


def _check_undo(state: GameState[Any], before: tuple, move: int) -> None:
    trial = state.copy()
    trial.undo()
    assert fingerprint(trial) == before, f"move {move + 1}: undo did not restore the position"


def _check_copy(state: GameState[Any], chooser: random.Random) -> None:
    original = fingerprint(state)
    twin = state.copy()
    assert fingerprint(twin) == original, "copy() differs from the original"
    if not twin.is_over():
        twin.apply(chooser.choice(twin.legal_actions()))
        assert fingerprint(state) == original, "playing on a copy changed the original"


def _check_json(state: GameState[Any], move: int) -> None:
    text = state.to_json()
    try:
        loaded = type(state).from_json(text)
    except SavedGameError as error:
        raise AssertionError(f"move {move + 1}: the game cannot be loaded back: {error}") from None
    assert fingerprint(loaded) == fingerprint(state), (
        f"move {move + 1}: the game loaded from JSON differs from the one saved"
    )
    assert loaded.to_json() == text, "saving a loaded game gives different JSON"


def _check_display(state: GameState[Any]) -> None:
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), "_repr_svg_ is not SVG"
    assert state.describe().strip(), "describe() is empty"


def _check_finished(state: GameState[Any]) -> None:
    assert state.result is not None, "is_over() but no result"
    assert state.current_player is None, "a finished game still names a current player"
    assert state.legal_actions() == [], "a finished game still lists legal actions"
    for action in JUNK_ACTIONS[:2]:
        try:
            state.apply(action)
        except IllegalAction:
            continue
        raise AssertionError("a finished game accepted an action")
