"""What a founder says during the interview that answers nothing, heard as what it is.

A question back to the PM ("do you think tailors will pay?", "Let me ask you, do you think…") gets an answer
and the pending question again; an off-topic remark ("by the way, the light just went off", "Sorry mate, just
had to go yell at a sparky…") stays out of the summary; a restated fact ("I said 30 businesses but make it 60",
"correction: not 200, 400 farmers", "put 150 chamas") replaces the old value where it stands. The patterns
live in `cues`, the words in `phrasing`.
"""

from __future__ import annotations

import re

from pmtui.models import ASPECT_LABELS, ASPECTS, DiscoverySummary
from pmtui.product.brains.offline.discovery.aside_cues import (
    ASIDE_ABOUT_THE_IDEA,
    ASIDE_ADDRESSED,
    ASIDE_OFF_TOPIC,
    ASIDE_QUESTION_LEAD,
    ASIDE_QUESTION_START,
    ASIDE_TOPICS,
    PLATFORM_QUESTION,
)
from pmtui.product.brains.offline.discovery.correction_cues import (
    CORRECTION_ONLY,
    NUMBER_CORRECTION_CUE,
    NUMBER_VALUE,
    RESTATED,
    RESTATED_TOPIC,
    RESTATED_TOPICS,
)
from pmtui.product.brains.offline.discovery.interruptions import INTERRUPTION_EVENT, INTERRUPTION_OPENER
from pmtui.product.brains.offline.discovery.numbers import in_digits, in_words
from pmtui.product.brains.offline.discovery.phrasing import (
    ASIDE_ANSWERS,
    ASIDE_IF_I_WERE_YOU,
    ASIDE_OFF_TOPIC_ACK,
    WHY_ASK,
    glossary,
)
from pmtui.product.brains.offline.discovery.text import (
    drop_negated,
    is_thin,
    short,
    split_sentences,
)
from pmtui.product.brains.offline.discovery.unclear import not_understood, what_i_meant


def _bare(text: str) -> str:
    """The message without the emoji and spaces after its last word: "use it? 🤔" ends with a question mark."""
    return re.sub(r"[^\w?!.)\"'%]+$", "", text.strip())


# "deposits are the key, move notes to phase 2" said in the interview: how to cut the scope, before there is one.
SCOPE_NOTE = re.compile(
    r"\b(?:move|put|push|keep|leave|save)\s+(?:the\s+)?[\w' -]{2,40}?\s+(?:to|for|in|into|till|until)\s+(?:phase\s*[123]|"
    r"v[123]|later|the mvp|version [123])\b|\b(?:phase\s*[123]|v2)\s+(?:for|is fine for)\b|"
    r"\b[\w' -]{2,40}?\s+(?:can|could)\s+(?:wait|come later|go (?:to|in) phase\s*[23])\s*(?:[,.;!]|$)|"
    # "Branch transfers to phase 2" (an arrow, typed as "to"): the thing and where it goes, nothing else.
    r"^\W*[\w' -]{2,40}?\s+(?:to|in|into)\s+(?:phase\s*[23]|v[23]|later|version [23])\s*(?:[,.;!]|$)|"
    # "Can the loyalty stamps wait for phase 2?", "could the map wait till later": the same note, asked.
    r"\b(?:can|could)\s+[\w' -]{2,40}?\s+(?:wait|come later)\s+(?:for|till|until|to|in)\s+(?:phase\s*[23]|v[23]|"
    r"later|version [23])\b|"
    # "the price before work na the main thing, e must dey phase 1" (Pidgin: it must be in phase 1).
    r"\b(?:must|should|has to|have to|needs? to)\s+(?:be|go|come|stay)\s+(?:in\s+)?(?:the\s+)?(?:phase\s*1|v1|mvp|first "
    r"(?:version|phase))\b",
    re.IGNORECASE,
)


# "take out the chat and the map, those aren't features. seeds can wait": what else the note does to the list.
_NOTE_EDITS = re.compile(r"\b(?:take out|remove|cut|drop|delete|get rid of|scrap|bin|add|include|put in|merge|split)\b",
                         re.IGNORECASE)


_STORY_LEAD = re.compile(r"^\W*(?:actually|so|well|but|and|i|i'm|i've|we|we're|she|he|they|my|our|her|his|it|it's|that|this|"
                         r"there|hmm+|ok(?:ay)?|right|sorry|honestly|look)\b", re.IGNORECASE)


def _wishes_beside_the_note(text: str, least: int = 2) -> bool:
    """"A list of holds per stop, a text when the book is on board, a way to mark it collected. Maybe online holds too,
    although most would rather ring, so leave that for later": the wishes come first and one of them waits. That is an
    answer to the wishlist, with a deferral in it, not a note on a scope not proposed yet."""
    from pmtui.product.brains.offline.discovery.clues import feature_items

    rest = " ".join(s for s in split_sentences(text) if not SCOPE_NOTE.search(s)) if least > 1 else SCOPE_NOTE.sub(" ", text)
    # A story told around the note ("Actually, let me rethink this. I spoke to my aunt, …") lists no wishes.
    return not _NOTE_EDITS.search(rest) and not _STORY_LEAD.match(rest) and len(feature_items(rest)) >= least


# "the alert thing can wait, and add a monthly statement for each owner please": the scope note also asks for a thing.
NOTE_ADDS = re.compile(
    r"\b(?:please\s+)?(?:also\s+)?(?:add|include|put in)\s+(?:(?:a|an|the)\s+)?(?P<x>[^,.;!?]{3,80}?)"
    r"(?:\s+(?:please|too|as well|also))?\s*(?:[,.;!?]|$)",
    re.IGNORECASE,
)


def note_additions(text: str) -> list[str]:
    """What a scope note said in the interview asks to add: wishes for the wishlist, heard now, not later."""
    from pmtui.product.brains.offline.discovery.clues import feature_items

    return [item for match in NOTE_ADDS.finditer(_bare(text)) for item in feature_items(match.group("x"))]


# "Wait, sorry, what do you mean by why now? it was always a problem", "wats RICE?": what one of the PM's words means.
MEANING_QUESTION = re.compile(
    r"^\W*(?:(?:wait|sorry|ok(?:ay)?|so|hmm+|um+|quick one|one question|sir|madam|but|and|also|oh|btw|by the way)[\s,:.!-]+)*"
    r"(?:what|wat|wot|wht)\s*(?:(?:'?s\b|\s+is\b|\s+are\b|\s+(?:do|did|d')\s*(?:you|u|yuh|ya)\s+mean(?:\s+(?:by|with))?)"
    r"(?P<term>[^?]{1,60})\?|"
    # "What does RICE stand for?", "what do reach and impact mean here": the term sits inside the question, which
    # needs no question mark to be one.
    r"\s+(?:does|do)\s+(?P<inner>[\w' .-]{1,40}?)\s+(?:mean|stand for|refer to)\b[^?.!]{0,30}(?:\?|\W*$))",
    re.IGNORECASE,
)


def meaning_asked(text: str) -> list[str]:
    """What the PM's words the founder asks about mean ("what do you mean by why now?"), or [] for anything else."""
    match = MEANING_QUESTION.match(_bare(text))
    return glossary(match.group("term") or match.group("inner")) if match else []


def aside_kind(text: str, asked: str = "") -> str:
    """'question' (asked of the PM), 'off_topic', 'scope_note' (how to cut a scope not proposed yet), or '' for an
    answer. Asked what it should do, one wish beside the note makes it an answer ("treasurer marks who paid each
    evening. A penalty for late payers can come later": the wish was lost with the note)."""
    stripped = _bare(text)
    # "btw what does effort refer to": the PM's own word asked about, however it is brought up.
    if meaning_asked(stripped):
        return "question"
    if ASIDE_OFF_TOPIC.match(stripped):
        return "off_topic"
    least = 1 if asked == "feature_wishlist" else 2
    # "Can the stamps wait for phase 2? Also what does the cut line mean?": a note, and a word to explain beside it.
    note = " ".join(s for s in split_sentences(stripped) if not meaning_asked(s)) if "?" in stripped else stripped
    if note and SCOPE_NOTE.search(note) and not _wishes_beside_the_note(note, least):
        return "scope_note"
    if not_understood(stripped):
        return "question"
    if SCOPE_NOTE.search(stripped) and not _wishes_beside_the_note(stripped, least):
        return "scope_note"
    if restated(stripped):
        return ""
    if INTERRUPTION_OPENER.match(stripped) and INTERRUPTION_EVENT.search(stripped):
        return "off_topic"
    if ASIDE_QUESTION_LEAD.match(stripped) and "?" in stripped:
        return "question"
    asks = stripped.endswith("?") or ASIDE_QUESTION_START.match(stripped) is not None
    if asks and ASIDE_ADDRESSED.search(stripped) and (ASIDE_QUESTION_START.match(stripped) or len(stripped.split()) <= 25):
        return "question"
    if stripped.endswith("?") and ASIDE_ABOUT_THE_IDEA.match(stripped) and len(stripped.split()) <= 20:
        return "question"
    if stripped.endswith("?") and _YES_NO.match(stripped) and PLATFORM_QUESTION.search(stripped):
        return "question"  # "Will the drivers need internet the whole time?": where it runs, whoever it names
    return ""


# A yes/no question, whoever it is about: "will the drivers…", "do the cleaners…", "can my nephew…".
_YES_NO = re.compile(r"^\W*(?:(?:so|and|but|also|oh|hmm+|ok(?:ay)?|just)[\s,]+)*(?:will|would|can|could|do|does|did|is|"
                     r"are|should|shall|must|has|have)\b", re.IGNORECASE)


def questions_back(text: str) -> list[str]:
    """The sentences of an answer that ask the PM something: "no double bookings would be the dream lol. … whats a
    realistic number for a wee hall like ours" answers, then asks. Empty when the whole message is the question."""
    sentences = split_sentences(text)
    if len(sentences) < 2:
        return []
    return [s for s in sentences if aside_kind(s) == "question"]


# "Why now? The council has put the pitch on a new lease": a heading asked of oneself, answered by the next sentence.
_HEADING = re.compile(r"^\W*(?:(?:so|and|as for|re)\s+)?(?P<label>why now|(?:the\s+)?(?:main\s+|real\s+)?problem|"
                      r"pricing|the money|timeline|constraints|success metric|the metric)\s*[?:]\s*$", re.IGNORECASE)


def answer_sentences(text: str) -> list[str]:
    """The sentences of a message that may answer something: those that ask the PM a question are left out."""
    asks = questions_back(text)
    sentences: list[str] = []
    for sentence in split_sentences(text):
        heading = _HEADING.match(sentences[-1]) if sentences else None
        if heading:
            sentences[-1] = f"{heading.group('label')}: {sentence}"
        else:
            sentences.append(sentence)
    return [s for s in sentences if s not in asks]


def asked_part(text: str) -> str:
    """The question itself, without the words that announce it ("Let me ask you, …")."""
    stripped = _bare(text)
    lead = ASIDE_QUESTION_LEAD.match(stripped)
    return stripped[lead.end():] if lead and stripped[lead.end():].strip() else stripped


# "is that the kind of thing you mean?", "does that work?", "that ok?": the founder checks their own answer with the PM.
_CHECK_BACK = re.compile(
    r"^\W*(?:(?:so|and|but|or|hmm+|like)\W+)*(?:(?:is|was|would|does|will|could|did)\s+)?(?:that|this|it)\s+(?:be\s+|'?s\s+)?"
    r"(?:(?:the|a)\s+)?(?:(?:kind|sort|type)\s+of\s+(?:thing|answer|number|figure|target|metric|stuff)|"
    r"(?:ok(?:ay)?|alright|all right|enough|fine|good|right|any good|useful|helpful|specific enough|clear|"
    r"what you(?:'re| are| were)?\s+(?:mean|meant|want|wanted|need|needed|after|looking for|asking(?: for)?)|"
    r"work|do|make sense|count|answer (?:it|your question)))\b[^?]{0,30}\?*\W*$",
    re.IGNORECASE,
)


def checks_back(text: str) -> bool:
    """Does the founder ask whether their own answer is what the PM wanted ("is that the kind of thing you mean?")?"""
    return bool(_CHECK_BACK.match(_bare(text)))


def aside_reply(text: str, asked: str, summary: DiscoverySummary | None = None) -> str:
    """The PM's answer to an aside, before it asks its pending question again. With the summary, a question about
    an aspect the founder has just given a value for is answered with that value."""
    kind = aside_kind(text, asked)
    if kind == "off_topic":
        return ASIDE_OFF_TOPIC_ACK
    if kind == "scope_note":
        added = note_additions(text)
        wished = f" {' and '.join(added)} {'is' if len(added) == 1 else 'are'} on the wishlist now." if added else ""
        # "Could we put the transfers in phase 2? And what does RICE stand for?": the note, and the answer.
        sentences = split_sentences(text)
        meanings = [line for sentence in sentences for line in meaning_asked(sentence)]
        note = " ".join(sentence for sentence in sentences if not meaning_asked(sentence)) or text
        answered = f" Fair question: {' '.join(meanings)}" if meanings else ""
        return (f'Noted for when we scope the MVP: "{short(note, 14)}" — a wish already on the list that can wait is '
                "marked for later; anything else, say it again at the scope table, where every feature has its "
                f"numbers.{wished}{answered}")
    if not_understood(text):
        # "wdym by that?", "Wetin be dat one? I no understand the question": what the PM meant, not a guess at an answer.
        return what_i_meant(asked)
    meaning = meaning_asked(text)
    if meaning:
        return "Fair question. " + " ".join(meaning)
    question = asked_part(text)
    value = getattr(summary, asked, "") if summary is not None and asked in ASPECTS else ""
    if checks_back(question) and isinstance(value, str) and value:
        # The answer it checks is the one just given: say whether it is what the question wanted, and why.
        if is_thin(asked, value):
            return f'Nearly — "{short(value, 14)}" is a start. {WHY_ASK[asked]}'
        parts = value.split("; ")
        if len(parts) >= 2 and re.search(r"\b(?:two|both|2|more than one|several)\b", question, re.IGNORECASE):
            # "Is it ok to have two?": yes, and which one the scope is held to.
            return (f'Two is fine — "{short(parts[0], 12)}" and "{short(parts[-1], 12)}" both go into the spec; the '
                    "first is the one I'll hold the scope to.")
        said = next((p for p in reversed(parts) if re.search(r"\d", p)), parts[-1])
        said = re.sub(r"^(?:say|e\.?g\.?|like|maybe|about|around)[,:]?\s+", "", said.strip(), flags=re.IGNORECASE)
        return f'Yes — "{short(said, 16)}" is exactly the kind of answer I need.'
    if re.search(r"\bwhat would you do\b|\bif you were me\b|\bin my (?:place|shoes)\b", question, re.IGNORECASE) and asked:
        return ASIDE_IF_I_WERE_YOU.format(label=ASPECT_LABELS[asked].lower(), why=WHY_ASK[asked])
    topic = next((aspect for aspect, pattern in ASIDE_TOPICS if pattern.search(question)), "")
    if topic == "success_metric" and summary is not None and summary.success_metric:
        # "…maybe half the regulars booking online by easter? whats a realistic number for a wee hall like ours".
        parts = summary.success_metric.split("; ")
        counted = [p for p in parts if not is_thin("success_metric", p)] or parts
        return (f'Fair question — "{short(question, 12)}". A realistic first target counts people you can already '
                f'reach, by a date you can check: "{short(counted[-1], 16)}" is that kind of number.')
    return f'Fair question — "{short(question, 12)}". {ASIDE_ANSWERS[topic]}'


def restated(text: str) -> re.Match[str] | None:
    """'I said 30 but make it 60', 'scratch what I said about the price', 'correction: not 200, 400 farmers'."""
    return RESTATED.search(text) or RESTATED_TOPIC.search(text) or CORRECTION_ONLY.search(text)


def apply_restatement(summary: DiscoverySummary, text: str) -> tuple[DiscoverySummary, str]:
    """The summary with a restated fact replaced, and the aspect it changed ('' if the old value was not there)."""
    result = summary.model_copy(deep=True)
    match = RESTATED.search(text)
    if match:
        old, new = match.group("old").strip(), match.group("new").strip()
        old_numbers = re.findall(r"[$€£]?\d[\d,.]*", old)
        new_numbers = re.findall(r"[$€£]?\d[\d,.]*", new)
        for aspect in ASPECTS:
            value = getattr(result, aspect)
            if isinstance(value, list):
                continue
            if old.lower() in value.lower():
                setattr(result, aspect, re.sub(re.escape(old), new, value, count=1, flags=re.IGNORECASE))
                return result, aspect
            if old_numbers and new_numbers and old_numbers[0] in value:
                setattr(result, aspect, value.replace(old_numbers[0], new_numbers[-1], 1))
                return result, aspect
        return result, ""
    topic = RESTATED_TOPIC.search(text)
    if topic:
        aspect = next((a for a, pattern in RESTATED_TOPICS if pattern.search(topic.group("topic"))), "")
        rest = text[topic.end():]
        clauses = [c.strip(" ,.;") for c in re.split(r"[,.;]\s*", rest) if c.strip(" ,.;")]
        # The new value is the last clause with a number in it, else the last clause.
        value = next((c for c in reversed(clauses) if re.search(r"\d", c)), clauses[-1] if clauses else "")
        value = re.sub(r"^(?:it\s+should\s+be|should\s+be|make\s+it|it'?s|it\s+is)\s+", "", value, flags=re.IGNORECASE)
        if aspect and value:
            setattr(result, aspect, value[:1].upper() + value[1:])
            return result, aspect
    return result, ""


def _number_key(raw: str) -> str:
    return re.sub(r"\s*(?:-|–|to)\s*", "-", raw.replace(",", "").strip().lower())


def _old_number(text: str, match: re.Match[str]) -> bool:
    """Is this number the one being taken back ("not 200", "I said 100", "instead of 50")?"""
    before = text[max(0, match.start() - 16) : match.start()]
    return re.search(r"\b(?:not|instead of|said|wrote|told you|from)\s+(?:like\s+|about\s+|around\s+)?$", before,
                     re.IGNORECASE) is not None


_TIME_UNIT = re.compile(r"^\s*(?:days?|weeks?|wks?|months?|years?)\s*$", re.IGNORECASE)


def _other_unit(old: str, new: str) -> bool:
    """'3 months, not 6 weeks' restates the whole limit rather than one number of it."""
    return bool(_TIME_UNIT.match(old) and _TIME_UNIT.match(new)) and _unit(old) != _unit(new)


_UNITS = {"week": "wk", "weeks": "wk", "wk": "wk", "wks": "wk", "month": "mo", "months": "mo", "mo": "mo", "mos": "mo",
          "mth": "mo", "mths": "mo", "mnth": "mo", "mnths": "mo", "day": "d", "days": "d", "year": "yr", "years": "yr",
          "yr": "yr", "yrs": "yr"}


def _unit(after: str) -> str:
    """The unit a number was said with ('8 wks' and '8 weeks' alike), '' when none."""
    words = after.strip().lower().split()
    # "it's more like 60 in summer": a word of when or where after the number is no unit of it.
    if not words or words[0] in ("a", "an", "per", "in", "on", "at", "for", "by", "from", "with", "of", "to", "during"):
        return ""
    # "not 60 theres a new school coming", "not 8 we added two": a word that starts the next clause is no unit.
    if re.fullmatch(r"(?:there'?s?|theres|here'?s?|we|i|they|he|she|it'?s?|its|you|and|but|so|because|cos|as|since|then|"
                    r"now|now's|though|too|also|or|plus|yet)", words[0]):
        return ""
    return _UNITS.get(words[-1], words[-1].rstrip("s"))


def _said_with(match: re.Match[str]) -> str:
    """The unit right after a number ("8 wks"); none after a comma ("not 30, my cousin …")."""
    return "" if match.group("num").endswith(",") else _unit(match.group("after"))


_CURRENCY_WORDS = frozenset({"euro", "eur", "pound", "quid", "dollar", "buck", "rand", "naira", "cedi", "shilling", "rupee",
                             "peso", "ringgit", "dirham", "rupiah", "baht", "yen"})
def _correction_part(text: str) -> str:
    """The sentences of a message that say a correction: each one with a cue, and the one after a cue said without
    a new number ("My mistake. It's 30 fitters."). "…, say 10 saccos using it by march. we'd charge KSh 500 per matatu
    a month" corrects nothing with its price: a hedge in one sentence does not make another one's number a fix. A cue
    said with only the old number ("oops not 8 wks. 10 wks") takes the next sentence too."""
    sentences = split_sentences(text)
    if len(sentences) < 2:
        return text
    kept: list[str] = []
    carry = False
    for sentence in sentences:
        if carry or NUMBER_CORRECTION_CUE.search(sentence):
            kept.append(sentence)
            # "oops not 8 wks. 10 wks": a cue whose sentence holds no new number has it in the next one.
            carry = not carry and not any(not _old_number(sentence, m) for m in NUMBER_VALUE.finditer(sentence))
        else:
            carry = False
    return " ".join(kept) if kept else text


_SAID_AGAIN = re.compile(r"^\W*(?:like|as) i (?:said|told you|mentioned)\b", re.IGNORECASE)


def number_correction(summary: DiscoverySummary, text: str, named_only: bool = False) -> tuple[str, str] | None:
    """As `_number_correction`, with numbers said as words ("sorry not fifty, thirty stalls more real lah") read as
    digits and written back as the founder said them."""
    digits, said = in_digits(text)
    if not said and (fix := _number_correction(summary, text, named_only)) is not None:
        return fix
    values: dict[str, str] = {}
    kept: dict[str, list[tuple[str, str]]] = {}
    for aspect in ASPECTS:
        value = getattr(summary, aspect)
        if isinstance(value, str):
            values[aspect], kept[aspect] = in_digits(value)
    # "its more like 70 dancers not 60" when the summary kept "about sixty of them": the summary's number words are
    # read as digits too (only to find the old number the message names), and written back as the founder said them.
    olds = {_number_key(m.group("num")) for m in NUMBER_VALUE.finditer(digits) if _old_number(digits, m)}
    in_words_only = any(number in olds for pairs in kept.values() for number, _words in pairs)
    fix = _number_correction(summary.model_copy(update=values), digits, named_only) if said or in_words_only else None
    if fix is None and not named_only:
        # "the volunteers are more like 150 now" with "volunteers at a food bank (about 120)" on the card.
        fix = _count_beside_the_users(summary, digits)
    if fix is None:
        # "it is 26 families not two dozen", when the card kept the families but not how many: the size is filed.
        return _size_never_heard(summary, digits, named_only, bare_old=bool(said))
    aspect, fixed = fix
    return aspect, in_words(fixed, kept.get(aspect, []) + said)


_SIZE_UNITS = frozenset({"staff", "employee", "worker", "cleaner", "people", "ppl", "person", "member", "driver", "rider",
                         "bed", "room", "branch", "site", "van", "truck", "boat", "vehicle", "seat", "table", "pupil",
                         "familie", "family", "household", "farmer", "customer", "client", "player", "student", "parent",
                         "tenant", "flat", "shop", "outlet", "plot", "stall", "agent", "volunteer", "teacher", "nurse"})


def _size_never_heard(summary: DiscoverySummary, text: str, named_only: bool,
                      bare_old: bool = False) -> tuple[str, str] | None:
    """"NOT 10-50 STAFF. 20-200." at the card, when no "10-50 staff" was ever heard: the size of whom it is for is
    put right by filing the new one with the people (cleaning-caps, held-out 4), not by asking what to change."""
    if named_only or not summary.target_user.strip():
        return None
    values = list(NUMBER_VALUE.finditer(text))
    fresh = [m for m in values if not _old_number(text, m)]
    paired = _paired_new(text, values, fresh)
    new = paired or (fresh[-1] if fresh else None)
    # "26 families not two dozen" (an old count said in words, `bare_old`) and "10 tables not 8" (a bare old number
    # beside the new one) take the new one's unit.
    # "drivers are 31 now, not 26": the people counted may be named before the new number.
    named = _unit_before(text, new) if new is not None and paired is not None and not _said_with(new) else ""
    new_unit = (_unit(new.group("after")) or named) if new is not None and (bare_old or paired is not None) else ""
    old = next((m for m in values if _old_number(text, m) and (_said_with(m) or new_unit) in _SIZE_UNITS), None)
    if old is None or new is None or _number_key(new.group("num")) in _number_key(summary.target_user):
        return None
    unit = (new.group("after").strip() if _unit(new.group("after")) in _SIZE_UNITS
            else _UNIT_BEFORE.search(text[: new.start()]).group("unit") if named  # type: ignore[union-attr]
            else old.group("after").strip())
    size = f"{new.group('num').rstrip(',')} {unit}"
    shouted = summary.target_user.isupper()
    return "target_user", f"{summary.target_user.rstrip(' .')} {'WITH' if shouted else 'with'} {size.upper() if shouted else size}"


# "drivers are 31 now", "the shops are about 20": the people counted, named before the number.
_UNIT_BEFORE = re.compile(r"\b(?P<unit>[a-z][\w'-]*)\s+(?:are|is|=|number|total|come to)\s+(?:now\s+)?(?:about\s+|around\s+|"
                          r"like\s+|roughly\s+)?$", re.IGNORECASE)


def _unit_before(text: str, match: re.Match[str]) -> str:
    """The unit named right before a number ("drivers are 31" -> "driver"), '' when none."""
    found = _UNIT_BEFORE.search(text[: match.start()])
    return _unit(found.group("unit")) if found else ""


# "10 tables not 8", "make it 40", "change that to 12", "should be 25": the new figure said with the correction itself.
_BEFORE_OLD = re.compile(r"[\s,]*(?:and\s+)?(?:not|instead of|rather than)\s+(?:like\s+|about\s+|around\s+)?$", re.IGNORECASE)
_NEW_LEAD = re.compile(r"\b(?:make (?:it|that|them|those)|change (?:it|that|them) to|(?:it'?s|its|it is|that'?s|they'?re) now|"
                       r"is now|are now|should be|should say|more like|actually)\s+(?:like\s+|about\s+|around\s+)?$",
                       re.IGNORECASE)


def _paired_new(text: str, values: list[re.Match[str]], fresh: list[re.Match[str]]) -> re.Match[str] | None:
    """The new number the correction pairs with the old one ("10 tables not 8, we added 2 last month": the 10; "I said
    30 fitters, make it 40, there are 3 new ones": the 40), not a number of the reason told after it."""
    olds = [m for m in values if _old_number(text, m)]
    for m in fresh:
        if any(old.start() >= m.end() and _BEFORE_OLD.fullmatch(text[m.end():old.start("num") if not old.group("cur")
                                                                          else old.start()]) for old in olds):
            return m
    return next((m for m in fresh if _NEW_LEAD.search(text[max(0, m.start() - 24):m.start()])), None)


def _number_correction(summary: DiscoverySummary, text: str, named_only: bool = False) -> tuple[str, str] | None:
    """(aspect, corrected value) when the message puts a number right without "I said … make it …": the old
    number where it stands (or, named by topic or by the word after it, the number of that aspect) becomes
    the new one. None when the message corrects nothing the summary holds. With `named_only`, only the old
    number the message names ("not 200", "I said 30 fitters") is put right."""
    if not NUMBER_CORRECTION_CUE.search(text) or _SAID_AGAIN.match(text):
        # "Like I said: … £60 … £6 …" repeats an answer; it corrects nothing.
        return None
    text = _correction_part(text)
    values = list(NUMBER_VALUE.finditer(text))
    fresh = [m for m in values if not _old_number(text, m)]
    if not fresh:
        return None
    # "before I told you 5 until 15 workers, is better 5 until 25 workers, my friend has 22 guys": the new number is the
    # one said with the old one's word, not the last number of the reason after it.
    said_before = {_said_with(m) for m in values if _old_number(text, m) and _said_with(m)}
    new = next((m for m in fresh if _said_with(m) in said_before), None) or _paired_new(text, values, fresh) or fresh[-1]
    # An old amount said with its currency ("£25") is only ever an amount; a bare one ("not 50") may be either.
    olds = {
        _number_key(m.group("num")): (bool(m.group("cur")), _said_with(m) or _unit(new.group("after")), _said_with(m))
        for m in values
        if m is not new and _number_key(m.group("num")) != _number_key(new.group("num"))
        # Said again later, a number counts as taken back only when the message says so ("not 200", "I said 30").
        and (not named_only or _old_number(text, m))
    }
    noun = new.group("after").strip().lower().rstrip("s")
    # An amount in a currency is a price unless the message names another topic.
    named = next((a for a, pattern in RESTATED_TOPICS if pattern.search(text)), "")
    topic = named or ("revenue_model" if new.group("cur") else "")
    order = ([topic] if topic else []) + [a for a in ASPECTS if a != topic]
    # "oops not 8 wks. 10 wks": the 8 said with weeks, before any other 8 ("lose ~8% a yr").
    # Said again later, only the old number said with its unit ("30 fitters") is sure to be the one taken back.
    for pass_ in ("old_unit",) if named_only else ("old_unit", "old", "noun", "topic"):
        for aspect in order:
            value = getattr(summary, aspect)
            if isinstance(value, list) or (pass_ == "topic" and aspect != topic):
                continue
            if named and aspect != named and pass_ in ("old", "noun"):
                # "the price is 280 dirhams not 250": a bare old number is looked for where the message says it was,
                # never in the 250 customers.
                continue
            for found in NUMBER_VALUE.finditer(value):
                key = _number_key(found.group("num"))
                if key == _number_key(new.group("num")) or _other_unit(found.group("after"), new.group("after")):
                    continue
                hit = (
                    (pass_ == "old_unit" and key in olds and bool(olds[key][1]) and (
                        _unit(found.group("after")) == olds[key][1]
                        # "30 euro a month, not 25" about "€25 a month": the currency said as a word or a sign.
                        or (olds[key][1] in _CURRENCY_WORDS and bool(found.group("cur")))))
                    # "not 8 weeks" never takes back an 8 said with no unit or another one ("lose ~8% a yr").
                    or (pass_ == "old" and key in olds and (bool(found.group("cur")) or not olds[key][0])
                        and (not olds[key][2] or _unit(found.group("after")) == olds[key][2]))
                    or (pass_ == "noun" and bool(noun) and found.group("after").strip().lower().rstrip("s") == noun)
                    or (pass_ == "topic" and bool(found.group("cur")) == bool(new.group("cur")))
                )
                if hit and found.group("cur") and not new.group("cur") and _unit(new.group("after")) in _CURRENCY_WORDS:
                    # "€25 a month" put right by "30 euro a month": the new amount as the founder said it.
                    said = f"{new.group('num').rstrip(',')} {new.group('after').strip()}"
                    return aspect, value[: found.start()] + said + value[found.end("num") :]
                if hit:
                    fixed = value[: found.start("num")] + new.group("num").rstrip(",") + value[found.end("num") :]
                    return aspect, fixed
            if pass_ == "topic" and value.strip() == "":
                clause = next((c for c in re.split(r"[,.;]\s*", text) if new.group(0) in c), new.group(0))
                # "yes but the price should be GH₵ 60 not 50": only the new value, never the old number.
                clause = drop_negated(clause)
                # "is better 3 percent": how sure the founder is now is no part of the value.
                clause = re.sub(r"^\s*(?:[\w']+\s+){0,7}?(?:put|say|make it|make that|should be|would be|it'?s|is)\s+"
                                r"(?:better\s+|rather\s+|more like\s+|actually\s+)?", "", clause, flags=re.IGNORECASE)
                return aspect, clause.strip()[:1].upper() + clause.strip()[1:]
    return None


_BESIDE = re.compile(r"\((?P<lead>(?:about|around|roughly|some|over|nearly)\s+)?(?P<num>\d[\d,]*)\)")
_NEARER = re.compile(r"\b(?:more like|closer to|nearer(?: to)?|actually|now|it'?s|they'?re|are|is)\s+(?:about\s+|around\s+)?"
                     r"(?P<num>\d[\d,]*)\b", re.IGNORECASE)


def _count_beside_the_users(summary: DiscoverySummary, text: str) -> tuple[str, str] | None:
    """The users' count kept beside them ("volunteers at a food bank (about 120)") put right by a message that names
    them and says the figure is nearer another ("the volunteers are more like 150 now", "more like 150 volunteers")."""
    held = _BESIDE.search(summary.target_user)
    said = _NEARER.search(text)
    if held is None or said is None or not NUMBER_CORRECTION_CUE.search(text):
        return None
    # Who they are is the head before where they are ("volunteers" of "volunteers at a community food bank").
    head = re.split(r"\s+(?:at|in|on|for|of|from|with|who|that|across)\s+", summary.target_user[: held.start()].lower())[0]
    users = {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", head)}
    named = {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", text.lower())}
    after = text[said.end():].lstrip().lower()
    if not users & named or said.group("num").replace(",", "") == held.group("num").replace(",", "") or re.match(
            r"(?:%|percent|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|pounds?|dollars?|euros?|quid|"
            r"bucks|k\b|miles?|km)", after):
        return None
    value = summary.target_user
    return "target_user", value[: held.start("num")] + said.group("num") + value[held.end("num"):]


def corrections_kept(summary: DiscoverySummary, said: list[str]) -> DiscoverySummary:
    """The summary with each earlier correction that named its old number applied again: "correction: not 200,
    400 farmers", said before the founder gave the 200, still puts the 200 right once it is in an answer."""
    result = summary
    for text in said:
        fix = number_correction(result, text, named_only=True)
        if fix:
            result = result.model_copy(update={fix[0]: fix[1]})
    return result


# "oh earlier i said 2 mths, make it 3 mths", "Sorry, before I told you 5 until 15 workers": when it was said, first.
_OPENS_AS_CORRECTION = re.compile(r"^\W*(?:(?:oh|och|ach|ah|aw|eh|oops|wait|hmm|hang on)\W+)*"
                                  r"(?:(?:earlier|before|previously|last time)\W+)?"
                                  r"(?:sorry|correction|oops|my (?:bad|mistake)|i (?:said|meant|made|told you)|"
                                  # "nah more like 60 a month not 50", "actually more like 12 vans, not 10", "och wait
                                  # its more like 70 dancers not 60".
                                  r"(?:(?:nah|naw|no|nope|actually|well)\W+)?(?:(?:it'?s|its|it is|that'?s|thats|they'?re)\s+)?"
                                  r"more like\b(?=[^.;]*\bnot\b)|"
                                  r"typo|i typed)\b", re.IGNORECASE)


def pending_correction(text: str) -> str:
    """The new number of a correction whose old number the summary does not hold yet, as said ("400 farmers"),
    or ''. Only a message that opens as a correction ("sorry, it's 30 operators not 10") is one: an answer that puts
    its own number right ("me, 6 weeks not 8") is an answer."""
    if not NUMBER_CORRECTION_CUE.search(text) or _SAID_AGAIN.match(text) or not _OPENS_AS_CORRECTION.match(text):
        return ""
    values = list(NUMBER_VALUE.finditer(text))
    fresh = [m for m in values if not _old_number(text, m)]
    if not fresh or len(fresh) == len(values):
        return ""
    old = next(m for m in values if _old_number(text, m))
    # "before I said 2 percent, is better 3 percent, the card fee is already 1 percent": the new number is the one said
    # with the old one's word, not the reason's.
    new = next((m for m in fresh if _said_with(old) and _said_with(m) == _said_with(old)), None) or _paired_new(
        text, values, fresh) or fresh[-1]
    # "I said 30 fitters, make it 40, there's more": 40 fitters.
    after = _said_with(new) and new.group("after").strip() or _said_with(old) and old.group("after").strip()
    # "7k not 5k": the suffix stays on its number.
    stuck = "" if new.group("num").endswith(",") else re.match(r"[^\s,.;]*", text[new.end("num"):]).group(0)  # type: ignore[union-attr]
    number = (new.group("cur") or "") + new.group("num").rstrip(",") + stuck
    return " ".join(p for p in (number, after or "") if p)
