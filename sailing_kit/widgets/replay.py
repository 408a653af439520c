"""A Replay slider for boards: drag it back to see the game as it stood after any move.

While the slider is away from its end the board shows that earlier position (``shown``) and
plays nothing; at the end it is the live game again. Shared by the race, Calm and regatta boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from sailing_kit.core.i18n import N_, _

if TYPE_CHECKING:
    from sailing_kit.widgets.board import CanvasBoard as _Board
else:
    _Board = object

REPLAY_ONLY = N_("This is a replay: drag the slider to the end to play on.")
LIVE_AGAIN = N_("Back to the live game.")


class Replay(_Board):
    """A mixin for a :class:`~sailing_kit.widgets.board.CanvasBoard`: build the slider with
    :meth:`replay_slider`, draw :attr:`shown`, call :meth:`follow_live` in ``after_change`` and
    :meth:`refuse_in_replay` before taking a move."""

    replaying: Any = None
    """The earlier position shown, or None for the live game."""
    LIVE_AGAIN = LIVE_AGAIN
    """What the status line says back at the live game (marked, translated where said)."""

    def replay_slider(self, width: str = "300px") -> widgets.IntSlider:
        self.replay = widgets.IntSlider(description=_("Replay"), min=0, max=0, value=0,
                                        continuous_update=False,
                                        tooltip=_("Drag back to see the game after any move"),
                                        layout=widgets.Layout(width=width))
        self._moving_slider = False
        self.replay.observe(self._guarded(self._scrub), names="value")
        return self.named(self.replay, "replay")

    @property
    def shown(self) -> Any:
        """The position on the canvas: the live game, or the moment of the replay."""
        return self.state if self.replaying is None else self.replaying

    def position_after(self, moves: int) -> Any:
        """The game as it stood after its first ``moves`` moves (chance included)."""
        past = self.state.copy()
        while len(past.history) > moves:
            past.undo()
        return past

    def follow_live(self) -> None:
        """Keep the slider's end at the last move; a live game keeps the slider there."""
        self._moving_slider = True
        try:
            moves = len(self.state.history)
            if self.replaying is not None and self.replay.value >= moves:
                self.replaying = None
            self.replay.max = moves
            if self.replaying is None:
                self.replay.value = moves
        finally:
            self._moving_slider = False

    def stop_replay(self) -> None:
        """Back to the live game without a word (a new game, a loaded one, an undo)."""
        self.replaying = None

    def refuse_in_replay(self) -> bool:
        """True (and say so) while a replay is shown: moves wait for the live game."""
        if self.replaying is None:
            return False
        self.say(_(REPLAY_ONLY), "error")
        return True

    def replay_caption(self, past: Any) -> str:
        """A word on the moment shown (the race names its last event)."""
        return ""

    def _scrub(self, change: dict[str, Any]) -> None:
        if self._moving_slider:
            return
        moves, played = change["new"], len(self.state.history)
        if moves >= played:
            was_replaying = self.replaying is not None
            self.replaying = None
            self.refresh(_(self.LIVE_AGAIN) if was_replaying else None)
            return
        self.replaying = self.position_after(moves)
        self.refresh()
        caption = self.replay_caption(self.replaying)  # what matters first, in the short line
        self.say(_("{caption} (Replay: after move {moves} of {played})", caption=caption,
                   moves=moves, played=played) if caption
                 else _("Replay: after move {moves} of {played}.", moves=moves, played=played))
