"""The five games as a class plays them, in the shape of the core API of issue #20 (``GameInfo``,
``bots.make``, ``state.view(player)``): the one adapter of the class package. Until every game
package exports ``INFO``, ``bots.make`` and ``view``, the entries below say it for them; when they
land, :class:`GameSpec` becomes ``package.INFO`` and this module shrinks to :func:`game_spec`.

Nothing here holds rules: each entry points at the game's own package.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from sailing_kit.core.bots import Bot, random_bot
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.protocol import GameState
from sailing_kit.draw.scene import Scene


@dataclass(frozen=True)
class GameSpec:
    """One game of the kit, seen from a class (the fields of the core API's ``GameInfo``)."""

    name: str
    title: str
    players: range
    players_option: str | None
    """The option that sets the number of seats (``None``: a game for one)."""
    hidden_information: bool
    """True where each seat holds cards the others must not see."""
    bots: tuple[str, ...]
    """The bots' names (levels); the first is the default."""
    pass_move: Any = None
    """The JSON form of the rules' pass, where they have one (the teacher's "skip a turn")."""

    @property
    def package(self) -> Any:
        return import_module(f"sailing_kit.{self.name}")

    def new(self, seed: int, options: dict[str, Any]) -> GameState[Any]:
        """A fresh game; ConfigError for bad options."""
        state: GameState[Any] = self.package.new_game(seed=seed, **options)
        return state

    def state_class(self) -> type[GameState[Any]]:
        return type(self.new(0, {}))

    def board_class(self) -> type:
        board: type = self.package.Board
        return board

    def make_bot(self, level: str | None = None, seed: int = 0) -> Bot:
        """The bot called ``level`` (the default one if None); ConfigError for another name."""
        level = level or self.bots[0]
        if level not in self.bots:
            raise ConfigError(f"{self.title} has no bot {level!r}: choose one of "
                              f"{', '.join(self.bots)}")
        return _BOT_MAKERS[self.name](level, seed)

    def describe(self, state: GameState[Any], seat: int | None) -> str:
        """The position in words as ``seat`` may read it (None: the public view)."""
        words: str = (state.view(seat).describe() if self.name == "calm"  # type: ignore[attr-defined]
                      else state.describe(seat) if self.hidden_information  # type: ignore[call-arg]
                      else state.describe())
        return words

    def public_scene(self, state: GameState[Any]) -> Scene:
        """The picture anyone may see: no seat's hidden cards."""
        scene: Scene = (state.scene(state.view(None)) if self.name == "calm"  # type: ignore[attr-defined, call-arg]
                        else state.scene(cover="Each hand is private")  # type: ignore[call-arg]
                        if self.name == "regatta" else state.scene())
        return scene


def _calm_bot(level: str, seed: int) -> Bot:
    from sailing_kit.calm.bots import STRATEGIES

    return STRATEGIES[level](seed)


def _regatta_bot(level: str, seed: int) -> Bot:
    from sailing_kit.regatta.bots import bot

    return bot(level, seed=seed) if level == "random" else bot(level)


def _race_bot(level: str, seed: int) -> Bot:
    if level == "random":
        return random_bot(seed)
    from sailing_kit.race.bots import make_bot

    return make_bot(level)  # type: ignore[return-value]


def _yacht_bot(level: str, seed: int) -> Bot:
    from sailing_kit.yacht.strategies import bot

    return bot(level, seed)


def _trireme_bot(level: str, seed: int) -> Bot:
    if level == "random":
        return random_bot(seed)
    from sailing_kit.trireme.bots import bot

    return bot(level)


_BOT_MAKERS: dict[str, Callable[[str, int], Bot]] = {
    "calm": _calm_bot, "regatta": _regatta_bot, "race": _race_bot, "yacht": _yacht_bot,
    "trireme": _trireme_bot}

ONE_SCREEN_ONLY = frozenset({"undo", "new_deal", "new_race", "restart", "show_map", "load_map",
                             "save", "load"})
"""The boards' buttons (by their callbacks' names, until the boards name their controls) that make
sense at one screen only: hidden at a class table, where every move stands."""

GAMES: dict[str, GameSpec] = {
    spec.name: spec for spec in (
        GameSpec("calm", "Calm", range(1, 6), "players", True,
                 ("planner", "greedy", "random")),
        GameSpec("regatta", "Card regatta", range(1, 5), "players", True,
                 ("sensible", "random"), "end_turn"),
        GameSpec("race", "Race the Wind", range(1, 6), "boats", False,
                 ("strong", "easy", "random"), {"wait": True}),
        GameSpec("yacht", "Jacht (dice)", range(1, 7), "players", False,
                 ("greedy", "optimal", "random")),
        GameSpec("trireme", "Sailboat against trireme", range(1, 2), None, False,
                 ("optimal", "pilot", "random")),
    )
}


def game_spec(name: Any) -> GameSpec:
    """The game called ``name``, or a ConfigError listing the games."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ConfigError(f"there is no game {name!r}: choose one of {', '.join(GAMES)}") from None
