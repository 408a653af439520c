"""A tiny game for testing the protocol and the conformance check: two players add 1 or 2 to a
running total, a coin may add 1 after each move (a chance node), and whoever reaches the target
wins. Subclasses below break one promise each; the conformance check must catch every one."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sailing_kit.core import options as opt
from sailing_kit.core import reading
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.draw.scene import Scene


@dataclass(frozen=True)
class CountOptions:
    target: int = 10
    coin: bool = True

    def __post_init__(self) -> None:
        opt.whole_number(self.target, "target", 2, 100)
        opt.flag(self.coin, "coin")


class CountState(GameState[int]):
    GAME = "count"

    def __init__(self, seed, options):
        super().__init__(seed, options)
        self.total, self.player, self.flipping, self.last_mover = 0, 0, False, None

    @classmethod
    def new(cls, seed=None, **options):
        return cls(seed, opt.build_options(CountOptions, options))

    num_players = 2

    @property
    def current_player(self):
        if self.is_over():
            return None
        return CHANCE if self.flipping else self.player

    def legal_actions(self):
        if self.is_over():
            return []
        return [0, 1] if self.flipping else [1, 2]

    def chance_outcomes(self):
        return [(0, Fraction(1, 2)), (1, Fraction(1, 2))] if self.flipping and not self.is_over() else []

    def action_space(self):
        return [0, 1, 2, 3]

    def read_action(self, value: Any) -> int:
        return reading.whole(value, "a number to add")

    def action_to_json(self, action):
        return action

    def check(self, action):
        allowed = self.legal_actions()
        if action not in allowed:
            raise IllegalAction(f"you may add only {allowed}, not {action}")

    def _apply(self, action):
        self.total += action
        if self.flipping:
            self.flipping = False
        else:
            self.last_mover = self.player
            self.player = 1 - self.player
            self.flipping = self.options.coin

    def _snapshot(self):
        return (self.total, self.player, self.flipping, self.last_mover)

    def _restore(self, snapshot):
        self.total, self.player, self.flipping, self.last_mover = snapshot

    @property
    def result(self):
        if self.total >= self.options.target:
            return Result.ranked((self.last_mover,), 2, f"total reached {self.total}")
        return None

    def describe(self):
        return f"total {self.total}, player {self.player} to move, flipping={self.flipping}"

    def scene(self):
        scene = Scene(40, 20)
        scene.text((20, 10), str(self.total))
        return scene


def new_count(seed=None, **options):
    return CountState.new(seed, **options)


class BrokenUndo(CountState):
    def _restore(self, snapshot):
        self.player, self.flipping, self.last_mover = snapshot[1:]  # forgets the total


class ChecksTooLate(CountState):
    def check(self, action):
        self.total += 0 if action in self.legal_actions() else 1  # changes state, then refuses
        super().check(action)


class LossyJson(CountState):
    def to_json(self):
        import json

        data = json.loads(super().to_json())
        data["moves"] = data["moves"][:-1]  # forgets the last move
        return json.dumps(data)


class Unseeded(CountState):
    def chance_outcomes(self):
        import random

        outcomes = super().chance_outcomes()
        return random.sample(outcomes, len(outcomes))  # order, hence draws, not reproducible

    def sample_chance(self):
        import random

        saved = self._save()
        outcome = random.choice([0, 1])
        self._commit(outcome, sampled=True, saved=saved)
        return outcome


class AcceptsAnything(CountState):
    def check(self, action):
        pass


class SharedCopy(CountState):
    def copy(self):
        return self


class AcceptsDecimals(CountState):
    def parse_action(self, value):
        return value if isinstance(value, float) and value.is_integer() else super().parse_action(value)


class BareErrors(CountState):
    def parse_action(self, value):
        return int(value) if isinstance(value, str) else super().parse_action(value)


class QuotesWholeInputs(CountState):
    def parse_action(self, value):
        if isinstance(value, str):
            raise IllegalAction(f"{value!r} is not a number to add")
        return super().parse_action(value)


class FragileLoading(CountState):
    @classmethod
    def from_json(cls, text):
        import json

        json.loads(text)["options"]  # a bare error for a file that is not an object
        return super().from_json(text)


def factory(cls):
    return lambda seed=None, **options: cls.new(seed, **options)
