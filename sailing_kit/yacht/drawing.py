"""The picture of a dice game: the five dice, what this roll would score, everyone's scorecard,
and (when asked) the advisor's expected final score for every choice.

Used by ``state._repr_svg_`` and by the board, so both show the same picture; :class:`Layout`
also tells the board which die or scorecard row a click lands on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sailing_kit.core.i18n import N_, _, n_, number
from sailing_kit.draw import palette
from sailing_kit.draw.dice import die_at, draw_die, row_of_dice
from sailing_kit.draw.scene import Scene
from sailing_kit.yacht.actions import Dice
from sailing_kit.yacht.multisets import DICE
from sailing_kit.yacht.position import MAX_ROLLS, Keep, Score
from sailing_kit.yacht.rules import UPPER, UPPER_BONUS_AT, category_word
from sailing_kit.yacht.scorecard import Scorecard

if TYPE_CHECKING:
    from sailing_kit.yacht.game import YachtState
    from sailing_kit.yacht.solver import Advice

DIE, GAP, LEFT, DICE_TOP = 54, 14, 16, 40
TABLE_TOP, ROW = 136, 21
LABEL_WIDTH, ROLL_WIDTH, ADVICE_WIDTH, PLAYER_WIDTH = 158, 66, 74, 64
ADVICE_LINES = 5
CURRENT_FILL = "#FFF3D6"
STRIPE_FILL = "#F4F6F8"
ROW_NAMES = {"upper bonus": N_("Upper bonus"), "yahtzee bonus": N_("Yahtzee bonus"),
             "total": N_("Total")}
"""The scorecard's rows after the categories, as the card names them (translated where shown)."""
HEADERS = {"label": N_("Category"), "roll": N_("This roll"), "advice": N_("Advisor")}
"""The scorecard's column headings before the players' columns."""


@dataclass(frozen=True)
class Layout:
    """Where everything sits for ``players`` players and these scorecard rows."""

    players: int
    categories: tuple[str, ...]
    yahtzee: bool

    @property
    def rows(self) -> list[str]:
        """The scorecard's rows: the categories, then the bonuses (Yahtzee) and the total."""
        return list(self.categories) + (["upper bonus", "yahtzee bonus"] if self.yahtzee else []) \
            + ["total"]

    @property
    def size(self) -> tuple[int, int]:
        width = round(max(640, self.column("players") + PLAYER_WIDTH * self.players + LEFT))
        return width, TABLE_TOP + ROW * (len(self.rows) + 1) + 12

    def column(self, name: str) -> float:
        """Left edge of a column: "label", "roll", "advice" or "players" (the first player's)."""
        widths = {"label": LABEL_WIDTH, "roll": ROLL_WIDTH, "advice": ADVICE_WIDTH}
        x = LEFT
        for column, width in widths.items():
            if column == name:
                return x
            x += width
        return x

    def player_column(self, player: int) -> float:
        return self.column("players") + PLAYER_WIDTH * player

    def row_top(self, index: int) -> float:
        """Top of scorecard row ``index`` (the header is row -1)."""
        return TABLE_TOP + ROW * (index + 1)

    @property
    def dice(self) -> list[tuple[float, float]]:
        return row_of_dice(DICE, LEFT, DICE_TOP, DIE, GAP)

    def die_at(self, x: float, y: float) -> int | None:
        """The place (0-4) of the die under ``(x, y)``, if any."""
        return die_at(self.dice, DIE, (x, y))

    def category_at(self, x: float, y: float) -> str | None:
        """The category whose scorecard row is under ``(x, y)``, if any."""
        index = int((y - TABLE_TOP) // ROW) - 1
        width = self.size[0]
        if 0 <= index < len(self.categories) and LEFT <= x <= width - LEFT:
            return self.categories[index]
        return None


def layout_of(state: YachtState) -> Layout:
    return Layout(state.num_players, state.rules.categories, state.rules.is_yahtzee)


def draw_game(state: YachtState, *, held: tuple[int, ...] | None = None,
              advice: Advice | None = None, selected: str | None = None,
              picture: Scene | None = None, targets: bool = False) -> Scene:
    """The picture of ``state``. ``held``: places to show as held (default: those held in the
    last roll); ``advice``: the advisor's options for the player to move; ``selected``: a
    category row to outline (the board's keyboard choice); ``picture``: drawn beside the dice
    instead (a reviewed decision, at most 240 x 92 pixels); ``targets``: the dice and the open
    rows are the player's to click. The dice just rolled tumble, and the last box written is
    marked (the last move)."""
    layout = layout_of(state)
    width, height = layout.size
    headline = _headline(state)
    scene = Scene(width, height, title=headline, background="#FFFFFF")
    scene.text((LEFT, 18), headline, size=15, colour=palette.INK, anchor="start", bold=True)
    shown = held if held is not None else (state.held if state.dice else ())
    rolled = just_rolled(state)
    for place, corner in enumerate(layout.dice):
        value = state.dice[place] if state.dice else None
        draw_die(scene, corner, DIE, value, held=place in shown,
                 caption=_("key {key}", key=place + 1), key=f"die:{place}",
                 rolled=place in rolled)
        if targets and value is not None:
            die = {"place": place + 1, "value": value}
            words = _("die {place}: a {value} (held)", **die) if place in shown else \
                _("die {place}: a {value} (roll it)", **die)
            scene.target((corner[0] + DIE / 2, corner[1] + DIE / 2), DIE, words)
    panel = (layout.dice[-1][0] + DIE + 2 * GAP, DICE_TOP)
    if picture is not None:
        scene.place(picture, panel)
    elif advice is not None:
        _draw_advice(scene, panel, advice)
    else:
        _draw_rolls(scene, panel, state)
    _draw_scorecards(scene, layout, state, advice, selected)
    if targets:
        _row_targets(scene, layout, state)
    return scene


def just_rolled(state: YachtState) -> frozenset[int]:
    """The places of the dice the last roll threw (none before the first roll of a turn)."""
    if not state.dice or not state.history or state.player is None or not state.rolls:
        return frozenset()
    if not isinstance(state.history[-1], Dice):
        return frozenset()
    return frozenset(range(DICE)) - frozenset(state.held)


def last_written(state: YachtState) -> tuple[int, str] | None:
    """The player and category of the last box written, if any (the turn passes on after each
    box: it was the player before the one to play now)."""
    for action in reversed(state.history):
        if isinstance(action, Score):
            player = state.player if state.player is not None else 0
            return (player - 1) % state.num_players, action.category
    return None


def _row_targets(scene: Scene, layout: Layout, state: YachtState) -> None:
    """The open rows of the player to act (before the first roll too: a click says to roll)."""
    if state.player is None or state.is_over():
        return
    position = state.position()
    allowed = position.categories() if position is not None else {}
    for category in state.cards[state.player].open_categories:
        index = layout.categories.index(category)
        points = _("roll first") if position is None else \
            n_("{count} point", "{count} points", allowed[category]) if category in allowed \
            else _("not allowed")
        width = LABEL_WIDTH + ROLL_WIDTH
        scene.target((LEFT + width / 2, layout.row_top(index) + ROW / 2), (width, ROW),
                     f"{state.rules.label(category)}: {points}")

def _headline(state: YachtState) -> str:
    if state.result is not None:
        winners = _(" and ").join(state.name(p) for p in state.result.winners)
        return _("{game} · game over: {winners} won", game=state.rules.title, winners=winners)
    if state.player is None:
        return _("{game} · roll-off: the highest die plays first", game=state.rules.title)
    return _("{game} · round {round} of {rounds} · {player} to play · rolls used {used} of "
             "{most}", game=state.rules.title, round=state.round,
             rounds=len(state.rules.categories), player=state.name(state.player),
             used=state.rolls, most=MAX_ROLLS)


def _draw_rolls(scene: Scene, at: tuple[float, float], state: YachtState) -> None:
    """Three small circles, filled for each roll used this turn, and the roll-off's dice."""
    x, y = at
    if state.player is None or state.is_over():
        lines = [", ".join(f"{state.name(p)}: {v}" for p, v in rolled)
                 for rolled in state.rolloff if rolled]
        for number, line in enumerate(lines[-3:]):
            scene.text((x, y + 8 + 18 * number), line, size=12, colour=palette.INK, anchor="start")
        return
    scene.text((x, y + 8), _("Rolls used: {used} of {most}", used=state.rolls, most=MAX_ROLLS),
               size=13,
               colour=palette.INK, anchor="start")
    for roll in range(MAX_ROLLS):
        used = roll < state.rolls
        scene.circle((x + 10 + 24 * roll, y + 34), 8, fill=palette.BLUE if used else "#FFFFFF",
                     stroke=palette.INK, width=1.2)


def _draw_advice(scene: Scene, at: tuple[float, float], advice: Advice) -> None:
    """The best few choices with their expected final scores, the best one starred."""
    x, y = at
    scene.text((x, y + 4), _("Advisor: expected final score"), size=12, colour=palette.MUTED,
               anchor="start", bold=True)
    for line, option in enumerate(advice.options[:ADVICE_LINES]):
        best = line == 0
        words = str(option.choice) if isinstance(option.choice, Keep) else \
            _("score {category}", category=category_word(option.choice.category, spaced=True))
        scene.text((x, y + 22 + 16 * line), f"{'★ ' if best else '   '}{words}", size=12,
                   colour=palette.INK, anchor="start", bold=best)
        scene.text((x + 210, y + 22 + 16 * line), number(option.expected, 1), size=12,
                   colour=palette.INK, anchor="end", bold=best)


def _draw_scorecards(scene: Scene, layout: Layout, state: YachtState, advice: Advice | None,
                     selected: str | None) -> None:
    width = layout.size[0]
    current = state.player if not state.is_over() else None
    if current is not None:
        x = layout.player_column(current)
        scene.rect(x, layout.row_top(-1), PLAYER_WIDTH, ROW * (len(layout.rows) + 1),
                   fill=CURRENT_FILL)
    header = layout.row_top(-1) + ROW / 2
    for name, text in HEADERS.items():
        scene.text((layout.column(name) + 4, header), _(text), size=12, colour=palette.MUTED,
                   anchor="start", bold=True)
    for player in range(state.num_players):
        x = layout.player_column(player) + PLAYER_WIDTH / 2
        marker = "▶ " if player == current else ""
        scene.text((x, header), marker + _("P{number}", number=player + 1), size=12,
                   bold=player == current,
                   colour=palette.PLAYERS[player % len(palette.PLAYERS)])
    scores_now = _scores_now(state)
    expected = _expected_by_category(advice)
    best = advice.best.choice if advice is not None else None
    written = last_written(state)
    for index, row in enumerate(layout.rows):
        top = layout.row_top(index)
        if index % 2:
            scene.rect(LEFT, top, width - 2 * LEFT, ROW, fill=STRIPE_FILL, opacity=0.6)
        middle = top + ROW / 2
        bold = row == "total"
        label = state.rules.label(row) if row in layout.categories else _(ROW_NAMES[row])
        scene.text((LEFT + 4, middle), label, size=12, colour=palette.INK, anchor="start", bold=bold)
        if row in scores_now:
            scene.text((layout.column("roll") + ROLL_WIDTH - 8, middle), scores_now[row], size=12,
                       colour=palette.BLUE, anchor="end", bold=True)
        if row in expected:
            star = "★ " if best == Score(row) else ""
            scene.text((layout.column("advice") + ADVICE_WIDTH - 8, middle),
                       star + number(expected[row], 1), size=12, colour=palette.INK, anchor="end",
                       bold=bool(star))
        for player, card in enumerate(state.cards):
            if (player, row) == written:
                scene.rect(layout.player_column(player) + 2, top + 1, PLAYER_WIDTH - 4, ROW - 2,
                           fill=palette.LAST_MOVE, stroke=palette.INK, width=1, opacity=0.8)
            text = _card_cell(card, row)
            if text:
                scene.text((layout.player_column(player) + PLAYER_WIDTH - 10, middle), text,
                           size=12, colour=palette.INK, anchor="end", bold=bold)
        if row == UPPER[-1] or row == layout.categories[-1]:
            scene.line((LEFT, top + ROW), (width - LEFT, top + ROW), stroke=palette.GRID, width=1.5)
        if row == selected:
            scene.rect(LEFT, top, width - 2 * LEFT, ROW, stroke=palette.BLUE, width=2.5)


def _scores_now(state: YachtState) -> dict[str, str]:
    """For each open category of the player to move, what the dice would score ("—" where the
    joker rule refuses it)."""
    position = state.position()
    if position is None:
        return {}
    allowed = position.categories()
    return {c: str(allowed[c]) if c in allowed else "—" for c in position.card.open_categories}


def _expected_by_category(advice: Advice | None) -> dict[str, float]:
    if advice is None:
        return {}
    return {o.choice.category: o.expected for o in advice.options if isinstance(o.choice, Score)}


def _card_cell(card: Scorecard, row: str) -> str:
    if row == "total":
        return str(card.total)
    if row == "upper bonus":
        return str(card.upper_bonus) if card.upper_bonus else f"{card.upper_total}/{UPPER_BONUS_AT}"
    if row == "yahtzee bonus":
        return str(100 * card.yahtzee_bonuses) if card.yahtzee_bonuses else ""
    points = card.filled.get(row)
    return "" if points is None else str(points)
