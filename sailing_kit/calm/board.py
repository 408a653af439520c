"""The widget board of Calm. It holds no rules: every decision is the engine's, and a refused
move shows the engine's own words in the status line.

Select a card of your hand (click it, or press its number); the cells where it may go light up
with their cost. Click one (or pick it with ← / → and press Enter) to place the card; then select
the cards that pay its cost and press **Discard selected**. Two selected cards and **Discard
selected** is the "discard two" action. The Start and Finish slots and the jagged rocks are
clicked too. With several people at one screen, a "pass the device" screen hides each hand until
its owner is ready (no hand is ever drawn for anyone else, also after an undo, a new deal, a
loaded game or in the replay); computer players (``bots``) move on their own.
"""

from __future__ import annotations

import html
import re
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

import sailing_kit.calm.bots as calm_bots
from sailing_kit.calm.actions import Action, Discard, MoveRocks, Play, Split, describe_action
from sailing_kit.calm.cards import FINISH, MONSTER, START, card_label, hand_text, is_island
from sailing_kit.calm.drawing import Layout, draw_table, layout_for
from sailing_kit.calm.game import CalmState, new_game
from sailing_kit.calm.phases import ACT, PAY, ROCKS, SHARE, SPLIT
from sailing_kit.calm.sea import Cell, row_words, slot_words
from sailing_kit.core.bots import Bot, named_bots
from sailing_kit.core.errors import ActionError, IllegalAction
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.core.options import options_to_json
from sailing_kit.core.protocol import CHANCE
from sailing_kit.draw.cards import card_at
from sailing_kit.draw.scene import Scene
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard, number_key
from sailing_kit.widgets.ending import AnnouncesEnd
from sailing_kit.widgets.hotseat import HotSeat
from sailing_kit.widgets.log import MessageLog
from sailing_kit.widgets.replay import Replay

KEYS_HELP = N_("Click a card (or press 1–5), then a lit cell (or ←/→ and Enter). "
             "Keys: d discards the selected cards, s plays Start, f plays Finish, u undoes.")


class Board(HotSeat, Replay, AnnouncesEnd, CanvasBoard):
    """Play Calm together at one screen, or with computer players: ``bots`` maps seats
    (0-based) to bots, for example
    ``Board(new_game(players=2, seed=0), bots={1: "planner"})``."""

    def __init__(self, state: CalmState | None = None, *, bots: Mapping[int, Bot | str] | None = None):
        state = state if state is not None else new_game(players=2, seed=0)
        self.selected: list[int] = []
        self.target_index = 0
        self.info = widgets.HTML(layout=widgets.Layout(width="280px"))
        self.messages = MessageLog(height="12em")
        self.split_inputs = [widgets.BoundedIntText(description=state.seat_name(seat), min=0,
                                                    max=state.options.start_discards,
                                                    layout=widgets.Layout(width="170px"))
                             for seat in range(state.num_players)]
        agree = self.button(_("Agree split"), _("Enter the team's split of the Start's discards"),
                            self.agree_split, icon="handshake-o", control="agree_split")
        self.split_box = widgets.VBox([widgets.HTML(_("<b>The Start's discards</b>: how many "
                                                      "does each player discard?")),
                                       *self.split_inputs, agree])
        self.discard_button = self.button(_("Discard selected"),
                                          _("Discard the selected cards (key d)"),
                                          self.discard_selected, icon="trash", control="discard")
        controls = [
            self.discard_button,
            self.button(_("Undo"), _("Take back your last move (key u)"), self.undo, icon="undo",
                        control="undo"),
            self.button(_("New deal"), _("A new game with the same options"), self.new_deal,
                        icon="refresh", control="new_game"),
        ]
        self._proposed_at: int | None = None
        self._said: deque[tuple[Action, str]] = deque()
        narrated = {seat: self._narrated(bot)
                    for seat, bot in named_bots(state.GAME, bots).items()}
        side = [self.info, self.split_box, self.messages]  # beside the canvas on a laptop
        more = [self.replay_slider("280px"), *self.save_and_load("game", width="280px")]
        super().__init__(state, size=layout_for(state.view(0)).size, controls=controls,
                         side=side, more=more, bots=narrated)
        self.advance_bots()
        self.say(_(KEYS_HELP))

    # ----- who is looking -------------------------------------------------------------------------
    @property
    def team_decides(self) -> bool:
        """The Start's discards are split by the whole team: when a bot played the Start, the
        people at the screen still decide their share (every decision of their seats is
        theirs)."""
        state = self.state
        return (state.phase == SPLIT and not state.is_over() and bool(self.humans)
                and state.current_player in self.bots)

    def bots_may_act(self) -> bool:
        return not self.team_decides

    @property
    def human_to_act(self) -> bool:
        return self.team_decides or super().human_to_act

    @property
    def seat(self) -> int | None:
        """The human whose decision it is (in the team's split, one at the screen)."""
        if self.team_decides:
            return self.revealed if self.revealed in self.humans else self.humans[0]
        return super().seat

    @property
    def table_layout(self) -> Layout:
        return layout_for(self.state.view(0))

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand at the screen (none while it is covered)."""
        viewer = self.viewer
        return () if viewer is None or self.covered else self.state.hand(viewer)

    @property
    def chosen(self) -> list[int]:
        """The selected cards (values), in hand order."""
        hand = self.hand
        return [hand[i] for i in sorted(self.selected) if i < len(hand)]

    # ----- what the engine offers for the selection -----------------------------------------------
    def targets(self) -> dict[Cell, int]:
        """The legal cells of the one selected island, with their costs."""
        chosen = self.chosen
        if (self.seat is None or self.covered or self.replaying is not None
                or self.state.phase != ACT or len(chosen) != 1 or not is_island(chosen[0])):
            return {}
        legal = set(self.state.legal_actions())
        return {cell: cost for cell, cost in self.state.placement_options(chosen[0])
                if Play(chosen[0], cell) in legal}

    def prey(self) -> list[Cell]:
        """The islands a selected sea monster may destroy."""
        if (self.seat is None or self.covered or self.replaying is not None
                or self.state.phase != ACT or self.chosen != [MONSTER]):
            return []
        return [cell for cell, _ in self.state.sea.islands()]

    def focused(self) -> Cell | None:
        targets = sorted(self.targets())
        return targets[self.target_index % len(targets)] if targets else None

    def slot(self, cell: Cell) -> str:
        return slot_words(cell, self.state.options.cols)

    def refuse(self, refusal: Exception) -> None:
        """The engine's refusal, in the board's words (slots, not cells)."""
        super().refuse(IllegalAction(board_words(str(refusal), self.state.options.cols)))

    # ----- actions --------------------------------------------------------------------------------
    def act(self, action: Action, success: str) -> None:
        """Send ``action`` to the engine; on success clear the selection."""
        if self.refuse_in_replay():
            return
        self._said.append((action, _narrate(self.state, action)))
        self._move_words = success  # said after the bots, as a hint (see refresh)
        self.play(action, success)  # the selection is spent in on_played
        self._said.clear()
        self._move_words = None

    _move_words: str | None = None

    def refresh(self, message: str | None = None) -> None:
        """Redraw once; after a move of this board, its words become the hint for whoever acts
        next (never the cards, if the device is to be passed on)."""
        if message is not None and message == self._move_words:
            message, self._move_words = self._next_hint(message), None
        super().refresh(message)

    def _narrated(self, bot: Bot) -> Bot:
        """``bot``, telling the log what it does (in words, before the move changes the table)."""
        def play(state: Any) -> Action:
            action: Action = bot(state)
            self._said.append((action, _narrate(state, action)))
            return action

        return play

    def place(self, cell: Cell) -> None:
        chosen = self.chosen
        if len(chosen) != 1:
            self.say(_("Select exactly one card of your hand first, then click where it goes.")
                     if not chosen else _("Two cards are selected: that is for discarding. "
                                          "Select just one card to place it."), "error")
            return
        card, slot = chosen[0], self.slot(cell)
        self.act(Play(card, cell), _("The sea monster destroyed the island at {slot}.", slot=slot)
                 if card == MONSTER else _("Placed {card} at {slot}.", card=card, slot=slot))

    def discard_selected(self) -> None:
        chosen = self.chosen
        if not chosen:
            self.say(_("Select the cards to discard first (click them or press their numbers)."),
                     "error")
            return
        self.act(Discard(tuple(sorted(chosen))),
                 _("Discarded {cards}.", cards=hand_text(tuple(sorted(chosen)))))

    def agree_split(self) -> None:
        shares = tuple(box.value for box in self.split_inputs)
        self.act(Split(shares), _("The split is agreed."))

    def move_rocks(self, row: int) -> None:
        self.act(MoveRocks(row), _("The jagged rocks now close {row}.",
                                   row=row_words(row, self.state.options.cols)))

    def reset(self, new_game: bool) -> None:
        self.selected, self.target_index = [], 0
        self.forget_viewer(new_game)
        self.stop_replay()
        if new_game:
            self.messages.clear()
        else:
            self.messages.add(_("(a move was taken back)"))

    def new_deal(self) -> None:
        self.start(CalmState.new(self.state.seed + 1, **options_to_json(self.state.options)),
                   _("A new deal (seed {seed}).", seed=self.state.seed + 1))

    def _next_hint(self, done: str) -> str:
        state = self.state
        if state.is_over():
            return done  # the end is announced after it
        if self.covered:  # what was done may name cards: the next player must not read it
            return _("Pass the device to {player}.", player=state.seat_name(self.seat or 0))
        if self.seat is not None:
            return _("{done} Now: {what}.", done=done, what=state.expected())
        return done

    # ----- events ---------------------------------------------------------------------------------
    def on_click(self, x: float, y: float) -> None:
        if self.covered:
            self.reveal()
            return
        if self.refuse_in_replay():
            return
        if self.state.is_over():
            self.say(_("The game is over: {reason}. Press New deal to play again.",
                       reason=self.state.result.reason))
            return
        if self.seat is None:
            self.say(_("Wait: it is not a human player's turn."))
            return
        layout = self.table_layout
        card = card_at(layout.hand_rects(len(self.hand), self.selected), x, y)
        if card is not None:
            self.toggle(card)
        elif layout.start_rect.contains(x, y):
            self.act(Play(START), _("The Start card is played."))
        elif layout.finish_rect.contains(x, y):
            self.act(Play(FINISH), _("The Finish card is played!"))
        elif (row := layout.rocks_row_at(x, y)) is not None:
            self.move_rocks(row)
        elif (cell := layout.cell_at(x, y)) is not None:
            self.place(cell)

    def on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self.covered:
            if key in ("Enter", " "):
                self.reveal()
            return
        if self.seat is None or (key != "u" and self.refuse_in_replay()):
            return
        number = number_key(key)
        if number is not None and number <= len(self.hand):
            self.toggle(number - 1)
        elif key in ("ArrowLeft", "ArrowRight") and self.targets():
            self.target_index += 1 if key == "ArrowRight" else -1
            self.redraw()
            cell = self.focused()
            if cell is not None:
                self.say(_("{slot}: cost {cost}. Press Enter to place it there.",
                           slot=_capitalized(self.slot(cell)), cost=self.targets()[cell]))
        elif key in ("Enter", " ") and (cell := self.focused()) is not None:
            self.place(cell)
        elif key == "d":
            self.discard_selected()
        elif key == "s":
            self.act(Play(START), _("The Start card is played."))
        elif key == "f":
            self.act(Play(FINISH), _("The Finish card is played!"))
        elif key == "u":
            self.undo()

    def toggle(self, index: int) -> None:
        """Select or deselect the hand's card ``index`` (keeping at most as many as the engine
        says are due now: two to discard, or the cards a cost or share asks for)."""
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
            most = self.state.discards_due() if self.state.phase != SPLIT else 0
            self.selected = self.selected[-most:] if most else []
        self.target_index = 0
        self.redraw()
        self.after_change()
        self.say(self._selection_hint())

    def _selection_hint(self) -> str:
        chosen, state = self.chosen, self.state
        if not chosen:
            return _("Nothing selected.")
        names = hand_text(tuple(chosen))
        if state.phase in (PAY, SHARE):
            return _("Selected {cards}: {count} of the {due} to discard. Then press Discard "
                     "selected.", cards=names, count=len(chosen), due=state.discards_due())
        if len(chosen) == 1 and is_island(chosen[0]):
            targets = self.targets()
            if not targets:
                return _("{card} fits nowhere now (or costs more than you could pay).",
                         card=chosen[0])
            return n_("{card} may go in {count} lit cell (cheapest cost: {cheapest}). Click one.",
                      "{card} may go in {count} lit cells (cheapest cost: {cheapest}). Click "
                      "one.", len(targets), card=chosen[0], cheapest=min(targets.values()))
        if len(chosen) == 1:
            return _("Selected {card}.", card=card_label(chosen[0]))
        return _("Selected {cards}: press Discard selected to discard them.", cards=names)

    def on_played(self, action: Action) -> None:
        self.selected, self.target_index = [], 0  # played: the selection is spent
        if self._said and self._said[0][0] is action:
            self.messages.add(self._said.popleft()[1])
        elif isinstance(action, MoveRocks):  # chance's move: nobody announced it
            self.messages.add(_("The jagged rocks drift to {row}.",
                                row=row_words(action.row, self.state.options.cols)))
        state = self.state
        if state.is_over() and len(self._said) == 0:
            cause = state.result.cause
            self.messages.add(_("WON: {cause}", cause=cause) if state.result.winners
                              else _("LOST: {cause}", cause=cause))

    def describe(self) -> str:
        """The table in words from the seat looking at the device (others' hands hidden)."""
        cover = self.cover()
        if cover is not None:
            return f"{cover}."
        return str(self.shown.describe(self.viewer))

    # ----- drawing --------------------------------------------------------------------------------
    def cover(self) -> str | None:
        """The words on the cover hiding the hand, or None when the hand may show."""
        if self.covered:
            return _("Pass the device to {player}", player=self.state.seat_name(self.seat or 0))
        if self.viewer is None:
            return _("Hands hidden: the game is over") if self.state.is_over() \
                else _("Hands hidden")
        return None

    def scene(self) -> Scene:
        cover, shown = self.cover(), self.shown
        seat = self.viewer if self.viewer is not None else self.seat
        view = shown.view(seat or 0)  # under a cover the hand is not drawn
        if cover is not None:
            return draw_table(view, cover=cover, you=None)
        if self.replaying is not None:
            return draw_table(view)
        state = self.state
        acting = self.seat is not None
        legal = state.legal_actions() if acting and state.phase == ACT else []
        slots = [name for name, card in (("start", START), ("finish", FINISH))
                 if Play(card) in legal]
        return draw_table(view, selected=self.selected if acting else (),
                          targets=self.targets(), focus=self.focused(), prey=self.prey(),
                          rock_rows=state.rocks_rows() if acting and state.phase == ROCKS else (),
                          slots=slots, last=self.last_island(), clickable=acting)

    def last_island(self) -> Cell | None:
        """Where the last island was placed (the last move, marked on the sea)."""
        for action in reversed(self.shown.history):
            if isinstance(action, Play) and action.at is not None:
                return None if action.card == MONSTER else action.at
        return None

    def after_change(self) -> None:
        state = self.state
        splitting = state.phase == SPLIT and not state.is_over() and self.seat is not None
        self.split_box.layout.display = "flex" if splitting else "none"
        if splitting and self._proposed_at != len(state.history):
            self._proposed_at = len(state.history)  # propose once; then the players edit it
            for box, most, share in zip(self.split_inputs, state.capacities(), _even_split(state)):
                box.max, box.value = most, share
        self.discard_button.disabled = self.seat is None or self.covered or state.phase == SPLIT
        self.follow_live()
        self.info.value = self._info()

    def end_words(self) -> str:
        """A shared win or a shared loss: the team plays together."""
        result = self.state.result
        if result.winners:
            return _("Won, all together! {cause}.", cause=_capitalized(result.cause))
        return _("Lost, all together: {cause}.", cause=result.cause)

    def _info(self) -> str:
        state = self.state
        if state.is_over():
            head = f"<b>{html.escape(self.end_words())}</b>"
        elif self.covered:
            head = _("<b>Pass the device to {player}</b> (click the board when ready).",
                     player=state.seat_name(self.seat or 0))
        elif state.current_player == CHANCE:
            head = _("The jagged rocks drift…")
        else:
            head = _("<b>{player}</b>: {what}.", player=state.seat_name(state.current_player),
                     what=html.escape(state.expected()))
        lines = [head]
        if self.viewer is not None and not self.covered:  # it counts the cards in the hand
            lines.append(_("Cost limit now: at most {most} discards.",
                           most=max(0, state.payable(self.viewer))))
        if state.options.open_hands:
            lines += [f"{state.seat_name(seat)}: {html.escape(hand_text(state.hand(seat)))}"
                      for seat in range(state.num_players) if seat != self.viewer]
        return "<br>".join(lines)


def _narrate(state: CalmState, action: Action) -> str:
    """A log line for ``action``, said before it is applied to ``state``, in the board's words
    (slot numbers, not cells)."""
    player = state.seat_name(state.current_player or 0)
    words = board_words(describe_action(action), state.options.cols)
    if isinstance(action, Play) and action.at is not None and is_island(action.card):
        try:
            cost = state.sea.cost(action.card, *action.at)
        except ActionError:  # a refused move: the status line will say why
            cost = 0
        if cost:
            return _("{player} {action} (cost {cost}).", player=player, action=words, cost=cost)
    return _("{player} {action}.", player=player, action=words)


_CELL = re.compile(r"(?:\bcell )?\((\d+), (\d+)\)")


def board_words(text: str, cols: int) -> str:
    """The engine's words with each cell ``(row, col)`` said as the board numbers it ("slot
    5") and each row (as :func:`~sailing_kit.calm.sea.row_name` names it in the language
    spoken now: "row 3") as its slots ("the row of slots 7–12")."""
    text = _CELL.sub(lambda m: slot_words((int(m[1]), int(m[2])), cols), text)
    row = re.escape(_("row {number}")).replace(re.escape("{number}"), r"(\d+)")
    return re.sub(rf"\b{row}\b(?! \(bottom\))", lambda m: row_words(int(m[1]), cols), text)


def _capitalized(text: str) -> str:
    """``text`` with its first letter a capital (a word opening a sentence)."""
    return text[:1].upper() + text[1:]


def _even_split(state: CalmState) -> list[int]:
    """A first proposal for the split: one card at a time to whoever has discarded least (the
    Start player first on a tie), within what each can discard."""
    most, players = state.capacities(), state.num_players
    shares = [0] * players

    def next_in_line(seat: int) -> tuple[int, int]:
        return (shares[seat], (seat - state.player) % players)

    for _share in range(state.options.start_discards):
        open_seats = [seat for seat in range(players) if shares[seat] < most[seat]]
        if not open_seats:
            break
        shares[min(open_seats, key=next_in_line)] += 1
    return shares


def example_boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Boards in a typical position, for the benchmarks and the gallery."""

    def mid_game() -> Board:
        state = new_game(players=2, seed=3, rocks="manual")
        bot = calm_bots.make("planner")
        while len(state.history) < 24 and not state.is_over():
            state.apply(bot(state))
        board = Board(state, bots={1: "planner"})
        board.toggle(0)
        return board

    return {"calm: first turn": lambda: Board(new_game(players=2, seed=0), bots={1: "planner"}),
            "calm: mid game, jagged rocks": mid_game}


__all__ = ["Board", "example_boards"]


def app() -> GameApp:
    """Calm as an app: you play seat 1 with planner bots in the other seats (for Voilà)."""
    return GameApp(
        _("Calm"),
        lambda seed, players: Board(new_game(players=players, seed=seed),
                                    bots=dict.fromkeys(range(1, players), "planner")),
        about=_("Select a card of your hand, then click a lit cell of the sea (its cost shows); "
                "select two cards and press Discard selected to discard. Fill the sea together!"),
        players=widgets.Dropdown(options=[1, 2, 3, 4, 5], value=2, description=_("Players")))
