"""Offline scoping: a RICE-scored, phased MVP proposal and the argue-back, from the user's own words.

Every number comes from a stated heuristic and says so in its provenance: reach from the user count
discovery heard (or the feature's breadth), impact from how close a feature is to the core problem,
confidence from how concretely the user described it, effort from the complexity its words imply.
Negotiation holds with the numbers, concedes on new evidence or at the last round, and records why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Literal

from pmtui.models import (
    ComparableProduct,
    ConversationState,
    CutFeature,
    DecisionRecord,
    DiscoverySummary,
    Feature,
    ImplementationPhase,
    Provenance,
    ScopingOutput,
)
from pmtui.product.brain import Negotiation, ScopingIntent
from pmtui.product.rice import (
    NICE_TO_HAVE_MARK,
    PHASE1_MAX_CALENDAR_WEEKS,
    effort_budget_weeks,
    feature_name,
    phase_effort,
    rescore,
    team_size,
    timeframe_weeks,
)
from pmtui.product.search import stem, terms

DEFAULT_REACH = 1000.0
MAX_FEATURES = 10
MIN_FEATURES = 5


@dataclass(frozen=True)
class NiceToHave:
    kind: str
    pattern: re.Pattern[str]
    impact: float
    effort: float


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# Nice-to-haves are never P0 unless the core problem itself is about them (or the user wins the argument).
NICE_TO_HAVES: tuple[NiceToHave, ...] = (
    NiceToHave(
        "social feed",
        # "Comments" alone are not social: timestamped comments on a build are a feedback tool's core.
        _rx(r"\b(social|feeds?|friends?|followers?|community|sharing|share|likes|comment threads?)\b"),
        0.5,
        3.0,
    ),
    NiceToHave(
        "gamification", _rx(r"\b(gamif\w*|badges?|points|leaderboards?|achievements?|trophies)\b"), 0.25, 1.5
    ),
    NiceToHave(
        "analytics dashboard",
        _rx(r"\b(analytics|dashboards?|reports?|reporting|charts?|insights?|stats|statistics)\b"),
        0.5,
        2.0,
    ),
    NiceToHave("admin panel", _rx(r"\b(admin\w*|back[- ]?office|moderation|moderator)\b"), 0.5, 2.0),
    NiceToHave(
        "multi-language",
        _rx(r"\b(multi[- ]?language|multilingual|i18n|translations?|locali[sz]ation|languages)\b"),
        0.25,
        1.5,
    ),
    NiceToHave("dark mode", _rx(r"\b(dark mode|themes?|theming|skins?|custom colou?rs?)\b"), 0.25, 0.5),
    NiceToHave(
        "AI recommendations",
        _rx(
            r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|personali[sz]\w*|suggestions?|gpt|llm|chatbot)\b"
        ),
        0.5,
        3.0,
    ),
)
# (pattern, person-weeks, label): the most complex match sets the base, each extra one adds half a week.
EFFORT_RULES: tuple[tuple[re.Pattern[str], float, str], ...] = (
    (
        _rx(r"\b(payments?|billing|subscriptions?|checkout|stripe|pay|paid|invoic\w*|refunds?)\b"),
        2.5,
        "payments",
    ),
    (_rx(r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|nlp|gpt|llm|predict\w*|smart)\b"), 3.0, "AI"),
    (_rx(r"\b(sync\w*|offline|real[- ]?time|live|chat|messag\w*|collaborat\w*)\b"), 2.0, "sync / real-time"),
    (
        _rx(r"\b(integrat\w*|api|import\w*|export\w*|google|slack|outlook|zapier|webhooks?|calendar sync)\b"),
        2.0,
        "integrations",
    ),
    (
        _rx(r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|sso|roles?|permissions?|passwords?)\b"),
        1.5,
        "auth",
    ),
    (_rx(r"\b(maps?|location|gps|geo\w*|nearby)\b"), 1.5, "location"),
    (
        _rx(
            r"\b(video|audio|photos?|upload\w*|images?|camera|scan\w*|files?|gameplay|replays?|recordings?|screen ?record\w*)\b"
        ),
        1.5,
        "media",
    ),
    (_rx(r"\b(notif\w*|remind\w*|alerts?|push|e-?mails?|sms)\b"), 1.0, "notifications"),
    (_rx(r"\b(search|filter\w*|match\w*)\b"), 1.0, "search"),
)
_COSMETIC = ("dark mode", "multi-language", "gamification")
_CORE_LOOP = _rx(
    r"\b(create|add|log|logging|record|track|tracking|check[- ]?in|book|booking|schedul\w*|request\w*|approv\w*|"
    r"submit|post|list|view|send|swap\w*|pick up|claim|assign\w*|remind\w*|notif\w*|comment\w*|annotat\w*|"
    r"upload\w*|capture|collect\w*|group\w*|tag\w*|review\w*)\b"
)
_AUTH = _rx(r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|profiles?|onboard\w*|register\w*)\b")
_REMINDER_CUES = _rx(
    r"\b(forget\w*|forgot|late|remind\w*|chas\w*|wait\w*|respond\w*|reply|no-?shows?|"
    r"miss\w* (?:the )?(?:deadlines?|appointments?|shifts?|payments?|meetings?|classes|doses?|medications?|bills?|"
    r"events?|due dates?|approvals?|reminders?))\b"
)
_PROGRESS_CUES = _rx(r"\b(progress|history|track\w*|streaks?|over time|trend\w*|log)\b")
_PAID = _rx(
    r"\b(subscriptions?|paid|pay|fee|fees|price|pricing|commission|\$|€|£|per (?:month|seat|user)|freemium|"
    r"premium|charge|sell)\b"
)
_IMPORT_CUES = _rx(
    r"\b(spreadsheets?|excel|google sheets|sheets|csv|paper|notebooks?|whiteboard|notes app)\b"
)
_USER_COUNT = _rx(
    r"\b(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?\+?\s+(?!years?\b|yrs?\b|hours?\b|%|percent\b|minutes?\b|"
    r"days?\b|weeks?\b|months?\b|dollars?\b|usd\b|eur\b|times?\b)((?:[a-z-]+\s+){0,2}?[a-z-]+)"
)
_NAME_PREFIX = _rx(
    r"^(?:a |an |the )?(?:way (?:for \w+ )?to |ability to |being able to |option to |users? can |let users |"
    r"letting users |allow users to |(?:i|we) want(?: to)? |(?:i|we) need(?: to)? |they can |support for |"
    r"feature (?:for|to) )"
)
_TRAILING = {
    "a",
    "an",
    "the",
    "to",
    "for",
    "of",
    "and",
    "or",
    "with",
    "their",
    "they",
    "it",
    "that",
    "in",
    "on",
}


@dataclass
class _Candidate:
    name: str
    description: str
    origin: str
    nice: NiceToHave | None = None
    role: str = "default"


# ------------------------------------------------------------------------------- helpers
def _stems(text: str) -> set[str]:
    return {stem(word) for word in terms(text)}


def _short_name(item: str) -> str:
    text = re.sub(r"\s+", " ", item.replace(NICE_TO_HAVE_MARK, "").strip().strip(".;:-•*")).strip()
    text = _NAME_PREFIX.sub("", text)
    text = re.split(r"\s+(?:so that|so|because|which|that would|to make sure)\s+|[,;:(]", text)[0]
    words = feature_name(text).split()
    while len(words) > 1 and words[-1].lower() in _TRAILING:
        words.pop()
    name = " ".join(words) or item.strip()[:40]
    return name[:1].upper() + name[1:]


def persona(summary: DiscoverySummary) -> str:
    """The plural noun for the target users ('nurses', 'designers'), else 'users'."""
    for word in re.findall(r"[A-Za-z][A-Za-z-]+", summary.target_user):
        lower = word.lower()
        if (
            len(lower) >= 4
            and lower.endswith("s")
            and not lower.endswith(("ss", "us", "is"))
            and lower
            not in (
                "users",
                "people",
                "others",
                "those",
                "things",
                "always",
                "various",
                "hours",
                "years",
                "days",
                "weeks",
                "months",
                "sometimes",
                "has",
                "was",
                "does",
                "needs",
                "wants",
                "times",
                "series",
                "less",
            )
        ):
            return lower
    if re.search(r"\bpeople\b", summary.target_user, re.IGNORECASE):
        return "people"
    return "users"


def _user_count(summary: DiscoverySummary) -> tuple[float, str] | None:
    """A user count discovery heard ('500 nurses', '2k users'): (number, the phrase)."""
    for aspect in ("target_user", "why_now", "constraints", "current_alternatives", "success_metric"):
        text = summary.value_text(aspect)
        for match in _USER_COUNT.finditer(text):
            raw = match.group(1).replace(",", "")
            try:
                value = float(raw)
            except ValueError:
                continue
            unit = (match.group(2) or "").lower()
            value *= {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}.get(unit, 1)
            noun = match.group(3).lower()
            # "1-3 person studios" or "50-500 employees" says how big each customer is, not how many there are.
            if re.search(r"\d\s*[-\u2013]\s*$", text[: match.start()]) or re.match(
                r"(?:person|people|man|employee|seat)\b", noun
            ):
                continue
            if aspect != "target_user" and not re.search(
                r"(users?|customers?|people|members|clients|subscribers|patients|students|nurses|teachers|"
                r"parents|owners|employees|staff|drivers|sellers|buyers|families|teams|companies|businesses|"
                r"\w+ers\b|\w+ists\b)",
                noun,
            ):
                continue
            if 1 <= value <= 1e9 and not (1900 <= value <= 2100 and not unit):
                return value, match.group(0).strip()
    return None


def _nice(text: str, summary: DiscoverySummary) -> NiceToHave | None:
    for nice in NICE_TO_HAVES:
        match = nice.pattern.search(text.replace(NICE_TO_HAVE_MARK, ""))
        # Kept when the core problem is about the very thing ("no analytics on which products sell").
        if match and stem(match.group(0).lower()) not in _stems(summary.core_problem):
            return nice
    if NICE_TO_HAVE_MARK in text:
        effort, _why = _effort(text.replace(NICE_TO_HAVE_MARK, ""))
        return NiceToHave("nice-to-have in your words", _rx(re.escape(NICE_TO_HAVE_MARK)), 0.5, effort)
    return None


def _effort(text: str) -> tuple[float, str]:
    matched = [(weeks, label) for pattern, weeks, label in EFFORT_RULES if pattern.search(text)]
    if not matched:
        return 1.0, "a simple create/read/update screen: 1 person-week"
    matched.sort(key=lambda item: -item[0])
    effort = matched[0][0] + 0.5 * (len(matched) - 1)
    labels = ", ".join(label for _w, label in matched)
    return min(6.0, effort), f"complexity from its words ({labels}): {min(6.0, effort):g} person-weeks"


def _overlap(text: str, problem_stems: set[str]) -> int:
    return len(_stems(text) & problem_stems)


# ------------------------------------------------------------------------------- proposal
def _candidates(summary: DiscoverySummary) -> list[_Candidate]:
    candidates: list[_Candidate] = []
    seen: set[str] = set()
    for item in summary.feature_wishlist:
        if not item.strip():
            continue
        name = _short_name(item)
        key = " ".join(sorted(_stems(name))) or name.lower()
        if key in seen:
            continue
        seen.add(key)
        candidates.append(_Candidate(name, item.strip(), "wishlist", _nice(item, summary)))
    return candidates


def _pick_core(candidates: list[_Candidate], summary: DiscoverySummary) -> _Candidate:
    problem_stems = _stems(summary.core_problem)
    usable = [c for c in candidates if c.nice is None]
    if usable:
        best = max(usable, key=lambda c: (_overlap(c.description, problem_stems), -usable.index(c)))
        if _overlap(best.description, problem_stems) > 0:
            best.role = "core"
            return best
    problem_terms = terms(summary.core_problem)
    if usable:
        # Nothing on the wishlist names the problem's words: the first thing the user asked for is the core.
        usable[0].role = "core"
        return usable[0]
    if problem_terms:
        name = " ".join(problem_terms[:3])
        core = _Candidate(
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
        core = _Candidate(
            "Core flow", "The one flow that solves the problem discovery described", "problem", None, "core"
        )
    candidates.insert(0, core)
    return core


def _derived(summary: DiscoverySummary, candidates: list[_Candidate]) -> list[_Candidate]:
    """Features the core flow needs that the wishlist did not name, in the order they are worth adding."""
    wish_text = " ".join(c.description for c in candidates)
    people = persona(summary)
    derived: list[_Candidate] = []
    if not _AUTH.search(wish_text):
        derived.append(
            _Candidate(
                "Sign-up and profile",
                f"{people.capitalize()} create an account so their data is theirs and follows them",
                "derived",
                None,
                "support",
            )
        )
    if _REMINDER_CUES.search(summary.core_problem) and not re.search(
        r"remind|notif|alert", wish_text, re.IGNORECASE
    ):
        derived.append(
            _Candidate(
                "Reminders",
                "Timely reminders so nothing slips: the problem you described is about things being missed",
                "derived",
                None,
                "support",
            )
        )
    if summary.success_metric.strip():
        derived.append(
            _Candidate(
                "Success metric tracking",
                f"Instrument the success metric from day one: {summary.success_metric.strip()}",
                "derived",
            )
        )
    if _PROGRESS_CUES.search(summary.core_problem + " " + summary.success_metric) and not re.search(
        r"history|progress", wish_text, re.IGNORECASE
    ):
        derived.append(
            _Candidate("History view", f"{people.capitalize()} see what they did over time", "derived")
        )
    alternatives = _IMPORT_CUES.search(summary.current_alternatives)
    if alternatives:
        derived.append(
            _Candidate(
                f"Import from {alternatives.group(1).lower()}",
                f"Bring existing data over from {alternatives.group(1).lower()}, what {people} use today",
                "derived",
            )
        )
    if _PAID.search(summary.revenue_model) and not re.search(
        r"pay|billing|subscri|checkout", wish_text, re.IGNORECASE
    ):
        derived.append(
            _Candidate(
                "Payments",
                f"Take payment as the revenue model says: {summary.revenue_model.strip()}",
                "derived",
            )
        )
    derived.append(
        _Candidate(
            "Onboarding", f"A first-run walkthrough that gets new {people} to the core flow", "derived"
        )
    )
    derived.append(_Candidate("Settings", "Preferences and account settings", "derived"))
    return derived


def _score(
    candidate: _Candidate, summary: DiscoverySummary, count: tuple[float, str] | None, core: _Candidate
) -> Feature:
    people = persona(summary)
    text = candidate.description
    problem_stems = _stems(summary.core_problem)
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
        candidate.origin == "wishlist" and (_overlap(text, problem_stems) or _CORE_LOOP.search(text))
    ):
        candidate.role = "support"
        impact, why = 2.0, f"supports the core flow ({core.name}): impact 2 (high)"
    else:
        impact, why = 1.0, "useful but outside the core flow: impact 1 (medium)"
    provenance["impact"] = Provenance(source="estimated", reason=why)

    breadth = {"core": 1.0, "support": 1.0}.get(candidate.role, 0.6)
    if candidate.nice is not None:
        breadth = 0.2 if candidate.nice.kind in _COSMETIC else 0.3
    if count is not None:
        reach = round(count[0] * breadth)
        if breadth == 1.0:
            provenance["reach"] = Provenance(
                source="stated", reason=f"you said “{count[1]}”; every one of them goes through the core flow"
            )
        else:
            provenance["reach"] = Provenance(
                source="estimated", reason=f"{breadth:.0%} of the {count[1]} you stated would use it"
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
    elif concrete:
        confidence, why = 0.8, "on your wishlist and described concretely: confidence 80%"
    elif candidate.origin == "wishlist":
        confidence, why = 0.5, "on your wishlist but only named, not described: confidence 50%"
    else:
        confidence, why = 0.5, "not on your wishlist, my guess that the core flow needs it: confidence 50%"
    provenance["confidence"] = Provenance(source="estimated", reason=why)

    stated_effort = timeframe_weeks(text)
    if stated_effort is not None and candidate.origin == "wishlist":
        effort, why, source = stated_effort, f"you said it takes “{text}”", "stated"
    elif candidate.nice is not None:
        effort = candidate.nice.effort
        why, source = f"{candidate.nice.kind}: typically {effort:g} person-weeks", "estimated"
    elif candidate.name == "Success metric tracking":
        effort, why, source = 0.5, "a few analytics events: half a person-week", "estimated"
    else:
        effort, why = _effort(text + " " + candidate.name)
        source = "estimated"
        if candidate.role == "core":
            effort = max(effort, 1.5)
            why += "; the core flow gets at least 1.5 person-weeks to be done properly"
    provenance["effort"] = Provenance(source=source, reason=why)  # type: ignore[arg-type]
    return Feature(
        name=candidate.name,
        description=text,
        rice_reach=float(reach),
        rice_impact=impact,
        rice_confidence=confidence,
        rice_effort=float(effort),
        provenance=provenance,
    )


def _cut_reason(feature: Feature, nice: NiceToHave, summary: DiscoverySummary, core: str) -> str:
    return (
        f"{feature.name}: no evidence your {persona(summary)} need it for {core.lower()}; adds "
        f"{feature.rice_effort:g} weeks ({nice.kind}: impact {feature.rice_impact:g}, score "
        f"{feature.compute_score():g}). Revisit once the MVP shows it works."
    )


def propose(summary: DiscoverySummary, comparables: list[ComparableProduct]) -> ScopingOutput:
    """A RICE-scored, budget-cut, phased MVP from the discovery summary (5–10 features, one core flow)."""
    candidates = _candidates(summary)
    core = _pick_core(candidates, summary)
    count = _user_count(summary)
    budget = effort_budget_weeks(summary)
    team = team_size(summary)
    kept = [c for c in candidates if c.nice is None]
    for extra in _derived(summary, candidates):
        if len(kept) >= MIN_FEATURES and extra.role != "support":
            break
        if all(_stems(extra.name) != _stems(c.name) for c in kept):
            kept.append(extra)
    kept = [core] + [c for c in kept if c is not core]
    nice = [c for c in candidates if c.nice is not None]
    kept = kept[: MAX_FEATURES - min(len(nice), 3)]
    features = [_score(c, summary, count, core) for c in kept]
    core_feature = features[0]
    if core_feature.rice_effort > budget:
        core_feature.rice_effort = budget
        core_feature.provenance["effort"] = Provenance(
            source="estimated",
            reason=f"capped to your {budget:g} person-week budget: Phase 1 builds the simplest version",
        )
    cuts = []
    for candidate in nice[: MAX_FEATURES - len(features)]:
        feature = _score(candidate, summary, count, core)
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
    output.core_user_flow = core_flow(output, summary, core_feature.name)
    output.key_screens = key_screens(output, core_feature.name)
    output.scope_rationale = scope_rationale(output, summary)
    return output


_FLOW_RANK: tuple[tuple[re.Pattern[str], float], ...] = (
    (_AUTH, 0),
    (
        _rx(
            r"\b(import\w*|set ?up|create|add|post|request\w*|log|record\w*|submit|book|upload\w*|capture)\b"
        ),
        1,
    ),
    (_rx(r"\b(comment\w*|annotat\w*|rate|rating|review\w*|reply|replies)\b"), 1.5),
    (_rx(r"\b(approv\w*|confirm\w*|remind\w*|notif\w*|alerts?)\b"), 3),
    (_rx(r"\b(history|progress|streaks?|reports?|view|dashboard|group\w*|sort\w*|filter\w*|summar\w*)\b"), 4),
    (_rx(r"\b(pay\w*|billing|subscri\w*|checkout)\b"), 5),
)


def _flow_rank(feature: Feature, core: str) -> float:
    if feature.name == core:
        return 2
    for pattern, rank in _FLOW_RANK:
        if pattern.search(feature.name + " " + feature.description):
            return rank
    return 2


def metric_phrase(summary: DiscoverySummary) -> str:
    """The success metric as a phrase: 'If 200 studios run a playtest…' reads '200 studios run a playtest…'."""
    metric = summary.success_metric.strip().rstrip(".")
    metric = re.sub(
        r"^(?:if|when|once|success (?:means|is|would be|looks like)|we'?ll know (?:it works )?(?:when|if)|"
        r"i'?ll know (?:it works )?(?:when|if)|it works if|it works when)\s+",
        "",
        metric,
        flags=re.IGNORECASE,
    )
    return metric


def core_flow(output: ScopingOutput, summary: DiscoverySummary, core: str) -> list[str]:
    """4–6 steps of the one core flow, through the Phase 1 features in the order a user meets them."""
    people = persona(summary)
    in_flow = [f for f in output.mvp_features if f.phase == 1 and f.name != "Success metric tracking"]
    in_flow.sort(key=lambda f: _flow_rank(f, core))
    steps: list[str] = []
    if in_flow and _flow_rank(in_flow[0], core) == 0:
        steps.append(f"A new {people.removesuffix('s')} signs up ({in_flow.pop(0).name})")
    else:
        steps.append(f"One of the {people} opens the app")
    for feature in in_flow[:4]:
        description = feature.description.replace(NICE_TO_HAVE_MARK, "").strip().rstrip(".")
        same = description.lower() == feature.name.lower() or not description
        detail = "" if same or len(description) > 90 else f" — {description}"
        steps.append(f"{feature.name}{detail}"[:140])
    problem = summary.core_problem.strip().rstrip(".")
    metric = metric_phrase(summary)
    steps = steps[:5]
    steps.append(f"Sees it worked: {metric}" if metric else f"Sees the problem solved: {problem or core}")
    while len(steps) < 4:
        steps.insert(-1, f"Comes back the next time they need to {core.lower()}")
    return steps[:6]


def key_screens(output: ScopingOutput, core: str) -> list[str]:
    """3–6 screens the Phase 1 features need."""
    screens: list[str] = []
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    if any(_AUTH.search(f.name) for f in phase1):
        screens.append("Sign up / sign in")
    screens.append(f"Home: {core}")
    for feature in phase1:
        if feature.name == core or _AUTH.search(feature.name) or feature.name == "Success metric tracking":
            continue
        screens.append(feature.name)
    for filler in ("Settings", "Onboarding", "History"):
        if len(screens) >= 3:
            break
        if filler not in screens:
            screens.append(filler)
    return screens[:6]


def _budget_source(summary: DiscoverySummary, budget: float) -> str:
    team = team_size(summary)
    weeks = budget / (team or 1)
    if summary.constraints.strip():
        return (
            f"{weeks:g} weeks × {team or 1} {'person' if (team or 1) == 1 else 'people'}, read from your "
            f"constraints (“{summary.constraints.strip()}”; Phase 1 is capped at "
            f"{PHASE1_MAX_CALENDAR_WEEKS:g} calendar weeks)"
        )
    return "no timeframe or team size given, so the default of 4 weeks × 1 person"


def scope_rationale(output: ScopingOutput, summary: DiscoverySummary) -> str:
    """The why of the scope, in numbers: budget, Phase 1 effort, what sits below the line, what was cut."""
    budget = output.effort_budget_weeks
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    used = phase_effort(output, 1)
    parts = [
        f"Budget: {budget:g} person-weeks for Phase 1 ({_budget_source(summary, budget)}).",
        f"Phase 1 holds {len(phase1)} feature{'s' if len(phase1) != 1 else ''} totalling {used:g} "
        f"person-weeks, ranked by RICE: " + ", ".join(f"{f.name} ({f.rice_score:g})" for f in phase1) + ".",
    ]
    if used > budget:
        parts.append(f"That is {used - budget:g} person-weeks over budget because of what you asked for.")
    for number in (2, 3):
        later = [f for f in output.mvp_features if f.phase == number]
        if later:
            parts.append(
                f"Phase {number}: "
                + ", ".join(f"{f.name} ({f.rice_score:g})" for f in later)
                + f" — {phase_effort(output, number):g} person-weeks, below the cut line."
            )
    if output.cut_features:
        parts.append("Cut: " + " ".join(c.reason for c in output.cut_features))
    return " ".join(parts)


# ------------------------------------------------------------------------------- intent
_NEGATION = r"(?:not|no|never|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|can'?t|won'?t|hardly)"
_AGREE = _rx(
    r"\b(looks? (?:good|great|fine|right)|lgtm|agreed?|sounds? (?:good|great|right|fine)|ship it|"
    r"let'?s (?:go|do (?:it|this)|build (?:it|this)|proceed|go with (?:that|this|it))|go ahead|perfect|"
    r"works for me|happy with (?:it|this|that)|good to go|fine by me|approved?|yes|yep|yeah|sure|ok(?:ay)?|"
    r"deal|that'?s (?:right|fine|good)|correct|makes sense|no changes|all good)\b"
)
_PUSHBACK = _rx(
    r"(^\s*(?:no|nope|nah)\b(?!\s+(?:problem|worries|changes|complaints|objections))|"
    r"\bbut\b|\bhowever\b|\bdisagree\b|\bdifferentiator\b|\bessential\b|\bcritical\b|\bcrucial\b|"
    r"\bnon-?negotiable\b|\bmust[- ]have\b|\bdeal[- ]?breaker\b|\bcan'?t (?:launch|ship|go live|sell) without\b|"
    r"\bwon'?t (?:work|sell|use it) without\b|\bwhy did you (?:cut|drop|remove|leave out|move|kill|deprioriti[sz]e)\b|"
    r"\b(?:i|we|they|users|customers|clients|our \w+|my \w+|people|everyone)\s+(?:really\s+|absolutely\s+|do\s+)?"
    r"(?:need|want|must have|require|insist)\b|"
    r"\bneeds? to be in\b|\b(?:should|has to|must) (?:be|go|stay) in\b|\binstead\b|"
    r"\b(?:please|can you|could you|let'?s|we should|you should) (?:add|include|put|move|bring back|keep|drop|remove|cut)\b|"
    r"^\s*(?:add|include|put|move|bring back|keep|drop|remove|cut)\b|"
    r"\bin(?:to)? (?:the )?(?:mvp|phase 1|p0|v1)\b|\btoo (?:small|big|aggressive|much|little|thin)\b|"
    r"\bnot (?:ok|okay|happy|convinced|enough|acceptable)\b)"
)
_QUESTION_START = _rx(
    r"^\s*(?:what|how|why|which|when|where|who|is|are|does|do|can you explain|could you explain|explain|"
    r"tell me|what'?s|how'?s|why'?s)\b"
)


# "no problem" and friends are agreement, not a refusal.
_IDIOMS = _rx(r"\b(?:no|not a) (?:problem|worries|complaints|objections|changes|issues?)\b|\bnot bad\b")


def _negated(text: str, start: int) -> bool:
    before = text[max(0, start - 25) : start]
    return re.search(_NEGATION + r"\W+(?:\w+\W+)?$", before, re.IGNORECASE) is not None


def _mentions_feature(text: str, output: ScopingOutput | None) -> bool:
    return bool(output and _match_features(output, text))


def classify_intent(text: str, output: ScopingOutput | None) -> ScopingIntent:
    """AGREE, PUSHBACK or QUESTION for a message during scoping; aware of negation ('I don't agree')."""
    lowered = _IDIOMS.sub("fine", text.strip().lower())
    if not lowered:
        return "QUESTION"
    pushback = any(not _negated(lowered, m.start()) for m in _PUSHBACK.finditer(lowered))
    agree_hits = list(_AGREE.finditer(lowered))
    agree = any(not _negated(lowered, m.start()) for m in agree_hits)
    negated_agree = any(_negated(lowered, m.start()) for m in agree_hits)
    question = lowered.endswith("?") or _QUESTION_START.search(lowered) is not None
    if pushback or (negated_agree and not agree):
        return "PUSHBACK"
    if agree and not question:
        return "AGREE"
    if question:
        return "QUESTION"
    if _mentions_feature(lowered, output):
        return "PUSHBACK"
    return "QUESTION"


# ------------------------------------------------------------------------------- negotiation
_EVIDENCE = (
    _rx(r"\b\d+(?:\.\d+)?\s*(?:%|percent)"),
    _rx(
        r"\b(?:customers?|users?|clients?|people|buyers|members|patients|they|nurses|teachers|parents|"
        r"\w+ers)\s+(?:have\s+|had\s+|keep\s+|kept\s+|all\s+|repeatedly\s+|always\s+)?"
        r"(?:asked|requested|told us|said|begged|complained|demanded|keep asking)"
    ),
    _rx(r"\b(?:asked|requested|begged) (?:us )?for (?:it|this|that)\b"),
    _rx(
        r"\b(?:our|in|from|we ran|we did)\s+(?:\d+\s+)?(?:user\s+|customer\s+)?(?:interviews?|surveys?|research|"
        r"pilot|beta|usability tests?|data|analytics)\b"
    ),
    _rx(r"\binterviewed\b|\bsurveyed\b"),
    _rx(
        r"\bcompetitors?\s+(?:all\s+)?(?:have|offer|ship|has)\b|\bevery competitor\b|\ball (?:the |our )?competitors\b"
    ),
    _rx(
        r"\bcontracts?\s+(?:requires?|says|demands?)\b|\brequired by\b|\b(?:legal|compliance|regulation|hipaa|"
        r"gdpr|law)\b.{0,30}\b(?:requires?|needs?|mandat\w*)\b|\bcontractually\b"
    ),
    _rx(
        r"\b(?:we|i)(?:'ve| have)?\s+already\s+(?:built|have|wrote|written|got|shipped|implemented)\b|"
        r"\balready built\b"
    ),
    _rx(r"\b(?:lost|losing|lose) (?:\d+ )?(?:deals?|customers?|users?|clients?|sales)\b|\bchurn\w*\b"),
    _rx(
        r"\b\d[\d,]*\s+(?:of\s+(?:our|the|them|those)\s+)?(?:\w+\s+)?(?:asked|said|use|used|want|wanted|requested|"
        r"told|signed|pay|paid|would|mentioned|voted)\b"
    ),
    _rx(r"\bsigned (?:an? )?(?:loi|letter of intent|contract|pilot)\b|\bpre-?orders?\b|\bwaitlist of \d"),
)
_NEW_FEATURE = (
    _rx(
        r"\b(?:i|we|they|users|customers)\s+(?:really\s+|absolutely\s+)?(?:need|want|must have|require)\s+"
        r"(?:a |an |the |some |to have (?:a |an |the )?)?(?P<x>[\w' -]{3,60}?)"
        r"(?=\s+(?:in|into|for|at|on|from|because|as|so|or|and)\b|[.,!?;]|$)"
    ),
    _rx(
        r"\b(?:add|include|put|bring back)\s+(?:a |an |the )?(?P<x>[\w' -]{3,60}?)"
        r"(?=\s+(?:in|into|to|for|back)\b|[.,!?;]|$)"
    ),
    _rx(r"\bwhat about\s+(?:a |an |the )?(?P<x>[\w' -]{3,60}?)(?=[.,!?;]|$)"),
    _rx(
        r"(?:^|[.,;!?]\s*|\bbut\s+)(?:the |a |an |our )?(?P<x>[\w' -]{3,60}?)\s+(?:is|are)\s+(?:our |the |a |an )?"
        r"(?:real |main |key |big )?(?:differentiator|essential|critical|crucial|a must|must-have|non-negotiable)"
    ),
)
_REDUCE = _rx(
    r"\b(?:drop|remove|cut|skip|postpone|defer|delay)\b|\b(?:don'?t|do not|doesn'?t) need\b|\bnot needed\b|"
    r"\b(?:move|push)\b.{0,40}\b(?:phase [23]|later|v2)\b|\bcan wait\b"
)
_PRONOUN = _rx(r"^(?:it|this|that|them|these|those|one|thing|feature|all|everything|something)$")


def _name_score(name: str, text: str, text_stems: set[str]) -> float:
    lowered = text.lower()
    if name.lower() in lowered:
        return 1.0
    name_stems = _stems(name)
    if not name_stems:
        return 0.0
    hit = len(name_stems & text_stems) / len(name_stems)
    if hit == 0:
        words = re.findall(r"[a-z]+", lowered)
        best = max((SequenceMatcher(None, w, s).ratio() for w in words for s in name_stems), default=0.0)
        return 0.6 if best >= 0.85 else 0.0
    return hit


def _match_features(output: ScopingOutput, text: str) -> list[tuple[str, str, float]]:
    """(kind, name, score) for the table and cut features the text names, best first."""
    text_stems = _stems(text)
    found: list[tuple[str, str, float]] = []
    for kind, names in (
        ("mvp", [f.name for f in output.mvp_features]),
        ("cut", [c.name for c in output.cut_features]),
    ):
        for name in names:
            score = _name_score(name, text, text_stems)
            if score >= 0.5:
                found.append((kind, name, score))
    for cut in output.cut_features:
        if any(n == cut.name for _k, n, _s in found):
            continue
        for nice in NICE_TO_HAVES:
            if nice.pattern.search(cut.name + " " + cut.description) and nice.pattern.search(text):
                found.append(("cut", cut.name, 0.7))
                break
    found.sort(key=lambda item: -item[2])
    if found:
        top = found[0][2]
        found = [item for item in found if item[2] >= top - 0.2][:2]
    return found


def _new_feature_name(text: str) -> str | None:
    for pattern in _NEW_FEATURE:
        match = pattern.search(text)
        if match:
            phrase = re.sub(r"\s+", " ", match.group("x")).strip(" -'")
            phrase = re.sub(r"^(?:to |be able to |have )", "", phrase, flags=re.IGNORECASE)
            if not phrase or _PRONOUN.match(phrase) or len(phrase.split()) > 6:
                continue
            if re.match(r"^(?:more|less|this|that|it|to|the mvp|mvp)\b", phrase, re.IGNORECASE):
                continue
            return _short_name(phrase)
    return None


def _evidence(text: str) -> str:
    """The sentence of the user's message that carries evidence, or ''."""
    for sentence in re.split(r"(?<=[.!?;])\s+", text.strip()):
        if any(pattern.search(sentence) for pattern in _EVIDENCE):
            return sentence.strip()
    return ""


def _team(output: ScopingOutput, summary: DiscoverySummary) -> int | None:
    return team_size(summary)


def _weeks(person_weeks: float, team: int | None) -> str:
    if team and team > 1:
        return f"{person_weeks:g} person-weeks (≈ {person_weeks / team:.1f} weeks for {team} people)"
    return f"{person_weeks:g} weeks"


def _rounds(round_number: int, state: ConversationState) -> str:
    return f"Round {round_number}/{state.max_negotiation_rounds}"


def negotiate(state: ConversationState, text: str, round_number: int, final_round: bool) -> Negotiation:
    """One argue-back round: hold with the numbers, or concede on new evidence / at the final round."""
    summary = state.discovery_summary
    output = state.scoping_output.model_copy(deep=True) if state.scoping_output else propose(summary, [])
    team = _team(output, summary)
    people = persona(summary)
    label = _rounds(round_number, state)
    evidence = _evidence(text)
    targets = [(kind, name) for kind, name, _score in _match_features(output, text)]
    if not targets:
        new_name = _new_feature_name(text)
        if new_name:
            targets = [("new", new_name)]
    if (
        not targets
        and output.decisions
        and output.decisions[-1].features
        and re.search(r"\b(it|this|that|them)\b", text, re.IGNORECASE)
    ):
        previous = output.decisions[-1].features
        targets = [
            ("mvp" if output.feature(n) else "cut", n)
            for n in previous
            if output.feature(n) or any(c.name == n for c in output.cut_features)
        ]
    names = [name for _kind, name in targets]

    def record(
        answer: str, outcome: Literal["held", "conceded", "answered"], reason: str, risk: str = ""
    ) -> DecisionRecord:
        return DecisionRecord(
            round=round_number,
            ask=text,
            intent="PUSHBACK",
            answer=answer,
            outcome=outcome,
            reason=reason,
            features=names,
            risk=risk,
        )  # type: ignore[arg-type]

    if not targets:
        cut_names = ", ".join(c.name for c in output.cut_features) or "none"
        below = ", ".join(f.name for f in output.mvp_features if f.phase > 1) or "none"
        if final_round:
            reply = (
                f"{label}: this was our last round and I still can't tell which feature you want to change, "
                f"so the scope stays as proposed and I've recorded your objection as a risk. "
                f"You can still edit any cell in the table."
            )
            return Negotiation(
                reply=reply,
                output=output,
                record=record(
                    reply,
                    "held",
                    "no feature named at the final round",
                    risk=f"Unresolved objection at the last round: “{text.strip()}”",
                ),
            )
        reply = (
            f"{label}: which feature do you want to change? Below the cut line: {below}. Cut: {cut_names}. "
            f"Name it and tell me what evidence you have that {people} need it in Phase 1."
        )
        return Negotiation(reply=reply, output=output, record=record(reply, "held", "no feature named"))

    if _REDUCE.search(text) and all(kind == "mvp" for kind, _n in targets):
        return _reduce(state, output, text, targets, label, team, record)

    in_phase1 = [n for kind, n in targets if kind == "mvp" and (f := output.feature(n)) and f.phase == 1]
    if len(in_phase1) == len(targets):
        feature = output.feature(in_phase1[0])
        assert feature is not None
        reply = (
            f"{label}: {', '.join(in_phase1)} {'is' if len(in_phase1) == 1 else 'are'} already in Phase 1 "
            f"({feature.priority}, score {feature.rice_score:g}); nothing to change there. "
            "Is there another feature you want to argue for, or do you agree with the scope?"
        )
        return Negotiation(reply=reply, output=output, record=record(reply, "held", "already in Phase 1"))

    if evidence or final_round:
        return _concede(state, output, text, targets, evidence, label, team, record, final_round)
    return _hold(state, output, targets, label, team, record)


def _candidate_feature(output: ScopingOutput, summary: DiscoverySummary, kind: str, name: str) -> Feature:
    if kind == "mvp":
        feature = output.feature(name)
        assert feature is not None
        return feature
    description = next((c.description for c in output.cut_features if c.name == name), "") or name
    nice = _nice(description + " " + name, summary)
    core_name = (
        output.implementation_phases[0].name.removeprefix("MVP: ") if output.implementation_phases else name
    )
    candidate = _Candidate(name, description, "wishlist" if kind == "cut" else "request", nice)
    count = _user_count(summary)
    return _score(candidate, summary, count, _Candidate(core_name, core_name, "problem", None, "core"))


def _hold(state, output, targets, label, team, record) -> Negotiation:  # type: ignore[no-untyped-def]
    summary = state.discovery_summary
    people = persona(summary)
    budget = output.effort_budget_weeks
    current = phase_effort(output, 1)
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    top = max(phase1, key=lambda f: f.rice_score) if phase1 else None
    lines = []
    extra = 0.0
    for kind, name in targets:
        feature = _candidate_feature(output, summary, kind, name)
        score = feature.compute_score()
        extra += feature.rice_effort
        comparison = f" vs {top.rice_score:g} for {top.name}" if top else ""
        where = {
            "mvp": f"it sits in Phase {feature.phase}",
            "cut": "I cut it",
            "new": "it isn't in the scope yet",
        }[kind]
        lines.append(
            f"{name} scores {score:g}{comparison} ({where}; effort {feature.rice_effort:g}, "
            f"impact {feature.rice_impact:g}, confidence {feature.rice_confidence:.0%})"
        )
        cut = next((c for c in output.cut_features if c.name == name), None)
        if cut:
            lines.append(f"My reason for cutting it: {cut.reason}")
    after = round(current + extra, 2)
    if after > budget:
        effect = (
            f"it would push Phase 1 from {_weeks(current, team)} to {_weeks(after, team)}, over your "
            f"{budget:g} person-week budget"
        )
    else:
        effect = (
            f"it would fit ({current:g} → {after:g} of {budget:g} person-weeks) but would take the slack "
            "the core flow needs if anything runs late"
        )
    reply = (
        f"{label}: I'm holding for now. "
        + "; ".join(lines[:1])
        + f"; {effect}. "
        + "".join(f"{line} " for line in lines[1:])
        + f"What evidence do you have that {people} would use it — interviews, numbers, "
        "customers asking, a contract? With evidence I'll move it in."
    )
    reason = f"no new evidence; {'; '.join(lines[:1])}; {effect}"
    return Negotiation(reply=reply, output=output, record=record(reply, "held", reason))


def _concede(state, output, text, targets, evidence, label, team, record, final_round) -> Negotiation:  # type: ignore[no-untyped-def]
    summary = state.discovery_summary
    budget = output.effort_budget_weeks
    before = {f.name for f in output.mvp_features if f.phase == 1}
    moved: list[str] = []
    for kind, name in targets:
        feature = _candidate_feature(output, summary, kind, name)
        if kind != "mvp":
            output.cut_features = [c for c in output.cut_features if c.name != name]
            output.mvp_features.append(feature)
        feature.phase = 1
        feature.priority = "P0"
        why = f"you argued for it in round {label.split()[1]}" + (
            f" with evidence: “{evidence}”" if evidence else " and it was the last round"
        )
        for pinned in ("phase", "priority"):
            if pinned not in feature.pinned:
                feature.pinned.append(pinned)
            feature.provenance[pinned] = Provenance(source="stated", reason=why)
        if evidence:
            feature.rice_confidence = max(feature.rice_confidence, 0.8)
            feature.provenance["confidence"] = Provenance(
                source="stated", reason=f"your evidence: “{evidence}”"
            )
            if feature.rice_impact < 1:
                feature.rice_impact = 1.0
                feature.provenance["impact"] = Provenance(
                    source="stated", reason=f"raised to 1 (medium) on your evidence: “{evidence}”"
                )
        moved.append(feature.name)
    new = rescore(output, team)
    after = {f.name for f in new.mvp_features if f.phase == 1}
    bumped = sorted(before - after)
    used = phase_effort(new, 1)
    risks = []
    if used > budget:
        risks.append(f"Phase 1 grows to {_weeks(used, team)}, over the {budget:g} person-week budget")
    if final_round and not evidence:
        risks.append(
            f"{', '.join(moved)} moved into Phase 1 at the last round without evidence; validate with "
            f"{persona(summary)} in the first week"
        )
    risk = "; ".join(risks)
    if evidence:
        opening = f"{label}: that's new evidence (“{evidence}”), so I'll move {', '.join(moved)} into Phase 1 as P0."
        reason = f"new evidence: {evidence}"
    else:
        opening = (
            f"{label}: this is our last round, so I'll move {', '.join(moved)} in as P0 — recorded as a risk."
        )
        reason = "final round: conceded gracefully"
    parts = [opening]
    if bumped:
        parts.append(f"To keep the budget honest, {', '.join(bumped)} moves below the cut line to Phase 2.")
    if used > budget:
        parts.append(
            f"Even so, Phase 1 grows to {_weeks(used, team)}, over your {budget:g} person-week budget "
            "— recorded as a risk."
        )
    else:
        parts.append(f"Phase 1 is now {used:g} of {budget:g} person-weeks.")
    parts.append("Anything else, or do you agree with the scope?")
    reply = " ".join(parts)
    _refresh_narrative(new, summary)
    return Negotiation(reply=reply, output=new, record=record(reply, "conceded", reason, risk))


def _reduce(state, output, text, targets, label, team, record) -> Negotiation:  # type: ignore[no-untyped-def]
    summary = state.discovery_summary
    target_phase = 3 if re.search(r"phase 3|much later|v3", text, re.IGNORECASE) else 2
    moved = []
    for _kind, name in targets:
        feature = output.feature(name)
        if feature is None:
            continue
        feature.phase = target_phase
        feature.priority = "P1" if target_phase == 2 else "P2"
        for pinned in ("phase", "priority"):
            if pinned not in feature.pinned:
                feature.pinned.append(pinned)
            feature.provenance[pinned] = Provenance(
                source="stated", reason=f"you asked to defer it: “{text}”"
            )
        moved.append(name)
    new = rescore(output, team)
    used = phase_effort(new, 1)
    reply = (
        f"{label}: agreed — cutting scope needs no evidence. {', '.join(moved)} moves to Phase {target_phase}; "
        f"Phase 1 is now {used:g} of {new.effort_budget_weeks:g} person-weeks. Do you agree with the scope now?"
    )
    _refresh_narrative(new, summary)
    return Negotiation(
        reply=reply, output=new, record=record(reply, "conceded", "the user narrowed the scope")
    )


# ------------------------------------------------------------------------------- questions
def _feature_numbers(feature: Feature) -> str:
    def why(field: str) -> str:
        provenance = feature.provenance.get(field)
        return f" ({provenance.source}: {provenance.reason})" if provenance and provenance.reason else ""

    return (
        f"**{feature.name}** — Phase {feature.phase}, {feature.priority}, RICE {feature.rice_score:g} = "
        f"reach {feature.rice_reach:g}{why('reach')} × impact {feature.rice_impact:g}{why('impact')} × "
        f"confidence {feature.rice_confidence:.0%}{why('confidence')} ÷ effort {feature.rice_effort:g} "
        f"person-weeks{why('effort')}."
    )


def answer_question(state: ConversationState, text: str) -> str:
    """An answer from the actual scope data (RICE, a feature's numbers, the cut line, phases, comparables)."""
    output = state.scoping_output
    closing = "Do you agree with this scope, or is there a feature you want to argue for?"
    if output is None:
        return "There is no scope yet: once discovery is confirmed I'll propose one. " + closing
    lowered = text.lower()
    parts: list[str] = []
    matches = _match_features(output, text)
    for kind, name, _score in matches:
        if kind == "mvp":
            feature = output.feature(name)
            assert feature is not None
            parts.append(_feature_numbers(feature))
            if feature.phase > 1:
                parts.append(
                    f"It is below the cut line: Phase 1 already uses {phase_effort(output, 1):g} of "
                    f"{output.effort_budget_weeks:g} person-weeks, and features enter Phase 1 in score order "
                    "while their effort fits."
                )
        else:
            cut = next(c for c in output.cut_features if c.name == name)
            parts.append(f"**{cut.name}** was cut: {cut.reason}")
    if not matches:
        if re.search(r"\breach\b", lowered):
            parts.append(
                "Reach is how many users a feature touches per quarter. I use the user count you stated "
                "when there is one; otherwise an assumed base times how broadly the feature is used "
                "(core flow = all users)."
            )
            parts += [
                f"- {f.name}: {f.rice_reach:g} — {f.provenance['reach'].reason}"
                for f in output.mvp_features
                if "reach" in f.provenance
            ][:4]
        if re.search(r"\bimpact\b", lowered):
            parts.append(
                "Impact is 3 (massive) for the feature that solves the core problem, 2 for what supports "
                "the core flow, 1 by default, 0.5 or 0.25 for nice-to-haves."
            )
        if re.search(r"\bconfidence\b", lowered):
            parts.append(
                "Confidence is how sure we are about reach and impact: 80% when you described the "
                "feature concretely or gave evidence, 50% when it is my guess."
            )
        if re.search(r"\beffort\b|\bweeks?\b|\bestimat", lowered):
            parts.append(
                "Effort is person-weeks, from the complexity the feature's words imply: 1 for a simple "
                "screen, more for auth (1.5), notifications (1), integrations or sync (2), payments "
                "(2.5), AI (3)."
            )
        if re.search(r"\brice\b|\bscor", lowered):
            parts.append("RICE score = reach × impact × confidence ÷ effort. The table is sorted by it.")
            if output.mvp_features:
                parts.append("Top of the table: " + _feature_numbers(output.mvp_features[0]))
        if re.search(r"\bcut\b|\bline\b|\bbudget\b|\bphase", lowered):
            parts.append(
                f"The cut line: Phase 1 takes features in score order while their effort fits your budget of "
                f"{output.effort_budget_weeks:g} person-weeks; it holds {phase_effort(output, 1):g} now."
            )
            for phase in output.implementation_phases:
                parts.append(
                    f"- Phase {phase.phase_number} ({phase.name}): {phase.goal}; ≈{phase.estimated_weeks:g} "
                    f"weeks; {', '.join(phase.features) or 'nothing yet'}"
                )
        if re.search(r"\bcompar|\bcompetit|\bsimilar|\balternativ|\bexist", lowered):
            if output.comparable_products:
                parts.append("Comparable products:")
                parts += [f"- {p.name} — {p.description} ({p.url})" for p in output.comparable_products]
            else:
                parts.append(
                    "I found no comparable product in my catalog that matches your idea closely; "
                    "that is worth checking yourself before you build."
                )
        if re.search(r"\bflow\b|\bscreens?\b", lowered):
            parts.append("Core user flow: " + " → ".join(output.core_user_flow))
            parts.append("Key screens: " + ", ".join(output.key_screens))
    if not parts:
        parts.append(output.scope_rationale or "Here is the scope as it stands.")
    parts.append(closing)
    text = ""
    for part in parts:
        # Bullets stay in one Markdown list; paragraphs get a blank line between them.
        text += ("\n" if part.startswith("- ") and text else "\n\n" if text else "") + part
    return text


def _refresh_narrative(output: ScopingOutput, summary: DiscoverySummary) -> None:
    """Flow, screens and rationale follow the Phase 1 that negotiation left."""
    core = next((f.name for f in output.mvp_features if f.rice_impact >= 3 and f.phase == 1), None)
    if core is None:
        phase1 = [f.name for f in output.mvp_features if f.phase == 1]
        core = phase1[0] if phase1 else (output.mvp_features[0].name if output.mvp_features else "core flow")
    output.core_user_flow = core_flow(output, summary, core)
    output.key_screens = key_screens(output, core)
    output.scope_rationale = scope_rationale(output, summary)
