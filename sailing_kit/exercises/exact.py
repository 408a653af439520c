"""Judging a number with an exact answer: a fraction in any honest form, or a decimal rounded to
the precision the question states; the usual slips get their own hint, whichever form they
come in (17.5 and "35/2" alike)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises.readers import read_exact
from sailing_kit.exercises.verdicts import Verdict, right, wrong


def text(value: Fraction | float) -> str:
    """A fraction as ``"25/648"`` (a whole number as ``"3"``), a decimal as written."""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def places_phrase(places: int) -> str:
    return n_("a decimal rounded to {count} place", "a decimal rounded to {count} places", places)


@dataclass(frozen=True)
class Exact:
    """An exact answer, the slips it is mistaken for, and the decimal places a decimal needs."""

    value: Fraction
    places: int
    what: str = N_("probability")
    slips: Mapping[Fraction, str] = field(default_factory=dict)

    @property
    def tolerance(self) -> float:
        return 0.5 * 10.0**-self.places + 1e-9

    def near(self, said: float, value: Fraction) -> bool:
        return abs(said - float(value)) <= self.tolerance

    def judge(self, answer: object, praise: str, otherwise: Callable[[str], str],
              hint: str = "") -> Verdict:
        """Right, a slip's hint, or ``otherwise(the answer as written)``."""
        said = read_exact(answer, self.what)
        if self.what == "probability" and not 0 <= said <= 1:
            return wrong(_("{said} cannot be a probability: a probability lies between 0 and 1.",
                           said=text(said)), hint)
        if isinstance(said, float):
            if self.near(said, self.value):
                return right(praise)
            slip = next((why for value, why in self.slips.items() if self.near(said, value)), None)
            if slip is None and _decimals(said) < self.places and round(
                    float(self.value), _decimals(said)) == said:
                slip = n_("{said} is too rough to tell: give it rounded to {count} place, or as "
                          "an exact fraction.", "{said} is too rough to tell: give it rounded to "
                          "{count} places, or as an exact fraction.", self.places, said=text(said))
            return wrong(slip or otherwise(text(said)), hint)
        if said == self.value:
            return right(praise)
        return wrong(self.slips.get(said) or otherwise(text(said)), hint)


def _decimals(number: float) -> int:
    """How many decimal places ``number`` is written with."""
    written = repr(number)
    return 0 if "e" in written or "." not in written else len(written.split(".")[1].rstrip("0"))
