"""The duel's board: the map, both boats, the wind and the die; choose a heading, spend Honour,
roll, choose the distance; the advisor's chance to win for each choice; log, undo, save and load,
and a map loaded from text.

It holds no rules: clicks and keys become engine actions, and a refused one shows the engine's
own words in the status line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets

from sailing_kit.core.bots import Bot
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point, chebyshev, step
from sailing_kit.core.i18n import N_, _, percent
from sailing_kit.draw.scene import Scene
from sailing_kit.trireme.actions import Sail, Steer
from sailing_kit.trireme.advisor import Advice, advise, advisor_note, ready_solution
from sailing_kit.trireme.bots import best_choice
from sailing_kit.trireme.drawing import layout_of
from sailing_kit.trireme.game import TriremeState, capitalized, new_game
from sailing_kit.trireme.maps import SHIPPED, load_map, parse_map
from sailing_kit.trireme.reviewer import review
from sailing_kit.trireme.rules import Phase, squares_allowed
from sailing_kit.trireme.solver import Solution
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard
from sailing_kit.widgets.ending import AnnouncesEnd
from sailing_kit.widgets.kernel import from_any_thread
from sailing_kit.widgets.log import MessageLog
from sailing_kit.widgets.reviewing import Reviews

HEADING_KEYS = {"q": Direction.NW, "w": Direction.N, "e": Direction.NE, "a": Direction.W,
                "d": Direction.E, "z": Direction.SW, "x": Direction.S, "c": Direction.SE}
KEYS_HELP = N_("Click the map in the direction to sail (or keys q w e / a d / z x c), h spends an "
             "Honour point, r rolls; after the roll click square 1 or 2 (keys 1, 2). p: advisor, "
             "o: the optimal helmsman plays, u: undo. At the end, Review weighs every choice "
             "(← → step through it).")


class Board(Reviews, AnnouncesEnd, CanvasBoard):
    """Play the duel. ``advisor=True`` starts with the advisor shown; ``bots={0: "optimal"}``
    lets the optimal helmsman sail the whole game. At the game's end, Review weighs every choice
    (:func:`~sailing_kit.trireme.reviewer.review`)."""

    state: TriremeState

    def __init__(self, state: TriremeState | None = None, *, advisor: bool = False,
                 bots: Mapping[int, Bot | str] | None = None):
        state = state if state is not None else new_game(seed=0)
        self.heading: Direction | None = None
        self.last: tuple[Point, ...] = ()
        """The sailboat's last move: where it stood, then each square it entered."""
        self.rowed_from: int | None = None
        """The trireme's square number before its last advance."""
        self._stood = (len(state.track), state.boat, state.trireme)
        self._advised_for: tuple[int, tuple[object, ...]] | None = None
        self._advice: Advice | None = None
        self._awaited: tuple[object, ...] | None = None  # the map being solved in the background
        self.messages = MessageLog(height="14em")
        self.advisor = self.switch(_("Advisor"), _("Show each choice's chance to win with "
                                   "perfect play (key p)"), control="advisor",
                                   icon="lightbulb-o", value=advisor)
        self.honour = self.switch(_("Honour +1"), _("Spend an Honour point: +1 to the roll, 7 "
                                  "counts as 6 (key h)"), control="honour", icon="star")
        self.roll_button = self.button(_("Roll"), _("Roll the die for the heading chosen (key "
                                       "r)"), self.roll, icon="random", control="roll")
        self.map_text = widgets.Textarea(placeholder=_("a map (see sailing_kit.trireme.maps)"),
                                         layout=widgets.Layout(width="240px", height="14em"))
        map_box = widgets.VBox([self.map_text, widgets.HBox([
            self.button(_("Show map"), _("Write this game's map above"), self.show_map,
                        icon="map", control="show_map"),
            self.button(_("Load map"), _("Start a game on the map written above"),
                        self.load_map, icon="upload", control="load_map")])])
        self.messages.layout.width = "240px"
        review_panel = self.review_controls(review)
        controls = [self.roll_button, self.honour, self.advisor,
                    self.button(_("Helmsman"), _("Let the optimal helmsman make this choice "
                                "(key o)"), self.helmsman, icon="ship", control="helmsman"),
                    self.button(_("Undo"), _("Take back your last choice (key u)"), self.undo,
                                icon="undo", control="undo"),
                    self.button(_("New game"), _("A new game on this map, with a new seed"),
                                self.restart, icon="refresh", control="new_game"),
                    self.review_button]
        more = [*self.save_and_load(width="240px"), map_box]
        super().__init__(state, size=layout_of(state.sea).size, controls=controls,
                         side=[self.messages, *review_panel], more=more, bots=bots)
        for toggle in (self.advisor, self.honour):
            toggle.observe(lambda _: self._guarded(self._toggled)(), "value")
        self.advance_bots()
        self.say(_(KEYS_HELP))

    # ----- choices ------------------------------------------------------------------------------
    def choose_heading(self, heading: Direction) -> None:
        """Set the heading to roll for (not played until Roll)."""
        if not self._ready(_("choose a heading")):
            return
        self.heading = heading
        self.redraw()
        allowed = squares_allowed(heading, self.state.wind)
        reach = _("no move (head to wind)") if allowed == (0,) else _("1 square") \
            if allowed == (1,) else _("1 or 2 squares")
        self.say(_("Heading {heading}: {reach} if the wind from {wind} holds. Press Roll (key r) "
                   "to roll the die.", heading=heading.letters, reach=reach,
                   wind=self.state.wind.letters))

    def roll(self) -> None:
        """Play the heading (and the Honour point) chosen; the die rolls at once."""
        if not self._ready(_("roll")):
            return
        if self.heading is None:
            self.say(_("Choose a heading first: click the map in the direction to sail (or "
                       "keys q w e / a d / z x c)."), "error")
            return
        if self.play(Steer(self.heading, self.honour.value)):
            self._after_turn()

    def sail(self, squares: int) -> None:
        if self.play(Sail(squares)):
            self._after_turn()

    def helmsman(self) -> None:
        """Let the optimal helmsman make the choice open now."""
        if self.state.is_over() or not self.human_to_act:
            self.say(_("There is no choice to make now."), "error")
            return
        solution = self._solution()
        if solution is None:
            self.say(_("The helmsman needs the solved map. {note}",
                       note=advisor_note(self.state) or ""), "error")
            return
        action = best_choice(self.state, solution)
        if isinstance(action, Steer):
            self.heading = action.heading
            self.honour.value = action.honour
            self.roll()
        else:
            self.sail(action.squares)

    def _ready(self, what: str) -> bool:
        """True if a heading may be chosen or rolled now; else say why not."""
        if self.state.is_over():
            self.say(_("The game is over ({reason}): press New game.",
                       reason=self.state.ended().reason), "error")
            return False
        if self.state.phase is Phase.SAIL:
            self.say(_("First choose how far to sail: click square 1 or 2 on your heading "
                       "{heading} (keys 1, 2); then {what}.", heading=self.state.heading.letters,
                       what=what), "error")
            return False
        return True

    def _after_turn(self) -> None:
        """Say what happened (the choices were cleared when the move was played)."""
        news = " ".join(line for line in self.state.news
                        if not getattr(line, "english", line).startswith("Turn ")
                        or self.state.is_over())
        if self.state.is_over():  # the news tells how; say plainly who won
            self.say(_("{news} Game over: {winner}", news=news, winner=self._winner()), "good")
        elif self.state.phase is Phase.SAIL:
            self.say(_("{news} Click square 1 or 2 (keys 1, 2).", news=news), "good")
        else:
            self.say(_("{news} Turn {turn}: choose your heading.", news=news,
                       turn=self.state.turn), "good")

    UNDONE = N_("Move taken back: the same seed will roll the same die again.")

    def _winner(self) -> str:
        return _("you won!") if self.state.ended().winners else _("the trireme won.")

    def end_words(self) -> str:
        cause = self.state.ended().cause
        return _("Game over: {winner} {cause}.", winner=self._winner(), cause=capitalized(cause))

    def reset(self, new_game: bool) -> None:
        self.last, self.rowed_from = (), None
        self._stood = (len(self.state.track), self.state.boat, self.state.trireme)
        self.end_review()
        self.heading = None
        self._clear_honour()
        if new_game:
            self.messages.clear()
        else:
            self.messages.add(_("(moves taken back)"))

    def restart(self) -> None:
        self.start(TriremeState(self.state.seed + 1, self.state.options), _("New game."))

    # ----- saving and maps ------------------------------------------------------------------------
    def show_map(self) -> None:
        self.map_text.value = self.state.sea.to_text()
        self.say(_("This game's map is in the box: edit it and press Load map."))

    def load_map(self) -> None:
        """A new game on the map written in the box (same seed and Honour points)."""
        try:
            parse_map(self.map_text.value)
            state = TriremeState.new(self.state.seed, map=self.map_text.value,
                                     honour=self.state.options.honour,
                                     wind=self.state.options.wind)
        except ConfigError as error:
            self.say(_("Map not loaded: {error}", error=error), "error")
            return
        self.start(state, _("New game on the map {map}.", map=repr(_(state.sea.name))))

    # ----- advisor --------------------------------------------------------------------------------
    def advice(self) -> Advice | None:
        """The advisor's view of the choice open now (None when off or not the human's choice)."""
        if not self.advisor.value or not self.human_to_act:
            return None
        position = (id(self.state), tuple(self.state.history))
        if self._advised_for != position:  # a redraw of the same position asks the solver once
            solution = self._solution()
            self._advised_for = position
            self._advice = None if solution is None else advise(self.state, solution)
        return self._advice

    def _solution(self) -> Solution | None:
        """The map's solution when it is ready without waiting; else None, and a big map is
        being solved in the background, after which the board draws the advice."""
        options = self.state.options
        solving = (self.state.sea, options.honour, options.steer_at_trireme)
        awaited = self._awaited == solving  # its end is already awaited
        solution = ready_solution(self.state, None if awaited else from_any_thread(self._solved))
        self._awaited = solving if solution is None else None
        return solution

    def _solved(self) -> None:
        """The background solve has finished (called on the kernel's loop)."""
        self._awaited = self._advised_for = None
        if self.advisor.value:
            self._toggled()
        else:
            self.redraw()
            self.say(_("The map is solved: the helmsman and the advisor are ready."), "good")

    _quiet = False

    def _clear_honour(self) -> None:
        """Switch the Honour point off without the toggle's own repaint (the move repaints)."""
        self._quiet = True
        try:
            self.honour.value = False
        finally:
            self._quiet = False

    def _toggled(self) -> None:
        if self._quiet:
            return
        self.redraw()
        advice = self.advice()
        if advice is not None:
            self.say(_("Advisor on: playing perfectly from here you win {chance} of games; "
                       "each choice shows its own chance to win.",
                       chance=percent(advice.value, 1)))
        elif self.advisor.value and self.human_to_act and advisor_note(self.state):
            self.say(advisor_note(self.state) or "")

    # ----- events ---------------------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        if self.refuse_in_replay():
            return
        layout = layout_of(self.state.sea)
        if self.state.phase is Phase.SAIL and not self.state.is_over():
            square = layout.square_at(x, y)
            boat, heading = self.state.boat, self.state.heading
            distance = chebyshev(boat, square) if square else 0
            if square and distance and step(boat, heading, distance) == square:
                self.sail(distance)
            else:
                self.say(_("Click square 1 or 2 on your heading {heading} (keys 1, 2).",
                           heading=heading.letters), "error")
            return
        towards = layout.heading_towards(self.state.boat, x, y)
        if towards is not None:
            self.choose_heading(towards)

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        actions: dict[str, Callable[[], None]] = {
            "r": self.roll, "Enter": self.roll, " ": self.roll, "u": self.undo,
            "o": self.helmsman, "1": lambda: self.sail(1), "2": lambda: self.sail(2),
            "h": lambda: setattr(self.honour, "value", not self.honour.value),
            "p": lambda: setattr(self.advisor, "value", not self.advisor.value),
        }
        if self.review_key(key) or (key != "u" and self.refuse_in_replay()):
            return
        if key in HEADING_KEYS:
            self.choose_heading(HEADING_KEYS[key])
        elif key in actions:
            actions[key]()

    def describe(self) -> str:
        """The position in words, with the choice made on the board but not yet rolled and, when
        the advisor is on, its chances."""
        lines = [self.state.describe()]
        if self.heading is not None and self.state.phase is Phase.STEER:
            heading = self.heading.letters
            lines.append(_("Chosen, not yet rolled: heading {heading} with an Honour point.",
                           heading=heading) if self.honour.value else
                         _("Chosen, not yet rolled: heading {heading}.", heading=heading))
        advice = self.advice()
        if advice is None and self.advisor.value and advisor_note(self.state):
            lines.append(_("Advisor: {note}", note=advisor_note(self.state)))
        elif advice is not None:
            lines.append(_("Advisor, chance to win: {chances}.", chances="; ".join(
                f"{words} {percent(chance, 1)}" for words, chance, _best in advice.rows())))
        return "\n".join(lines)

    # ----- drawing --------------------------------------------------------------------------------
    def scene(self) -> Scene:
        if self.replaying is not None:
            return self._replay_scene()
        return self.state.scene(heading=self.heading, honour=self.honour.value,
                                advice=self.advice(), last=self.last, trireme_from=self.rowed_from,
                                targets=self.human_to_act)

    def _replay_scene(self) -> Scene:
        """The game at the moment replayed; at a reviewed heading its arrow, and the decision's
        picture (the best choice beside it) in the side panel."""
        replaying: TriremeState = self.replaying
        decision = self.reviewed()
        if decision is None:
            return replaying.scene()
        action = self.state.history[decision.move]
        steer = action if isinstance(action, Steer) else None
        return replaying.scene(heading=steer.heading if steer else None,
                               honour=steer.honour if steer else None,
                               picture=decision.picture)

    def after_change(self) -> None:
        self.roll_button.disabled = self.state.is_over()
        self.follow_review()

    def on_played(self, action: object) -> None:
        """Log the news, and note the last move of each boat (the sailboat's squares, the
        trireme's square number before it rowed on)."""
        state = self.state
        if len(state.track) > self._stood[0]:
            self.last = (self._stood[1], *state.track[self._stood[0]:])
        if state.trireme != self._stood[2]:
            self.rowed_from = self._stood[2]
        self._stood = (len(state.track), state.boat, state.trireme)
        if isinstance(action, Steer):  # the choices are played: no line or star left behind
            self.heading = None
            self._clear_honour()
        for line in self.state.news:
            self.messages.add(line)


def example_boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Boards in a typical position, for the benchmarks and the gallery."""

    def mid_race() -> Board:
        board = Board(new_game(seed=3), advisor=True)
        for heading in ("w", "w", "q"):
            if board.state.phase is Phase.SAIL:
                board.simulate_key("2")
            board.simulate_key(heading)
            board.simulate_key("r")
        return board

    return {"trireme (advisor on, mid-race)": mid_race,
            "trireme (small map)": lambda: Board(new_game(seed=1, map="small"))}


def app() -> GameApp:
    """The duel as an app, on the kit's map or the small one (for Voilà)."""
    return GameApp(
        _("Sailboat against trireme"),
        lambda seed, sea, honour: Board(new_game(seed=seed, map=sea, honour=honour)),
        about=_("Choose a heading (click next to your boat or use the keys), spend an Honour "
                "point if you like, and roll the die. The advisor gives the exact chance to win "
                "of every choice."),
        sea=widgets.Dropdown(options=[(_(load_map(name).name), name) for name in SHIPPED],
                             value="default", description=_("Map")),
        honour=widgets.Dropdown(options=[0, 1, 2, 3, 4, 5], value=3,
                                description=_("Honour")))
