"""Offline spec writer: one pass from the structured discovery and scoping data to a phased Markdown spec.

Nothing is invented: an aspect discovery did not learn becomes an open question, never filler.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pmtui.models import ASPECT_LABELS, ConversationState, DiscoverySummary, Feature, ScopingOutput
from pmtui.product.brains.offline.asked_back import founder_questions
from pmtui.product.brains.offline.scoping import EFFORT_RULES, metric_phrase, persona
from pmtui.product.completeness import has_real_content
from pmtui.product.rice import phase_effort, team_size
from pmtui.product.units import amount

_VAGUE = re.compile(
    r"\b(maybe|probably|not sure|unsure|i think|i guess|some|somehow|various|etc|stuff|things|everyone|"
    r"anyone|everybody|anybody|all kinds|lots of|many|soon|someday|tbd|unknown)\b",
    re.IGNORECASE,
)
_QUESTIONS: dict[str, str] = {
    "target_user": "Who exactly is the first user — role, context, and how many of them can we reach?",
    "core_problem": "What is the one problem the product must solve, in the user's own words?",
    "current_alternatives": "What do users do today instead (tools, spreadsheets, workarounds), and what does it "
    "cost them?",
    "why_now": "Why is now the right time — what changed for these users or in the market?",
    "feature_wishlist": "Which capabilities do users expect on day one beyond the core flow?",
    "success_metric": "Which single number will tell us the MVP works, and what target by when?",
    "revenue_model": "Who pays, how much, and when does payment start?",
    "constraints": "What are the timeline, team, budget, platform and compliance constraints?",
}
_TECH: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|profiles?|roles?|permissions?)\b", re.IGNORECASE
        ),
        (
            "**Authentication** — accounts and sessions; use a proven provider or library rather than hand-rolled "
            "password handling; decide roles (e.g. user vs manager) before building screens."
        ),
    ),
    (
        re.compile(
            r"\b(payments?|billing|subscriptions?|checkout|stripe|pay|paid|invoic\w*|seat)\b", re.IGNORECASE
        ),
        (
            "**Payments** — use a payment processor (never store card data); handle failed payments, refunds and "
            "receipts; taxes depend on where customers are."
        ),
    ),
    (
        re.compile(r"\b(sync\w*|offline|real[- ]?time|live|chat|messag\w*|collaborat\w*)\b", re.IGNORECASE),
        (
            "**Offline and sync** — decide which device or server wins on conflicts; real-time updates need a "
            "push channel (websockets or a hosted service)."
        ),
    ),
    (
        re.compile(r"\b(notif\w*|remind\w*|alerts?|push|e-?mails?|sms)\b", re.IGNORECASE),
        (
            "**Notifications** — push needs platform keys and user consent; email/SMS need a sending provider and "
            "unsubscribe handling; rate-limit to avoid spamming."
        ),
    ),
    (
        re.compile(
            r"\b(health\w*|patients?|nurses?|medical|clinic\w*|hospital|hipaa|therap\w*|children|kids|"
            r"minors|gdpr|personal data|privacy)\b",
            re.IGNORECASE,
        ),
        (
            "**Data privacy** — personal (possibly health or minors') data: collect the minimum, encrypt at rest and "
            "in transit, define retention, and check the regulations that apply (GDPR, HIPAA or local equivalents)."
        ),
    ),
    (
        re.compile(r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|gpt|llm|predict\w*)\b", re.IGNORECASE),
        (
            "**AI features** — model cost and latency per request, evaluation data, and a fallback when the model "
            "is wrong or unavailable."
        ),
    ),
    (
        re.compile(
            r"\b(integrat\w*|api|import\w*|export\w*|google|slack|outlook|calendar|csv|spreadsheets?)\b",
            re.IGNORECASE,
        ),
        (
            "**Integrations** — third-party APIs bring auth tokens, rate limits and breaking changes; start with "
            "one import/export path."
        ),
    ),
    (
        re.compile(r"\b(maps?|location|gps|geo\w*|nearby)\b", re.IGNORECASE),
        "**Location** — location permission prompts, battery use and a maps provider's pricing.",
    ),
    (
        re.compile(r"\b(photos?|video|audio|upload\w*|images?|files?|camera)\b", re.IGNORECASE),
        "**Media storage** — object storage, upload size limits and thumbnails.",
    ),
)
_PLATFORM = re.compile(
    r"\b(ios|iphone|android|mobile|web ?app|web|web ?site|desktop|mac|windows|linux|terminal|cli|browser|pwa|slack|"
    r"whatsapp|offline|smartphone|tablet|laptop)\b",
    re.IGNORECASE,
)

# The founder's own lead-in to today's way, which the spec's label already says.
_TODAY_LEAD = re.compile(r"^(?:today|right now|currently|at the moment|for now|now),?\s+(?:they|we|I|people|everyone|staff)\s+"
                         r"(?:use|uses|are using|rely on|just use)\s+", re.IGNORECASE)


def _is_vague(value: str) -> bool:
    return len(value.split()) < 4 or _VAGUE.search(value) is not None


def open_questions(summary: DiscoverySummary, output: ScopingOutput | None, asked: Sequence[str] = ()) -> list[str]:
    """Every empty or vague aspect, what scoping could not settle, and what the founder asked that discovery could
    not answer, as a question to answer."""
    questions: list[str] = [f"You asked: “{question}” — not settled in discovery." for question in asked]
    for aspect, question in _QUESTIONS.items():
        value = summary.value_text(aspect)
        label = ASPECT_LABELS[aspect]
        if not has_real_content(getattr(summary, aspect)):
            questions.append(f"{label} (not covered in discovery): {question}")
        elif aspect != "feature_wishlist" and _is_vague(value):
            questions.append(f"{label} is still vague (“{value.strip()}”): {question}")
    if output is not None:
        if not output.comparable_products:
            questions.append(
                "No comparable product matched the idea: is there really no one solving this today, "
                "or are we describing it in unusual words?"
            )
        guessed = [f.name for f in output.mvp_features if f.phase == 1 and f.rice_confidence <= 0.5]
        if guessed:
            questions.append(
                f"Phase 1 features with low confidence (50% or less) need validation with users: "
                f"{', '.join(guessed)}."
            )
        if not any(
            p.source == "stated" for f in output.mvp_features for p in [f.provenance.get("reach")] if p
        ):
            questions.append(
                "Reach is estimated, not stated: how many target users can we actually reach in the "
                "first quarter?"
            )
    if not _PLATFORM.search(" ".join([summary.constraints, *summary.feature_wishlist, *asked])):
        questions.append("Platform: web, iOS, Android or several? Discovery did not say.")
    return questions


def risks(state: ConversationState) -> list[str]:
    """Risks from the negotiation records and the scope's own numbers."""
    output = state.scoping_output
    found: list[str] = []
    if output is None:
        return found
    for record in output.decisions:
        if record.risk:
            found.append(f"Round {record.round}: {record.risk}.")
    used = phase_effort(output, 1)
    if used > output.effort_budget_weeks:
        found.append(
            f"Phase 1 is {amount(used, 'person-week')} against a {output.effort_budget_weeks:g} person-week budget."
        )
    pinned = [f.name for f in output.mvp_features if f.pinned]
    if pinned:
        found.append(
            f"Values set by hand override the heuristics for: {', '.join(pinned)}; re-check them after "
            "the first user tests."
        )
    return found


def technical_considerations(summary: DiscoverySummary, output: ScopingOutput | None,
                             asked: Sequence[str] = ()) -> list[str]:
    """Considerations implied by the constraints and the features' words; none invented beyond them."""
    text = " ".join(
        [
            summary.constraints,
            summary.revenue_model,
            summary.target_user,
            summary.core_problem,
            " ".join(summary.feature_wishlist),
        ]
        + ([f"{f.name} {f.description}" for f in output.mvp_features] if output else [])
    )
    notes = [note for pattern, note in _TECH if pattern.search(text)]
    platforms = sorted({m.group(1).lower() for m in _PLATFORM.finditer(" ".join([summary.constraints, text, *asked]))})
    if platforms:
        notes.append(f"**Platform** — mentioned: {', '.join(platforms)}.")
    else:
        notes.append(
            "**Platform** — not decided (see open questions); a responsive web app is the cheapest way "
            "to reach both desktop and phones for Phase 1."
        )
    if has_real_content(summary.constraints):
        notes.append(f"**Constraints from discovery** — {summary.constraints.strip()}.")
    team = team_size(summary)
    if team:
        notes.append(
            f"**Team** — {team} {'person' if team == 1 else 'people'}; estimates above are person-weeks."
        )
    return notes


def _feature_line(feature: Feature) -> str:
    return (
        f"- **{feature.name}** ({feature.priority}, RICE {feature.rice_score:g}) — "
        f"{feature.description or 'no description given'}"
    )


def _effort_drivers(feature: Feature) -> str:
    labels = [
        label
        for pattern, _w, label in EFFORT_RULES
        if pattern.search(f"{feature.name} {feature.description}")
    ]
    return ", ".join(labels)


_FIRST_PERSON = re.compile(r"\b(?:I|I'm|Im|I've|I'd|me|my|we|we're|our)\b", re.IGNORECASE)


def _sentence(text: str) -> str:
    """A founder's words as the spec's prose: stripped, and starting with a capital ("we run 12 matatus…" is a
    sentence of the spec, not a chat line). Only the first letter changes: names and figures stay as typed."""
    text = text.strip()
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def write_spec(state: ConversationState) -> str:
    """The phased product spec, in Markdown, from state.discovery_summary and state.scoping_output."""
    summary = state.discovery_summary
    output = state.scoping_output
    people = persona(summary)
    project = state.project.strip() or "Untitled product"
    lines: list[str] = [f"# {project} — Product Spec", ""]

    lines += ["## Problem statement", ""]
    if has_real_content(summary.core_problem):
        lines.append(_sentence(summary.core_problem))
    else:
        lines.append("Discovery did not pin down the core problem; see open questions.")
    alternatives = summary.current_alternatives.strip()
    if has_real_content(alternatives) and alternatives != summary.core_problem.strip():
        # "Today they use paper notes…" under the label "Today they use:" says it twice.
        told = _TODAY_LEAD.sub("", alternatives, count=1).strip() or alternatives
        lines += ["", f"**Today they use:** {_sentence(told)}"]
    if has_real_content(summary.why_now):
        lines += ["", f"**Why now:** {_sentence(summary.why_now)}"]
    lines.append("")

    lines += ["## Target user persona", ""]
    if has_real_content(summary.target_user):
        lines.append(f"- **Who:** {summary.target_user.strip()}")
    else:
        lines.append("- **Who:** not established in discovery (see open questions).")
    problem = _sentence(summary.core_problem) if has_real_content(summary.core_problem) else "see open questions"
    # "I can't answer everyone while im loading vans" is the founder's own problem: under "Their problem" it read as
    # the users' (the tool-hire walk at stop 28). Said in the first person, it is labelled as the founder's words.
    label = "The problem, in the founder's words" if _FIRST_PERSON.search(problem) else "Their problem"
    lines.append(f"- **{label}:** {problem}")
    if has_real_content(summary.success_metric):
        lines.append(f"- **Success looks like:** {metric_phrase(summary)}")
    if has_real_content(summary.revenue_model):
        lines.append(f"- **Revenue model:** {summary.revenue_model.strip()}")
    lines.append("")

    lines += ["## Comparable products", ""]
    if output and output.comparable_products:
        for product in output.comparable_products:
            why = product.relevance or product.category
            where = f" — {product.url}" if product.url else ""
            lines.append(f"- **{product.name}** — {product.description or product.category}{where} — {why}")
    else:
        lines.append("No comparable product was found; checking the market is an open question below.")
    lines.append("")

    lines += ["## Implementation plan by phase", ""]
    if output is None or not output.mvp_features:
        lines += ["The scope has not been agreed yet, so there is no phased plan.", ""]
    else:
        lines.append(f"Effort budget for Phase 1: {amount(output.effort_budget_weeks, 'person-week')}.")
        lines.append("")
        for phase in output.implementation_phases:
            features = [f for f in output.mvp_features if f.phase == phase.phase_number]
            lines += [f"### Phase {phase.phase_number}: {phase.name}", ""]
            lines += [f"**Goal:** {phase.goal}", ""]
            lines.append(
                f"**Estimated weeks:** {phase.estimated_weeks:g} "
                f"({amount(phase_effort(output, phase.phase_number), 'person-week')})"
            )
            lines.append("")
            if features:
                lines += [_feature_line(f) for f in features]
            else:
                lines.append("- No features in this phase yet.")
            lines.append("")
            if phase.phase_number == 1:
                if output.core_user_flow:
                    lines += ["**Core user flow:**", ""]
                    lines += [f"{i}. {step}" for i, step in enumerate(output.core_user_flow, 1)]
                    lines.append("")
                if output.key_screens:
                    lines += ["**Key screens:**", ""]
                    lines += [f"- {screen}" for screen in output.key_screens]
                    lines.append("")

    lines += ["## Cut features and rationale", ""]
    if output and output.scope_rationale:
        lines += [output.scope_rationale, ""]
    if output and output.cut_features:
        for cut in output.cut_features:
            lines.append(f"- **{cut.name}** — {cut.reason}")
        lines.append("")
    elif output:
        lines += ["Nothing was cut outright; lower-scoring features sit in later phases.", ""]
    if output and output.decisions:
        lines += ["### Argue-back decisions", ""]
        for record in output.decisions:
            named = f" ({', '.join(record.features)})" if record.features else ""
            lines.append(
                f"- **Round {record.round}{named}: {record.outcome}.** Ask: “{record.ask.strip()}” — "
                f"Answer: {record.answer.strip()} — Why: {record.reason or record.outcome}."
            )
        lines.append("")

    lines += ["## RICE summary", ""]
    if output and output.mvp_features:
        lines += [
            "| Feature | Priority | Phase | Reach | Impact | Confidence | Effort (pw) | RICE | Source |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for f in output.mvp_features:
            sources = ", ".join(sorted({p.source for p in f.provenance.values()})) or "estimated"
            lines.append(
                f"| {f.name.replace('|', '/')} | {f.priority} | {f.phase} | {f.rice_reach:g} | {f.rice_impact:g} | "
                f"{f.rice_confidence:.0%} | {f.rice_effort:g} | {f.rice_score:g} | {sources} |"
            )
        lines += ["", "RICE = reach × impact × confidence ÷ effort (person-weeks)."]
    else:
        lines.append("No features have been scored yet.")
    lines.append("")

    lines += ["## Open questions and risks", ""]
    asked = founder_questions(state)
    questions = open_questions(summary, output, asked)
    found_risks = risks(state)
    lines += ["### Open questions", ""]
    lines += [f"- {q}" for q in questions] or ["- None left from discovery."]
    lines += ["", "### Risks", ""]
    lines += [f"- {r}" for r in found_risks] or [
        (
            f"- The core assumption — that {people} will change their current habit for this — is untested until "
            "Phase 1 ships."
        )
    ]
    lines.append("")

    lines += ["## Technical considerations", ""]
    lines += [f"- {note}" for note in technical_considerations(summary, output, asked)]
    if output:
        heavy = [
            (f.name, _effort_drivers(f)) for f in output.mvp_features if f.phase == 1 and _effort_drivers(f)
        ]
        if heavy:
            lines.append("- **Phase 1 effort drivers** — " + "; ".join(f"{n}: {d}" for n, d in heavy) + ".")
    lines.append("")
    # Placeholders the user typed are reported as undecided, never echoed as filler.
    return re.sub(r"\b(?:tbd|tba)\b", "not decided yet", "\n".join(lines), flags=re.IGNORECASE)
