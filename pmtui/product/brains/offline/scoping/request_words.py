"""The words of an argue-back request below the request itself: the thing a clause names, pronouns, clauses,
weeks said in words or days, the items of a list and txt-speak (split out of requests.py)."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.dialect import scots_words, spoken_forms
from pmtui.product.brains.offline.scoping.rules import (
    NEED_LEAD,
    PRONOUN,
    rx,
)
from pmtui.product.units import amount

_NUMBER_WORDS = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0, "six": 6.0,
                 "half a": 0.5, "a half": 0.5, "half": 0.5}


_LEAD = rx(
    r"^(?:(?:ok(?:ay)?|fine|yeah|yes|ja|yah|yep|yup|aye|oui|nah|naw|nope|so|and|also|but|then|please|pls|kindly|abeg|alright|right|hm+|um+|uh+|erm|well|"
    r"ok fair|fair|sorry|sure|look|oh|oya|abeg|one thing|actually|honestly|frankly|personally|i think|i guess|at least|the|a|an|our|my|your|their|that|this|these|those|"
    r"one more thing|one more|more|some|like|kinda|sort of|"
    # "i'd say that can wait", "I really think that should be first", "to be fair the waiting list one can wait": the
    # speaker's own frame of opinion before the row names no part of it.
    r"(?:i|we)(?:'d|\u2019d|\s+would|\s+do)?(?:\s+(?:really|honestly|personally|genuinely|truly|still|just|kinda|"
    r"kind of|sort of))*\s+(?:say|think|feel|reckon|suppose|guess|believe|figure)|to be fair|in fairness|fair play|"
    r"to be honest|tbh|imo|imho|if you ask me|if i'?m (?:being )?honest|for what it'?s worth|"
    # "i meant seeds and tools can wait": what the founder meant is said after it.
    r"i meant|i mean|what i meant (?:was|is)|i said|nearly|almost|"
    # Exclamations that open a sentence: "Shame, the barcode scanning is too much for gogo, cut it".
    r"shame|eish|ag|jeez|gosh|wow|aiyo|aiya|ehn|ahh?|wah)\b[\s,:]*)+"
)


_TAIL = rx(
    r"(?:\s+|,\s*)(?:for now|then|too|as well|also|back|instead|please|pls|though|leh|lah|o|na|ji|yaar|now|first|later|tbh|imo|"
    r"imho|honestly|to be honest|altogether|completely|entirely|totally|for good|outright|once and for all|"
    r"again|anyway|yet|feature|features|thing|in v1|in the mvp|in phase [123]|in the first (?:phase|version)|"
    r"from (?:the )?first (?:phase|version)|out of (?:the )?first (?:phase|version)|or not|"
    r"from phase 1|to phase [23]|to later|for later|at all|really|probably|maybe|perhaps)\s*$"
)


_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?;])\s+|\s*;\s*|,\s*(?:but|and then|so)\s+|\s+but\s+|"
    # "the photo thing is the main thing for insurance so that needs to be there from day one": "so", then a pronoun
    # with its own verb, is a second clause about the same row.
    r"\s+so\s+(?=(?:it|that|this|they|those)\s+(?:needs?|has|have|must|should|can|could|will|is|are)\b)|"
    r",?\s+and\s+(?=(?:add|cut|remove|drop|move|put|merge|split|give|set|make|keep|include|push|defer|take|bring|bump|chuck)\b)|"
    r",\s+(?=(?:add|cut|remove|drop|move|put|merge|split|give|set|keep|include|push|defer|bump|bring|chuck|bung|shove)\b)|"
    r",\s+(?=(?:it|that|this|they|those|these|can it|can that|can you|could you|can we)\s)|"
    # "Video lectures and salary we can drop, doubt chat also later": a clause that ended on its verb.
    r"(?:(?<=\bdrop)|(?<=\bcut)|(?<=\bremove)|(?<=\bskip)|(?<=\bwait)|(?<=\blater)|(?<=\byet)|(?<=\bgo)|"
    r"(?<=\bsmaller)|(?<=\bsimpler)|(?<=\bfirst)|(?<=\bnow)|(?<=\bphase 2)|(?<=\bphase 3)|(?<=\b[23] one)|(?<=\bmein)|(?<=\bnanti)|(?<=\bmamaya)|(?<=\btard)|"
    r"(?<=\bmaybe)),\s+|"
    # "…, first the skip and daily count", "…, the quote form is what matters": a new clause with its own subject.
    r",\s+(?=first\s+(?:the|my|our|a)\b)|"
    # "forget the bookings, what we really need is …": what is needed is a clause of its own.
    r",\s+(?=" + NEED_LEAD + r")|"
    r",\s+(?=[^,;]+?\s+(?:is|are)\s+(?:what (?:really\s+)?matters?|the (?:main|most important|key) (?:thing|bit|part)|"
    r"the (?:thing|bit|part) that (?:really\s+)?matters|the core|the heart of)\b)|"
    # "the receipt both sides can see — is that really needed", "…, can put later or not?", "…, and it can be simple".
    r"\s+[\u2014\u2013]\s+|,\s+(?=(?:can|could)\s+(?:put|push|move|go|wait|be)\b)|"
    r",?\s+and\s+(?=(?:it|that|this)\s+(?:can|could|should|is)\b)|"
    # "…, and the job list can wait for phase 2", "…, and honestly the availability thing matters more than …": a new
    # subject with its own verb.
    r",\s+and\s+(?:(?:honestly|frankly|tbh|really|actually|also)\s*,?\s+)?(?=(?:the|my|our|those|these)\s+[^,;]{1,50}?\s"
    r"(?:can|could|should|will|is|are|needs?|goes|go|matters?|counts?)\s)|"
    # "…is really part of the kit list so merge those": a run-on "so" before what to do.
    r"\s+so\s+(?=(?:merge|combine|join|fold|cut|drop|remove|move|push|defer|split|add|put|make)\s+(?:them|those|these|it|that|the\b))|"
    # A run-on without commas: "…the photos are what matter make the photos phase 1".
    r"(?<=\w)\s+(?=(?:make|put|move|push|keep)\s+(?:the|my|our)\s)",
    re.IGNORECASE,
)


_LIGHT_NOUN = re.compile(r"^(?:(?:an?|some|one)\s+)?(?:(?:easy|easier|quick|quicker|simple|simpler|proper|better|single|safe|"
                         r"central)\s+)?(?:(?:way|place|spot|means)\s+(?:to|of)|somewhere\s+to|something\s+to)\s+(?=\w)",
                         re.IGNORECASE)


def clean_target(phrase: str) -> str:
    """'the charts' -> 'charts'; 'a charge nurse approval step instead' -> 'charge nurse approval step'."""
    text = re.sub(r"\s+", " ", phrase).strip(" ,.;:!?-'\"")
    for _ in range(3):
        text = _LEAD.sub("", text).strip(" ,.;:!?-")
        text = _TAIL.sub("", text).strip(" ,.;:!?-")
    text = re.sub(r"^(?:to\s+)?(?:be able to\s+|have\s+)?", "", text, flags=re.IGNORECASE)
    # "add a way to pay online", "a place to leave reviews", "somewhere to upload photos": the light noun before the
    # doing is no part of the row's name.
    text = _LIGHT_NOUN.sub("", text)
    # "maybe that can go": the hedge before a pronoun is no name.
    text = re.sub(r"^(?:maybe|perhaps|probably)\s+(?=(?:it|that|this|them|those|these)$)", "", text, flags=re.IGNORECASE)
    return text.strip()


VERB = re.compile(
    r"(?:\s+(?:is|are|was|were|has|have|had|can|could|should|must|will|would|might|seems?|sounds?|looks?|feels?|really|matters?|"
    r"needs?|takes?|though|being|fit(?=\s+(?:reduce|wait|go|be|come|do|dey|small|shrink|cut))|isn'?t|aren'?t|doesn'?t|don'?t|won'?t|wasn'?t)\b(?!-)|"
    # "the leaderboard's a bit much": the 's is "is".
    # "the map's grand", "the export's fine": praise is not the name either.
    r"'s\s+(?:a|an|too|way|really|just|kind|pretty|quite|so|very|not|overkill|massive|huge|heavy|grand|great|fine|nice|"
    r"lovely|good|ok|okay|cool|brilliant|brill|class|sound|handy|useful|ace|alright|decent|gorgeous|perfect)\b).*$",
    re.IGNORECASE,
)


_ASIDE = re.compile(
    r"^(?:(?:for (?:us|me|them|our \w+)|in my (?:view|opinion)|honestly|personally|to be honest|frankly),\s*)+"
    # "Looks good, although the roast curve, …, so cut it": the nod before the "but" names no row.
    r"|^(?:(?:looks|sounds|seems) (?:good|great|fine|ok(?:ay)?)|all good|ok(?:ay)?|fine|great),\s*(?:although|though|but|only)\s+",
    re.IGNORECASE,
)


_MODAL_QUESTION = re.compile(r"^(?:can|could|would|will|should|shall|do|does|is|are)\s+", re.IGNORECASE)


_WHY_SO = re.compile(r"^(?:why|how come)\s+(?:is|are|does|do|did)\s+(?P<what>.+?)\s+(?:so|that|this)\s+(?:big|large|expensive|"
                     r"long|heavy|much|slow|hard|complex|complicated)\b", re.IGNORECASE)


# Clauses that say what a thing is or should be ("it's a button that reopens a shift", "a simple grid is fine")
# name nothing new for a later "it".
DESCRIBES = re.compile(r"^(?:it|that|this|they)(?:'?s|'?re|\s+is|\s+are)\b|^(?:a|an|just a)\s+(?:simple|basic|plain)\b|"
                        r"^(?:it|that|this|they)\s+(?:can|could|should)\s+be\b", re.IGNORECASE)


_I_THINK_THAT = re.compile(r"^(?:(?:naw|nah|no|yeah|ok(?:ay)?)\s*,?\s+)?(?:i|we)\s+(?:(?:really\s+)?(?:don'?t|do not)\s+)?"
                           r"(?:agree|think|feel|reckon|believe|guess|"
                           # "I don't see why the deposits are much work": the opinion, then the row.
                           r"(?:see|understand|get)\s+why)\s+"
                           # "I don't agree with the photos being in at all": the row after "with".
                           r"(?:that\s+|with\s+(?:you\s+)?(?:that\s+)?)?(?=\w)", re.IGNORECASE)


_POINTS_BACK_AT = re.compile(r"^(?:it|that|this|they|those|these)(?:\s+one)?(?:'s|\s+(?:feels?|seems?|looks?|sounds?|is|are|was|"
                             r"might|would|will)\b)", re.IGNORECASE)


def named_thing(clause: str) -> str:
    """The thing a clause is about ('the late fee really matters' -> 'late fee'), for 'it' later on.

    A question names a wish: 'Can the reminders go out from our own address?' is 'the reminders go
    out from our own address'; 'Why is the CSV import so big?' names the CSV import."""
    text = _ASIDE.sub("", clause.strip()).rstrip(" ?.!")
    # "I don't agree that the waybill is so much work": the opinion before the row is no part of its name.
    text = _I_THINK_THAT.sub("", text)
    why = _WHY_SO.match(text)
    if why:
        return clean_target(why.group("what"))
    if _MODAL_QUESTION.match(text):
        return clean_target(_MODAL_QUESTION.sub("", text))
    heads = re.split(r",", text)
    # "Also one thing, the warning if no feed": a lead that names nothing gives way to what follows it.
    for head in heads[:2]:
        if _POINTS_BACK_AT.match(head.strip()):
            # "that feels bit too much na, the girls will hate it": the clause is about the row named before.
            return "it"
        name = clean_target(VERB.sub("", head))
        if name:
            return name
    return ""


def is_pronoun(phrase: str) -> bool:
    return not phrase or bool(PRONOUN.fullmatch(phrase.strip().lower()))


def split_clauses(text: str) -> list[str]:
    pieces = [p.strip(" ,") for p in _CLAUSE_BREAK.split(text.strip()) if p and p.strip(" ,")]
    return pieces


def weeks_said(raw: str) -> float | None:
    raw = raw.strip().lower()
    if raw in _NUMBER_WORDS:
        return _NUMBER_WORDS[raw]
    try:
        return float(raw)
    except ValueError:
        return None


# "cut the gallery, parents already share photos on Facebook", "drop the live scores, nobody asked": the reason after
# the row, said by someone or with "already", is no second row.
_REASON_AFTER = re.compile(r"^(?:nobody|no one|noone|everyone|everybody|they|we|i|he|she|it'?s|that'?s|people)\b|"
                           r"\b(?:already|anyway|anyways)\b", re.IGNORECASE)


def list_items(phrase: str) -> list[str]:
    """'the tax estimates and the badges' -> two targets; 'search and filter' stays one when it is one."""
    said = re.split(r",\s*(?:and\s+)?|\s+and\s+(?=the\s|a\s|an\s|my\s|our\s)", phrase)
    kept = [p for index, p in enumerate(said) if not (index and _REASON_AFTER.search(clean_target(p)))]
    phrase = ", ".join(kept) if len(kept) < len(said) else phrase
    parts = [p for p in (clean_target(p) for p in kept) if p]
    if len(parts) > 1:
        # "marketplace, payroll and detergent inventory", "badges, metronome and tuner": "and" joins two items.
        return [clean_target(p) for part in parts for p in re.split(r"\s+and\s+", part) if clean_target(p)]
    pieces = [clean_target(p) for p in re.split(r"\s+and\s+", phrase)]
    if (len(pieces) == 2 and len(pieces[0].split()) == 1 and len(pieces[1].split()) >= 2
            and not re.match(r"(?:the|a|an|my|our|their|its|those|these)\b", pieces[1], re.IGNORECASE)
            and (re.match(r"[\w'-]+\s+(?:at|in|on|from|to|for|with|by)\b", pieces[1], re.IGNORECASE)
                 or pieces[0].lower() in ("before", "after", "in", "out", "up", "down", "on", "off", "pre", "post"))):
        # "click and collect at the gate", "before and after photos": one name whose first word shares the rest
        # (a cut of two whole rows named this way still finds both rows).
        return [clean_target(phrase)]
    # "the social feed and the points" splits; "post and accept" as one name does not when it is short.
    if len(pieces) == 2 and all(len(p.split()) >= 1 for p in pieces) and " " in phrase.strip():
        return [p for p in pieces if p]
    return [clean_target(phrase)] if clean_target(phrase) else []


# "statement -> phase 2", "scan back = half wk", "3 days max", "mortality + pond report": shorthand said as words.
_DAY_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


_DAYS = re.compile(r"(?<!\bafter )(?<!\bevery )(?<!\bwithin )\b(?P<n>\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten)"
                   r"\s*(?:working\s+|work\s+)?days?\b(?!\s+(?:before|after|ahead|early|late|notice|in advance|of|a\b|per\b))",
                   re.IGNORECASE)


_TXT_SPEAK = ((r"\bl8r\b", "later"), (r"\brn\b", "right now"), (r"\bu\b(?!['\u2019-])", "you"), (r"\br\b(?!['\u2019-])", "are"),
              (r"\b(?:pls|plz)\b", "please"), (r"\btho\b", "though"), (r"\bb4\b", "before"), (r"\bppl\b", "people"),
              (r"(?:^|(?<=[.!?,;]\s)|(?<=\w\s))n\s+(?=\w)", "and "), (r"\bwk\b", "week"), (r"\bwks\b", "weeks"),
              # "deposit is da most important bit, can it b in phase 1", "cos of no shows".
              (r"\bda\b", "the"), (r"\b(it|to|can|should|must|will|cud|could|would)\s+b\b", r"\1 be"), (r"\bcos\b", "because"),
              (r"\bcud\b", "could"), (r"\bwud\b", "would"), (r"\bshud\b", "should"))


_CLAUSE_TAG = re.compile(r"(?<=\w)\s*,?\s+(?:hey|eh|ne|bro|bru|boet|mate|sha|hor|meh|innit|init)(?=\s*(?:[,.;!?]|$))",
                         re.IGNORECASE)


def shorthand(text: str) -> str:
    """Arrows, '=', '+' and days in the founder's shorthand, said as the words the rules read (5 working days a week)."""
    text = re.sub(r"\s*(?:->|=>|\u2192)\s*", " to ", text)
    # Txt-speak: "push it l8r", "not rn", "can u add", "waivers r kinda a must tho, ph1 pls", "n can u add".
    for short, word in _TXT_SPEAK:
        text = re.sub(short, word, text, flags=re.IGNORECASE)
    # "reminder ph1", "timeline ph2": phase in shorthand.
    text = re.sub(r"\bph\.?\s*([123])\b", r"phase \1", text, flags=re.IGNORECASE)
    text = re.sub(r"(?<=\w)\s*=\s*(?=\w)", " is ", text)
    text = re.sub(r"(?<=\w)\s+\+\s+(?=\w)", " and ", text)
    # A tag that ends a clause changes nothing: "the deposit must be first hey, …", "cut the map bru", "that one later ne".
    text = _CLAUSE_TAG.sub("", text)
    text = spoken_forms(scots_words(text))
    text = re.sub(r"\b(it|that|they|these|those)'re\s+not\b|\b(it|that|this)'s\s+not\b",
                  lambda m: f"{m.group(1) or m.group(2)} {'are' if m.group(1) else 'is'} not", text, flags=re.IGNORECASE)
    return _DAYS.sub(lambda m: f"{amount((_DAY_WORDS.get(m.group('n').lower()) or float(m.group('n'))) / 5, 'week')}", text)
