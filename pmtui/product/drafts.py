"""Drafts: what the founder said about an aspect only in the pitch or in passing, on either engine.

"I hate it, it feels like begging" in a rambling pitch, "Five-a-side organiser" read from "Five-a-side
organiser app", "the captain owes the full £60 pitch fee" filed as the price while the PM asked about the
problem: heard, shown on the card, but not yet an answer. The shared flow (pmtui.product.orchestrator) keeps
such a value as a draft, asks about its aspect directly once ("You mentioned … — is that …?"), and the
direct answer replaces the draft rather than being appended to it. A value heard in passing that already
stands on its own ("Today they chase late payments by hand with email and spreadsheets", "success means 10
paying designers in 3 months") is no draft: asking again would only make the interview longer.
"""

from __future__ import annotations

import re

from pmtui.models import ASPECTS, ConversationState, DiscoverySummary

# The wishlist has its own draft rule in the flow (features heard only in the pitch).
DRAFTABLE: tuple[str, ...] = tuple(a for a in ASPECTS if a != "feature_wishlist")

_WORD = re.compile(r"[a-z][a-z'’-]*|\d[\d,.]*", re.IGNORECASE)
_STOP_TEXT = """a an the and or of to for in on at by with from it its it's is are was be my our their they
    them we i you your this that these those some any all just really like so very who which what"""
_STOP = frozenset(_STOP_TEXT.split())
# An idea told as a product, not a pain or a group of people: "an app about food waste", "food waste logging for
# kitchens", "i want an app where patients can …".
_PRODUCT = re.compile(
    r"\b(?:apps?|platform|software|tool|tracker|system|website|portal|dashboard|marketplace|i want|i'?d like|"
    r"want(?:ing)? to (?:build|make)|i'?m building|we'?re building|logging|booking system)\b",
    re.IGNORECASE,
)
# Words that say something hurts without saying what happens.
_VAGUE_PAIN = re.compile(
    r"\b(?:mess(?:y)?|chaos|chaotic|headache|nightmare|hate|hard|difficult|annoying|faff|confusion|confusing|"
    r"pain|struggle|frustrating|complicated|begging|sucks|problem is the|issue|a lot|killing me)\b",
    re.IGNORECASE,
)
# A group that is a place or an organisation, not the people in it: "small clinics", "surf club", "private school".
_ORGANISATION = re.compile(
    r"\b(?:clubs?|schools?|clinics?|practices|practice|agenc(?:y|ies)|shops?|stores?|business(?:es)?|"
    r"compan(?:y|ies)|halls?|groups?|organi[sz]ations?|restaurants?|kitchens?|pharmac(?:y|ies)|chemists|"
    r"hospitals?|centres?|centers?|firms?|generators?|buildings?|admin|"
    # Outfits a founder runs ("nail salons", "PG hostels", "mini storage businesses", round 9): places, not people.
    r"salons?|hostels?|studios?|garages?|gyms?|farms?|bakeries|bakery|cafes?|hotels?|pgs|saccos?|businesses)\s*$",
    re.IGNORECASE,
)
_GENERIC_PEOPLE = re.compile(
    r"^\W*(?:the\s+)?(?:people|users?|customers?|clients?|everyone|anyone|folks|owners?|parents|patients|"
    r"residents|tenants|students|members|volunteers)\W*$",
    re.IGNORECASE,
)
# What people do today, named: a tool, a place it is written down, a habit.
_TOOL = re.compile(
    r"\b(?:whatsapp|spreadsheets?|excel|sheets?|paper|notebooks?|books?|email|e-mails?|texts?|texting|sms|"
    r"phones?|calls?|facebook|messenger|instagram|google|forms?|diary|calendar|board|whiteboard|fridge|"
    r"register|clipboard|hand|dropbox|group|chat|app|notes?|by hand|nothing)\b",
    re.IGNORECASE,
)
# Where the work is kept, told in passing inside the pitch's story ("…but we record it in an exercise book and people
# dispute"): heard, and asked about once citing it ("You mentioned …"), not asked as if it had not been said.
_KEPT_IN_PASSING = re.compile(r"^(?:he|she|they|we|i|the \w+) (?:just |still |all )?(?:keeps?|writes?|notes?|logs?|puts?|"
                              r"records?|jots?|marks?|enters?)\b", re.IGNORECASE)
_CHANGE = re.compile(
    r"\b(?:now|since|recent(?:ly)?|new|last (?:year|month|winter|summer)|this year|changed?|no longer|any ?more|"
    r"finally|after|cheaper|growing|grew|doubled|tripled|rules?|laws?|regulations?|ban(?:ned)?|started|cut|"
    r"scrapped|closing|closed|covid)\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|ten|twenty|fifty|hundred|thousand)\b", re.IGNORECASE)
_METRIC_SHAPE = re.compile(
    r"\b(?:users?|customers?|clients?|active|paying|retention|weekly|monthly|daily|per (?:week|month|day)|"
    r"a (?:week|month|day)|every (?:week|month|day)|within|by (?:month|week|year|the end|end|next|spring|summer|"
    r"autumn|winter|christmas|\w+ \d)|after \d|in (?:the first )?\d|in year|months?|weeks?|years?)\b|%",
    re.IGNORECASE,
)
_PRICE_SHAPE = re.compile(
    r"[$€£₹₦₱₵]\s?\d|\d\s?(?:p|k)?\s*(?:a|an|per|/)\s*(?:month|year|week|day|seat|user|head|booking|order|"
    r"transaction|machine|member|unit|hall|team|player|game|school|kitchen|truck)|\b(?:free|freemium|subscriptions?|"
    r"commission|fees?|premium|grant|sponsor(?:ship|ed)?|ads|advertising|licen[cs]es?|per (?:month|year|seat|user)|"
    r"charge|pays?)\b|%",
    re.IGNORECASE,
)
# An amount someone loses, owes, spends or pays elsewhere today is the pain, not the price of the product.
_LOSS = re.compile(
    r"\b(?:lose|loses|losing|lost|owe|owes|owed|owing|chase|chases|chasing|spend|spends|spent|waste[sd]?|"
    r"written off|fronts?|fronting|out of pocket|was paying|paying for|cost(?:s)? (?:me|us|him|her|them|an?|the)|"
    r"at the (?:public )?car park|each with the logo|unpaid)\b",
    re.IGNORECASE,
)
# No price at all, said plainly: "R0 i mean its for us", "we won't sell it", "$0, internal", "not for sale".
NO_REVENUE = re.compile(
    r"(?<![\w.])(?:[$€£₹₦₱₵R]|rs\.?|kes|ksh|ngn|zar|php|inr|usd|eur|gbp)\s?0(?![\d.,]*\d)|\b(?:zero|0)\s+(?:rand|naira|"
    r"shillings?|pesos?|rupees?|dollars?|pounds?|euros?|cedis?|ringgit)\b|\b(?:won'?t|wont|will not|not going to|never|"
    r"don'?t|do not)\s+(?:sell|charge for|monetis\w*|monetiz\w*)\b|\bnot (?:for sale|selling it|selling this)\b|"
    r"\b(?:it'?s|its|it is|just)\s+(?:just\s+)?for\s+(?:us|ourselves|our own|my own|the shop|the business|the team|"
    r"internal use)\b|\binternal(?:ly)?\s+(?:tool|use|only)\b|\bno money\b",
    re.IGNORECASE,
)
# A target of none over a time: "if we don't run out of bread for a whole month", "no double bookings for a term",
# "never miss a pickup in a month" — zero is the number.
ZERO_TARGET = re.compile(
    r"\b(?:don'?t|dont|do not|doesn'?t|never|no|zero|nobody|no one|nothing|not (?:once|a single|one))\b[^.;]{0,60}?"
    r"\b(?:for|in|over|during|"
    r"across|within|by)\s+(?:a|one|the|an|\d+|two|three|four|six)?\s*(?:whole|full|entire|straight)?\s*(?:weeks?|"
    r"months?|terms?|seasons?|years?|quarters?|semesters?)\b",
    re.IGNORECASE,
)
# "we don't have a developer for a month", "no budget for six months": none of the means to build it, no target.
_NO_MEANS = re.compile(r"\b(?:money|budget|funding|funds|cash|devs?|developers?|engineers?|coders?|programmers?|time|"
                       r"help|staff|laptops?|computers?|(?:i|we)\s+(?:have|had|got))\b", re.IGNORECASE)


def zero_target(text: str) -> bool:
    """A target of none over a time ("no double bookings for a full term"), not a lack of the means to build it."""
    found = ZERO_TARGET.search(text)
    return found is not None and not _NO_MEANS.search(found.group(0))
_LIMIT_SHAPE = re.compile(
    r"\d+\s*(?:weeks?|wks?|months?|mos?|days?|hours?|persons?|people|devs?|developers?|engineers?)|"
    r"\b(?:solo|me|myself|of us|developers?|devs?|engineers?|designer|team|budget|ios|android|web|phones?|mobile|"
    r"offline|gdpr|hipaa|evenings?|weekends?|part[- ]time|full[- ]time|deadline)\b",
    re.IGNORECASE,
)


def _words(value: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(value) if w.lower() not in _STOP]


def _head(people: str) -> str:
    """The words naming the group, before what places it: "dog owners" of "dog owners in my apartment building"."""
    return re.split(r"\s+(?:in|at|of|with|who|that|from|on|for|across|near)\s+|[,;(]", people, maxsplit=1)[0]


def weak(aspect: str, value: str) -> bool:
    """Does a value heard in passing need a direct question before the card, or does it stand on its own?"""
    text = value.strip()
    words = _words(text)
    if not words:
        return False
    if aspect == "target_user":
        return (
            len(words) <= 1
            or bool(_GENERIC_PEOPLE.match(text) or _ORGANISATION.search(_head(text)) or _PRODUCT.search(text))
            or bool(re.search(r"\b(?:orders?|photos?|sending|messages?)\b", text, re.IGNORECASE))
        )
    if aspect == "core_problem":
        return len(words) < 5 or bool(_PRODUCT.search(text) or _VAGUE_PAIN.search(text))
    if aspect == "current_alternatives":
        return len(words) < 3 or not _TOOL.search(text) or bool(_PRODUCT.search(text) and _VAGUE_PAIN.search(text))
    if aspect == "why_now":
        return len(words) < 4 or not _CHANGE.search(text)
    if aspect == "success_metric":
        if zero_target(text):
            return False
        return not (_NUMBER.search(text) and _METRIC_SHAPE.search(text)) or bool(_LOSS.search(text))
    if aspect == "revenue_model":
        if NO_REVENUE.search(text):
            return False
        return not _PRICE_SHAPE.search(text) or bool(_LOSS.search(text))
    if aspect == "constraints":
        return not _LIMIT_SHAPE.search(text) or bool(_LOSS.search(text))
    return False


def open_drafts(state: ConversationState) -> list[str]:
    """Aspects holding a draft the PM has not asked about since it was heard, in the order of ASPECTS."""
    return [a for a in DRAFTABLE if a in state.drafts and state.ask_count.get(a, 0) <= state.drafts[a]]


_AFFIRM = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|correct|exactly|right|that'?s (?:it|right|correct)|spot on|indeed)\b", re.IGNORECASE
)


# "no lol thats why now", "that was more the problem, not the money": the draft asked about answers another aspect.
_RELABEL = re.compile(
    r"^\W*(?:(?:no+|nah|nope|not really|lol|haha|ha|sorry|oh|ah)\W+)*(?:that'?s|thats|that was|this is|it'?s|its)\s+"
    r"(?:more\s+|really\s+|actually\s+)?(?:(?:about|for)\s+)?(?:(?:the|my|our|a)\s+)?(?P<label>why[\s-]+now|timing|problem|pain|"
    r"target users?|users?|metric|success|constraints?|limits?|alternatives?|workaround|today'?s way)"
    r"(?:\s+(?:bit|part|answer|thing|one))?(?:\s*,?\s*not\s+(?:the\s+|my\s+)?[\w' ]{1,20}?)?(?=\s*(?:[.,;!?]|$|lol|haha))\W*",
    re.IGNORECASE,
)
_RELABEL_ASPECT = (("why_now", "why|timing"), ("core_problem", "problem|pain"), ("target_user", "user"),
                   ("success_metric", "metric|success"), ("constraints", "constraint|limit"),
                   ("current_alternatives", "alternative|workaround|today"))


def _relabelled(state: ConversationState, result: DiscoverySummary, before: DiscoverySummary, asked: str,
                text: str) -> DiscoverySummary | None:
    """The draft asked about moved to the aspect the founder names, and the rest of the answer kept for `asked`."""
    match = _RELABEL.match(text)
    if not match or asked not in state.drafts:
        return None
    label = match.group("label").lower()
    target = next((aspect for aspect, words in _RELABEL_ASPECT if re.match(words, label)), "")
    old = getattr(before, asked).strip()
    if not target or target == asked or not old:
        return None
    kept = getattr(result, target).strip()
    parts = [p for p in getattr(result, asked).split("; ") if p.strip() and not _RELABEL.fullmatch(p.strip() + ".")]
    rest = [p for p in parts if p.strip() != old and not old.startswith(p.strip())]
    return result.model_copy(update={target: f"{kept}; {old}" if kept else old, asked: "; ".join(rest)})


def update(
    state: ConversationState,
    before: DiscoverySummary,
    after: DiscoverySummary,
    asked: str,
    labelled: list[str],
    text: str,
) -> DiscoverySummary:
    """Keep `state.drafts` in step with one answer, and return the summary with a draft replaced by the direct
    answer to its question (not "draft; answer")."""
    result = after
    pitch = not asked and not any(getattr(before, a).strip() if isinstance(getattr(before, a), str) else getattr(before, a)
                                  for a in ASPECTS)
    for aspect in DRAFTABLE:
        old, new = getattr(before, aspect), getattr(after, aspect)
        if aspect in labelled or not new.strip():
            state.drafts.pop(aspect, None)
            continue
        if aspect == asked:
            moved = _relabelled(state, result, before, asked, text)
            if moved is not None:
                # What was heard in passing answered another question: it goes there, and this one is asked again
                # unless the same answer gave it.
                result = moved
                state.drafts.pop(aspect, None)
                continue
            if new != old:
                if (aspect in state.drafts and old and new.startswith(old + "; ") and old.lower() not in text.lower()
                        and not _AFFIRM.match(text) and (weak(aspect, old) or (
                            aspect == "current_alternatives" and _KEPT_IN_PASSING.search(old)))):
                    # The direct answer replaces what was heard in passing rather than being appended to it (unless
                    # it says the draft again: "paper tickets. whatsapp photos" keeps the paper tickets, and "Yes yes
                    # that only. Month end she is calling 25 people…" confirms the draft and adds to it).
                    result = result.model_copy(update={aspect: new[len(old) + 2:].strip() or new})
                state.drafts.pop(aspect, None)
            elif aspect in state.drafts and (
                len(text.split()) >= 3 and _AFFIRM.match(text)
                or state.ask_count.get(aspect, 0) - state.drafts[aspect] >= 2
            ):
                # "Yes, that's it": the draft is confirmed; asked twice, it stands as it is.
                state.drafts.pop(aspect, None)
            continue
        if new != old and (not old.strip() or aspect in state.drafts):
            if weak(aspect, new) or (pitch and aspect == "core_problem") or (
                    pitch and aspect == "current_alternatives" and _KEPT_IN_PASSING.search(new)):
                # The problem as the pitch told it ("we double-book a castle on busy weekends") is the founder's
                # headline, not their account of it: asked about once ("what goes wrong, the last time?"), and the
                # answer is added to it rather than replacing it (a weak draft is replaced).
                state.drafts[aspect] = state.ask_count.get(aspect, 0)
            else:
                state.drafts.pop(aspect, None)
    return result


def asking(state: ConversationState, gaps: list[str], asked: str, before: DiscoverySummary,
           after: DiscoverySummary) -> list[str]:
    """The gaps the interviewer should work from: the real gaps, the open drafts, and a draft just asked about
    whose answer said nothing new ("yeah"), which is pressed once more. An answer about something else leaves a
    draft of the rest standing ("£1 per booking" to "You mentioned the council … Is that why now?": asked once, not
    asked again); who it is for and the problem, the core of it, are pressed once more."""
    extra = set(open_drafts(state))
    if asked in state.drafts and getattr(before, asked) == getattr(after, asked) and (
            before == after or asked in ("target_user", "core_problem")):
        extra.add(asked)
    return [a for a in ASPECTS if a in gaps or a in extra]
