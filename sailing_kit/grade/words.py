"""Words the grader writes for two readers: the teacher's CSV and console (``--language``) and
each student's report (the language the student chose). A :class:`Later` keeps a marked message
and its values, and is worded only when shown, in the language spoken then; what a notebook's
run said is read once and told in both languages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sailing_kit.core.i18n import _


@dataclass(frozen=True)
class Later:
    """A message marked with ``N_`` and the values of its ``{placeholders}``; ``str()`` words it
    in the language spoken now (a value that is itself a :class:`Later` too)."""

    message: str
    values: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return _(self.message, **{name: str(value) if isinstance(value, Later) else value
                                  for name, value in self.values})


def later(message: str, /, **values: Any) -> Later:
    """``message`` (marked ``N_("...")``) with its values, to be worded when shown."""
    return Later(message, tuple(values.items()))
