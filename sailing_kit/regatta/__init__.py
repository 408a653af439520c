"""The card regatta (the Bulgarian text 000): arrow cards move the yachts round a course of buoys.

- the game on the kit's protocol: :func:`new_game` (1-4 players, seeded shuffles) and its
  widget :class:`Board` (imported on first use);
- the deck and the course as data: :func:`deck_data`, :func:`load_deck`, :func:`course_data`,
  :func:`load_course` (edit the dictionaries and pass them to ``new_game``);
- :func:`judge`, the one function that says where each arrow goes or which rule blocks it;
- bots: ``bots.make("sensible")`` and the names in ``bots.BOTS``;
- the chance of holding a card that makes progress: :func:`chance_of_any`,
  :func:`chance_by_bearing`, checked on real deals with :func:`dealt_hands` and
  :func:`share_holding`; in a game, as a player sees it: :func:`chance_to_draw`,
  :func:`unseen_cards`.
"""

from sailing_kit.core.info import GameInfo, Outcome
from sailing_kit.core.lazy import board_attributes
from sailing_kit.regatta import bots
from sailing_kit.regatta.actions import Becalm, EndTurn, Exchange, Face, Handling, Sail
from sailing_kit.regatta.course import Course, Mark, course_data, course_names, load_course
from sailing_kit.regatta.deck import Deck, deck_data, load_deck, standard_deck
from sailing_kit.regatta.game import RegattaState, Yacht, new_game
from sailing_kit.regatta.geometry import Pose
from sailing_kit.regatta.moves import Verdict, judge
from sailing_kit.regatta.options import RegattaOptions
from sailing_kit.regatta.probability import (
    chance_by_bearing,
    chance_of_any,
    chance_to_draw,
    dealt_hands,
    progress_kinds,
    share_holding,
    unseen_cards,
)

__all__ = [
    "INFO",
    "Becalm",
    "Course",
    "Deck",
    "EndTurn",
    "Exchange",
    "Face",
    "Handling",
    "Mark",
    "Pose",
    "RegattaOptions",
    "RegattaState",
    "Sail",
    "Verdict",
    "Yacht",
    "bots",
    "chance_by_bearing",
    "chance_of_any",
    "chance_to_draw",
    "course_data",
    "course_names",
    "dealt_hands",
    "deck_data",
    "judge",
    "load_course",
    "load_deck",
    "new_game",
    "progress_kinds",
    "share_holding",
    "standard_deck",
    "unseen_cards",
]


INFO = GameInfo(
    name="regatta", title="Card regatta", players=range(1, 5), players_option="players",
    chance=True, hidden_information=True, cooperative=False,
    outcome_kinds=frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS}), bots=tuple(bots.BOTS),
    controls=("exchange", "face", "handling", "end_turn", "becalm"),
)

__getattr__ = board_attributes(__name__, "Board")
