"""What a game is, as data: its metadata (as OpenSpiel's game type), how a game ends for each
player, and the way from a game's name to its package.

The class server, the apps and the docs read a game's :data:`INFO` instead of branching on its
name: how many seats it has, whether chance moves, whether seats hold hidden cards, which bots
it offers and which of its board's controls a student uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from importlib import import_module
from types import ModuleType

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _


class Outcome(Enum):
    """How a finished game ended for one player."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    """Tied for first place with at least one other player."""
    SHARED_WIN = "shared win"
    """A cooperative game won by the whole team."""
    SHARED_LOSS = "shared loss"
    """A cooperative game lost by the whole team."""


WINNING = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.SHARED_WIN})
"""The outcomes of the players counted among a game's winners."""


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata: fixed for the game, whatever its options."""

    name: str
    """Short name, also the package's (``"calm"``) and the name written into saved games."""
    title: str
    players: range
    """The numbers of players the game allows (``range(1, 6)``: one to five)."""
    players_option: str | None
    """The option that sets the number of players, or ``None`` for a game of one seat."""
    chance: bool
    """Whether chance nodes occur (dice, shuffles, the wind)."""
    hidden_information: bool
    """Whether a seat holds what the others may not see (so ``view(seat)`` hides it)."""
    cooperative: bool
    """Whether the players win or lose together."""
    outcome_kinds: frozenset[Outcome]
    """The outcomes a finished game can give a player."""
    bots: tuple[str, ...]
    """The names of the game's bots (``bots.BOTS``); the first is the default."""
    controls: tuple[str, ...]
    """The board's student-facing controls: the buttons a player at a class table uses.
    Every other button (undo, new game, save, load, ...) is a one-screen or teacher tool."""


GAME_NAMES = ("race", "regatta", "trireme", "yacht", "calm")
"""The games of the kit, by the names of their packages."""


def game_package(name: object) -> ModuleType:
    """The package of the game called ``name`` (with its ``INFO``, ``new_game``, ``bots`` and
    ``Board``), or a :class:`ConfigError` listing the games."""
    if type(name) is not str or name not in GAME_NAMES:
        from sailing_kit.core.reading import shown

        raise ConfigError(_("there is no game {given}: choose one of {games}", given=shown(name),
                            games=", ".join(GAME_NAMES)))
    return import_module(f"sailing_kit.{name}")
