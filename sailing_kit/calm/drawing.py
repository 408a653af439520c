"""The picture of a game of Calm, drawn from one player's view (so hidden cards never reach it).

:class:`Layout` says where everything lies (the board uses it to know what a click hits);
:func:`draw_table` draws a :class:`~sailing_kit.calm.view.PlayerView` with optional highlights:
selected cards, the legal cells of a card with their costs, the rows the jagged rocks may move
to, the playable Start/Finish slots, and a "pass the device" cover that hides the hand.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from sailing_kit.calm.cards import FINISH, MONSTER, START, Card, Special, card_label, hand_text
from sailing_kit.calm.sea import Cell, Sea, row_words, slot_words
from sailing_kit.calm.view import PlayerView
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.core.protocol import CHANCE
from sailing_kit.draw import palette
from sailing_kit.draw.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    GAP,
    RAISE,
    CardFace,
    Rect,
    card_keys,
    draw_cover,
    draw_hand,
    hand_rects,
)
from sailing_kit.draw.scene import Scene

SMALL_CARD = (50, 58)
"""Card size in an open-hands picture, where every player's hand is shown."""
OPEN_ROW = SMALL_CARD[1] + 52
"""One player's row in an open-hands picture: the name, the cards, the deck."""
SEAT_HEIGHT = 36
SPECIAL_FACES = {
    START: (N_("Start"), palette.BLUISH_GREEN),
    FINISH: (N_("Finish"), palette.VERMILLION),
    MONSTER: (N_("Monster"), palette.REDDISH_PURPLE),
}
"""The special cards' faces: a title (translated where drawn) and an accent colour."""
SLOT_LABELS: dict[int, str] = {START: N_("START"), FINISH: N_("FINISH")}
"""The words on the Start and Finish slots of the frame."""


def card_face(card: Card) -> CardFace:
    if card in SPECIAL_FACES:
        title, accent = SPECIAL_FACES[Special(card)]
        return CardFace(_(title), accent=accent)
    return CardFace(str(card), corner=str(card), accent=palette.SKY_BLUE)


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of the table: the title, the Finish slot above the sea's top right, the
    sea with the jagged rocks' slots on its left and the Start slot below its bottom left; beside
    it a column with the players, then the hand (or every hand, open) in rows of cards."""

    rows: int = 6
    cols: int = 6
    players: int = 3
    open_hands: bool = False
    hand_size: int = 5
    cell: float = 46
    left: float = 60
    """Room left of the sea for the jagged rocks."""
    top: float = 84

    @property
    def sea_right(self) -> float:
        return self.left + self.cols * self.cell

    @property
    def sea_bottom(self) -> float:
        return self.top + self.rows * self.cell

    @property
    def column(self) -> float:
        """The left edge of the column beside the sea (room for the reading-order arrows and
        the Finish slot's overhang first)."""
        return self.sea_right + 52

    @property
    def hand_columns(self) -> int:
        return max(3, -(-self.hand_size // 2))

    @property
    def width(self) -> int:
        cards = SMALL_CARD[0] + 4 if self.open_hands else CARD_WIDTH + GAP
        return round(self.column + max(230, self.hand_columns * cards) + 8)

    @property
    def hand_top(self) -> float:
        """The top of the hand area, under the players."""
        return 26 + SEAT_HEIGHT * self.players + 8

    @property
    def height(self) -> int:
        if self.open_hands:
            hands = self.players * OPEN_ROW
        else:
            rows = -(-self.hand_size // self.hand_columns)
            hands = 22 + RAISE + rows * (CARD_HEIGHT + 18)
        return round(max(self.start_rect.y + self.start_rect.h + 10, self.hand_top + hands + 8))

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def cell_rect(self, row: int, col: int) -> Rect:
        return Rect(self.left + col * self.cell, self.top + (self.rows - 1 - row) * self.cell,
                    self.cell, self.cell)

    def cell_at(self, x: float, y: float) -> Cell | None:
        col = int((x - self.left) // self.cell)
        row = self.rows - 1 - int((y - self.top) // self.cell)
        inside = x >= self.left and y >= self.top
        return (row, col) if inside and 0 <= row < self.rows and 0 <= col < self.cols else None

    def rocks_rect(self, row: int) -> Rect:
        cell = self.cell_rect(row, 0)
        return Rect(6, cell.y + 3, self.left - 12, self.cell - 6)

    def rocks_row_at(self, x: float, y: float) -> int | None:
        return next((row for row in range(self.rows) if self.rocks_rect(row).contains(x, y)), None)

    @property
    def start_rect(self) -> Rect:
        """The Start slot: the bottom-left corner of the frame."""
        return Rect(self.left - 40, self.sea_bottom + 10, 84, 44)

    @property
    def finish_rect(self) -> Rect:
        """The Finish slot: the top-right corner of the frame."""
        return Rect(self.sea_right - 44, self.top - 52, 84, 44)

    @property
    def hand_area(self) -> Rect:
        """Where the viewer's hand is drawn, and the cover that hides it."""
        return Rect(self.column - 6, self.hand_top, self.width - self.column, self.height -
                    self.hand_top - 6)

    def hand_rects(self, count: int, selected: Collection[int] = ()) -> list[Rect]:
        """The viewer's hand, in rows of :attr:`hand_columns` cards under its label."""
        top = self.hand_top + 22 + RAISE
        columns = self.hand_columns
        return [Rect(self.column + (i % columns) * (CARD_WIDTH + GAP),
                     top + (i // columns) * (CARD_HEIGHT + 18) - (RAISE if i in selected else 0),
                     CARD_WIDTH, CARD_HEIGHT) for i in range(count)]

    def seat_rect(self, seat: int) -> Rect:
        """A player's line in the column."""
        return Rect(self.column - 6, 26 + seat * SEAT_HEIGHT, self.width - self.column,
                    SEAT_HEIGHT - 4)


def layout_for(view: PlayerView) -> Layout:
    options = view.options
    return Layout(options.rows, options.cols, view.players, open_hands=view.viewer is None,
                  hand_size=options.hand_size)


def draw_table(view: PlayerView, *, selected: Collection[int] = (),
               targets: Mapping[Cell, int] | None = None, focus: Cell | None = None,
               prey: Collection[Cell] = (), rock_rows: Collection[int] = (),
               slots: Collection[str] = (), cover: str | None = None,
               last: Cell | None = None, clickable: bool = False,
               you: int | None = -1) -> Scene:
    """The table as ``view`` sees it. ``selected``: indices of chosen cards in the viewer's hand;
    ``targets``: legal cells of the chosen card and their costs, ``focus`` the one the keyboard
    points at; ``prey``: islands a chosen sea monster may destroy; ``rock_rows``: rows offered to
    the jagged rocks; ``slots``: "start"/"finish" slots to mark playable; ``cover``: a message
    shown instead of the hand ("pass the device"); ``last``: the cell of the last island placed
    (the last move, marked); ``clickable``: the hand and the offered spots are the viewer's to
    click (targets); ``you``: the seat marked "(you)" (by default the viewer's; None: nobody,
    the screen is being passed). Every card is a piece: one placed from the hand slides into
    the sea."""
    layout = layout_for(view)
    scene = Scene(layout.width, layout.height, title=_title(view), background=palette.WATER)
    scene.text((10, 14), _title(view), size=14, colour=palette.INK, anchor="start", bold=True)
    if view.result is not None:  # under the title, left of the Finish slot
        width = (layout.finish_rect.x - 20) / 6.8
        for number, line in enumerate(textwrap.wrap(view.result.reason, int(width))[:3]):
            scene.text((10, 34 + 15 * number), line, size=12, colour=palette.INK,
                       anchor="start")
    _draw_seats(scene, layout, view, view.viewer if you == -1 else you)
    _draw_slot(scene, layout.finish_rect, FINISH, view.finished, "finish" in slots)
    _draw_slot(scene, layout.start_rect, START, view.start_played, "start" in slots)
    _draw_sea(scene, layout, view.sea, targets or {}, focus, prey, last=last)
    _draw_rocks(scene, layout, view, rock_rows)
    _draw_piles(scene, layout, view)
    if cover is not None:
        _draw_cover(scene, layout, cover)
    elif view.viewer is None:
        _draw_open_hands(scene, layout, view)
    elif (hand := view.hands[view.viewer]) is not None:
        rects = layout.hand_rects(len(hand), selected)
        draw_hand(scene, rects, [card_face(card) for card in hand], selected=tuple(selected),
                  keys=card_keys(hand))
        scene.text((layout.column, layout.hand_top + 10),
                   _("{player}: your hand", player=view.seat_name(view.viewer)), size=12,
                   colour=palette.INK, anchor="start", bold=True)
        if clickable:
            for rect, card in zip(rects, hand):
                scene.target(rect.centre, (rect.w, rect.h),
                             _("card {card}", card=card_label(card)))
    if clickable:
        _spot_targets(scene, layout, view, targets or {}, prey, rock_rows, slots)
    return scene


def _spot_targets(scene: Scene, layout: Layout, view: PlayerView, targets: Mapping[Cell, int],
                  prey: Collection[Cell], rock_rows: Collection[int],
                  slots: Collection[str]) -> None:
    cols = view.options.cols
    for cell, cost in targets.items():
        rect = layout.cell_rect(*cell)
        scene.target(rect.centre, rect.w, f"{slot_words(cell, cols)}: {_cost(cost)}")
    for cell in prey:
        rect = layout.cell_rect(*cell)
        scene.target(rect.centre, rect.w,
                     _("send the monster to {slot}", slot=slot_words(cell, cols)))
    for row in rock_rows:
        rect = layout.rocks_rect(row)
        scene.target(rect.centre, (rect.w, rect.h),
                     _("move the rocks to {row}", row=row_words(row, cols)))
    for name in slots:
        rect = layout.start_rect if name == "start" else layout.finish_rect
        scene.target(rect.centre, (rect.w, rect.h), _("play the Start card") if name == "start"
                     else _("play the Finish card"))


def _cost(cost: int) -> str:
    """A placement's cost as a lit cell shows it."""
    return _("free") if cost == 0 else _("cost {cost}", cost=cost)


def _title(view: PlayerView) -> str:
    if view.result is not None:
        return _("Won! Everyone reaches the island.") if view.result.winners else _("Lost.")
    if view.current_player == CHANCE:
        return _("The jagged rocks drift…")
    due = view.due
    step = {
        "act": _("play the Start card") if view.start_due else _("play a card or discard two"),
        "pay": n_("pay: discard {count} card", "pay: discard {count} cards", due),
        "split": _("agree the split of the Start's discards"),
        "share": n_("discard {count} card for the Start", "discard {count} cards for the Start",
                    due),
        "rocks": _("move the rocks, or discard two")}
    return _("{player}: {step}", player=_("Player {number}",
                                          number=(view.current_player or 0) + 1),
             step=step[view.phase])


def _draw_seats(scene: Scene, layout: Layout, view: PlayerView, you: int | None) -> None:
    for seat in range(view.players):
        box = layout.seat_rect(seat)
        acting = seat == view.current_player
        scene.rect(box.x, box.y, box.w, box.h, fill="#ffffff", stroke=palette.INK,
                   width=2.5 if acting else 0.8)
        scene.rect(box.x, box.y, 6, box.h, fill=palette.PLAYERS[seat])
        name = _("Player {number} (you)", number=seat + 1) if seat == you else \
            _("Player {number}", number=seat + 1)
        scene.text((box.x + 11, box.y + 9), ("▶ " if acting else "") + name, size=12,
                   colour=palette.INK, anchor="start", bold=acting)
        scene.text((box.x + 11, box.y + 23),
                   _("hand {hand} · deck {deck} · discarded {discarded}",
                     hand=view.hand_sizes[seat], deck=view.deck_sizes[seat],
                     discarded=view.discard_counts[seat]), size=12, colour=palette.MUTED,
                   anchor="start")


def _draw_slot(scene: Scene, rect: Rect, card: Card, filled: bool, playable: bool) -> None:
    label = _(SLOT_LABELS[card])
    if filled:
        accent = palette.BLUISH_GREEN if card == START else palette.VERMILLION
        with scene.piece(card_keys([card])[0]):
            scene.rect(rect.x, rect.y, rect.w, rect.h, fill="#ffffff", stroke=palette.INK,
                       width=1.2)
            scene.rect(rect.x + 2, rect.y + 2, rect.w - 4, 6, fill=accent)
            scene.text(rect.centre, label, size=13, colour=palette.INK, bold=True)
        return
    scene.rect(rect.x, rect.y, rect.w, rect.h, fill=palette.HIGHLIGHT if playable else None,
               stroke=palette.BLUE if playable else palette.MUTED, width=3 if playable else 1,
               opacity=1.0)
    x, y = rect.centre
    if playable:
        scene.text((x, y - 8), label, size=12, colour=palette.INK, bold=True)
        scene.text((x, y + 9), _("play here"), size=12, colour=palette.INK, bold=True)
    else:
        scene.text((x, y), _("{card} slot", card=label), size=12, colour=palette.MUTED)


def draw_sea(sea: Sea, labels: Mapping[Cell, str] | None = None, title: str = "") -> Scene:
    """The sea alone, each cell numbered in reading order; ``labels`` writes a short text in
    empty cells (the questions of an exercise)."""
    layout = Layout(sea.rows, sea.cols, 1, left=12, top=12)
    scene = Scene(round(layout.left + sea.cols * layout.cell + 34),
                  round(layout.sea_bottom + 12), title=title or _("The sea"),
                  background=palette.WATER)
    _draw_sea(scene, layout, sea, {}, None, (), labels or {})
    return scene


def _draw_sea(scene: Scene, layout: Layout, sea: Sea, targets: Mapping[Cell, int],
              focus: Cell | None, prey: Collection[Cell],
              labels: Mapping[Cell, str] | None = None, last: Cell | None = None) -> None:
    labels = labels or {}
    for index in range(sea.size):
        row, col = sea.position(index)
        rect = layout.cell_rect(row, col)
        value = sea.cells[index]
        target = targets.get((row, col))
        if value:
            if (row, col) == last:
                scene.rect(rect.x - 1, rect.y - 1, rect.w + 2, rect.h + 2,
                           fill=palette.LAST_MOVE, opacity=0.9)
            with scene.piece(card_keys([value])[0]):
                scene.rect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4, fill="#ffffff",
                           stroke=palette.INK, width=1.2)
                scene.text((rect.x + rect.w / 2, rect.y + rect.h / 2 + 4), str(value), size=18,
                           colour=palette.INK, bold=True)
            if (row, col) in prey:
                scene.rect(rect.x + 4, rect.y + 4, rect.w - 8, rect.h - 8,
                           stroke=palette.VERMILLION, width=3)
                scene.text((rect.x + rect.w - 11, rect.y + 12), "✕", size=12,
                           colour=palette.VERMILLION, bold=True)
        elif target is not None:
            focused = (row, col) == focus
            scene.rect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4, fill=palette.HIGHLIGHT,
                       stroke=palette.INK if focused else palette.BLUE, width=4.5 if focused else 3)
            scene.text((rect.x + rect.w / 2, rect.y + rect.h / 2 + 5), _cost(target), size=12,
                       colour=palette.INK, bold=True)
        else:
            scene.rect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4, fill="#ffffff",
                       stroke=palette.GRID, width=1, opacity=0.6)
            if (row, col) in labels:
                scene.text(rect.centre, labels[(row, col)], size=13, colour=palette.BLUE,
                           bold=True)
        scene.text((rect.x + 5, rect.y + 11), str(index + 1), size=12, colour=palette.MUTED,
                   anchor="start")
    for row in range(sea.rows):  # the reading order: each row left to right, then up
        rect = layout.cell_rect(row, sea.cols - 1)
        if row < sea.rows - 1:
            scene.text((rect.x + rect.w + 8, rect.y + rect.h / 2), "↰", size=13,
                       colour=palette.MUTED)


def _draw_rocks(scene: Scene, layout: Layout, view: PlayerView, rock_rows: Collection[int]) -> None:
    for row in rock_rows:
        rect = layout.rocks_rect(row)
        scene.rect(rect.x, rect.y, rect.w, rect.h, stroke=palette.BLUE, width=2)
        x, y = rect.centre
        scene.text((x, y - 7), _("move"), size=12, colour=palette.BLUE, bold=True)
        scene.text((x, y + 7), _("here"), size=12, colour=palette.BLUE, bold=True)
    if view.rocks is None:
        return
    rect = layout.rocks_rect(view.rocks)
    x, y, w, h = rect.x, rect.y, rect.w, rect.h
    jagged = [(x, y + h), (x + w * 0.15, y + h * 0.3), (x + w * 0.3, y + h * 0.6),
              (x + w * 0.5, y), (x + w * 0.7, y + h * 0.5), (x + w * 0.85, y + h * 0.2),
              (x + w, y + h)]
    scene.polygon(jagged, fill=palette.MUTED, stroke=palette.INK, width=1.2)
    scene.text((x + w / 2, y + h - 8), _("rocks"), size=12, colour="#ffffff", bold=True)
    first = layout.cell_rect(view.rocks, 0)
    scene.rect(first.x, first.y, first.w * view.options.cols, first.h, fill=palette.NO_GO,
               opacity=0.55)
    scene.text((first.x + first.w * view.options.cols / 2, first.y + first.h - 9),
               _("closed by the jagged rocks"), size=12, colour=palette.INK)


def _draw_piles(scene: Scene, layout: Layout, view: PlayerView) -> None:
    """Under the sea, right of the Start slot: what left the game."""
    x = layout.start_rect.x + layout.start_rect.w + 12
    y = layout.sea_bottom + 20
    lines = [_("discarded: {count}", count=sum(view.discard_counts))]
    if view.options.monsters:
        lines.append(_("monsters to play: {count}", count=view.monsters_left))
    if view.out:
        lines.append(_("out: {count}", count=len(view.out)))
    scene.text((x, y), " · ".join(lines), size=12, colour=palette.MUTED, anchor="start")


def _draw_cover(scene: Scene, layout: Layout, message: str) -> None:
    draw_cover(scene, layout.hand_area, message)


def _draw_open_hands(scene: Scene, layout: Layout, view: PlayerView) -> None:
    width, height = SMALL_CARD
    x = layout.column
    for seat in range(view.players):
        y = layout.hand_top + seat * OPEN_ROW
        scene.text((x, y + 8), _("Player {number}", number=seat + 1), size=12, colour=palette.INK,
                   anchor="start",
                   bold=seat == view.current_player)
        hand = view.hands[seat] or ()
        rects = hand_rects(x, y + 18, len(hand), width=width, height=height, gap=4)
        draw_hand(scene, rects, [card_face(card) for card in hand])
        deck = view.decks[seat]
        if deck is not None:
            shown = hand_text(deck) if len(deck) <= 6 else \
                hand_text(deck[:6]) + f" … (+{len(deck) - 6})"
            scene.text((x, y + 18 + height + 14), _("deck: {cards}", cards=shown), size=12,
                       colour=palette.MUTED, anchor="start")


__all__ = ["Layout", "card_face", "draw_sea", "draw_table", "layout_for"]
