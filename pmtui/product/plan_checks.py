"""Acceptance criteria as checks a coding agent can build and a gate can judge, in the third person.

The plan writer (pmtui.product.plan_writer) turns each agreed row into criteria. Three kinds of row gave it nothing to
check but a frame ("Glaze recipes works from start to finish in the app and its result is saved"), a label said twice
("Label with a batch code: Label with a batch code for each bag") or the PM's own template words ("Show it plainly, so
nobody has to guess", "Nothing slips: everything in one list", "Instrument the success metric from day one: half of
all quotes … by the summer"). Here:

- `thing_check`: a row named as a thing (no verb of its own) is checked by what a user or the app does with that kind
  of thing: a message the app sends, a list or report the app shows, a record a user adds and sees saved; a thing named by its doing ("Waste logging", "Attendance marking") is that doing;
- `template_check`: a row the PM derived from a problem (its description one of the scoping rules' templates) is
  checked by what the template promises, said of the row's own words;
- `metric_check`: the success metric row tracks the founder's metric, numbers kept, without the template's words;
- `third_person`: the founder's "I", "we", "my", "our" said of the user ("A user can see their week of lessons"); words
  in quotes (a button's label) are left as they are.
"""

from __future__ import annotations

import re

from pmtui.product.plan_dependencies import kind_of
from pmtui.product.plan_quality import VERBS
from pmtui.product.plan_wishes import doer_check, plural_in_a_state, wish_check
from pmtui.product.rice import DOER_CAN

_READ_ONLY = {"see", "view", "find", "get", "receive", "check", "look", "watch", "know", "browse", "compare", "read"}

# One word that names a thing as often as an act: "Order form", "Review of the week", "Text the day before" are things.
_NOUNS = {"order", "book", "review", "alert", "rate", "check", "text", "call", "message", "note", "log", "list", "plan",
          "record", "print", "count", "split", "charge", "refund", "post", "help", "import", "export", "request", "offer",
          "claim", "hold", "work", "run", "look", "watch", "change", "schedule", "store", "search", "sign", "update",
          "tick", "tap", "swap", "scan", "track", "pay", "stop", "start", "open", "close"}


# Words that head a thing's name as often as they say an act, and what follows them when they are the thing ("List of
# who paid", "Record per cow", "Schedule of the trades", "Log with photos").
THING_HEADS = {"list", "record", "log", "schedule", "report", "map", "plan", "order", "count", "review", "note",
                "request", "offer", "claim", "post", "export", "import", "view", "swap", "text", "message", "alert",
                "rota", "check", "book", "calendar"}
_THING_TAIL = {"of", "per", "for", "with", "that", "which", "showing", "from", "by", "before", "after", "when", "where",
               "who", "to", "on"}


def opens_on_verb(text: str, verbs: set[str]) -> bool:
    """Whether `text` opens on one of `verbs` said as a verb: "List the unpaid jobs" does, "List of who paid" does
    not (a thing named, whose first word is also a verb)."""
    words = text.lower().split()
    if not words or words[0] not in verbs:
        return False
    return not (words[0] in THING_HEADS and len(words) > 1 and words[1] in _THING_TAIL)


def _base(doing: str) -> str:
    """The verb of a doing: "shearing" shear, "planning" plan, "grazing" graze, "taking" take."""
    stem = doing[:-3]
    for guess in (stem, f"{stem}e"):
        if guess in VERBS:
            return guess
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsaeiou":
        return stem[:-1]
    return f"{stem}e" if stem.endswith(("v", "z")) else stem

# "Waste logging", "Attendance marking", "Warranty tracking": the doing, as a verb, and what it is done to.
_DOINGS = {"logging": "log", "marking": "mark", "tracking": "track", "booking": "book", "recording": "record",
           "planning": "plan", "scheduling": "schedule", "ordering": "order", "invoicing": "invoice",
           "checking": "check", "counting": "count", "rating": "rate", "scoring": "score", "timing": "time",
           "labelling": "label", "labeling": "label", "tagging": "tag", "sharing": "share", "reporting": "report",
           "uploading": "upload", "pricing": "price", "billing": "bill", "ticketing": "ticket", "rostering": "roster",
           "budgeting": "budget", "weighing": "weigh", "measuring": "measure", "signing": "sign", "voting": "vote",
           "messaging": "message", "matching": "match", "splitting": "split", "quoting": "quote"}
_ARTICLE = re.compile(r"^(?:a|an|the|each|every|one|their|his|her)\s", re.IGNORECASE)
_PLURAL_HEAD = re.compile(r"^\S+s(?:\s|$)")


def _lower_first(text: str) -> str:
    """"Clay body" → "clay body"; a name said in capitals or with a capital inside ("WhatsApp", "CoC form") kept."""
    head = text.split()[0] if text.split() else ""
    return text[:1].lower() + text[1:] if head[1:] == head[1:].lower() else text


def _with_article(phrase: str) -> str:
    """"a clay body", "the weekly menu", "ratings": a thing named, with an article where English wants one."""
    phrase = _lower_first(phrase.strip().rstrip("."))
    if _ARTICLE.match(phrase) or re.match(r"^\d", phrase) or plural_in_a_state(phrase):
        return phrase
    # "online visit requests (the animal, the problem)": the name's head is before what the brackets explain.
    named = re.sub(r"\s*\(.*$", "", phrase) or phrase
    head = re.split(r"\s+(?:of|for|with|per|by|to|from|on|in|at|that|which|who|when)\b", named, maxsplit=1)[0].split()[-1]
    if head.endswith("s") and not head.endswith(("ss", "us", "is")):
        return phrase
    return f"{'an' if phrase[:1] in 'aeiou' else 'a'} {phrase}"


# Where a thing's name ends and what qualifies it begins ("Seat plan with paddler weights").
_QUALIFIED = re.compile(r"\s+(?:of|for|with|per|by|to|from|on|in|at|that|which|who|when|where|after|before|showing|"
                        r"saying|listing|telling)\b", re.IGNORECASE)
# A message the app sends, by the head words of its name ("WhatsApp message to customer when …", "Quote txt").
_SENT = re.compile(r"\b(?:messages?|msgs?|whatsapps?|sms|texts?|txts?|e-?mails?|reminders?|alerts?|notifications?|"
                   r"warnings?|nudges?|pings?|confirmations?|digests?|follow[- ]?ups?)$", re.IGNORECASE)
# A thing the app shows, by its head word ("League table that updates itself", "Booking calendar").
_SHOWN = re.compile(r"\b(?:lists?|tables?|archives?|screens?|boards?|calendars?|maps?|rotas?|timetables?|"
                    r"charts?|reports?|summary|summaries|dashboards?|overviews?|feeds?|counters?|history|histories|"
                    r"leaderboards?|views?|pages?|gallery|galleries|directory|directories)$", re.IGNORECASE)
# A record kept as entries ("Firing log", "Member ledger"): a user adds an entry to it.
_ENTRIES = re.compile(r"\b(?:logs?|ledgers?|diary|diaries|journals?|registers?|logbooks?|books?)$", re.IGNORECASE)
_FUNCTION_WORDS = {"a", "an", "the", "each", "every", "all", "some", "any", "no", "their", "his", "her", "its", "this",
                   "that", "these", "those", "one"}


def _in_words(text: str) -> str:
    """A wish's detail in brackets said as English: "(the animal/the problem/a rough day)" -> "(the animal, the
    problem and a rough day)" (the wishlist joins a detail's parts with slashes)."""
    def joined(match: re.Match[str]) -> str:
        parts = [part.strip() for part in match.group(1).split("/") if part.strip()]
        if len(parts) < 2 or any(len(part) < 2 for part in parts):
            return match.group(0)
        return "(" + (", ".join(parts[:-1]) + " and " + parts[-1]) + ")"
    return re.sub(r"\(([^()]*/[^()]*)\)", joined, text)


def _head(text: str) -> str:
    """The words that name the thing, before what qualifies it: "Seat plan" of "Seat plan with paddler weights"."""
    return _QUALIFIED.split(text, maxsplit=1)[0]


def thing_check(phrase: str) -> str:
    """The check of a row named as a thing ("Reminder the night before", "Monthly statement per practice", "Clay
    body", "Waste logging", "Planning the week"), or '' when it is no thing a check can be said of."""
    text = _in_words(" ".join(phrase.split()).rstrip("."))
    words = text.split()
    if not words:
        return ""
    lowered = [w.lower() for w in words]
    first = lowered[0]
    doing = _DOINGS.get(first) or (_base(first) if first.endswith("ing") and len(first) > 5 else "")
    if first.split("'")[0] in ("who", "what", "which", "where", "when", "how", "whose") and len(words) > 1:
        # "Who owes money", "Which van is where": a question the app answers by showing it.
        return f"The app shows {_lower_first(text)}"
    if first in ("prevent", "exclude") and len(words) > 1:
        # "Prevent double bookings" (capability_names' reading of "No double bookings"): what the app refuses.
        return f"The app {first}s {' '.join(words[1:])}"
    can = DOER_CAN.match(text)
    if can and len(text[can.end():].split()) >= 2:
        # "Boys can see their duty day": what they can do is the check.
        return f"A user can {text[can.end():]}"
    if (said := doer_check(text)) is not None:
        # "Customers order a tree online", "Parents get a text when …": who does it, and what they do.
        return said
    if first.endswith("s") and first[:-1] in VERBS - _NOUNS and len(words) > 1:
        # "Sees the price", "Gets a text": the act, said of the user.
        act = first[:-1]
        rest = " ".join(words[1:])
        return f"A user can {act} {rest} from the app" + ("" if act in _READ_ONLY else " and sees the result saved")
    if first in VERBS - _NOUNS or (doing and lowered[1:2] and lowered[1] in _FUNCTION_WORDS):
        # "Follow the sap in the tubing", "Planning the week": something to do, said as the user's act.
        rest = " ".join(words[1:])
        return f"A user can {doing or first}{f' {rest}' if rest else ''} from the app and sees the result saved"
    head = _head(text).split()
    for position, word in enumerate(head[:3]):
        verb = _DOINGS.get(word.lower())
        if verb and position > 0 and position == len(head) - 1 and not {w.lower() for w in head[:position]} & _FUNCTION_WORDS:
            # "Attendance marking by faculty": mark attendance by faculty.
            done_to, rest = " ".join(words[:position]), " ".join(words[position + 1:])
            return f"A user can {verb} {_lower_first(done_to)}{f' {rest}' if rest else ''} from the app and sees the result saved"
    kind = kind_of(text)
    if kind == "account":
        return "A user can create an account and sign in with it, and sees only their own data"
    if kind == "metric":
        return f"The app shows {_definite(text)}"
    if kind == "notify" or _SENT.search(_head(text)):
        return f"The app sends {_definite(text)}"
    if _ENTRIES.search(_head(text)) and len(_head(text).split()) > 1:
        return f"A user can add an entry to {_definite(text)} from the app and sees the result saved"
    if kind == "read" or _SHOWN.search(_head(text)):
        return f"The app shows {_definite(text)}"
    if len(words) == 1 and first.endswith("ing"):
        # "Invoicing", "Rostering": the doing with nothing named to do it to.
        return f"A user can do the {first} in the app and sees the result saved"
    if (said := wish_check(text)) is not None:
        # "Customers order a tree online", "Call the evening before", "Whether they need the lift": a sentence.
        return said
    return f"A user can add {_with_article(text)} from the app and sees the result saved"


def _definite(phrase: str) -> str:
    """"the reminder the night before", "the monthly statement per practice", "texts to the pickers"."""
    phrase = _lower_first(phrase)
    if _ARTICLE.match(phrase):
        return phrase
    head = (_head(phrase).split() or [phrase])[-1]
    return phrase if head.endswith("s") and not head.endswith(("ss", "us", "is")) else f"the {phrase}"


# The scoping rules' templates for rows derived from a problem (pmtui/product/brains/offline/scoping/rules.py), each
# with the check its name makes of it.
_KEEP_TRACK = re.compile(r"^Nothing slips\b", re.IGNORECASE)
_ONE_PLACE = re.compile(r"^Everything in one place\b", re.IGNORECASE)
_PLAINLY = re.compile(r"^Show it plainly\b", re.IGNORECASE)
_FOLLOW_UPS = re.compile(r"^The follow-ups go out on their own\b", re.IGNORECASE)
_BRING_OVER = re.compile(r"^Bring over what they already keep today\b", re.IGNORECASE)
_NAME_OBJECT = {
    "keep": re.compile(r"^Keep track of\s+(?P<what>.+)$", re.IGNORECASE),
    "place": re.compile(r"^(?P<what>.+?)\s+in one place$", re.IGNORECASE),
    "follow": re.compile(r"^Automatic follow-ups for\s+(?P<what>.+)$", re.IGNORECASE),
    "import": re.compile(r"^Import from\s+(?P<what>.+)$", re.IGNORECASE),
}


def template_check(name: str, description: str) -> list[str] | None:
    """The check of a row whose description is one of the PM's templates, said of the row's name; None when the
    description is the founder's own (then it is the check); [] when it is a template with nothing to say of the name
    ("See who took what" says itself)."""
    text = description.strip()
    if _KEEP_TRACK.match(text):
        found = _NAME_OBJECT["keep"].match(name)
        what = found.group("what") if found else _lower_first(name)
        return [f"A user can add {what} to one list from the app and sees the result saved",
                "The app sends a reminder before anything on that list is missed"]
    if _ONE_PLACE.match(text):
        found = _NAME_OBJECT["place"].match(name)
        what = _lower_first(found.group("what")) if found else _lower_first(name)
        return [f"The app shows all {what} in one list"]
    if _FOLLOW_UPS.match(text):
        found = _NAME_OBJECT["follow"].match(name)
        what = found.group("what") if found else _lower_first(name)
        return [f"The app sends a follow-up for {what} on its own"]
    if _BRING_OVER.match(text):
        found = _NAME_OBJECT["import"].match(name)
        what = found.group("what") if found else ""
        where = (f" in {what}" if what[:1].isupper() and what.split()[0] not in ("Notebook", "Register", "Sheets")
                 else f" in their {what.lower()}" if what else "")
        return [f"A user can import the records they keep{where} today from the app and sees the result saved"]
    if _PLAINLY.match(text):
        return []
    return None


_METRIC_TEXT = re.compile(r"^Instrument the success metric from day one:\s*(?P<metric>.+)$", re.IGNORECASE)


def metric_check(description: str) -> tuple[str, str] | None:
    """(the check, the metric) of the success-metric row, None for any other row. The check keeps the founder's metric
    with its numbers ("Track the success metric: 40% of nurses log a habit on 3 shifts a week after 2 months"): it is
    what the task's code works out, and the gate reads it so (delivered by bench/plain_agent_delivery.py, a change that
    computes it maps it; "The app counts what the success metric measures and shows the current figure" mapped
    nothing). Only "Instrument … from day one", the template's words, are let go."""
    found = _METRIC_TEXT.match(description.strip())
    if not found:
        return None
    metric = found.group("metric").strip().rstrip(".")
    return f"Track the success metric: {metric}", metric


# The founder's own words for themselves, each said of the user. "I" and "we" take the verb they already had ("I
# come" → "they come"); the contractions and "am/was" change with them.
_QUOTED = re.compile(r"((?<!\w)'[^'\n]{1,60}'(?!\w)|\"[^\"\n]{1,60}\"|“[^”\n]{1,60}”|‘[^’\n]{1,60}’)")
_SAID_OF_THEM = (
    (re.compile(r"(?<![\w'’-])(?:I|i)\s+am\b"), "they are"),
    (re.compile(r"(?<![\w'’-])(?:I|i)\s+was\b"), "they were"),
    (re.compile(r"(?<![\w'’-])(?:I|i)['’]m\b"), "they're"),
    (re.compile(r"(?<![\w'’-])(?:I|i)['’](ve|d|ll)\b"), r"they'\1"),
    (re.compile(r"(?<![\w'’-])(?:I|i)(?![\w'’-])(?!\.\w)"), "they"),
    (re.compile(r"(?<![\w'’-])[Ww]e(['’](?:re|ve|d|ll))?(?![\w'’-])"), r"they\1"),
    (re.compile(r"(?<![\w'’-])(?i:my|our)(?![\w'’-])"), "their"),
    (re.compile(r"(?<![\w'’-])(?i:mine|ours)(?![\w'’-])"), "theirs"),
    (re.compile(r"(?<![\w'’-])(?i:myself|ourselves)(?![\w'’-])"), "themselves"),
    (re.compile(r"(?<![\w'’-])(?:me|Me|us|Us)(?![\w'’-])"), "them"),
)


def third_person(text: str) -> str:
    """The criterion with the founder's first person said of the user, quoted words untouched."""
    parts = _QUOTED.split(text)
    for index in range(0, len(parts), 2):
        part = parts[index]
        for pattern, said in _SAID_OF_THEM:
            part = pattern.sub(said, part)
        parts[index] = part
    result = "".join(parts)
    return result[:1].upper() + result[1:] if text[:1].isupper() else result
