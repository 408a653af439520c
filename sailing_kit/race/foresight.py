"""What the umpire would do to a move before it is made: a move may be legal yet penalised
(§3.4: "the opponent may ask for a penalty"), and a board warns the player before the click.

- §3.1: a boat that touches the starting line in the 6th or 7th move, or manoeuvres on the same
  intersection for more than 2 moves of the start procedure, breaks the start procedure;
- §3.4: a boat that ends its turn on another boat's course point without right of way
  infringes it.

The move is tried on a copy of the race, so the race itself never changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.i18n import Text, _
from sailing_kit.race.penalties import Incident

if TYPE_CHECKING:
    from sailing_kit.race.game import Action, RaceState


def fouls_if(state: RaceState, action: Action) -> tuple[Incident, ...]:
    """The incidents the umpire would note against the boat to play if it played ``action`` now
    (each may be protested: the penalty of §3.4). Empty for a clean move, and for a move the
    rules refuse (the engine explains those)."""
    if state.placing or state.is_over() or state.current_player != state.turn:
        return ()
    mover = state.boat.name
    trial = state.copy()
    trial.umpire = replace(trial.umpire, auto=False)  # keep the incidents open, to read them
    try:
        trial.apply(action)
    except IllegalAction:
        return ()
    return tuple(incident for incident in trial.umpire.open
                 if incident.offender == mover and incident not in state.umpire.open)


def warning(incidents: tuple[Incident, ...]) -> str:
    """The incidents as a short warning ("" for none)."""
    if not incidents:
        return ""
    explained = [incident.explain() for incident in incidents]
    return _("Penalty if you play it: {incidents}",
             incidents=Text(" ".join(explained), " ".join(e.english for e in explained)))
