"""Protests and penalties (§3.4), kept by an :class:`Umpire` that any race engine can carry.

The wronged boat claims a penalty (a protest) for an infringement, until the end of its own next
turn; with ``auto=True`` the umpire claims every infringement at once and explains it. The
penalty is a declared 360-degree turn of four 90-degree manoeuvres in four moves, started at
least 2 intersections from every mark and every other boat; a boat still owing one cannot finish.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Point, chebyshev
from sailing_kit.core.i18n import Text, _
from sailing_kit.race.engagement import Infringement
from sailing_kit.race.rightofway import Boat

PENALTY_MOVES = 4
PENALTY_CLEARANCE = 2


class Incident(Protocol):
    """Something a boat may protest: an infringement of right of way, or a start foul."""

    @property
    def offender(self) -> str: ...

    @property
    def point(self) -> Point: ...

    def may_claim(self, name: str) -> bool: ...

    def explain(self) -> Text: ...


@dataclass(frozen=True)
class Umpire:
    """What the umpire knows: incidents open to protest, penalties owed and being served.

    Immutable: every method returns a new Umpire (cheap to snapshot for undo)."""

    auto: bool = False
    open: tuple[Incident, ...] = ()
    owed: tuple[tuple[str, int], ...] = ()
    serving: tuple[tuple[str, int], ...] = ()
    """Boat name -> penalty moves still to make (a declared turn in progress)."""

    def owes(self, name: str) -> int:
        return dict(self.owed).get(name, 0)

    def moves_left(self, name: str) -> int:
        return dict(self.serving).get(name, 0)

    def record(self, found: Iterable[Incident]) -> tuple[Umpire, list[str]]:
        """Note new incidents; with ``auto`` protest them at once. Returns the umpire's words."""
        found = tuple(found)
        umpire, words = replace(self, open=self.open + found), list[str]()
        if self.auto:
            for incident in found:
                umpire, said = umpire._penalise(incident)
                words.append(_("Umpire: {said}", said=said))
        return umpire, words

    def protest(self, wronged: str, offender: str) -> tuple[Umpire, str]:
        """``wronged`` claims a penalty against ``offender``; refused unless an open incident
        backs it."""
        incident = next((i for i in self.open if i.offender == offender and i.may_claim(wronged)),
                        None)
        if incident is None:
            raise IllegalAction(
                _("§3.4: a penalty is claimed by the boat denied its right of way; {offender} has "
                  "not infringed {wronged} (or the claim came too late: claim by the end of your "
                  "next turn)", offender=offender, wronged=wronged)
            )
        return self._penalise(incident)

    def _penalise(self, incident: Incident) -> tuple[Umpire, str]:
        remaining = tuple(i for i in self.open if i is not incident)
        owed = dict(self.owed)
        owed[incident.offender] = owed.get(incident.offender, 0) + 1
        umpire = replace(self, open=remaining, owed=tuple(sorted(owed.items())))
        return umpire, _("penalty to {name}: {incident}", name=incident.offender,
                         incident=incident.explain())

    def lapse(self, stale: Callable[[Incident], bool]) -> Umpire:
        """Drop the open incidents that can no longer be claimed."""
        return replace(self, open=tuple(i for i in self.open if not stale(i)))

    def lapse_claims_of(self, name: str) -> Umpire:
        """End of ``name``'s turn: infringements of ``name`` it did not protest, lapse."""
        return self.lapse(lambda i: isinstance(i, Infringement) and i.wronged == name)

    def declare(self, boat: Boat, boats: Sequence[Boat], marks: Sequence[Point]) -> Umpire:
        """Start serving a penalty; refused if none is owed or the boat is too close to others."""
        if not self.owes(boat.name):
            raise IllegalAction(_("§3.4: {name} owes no penalty", name=boat.name))
        if self.moves_left(boat.name):
            raise IllegalAction(_("§3.4: {name} is already serving a penalty", name=boat.name))
        for mark in marks:
            if chebyshev(boat.position, mark) < PENALTY_CLEARANCE:
                raise IllegalAction(_("§3.4: the penalty turn is served at least {count} "
                                      "intersections from the buoys", count=PENALTY_CLEARANCE))
        for other in boats:
            if other.name != boat.name and chebyshev(boat.position, other.position) < PENALTY_CLEARANCE:
                raise IllegalAction(_("§3.4: the penalty turn needs at least {count} "
                                      "intersections from the other boats ({name} is closer)",
                                      count=PENALTY_CLEARANCE, name=other.name))
        owed = {**dict(self.owed), boat.name: self.owes(boat.name) - 1}
        serving = {**dict(self.serving), boat.name: PENALTY_MOVES}
        return replace(self, owed=_nonzero(owed), serving=_nonzero(serving))

    def penalty_move(self, name: str) -> Umpire:
        """One of the four 90-degree penalty manoeuvres is done."""
        serving = {**dict(self.serving), name: self.moves_left(name) - 1}
        return replace(self, serving=_nonzero(serving))

    def check_may_finish(self, name: str) -> None:
        if self.owes(name) or self.moves_left(name):
            raise IllegalAction(_("§3.4: {name} still owes a penalty turn and cannot finish "
                                  "before serving it", name=name))


def _nonzero(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((name, n) for name, n in counts.items() if n))
