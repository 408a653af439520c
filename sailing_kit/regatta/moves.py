"""Judging every arrow of a hand: where it takes the yacht, or which rule blocks it, in words.

One function, :func:`judge`, serves both the rules (``check`` refuses a blocked arrow with its
reason) and the board (which previews every arrow's end, blocked ones marked with the reason).
The rules it applies:

- text: "Когато играчът придвижва яхтата си, не трябва да докосва яхтата на друг участник,
  шамандура": the path may not pass through a cell holding a yacht or a buoy, nor leave the
  race area (kit);
- text: the protection zone, "не може да постави предната част на яхтата си пред предницата
  на друга яхта": a yacht may not end in another yacht's zone, unless it has no other move;
  then "неговия ход завършва в началото на зоната": it stops on the last cell of its path
  before the zone (rules-decisions);
- text: the card held in the air: a buoy or yacht where the card would lie does not stop the
  card, only the arrow's own path counts;
- decision: with a Windy spell the arrow is followed twice in a row, and a double move is
  sailed in full (kit: it never stops at a zone's edge).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sailing_kit.core.grid import Grid, Point
from sailing_kit.core.i18n import _
from sailing_kit.regatta.actions import Sail
from sailing_kit.regatta.deck import Deck
from sailing_kit.regatta.geometry import Pose, ahead, follow, heading_of

CARD_LENGTH = 2
"""A card laid before a yacht covers the two cells ahead of its bow."""


@dataclass(frozen=True)
class Water:
    """What a moving yacht must keep clear of: the race area, the buoys (cell -> name, like
    "the red buoy"), the other yachts (cell -> "Player 2's yacht") and their protection zones
    (cell -> "Player 2")."""

    grid: Grid
    buoys: Mapping[Point, str]
    yachts: Mapping[Point, str]
    zones: Mapping[Point, str]

    def obstacle(self, cell: Point) -> str | None:
        """What the yacht would touch in ``cell`` (None if the water is free)."""
        return self.buoys.get(cell) or self.yachts.get(cell)


@dataclass(frozen=True)
class Verdict:
    """What sailing ``plan`` would do. ``intended`` is the arrow's whole path (twice with a
    Windy spell); a legal plan sails ``path`` and ends at ``end``; a blocked one has ``reason``
    (the broken rule) and ``blocker`` (the cell that stops it). A legal plan may have a
    ``reason`` too: a note (it stops at a zone, or the card is held in the air)."""

    plan: Sail
    legal: bool
    intended: tuple[Point, ...]
    path: tuple[Point, ...]
    end: Pose | None
    reason: str = ""
    blocker: Point | None = None
    zone: str | None = None
    """Whose protection zone the arrow ends in (then it is blocked, or stops short)."""

    @property
    def stops_short(self) -> bool:
        return self.legal and self.path != self.intended


def judge(water: Water, pose: Pose, plans: Sequence[Sail], deck: Deck) -> list[Verdict]:
    """The verdict on each plan, for a yacht at ``pose`` holding the cards of ``plans`` (all
    of them: whether one may stop at a zone depends on whether any other move is clear)."""
    first = [_sail(water, pose, plan, deck) for plan in plans]
    forced = not any(verdict.legal for verdict in first)
    return [_zone(water, pose, verdict, forced, deck) if verdict.zone else verdict
            for verdict in first]


def _sail(water: Water, pose: Pose, plan: Sail, deck: Deck) -> Verdict:
    arrow = deck.arrow(plan.arrow)
    cells, heading = follow(pose, arrow.steps)
    first_run = len(cells)
    if plan.windy:
        again, heading = follow(Pose(cells[-1], heading), arrow.steps)
        cells += again
    for index, cell in enumerate(cells):
        second = index >= first_run
        if cell not in water.grid:
            out = _("the {arrow} arrow on its second run (Windy spell) leads out of the race "
                    "area at {cell}: the race area ends there", arrow=arrow.shown, cell=cell) \
                if second else _("the {arrow} arrow leads out of the race area at {cell}: the "
                                "race area ends there", arrow=arrow.shown, cell=cell)
            return Verdict(plan, False, cells, (), None, out, cell)
        touched = water.obstacle(cell)
        if touched:
            through = _("the {arrow} arrow on its second run (Windy spell) passes through "
                        "{obstacle} at {cell}: a moving yacht must not touch another yacht or a "
                        "buoy", arrow=arrow.shown, obstacle=touched, cell=cell) if second else \
                _("the {arrow} arrow passes through {obstacle} at {cell}: a moving yacht must "
                  "not touch another yacht or a buoy", arrow=arrow.shown, obstacle=touched,
                  cell=cell)
            return Verdict(plan, False, cells, (), None, through, cell)
    end = Pose(cells[-1], heading)
    if end.at in water.zones:
        return Verdict(plan, False, cells, (), None, "", end.at, water.zones[end.at])
    return Verdict(plan, True, cells, cells, end, _in_the_air(water, pose))


def _zone(water: Water, pose: Pose, verdict: Verdict, forced: bool, deck: Deck) -> Verdict:
    """A clear path that ends in another yacht's protection zone: blocked, unless no other move
    is clear; then it stops on the last cell before the zone."""
    plan, cells, owner = verdict.plan, verdict.intended, verdict.zone
    words = {"arrow": deck.arrow(plan.arrow).shown, "cell": cells[-1], "owner": owner}
    if plan.windy:
        return Verdict(plan, False, cells, (), None, _(
            "the {arrow} arrow would end at {cell}, in front of {owner}'s bow (its protection "
            "zone): you may not put your bow before another yacht's bow, and a double move "
            "(Windy spell) is sailed in full", **words), cells[-1], owner)
    if not forced:
        return Verdict(plan, False, cells, (), None, _(
            "the {arrow} arrow would end at {cell}, in front of {owner}'s bow (its protection "
            "zone): you may not put your bow before another yacht's bow while another move is "
            "open", **words), cells[-1], owner)
    stop = len(cells) - 1
    while stop > 0 and cells[stop - 1] in water.zones:
        stop -= 1
    if stop == 0:
        return Verdict(plan, False, cells, (), None, _(
            "the {arrow} arrow would end at {cell}, in front of {owner}'s bow (its protection "
            "zone): you may not put your bow before another yacht's bow, and the zone begins "
            "right at your bow: there is no room to stop before it", **words), cells[0], owner)
    before = cells[stop - 2] if stop >= 2 else pose.at
    end = Pose(cells[stop - 1], heading_of(before, cells[stop - 1]))
    note = _("no other move is open, so the yacht stops at the edge of {owner}'s protection "
             "zone, at {cell}", owner=owner, cell=end.at)
    air = _in_the_air(water, pose)
    return Verdict(plan, True, cells, cells[:stop], end,
                   _("{note}; {more}", note=note, more=air) if air else note, cells[stop], owner)


def _in_the_air(water: Water, pose: Pose) -> str:
    """A note when a buoy or yacht lies where the card would be laid: it is held in the air."""
    under = [water.obstacle(cell) for cell in ahead(pose, CARD_LENGTH)]
    under = [what for what in under if what]
    if not under:
        return ""
    return _("the card is held in the air ({obstacle} lies where it would be laid)",
             obstacle=under[0])
