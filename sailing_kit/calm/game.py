"""Calm (*Штиль*, published as *Tranquility*): the cooperative puzzle on the kit's protocol.

A turn is one action — play a card, or discard two — and what it sets off, each a step of its
own so that every choice is an action: paying a placement's cost, the Start's agreed split and
each player's share of it, and moving the jagged rocks (chosen in manual mode, a chance node in
automatic mode). At the end of a turn everyone draws back up to a full hand from their own deck.

The rules are in the comments as ``text:`` (the Russian original), ``decision:``
(``rules-decisions.md``) or ``kit:`` (our own choice, listed in ``docs/rules-calm.md``).
"""

from __future__ import annotations

from fractions import Fraction
from math import prod
from typing import Any

from sailing_kit.calm.actions import (
    Action,
    Discard,
    MoveRocks,
    Play,
    Split,
    action_to_json,
    parse_action,
)
from sailing_kit.calm.cards import (
    FINISH,
    MONSTER,
    START,
    Card,
    Special,
    card_label,
    discardable,
    parse_card,
)
from sailing_kit.calm.checks import check_action, finish_refusal, start_refusal, stuck
from sailing_kit.calm.choices import discards, islands_of, picks, play_table, splits, without
from sailing_kit.calm.options import AUTOMATIC, CalmOptions
from sailing_kit.calm.phases import ACT, DRIFT, PAY, ROCKS, SHARE, SPLIT
from sailing_kit.calm.sea import Cell, Sea
from sailing_kit.calm.view import PlayerView, player_view
from sailing_kit.core import options as opt
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.core.view import check_viewer
from sailing_kit.draw.scene import Scene


class CalmState(GameState[Action]):
    """A game of Calm. ``str(state)`` describes it from the current player's seat; in a notebook
    it draws itself; :meth:`view` gives any player's view, hiding the others' hands and decks."""

    options: CalmOptions
    GAME = "calm"
    ACTION_TYPES = (Play, Discard, Split, MoveRocks, Special)

    def __init__(self, seed: int | None, options: CalmOptions):
        super().__init__(seed, options)
        self.players = options.players
        self.removed, self.decks = self._deal()
        self.monsters = sum(deck.count(MONSTER) for deck in self.decks)
        self.sea = Sea.empty(options.rows, options.cols, options.adjacency)
        # Per seat: cards drawn from the deck, the hand (sorted) and the discards. Lists, changed
        # in place; the snapshot copies them.
        self.drawn = [0] * self.players
        self.hands: list[tuple[Card, ...]] = [()] * self.players
        self.discards: list[tuple[Card, ...]] = [()] * self.players
        self.out: tuple[Card, ...] = ()
        self.start_played = False
        self.won = False
        self.lost: str | None = None
        self.player = 0
        self.phase = ACT
        self.owed = 0
        self.shares: tuple[int, ...] | None = None
        self.sharer = 0
        self.last_actor: int | None = None
        # text: "Выбранный ряд имеет карту «Острые рифы»"; kit: the first row is drawn at random.
        self.rocks = self.chance.randint(0, options.rows - 1) if options.rocks else None
        for seat in range(self.players):
            self._draw_up(seat)
        self.lost = stuck(self, 0)

    def _deal(self) -> tuple[tuple[int, ...], tuple[tuple[Card, ...], ...]]:
        """The islands removed from the game and each player's deck (top card first)."""
        options = self.options
        if options.decks is not None:
            return (), tuple(tuple(parse_card(card, options.top) for card in deck)
                             for deck in options.decks)
        islands = list(range(1, options.top + 1))
        # text: "удалить из игры от 4 до 12 случайно выбранных пронумерованных карт островов"
        removed = sorted(self.chance.sample(islands, options.removed_islands)) \
            if options.removed_islands else []
        pool = sorted(set(islands).difference(removed))
        # decision: islands and Finish cards (kit: and the sea monsters) are shuffled and dealt
        # round-robin; then each player shuffles one Start card into their own deck.
        pool += [FINISH] * options.finishes + [MONSTER] * options.monsters
        shuffled = self.chance.shuffled(pool)
        dealt = [shuffled[seat::self.players] for seat in range(self.players)]
        # Shuffling a card into a deck puts it at a uniform random place: one draw numbers the
        # places of all the Start cards together (a mixed-radix number, one digit per deck).
        places = self.chance.randint(0, prod(len(deck) + 1 for deck in dealt) - 1)
        for deck in dealt:
            places, place = divmod(places, len(deck) + 1)
            deck.insert(place, START)
        return tuple(removed), tuple(tuple(deck) for deck in dealt)

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> CalmState:
        return cls(seed, opt.build_options(CalmOptions, options))

    # ----- protocol -------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        if self.won or self.lost:
            return None
        if self.phase == DRIFT:
            return CHANCE
        return self.sharer if self.phase == SHARE else self.player

    @property
    def result(self) -> Result | None:
        if self.won:
            return Result.together(True, self.players, _("the Finish card is played: everyone "
                                   "reaches the island of paradise"), (1.0,) * self.players)
        if self.lost:
            return Result.together(False, self.players, self.lost, (0.0,) * self.players)
        return None

    def legal_actions(self) -> list[Action]:
        if self.won or self.lost:
            return []
        phase = self.phase
        if phase == ACT:
            return self._act_actions()
        if phase == PAY:
            return discards(discardable(self.hands[self.player]), self.owed)
        if phase == SPLIT:
            total = self.options.start_discards
            limits = tuple(min(total, most) for most in self.capacities())
            return [Split(s) for s in splits(total, limits)]
        if phase == SHARE:
            return discards(*self._share_due())
        moves: list[Action] = [MoveRocks(row) for row in self.rocks_rows()]
        if phase == ROCKS:
            moves += discards(discardable(self.hands[self.player]), 2)
        return moves

    def _act_actions(self) -> list[Action]:
        hand = self.hands[self.player]
        if not self.start_played and START in hand:
            return [Play(START)]  # text: "вы обязаны разыграть эту Стартовую карту"
        spare = discardable(hand)
        table = play_table(self.options.rows, self.options.cols)
        actions: list[Action] = []
        runs = self.sea.affordable_runs(islands_of(hand), self.rocks, len(spare) - 1)
        for card, start, stop in runs:
            actions += table[card][start:stop]
        if FINISH in hand and self.finish_refusal() is None:
            actions.append(Play(FINISH))
        if MONSTER in hand:
            plays = table[MONSTER]
            actions += [plays[i] for i, value in enumerate(self.sea.cells) if value]
        actions += discards(spare, 2)
        return actions

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase != DRIFT or self.won or self.lost:
            return []
        rows = self.rocks_rows()
        return [(MoveRocks(row), Fraction(1, len(rows))) for row in rows]

    def read_action(self, value: Any) -> Action:
        return parse_action(value, self.options.top)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def action_space(self) -> list[Action]:
        """Actions of the right form for the current player, legal now or not (for tests)."""
        hand = self.hands[self.current_player] if self.current_player not in (None, CHANCE) else ()
        cells = [self.sea.position(i) for i in range(self.sea.size)]
        space: list[Action] = [Play(card, cell) for card in dict.fromkeys(hand) for cell in cells]
        space += [Play(card) for card in (START, FINISH, MONSTER, 1)]
        space += [Discard(c) for k in (1, 2, 3) for c in picks(hand, k)]
        space += [Discard((self.options.top,)),
                  Split((self.options.start_discards,) * self.players)]
        space += [MoveRocks(row) for row in range(self.options.rows + 1)]
        return space

    # ----- checking (see :mod:`sailing_kit.calm.checks`) --------------------------------------
    def check(self, action: Action) -> None:
        check_action(self, action)

    def start_refusal(self) -> str | None:
        """Why the Start card may not be played now (None if it may)."""
        return start_refusal(self)

    def finish_refusal(self) -> str | None:
        """Why a Finish card may not be played now (None if it may)."""
        return finish_refusal(self)

    # ----- applying -------------------------------------------------------------------------------
    def apply_unchecked(self, action: Action) -> None:
        """The fast path of the simulator and the solver: apply an action that
        :meth:`legal_actions` lists (or a bot built from the same rules) without the check, the
        undo record and the history. The rules applied are exactly :meth:`apply`'s."""
        self._apply(action)

    def _apply(self, action: Action) -> None:
        phase = self.phase
        self.last_actor = (CHANCE if phase == DRIFT else
                           self.sharer if phase == SHARE else self.player)
        if isinstance(action, Play):
            self._play(action)
        elif isinstance(action, Split):
            self.shares = action.shares
            self._next_sharer(0)
        elif isinstance(action, MoveRocks):
            self.rocks = action.row
            self._end_turn()
        elif phase == SHARE:
            self._share(action.cards)
        elif phase in (ACT, PAY):
            self._discard(self.player, action.cards)
            self._action_done()
        else:
            # text: "вы должны вместо этого сбросить две карты"
            self._discard(self.player, action.cards)
            self._end_turn()

    def _play(self, play: Play) -> None:
        seat, card = self.player, play.card
        hand = self.hands[seat]
        at = hand.index(card)
        self.hands[seat] = hand[:at] + hand[at + 1:]
        if card == START:
            self.start_played = True
            self._start_discards()
        elif card == FINISH:
            self.won = True
        elif play.at is None:
            raise IllegalAction(_("say where {card} goes: give a cell (row, col)",
                                  card=card_label(card)))
        elif card == MONSTER:
            index = play.at[0] * self.options.cols + play.at[1]
            self.out += (self.sea.cells[index], MONSTER)
            self.sea = self.sea.without(index)
            self._action_done()
        else:
            index = play.at[0] * self.options.cols + play.at[1]
            cost = self.sea.cost_at(card, index)
            self.sea = self.sea.placed(card, index)
            if self.rocks is not None and self.sea.full_rows() >= self.options.rocks_leave_after:
                # text: "Данная карта удаляется из игры после того, как будут заполнены четыре
                # ряда" (decision: any four full rows).
                self.rocks = None
            if cost:
                self.phase, self.owed = PAY, cost
            else:
                self._action_done()

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = without(self.hands[seat], cards)
        self.discards[seat] += cards

    def _start_discards(self) -> None:
        """text: "Когда разыгрывается стартовая карта, все игроки должны сбросить в общей
        сложности восемь карт"; decision: if the team cannot, the game is lost."""
        total, can = self.options.start_discards, sum(self.capacities())
        if can < total:
            self.lost = _("the Start card is played but the team can discard only {can} of the "
                          "{total} cards the Start demands", can=can, total=total)
        elif total:
            self.phase = SPLIT
        else:
            self._action_done()

    def _next_sharer(self, offset: int) -> None:
        """Hand the Start's discards to the next player who owes some, counting ``offset`` seats
        on from the active player, or end the action when all are made."""
        shares = self.shares if self.shares is not None else (0,) * self.players
        for step in range(offset, self.players):
            seat = (self.player + step) % self.players
            if shares[seat]:
                self.phase, self.sharer, self.owed = SHARE, seat, shares[seat]
                self._refill_if_spent(seat)
                return
        self.shares = None
        self._action_done()

    def discards_due(self) -> int:
        """How many cards the current player discards with a :class:`Discard` now: two (as the
        turn's action, or instead of moving the rocks), a placement's cost, or their part of the
        Start's discards (all the cards they may discard if their share is larger)."""
        if self.phase == PAY:
            return self.owed
        return self._share_due()[1] if self.phase == SHARE else 2

    def _share_due(self) -> tuple[tuple[Card, ...], int]:
        """The current sharer's discardable cards and how many of them they discard now: their
        whole share, or every card they may discard if the share is larger (then they draw)."""
        cards = discardable(self.hands[self.sharer])
        return cards, min(self.owed, len(cards))

    def _share(self, cards: tuple[Card, ...]) -> None:
        seat = self.sharer
        self._discard(seat, cards)
        self.owed -= len(cards)
        if self.owed:
            self._refill_if_spent(seat)
        else:
            self._next_sharer((seat - self.player) % self.players + 1)

    def _refill_if_spent(self, seat: int) -> None:
        """decision: a player whose hand runs out draws back up and may go on discarding."""
        if not discardable(self.hands[seat]):
            self._draw_up(seat)

    def _action_done(self) -> None:
        """The action (and what it set off) is complete: the jagged rocks move, or the turn ends."""
        if self.won or self.lost:
            return
        if self.rocks is not None:
            # text: "После каждого хода карта зазубренных камней перемещается активным игроком в
            # другой ряд" — at random (automatic, a chance node) or by choice (manual).
            self.phase = DRIFT if self.options.rocks == AUTOMATIC else ROCKS
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """Everyone draws back up to a full hand (only the active player is short, but after the
        Start), then the next player clockwise acts, if they can."""
        size, hands, drawn, decks = self.options.hand_size, self.hands, self.drawn, self.decks
        for seat, hand in enumerate(hands):  # each draws from their own deck: order is no matter
            if len(hand) < size and drawn[seat] < len(decks[seat]):
                self._draw_up(seat)
        self.player = (self.player + 1) % self.players
        self.phase, self.owed = ACT, 0
        self.lost = stuck(self, self.player)

    def _draw_up(self, seat: int) -> None:
        """text: "добрать в руки до пяти карт, взяв карты с верха своей колоды"."""
        hand = self.hands[seat]
        need = self.options.hand_size - len(hand)
        if need > 0:
            start = self.drawn[seat]
            drawn = self.decks[seat][start:start + need]
            if drawn:
                self.hands[seat] = tuple(sorted(hand + drawn))
                self.drawn[seat] = start + len(drawn)

    # ----- questions about the position -----------------------------------------------------------
    @property
    def monsters_left(self) -> int:
        """Sea monsters of the game not yet played."""
        return self.monsters - self.out.count(MONSTER)

    def capacities(self) -> tuple[int, ...]:
        """How many cards each player can discard for the Start: those they may discard in hand,
        then, drawing back up each time the hand runs out, in their deck."""
        return tuple(self._capacity(seat) for seat in range(self.players))

    def _capacity(self, seat: int) -> int:
        hand = self.hands[seat]
        monsters = hand.count(MONSTER)
        count = len(hand) - monsters
        deck, top = self.decks[seat], self.drawn[seat]
        while top < len(deck) and monsters < self.options.hand_size:
            drawn = deck[top:top + self.options.hand_size - monsters]
            top += len(drawn)
            monsters += drawn.count(MONSTER)
            count += len(drawn) - drawn.count(MONSTER)
        return count

    def rocks_rows(self) -> list[int]:
        """The rows the jagged rocks may move to: any other row with an empty cell (text: "Карта
        «Острые рифы» может находится только в том ряду, где есть хотя бы одно пустое место")."""
        return [row for row in range(self.options.rows)
                if row != self.rocks and self.sea.row_has_space(row)]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    def deck(self, seat: int) -> tuple[Card, ...]:
        """The cards left in a player's deck, top first (hidden information)."""
        return self.decks[seat][self.drawn[seat]:]

    def payable(self, seat: int) -> int:
        """How many discards a placement by ``seat`` may cost now (the hand limit)."""
        return len(discardable(self.hands[seat])) - 1

    def placement_options(self, card: int) -> list[tuple[Cell, int]]:
        """Every ``((row, col), cost)`` where the current player may place island ``card`` now."""
        limit = self.payable(self.player)
        return [(self.sea.position(i), cost) for i, cost in self.sea.placements(card, self.rocks)
                if cost <= limit]

    def expected(self) -> str:
        """What the current player must do now, as an instruction ("play a card or discard two")."""
        if self.won or self.lost:
            return _("nothing: the game is over")
        phase = self.phase
        if phase == ACT:
            if self.start_due():
                return _("play the Start card (whoever holds it must play it)")
            return _("play a card or discard two")
        if phase == PAY:
            return n_("pay for the island just placed: discard {count} card",
                      "pay for the island just placed: discard {count} cards", self.owed)
        if phase == SPLIT:
            return _("enter the team's agreed split of the Start's {total} discards: how many "
                     "each player discards", total=self.options.start_discards)
        if phase == SHARE:
            return n_("discard {count} card towards your share of the Start's discards ({owed} "
                      "still to go)", "discard {count} cards towards your share of the Start's "
                      "discards ({owed} still to go)", self._share_due()[1], owed=self.owed)
        if phase == ROCKS:
            return _("move the jagged rocks to another row with an empty cell, or discard two "
                     "cards")
        return _("chance moves the jagged rocks to another row with an empty cell")

    def start_due(self) -> bool:
        """Whether the player to act holds the unplayed Start card (and so must play it now)."""
        return self.phase == ACT and not self.start_played and START in self.hands[self.player]

    def who_acts(self) -> str:
        """Who must act now, as the subject of a sentence."""
        seat = self.current_player
        return _("chance") if seat == CHANCE else self.seat_name(seat)

    def seat_name(self, seat: int | None = None) -> str:
        return _("Player {number}", number=(self.player if seat is None else seat) + 1)

    # ----- undo and search ------------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return (self.sea, tuple(self.drawn), tuple(self.hands), tuple(self.discards), self.out,
                self.start_played, self.won, self.lost, self.player, self.phase, self.owed,
                self.shares, self.sharer, self.rocks, self.last_actor)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.sea, drawn, hands, discards, self.out, self.start_played, self.won, self.lost,
         self.player, self.phase, self.owed, self.shares, self.sharer, self.rocks,
         self.last_actor) = snapshot
        self.drawn, self.hands, self.discards = list(drawn), list(hands), list(discards)

    def checkpoint(self) -> tuple[Any, ...]:
        """A cheap save point of the position (no history): :meth:`rewind` returns to it. With
        :meth:`apply_unchecked`, the search's way to try a line and take it back."""
        return self._snapshot()

    def rewind(self, checkpoint: tuple[Any, ...]) -> None:
        self._restore(checkpoint)

    def position_key(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the game (not who discarded what, nor the last
        actor): equal keys, equal futures. The solver's memory."""
        return (self.sea.cells, tuple(self.drawn), tuple(self.hands), self.out, self.start_played,
                self.won, self.lost is not None, self.player, self.phase, self.owed, self.shares,
                self.sharer, self.rocks)

    # ----- views and display ----------------------------------------------------------------------
    def view(self, player: int | None = None) -> PlayerView:
        """What ``player`` (a seat) sees: the table and their own hand. ``None`` is an onlooker
        who sees no hand (every hand with open hands; the teacher's :meth:`reveal` shows all)."""
        return player_view(self, check_viewer(player, self.players), reveal=self.options.open_hands)

    def reveal(self) -> PlayerView:
        """Every hand and deck face up: the teacher's (or the puzzle solver's) view."""
        return player_view(self, None, reveal=True)

    def seat_view(self) -> PlayerView:
        """The view of whoever acts now (the first player once the game is over); with open
        hands, the view that shows every hand."""
        if self.options.open_hands:
            return self.reveal()
        seat = self.current_player
        return self.view(seat if seat not in (None, CHANCE) else self.player)

    def describe(self, viewer: int | None = None) -> str:
        """The position in words from ``viewer``'s seat (default: the player to act)."""
        view = self.seat_view() if viewer is None else self.view(viewer)
        return view.describe()

    def scene(self, view: PlayerView | None = None, **highlights: Any) -> Scene:
        """The picture from a player's view (default: the player to act); see
        :func:`sailing_kit.calm.drawing.draw_table` for the highlights."""
        return (view or self.seat_view()).scene(**highlights)


def new_game(seed: int | None = None, **options: Any) -> CalmState:
    """A game of Calm: ``players`` 1 to 5 (3 unless given). Variants: ``monsters`` (3-5),
    ``rocks`` ("automatic" or "manual"), ``removed_islands`` (4-12), ``adjacency``
    ("physical"); see :class:`~sailing_kit.calm.options.CalmOptions` for the sizes a puzzle may
    change."""
    return CalmState.new(seed, **options)
