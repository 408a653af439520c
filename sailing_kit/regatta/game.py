"""The card regatta (the Bulgarian text 000) on the kit's protocol.

A turn: the player sails one movement card (``Sail``: the card and one of its arrows, twice
with a Windy spell) or skips (``Exchange`` 1-3 cards, or ``Face`` a new heading). After sailing,
a player holding a special card that fits plays it or ends the turn (``Handling``, ``Becalm``,
``EndTurn``); then the hand is drawn back up to five. Shuffles and the reshuffle of the discard
pile come from the game's seeded stream, inside the move that needs them.

The rules are cited in the comments as ``text:`` (the Bulgarian original), ``decision:``
(``rules-decisions.md``) or ``kit:`` (our own choice, listed in ``docs/rules-regatta.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _, n_, number
from sailing_kit.core.options import build_options
from sailing_kit.core.protocol import GameState, Result
from sailing_kit.core.trail import Trail
from sailing_kit.core.view import SeenView
from sailing_kit.draw.scene import Scene
from sailing_kit.regatta.actions import (
    AFTER,
    MOVE,
    Action,
    Becalm,
    EndTurn,
    Exchange,
    Face,
    Handling,
    Sail,
    action_to_json,
    parse_action,
)
from sailing_kit.regatta.checks import EXCHANGE_MOST, check_action
from sailing_kit.regatta.course import buoy_words
from sailing_kit.regatta.deck import CALM, HANDLING, WINDY
from sailing_kit.regatta.drawing import draw_table
from sailing_kit.regatta.geometry import Pose, ahead
from sailing_kit.regatta.moves import Verdict, Water, judge
from sailing_kit.regatta.options import RegattaOptions
from sailing_kit.regatta.view import seen_view
from sailing_kit.regatta.words import describe_state


@dataclass(frozen=True)
class Yacht:
    """A yacht on the water: its pose, the leg it sails (0 before the start, one more per
    mark rounded and for the finish), the winding round its current mark, and its track."""

    pose: Pose
    leg: int
    winding: int
    track: Trail[Point]


class RegattaState(GameState[Action]):
    """A card regatta. ``str(state)`` describes it from the seat of the player to act (other
    hands hidden); :meth:`describe` and :meth:`scene` take any ``viewer``."""

    options: RegattaOptions
    GAME = "regatta"
    ACTION_TYPES = (Sail, Exchange, Face, Handling, Becalm, EndTurn)

    def __init__(self, seed: int | None, options: RegattaOptions):
        super().__init__(seed, options)
        self.course, self.deck = options.the_course, options.the_deck
        self.kinds: tuple[str, ...] = options.cards()
        """Each card of the game by its number: its kind."""
        gone = options.out_of_play()
        playing = [card for card, kind in enumerate(self.kinds) if kind not in gone]
        # text: "На всеки участник се раздават по 5 карти, а другите се оставят на купчина";
        # kit: a prepared stack is dealt as it lies, in blocks of five from the top.
        order = playing if options.stack is not None else self.chance.shuffled(playing)
        size = options.hand_size
        self.hands = tuple(tuple(order[p * size:(p + 1) * size]) for p in range(options.players))
        self.pile: tuple[int, ...] = tuple(order[options.players * size:])
        """The draw pile as dealt or last reshuffled, top first: cards are drawn by moving
        :attr:`pile_top` on, so a draw copies nothing and every undo snapshot shares the pile."""
        self.pile_top = 0
        self.discard_pile: Trail[int] = Trail()
        self.out = tuple(card for card, kind in enumerate(self.kinds) if kind in gone)
        """Cards out of the game (the Flat calms of a time trial): they never move."""
        self.suns: tuple[int | None, ...] = (None,) * options.players
        """The Flat calm card lying before each yacht (None if it is not becalmed)."""
        self.yachts = tuple(self._placed(options))
        self.player = 0  # kit: Player 1 starts ("Избира се кой ще започне първи")
        self.phase = MOVE
        self.handled = False
        self.turns = 0
        self.finisher: int | None = None
        self.log: Trail[str] = Trail()

    def _placed(self, options: RegattaOptions) -> list[Yacht]:
        """text: "Всеки участник избира яхта и я поставя пред стартовата линия" (kit: in the
        course's start cells, in seat order), or where the teacher put them."""
        if options.yachts is not None:
            return [Yacht(Pose(p.at, p.heading), p.legs, 0, Trail((p.at,))) for p in options.yachts]
        heading = self.course.start_heading
        return [Yacht(Pose(at, heading), 0, 0, Trail((at,)))
                for at in self.course.starts[:options.players]]

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> RegattaState:
        return cls(seed, build_options(RegattaOptions, options))

    # ----- who, what, where ----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.player

    def name(self, player: int) -> str:
        return _("Player {number}", number=player + 1)

    def hand(self, player: int) -> tuple[str, ...]:
        """The kinds of the cards in ``player``'s hand, oldest first."""
        return tuple(self.kinds[card] for card in self.hands[player])

    def holds(self, player: int, effect: str) -> bool:
        kind = self.deck.special_kind(effect)
        return kind is not None and kind in self.hand(player)

    def becalmed(self, player: int) -> bool:
        """text: a Flat calm lies before the yacht: it "трябва да прескочи реда си"."""
        return self.suns[player] is not None

    @property
    def round(self) -> int:
        return self.turns // self.num_players + 1

    def water(self, player: int) -> Water:
        """What ``player``'s yacht must keep clear of."""
        others = [(p, y) for p, y in enumerate(self.yachts) if p != player]
        zones: dict[Point, str] = {}
        for p, yacht in others:
            for cell in ahead(yacht.pose, self.options.zone):
                zones.setdefault(cell, self.name(p))
        buoys = {at: buoy_words(name) for at, name in self.course.buoys.items()}
        return Water(self.course.grid, buoys, {y.pose.at: _("{player}'s yacht",
                                                            player=self.name(p))
                                               for p, y in others}, zones)

    def verdicts(self) -> list[Verdict]:
        """Every card and arrow the player to move could sail now (with a Windy spell too, if
        they hold one), each with where it ends or which rule blocks it."""
        if self.is_over() or self.phase != MOVE:
            return []
        player = self.player
        hand = self.hand(player)
        windy = (False, True) if self.holds(player, WINDY) else (False,)
        plans = [Sail(kind, arrow, double) for kind in dict.fromkeys(hand)
                 if self.deck.kind(kind).moves
                 for double in windy for arrow in self.deck.kind(kind).arrows]
        return judge(self.water(player), self.yachts[player].pose, plans, self.deck)

    def verdict(self, plan: Sail) -> Verdict | None:
        """The verdict on ``plan`` (None if the player cannot sail it at all now)."""
        return next((v for v in self.verdicts() if v.plan == plan), None)

    def verdict_of(self, plan: Sail) -> Verdict:
        verdict = self.verdict(plan)
        if verdict is None:
            raise IllegalAction(_("{player} cannot sail that card now",
                                  player=self.name(self.player)))
        return verdict

    def _special(self, effect: str) -> str:
        """The kind of card with this special effect (the caller knows the deck has one)."""
        kind = self.deck.special_kind(effect)
        if kind is None:
            raise IllegalAction(_("this deck has no {card} card", card=effect.replace("_", " ")))
        return kind

    def targets(self) -> list[int]:
        """The yachts the player to act could becalm: every other one not becalmed already."""
        return [p for p in range(self.num_players) if p != self.player and not self.becalmed(p)]

    # ----- protocol -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.phase == AFTER:
            actions: list[Action] = [Handling()] if self._may_handle() else []
            if self.holds(self.player, CALM):
                actions += [Becalm(target) for target in self.targets()]
            return actions + [EndTurn()]
        sails: list[Action] = [] if self.becalmed(self.player) else \
            [v.plan for v in self.verdicts() if v.legal]
        return sails + self._skips()

    def pass_action(self) -> Action | None:
        """kit: turning the yacht to the heading it has is a plain pass (a skip); after sailing,
        ending the turn without a special card."""
        if self.is_over():
            return None
        return EndTurn() if self.phase == AFTER else Face(self.yachts[self.player].pose.heading)

    def _skips(self) -> list[Action]:
        """text: skipping, "Да смени 1, 2 или 3 от своите карти" or "Да насочи яхтата си в
        посоката, която желае" (kit: facing the same way is allowed: a plain pass)."""
        hand = sorted(self.hand(self.player))
        most = min(EXCHANGE_MOST, self.cards_to_draw)
        exchanges = dict.fromkeys(cards for size in range(1, most + 1)
                                  for cards in combinations(hand, size))
        skips: list[Action] = [Exchange(cards) for cards in exchanges]
        return skips + [Face(d) for d in Direction]

    @property
    def draw_pile(self) -> tuple[int, ...]:
        """The cards left to draw, top first."""
        return self.pile[self.pile_top:]

    @draw_pile.setter
    def draw_pile(self, cards: tuple[int, ...]) -> None:
        self.pile, self.pile_top = tuple(cards), 0

    @property
    def pile_size(self) -> int:
        """How many cards are left in the draw pile."""
        return len(self.pile) - self.pile_top

    @property
    def cards_to_draw(self) -> int:
        """How many cards can still be drawn: the draw pile and the discard pile together."""
        return self.pile_size + len(self.discard_pile)

    def _may_handle(self) -> bool:
        return self.holds(self.player, HANDLING) and not self.handled

    def action_space(self) -> list[Action]:
        """Actions of the right form, legal now or not (for tests and tools)."""
        space: list[Action] = [Sail(kind.name, arrow.name, windy)
                               for kind in self.deck.movement_kinds for arrow in self.deck.arrows
                               for windy in (False, True)]
        space += [Exchange((kind.name,)) for kind in self.deck.cards]
        space.append(Exchange(tuple(sorted(self.hand(self.player)))))
        space += [Face(d) for d in Direction] + [Handling(), EndTurn()]
        return space + [Becalm(p) for p in range(-1, self.num_players + 1)]

    def read_action(self, value: Any) -> Action:
        return parse_action(value, self.deck)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    # ----- the rules ------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        check_action(self, action)

    def _apply(self, action: Action) -> None:
        if isinstance(action, Sail):
            self._sail(action)
        elif isinstance(action, Exchange):
            self._exchange(action)
        elif isinstance(action, Face):
            self._face(action.heading)
        elif isinstance(action, Handling):
            self._handle()
        elif isinstance(action, Becalm):
            self._becalm(action.target)
        else:
            self._end_turn()

    def _sail(self, plan: Sail) -> None:
        """text: the yacht moves to the arrow's end, "с кърмата ... насочена в същата посока
        със стрелката"; the card goes to the discard pile ("купчина на използваните карти")."""
        player, verdict = self.player, self.verdict_of(plan)
        if verdict.end is None:
            raise IllegalAction(verdict.reason)
        yacht = self.yachts[player]
        leg, winding = self.course.judge(yacht.leg, yacht.winding, (yacht.pose.at, *verdict.path))
        self._set_yacht(player, Yacht(verdict.end, leg, winding, yacht.track + verdict.path))
        played = (plan.card, self._special(WINDY)) if plan.windy else (plan.card,)
        self._discard(player, played)
        card, arrow = self.deck.kind(plan.card).shown, self.deck.arrow(plan.arrow).shown
        what = _("{card} ({arrow}, twice with a Windy spell)", card=card, arrow=arrow) \
            if plan.windy else _("{card} ({arrow})", card=card, arrow=arrow)
        words = {"player": self.name(player), "what": what, "end": verdict.end}
        self._say(_("{player} sails {what} to {end}: {note}.", note=verdict.reason, **words)
                  if verdict.reason else _("{player} sails {what} to {end}.", **words))
        self._tell_progress(player, yacht, leg, winding)
        if leg == self.course.finished_leg:
            # text: "Победител е първия играч, който пресече финалната права"
            self.finisher = player
            self._say_result()
        elif self._may_handle() or (self.holds(player, CALM) and self.targets()):
            self.phase = AFTER
        else:
            self._end_turn()

    def _tell_progress(self, player: int, before: Yacht, leg: int, winding: int) -> None:
        name = self.name(player)
        for passed in range(before.leg, leg):
            if passed == 0:
                self._say(_("{player} crosses the start line.", player=name))
            elif passed <= len(self.course.marks):
                self._say(_("{player} rounds {buoy}.", player=name,
                            buoy=buoy_words(self.course.marks[passed - 1].name)))
            else:
                self._say(_("{player} crosses the finish line!", player=name))
        if leg == before.leg and winding < before.winding:
            mark = self.course.marks[leg - 1]
            words = {"player": name, "buoy": buoy_words(mark.name)}
            self._say(_("{player} passes {buoy} the wrong way: it must be kept to port, so come "
                        "back round it.", **words) if mark.sense > 0 else
                      _("{player} passes {buoy} the wrong way: it must be kept to starboard, so "
                        "come back round it.", **words))

    def _exchange(self, action: Exchange) -> None:
        """kit: the old cards are set aside, the hand is drawn back up to five, and only then
        do the old ones go to the discard pile: they are never drawn back this turn."""
        player = self.player
        hand = list(self.hands[player])
        old = []
        for kind in action.cards:
            card = next(c for c in hand if self.kinds[c] == kind)
            hand.remove(card)
            old.append(card)
        self.hands = _replaced(self.hands, player, tuple(hand))
        self._draw_up(player)
        self.discard_pile += tuple(old)
        self._say(n_("{player} skips the turn and exchanges {count} card.",
                     "{player} skips the turn and exchanges {count} cards.", len(old),
                     player=self.name(player)))
        self._end_turn(draw_up=False)

    def _face(self, heading: Direction) -> None:
        player = self.player
        yacht = self.yachts[player]
        self._set_yacht(player, replace(yacht, pose=Pose(yacht.pose.at, heading)))
        name = self.name(player)
        self._say(_("{player} skips the turn; the yacht keeps its heading.", player=name)
                  if heading == yacht.pose.heading else
                  _("{player} skips the turn; the yacht turns to {heading}.", player=name,
                    heading=heading.letters))
        self._end_turn()

    def _handle(self) -> None:
        """text: "Имате право на още един ход" (decision: draw, then play on once more)."""
        player = self.player
        self._discard(player, (self._special(HANDLING),))
        self.handled = True
        self._draw_up(player)
        self.phase = MOVE
        self._say(_("{player} plays Nice yacht handling, draws and moves again.",
                    player=self.name(player)))

    def _becalm(self, target: int) -> None:
        """text: the sun is laid before player B, and A "завършва своя ход като тегли две карти"."""
        player = self.player
        sun = next(c for c in self.hands[player] if self.kinds[c] == self.deck.special_kind(CALM))
        self.hands = _replaced(self.hands, player, tuple(c for c in self.hands[player] if c != sun))
        self.suns = _replaced(self.suns, target, sun)
        self._say(_("{player} lays a Flat calm before {target}'s yacht: it must skip its next "
                    "turn.", player=self.name(player), target=self.name(target)))
        self._end_turn()

    def _end_turn(self, draw_up: bool = True) -> None:
        """text: draw back up to five ("с която си допълва раздадените 5 карти"; an exchange
        has drawn already); a yacht that skipped becalmed leaves its sun behind ("слънчевата
        карта вече няма значение")."""
        player = self.player
        if draw_up:
            self._draw_up(player)
        sun = self.suns[player]
        if sun is not None:
            self.discard_pile += (sun,)
            self.suns = _replaced(self.suns, player, None)
        self.turns += 1
        self.player = (player + 1) % self.num_players  # text: "по реда на часовниковата стрелка"
        self.phase, self.handled = MOVE, False
        self._say_result()

    def _say_result(self) -> None:
        result = self.result
        if result is not None:
            self._say(_("Over: {reason}.", reason=result.reason))

    # ----- cards ----------------------------------------------------------------------------------
    def _discard(self, player: int, kinds: tuple[str, ...]) -> None:
        hand = list(self.hands[player])
        for kind in kinds:
            card = next(c for c in hand if self.kinds[c] == kind)
            hand.remove(card)
            self.discard_pile += (card,)
        self.hands = _replaced(self.hands, player, tuple(hand))

    def _draw_up(self, player: int) -> None:
        self._draw(player, self.options.hand_size - len(self.hands[player]))

    def _draw(self, player: int, count: int) -> None:
        """Draw ``count`` cards from the top; text: "Когато свършат картите в първата купчина,
        играчът на ход разбърква купчината с използвани карти" (from the seeded stream)."""
        drawn = []
        for _turn in range(count):
            if not self.pile_size and self.discard_pile:
                self.pile, self.pile_top = tuple(self.chance.shuffled(self.discard_pile)), 0
                self.discard_pile = Trail()
                self._say(_("{player} shuffles the discard pile into a new draw pile.",
                            player=self.name(self.player)))
            if not self.pile_size:
                break
            drawn.append(self.pile[self.pile_top])
            self.pile_top += 1
        self.hands = _replaced(self.hands, player, self.hands[player] + tuple(drawn))

    def _set_yacht(self, player: int, yacht: Yacht) -> None:
        self.yachts = _replaced(self.yachts, player, yacht)

    def _say(self, line: str) -> None:
        self.log += (line,)

    # ----- undo -----------------------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        """The position for undo: immutable values; the draw pile is shared (only its top moves),
        the discard pile, the log and the tracks are trails, so every snapshot shares them
        (memory grows with the moves, not their square)."""
        return (self.hands, self.pile, self.pile_top, self.discard_pile, self.suns, self.yachts,
                self.player, self.phase, self.handled, self.turns, self.finisher, self.log)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.hands, self.pile, self.pile_top, self.discard_pile, self.suns, self.yachts,
         self.player, self.phase, self.handled, self.turns, self.finisher, self.log) = snapshot

    # ----- the end --------------------------------------------------------------------------------
    def to_go(self, player: int) -> float:
        """The way still to sail for ``player`` in cells, round the marks left (an estimate)."""
        yacht = self.yachts[player]
        return self.course.distance_to_go(yacht.pose.at, yacht.leg, yacht.winding)

    def standings(self) -> list[int]:
        """The players, best placed first: most legs sailed, then least way to go."""
        return sorted(range(self.num_players),
                      key=lambda p: (-self.yachts[p].leg, self.to_go(p), p))

    @property
    def result(self) -> Result | None:
        rounds = self.options.rounds
        timed_out = rounds is not None and self.turns >= rounds * self.num_players
        if self.finisher is None and not timed_out:
            return None
        legs = tuple(float(y.leg) for y in self.yachts)
        players = self.num_players
        if self.finisher is not None:
            name = self.name(self.finisher)
            return Result.ranked((self.finisher,), players, _(
                "{player} crossed the finish line first, having sailed the whole course, in "
                "round {round}", player=name, round=self.round), legs, self._names())
        if self.num_players == 1:
            return Result.ranked((), 1, n_("the {count} round is over before the finish",
                                           "the {count} rounds are over before the finish",
                                           rounds or 0), legs, self._names())
        best = self.standings()[0]
        key = (self.yachts[best].leg, self.to_go(best))
        winners = tuple(p for p in range(self.num_players)
                        if (self.yachts[p].leg, self.to_go(p)) == key)
        return Result.ranked(winners, players, n_(
            "the {count} round is over and nobody has finished; the furthest round the course "
            "has {way} cells to go",
            "the {count} rounds are over and nobody has finished; the furthest round the course "
            "has {way} cells to go", rounds or 0, way=number(key[1], 1)), legs, self._names())

    def _names(self) -> tuple[str, ...]:
        """The players' names in the language spoken now (the result's headline says them)."""
        return tuple(self.name(player) for player in range(self.num_players))

    # ----- display --------------------------------------------------------------------------------
    def describe(self, viewer: int | None = None) -> str:
        """The position in words, from ``viewer``'s seat (default: the player to act): only
        that player's hand is shown."""
        return describe_state(self, self.player if viewer is None else viewer)

    def view(self, player: int | None) -> SeenView:
        """What ``player`` sees: the table and their own hand (``None``: every hand hidden)."""
        return seen_view(self, player)

    def scene(self, viewer: int | None = None, **preview: Any) -> Scene:
        """The picture from ``viewer``'s seat (default: the player to act); ``preview`` as in
        :func:`sailing_kit.regatta.drawing.draw_table`."""
        return draw_table(self, self.player if viewer is None else viewer, **preview)


def _replaced(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def new_game(seed: int | None = None, **options: Any) -> RegattaState:
    """A card regatta. Options: ``players`` (1-4; one alone sails a time trial), ``deck``,
    ``course``, ``hand_size``, ``zone``, ``rounds``, ``yachts`` and ``stack``: see
    :class:`~sailing_kit.regatta.options.RegattaOptions`."""
    return RegattaState.new(seed, **options)
