"""Money said about today, not the founder's pricing: what something costs people now ("which is $50 a day", "I was
paying $25 a walk"), money paid between others, an input's price by the litre, or money lost, owed or chased."""

from __future__ import annotations

import re

# "new blazers are like 30 quid each": a thing's own price, said of it.
_THING_COSTS = re.compile(r"\b(?:are|is|'re|cost|costs|go for|goes for|sell for|sells for)\s+(?:like\s+|about\s+|around\s+|"
                          r"roughly\s+|nearly\s+|almost\s+|over\s+|at least\s+)?$", re.IGNORECASE)


# What one of a thing sells for: "each", "a piece", "per whole" (cake), "per box", "a dozen", "per slice".
_EACH = re.compile(r"\s*(?:each|apiece|a piece|a pop|(?:per|a|an|/)\s*(?:whole|piece|pc|pcs|box|tray|slice|dozen|cake|"
                   r"bottle|jar|pack|item|one|loaf|tub|set|pair|plate|portion|serving|bouquet|unit))\b", re.IGNORECASE)


def their_price(clause: str, price: re.Match[str]) -> bool:
    """Is the price what something costs people today ('which is $50 a day', 'I was paying $25 a walk')?"""
    before = clause[: price.start()]
    if re.search(r"\b(?:would|will|'d|'ll|willing to|happy to|could|to)\s+pay\b|\bpays?\s+(?:us|me)\b|"
                 r"\b(?:we|i)(?:'ll| will| would|'d)?\s+charge\b|\bcharge them\b", before, re.IGNORECASE):
        return False
    after = clause[price.end():]
    if re.match(r"\s*(?:deposits?|fines?|refunds?)\b", after, re.IGNORECASE) or (
            _EACH.match(after)
            and (len(before.split()) <= 1 or _THING_COSTS.search(before))):
        # "a £20 deposit by bank transfer", "lose ~8% a yr. $180 each" (what a lost keg costs), "new blazers are like
        # 30 quid each" (what a thing costs to buy): money today, not our pricing.
        return True
    if _INTO_THEIR_POT.search(before) or _POT_AFTER.match(after):
        # "each rider contributes 100 bob a day to the sacco", "every player pays £5 a week into the team kitty",
        # "we split the caretaker's wage, R200 each": money the users pay each other or save, not our pricing.
        return True
    if _THIRD_PARTY_OR_INPUT.search(before) or _PER_COMMODITY.match(after):
        # "They pay daily to the owner, 15,000 shillings a day" (a payment between others today), "Diesel is over R22
        # a litre" (what an input costs): money today, not our pricing.
        return True
    if _LOST_AMOUNT.search(before) or re.match(r"[^,;.]{0,25}?\bat the\b", clause[price.end():], re.IGNORECASE):
        # "the captain owes the full £60 pitch fee, then chases £6 from each player", "we lose about £2,000 a
        # year", "visitors pay £15 a day at the public car park": the pain in money, not a price.
        return True
    if re.search(r"\b(?:it|that|this|they|which|those|the app|the system)\s+(?:was|were|used to be|used to cost)\s+"
                 r"(?:about|around|like|roughly|nearly|over|almost|just|only)?\s*$", before, re.IGNORECASE):
        # "We tried one of those big gym apps and it was about £130 a month": what a thing cost, in the past tense.
        return True
    return re.search(
        r"\b(?:costs?|costing|charges?|which is|that is|(?:was|were|am|are|is|'re|'m) paying|paid|spend|"
        r"spends|spent|spending)\s+(?:\w+\s+){0,2}$",
        before,
        re.IGNORECASE,
    ) is not None


# Paid to someone else ("they pay daily to the owner, …"), or an amount a price was given for by the litre or the kilo.
_THIRD_PARTY_OR_INPUT = re.compile(r"\bpa(?:y|ys|id|ying)\b[^.;]{0,25}?\bto (?:the|their|his|her|a|an)\s+\w+[^.;]{0,4}$",
                                   re.IGNORECASE)
_PER_COMMODITY = re.compile(r"\s*(?:a|an|per|/)\s*(?:litre|liter|ltr|gallon|kg|kilo|kilogram|tonne|ton|bag|sack|barrel|"
                            r"kwh|unit of \w+)\b", re.IGNORECASE)
# Money someone owes, chases, fronts, loses or wastes today, said a few words before the amount.
_LOST_AMOUNT = re.compile(
    r"\b(?:owes?|owed|owing|chases?|chasing|chased|fronts?|fronting|lose|loses|losing|lost|wastes?|wasted|wasting|"
    r"out of pocket|writes? off|written off|cost(?:s|ing)? (?:me|us|him|her|them|an? \w+|the \w+))\b"
    # "which is costing us, about KES 15,000 a term": the amount may follow a comma.
    r"(?:[\s,]+[^\s,;.]+){0,5}[\s,]*$",
    re.IGNORECASE,
)


# "we got a council grant of £5,000 in September", "we won £10k of lottery funding": money that came in to the founder
# is what they have to build with, not what anyone pays for the product.
FUNDING_RECEIVED = re.compile(
    r"\b(?:got|get|won|received|were given|was given|been given|been awarded|awarded|secured|landed|raised)\b[^.;]{0,40}?"
    r"\b(?:grant|funding|award|bursary|lottery|donation|sponsorship|prize|seed money)\b|"
    r"\b(?:grant|funding|award|bursary)\s+(?:of|worth)\s+(?:about\s+|around\s+)?[£$€₦₹R]|"
    r"\b(?:grant|funding|award|bursary)\b[^.;]{0,30}?\b(?:came through|came in|was approved|got approved|landed)\b",
    re.IGNORECASE,
)


# Money the users put into a pot of their own, lend each other or share out, said a few words before the amount.
_INTO_THEIR_POT = re.compile(
    r"\b(?:contribut\w*|chip(?:s|ped|ping)? in|put(?:s|ting)? (?:in|aside|away)|pool(?:s|ed|ing)?|split(?:s|ting)?|"
    r"lend(?:s|ing)?|lent|borrow(?:s|ed|ing)?|(?:each|every \w+|they all|we all)\s+(?:\w+\s+)?sav(?:e|es|ed|ing))\b"
    r"[^.;]{0,40}?$",
    re.IGNORECASE,
)
# After the amount: where it goes, a pot of the users' own ("… a week into the team kitty", "… to the chama").
_POT_AFTER = re.compile(
    r"[^.;,]{0,25}?\b(?:in|into|to|towards?)\s+(?:the|their|our|a|his|her|its)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:sacco|chama|kitty|pot|pool|fund|savings?|stokvel|susu|tontine|rosca|merry-go-round|group account|"
    r"common purse|club fund|welfare fund|burial fund|piggy bank)\b",
    re.IGNORECASE,
)
