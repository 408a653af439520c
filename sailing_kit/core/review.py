"""A game review, as chess sites review a game: every decision weighed against optimal play.

A game with an exact solver weighs each decision of the seats reviewed: the value of the choice
made and of the best choice, in the game's own measure (a :class:`Scale`: expected final points
in the dice games, the chance to win in the trireme duel). The *cost* of a decision is what the
choice gave up, ``best - made`` (0 for the best choice), and its class follows from the scale's
thresholds:

=============  =========================================================
``best``       the cost is 0 (within :data:`TIE`, the solver's rounding)
``good``       more than 0, under ``scale.good``
``inaccuracy`` from ``scale.good``, under ``scale.inaccuracy``
``mistake``    from ``scale.inaccuracy``, under ``scale.mistake``
``blunder``    ``scale.mistake`` or more
=============  =========================================================

A :class:`Review` holds the decisions in the order played, per seat the total and the mean cost
per decision, and the *curve*: the value after every decision (the expected final score, or the
chance to win, playing perfectly from there), from the start of the game to its end. It is a
pure function of the game (:func:`review_game` replays the moves through the rules), its
:meth:`Review.to_json` is plain JSON (for a server or a file), and it draws itself: its small
pictures are :class:`~sailing_kit.draw.scene.Scene`\\ s, and in a notebook it shows a chart and
a table (:mod:`sailing_kit.draw.review`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.protocol import GameState
from sailing_kit.core.reading import shown

if TYPE_CHECKING:
    from sailing_kit.draw.scene import Scene

CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
CLASS_WORDS = {"best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"),
               "mistake": N_("mistake"), "blunder": N_("blunder")}
"""Each class's word, marked (a class itself is its English key, in the JSON too)."""
TIE = 1e-9
"""A cost up to this is no cost: two choices this close are equally good (float rounding)."""


def class_word(kind: str) -> str:
    """A decision's class (``"blunder"``) in the language spoken."""
    return _(CLASS_WORDS[kind])


@dataclass(frozen=True)
class Scale:
    """How a game measures a decision: ``measure`` in words, ``unit`` of a cost (both English,
    marked by the game with ``N_`` and translated where shown), and the thresholds of the
    classes (see the module's table). ``percent`` shows values as percentages (a chance to
    win)."""

    measure: str
    unit: str
    good: float
    inaccuracy: float
    mistake: float
    percent: bool = False

    def classify(self, cost: float) -> str:
        """The class of a decision that cost ``cost``."""
        if cost <= TIE:
            return "best"
        for name, limit in (("good", self.good), ("inaccuracy", self.inaccuracy),
                            ("mistake", self.mistake)):
            if cost < limit:
                return name
        return "blunder"

    def value(self, value: float) -> str:
        """A value in words: ``"231.45"``, or ``"64.2%"`` for a chance."""
        return f"{100 * value:.1f}%" if self.percent else f"{value:.2f}"

    def cost(self, cost: float) -> str:
        """A cost in words: ``"2.71 points"``, ``"4.2 percentage points"``."""
        return f"{self.amount(cost)} {_(self.unit)}"

    def amount(self, cost: float) -> str:
        """A cost's number alone: ``"2.71"``, ``"4.2"`` (percentage points)."""
        return f"{100 * cost:.1f}" if self.percent else f"{cost:.2f}"


@dataclass(frozen=True)
class Weighed:
    """A game's weighing of one decision: the choice made and the best, in words and as the
    game's JSON moves, their values, and a small picture of both (or None)."""

    made: str
    best: str
    made_move: Any
    best_move: Any
    value_made: float
    value_best: float
    picture: Scene | None = None


@dataclass(frozen=True)
class Decision:
    """A decision of ``seat``, taken after the game's first ``move`` moves (so ``move`` is its
    index in the game's history), weighed: :attr:`cost` and :attr:`kind` (its class)."""

    seat: int
    move: int
    weighed: Weighed
    kind: str

    @property
    def made(self) -> str:
        return self.weighed.made

    @property
    def best(self) -> str:
        return self.weighed.best

    @property
    def value_made(self) -> float:
        return self.weighed.value_made

    @property
    def value_best(self) -> float:
        return self.weighed.value_best

    @property
    def cost(self) -> float:
        """What the choice gave up: the best choice's value less the one made (0 for the best)."""
        return self.weighed.value_best - self.weighed.value_made

    @property
    def picture(self) -> Scene | None:
        return self.weighed.picture


@dataclass(frozen=True)
class Totals:
    """One seat's decisions summed up: how many, their total and mean cost, and how many of
    each class."""

    seat: int
    name: str
    decisions: int
    total: float
    classes: tuple[tuple[str, int], ...]

    @property
    def mean(self) -> float:
        """The mean cost per decision (0 with no decision)."""
        return self.total / self.decisions if self.decisions else 0.0


@dataclass(frozen=True)
class Curve:
    """One seat's value through the game: ``(moves played, value)`` at the start, after each of
    its decisions, and at the end."""

    seat: int
    name: str
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class Review:
    """A game's decisions weighed (see the module's words). ``moves``: the game's length."""

    game: str
    scale: Scale
    decisions: tuple[Decision, ...]
    curves: tuple[Curve, ...]
    moves: int

    @property
    def totals(self) -> tuple[Totals, ...]:
        """Per seat reviewed, in seat order."""
        return tuple(self._totals(curve.seat, curve.name) for curve in self.curves)

    def _totals(self, seat: int, name: str) -> Totals:
        own = [d for d in self.decisions if d.seat == seat]
        classes = tuple((kind, sum(d.kind == kind for d in own)) for kind in CLASSES)
        return Totals(seat, name, len(own), sum(d.cost for d in own), classes)

    def biggest(self, seat: int | None = None) -> Decision | None:
        """The costliest decision (of ``seat``, or of anyone); the first of equals."""
        own = [d for d in self.decisions if seat is None or d.seat == seat]
        return max(own, key=lambda d: d.cost, default=None)

    def at(self, move: int) -> Decision | None:
        """The decision taken after ``move`` moves, if any."""
        return next((d for d in self.decisions if d.move == move), None)

    def to_json(self) -> dict[str, Any]:
        """The review as plain JSON values (no pictures)."""
        scale = self.scale
        return {
            "game": self.game,
            "moves": self.moves,
            "scale": {"measure": scale.measure, "unit": scale.unit, "percent": scale.percent,
                      "good": scale.good, "inaccuracy": scale.inaccuracy,
                      "mistake": scale.mistake},
            "players": [{"seat": t.seat, "name": t.name, "decisions": t.decisions,
                         "total": t.total, "mean": t.mean, "classes": dict(t.classes)}
                        for t in self.totals],
            "decisions": [{"seat": d.seat, "move": d.move, "made": d.made, "best": d.best,
                           "made_move": d.weighed.made_move, "best_move": d.weighed.best_move,
                           "value_made": d.value_made, "value_best": d.value_best,
                           "cost": d.cost, "class": d.kind} for d in self.decisions],
            "curves": [{"seat": c.seat, "name": c.name, "points": [list(p) for p in c.points]}
                       for c in self.curves],
        }

    def scene(self) -> Scene:
        """The curve as a small chart (a :class:`~sailing_kit.draw.scene.Scene`: ``.to_svg()``
        or a board canvas draws it)."""
        from sailing_kit.draw.review import curve_scene

        return curve_scene(self)

    def to_html(self) -> str:
        """The review as HTML: the curve as an inline SVG chart, each player's totals, and a
        table of the decisions with their small pictures (no widget needed)."""
        from sailing_kit.draw.review import review_html

        return review_html(self)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        lines = [_("Review of a game of {game}: each decision's cost in {measure}.",
                   game=self.game, measure=_(self.scale.measure))]
        for totals in self.totals:
            counts = ", ".join(f"{n} {class_word(kind)}" for kind, n in totals.classes if n)
            lines.append(_("{name}: {decisions} decisions, {total} in all, {mean} a decision "
                           "({counts}).", name=totals.name, decisions=totals.decisions,
                           total=self.scale.cost(totals.total), mean=self.scale.cost(totals.mean),
                           counts=counts or _("none")))
        worst = self.biggest()
        if worst is not None and worst.cost > TIE:
            lines.append(_("Biggest: move {move}, {made} (best: {best}), {cost}: {kind}.",
                           move=worst.move + 1, made=worst.made, best=worst.best,
                           cost=self.scale.cost(worst.cost), kind=class_word(worst.kind)))
        return "\n".join(lines)


State = TypeVar("State", bound=GameState[Any])


def review_game(state: State, players: Iterable[int] | None, *, scale: Scale,
                weigh: Callable[[State, Any], Weighed | None],
                value: Callable[[State, int], float], name: Callable[[int], str]) -> Review:
    """Replay ``state``'s moves from its start through the rules and weigh every decision of the
    seats ``players`` (all seats when None). ``weigh(position, action)``: the game's weighing of
    a player's action in the position before it, or None when it was no decision (the only
    legal action); ``value(position, seat)``: the seat's value there, for the curve's first
    point (and its last once the game is over); ``name(seat)`` for the tables."""
    seats = _seats(state, players)
    game = state.copy()
    while game.history:
        game.undo()
    points: dict[int, list[tuple[int, float]]] = {seat: [(0, value(game, seat))] for seat in seats}
    decisions = []
    for move, action in enumerate(state.history):
        player = game.current_player
        if player in seats:
            weighed = weigh(game, action)
            if weighed is not None:
                kind = scale.classify(weighed.value_best - weighed.value_made)
                decisions.append(Decision(player, move, weighed, kind))
                points[player].append((move + 1, weighed.value_made))
        game.apply(action)
    if game.is_over():
        for seat in seats:
            if points[seat][-1][0] != len(state.history):
                points[seat].append((len(state.history), value(game, seat)))
    curves = tuple(Curve(seat, name(seat), tuple(points[seat])) for seat in seats)
    return Review(type(state).GAME, scale, tuple(decisions), curves, len(state.history))


def _seats(state: GameState[Any], players: Iterable[int] | None) -> tuple[int, ...]:
    if players is None:
        return tuple(range(state.num_players))
    listed = list(players)
    wrong = [seat for seat in listed if isinstance(seat, bool) or not isinstance(seat, int)
             or not 0 <= seat < state.num_players]
    if wrong:
        raise ConfigError(_("players are seat numbers from 0 to {last}, not {given}",
                            last=state.num_players - 1, given=shown(wrong[0])))
    return tuple(sorted(set(listed)))
