"""The checks of Calm: each action the rules forbid now is refused with :class:`IllegalAction`
naming the rule, and the two questions the rules ask of a whole turn (may the Start or a Finish
card be played; can a player act at all, or is the team lost).

The rules are cited as ``text:`` (the Russian original), ``decision:`` (``rules-decisions.md``)
or ``kit:`` (our own choice), as in :mod:`sailing_kit.calm.game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sailing_kit.calm.actions import Action, Discard, MoveRocks, Play, Split
from sailing_kit.calm.cards import FINISH, MONSTER, START, card_label, discardable, hand_text
from sailing_kit.calm.choices import holds, islands_of
from sailing_kit.calm.phases import ACT, DRIFT, PAY, ROCKS, SHARE, SPLIT
from sailing_kit.calm.sea import Cell, no_cell, row_name
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import _, n_

if TYPE_CHECKING:
    from sailing_kit.calm.game import CalmState


def check_action(state: CalmState, action: Action) -> None:
    """Raise :class:`IllegalAction` naming the broken rule if ``action`` is not allowed now."""
    phase = state.phase
    if isinstance(action, Play) and phase == ACT:
        _check_play(state, action)
    elif isinstance(action, Discard) and phase in (ACT, PAY, SHARE, ROCKS):
        _check_discard(state, action)
    elif isinstance(action, Split) and phase == SPLIT:
        _check_split(state, action)
    elif isinstance(action, MoveRocks) and phase in (ROCKS, DRIFT):
        _check_rocks(state, action)
    else:
        raise IllegalAction(_("not now: {who} must {what}", who=state.who_acts(),
                              what=state.expected()))


def _check_play(state: CalmState, play: Play) -> None:
    hand, card = state.hands[state.player], play.card
    if card not in hand:
        words = {"player": state.seat_name(), "hand": hand_text(hand)}
        raise IllegalAction(
            _("{player} holds no {card} (the hand is {hand})", card=card, **words) if card < START
            else _("{player} does not hold {card} (the hand is {hand})", card=card_label(card),
                   **words))
    if START in hand and not state.start_played and card != START:
        raise IllegalAction(_("you hold the Start card and the Start is not yet played: you must "
                              "play the Start card as this turn's action"))
    if card in (START, FINISH):
        if play.at is not None:
            raise IllegalAction(
                _("the Start card goes beside the sea, at the bottom-left corner of the frame, "
                  "not into a cell: play it without a cell") if card == START else
                _("a Finish card goes beside the sea, at the top-right corner of the frame, not "
                  "into a cell: play it without a cell"))
        refusal = start_refusal(state) if card == START else finish_refusal(state)
        if refusal:
            raise IllegalAction(refusal)
        return
    if play.at is None:
        raise IllegalAction(_("say where {card} goes: give a cell (row, col)",
                              card=card_label(card)))
    index = _index(state, play.at)
    if card == MONSTER:
        if not state.sea.cells[index]:
            raise IllegalAction(_("a sea monster destroys an island already in the sea, but "
                                  "cell {cell} is empty", cell=play.at))
        return
    if state.rocks is not None and play.at[0] == state.rocks:
        raise IllegalAction(_("{row} is closed by the jagged rocks: no card may be placed in "
                              "it this turn", row=row_name(state.rocks)))
    refusal = state.sea.refusal(card, index)
    if refusal:
        raise IllegalAction(refusal)
    cost, left = state.sea.cost_at(card, index), len(discardable(hand)) - 1
    if cost > left:
        raise IllegalAction(n_(
            "placing {card} at {cell} costs {cost} discards (the smaller difference to its "
            "neighbours), but you would have only {count} card left to discard: you may not "
            "place a card that needs more discards than that",
            "placing {card} at {cell} costs {cost} discards (the smaller difference to its "
            "neighbours), but you would have only {count} cards left to discard: you may not "
            "place a card that needs more discards than that", left, card=card, cell=play.at,
            cost=cost))


def _check_discard(state: CalmState, discard: Discard) -> None:
    seat = state.sharer if state.phase == SHARE else state.player
    hand, cards = state.hands[seat], discard.cards
    if not holds(hand, cards):
        raise IllegalAction(_("{player} cannot discard {cards}: the hand is {hand} (and you may "
                              "never discard from your deck)", player=state.seat_name(seat),
                              cards=hand_text(cards), hand=hand_text(hand)))
    if START in hand and not state.start_played:
        raise IllegalAction(_("you hold the Start card and the Start is not yet played: you must "
                              "play the Start card as this turn's action, not discard"))
    if MONSTER in cards:
        raise IllegalAction(_("sea monsters cannot be discarded: they must be played to leave "
                              "your hand"))
    wanted = state.discards_due()
    if len(cards) != wanted:
        raise IllegalAction(n_("{player} must discard {count} card now, not {given}: {what}",
                               "{player} must discard {count} cards now, not {given}: {what}",
                               wanted, player=state.seat_name(seat), given=len(cards),
                               what=state.expected()))


def _check_split(state: CalmState, split: Split) -> None:
    shares, total = split.shares, state.options.start_discards
    if len(shares) != state.players:
        raise IllegalAction(_("the split gives one number per player: {players} numbers, not "
                              "{given}", players=state.players, given=len(shares)))
    if not all(isinstance(share, int) and share >= 0 for share in shares):
        raise IllegalAction(_("each share is a whole number of cards, 0 or more: {shares}",
                              shares=shares))
    if sum(shares) != total:
        raise IllegalAction(_("when the Start is played the players discard {total} cards in "
                              "all, but this split adds up to {sum}", total=total,
                              sum=sum(shares)))
    for seat, (share, most) in enumerate(zip(shares, state.capacities())):
        if share > most:
            raise IllegalAction(_("{player} can discard at most {most} (the cards they may "
                                  "discard in hand and deck), not {share}",
                                  player=state.seat_name(seat), most=most, share=share))


def _check_rocks(state: CalmState, move: MoveRocks) -> None:
    row = move.row
    if not isinstance(row, int) or not 0 <= row < state.options.rows:
        raise IllegalAction(_("there is no {row}: rows go from 0 (bottom) to {top}",
                              row=row_name(row), top=state.options.rows - 1))
    if row == state.rocks:
        raise IllegalAction(_("the jagged rocks must move to another row, not stay on {row}",
                              row=row_name(row)))
    if not state.sea.row_has_space(row):
        raise IllegalAction(_("{row} is full: the jagged rocks may only lie on a row with at "
                              "least one empty cell", row=row_name(row)))


def start_refusal(state: CalmState) -> str | None:
    """Why the Start card may not be played now (None if it may)."""
    if state.start_played:
        return _("the Start slot is already filled: another Start card means nothing now and "
                 "may only be discarded")
    return None


def finish_refusal(state: CalmState) -> str | None:
    """Why a Finish card may not be played now (None if it may)."""
    empty = state.options.size - state.sea.filled
    if empty:
        return n_("a Finish card may be played only once the whole sea is full: {count} cell "
                  "is still empty", "a Finish card may be played only once the whole sea is "
                  "full: {count} cells are still empty", empty)
    if not state.start_played:
        return _("a Finish card may be played only after the Start card")
    left = state.monsters_left
    if left:
        return _("no Finish card may be played until every sea monster has been played: {left} "
                 "still to come", left=left)
    return None


def _index(state: CalmState, cell: Cell) -> int:
    rows, cols = state.options.rows, state.options.cols
    row, col = cell
    if not (isinstance(row, int) and isinstance(col, int) and 0 <= row < rows
            and 0 <= col < cols):
        raise IllegalAction(no_cell(cell, rows, cols))
    return row * cols + col


def stuck(state: CalmState, seat: int) -> str | None:
    """Why ``seat`` cannot take any action on their turn (the team loses), or None.

    text: "Вы все проигрываете, если какой-либо игрок не может предпринять любое разрешенное
    действия в свой ход"."""
    hand = state.hands[seat]
    spare = discardable(hand)
    if len(spare) >= 2 or (START in hand and not state.start_played):
        return None
    if state.sea.affordable_runs(islands_of(hand), state.rocks, len(spare) - 1):
        return None
    if FINISH in hand and finish_refusal(state) is None:
        return None
    if MONSTER in hand and state.sea.filled:
        return None
    return _("{player} holds {hand}: no card can be played (it does not fit the ascending order, "
             "or costs more than the cards left to discard) and they cannot discard two",
             player=state.seat_name(seat), hand=hand_text(hand))
