"""The race board: the whole of Race the Wind with friends or against bots."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from sailing_kit.core.bots import Bot
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.protocol import CHANCE
from sailing_kit.draw.scene import Scene
from sailing_kit.race.actions import Sail
from sailing_kit.race.boards.picker import TurnPicker
from sailing_kit.race.course_drawing import race_size, race_view
from sailing_kit.race.foresight import fouls_if, warning
from sailing_kit.race.game import Place, Protest, RaceState, Spin, Wait
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import TurnOption
from sailing_kit.race.wind import compass_name
from sailing_kit.widgets.board import CanvasBoard
from sailing_kit.widgets.ending import AnnouncesEnd, ranked, your_places
from sailing_kit.widgets.log import MessageLog
from sailing_kit.widgets.replay import Replay

TURN_SECONDS = 120
"""§2: "Each player must make their move within 2 minutes"."""
LAYERS = {"course_points": (N_("course points"), N_("Show the course points")),
          "cover_points": (N_("cover points"), N_("Show the cover points")),
          "zones": (N_("zones"), N_("Show the zones")),
          "laylines": (N_("laylines"), N_("Show the laylines"))}
"""Each layer of the picture: its switch's label and tooltip."""
HELP = N_("Click a blue dot to end your turn there (or ←/→ and Enter). Before the start, click "
          "one of the small blue dots to place your boat (or ←/→ and Enter). w waits, u undoes.")


class RaceBoard(TurnPicker, Replay, AnnouncesEnd, CanvasBoard):
    """A race on the table: click to place and to sail, protest and serve penalties with the
    buttons, toggle the layers, undo, replay the race with the slider, save and load it, and
    time each move if you like. ``bots`` maps seats to bots (see ``sailing_kit.race.bots``)."""

    state: RaceState

    def __init__(self, state: RaceState, *, bots: Mapping[int, Bot | str] | None = None):
        self.selected = 0
        self.spot = 0
        """The spot the keys have chosen while placing a boat."""
        self.last_moves: dict[str, tuple[Point, ...]] = {}
        """Each boat's last turn: where it stood, then each point it passed."""
        self.latest: str | None = None
        self._stood: dict[str, tuple[int, Boat]] = {
            boat.name: (len(track), boat) for boat, track in zip(state.boats, state.tracks)}
        self._warned_at: tuple[int, int] | None = None
        self._warned: dict[TurnOption, str] = {}
        self.layers = {name: self.switch(_(label), _(tooltip), control="layers",
                                         value=name == "zones")
                       for name, (label, tooltip) in LAYERS.items()}
        self.place_heading = self.named(
            widgets.Dropdown(options=[(compass_name(d), d.value) for d in Direction], value="NW",
                             description=_("Place facing"), layout={"width": "170px"}),
            "place_heading")
        self.actions_box = widgets.HBox()
        self.info = widgets.HTML(layout=widgets.Layout(width="330px"))
        self.messages = MessageLog(height="14em")
        self.logged = 0
        self.timer_on = self.named(widgets.Checkbox(description=_("2-minute turn timer"),
                                                    value=False), "timer")
        self.clock = widgets.Play(value=0, min=0, max=TURN_SECONDS, interval=1000,
                                  show_repeat=False, layout={"display": "none"})
        self.clock_label = widgets.Label()
        controls = [*self.layers.values(),
                    self.button(_("Undo"), _("Take back the last move (key u)"), self.undo,
                                "undo", control="undo")]
        side = [self.info, self.actions_box, self.place_heading, self.messages]
        more = [self.replay_slider("330px"), *self.save_and_load("race"),
                widgets.HBox([self.timer_on, self.clock_label]), self.clock]
        super().__init__(state, size=race_size(state), controls=controls, side=side,
                         more=more, bots=bots)
        for toggle in self.layers.values():
            toggle.observe(self._guarded(lambda _: self.redraw()), names="value")
        self.clock.observe(self._guarded(self._tick), names="value")
        self.timer_on.observe(self._guarded(self._toggle_timer), names="value")
        self.advance_bots()
        self.say(_(HELP))

    LIVE_AGAIN = N_("Back to the live race.")

    # ----- what is shown ---------------------------------------------------------------------------
    @property
    def options(self) -> list[TurnOption]:
        """The human's ends of turn this move (none while bots, chance or a replay act)."""
        state = self.state
        if self.replaying is not None or state.is_over() or state.placing \
                or state.current_player in (CHANCE, *self.bots) \
                or not any(isinstance(a, Sail) for a in state.legal_actions()):
            return []
        return state.turn_options()

    def scene(self) -> Scene:
        layers = {name: toggle.value for name, toggle in self.layers.items()}
        placing = self.state.placing and self.replaying is None and self.human_to_act
        spots = self._spots() if placing else []
        marker = spots[self.spot % len(spots)] if placing and self.spot else None
        live = self.replaying is None
        shown: RaceState = self.shown
        return shown.scene(options=self.options, selected=self.chosen, marker=marker,
                                spots=spots, you=self.you(), warned=self.warnings(),
                                last_moves=self.last_moves if live else {},
                                latest=self.latest if live else None, **layers)

    def you(self) -> list[str]:
        """The boats marked "(you)": the one sailed at this screen; with several people at the
        screen, the boat whose turn it is (theirs)."""
        humans = self.humans_at_screen
        if len(humans) == 1:
            return [self.state.names[humans[0]]]
        player = self.state.current_player
        return [self.state.names[player]] if self.human_to_act and player is not None else []

    def player_name(self, seat: int) -> str:
        return _("boat {name}", name=self.state.names[seat])

    def warnings(self) -> dict[TurnOption, str]:
        """The ends the umpire would penalise, with the warning (the engine's foresight), once
        per position."""
        key = (id(self.state), len(self.state.history))
        if self._warned_at != key:
            self._warned_at = key
            self._warned = {}
            for option in self.options:
                found = fouls_if(self.state, Sail(option.position, option.heading))
                if found:
                    self._warned[option] = warning(found)
        return self._warned

    def on_played(self, action: object) -> None:
        """Note each boat's last turn (the points it passed, from where it stood) from what the
        action changed, and log what happened, as it happens."""
        state = self.state
        for index, boat in enumerate(state.boats):
            before = self._stood.get(boat.name)
            track = state.tracks[index]
            if before is None:
                self.last_moves[boat.name], self.latest = (boat.position,), boat.name
            elif len(track) > before[0] or boat.heading != before[1].heading:
                self.last_moves[boat.name] = (before[1].position, *track[before[0]:])
                self.latest = boat.name
        self._note_where_boats_stand()
        for line in state.log[self.logged:]:
            self.messages.add(line)
        self.logged = len(state.log)

    def _note_where_boats_stand(self) -> None:
        self._stood = {boat.name: (len(track), boat)
                       for boat, track in zip(self.state.boats, self.state.tracks)}

    def after_change(self) -> None:
        state = self.state
        for line in state.log[self.logged:]:
            self.messages.add(line)
        self.logged = len(state.log)
        self.follow_live()
        self.info.value = self._info()
        self.renew(self.actions_box, self._action_buttons())
        self.place_heading.layout.display = None if state.placing else "none"
        self.clock.value = 0

    def end_words(self) -> str:
        """Who won, and the place of each boat sailed at the screen (the finishers in their
        order, then the others by the legs they have sailed)."""
        state = self.state
        finished = [[state.names.index(name)] for name in state.finished]
        others = [seat for seat in range(len(state.names)) if state.names[seat] not in
                  state.finished]
        order = finished + [[others[i] for i in group] for group in
                            ranked([state.legs[seat] for seat in others])]
        humans = [seat for seat in range(len(state.names)) if seat not in self.bots]
        return _("Race over: {reason}. {places}", reason=state.ended().reason,
                 places=your_places(order, humans, self.player_name)).strip()

    def _info(self) -> str:
        state = self.state
        if state.is_over():
            return f"<b>{html.escape(self.end_words())}</b>"
        if state.placing:
            return _("<b>Place boat {name}</b> (§3.1): click a blue dot, or ←/→ and Enter; the "
                     "boat faces the heading chosen below.", name=state.names[len(state.boats)])
        boat = state.boat
        line = html.escape(str(state).splitlines()[1 + state.turn])
        return (_("<b>{name} to play</b> · move {move} (start procedure)<br>{line}",
                  name=boat.name, move=state.move_number, line=line)
                if state.in_start_procedure else
                _("<b>{name} to play</b> · move {move} (race)<br>{line}", name=boat.name,
                  move=state.move_number, line=line))

    def _action_buttons(self) -> list[widgets.Button]:
        if self.replaying is not None:
            return []
        labels = {Wait: (_("Stand still"), "pause"), Spin: (_("Penalty turn"), "repeat")}
        buttons = []
        for action in self.state.legal_actions():
            if isinstance(action, Protest):
                buttons.append(self._turn_button(
                    _("Protest {name}", name=action.offender),
                    _("Claim a penalty against {name} (§3.4)", name=action.offender), action,
                    "flag"))
            elif isinstance(action, (Wait, Spin)):
                label, icon = labels[type(action)]
                sense = "" if isinstance(action, Wait) else (" ⟳" if action.clockwise else " ⟲")
                buttons.append(self._turn_button(label + sense, label, action, icon))
        return buttons

    def _turn_button(self, label: str, tooltip: str, action: object, icon: str) -> widgets.Button:
        return self.button(label, tooltip, lambda: self.play_turn(action), icon, control="turn")

    # ----- playing -----------------------------------------------------------------------------------
    def play_turn(self, action: object, success: str | None = None) -> None:
        if self.refuse_in_replay():
            return
        if self.play(action, success):
            self.selected = 0

    def sail(self, option: TurnOption) -> None:
        self.play_turn(Sail(option.position, option.heading),
                       _("{option}.", option=option.describe()))

    def on_click(self, x: float, y: float) -> None:
        if self.refuse_in_replay():
            return
        view = race_view(self.state)
        if self.state.placing:
            point = view.nearest(x, y)
            if point is not None:
                self.play_turn(Place(point, Direction(self.place_heading.value)),
                               _("Placed at {position}.", position=point))
            return
        option = self.option_at(view, x, y)
        if option is not None:
            self.sail(option)
            return
        point = view.nearest(x, y)
        if point is not None and not self.state.is_over():
            self.play_turn(Sail(point, self.state.boat.heading))  # the engine says why not

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self.state.placing and self.replaying is None:
            self._place_with_key(key)
            return
        if self.pick_with_key(key):
            return
        if key == "w":
            self.play_turn(Wait())
        elif key == "u":
            self.undo()

    def _spots(self) -> list[Point]:
        """Where the boat being placed may stand (from the engine's legal placements)."""
        return sorted({place.position for place in self.state.legal_actions()
                       if isinstance(place, Place)})

    def _place_with_key(self, key: str) -> None:
        """Before the start: ←/→ walk the allowed spots, Enter places the boat there."""
        spots = self._spots()
        if key in ("ArrowRight", "ArrowLeft"):
            self.spot = (self.spot + (1 if key == "ArrowRight" else -1)) % len(spots)
            self.redraw()
            self.say(_("Spot {number} of {count}: {position}. Press Enter to place the boat "
                       "there facing {heading}.", number=self.spot + 1, count=len(spots),
                       position=spots[self.spot],
                       heading=compass_name(Direction(self.place_heading.value))))
        elif key == "Enter":
            point = spots[self.spot % len(spots)]
            self.spot = 0
            self.play_turn(Place(point, Direction(self.place_heading.value)),
                           _("Placed at {position}.", position=point))

    def reset(self, new_game: bool) -> None:
        self.selected, self.spot = 0, 0
        self.last_moves, self.latest = {}, None
        self._note_where_boats_stand()
        self.stop_replay()
        self.messages.clear()
        for line in self.state.log:
            self.messages.add(line)
        self.logged = len(self.state.log)

    # ----- replay, save, load, timer ---------------------------------------------------------------
    def replay_caption(self, past: RaceState) -> str:
        return past.log[-1] if past.log else ""

    def _toggle_timer(self, change: dict[str, Any]) -> None:
        self.clock.value = 0
        self.clock.playing = change["new"]
        self.clock_label.value = _("{seconds} s", seconds=TURN_SECONDS) if change["new"] else ""

    def _tick(self, change: dict[str, Any]) -> None:
        if not self.timer_on.value:
            return
        left = TURN_SECONDS - change["new"]
        self.clock_label.value = _("{seconds} s left", seconds=left)
        if left <= 0 and self.options:
            self.sail(self.options[0])
            self.say(_("Time! Two minutes per move (§2): the boat kept its course."), "error")
