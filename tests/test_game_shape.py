"""The conformance test of ``core/`` run against every game (issue #20, "How it must be shown").

For each name of :data:`GAME_NAMES` the game's package must have the kit's one shape: the same
modules with the same jobs; ``INFO`` consistent with the game (its seats and the option that
sets them, its bots, its board's controls, chance, hidden information, the outcomes it gives);
``new_game(seed=...)`` with the seed first; ``bots.make()`` and every named bot playing legal
moves; ``view(seat)`` for every seat and for ``None``, a seat's hidden cards in no other view;
an :class:`Outcome` per player at the end, the winners consistent; the JSON round trip; and the
readers' refusals of hostile objects (subclasses of ``int``, ``str``, ``tuple``, ``list`` and
``dict`` that lie about comparisons, length, iteration or text; endless and raising iterators;
objects with a lying ``__class__``; a class claiming to be a builtin) with
:class:`UnreadableAction` (:class:`ConfigError` for options), at once and changing nothing.
Speed figures are in ``benchmarks/``; here a timer only guards against a hang.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import inspect
import json
import random
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from sailing_kit.core.errors import ConfigError, IllegalAction, UnreadableAction
from sailing_kit.core.info import GAME_NAMES, GameInfo, Outcome, game_package
from sailing_kit.core.protocol import CHANCE, GameState
from sailing_kit.draw.scene import Scene
from sailing_kit.testing import fingerprint, play_randomly
from sailing_kit.testing.hostile import JUNK, impostors, liars

MODULES = ("options", "actions", "game", "bots", "view", "drawing", "board")
TEXT_OPTIONS = {"race": ("course", "short"), "regatta": ("course", "short"),
                "trireme": ("map", "small"), "yacht": ("rules", "tabornok"),
                "calm": ("adjacency", "physical")}
"""An option of each game given as a text."""
QUICK = {"race": {"course": "short", "max_rounds": 12}, "regatta": {"rounds": 8},
         "yacht": {}, "trireme": {}, "calm": {"players": 2}}
"""Options that make a random game end within a few hundred moves."""
HANG = 2.0
"""Seconds after which a read is taken for a hang (a refusal takes well under a millisecond:
``python -m benchmarks readers``)."""
GUARD = 0.5
"""The longest one refusal may take here, loaded machine and all: only a hang guard."""


@contextlib.contextmanager
def hang_guard() -> Iterator[None]:
    """Turn a read that never ends into a failure (an endless iterator read to its end)."""
    def hung(*_: object) -> None:
        raise TimeoutError(f"a read took more than {HANG} s: it would never end")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def random_game(name: str, seed: int, moves: int | None = None, **options: Any) -> GameState[Any]:
    """A game played at random from ``seed``: ``moves`` moves, or to its end."""
    state = game_package(name).new_game(seed=seed, **{**QUICK[name], **options})
    return play_randomly(state, moves if moves is not None else 5_000, seed)


def positions(name: str) -> list[GameState[Any]]:
    """A few positions of the game to try inputs on: the start, and along random games."""
    played = [random_game(name, seed, moves) for seed, moves in ((0, 0), (1, 3), (2, 11))]
    return [state for state in played if not state.is_over()]


def legal_forms(state: GameState[Any]) -> set[str]:
    return {json.dumps(state.action_to_json(action), sort_keys=True)
            for action in state.legal_actions()}


names = pytest.mark.parametrize("name", GAME_NAMES)


# ----- the package and its metadata -----------------------------------------------------------
@names
def test_every_game_package_has_the_same_modules(name: str) -> None:
    for module in MODULES:
        assert importlib.util.find_spec(f"sailing_kit.{name}.{module}"), f"{name}.{module}"
    package = game_package(name)
    assert callable(package.new_game) and package.Board is package.board.Board


@names
def test_info_is_consistent_with_the_game(name: str) -> None:
    package = game_package(name)
    info = package.INFO
    assert isinstance(info, GameInfo) and info.name == name and info.title
    assert info.bots == tuple(package.bots.BOTS) and info.bots
    assert isinstance(info.players, range) and len(info.players) >= 1
    if info.players_option is None:
        assert len(info.players) == 1
        assert package.new_game(seed=0).num_players == info.players[0]
    else:
        for seats in (info.players[0], info.players[-1]):
            state = package.new_game(seed=0, **{info.players_option: seats})
            assert state.num_players == seats
        for seats in (info.players[0] - 1, info.players[-1] + 1):
            with pytest.raises(ConfigError):
                package.new_game(seed=0, **{info.players_option: seats})
    shared = {Outcome.SHARED_WIN, Outcome.SHARED_LOSS}
    assert info.outcome_kinds <= shared if info.cooperative else not info.outcome_kinds & shared


@names
def test_chance_and_hidden_information_are_as_info_says(name: str) -> None:
    info = game_package(name).INFO
    state = random_game(name, 3)
    assert (state.chance.draws > 0) == info.chance  # dice, shuffles or wind from the seed
    if info.players[-1] > 1:
        state = random_game(name, 3, 0, **({info.players_option: 2} if info.players_option else {}))
        seen = {state.view(seat).describe() for seat in range(state.num_players)}
        assert (len(seen) > 1) == info.hidden_information


@names
def test_the_board_offers_every_control_info_names(name: str) -> None:
    """The student-facing controls are buttons of the board (some appear only when they can be
    used: a seeded random game shows them all; the regatta's deal holds Flat calms)."""
    package = game_package(name)
    dealt = {"stack": ["straight", "flat_calm"] * 20} if name == "regatta" else QUICK[name]
    board = package.Board(package.new_game(seed=0, **dealt))
    chooser, seen = random.Random(0), set(board.buttons)
    for _ in range(300):
        if set(package.INFO.controls) <= seen or board.state.is_over():
            break
        if board.state.current_player == CHANCE:
            board.state.sample_chance()
            board.refresh()
        else:
            board.play(chooser.choice(board.state.legal_actions()))
        if getattr(board, "covered", False):
            board.reveal()  # a hot seat's player takes the screen
        seen |= set(board.buttons)
    assert set(package.INFO.controls) <= seen, set(package.INFO.controls) - seen


# ----- new_game, bots ---------------------------------------------------------------------------
@names
def test_new_game_takes_the_seed_first(name: str) -> None:
    new_game = game_package(name).new_game
    first = next(iter(inspect.signature(new_game).parameters.values()))
    assert first.name == "seed" and first.default is None
    assert new_game(7).seed == 7
    assert fingerprint(new_game(7)) == fingerprint(new_game(seed=7))
    for _, liar in liars(7):
        assert type(new_game(liar).seed) is int and new_game(liar).seed == 7
    for _, impostor in impostors(7)[4:]:
        with pytest.raises(ConfigError):
            new_game(impostor)


@names
def test_every_bot_plays_legal_moves(name: str) -> None:
    package = game_package(name)
    start = package.new_game(seed=1, **QUICK[name])
    while start.current_player == CHANCE:
        start.sample_chance()
    default, first = package.bots.make(seed=1), package.bots.make(package.INFO.bots[0], seed=1)
    assert default(start) == first(start)  # the first bot is the default
    for bot_name in package.INFO.bots:
        bot = package.bots.make(bot_name, seed=1)
        state = package.new_game(seed=1, **QUICK[name])
        for _ in range(25):
            if state.is_over():
                break
            if state.current_player == CHANCE:
                state.sample_chance()
                continue
            action = bot(state)
            assert json.dumps(state.action_to_json(action), sort_keys=True) in legal_forms(state), (
                f"the {bot_name} bot chose {action!r}, not a legal action")
            state.apply(action)
    with pytest.raises(ConfigError):
        package.bots.make("no such bot")


# ----- views ------------------------------------------------------------------------------------
@names
def test_every_seat_and_an_onlooker_have_a_view(name: str) -> None:
    package = game_package(name)
    for state in positions(name):
        for seat in [*range(state.num_players), None]:
            view = state.view(seat)
            assert isinstance(view.describe(), str) and view.describe().strip()
            assert isinstance(view.scene(), Scene)
            if not package.INFO.hidden_information:
                assert view is state
        for wrong in (state.num_players, -1, "0", 0.0, True):
            with pytest.raises(ConfigError):
                state.view(wrong)


def _calm_twins() -> tuple[GameState[Any], GameState[Any]]:
    calm = game_package("calm")
    other = [30, 31, 32, 33, 34, "start", 40, 41, 42, 43]
    first = calm.new_game(seed=0, players=2, decks=[[10, 11, 12, 13, 14, "start", 20, 21, 22, 23],
                                                     other])
    second = calm.new_game(seed=0, players=2, decks=[[20, 21, 22, 23, 14, "start", 10, 11, 12, 13],
                                                      other])
    return first, second


def _regatta_twins() -> tuple[GameState[Any], GameState[Any]]:
    regatta = game_package("regatta")
    cards = list(regatta.standard_deck().cards_in_order)
    random.Random(4).shuffle(cards)
    swap = next(start for start in range(10, len(cards) - 5)
                if sorted(cards[start:start + 5]) != sorted(cards[:5]))
    other = cards[:]
    other[:5], other[swap:swap + 5] = cards[swap:swap + 5], cards[:5]
    return (regatta.new_game(seed=0, players=2, stack=cards),
            regatta.new_game(seed=0, players=2, stack=other))


@pytest.mark.parametrize("twins", [_calm_twins, _regatta_twins], ids=["calm", "regatta"])
def test_a_seats_hidden_cards_are_in_no_other_view(twins) -> None:
    """Two games alike in all but seat 0's hand and its pile: every other view, in words and in
    the picture (its texts and shapes), is the same in both."""
    first, second = twins()
    assert first.view(0).describe() != second.view(0).describe()
    for viewer in (1, None):
        assert first.view(viewer).describe() == second.view(viewer).describe()
        assert first.view(viewer).scene().to_svg() == second.view(viewer).scene().to_svg()


# ----- the end of a game, JSON ------------------------------------------------------------------
@names
def test_a_finished_game_gives_each_player_an_outcome(name: str) -> None:
    info = game_package(name).INFO
    for seed in range(3):
        state = random_game(name, seed)
        assert state.is_over(), f"seed {seed}: the random game did not end"
        result = state.result
        assert len(result.outcomes) == state.num_players
        assert set(result.outcomes) <= info.outcome_kinds
        winning = {Outcome.WIN, Outcome.DRAW, Outcome.SHARED_WIN}
        assert result.winners == tuple(p for p, o in enumerate(result.outcomes) if o in winning)
        assert result.outcomes.count(Outcome.WIN) <= 1 and result.outcomes.count(Outcome.DRAW) != 1
        assert not (Outcome.WIN in result.outcomes and Outcome.DRAW in result.outcomes)
        if info.cooperative:
            assert len(set(result.outcomes)) == 1
        assert result.reason.startswith(result.headline) and result.cause
        before = fingerprint(state)
        with pytest.raises(IllegalAction, match="the game is over"):
            state.sample_chance()
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(state.action_to_json(state.history[-1]))
        assert fingerprint(state) == before


@names
def test_a_game_saves_and_loads_back_the_same(name: str) -> None:
    for state in [*positions(name), random_game(name, 5)]:
        text = state.to_json()
        loaded = type(state).from_json(text)
        assert loaded.to_json() == text and fingerprint(loaded) == fingerprint(state)


# ----- hostile objects --------------------------------------------------------------------------
def _refused(state: GameState[Any], value: object, what: str) -> None:
    before = fingerprint(state)
    started = time.perf_counter()
    with hang_guard(), pytest.raises(UnreadableAction) as refusal:
        state.apply(value)
    took = time.perf_counter() - started
    assert took < GUARD, f"{what}: refused in {took:.3f} s"
    assert str(refusal.value).strip(), what
    assert fingerprint(state) == before, f"refusing {what} changed the game"


@names
def test_hostile_objects_are_refused_at_once_changing_nothing(name: str) -> None:
    for state in positions(name):
        like = state.action_to_json(state.legal_actions()[0])
        for what, impostor in impostors(like):
            _refused(state, impostor, what)
        for junk in JUNK:
            for what, liar in liars(junk):
                _refused(state, liar, f"a {what} around {junk!r}")


@names
def test_lying_objects_are_read_as_what_they_hold(name: str) -> None:
    """A liar around a legal action's JSON form is read truthfully: as exactly that action."""
    for state in positions(name):
        for action in state.legal_actions()[:4]:
            form = state.action_to_json(action)
            for what, liar in liars(form):
                before = fingerprint(state)
                with hang_guard():
                    state.apply(liar)
                played = state.action_to_json(state.history[-1])
                assert played == form, f"a {what} around {form!r} was read as {played!r}"
                state.undo()
                assert fingerprint(state) == before
            if dataclasses.is_dataclass(action):  # the action itself, its fields lying
                for style in (0, 1):
                    lying = dataclasses.replace(action, **{
                        field.name: liars(getattr(action, field.name))[style][1]
                        for field in dataclasses.fields(action)})
                    with hang_guard():
                        state.apply(lying)
                    assert state.action_to_json(state.history[-1]) == form
                    state.undo()


@names
def test_hostile_options_are_refused_and_options_are_stored_plain(name: str) -> None:
    package = game_package(name)
    info = package.INFO
    option = info.players_option or "honour"
    low = info.players[0] if info.players_option else 0
    for big in (10**6, 10**100, -1):
        for _, liar in liars(big):
            with hang_guard(), pytest.raises(ConfigError):
                package.new_game(seed=0, **{option: liar})
    for what, liar in liars(low):
        state = package.new_game(seed=0, **{option: liar})
        assert type(getattr(state.options, option)) is int, what
    for _, impostor in impostors(low):
        with hang_guard(), pytest.raises(ConfigError):
            package.new_game(seed=0, **{option: impostor})
    text_option, text = TEXT_OPTIONS[name]
    for what, liar in liars(text):  # read as the text it holds
        with hang_guard():
            state = package.new_game(seed=0, **{text_option: liar})
        assert type(getattr(state.options, text_option)) is str, what
    for _, impostor in impostors(text):
        with hang_guard(), pytest.raises(ConfigError):
            package.new_game(seed=0, **{text_option: impostor})
    _assert_plain(package.new_game(seed=0).options)


def _assert_plain(value: object) -> None:
    """Every value of the options is a plain value (or one of the kit's own, made of them)."""
    import dataclasses
    from enum import Enum

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _assert_plain(getattr(value, field.name))
    elif isinstance(value, (tuple, dict)):
        assert type(value) in (tuple, dict)
        for item in (value if type(value) is tuple else [*value.keys(), *value.values()]):
            _assert_plain(item)
    else:
        assert value is None or type(value) in (bool, int, float, str) or isinstance(value, Enum)
