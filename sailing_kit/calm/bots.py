"""Computer players for Calm: random, greedy, and a planner.

A bot is a function ``state -> action`` (see :mod:`sailing_kit.core.bots`); each factory here
takes a seed, as :func:`sailing_kit.core.bots.random_bot` does, so a simulation can give every
game its own reproducible bot. The greedy bot and the planner look only at what their seat may
see: the sea, the slots, their own hand and discards, and — for the Start's split, the one time
the rules let players talk — how many cards each player says they would gladly discard.

- **random**: any legal action, uniformly.
- **greedy**: the cheapest placement now, nearest the card's natural slot on a tie; discards
  the cards with no place (or the dearest) first.
- **planner**: aims each card at its slot *within its gap* (between the islands below and above
  it in value, spread evenly), pays attention to the cost, refuses placements that leave a
  stretch of the sea with more cells than numbers still to come, discards two instead of a bad
  placement, keeps one Finish card, sends each sea monster at once against the island that
  squeezes the sea most, and moves the jagged rocks to the row it needs least.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from sailing_kit.calm.actions import Action, Discard, MoveRocks, Play, Split
from sailing_kit.calm.cards import FINISH, MONSTER, START, Card, discardable
from sailing_kit.calm.game import CalmState
from sailing_kit.calm.phases import ACT, PAY, ROCKS, SHARE, SPLIT
from sailing_kit.calm.sea import Sea, natural_slot
from sailing_kit.core.bots import Bot, BotFactory, make_bot, random_bot
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import _

UNPLACEABLE = 1e6
"""The score of a card that has no place now."""


@dataclass(frozen=True)
class Placement:
    """A candidate island placement and its score (lower is better)."""

    card: int
    index: int
    cost: int
    score: float


class CardPlayer:
    """A bot that reasons card by card. Subclasses say how good a placement is
    (:meth:`placements`) and whether to play or discard; the phases are handled here."""

    name = "card player"

    def __call__(self, state: CalmState) -> Action:
        seat, phase = _seat(state), state.phase
        if phase == ACT:
            return self.act(state, seat)
        if phase in (PAY, SHARE):
            return Discard(self.worst(state, seat, state.discards_due()))
        if phase == SPLIT:
            return Split(self.split(state))
        if phase == ROCKS:
            return MoveRocks(self.rocks_row(state, seat))
        raise IllegalAction(_("it is chance's turn (the jagged rocks drift), not a player's"))

    # ----- what a strategy decides ----------------------------------------------------------------
    def placements(self, state: CalmState, seat: int, card: int, limit: int) -> list[Placement]:
        """The places worth considering for ``card``, scored; at most ``limit`` discards."""
        raise NotImplementedError

    def act(self, state: CalmState, seat: int) -> Action:
        hand = state.hand(seat)
        if START in hand and not state.start_played:
            return Play(START)
        if FINISH in hand and state.finish_refusal() is None:
            return Play(FINISH)
        best = self.best_placement(state, seat)
        if best is not None:
            return Play(best.card, state.sea.position(best.index))
        if MONSTER in hand and state.sea.filled:
            return Play(MONSTER, state.sea.position(self.monster_target(state)))
        return Discard(self.worst(state, seat, 2))

    def best_placement(self, state: CalmState, seat: int) -> Placement | None:
        limit = state.payable(seat)
        found = [p for card in state.hand(seat) if card < START
                 for p in self.placements(state, seat, card, limit)]
        return min(found, key=lambda p: p.score, default=None)

    def keep_score(self, state: CalmState, seat: int, card: Card, hand: tuple[Card, ...]) -> float:
        """How much worth keeping ``card`` is (higher: keep). Start cards already meaningless
        go first; a Finish card is kept."""
        if card == START:
            return -UNPLACEABLE
        if card == FINISH:
            return UNPLACEABLE
        limit = len(hand) - 1
        options = self.placements(state, seat, card, limit)
        return -min((p.score for p in options), default=UNPLACEABLE)

    def worst(self, state: CalmState, seat: int, count: int) -> tuple[Card, ...]:
        """The ``count`` cards of the hand least worth keeping."""
        hand = state.hand(seat)
        spare = discardable(hand)
        ranked = sorted(spare, key=lambda card: self.keep_score(state, seat, card, hand))
        return tuple(sorted(ranked[:count]))

    def willing(self, state: CalmState, seat: int) -> int:
        """How many cards ``seat`` would gladly discard (what they say when the split is agreed)."""
        hand = state.hand(seat)
        return sum(self.keep_score(state, seat, card, hand) <= -UNPLACEABLE
                   for card in discardable(hand))

    def split(self, state: CalmState) -> tuple[int, ...]:
        """Share the Start's discards: first the cards players would gladly lose, then evenly,
        each within what they can discard."""
        total = state.options.start_discards
        most = state.capacities()
        shares = [min(self.willing(state, seat), most[seat], total)
                  for seat in range(state.num_players)]
        while sum(shares) > total:
            shares[shares.index(max(shares))] -= 1
        while sum(shares) < total:
            open_seats = [seat for seat in range(len(shares)) if shares[seat] < most[seat]]
            shares[min(open_seats, key=lambda seat: shares[seat])] += 1
        return tuple(shares)

    def rocks_row(self, state: CalmState, seat: int) -> int:
        """The row the hand needs least (fewest of its placements), the fullest on a tie."""
        wanted = dict.fromkeys(state.rocks_rows(), 0)
        for card in state.hand(seat):
            if card < START:
                for cell in state.sea.legal_cells(card):
                    if cell[0] in wanted:
                        wanted[cell[0]] += 1
        return min(wanted, key=lambda row: (wanted[row], -_filled_in_row(state.sea, row)))

    def monster_target(self, state: CalmState) -> int:
        """The index of the island furthest from its natural slot."""
        sea, top = state.sea, state.options.top
        return max((i for i, value in enumerate(sea.cells) if value),
                   key=lambda i: abs(i - natural_slot(sea.cells[i], sea.size, top)))


class Greedy(CardPlayer):
    """The cheapest placement now; nearest the natural slot on a tie."""

    name = "greedy"

    def placements(self, state: CalmState, seat: int, card: int, limit: int) -> list[Placement]:
        sea = state.sea
        natural = natural_slot(card, sea.size, state.options.top)
        found = []
        for start, stop in sea.affordable(card, state.rocks, limit):
            for index in {start, stop - 1, min(max(natural, start), stop - 1)}:
                cost = sea.cost_at(card, index)
                found.append(Placement(card, index, cost, cost + abs(index - natural) / 100))
        return found


@dataclass
class Planner(CardPlayer):
    """Scores a placement by its cost, its distance from the card's even share of its gap, and
    the risk of leaving a stretch with too few numbers; discards two rather than play badly.
    The weights were tuned by simulation (3 players, seed 7, a different seed from the reports)."""

    cost_weight: float = 1.0
    fit_weight: float = 1.5
    risk_weight: float = 4.0
    patience: float = 3.5
    """Play the best placement if its score is at most this; otherwise discard two."""
    name: str = "planner"

    def __call__(self, state: CalmState) -> Action:
        self._alive = _alive_counts(state, _seat(state))
        return super().__call__(state)

    def placements(self, state: CalmState, seat: int, card: int, limit: int) -> list[Placement]:
        sea, top = state.sea, state.options.top
        a, b = sea.gap(card)
        low = sea.cells[a] if a >= 0 else 0
        high = sea.cells[b] if b < sea.size else top + 1
        ideal = a + (card - low) * (b - a) / (high - low)
        alive = self._alive
        found = []
        for start, stop in sea.affordable(card, state.rocks, limit):
            middle = min(max(round(ideal), start), stop - 1)
            around = {max(start, middle - 1), middle, min(stop - 1, middle + 1)}
            for index in {start, stop - 1} | around:
                cost = sea.cost_at(card, index)
                risk = (_squeeze(index - a - 1, alive[card - 1] - alive[low])
                        + _squeeze(b - index - 1, alive[high - 1] - alive[card]))
                score = (self.cost_weight * cost + self.fit_weight * abs(index - ideal)
                         + self.risk_weight * risk)
                found.append(Placement(card, index, cost, score))
        return found

    def act(self, state: CalmState, seat: int) -> Action:
        hand = state.hand(seat)
        if START in hand and not state.start_played:
            return Play(START)
        if FINISH in hand and state.finish_refusal() is None:
            return Play(FINISH)
        if MONSTER in hand and state.sea.filled:
            # A monster cannot be discarded, blocks a hand slot and must be played before the
            # Finish: early, the island it destroys is cheap to replace.
            return Play(MONSTER, state.sea.position(self.monster_target(state)))
        best = self.best_placement(state, seat)
        spare = discardable(hand)
        if best is not None and (best.score <= self.patience or len(spare) < 2
                                 or not state.deck(seat)):
            return Play(best.card, state.sea.position(best.index))
        if len(spare) >= 2:
            return Discard(self.worst(state, seat, 2))
        return super().act(state, seat)

    def keep_score(self, state: CalmState, seat: int, card: Card, hand: tuple[Card, ...]) -> float:
        if card == FINISH:  # keep one Finish card; a second one is dead weight until the end
            return UNPLACEABLE if hand.count(FINISH) == 1 else -UNPLACEABLE / 2
        return super().keep_score(state, seat, card, hand)

    def willing(self, state: CalmState, seat: int) -> int:
        self._alive = _alive_counts(state, seat)
        hand = state.hand(seat)
        willing = sum(self.keep_score(state, seat, card, hand) < -self.patience
                      for card in discardable(hand))
        self._alive = _alive_counts(state, _seat(state))
        return willing

    def monster_target(self, state: CalmState) -> int:
        """The island whose removal most reopens the sea: the one that squeezes its
        neighbours' stretches hardest, then the furthest from its natural slot."""
        sea, top, alive = state.sea, state.options.top, self._alive
        islands = [i for i, value in enumerate(sea.cells) if value]

        def harm(position: int) -> tuple[float, int]:
            k = islands.index(position)
            before = islands[k - 1] if k else -1
            after = islands[k + 1] if k + 1 < len(islands) else sea.size
            low = sea.cells[before] if before >= 0 else 0
            high = sea.cells[after] if after < sea.size else top + 1
            value = sea.cells[position]
            squeeze = (_squeeze(position - before - 1, alive[value - 1] - alive[low])
                       + _squeeze(after - position - 1, alive[high - 1] - alive[value]))
            return (squeeze, abs(position - natural_slot(value, sea.size, top)))

        return max(islands, key=harm)


def _alive_counts(state: CalmState, seat: int) -> list[int]:
    """``alive[n]``: how many islands numbered 1..n might still reach the sea, as ``seat``
    knows (not in the sea, not out of the game, not among their own discards)."""
    top = state.options.top
    gone = set(state.sea.cells) | set(state.out) | set(state.discards[seat])
    alive, count = [0] * (top + 2), 0
    for number in range(1, top + 1):
        count += number not in gone
        alive[number] = count
    alive[top + 1] = count
    return alive


def _squeeze(cells: int, numbers: int) -> float:
    """How hard it is to fill ``cells`` empty cells with ``numbers`` numbers still to come:
    0 when there is room, growing as they meet, large once the cells outnumber them."""
    if cells <= 0:
        return 0.0
    if cells > numbers:
        return 10.0 + cells - numbers
    return (cells / (numbers + 1)) ** 3


def _seat(state: CalmState) -> int:
    """The seat to act (a bot is asked only when a player is to act)."""
    seat = state.current_player
    if seat is None:
        raise IllegalAction(_("the game is over: nobody is to act"))
    return seat


def _filled_in_row(sea: Sea, row: int) -> int:
    return sum(1 for value in sea.cells[row * sea.cols:(row + 1) * sea.cols] if value)


BOTS: dict[str, BotFactory] = {
    "planner": lambda seed: cast(Bot, Planner()),
    "greedy": lambda seed: cast(Bot, Greedy()),
    "random": random_bot,
}
"""The bots by name, each made from a seed (the planner and the greedy bot are deterministic).
The planner is the strongest bot of the kit and the default."""


def make(name: str = "default", seed: int | None = None) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`; ``"default"`` is the planner)."""
    return make_bot(BOTS, name, seed)
