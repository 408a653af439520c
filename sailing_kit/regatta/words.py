"""A card regatta in words: the position from one player's seat, a hand, an arrow's verdict."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sailing_kit.regatta.actions import AFTER
from sailing_kit.regatta.course import Course
from sailing_kit.regatta.deck import Deck
from sailing_kit.regatta.moves import Verdict

if TYPE_CHECKING:
    from sailing_kit.regatta.game import RegattaState


def hand_text(kinds: Sequence[str], deck: Deck) -> str:
    return ", ".join(deck.kind(kind).title for kind in kinds) if kinds else "no cards"


def course_text(course: Course) -> str:
    """The course in one sentence."""
    marks = ", then ".join(f"the {m.name} buoy at {m.at} keeping it to {m.rounding}"
                           for m in course.marks)
    return (f"The start and finish line runs between the white buoys at {course.line[0]} and "
            f"{course.line[1]}; round {marks}; then finish back across the line.")


def verdict_text(verdict: Verdict, deck: Deck) -> str:
    """``"Fork, veer left: to (5, 3) facing NW"``, or the rule that blocks it."""
    plan = verdict.plan
    name = f"{deck.kind(plan.card).title}, {deck.arrow(plan.arrow).title}" \
        + (" twice (Windy spell)" if plan.windy else "")
    if not verdict.legal:
        return f"{name}: blocked, {verdict.reason}"
    return f"{name}: to {verdict.end}" + (f" ({verdict.reason})" if verdict.reason else "")


def to_do(state: RegattaState) -> str:
    """What the player to act may do now, as an instruction."""
    if state.is_over():
        return "nothing: the race is over"
    if state.phase == AFTER:
        return "play Nice yacht handling or Flat calm, or end the turn"
    if state.becalmed(state.player):
        return ("skip the turn, becalmed by a Flat calm: exchange 1 to 3 cards or turn the "
                "yacht")
    return "sail a card, or skip the turn (exchange 1 to 3 cards or turn the yacht)"


def describe_state(state: RegattaState, viewer: int | None) -> str:
    """The position in plain words from ``viewer``'s seat: only that player's hand shows
    (``None``: no hand shows)."""
    course, players = state.course, state.num_players
    alone = " (a time trial)" if players == 1 else ""
    lines = [f"Card regatta, {players} player{'s' * (players > 1)}{alone}, on the {course.name} "
             f"course ({course.width} x {course.height} cells).", course_text(course)]
    rounds = state.options.rounds
    limit = f" of {rounds}" if rounds else ""
    result = state.result
    if result is not None:
        lines.append(f"Over: {result.reason}.")
    else:
        lines.append(f"Round {state.round}{limit}. {state.name(state.player)} to play: "
                     f"{to_do(state)}.")
    for player, yacht in enumerate(state.yachts):
        who = state.name(player) + (" (you)" if player == viewer else "")
        held = (f"hand: {hand_text(state.hand(player), state.deck)}" if player == viewer
                else f"{len(state.hands[player])} cards in hand")
        calm = "; becalmed (a Flat calm lies before it)" if state.becalmed(player) else ""
        lines.append(f"{who}: yacht at {yacht.pose}; next: {course.leg_name(yacht.leg)} "
                     f"(about {state.to_go(player):.0f} cells to go); {held}{calm}.")
    piles = (f"Draw pile: {state.pile_size} cards; discard pile: "
             f"{len(state.discard_pile)} cards")
    if state.discard_pile:
        piles += f" (top: {state.deck.kind(state.kinds[state.discard_pile[-1]]).title})"
    if state.out:
        piles += f"; out of the game: {len(state.out)} cards (no one to becalm)"
    lines.append(piles + ".")
    return "\n".join(lines)
