"""The points-of-sail board: one boat, its wind, and every end of its turn (section 2)."""

from __future__ import annotations

import dataclasses
import html

import ipywidgets as widgets

from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _
from sailing_kit.draw.scene import Scene
from sailing_kit.race.actions import Sail, WindShift
from sailing_kit.race.boards.picker import TurnPicker
from sailing_kit.race.drill import DrillState, new_drill
from sailing_kit.race.sailing import TurnOption
from sailing_kit.race.wind import compass_name
from sailing_kit.widgets.board import CanvasBoard

KEYS_HELP = N_("Keys (click the board first): ←/→ choose an option, Enter sails it; "
                "q/e turn the boat, a/d turn the wind, u undoes, r rolls the compass die.")


class PointsOfSailBoard(TurnPicker, CanvasBoard):
    """Turn the wind and the boat, see the point of sail and every end of this turn; click a
    blue dot (or choose with the arrow keys and press Enter) to sail there."""

    state: DrillState

    def __init__(self, state: DrillState | None = None):
        state = state if state is not None else new_drill(seed=0)
        self.selected = 0
        self.last: tuple[Point, ...] = ()
        """The last turn sailed: where the boat stood, then each point it passed."""
        self.first = DrillState(state.seed, state.options)
        """The true start, where Restart goes back to (the Wind and Boat buttons set up the
        drill again from where the boat is)."""
        self.info = widgets.HTML(layout=widgets.Layout(width="300px"))
        controls = [
            self._turner(_("Wind"), "wind", -1, _("Turn the wind 45° anticlockwise (key a)")),
            self._turner(_("Wind"), "wind", +1, _("Turn the wind 45° clockwise (key d)")),
            self._turner(_("Boat"), "heading", -1, _("Turn the boat 45° anticlockwise (key q)")),
            self._turner(_("Boat"), "heading", +1, _("Turn the boat 45° clockwise (key e)")),
        ]
        self.roll_button = self.button(_("Roll die"), _("Roll the compass die (key r)"),
                                       self.roll, icon="random", control="roll")
        controls += [
            self.roll_button,
            self.button(_("Undo"), _("Take back the last turn (key u)"), self.undo, icon="undo",
                        control="undo"),
            self.button(_("Restart"), _("Back to the start position"), self.restart,
                        icon="refresh", control="restart"),
        ]
        super().__init__(state, size=state.grid_view().size, controls=controls, side=[self.info],
                         auto_chance=False)
        self.after_change()
        self.say(_(KEYS_HELP))

    def _turner(self, label: str, what: str, steps: int, tooltip: str) -> widgets.Button:
        icon = "rotate-left" if steps < 0 else "rotate-right"
        return self.button(label, tooltip, lambda: self.rotate(what, steps), icon=icon,
                           control=what)

    # ----- engine-driven behaviour --------------------------------------------------------------
    @property
    def options(self) -> list[TurnOption]:
        state: DrillState = self.state
        return [] if state.is_over() or state.awaiting_wind else state.turn_options()

    def rotate(self, what: str, steps: int) -> None:
        """Set up the drill again from where the boat is, with the wind or the boat turned."""
        state: DrillState = self.state
        if state.position == state.options.mark:
            self.say(_("The boat is on the mark: press Restart first."), "error")
            return
        current = {"wind": state.wind, "heading": state.heading}
        current[what] = current[what].rotate(steps)
        options = dataclasses.replace(state.options, start=state.position, **current)
        self.state = DrillState(state.seed, options)
        self.selected, self.last = 0, ()
        sailing = self.state.point_of_sail.words
        self.refresh(_("Wind turned: now {sailing}.", sailing=sailing) if what == "wind" else
                     _("Boat turned: now {sailing}.", sailing=sailing))

    def restart(self) -> None:
        self.state = self.first.copy()
        self.selected, self.last = 0, ()
        self.refresh(_("Back at the start."))

    def roll(self) -> None:
        if not self.state.awaiting_wind:
            self.say(_("No roll is due: the compass die is rolled only when the drill asks for "
                       "a new wind (sail on first)."), "error")
            return
        outcome = self.state.sample_chance()
        assert isinstance(outcome, WindShift)  # chance turns only the wind
        self.refresh(_("The compass die says: wind from {wind}.", wind=compass_name(outcome.wind)))

    def sail(self, option: TurnOption) -> None:
        previous, self.last = self.last, (self.state.position, *option.path)
        if not self.play(Sail(option.position, option.heading)):
            self.last = previous
            return
        self.selected = 0
        reason = self.state.ended().reason if self.state.is_over() else ""
        self.say(_("Sailed: {option}. {reason}!", option=option.describe(),
                   reason=reason[:1].upper() + reason[1:]) if reason else
                 _("Sailed: {option}.", option=option.describe()), "good")

    # ----- events ------------------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        option = self.option_at(self.state.grid_view(), x, y)
        if option is not None:
            self.sail(option)
            return
        point = self.state.grid_view().nearest(x, y)
        if point is not None:  # let the engine say why this is not a legal end
            self.play(Sail(point, self.state.heading))

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self.pick_with_key(key):
            return
        if key in ROTATIONS:
            self.rotate(*ROTATIONS[key])
        elif key == "u":
            self.undo()
        elif key == "r":
            self.roll()

    # ----- drawing ------------------------------------------------------------------------------
    def scene(self) -> Scene:
        return self.state.scene(selected=self.chosen, last=self.last)

    def reset(self, new_game: bool) -> None:
        self.last = ()

    def after_change(self) -> None:
        state: DrillState = self.state
        sailing = state.point_of_sail
        side = state.tack.words if state.tack else _("no tack (head to wind)")
        self.roll_button.disabled = not state.awaiting_wind
        self.info.value = _(
            "<b>{sailing}</b>, {tack}<br>Angle to the wind: {angle}°<br>This turn: {allowance}."
            "<br>Ends reachable: {ends}<br>Turns sailed: {turns}",
            sailing=html.escape(sailing.words.capitalize()), tack=side, angle=sailing.angle,
            allowance=html.escape(sailing.allowance), ends=len(self.options), turns=state.turns)


ROTATIONS = {"q": ("heading", -1), "e": ("heading", 1), "a": ("wind", -1), "d": ("wind", 1)}


__all__ = ["PointsOfSailBoard"]
