"""Computer players, and letting them (and chance) move until a human's turn."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from sailing_kit.core.protocol import CHANCE, GameState

Bot = Callable[[GameState[Any]], Any]
"""A bot is any function from a state to one of its legal actions (it must not change the state)."""


def random_bot(seed: int = 0) -> Bot:
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
    for _ in range(max_steps):
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
