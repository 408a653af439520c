"""What a check finds, part by part, and how it is told: in practice mode with every specific
explanation (but never the whole answer), in assessment mode with hints that deepen try by try.

A check returns a :class:`Verdict`: the question's scored :class:`Part` s (one per dict entry,
or one for a whole set or number), each right or not, with the specific explanations
(``why``) of a wrong one and a hint that never gives the answer away.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from sailing_kit.core.i18n import Text, _, n_

K = TypeVar("K")


def joined(separator: str, texts: Iterable[str], end: str = "") -> Text:
    """``texts`` (translated pieces of one explanation) joined, keeping their English too;
    empty pieces are left out."""
    kept = [text for text in texts if text]
    return Text(separator.join(kept) + end,
                separator.join(getattr(text, "english", text) for text in kept) + end)


@dataclass(frozen=True)
class Part:
    """One scored part of an answer."""

    name: str
    ok: bool
    why: tuple[str, ...] = ()
    """What is wrong, specifically (one line each); may name this part's right answer."""
    hint: str = ""
    """A nudge that never names the answer (marked ``N_``, shown translated); the question's
    hint when empty."""


@dataclass(frozen=True)
class Verdict:
    """The parts of an answer and the praise for a right one."""

    parts: tuple[Part, ...]
    praise: str = ""

    @property
    def ok(self) -> bool:
        return all(part.ok for part in self.parts)

    @property
    def right(self) -> int:
        return sum(part.ok for part in self.parts)

    @property
    def share(self) -> float:
        """The share of the parts that are right, 0 to 1 (the partial credit)."""
        return self.right / len(self.parts)


def right(praise: str) -> Verdict:
    """A right one-part answer."""
    return Verdict((Part("", True),), praise)


def wrong(why: str | Sequence[str] = (), hint: str = "") -> Verdict:
    """A wrong one-part answer, with what is wrong (never the answer itself)."""
    whys = (why,) if isinstance(why, str) else tuple(why)
    return Verdict((Part("", False, tuple(w for w in whys if w), hint),))


def whole(mistakes: Sequence[str], praise: str, hint: str = "") -> Verdict:
    """A one-part answer (a set, a list of moves) that is right when nothing is wrong."""
    return right(praise) if not mistakes else wrong(mistakes, hint)


def by_part(names: Iterable[K], mistakes: Mapping[K, str | Sequence[str]], praise: str,
            hints: Mapping[K, str] | None = None) -> Verdict:
    """An answer of several parts (a dict's entries): each named part is right unless
    ``mistakes`` explains what is wrong with it."""
    parts = []
    for name in names:
        why = mistakes.get(name)
        whys = () if why is None else (why,) if isinstance(why, str) else tuple(why)
        parts.append(Part(str(name), why is None, whys, (hints or {}).get(name, "")))
    return Verdict(tuple(parts), praise)


@dataclass(frozen=True)
class Marked:
    """An answer read and checked: a verdict, or why there is none (blank, unreadable)."""

    answered: bool
    verdict: Verdict | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict is not None and self.verdict.ok

    @property
    def share(self) -> float:
        return self.verdict.share if self.verdict is not None else 0.0

    @property
    def is_try(self) -> bool:
        """A readable answer counts as a try; a blank or unreadable one does not."""
        return self.verdict is not None


PRACTICE_LINES = 3
"""The most specific explanations a practice check shows at once."""


def practice_text(marked: Marked, hint: str) -> str:
    """Practice mode: the specific explanations of what is wrong, a few at a time, and never
    all parts of a question at once. ``hint`` is the question's (``N_``) hint, shown in the
    language spoken now."""
    verdict, hint = marked.verdict, _(hint) if hint else hint
    if verdict is None:
        return marked.problem
    if verdict.ok:
        return verdict.praise
    return "\n".join(_explanations(verdict, hint, PRACTICE_LINES))


def assessment_text(marked: Marked, hint: str, try_number: int) -> str:
    """Assessment mode: right, or not yet with hints that deepen try by try: the count of right
    parts first, then which parts and a hint, then one specific explanation a try."""
    verdict, hint = marked.verdict, _(hint) if hint else hint
    if verdict is None:
        return marked.problem
    if verdict.ok:
        return _("right on try {number}. {praise}", number=try_number, praise=verdict.praise)
    several = len(verdict.parts) > 1
    lines: list[str] = [
        n_("{right} of {count} part is right.", "{right} of {count} parts are right.",
           len(verdict.parts), right=verdict.right) if several else _("that is not it yet.")]
    if try_number == 1:
        lines.append(_("Look at it again and try once more: each new try brings a hint."))
        return "\n".join(lines)
    if several:
        lines.append(_("Not right yet: {parts}.",
                       parts=", ".join(p.name for p in verdict.parts if not p.ok)))
    first = next(p for p in verdict.parts if not p.ok)
    if first.hint or hint:
        lines.append(_("Hint: {hint}", hint=_(first.hint) if first.hint else hint))
    if try_number >= 3:
        lines.extend(_explanations(verdict, hint, 1))
    return "\n".join(line for line in lines if line.strip())


def _explanations(verdict: Verdict, hint: str, limit: int) -> list[str]:
    wrong_parts = [p for p in verdict.parts if not p.ok]
    lines = [line for p in wrong_parts for line in (p.why or (_(p.hint) if p.hint else hint,))]
    if len(verdict.parts) > 1 and len(wrong_parts) == len(verdict.parts):
        limit = min(limit, len(verdict.parts) - 1)  # never every part's answer at once
    shown = lines[:limit]
    if len(lines) > limit:
        more = len(lines) - limit
        shown.append(n_("… and {count} more thing to fix: start with these, then check again.",
                        "… and {count} more things to fix: start with these, then check again.",
                        more) if limit > 1 else
                     n_("… and {count} more thing to fix: start with this one, then check again.",
                        "… and {count} more things to fix: start with this one, then check "
                        "again.", more))
    return shown
