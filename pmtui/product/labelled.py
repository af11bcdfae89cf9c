"""What a founder says about named aspects, on either engine: labelled corrections and "that was about X".

"no, the target user is dog owners in my building. why now: covid made everyone get dogs. success metric is
30 dogs walked every week" names three aspects, each with its own clause; "sorry that was about why now.
success = 30 dogs…" says the previous answer belongs to another aspect, then labels a new one. The shared
flow (pmtui.product.orchestrator) applies both before any brain is asked, so each named aspect gets its own
words and nothing else does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pmtui.models import ASPECT_LABELS, DiscoverySummary
from pmtui.product.constraint_facets import replace_facets

# The names founders give each aspect; the wishlist is left to the brains, which split items their own way.
_NAMES: tuple[tuple[str, str], ...] = (
    ("why_now", r"why now|the timing|timing"),
    ("target_user", (r"(?:the\s+)?(?:target\s+(?:users?|audience|market|customers?)|(?:main\s+|primary\s+|ideal\s+)?"
                    r"users?|customers?|audience|who it'?s for|who (?:this|it) is for)")),
    ("core_problem", r"(?:the\s+)?(?:core\s+|main\s+|real\s+|actual\s+)?(?:problem|pain(?:\s+points?)?)"),
    ("current_alternatives", r"(?:the\s+)?(?:current\s+)?(?:alternatives?|workarounds?)|what they do today"),
    ("success_metric", r"(?:the\s+)?(?:success\s+metrics?|metrics?|success|kpis?|goal)"),
    ("revenue_model", r"(?:the\s+)?(?:revenue(?:\s+model)?|pricing|price|business\s+model|monetis\w+|monetiz\w+)"),
    ("constraints", r"(?:the\s+)?(?:constraints?|timeline|budget|deadline|team(?:\s+size)?)"),
)
# "target:" and "today:" are labels only with a colon: "the target is 100 users" is a metric.
_COLON_ONLY: tuple[tuple[str, str], ...] = (("target_user", r"(?:the\s+)?target"), ("current_alternatives", r"today"))
# "why now: …", "success = …", "timing -> …", and typed with a spaced hyphen or dash: "also why now - christmas is coming".
_COPULA = r"\s*(?::|=|->|\u2014)\s*|\s+[-\u2013]\s+|\s+(?:is|are|should be|would be|will be|=)\s+"
_COLON = r"\s*(?::|=)\s*"
# A label opens the message, a sentence or a clause ("no, the target user is…", "Only one thing, the target…").
# "revenue is R299 a month and the constraints are 6 weeks": "and" before a label opens a clause of its own too.
# "Yes, this is correct, except the success: …", "all good apart from the timing: …": the one part said to be wrong.
_BOUNDARY = (r"(?:^\W*|(?<=[.!?;,:])\s*|\s+(?=and\s)|\s+(?=(?:except|apart from|other than)\s))"
             r"(?:(?:and|also|plus|actually|no|nope|oh|so|but|except(?:\s+for)?|apart from|other than|only)\b[\s,]*)*")
_LABEL = re.compile(
    _BOUNDARY
    + r"(?P<label>"
    + "|".join(f"(?P<{aspect}>{names})(?:{_COPULA})" for aspect, names in _NAMES)
    + "|"
    + "|".join(f"(?P<{aspect}_c>{names})(?:{_COLON})" for aspect, names in _COLON_ONLY)
    # "oh and why now, loadshedding is less", "Why now? The lease ends in May": the PM's own question, answered
    # after a comma or its question mark.
    + r"|(?P<why_now_q>why\s+now)\s*(?:,|\?+)\s*(?=[\w\"'])(?!you\s+(?:might\s+|may\s+)?(?:ask|say|wonder)\b)"
    + r")",
    re.IGNORECASE,
)
# What closes a correction without saying anything: "rest ok", "Everything else is right", "Other is correct".
_CLOSING = re.compile(
    r"^\W*(?:(?:the\s+)?rest|everything else|all else|(?:the\s+)?others?|other things?|apart from that|otherwise)\b"
    r"[^.!?]{0,30}$|^\W*(?:no|nope|nah|not (?:completely|quite|exactly)|nearly|almost|close|yes|yeah|yep|ok(?:ay)?)"
    r"\W*$|^\W*(?:only|just)?\s*one (?:thing|change|correction|more thing)\W*$",
    re.IGNORECASE,
)
_AMOUNT_ONLY = re.compile(r"^\W*(?:[a-z]{0,3}[$€£₹₦₱₵]?\s?)?\d[\d,.]*\s*(?:k|%)?\W*$", re.IGNORECASE)
# "captains not players", "the house admin, not every housemate": who or what it is not is no part of the value.
_NOT_TAIL = re.compile(r",?\s+(?:and\s+)?not\s+(?:the\s+|a\s+|an\s+|every\s+|all\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,3}$",
                       re.IGNORECASE)


@dataclass(frozen=True)
class LabelledPart:
    aspect: str
    value: str


def _aspect(match: re.Match[str]) -> str:
    named = next(name for name, value in match.groupdict().items() if value and name != "label")
    return named.removesuffix("_c").removesuffix("_q")


# "revenue is wrong, nobody pays …", "the why now is off: …": the verdict on the card is no part of the new value.
_VERDICT = re.compile(
    r"^(?:(?:all|totally|completely|a bit|kinda|kind of|slightly|still)\s+)?(?:wrong|off|incorrect|not right|not correct|"
    r"not quite right|outdated|a mistake|mistaken|not it)\b(?:\s*[,:;\-\u2014\u2013]+\s*|\s+)(?:(?:it'?s|its|it is|it should be|"
    r"should be|should say|it'?s actually|actually)\s+)?|^(?:wrong|off|incorrect)\s*$|"
    # "success: it should be fewer than 10 …": what the value should say, not "it should be".
    r"^(?:it|that|this)\s+(?:should|must|needs? to)\s+(?:be|say|read)\s+(?:more like\s+)?",
    re.IGNORECASE,
)


def _value(raw: str) -> str:
    # "Who it's for:\n- parents\n- the coaches": the items of a list under the label, one value.
    raw = re.sub(r"\s*\n\s*(?:[-*\u2022]|\d{1,2}[.)])\s+", "; ", raw.strip())
    value = re.split(r"[.!?](?:\s|$)", raw.strip(), maxsplit=1)[0]
    value = value.strip(" \t,;:.!-\u2014\u2013")
    value = _VERDICT.sub("", value)
    value = _NOT_TAIL.sub("", value)
    return value.strip(" ,;:")


# Mid-interview, "the customer is coming for trial" and "the problem is…" are answers, not labels: only a
# separator ("success = …", "why now: …") or an aspect's full name ("the target user is …") labels a clause.
_FULL_NAME = re.compile(
    r"\b(?:target\s+(?:users?|audience|market|customers?)|why now|success\s+metrics?|revenue\s+model|business\s+model|"
    r"core\s+problem|pain\s+points?|current\s+alternatives?|team\s+size)\b|[:=]|->",
    re.IGNORECASE,
)


def labelled_parts(text: str, strict: bool = False) -> tuple[list[LabelledPart], str]:
    """Each aspect the message labels, with its own clause, and what the message says besides the labels
    (closing words like "rest ok" dropped). `strict` (during the interview): only separators and full names label."""
    matches = [m for m in _LABEL.finditer(text) if not strict or _FULL_NAME.search(m.group("label"))]
    parts: list[LabelledPart] = []
    rest: list[str] = [text[: matches[0].start()]] if matches else [text]
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        chunk = text[match.end() : end]
        value = _value(chunk)
        if len(value) < 2 or _AMOUNT_ONLY.match(value):
            # "the price should be GH₵ 60 not 50" puts a number right where it stands: the brains do that.
            rest.append(match.group(0) + chunk)
            continue
        parts.append(LabelledPart(_aspect(match), value[:1].upper() + value[1:]))
        # What follows the value's own sentence is not part of it ("… after 3 months. rest fine").
        tail = re.split(r"[.!?](?:\s|$)", chunk.strip(), maxsplit=1)
        if len(tail) == 2:
            rest.append(tail[1])
    leftover = " ".join(
        sentence
        for piece in rest
        for sentence in re.split(r"(?<=[.!?])\s+", piece.strip())
        if sentence.strip(" .,;:!?") and not _CLOSING.match(sentence.strip())
    )
    return parts, leftover.strip()


def apply_parts(summary: DiscoverySummary, parts: list[LabelledPart]) -> tuple[DiscoverySummary, list[str]]:
    """The summary with each labelled aspect replaced by its clause, and the aspects that changed."""
    result = summary.model_copy(deep=True)
    changed: list[str] = []
    for part in parts:
        value = part.value
        if part.aspect == "constraints" and getattr(result, part.aspect).strip():
            # "deadline: the AGM in february" puts the deadline right; who builds and the budget stay.
            value = replace_facets(getattr(result, part.aspect), value)
        if getattr(result, part.aspect).strip().lower() != value.lower():
            setattr(result, part.aspect, value)
            if part.aspect not in changed:
                changed.append(part.aspect)
    return result, changed


# "sorry that was about why now", "that was more about who it's for", "that last one was for the price":
# the previous answer belongs to another aspect.
_MOVED = re.compile(
    r"^\W*(?:(?:oh|ah|oops|sorry|hang on|wait|hmm+|no|actually|ok(?:ay)?)\b[\s,.!-]*)*(?:that|this|my last answer|"
    r"(?:the\s+)?last (?:one|answer|bit)|what i (?:just )?said)\s+(?:was|is)\s+(?:more\s+|really\s+|actually\s+)?"
    r"(?:about|for|on)\s+(?P<topic>[^.,;!?]+?)\s*(?:,?\s*sorry)?\s*(?:[.,;!?]|$)",
    re.IGNORECASE,
)
_TOPICS: tuple[tuple[str, str], ...] = (
    ("why_now", r"why now|timing|the timing|why it'?s now"),
    ("target_user", (r"who (?:it'?s|this is|it is) for|(?:the\s+)?(?:target\s+)?users?|who|(?:the\s+)?customers?|"
                    r"(?:the\s+)?audience")),
    ("core_problem", r"(?:the\s+)?(?:problem|pain)"),
    ("current_alternatives", r"(?:what (?:they|we|people) do )?today|(?:the\s+)?(?:alternatives?|workarounds?)"),
    ("success_metric", r"(?:the\s+)?(?:success(?:\s+metric)?|metrics?|target|goal|kpi)"),
    ("revenue_model", r"(?:the\s+)?(?:price|pricing|money|revenue(?:\s+model)?|business model)"),
    ("constraints", r"(?:the\s+)?(?:constraints?|team|timeline|budget|deadline)"),
    ("feature_wishlist", r"(?:the\s+)?(?:features?|wishlist)"),
)


def moved_answer(text: str) -> tuple[str, str] | None:
    """(aspect, the rest of the message) when it says the previous answer was about another aspect."""
    match = _MOVED.match(text.strip())
    if not match:
        return None
    topic = match.group("topic").strip().lower()
    aspect = next((a for a, pattern in _TOPICS if re.fullmatch(pattern, topic, re.IGNORECASE)), "")
    if not aspect:
        return None
    return aspect, text.strip()[match.end() :].strip(" ,.;")


def label_of(aspect: str) -> str:
    return ASPECT_LABELS[aspect].lower()
