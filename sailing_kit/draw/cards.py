"""Playing cards drawn into a :class:`~sailing_kit.draw.scene.Scene`: one card, a fanned-out
row of them (a hand), face down backs, and which card a click lands on.

Pure drawing, shared by the card games. A selected card is shown by more than colour: it is
raised, its border is thicker, and it carries a tick badge.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from sailing_kit.core.i18n import N_, _
from sailing_kit.draw import palette
from sailing_kit.draw.measure import wrapped
from sailing_kit.draw.scene import MIN_TEXT, XY, Scene

CARD_WIDTH = 60
CARD_HEIGHT = 84
GAP = 10
RAISE = 12
"""How far (pixels) a selected card rises out of the hand."""
CAPTION_INSET = 3
"""The space (pixels) kept between a caption and either side of its card."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    @property
    def centre(self) -> XY:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def shifted(self, dx: float = 0, dy: float = 0) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class CardFace:
    """What a face-up card shows: a big ``title``, a ``corner`` index, a small ``caption``."""

    title: str
    corner: str = ""
    caption: str = ""
    ink: str = palette.INK
    accent: str | None = None
    """A band of colour across the top (decoration only: the text carries the meaning)."""


def draw_card(scene: Scene, rect: Rect, face: CardFace | None, *, selected: bool = False,
              dimmed: bool = False) -> None:
    """One card: face up, or a back when ``face`` is None."""
    border = palette.BLUE if selected else palette.INK
    width = 3.5 if selected else 1.2
    if face is None:
        scene.rect(rect.x, rect.y, rect.w, rect.h, fill=palette.BLUE, stroke=palette.INK, width=1.2)
        inset = 6
        scene.rect(rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset,
                   stroke="#ffffff", width=1, opacity=0.7)
        return
    scene.rect(rect.x, rect.y, rect.w, rect.h, fill="#ffffff", stroke=border, width=width,
               opacity=0.45 if dimmed else 1.0)
    if face.accent:
        scene.rect(rect.x + 2, rect.y + 2, rect.w - 4, 7, fill=face.accent)
    cx, cy = rect.centre
    scale = rect.w / CARD_WIDTH
    if face.title:
        size = 22 * scale if len(face.title) <= 3 else min(14 * scale,
                                                            1.7 * rect.w / len(face.title))
        scene.text((cx, cy), face.title, size=max(size, MIN_TEXT), colour=face.ink, bold=True)
    if face.corner and scale >= 0.8:
        scene.text((rect.x + 5, rect.y + 19), face.corner, size=MIN_TEXT, colour=face.ink, anchor="start")
    for row, line in enumerate(reversed(caption_lines(face.caption, rect.w))):
        scene.text((cx, rect.y + rect.h - 10 - 14 * row), line, size=MIN_TEXT,
                   colour=palette.MUTED, fit=caption_room(rect.w))
    if selected:
        badge = (rect.x + rect.w - 4, rect.y + 4)
        scene.circle(badge, 9, fill=palette.BLUE, stroke="#ffffff", width=1.5)
        scene.text(badge, "✓", size=MIN_TEXT, colour="#ffffff", bold=True)


def caption_room(width: float) -> float:
    """How wide a caption's line may be on a card ``width`` pixels wide: inside its border,
    even a selected card's thick one."""
    return width - 2 * CAPTION_INSET


def caption_lines(caption: str, width: float) -> list[str]:
    """The caption of a card ``width`` pixels wide in lines of 12-px type that fit its room
    (:func:`caption_room`); a word wider than the room is drawn squeezed into it (``fit``),
    never cut."""
    return wrapped(caption, caption_room(width), MIN_TEXT)


def hand_rects(x: float, y: float, count: int, *, selected: Sequence[int] = (),
               width: float = CARD_WIDTH, height: float = CARD_HEIGHT,
               gap: float = GAP) -> list[Rect]:
    """Where each card of a hand of ``count`` lies, left to right from ``(x, y)``; selected cards
    are raised by :data:`RAISE`."""
    return [Rect(x + i * (width + gap), y - (RAISE if i in selected else 0), width, height)
            for i in range(count)]


def draw_hand(scene: Scene, rects: Sequence[Rect], faces: Sequence[CardFace | None], *,
              selected: Sequence[int] = (), dimmed: Sequence[int] = (),
              keys: Sequence[str] = ()) -> None:
    """Draw the cards of a hand into the rectangles from :func:`hand_rects`; with ``keys``
    each card is a piece of the picture (it slides when it moves)."""
    for i, (rect, face) in enumerate(zip(rects, faces)):
        with scene.piece(keys[i] if i < len(keys) else f"hand card {i}"):
            draw_card(scene, rect, face, selected=i in selected, dimmed=i in dimmed)


def card_keys(names: Sequence[object]) -> list[str]:
    """A key per card, ``card:<name>``, numbered on when one name comes again (two monsters)."""
    seen: dict[str, int] = {}
    keys = []
    for name in names:
        key = f"card:{name}"
        seen[key] = seen.get(key, 0) + 1
        keys.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return keys


COVER_HINT = N_("Click here or press Enter when only you can see the screen.")


def draw_cover(scene: Scene, area: Rect, message: str) -> None:
    """A plain panel over ``area`` hiding a hand (pass the device): ``message`` and how to
    lift it, wrapped to the panel's width."""
    scene.rect(area.x, area.y, area.w, area.h, fill=palette.BLUE, stroke=palette.INK, width=1.5)
    lines = [(line, 16, True) for line in textwrap.wrap(message, max(8, int(area.w / 10.5)))]
    lines += [(line, 12, False) for line in textwrap.wrap(_(COVER_HINT),
                                                          max(8, int(area.w / 7.6)))]
    height = sum(size + 6 for _line, size, _bold in lines)
    y = area.y + max(10.0, (min(area.h, 160) - height) / 2)
    for line, size, bold in lines:
        scene.text((area.x + area.w / 2, y + size / 2), line, size=size, colour="#ffffff",
                   bold=bold)
        y += size + 6


def card_at(rects: Sequence[Rect], x: float, y: float) -> int | None:
    """The index of the card under pixel ``(x, y)`` (the topmost when cards overlap), or None."""
    for i in reversed(range(len(rects))):
        if rects[i].contains(x, y):
            return i
    return None
