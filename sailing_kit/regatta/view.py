"""What one player may see of a card regatta: the water, the piles' sizes and their own hand.

The other players' hands and the order of the draw pile are hidden. A view holds only the words
and the picture made for its seat (:class:`~sailing_kit.core.view.SeenView`), so nothing hidden
can leak through it; ``None`` is the onlooker's view, every hand hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sailing_kit.core.view import SeenView, check_viewer
from sailing_kit.regatta.drawing import draw_table
from sailing_kit.regatta.words import describe_state

if TYPE_CHECKING:
    from sailing_kit.regatta.game import RegattaState


def seen_view(state: RegattaState, player: int | None) -> SeenView:
    """What ``player`` (a seat, 0-based) sees: the table and their own hand."""
    seat = check_viewer(player, state.num_players)
    return SeenView(seat, describe_state(state, seat), draw_table(state, seat))
