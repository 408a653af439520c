"""The one game protocol every game of the kit follows.

In the spirit of OpenSpiel: a state knows whose turn it is (a player number, :data:`CHANCE` when
dice or cards decide, ``None`` once the game is over), lists its legal actions, applies one,
undoes it, copies itself and saves itself as JSON. Chance is explicit and seeded: at a chance node
``chance_outcomes()`` lists the outcomes with their probabilities; ``sample_chance()`` draws one
from the game's seeded stream, and ``apply(outcome)`` sets it by hand (a teacher's loaded die).

A saved game is its seed, its options and its moves: loading replays them through the rules
(:func:`replay`, the one place that does), so a saved file can never smuggle in a position the
rules would not allow.

Every action passes through :meth:`GameState.parse_action`, the game's one reader: the value is
first copied into plain builtin values (:func:`~sailing_kit.core.reading.plain`), then rebuilt as
an action of the game or refused with :class:`UnreadableAction`; a real action the rules forbid
now is refused with :class:`IllegalAction`. Either way nothing changes.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from sailing_kit.core.chance import Chance, fresh_seed
from sailing_kit.core.errors import ActionError, ConfigError, IllegalAction, SavedGameError
from sailing_kit.core.i18n import _
from sailing_kit.core.i18n import number as written_number
from sailing_kit.core.info import WINNING, Outcome
from sailing_kit.core.options import options_to_json
from sailing_kit.core.reading import json_value, plain, shown
from sailing_kit.core.view import View

CHANCE = -1
"""``current_player`` at a chance node: the dice, the deck or the wind decides."""

A = TypeVar("A")
MAX_SEED = 2**256 - 1
"""Seeds are whole numbers from 0 to 2**256 - 1 (room for any hash of a name)."""
MAX_MOVES = 100_000
"""The longest game, in moves (chance's included): far beyond any real game (a race of the full
course lasts about 60 rounds, a few hundred moves), and so the most moves a saved game may
list: a game refuses the move after, so its own save always loads."""
MAX_SAVED_TEXT = 32 * 2**20
"""The longest saved game read, in characters (100,000 moves fit in 10 MB)."""
_SAVED_KEYS = ("game", "version", "seed", "options", "moves")
_NOT_OPTIONS = ("seed", "cls", "self")


@dataclass(frozen=True)
class Result:
    """How a finished game ended: an :class:`Outcome` for each player, the game's scores, and
    the cause in the game's own words ("every category is filled"); who won and the sentence
    a board shows are derived from them."""

    outcomes: tuple[Outcome, ...]
    cause: str
    scores: tuple[float, ...] = ()
    names: tuple[str, ...] = ()
    """The players as the game calls them (default "Player 1", "Player 2", ...)."""

    @classmethod
    def ranked(cls, winners: Sequence[int], players: int, cause: str,
               scores: Sequence[float] = (), names: Sequence[str] = ()) -> Result:
        """A competitive game's end: one winner wins, several tied winners draw, everyone else
        (everyone, if there is no winner) loses."""
        won = Outcome.WIN if len(winners) == 1 else Outcome.DRAW
        outcomes = tuple(won if player in winners else Outcome.LOSS for player in range(players))
        return cls(outcomes, cause, tuple(scores), tuple(names))

    @classmethod
    def together(cls, won: bool, players: int, cause: str,
                 scores: Sequence[float] = ()) -> Result:
        """A cooperative game's end: the whole team wins or loses."""
        outcome = Outcome.SHARED_WIN if won else Outcome.SHARED_LOSS
        return cls((outcome,) * players, cause, tuple(scores))

    @property
    def winners(self) -> tuple[int, ...]:
        """The players who won, drew for first place or won together."""
        return tuple(p for p, outcome in enumerate(self.outcomes) if outcome in WINNING)

    def name(self, player: int) -> str:
        return self.names[player] if player < len(self.names) else _("Player {number}",
                                                                       number=player + 1)

    @property
    def headline(self) -> str:
        """Who won, in words derived from the outcomes ("Player 2 wins")."""
        outcomes, winners = self.outcomes, self.winners
        if Outcome.SHARED_WIN in outcomes:
            return (_("everyone wins together") if len(outcomes) > 1
                    else _("{name} wins", name=self.name(0)))
        if Outcome.SHARED_LOSS in outcomes:
            return (_("everyone loses together") if len(outcomes) > 1
                    else _("{name} loses", name=self.name(0)))
        if len(winners) > 1:
            names = ", ".join(self.name(p) for p in winners[:-1])
            return _("{names} and {last} share the win", names=names,
                     last=self.name(winners[-1]))
        if winners:
            return _("{name} wins", name=self.name(winners[0]))
        return _("{name} loses", name=self.name(0)) if len(outcomes) == 1 else _("nobody wins")

    @property
    def reason(self) -> str:
        """The whole sentence: who won, and why ("Player 2 wins: every category is filled")."""
        return _("{headline}: {cause}", headline=self.headline, cause=self.cause)


class GameState(ABC, Generic[A]):
    """Base class of every game state. Subclasses implement the rules; this class the bookkeeping."""

    GAME: ClassVar[str]
    """Short name written into saved games."""
    SAVE_VERSION: ClassVar[int] = 1
    ACTION_TYPES: ClassVar[tuple[type, ...]] = ()
    """The game's action classes: an instance of exactly one of them is read field by field."""

    def __init__(self, seed: int | None, options: Any):
        seed = fresh_seed() if seed is None else plain(seed, what=_("the seed"),
                                                           error=ConfigError)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ConfigError(_("the seed must be a whole number from 0 to 2**256 - 1, not "
                                "{given}", given=shown(seed)))
        self.seed = seed
        self.options = options
        self.chance = Chance(seed)
        self._history: list[tuple[A, bool, Any]] = []

    # ----- what a game implements -------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, seed: int | None = None, **options: Any) -> Self:
        """A fresh game; raises :class:`ConfigError` for bad options."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose turn it is: 0, 1, ..., :data:`CHANCE`, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every action allowed now, computed directly from the rules (empty when over)."""

    @abstractmethod
    def read_action(self, value: Any) -> A:
        """The action that ``value`` (plain values only: see :meth:`parse_action`) stands for:
        an action object, its JSON form or a friendly spelling; :class:`UnreadableAction`
        saying what an action looks like otherwise."""

    @abstractmethod
    def action_to_json(self, action: A) -> Any:
        """The action as plain JSON values (read back by ``parse_action``)."""

    @abstractmethod
    def check(self, action: A) -> None:
        """Raise :class:`IllegalAction` naming the broken rule if ``action`` is not allowed now."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Carry out an action already checked."""

    @abstractmethod
    def _snapshot(self) -> Any:
        """Everything ``_restore`` needs to bring this position back (for undo and copy).
        Immutable data (tuples, frozen dataclasses): history keeps it, copies share it."""

    @abstractmethod
    def _restore(self, snapshot: Any) -> None: ...

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def describe(self) -> str:
        """The position in plain words (for screen readers, printouts and tests)."""

    @abstractmethod
    def scene(self) -> Any:
        """The picture of the position, as a :class:`sailing_kit.draw.scene.Scene`."""

    def chance_outcomes(self) -> list[tuple[A, Fraction]]:
        """At a chance node, every outcome with its exact probability; otherwise empty."""
        return []

    def pass_action(self) -> A | None:
        """The pass of the player to move, where the game's rules have one and it is legal now
        (standing still, keeping one's heading, ending a turn with nothing more to play); None
        where they have none (the default: a dice or card game whose every turn is a choice)."""
        return None

    def view(self, player: int | None) -> View:
        """What ``player`` may see of the game (``None``: the public view, no hidden cards),
        with ``describe()`` and ``scene()``. A game with no hidden information is its own
        view."""
        return self

    def parse_action(self, value: object) -> A:
        """The game's one reader: ``value`` copied into plain values, then rebuilt as an action
        in the engine's canonical form, or :class:`UnreadableAction`."""
        return self.read_action(plain(value, self.ACTION_TYPES))

    # ----- the protocol, shared by every game -------------------------------------------------
    def is_over(self) -> bool:
        return self.result is not None

    def ended(self) -> Result:
        """The result of a finished game (a ValueError while the game goes on): for code that
        has checked :meth:`is_over`."""
        result = self.result
        if result is None:
            raise ValueError(_("the game is not over yet: it has no result"))
        return result

    def apply(self, action: Any) -> None:
        """Play an action. An illegal one raises IllegalAction and changes nothing."""
        result = self.result
        if result is not None:
            raise IllegalAction(_("the game is over ({reason}): no more moves",
                                  reason=result.reason))
        parsed = self.parse_action(action)
        self.check(parsed)
        if len(self._history) >= MAX_MOVES:
            raise self._too_long()
        self._commit(parsed, sampled=False, saved=self._save())

    def sample_chance(self) -> A:
        """At a chance node, draw the outcome from the seeded stream, apply it and return it."""
        if self.current_player != CHANCE:  # None once the game is over
            result = self.result
            if result is not None:
                raise IllegalAction(_("the game is over ({reason}): nothing is left to chance",
                                      reason=result.reason))
            raise IllegalAction(_("nothing is left to chance now: it is a player's turn"))
        if len(self._history) >= MAX_MOVES:
            raise self._too_long()
        saved = self._save()
        outcome = self.chance.weighted(self.chance_outcomes())
        self._commit(outcome, sampled=True, saved=saved)
        return outcome

    def _too_long(self) -> IllegalAction:
        return IllegalAction(_("a game lasts at most {most} moves: this one is over its length "
                               "(save it, or start a new one)", most=written_number(MAX_MOVES)))

    def undo(self) -> A:
        """Take back the last action (chance outcomes included) and return it."""
        if not self._history:
            raise IllegalAction(_("there is nothing to undo: no move has been played yet"))
        action, _sampled, saved = self._history.pop()
        self._load(saved)
        return action

    @property
    def history(self) -> list[A]:
        """Every action played so far, in order."""
        return [action for action, _, _ in self._history]

    def copy(self) -> Self:
        """An independent copy, history included (cheap: snapshots are immutable)."""
        clone = copy.copy(self)
        clone.chance = Chance(self.seed, self.chance.draws)
        clone._history = list(self._history)
        clone._restore(self._snapshot())
        return clone

    def _save(self) -> tuple[int, Any]:
        return (self.chance.draws, self._snapshot())

    def _load(self, saved: tuple[int, Any]) -> None:
        self.chance.draws, snapshot = saved
        self._restore(snapshot)

    def _commit(self, action: A, *, sampled: bool, saved: tuple[int, Any]) -> None:
        try:
            self._apply(action)
        except BaseException:
            self._load(saved)
            raise
        self._history.append((action, sampled, saved))

    # ----- saving ------------------------------------------------------------------------------
    def to_json(self) -> str:
        moves = [
            {"move": self.action_to_json(action), **({"sampled": True} if sampled else {})}
            for action, sampled, _ in self._history
        ]
        return json.dumps(
            {
                "game": self.GAME,
                "version": self.SAVE_VERSION,
                "seed": self.seed,
                "options": options_to_json(self.options),
                "moves": moves,
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a saved game, replaying its moves through the rules. Anything wrong with the
        file, however it is wrong, raises :class:`SavedGameError` saying what."""
        data = _read_saved(text, cls.GAME, cls.SAVE_VERSION)
        options = data["options"]
        reserved = next((key for key in options if key in _NOT_OPTIONS), None)
        if reserved is not None:
            raise SavedGameError(_("the saved game's options are not valid: {name} is not an "
                                   "option (the seed is saved beside the options)",
                                   name=repr(reserved)))
        try:
            state = cls.new(data["seed"], **options)
        except ConfigError as error:
            raise SavedGameError(_("the saved game's options are not valid: {problem}",
                                   problem=error)) from None
        replay(state, data["moves"])
        return state

    # ----- display -----------------------------------------------------------------------------
    def __str__(self) -> str:
        return self.describe()

    def _repr_svg_(self) -> str:
        svg: str = self.scene().to_svg()
        return svg


def _saved_text(text: object) -> str | bytes:
    """``text`` copied through the builtin type's own methods, at most :data:`MAX_SAVED_TEXT`
    long (a subclass's length or text is never asked)."""
    kind = type(text)
    if issubclass(kind, str):
        copied: str | bytes = str.__str__(cast(str, text))
    elif issubclass(kind, (bytes, bytearray)):
        copied = bytes(memoryview(cast(bytes, text)))
    else:
        raise SavedGameError(_("a saved game is a text (JSON), not {given}", given=shown(text)))
    if len(copied) > MAX_SAVED_TEXT:
        raise SavedGameError(_("this is not a saved game: it is longer than {most} characters",
                               most=written_number(MAX_SAVED_TEXT)))
    return copied


def _read_saved(text: object, game: str, version: int) -> dict[str, Any]:
    data = json_value(_saved_text(text), _("a saved game"), error=SavedGameError)
    if not isinstance(data, dict):
        raise SavedGameError(_("this is not a saved game: expected a JSON object with the "
                               "game's name"))
    if data.get("game") != game:
        raise SavedGameError(_("this file is not a saved {game} game (it says {says})",
                               game=repr(game), says=shown(data.get("game"))))
    if type(data.get("version")) is not int or data["version"] != version:
        raise SavedGameError(_("this saved game has format version {given}; this kit reads "
                               "version {version}", given=shown(data.get("version")),
                               version=version))
    unknown = next((key for key in data if key not in _SAVED_KEYS), None)
    if unknown is not None:
        raise SavedGameError(_("this saved game has an unknown entry {entry} (a saved game has "
                               "{entries})", entry=shown(unknown), entries=", ".join(_SAVED_KEYS)))
    kinds = {"seed": int, "options": dict, "moves": list}
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SavedGameError(_("this saved game has no valid {entry} entry", entry=repr(key)))
    if len(data["moves"]) > MAX_MOVES:
        raise SavedGameError(_("a saved game lists at most {most} moves, not {given}",
                               most=written_number(MAX_MOVES), given=written_number(len(data["moves"]))))
    return data


def replay(state: GameState[Any], moves: Sequence[Any]) -> None:
    """Play saved move entries on ``state`` through the rules, in order: ``{"move": ...}`` for
    a player's move, with ``"sampled": true`` for a chance outcome drawn from the game's seed
    (which must be what the seed gives). The one replay of the kit: loading a file and a
    class table's stored moves both come here. Any problem raises :class:`SavedGameError`
    naming the move (the moves before it stay played)."""
    first = len(state.history) + 1
    for number, entry in enumerate(moves, start=first):
        replay_one(state, number, entry)


def replay_one(state: GameState[Any], number: int, entry: Any) -> Any:
    """Play one saved entry as move ``number`` (see :func:`replay`) and return the action."""
    if (not isinstance(entry, dict) or "move" not in entry
            or not set(entry) <= {"move", "sampled"}
            or not isinstance(entry.get("sampled", False), bool)):
        raise SavedGameError(_("move {number} of the saved game is not of the form {form} (with "
                               "{sampled} for a chance outcome drawn from the seed)",
                               number=number, form="{'move': ...}", sampled="'sampled': true"))
    try:
        if entry.get("sampled"):
            drawn = state.sample_chance()
            if _as_json(state.action_to_json(drawn)) != _as_json(entry["move"]):
                state.undo()
                raise SavedGameError(_(
                    "move {number}: the saved chance outcome {saved} is not what this game's "
                    "seed gives ({drawn}); the file was edited", number=number,
                    saved=shown(entry["move"]), drawn=repr(state.action_to_json(drawn))))
            return drawn
        state.apply(entry["move"])
        return state.history[-1]
    except ActionError as error:
        raise SavedGameError(_("move {number} of the saved game breaks a rule: {problem}",
                               number=number, problem=error)) from None


def _as_json(value: Any) -> Any:
    """``value`` as JSON reads it back (lists for tuples), to compare a move with a stored one."""
    return json.loads(json.dumps(value))
