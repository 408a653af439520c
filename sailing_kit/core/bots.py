"""Computer players, and letting them (and chance) move until a human's turn."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _
from sailing_kit.core.protocol import CHANCE, GameState
from sailing_kit.core.reading import shown

Bot = Callable[[GameState[Any]], Any]
"""A bot is any function from a state to one of its legal actions (it must not change the state)."""
BotFactory = Callable[[int | None], Bot]
"""Makes a bot from a seed (``None``: a fresh one); deterministic bots ignore it."""


def make_bot(registry: Mapping[str, BotFactory], name: object = "default",
             seed: int | None = None) -> Bot:
    """The bot called ``name`` in a game's ``registry`` (``"default"``: the first one), or a
    :class:`ConfigError` listing the names."""
    if name == "default" and type(name) is str:
        name = next(iter(registry))
    if type(name) is not str or name not in registry:
        raise ConfigError(_("there is no bot {given}: choose one of {bots}", given=shown(name),
                            bots=", ".join(registry)))
    return registry[name](seed)


def named_bots(game: str, bots: Mapping[int, Bot | str] | None) -> dict[int, Bot]:
    """``bots`` (seat -> bot) with each bot given by name (``"planner"``) made by the game's
    ``bots.make``; bots given as functions are kept."""
    made: dict[int, Bot] = {}
    for seat, bot in (bots or {}).items():
        if isinstance(bot, str):
            from sailing_kit.core.info import game_package

            made[seat] = game_package(game).bots.make(bot)
        else:
            made[seat] = bot
    return made


def random_bot(seed: int | None = 0) -> Bot:
    """A bot that picks uniformly among the legal actions, reproducibly for a given seed."""
    chooser = random.Random(seed)

    def choose(state: GameState[Any]) -> Any:
        return chooser.choice(state.legal_actions())

    choose.__name__ = "random"
    return choose


def advance(state: GameState[Any], bots: Mapping[int, Bot], *, chance: bool = True,
            on_action: Callable[[Any], None] | None = None, max_steps: int = 10_000) -> list[Any]:
    """Let the bots of ``bots`` (player number -> bot) play, and sample chance if ``chance``,
    until a human must act (or roll) or the game is over. ``on_action(action)`` is called right
    after each action, with the state as it then stands. Returns the actions played, in order."""
    played = []
    for _step in range(max_steps):
        player = state.current_player
        if player is None:
            break
        if player == CHANCE and chance:
            action = state.sample_chance()
        elif player in bots:
            action = bots[player](state)
            state.apply(action)
        else:
            break
        played.append(action)
        if on_action is not None:
            on_action(action)
    return played
