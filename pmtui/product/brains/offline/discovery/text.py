"""Text helpers of the offline interviewer: sentences, clauses, the user's words cleaned, persona phrases,
and whether an answer is too vague to use.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.dialect import caribbean_words, particle_words, pidgin_words, scots_words
from pmtui.product.brains.offline.discovery.cues import (
    ACTION_VERB,
    CONSTRAINTS_STRONG,
    FILLER_PREFIX,
    GENERIC_AUDIENCE,
    REPAIR_LEAD,
    REVENUE_STRONG,
    SUCCESS_STRONG,
    UNCERTAIN,
    UNIVERSAL_AUDIENCE,
)
from pmtui.product.brains.offline.discovery.lexicon import (
    GENERIC_PERSONA,
    NOT_PERSONA,
    NUMBER,
    PERSONA_STEMS,
    STOPWORDS,
    TOOL_RE,
    TOOLS,
)
from pmtui.product.brains.offline.discovery.pronoun_users import CLOSE_PERSON
from pmtui.product.brains.offline.discovery.rates import throughput
from pmtui.product.brains.offline.discovery.self_correction import without_repairs
from pmtui.product.brains.offline.discovery.sentences import (  # noqa: F401  (re-exported)
    BULLET,
    inline_list_lines,
    list_items,
    split_sentences,
)
from pmtui.product.brains.offline.discovery.who_else import OF_US_RUNNING
from pmtui.product.completeness import has_real_content
from pmtui.product.drafts import zero_target

# The most a summary field holds.
MAX_FIELD_CHARS = 400


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9$%]+", " ", text.lower()).strip()


def word_list(text: str) -> list[str]:
    return re.findall(r"[a-z0-9$%][a-z0-9'$%.-]*", text.lower())


def content_words(text: str) -> list[str]:
    return [w.strip(".'-") for w in word_list(text) if w.strip(".'-") not in STOPWORDS]


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def clean(text: str) -> str:
    """The user's words, trimmed: fillers like 'well,' or 'I think' off the front, no end punctuation."""
    text = squash(text.replace("\u2019", "'").replace("\u2018", "'"))
    text = re.sub(r"^(?:[-*\u2022>]+|\d+[.)])\s+", "", text)
    text = FILLER_PREFIX.sub("", REPAIR_LEAD.sub("", text))
    text = text.strip(" \t,;:-\u2013\u2014")
    # "and margaret is off to spain in january": a sentence begun with "and" is kept without it.
    text = re.sub(r"^(?:and|plus|also|but)\s+(?=\w)", "", text, flags=re.IGNORECASE)
    # "no no, that 100 bob is the riders savings": the no answers the PM's question, the rest is what was said.
    text = re.sub(r"^(?:(?:no|nope|nah)(?:\s+no)*\s*[,!;:]+\s*)+(?=[a-z])", "", text, flags=re.IGNORECASE)
    text = re.sub(r"[\s.!?,;:]+$", "", text)
    text = re.sub(
        r"\s+(?:really|i guess|i think|probably|basically|honestly)$", "", text, flags=re.IGNORECASE
    )
    # "a paper book and whatsapp voice notes lol": a laugh or a smiley at the end is how it was said, not what.
    text = re.sub(r"(?:[\s,]+(?:lol+|lmao|rofl|haha+|hehe+|xd|:-?[)(dp]|;-?\)))+$", "", text, flags=re.IGNORECASE)
    # "zero days without bread, thats the target", "…by june - that would be the dream": what the founder calls the
    # value is no part of it.
    text = _SELF_LABEL.sub("", text)
    return text.strip()


_SELF_LABEL = re.compile(
    r"[\s,;\u2013\u2014-]+(?:that'?s|thats|that is|that would be|that'?d be|which is|which would be)\s+(?:the|my|our|a)\s+"
    r"(?:real\s+|main\s+|big\s+|ultimate\s+|dream\s+)?(?:target|goal|aim|dream|number|metric|plan|hope|ambition|"
    r"benchmark|bar)(?:\s+for\s+(?:me|us|now))?$",
    re.IGNORECASE,
)


def _is_persona_word(word: str) -> bool:
    w = word.lower().strip(".,'\"")
    if w in NOT_PERSONA or w in GENERIC_PERSONA or len(w) < 2:
        return False
    candidates = {w, w.rstrip("s"), w.removesuffix("es"), w[:-3] + "y" if w.endswith("ies") else w,
                  # "tradespeople", "salespeople": the people of a "tradesperson", "salesperson".
                  w[:-6] + "person" if w.endswith("people") else w}
    if candidates & PERSONA_STEMS:
        return True
    return len(w) > 5 and w.endswith(("ers", "ors", "ists", "ians", "ants", "ents", "ees", "eurs"))


def has_persona(text: str, allow_generic: bool = False) -> bool:
    words = word_list(text)
    if any(_is_persona_word(w) for w in words):
        return True
    return allow_generic and any(w in GENERIC_PERSONA for w in words)


_NOT_MODIFIER = frozenset(
    ["is", "are", "was", "were", "be", "been", "am", "have", "has", "had", "do", "does", "did", "need", "needs", "want", "wants", "use", "uses", "make", "makes", "get", "gets", "lack", "lacks", "there", "here", "must", "should", "can", "could", "will", "would", "say", "says", "said", "think", "thinks", "know", "knows", "work", "works", "like", "likes", "means", "mean", "meant", "pay", "pays", "paid", "between", "among", "across", "from", "with", "without", "within", "into", "onto", "through",
    "per", "via", "than", "about", "after", "before", "during", "against", "toward", "towards", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
)
_DETERMINERS = frozenset(
    ["the", "a", "an", "our", "my", "some", "most", "many", "all", "every", "each", "their", "your", "these", "those"]
)


_OUTFITS_TEXT = """stations halls centres centers groups networks rinks shops stores kitchens farms salons gyms libraries
    garages depots schools clubs teams studios practices clinics cafes restaurants pubs hotels hostels choirs societies
    associations co-ops coops cooperatives charities churches leagues firms agencies bakeries kennels nurseries factories
    delis boutiques workshops yards"""
_OUTFITS = frozenset(_OUTFITS_TEXT.split())


def _outfit_phrase(text: str) -> str:
    """'Family-run bakeries with one shop' -> 'Family-run bakeries': an outfit named first, with what describes it."""
    words = text.split()
    for index, word in enumerate(words[:5]):
        if word.lower().strip(".,;:'\"()") in _OUTFITS:
            return " ".join(words[: index + 1]) if all(_modifier(w) for w in words[:index]) else ""
    return ""


def _modifier(word: str) -> bool:
    """'ICU', 'freelance', 'night-shift' can sit before the people they describe; 'of', 'is', '10' cannot."""
    bare = word.lower().strip("'\"()")
    if not bare or word.endswith((",", ";", ":", ".")) or bare in STOPWORDS or bare in _NOT_MODIFIER:
        return False
    return not re.fullmatch(r"[\d.,$€£%-]+", bare)


def persona_phrase(text: str, anchored: bool = True) -> str:
    """The noun phrase naming people in `text` ('ICU nurses who swap shifts'), or ''.

    Anchored, the phrase must open the text (a subject); otherwise the last noun phrase before the
    people word is taken ('the change of shifts between nurses' -> 'nurses'). Only modifiers may come
    before the people word: 'There is big lack of nurses' and 'success means 10 paying designers'
    name no persona at their start.
    """
    words = text.split()
    head = -1
    for index, word in enumerate(words[:8]):
        bare = word.lower().strip(".,;:'\"()")
        if _is_persona_word(bare) or bare in GENERIC_PERSONA:
            head = index
            if word.endswith((",", ";", ":", ".")):
                break
            # Keep compound heads such as "finance teams" or "pet owners": take the last persona word in a run.
            continue
        if head >= 0:
            break
        if anchored and bare in {"to", "that", "so", "because", "which", "by", "when", "while", "but"}:
            return ""
    if head < 0:
        return ""
    # "studio office managers": a people word can be a modifier of the people word after it.
    ahead = head + 1
    while ahead < min(len(words), head + 4) and _modifier(words[ahead]):
        if _is_persona_word(words[ahead].lower().strip(".,;:'\"()")):
            head = ahead
        ahead += 1
    # "small community radio stations", "church flower groups": a people word used as a modifier of a place
    # or an outfit that is the real head.
    for ahead in (head + 1, head + 2):
        if ahead < len(words) and words[ahead].lower().strip(".,;:'\"()") in _OUTFITS and all(
                _modifier(w) for w in words[head:ahead]):
            head = ahead
            break
    if words[0].lower().endswith("ing") and words[0].lower() not in PERSONA_STEMS and anchored:
        return ""
    start = head
    while start > 0:
        before = words[start - 1]
        if _modifier(before) and not before.lower().endswith("ing"):
            start -= 1
        elif before.lower() in ("and", "or", "&") and start > 1 and _modifier(words[start - 2]):
            # "accidental and part-time landlords": coordinated modifiers.
            start -= 1
        else:
            break
    if start > 0 and words[start - 1].lower() in _DETERMINERS:
        start -= 1
    if anchored and start > 0:
        return ""
    phrase = words[start : head + 1]
    rest = words[head + 1 :]
    if len(rest) >= 2 and rest[0].lower() in ("and", "&") and not words[head].endswith((",", ";", ":", ".")) and (
            anchored or words[head].lower().strip(".,;:'\"()") not in GENERIC_PERSONA):
        # "Treasurers and lotto committees of GAA clubs", "Nurses and porters at big hospitals": two groups, one list;
        # "something simple for the crew and the station mechanic" as well.
        skip = 2 if rest[1].lower() in _DETERMINERS else 1
        other = persona_phrase(" ".join(rest[skip:]))
        taken = rest[skip : skip + len(other.split())]
        if other and has_persona(other) and " ".join(taken).strip(" ,;:.").lower() == other.lower():
            return f"{' '.join(phrase)} and {' '.join(rest[1:skip])} {other}".replace("  ", " ").strip(" ,;:.")
    if rest and rest[0].lower() in {
        "who",
        "that",
        "with",
        "in",
        "at",
        "on",
        "from",
        "working",
        "running",
        "of",
    }:
        for index, word in enumerate(rest[:10]):
            bare = word.lower().strip(".,;:'\"()")
            following = rest[index + 1] if index + 1 < len(rest) else ""
            # "on Steam and itch.io" names places, a list inside the phrase; "and they…" ends it.
            named = bare in {"and", "or"} and (following[:1].isupper() or "." in following.strip(".,"))
            if bare in {"so", "because", "but", "and", "which"} and not named:
                break
            if index and bare == "for" and not has_persona(" ".join(rest[index + 1 : index + 4]), allow_generic=True):
                # "kirana shop owners in Pune for udhaar": what they would use it for is no part of who they are.
                break
            if index and rest[0].lower() not in ("who", "that", "working", "running") and ACTION_VERB.match(bare):
                # "busy dog owners in Berlin book walkers": after a place, a verb starts what they do.
                break
            phrase.append(word)
            if word.endswith((",", ";", ":", ".")):
                break
    result = " ".join(phrase).strip(" ,;:.")
    result = re.sub(
        r"^(?:the|a|an|some|most|many|all|every|each|lots of|a lot of|our|my|their|your|these|those)\s+", "", result,
        flags=re.IGNORECASE,
    )
    # "dog owners in my apartment building to", "recording studios who": the phrase stops before its verb,
    # so a word that only leads into that verb is dropped.
    return _DANGLING_TAIL.sub("", result)


_DANGLING_TAIL = re.compile(
    r"(?:\s+(?:who|that|which|to|for|with|in|at|on|of|from|by|and|or|so|the|a|an|their|whose))+$", re.IGNORECASE
)


def is_generic_only(text: str) -> bool:
    cleaned = clean(text).lower()
    return bool(GENERIC_AUDIENCE.match(cleaned) or UNIVERSAL_AUDIENCE.match(cleaned))


def is_vague(text: str) -> bool:
    """True when an answer says nothing a PM can use: 'everyone', 'not sure', 'idk', 'it depends', 'people'."""
    cleaned = clean(text)
    if not cleaned or not re.search(r"[a-z0-9$€£]", cleaned, re.IGNORECASE):
        return True
    lowered = cleaned.lower()
    if is_generic_only(lowered):
        return True
    without = UNCERTAIN.sub(" ", lowered)
    without = re.sub(
        r"\b(yet|for now|at the moment|right now|honestly|really|to be honest|maybe|perhaps|tbh|tbf|lol|haha)\b", " ", without
    )
    if _NON_ANSWER.match(lowered.strip()):
        return True
    if UNCERTAIN.search(lowered):
        # "dunno, just always been bad": after the shrug, that it was always so says nothing about now.
        without = re.sub(r"\b(?:it'?s\s+|it\s+has\s+|has\s+)?(?:just\s+)?always\s+been\s+(?:bad|like (?:this|that)|this way|the case|"
                         r"a (?:problem|pain|mess|headache))\b", " ", without)
    content = content_words(without)
    if GENERIC_AUDIENCE.match(squash(re.sub(r"[^\w\s'-]", " ", without))) or _NO_REASON.match(squash(without)):
        return True
    if not content:
        return True
    if len(word_list(lowered)) <= 2 and not is_specific(lowered) and not qualified_generic(lowered):
        # Two words can say a lot ("late payments", "staff shortage"); they are vague only when every one
        # of them is a word that carries nothing ("good stuff", "the usual").
        return all(word in EMPTY_WORDS or word in GENERIC_PERSONA for word in content)
    if len(content) <= 2 and all(word in EMPTY_WORDS for word in content):
        return True
    return bool(UNCERTAIN.search(lowered) and len(content) < 2 and not is_specific(without))


# "Dunno, just seems like a good time", "Why not, it's the time", "Same old way", "Normal way": a reason, a way or a
# time named by nothing but that it is one.
_NO_REASON = re.compile(
    r"^\W*(?:(?:just|well|because|cos|coz|cause|so|and|but|i mean|like)\W+)*(?:"
    r"(?:(?:it|this|that|now)\s*(?:'?s|is)?\s+)?(?:(?:just|kind of|sort of)\s+)?(?:seems?|feels?|looks?)\s+like\s+(?:a\s+|the\s+)?"
    r"(?:good|right|nice|great|perfect)\s+(?:time|moment)|"
    r"(?:why not\W*)?(?:(?:it|now|this)\s*(?:'?s|is)\s+)?(?:the|a good|the right|about)\s+(?:time|moment)(?:\s+(?:now|na))?|"
    # "its time", "it is time now", "the time has come": that now is the time, and nothing about why.
    r"(?:it\s*(?:'?s|is)\s+(?:high\s+)?time(?:\s+(?:now|na|already))?)|(?:the\s+)?time\s+(?:has\s+)?come|"
    r"why not|(?:the\s+)?(?:same(?:\s+old)?|normal|usual|old|regular|traditional)\s+(?:way|ways|method|thing|stuff)|"
    r"(?:the\s+)?usual|as usual|same as (?:always|usual|before)|like always|nothing special|"
    # "No rush, really.", "no particular reason", "nothing in particular": no timing at all.
    r"no (?:rush|hurry|particular (?:reason|rush|hurry)|real (?:reason|rush|hurry)|big (?:reason|rush))|nothing in particular|"
    r"not in a (?:rush|hurry))(?:\W+(?:really|honestly|tbh|i suppose|i guess|as such))?\W*$",
    re.IGNORECASE,
)

# Whole sentences that answer nothing: the choice handed back to the PM ("Whatever you think makes sense", "I'll leave
# that to you", "you tell me"), no reason given ("No particular reason", "nothing in particular"), a question never
# thought about ("I hadn't really thought about it"), or a mess with nothing named as messy ("Things just get a bit
# disorganised, I'd say", "it's all a bit chaotic"). Asked again, the founder says what they meant.
_HEDGE_TAIL = (r"(?:[\s,]+(?:i'?d say|i suppose|i guess|i think|really|honestly|to be honest|to be fair|tbh|if i'?m honest|"
               r"mainly|mostly|i'?m afraid|sorry|at the moment|for now|yet|though|as such))*\W*$")
_NON_ANSWER = re.compile(
    r"^\W*(?:(?:well|hmm+|um+|erm|oh|honestly|to be honest|i mean|so|ah)\W+)*(?:"
    # "Whatever you'd suggest.", "whatever you would recommend": the same shrug in the conditional.
    r"(?:whatever|anything|what(?:ever)?)\s+you(?:'d|\u2019d|\s+would|\s+might)?\s+(?:think|reckon|feel|suggest|recommend|prefer)(?:\s+(?:makes sense|is best|is right|"
    r"works|would work|fits))?|"
    r"(?:(?:i'?ll|i will|i'?d|i would|i'?m happy to)\s+)?leave\s+(?:that|it|this)\s+(?:up\s+)?to\s+you|"
    r"(?:it'?s\s+)?(?:up to you|your call|your choice|you decide|you choose|you tell me|you(?:'re|\s+are) the (?:expert|pm|product manager))"
    r"(?:[\s,]+(?:you(?:'re|\s+are) the (?:expert|pm)|you tell me|you decide))?|"
    r"(?:no|not any|not really any|nothing)\s+(?:particular|real|special|specific|big)\s+(?:reason|rush|trigger|deadline)|"
    r"nothing\s+(?:in particular|specific|special|really)|no reason(?:\s+really)?|not (?:a great deal|a lot|all that much|much at all)|"
    r"i\s+(?:have\s+not|haven'?t|had\s+not|hadn'?t|didn'?t|did\s+not)\s+(?:really\s+|actually\s+|properly\s+)?"
    r"(?:thought|considered)\s+(?:about\s+)?(?:it|that|this|much)(?:\s+(?:much|yet|properly|really))?|"
    r"(?:(?:things|everything|it|stuff|it all|all of it)\s*(?:just\s+)?(?:'s|is|are|gets?|get|can get|tends? to get|goes|go)\s+)"
    r"(?:(?:just|a bit|a little|quite|very|really|so|kind of|sort of|pretty|all|a bit of|rather)\s+)*"
    r"(?:disorgani[sz]ed|messy|chaotic|chaos|a mess|a muddle|a nightmare|all over the place|hectic|complicated|difficult|hard|"
    r"tricky|a pain|a headache|out of hand|on top of each other)"
    r")" + _HEDGE_TAIL,
    re.IGNORECASE,
)

EMPTY_WORDS = frozenset(
    ["stuff", "things", "thing", "something", "everything", "anything", "nothing", "good", "better", "best", "nice", "easy", "easier", "great", "whatever", "etc", "more", "less", "usual", "normal", "ok", "okay", "fine", "simple", "cool", "lots", "many", "some", "much", "better", "faster", "cheaper", "quick", "app", "apps", "idea", "ideas", "sure", "yes", "no", "maybe",
     # A bare yes or no to an open question says nothing yet ("yeah", "nah", "yeah nah").
     "yeah", "yep", "yup", "nah", "nope", "aye",
     # "all correct", "that's right", "exactly": a confirmation answers no open question either.
     "correct", "right", "exactly", "true", "agreed", "indeed", "all", "that's", "thats", "absolutely", "definitely",
     # Irish and British English: "grand, that's it", "sound".
     "grand", "sound", "it", "lovely", "brilliant", "perfect"]
)


def qualified_generic(text: str) -> bool:
    """'small businesses' or 'remote teams' is broad but real; 'all people' is not."""
    words = word_list(text)
    if len(words) != 2 or words[1] not in GENERIC_PERSONA | {"teams", "shops", "brands"}:
        return False
    return words[0] not in STOPWORDS | {
        "normal",
        "regular",
        "ordinary",
        "general",
        "random",
        "other",
        "everyday",
    }


def is_specific(text: str) -> bool:
    """A short answer still counts when it names a persona, a tool, a number or a business term."""
    lowered = text.lower()
    if has_persona(lowered) or TOOL_RE.search(lowered) or re.search(r"\d", lowered):
        return True
    return bool(
        REVENUE_STRONG.search(lowered)
        or CONSTRAINTS_STRONG.search(lowered)
        or SUCCESS_STRONG.search(lowered)
        or re.search(r"\b(ios|android|web|mobile|desktop|ai|llm|b2b|b2c|saas)\b", lowered)
    )


# Sentences and list items live in sentences.py; their names are kept here for the modules that import them.


# After a comma: a subject of one to three words (not a relative "which"/"who" or a joining word), then
# something that happens to it — "double bookings happen", "people get shirty", "the cheques go missing".
_SPLICE = (
    r"(?=(?!(?:which|who|whom|whose|that|where|when|and|or|but|so|then|also|e\.g|i\.e)\b)"
    r"(?:[\w'-]+\s+){1,3}?(?:happen(?:s|ed|ing)?|(?:get(?:s|ting)?|got) (?:lost|mixed up|confused|cross|angry|upset|annoyed|shirty|fed up|"
    r"forgotten|missed|double[- ]?booked|cancelled|canceled)|keep(?:s)? \w+ing|kept \w+ing|go(?:es)? (?:missing|wrong|astray)|"
    r"went (?:missing|wrong|astray)|turn(?:s|ed)? up|show(?:s|ed)? up|end(?:s|ed)? up|pile(?:s|d)? up|clash(?:es|ed)?|"
    r"overlap(?:s|ped)?|break(?:s)? down|broke down|fall(?:s)? through|fell through)\b)"
)
_NEW_CLAUSE = (
    r",\s+" + _SPLICE + r"|"
    # "…get a quote and book the truck, right now he does it all by text": a new time starts a new clause.
    r",\s+(?=(?:right now|at the moment|currently|nowadays|these days|half the time|most of the time)\b)"
)


def before_new_clause(text: str) -> str:
    """What comes before a comma that starts a new clause: "get a quote and book the truck, right now he does it
    all by text" -> "get a quote and book the truck"."""
    return re.split(_NEW_CLAUSE, text, maxsplit=1)[0]


def split_clauses(sentence: str) -> list[str]:
    pieces = re.split(
        r",\s*(?:and|but|so|while|whereas|though|although)\s+|\s+but\s+|\s+[\u2014\u2013]\s+|\s+-\s+|"
        r"\s+(?:so that|which means|because)\s+|"
        # "…waste 10% of what they buy and the owner would pay $49": a new subject starts a new clause.
        # "it's just me and the boys, 4 of us": the founder and who works with them are one team, no new subject.
        r"(?<!\bme)(?<!\bmyself)\s+(?:and|while|whereas)\s+(?=(?:the|they|we|i|he|she|our|their|my|his|her|nobody|everyone|people)\s)|"
        # "…so its urgent now and yards would pay for this like 150 a month": who would pay starts a clause too.
        r"\s+and\s+(?=(?:[\w'-]+\s+){1,2}(?:would|will|'d)\s+(?:happily\s+|gladly\s+)?pay\b)|"
        # "…a paper diary in margaret's handbag, double bookings happen like twice a month": a comma splice
        # starts a new clause when a subject and something that happens to it follow the comma.
        + _NEW_CLAUSE,
        sentence,
    )
    clauses: list[str] = []
    for piece in (p.strip(" ,") for p in pieces):
        if not piece:
            continue
        bare = re.sub(r"^(?:the|our|their|all the)\s+", "", piece.strip(" .!?"), flags=re.IGNORECASE)
        # A clause of punctuation alone (". because nurses") has no last word.
        last = (clauses[-1].rstrip(" .!?").split() or [""])[-1] if clauses else ""
        if (clauses and _is_persona_word(last) and len(bare.split()) <= 4 and persona_phrase(bare) == bare
                and re.search(rf"\b{re.escape(last)}\s+and\s+{re.escape(piece.split()[0])}", sentence, re.IGNORECASE)):
            # "…for the farmers and the vets": two groups of people, one clause.
            clauses[-1] = f"{clauses[-1]} and {piece}"
            continue
        clauses.append(piece)
    return clauses


# "no, nurses", "nope", "no it's for vets" take something back; "no wrong orders", "no cash on the beach" is an outcome
# said with its "no".
LEADING_NO = (r"(?:nope|nah)\b|no\b(?=\s*[,.!;:]|\s*$|\s+(?:it|it'?s|they|they'?re|we|we'?re|i|i'?m|that|that'?s|this|not|"
              r"just|only|actually|sorry|mostly|mainly|thanks|way|idea)\b)")


def drop_negated(text: str) -> str:
    """'nurses, not doctors' -> 'nurses'; 'not doctors but nurses' -> 'nurses'."""
    text = re.sub(r"^\s*(?:" + LEADING_NO + r"),?\s+", "", text, flags=re.IGNORECASE)
    match = re.search(r"\bnot\s+[^,]+?,?\s+but\s+(?P<keep>.+)$", text, re.IGNORECASE)
    if match:
        text = match.group("keep")
    # "the AGM in february is our deadline, its not a feature": what it is not, said with its own "it's".
    text = re.sub(r",?\s+(?:it'?s|its|it is|that'?s|thats|this is)\s+not\s+[^,.;]+$", "", text, flags=re.IGNORECASE)
    text = re.sub(r",?\s+(?:not|rather than|instead of)\s+[^,.;]+$", "", text, flags=re.IGNORECASE)
    # "GH₵ 60 not 50, i thought about it again": the old number goes, whatever follows it.
    text = re.sub(r",?\s+(?:not|rather than|instead of)\s+" + _OLD_AMOUNT + r"(?=\s*[,.;]|$)", "", text, flags=re.IGNORECASE)
    return text.strip(" ,")


# An amount or a count a correction takes back: "50", "$50", "GH₵ 50", "200 farmers".
_OLD_AMOUNT = r"(?:[$€£₵₹₦]|gh₵|ksh|rs\.?|rm|r)?\s*\d[\d,.]*\s*(?:[a-z]+)?"


def cap_words(text: str, limit: int) -> str:
    words = text.split()
    if len(words) <= limit:
        return text.strip(" ,;:")
    return " ".join(words[:limit]).strip(" ,;:")


def clean_keep_case(text: str) -> str:
    return FILLER_PREFIX.sub("", squash(text))


def is_user_question(text: str) -> bool:
    """'why does that matter?' asks the PM something; it is not an answer to store."""
    stripped = text.strip().lower()
    return stripped.endswith("?") and bool(
        re.match(r"(what|why|how|which|who|can|could|do|does|is|are|should|would|will|sorry|huh)\b", stripped)
    )


# "By 3 months, 90% rent should come before 5th of the month": a first clause that only says by when is no quote.
_ONLY_WHEN = re.compile(r"^\W*(?:by|in|within|after|over|for)\s+(?:the\s+)?(?:next\s+|first\s+)?(?:\d+|a|an|one|two|three|four|"
                        r"five|six|twelve|few)\s*(?:days?|weeks?|wks?|months?|mths?|quarters?|years?)\W*$", re.IGNORECASE)


_FIGURE_AFTER = re.compile(r"(?:e\.?g\.?|i\.?e\.?|say|such as|for example|for instance|like)[,:]?\s+[^,;]*\d", re.IGNORECASE)


def short(text: str, limit: int = 10) -> str:
    """A short quotable fragment of the user's words: first clause, at most `limit` words, no '?'."""
    said = text
    text = (
        clean(text.split(";")[0])
        .replace("?", "")
        .replace('"', "")
        .replace("\u201c", "")
        .replace("\u201d", "")
    )
    # "our volunteer lifeboat station (RNLI style, about 24 crew) tracks…": an aside in brackets is left out of the
    # quote, and its comma cuts nothing ('a clear pitch: "our volunteer lifeboat station (RNLI style"').
    unbracketed = re.sub(r"\s*\([^()]*\)", "", text)
    text = unbracketed if len(unbracketed.split()) >= 3 else text
    parts = re.split(r"(,\s+|\s+[\u2014\u2013-]\s+|(?<!\be\.g)(?<!\bi\.e)\.\s+)", text)
    clause = parts[0]
    if len(parts) >= 3 and not re.search(r"\d", clause) and _FIGURE_AFTER.match(parts[2]):
        # "day rate per tool, e.g. 25 quid a day for a mixer": the figure said as an example is part of the quote.
        clause = "".join(parts[:3])
        limit = max(limit, min(len(clause.split()), limit + 6))
    if "(" in clause and ")" not in clause:
        clause = clause[: clause.index("(")].rstrip()
    if len(clause.split()) >= 3 and not _ONLY_WHEN.match(clause):
        text = clause
    words = text.split()
    if len(words) > limit:
        words = words[:limit]
        # End on a meaningful word: "they text the whole ward on…" reads badly.
        while len(words) > 3 and words[-1].lower().strip(",;:") in STOPWORDS:
            words.pop()
        text = " ".join(words).rstrip(",;:") + "…"
    # "yes" or "ok" is all filler: quote it as typed rather than as "".
    return text.strip() or squash(said).replace("?", "").strip(" .!,;:")[:40]


_PLURAL_FORMS = frozenset({"people", "staff", "children", "men", "women", "folk", "folks", "police", "personnel",
                           "management", "kids"})


def _singular(word: str) -> bool:
    """Is a people word singular ('mechanic', 'crew'), so that it needs an article mid-sentence?"""
    bare = word.lower().strip(".,;:'\"()")
    return bool(bare) and bare.isalpha() and not bare.endswith("s") and bare not in _PLURAL_FORMS


# "a couple of hundred regulars", "couple of dozen parents", "a handful of tutors": how many, never who ("the couple").
_QUANTITY_OF = re.compile(r"^\W*(?:(?:i'?d say|maybe|about|around|roughly|probably|like)\s+)*(?:a\s+)?(?:couple|few|handful|dozen|"
                          r"bunch|lot|load|number)\s+(?:of\s+)?(?:(?:hundred|thousand|dozen|score)\s+(?:of\s+)?)?(?=[a-z])",
                          re.IGNORECASE)


def persona_name(summary: DiscoverySummary) -> str:
    """A short name for the users, for use mid-sentence ('ICU nurses'); 'your users' when unknown.

    Only a phrase that really names people qualifies: "People like me really, freelance designers"
    is called "freelance designers", and "change of shifts between nurses" is called "nurses"."""
    # The last thing said of who it is for, unless it is the founder's own story ("My own mother is doing it since 12
    # years" names one person the founder knows, not the users).
    # "my brother (later, not now: other bike mechanics)": the people for later are a note, not who it is for now.
    now = re.sub(r"\s*\(later, not now:[^)]*\)", "", summary.target_user or "")
    told = [part for part in now.split(";") if part.strip()]
    # Nor is a count of what passes through one of them ("the test bakery sells around 300 loaves a day").
    # Nor are the people who run the service ("us lot on the PTA who run it", "the volunteers who organise it").
    value = next((part for part in reversed(told) if not re.match(r"\s*(?:my|our|me|i|we|us)\b", part, re.IGNORECASE)
                  and not throughput(part) and not OF_US_RUNNING.search(part)),
                 told[-1] if told else "")
    if not has_real_content(value) or is_generic_only(value):
        return "your users"
    for index, segment in enumerate(re.split(r",\s*|;\s*", clean(value))):
        segment = _QUANTITY_OF.sub("", segment)
        phrase = persona_phrase(segment) or persona_phrase(segment, anchored=False)
        # "Family-run bakeries with one shop": the small businesses themselves are who it is for.
        outfit = "" if phrase or index else _outfit_phrase(segment)
        phrase = phrase or outfit
        # "Party rental businesses in Lagos, canopies, chairs, coolers…": a qualified outfit named first is who it is
        # for; "coolers" later in the list is a thing they rent.
        qualified = bool(outfit) or index == 0 and bool(phrase) and len(phrase.split()) >= 2 and has_persona(phrase, allow_generic=True) and not (
            re.match(r"^(?:small|big|large|local|medium|mid-?size|tiny|many|all|most|some|the)\s+\S+$", phrase, re.IGNORECASE))
        if not phrase or not (has_persona(phrase) or qualified):
            continue
        # "volunteer coordinators of community fridge networks" are "volunteer coordinators", not "of community…".
        phrase = re.split(r"\s+(?:who|that|with|in|at|on|from|of|working|running)\s+", phrase, maxsplit=1)[0]
        # "smallholders (hobby farmers with 5–50 animals)": what the brackets explain is no part of the name.
        phrase = re.sub(r"\s*\([^)]*\)?.*$", "", phrase) or phrase
        # Stray punctuation is not part of a name said mid-sentence ("the right moment for ? nurses").
        # "mostly busy mums": how many of them is no part of what they are called.
        phrase = re.sub(r"^(?:mostly|mainly|usually|often|primarily|largely|generally|typically)\s+", "", phrase,
                        flags=re.IGNORECASE)
        words = [word for word in phrase.split() if any(char.isalpha() for char in word)]
        # "the crew and the station mechanic": two groups are named whole; one keeps its last four words.
        words = words[-8:] if "and" in (w.lower() for w in words[1:-1]) else words[-4:]
        if not words:
            continue
        first = words[0]
        if first[:1].isupper() and first[1:].islower() and first.lower() not in set(TOOLS):
            words[0] = first.lower()
        if words[0].lower() not in _DETERMINERS and _singular(words[-1]):
            # "If the station mechanic could do only three things": one person (or a crew) takes the article.
            words.insert(0, "the")
        return " ".join(words)
    # "my brother", "my older sister and her band": the one person the founder builds it for is theirs, said back.
    own = _ONE_OF_MINE.match(value.strip())
    return f"your {own.group('who').lower()}" if own else "your users"


_ONE_OF_MINE = re.compile(rf"^my\s+(?P<who>{CLOSE_PERSON})\s*$", re.IGNORECASE)


def is_clarifying(text: str) -> bool:
    stripped = text.strip().lower()
    return (
        stripped.endswith("?")
        and bool(re.match(r"(what|why|how|which|can you|could you|do you|sorry|huh|meaning)\b", stripped))
        and len(stripped.split()) <= 14
    )


def join(*parts: str) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())


def is_thin(aspect: str, value: str | list[str]) -> bool:
    """Too little to build from yet, so the PM sharpens it once: "it's a bit of a faff", "loads of pubs using it"."""
    if isinstance(value, list):
        # "make swapping easy" or "reminders and stuff": nothing a team could build from yet; nor is a whole
        # list of one short item ("track waste"), which is where the list starts.
        return all(len(_feature_substance(item)) <= 1 for item in value) or (
            len(value) == 1 and len(value[0].split()) <= 3)
    words = content_words(value)
    if aspect == "success_metric":
        # "ZERO LOST CONTRACTS IN A YEAR" is a target already: zero is a number to hold the scope to.
        # So are "half the regulars booking online by easter" and "no double bookings at all".
        return not (re.search(r"\d|\bzero\b|\b(?:half|a third|a quarter|most|the majority) (?:of )?(?:the|our|their|all)\b|"
                              r"\bno [\w' -]{2,30} at all\b|" + NUMBER, value, re.IGNORECASE) or zero_target(value))
    if aspect == "target_user":
        # "nurses" or "small businesses" is a start; "ICU nurses" already says who. "people who do quizzes" names
        # an activity, not a role: who runs it, who pays?
        generic_who = re.match(r"^\s*(?:the\s+)?(?:people|users|folks|anyone|everyone|customers|ones)\s+(?:who|that)\b",
                               value, re.IGNORECASE)
        return len(words) <= 1 or qualified_generic(value.lower()) or (bool(generic_who) and len(words) <= 4)
    return len(words) <= 3


_EMPTY_FEATURE_WORDS_TEXT = """make makes help helps improve better easy easier simple simpler fast faster nice good great smooth
    stuff things thing everything anything work works app apps better quick quickly"""
_EMPTY_FEATURE_WORDS = frozenset(_EMPTY_FEATURE_WORDS_TEXT.split())


def _feature_substance(item: str) -> list[str]:
    return [w for w in content_words(item) if w not in _EMPTY_FEATURE_WORDS]


# Txt-speak in an answer: "clients book by insta dm n i write it in a paper diary" is two clauses joined by "and".
# Only the small words change; numbers and units stay as said ("6 wks"), and "cos" may be companies ("40 cos").
_TXT_WORDS = ((r"(?<=\w\s)n(?=\s+\w)", "and"),
              # "Am the chairman of a boda stage", "Hello, am Ngozi": "I am" with its "I" left out, as Kenyan, Nigerian
              # and Indian English say it where a sentence opens ("9 am" and "I am" stay as they are).
              ((r"(?:^|(?<=[.!?,;]\s))am\b(?=\s+(?:(?:a|an|the|not|just|also|only|still|now|currently|from|in|at|with|"
                r"[a-z]+ing)\b|(?-i:[A-Z][a-z]+)\b))"), "I am"),
              (r"\bu\b(?!['\u2019-])", "you"), (r"\bur\b", "your"),
              (r"(?<=\w\s)r(?=\s+[a-z]{2,})", "are"),
              # "me n my cuz, weekends": after "my", "his", "our" a cuz is a cousin; alone it is "because".
              (r"\b(my|your|his|her|our|their|a|the)\s+(?:cuz|coz|cuzzy|cuzzie|cuzz)\b", r"\1 cousin"), (r"\b(?:coz|cuz)\b", "because"), (r"\btho\b", "though"),
              (r"\bb4\b", "before"), (r"\b(?:pls|plz)\b", "please"), (r"\bda\b", "the"),
              # "say whats wrong w the bike", "cant be w/o it", "ppl who ride", "thru instagram".
              (r"\bw/o\b", "without"), (r"(?<=\w\s)w/?(?=\s+\w)", "with"), (r"\bppl\b", "people"),
              (r"\bthru\b", "through"), (r"\bcant\b", "can't"), (r"\bwont\b", "won't"),
              # "see whats in stock", "theres none left": the apostrophe txt-speak leaves out, where no word is lost.
              (r"\b(what|there|who|where|how)s\b", r"\1's"), (r"\b(do|does|did|is|was|are|were|has|have|could|would|should)nt\b",
                                                               r"\1n't"), (r"\b(you|they)re\b", r"\1're"))


# Dictated answers: "so um basically the thing is I'm the secretary…", "um so it's the trial secretaries really".
# The hesitations carry no words of the answer; "so" and "basically" go only with them, where a sentence opens.
# "er" only as it is said ("er, the trial secretaries", "so er… ") : "ER nurses" and "er nurses" are an emergency room.
_HESITATION = re.compile(r"(?<![\w'-])(?:(?i:um+|uh+|uhm+|erm+|ehm+)|er(?=\s*(?:[,.…]|\.\.\.)))(?![\w'-])(?:\.\.\.|[,.…])?\s*")
_DICTATED_OPENING = re.compile(r"(?:^|(?<=[.!?]\s))\s*(?:(?:so|well|okay|ok|right|see|look)\s*,?\s+)?(?:basically\s*,?\s+)"
                               r"(?:the thing is\s*,?\s+)?|(?:^|(?<=[.!?]\s))\s*(?:(?:so|well|see|look)\s*,?\s+)?the thing is\s*,?\s+",
                               re.IGNORECASE)


# Punctuation said aloud to a phone ("about 600 customers comma and the two lads", "theres no bin full stop and the
# direct debits fail", "new line"): the mark it names. "period" only in a message with no mark of its own, and never
# after a word it is a length of time after ("the trial period", "a grace period").
_SPOKEN_MARK = re.compile(r"(?<!\ba)(?<!\bthe)(?<!\bone)(?<!\bno)(?<!\bthat)(?<!\bany)\s+(?:(?P<comma>comma)|(?P<stop>full stop|fullstop)|(?P<q>question mark)|(?P<line>new line|new paragraph))"
                          r"(?=\s|$)", re.IGNORECASE)
_SPOKEN_PERIOD = re.compile(r"(?<!\btrial)(?<!\bgrace)(?<!\bwaiting)(?<!\bnotice)(?<!\brental)(?<!\bbilling)(?<!\btime)"
                            r"(?<!\bschool)(?<!\bholiday)(?<!\bfree)(?<!\bthat)(?<!\bthe)(?<!\ba)(?<!\bsame)(?<!\bbusy)"
                            r"(?<!\bquiet)(?<!\bpeak)(?<!\bshort)(?<!\blong)(?<!\bthis)(?<!\bsix week)(?<!\bsettling)"
                            r"\s+period(?=\s|$)", re.IGNORECASE)


def spoken_marks(text: str) -> str:
    """A dictated answer with the punctuation said aloud written as marks."""
    def mark(match: re.Match[str]) -> str:
        return "," if match.group("comma") else "." if match.group("stop") else "?" if match.group("q") else ".\n"

    text = _SPOKEN_MARK.sub(mark, text)
    if not re.search(r"[,.;:!?]", text):
        text = _SPOKEN_PERIOD.sub(".", text)
    return text


def txt_words(text: str) -> str:
    """The answer with txt-speak's small words spelled out, and a dictated answer's hesitations left out."""
    # "four weekends, no, make that five": the figure put right mid-sentence is the one meant.
    text = caribbean_words(pidgin_words(scots_words(particle_words(without_repairs(spoken_marks(text))))))
    for short_form, word in _TXT_WORDS:
        text = re.sub(short_form, word, text, flags=re.IGNORECASE)
    hesitant = _HESITATION.search(text) is not None
    text = _HESITATION.sub("", text)
    if hesitant or _DICTATED_OPENING.match(text):
        text = _DICTATED_OPENING.sub("", text)
        text = re.sub(r"^(?:so|well)\s*,?\s+", "", text, flags=re.IGNORECASE) if hesitant else text
    return text


# "I'd rather not say, it's a bit awkward with money in this world", "id rather not say yet": a polite refusal answers
# nothing, whatever reason follows it; the question stays open (the flow asks it once more, then moves on).
_REFUSAL = re.compile(
    r"^\W*(?:(?:sorry|honestly|hmm+|um+|well|ah|oh)[\s,]+)*(?:i'?d|i would|id|i'?ll|we'?d|we would)?\s*(?:rather|prefer)\s+"
    r"(?:not|to not|not to)\s+(?:say|share|tell|disclose|get into (?:it|that)|go into (?:it|that)|answer)\b|"
    r"^\W*(?:no comment|can'?t say(?: yet)?|(?:i'?m |i am )?not comfortable (?:saying|sharing)|i won'?t say|"
    r"(?:i'?ll|let me) keep that (?:to myself|private))\b",
    re.IGNORECASE,
)


def is_refusal(text: str) -> bool:
    """Does the answer politely decline to answer?"""
    return _REFUSAL.match(text.strip()) is not None
