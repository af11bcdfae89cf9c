"""The words of acceptance criteria and of code, brought to shared concepts for plan alignment.

A criterion says "Deleting a habit removes its history"; the code says `self.history.pop(habit_id)`.
Both are reduced to concepts: words are split (snake_case, camelCase), stemmed ("deleting" and
"delete" meet), and mapped through groups of common synonyms ("remove" ~ "pop" ~ "delete"); code
adds concepts for what its operators and idioms do (`a - b` subtracts, `reverse=True` puts the
newest first, `.casefold()` ignores case). Numbers are kept apart: they must match exactly.

A criterion is read as concepts of several kinds: plain words (which may be matched through stems,
synonyms, British spellings and one-letter typos) and anchors that must be in the code exactly — a
number, a quoted UI text, a command-line flag (which must be handled, not only declared), a name
written as a call (`gcd(a, b)`, which the change must define) and short names (`lo`, `hi`, `x`).
What only frames a criterion is dropped: the role and the "so that" of a user story, Given/When/Then,
an HTTP status's reason phrase next to its number, verbs such as "responds" or "comes back".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from pmtui.delivery.gates.amounts import hour_forms, money_forms, percent_forms
from pmtui.delivery.gates.boundaries import criterion_boundaries, criterion_rates, refused_condition
from pmtui.delivery.gates.code_idioms import (  # noqa: F401 - re-exported: what code does is read there
    _DATE_SPEC,
    code_text_for_concepts,
    cron_concepts,
    date_formats,
    idiom_concepts,
    unit_idioms,
)
from pmtui.delivery.gates.criterion_classes import (
    SIZE_UNIT_WORDS,
    asks_for_updates,
    asks_user_to_see_error,
    at_least_one,
    awaits_answer,
    ci_gate,
    env_names,
    negated_base,
    nobody_within,
    query_params,
    root_required,
    scene_words,
    size_forms,
    soft_delete,
    sort_keys,
    until_both,
)
from pmtui.delivery.gates.criterion_frames import scenario_inputs_end
from pmtui.delivery.gates.domain_words import CRITERION_ALIASES
from pmtui.delivery.gates.synonyms import _GROUPS, SPECIFIC, SYMBOL_WORDS  # noqa: F401 - SYMBOL_WORDS re-exported
from pmtui.delivery.gates.time_direction import plain_comparatives
from pmtui.delivery.gates.vocabulary_data import (  # noqa: F401 - STOPWORDS, WEAK … re-exported
    BOUND_WORDS,
    COMPARATIVES,
    CURRENCY_BEFORE,
    IRREGULAR_PLURALS,
    NUMBER_WORDS,
    PERIODS,
    PHRASE_PATTERNS,
    PRECISION_NOUN_WORDS,
    REASONS,
    SHORT_ENGLISH,
    STATUS_NAMES,
    STOPWORDS,
    TIME_UNITS,
    UNIT_NOUN_WORDS,
    UNIT_SUFFIX,
    WEAK,
)
from pmtui.delivery.gates.word_forms import (  # noqa: F401 - re-exported: the word forms moved there in round 18
    WORD,
    _fuzzy_groups,
    _group_index,
    code_concepts,
    concepts_of_word,
    derived_concepts,
    numbers_in,
    one_typo_apart,
    split_identifier,
    stem,
    words,
)

_WORD = WORD

# Multi-word phrases of criteria, read as one concept before the words are split.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), concept) for pattern, concept in PHRASE_PATTERNS)
# "Deleting a habit removes its history": what depends on a thing goes with it.
_CASCADE = re.compile(r"\b(?:(?:delet|remov|eras|destroy)(?:ing|ion\s+of)\s+(?:\w+\s+){1,4}?|"
                      r"when\s+(?:\w+\s+){1,3}?is\s+(?:deleted|removed|erased|destroyed)\s+)(?:it\s+)?(?:also\s+|then\s+)?"
                      r"(?:delet|remov|eras|destroy|purg|wip)\w*(?!\s+nothing)", re.IGNORECASE)
# A message written somewhere: the place is what counts ("never written to the logs" is about logs).
_WRITTEN_TO = re.compile(
    r"\b(?:written|writ(?:e|es|ing)|wrote|printed|print(?:s|ing)?|recorded|record(?:s|ing)?|sent|send(?:s|ing)?|"
    r"emitted|emit(?:s|ting)?|dumped|leaked|leak(?:s|ing)?)\s+(?:out\s+)?(?:to|in|into|on)\s+(?:the\s+|any\s+)?"
    r"(logs?|log\s+files?|logging|stdout|stderr|console|terminal)\b", re.IGNORECASE)
# What a message's text should say ("a message that says what to fix", "an error explaining why") is for the
# person who reads it: in code it is the message given, not a word "fix" or "why".
_MESSAGE_SAYS = re.compile(
    r"\b(messages?|errors?|warnings?|notices?|hints?|prompts?)\s+(?:that\s+|which\s+)?"
    r"(?:says?|saying|tells?|telling|explains?|explaining|states?|stating|shows?|showing|describes?|describing|"
    r"names?|naming)\s+(?:the\s+user\s+|them\s+|you\s+|him\s+|her\s+)?"
    r"(?:what|why|how|which|where)\b(?:\s+(?!and\b|or\b|but\b)[\w'-]+){0,4}", re.IGNORECASE)
# The role and the rationale of a user story say who and why, not what the code does.
_ROLE = re.compile(r"^\s*as\s+(?:an?\s+|the\s+|(?!soon\b|long\b|well\b|far\b|much\b|many\b))[^,]{1,60}?,?\s*(?:i|we)\s+(?:want|would like|need|wish|can|could|should|"
                   r"expect|am able|must)(?:\s+to)?(?:\s+be\s+able\s+to)?\b", re.IGNORECASE)
_RATIONALE = re.compile(r"[,;]?\s*\b(?:so that|so (?:i|we|they|he|she|you) can|in order to)\b.*$", re.IGNORECASE)
# in a user story a bare "so …" after the want is its rationale too: "…, so other customers can use it"
_STORY_SO = re.compile(r"[,;]?\s*\bso\b(?!\s+(?:that|far|long|much|many|as|on)\b).*$", re.IGNORECASE)
# HTTP reason phrases (REASONS): next to their status number they add nothing; alone they name it.
_REASON_ALT = "|".join(sorted((re.escape(r).replace(r"\ ", r"\s+") for r in REASONS), key=len, reverse=True))
_REASON_AFTER = re.compile(rf"\b([1-5]\d\d)\s*\(?\s*(?:{_REASON_ALT})\b\s*\)?", re.IGNORECASE)
_REASON_BEFORE = re.compile(rf"\b(?:{_REASON_ALT})\s*\(\s*([1-5]\d\d)\s*\)", re.IGNORECASE)
# Multi-word reason phrases in Title Case name a status even without its number ("returns Not Found").
_REASON_TITLED = re.compile("|".join(rf"\b{' '.join(w.capitalize() for w in r.split())}\b"
                                     for r in REASONS if " " in r))
# A negated action with nothing after it but its object: "without removing it", "never modifies the list".
_REFRAIN = re.compile(r"\b(?:without|never|not|no longer)\s+([A-Za-z]+)(?=\s*$|\s*[,.;]|\s+(?:it|them|anything|any|the|a|an|"
                      r"its|their|existing|original)\b)", re.IGNORECASE)
# a number after a bound or a time's side is a rule even in a scenario's Given: "checks out after 11:00"
_BOUNDED = re.compile(r"\b(?:after|before|until|by|over|under|above|below|than|least|most|within|between|from|to|"
                      r"exceeds?|limit|max(?:imum)?|min(?:imum)?)\s+(?:[^\s\d]+\s+)?[£$€₹]?\s*$", re.IGNORECASE)
_EMPTY_MARK = re.compile(r"\[\s*\]|\(\s*\)|\{\s*\}|\"\"|''")
_NEGATION = re.compile(r"\b(?:not|never|no|nothing|cannot|without|nor|neither|nobody|nowhere)\b", re.IGNORECASE)
_ABOUT_DOCS = re.compile(r"\b(?:readme|docs?|documentation|documented|changelog|guide|manual|docstrings?|wiki|"
                         r"contributing|faq)\b", re.IGNORECASE)
_ABOUT_TESTS = re.compile(r"\b(?:tests?|tested|testing|specs?|coverage|covered|unit[- ]tests?)\b", re.IGNORECASE)
_QUOTED = re.compile(r"\"([^\"\n]{1,120})\"|(?<![\w])'([^'\n]{1,120})'(?![\w])")
_FLAG = re.compile(r"(?<![\w\-])(--[A-Za-z][\w-]*|-[A-Za-z])(?![\w-])")
# A flag with the name of its value after it (`--limit N`, `--out FILE`, `--level=<n>`): the value's name is no word.
_FLAG_WITH_VALUE = re.compile(r"(?<![\w\-])(?:--[A-Za-z][\w-]*|-[A-Za-z])(?![\w-])(?:[ =](?:[A-Z][A-Z_]*\b|<[^>\s]+>))?")
_CALL = re.compile(r"(?<![\w.$])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((?=[^()]*\))")


# A quantity of time in a criterion ("5 minutes") and what it is in seconds; code may state it with its
# unit (`timedelta(minutes=5)`), in seconds (300, 5 * 60) or milliseconds (300000). Seconds and
# milliseconds are what bare numbers in code usually mean, so `timeout=10` is "10 seconds".
_TIME_UNITS = TIME_UNITS


def quantity_forms(number: str, unit: str) -> tuple[frozenset[str], str]:
    """The bare numbers code may use for a quantity of time, and the word of its unit ("minute")."""
    seconds = float(number) * _TIME_UNITS[unit]
    forms = {seconds, seconds * 1000} if _TIME_UNITS[unit] >= 60 else {float(number), seconds * 1000}
    if _TIME_UNITS[unit] < 1:
        forms = {float(number)}
    texts = frozenset(str(int(f)) if f == int(f) else str(f) for f in forms)
    word = {0.001: "millisecond", 1: "second", 60: "minute", 3600: "hour", 86400: "day", 604800: "week",
            31536000: "year"}[_TIME_UNITS[unit]]
    return texts, word


# Concepts that code shows by what it does (an operator, a call, a statement): a criterion's word for
# one of them is matched only by what the code does, never by the name of the function alone
# (`def purge_inactive(): count(...)` purges nothing).
ACTION_CONCEPTS = frozenset(["required", "own", "outside", "propagate", "position", "roundup", "append", "prepend", "overlap", "truefirst", "softdelete", "delete", "cascade", "sort", "descending", "ascending", "reject", "persist", "create",
                             "filter", "caseless", "hash", "subtract", "sum", "multiply", "divide", "modulo",
                             "exponential", "unique", "between", "limit", "minimum", "count", "wait", "join", "exit"])


def is_action(concept: Concept) -> bool:
    """A concept of what code does (all its synonym groups are actions): "deleted", "sorted", "hashed"."""
    actions = concept.alternatives & ACTION_CONCEPTS
    return bool(actions) and not (concept.alternatives & _GROUP_NAMES) - ACTION_CONCEPTS


# -- criteria -------------------------------------------------------------------------------------------
class Concept:
    """One thing a criterion asks for: the alternatives that satisfy it, and whether it decides.

    `kind` is "word" for plain words, "phrase" for a phrase read as one concept ("lowest first",
    "at most"), "term" for a specific tool or format ("bcrypt", "JWT") and "absent" for an action
    the change must not add ("without removing it"); the others are found in the code as they are: "number", "quote" (UI text), "flag"
    (handled, not only declared), "call" (a name the change defines) and "short" (a name of one or
    two letters). All but plain words are anchors: never the one word a long criterion may miss. A number that is an example of input
    (`fizzbuzz(15)`, "values like 90s") may be found in the change's tests (`example`).
    """

    __slots__ = ("alternatives", "example", "forms", "kind", "label", "negated_of", "strong", "subject")

    def __init__(self, label: str, alternatives: frozenset[str], *, strong: bool, kind: str = "word",
                 example: bool = False, subject: bool = False, forms: frozenset[str] = frozenset(),
                 negated_of: frozenset[str] = frozenset()) -> None:
        self.label = label
        self.negated_of = negated_of  # "unfinished": the concepts of its base, met by a negated read (`!t.done`)
        self.alternatives = alternatives
        self.strong = strong
        self.kind = kind
        self.example = example
        self.subject = subject  # the first deciding noun: what the criterion is about
        self.forms = forms  # a quantity of time: the bare numbers (in seconds, in ms) that state it

    @property
    def number(self) -> bool:
        return self.kind == "number"

    @property
    def anchor(self) -> bool:
        return self.kind != "word"

    def __repr__(self) -> str:
        return f"Concept({self.label!r}, {self.kind}, strong={self.strong})"


@dataclass(frozen=True)
class CriterionReading:
    """A criterion read for matching: its concepts, whether it forbids something, whether it is about tests."""

    concepts: tuple[Concept, ...]
    negated: bool
    about_tests: bool
    about_docs: bool = False
    boundaries: tuple[tuple[str, str], ...] = ()  # (number, side): "the first 30" holds 30 with the values below
    sort_keys: tuple[str, str] | None = None  # "by aisle, then by shelf"
    on_update: bool = False  # "every change to X": what reacts must react to updates
    sees_error: bool = False  # "the user sees an error": an error printed where it is caught is swallowed
    rates: tuple[tuple[str, str], ...] = ()  # "15 per rental day": (15, day), multiplied by the days
    refused_if: tuple[str, str] | None = None  # "blocked if less than 25": (25, <), the refusing branch's condition
    both: tuple[str, str] | None = None  # "until both email and password are filled": one condition names both
    nobody: str | None = None  # "released when nobody checks in within 30 minutes": checks
    awaits: bool = False  # "unhealthy when /health does not answer within 3 seconds": the deadline is a timeout


# Nouns after a spelled-out number that make it a quantity the code must state ("two decimals").
UNIT_NOUNS = frozenset(stem(word) for word in UNIT_NOUN_WORDS)
PRECISION_NOUNS = frozenset(stem(word) for word in PRECISION_NOUN_WORDS)
_SCENARIO = re.compile(r"^\W*given\b.*\bthen\b", re.IGNORECASE | re.DOTALL)
_EXAMPLE_MARK = re.compile(r"\b(?:like|e\.?g\.?|such as|for example|for instance|say)\b[^.;:!?]*$", re.IGNORECASE)
_ORDER_NOUN = re.compile(r"(?:a|an|the|each|every|my|your|our|their|his|her|its|new|open|paid|unpaid|this|that|no|any|all|"
                         r"customer|)\s+orders?\s|\S*\s+orders?\s+(?:is|are|was|were|has|have|placed|can|cannot|must|total|"
                         r"id|number|status|lines?|items?|older|above|below|over|under)$")


def _plain_quotes(criterion: str) -> str:
    text = (criterion.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
            .replace("\u201d", '"').replace("\u2013", "-").replace("\u2014", " - "))
    # a comparison's "then" for "than" (non-native English, a typo): "more then 2 rooms"
    text = re.sub(r"\b(more|less|fewer|greater|bigger|larger|smaller|higher|lower|older|younger|longer|shorter|later|"
                  r"earlier)\s+then\b", r"\1 than", text, flags=re.IGNORECASE)
    # freezing is 0 °C: "drops below freezing"
    text = re.sub(r"\b(below|under|above|over)\s+freezing(?:\s+point)?\b", r"\1 0 °C", text, flags=re.IGNORECASE)
    # Indian digit grouping: "₹1,50,000" is 150000
    text = re.sub(r"\b\d{1,2}(?:,\d{2})+,\d{3}\b", lambda m: m.group(0).replace(",", ""), text)
    # a thousands separator: "10,000 steps" is 10000 ("3,50 €" is no thousands)
    text = re.sub(r"(?<=\d),(?=\d{3}(?:,\d{3})*(?!\d))", "", text)
    # a number in lakhs, crores, millions or thousands ("₹2 lakh", "1.5 million", "5k") is the number it makes
    text = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(lakhs?|lacs?|crores?|millions?|billions?|k)\b", _scaled, text,
                  flags=re.IGNORECASE)
    # a currency's sign is its name ("the € sign" is euro; "$100" stays a number)
    text = re.sub(r"([€£¥₹₦])\s*(?:sign|symbol)\b", r"\1", text)
    # Indian and Nigerian amounts written with the currency's code: "Rs 2 per kg", "Rs.500", "NGN 5,000"
    text = re.sub(r"\b(?:Rs\.?|INR)\s*(?=\d)", " rupee ", text)
    text = re.sub(r"\bNGN\s*(?=\d)", " naira ", text)
    text = re.sub(r"(?<![\w$])\$\s*(?=\d)", " dollar ", text)  # round 10: "$50" is 5000 where the code counts cents
    return plain_comparatives(text.replace("€", " euro ").replace("£", " pound ").replace("¥", " yen ")
                              .replace("₹", " rupee ").replace("₦", " naira "))


_SCALES = {"lakh": 100_000, "lac": 100_000, "crore": 10_000_000, "million": 1_000_000, "billion": 1_000_000_000,
           "k": 1_000}


def _scaled(match: re.Match[str]) -> str:
    value = float(match.group(1)) * _SCALES[match.group(2).lower().rstrip("s")]
    return f"{value:.0f}" if value == int(value) else f"{value:g}"


def _expand_contractions(text: str) -> str:
    """can't → can not, doesn't → does not; a possessive or a short verb ('s, 're, 'll) goes."""
    text = re.sub(r"\bwon't\b", "will not", text, flags=re.IGNORECASE)
    text = re.sub(r"\bcan't\b", "can not", text, flags=re.IGNORECASE)
    text = re.sub(r"n't\b", " not", text, flags=re.IGNORECASE)
    return re.sub(r"(?<=\w)'(?:s|d|ll|re|ve|m)\b|(?<=s)'(?!\w)", "", text, flags=re.IGNORECASE)


def _strip_framing(text: str) -> str:
    """The user story's role and rationale, HTTP reason phrases beside their number, framing verbs."""
    story = _ROLE.search(text)
    text = _ROLE.sub(" ", text)
    text = _RATIONALE.sub(" ", text)
    text = _MESSAGE_SAYS.sub(r"\1", text)
    if story:
        text = _STORY_SO.sub(" ", text)
    text = _REASON_AFTER.sub(r" \1 ", text)
    text = _REASON_BEFORE.sub(r" \1 ", text)
    text = _REASON_TITLED.sub(lambda m: f" {REASONS[m.group(0).lower()]} ", text)
    return _WRITTEN_TO.sub(r" \1 ", text)


def _quoted(content: str) -> str | None:
    """UI text a criterion quotes, normalised; None for a quoted code name or number."""
    content = content.strip()
    if not re.search(r"[A-Za-z]", content) or re.fullmatch(r"[\w.$]+", content) and re.search(r"[_.$]|[a-z][A-Z]", content):
        return None
    return normalise_text(content)


def normalise_text(text: str) -> str:
    """Text as quoted UI text is compared: lower case, one space, plain apostrophes, no escapes."""
    text = (text.replace("&apos;", "'").replace("&#39;", "'").replace("&quot;", '"').replace("&amp;", "&")
            .replace("\u2019", "'").replace("\\'", "'").replace('\\"', '"'))
    return re.sub(r"\s+", " ", text).strip().lower()


def _acronym_runs(tokens: list[str], names: set[str]) -> set[int]:
    """Positions of words that spell out a name of the criterion ("gcd … greatest common divisor")."""
    skip: set[int] = set()
    for name in names:
        if not 2 <= len(name) <= 6 or not name.isalpha():
            continue
        for start in range(len(tokens) - len(name) + 1):
            run = tokens[start:start + len(name)]
            if all(t.isalpha() and t.lower() != name for t in run) and "".join(t[0].lower() for t in run) == name:
                skip.update(range(start, start + len(name)))
    return skip


@lru_cache(maxsize=2048)
def read_criterion(criterion: str) -> CriterionReading:
    """The concepts a criterion asks for, in order, and what kind of criterion it is.

    A word that shares a synonym group with an earlier one adds nothing ("delete … remove" is one
    concept); a spelled-out number decides only before a unit ("two decimals", not "two numbers").
    """
    text = at_least_one(_plain_quotes(criterion))
    boundaries = criterion_boundaries(text)
    keys = sort_keys(text)
    on_update = asks_for_updates(text)
    sees_error = asks_user_to_see_error(text)
    rates = criterion_rates(text)
    refused_if = refused_condition(text)
    both = until_both(text)
    scene = scene_words(text)
    scenario = bool(_SCENARIO.search(text))
    required = {m.group(1).lower() for m in re.finditer(r"\bat\s+least\s+one\s+([A-Za-z]+)", text, re.IGNORECASE)}
    params, text = query_params(text)
    tool, text = ci_gate(root_required(text))
    soft, text = soft_delete(text)
    envs = env_names(text)
    concepts: list[Concept] = []
    seen: set[str] = set()
    seen_groups: set[str] = set()

    def add(label: str, alternatives: frozenset[str], *, strong: bool, kind: str = "word",
            example: bool = False, subject: bool = False, forms: frozenset[str] = frozenset(),
            negated_of: frozenset[str] = frozenset()) -> None:
        key = f"{kind}:{label}"
        plain = kind in ("word", "phrase", "term", "absent")
        groups = alternatives & _GROUP_NAMES if plain else frozenset()
        if key in seen or (groups and groups <= seen_groups) or (plain and alternatives & seen):
            return
        seen.add(key)
        if plain:
            seen.update(a for a in alternatives if a not in _GROUP_NAMES)
        seen_groups.update(groups)
        concepts.append(Concept(label, alternatives, strong=strong, kind=kind, example=example, subject=subject,
                                forms=forms, negated_of=negated_of))

    about_tests = bool(_ABOUT_TESTS.search(text))
    for name in params:
        add(name, frozenset({name.lower()}), strong=True, kind="param")
    for name in envs:
        add(name, frozenset({name.lower()}), strong=True, kind="envvar")
    if tool:
        add(tool, frozenset({tool.lower()}), strong=True, kind="cistep")
    # UI text in quotes must be there as written; a quoted name is a word like any other.
    arguments = [(m.end(), text.find(")", m.end())) for m in _CALL.finditer(text)]

    def quote(match: re.Match[str]) -> str:
        content = match.group(1) or match.group(2)
        wanted = _quoted(content)
        if wanted is None:
            return f" {content} "
        add(wanted, frozenset({wanted}), strong=True, kind="quote",
            example=any(start <= match.start() < end for start, end in arguments))
        return " "

    for wanted in date_formats(text):
        add(wanted, frozenset({wanted}), strong=True, kind="dateformat")
    text = _DATE_SPEC.sub(" date ", text)
    text = _expand_contractions(_QUOTED.sub(quote, text).replace("`", " "))
    text = _strip_framing(text)
    # Command-line flags: `-q/--quiet` is one flag.
    flags = _FLAG.findall(text)
    longs = [f[2:].lower() for f in flags if f.startswith("--")]
    shorts = [f[1:] for f in flags if not f.startswith("--")]
    for name in longs:
        add(name, frozenset({"".join(split_identifier(name))}), strong=True, kind="flag")
    if not longs:
        for letter in shorts:
            add(letter, frozenset({letter}), strong=True, kind="flag")
    text = _FLAG_WITH_VALUE.sub(" ", text)
    # A name written as a call is a name the change must define; its arguments are read as words.
    names: set[str] = set()
    example_spans: list[tuple[int, int]] = []
    calls = list(_CALL.finditer(text))
    for match in calls:
        name = match.group(1).rsplit(".", 1)[-1]
        names.add(name.lower())
        add(name, frozenset({name.lower()}), strong=True, kind="call")
        example_spans.append((match.end(), text.find(")", match.end())))
    text = re.sub(r"(?<![\w.$])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\s*\)", " ", text)
    text = _CALL.sub(lambda m: " " * len(m.group(1)) + "(", text)
    for pattern, concept in _PHRASES:
        found = pattern.search(text)
        if found:
            # "up to 3 times": the number is what the code must state, "up to" adds nothing to decide on
            counted = concept in ("limit", "minimum") and re.match(
                rf"\s*(?:\w+\s+){{0,2}}?(?:\d+|{'|'.join(NUMBER_WORDS)}|once|twice)\b", text[found.end():], re.IGNORECASE)
            if concept:
                meant = concept.split("|")
                alternatives = frozenset(a for name in meant for a in (name, stem(name), *_group_alternatives(name)))
                add(meant[0], alternatives, strong=not counted, kind="word" if counted else "phrase")
            text = pattern.sub(" ", text)
    cascade = bool(_CASCADE.search(text))
    # "returns the top item without removing it": the change must not do that action at all
    absent: set[str] = set()

    def refrain(match: re.Match[str]) -> str:
        word = match.group(1)
        if is_action(Concept(word, concepts_of_word(word.lower()), strong=True)):
            absent.add(word.lower())
            return f" {word} "
        return match.group(0)

    text = _REFRAIN.sub(refrain, text)
    # "when nobody checks in within 30 minutes" is a condition (a deadline passed), not a prohibition
    negated = bool(_NEGATION.search(re.sub(r"\b(?:nobody|no\s+one|no-one|not)\b", " ", text, flags=re.IGNORECASE)
                                    if nobody_within(text) else text))
    # an empty list or string the user wrote is "empty"; brackets emptied by the reading above ("(case-insensitive)"
    # read as a phrase, "('Delete invoice')" as a quote) are nothing (round 13)
    text = re.sub(_EMPTY_MARK, " empty " if _EMPTY_MARK.search(_plain_quotes(criterion)) else " ", text)
    for match in re.finditer(r"\b([A-Za-z]{2,})-([A-Za-z]{2,})\b", text):
        first, second = match.group(1).lower(), match.group(2).lower()
        alternatives = concepts_of_word(first + second)
        for part in (first, second):
            if part not in STOPWORDS and len(part) >= 3:
                alternatives |= concepts_of_word(part)
        add(first + second, alternatives, strong=not {first, second} <= WEAK)
    text = re.sub(r"\b[A-Za-z]{2,}-[A-Za-z]{2,}\b", " ", text)
    spaced = text.replace("_", " ").replace("-", " ")
    matches = list(_WORD.finditer(spaced))
    tokens = [m.group(0) for m in matches]
    names |= {t.lower() for t in tokens if 2 <= len(t) <= 6 and t.lower() not in STOPWORDS}
    spelled = _acronym_runs(tokens, names)
    subject_seen = number_seen = False
    inputs_end = scenario_inputs_end(spaced)
    for index, raw in enumerate(tokens):
        if index in spelled:
            continue
        lowered = raw.lower()
        following = stem(tokens[index + 1]) if index + 1 < len(tokens) else ""
        previous = tokens[index - 1].lower() if index else ""
        unit = tokens[index + 1].lower() if index + 1 < len(tokens) else ""
        if lowered in NUMBER_WORDS and unit in _TIME_UNITS and len(unit) > 1:
            # "one hour" is 3600 seconds as "1 hour" is
            forms, word = quantity_forms(NUMBER_WORDS[lowered], unit)
            add(f"{NUMBER_WORDS[lowered]} {word}s", concepts_of_word(word), strong=True, kind="quantity", forms=forms)
            spelled.add(index + 1)
            continue
        if previous in ("per", "a", "an", "every", "each") and lowered in _TIME_UNITS and len(lowered) > 3:
            # "5 attempts per minute": a window of 60 seconds, or the unit's word
            forms, word = quantity_forms("1", lowered)
            add(lowered, concepts_of_word(lowered), strong=lowered not in WEAK, forms=forms,
                kind="period" if previous == "per" else "word")
            continue
        if previous == "per" and lowered in PERIODS:
            # the window is no word to miss: "twice per year" counted over all time is not it
            add(lowered, concepts_of_word(lowered), strong=True, kind="period")
            continue
        if lowered in NUMBER_WORDS:
            number = NUMBER_WORDS[lowered]
            # "two decimals", "one decimal place": a precision is stated even when it is one
            strong = following in UNIT_NOUNS and (int(number) >= 2 or (following in PRECISION_NOUNS
                                                                        and unit not in required))
            add(number, frozenset({number}), strong=strong, kind="number")
            continue
        if lowered in CURRENCY_BEFORE and unit[:1].isdigit():
            continue  # "£6": the amount is the anchor (stated in pence too: money_forms)
        if raw[0].isdigit():
            number_seen = True
            value = raw.rstrip("0").rstrip(".") if "." in raw else str(int(raw))
            # "3 pm" is 15: the code states the hour on the 24-hour clock, never the 3
            value = next(iter(hour_forms(value, spaced[matches[index].end():])), value)
            position = matches[index].start()
            # beside a call, numbers are its example inputs and outputs: `parse("2m")` gives 120 seconds
            example = (bool(calls) or any(start <= position < end for start, end in example_spans)
                       or bool(_EXAMPLE_MARK.search(spaced[:position])))
            # a scenario's input (Given/When) whose rule its Then states with a number of its own: found if stated
            given = position < inputs_end and not _BOUNDED.search(spaced[max(0, position - 24):position])
            strong = not given and (float(raw) >= 2 or following in UNIT_NOUNS or previous in {"code", "status", "exit"}
                                    or previous in BOUND_WORDS)
            if unit in _TIME_UNITS and (not example or calls):
                forms, word = quantity_forms(value, unit)
                add(f"{value} {word}s", concepts_of_word(word), strong=not given, kind="quantity", forms=forms,
                    example=example)
                spelled.add(index + 1)
                continue
            if unit in SIZE_UNIT_WORDS and not example:
                forms, short = size_forms(value, unit)
                add(f"{value} {short}", frozenset({short}), strong=True, kind="size", forms=forms)
                spelled.add(index + 1)
                continue
            # a scenario's numbers are its example's values: "Given a cart with 3 items … the badge shows 2" may be
            # stated only by the change's test (`expect(cart.badge).toBe(2)`)
            add(value, frozenset({value}), strong=strong, kind="number", example=example or scenario,
                forms=(percent_forms(value, spaced[matches[index].end():]) | money_forms(value, previous, unit)

                       # a zero-padded example states its width: "ORD-000123" is `f"ORD-{n:06d}"`
                       | (frozenset({f"pad:{len(raw)}"}) if len(raw) >= 3 and raw.startswith("0") and raw.isdigit()
                          else frozenset())))
            continue
        if previous and previous[0].isdigit() and lowered in UNIT_SUFFIX:
            continue
        # a compound unit after its number: the "h" of "25 km/h", the "s" of "9 m/s"
        if index >= 2 and tokens[index - 2][0].isdigit() and previous in UNIT_SUFFIX and lowered in UNIT_SUFFIX:
            continue
        if len(raw) <= 2:
            if lowered in SHORT_ENGLISH or lowered in STOPWORDS or not raw.isalpha():
                continue
            if raw.isupper() and len(raw) == 2:
                add(lowered, concepts_of_word(lowered), strong=False)
            else:
                add(lowered, frozenset({lowered}), strong=True, kind="short")
            continue
        if lowered in STOPWORDS:
            continue
        for part in split_identifier(raw):
            if part in STOPWORDS or len(part) < 3:
                continue
            weak = part in WEAK or (stem(part) in _WEAK_STEMS() and not part.endswith(("er", "ers", "or", "ors")))
            # "fewer than 5": the number decides, the comparison is in the code's operator
            weak = weak or (part in COMPARATIVES and index + 1 < len(tokens) and tokens[index + 1].lower() == "than")
            # "cost £6 more", "pay 30% less": the amount decides, the code adds or takes it off
            weak = weak or (part in ("more", "less", "extra") and previous[:1].isdigit())
            # "below 0", "above 40", "25 days ago": the number decides, the side is the code's operator
            # (boundaries.wrong_side refuses the wrong one)
            weak = weak or (part in BOUND_WORDS and index + 1 < len(tokens) and tokens[index + 1][0].isdigit())
            weak = weak or (part == "ago" and previous in _TIME_UNITS)
            weak = weak or _bound_phrase(tokens, index)
            # "trimmed before saving", "after paying": the gerund of a time clause says when, not what
            weak = weak or (part.endswith("ing") and previous in ("before", "after", "while", "upon", "when"))
            weak = weak or part in scene
            following = tokens[index + 1].lower() if index + 1 < len(tokens) else ""
            # "smaller transfers are free" after "transfers above 5,000": the other side of the bound, said again
            weak = weak or (part in COMPARATIVES and stem(following) in {stem(c.label) for c in concepts})
            # "the nearest available ambulance": before its noun, availability is a condition the code must test
            if part == "available" and following.isalpha() and following not in STOPWORDS and following not in WEAK:
                weak = False
            if part in absent:
                add(part, concepts_of_word(part), strong=True, kind="absent")
                continue
            if part in SPECIFIC:
                add(part, frozenset({part, stem(part)}), strong=True, kind="term")
                continue
            # the first deciding noun names what the criterion is about ("the worker container …")
            subject = (not weak and not subject_seen and not part.endswith("ing") and not number_seen
                       and "exceed" not in concepts_of_word(part))
            # "at least one digit": what must be there is no word to miss
            if not weak and raw.lower() in required:
                # "at least one letter": what must be there is no word to miss, nor one a synonym already said
                concepts.append(Concept(part, concepts_of_word(part), strong=True, subject=True))
                continue
            subject_seen = subject_seen or not weak
            base = negated_base(part)
            negated_of = concepts_of_word(base) if base and stem(part) not in _group_index() else frozenset()
            # "an order", "orders placed after 14:00": a purchase, not a sorting ("in order", "order by")
            alternatives = frozenset({"order"}) if stem(part) == "order" and _ORDER_NOUN.match(
                f"{previous} {part} {unit}") else concepts_of_word(part) | _fuzzy_groups(part) | derived_concepts(part) | _aliases(part)
            add(part, alternatives, strong=not weak, subject=subject,
                negated_of=negated_of)
    if any(c.kind == "quantity" for c in concepts):
        # "old notifications are deleted after 90 days": the age is the duration; "old" says it again
        concepts = [Concept(c.label, c.alternatives, strong=False) if c.kind == "word" and c.label.lower() in
                    ("old", "stale", "aged") else c for c in concepts]
    if soft:  # the deletion asked for sets a flag and keeps the row: a hard delete is not it
        concepts = [c for c in concepts if "delete" not in c.alternatives]
        concepts.insert(0, Concept("soft delete", frozenset({"softdelete"}), strong=True, kind="phrase"))
    if cascade:
        # deleting one thing deletes another: the deletion asked for is a cascade, one delete is not it
        concepts = [Concept(c.label, frozenset({"cascade"}), strong=True) if "delete" in c.alternatives else c
                    for c in concepts]
    return CriterionReading(tuple(concepts), negated, about_tests, bool(_ABOUT_DOCS.search(criterion)), boundaries,
                            keys, on_update, sees_error, rates, refused_if, both, nobody_within(text),
                            awaits_answer(text))


def _bound_phrase(tokens: list[str], index: int) -> bool:
    """Whether the word only frames a bound whose number decides (round 9): "reaches 1.25", "1.25 % or more",
    "more strong than 25" (the code's operator says it; boundaries and condition_sides check its side)."""
    word = tokens[index].lower()
    before = [t.lower() for t in tokens[max(0, index - 3):index]]
    after = [t.lower() for t in tokens[index + 1:index + 3]]
    if word in ("reach", "reaches", "reached", "reaching", "hits") and after[:1] and after[0][0].isdigit():
        return True
    if (word in COMPARATIVES or word in BOUND_WORDS) and before[-1:] == ["or"] and any(t[0].isdigit() for t in before[:-1]):
        return True
    # "more strong than 25", never "more booking than its beds": a number follows "than"
    if word == "more" and after[1:2] == ["than"]:
        return index + 3 < len(tokens) and tokens[index + 3][:1].isdigit()
    if before[-1:] == ["more"] and after[:1] == ["than"]:
        return index + 2 < len(tokens) and tokens[index + 2][:1].isdigit()
    return False


def criterion_concepts(criterion: str) -> list[Concept]:
    """The concepts a criterion asks for, in order: quotes, flags, calls, phrases, words and numbers."""
    return list(read_criterion(criterion).concepts)



_GROUP_NAMES = frozenset(_GROUPS)


def _aliases(word: str) -> frozenset[str]:
    """The stems of the code words that meet a criterion's word one way only (domain_words.CRITERION_ALIASES)."""
    return frozenset(stem(alias) for alias in CRITERION_ALIASES.get(word.lower(), "").split())


def _group_alternatives(concept: str) -> frozenset[str]:
    return frozenset({concept}) if concept in _GROUPS else frozenset()


@cache
def _WEAK_STEMS() -> frozenset[str]:
    return frozenset(stem(word) for word in WEAK)


def number_matches(wanted: str, found: set[str]) -> bool:
    """A number of the criterion in the code: itself, or the name code gives an HTTP status."""
    return wanted in found
