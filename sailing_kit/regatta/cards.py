"""The regatta's cards drawn: a card with its name and its arrows (or a special card's symbol),
and the whole deck with what it is, for the lesson. The table (:mod:`sailing_kit.regatta.drawing`)
draws its hand with them.

A card's name is wrapped to the card's width as the language writes it, and a word longer than
the card is drawn squeezed into it, never cut.
"""

from __future__ import annotations

import math

from sailing_kit.core.compass import Direction
from sailing_kit.core.i18n import n_
from sailing_kit.draw import palette
from sailing_kit.draw.cards import CardFace, Rect, caption_lines, caption_room, draw_card
from sailing_kit.draw.measure import wrapped
from sailing_kit.draw.scene import XY, Scene
from sailing_kit.regatta.deck import CALM, HANDLING, WINDY, Deck

CARD = (72, 92)
"""A card's size (pixels): room for the longest names (ru, bg, hu) in 12-px type."""
SPECIAL_FACES = {WINDY: ("×2", palette.ORANGE), HANDLING: ("+1", palette.BLUISH_GREEN),
                 CALM: ("☀", palette.YELLOW)}


def card_face(kind: str, deck: Deck) -> CardFace:
    """A card's face for :func:`sailing_kit.draw.cards.draw_card`: specials show a symbol,
    movement cards leave the middle free for their arrows (drawn by :func:`draw_arrows`); the
    name is written at the top by :func:`draw_regatta_card`."""
    card = deck.kind(kind)
    accent = SPECIAL_FACES[card.special][1] if card.special in SPECIAL_FACES else palette.SKY_BLUE
    return CardFace("", accent=accent)


def draw_regatta_card(scene: Scene, rect: Rect, kind: str, deck: Deck, *,
                      selected: bool = False) -> None:
    """A card of the regatta: its name at the top, its arrows (or a special's symbol) below."""
    card = deck.kind(kind)
    draw_card(scene, rect, card_face(kind, deck), selected=selected)
    lines = caption_lines(card.shown, rect.w)
    for row, line in enumerate(lines):
        scene.text((rect.x + rect.w / 2, rect.y + 20 + 14 * row), line, size=12,
                   colour=palette.INK, fit=caption_room(rect.w))
    if card.moves:
        draw_arrows(scene, rect, kind, deck)
    elif card.special in SPECIAL_FACES:  # the symbol under the name, however many lines
        symbol_y = max(rect.y + rect.h * 0.68, rect.y + 20 + 14 * len(lines) + 12)
        scene.text((rect.x + rect.w / 2, symbol_y), SPECIAL_FACES[card.special][0], size=24,
                   colour=palette.INK, bold=True)


def draw_arrows(scene: Scene, rect: Rect, kind: str, deck: Deck, *, dimmed: bool = False) -> None:
    """A movement card's arrows, heading up the card from a bow at its foot."""
    card = deck.kind(kind)
    unit = rect.w * 0.22
    origin = (rect.x + rect.w / 2, rect.y + rect.h - 14)
    colour = palette.MUTED if dimmed else palette.INK
    scene.polygon([(origin[0], origin[1] - 5), (origin[0] - 5, origin[1] + 6),
                   (origin[0] + 5, origin[1] + 6)], fill=colour)
    for name in card.arrows:
        points = [origin]
        for turn in deck.arrow(name).steps:
            dx, dy = Direction.N.rotate(turn).vector
            last = points[-1]
            points.append((last[0] + dx * unit, last[1] - dy * unit))
        scene.line(*points, stroke=colour, width=2.2)
        arrowhead(scene, points[-2], points[-1], colour, size=7)


def draw_deck(deck: Deck) -> Scene:
    """Every kind of card of a deck, with its count, and what the deck is (its ``about``, in
    the language spoken now): a picture for the lesson."""
    per_row = 5
    rows = math.ceil(len(deck.cards) / per_row)
    width, grid_height = 16 + per_row * (CARD[0] + 24), 12 + rows * (CARD[1] + 30)
    about = wrapped(deck.shown_about, width - 32)
    scene = Scene(width, grid_height + 16 * len(about) + (8 if about else 0),
                  title=n_("The {deck} deck: {count} card", "The {deck} deck: {count} cards",
                           deck.size, deck=deck.name), background="#FFFFFF")
    for index, kind in enumerate(deck.cards):
        row, col = divmod(index, per_row)
        rect = Rect(16 + col * (CARD[0] + 24), 10 + row * (CARD[1] + 30), *CARD)
        draw_regatta_card(scene, rect, kind.name, deck)
        scene.text((rect.x + rect.w / 2, rect.y + rect.h + 11), f"× {kind.count}", size=12,
                   colour=palette.INK, bold=True)
    for row, line in enumerate(about):
        scene.text((16, grid_height + 8 + 16 * row), line, size=12, colour=palette.INK,
                   anchor="start", fit=width - 32)
    return scene


def arrowhead(scene: Scene, tail: XY, tip: XY, colour: str, size: float) -> None:
    """A filled triangle at ``tip`` pointing away from ``tail``, ``size`` pixels long."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    left = (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5))
    right = (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5))
    scene.polygon([tip, left, right], fill=colour)
