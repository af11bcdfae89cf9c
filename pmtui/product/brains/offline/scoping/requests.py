"""What a founder asks to change in the scope, clause by clause: add, cut, defer, promote, effort, split, merge.

"Sign-up is not needed, hospitals already have single sign-on. Cut it and add a charge nurse
approval step instead" is two requests: cut (it = sign-up) and add (a charge nurse approval step).
Requests name features in the founder's words; `negotiate` resolves them against the table.
Pronouns ("it", "that", "those") point at the last thing named before them in the message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pmtui.product.brains.offline.scoping.another_way import another_way
from pmtui.product.brains.offline.scoping.places import name_rows_by_place, name_wishes_by_place
from pmtui.product.brains.offline.scoping.pointing import point_to_rows
from pmtui.product.brains.offline.scoping.questions import restate_questions
from pmtui.product.brains.offline.scoping.request_words import (
    DESCRIBES as _DESCRIBES,
)
from pmtui.product.brains.offline.scoping.request_words import (
    VERB as _VERB,
)
from pmtui.product.brains.offline.scoping.request_words import (
    clean_target,
    is_pronoun,
    named_thing,
    split_clauses,
)
from pmtui.product.brains.offline.scoping.request_words import (
    list_items as _items,
)
from pmtui.product.brains.offline.scoping.request_words import (
    shorthand as _shorthand,
)
from pmtui.product.brains.offline.scoping.request_words import (
    weeks_said as _weeks,
)
from pmtui.product.brains.offline.scoping.rules import (
    ADD_PATTERNS,
    ASKING,
    CUT_PATTERNS,
    DEFER_PATTERNS,
    DEFER_WORDS,
    EFFORT_PATTERNS,
    FIRST_ALONE,
    FIRST_PROMOTE,
    LATER_ALONE,
    MERGE_PART_OF,
    MERGE_PATTERNS,
    MERGE_THEM,
    NOT_NEEDED_YET,
    OWN_ROW,
    PROMOTE_PATTERNS,
    QUESTION_REQUESTS,
    REASON_ITEM,
    SMALLER_PATTERNS,
    SPLIT_PATTERNS,
    SPLIT_TWO_JOBS,
    VAGUE_TARGET,
    WHY_NOT_IN,
)
from pmtui.product.brains.offline.scoping.said_where import promoted_by_place

RequestKind = Literal["add", "cut", "defer", "promote", "effort", "split", "merge", "replace", "swap", "rank"]


@dataclass
class ChangeRequest:
    """One change the founder asked for, in their words; `what` is '' when they said 'it' or 'that'."""

    kind: RequestKind
    what: str
    clause: str
    weeks: float | None = None
    parts: tuple[str, ...] = ()
    into: str = ""
    phase: int = 2
    refers_back: bool = False
    extra: dict[str, str] = field(default_factory=dict)


# Two rows exchange places: "swap the waitlist and the manifest", "can we switch the map with the reminders round?";
# or one is said to matter more than the other ("the waitlist matters more than the manifest tbh, swap them round"),
# and then that one goes up. Which of the two is ahead is read from the table (negotiate._exchanges).
_OPINION_LEAD = (r"^(?:(?:honestly|tbh|but|and|so|actually|i think|i feel like|i reckon|i guess|imo|personally|for me|"
                 r"to me)\s*,?\s+)*")
# "the balance check cant come before the treasurer marks payments", "invoices can only go after the bookings": the
# second comes first, and the first needs what it records (an order, not a ranking).
_NEEDS_FIRST = re.compile(
    _OPINION_LEAD + r"(?P<b>[^,;]{3,60}?)\s+(?:(?:can'?t|cannot|can not|shouldn'?t|should not|mustn'?t|must not|"
    r"won'?t|doesn'?t|don'?t)\s+(?:come|go|be|happen|run|ship)\s+(?:before|ahead of)|(?:can|should|must|will)\s+only\s+"
    r"(?:come|go|be|happen|run|ship)\s+after|(?:only\s+)?(?:comes?|goes?|happens?|depends?)\s+(?:only\s+)?(?:after|on))"
    r"\s+(?P<a>[^,;]+?)(?:\s*[,;].*)?[?.!]*$", re.IGNORECASE)
_EXCHANGE = (
    re.compile(r"^(?:(?:ok(?:ay)?|so|and|also|then|actually|please|pls|honestly)\s*,?\s+)*(?:(?:can|could)\s+(?:we|you)\s+)?"
               r"(?:please\s+)?(?:swap|switch|exchange|trade)\s+(?!(?:them|those|these)\b)(?P<a>[^,;]+?)\s+"
               r"(?:and|with|&)\s+(?P<b>[^,;]+?)(?:\s+(?:round|around|over|places))?(?:\s*[,;].*)?[?.!]*$", re.IGNORECASE),
    re.compile(_OPINION_LEAD + r"(?P<a>[^,;]{3,60}?)\s+"
               r"(?:matters?|counts?)\s+(?:way\s+|much\s+|far\s+|a lot\s+)?more\s+than\s+(?P<b>[^,;]+?)(?:\s*[,;].*)?[?.!]*$",
               re.IGNORECASE),
    _NEEDS_FIRST,
    # "And the pay by link goes above the day-before text, folk pay when they're reminded", "rank X ahead of Y".
    re.compile(_OPINION_LEAD + r"(?:(?:rank|put|move|place)\s+)?(?P<a>[^,;]{3,60}?)\s+(?:(?:should|must|has to|needs? to|can)\s+)?"
               r"(?:(?:goes|go|comes?|ranks?|sits?|be)\s+(?:above|ahead of|before|higher than)|(?<=\S)\s*(?:above|ahead of|higher than))"
               r"\s+(?P<b>[^,;]+?)(?:\s*[,;].*)?[?.!]*$", re.IGNORECASE),
    re.compile(_OPINION_LEAD + r"(?P<a>[^,;]{3,60}?)\s+"
               r"(?:is|are|'s|'re|feels?|seems?)\s+(?:way\s+|much\s+|far\s+|a lot\s+|a bit\s+)?more\s+"
               r"(?:important|urgent|valuable|useful|needed)\s+than\s+(?P<b>[^,;]+?)(?:\s*[,;].*)?[?.!]*$", re.IGNORECASE),
    # "the buyers ordering is the main thing, not marking paid", "bookings are the priority, not the invoices": the first
    # matters more than the one said it is not.
    re.compile(_OPINION_LEAD + r"(?P<a>[^,;]{3,60}?)\s+(?:is|are|'s|'re)\s+(?:really\s+|actually\s+)?(?:the\s+(?:main|big|real|"
               r"important|key|core)\s+(?:thing|one|bit|part|job)|the\s+(?:priority|core|heart of it)|what\s+matters(?:\s+most)?|"
               r"(?:more\s+|most\s+)?important|key)\s*,?\s+(?:and\s+)?not\s+(?:the\s+)?(?P<b>[^,;]+?)(?:\s*[,;].*)?[?.!]*$",
               re.IGNORECASE),
)


def _exchange(sentence: str, earlier: str = "") -> ChangeRequest | None:
    """'swap A and B' or 'A matters more than B': one request naming both rows (A first), or None. "Swap it with the
    usage report" said after a row was argued up swaps that row (`earlier`, named before in the message)."""
    for index, pattern in enumerate(_EXCHANGE):
        match = pattern.match(sentence.strip())
        if not match:
            continue
        first, second = clean_target(match.group("a")), clean_target(match.group("b"))
        if index == 0 and is_pronoun(first) and earlier:
            first = earlier
        if not first or not second or is_pronoun(first) or is_pronoun(second) or _VERB.search(" " + first):
            return None
        extra = {"priority": "first", "order": "needs"} if pattern is _NEEDS_FIRST else {"priority": "first"} if index else {}
        return ChangeRequest("swap", first, sentence, parts=(first, second), extra=extra)
    return None


def _two_asks(sentence: str) -> list[str]:
    """"The pay reminder put number one please, and reset code also phase 1": two requests joined by ", and", each a
    request of its own (the second was lost inside the first's clause); so are "list of bikes is more important than
    notification, notification can be later", a new subject that waits."""
    parts = [part.strip() for part in re.split(r",\s*(?:and|also|plus)\s+|,\s+(?=(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}"
                                                r"\s+(?:can|could|should)\s+(?:wait|be\s+later|go\s+later|come\s+later)\b)",
                                                sentence) if part.strip()]
    if len(parts) == 2 and all(parse_requests(part) for part in parts):
        return parts
    # Dictated, with no comma: "the deposit one can wait till the second van and the reminder is more important than
    # seeing the free times" is two requests when each half is one.
    for joint in re.finditer(r"\s+and\s+(?=(?:the|my|our|that|this)\s)", sentence):
        halves = [sentence[: joint.start()].strip(), sentence[joint.end():].strip()]
        if "," not in sentence and all(parse_requests(half) for half in halves):
            return halves
    return [sentence]


def parse_requests(text: str, rows: Sequence[str] = (), wishes: Sequence[str] = ()) -> list[ChangeRequest]:
    """Every change request in the message, in the order said; 'it' and 'that' resolved to what came before, a row
    pointed at by its place in `rows` (the table's order: "drop the second one") to its name, and a wish pointed at
    by its place in what the founder said (`wishes`: "the second one I mentioned") to that wish."""
    text = point_to_rows(restate_questions(_shorthand(text)))
    text = name_rows_by_place(name_wishes_by_place(text, wishes), rows)
    requests: list[ChangeRequest] = []
    named: list[str] = []
    sentences = [
        s.strip()
        for line in text.strip().splitlines()
        # A bullet list of requests: "• cut the customer app", "- PDF log: phase 2".
        for s in re.split(r"(?<=[.!?])\s+", _BULLET.sub("", line).strip())
        if s.strip()
    ]
    sentences = [part for sentence in sentences for part in _two_asks(sentence)]
    for index, sentence in enumerate(sentences):
        why = WHY_NOT_IN.search(sentence)
        if why and index + 1 < len(sentences) and not sentences[index + 1].rstrip().endswith("?"):
            # "Why is the export not in phase 1? Without it they retype 80 names." argues, not asks.
            what = clean_target(why.group("what") or why.group("what2") or why.group("what3") or why.group("what4") or "")
            earlier = next((n for n in reversed(named) if n and not is_pronoun(n)), "")
            if is_pronoun(what) and earlier:
                # "The return-load board, that's the clever bit, isn't it? Why isn't it in phase 1?"
                what = earlier
            requests.append(ChangeRequest("promote", what, sentence, phase=1))
            named.append(what)
            continue
        if sentence.endswith("?") and ASKING.match(sentence) and not any(p.search(sentence) for p in QUESTION_REQUESTS):
            named.append(named_thing(sentence))
            continue
        listed = _VAGUE_LEAD_LIST.match(sentence.rstrip(" .!"))
        lead_requests = _clause_requests(listed.group("lead")) if listed else []
        if listed and lead_requests and all(_VAGUE_LOT.match(r.what.strip()) for r in lead_requests):
            # "Loads of this can go: the marketplace, the class bookings and the clay ordering": the verb is said
            # once, about the list after the colon.
            items = _items(listed.group("rest"))
            requests += [ChangeRequest(lead_requests[0].kind, item, sentence, phase=lead_requests[0].phase)
                         for item in items]
            named += items
            continue
        exchange = _exchange(sentence, next((n for n in reversed(named) if n and not is_pronoun(n)), ""))
        if exchange is not None:
            requests.append(exchange)
            named += list(exchange.parts)
            continue
        two = SPLIT_TWO_JOBS.search(sentence)
        if two:
            # "Oh, and the invoice and card payment, those are two jobs really, invoice first, card later."
            whole, first, second = (clean_target(two.group(k)) for k in ("what", "a", "b"))
            requests.append(ChangeRequest("split", whole, sentence, parts=(first, second)))
            named.append(whole)
            sentence = (sentence[: two.start("what")] + " " + sentence[two.end():]).strip(" ,.;")
        split = SPLIT_PATTERNS[1].search(sentence.rstrip(" .!"))
        if split:
            # "Split the loan schedule: the loan record now, the repayment schedule later" is one request.
            requests.append(ChangeRequest("split", clean_target(split.group("what")), sentence,
                                          parts=(clean_target(split.group("a")), clean_target(split.group("b")))))
            named.append(clean_target(split.group("what")))
            sentence = (sentence[: split.start()] + " " + sentence[split.end():]).strip(" ,.;")
        clauses = split_clauses(sentence)
        named_before = len(named)
        for at, clause in enumerate(clauses):
            exchange = _exchange(clause)
            if exchange is not None:
                # "…so merge those, and honestly the availability thing matters more than the kit list".
                requests.append(exchange)
                named += list(exchange.parts)
                continue
            lead = _LEAD_COLON.match(clause)
            # "split the coach blocks too: one for junior sessions and one for …": the colon opens the two parts.
            if lead and re.search(r"\b(?:split|break|divide|separate)\b", lead.group("lead"), re.IGNORECASE):
                lead = None
            if lead and not _clause_requests(lead.group("lead")):
                # "the note field: merge it into the alert" — what comes before the colon is what "it" means.
                named.append(clean_target(lead.group("lead")))
                clause = lead.group("rest")
                if _CUT_ALONE.match(clause):
                    # "oxygen reading: cut." — the verb alone after the name.
                    requests.append(ChangeRequest("cut", named[-1], lead.group(0)))
                    continue
                if _LATER_ALONE.match(clause):
                    # "- PDF log: phase 2, the inspector visits yearly": the verb is left out.
                    requests.append(ChangeRequest("defer", named[-1], lead.group(0)))
                    continue
            placed = promoted_by_place(clause)
            if placed and clean_target(placed) and not is_pronoun(clean_target(placed)):
                requests.append(ChangeRequest("promote", clean_target(placed), clause, phase=1))
                named.append(clean_target(placed))
                continue
            topic = _TOPIC.match(clause)
            # "The running-late message though, I'd pull that into phase 1": a "though" closing the name is no verb.
            if (topic and not _REPLACE_TOPIC.match(clause) and not _VERB.search(re.sub(r"\s+(?:though|tho)$", "", topic.group("lead")))
                    and not _NOT_A_TOPIC.match(topic.group("lead"))
                    and not _PREDICATE.match(topic.group("lead")) and not _clause_requests(topic.group("lead"))):
                # "The SMS receipt, let it wait", "that chairman thing, remove it", "the map thing, maybe not for now?":
                # the name first, then what to do with it.
                topic_name, rest = clean_target(topic.group("lead")), topic.group("rest")
                # "the checklist of what went out and came back, … bring it to the front": a long name is still one
                # when it opens with "the" and has no verb of its own.
                # A remark with a subject of its own in between ("…, the treasurer would have a fit, leave that out")
                # keeps "that" for the whole lead.
                first_part = rest.split(",")[0]
                named_long = bool(_THE_ROW.match(topic.group("lead"))) and len(topic_name.split()) <= 10 and bool(
                    _clause_requests(first_part) or _POINTS_HERE.match(first_part))
                if topic_name and not is_pronoun(topic_name) and (
                        len(topic_name.split()) <= 6 or named_long
                        or (_PARAPHRASE.match(topic_name) and len(topic_name.split()) <= 12
                                                         and _clause_requests(rest.split(",")[0]))) and (
                        (PRONOUN_WORD.search(rest) and _clause_requests(rest)) or LATER_ALONE.match(rest)
                        or OWN_ROW.search(rest)):
                    named.append(topic_name)
                    clause = topic.group("rest")
            earlier = next((n for n in reversed(named) if n and not is_pronoun(n)), "")
            if earlier and LATER_ALONE.match(clause):
                # "the public page is lovely but not now": the clause before named what waits.
                requests.append(ChangeRequest("defer", earlier, clause, refers_back=True))
                named.append(earlier)
                continue
            if earlier and FIRST_ALONE.match(clause):
                requests.append(ChangeRequest("promote", earlier, clause, phase=1, refers_back=True))
                continue
            found = [r for r in _clause_requests(clause) if not VAGUE_TARGET.match(r.what.lower())]
            also = _TOO.match(clause.strip(" .!"))
            if not found and also and requests and requests[-1].kind in ("cut", "defer", "promote"):
                # "Cut the marketplace. The temperature graphs too, that needs hardware.": the same again.
                what = clean_target(also.group("what"))
                if what and not is_pronoun(what) and not _VERB.search(" " + what):
                    found = [ChangeRequest(requests[-1].kind, what, clause, phase=requests[-1].phase)]
            if found and found[0].kind == "merge" and found[0].parts == ("", ""):
                # "Damage charges and deposits are the same conversation, join them into one": said once already, or
                # "them" is the two rows named last ("the unpaid list and the payment link").
                pair = _last_pair(named)
                if (requests and requests[-1].kind == "merge") or pair is None:
                    found = []
                else:
                    found[0].parts = pair
            for request in found:
                earlier = next((n for n in reversed(named) if n and not is_pronoun(n)), "")
                if earlier and _PRONOUN_PLACE.match(request.what):
                    # "cut it from the MVP", "take that out of phase 1": the pronoun, then where from.
                    request.what, request.refers_back = "", True
                tail = re.search(r",\s*(?P<after>[^,]+)$", clause)
                named_after = (_named_after(tail.group("after")) if tail else "") or (
                    _named_after(clauses[at + 1]) if at + 1 < len(clauses) else "")
                # Only when nothing was named before it in the sentence: "the leaderboard, drop it, the kids …".
                if request.refers_back and not request.what and named_after and not any(
                        n and not is_pronoun(n) for n in named[named_before:]):
                    # "i'd say that can wait, the history one": the row is named after the pronoun, as an afterthought.
                    request.what, request.refers_back = named_after, False
                if request.refers_back and not request.what:
                    request.what = earlier or (request.parts[1] if request.kind == "split" else "")
                    # What else was named before, newest first: the table decides which one "it" is.
                    others = [n for n in reversed(named) if n and not is_pronoun(n) and n != earlier]
                    if others:
                        request.extra["earlier"] = "\x1f".join(dict.fromkeys(others))
                if request.kind == "merge" and earlier:
                    request.parts = tuple(earlier if is_pronoun(p) else p for p in request.parts)
            requests.extend(found)
            if not _DESCRIBES.match(clause.strip()) and not (not found and (
                    _REPORTED.match(clause.strip()) or _PEOPLE_SAY.match(clause.strip()))) and (
                    found or not _POINTS_BACK.search(clause)):
                named.extend([r.what for r in found if r.what] or [named_thing(clause)])
    # "salary calculate i dont need now, remove": not needed now, then removed, is one cut.
    requests = [r for i, r in enumerate(requests)
                if not (r.kind == "defer" and i + 1 < len(requests) and requests[i + 1].kind == "cut"
                        and r.what and requests[i + 1].what.lower() == r.what.lower())]
    # "…but not now, let's push that" asks once: the same change twice in a row is one request.
    return [r for i, r in enumerate(requests)
            if i == 0 or (r.kind, r.what.lower(), r.weeks, r.parts, r.extra) !=
            (requests[i - 1].kind, requests[i - 1].what.lower(), requests[i - 1].weeks, requests[i - 1].parts, requests[i - 1].extra)]


# "…, the history one", "…, the overdue books I mean", "…, that leaderboard thing": a row named after the clause that
# said what to do with it, with no verb of its own.
_AFTERTHOUGHT = re.compile(r"^(?:i mean\s+|like\s+|you know,?\s+)?(?:the|that|this|those|these|ur|your)\s+"
                           r"(?P<what>[^,;.!?]{2,40}?)(?:\s+(?:one|ones|thing|things|bit|part|feature))?(?:,?\s+i mean)?\W*$",
                           re.IGNORECASE)


def _named_after(clause: str) -> str:
    """The row an afterthought names ("the history one"), or '' when the clause says more than a name."""
    found = _AFTERTHOUGHT.match(clause.strip())
    if not found or _VERB.search(" " + found.group("what")) or _clause_requests(clause) or len(
            found.group("what").split()) > 5 or re.search(r"\b(?:who|which|that|them|it|they|we|i|you|us|me|him|her|"
                                                        r"their|our|my)\b", found.group("what"), re.IGNORECASE):
        # "…, the artists know who owes them" is a reason with its own subject, not a name.
        return ""
    what = clean_target(found.group("what"))
    return "" if is_pronoun(what) or _NOT_A_ROW.match(what) else what


# "it is part of the problem", "that's part of phase 1": what is no row of the table.
_NOT_A_ROW = re.compile(r"^(?:the\s+)?(?:problem|plan|deal|issue|reason|mvp|scope|job|point|fun|story|phase\s*\w+|"
                        r"(?:first|second|next)\s+(?:phase|version|release)|v\d)\b", re.IGNORECASE)
_WHO_DOES = re.compile(r"(?:^|\s+)(?:we|i|you|they)\s+(?:can|could|should|will|may|might)\s+(?:do|have|build|add|put|push|move|leave|keep)"
                       r"(?:\s+(?:it|that|this|them))?$", re.IGNORECASE)
_SHARED_NOUN = re.compile(r"(?:\b(?:up|off|in|out|on|down|over)|ed)$", re.IGNORECASE)
_LATER_ALONE = re.compile(r"^(?:phase\s*(?:2|3|two|three)|later|v2|next phase|not now|after launch|not (?:in )?phase\s*1)\b",
                          re.IGNORECASE)
# "that can probably be later": the modal is no part of the name.
_MODAL_TAIL = re.compile(r"\s+(?:can|could|should|will|would|may|might)(?:\s+(?:probably|maybe|also|just|easily))?\s+(?:be|go)$",
                         re.IGNORECASE)
_TOPIC = re.compile(r"^(?P<lead>[^,;:]{2,60}?),\s*(?:(?:honestly|so|then|please|pls|abeg|kindly)\s*,?\s*)*(?P<rest>.+)$",
                    re.IGNORECASE)
# "the teachers can read them out": a clause that does something to "them" is about what came before; it names
# nothing a later "that" could mean.
_POINTS_BACK = re.compile(r"^[^,;]*?\b(?:can|could|will|would|should|just|do|does)\s+(?:\w+\s+){0,2}(?:them|it|those|these)\b",
                          re.IGNORECASE)
# "In our ward survey, 212 of 250 nurses ranked it first": a lead that says where or when names no row.
_NOT_A_TOPIC = re.compile(r"^\s*(?:in|on|at|for|from|by|with|after|before|since|when|if|because|as|during|of|out of|"
                          r"last|this|next)\b", re.IGNORECASE)
# "too much work for the volunteers": what a row is like, not its name.
_PREDICATE = re.compile(r"^\s*(?:too|very|so|really|quite|a bit|way|much|more|less|not)\b", re.IGNORECASE)
PRONOUN_WORD = re.compile(r"\b(?:it|that|this|them|they|those|these)\b|(?<!\bi )\bam\b", re.IGNORECASE)
_CUT_ALONE = re.compile(r"^(?:cut|drop|remove|scrap|bin|kill|ditch|chuck|nix|axe|toss|out|not needed|no need)(?:\s+(?:it|that|this))?\s*[.!]*$",
                        re.IGNORECASE)
_PRONOUN_PLACE = re.compile(r"^(?:it|that|this|them|those)\s+(?:from|out of|off|of)\b", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*\u2022\u2023\u25e6]|\d+[.)])\s+")
_LEAD_COLON = re.compile(r"^(?P<lead>[^:,;]{2,40}?)\s*:\s*(?P<rest>.+)$")
_NOT_LATER = re.compile(r",?\s*not\s+(?:later|for later|phase\s*[23]|v2|in phase\s*[23])\b", re.IGNORECASE)
# "The stall map doesn't need drag-and-drop": a feature that needs less is made smaller, nothing is cut.
_FEATURE_NEEDS_LESS = re.compile(
    r"^(?P<what>(?:the|this|that|our|your)\s+[^,;]+?)\s+(?:doesn'?t|does not|don'?t|do not|won'?t)\s+(?:really\s+)?"
    r"need\s+(?:a\s+|an\s+|the\s+|any\s+)?[^,;]+",
    re.IGNORECASE,
)
_PEOPLE = re.compile(r"\b(?:i|we|you|they|people|users?|customers?|clients?|members?|staff|teams?|\w+(?:ers|ors|ists|ians))$",
                     re.IGNORECASE)


# "into the session note theyre the same screen": the remark after the name is not part of it.
_REMARK = re.compile(r"\s+(?:they'?re|they are|it'?s|it is|which|because|since|as they|as it)\b", re.IGNORECASE)
# "just make it a plain form with a photo attached, 1 week tops": what "it" becomes, not a row's name.
_MAKE_IT = re.compile(r"^(?:just\s+|so\s+|then\s+)?(?:make|keep|turn|do)\s+(?:it|that|this|them)\b", re.IGNORECASE)
_SAYS_WHAT_IT_IS = re.compile(r"^(?:it|that|this|they)(?:'?s|'?re|\s+is|\s+are)\b", re.IGNORECASE)


def _subject(what: str) -> str:
    """The feature a run-on clause is about: "progress chart per topic is not 3 weeks of work its a bar chart"
    is "progress chart per topic"; "it's a table" points back like "it"."""
    if _SAYS_WHAT_IT_IS.match(what) or _MAKE_IT.match(what):
        return "it"
    if _VERB.search(what):
        return named_thing(what)
    return what


# ", and bring the approval workflow up to the front" is the next request, not one more row cut.
_LIST_ITEM = re.compile(r"^,\s*(?:and\s+)?(?!(?:it|its|it's|that|this|which|because|so|as|they|we|i|you|but|then|sorry|"
                        r"please|pls|thanks|ok|okay|too|also|though|bring|move|put|push|add|make|keep|give|split|merge|"
                        r"swap|bump|chuck|leave|park|defer|rank|let|include|rename)\b)(?!(?:[\w'-]+\s+){0,4}(?:have|has|are|is|do|does|can|will|would|"
                        r"need|needs|won'?t|can'?t|don'?t|doesn'?t|isn'?t|aren'?t|wouldn'?t|should|must)\b)(?P<item>(?:[\w'-]+\s+){0,7}[\w'-]+)\s*(?=,|$)")


def _listed_after(rest: str) -> str:
    """'lose the marketplace, payroll and detergent inventory': the short items after the first comma are cut too."""
    items = ""
    while (match := _LIST_ITEM.match(rest)) is not None and not REASON_ITEM.search(match.group("item")):
        items += ", " + match.group("item")
        rest = rest[match.end():]
    return items


# "swap the sms for a whatsapp message", "replace the PDF with a link", "use WhatsApp instead of SMS".
# A remark may follow after a comma ("swap the card payment for a pay-by-link text, way simpler"); "rename X to Y"
# and "instead of X, could we do Y" are the same request.
_REMARK_AFTER = r"(?:\s*,\s*(?!(?:and|or)\b)[^;]*)?$"
_REPLACE = (
    re.compile(r"^(?:(?:please|pls|just|and|also|then)\s+)*(?:swap|replace|switch|exchange|change|rename)\s+(?:out\s+)?"
               r"(?P<old>[^,;]+?)\s+(?:for|with|to|into|by|as)\s+(?P<new>[^,;]+)" + _REMARK_AFTER, re.IGNORECASE),
    re.compile(r"^(?:(?:please|pls|just|and|also|then)\s+)*(?:use|do|make it|send|go with)\s+(?P<new>[^,;]+?)\s+"
               r"instead of\s+(?P<old>[^,;]+)" + _REMARK_AFTER, re.IGNORECASE),
    re.compile(r"^(?:(?:oh|and|also|then|but)\s+)*instead of\s+(?P<old>[^,;]+?),?\s+(?:(?:could|can|shall)\s+(?:we|you)\s+"
               r"(?:just\s+)?(?:do|use|have|go with|get)|(?:just\s+)?(?:use|do|have|go with))\s+(?P<new>[^,;?]+)" + _REMARK_AFTER,
               re.IGNORECASE),
)
_TOO = re.compile(r"^(?:and\s+|oh and\s+)?(?P<what>[^,;]{3,40}?)\s+(?:too|as well)(?:\s*,.*)?$", re.IGNORECASE)
_VAGUE_LEAD_LIST = re.compile(r"^(?P<lead>[^:,;]{4,50}?)\s*:\s*(?P<rest>[^:]+)$")
_VAGUE_LOT = re.compile(r"^(?:(?:loads|lots|a lot|some|most|all|much|bits|a few|a couple|several|a bunch)\s+(?:of\s+)?"
                        r"(?:this|that|these|those|it|them|the list|things|stuff|the features)|these|those|"
                        r"(?:a few|few|some|several|three|two|four) (?:things|features|rows|bits))$", re.IGNORECASE)
# "groomers reckon it'll scare off regulars": what people say is a reason, never a row for a later "that".
_REPORTED = re.compile(r"^(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:reckons?|says?|said|thinks?|thought|believes?|"
                       r"told me|tell me|keep saying)\b", re.IGNORECASE)
# "the thing that texts the owner when the van's close": a row named by what it does.
_POINTS_HERE = re.compile(r"^\s*(?:(?:abeg|please|pls|so|and)\s+)*(?:it|that|this|that one|this one|they|those|these)\b",
                          re.IGNORECASE)
_THE_ROW = re.compile(r"^\s*(?:(?:but|and|so|also|oh and)\s+)?(?:the|that|this|our|my)\s", re.IGNORECASE)
_PARAPHRASE = re.compile(r"^(?:thing|one|bit|part|button|screen|page|feature)\s+(?:that|which|where|with|for)\b", re.IGNORECASE)
_REPLACE_TOPIC = re.compile(
    # "Firing fees per shelf, make it a flat fee per piece instead": the row first, then what it becomes.
    r"^(?P<old>[^,;]{3,60}?),\s*(?:(?:please|pls|just|so)\s+)?(?:make|change|turn)\s+(?:it|that|them|those)\s+(?:into\s+|to\s+)?"
    r"(?P<new>[^,;]+?)\s+instead\b", re.IGNORECASE)
_ADD_LEAD = re.compile(r"^(?:(?:please|pls|and|also|then|oh and)\s+)*(?:add|include|put in|throw in)\s", re.IGNORECASE)
# "a way to mark a picker as a no-show": "as a" says what as, not why.
_BECAUSE = re.compile(r"\s+(?:cos|coz|cause|'cause|because|since|as(?!\s+(?:a|an)\b)|so that|so)\s+.*$", re.IGNORECASE)


def _last_pair(named: list[str]) -> tuple[str, str] | None:
    """The two rows a "them" means: the last name that lists two ('A and B'), else the last two names."""
    names = [n for n in named if n and not is_pronoun(n)]
    if names and len(pair := _items(names[-1])) == 2:
        return pair[0], pair[1]
    if len(names) >= 2 and names[-1] != names[-2]:
        return names[-2], names[-1]
    return None


# "sure they'll live without it for a few months": a remark whose subject is people says why, and names no row.
_PEOPLE_REMARK = re.compile(r"^(?:i|we|you|they|he|she|people|everyone|nobody|no one)(?:'ll|'d|'re|'ve|'m|\s+\w+)", re.IGNORECASE)


# "…, it is good but the farmers have the vet book for that, so remove it": a remark whose subject is the people
# names no row for the "it" after it.
_PEOPLE_SAY = re.compile(r"^(?:(?:but|and|so|because|cos|since)\s+)?(?:the|our|my|most|all|many|some|their)\s+(?:[\w'-]+\s+)?"
                         r"(?:\w+(?:ers|ors|ists|ians)|people|staff|owners|customers|clients|members|guys|folks)\s+"
                         r"(?:already\s+|all\s+|just\s+)?(?:have|has|had|use|do|don'?t|know|keep|get|got|will|would|can|are|were)\b|"
                         # "but the orchards already use a payroll provider": whoever already has it.
                         r"^(?:(?:but|and|so|because|cos|since)\s+)?(?:the|our|my|most|all|many|some|their)\s+(?:[\w'-]+\s+)?[\w'-]+s\s+"
                         r"already\s+(?:use|have|do|know|get|pay|keep|send)\b|"
                         # "Mechanics does call to hold all the time": what people habitually do, Caribbean "does" too.
                         r"^(?:\w+(?:ers|ors|ists|ians|ics)|people|staff|owners|customers|clients|folks?)\s+"
                         r"(?:does|do|always|never|usually|often|keep)\s+\w+",
                         re.IGNORECASE)


def _own_subject(lowered: str, start: int) -> str:
    """What a pronoun after a comma means when the clause named it first ("X is a whole other thing, leave it out");
    '' when nothing before a comma names a row ("let's push that")."""
    before = re.match(r"^(?P<head>.+?),\s*(?:(?:kindly|please|pls|so|just|sure|then|honestly|abeg|can we|could we|can you|"
                      r"could you)\s+){0,2}$", lowered[:start])
    if not before:
        # "GST invoice make it phase 2": a short name right before the verb, with no comma.
        before = re.match(r"^(?!(?:can|could|would|will|should|shall|please|pls|kindly|so|just|and|then|but|also|ok|okay|"
                          r"i|we|you|they|let'?s|maybe|sure|yes|yeah)\b)(?P<head>(?:[\w'-]+\s+){1,5})$", lowered[:start])
        if not before or _VERB.search(" " + before.group("head").strip()):
            return ""
    said = named_thing(before.group("head"))
    # "…but too much work for the volunteers, kindly make it phase 2": a predicate is no name; "it" refers back.
    if not said or is_pronoun(said) or _PREDICATE.match(said) or _PEOPLE_REMARK.match(said):
        return ""
    return said


def _alternative(lowered: str) -> list[ChangeRequest]:
    way = another_way(lowered)
    if way == "smaller":
        return [ChangeRequest("effort", "", lowered, refers_back=True, extra={"scale": "smaller"})]
    return [ChangeRequest("cut", "", lowered, phase=2, refers_back=True)] if way == "cut" else []


def _clause_requests(clause: str) -> list[ChangeRequest]:
    lowered = _NOT_LATER.sub("", clause.strip().rstrip(" .!"))
    offered = _alternative(lowered)
    if offered:
        return offered
    becomes = _REPLACE_TOPIC.match(lowered)
    if becomes and not _VERB.search(becomes.group("old")):
        old, new = clean_target(becomes.group("old")), clean_target(becomes.group("new"))
        if old and new and not is_pronoun(old) and not is_pronoun(new):
            return [ChangeRequest("replace", old, clause, into=new)]
    for pattern in _REPLACE:
        match = pattern.search(lowered)
        if match:
            old = clean_target(_BECAUSE.sub("", match.group("old")))
            new = clean_target(_BECAUSE.sub("", match.group("new")))
            if old and new and not is_pronoun(new):
                return [ChangeRequest("replace", "" if is_pronoun(old) else old, clause, into=new,
                                      refers_back=is_pronoun(old))]
    needs_less = _FEATURE_NEEDS_LESS.match(lowered)
    if needs_less and not _PEOPLE.search(needs_less.group("what")):
        return [ChangeRequest("effort", clean_target(needs_less.group("what")), clause, extra={"scale": "smaller"})]
    own = OWN_ROW.search(lowered)
    if own:
        # "can the return part be its own line?": the row that holds it is named before, or by the part itself.
        part = clean_target(own.group("part") or own.group("part2") or "")
        if part and not is_pronoun(part):
            return [ChangeRequest("split", "", clause, refers_back=True, parts=("", part))]
    for pattern in SPLIT_PATTERNS:
        match = pattern.search(lowered)
        if match:
            what = clean_target(match.group("what"))
            return [ChangeRequest("split", "" if is_pronoun(what) else what, clause, refers_back=is_pronoun(what),
                                  parts=(clean_target(match.group("a")), clean_target(_BECAUSE.sub("", match.group("b")))))]
    them = MERGE_THEM.search(lowered)
    part_of = MERGE_PART_OF.match(lowered)
    if part_of:
        parts = tuple(clean_target(part_of.group(k)) for k in ("a", "b"))
        if all(parts) and not any(is_pronoun(p) for p in parts) and not _NOT_A_ROW.match(parts[1]):
            # "size and pickup date are part of the order form": each part goes into the whole.
            pieces = [clean_target(x) for x in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", parts[0]) if clean_target(x)]
            return [ChangeRequest("merge", "", clause, parts=(piece, parts[1]), extra={"keep": "second"})
                    for piece in (pieces if len(pieces) > 1 else [parts[0]])]
    for index, pattern in enumerate(MERGE_PATTERNS):
        match = pattern.search(lowered)
        if match:
            into = clean_target(match.groupdict().get("into") or "")
            parts = tuple(clean_target(_REMARK.split(match.group(k))[0]) for k in ("a", "b"))
            if them and (is_pronoun(parts[0]) and is_pronoun(parts[1]) or parts[1] in ("one", "one thing")):
                break
            again = re.match(r"^(?P<a>.+?)\s+and\s+(?P<b>(?:the|my|our)\s.+)$", parts[1])
            if again and " " not in parts[0]:
                # "the paid and unpaid list and the pay by link": the rows are split at the "and" before "the".
                parts = (f"{parts[0]} and {again.group('a')}", clean_target(again.group("b")))
            # "merge the 2 week warning into the kit list": the kit list takes the warning in and keeps its name.
            keep = {"keep": "second"} if index == 1 and not into else {}
            return [ChangeRequest("merge", "", clause, parts=(parts[0], parts[1]), into=into, extra=keep)]
    if them:
        # "join them into one": parse_requests finds the two rows named before.
        return [ChangeRequest("merge", "", clause, parts=("", ""), refers_back=True)]
    for pattern in SMALLER_PATTERNS:
        match = pattern.search(lowered)
        if match:
            what = _subject(clean_target(match.groupdict().get("what") or ""))
            if is_pronoun(what):
                # "the price page is kinda basic, make it smaller, just a list": "it" is the clause's own subject;
                # "it's a monster, can we make that smaller": nothing before names a row, so "that" refers back.
                what = _own_subject(lowered, match.start()) or what
            return [ChangeRequest("effort", "" if is_pronoun(what) else what, clause, refers_back=is_pronoun(what),
                                  extra={"scale": "smaller"})]
    for pattern in EFFORT_PATTERNS:
        match = pattern.search(lowered)
        if match:
            weeks = _weeks(match.group("n"))
            if weeks is not None and 0 < weeks <= 26:
                raw = match.groupdict().get("what") or ""
                what = _subject(clean_target(raw))
                if re.search(r"\s+back\s*$", raw, re.IGNORECASE) and not is_pronoun(what):
                    # "scan back is half a week": "back" is part of the name here, not "put it back".
                    what = f"{what} back"
                return [ChangeRequest("effort", "" if is_pronoun(what) else what, clause, weeks=weeks,
                                      refers_back=is_pronoun(what))]
    deferred = bool(DEFER_WORDS.search(lowered))
    for pattern in DEFER_PATTERNS:
        match = pattern.search(lowered)
        if match:
            phase = 3 if re.search(r"phase 3|much later|v3", lowered, re.IGNORECASE) else 2
            # "this we can do later": who does it is no part of the feature's name.
            what = clean_target(_MODAL_TAIL.sub("", _WHO_DOES.sub("", match.group("what") or "")))
            # "remove the AI and the loyalty points, we fit do am later": the verb before the rows is no part of them.
            what = re.sub(r"^(?:remove|cut|drop|delete|scrap|ditch|bin|chuck|nix|axe|toss|skip|take out|get rid of|move|push|put)\s+", "", what,
                          flags=re.IGNORECASE)
            if is_pronoun(what):
                # "Sample weight is taking too long for them, kindly make it phase 2": "it" is the clause's own subject.
                what = _own_subject(lowered, match.start()) or what
            return [ChangeRequest("defer", "" if is_pronoun(w) else w, clause, phase=phase, refers_back=is_pronoun(w))
                    for w in (_items(what) or [""])]
    for index, pattern in enumerate(CUT_PATTERNS):
        match = pattern.search(lowered)
        if match:
            kind: RequestKind = "defer" if deferred or NOT_NEEDED_YET.search(lowered) else "cut"
            phase = 3 if re.search(r"phase 3|much later|v3", lowered, re.IGNORECASE) else 2
            # Only "cut X, Y and Z" lists on after its comma; "X is not needed, hospitals have SSO" gives a reason.
            listed = (match.group("what") or "") + (
                _listed_after(lowered[match.end():]) if index == 0 and not is_pronoun(match.group("what") or "") else "")
            if is_pronoun(clean_target(listed)):
                # "The match fee tracking is a whole other thing, leave it out": "it" is the clause's own subject.
                listed = _own_subject(lowered, match.start()) or listed
            return [ChangeRequest(kind, "" if is_pronoun(w) else w, clause, phase=phase, refers_back=is_pronoun(w))
                    for w in (_items(listed) or [""])]
    # "add a reminder the day before the service" asks for a new row: its "before" is when, not an order of rows.
    adding = bool(_ADD_LEAD.match(lowered))
    for pattern in () if adding else PROMOTE_PATTERNS:
        match = pattern.search(lowered)
        if match:
            what = clean_target(match.groupdict().get("what") or match.groupdict().get("what2") or "")
            # "the deposit tracker and rent reminders have to be in phase 1" promotes both; "the picked up and dropped
            # off notif" is one row whose two modifiers share a noun.
            items = _items(what) or [what]
            if any(_SHARED_NOUN.search(item) for item in items[:-1]):
                items = [what]
            # "first the health worker entry and SMS alert must be working": an order of rows, named without the verb.
            first = {"first": "yes"} if pattern is FIRST_PROMOTE else {}
            if first:
                items = [clean_target(_VERB.sub("", w)) or w for w in items]
            return [ChangeRequest("promote", "" if is_pronoun(w) else w, clause, phase=1, refers_back=is_pronoun(w),
                                  extra=dict(first)) for w in items]
    for pattern in ADD_PATTERNS:
        match = pattern.search(lowered)
        if match:
            what = clean_target(re.split(r"\s+(?:so that|so|because|since|as(?!\s+(?:a|an)\b))\s+|(?<!\bof)(?<!\bin)(?<!\bfor)(?<!\bon)\s+which\s+",
                                         match.group("what"))[0])
            return [ChangeRequest("add", "" if is_pronoun(what) else what, clause, refers_back=is_pronoun(what))]
    return []
