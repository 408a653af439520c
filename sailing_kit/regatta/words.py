"""A card regatta in words: the position from one player's seat, a hand, an arrow's verdict."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sailing_kit.core.i18n import _, n_, number
from sailing_kit.draw.measure import text_width, wrapped
from sailing_kit.regatta.actions import AFTER
from sailing_kit.regatta.course import Course, buoy_words
from sailing_kit.regatta.deck import Deck
from sailing_kit.regatta.moves import Verdict

if TYPE_CHECKING:
    from sailing_kit.regatta.game import RegattaState

def hand_text(kinds: Sequence[str], deck: Deck) -> str:
    return ", ".join(deck.kind(kind).shown for kind in kinds) if kinds else _("no cards")


def course_text(course: Course) -> str:
    """The course in one sentence."""
    marks = _(", then ").join(
        _("{buoy} at {cell} keeping it to port", buoy=buoy_words(m.name), cell=m.at)
        if m.sense > 0 else
        _("{buoy} at {cell} keeping it to starboard", buoy=buoy_words(m.name), cell=m.at)
        for m in course.marks)
    return _("The start and finish line runs between the white buoys at {left} and {right}; "
             "round {marks}; then finish back across the line.", left=course.line[0],
             right=course.line[1], marks=marks)


def verdict_text(verdict: Verdict, deck: Deck) -> str:
    """``"Fork, veer left: to (5, 3) facing NW"``, or the rule that blocks it."""
    plan = verdict.plan
    card, arrow = deck.kind(plan.card).shown, deck.arrow(plan.arrow).shown
    name = _("{card}, {arrow} twice (Windy spell)", card=card, arrow=arrow) if plan.windy \
        else _("{card}, {arrow}", card=card, arrow=arrow)
    if not verdict.legal:
        return _("{move}: blocked, {reason}", move=name, reason=verdict.reason)
    if verdict.reason:
        return _("{move}: to {end} ({note})", move=name, end=verdict.end, note=verdict.reason)
    return _("{move}: to {end}", move=name, end=verdict.end)


def to_do(state: RegattaState) -> str:
    """What the player to act may do now, as an instruction."""
    if state.is_over():
        return _("nothing: the race is over")
    if state.phase == AFTER:
        return _("play Nice yacht handling or Flat calm, or end the turn")
    if state.becalmed(state.player):
        return _("skip the turn, becalmed by a Flat calm: exchange 1 to 3 cards or turn the "
                 "yacht")
    return _("sail a card, or skip the turn (exchange 1 to 3 cards or turn the yacht)")


def describe_state(state: RegattaState, viewer: int | None) -> str:
    """The position in plain words from ``viewer``'s seat: only that player's hand shows
    (``None``: no hand shows)."""
    course, players = state.course, state.num_players
    size = {"course": _(course.name), "width": course.width, "height": course.height}
    lines = [_("Card regatta, 1 player (a time trial), on the {course} course ({width} x "
               "{height} cells).", **size) if players == 1 else
             n_("Card regatta, {count} player, on the {course} course ({width} x {height} "
                "cells).", "Card regatta, {count} players, on the {course} course ({width} x "
                "{height} cells).", players, **size), course_text(course)]
    rounds = state.options.rounds
    result = state.result
    if result is not None:
        lines.append(_("Over: {reason}.", reason=result.reason))
    else:
        turn = {"round": state.round, "player": state.name(state.player), "task": to_do(state)}
        lines.append(_("Round {round} of {rounds}. {player} to play: {task}.", rounds=rounds,
                       **turn) if rounds else _("Round {round}. {player} to play: {task}.",
                                                **turn))
    for player, yacht in enumerate(state.yachts):
        who = _("{player} (you)", player=state.name(player)) if player == viewer \
            else state.name(player)
        held = _("hand: {cards}", cards=hand_text(state.hand(player), state.deck)) \
            if player == viewer else n_("{count} card in hand", "{count} cards in hand",
                                        len(state.hands[player]))
        words = {"who": who, "pose": yacht.pose, "next": course.leg_name(yacht.leg),
                 "way": number(state.to_go(player), 0), "held": held}
        lines.append(_("{who}: yacht at {pose}; next: {next} (about {way} cells to go); {held}; "
                       "becalmed (a Flat calm lies before it).", **words)
                     if state.becalmed(player) else
                     _("{who}: yacht at {pose}; next: {next} (about {way} cells to go); {held}.",
                       **words))
    piles = n_("Draw pile: {count} card", "Draw pile: {count} cards", state.pile_size)
    piles = _("{draw}; discard pile: {discards}", draw=piles, discards=n_(
        "{count} card", "{count} cards", len(state.discard_pile)))
    if state.discard_pile:
        top = state.deck.kind(state.kinds[state.discard_pile[-1]]).shown
        piles = _("{piles} (top: {card})", piles=piles, card=top)
    if state.out:
        piles = _("{piles}; out of the game: {cards} (no one to becalm)", piles=piles,
                  cards=n_("{count} card", "{count} cards", len(state.out)))
    lines.append(_("{piles}.", piles=piles))
    return "\n".join(lines)


def fitted_lines(text: str, width: float, rows: int = 1, bold: bool = False) -> list[str]:
    """``text`` in at most ``rows`` lines of 12-px type that fit ``width`` pixels (measured by
    :func:`~sailing_kit.draw.measure.text_width`); what does not fit ends in an ellipsis."""
    lines = wrapped(text, width, 12, bold) or [""]
    if len(lines) <= rows and text_width(lines[-1], 12, bold) <= width:
        return lines
    last = lines[rows - 1].split(" ")
    while len(last) > 1 and text_width(" ".join(last) + "…", 12, bold) > width:
        last.pop()
    shown = " ".join(last).rstrip(" ,;:·")
    while shown and text_width(shown + "…", 12, bold) > width:  # one word wider than the line
        shown = shown[:-1]
    return [*lines[:rows - 1], shown + "…"]
