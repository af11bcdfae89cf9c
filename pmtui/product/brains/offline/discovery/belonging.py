"""Which aspect an answer is about when its content clearly belongs to another one than the question asked.

Founders answer out of order: a why-now story to the metric question, "free, maybe the building pays later"
to the wishlist question, a list of features to the money question. Each rule below names the aspect the
content belongs to, what says so, and the questions it overrides; a rule never fires when the answer also
carries a cue for the question that was asked (`ANSWERS_ASKED`), so a real answer is never moved away.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pmtui.product.brains.offline.discovery.cues import (
    ALTERNATIVES_STRONG,
    AT_THEIR_POST,
    CONSTRAINTS_DECISIVE,
    COUNT_WITH_HORIZON,
    CURRENCY_AFTER,
    CURRENCY_BEFORE,
    DATED_CHANGE,
    FEATURE_TRIGGER,
    FEATURE_VERB,
    HEDGED_FEATURE,
    NOT_FEATURE_LEAD,
    PERCENT_TARGET,
    PROBLEM_STRONG,
    SUCCESS_STRONG,
    TRIED_BEFORE,
    WHY_NOW_STRONG,
)
from pmtui.product.brains.offline.discovery.lexicon import TOOL_RE
from pmtui.product.brains.offline.discovery.outcomes import outcome_states
from pmtui.product.brains.offline.discovery.rates import target_change
from pmtui.product.brains.offline.discovery.text import (
    BULLET,
    has_persona,
    inline_list_lines,
    list_items,
    persona_phrase,
    split_sentences,
)

_CHOICE = re.compile(r",\s*or\s+\w+\W*$|\bor (?:nothing|none)\b", re.IGNORECASE)

# An amount in the founder's currency (cues.CURRENCY_BEFORE, cues.CURRENCY_AFTER), or a note or coin by name.
_AMOUNT = (r"(?:" + CURRENCY_BEFORE + r"\s?\d[\d,.]*k?\b|\b\d[\d,.]*\s?[€£$₹₦₵¥](?!\w)|\b(?:a|one|two|three)\s+"
           r"(?:fiver|tenner|quid|buck|bucks|pound|dollar|euro)s?\b|\b\d[\d,.]*k?\s*" + CURRENCY_AFTER + r"\b)")
# A period or a unit it is paid by: "a month", "/mo", "per garage", "each booking".
_PERIOD = (r"(?:(?:/|a|an|each)\s*(?:month|mo|year|yr|week|day|night|hour|hr|ride|seat|user|booking|order|location|room|"
           r"store)\b|"
           r"(?:monthly|weekly|yearly|annually|a month|a year)\b|per\s+[a-z]\w*|"
           # "200 pesos al mes", "10 € par mois", "5 Euro im Monat", "RM30 sebulan".
           r"(?:al|por|el|par|pro|im|au)\s+(?:mes|año|ano|mois|an|monat|jahr)\b|/mes\b|sebulan\b|per bulan\b)")

# What money sounds like: free for someone, someone pays an amount, an amount a month, a subscription.
# "cost plus 15 percent", "a 12 percent markup", "EC$100 for the delivery", "₱50 on each order": a margin, or a fee
# for one job of the service.
_MARGIN_OR_FEE = re.compile(r"\bcost\s+plus\b|\bmark[- ]?ups?\b|" + _AMOUNT + r"\s+(?:for|on)\s+(?:the\s+|each\s+|every\s+|a\s+)?"
                            r"(?:deliver(?:y|ies)|orders?|bookings?|trips?|jobs?|visits?|call[- ]?outs?|sessions?|lessons?|"
                            r"class(?:es)?|cleans?|box(?:es)?|bags?|part(?:y|ies)|rides?|drop[- ]?offs?|pick[- ]?ups?)\b",
                            re.IGNORECASE)

MONEY = (
    re.compile(r"^\W*(?:it'?s |it is |totally |always |completely )?free\b", re.IGNORECASE),
    re.compile(r"\bfree (?:for|to) (?:the )?\w+", re.IGNORECASE),
    re.compile(r"\b(?:pays?|paying|charges?|charging)\b[^.;]{0,40}?" + _AMOUNT, re.IGNORECASE),
    re.compile(_AMOUNT + r"\s*" + _PERIOD, re.IGNORECASE),
    # "day rate per tool", "an hourly rate": a rate is a price, said before or without its amount.
    re.compile(r"\b(?:subscriptions?|freemium|commission|sponsor\w*|(?:day|daily|hourly|nightly|weekly|flat) rates?)\b",
               re.IGNORECASE),
    # "the council grant covers it and maybe the other centres chip in", "take a card payment up front", "a small fee on
    # top for delivery": who pays, said without an amount.
    re.compile(r"\b(?:grant|council|funders?|charity|trust|lottery|donors?|school|club|association)\s+(?:\w+\s+)?"
               r"(?:covers?|pays? for|funds?)\s+(?:it|the\s+\w+)|\bchip(?:s|ping)?\s+in\b|\btak(?:e|ing)\s+(?:a\s+)?"
               r"(?:card\s+)?payments?\s+(?:up\s*front|in advance)|\b(?:small\s+)?fee\s+on\s+top\b", re.IGNORECASE),
    _MARGIN_OR_FEE,
)
_PRICED = MONEY[3]

CONTRAST = re.compile(r"\bnow\b[^.?!]{3,80}?\b(?:earlier|before(?! the\b)|previously|used to|in the old days|last year)\b|"
                      r"\b(?:earlier|previously|before|used to)\b[^.?!]{3,80}?\bnow\b", re.IGNORECASE)
# What changed: "since the pandemic", "covid made everyone get dogs", "members went from 300 to 900".
CHANGE = (
    WHY_NOW_STRONG,
    re.compile(r"\b(?:covid|corona|lockdowns?|post[- ]pandemic|back in the office|back to the office)\b", re.IGNORECASE),
    re.compile(r"(?:^|[,;]\s*)since\b|\bsince then\b|\bever since\b", re.IGNORECASE),
    re.compile(r"\bwent from \d[\d,]* to \d[\d,]*|\b(?:doubled|tripled|boomed|exploded|went up|gone up|shot up)\b",
               re.IGNORECASE),
    # "now all boys pay by upi, earlier it was cash only": then and now, side by side.
    CONTRAST,
)

# A target: a count with a time window ("40 studios … within 6 months"), a percentage goal, or "success is".
_BUILDERS = re.compile(
    r"devs|developers|engineers|programmers|designers|people|founders|cofounders|co-founders|weeks|months|days|"
    r"years|hours|quarters|sprints|wks|mos",
    re.IGNORECASE,
)

# "200 booking per month after 3 months": a rate with a horizon is a target, whatever the noun's number.
_RATE_WITH_HORIZON = re.compile(
    r"\b\d[\d,.]*\s+\w+\s+(?:per|a|each|every)\s+(?:day|week|month)\b[^.;]*\b(?:after|in|within|by)\s+"
    r"(?:\d+|one|two|three|six|twelve)\s+(?:weeks?|months?|years?)",
    re.IGNORECASE,
)

# People taking the product up: "using it", "paying", "signed up", "on board".
_ADOPTING = re.compile(r"\b(?:using|use it|used|paying|pay for it|signed up|sign up|on board|onboard(?:ed)?|subscrib\w*|"
                       r"active|adopt\w*|switched)\b", re.IGNORECASE)

# Limits: the team, the weeks, the budget, the platform.
LIMITS = (
    CONSTRAINTS_DECISIVE,
    re.compile(r"\bme\s*(?:\+|and|plus|&)\s*(?:\d|one|two|a|my)\b|\b(?:just|only) me\b|^\W*me\b|"
               r"\bs[oó]lo yo\b|\byo s[oó]lo\b|\bnur ich\b|\bmoi seul\b", re.IGNORECASE),
    re.compile(r"\b\d+\s*(?:weeks?|wks?|months?|mos?|semanas?|meses|mes|semaines?|mois|wochen|monate?|minggu|bulan)\b"
               r"(?![^.;,]*\b(?:after|from) launch)", re.IGNORECASE),
    re.compile(r"\bbudget\b|" + _AMOUNT + r"\s*budget", re.IGNORECASE),
    re.compile(r"\b(?:android|ios|iphone|tablet|web app|web only|office pc|laptop)\b", re.IGNORECASE),
    # "about two months", "a couple of weeks": a duration in words; "a friend who's a developer, weekends": who builds
    # it and when they can.
    # "in three months" is a target's horizon, not how long there is to build.
    re.compile(r"(?<!\bin )(?<!\bwithin )(?<!\bby )(?<!\bafter )\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
               r"a couple of|a few)\s+(?:weeks?|months?)\b"
               r"(?![^.;,]*\b(?:after|from) launch)", re.IGNORECASE),
    re.compile(r"\b(?:(?:a|my|our|one)\s+(?:friend|mate|cousin|brother|sister|son|daughter|nephew|niece|uncle|partner)\s+"
               r"(?:who'?s|who is|is)\s+(?:a\s+)?(?:developer|dev|coder|programmer|engineer)|"
               r"(?:on|at|in the)\s+(?:weekends|evenings)|(?:weekends|evenings) only|part[- ]time)\b", re.IGNORECASE),
    # "Needs to work on old phones", "must run offline", "cheap android phones": where it has to run.
    re.compile(r"\b(?:needs?|has|have|must|got|should)\s+(?:to\s+)?(?:work|run)\s+(?:on|offline|without|in\s+(?:the\s+|a\s+)?"
               r"browser)|\b(?:old|older|cheap|basic|low-end|budget)\s+(?:phones?|smartphones?|androids?|laptops?|pcs?|tablets?)\b",
               re.IGNORECASE),
    # "we have maybe 10 hours a week between us": the time there is to build, not a chore's cost.
    re.compile(r"\b(?:have|got|spare|give|put in)\b[^.;]{0,25}?\b\d+\s*(?:hours?|hrs?)\s+(?:a|per)\s+week\b|"
               r"\b\d+\s*(?:hours?|hrs?)\s+(?:a|per)\s+week\s+between\s+(?:us|the\s+(?:two|three)\s+of\s+us)\b", re.IGNORECASE),
)

_DATED = re.compile(DATED_CHANGE, re.IGNORECASE)

# Who: "the users are …", "it's for …", "the target user is …".
PEOPLE = re.compile(
    r"^\W*(?:the |our |my )?(?:users?|target(?: users?)?|customers?|audience)\s+(?:is|are|would be|will be)\b|"
    r"^\W*(?:it'?s|it is|this is) for\b",
    re.IGNORECASE,
)


def money(text: str) -> int:
    """How many different money cues the text carries."""
    return sum(1 for pattern in MONEY if pattern.search(text))


def change(text: str) -> int:
    return sum(1 for pattern in CHANGE if pattern.search(text))


# "No double bookings at all by the end of the season", "stop chasing at least £300 a month in unpaid bookings": none
# of the bad thing by a date, or money no longer lost, is a target.
_NONE_BY = re.compile(r"\b(?:no|zero|not a single|not one)\s+(?:more\s+)?(?:[\w-]+\s+){1,3}(?:at all\s+)?(?:by|within|before)\s+"
                      r"(?:the end of|end of|next|this|\d|christmas|easter|summer|spring|autumn|winter)|"
                      r"\bstop\s+(?:chasing|losing|wasting|writing off)\s+(?:(?:at least|about|around|over)\s+)?[$€£₹₦₱]?\d",
                      re.IGNORECASE)


def target(text: str) -> bool:
    if SUCCESS_STRONG.search(text) or PERCENT_TARGET.search(text) or _RATE_WITH_HORIZON.search(text) or (
            target_change(text)) or _NONE_BY.search(text):
        return True
    return any(not _BUILDERS.fullmatch(m.group("noun")) for m in COUNT_WITH_HORIZON.finditer(text))


def workaround(text: str) -> bool:
    """What people do today, named as such and with the tool: "at the moment it's all done on a whatsapp group"."""
    return bool(ALTERNATIVES_STRONG.search(text) and TOOL_RE.search(text)) and not PEOPLE.search(text)


# "free for first 3 months then Rs 99 per month": the months of a free trial are the price, not the time to build.
_TRIAL = re.compile(r"\bfree\s+(?:for\s+)?(?:the\s+)?(?:first\s+)?(?:\d+|one|two|three|six|twelve)\s*(?:days?|weeks?|months?)\b|"
                    r"\b(?:\d+|one|two|three|six|twelve)[- ](?:day|week|month)s?\s+(?:free\s+)?trial\b", re.IGNORECASE)


def limits(text: str) -> int:
    # "…and me and my pal Morag doing the desk": the founder's own people at their post are users, not a team.
    text = AT_THEIR_POST.sub(" ", _TRIAL.sub(" ", text))
    return sum(1 for pattern in LIMITS if pattern.search(text))


_RELATIVE = re.compile(r"\s+(?:of what|what|which|that|who|whose|where)\b.*$", re.IGNORECASE)


def capabilities(text: str) -> list[str]:
    """The items of a plain list of things to build ('a shared calendar of walks, claim a walk slot, reminders'),
    or [] when the text is not such a list (a sentence, a story, fewer than three items)."""
    # One item per line too: "1. digital brew log\n2. automatic monthly tax report".
    pieces = list_items(text)
    if len(pieces) < 3 or any(len(p.split()) > 12 for p in pieces) or _CHOICE.search(text):
        # "Spreadsheets, FreshBooks, Wave, or nothing" offers alternatives, it asks for nothing to be built.
        return []
    # "the cost of living and the school survey, uniform came top" tells what happened: nothing to build.
    # "Every farmer have smartphone now, …, an gas price a kill wi": what changed, said as news.
    stated = re.compile(r"\b(?:is|are|was|were|i|we|they|he|she|it|came|went|got|had|did|said|made|took|rose|fell|"
                        r"grew|became|now|nowadays|kill\w*)\b", re.IGNORECASE)
    shaped = [
        p for p in pieces
        if not NOT_FEATURE_LEAD.match(p)
        # "a report of what we lost": a relative clause says which rows; the item itself states nothing.
        and (FEATURE_VERB.match(p) or not stated.search(_RELATIVE.sub("", p)))
        # A tool ("FreshBooks") is today's workaround and people ("illustrators") are the target, not features;
        # "WhatsApp reminder to pay" is a thing to build that names a tool.
        and not (TOOL_RE.search(p) and not _BUILT_WITH_TOOL.search(p))
        and not (has_persona(p) and not FEATURE_VERB.match(p) and len(p.split()) <= 3)
    ]
    return pieces if 4 * len(shaped) >= 3 * len(pieces) else []


# Things a product has, named as nouns ("a report of …", "an alert 3 months before", "list of drugs …").
_BUILT_NOUN = re.compile(
    r"^(?:an?\s+|the\s+)?(?:\w+\s+)?(?:list|report|alert|reminder|dashboard|calendar|form|search|notification|"
    r"export|scan(?:ner|ning)?|log|history|map|chart|summary|booking|page|button|message|invoice|receipt|profile|"
    r"account|login|sign[- ]?up|catalog(?:ue)?|menu|tracker|timer|queue|checklist|feed|inbox|app|attendance)s?\b|"
    # "lift sharing", "subs tracking", "rota planning": a thing and what the product does with it.
    r"^(?:an?\s+|the\s+)?(?:\w+\s+){1,2}(?:tracking|sharing|booking|planning|scheduling|management|reminders?|alerts?|"
    r"notifications?|reports?|lists?|logging)\b",
    re.IGNORECASE,
)


# "parents can see free slots", "admin get daily list", "the coach sees who replied": what someone can do with it.
_SOMEONE_CAN = re.compile(r"^(?:the\s+)?(?P<who>[\w'-]+)\s+(?:can|could|will|get|gets|see|sees|receive|receives|"
                          r"is able to|are able to)\s+\w+", re.IGNORECASE)


def _user_story(item: str) -> bool:
    said = _SOMEONE_CAN.match(item.strip())
    return said is not None and (has_persona(said.group("who")) or said.group("who").lower() in ("admin", "admins", "staff"))


def _things_to_build(text: str) -> bool:
    """A list of three or more things to build and no pain: each item a feature verb, a product noun or what someone
    can do with it ("parents can see free slots")."""
    items = capabilities(text)
    return bool(items) and not PROBLEM_STRONG.search(text) and all(
        FEATURE_VERB.match(item) or _BUILT_NOUN.match(item) or _user_story(item) for item in items
    )


def _only_people(text: str) -> bool:
    """'planners who do 20+ weddings a year' to 'what goes wrong?': the whole answer names people, nothing happens."""
    said = text.strip(" .!")
    people = persona_phrase(said)
    # The head noun names people: "staff shortage" is a shortage, "dog owners in my building" are owners.
    head = re.split(r"\s+(?:who|that|with|in|at|on|from|of|doing|running|working)\b", people, maxsplit=1)[0].split()
    rest = said[len(people):] if said.lower().startswith(people.lower()) else said
    return (bool(people) and bool(head) and has_persona(head[-1])
            and not re.sub(r"\b(?:too|mostly|mainly|i guess|i think|really|mainly|only)\b|\W", "", rest.lower())
            and not PROBLEM_STRONG.search(said) and not TOOL_RE.search(said))


# A description of who: "1-2 people running", "mostly in residential colonies", "aged 30 to 50", "around 200 of them".
_DESCRIBES_WHO = re.compile(
    r"^\W*(?:(?:mostly|mainly|usually|often|all|most|some|many|around|about|like)\s+)*(?:"
    r"(?:in|at|on|from|near|across|around)\s+\w+|\d[\d,.+-]*\s*(?:to\s*\d+\s*)?(?:people|persons|staff|employees|tutors|"
    r"workers|members|of them|outlets|branches|shops|stores|years?)\b|aged\b|(?:family|family-run|self-employed|"
    r"independent|small|one[- ]man|one[- ]woman)\b)", re.IGNORECASE)


def _people_list(text: str) -> bool:
    """'small kirana shop owners, 1-2 people running, mostly in residential colonies': people, then what they are like."""
    items = list_items(text)
    if len(items) < 2 or any(len(item.split()) > 8 for item in items):
        return False
    first = items[0].strip()
    head = re.split(r"\s+(?:who|that|with|in|at|on|from|of)\b", first, maxsplit=1)[0].split()
    return (bool(head) and has_persona(head[-1]) and not FEATURE_VERB.match(first)
            and all(_DESCRIBES_WHO.match(item) for item in items[1:])
            and not PROBLEM_STRONG.search(text) and not TOOL_RE.search(text) and not money(text) and not target(text))


# "WhatsApp reminders", "an Excel export" are things to build that name a tool.
_BUILT_WITH_TOOL = re.compile(r"\b(?:reminders?|exports?|imports?|sync\w*|integrat\w*|alerts?|notifications?|reports?|"
                              r"bots?|logins?|payments?|bookings?|messages?|templates?|links?|buttons?|receipts?|invoices?|"
                              r"confirmations?|statements?|updates?)\b", re.IGNORECASE)


# "some are using Khatabook", "a few use Calendly": a product in use, named by whoever uses it.
_IN_USE = re.compile(r"^\W*(?:some|many|most|a few|a lot|others|they|lots)\s+(?:of them\s+)?(?:are\s+)?(?:us(?:e|es|ing)|on|"
                     r"tried|have)\s+[A-Z]?\w+", re.IGNORECASE)
_REMARK_ON_TOOL = re.compile(r"\s+(?:but|though|tho|which|cos|coz|because|since)\s+", re.IGNORECASE)


# "a paper diary at the counter", "just a group chat poll every morning": paper or a chat of today's way, with where or
# when it is kept, and nothing made new ("a shared calendar", "a digital diary", "WhatsApp reminders" are wishes; "a
# calendar" or "Excel" may be one).
_ONLY_A_TOOL = re.compile(
    r"^\W*(?:(?:just|only|still|the same|same)\s+)?(?:(?:a|an|the|our|my|his|her|their|that|this|big|old|little|usual)\s+)*"
    r"(?P<tool>[\w .-]+?)(?:\s+(?:poll|sheet|thread|page))?"
    r"(?:\s+(?:at|on|in|by|under|beside|next to|every|each)\s+[\w' ]{1,30})?\W*$",
    re.IGNORECASE,
)
_PAPER_OR_CHAT = re.compile(
    r"(?:(?:messenger|whatsapp|facebook|paper)\s+)?(?:paper(?: diary)?|diary|notebooks?|exercise book|ledger book|receipt book|"
    r"register book|log ?book|whiteboards?|clipboard|post-its|sticky notes|pen and paper|group chats?|whatsapp(?: group)?|"
    r"messenger|phone calls|text messages|texts)",
    re.IGNORECASE,
)


def only_a_tool(text: str) -> bool:
    """The answer names paper or a chat of today's way and nothing to build ("a paper diary at the counter")."""
    found = _ONLY_A_TOOL.match(text)
    return bool(found and _PAPER_OR_CHAT.fullmatch(found.group("tool").strip()) and len(text.split()) <= 10)


def _tools_listed(text: str) -> bool:
    """Two or more items, most of them a tool, an app or paper by name ('Excel', 'a notebook', 'WhatsApp groups')."""
    # "notes app, paper, some use Tradify but reckon its too dear": what is said about a tool is no item.
    items = list_items(_REMARK_ON_TOOL.split(text, maxsplit=1)[0], joiners=r"\s+(?:and|or|plus|&)\s+|\s*\+\s*(?=[a-z])")
    if len(items) < 2 or any(len(item.split()) > 10 for item in items):
        return False
    named = sum(1 for item in items if (TOOL_RE.search(item) or _IN_USE.match(item)) and not _BUILT_WITH_TOOL.search(item))
    return named >= 2 and 3 * named >= 2 * len(items) and not any(FEATURE_VERB.match(item) for item in items)


# Does the answer carry a cue for the aspect that was asked? Then it answers it, whatever else it says.
ANSWERS_ASKED = {
    "revenue_model": lambda t: money(t) > 0,
    "why_now": lambda t: change(t) > 0,
    # "Every order complete before the boat sails, and no substitution the chef didn't approve": a state to reach.
    "success_metric": lambda t: target(t) or outcome_states(t),
    "constraints": lambda t: limits(t) > 0,
    "feature_wishlist": lambda t: bool(capabilities(t)),
    "core_problem": lambda t: bool(PROBLEM_STRONG.search(t)),
    "current_alternatives": lambda t: False,
    "target_user": lambda t: False,
}


@dataclass(frozen=True)
class BelongingRule:
    """Content that belongs to `aspect`, said in answer to one of the questions in `overrides`."""

    name: str
    aspect: str
    overrides: frozenset[str]
    says: object  # (text) -> bool


RULES: tuple[BelongingRule, ...] = (
    # "free for neighbours, maybe building management pays 20 dollars a month later" to "what else must it do?"
    BelongingRule("money", "revenue_model",
                  frozenset({"feature_wishlist", "success_metric", "constraints", "why_now"}),
                  lambda t: (money(t) >= 2 or (bool(_PRICED.search(t)) and not capabilities(t))) and not _NONE_BY.search(t)),
    # "Success is 40 studios taking 60% of their bookings through it within 6 months." to "why now?"
    # … and "well success for me would be every family that asks getting something that fits" to the wishlist question.
    BelongingRule("target", "success_metric", frozenset({"why_now", "revenue_model", "constraints", "feature_wishlist"}),
                  lambda t: target(t) and (money(t) == 0 or bool(_NONE_BY.search(t))) and limits(t) <= 1),
    # "half the clubs in Cork using it by next season" to "what goes wrong?": a target said as what people will do
    # with the product, not a loss.
    BelongingRule("adoption", "success_metric", frozenset({"core_problem", "current_alternatives"}),
                  lambda t: target(t) and money(t) == 0 and limits(t) <= 1 and not PROBLEM_STRONG.search(t)
                  and bool(_ADOPTING.search(t))),
    # "covid made everyone get dogs and now people are back in the office" to the metric question.
    BelongingRule("change", "why_now", frozenset({"success_metric", "constraints", "revenue_model"}),
                  lambda t: change(t) > 0 and not target(t) and money(t) == 0),
    # "UPI has become so common that customers expect digital reminders" to "how do they manage today?": what changed,
    # with no tool of today's way in it.
    BelongingRule("change, no tool", "why_now", frozenset({"current_alternatives"}),
                  lambda t: change(t) > 0 and not target(t) and money(t) == 0 and not TOOL_RE.search(t)
                  and not workaround(t)),
    # "the council is moving the subsidised routes to online booking from next April" to "what should it do first?":
    # someone else's dated change is why now, even when it names a thing to build.
    BelongingRule("dated change", "why_now", frozenset({"feature_wishlist", "core_problem", "current_alternatives"}),
                  lambda t: bool(_DATED.search(t)) and not capabilities(t) and money(t) == 0 and not target(t)),
    # "ya now all boys pay by upi, earlier it was cash only" to "what should it do first?": then and now is why now.
    BelongingRule("then and now", "why_now", frozenset({"feature_wishlist"}),
                  lambda t: bool(CONTRAST.search(t)) and not capabilities(t) and money(t) == 0 and not target(t)
                  and not FEATURE_TRIGGER.search(t)),
    # "me + 1 dev. 8 weeks. android tablet. $2k budget" to "what goes wrong today?"
    # "must work on cheap android phones with bad data, and we only have 6 weeks and two devs" to "who pays?"
    BelongingRule("limits", "constraints",
                  frozenset({"core_problem", "current_alternatives", "why_now", "success_metric", "target_user",
                             "revenue_model"}),
                  lambda t: limits(t) >= 2 and not target(t)),
    # "a shared calendar of walks, claim a walk slot, reminders, walk log with photo" to the money question.
    BelongingRule("capabilities", "feature_wishlist",
                  frozenset({"revenue_model", "success_metric", "why_now", "constraints", ""}),
                  lambda t: bool(capabilities(t)) and money(t) == 0 and limits(t) == 0 and not target(t)),
    # "We tried a generic booking app last year, nobody used it" to "who is it for?" or "why now?": a way tried before.
    BelongingRule("tried before", "current_alternatives",
                  frozenset({"target_user", "why_now", "success_metric", "revenue_model"}),
                  lambda t: bool(TRIED_BEFORE.match(t.strip())) and not PEOPLE.search(t) and money(t) == 0),
    # "oh well at the moment it's all done on a whatsapp group and a spreadsheet that Jo keeps" to "who is it for?"
    BelongingRule("workaround", "current_alternatives", frozenset({"target_user"}), lambda t: workaround(t)),
    # "i just use insta and the diary lol" to the metric question: today's way, with no number to watch.
    BelongingRule("workaround, no number", "current_alternatives", frozenset({"success_metric", "why_now"}),
                  lambda t: workaround(t) and not re.search(r"\d", t)),
    # "a paper diary", "just a group chat poll" to the metric question: paper or a chat with nothing measured is
    # today's way, said a question late, not the success metric …
    # … and to "what should it do?": today's tool, said again, is no wish.
    BelongingRule("a tool, nothing measured or built", "current_alternatives",
                  frozenset({"success_metric", "feature_wishlist"}),
                  lambda t: only_a_tool(t) and not re.search(r"\d|%", t)),
    # "list of drugs with expiry date, alert 3 months before, and a report of what we lost" to "what goes wrong?":
    # every item names something to build, and nothing in it is a pain.
    BelongingRule("built things", "feature_wishlist", frozenset({"core_problem", "current_alternatives"}),
                  lambda t: _things_to_build(t) and money(t) == 0 and limits(t) <= 1 and not target(t)),
    # "1. Paper brew log 2. Excel 3. Some use Brewfather but it has no tax report" to the metric question: a list of
    # today's tools and paper is the workaround.
    BelongingRule("tools", "current_alternatives",
                  frozenset({"success_metric", "why_now", "revenue_model", "constraints", "feature_wishlist",
                             "core_problem"}),
                  lambda t: _tools_listed(t) and money(t) == 0 and limits(t) == 0 and not target(t)),
    # "The users is wheelchair users and old people with walker" to "how do they manage today?"
    BelongingRule("people", "target_user", frozenset({"current_alternatives", "core_problem", "why_now"}),
                  lambda t: bool(PEOPLE.search(t)) or _only_people(t) or _people_list(t)),
)


# "…, mark deposit paid. and maybe remind them? not sure about that one": a hedge on what came before tells nothing.
_SAYS_NOTHING = re.compile(r"^\W*(?:(?:but\s+|tbh\s+|honestly\s+)?(?:i'?m\s+)?not\s+(?:too\s+|so\s+)?sure(?:\s+(?:about|on)\s+"
                           r"(?:that|this|it|the\s+last)(?:\s+one)?)?|dunno|idk|no idea|just an idea|if possible|"
                           r"(?:we'?ll|let'?s)\s+see|maybe not|or not|not a must|nice to have(?: though)?)\W*(?:lah|la|lor|mate|"
                           r"though|tho|ya|yeah)?\W*$", re.IGNORECASE)
_ONE_MORE = re.compile(r"^\W*(?:and|also|plus|oh and|and also|and maybe|maybe also)\b\s*(?P<item>.+)$", re.IGNORECASE)


def _adds_an_item(sentence: str) -> bool:
    """'Also a map of jobs maybe' after a list of things to build: one more item, no limit, price or target."""
    more = _ONE_MORE.match(sentence.strip()) or HEDGED_FEATURE.match(sentence.strip().rstrip(".!"))
    return more is not None and len(more.group(more.lastgroup or 0).split()) <= 8 and not (
        limits(sentence) or money(sentence) or target(sentence) or PROBLEM_STRONG.search(sentence))


def belongs_to(text: str, asked: str) -> str:
    """The aspect `text` is clearly about when that is not `asked`, or '' (then it answers what was asked).

    `asked` is '' at the summary card: only a plain list of capabilities is filed by its content there."""
    text = inline_list_lines(text)
    if ANSWERS_ASKED.get(asked, lambda t: False)(text):
        return ""
    for rule in RULES:
        if asked in rule.overrides and rule.says(text):  # type: ignore[operator]
            # Every sentence must carry the cue: "Month-end close drags on for a week. I'm solo and have 8 weeks."
            # answers the problem first; only the sentences with cues go elsewhere, as extraction already does.
            sentences = split_sentences(text) or [text]
            head = re.split(r"\s+[\u2014\u2013]\s+|\s+--?\s+", sentences[0], maxsplit=1)
            if len(head) == 2 and not SIGNS[rule.aspect](head[0]):
                # "Captains of casual 5-a-side teams who book the pitch — they'd pay £3 a month, … me and one developer
                # for 8 weeks": what comes before the dash answers the question; the rest is filed clause by clause.
                return ""
            lines = [line for line in text.splitlines() if line.strip()]
            listed = len(lines) >= 2 and all(BULLET.match(line) for line in lines)
            # A bullet list is one answer, its lines one item each ("1. digital brew log\n2. tax report").
            if len(sentences) == 1 or listed or all(
                    SIGNS[rule.aspect](s) or rule.says(s)  # type: ignore[operator]
                    or (rule.aspect == "feature_wishlist" and index and _adds_an_item(s))
                    or (index and _SAYS_NOTHING.match(s))
                    # "… a few use Gingr but most think it's too dear": who else uses what, after the tools listed.
                    or (rule.aspect == "current_alternatives" and index and ALTERNATIVES_STRONG.search(s))
                    for index, s in enumerate(sentences)):
                return rule.aspect
            return ""
    return ""


# Does one sentence carry a cue for an aspect at all? As for the asked aspect, but people and today's way have cues too.
SIGNS = {**ANSWERS_ASKED, "target_user": lambda t: bool(PEOPLE.search(t)), "current_alternatives": workaround}
