"""The offline RICE-scored, budget-cut, phased MVP proposal, every number with its provenance."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pmtui.models import (
    ComparableProduct,
    CutFeature,
    DiscoverySummary,
    Feature,
    ImplementationPhase,
    Provenance,
    ScopingOutput,
)
from pmtui.product.brains.offline.scoping.derive import derive
from pmtui.product.brains.offline.scoping.naming import n_weeks
from pmtui.product.brains.offline.scoping.narrative import core_flow, key_screens, scope_rationale
from pmtui.product.brains.offline.scoping.rules import (
    AUTH,
    CORE_LOOP,
    COSMETIC,
    DEFAULT_REACH,
    EFFORT_RULES,
    MAX_FEATURES,
    MIN_FEATURES,
    NICE_TO_HAVES,
    NiceToHave,
    rx,
)
from pmtui.product.brains.offline.scoping.said_count import SaidCount, count_said
from pmtui.product.brains.offline.scoping.terms import metric_phrase, persona, short_name, stems
from pmtui.product.rice import (
    NICE_TO_HAVE_MARK,
    WAITS_MARK,
    effort_budget_weeks,
    rescore,
    team_size,
    timeframe_weeks,
)
from pmtui.product.search import stem, terms
from pmtui.product.units import amount


@dataclass
class Candidate:
    name: str
    description: str
    origin: str
    nice: NiceToHave | None = None
    role: str = "default"
    quote: str = ""


SLACK_MIN_ROWS = 4



# "List of what expires in the next 90 days", "bookings up to 30 days ahead", "visits older than 6 months": a span of
# time the feature works over is what it does, not how long it takes to build.
_WISH_WINDOW = re.compile(
    r"\b(?:(?:in|over|for|within|during|from)\s+)?(?:the\s+)?(?:next|last|past|coming|previous|upcoming|following)\s+"
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|few|couple of)?\s*(?:days?|weeks?|months?|years?)\b|"
    r"\bup to\s+(?:\d+|a|one|two|three|four|six|twelve)\s*(?:days?|weeks?|months?)\b|"
    r"\b(?:older|newer|younger|more|less|fewer|longer|shorter|sooner|later)\s+than\s+(?:\d+|a|one|two|three|six|twelve)\s*"
    r"(?:days?|weeks?|months?|years?)\b",
    re.IGNORECASE,
)

def nice_to_have(text: str, summary: DiscoverySummary) -> NiceToHave | None:
    if WAITS_MARK in text:
        # The founder said it can wait: their reason, before any kind of feature the PM would doubt.
        return NiceToHave(CAN_WAIT, rx(re.escape(WAITS_MARK)), 0.5, _effort(text.replace(WAITS_MARK, ""))[0])
    problem = stems(summary.core_problem)
    for nice in NICE_TO_HAVES:
        plain = text.replace(NICE_TO_HAVE_MARK, "")
        match = nice.pattern.search(plain)
        # Kept when the core problem is about the very thing ("no analytics on which products sell"), or about
        # what the chart shows: "progress chart per topic" when "progress is invisible" is the problem.
        what = {w for w in stems(nice.pattern.sub(" ", plain)) if len(w) >= 5}
        if match and stem(match.group(0).lower()) not in problem and not what & problem:
            return nice
    if NICE_TO_HAVE_MARK in text:
        effort, _why = _effort(text.replace(NICE_TO_HAVE_MARK, ""))
        return NiceToHave("nice-to-have in your words", rx(re.escape(NICE_TO_HAVE_MARK)), 0.5, effort)
    return None


# "Reminder to pay the balance a week before", "Ledger showing who paid who not paid": a message about payments, or a
# record of them, takes no payment itself.
_NOTICE_HEAD = re.compile(r"^\s*(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:reminders?|alerts?|notifications?|nudges?|e-?mails?|"
                          r"sms|texts?|messages?|ledgers?|lists?|registers?|records?|logs?|reports?|views?|dashboards?|"
                          r"summar(?:y|ies)|histor(?:y|ies)|status|overview)\b(?!\s+(?:and|with)\s+(?:pay|checkout))",
                          re.IGNORECASE)


# "Mark deposit paid", "record who has paid", "tick off the fees", "see who owes": keeping a note of money paid some
# other way (cash, a bank transfer) is a field and a list, not taking a payment.
_BOOKKEEPING = re.compile(r"^\s*(?:mark|tick(?:\s+off)?|record|log|note|track|see|check|show|list|keep track of)\s+"
                          r"(?:(?:[\w'-]+\s+){0,3}?(?:as\s+)?(?:paid|unpaid|owed|settled)\b|who\s+(?:has\s+|have\s+)?"
                          r"(?:paid|owes?)\b|(?:the\s+|a\s+|their\s+)?(?:deposits?|fees?|dues)(?:\s+(?:paid|status))?\s*$)"
                          r"(?![^.;]*\b(?:online|card|stripe|checkout|paypal|in[- ]app|through the app)\b)", re.IGNORECASE)


def _effort(text: str) -> tuple[float, str]:
    notice = bool(_NOTICE_HEAD.match(text) or _BOOKKEEPING.match(text))
    matched = [(weeks, label) for pattern, weeks, label in EFFORT_RULES
               if pattern.search(text) and not (notice and label == "payments")]
    if not matched:
        return 1.0, "a simple create/read/update screen: 1 person-week"
    matched.sort(key=lambda item: -item[0])
    effort = matched[0][0] + 0.5 * (len(matched) - 1)
    labels = ", ".join(label for _w, label in matched)
    return min(6.0, effort), f"complexity from its words ({labels}): {amount(min(6.0, effort), 'person-week')}"


_NAME_FILLER = frozenset({"the", "and", "for", "with", "from", "your", "their", "our", "its", "all", "each", "per"})


def _overlap(text: str, problem_stems: set[str]) -> int:
    return len(stems(text) & problem_stems)


def _candidates(summary: DiscoverySummary) -> list[Candidate]:
    """The wishlist in the founder's words, then what their problem, workaround, constraints and revenue
    model imply (each quoting its source)."""
    candidates: list[Candidate] = []
    seen: list[set[str]] = []

    def key_of(name: str) -> set[str]:
        # Every word of the name counts: "Time tracking" is not "Expense tracking" ("time" is no stopword here).
        # "Referee assignments" is the wish "Assign referees to fixtures": the -ment noun is its verb.
        return {re.sub(r"(?<=\w{4})ment$", "", stem(w)) for w in re.findall(r"[a-z][a-z0-9'-]*", name.lower())
                if len(w) >= 3} - _NAME_FILLER

    def fresh(name: str) -> bool:
        key = key_of(name)
        if not key or any(key <= other or other <= key for other in seen if other):
            return False
        seen.append(key)
        return True

    for item in summary.feature_wishlist:
        if not item.strip():
            continue
        name = short_name(item)
        key = key_of(name)
        broader = next((i for i, other in enumerate(seen) if other and other < key), None)
        if broader is not None and candidates[broader].origin == "wishlist":
            # "Walk booking" says more than the pitch's "Walks": the more specific wording takes the row.
            seen[broader] = key
            candidates[broader] = Candidate(
                name, item.strip(), "wishlist", nice_to_have(item, summary), quote=item.strip()
            )
            continue
        if fresh(name):
            candidates.append(
                Candidate(name, item.strip(), "wishlist", nice_to_have(item, summary), quote=item.strip())
            )
    paid_wish = any(c.origin == "wishlist" and _PAYMENT_ROW.search(c.name) for c in candidates)
    for found in derive(summary):
        if paid_wish and _PAYMENT_ROW.search(found.name):
            # "Paying online would be nice later" is the founder's own word on paying in the app: no derived
            # "In-app payment per walk" beside it (it went into Phase 1 while the wish was a non-goal).
            continue
        if fresh(found.name):
            candidates.append(Candidate(found.name, found.description, found.origin, None, quote=found.quote))
    return candidates


_PAYMENT_ROW = re.compile(r"\b(?:pay|pays|paying|paid|payments?|checkout|card payments?|deposits?)\b", re.IGNORECASE)


def _pick_core(candidates: list[Candidate], summary: DiscoverySummary) -> Candidate:
    problem_stems = stems(summary.core_problem)
    usable = [c for c in candidates if c.nice is None]
    # What the founder asked for comes first; a row derived from their problem is the core only when
    # nothing on the wishlist touches the problem.
    for pool in ([c for c in usable if c.origin == "wishlist"], usable):
        if not pool:
            continue
        best = max(pool, key=lambda c: (_overlap(c.description, problem_stems), -pool.index(c)))
        if _overlap(best.description, problem_stems) > 0:
            best.role = "core"
            return best
    problem_terms = terms(summary.core_problem)
    if usable:
        # Nothing on the wishlist names the problem's words: the first thing the user asked for is the core.
        usable[0].role = "core"
        return usable[0]
    hedged = [c for c in candidates if c.origin == "wishlist" and c.nice is not None and c.nice.kind != CAN_WAIT]
    if hedged:
        # "maybe a list of what's ready?" was the founder's only wish: said unsure (or of a kind the PM doubts), it is
        # still what the product does, never a row named from the problem's first words ("Drive farms knowing"). One
        # the founder said can wait stays where they put it.
        best = max(hedged, key=lambda c: (_overlap(c.description, problem_stems), -hedged.index(c)))
        best.nice, best.role = None, "core"
        return best
    if problem_terms:
        name = " ".join(problem_terms[:3])
        core = Candidate(
            name[:1].upper() + name[1:],
            f"Solve the core problem: {summary.core_problem.strip()}",
            "problem",
            None,
            "core",
        )
    elif usable:
        usable[0].role = "core"
        return usable[0]
    else:
        core = Candidate(
            "Core flow", "The one flow that solves the problem discovery described", "problem", None, "core"
        )
    candidates.insert(0, core)
    return core


def _templates(summary: DiscoverySummary, candidates: list[Candidate]) -> list[Candidate]:
    """Rows most MVPs need that the founder did not mention; used only to fill a thin scope, and labelled."""
    said = " ".join(c.description for c in candidates)
    people = persona(summary)
    rows = []
    if not AUTH.search(said):
        rows.append(Candidate(
            "Sign-up and profile",
            f"{people.capitalize()} create an account so their data is theirs (template: most apps need one; "
            "you did not ask for it)",
            "template",
        ))
    if summary.success_metric.strip():
        rows.append(Candidate(
            "Success metric tracking",
            f"Instrument the success metric from day one: {metric_phrase(summary)} (template: every MVP "
            "measures its goal)",
            "template",
        ))
    rows.append(Candidate(
        "Onboarding",
        f"A first-run walkthrough that gets new {people} to the core flow (template: not from your words)",
        "template",
    ))
    rows.append(Candidate("Settings", "Preferences and account settings (template: not from your words)", "template"))
    return rows


def score_candidate(
    candidate: Candidate, summary: DiscoverySummary, count: tuple[float, str] | SaidCount | None, core: Candidate
) -> Feature:
    people = persona(summary)
    text = candidate.description
    problem_stems = stems(summary.core_problem)
    provenance: dict[str, Provenance] = {}
    if candidate.role == "core":
        impact, why = (
            3.0,
            "core flow feature: impact 3 (massive) because it is the problem the user described",
        )
    elif candidate.nice is not None:
        impact = candidate.nice.impact
        why = f"nice-to-have ({candidate.nice.kind}): impact {impact:g}; it does not solve the core problem"
    elif candidate.role == "support" or (
        candidate.origin == "wishlist" and (_overlap(text, problem_stems) or CORE_LOOP.search(text))
    ):
        candidate.role = "support"
        impact, why = 2.0, f"supports the core flow ({core.name}): impact 2 (high)"
    else:
        impact, why = 1.0, "useful but outside the core flow: impact 1 (medium)"
    provenance["impact"] = Provenance(source="estimated", reason=why)

    breadth = {"core": 1.0, "support": 1.0}.get(candidate.role, 0.6)
    if candidate.nice is not None:
        breadth = 0.2 if candidate.nice.kind in COSMETIC else 0.3
    if count is not None:
        reach = round(count[0] * breadth)
        # "you said “38 children” in your first message": a count said outside the users' answer says where.
        where = f" {count.where}" if isinstance(count, SaidCount) and count.where else ""
        if breadth == 1.0:
            provenance["reach"] = Provenance(
                source="stated", reason=f"you said “{count[1]}”{where}; every one of them goes through the core flow"
            )
        else:
            provenance["reach"] = Provenance(
                source="estimated", reason=f"{breadth:.0%} of the {_bare_count(count[1])} you stated{where} would use it"
            )
    else:
        reach = round(DEFAULT_REACH * breadth)
        provenance["reach"] = Provenance(
            source="estimated",
            reason=f"no user count given: assumed {DEFAULT_REACH:,.0f} {people} a quarter × {breadth:.0%} "
            + ("(core flow = all users)" if breadth == 1.0 else "(not everyone needs it)"),
        )

    concrete = candidate.origin == "wishlist" and (len(terms(text)) >= 2 or _overlap(text, problem_stems) > 0)
    if candidate.origin == "problem":
        confidence, why = 0.8, "you described this problem concretely: confidence 80%"
    elif candidate.origin == "request":
        confidence, why = 0.5, "you asked for it in argue-back; 50% until there is evidence that users need it"
    elif candidate.origin in ("workaround", "constraint", "revenue"):
        confidence, why = 0.8, f"it follows from your {ORIGIN_WORDS[candidate.origin]}: confidence 80%"
    elif candidate.origin == "template":
        confidence, why = 0.5, "a template row, not from your words: confidence 50%"
    elif concrete:
        confidence, why = 0.8, "on your wishlist and described concretely: confidence 80%"
    elif candidate.origin == "wishlist":
        confidence, why = 0.5, "on your wishlist but only named, not described: confidence 50%"
    else:
        confidence, why = 0.5, "not on your wishlist, my guess that the core flow needs it: confidence 50%"
    provenance["confidence"] = Provenance(source="estimated", reason=why)

    stated_effort = timeframe_weeks(_WISH_WINDOW.sub(" ", text))
    if stated_effort is not None and candidate.origin == "wishlist":
        effort, why, source = stated_effort, f"you said it takes “{text}”", "stated"
    elif candidate.nice is not None:
        effort = candidate.nice.effort
        why, source = f"{candidate.nice.kind}: typically {amount(effort, 'person-week')}", "estimated"
    elif candidate.name == "Success metric tracking":
        effort, why, source = 0.5, "a few analytics events: half a person-week", "estimated"
    else:
        effort, why = _effort(text + " " + candidate.name)
        source = "estimated"
        if candidate.role == "core":
            effort = max(effort, 1.5)
            why += "; the core flow gets at least 1.5 person-weeks to be done properly"
    provenance["effort"] = Provenance(source=source, reason=why)  # type: ignore[arg-type]
    provenance["origin"] = origin_provenance(candidate)
    return Feature(
        name=candidate.name,
        description=text,
        rice_reach=float(reach),
        rice_impact=impact,
        rice_confidence=confidence,
        rice_effort=float(effort),
        provenance=provenance,
    )


ORIGIN_WORDS: dict[str, str] = {
    "wishlist": "wishlist",
    "problem": "problem",
    "workaround": "description of today's workaround",
    "constraint": "constraints",
    "revenue": "revenue model",
    "request": "argue-back request",
}


def origin_provenance(candidate: Candidate) -> Provenance:
    """Where a row came from: the founder's words (quoted) or a template (said so)."""
    if candidate.origin == "template":
        return Provenance(source="estimated", reason=f"template: {candidate.name} is not from your words; it fills a gap")
    if candidate.origin == "problem" and not candidate.quote:
        return Provenance(source="stated", reason="your core problem")
    quote = candidate.quote or candidate.description
    return Provenance(source="stated", reason=f"your {ORIGIN_WORDS.get(candidate.origin, 'words')}: “{quote}”")


CAN_WAIT = "you said it can wait"
_FOR_THE_FOUNDER = re.compile(r"\bfor (?:me|us|myself|ourselves|my own use|the owner|the boss|admin)\b", re.IGNORECASE)


def _cut_reason(feature: Feature, nice: NiceToHave, summary: DiscoverySummary, core: str) -> str:
    if nice.kind == CAN_WAIT:
        return (f"{feature.name}: you said in the interview it can wait; adds {n_weeks(feature.rice_effort)} (score "
                f"{feature.compute_score():g}). First in line once the MVP shows it works.")
    if _FOR_THE_FOUNDER.search(f"{feature.name} {feature.description}"):
        # "monthly rent report for me": the founder's own wish; the users' need is not the question.
        return (f"{feature.name}: it is for you, not for your {persona(summary)} on the way to {core.lower()}; adds "
                f"{n_weeks(feature.rice_effort)} ({nice.kind}: impact {feature.rice_impact:g}, score "
                f"{feature.compute_score():g}). Revisit once the MVP shows it works.")
    return (
        f"{feature.name}: no evidence your {persona(summary)} need it for {core.lower()}; adds "
        f"{n_weeks(feature.rice_effort)} ({nice.kind}: impact {feature.rice_impact:g}, score "
        f"{feature.compute_score():g}). Revisit once the MVP shows it works."
    )


def propose(summary: DiscoverySummary, comparables: list[ComparableProduct], said: Sequence[str] = ()) -> ScopingOutput:
    """A RICE-scored, budget-cut, phased MVP from the discovery summary (5–10 features, one core flow); `said` is what
    the founder wrote in discovery, first to last, for a count of the users said outside their answer."""
    candidates = _candidates(summary)
    core = _pick_core(candidates, summary)
    count = count_said(summary, said)
    budget = effort_budget_weeks(summary)
    team = team_size(summary)
    kept = [c for c in candidates if c.nice is None]
    # Templates fill a thin scope, never outnumber the founder's own rows.
    room = min(MIN_FEATURES - len(kept), max(1, len(kept)))
    for template in _templates(summary, candidates)[: max(0, room)]:
        if len(kept) >= MIN_FEATURES:
            break
        if all(stems(template.name) != stems(c.name) for c in kept):
            kept.append(template)
    kept = [core] + [c for c in kept if c is not core]
    nice = [c for c in candidates if c.nice is not None]
    limit = MAX_FEATURES - min(len(nice), 3)
    # An over-scoper's list longer than a first version can carry: the lowest-scoring rows are cut, with the
    # reason, never dropped without a word ("time tracking" vanished from a twelve-item wishlist).
    scored = [(score_candidate(c, summary, count, core), c) for c in kept]
    ranked = scored[:1] + sorted(scored[1:], key=lambda pair: -pair[0].compute_score())
    overflow = ranked[limit:]
    kept_pairs = [pair for pair in scored if any(pair is r for r in ranked[:limit])]
    kept = [c for _f, c in kept_pairs]
    features = [f for f, _c in kept_pairs]
    for feature, candidate in zip(features, kept, strict=True):
        if candidate.origin == "template" and candidate is not core:
            # A template row never takes Phase 1 budget from what the founder asked for.
            feature.phase, feature.priority = 2, "P1"
            feature.pinned = ["phase", "priority"]
            why = Provenance(source="estimated", reason="template rows start below the cut line")
            feature.provenance["phase"] = feature.provenance["priority"] = why
    core_feature = features[0]
    if core_feature.rice_effort > budget:
        core_feature.rice_effort = budget
        core_feature.provenance["effort"] = Provenance(
            source="estimated",
            reason=f"capped to your {budget:g} person-week budget: Phase 1 builds the simplest version",
        )
    cuts = [
        CutFeature(
            name=feature.name,
            description=feature.description,
            reason=f"{feature.name}: you asked for it, but a first version carries at most {limit} rows and it "
            f"scores lowest of them ({feature.compute_score():g}); it waits until Phase 1 ships.",
        )
        for feature, _candidate in overflow
    ]
    for candidate in nice[: max(MAX_FEATURES - len(features), 3)]:
        feature = score_candidate(candidate, summary, count, core)
        assert candidate.nice is not None
        cuts.append(
            CutFeature(
                name=feature.name,
                description=feature.description,
                reason=_cut_reason(feature, candidate.nice, summary, core.name),
            )
        )
    people = persona(summary)
    metric = metric_phrase(summary)
    output = ScopingOutput(
        mvp_features=features,
        cut_features=cuts,
        comparable_products=list(comparables),
        effort_budget_weeks=budget,
        team_size=team,
        implementation_phases=[
            ImplementationPhase(
                phase_number=1,
                name=f"MVP: {core.name}",
                goal=f"The core flow ({core.name.lower()}) works end to end for {people}"
                + (f"; success means: {metric}" if metric else ""),
                estimated_weeks=0,
            ),
            ImplementationPhase(
                phase_number=2,
                name="Complete the loop",
                goal=f"Make the core flow ({core.name.lower()}) dependable and worth coming back to for {people}",
                estimated_weeks=0,
            ),
            ImplementationPhase(
                phase_number=3,
                name="Grow",
                goal="Nice-to-haves and reach, once Phase 1 "
                + (f"is on track for: {metric}" if metric else "shows that it solves the problem"),
                estimated_weeks=0,
            ),
        ],
    )
    output = rescore(output, team)
    if len(output.mvp_features) >= SLACK_MIN_ROWS and not output.cut_features and all(
        f.phase == 1 for f in output.mvp_features
    ):
        # Everything fits the budget: the lowest-scoring row still waits, so Phase 1 keeps slack for what goes
        # wrong and the first version ships sooner (cut aggressively, seed 002).
        spare = min((f for f in output.mvp_features if f.name != core_feature.name and "phase" not in f.pinned),
                    key=lambda f: f.compute_score(), default=None)
        if spare is not None:
            spare.phase, spare.priority = 2, "P1"
            spare.pinned = [*spare.pinned, "phase", "priority"]
            why = Provenance(
                source="estimated",
                reason=f"everything fits your {amount(budget, 'person-week')}, but it scores lowest: it waits for Phase 2 so "
                "Phase 1 keeps slack for what goes wrong",
            )
            spare.provenance["phase"] = spare.provenance["priority"] = why
            output = rescore(output, team)
    output.core_user_flow = core_flow(output, summary, core_feature.name)
    output.key_screens = key_screens(output, core_feature.name)
    output.scope_rationale = scope_rationale(output, summary)
    return output


def _bare_count(said: str) -> str:
    """"about 250 families" as it reads after "of the": "250 families" ("60% of the about 250 families" is no English)."""
    return re.sub(r"^(?:about|around|roughly|some|nearly|almost|over|approx\.?|~)\s+", "", said, flags=re.IGNORECASE)
