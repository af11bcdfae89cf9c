"""How a delivery plan reads to the coding agent given a task and to the gate that judges it (bench/plan_quality.py).

Each measure is a class that reads one title or one criterion (or a plan's criteria together) and says why it is a
defect, or nothing:

- `FragmentTitle`: a task title that is not a verb phrase or a noun phrase naming a capability — a lone verb
  ("Say"), a dangling conjunction, article, preposition or pronoun at either end ("And event bookings in one place",
  "Keep track of which day we"), a negation with no verb ("No beetroot"), a clause cut short ("Families see
  roughly", "Turnout board saying");
- `FirstPerson`: a criterion in the founder's first person ("A user can see my week of lessons"); words inside
  quotes (a button's label, "'I paid'") are the app's text and count for nothing;
- `TitleEcho`: a criterion that says nothing its task's title does not ("Say works from start to finish …", the
  title said twice, "Button to say I'm sick: Button to say I'm sick …");
- `TemplateCriterion`: the PM's template sentences that name a benefit no code can show ("Everything in one place",
  "Nothing slips", "so nobody has to guess") and success-metric targets ("Half of all quotes … by the summer");
- `DuplicateCriterion`: a criterion the same plan already states (its content words, as a set, equal another's);
- `ThingAsAct`: a thing's name read as the user's act ("A user can list of who paid");
- `UngrammaticalCriterion`: the founder's wish glued after the template's verb so that it is no sentence: a subject
  after it ("A user can add a customers order a tree"), "add a" before a verb phrase ("add a scan a QR", "add a
  borrow a packet", "add a seeing your place"), before a clause or a preposition ("add a whether they need …", "add
  a with a reason …") or before a plural ("add a bookings grouped by suburb").

The plan's own fixed criteria (the skeleton's build, lint and test checks, the refusal of invalid input, the test
file that covers the criteria) are the plan format's and are not read.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the measures are also read while rows are named, long before any plan is parsed
    from pmtui.delivery.plan import PlanDocument

_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
# Words a title can end on only when something was cut after them (not the particles of a phrasal verb: "Sign in",
# "Scan back", "Clock on and off").
_ARTICLES = {"a", "an", "the", "this", "that", "these", "those", "every", "each", "some", "any"}
_CONJUNCTIONS = {"and", "or", "but", "nor", "so", "because", "if", "when", "while", "whether", "than", "as", "then",
                 "although", "though", "unless", "until", "plus"}
# ("the day before", "Invoice after": an adverb there.)
_PREPOSITIONS = {"of", "to", "for", "with", "by", "at", "from", "into", "onto", "about", "like", "via", "per", "without",
                 "within", "between", "among", "towards", "toward", "against", "during", "under"}
_SUBJECTS = {"i", "we", "you", "they", "he", "she", "it's", "i'm", "we're", "they're", "you're"}
_POSSESSIVES = {"my", "our", "your", "their", "his", "its"}
_RELATIVES = {"which", "who", "whose", "whom", "what", "where", "how", "why"}
# A question inside the name ("See where their box is", "Log of who picked up when") may end on its verb or wh-word.
_WH = _RELATIVES | {"when", "whichever", "whatever", "whoever"} | {f"{w}'s" for w in ("who", "what", "where", "when", "how")}
_AUXILIARIES = {"is", "are", "was", "were", "be", "been", "am", "can", "could", "will", "would", "should", "shall",
                "may", "might", "must", "do", "does", "did", "has", "have", "had", "not", "no"}
_DEGREE = {"roughly", "very", "really", "quite", "almost", "nearly", "just", "too", "so", "more", "many", "much", "less",
           "approximately", "around", "basically", "also", "even"}
# Verbs that take a clause or an object a title cannot leave off ("Turnout board saying", "Reminders i suppose").
# ("Report the client can see" is a noun phrase: what is seen is the report.)
_CLAUSE_VERBS = {f"{base}{end}" for base in ("say", "tell", "know", "think", "suppose", "guess", "mean", "wonder", "hope")
                 for end in ("", "s")} | {"saying", "telling", "knowing", "thinking", "supposing", "guessing", "meaning",
                                          "wondering", "hoping", "showing", "making", "giving", "letting", "said", "told",
                                          "knew", "thought", "meant"}
# Words that open a clause in the founder's mouth and never a capability's name.
# ("Who owes money", "Which van is where": a question the app answers, a title.)
_OPENERS = _CONJUNCTIONS | {"also", "just", "like", "that", "then", "pero", "but"}
# Verbs a row's name starts with when it is something to do ("Say", "Ask", "Collect").
VERBS = {"say", "tell", "ask", "get", "see", "show", "give", "take", "keep", "make", "do", "go", "know", "put", "send",
         "collect", "remind", "find", "let", "help", "want", "need", "try", "use", "come", "bring", "pick", "choose",
         "add", "mark", "track", "pay", "book", "check", "record", "log", "view", "list", "fix", "set", "note", "tap",
         "call", "text", "chase", "plan", "share", "sell", "buy", "order", "manage", "create", "edit", "update",
         "delete", "cancel", "confirm", "approve", "accept", "post", "upload", "download", "export", "import", "sync",
         "print", "scan", "sign", "swap", "search", "browse", "compare", "count", "rate", "review", "follow", "stop",
         "start", "pause", "move", "change", "schedule", "assign", "notify", "alert", "message", "invite", "join",
         "write", "read", "save", "store", "register", "enter", "fill", "tick", "work", "run", "hold", "look",
         "watch", "receive", "request", "offer", "reserve", "claim", "split", "charge", "refund", "close", "open"}
# One word that names a thing as often as an act ("Order", "Review", "Alert"): a vague title, not a cut one.
_NOUNS_TOO = {"order", "book", "review", "alert", "rate", "check", "text", "call", "message", "note", "log", "list",
              "plan", "record", "print", "scan", "swap", "count", "split", "charge", "refund", "post", "tap", "help",
              "import", "export", "request", "offer", "claim", "hold", "work", "run", "look", "watch", "change",
              "schedule", "store", "search", "stop", "update"}
NOUNS_TOO = frozenset(_NOUNS_TOO)
_VERB_FORMS = VERBS | {f"{v}s" for v in VERBS} | {f"{v}es" for v in VERBS} | {f"{v}ed" for v in VERBS} | {
    f"{v}d" for v in VERBS} | {f"{v}ing" for v in VERBS} | {f"{v[:-1]}ing" for v in VERBS if v.endswith("e")} | {
    "is", "are", "was", "were", "has", "have", "had", "does", "did", "sent", "kept", "got", "paid", "said", "told",
    "knew", "took", "gave", "made", "saw", "went", "came", "brought", "bought", "sold", "held", "ran", "booked",
    "slips", "goes", "runs", "shows"}
_NEGATIONS = {"no", "not", "never", "without", "nothing", "none", "nobody"}


def words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


@dataclass(frozen=True)
class FragmentTitle:
    """A title that is a piece of a sentence, not a capability."""

    name: str = "fragment titles"

    def reason(self, title: str) -> str:
        said = words(title)
        if not said:
            return "empty"
        first, last = said[0], said[-1]
        if len(said) == 1 and first in VERBS - _NOUNS_TOO:
            return f"a lone verb ({first!r})"
        if first in _OPENERS:
            return f"opens on {first!r}"
        embedded = any(w in _WH for w in said[:-1]) and last not in _NEGATIONS
        if len(said) > 1 and last in (_ARTICLES | _CONJUNCTIONS | _PREPOSITIONS | _SUBJECTS | _POSSESSIVES | _RELATIVES
                                      | _AUXILIARIES | _DEGREE) and not (embedded and last in _WH | _AUXILIARIES):
            return f"ends on {last!r}"
        if len(said) > 1 and last in _CLAUSE_VERBS:
            return f"a clause cut after {last!r}"
        if first in _NEGATIONS and not any(w in _VERB_FORMS for w in said[1:]):
            return "a negation with no verb"
        return ""


_QUOTED = re.compile(r"(?<!\w)'[^'\n]{1,60}'(?!\w)|\"[^\"\n]{1,60}\"|“[^”\n]{1,60}”|‘[^’\n]{1,60}’")
# The founder's "I", "we", "my", "our": "US" in capitals is a country, "i.e." is not "i".
_FIRST_PERSON = re.compile(r"(?<![\w'’-])(?:(?i:my|mine|myself|we|we're|we've|we'd|we'll|our|ours|ourselves|me)|"
                           r"[Ii](?:['’](?:m|ve|d|ll))?(?!\.\w)|us|Us)(?![\w'’-])")


@dataclass(frozen=True)
class FirstPerson:
    """A criterion that says the founder's "I", "we", "my", "our" (not inside quotes)."""

    name: str = "first-person criteria"

    def reason(self, criterion: str) -> str:
        found = _FIRST_PERSON.search(_QUOTED.sub(" ", criterion))
        return f"says {found.group(0)!r}" if found else ""


def _content(text: str) -> set[str]:
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words(text)} - {"s"}


# The frame a plan's criteria are said in: the words that add nothing to what the title names.
_FRAME = _content("a an the user users can from app in and sees see result saved its is works start to finish it with "
                  "shows of their they them on for")


@dataclass(frozen=True)
class TitleEcho:
    """A criterion that opens on its task's title and asks nothing the title does not ("Say works from start to finish
    in the app …"), or says the title twice ("Button to say I'm sick: Button to say I'm sick that …"). "A user can
    record litres from the app …" under "Record litres" is the title said as a check, not an echo."""

    name: str = "criteria that repeat their title"

    def reason(self, criterion: str, title: str) -> str:
        said, named = _content(criterion), _content(title)
        opens = criterion.strip().lower().startswith(title.strip().lower())
        if opens and named and said - _FRAME <= named:
            return "nothing beyond the title"
        head, colon, rest = criterion.partition(":")
        if colon and head.strip().lower() == title.strip().lower() and rest.strip().lower().startswith(title.strip().lower()):
            return "the title said twice"
        return ""


# The PM's template sentences for a derived row: a benefit, not something the code does.
_TEMPLATES = re.compile(
    r"\beverything in one (?:place|list)\b|\bin one place instead of\b|\bnothing slips\b|\bnobody has to guess\b|"
    r"\bshow it plainly\b|\bworks from start to finish\b|\bbring over what they already keep\b|"
    r"\binstrument the success metric\b|\bon their own, politely\b", re.IGNORECASE)
# A target to reach over time ("up 25% in the first year", "Half of all quotes … by the summer").
_TARGET = re.compile(
    r"(?:\b\d+(?:\.\d+)?\s*(?:%|percent\b|x\b)|\b(?:half|thirds?|quarters?|twice|double|triple|most)\b).*"
    r"\b(?:by|within|after|in the first|in|over)\s+(?:the\s+|a\s+|\d+\s+|one\s+|two\s+|three\s+|six\s+)?"
    r"(?:summer|winter|spring|autumn|christmas|season|end of|months?|years?|weeks?|quarters?|term)\b", re.IGNORECASE)


@dataclass(frozen=True)
class TemplateCriterion:
    """A criterion no change can show: the PM's template words or a success target to reach over months."""

    name: str = "template criteria"

    def reason(self, criterion: str) -> str:
        found = _TEMPLATES.search(criterion)
        if found:
            return f"template {found.group(0).lower()!r}"
        if _TARGET.search(criterion):
            return "a target over time"
        return ""


# A thing's name read as the user's act: "A user can list of who paid", "A user can record per cow of each vaccine"
# ("A user can record who paid", "… list which boats are out": a question is what the act is done to).
_THING_AS_ACT = re.compile(r"^A user can (?:list|record|log|schedule|report|map|plan|order|count|review|note|request|"
                           r"offer|claim|post|export|import|view|swap|text|message|alert|rota|calendar)\s+"
                           r"(?!from the app\b)(?:of|per|for|with|that|showing|from|by|before|after|to|on)\b",
                           re.IGNORECASE)


@dataclass(frozen=True)
class ThingAsAct:
    """A criterion that reads a thing's name as the user's act ("A user can list of who paid"): no English, and no
    act a change can be judged against."""

    name: str = "things read as acts"

    def reason(self, criterion: str) -> str:
        found = _THING_AS_ACT.match(criterion)
        return f"{found.group(0)!r}" if found else ""


# Who does something, by the words that name people ("customers", "a client", "the crew", "members or their family"),
# and what follows a verb when it is one ("scan a QR", "tap what she sold", "measure the food").
_PEOPLE_WORDS = {"customers", "customer", "clients", "client", "members", "member", "parents", "parent", "people",
                 "staff", "crew", "team", "family", "families", "kids", "children", "students", "student", "pupils",
                 "patients", "patient", "guests", "guest", "residents", "resident", "tenants", "tenant", "nurses",
                 "nurse", "mums", "dads", "couples", "couple", "refs", "office", "neighbours", "locals", "users", "user",
                 "everyone", "somebody", "someone", "anyone", "boys", "girls", "he", "she", "they"}
_PERSON_ENDING = re.compile(r"^[a-z]{2,}(?:er|or|ist|ian|ant|ent|ee)s?$")
_AFTER_VERB = _ARTICLES | _POSSESSIVES | _RELATIVES | {"it", "them", "him", "her", "me", "us", "up", "out", "back", "off",
                                                       "down", "whether", "if"}
# Words in -ly that name a thing's kind or time, not how something is done ("a daily total", "a tally").
_LY_ADJECTIVES = {"daily", "weekly", "monthly", "yearly", "quarterly", "nightly", "hourly", "fortnightly", "early",
                  "family", "elderly", "friendly", "lovely", "likely", "tally", "rally", "holy", "jelly", "belly",
                  "supply", "reply", "assembly", "ally", "bully", "lily", "rely"}
# Acts beyond the titles' verbs, and those of them that also name a thing ("a return", "a ring").
_MORE_ACTS = {"report", "enter", "vote", "borrow", "lend", "rent", "hire", "deliver", "attach", "submit", "weigh",
              "measure", "reply", "reserve", "fill"}
_MORE_ACTS_TOO = {"ring", "return", "drop", "hand", "tick", "release"}
_GLUED = re.compile(r"^(?:A user can (?:add (?:a|an)|do the)|The app (?:shows|sends)(?: the)?) (?P<what>.+?)"
                    r"(?: (?:from|in) the app\b.*)?$")


# Things whose names end as a person's does.
_ER_THINGS = {"reminder", "order", "number", "letter", "poster", "sticker", "counter", "folder", "planner", "tracker",
              "timer", "container", "trailer", "cooler", "heater", "marker", "printer", "scanner", "register", "voucher",
              "ledger", "paper", "water", "weather", "filter", "flyer", "border", "finder", "calendar", "roster", "winter",
              "summer", "monitor", "meter", "centre", "center", "dinner", "transfer", "quarter", "error", "sensor"}


def _names_people(word: str) -> bool:
    bare = word.removesuffix("s")
    return word in _PEOPLE_WORDS or (bool(_PERSON_ENDING.match(word)) and word not in VERBS and bare not in _ER_THINGS
                                     and not word.endswith(("ment", "ments")))


@dataclass(frozen=True)
class UngrammaticalCriterion:
    """A criterion that glues the founder's wish after the template's verb and reads as no sentence."""

    name: str = "ungrammatical criteria"

    def reason(self, criterion: str) -> str:
        found = _GLUED.match(criterion)
        if not found:
            return ""
        said = words(found.group("what"))
        if not said:
            return ""
        first, second = said[0], (said[1:2] or [""])[0]
        people = 1 if _names_people(first) else 0
        if first in ("the", "our", "my", "each", "every", "all") and _names_people(second):
            people = 2
        elif people and second in ("or", "and") and len(said) > 3:
            people = 3 + (said[2] in _POSSESSIVES | {"the"})
        verb, after = said[people:people + 1], (said[people + 1:people + 2] or [""])[0]
        base = verb[0][:-1] if verb and verb[0].endswith("s") and verb[0][:-1] in VERBS else (verb or [""])[0]
        plural = said[people - 1].endswith("s") if people else False
        # ("Payment record", "Team schedule", "Guest lists for tomorrow": a thing; "Parents order by 8pm", "Refs
        # mark", "The customer gets a text": someone doing something.)
        acts = base in VERBS - _NOUNS_TOO - {"view"} | _MORE_ACTS or base == "can" or after in _ARTICLES | _POSSESSIVES or (
            people > 2 and base in VERBS) or (
            base in VERBS and (after in _ARTICLES | _POSSESSIVES | {"it", "them", "up", "out", "back"}
                               or plural and base == verb[0] and after in _PREPOSITIONS))
        if people and acts:
            return f"a subject after the template's verb ({' '.join(said[:people + 1])!r})"
        if criterion.startswith("The app"):
            return ""
        if first in VERBS | _MORE_ACTS | _MORE_ACTS_TOO and second in _AFTER_VERB:
            return f"'add a' before a verb phrase ({first!r})"
        if first.endswith("ing") and first not in _ARTICLES and second in _AFTER_VERB and len(first) > 4:
            return f"'add a' before a doing ({first!r})"
        if (first in _CONJUNCTIONS | _PREPOSITIONS | _RELATIVES | {"instead", "everything", "nothing", "only"}
                or first.endswith("ly") and first not in _LY_ADJECTIVES):
            return f"'add a' before {first!r}"
        if (first.endswith("s") and not first.endswith(("ss", "us", "is", "'s")) and second
                and (second.endswith("ed") or second in _VERB_FORMS - VERBS or second in VERBS - _NOUNS_TOO)):
            return f"'a' before a plural ({first!r})"
        return ""


@dataclass(frozen=True)
class DuplicateCriterion:
    """A criterion the plan states already (the same content words)."""

    name: str = "duplicate criteria"

    def reasons(self, criteria: list[str]) -> list[str]:
        keys = [frozenset(_content(c) - {"a", "an", "the"}) for c in criteria]
        seen: Counter[frozenset[str]] = Counter()
        found = []
        for criterion, key in zip(criteria, keys, strict=True):
            if key and seen[key]:
                found.append(criterion)
            seen[key] += 1
        return found


_FIXED = re.compile(r"^(?:Invalid or empty input is refused\b|The project builds from a clean checkout\b|`[^`]+` "
                    r"(?:runs|reports)\b|\S+ covers these criteria and passes with\b)")


def feature_tasks(plan: PlanDocument) -> list[tuple[str, list[str]]]:
    """(title, criteria) of each task but the skeleton, without the plan format's fixed criteria."""
    return [(task.title, [c for c in task.acceptance_criteria if not _FIXED.match(c)])
            for task in plan.tasks if task.ownership != "skeleton"]


MEASURES = ("fragment titles", "first-person criteria", "criteria that repeat their title", "template criteria",
            "duplicate criteria", "things read as acts", "ungrammatical criteria")


def defects(plan: PlanDocument) -> dict[str, list[str]]:
    """Each measure's hits in one plan, as "title" or "title | criterion — why"."""
    found: dict[str, list[str]] = {name: [] for name in MEASURES}
    fragment, first, echo, template, duplicate, as_act = (FragmentTitle(), FirstPerson(), TitleEcho(),
                                                          TemplateCriterion(), DuplicateCriterion(), ThingAsAct())
    glued = UngrammaticalCriterion()
    everything: list[str] = []
    for title, criteria in feature_tasks(plan):
        if why := fragment.reason(title):
            found[fragment.name].append(f"{title} — {why}")
        for criterion in criteria:
            for measure, why in ((first, first.reason(criterion)), (echo, echo.reason(criterion, title)),
                                 (template, template.reason(criterion)), (as_act, as_act.reason(criterion)),
                                 (glued, glued.reason(criterion))):
                if why:
                    found[measure.name].append(f"{title} | {criterion} — {why}")
        everything += criteria
    found[duplicate.name] = duplicate.reasons(everything)
    return found
