"""The options of a duel: the map, the Honour points and the starting wind."""

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
    ``wind``: where the wind blows from at the start ('au départ, le vent souffle du nord-est')."""

    map: str = "default"
    honour: int = 3
    wind: Direction = Direction.NE

    def __post_init__(self) -> None:
        opt.whole_number(self.honour, "honour", 0, MAX_HONOUR)
        object.__setattr__(self, "wind", opt.direction(self.wind, "wind"))
        try:
            object.__setattr__(self, "map", map_text(self.map))
            self.sea()
        except ConfigError as error:
            raise ValueError(f"option 'map': {error}") from None

    def sea(self) -> SeaMap:
        """The parsed map (cached by its text)."""
        return parse_map(self.map)
