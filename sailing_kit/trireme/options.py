"""The options of a duel: the map, the Honour points, the starting wind, steering at the
trireme."""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core import options as opt
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.trireme.maps import SeaMap, map_text, parse_map

MAX_HONOUR = 20


@dataclass(frozen=True)
class TriremeOptions:
    """``map``: the name of a shipped map (``"default"``, ``"small"``) or a map's text (see
    :mod:`sailing_kit.trireme.maps`); ``honour``: Honour points at the start (decisions: 3);
    ``wind``: where the wind blows from at the start ('au départ, le vent souffle du nord-est');
    ``steer_at_trireme``: whether the heading straight at the trireme on the next square may be
    chosen ('Vous choisissez votre cap' sets no limit: True, the boat then stops before it);
    False refuses that heading, as the kit did before (docs/rules-trireme.md). Bounds: ``honour``
    0 to :data:`MAX_HONOUR`; a map's text at most 10,000 characters (options are plain values,
    see :func:`~sailing_kit.core.reading.plain`), 3 to 40 squares a side and a trireme's line of
    at most 400 steps (see :mod:`sailing_kit.trireme.maps`)."""

    map: str = "default"
    honour: int = 3
    wind: Direction = Direction.NE
    steer_at_trireme: bool = True

    def __post_init__(self) -> None:
        opt.whole_number(self.honour, "honour", 0, MAX_HONOUR)
        object.__setattr__(self, "wind", opt.direction(self.wind, "wind"))
        opt.flag(self.steer_at_trireme, "steer_at_trireme")
        try:
            object.__setattr__(self, "map", map_text(self.map))
            self.sea()
        except ConfigError as error:
            raise ValueError(f"option 'map': {error}") from None

    def sea(self) -> SeaMap:
        """The parsed map (cached by its text)."""
        return parse_map(self.map)
