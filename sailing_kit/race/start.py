"""The start procedure of Race the Wind (§3.1): seven moves, and the two things forbidden in them.

"During the start it is forbidden to: manoeuvre on the same intersection for more than 2 moves;
touch the starting line during the 6th and the 7th move. ... If one of the two rules is
violated, the opponent may ask for a penalty."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, Text, _

START_MOVES = 7
"""The start procedure lasts 7 moves; the race starts with the 8th (§3.1)."""
LINE_MOVES = (6, 7)
"""The moves in which a boat may not touch the starting line (§3.1)."""


@dataclass(frozen=True)
class StartFoul:
    """A breach of the start procedure's prohibitions (§3.1); any opponent may protest it, until
    the end of the next round."""

    offender: str
    point: Point
    reason: str
    round: int

    def may_claim(self, name: str) -> bool:
        return name != self.offender

    def explain(self) -> Text:
        return _("{name} broke the start procedure: {reason} (§3.1).", name=self.offender,
                 reason=_(self.reason))


def start_fouls(name: str, track: Sequence[Point], *, manoeuvred: bool, stayed: int,
                line: Sequence[Point], rounds: int) -> tuple[int, list[StartFoul]]:
    """One move of boat ``name`` in the start procedure (``rounds`` moves done before it):
    ``track`` is where it stood, then each point it entered; ``manoeuvred`` says it turned
    without moving; ``stayed`` counts its moves on the same intersection so far. Returns the new
    count and the fouls. A boat standing on the line in move 6 or 7 touches it, even if it got
    there earlier."""
    if len(track) > 1:
        stayed = 0
    elif manoeuvred:
        stayed += 1
    fouls = []
    if stayed > 2:
        fouls.append(StartFoul(name, track[-1], N_("it manoeuvred on the same intersection "
                                                   "for more than 2 moves"), rounds))
    if rounds + 1 in LINE_MOVES and any(point in line for point in track):
        fouls.append(StartFoul(name, track[-1], N_("it touched the starting line in the 6th or "
                                                   "7th move"), rounds))
    return stayed, fouls
