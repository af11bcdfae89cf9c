"""What the offline interviewer says: acknowledgements, questions, probes (templates filled with the user's words)."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.text import persona_name, short


def opening_question() -> str:
    """The PM's first message in a new project."""
    return (
        "Hi, I'm your PM for this project. Tell me about the idea in a sentence or two: "
        "what are you building, and for whom?"
    )

ACKS: dict[str, tuple[str, ...]] = {
    "target_user": (
        'So it\'s for "{f}" — a group I can picture.',
        "Got it — that's who it's for: \"{f}\".",
        '"{f}" — good, that narrows down who it\'s for.',
    ),
    "core_problem": (
        '"{f}" — that\'s a real pain.',
        'Okay, so the pain is "{f}".',
        'That makes sense as the core problem: "{f}".',
    ),
    "current_alternatives": (
        "So today it's \"{f}\" — that's what we have to beat.",
        '"{f}" — useful, that\'s the real competition.',
        'Got it, today it\'s "{f}".',
    ),
    "why_now": (
        '"{f}" — that\'s a good reason for the timing.',
        'Okay, the timing argument is "{f}".',
        '"{f}" — noted as the why-now.',
    ),
    "feature_wishlist": (
        "Noted for the wishlist: {f}.",
        "Good, I've added {f}.",
        "On the list: {f}.",
    ),
    "success_metric": (
        '"{f}" — that gives the MVP something to be measured against.',
        'Good, success looks like "{f}".',
        "\"{f}\" — that's the success target I'll hold the scope to.",
    ),
    "revenue_model": (
        '"{f}" — noted for the business model.',
        'Okay, money-wise: "{f}".',
        '"{f}" — that\'s the revenue model, and it will matter when we size the MVP.',
    ),
    "constraints": (
        'So the constraint is "{f}" — that will shape the scope a lot.',
        'Good to know the constraints: "{f}".',
        '"{f}" — I\'ll cut to fit that.',
    ),
    "": (
        'Thanks — "{f}".',
        'Okay: "{f}".',
        'Noted: "{f}".',
    ),
}

IDEA_ACKS = (
    'Nice — "{f}".',
    'Love a clear pitch: "{f}".',
    'Interesting — "{f}".',
)

VAGUE_ACKS = (
    '"{f}" is hard to build for, so let me narrow it down.',
    'Fair — "{f}" is a fine place to start, but I need something sharper.',
    'Okay, "{f}" — let\'s make that more concrete.',
)

WHY_ASK: dict[str, str] = {
    "target_user": "Knowing exactly who it's for decides what goes into the first version.",
    "core_problem": "The problem is what every feature has to earn its place against.",
    "current_alternatives": "What people do today is the real competition, even when it's a spreadsheet.",
    "why_now": "A reason it works now and not five years ago makes the bet much stronger.",
    "feature_wishlist": "The wishlist is what I'll score and cut in scoping.",
    "success_metric": "Without a number we can't tell whether the MVP worked.",
    "revenue_model": "How it makes money changes what the MVP has to prove.",
    "constraints": "Time and people set the effort budget I'll cut the scope to.",
}


def gap_question(aspect: str, summary: DiscoverySummary, variant: int) -> str:
    persona = persona_name(summary)
    features = summary.feature_wishlist
    questions: dict[str, tuple[str, ...]] = {
        "target_user": (
            "Who exactly is this for — if you picture the first ten people using it, who are they?",
            "Who feels this most — which specific people would you hand the first version to?",
        ),
        "core_problem": (
            f"What's the most painful part for {persona} today — the moment they'd wish this existed?",
            f"What goes wrong for {persona} today without this — what's the actual problem it solves?",
        ),
        "current_alternatives": (
            f"How do {persona} handle this today — a spreadsheet, group chats, another app, or nothing at all?",
            f"When this comes up for {persona} now, what do they do instead, and what's annoying about it?",
        ),
        "feature_wishlist": (
            f"If {persona} could do only three things in the first version, what would they be?",
            f"What should {persona} be able to do in the very first version — the two or three things that matter most?",
        ),
        "success_metric": (
            "Three months after launch, what number would tell you this is working — active users, retention, time saved?",
            f"What's the one metric you'd watch for {persona}, and what target would make you call it a success?",
        ),
        "why_now": (
            f"Why now — what has changed recently that makes this the right moment for {persona}?",
            "What makes this possible or urgent now rather than five years ago?",
        ),
        "constraints": (
            "What are you working with for the first version — team size, timeline, budget, platforms it must run on?",
            "What constraints should I plan around — how many people, how many weeks, any platform or compliance must-haves?",
        ),
        "revenue_model": (
            f"How will this make money — would {persona} pay a subscription, per use, or is it free to start?",
            "Who pays for this, and how — subscription, one-time, a fee per transaction, or free for now?",
        ),
    }
    if aspect == "feature_wishlist" and features:
        # "Get SMS reminders" mid-sentence is "get SMS reminders": only a capital that starts a plain word goes.
        named = [short(item, 8) for item in features[:3]]
        named = [n[:1].lower() + n[1:] if n[1:2].islower() else n for n in named]
        if len(features) < 3:
            return f"Besides {' and '.join(named)}, what else must the first version let {persona} do?"
        # Three wishes heard in the pitch are a list already: the question checks it, it does not ask for more.
        listed = ", ".join(named[:-1]) + f" and {named[-1]}" + (", among others" if len(features) > 3 else "")
        checks = (f"So far the list is: {listed}. Is that what the first version must let {persona} do, or is something missing?",
                  f"On the list so far: {listed}. Which of them must the first version do for {persona}, and what's missing?")
        return checks[variant % 2]
    options = questions[aspect]
    return options[variant % len(options)]


# A value heard only in the pitch or in passing, asked about directly once (product.drafts): the quote in a sentence
# of its own, so that the question is the question ("…who's checking on who" asks nothing about who).
DRAFT_QUESTIONS: dict[str, tuple[str, ...]] = {
    "target_user": (
        'You mentioned "{f}". Is that exactly who it\'s for, or who would use it first?',
        'I heard "{f}". But who exactly would use it first: which people, in which role?',
    ),
    "core_problem": (
        'You mentioned "{f}". Is that the core problem, or is the real pain something else?',
        'I heard "{f}". But what actually goes wrong, the problem you most want to fix?',
    ),
    "current_alternatives": (
        'You mentioned "{f}". Is that how they handle it today, or do they use something else?',
        'I heard "{f}". What exactly do they do today instead, tools and all?',
    ),
    "why_now": (
        'You mentioned "{f}". Is that why now is the right time, or has something else changed?',
        'I heard "{f}". But why now: what changed recently that makes this the moment?',
    ),
    "success_metric": (
        'You mentioned "{f}". Is that the number you\'d call success, or would you measure something else?',
        'I heard "{f}". But what metric and target would tell you this is a success?',
    ),
    "revenue_model": (
        'You mentioned "{f}". Is that how it will make money, or who pays, and how much?',
        'I heard "{f}". But how will it make money: who pays, how much, how often?',
    ),
    "constraints": (
        'You mentioned "{f}". Is that a hard limit for the first version, or what team and timeline are you working with?',
        'I heard "{f}". But what team, timeline and platforms are you working with for the first version?',
    ),
}


def draft_question(aspect: str, value: str, variant: int) -> str:
    """The direct question about a draft, citing what was heard."""
    options = DRAFT_QUESTIONS[aspect]
    return options[variant % len(options)].format(f=short(value, 10))


def probe(aspect: str, summary: DiscoverySummary, thin: bool) -> str:
    persona = persona_name(summary)
    if thin:
        sharpen = {
            "target_user": f"Which {persona.removeprefix('your ')} exactly — what's their role, where do they work, and what does a "
            "typical day look like?",
            "core_problem": "Can you walk me through the last time this happened — what actually went wrong, and what did it cost?",
            "success_metric": "What target would you put on that — say, the number you'd want to see three months after launch?",
            "feature_wishlist": (
                f"What would that look like in the first version — what exactly would {persona} be able to do, "
                "step by step?"
            ),
        }
        return sharpen[aspect]
    probes = {
        "target_user": "If you had to pick the first 10 people who'd use this, who are they — what's their job or situation?",
        "core_problem": f"Think of the last time {persona} ran into this — what went wrong, and what did it cost them?",
        "current_alternatives": f'Even "nothing" usually means something — texts, a spreadsheet, a notebook: what do {persona} do today when this comes up?',
        "feature_wishlist": "If the first version could do only one thing really well, what would it be?",
        "success_metric": "Pick one number: what would you want to see three months after launch — e.g. 100 weekly active users or 40% week-4 retention?",
        "why_now": "What has changed in the last year or two — technology, regulation, habits — that makes this possible or urgent now?",
        "constraints": "Roughly how much time and how many people do you have for the first version — e.g. solo for six weeks?",
        "revenue_model": "If you had to charge someone tomorrow, who would pay, and how — monthly subscription, one-time, per transaction?",
    }
    return probes[aspect]


def sharpening(summary: DiscoverySummary, variant: int) -> tuple[str, str]:
    persona = persona_name(summary)
    if not re.search(r"\d", summary.success_metric):
        return (
            "success_metric",
            "Before I write this up: what number would you want to hit in the first three months?",
        )
    if not re.search(r"\d|solo|alone|just me", summary.constraints, re.IGNORECASE):
        return (
            "constraints",
            "What's the hard limit on the first version — how many weeks, and who is building it?",
        )
    options = (
        (
            "core_problem",
            f"What's the riskiest assumption here — the thing that, if wrong, means {persona} won't switch?",
        ),
        ("success_metric", "Which single number would make you kill or double down on this after launch?"),
    )
    return options[variant % len(options)]


# What the PM says to a question back, by what it is about (the founder's words are quoted before it).
ASIDE_ANSWERS: dict[str, str] = {
    "revenue_model": "Nobody can know that before asking them to pay, so I'll treat it as the riskiest assumption: "
    "the revenue model question will pin it down, and it goes into the spec's open questions until a first user pays.",
    "target_user": "Yes, that's normal at this stage — most founders start with a hunch. Naming the first ten people "
    "you'd hand it to is how it gets sharp, and that's what these questions are for.",
    "feature_wishlist": "I'll let the numbers decide that in scoping: it gets its own RICE row like everything else, "
    "and if it doesn't earn a place in Phase 1 it goes below the cut line rather than into a separate product.",
    "success_metric": "A good metric is one number you'd act on three months after launch — I'll suggest one if you're "
    "unsure.",
    "constraints": "It depends on the scope, so I won't guess yet: in scoping I size every feature in person-weeks "
    "against your team and timeline and cut to fit — which is why I'll ask who is building it and for how long.",
    "adoption": "Whether they'll really use it is the riskiest assumption of any idea like this, and nobody knows until "
    "the first users try it: I'll put it in the spec's open questions, and the success metric is how we'll find out.",
    "domain": "I know the general idea, but your version of it is what counts — what you tell me in these answers is "
    "what the spec is built from, so more detail always helps.",
    "privacy": "I'm running offline here: what you type stays in pmtui's store on this machine and is used only to "
    "write the summary, the scope, the spec and the plan — nothing is sent anywhere.",
    "scope_size": "Not for now — in scoping every item gets an effort estimate against your team and time, and what "
    "doesn't fit waits below the cut line instead of crowding the first version. Two or three things is a good start.",
    "comparables": "In scoping I'll look for comparable products, here and elsewhere, and where nothing fits I'll name "
    "what people use today instead — that comparison goes into the spec.",
    "platform": "That decides how the first version is built rather than what goes in it, so I'll carry your question "
    "into the spec's technical considerations and open questions. The usual answer for cheap phones and patchy "
    "signal is a light web app that opens in the phone's browser: nothing to install, and it can keep working "
    "offline.",
    "": "Honest answer: I don't know yet — that's what the rest of this interview and your first users will tell us, "
    "and I'll keep it as an open question in the spec.",
}
CARD_AGAIN = "Apart from that, does the summary above look right? Say yes to move on to scoping, or tell me what to change."
ASIDE_IF_I_WERE_YOU = "If I were you, I'd pin down the {label} first. {why}"
ASIDE_OFF_TOPIC_ACK = "Ha — I'll leave that one out of the summary."


# "what do you mean by why now?", "wats RICE?": what a word of the PM's means, said plainly.
GLOSSARY: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bwhy[\s-]+now\b", re.IGNORECASE), ("By “why now” I mean what has changed lately — a price, a rule, a "
      "habit, a new tool — that makes this the right moment; “it was always a problem” is an honest answer too.")),
    (re.compile(r"\b(?:success )?metric\b|\bkpi\b", re.IGNORECASE), ("By a success metric I mean one number you'd watch "
      "after launch, with a target — users, money or time saved, like “30 shops using it weekly by June”.")),
    (re.compile(r"\bcore flow\b", re.IGNORECASE), ("By the core flow I mean the few steps your main user goes through to get "
      "the job done in the first version.")),
    (re.compile(r"\brice\b", re.IGNORECASE), ("RICE is how I score each feature in scoping: reach (how many people it "
      "touches) × impact (how much it helps each) × confidence (how sure we are) ÷ effort (person-weeks); the highest "
      "scores that fit your time go into Phase 1.")),
    (re.compile(r"\breach\b", re.IGNORECASE), ("Reach is how many of your users a feature touches in a quarter.")),
    (re.compile(r"\bimpact\b", re.IGNORECASE), ("Impact is how much a feature helps each user who touches it, from 0.25 "
      "(a little) to 3 (it solves the problem).")),
    (re.compile(r"\bconfidence\b", re.IGNORECASE), ("Confidence is how sure we are of the other numbers: 100% with "
      "evidence, 50% on a guess.")),
    (re.compile(r"\beffort\b", re.IGNORECASE), ("Effort is the work in person-weeks: one person for one week is 1.")),
    (re.compile(r"\b(?:constraints?|limits?)\b", re.IGNORECASE), ("By constraints I mean who builds it, for how long, "
      "with what budget, and anything it must run on.")),
    (re.compile(r"\b(?:wish ?list|mvp)\b", re.IGNORECASE), ("The wishlist is everything you'd like it to do; the MVP is "
      "the smallest part of it that proves the idea, which I cut to fit your time in scoping.")),
    # The words of the PM's own questions ("active users, retention, time saved?"): "what do you mean by retention tho?"
    (re.compile(r"\bretention\b|\bretain\w*|\bchurn\w*", re.IGNORECASE), ("By retention I mean how many of the people "
      "who try it are still using it weeks later — e.g. 4 in 10 still using it in week 4; churn is the ones who stop.")),
    (re.compile(r"\bactive users?\b|\b(?:weekly|monthly|daily) (?:active )?users?\b|\b[wmd]au\b", re.IGNORECASE),
     ("Active users are the people who actually use it in a given week or month, not everyone who signed up.")),
    (re.compile(r"\btime saved\b|\bsav(?:e|es|ing) time\b", re.IGNORECASE), ("Time saved is the hours it gives back to "
      "each user compared with how they do it today — e.g. an hour a week less on the phone.")),
    (re.compile(r"\bconversion\b|\bconvert\w*", re.IGNORECASE), ("Conversion is the share of people who take the next "
      "step — e.g. of those who try it, how many pay.")),
    (re.compile(r"\briskiest assumption\b|\bassumption\b", re.IGNORECASE), ("The riskiest assumption is the belief "
      "that sinks the idea if it is wrong — e.g. that people will switch from what they use today, or pay for it.")),
    (re.compile(r"\bperson[- ]weeks?\b", re.IGNORECASE), ("A person-week is one person working for one week; two people "
      "for four weeks is 8.")),
    (re.compile(r"\bcut line\b", re.IGNORECASE), ("The cut line splits Phase 1, what fits the "
      "time you have, from what waits for Phase 2 or later.")),
    (re.compile(r"\btarget user\b|\bpersona\b", re.IGNORECASE), ("By the target user I mean the specific people you "
      "would hand the first version to — the narrower, the better the first version fits them.")),
    (re.compile(r"\b(?:revenue|business) model\b|\bmonetis\w*|\bmonetiz\w*", re.IGNORECASE), ("By the revenue model "
      "I mean who pays, how much and how often — or that it stays free and who covers the costs.")),
    (re.compile(r"\b(?:current )?alternatives\b|\bworkarounds?\b", re.IGNORECASE), ("By alternatives I mean what "
      "people do today instead — a spreadsheet, a group chat, paper, another app, or nothing.")),
)


def glossary(term: str) -> list[str]:
    """What each of the PM's words in `term` means, in the order they were asked."""
    found = sorted((m.start(), text) for pattern, text in GLOSSARY if (m := pattern.search(term)))
    return [text for _, text in found]
