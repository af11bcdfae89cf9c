"""Rule tables of offline scoping: nice-to-haves, effort by complexity, feature-role cues, and the intent and
evidence patterns of argue-back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_REACH = 1000.0

MAX_FEATURES = 10

MIN_FEATURES = 5


@dataclass(frozen=True)
class NiceToHave:
    kind: str
    pattern: re.Pattern[str]
    impact: float
    effort: float


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)

# Nice-to-haves are never P0 unless the core problem itself is about them (or the user wins the argument).
NICE_TO_HAVES: tuple[NiceToHave, ...] = (
    NiceToHave(
        "social feed",
        # "Comments" alone are not social: timestamped comments on a build are a feedback tool's core.
        rx(r"\b(social|feeds?|friends?|followers?|community|sharing|share|likes|comment threads?)\b"),
        0.5,
        3.0,
    ),
    NiceToHave(
        "gamification", rx(r"\b(gamif\w*|badges?|points|leaderboards?|achievements?|trophies)\b"), 0.25, 1.5
    ),
    NiceToHave(
        "analytics dashboard",
        rx(r"\b(analytics|dashboards?|reports?|reporting|charts?|insights?|stats|statistics)\b"),
        0.5,
        2.0,
    ),
    NiceToHave("admin panel", rx(r"\b(admin\w*|back[- ]?office|moderation|moderator)\b"), 0.5, 2.0),
    NiceToHave(
        "multi-language",
        rx(r"\b(multi[- ]?language|multilingual|i18n|translations?|locali[sz]ation|languages)\b"),
        0.25,
        1.5,
    ),
    NiceToHave("dark mode", rx(r"\b(dark mode|themes?|theming|skins?|custom colou?rs?)\b"), 0.25, 0.5),
    NiceToHave(
        "AI recommendations",
        rx(
            r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|personali[sz]\w*|suggestions?|gpt|llm|chatbot)\b"
        ),
        0.5,
        3.0,
    ),
)

# (pattern, person-weeks, label): the most complex match sets the base, each extra one adds half a week.
EFFORT_RULES: tuple[tuple[re.Pattern[str], float, str], ...] = (
    (
        rx(r"\b(payments?|billing|subscriptions?|checkout|stripe|pay|paid|invoic\w*|refunds?)\b"),
        2.5,
        "payments",
    ),
    (rx(r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|nlp|gpt|llm|predict\w*|smart)\b"), 3.0, "AI"),
    (rx(r"\b(sync\w*|offline|real[- ]?time|live|chat|messag\w*|collaborat\w*)\b"), 2.0, "sync / real-time"),
    (
        rx(r"\b(integrat\w*|api|import\w*|export\w*|google|slack|outlook|zapier|webhooks?|calendar sync)\b"),
        2.0,
        "integrations",
    ),
    (
        rx(r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|sso|roles?|permissions?|passwords?)\b"),
        1.5,
        "auth",
    ),
    (rx(r"\b(maps?|location|gps|geo\w*|nearby)\b"), 1.5, "location"),
    (
        rx(
            r"\b(video|audio|photos?|upload\w*|images?|camera|scan\w*|files?|gameplay|replays?|recordings?|screen ?record\w*)\b"
        ),
        1.5,
        "media",
    ),
    (rx(r"\b(notif\w*|remind\w*|alerts?|push|e-?mails?|sms)\b"), 1.0, "notifications"),
    (rx(r"\b(search|filter\w*|match\w*)\b"), 1.0, "search"),
)

COSMETIC = ("dark mode", "multi-language", "gamification")

CORE_LOOP = rx(
    r"\b(create|add|log|logging|record|track|tracking|check[- ]?in|book|booking|schedul\w*|request\w*|approv\w*|"
    r"submit|post|list|view|send|swap\w*|pick up|claim|assign\w*|remind\w*|notif\w*|comment\w*|annotat\w*|"
    r"upload\w*|capture|collect\w*|group\w*|tag\w*|review\w*)\b"
)

AUTH = rx(r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|profiles?|onboard\w*|register\w*)\b")

REMINDER_CUES = rx(
    r"\b(forget\w*|forgot|late|remind\w*|chas\w*|wait\w*|respond\w*|reply|no-?shows?|"
    r"miss\w* (?:the )?(?:deadlines?|appointments?|shifts?|payments?|meetings?|classes|doses?|medications?|bills?|"
    r"events?|due dates?|approvals?|reminders?))\b"
)

PROGRESS_CUES = rx(r"\b(progress|history|track\w*|streaks?|over time|trend\w*|log)\b")

PAID = rx(
    r"\b(subscriptions?|paid|pay|fee|fees|price|pricing|commission|\$|€|£|per (?:month|seat|user)|freemium|"
    r"premium|charge|sell)\b"
)

IMPORT_CUES = rx(
    r"\b(spreadsheets?|excel|google sheets|sheets|csv|paper|notebooks?|whiteboard|notes app)\b"
)

USER_COUNT = rx(
    r"\b(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?\+?\s+(?!years?\b|yrs?\b|hours?\b|%|percent\b|minutes?\b|"
    r"days?\b|weeks?\b|months?\b|dollars?\b|usd\b|eur\b|times?\b)((?:[a-z-]+\s+){0,2}?[a-z-]+)"
)

NAME_PREFIX = rx(
    r"^(?:a |an |the )?(?:way (?:for \w+ )?to |ability to |being able to |option to |users? can |let users |"
    r"letting users |allow users to |(?:i|we) want(?: to)? |(?:i|we) need(?: to)? |they can |support for |"
    r"feature (?:for|to) )"
)

TRAILING = {
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

FLOW_RANK: tuple[tuple[re.Pattern[str], float], ...] = (
    (AUTH, 0),
    (
        rx(
            r"\b(import\w*|set ?up|create|add|post|request\w*|log|record\w*|submit|book|upload\w*|capture)\b"
        ),
        1,
    ),
    (rx(r"\b(comment\w*|annotat\w*|rate|rating|review\w*|reply|replies)\b"), 1.5),
    (rx(r"\b(approv\w*|confirm\w*|remind\w*|notif\w*|alerts?)\b"), 3),
    (rx(r"\b(history|progress|streaks?|reports?|view|dashboard|group\w*|sort\w*|filter\w*|summar\w*)\b"), 4),
    (rx(r"\b(pay\w*|billing|subscri\w*|checkout)\b"), 5),
)

NEGATION = r"(?:not|no|never|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|can'?t|won'?t|hardly)"

AGREE = rx(
    r"\b(looks? (?:good|great|fine|right)|lgtm|agreed?|sounds? (?:good|great|right|fine)|ship it|"
    r"let'?s (?:go|do (?:it|this)|build (?:it|this)|proceed|go with (?:that|this|it))|go ahead|perfect|"
    r"works for me|happy with (?:it|this|that)|good to go|fine by me|approved?|yes|yep|yeah|sure|ok(?:ay)?|"
    r"deal|that'?s (?:right|fine|good)|correct|makes sense|no changes|all good)\b"
)

PUSHBACK = rx(
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

QUESTION_START = rx(
    r"^\s*(?:what|how|why|which|when|where|who|is|are|does|do|can you explain|could you explain|explain|"
    r"tell me|what'?s|how'?s|why'?s)\b"
)

# "no problem" and friends are agreement, not a refusal.
IDIOMS = rx(r"\b(?:no|not a) (?:problem|worries|complaints|objections|changes|issues?)\b|\bnot bad\b")

EVIDENCE = (
    rx(r"\b\d+(?:\.\d+)?\s*(?:%|percent)"),
    rx(
        r"\b(?:customers?|users?|clients?|people|buyers|members|patients|they|nurses|teachers|parents|"
        r"\w+ers)\s+(?:have\s+|had\s+|keep\s+|kept\s+|all\s+|repeatedly\s+|always\s+)?"
        r"(?:asked|requested|told us|said|begged|complained|demanded|keep asking)"
    ),
    rx(r"\b(?:asked|requested|begged) (?:us )?for (?:it|this|that)\b"),
    rx(
        r"\b(?:our|in|from|we ran|we did)\s+(?:\d+\s+)?(?:user\s+|customer\s+)?(?:interviews?|surveys?|research|"
        r"pilot|beta|usability tests?|data|analytics)\b"
    ),
    rx(r"\binterviewed\b|\bsurveyed\b"),
    rx(
        r"\bcompetitors?\s+(?:all\s+)?(?:have|offer|ship|has)\b|\bevery competitor\b|\ball (?:the |our )?competitors\b"
    ),
    rx(
        r"\bcontracts?\s+(?:requires?|says|demands?)\b|\brequired by\b|\b(?:legal|compliance|regulation|hipaa|"
        r"gdpr|law)\b.{0,30}\b(?:requires?|needs?|mandat\w*)\b|\bcontractually\b"
    ),
    rx(
        r"\b(?:we|i)(?:'ve| have)?\s+already\s+(?:built|have|wrote|written|got|shipped|implemented)\b|"
        r"\balready built\b"
    ),
    rx(r"\b(?:lost|losing|lose) (?:\d+ )?(?:deals?|customers?|users?|clients?|sales)\b|\bchurn\w*\b"),
    rx(
        r"\b\d[\d,]*\s+(?:of\s+(?:our|the|them|those)\s+)?(?:\w+\s+)?(?:asked|said|use|used|want|wanted|requested|"
        r"told|signed|pay|paid|would|mentioned|voted)\b"
    ),
    rx(r"\bsigned (?:an? )?(?:loi|letter of intent|contract|pilot)\b|\bpre-?orders?\b|\bwaitlist of \d"),
)

NEW_FEATURE = (
    rx(
        r"\b(?:i|we|they|users|customers)\s+(?:really\s+|absolutely\s+)?(?:need|want|must have|require)\s+"
        r"(?:a |an |the |some |to have (?:a |an |the )?)?(?P<x>[\w' -]{3,60}?)"
        r"(?=\s+(?:in|into|for|at|on|from|because|as|so|or|and)\b|[.,!?;]|$)"
    ),
    rx(
        r"\b(?:add|include|put|bring back)\s+(?:a |an |the )?(?P<x>[\w' -]{3,60}?)"
        r"(?=\s+(?:in|into|to|for|back)\b|[.,!?;]|$)"
    ),
    rx(r"\bwhat about\s+(?:a |an |the )?(?P<x>[\w' -]{3,60}?)(?=[.,!?;]|$)"),
    rx(
        r"(?:^|[.,;!?]\s*|\bbut\s+)(?:the |a |an |our )?(?P<x>[\w' -]{3,60}?)\s+(?:is|are)\s+(?:our |the |a |an )?"
        r"(?:real |main |key |big )?(?:differentiator|essential|critical|crucial|a must|must-have|non-negotiable)"
    ),
)

REDUCE = rx(
    r"\b(?:drop|remove|cut|skip|postpone|defer|delay)\b|\b(?:don'?t|do not|doesn'?t) need\b|\bnot needed\b|"
    r"\b(?:move|push)\b.{0,40}\b(?:phase [23]|later|v2)\b|\bcan wait\b"
)

PRONOUN = rx(r"^(?:it|this|that|them|these|those|one|thing|feature|all|everything|something)$")
