"""Features implied by the founder's words (see derive.py): a pattern per aspect and the row it names."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pmtui.product.brains.offline.scoping.rules import rx


# -- features implied by the founder's words (see derive.py) ------------------------------------
@dataclass(frozen=True)
class DeriveRule:
    aspect: str
    pattern: re.Pattern[str]
    name: str
    description: str
    origin: str
    required: tuple[str, ...] = ()


# "chase one by one", "chase him", "forgot the other": how or whom, no object a row can name.
_OBJ = (r"(?P<obj>(?!(?:is|are|was|were|can|could|will|would|takes?|eats?|feels?|seems?|and|or|but|to|it|them|him|her|us|"
        r"one\s+(?:by|after)\s+(?:one|another)|each\s+one|every\s+one|(?:the\s+)?others?|another)\b)"
        r"(?:[\w'-]+\s+){0,4}?[\w'-]+)")
DERIVE_RULES: tuple[DeriveRule, ...] = (
    DeriveRule(
        "core_problem",
        rx(r"\b(?:break|breaks|breaking|broke|violat\w+|ignor\w+)\s+(?:the\s+)?(?P<what>(?:[\w'-]+\s+){0,4}?)"
           r"(?:rules?|limits?|laws?|regulations?)\b"),
        "{what} rule check",
        "Checks the rules automatically before anything is confirmed — from your words: “{quote}”",
        "problem",
        required=("what",),
    ),
    DeriveRule(
        "core_problem",
        rx(r"\b(?P<verb>approv\w*|sign\w*|log\w*|fill(?:s|ed|ing)? in|writ\w+|record\w*|track\w*|count\w*)\s+"
           r"(?:\w+\s+){0,3}?(?:on paper|by hand|manually|in a (?:book|notebook|register))"),
        "{verb} in the app, not on paper",
        "Do it in the app instead of by hand — from your words: “{quote}”",
        "problem",
    ),
    DeriveRule(
        "core_problem",
        rx(r"\b(?:forget\w*|forgot|lose track of|loses track of|losing track of|lost track of|keep losing)\s+"
           + _OBJ + r"(?=[,.;:!?]|\s+(?:and|or|but|so|because|when|until|then)\b|$)"),
        "Keep track of {obj}",
        "Nothing slips: everything in one list, with a nudge before it is missed — from your words: “{quote}”",
        "problem",
        required=("obj",),
    ),
    DeriveRule(
        "core_problem",
        rx(r"\b(?:chas\w+|nag\w*|follow(?:ing)? up (?:on|with))\s+" + _OBJ
           + r"(?=[,.;:!?]|\s+(?:and|or|but|so|because|by|with|when|until)\b|$)"),
        "Automatic follow-ups for {obj}",
        "The follow-ups go out on their own, politely — from your words: “{quote}”",
        "problem",
        required=("obj",),
    ),
    DeriveRule(
        "core_problem",
        rx(r"(?P<what>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:is|are|gets?|get)\s+(?:all\s+)?(?:scattered|spread|lost)\s+"
           r"(?:across|over|in|between|among)"),
        "{what} in one place",
        "Everything in one place instead of spread across tools — from your words: “{quote}”",
        "problem",
        required=("what",),
    ),
    DeriveRule(
        "core_problem",
        rx(r"\b(?:can'?t|cannot|never|don'?t|do not|no way to|nobody|no one)\s+(?:really\s+)?(?:knows?|sees?|tells?|"
           r"find out|be sure)\s+(?P<wh>if|whether|what|where|which|who|when|how)\s+(?P<rest>[^,.;!?]+)"),
        "See {wh} {rest}",
        "Show it plainly, so nobody has to guess — from your words: “{quote}”",
        "problem",
        required=("rest",),
    ),
    DeriveRule(
        "current_alternatives",
        rx(r"\b(?P<tool>spreadsheets?|excel|google sheets?|sheets|csv|notebooks?|registers?|clipboards?|"
           r"paper (?:book|forms?|log|records?|cards?))\b"),
        "Import from {tool}",
        "Bring over what they already keep today — from your words: “{quote}”",
        "workaround",
    ),
    DeriveRule(
        "constraints",
        rx(r"\b(?P<what>offline)\b"),
        "Works offline",
        "Works without a connection and syncs later — from your constraints: “{quote}”",
        "constraint",
    ),
    # "there's no signal in some of the schemes", "it has to work without internet": the row is named in the founder's
    # words, so it traces to them (one row for both, see derive.derive).
    DeriveRule(
        "constraints",
        rx(r"\b(?P<what>without\s+(?:phone\s+|mobile\s+)?(?:signal|internet|connection|reception|coverage|network|data))\b"),
        "Works {what}",
        "Works without a connection and syncs later — from your constraints: “{quote}”",
        "constraint",
    ),
    DeriveRule(
        "constraints",
        rx(r"\b(?P<what>(?:no|poor|bad|patchy|weak|zero)\s+(?:phone\s+|mobile\s+)?(?:signal|internet|connection|reception|"
           r"coverage|network|data))\b"),
        "Works with {what}",
        "Works without a connection and syncs later — from your constraints: “{quote}”",
        "constraint",
    ),
    DeriveRule(
        "constraints",
        rx(r"\b(?P<lang>[A-Z][a-z]+)\s+and\s+(?P<other>English|Spanish|French|German|Hindi|Kannada|Tamil|Arabic)\s+both\b|"
           r"\b(?P<lang2>[A-Z][a-z]+)\s+(?:and|&)\s+English\b"),
        "{lang}{lang2} and English interface",
        "Every screen in both languages — from your constraints: “{quote}”",
        "constraint",
    ),
    DeriveRule(
        "constraints",
        # "HIPAA doesn't apply to pets" names the law only to rule it out.
        rx(r"(?<!\bno )\b(?P<law>HIPAA|GDPR|DSGVO|SOC ?2|data protection)\b(?!\s+(?:doesn'?t|does not|don'?t|do not|isn'?t|is not|"
           r"won'?t|wouldn'?t|not)\s+(?:\w+\s+)?(?:apply|applies|matter|relevant|needed|required|an issue|a concern)|\s+n/?a\b)"),
        "{law} access control and audit log",
        "Who saw and changed what, and access by role — from your constraints: “{quote}”",
        "constraint",
    ),
    DeriveRule(
        "revenue_model",
        rx(r"(?P<what>\d+(?:\.\d+)?\s*%\s*(?:commission|fee|cut)?|commission|take (?:a|our) cut|fee (?:on|per) "
           r"(?:each|every)\s+\w+|per (?:booking|walk|transaction|order|shift))"),
        "In-app payment with the {what}",
        "Customers pay in the app and the fee is taken on each transaction — from your revenue model: “{quote}”",
        "revenue",
    ),
)
