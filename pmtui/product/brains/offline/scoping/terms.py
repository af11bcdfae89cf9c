"""Words of the discovery summary as scoping uses them: stems, short feature names, the persona, user counts."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.numbers import in_words, rough_in_digits
from pmtui.product.brains.offline.discovery.who_else import OF_US_RUNNING
from pmtui.product.brains.offline.headcount import WORKED_OUT, held_count, people_noun
from pmtui.product.brains.offline.scoping.rules import AGE_BEFORE, NAME_PREFIX, TRAILING, USER_COUNT
from pmtui.product.capability_names import capability_name
from pmtui.product.rice import NICE_TO_HAVE_MARK, WAITS_MARK, feature_name
from pmtui.product.search import stem, terms


def stems(text: str) -> set[str]:
    # "double bookings" are about "Book it", "meetings" about "meet": a plural -ing word is its verb here. (Not in
    # the catalog's stemmer, where "book" is a generic word and "booking" names a kind of product.)
    return {stem(word[:-1]) if word.endswith("ings") and len(word) >= 7 else stem(word) for word in terms(text)}


# A wish named by what it does: "the thing that pings people when their spot comes up", "something that texts the
# parents", "one that reminds members the day before", "the bit where the driver sees the drops". The row is named by
# the doing ("Ping people when their spot comes up"), not by "thing that".
_PARAPHRASE = re.compile(r"^(?:(?:the|a|an|some)\s+)?(?:thing|bit|one|something|button|feature|part|option|screen|page)\s+"
                         r"(?:(?:that|which)\s+(?:(?:will|would|can|could)\s+)?(?P<verb>[a-z]+)\b|where\s+(?:the\s+)?)",
                         re.IGNORECASE)


def _base_verb(verb: str) -> str:
    """'pings' -> 'ping', 'watches' -> 'watch', 'notifies' -> 'notify'; a verb said with "will" stays as it is."""
    if re.search(r"(?:ss|sh|ch|x|z)es$", verb):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def short_name(item: str) -> str:
    text = re.sub(r"\s+", " ", item.replace(NICE_TO_HAVE_MARK, "").replace(WAITS_MARK, "").strip().strip(".;:-•*")).strip()
    told = _PARAPHRASE.match(text)
    if told:
        text = (_base_verb(told.group("verb")) if told.group("verb") else "") + text[told.end():]
    text = NAME_PREFIX.sub("", text)
    # "a wee checklist for the annual varroa treatment": how small the founder pictures it is no part of its name.
    text = re.sub(r"^(?:(?:a|an|the)\s+)?(?:wee|lil|teeny)\s+(?=\w)|^(?:a|an)\s+(?:little|tiny)\s+(?=\w)", "", text,
                  flags=re.IGNORECASE)
    # "a list for me of what's come off the boat": who it is for sits between the thing and what it holds.
    text = re.sub(r"\s+for\s+(?:me|us|them|him|her)\s+(?=of\s)", " ", text, flags=re.IGNORECASE)
    # "list of which child is going in which car": "which" after "of" is part of the name; so it is after a verb of
    # knowing ("See which slots are free" was the row "See").
    spoken = text
    text = re.split(r"\s+(?:so that|so|because|that would|to make sure)\s+|(?<!\bof)(?<!\bin)(?<!\bfor)(?<!\bon)"
                    r"(?<!\bsee)(?<!\bsees)(?<!\bknow)(?<!\bshow)(?<!\bshows)(?<!\bcheck)(?<!\btell)(?<!\bfind)(?<!\bpick)"
                    r"(?<!\bchoose)(?<!\btrack)(?<!\blearn)(?<!\bdecide)\s+which\s+|[,;:(]", text, flags=re.IGNORECASE)[0]
    words = feature_name(text).split()
    popped = []
    while len(words) > 1 and words[-1].lower() in TRAILING:
        popped.append(words.pop())
    if len(words) == 1 and popped and popped[-1].lower() in ("it", "them", "that", "this"):
        # "Book it" stays "Book it", not a row named "Book".
        words.append(popped[-1])
    name = " ".join(words) or item.strip()[:40]
    # Cut where the name is a fragment ("Counter that shows how many"): mended by class (capability_names).
    return capability_name(name[:1].upper() + name[1:], spoken)


# A word in -s used as a verb of the person just named ("the owner, he's 58, opens at 6am", "who runs a stall
# on Fridays"): it follows a pronoun or a clause's start and is followed by where, when or what it does.
_VERB_USE = re.compile(r"(?:[,;]|\b(?:he|she|it|who|that|which|and|also|then|just|only))\s*$", re.IGNORECASE)
_VERB_NEXT = re.compile(r"\s+(?:at|from|on|in|up|a|an|the|his|her|their|every|each|to|\d)\b", re.IGNORECASE)


# "a nail bar in Leeds", "farms near Brecon Hills": a place's name after where it is.
_PLACE_BEFORE = re.compile(r"\b(?:in|at|from|near|around|across|outside)\s+(?:[A-Z][\w'-]*\s+)?$")


_OWNED_BEFORE = re.compile(r"\b(?:their|his|her|its)\s+(?:[a-z][\w'-]*\s+)?$", re.IGNORECASE)


def _said_as_verb(text: str, word: re.Match[str]) -> bool:
    """A verb in -s, or a place's name: no word for the people."""
    if people_noun(word.group(0)):
        return False
    if word.group(0)[0].isupper() and _PLACE_BEFORE.search(text[: word.start()]):
        return True
    if _OWNED_BEFORE.search(text[: word.start()]) and not re.search(r"(?:ers|ors|ars|ists|ants|ents|ians)$", word.group(0)):
        return True  # "people clearing out their wardrobes": what they own, not who they are ("their customers" are)
    return bool(_VERB_USE.search(text[: word.start()])) and bool(_VERB_NEXT.match(text[word.end():]))


def persona(summary: DiscoverySummary) -> str:
    """The plural noun for the target users ('nurses', 'designers'; 'mums and dads' said as a pair), else 'users'."""
    for found in re.finditer(r"[A-Za-z][A-Za-z-]+", summary.target_user):
        word = found.group(0)
        lower = word.lower()
        if (
            len(lower) >= 4
            and lower.endswith("s")
            and not _said_as_verb(summary.target_user, found)
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
                # "we're the ones who suffer", "lots of them": no people named.
                "ones",
                "lots",
                "loads",
                "thanks",
            )
        ):
            pair = re.match(r"\s+(?:and|&)\s+([a-z]{3,}s)\b", summary.target_user[found.end():], re.IGNORECASE)
            # "the mums and dads with kids at the school": both halves of a pair of people are who it is for.
            return f"{lower} and {pair.group(1).lower()}" if pair and pair.group(1).lower() in _PAIRED else lower
    if re.search(r"\bpeople\b", summary.target_user, re.IGNORECASE):
        return "people"
    return "users"


# The other half of a pair of people said together ("mums and dads", "nurses and carers", "players and coaches").
_PAIRED_TEXT = """dads mums moms fathers mothers grandparents carers caregivers coaches players parents teachers
    students nurses doctors staff volunteers members tenants landlords buyers sellers drivers riders guests hosts owners
    customers clients patients families kids children pupils"""
_PAIRED = frozenset(_PAIRED_TEXT.split())


_PEOPLE_NOUN = re.compile(
    r"(users?|customers?|people|members|clients|subscribers|patients|students|nurses|teachers|"
    r"parents|owners|employees|staff|drivers|sellers|buyers|families|teams|companies|businesses|"
    r"\w+ers\b|\w+ists\b)"
)


def user_count(summary: DiscoverySummary) -> tuple[float, str] | None:
    """A user count discovery heard ('500 nurses', '2k users'): (number, the phrase)."""
    found = user_count_in(summary)
    return None if found is None else (found[0], found[1])


def user_count_in(summary: DiscoverySummary) -> tuple[float, str, str] | None:
    """A user count discovery heard: (number, the phrase, the aspect it was heard in)."""
    held = held_count(summary.target_user)
    if held:
        # "households (about 220 on the books)": the founder's own count of who they have.
        return held[0], held[1], "target_user"
    for aspect in ("target_user", "why_now", "constraints", "current_alternatives", "success_metric"):
        # "ninety-odd of them", "a dozen or so agencies", "couple hundred members": counts, read as digits.
        text, rough = rough_in_digits(summary.value_text(aspect), plain_words=False)
        for match in USER_COUNT.finditer(text):
            raw = match.group(1).replace(",", "")
            try:
                value = float(raw)
            except ValueError:
                continue
            unit = (match.group(2) or "").lower()
            value *= {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}.get(unit, 1)
            noun = match.group(3).lower()
            two = re.match(r"[a-z-]+\s+[a-z-]+\b", text[match.start(3):].lower())
            wider = two is not None and not _PEOPLE_NOUN.search(noun) and bool(_PEOPLE_NOUN.search(two.group(0).split()[1]))
            if wider and two is not None:  # "the 90 plot holders", "17 hockey families": the people after a word
                noun = two.group(0)
            # "1-3 person studios" or "50-500 employees" says how big each customer is, not how many there are;
            # "mostly 17 to 20" is a range of ages or sizes, not a count of anyone.
            if AGE_BEFORE.search(text[: match.start()]):
                continue  # "the owner, he's 58": an age
            if re.search(r"\d\s*[-\u2013]\s*$", text[: match.start()]) or re.match(
                r"(?:person|people|man|employee|seat)\b", noun
            ) or re.match(r"(?:to|or|and)\s+\d", text[match.start(3):], re.IGNORECASE):
                continue
            if aspect != "target_user" and not _PEOPLE_NOUN.search(noun) or WORKED_OUT.match(text[match.end():]):
                continue  # "340 pupils so maybe 250 families": the count it is worked out into follows.
            if re.match(r"of\s+us\b", text[match.start(3):], re.IGNORECASE) and OF_US_RUNNING.search(text):
                continue  # "us lot on the PTA who run it (theres 5 of us)": who runs it, not who uses it.
            if 1 <= value <= 1e9 and not (1900 <= value <= 2100 and not unit):
                if re.match(r"of\s+(?:them|us)\b", text[match.start(3):], re.IGNORECASE):
                    # "conductors (about 24 of them)": 24 conductors, the people named before the count.
                    before = re.sub(r"[\s(,]*(?:about|around|roughly|some|nearly|almost|over|maybe|like)?\s*$", "",
                                    text[: match.start()], flags=re.IGNORECASE).split(";")[-1].strip(" ,(")
                    head = re.split(r"\s+(?:on|in|at|of|from|with|who|that|across|near)\s+", before)[0]
                    who = re.sub(r"^(?:all\s+)?(?:the|a|an|our|my|their)\s+", "", " ".join(head.split()[-3:]),
                                 flags=re.IGNORECASE)
                    if who:
                        return value, in_words(f"{match.group(1)} {who}", rough), aspect
                return value, in_words(f"{match.group(1)}{match.group(2) or ''} {noun}" if wider
                                       else match.group(0).strip(), rough), aspect
    return None


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
    return measurable(metric)


_SUBJECT = r"(?:i|we)\s*(?:'d|\u2019d|would|will|'ll|am|'m|m|are|'re)?\s*(?:be\s+)?"
_FEEL = (_SUBJECT + r"(?:very\s+|really\s+|right\s+|well\s+|so\s+|more than\s+)?(?:happy|chuffed|pleased|delighted|"
         r"satisfied|glad|stoked|made up|over the moon|content)(?:\s+enough)?")
_TAG = r"(?:\s+(?:na|po|lah|la|now|then|already|with that|with it))*"
# "…, after that I am happy", "…, I'd call that a win": how the founder will feel, after the measure.
_FEELING_AFTER = re.compile(
    r"(?:\s*,\s*|\s+)(?:and\s+|so\s+)?(?:after that\s+|then\s+)?(?:" + _FEEL + _TAG + r"|(?:i|we)(?:'?d| would)\s+"
    # "…by the end of autumn id call that a win", "…, we'd count that as a success".
    r"(?:call|count|class|consider) (?:that|it) (?:as )?a (?:win|success|result)|that(?:'d|'s| would be| is)\s+(?:a win|great|brilliant|amazing|success))\s*(?=[,.;!]|$)",
    re.IGNORECASE,
)
# "I'd be happy enough if I saved a tank of diesel": the measure is what comes after "if".
_FEELING_IF = re.compile(r"\b" + _FEEL + r"\s+(?:if|when|once)\s+(?:(?:i|we)\s+(?=\w+ed\b))?", re.IGNORECASE)


def measurable(metric: str) -> str:
    """The measure in a success answer, without the founder's feelings about it: "100 pre-orders a day …, after 3 months
    I'd be happy na" reads "100 pre-orders a day …, after 3 months"."""
    plain = _FEELING_IF.sub("", _FEELING_AFTER.sub("", metric))
    if plain != metric:
        # "and if the Uist shops take it on after a year I'd be right chuffed": the condition is the measure.
        plain = re.sub(r"(?:(?<=^)|(?<=,\s)|(?<=\band\s))if\s+", "", plain, flags=re.IGNORECASE)
    plain = plain.strip(" ,;")
    return plain if re.search(r"\w", plain) else metric
