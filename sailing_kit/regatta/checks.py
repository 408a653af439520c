"""The checks of the card regatta: each action the rules forbid now is refused with
:class:`IllegalAction` naming the rule (the text's own words where it has them).

The rules are cited as ``text:`` (the Bulgarian original) or ``kit:`` (our own choice, listed in
``docs/rules-regatta.md``), as in :mod:`sailing_kit.regatta.game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import _, n_
from sailing_kit.regatta.actions import (
    AFTER,
    MOVE,
    Action,
    Becalm,
    EndTurn,
    Exchange,
    Face,
    Handling,
    Sail,
)
from sailing_kit.regatta.deck import CALM, HANDLING, WINDY

if TYPE_CHECKING:
    from sailing_kit.regatta.game import RegattaState

EXCHANGE_MOST = 3
"""text: "Да смени 1, 2 или 3 от своите карти"."""


def check_action(state: RegattaState, action: Action) -> None:
    """Raise :class:`IllegalAction` naming the broken rule if ``action`` is not allowed now."""
    _CHECKS[type(action)](state, action)


def _check_sail(state: RegattaState, action: Sail) -> None:
    player, deck = state.player, state.deck
    if state.phase != MOVE:
        raise IllegalAction(_("you have sailed this turn: play Nice yacht handling or Flat "
                              "calm if you hold one, or end the turn"))
    if state.becalmed(player):
        raise IllegalAction(_("your yacht is becalmed: a Flat calm lies before it, so you must "
                              "skip this turn ('Играч „В” трябва да прескочи реда си'): "
                              "exchange 1 to 3 cards or turn the yacht"))
    if action.card not in state.hand(player):
        raise IllegalAction(_("you hold no {card} card", card=deck.kind(action.card).shown))
    kind = deck.kind(action.card)
    if not kind.moves:
        raise IllegalAction(_("the {card} card has no arrows: it does not move a yacht (it is "
                              "a special card)", card=kind.shown))
    if action.arrow not in kind.arrows:
        names = ", ".join(deck.arrow(a).shown for a in kind.arrows)
        raise IllegalAction(_("the {card} card has no {arrow} arrow: its arrows are {names}",
                              card=kind.shown, arrow=repr(action.arrow), names=names))
    if action.windy and not state.holds(player, WINDY):
        raise IllegalAction(_("you hold no Windy spell: a double move needs one"))
    verdict = state.verdict_of(action)
    if not verdict.legal:
        raise IllegalAction(verdict.reason)


def _check_skip(state: RegattaState, action: Exchange | Face) -> None:
    if state.phase != MOVE:
        raise IllegalAction(_("you have sailed this turn, so you cannot skip it any more: "
                              "play a special card or end the turn"))
    if isinstance(action, Face):
        return
    if not 1 <= len(action.cards) <= EXCHANGE_MOST:
        raise IllegalAction(_("exchange 1, 2 or 3 of your cards ('Да смени 1, 2 или 3 от "
                              "своите карти'), not {count}", count=len(action.cards)))
    hand = state.hand(state.player)
    missing = next((card for card in action.cards
                    if hand.count(card) < action.cards.count(card)), None)
    if missing is not None:
        card = state.deck.kind(missing).shown
        raise IllegalAction(
            _("you cannot exchange what you do not hold: no more {card} card in your hand",
              card=card) if missing in hand else
            _("you cannot exchange what you do not hold: no {card} card in your hand", card=card))
    if len(action.cards) > state.cards_to_draw:
        left = state.cards_to_draw
        raise IllegalAction(
            n_("an exchange swaps your cards for new ones, and only {count} card can be drawn "
               "(the draw and discard piles together): exchange at most {count} (kit: you never "
               "draw back the cards you throw away)",
               "an exchange swaps your cards for new ones, and only {count} cards can be drawn "
               "(the draw and discard piles together): exchange at most {count} (kit: you never "
               "draw back the cards you throw away)", left) if left else
            _("an exchange swaps your cards for new ones, and no card is left to draw (both "
              "piles are empty): turn the yacht instead (kit: you never draw back the cards you "
              "throw away)"))


def _check_handling(state: RegattaState, action: Handling) -> None:
    if state.phase != AFTER:
        raise IllegalAction(_("Nice yacht handling gives one more move after your movement "
                              "card: sail first (it cannot go with a skipped turn)"))
    if not state.holds(state.player, HANDLING):
        raise IllegalAction(_("you hold no Nice yacht handling card"))
    if state.handled:
        raise IllegalAction(_("only one extra move a turn, even when the card you drew is "
                              "another Nice yacht handling ('Играчът може да получи единствен "
                              "допълнителен ход')"))


def _check_becalm(state: RegattaState, action: Becalm) -> None:
    if state.phase != AFTER:
        raise IllegalAction(_("Flat calm is played after the card that moves your yacht "
                              "('първо поставя картата, която му дава право да мести своята "
                              "яхта'); a player who skips may not play it"))
    if not state.holds(state.player, CALM):
        raise IllegalAction(_("you hold no Flat calm card"))
    target = action.target
    if not 0 <= target < state.num_players or target == state.player:
        raise IllegalAction(_("the sun is laid before another player's yacht: name one of "
                              "the other players"))
    if state.becalmed(target):
        raise IllegalAction(_("{player}'s yacht is becalmed already: one sun at a time",
                              player=state.name(target)))


def _check_end(state: RegattaState, action: EndTurn) -> None:
    if state.phase != AFTER:
        raise IllegalAction(_("a turn is one movement card, or a skip: sail a card, exchange "
                              "1 to 3 cards or turn the yacht"))


_CHECKS: dict[type, Callable[[RegattaState, Any], None]] = {
    Sail: _check_sail, Exchange: _check_skip, Face: _check_skip, Handling: _check_handling,
    Becalm: _check_becalm, EndTurn: _check_end}
