"""The dice board: five dice to hold, a Roll button, everyone's scorecard and an advisor.

It holds no rules: clicks and keys become engine actions, and a refused one shows the engine's
own words in the status line. The advisor asks the solver for the player's every choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets

from sailing_kit.core.bots import Bot
from sailing_kit.core.i18n import N_, _, n_, number
from sailing_kit.draw.scene import Scene
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard, number_key
from sailing_kit.widgets.ending import AnnouncesEnd, ranked, your_places
from sailing_kit.widgets.log import MessageLog
from sailing_kit.widgets.reviewing import Reviews
from sailing_kit.yacht.actions import Dice, Roll
from sailing_kit.yacht.drawing import layout_of
from sailing_kit.yacht.game import YachtState, new_game
from sailing_kit.yacht.position import Score
from sailing_kit.yacht.reviewer import review
from sailing_kit.yacht.rules import category_word
from sailing_kit.yacht.solver import Advice, optimal_planner

KEYS_HELP = N_("Click a die (or press 1-5) to hold it, Roll (r) rolls the others, click a category "
             "row (or choose with ↑/↓ and press Enter) to write the dice there; a toggles the "
             "advisor, u undoes. At the end, Review weighs every choice (← → step through it).")


class Board(Reviews, AnnouncesEnd, CanvasBoard):
    """Play Jacht, Tábornok or Yahtzee: ``bots`` maps player numbers to computer players (for
    example ``{1: "optimal"}``, a name of ``sailing_kit.yacht.bots.BOTS``); ``advisor=True``
    starts with the advisor shown. At the game's end, Review weighs every choice of the people
    at the screen (:func:`~sailing_kit.yacht.reviewer.review`)."""

    state: YachtState

    def __init__(self, state: YachtState | None = None, *, bots: Mapping[int, Bot | str] | None = None,
                 advisor: bool = False):
        state = state if state is not None else new_game(seed=0)
        self.held: set[int] = set()
        self.selected = 0
        self.messages = MessageLog(height="22em")
        self.messages.layout.width = "260px"
        self.advisor = self.switch(
            _("Advisor"), _("Show the best keep or category and the expected final score of "
                            "each choice (key a)"), control="advisor", icon="lightbulb-o",
            value=advisor)
        self.roll_button = self.button(_("Roll"), _("Roll the dice that are not held (key r)"),
                                       self.roll, icon="random", control="roll")
        review_panel = self.review_controls(review, width="260px")
        controls = [self.roll_button, self.advisor,
                    self.button(_("Undo"), _("Take back your last choice (key u)"), self.undo,
                                icon="undo", control="undo"),
                    self.button(_("New game"), _("Start again with the same players"),
                                self.restart, icon="refresh", control="new_game"),
                    self.review_button]
        super().__init__(state, size=layout_of(state).size, controls=controls,
                         side=[self.messages, *review_panel], bots=bots)
        self.advisor.observe(lambda _: self._guarded(self._advisor_switched)(), "value")
        self.advance_bots()
        self.say(_(KEYS_HELP))

    # ----- engine-driven behaviour ------------------------------------------------------------------
    def roll(self) -> None:
        if self.play(Roll(tuple(sorted(self.held)))):
            self.say(_("Rolled: {dice}. Hold dice and roll again, or click a category row to "
                       "write them there.", dice=" ".join(map(str, self.state.dice or ()))),
                     "good")

    def write(self, category: str) -> None:
        player = self.state.seat
        if self.play(Score(category)):
            points = self.state.cards[player].filled[category]
            message = _("{player} wrote {points} in {category}.", player=self.state.name(player),
                        points=points, category=category_word(category))
            self.say(f"{message} {self.end_words()}" if self.state.is_over() else message,
                     "good")

    def toggle_hold(self, place: int) -> None:
        if not self.human_to_act or self.state.dice is None:
            self.say(_("No dice to hold yet: press Roll first."), "error")
            return
        self.held ^= {place}
        self.redraw()
        kept = " ".join(str(self.state.dice[p]) for p in sorted(self.held)) or _("nothing")
        self.say(n_("Holding {kept}; Roll rolls the other {count} die.",
                    "Holding {kept}; Roll rolls the other {count} dice.", 5 - len(self.held),
                    kept=kept))

    UNDONE = N_("Move taken back: the same seed will roll the same dice again.")

    def reset(self, new_game: bool) -> None:
        self.end_review()
        self.held = set(self.state.held) if self.state.dice else set()
        self.selected = 0
        if new_game:
            self.messages.clear()
        else:
            self.messages.add(_("(moves taken back)"))

    def restart(self) -> None:
        """A new game with the same players, on the next seed: new dice."""
        self.start(type(self.state)(self.state.seed + 1, self.state.options),
                   _("New game (seed {seed}).", seed=self.state.seed + 1))

    def end_words(self) -> str:
        state = self.state
        humans = [seat for seat in range(state.num_players) if seat not in self.bots]
        return _("Game over: {reason}.", reason=state.ended().reason) + " " + your_places(
            ranked(state.ended().scores), humans, state.name)

    def _advisor_switched(self) -> None:
        self.refresh()
        if not (self.advisor.value and self.human_to_act):
            return
        advice = self.advice()
        if advice is not None:
            expected = advice.best.expected
        else:
            card = self.state.cards[self.state.seat]
            expected = optimal_planner(self.state.rules).expected_from(card)
        self.say(_("Advisor on: playing perfectly from here you can expect {expected} points at "
                   "the end; each choice shows its own expected final score.",
                   expected=number(expected, 1)))

    def advice(self) -> Advice | None:
        """The advisor's view of the human player's position (None when off or not needed)."""
        position = self.state.position()
        if not self.advisor.value or not self.human_to_act or position is None:
            return None
        return optimal_planner(self.state.rules).advise(position)

    # ----- events ---------------------------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        if self.refuse_in_replay():
            return
        layout = layout_of(self.state)
        place = layout.die_at(x, y)
        if place is not None:
            self.toggle_hold(place)
            return
        category = layout.category_at(x, y)
        if category is not None:
            self.write(category)

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self.review_key(key) or (key != "u" and self.refuse_in_replay()):
            return
        open_rows = self._open_rows()
        number = number_key(key)
        if number is not None and number <= 5:
            self.toggle_hold(number - 1)
        elif key == "r":
            self.roll()
        elif key == "a":
            self.advisor.value = not self.advisor.value
        elif key == "u":
            self.undo()
        elif key in ("ArrowUp", "ArrowDown") and open_rows:
            self.selected = (self.selected + (1 if key == "ArrowDown" else -1)) % len(open_rows)
            self.redraw()
            self.say(_("{category}: press Enter to write the dice there.",
                       category=category_word(open_rows[self.selected])))
        elif key == "Enter" and open_rows:
            self.write(open_rows[self.selected % len(open_rows)])

    def _open_rows(self) -> list[str]:
        position = self.state.position()
        return list(position.card.open_categories) if position and self.human_to_act else []

    # ----- drawing ---------------------------------------------------------------------------------------
    def scene(self) -> Scene:
        if self.replaying is not None:
            return self._replay_scene()
        open_rows = self._open_rows()
        held = tuple(sorted(self.held)) if self.human_to_act else None
        selected = open_rows[self.selected % len(open_rows)] if open_rows else None
        return self.state.scene(held=held, advice=self.advice(), selected=selected,
                                targets=self.human_to_act)

    def _replay_scene(self) -> Scene:
        """The game at the moment replayed; at a reviewed decision the dice held as chosen and
        the decision's picture (the best choice beside it) beside the dice."""
        replaying: YachtState = self.replaying
        decision = self.reviewed()
        if decision is None:
            return replaying.scene()
        action = self.state.history[decision.move]
        held = action.held if isinstance(action, Roll) else ()
        return replaying.scene(held=held, picture=decision.picture)

    def after_change(self) -> None:
        if self.state.dice is None:
            self.held, self.selected = set(), 0
        self.roll_button.disabled = self.state.is_over()
        self.follow_review()

    def on_played(self, action: Roll | Dice | Score) -> None:
        self.messages.add(_log_line(self.state, action))


def _log_line(state: YachtState, action: Roll | Dice | Score) -> str:
    """What just happened, in words (``state`` is the position right after ``action``)."""
    player = state.player if state.player is not None else 0  # set once the roll-off is over
    if isinstance(action, Roll):
        kept = " ".join(str(state.dice[p]) for p in action.held) if state.dice else ""
        if kept:
            return _("{player} rolls, holding {kept}", player=state.name(player), kept=kept)
        return _("{player} rolls", player=state.name(player))
    if isinstance(action, Dice):
        if state.rolloff and (state.player is None or state.rolls == 0):
            roller, value = next(r for r in reversed(state.rolloff) if r)[-1]
            return _("Roll-off: {player} rolls {value}", player=state.name(roller), value=value)
        return "  " + _("the dice show {dice}", dice=" ".join(map(str, state.dice or ())))
    scorer = (player - 1) % state.num_players
    points = state.cards[scorer].filled[action.category]
    return _("{player} writes {points} in {category}", player=state.name(scorer), points=points,
             category=category_word(action.category))


def example_boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Boards in a typical position, for the benchmarks and the gallery."""

    def after_a_roll(rules: str) -> Board:
        board = Board(new_game(seed=4, players=2, rules=rules), bots={1: "optimal"},
                      advisor=True)
        if board.state.current_player == 0 and board.state.dice is None:
            board.roll()
        return board

    return {"yacht (jacht, advisor on)": lambda: after_a_roll("jacht"),
            "yacht (tabornok)": lambda: Board(new_game(seed=1, players=3, rules="tabornok"))}


def app() -> GameApp:
    """Jacht or Tábornok as an app, against a bot or solo, with the advisor (for Voilà)."""
    def dice(seed: int, rules: str, opponent: str) -> Board:
        bots = {} if opponent == "none" else {1: opponent}
        return Board(new_game(seed=seed, players=1 + bool(bots), rules=rules), bots=bots,
                     advisor=True)

    return GameApp(
        _("Jacht and Tábornok"), dice,
        about=_("Roll, hold dice by clicking them, and click a category row to score. The "
                "advisor shows the best choice and what every choice is worth."),
        rules=widgets.Dropdown(options=[(_("Jacht"), "jacht"), (_("Tábornok"), "tabornok")],
                               value="jacht", description=_("Rules")),
        opponent=widgets.Dropdown(options=[(_(OPPONENTS[name]), name) for name in OPPONENTS],
                                  value="optimal", description=_("Opponent")))


OPPONENTS = {"optimal": N_("optimal"), "greedy": N_("greedy"), "none": N_("none")}
"""The app's opponents: a bot's name, or none (solo), each with its words."""
