"""The five games as a class plays them: how many seats, which bot fills an empty one, what a
seat may read about the position, and the public picture the teacher's dashboard shows.

Nothing here holds rules: each entry points at the game's own package.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from sailing_kit.core.bots import Bot
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.protocol import GameState
from sailing_kit.draw.scene import Scene


@dataclass(frozen=True)
class GameSpec:
    """One game of the kit, seen from a class."""

    name: str
    title: str
    seats_option: str | None
    """The option that sets the number of players (``None``: a game for one)."""
    make_bot: Callable[[], Bot]
    private_hands: bool
    """True where each seat holds cards the others must not see (its own view and words)."""

    @property
    def package(self) -> Any:
        return import_module(f"sailing_kit.{self.name}")

    def new(self, seed: int, options: dict[str, Any]) -> GameState[Any]:
        """A fresh game; ConfigError for bad options."""
        return self.package.new_game(seed=seed, **options)

    def state_class(self) -> type[GameState[Any]]:
        return type(self.new(0, {}))

    def board_class(self) -> type:
        return self.package.Board

    def describe(self, state: GameState[Any], seat: int) -> str:
        """The position in words as ``seat`` may read it (its own hand only)."""
        return state.describe(seat) if self.private_hands else state.describe()  # type: ignore[call-arg]

    def public_scene(self, state: GameState[Any]) -> Scene:
        """The picture anyone may see: no seat's hidden cards."""
        if self.name == "calm":
            return state.scene(state.view(None))  # type: ignore[attr-defined,call-arg]
        if self.name == "regatta":
            return state.scene(cover="Each hand is private")  # type: ignore[call-arg]
        return state.scene()


def _calm_bot() -> Bot:
    from sailing_kit.calm.bots import planner_bot

    return planner_bot()


def _regatta_bot() -> Bot:
    from sailing_kit.regatta.bots import sensible_bot

    return sensible_bot()


def _race_bot() -> Bot:
    from sailing_kit.race.bots import make_bot

    return make_bot("strong")  # type: ignore[return-value]


def _yacht_bot() -> Bot:
    from sailing_kit.yacht.strategies import bot

    return bot("greedy")


def _trireme_bot() -> Bot:
    from sailing_kit.trireme.bots import optimal_bot

    return optimal_bot()


GAMES: dict[str, GameSpec] = {
    spec.name: spec for spec in (
        GameSpec("calm", "Calm", "players", _calm_bot, private_hands=True),
        GameSpec("regatta", "Card regatta", "players", _regatta_bot, private_hands=True),
        GameSpec("race", "Race the Wind", "boats", _race_bot, private_hands=False),
        GameSpec("yacht", "Jacht (dice)", "players", _yacht_bot, private_hands=False),
        GameSpec("trireme", "Sailboat against trireme", None, _trireme_bot, private_hands=False),
    )
}


def game_spec(name: str) -> GameSpec:
    """The game called ``name``, or a ConfigError listing the games."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ConfigError(f"there is no game {name!r}: choose one of {', '.join(GAMES)}") from None
