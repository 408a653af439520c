"""What one player may see of a game: the picture and the words, made for that seat alone.

A game with hidden information answers ``state.view(seat)`` with a view that holds only what
the seat may see; ``view(None)`` is the public view (no seat's hidden cards), the one for
spectators, replays and the teacher's projector. A game with no hidden information is its own
view (see :meth:`sailing_kit.core.protocol.GameState.view`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _
from sailing_kit.core.reading import shown

if TYPE_CHECKING:  # the core draws nothing itself: games hand it their pictures
    from sailing_kit.draw.scene import Scene


class View(Protocol):
    """What a view offers: the position in words and in a picture, as its viewer sees them."""

    def describe(self) -> str: ...

    def scene(self) -> Scene: ...


class _Seated(Protocol):
    @property
    def num_players(self) -> int: ...


S = TypeVar("S", bound=_Seated)


def check_viewer(player: object, players: int) -> int | None:
    """``player`` if it is a seat of a game of ``players`` (0-based) or ``None`` (an onlooker);
    a :class:`ConfigError` otherwise."""
    if player is None or (type(player) is int and 0 <= player < players):
        return player
    raise ConfigError(_("a view is seen from a seat, 0 to {last}, or by an onlooker (None), not "
                        "from {given}", last=players - 1, given=shown(player)))


def open_view(state: S, player: object) -> S:
    """The view of a game without hidden information: ``state`` itself, whoever looks (the
    seat is still checked, so a wrong one is caught here as in the other games)."""
    check_viewer(player, state.num_players)
    return state


@dataclass(frozen=True)
class SeenView:
    """A view made of what its viewer sees: the words and the picture drawn for that seat
    (nothing else of the state is kept, so nothing hidden can leak through it)."""

    viewer: int | None
    """The seat (0-based), or ``None`` for the public view."""
    text: str
    picture: Scene

    def describe(self) -> str:
        return self.text

    def scene(self) -> Scene:
        return self.picture
