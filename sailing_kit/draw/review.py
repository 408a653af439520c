"""A game review drawn: the curve of value through the game as a small chart, and the whole review
as HTML (totals, chart and a table of decisions with their small pictures), with no widget and
no plotting library.

Each class has a colour and a sign, as chess sites mark moves (the sign repeats what the colour
says): best ★, good ✓, inaccuracy ?!, mistake ?, blunder ??.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from sailing_kit.core.i18n import _, percent
from sailing_kit.core.i18n import number as written_number
from sailing_kit.core.review import class_word
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene

if TYPE_CHECKING:
    from sailing_kit.core.review import Decision, Review

LOOKS: dict[str, tuple[str, str]] = {
    "best": (palette.BLUISH_GREEN, "★"),
    "good": (palette.SKY_BLUE, "✓"),
    "inaccuracy": (palette.YELLOW, "?!"),
    "mistake": (palette.ORANGE, "?"),
    "blunder": (palette.VERMILLION, "??"),
}
"""Each class's colour and sign."""
LEFT, RIGHT, TOP, BOTTOM = 58, 14, 46, 34
LEGEND = 2
"""The chart names this many seats (a review is of one or two people at the screen)."""


def curve_scene(review: Review, width: int = 560, height: int = 220) -> Scene:
    """The value after every decision, one line per seat reviewed, each decision a dot in its
    class's colour (from an inaccuracy on, its sign above it)."""
    scale = review.scale
    title = _("{Measure} after each decision", Measure=_(scale.measure)[:1].upper() + _(scale.measure)[1:])
    scene = Scene(width, height, title=title, background="#FFFFFF")
    scene.text((LEFT - 50, 12), title, size=13, colour=palette.INK, anchor="start", bold=True)
    values = [value for curve in review.curves for _, value in curve.points]
    ticks = [0.0, 0.25, 0.5, 0.75, 1.0] if scale.percent else _ticks(values)
    low, high = ticks[0], ticks[-1]
    right, bottom = width - RIGHT, height - BOTTOM

    def at(move: float, value: float) -> tuple[float, float]:
        x = LEFT + (right - LEFT) * move / max(review.moves, 1)
        return x, bottom - (bottom - TOP) * (value - low) / (high - low)

    for value in ticks:
        _left, y = at(0, value)
        scene.line((LEFT, y), (right, y), stroke=palette.GRID, width=0.6)
        scene.text((LEFT - 6, y), percent(value) if scale.percent else written_number(value),
                   size=12, colour=palette.MUTED, anchor="end")
    scene.line((LEFT, bottom), (right, bottom), stroke=palette.INK, width=1)
    scene.text(((LEFT + right) / 2, height - 10), _("moves played (of {moves})", moves=review.moves), size=12,
               colour=palette.MUTED)
    for number, curve in enumerate(review.curves):
        colour = palette.PLAYERS[curve.seat % len(palette.PLAYERS)]
        if len(curve.points) > 1:
            scene.line(*(at(move, value) for move, value in curve.points), stroke=colour,
                       width=2)
        if number < LEGEND:
            scene.text((LEFT - 50 + 200 * number, 30), f"— {curve.name}", size=12, colour=colour,
                       anchor="start", bold=True)
    for decision in review.decisions:
        colour, sign = LOOKS[decision.kind]
        x, y = at(decision.move + 1, decision.value_made)
        scene.circle((x, y), 3.5, fill=colour, stroke=palette.INK, width=0.8)
        if decision.kind in ("inaccuracy", "mistake", "blunder"):
            scene.text((x, y - 11), sign, size=12, colour=palette.INK, bold=True)
    return scene


def _ticks(values: list[float]) -> list[float]:
    """Four or so round steps (1, 2 or 5 times a power of ten) covering ``values``."""
    low, high = min(values, default=0.0), max(values, default=1.0)
    rough = max(high - low, 1.0) / 4
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    first = math.floor(low / step) * step
    return [first + step * n for n in range(math.ceil((high - first) / step) + 1)]


def badge(kind: str) -> str:
    """The class as an HTML badge: its sign and word on its colour."""
    colour, sign = LOOKS[kind]
    return (f"<span style='background:{colour};color:{palette.INK};border-radius:3px;"
            f"padding:1px 5px;white-space:nowrap'>{escape(sign)} {escape(class_word(kind))}</span>")


def review_html(review: Review) -> str:
    """The whole review as one HTML fragment."""
    scale = review.scale
    head = ("<h4 style='margin:4px 0'>" + escape(_("Review of the game: each decision against "
                                                  "optimal play, in {measure}",
                                                  measure=_(scale.measure))) + "</h4>")
    return (f"<div class='sk-review' style='font-family:sans-serif;color:{palette.INK}'>{head}"
            f"{_totals_table(review)}{curve_scene(review).to_svg()}"
            f"<p style='margin:4px 0;font-size:90%'>{escape(thresholds(review))}</p>"
            f"<div style='max-height:32em;overflow:auto'>{_decisions_table(review)}</div></div>")


def thresholds(review: Review) -> str:
    """The classes' thresholds in words."""
    scale = review.scale
    return _("Classes by cost: best 0; good under {good}; inaccuracy under {inaccuracy}; "
             "mistake under {mistake}; blunder {mistake} or more.", good=scale.cost(scale.good),
             inaccuracy=scale.cost(scale.inaccuracy), mistake=scale.cost(scale.mistake))


_CELL = "style='padding:2px 8px;text-align:{};white-space:nowrap'"


def _row(cells: list[str], aligns: str, tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag} {_CELL.format('left' if a == 'l' else 'right')}>{c}</{tag}>"
                            for c, a in zip(cells, aligns)) + "</tr>"


def _totals_table(review: Review) -> str:
    scale = review.scale
    signs = [f"{LOOKS[kind][1]} {escape(class_word(kind))}" for kind in LOOKS]
    rows = [_row([_("player"), _("decisions"), _("total cost"), _("mean per decision"), *signs],
                 "lrrr" + "r" * len(signs), "th")]
    for totals in review.totals:
        rows.append(_row([escape(totals.name), str(totals.decisions), scale.cost(totals.total),
                          scale.cost(totals.mean), *(str(n) for _, n in totals.classes)],
                         "lrrr" + "r" * len(signs)))
    return f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"


def _decisions_table(review: Review) -> str:
    scale = review.scale
    names = {curve.seat: curve.name for curve in review.curves}
    rows = [_row([_("move"), _("player"), _("position"), _("made"), _("best"), _("made gives"),
                  _("best gives"), _("cost"), _("class")], "lllllrrrl", "th")]
    for decision in review.decisions:
        rows.append(_row([str(decision.move + 1), escape(names[decision.seat]),
                          _picture(decision), escape(decision.made), escape(decision.best),
                          scale.value(decision.value_made), scale.value(decision.value_best),
                          scale.cost(decision.cost), badge(decision.kind)], "lllllrrrl"))
    return f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"


def _picture(decision: Decision) -> str:
    return decision.picture.to_svg() if decision.picture is not None else ""
