"""The computer players of the dice games: each plays a game state with a strategy of
:mod:`sailing_kit.yacht.strategies`. It rolls at the start of a turn, asks its strategy, and
turns a kept multiset into the places of the dice to hold. In Tábornok every bot takes a big
general that wins at once.
"""

from __future__ import annotations

from typing import cast

from sailing_kit.core.bots import Bot, BotFactory, make_bot
from sailing_kit.yacht.game import Roll, YachtState
from sailing_kit.yacht.position import Keep, Score
from sailing_kit.yacht.strategies import STRATEGIES, Strategy, make_strategy


def held_places(dice: tuple[int, ...], keep: Keep) -> tuple[int, ...]:
    """The places (0-4) of dice showing ``keep``'s values, the leftmost of each value first."""
    places: list[int] = []
    for value in keep.dice:
        places.append(next(p for p, v in enumerate(dice) if v == value and p not in places))
    return tuple(sorted(places))


def _player(name: str, seed: int | None) -> Bot:
    """A bot playing the strategy ``name`` for any rule set (made for each on first use)."""
    strategies: dict[object, Strategy] = {}

    def play(state: YachtState) -> Roll | Score:
        position, dice = state.position(), state.dice
        if position is None or dice is None:
            return Roll()
        winning = [c for c in position.categories() if state.wins_at_once(c)]
        if winning:
            return Score(winning[0])
        if state.rules not in strategies:
            strategies[state.rules] = make_strategy(name, state.rules, seed or 0)
        choice = strategies[state.rules](position)
        if isinstance(choice, Keep):
            return Roll(held_places(dice, choice))
        return choice

    play.__name__ = f"{name} bot"
    return cast(Bot, play)


def _factory(name: str) -> BotFactory:
    return lambda seed: _player(name, seed)


BOTS: dict[str, BotFactory] = {name: _factory(name) for name in STRATEGIES}
"""The bots by name, one per strategy: "greedy" (the default: it needs no strategy table),
"optimal" (perfect solitaire play, from the solved table of the rules in use) and "random"."""


def make(name: str = "default", seed: int | None = None) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`; ``"default"`` is the greedy one)."""
    return make_bot(BOTS, name, seed)
