"""The patterns of a founder putting something right: corrections, labelled answers ("why now: …"), what makes a
summary-card reply a revision or a yes, and one fact restated ("I said 30 but make it 60") (split out of cues.py)."""

from __future__ import annotations

import re

# "not so tech savvy but all are using WhatsApp", "not very organised": a description by degree, not a correction.
_NOT_DEGREE = r"(?:so|very|that|too|really|always|much|great|good|comfortable|particularly|super|overly)\b"


CORRECTION = re.compile(
    r"\b(actually|i meant|correction|scratch that|let me correct|to be clear|wrong|incorrect|not quite|"
    r"change (it|that|the \w+( \w+)?) to|should (be|say|read)|rather than|instead of)\b|,\s*not\s+(?!" + _NOT_DEGREE + r")\w+|"
    r"\bnot\s+(?!" + _NOT_DEGREE + r")[\w-]+(\s+[\w-]+)?\s*,?\s+but\b",
    re.IGNORECASE,
)


LABELS: dict[str, str] = {
    "target users?|target audience|target market|target|audience|users?|customers?|persona|who it'?s for|hirers?|"
    # The founder's own jargon: "ICP: independent clinics with 1-5 dentists", "Target segment: …".
    "icp|ideal customers?(?: profile)?|(?:target |customer )?segments?|"
    "renters?|tenants?|buyers?|guests?|members?": "target_user",
    "core problem|problem|pain points?|pain": "core_problem",
    "current alternatives?|alternatives?|competitors?|competition|workarounds?|today|"
    "current (?:process|solution|setup|set-up|workflow|system|tools?)|status quo": "current_alternatives",
    "why now|timing": "why_now",
    "features?|feature wishlist|wishlist|feature list": "feature_wishlist",
    "success metrics?|metrics?|kpis?|success(?: would be| looks like| means| for (?:me|us))?|goal": "success_metric",
    "revenue model|revenue|business model|pricing|price|monetization|monetisation": "revenue_model",
    "constraints?|timeline|budget|deadline|team size": "constraints",
}


LABEL_LINE = re.compile(
    # "The main problem is double bookings, …" and "Why now, the council …" lead a paragraph with what they answer.
    r"^\s*(?:the\s+)?(?:(?:main|real|biggest|big|actual|key)\s+(?=problem|pain))?(?P<label>" + "|".join(LABELS)
    + r")\s*(?::|=|->|should be|should say|is now|is|are|(?<=why now)\s*[,?\u2014\u2013-]|"
    # "Users - customers booking a repair", "Pain – double bookings": a label typed with a spaced dash.
    r"(?<=\w)\s+[\u2014\u2013-](?=\s))\s+"
    r"(?P<value>.+)$",
    re.IGNORECASE,
)


# "Oh except the revenue bit, it's more like £100 a year per association": a label named as a part of the card.
LABEL_BIT = re.compile(
    r"^\W*(?:(?:oh|but|and|except|apart from|only|just|well)[\s,]+)*(?:for\s+)?(?:the\s+)?(?P<label>" + "|".join(LABELS)
    + r")\s+(?:bit|part|one|thing|side|line)\s*(?:[,:\u2014\u2013-]|\bis\b|\bwas\b|\bshould be\b)\s*"
    r"(?:(?:it'?s|its|it is|that'?s|that is|it should be|should be)\s+)?(?:(?:more like|actually|really|rather)\s+)*"
    r"(?P<value>.+)$",
    re.IGNORECASE,
)


CHANGE_TO = re.compile(
    r"\b(?:change|set|make|update|switch)\s+(?:the\s+)?(?P<label>"
    + "|".join(LABELS)
    + r")\s+(?:to|into|:)\s+"
    r"(?P<value>.+)$",
    re.IGNORECASE,
)


REVISE_MARKERS = re.compile(
    r"\b(actually|change|changed|wrong|incorrect|mistake|should (be|say|read)|instead|rather|update|fix|edit|"
    r"add|remove|drop|missing|forgot|except|but|however|although|though|almost|mostly|partly|close but|"
    r"revise|redo|meant|correction|not the|isn'?t|aren'?t|wasn'?t|"
    # "nearly. the hirers are …, you cut them off. rest is grand": something is still to fix.
    r"nearly|not quite|left (?:\w+ )?(?:out|off)|cut (?:\w+ )?off|(?:you )?missed|"
    # "Can we swap the reminders for payments?": a change asked of the card, however politely, is no yes.
    r"swap|swop|switch|replace|(?:can|could) (?:we|you|u) (?:please )?(?!(?:just |now )?(?:go|start|move on|proceed|"
    r"continue|crack on|get going|begin|get started|scope|carry on)\b)(?=\w))\b|👎|❌",
    re.IGNORECASE,
)


CONFIRM_WORDS = re.compile(
    r"\b(y|ye|yes|yess+|yep|yup|yeah|ya|sure|correct|right|looks (right|good|great|fine|accurate)|"
    r"sounds (good|right|great|fine)|perfect|great|exactly|confirm(ed)?|lgtm|good to go|let'?s go|go ahead|"
    r"go for it|ship it|ok|okay|k|fine|accurate|spot on|nailed it|all good|that'?s it|agreed|agree|"
    r"absolutely|definitely|proceed|continue|next|move on|good|awesome|excellent|love it|yes please|"
    r"looks right to me|bang on|on point|true|affirmative|approved|done|grand|sweet as|lekker|sawa|sige|ja|ndiyo|"
    r"haan|theek hai|d'accord|vale|righto|tidy|content|aye|size of (?:it|things)|that'?s the one|"
    # Yes in the languages founders mix in: Spanish, Portuguese, French, German, Italian, Filipino, Swahili.
    r"s[ií]|claro|correcto|exacto|dale|órale|sim|certo|oui|exactement|genau|passt|stimmt|esatto|opo|oo|ndio)\b|"
    r"👍|✅|👌|💯|🙌|🚀",
    re.IGNORECASE,
)


# -- asides: what a founder says during the interview that answers nothing (see aside_cues) -----------------
# "I said 30 businesses but make it 60", "earlier I said X, actually I mean Y": one fact restated.
RESTATED = re.compile(
    # "like i said its free, its a charity" says the same thing again: no correction.
    # "we put on a competition every spring, …" stages something; it is no "I put 30, make it 40".
    r"(?<!\blike )(?<!\bas )(?<!\blike\s)\b(?:i|we)\s+(?:said|told you|wrote|put(?!\s+(?:on|up|off|out|in|together|away|down|"
    r"aside|forward|through|by)\b))\s+(?P<old>[^,.;]+?)\s*,?\s+(?:but\s+|and\s+)?(?:\w+\s+)?"
    r"(?:make it|it'?s|it is|it should be|should be|i mean|i meant|change it to|it was)\s+(?P<new>[^,.;]+)",
    re.IGNORECASE,
)


# "Scratch what I said about the price, … it should be £15 a month": an aspect named, then its new value.
RESTATED_TOPIC = re.compile(
    r"\b(?:scratch|forget|ignore|change|correct|fix)\s+what\s+(?:i|we)\s+(?:said|told you)\s+about\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<topic>[a-z]+(?:\s+[a-z]+)?)",
    re.IGNORECASE,
)


# A number put right without "I said…": "correction: not 200, 400 farmers", "the boats not 500, around 800 boats",
# "put 150 chamas", "the price is too low, put £4 per cleaner", "fewer than 5 is too ambitious, say fewer than 10".
NUMBER_CORRECTION_CUE = re.compile(
    r"\b(?:correction|correct(?:ing)? (?:that|it|this|myself|one)|let me correct|i made a mistake|my mistake|mistake|"
    # "I wrote off about $4,000 last year" is a loss, not "I wrote 4,000 before".
    r"typo|i meant|(?:i )?(?:said|wrote(?!\s+(?:off|down|back|to)\b)|told you))\b|"
    r"\b(?:not|instead of)\s+(?:[$€£₹₦₱]|[a-z]{1,3}[$₵]?\s?)?\d|"
    # "the volunteers are more like 150 now", "closer to 40 riders these days": a figure put right, said as nearer.
    r"\b(?:more like|closer to|nearer(?: to)?)\s+(?:[$€£₹₦₱])?\d|"
    # "put 150 chamas", "put it at 60"; "Bookeo put its prices up 30 percent" corrects nothing.
    # "the hall put up their price to forty pound an hour" is news of another's price, not a number put right.
    r"\b(?:put(?!\s+(?:its|their|his|her|the|our|my)\s+[\w-]+\s+(?:up|down)\b)(?!\s+(?:up|down)\b)|make (?:it|that)|say|change (?:it|that) to|"
    r"should be|is too (?:low|high|much|little|ambitious|optimistic))\b[^.;]*\d",
    re.IGNORECASE,
)


# Said as a correction in so many words: when the summary holds nothing it corrects, it is filed nowhere.
CORRECTION_ONLY = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:correction|let me correct|i made a mistake|typo)\b", re.IGNORECASE)


# A number, a range ("10-50", "10 to 30") or an amount, with what comes right after it ("farmers", "per cleaner").
NUMBER_VALUE = re.compile(
    r"(?P<cur>[$€£₹₦₱]|\b(?:rs|ksh|kes|ugx|ngn|gh₵|nz\$|r|rm|usd|aud)\s?)?(?P<num>\d[\d,]*(?:\.\d+)?"
    r"(?:\s*(?:-|–|to|until|till)\s*\d[\d,]*(?:\.\d+)?)?)(?!\d|\.\d)(?:\s*%)?(?P<after>(?:\s+(?:per|a|an)?\s*[a-z][\w'-]*){0,1})",
    re.IGNORECASE,
)


RESTATED_TOPICS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "Correction on the price rise, it was 25 percent": a price that rose elsewhere is what changed, not ours.
    ("revenue_model", re.compile(r"\b(price(?!\s+(?:rise|rises|increase|increases|hike|hikes|jump|went up))|pricing|money|"
                                 r"revenue|fee|cost|subscription)\b", re.IGNORECASE)),
    ("success_metric", re.compile(r"\b(metric|target|goal|success|number)\b", re.IGNORECASE)),
    ("constraints", re.compile(r"\b(team|time|timeline|deadline|budget|weeks|platform)\b", re.IGNORECASE)),
    ("target_user", re.compile(r"\b(user|users|customer|customers|audience|who)\b", re.IGNORECASE)),
    ("core_problem", re.compile(r"\b(problem|pain)\b", re.IGNORECASE)),
    ("current_alternatives", re.compile(r"\b(today|workaround|alternative|tools?)\b", re.IGNORECASE)),
    ("why_now", re.compile(r"\b(why now|timing|price (?:rise|rises|increase|increases|hike|hikes|jump))\b", re.IGNORECASE)),
)
