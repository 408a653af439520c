"""A Review button for boards of games with an exact solver: at the game's end it weighs every
decision of the people at the screen (:mod:`sailing_kit.core.review`) and steps through the game
with the replay controls (:mod:`sailing_kit.widgets.replay`).

In review, the slider shows the game after any move; ◀ and ▶ (or the arrow keys ← →) jump to
the previous or next decision. A strip shows every decision in its class's colour (the current
one outlined), the status line says what was chosen, what was best and what it cost, and the
board draws the decision's picture, the better choice beside the one made. Undo and a new game
end the review.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.review import Decision, Review, class_word
from sailing_kit.draw import palette
from sailing_kit.draw.review import LOOKS
from sailing_kit.widgets.replay import Replay

Reviewer = Callable[[Any, Iterable[int] | None], Review]
"""A game's review function: ``review(state, players)``."""


class Reviews(Replay):
    """A mixin for a :class:`~sailing_kit.widgets.board.CanvasBoard` whose game has a reviewer:
    put :meth:`review_controls` among the board's widgets, draw :meth:`reviewed` (the decision
    at the moment shown) in ``scene``, call :meth:`follow_review` in ``after_change``, and
    :meth:`end_review` in ``reset``."""

    review: Review | None = None
    """The review being stepped through, or None."""

    def review_controls(self, reviewer: Reviewer, width: str = "240px") -> list[widgets.Widget]:
        """The Review button and the review's panel (hidden until the button is pressed)."""
        self._reviewer = reviewer
        self.review_button = self.button(
            _("Review"), _("Weigh every decision of the game against optimal play (at the "
                           "game's end)"),
            self.start_review, icon="search", control="review")
        self.review_summary = widgets.HTML(layout=widgets.Layout(width=width))
        self.review_strip = widgets.HTML(layout=widgets.Layout(width=width))
        steps = widgets.HBox([
            self.button(_("◀ Decision"), _("The previous decision (key ←)"),
                        self.previous_decision, control="review"),
            self.button(_("Decision ▶"), _("The next decision (key →)"), self.next_decision,
                        control="review")])
        self.review_panel = widgets.VBox(
            [self.review_summary, self.replay_slider(width), steps, self.review_strip],
            layout=widgets.Layout(display="none"))
        self.review_panel.add_class("sk-review-panel")
        self.review_button.disabled = True
        return [self.review_panel]

    @property
    def reviewed_seats(self) -> list[int] | None:
        """The seats reviewed: the people at the screen (every seat when bots play them all)."""
        humans = [seat for seat in range(self.state.num_players) if seat not in self.bots]
        return humans or None

    def start_review(self, made: Review | None = None) -> None:
        """Weigh the finished game (or show ``made``, its review weighed elsewhere: a class
        server's) and show its first decision (the costliest in the words)."""
        if not self.state.is_over():
            self.say(_("The review weighs a finished game: play it to the end first."), "error")
            return
        try:
            self.review = made if made is not None else self._reviewer(self.state,
                                                                      self.reviewed_seats)
        except ConfigError as error:  # a map too big to solve, say
            self.say(_("No review of this game: {problem}", problem=error), "error")
            return
        self.review_panel.layout.display = "flex"
        self._show_summary()
        first = self.review.decisions[0].move if self.review.decisions else 0
        if self.replay.value == first:  # the slider does not move: show it by hand
            self.replaying = self.position_after(first)
            self.refresh()
            self.say(self.replay_caption(self.replaying))
        self.replay.value = first

    def end_review(self) -> None:
        """Leave the review (a new game, an undo): back to the live game."""
        self.review = None
        self.stop_replay()
        if hasattr(self, "review_panel"):
            self.review_panel.layout.display = "none"

    def reviewed(self) -> Decision | None:
        """The decision taken at the moment shown, when reviewing."""
        if self.review is None or self.replaying is None:
            return None
        return self.review.at(len(self.replaying.history))

    def previous_decision(self) -> None:
        self._step(-1)

    def next_decision(self) -> None:
        self._step(1)

    def review_key(self, key: str) -> bool:
        """Take ← and → while reviewing; True if the key was taken."""
        if self.review is None or key not in ("ArrowLeft", "ArrowRight"):
            return False
        self._step(-1 if key == "ArrowLeft" else 1)
        return True

    def _step(self, direction: int) -> None:
        if self.review is None:
            self.say(_("Press Review at the game's end to step through its decisions."), "error")
            return
        now = self.replay.value
        moves = [d.move for d in self.review.decisions
                 if (d.move > now if direction > 0 else d.move < now)]
        if not moves:
            self.say(_("That was the last decision.") if direction > 0
                     else _("That was the first decision."), "error")
            return
        self.replay.value = moves[0] if direction > 0 else moves[-1]

    def replay_caption(self, past: Any) -> str:
        decision = self.reviewed()
        if self.review is None:
            return ""
        if decision is None:
            return _("No decision here: ◀ and ▶ step from decision to decision.")
        number = self.review.decisions.index(decision) + 1
        scale = self.review.scale
        name = next(c.name for c in self.review.curves if c.seat == decision.seat)
        values = {"number": number, "decisions": len(self.review.decisions), "name": name,
                  "made": decision.made, "value_made": scale.value(decision.value_made)}
        if decision.kind == "best":
            return _("Decision {number} of {decisions}, {name}: {made}, the best choice "
                     "({value_made}).", **values)
        return _("Decision {number} of {decisions}, {name}: {made}, best was {best} ({value_best} "
                 "against {value_made}): {kind}, it cost {cost}.", **values, best=decision.best,
                 value_best=scale.value(decision.value_best), kind=class_word(decision.kind),
                 cost=scale.cost(decision.cost))

    def follow_review(self) -> None:
        """Keep the Review button and the strip up to date (call in ``after_change``)."""
        self.follow_live()
        self.review_button.disabled = not self.state.is_over()
        if self.review is not None:
            self._show_strip()

    def _show_summary(self) -> None:
        review = self.review
        assert review is not None
        scale = review.scale
        lines = ["<b>" + escape(_("Review")) + "</b>: "
                 + escape(_("each decision's cost in {measure}", measure=_(scale.measure)))]
        for totals in review.totals:
            lines.append(escape(n_("{name}: {count} decision, mean cost {cost}",
                                   "{name}: {count} decisions, mean cost {cost}",
                                   totals.decisions, name=totals.name,
                                   cost=scale.cost(totals.mean))))
        self.review_summary.value = "<br>".join(lines)

    def _show_strip(self) -> None:
        review = self.review
        assert review is not None
        current = self.reviewed()
        cells = []
        for decision in review.decisions:
            colour, sign = LOOKS[decision.kind]
            edge = palette.INK if decision is current else "#FFFFFF"
            told = _("move {move}: {made}", move=decision.move + 1, made=decision.made)
            cells.append(f"<span title='{escape(told)} "
                         f"({sign} {escape(class_word(decision.kind))})' "
                         "style='display:inline-block;width:9px;"
                         f"height:16px;margin:1px;background:{colour};outline:2px solid {edge}'>"
                         "</span>")
        self.review_strip.value = f"<div aria-hidden='true' style='line-height:12px'>" \
            f"{''.join(cells)}</div>"
