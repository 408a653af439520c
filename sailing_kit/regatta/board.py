"""The card regatta's board. It holds no rules: the engine judges every arrow (where it ends, or
the rule that blocks it) and a refused move shows the engine's own words in the status line.

Select a card of your hand (click it, or press 1-5): every arrow's end appears on the water,
numbered, a cross where a rule blocks it (the reason is in the panel). Click an end (or pick it
with ← / → and press Enter) to sail there. **Windy spell** (key w) shows the double moves. To
skip the turn, mark 1-3 cards and exchange them (key x), or turn the yacht. After sailing, play
Nice yacht handling (n), a Flat calm, or end the turn (e). With several people at one screen a
cover hides each hand until its owner is ready (no hand is ever drawn for anyone else, also after
an undo, a new race, a loaded one or in the replay); ``bots`` play the other seats.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import cast

import ipywidgets as widgets

import sailing_kit.regatta.bots as regatta_bots
from sailing_kit.core.bots import Bot
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.core.options import options_to_json
from sailing_kit.draw.scene import XY, Scene
from sailing_kit.regatta.actions import AFTER, Action, Becalm, EndTurn, Exchange, Face, Handling
from sailing_kit.regatta.checks import EXCHANGE_MOST
from sailing_kit.regatta.deck import WINDY
from sailing_kit.regatta.drawing import Layout, layout_for
from sailing_kit.regatta.game import RegattaState, new_game
from sailing_kit.regatta.moves import Verdict
from sailing_kit.regatta.words import describe_state, to_do, verdict_text
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard, number_key
from sailing_kit.widgets.ending import AnnouncesEnd, your_places
from sailing_kit.widgets.hotseat import HotSeat
from sailing_kit.widgets.log import MessageLog
from sailing_kit.widgets.replay import Replay

KEYS_HELP = N_("Select a card (click, or keys 1-5), then click an arrow's end (or ←/→ and Enter). "
             "Keys: w Windy spell, x mark cards to exchange, n Nice yacht handling, e end turn, "
             "u undo.")


class Board(HotSeat, Replay, AnnouncesEnd, CanvasBoard):
    """Race at one screen, or against computer players: ``bots`` maps seats (0-based) to bots,
    for example ``Board(new_game(players=3, seed=0), bots={1: "sensible", 2:
    "sensible"})``."""

    def __init__(self, state: RegattaState | None = None, *, bots: Mapping[int, Bot | str] | None = None):
        state = state if state is not None else new_game(seed=0)
        self.selected: int | None = None
        self.marked: list[int] = []
        self.last_moves: dict[int, tuple[Point, ...]] = {}
        """Each yacht's last move: where it stood, then each cell it passed."""
        self.latest: int | None = None
        self._stood = {player: (len(yacht.track), yacht.pose)
                       for player, yacht in enumerate(state.yachts)}
        self.focus = 0
        self.logged = 0
        self.info = widgets.HTML(layout=widgets.Layout(width="300px"))
        self.messages = MessageLog(height="8em")
        self.windy = self.switch(_("Windy spell ×2"), _("Show the double moves of a Windy "
                                 "spell (key w)"), control="windy", icon="flag")
        self.exchanging = self.switch(_("Mark cards to exchange"), _("Skip the turn: click 1-3 "
                                      "cards, then Exchange (key x)"), control="mark_exchange",
                                      icon="exchange")
        self.exchange_button = self.button(_("Exchange"), _("Skip the turn and exchange the "
                                           "marked cards"), self.exchange, icon="check",
                                           control="exchange")
        self.heading = self.named(widgets.Dropdown(options=[d.value for d in Direction],
                                                   value="N", description=_("Face"),
                                                   layout={"width": "140px"}), "face")
        self.face_button = self.button(_("Turn yacht"), _("Skip the turn and turn the yacht to "
                                       "face the chosen heading"), self.face, icon="compass",
                                       control="face")
        self.handling_button = self.button(_("Nice yacht handling"), _("Draw and move once more "
                                           "(key n)"), lambda: self.act(Handling()), icon="plus",
                                           control="handling")
        self.end_button = self.button(_("End turn"), _("End the turn and draw back up (key e)"),
                                      lambda: self.act(EndTurn()), icon="step-forward",
                                      control="end_turn")
        self.calm_box = widgets.HBox()
        controls = [self.windy, self.handling_button, self.end_button,
                    self.button(_("Undo"), _("Take back your last move (key u)"), self.undo,
                                "undo", control="undo"),
                    self.button(_("New race"), _("A new race with the same options"),
                                self.new_race, "refresh", control="new_game")]
        skip = widgets.VBox([widgets.HTML("<b>" + html.escape(_("Skip the turn")) + "</b>"),
                             widgets.HBox([self.exchanging, self.exchange_button]),
                             widgets.HBox([self.heading, self.face_button])])
        self.messages.layout.width = "290px"
        side = [self.info, self.calm_box, skip, self.messages]
        more = [self.replay_slider(), *self.save_and_load("race", width="290px")]
        super().__init__(state, size=layout_for(state).size, controls=controls, side=side,
                         more=more, bots=bots)
        self.windy.observe(self._guarded(lambda _: self._windy_switched()), names="value")
        self.exchanging.observe(self._guarded(lambda _: self._exchange_switched()), names="value")
        self.advance_bots()
        self.say(_(KEYS_HELP))

    # ----- who is at the screen -------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        return layout_for(self.state)

    # ----- what the engine offers -----------------------------------------------------------------
    def previews(self) -> list[Verdict]:
        """The engine's verdict on every arrow of the selected card (double moves when the
        Windy spell is on)."""
        state = self.state
        if (self.seat is None or self.covered or self.replaying is not None
                or self.selected is None or self.exchanging.value):
            return []
        hand = state.hand(self.seat)
        if self.selected >= len(hand):
            return []
        return [v for v in state.verdicts()
                if v.plan.card == hand[self.selected] and v.plan.windy == self.windy.value]

    def end_points(self) -> list[tuple[Verdict, XY]]:
        """Each previewed arrow with the pixel of its end marker (what to click)."""
        previews = self.previews()
        start = self.state.yachts[self.state.player].pose.at
        return list(zip(previews, self.layout.markers(previews, start)))

    def _first_playable(self) -> int | None:
        """The first card of the hand with an open arrow (shown at the start of a turn)."""
        if self.seat is None or self.state.phase == AFTER:
            return None
        hand = self.state.hand(self.seat)
        open_cards = {v.plan.card for v in self.state.verdicts() if v.legal and not v.plan.windy}
        return next((i for i, kind in enumerate(hand) if kind in open_cards), None)

    # ----- playing --------------------------------------------------------------------------------
    def act(self, action: Action, success: str | None = None) -> None:
        if self.refuse_in_replay():
            return
        self.play(action, success)  # after_change leaves the exchange mode before the repaint

    def sail(self, verdict: Verdict) -> None:
        self.act(verdict.plan, _("Sailed: {move}.", move=verdict_text(verdict, self.state.deck))
                 if verdict.legal else None)

    def exchange(self) -> None:
        if self.seat is None:
            self.say(_("Wait: it is not your turn."), "error")
            return
        hand = self.state.hand(self.seat)
        if not self.marked:
            self.say(_("Mark 1 to 3 cards first: press 'Mark cards to exchange', then click "
                       "them."), "error")
            return
        cards = tuple(sorted(hand[i] for i in self.marked))
        self.act(Exchange(cards), n_("Exchanged {count} card.", "Exchanged {count} cards.",
                                     len(cards)))

    def face(self) -> None:
        heading = Direction(self.heading.value)
        self.act(Face(heading), _("The yacht turned to face {heading}; the turn is skipped.",
                                  heading=heading.letters))

    def reset(self, new_game: bool) -> None:
        self.last_moves, self.latest = {}, None
        self._note_where_yachts_stand()
        self.forget_viewer(new_game)
        self.stop_replay()
        self._reset_log()

    def new_race(self) -> None:
        self.start(RegattaState.new(self.state.seed + 1, **options_to_json(self.state.options)),
                   _("A new race (seed {seed}).", seed=self.state.seed + 1))

    def revealed_message(self) -> str:
        return _("{player}, your hand is showing. {keys}", player=self.state.name(self.seat or 0),
                 keys=_(KEYS_HELP))

    # ----- events ---------------------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        if self.covered:
            self.reveal()
            return
        if self.refuse_in_replay():
            return
        if self.state.is_over():
            self.say(_("The race is over: {reason}. Press New race to sail again.",
                       reason=self.state.result.reason))
            return
        if self.seat is None:
            self.say(_("Wait: it is not a human player's turn."))
            return
        hand = self.state.hand(self.seat)
        raised = self._raised()
        card = self.layout.card_at(len(hand), raised, x, y)
        if card is not None:
            self.toggle(card)
            return
        previews = self.previews()
        end = self.layout.marker_at(previews, self.state.yachts[self.seat].pose.at, x, y)
        if end is not None:
            self.sail(previews[end])
        elif self.layout.cell_at(x, y) is not None:
            self.say(_("Select a card, then click one of its numbered arrow ends.")
                     if not previews else _("Click one of the numbered arrow ends (or a card)."))

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self.covered:
            if key in ("Enter", " "):
                self.reveal()
            return
        if self.seat is None or (key != "u" and self.refuse_in_replay()):
            return
        previews = self.previews()
        number = number_key(key)
        if number is not None and number <= len(self.state.hand(self.seat)):
            self.toggle(number - 1)
        elif key in ("ArrowLeft", "ArrowRight") and previews:
            self.focus = (self.focus + (1 if key == "ArrowRight" else -1)) % len(previews)
            self.redraw()
            self.say(_("End {number}: {move}. Press Enter to sail it.", number=self.focus + 1,
                       move=verdict_text(previews[self.focus], self.state.deck)))
        elif key in ("Enter", " ") and previews:
            self.sail(previews[self.focus % len(previews)])
        elif key == "w":
            self.windy.value = not self.windy.value
        elif key == "x":
            self.exchanging.value = not self.exchanging.value
        elif key == "n":
            self.act(Handling())
        elif key == "e":
            self.act(EndTurn())
        elif key == "u":
            self.undo()

    def toggle(self, index: int) -> None:
        """Select a card (or, while marking cards to exchange, mark or unmark it)."""
        deck, kind = self.state.deck, self.state.hand(self.seat)[index]
        if self.exchanging.value:
            if index in self.marked:
                self.marked.remove(index)
            else:
                self.marked = (self.marked + [index])[-EXCHANGE_MOST:]
            self.redraw()
            names = ", ".join(deck.kind(self.state.hand(self.seat)[i]).shown for i in self.marked)
            self.say(_("Marked to exchange: {cards}. Then press Exchange.",
                       cards=names or _("nothing")))
            return
        self.selected, self.focus = index, 0
        self.redraw()
        previews = self.previews()
        if not deck.kind(kind).moves:
            card = deck.kind(kind).shown
            self.say(_("{card} is a special card: switch on 'Windy spell ×2' and select a "
                       "movement card to double it.", card=card)
                     if kind == deck.special_kind(WINDY) else
                     _("{card} is a special card: it is played after a movement card.",
                       card=card))
            return
        open_ends = sum(v.legal for v in previews)
        self.say(n_("{card}: {open} of {count} arrow end open. Click a numbered end to sail "
                    "there.", "{card}: {open} of {count} arrow ends open. Click a numbered end "
                    "to sail there.", len(previews), card=deck.kind(kind).shown, open=open_ends))

    def _windy_switched(self) -> None:
        self.focus = 0
        self.redraw()
        if self.windy.value:
            self.say(_("Windy spell: each arrow is shown sailed twice in a row (a double "
                       "move)."))

    _quiet = False

    def _exchange_switched(self) -> None:
        if self._quiet:
            return
        self.marked = []
        self.redraw()
        if self.exchanging.value:
            self.say(_("Click 1 to 3 cards to exchange, then press Exchange (this skips the "
                       "turn)."))

    # ----- keeping the widgets in step ------------------------------------------------------------
    def after_change(self) -> None:
        state = self.state
        for line in state.log[self.logged:]:
            self.messages.add(line)
        self.logged = len(state.log)
        self.follow_live()
        self.selected, self.focus, self.marked = self._first_playable(), 0, []
        self._quiet = True  # the refresh repaints: the toggle's own repaint is not needed
        try:
            self.exchanging.value = False
        finally:
            self._quiet = False
        acting = self.seat is not None and not self.covered  # the buttons tell what a hand holds
        legal = state.legal_actions() if acting else []
        self.handling_button.disabled = Handling() not in legal
        self.end_button.disabled = EndTurn() not in legal
        skipping = acting and state.phase != AFTER
        self.exchange_button.disabled = self.face_button.disabled = not skipping
        self.exchanging.disabled = not skipping
        self.windy.disabled = not (acting and state.holds(self.seat, WINDY))
        if self.windy.disabled:
            self.windy.value = False
        if self.seat is not None:
            self.heading.value = state.yachts[self.seat].pose.heading.value
        self.renew(self.calm_box, [self._becalm_button(a) for a in legal
                                   if isinstance(a, Becalm)])

    def _becalm_button(self, action: Becalm) -> widgets.Button:
        name = self.state.name(action.target)
        return self.button(_("Flat calm on {player}", player=name),
                           _("Lay the sun before {player}'s yacht: it skips its next turn",
                             player=name), lambda: self.act(action), icon="sun-o",
                           control="becalm")

    def redraw(self) -> None:
        super().redraw()
        self.info.value = self._info()  # the arrows' words follow the picture

    def end_words(self) -> str:
        state = self.state
        order = [[seat] for seat in state.standings()]
        if state.result.winners and len(state.result.winners) > 1:  # a tie at the top
            order = [list(state.result.winners)] + [[s] for s in state.standings()
                                                    if s not in state.result.winners]
        return _("Race over: {reason}. {places}", reason=state.result.reason,
                 places=your_places(order, self.humans, state.name))

    def _info(self) -> str:
        state = self.state
        if state.is_over():
            return f"<b>{html.escape(self.end_words())}</b>"
        player = state.current_player
        name = state.name(player)
        who = html.escape(_("{player} (computer)", player=name) if self.is_computer(player) else name)
        lines = [f"<b>{who}</b>: {html.escape(to_do(state))}."]
        for number, verdict in enumerate(self.previews(), start=1):
            words = html.escape(f"{number}. {verdict_text(verdict, state.deck)}")
            lines.append(words if verdict.legal else
                         f"<span style='color:#A13C00'>{words}</span>")
        return "<br>".join(lines)

    def cover(self) -> str | None:
        """The words on the cover hiding the hand, or None when the hand may show."""
        if self.covered:
            return _("Pass the screen to {player}", player=self.state.name(self.seat or 0))
        if self.viewer is None:
            return _("Hands hidden: the race is over") if self.state.is_over() \
                else _("Hands hidden")
        return None

    def describe(self) -> str:
        """The race in words from the seat at the screen (no hand while it passes on)."""
        cover = self.cover()
        if cover is not None:
            return f"{cover}.\n" + describe_state(self.shown, None)
        return describe_state(self.shown, self.viewer)

    def _reset_log(self) -> None:
        self.messages.clear()
        self.logged = 0

    def _raised(self) -> list[int]:
        return self.marked if self.exchanging.value else \
            ([self.selected] if self.selected is not None else [])

    def scene(self) -> Scene:
        cover, shown = self.cover(), cast(RegattaState, self.shown)
        seat = self.viewer if self.viewer is not None else (self.seat or 0)
        if cover is not None:
            return shown.scene(seat, cover=cover, you=None)
        if self.replaying is not None:
            return shown.scene(seat)
        return shown.scene(seat, selected=self._raised(), previews=self.previews(),
                           focus=self.focus, last_moves=self.last_moves, latest=self.latest,
                           clickable=self.seat is not None,
                           words=lambda verdict: verdict_text(verdict, self.state.deck))

    def on_played(self, action: Action) -> None:
        """Note each yacht's last move (where it stood, then each cell it passed) from what
        the action changed."""
        for player, yacht in enumerate(self.state.yachts):
            before = self._stood.get(player)
            if before is not None and (len(yacht.track) > before[0] or yacht.pose != before[1]):
                self.last_moves[player] = (before[1].at, *yacht.track[before[0]:])
                self.latest = player
        self._note_where_yachts_stand()

    def _note_where_yachts_stand(self) -> None:
        self._stood = {player: (len(yacht.track), yacht.pose)
                       for player, yacht in enumerate(self.state.yachts)}


def example_boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Boards in a typical position, for the benchmarks and the gallery."""

    def mid_race() -> Board:
        """Four rounds against two sensible bots, the human sailing the sensible bot's choice;
        then a card is selected, its arrows previewed."""
        board = Board(new_game(seed=3, players=3), bots={1: "sensible", 2: "sensible"})
        helper = regatta_bots.make("sensible")
        for _move in range(4):
            board.act(helper(board.state))
            while board.state.phase == AFTER and board.seat is not None:
                board.act(helper(board.state))
        hand = board.state.hand(board.seat)
        board.toggle(next((i for i, kind in enumerate(hand) if board.state.deck.kind(kind).moves),
                          0))
        return board

    return {"regatta (3 yachts, a card selected)": mid_race,
            "regatta (start, 2 players at one screen)": lambda: Board(new_game(seed=0))}


def app() -> GameApp:
    """The card regatta as an app: you sail yacht 1 against sensible bots (for Voilà)."""
    return GameApp(
        _("The card regatta"),
        lambda seed, players: Board(new_game(seed=seed, players=players),
                                    bots=dict.fromkeys(range(1, players), "sensible")),
        about=_("Choose a card of your hand: every arrow's end shows on the table (blocked "
                "ones crossed, with the reason). Click an end to sail there; the buttons skip a "
                "turn by exchanging cards or turning the yacht."),
        players=widgets.Dropdown(options=[1, 2, 3, 4], value=3, description=_("Yachts")))
