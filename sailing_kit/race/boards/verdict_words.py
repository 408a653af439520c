"""The trainer's answers as HTML: the protest committee's findings under both rulebooks side by
side (with a banner where they decide differently), and the quiz's summary."""

from __future__ import annotations

from html import escape

from sailing_kit.core.i18n import _
from sailing_kit.race.committee import Answer, answers
from sailing_kit.race.encounter import Encounter
from sailing_kit.race.quiz import Summary
from sailing_kit.race.verdicts import verdicts


def committee_html(situation: Encounter) -> str:
    """Both protest committees' answers on ``situation``."""
    found = verdicts(situation)
    game, rrs = answers(found)
    differ = _("Race the Wind and the Racing Rules of Sailing decide differently here.")
    banner = ("<div class='sk-differ' style='border-left:6px solid #E69F00;padding:4px 8px;"
              f"margin:4px 0'><b>{escape(differ)}</b></div>") if found.differ else ""
    note = f"<p><i>{escape(_(situation.note))}</i></p>" if situation.note else ""
    follows = _("Follows {cases}.", cases=", ".join(situation.cases))
    cases = f"<p>{escape(follows)}</p>" if situation.cases else ""
    return (f"{banner}<div style='display:flex;gap:12px;flex-wrap:wrap'>{_answer(game)}"
            f"{_answer(rrs)}</div>{note}{cases}")


def _answer(answer: Answer) -> str:
    facts_found, rules_apply, decision = _("Facts found"), _("Rules that apply"), _("Decision:")
    facts = "".join(f"<li>{escape(fact)}</li>" for fact in answer.facts)
    rules = "".join(f"<li>{escape(rule)}</li>" for rule in answer.apply)
    return (f"<div class='sk-committee' style='flex:1 1 300px;min-width:260px'>"
            f"<h4 style='margin:6px 0'>{escape(answer.rules.label.capitalize())}</h4>"
            f"<b>{escape(facts_found)}</b>"
            f"<ol style='margin:2px 0 4px 1.2em;padding:0'>{facts}</ol>"
            f"<b>{escape(rules_apply)}</b>"
            f"<ul style='margin:2px 0 4px 1.2em;padding:0'>{rules}</ul>"
            f"<b>{escape(decision)}</b> {escape(answer.decision)}</div>")


def summary_html(summary: Summary) -> str:
    learn, missed_words, none_missed = _("learn from"), _("Rules missed:"), _("No rule missed.")
    missed = "".join(
        f"<li>{escape(m.name)}" + (
            f" — {escape(learn)} <i>{escape(_(m.situation.title))}</i>"
            if m.situation else "") + "</li>"
        for m in summary.missed)
    score = _("Right at the first try: {right} of {asked} answers, {why_right} of {why_asked} "
              "reasons.", right=summary.right, asked=summary.asked, why_right=summary.why_right,
              why_asked=summary.why_asked)
    return (f"<div class='sk-summary'><b>{escape(score)}</b>" +
            (f"<p>{escape(missed_words)}</p><ul>{missed}</ul>" if missed else
             f"<p>{escape(none_missed)}</p>") + "</div>")
