"""The verdict on an answer, drawn as a coloured box in Jupyter and as text in print.

Pure display, shared by the exercise checks and the right-of-way trainer.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from sailing_kit.core.i18n import N_, _
from sailing_kit.draw import palette

_LOOKS = {
    # (answered, ok): (symbol, heading, border colour, background)
    (True, True): ("✔", N_("Correct"), palette.BLUISH_GREEN, "#E5F5F0"),
    (True, False): ("✘", N_("Not yet"), palette.VERMILLION, "#FBEDE5"),
    (False, False): ("✎", N_("Your turn"), palette.BLUE, "#E5F0F7"),
}


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: shows itself as a coloured box in Jupyter and as text in print.

    ``answered`` is False for a blank answer. The symbol (✔, ✘, ✎) and the heading word
    ("Correct", "Not yet", "Your turn") repeat what the colour says.
    """

    ok: bool
    message: str
    title: str = ""
    answered: bool = True

    def _look(self) -> tuple[str, str, str, str]:
        symbol, heading, border, background = _LOOKS[(self.answered, self.ok and self.answered)]
        return symbol, _(heading), border, background

    def __str__(self) -> str:
        symbol, heading, _border, _background = self._look()
        verdict = f"{symbol} {heading} — {self.message}"
        return f"{self.title}\n{verdict}" if self.title else verdict

    def _repr_html_(self) -> str:
        symbol, heading, border, background = self._look()
        title = f"<div style='font-weight:bold'>{escape(self.title)}</div>" if self.title else ""
        return (
            f"<div role='status' style='border-left:6px solid {border};background:{background};"
            f"color:{palette.INK};padding:8px 12px;margin:4px 0;font-family:sans-serif;"
            f"white-space:pre-line'>{title}<strong><span style='color:{border}'>{symbol}</span> "
            f"{heading}</strong> — {escape(self.message)}</div>"
        )
