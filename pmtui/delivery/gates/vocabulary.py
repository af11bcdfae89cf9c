"""The words of acceptance criteria and of code, brought to shared concepts for plan alignment.

A criterion says "Deleting a habit removes its history"; the code says `self.history.pop(habit_id)`.
Both are reduced to concepts: words are split (snake_case, camelCase), stemmed ("deleting" and
"delete" meet), and mapped through groups of common synonyms ("remove" ~ "pop" ~ "delete"); code
adds concepts for what its operators and idioms do (`a - b` subtracts, `reverse=True` puts the
newest first, `.casefold()` ignores case). Numbers are kept apart: they must match exactly.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*|\d+(?:\.\d+)?")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:[._]\d+)*)")

STOPWORDS = frozenset(
    ["a", "an", "the", "and", "or", "but", "if", "then", "else", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "there", "their", "they", "them", "he", "she", "we", "you", "your", "our", "my", "me", "i", "can", "could", "should", "would", "will", "shall", "may", "might", "must", "do", "does", "did", "done", "yes", "all", "any", "each", "every", "some", "such", "than", "too", "very", "also", "only", "just", "so", "up", "down", "out", "over", "under", "again", "once", "here", "when", "where", "why", "how", "what", "which", "who", "whom", "whose", "has", "have", "had", "having", "via", "per", "across", "after", "before", "while", "within", "able", "make", "makes", "made", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "like", "e", "g", "eg", "ie", "etc"]
)
# Words a criterion uses that say little about the code: they help pick a location, never decide one.
WEAK = frozenset(
    ["return", "returns", "returned", "give", "gives", "get", "gets", "set", "value", "values", "result", "results", "function", "method", "data", "item", "items", "thing", "things", "work", "works", "handle", "handles", "allow", "allows", "allowed", "support", "supports", "correct", "correctly", "proper", "properly", "valid", "system", "app", "application", "user", "users", "use", "uses", "used", "using", "show", "shows", "shown", "display", "displays", "displayed", "see", "page", "screen", "message", "messages", "text", "always", "never", "not", "no", "cannot", "without", "new", "first", "last", "least", "most", "every", "whole", "instead", "right", "left", "true", "false", "same", "number", "numbers", "time", "times", "want", "need", "needs", "keep", "keeps", "kept", "still", "already", "both", "either", "other", "another", "possible", "available", "ok", "list", "lists"]
)
NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
                "hundred": "100", "thousand": "1000"}
# HTTP status words code uses for the numbers criteria name.
STATUS_NAMES = {"200": ("statusok", "httpok"), "201": ("created",), "204": ("nocontent",),
                "400": ("badrequest",), "401": ("unauthorized",), "403": ("forbidden",), "404": ("notfound",),
                "409": ("conflict",), "422": ("unprocessable",), "429": ("toomanyrequests",),
                "500": ("internalservererror",)}

# Groups of words that mean the same thing in criteria and code (stemmed when loaded).
_GROUPS: dict[str, str] = {
    "delete": "delete remove rm del drop erase destroy purge pop unlink discard clear wipe evict deletion removal",
    "create": "create add new insert make register append build spawn creation",
    "sum": "sum add plus total addition increment accumulate",
    "subtract": "subtract difference minus sub diff deduct decrement subtraction",
    "multiply": "multiply mul product times multiplication",
    "divide": "divide division div quotient ratio truediv floordiv",
    "modulo": "modulo mod remainder even odd",
    "persist": "persist save store write dump serialize database db disk persistence storage",
    "restart": "restart reload reopen relaunch reboot survive load",
    "load": "load read open restore deserialize parse fetch",
    "reject": "reject refuse deny disallow forbid prevent block raise throw error exception invalid fail abort "
              "err failure refusal rejection",
    "unique": "unique duplicate twice distinct dedupe dedup uniqueness contains share",
    "sort": "sort sorted order ordered rank arrange ordering",
    "newest": "newest latest recent descending desc reverse reversed",
    "oldest": "oldest earliest ascending asc",
    "caseless": "caseless lower lowercase casefold ignorecase insensitive nocase ilike tolowercase",
    "hash": "hash hashed digest bcrypt argon2 scrypt pbkdf2 sha256 sha512 encrypt encrypted hashlib crypt "
            "plaintext cleartext",
    "header": "header headers heading writeheader fieldnames columns",
    "search": "search find query lookup filter match look",
    "filter": "filter exclude excluded hide hidden only skip",
    "show": "show display render print view output present visible",
    "suppress": "suppress quiet silent silence mute hide skip disable",
    "current": "current now today present",
    "timestamp": "timestamp datetime time date clock",
    "utc": "utc timezone tz zulu",
    "logout": "logout signout logoff",
    "login": "login signin authenticate logon",
    "register": "register signup enroll",
    "session": "session sessionid",
    "disable": "disable disabled inactive readonly",
    "wait": "wait delay debounce sleep timeout settimeout pause backoff throttle",
    "backoff": "backoff delay sleep wait",
    "exponential": "exponential exponent pow power",
    "retry": "retry retries retried attempt attempts again",
    "average": "average mean avg fmean",
    "decimal": "decimal decimals round rounded precision places",
    "empty": "empty blank isempty isblank",
    "none": "none null nil undefined",
    "limit": "limit max maximum cap ceiling most",
    "minimum": "min minimum floor least",
    "between": "between clamp range within bound bounds",
    "size": "size length len bytes",
    "megabyte": "mb megabyte megabytes 1024",
    "archive": "archive archives tar tgz zip backup snapshot",
    "surname": "surname lastname familyname last",
    "count": "count counter len length tally increment",
    "index": "index idx indexes indices",
    "keystroke": "keystroke keypress keydown keyup input typing",
    "consecutive": "consecutive streak row contiguous successive",
    "email": "email mail address",
    "calculator": "calculator calc calculate calculation",
    "price": "price cost amount",
    "tax": "tax vat",
    "port": "port",
    "config": "config configuration setting settings option options conf",
    "environment": "environment env environ getenv",
    "log": "log logging logger",
    "health": "health healthz healthcheck",
    "unicode": "unicode utf8 rune runes multibyte",
    "reverse": "reverse reversed backwards",
    "underline": "underline underlined",
    "hover": "hover mouseover",
    "page": "page paginate pagination pagesize",
    "join": "join concat concatenate combine",
    "trim": "trim strip whitespace",
    "lowercase": "lowercase lower casefold tolowercase",
    "hyphen": "hyphen hyphens hyphenate dash slug",
    "word": "word words token tokens",
    "punctuation": "punctuation punct",
    "active": "active enabled live",
    "archived": "archived archive",
    "customer": "customer client",
    "client": "client ip clientip",
    "request": "request requests req call calls",
    "minute": "minute minutes min",
    "choose": "choose pick select set configure",
    "reminder": "reminder remind notify notification",
    "daily": "daily day",
    "rating": "rating ratings stars score",
    "finish": "finish finished done complete completed",
    "reopen": "reopen undo uncomplete",
    "upload": "upload uploads send",
    "file": "file files open fopen path handle fs",
    "missing": "missing unknown absent nonexistent notfound nonexisting",
    "character": "character characters char chars rune runes letter letters glyph",
    "crash": "crash crashes exception except catch rescue recover panic",
    "link": "link links anchor href hyperlink",
    "inline": "inline field beside",
    "exceed": "exceed larger greater over above",
}
# Multi-word phrases of criteria, read as one concept before the words are split.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), concept)
    for pattern, concept in (
        (r"\bcase[- ]?insensitive(?:ly)?\b|\bignor\w* (?:the )?case\b|\bregardless of (?:the )?case\b", "caseless"),
        (r"\bplain[- ]?text\b|\bclear[- ]?text\b|\bin the clear\b", "hash"),
        (r"\b(?:newest|latest|most recent)(?: ones?)? first\b|\breverse chronological\b", "newest"),
        (r"\boldest(?: ones?)? first\b|\bchronological order\b", "oldest"),
        (r"\blog(?:s|ging|ged)? ?out\b|\bsign(?:s|ing|ed)? ?out\b", "logout"),
        (r"\blog(?:s|ging|ged)? ?in\b|\bsign(?:s|ing|ed)? ?in\b", "login"),
        (r"\bsign(?:s|ing|ed)? ?up\b", "register"),
        (r"\bmulti[- ]?byte\b", "unicode"),
        (r"\bdark (?:mode|theme)\b", "dark"),
        (r"\bheader row\b", "header"),
        (r"\bup to\b|\bat most\b|\bno more than\b", "limit"),
        (r"\bat least\b", "minimum"),
        (r"\bper page\b", "page"),
        (r"\bhealth ?check\b", "health"),
    )
)


def stem(word: str) -> str:
    """A light stemmer: plurals, -ing, -ed, -ly and a trailing e go, doubled consonants are undoubled."""
    word = word.lower()
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, replacement in (("ies", "y"), ("ied", "y"), ("sses", "ss"), ("ingly", ""), ("edly", ""),
                                ("ing", ""), ("ed", ""), ("ers", ""), ("er", ""), ("ly", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                continue
            if suffix == "es" and not word.endswith(("ches", "shes", "xes", "sses", "zes")):
                continue
            word = word[: -len(suffix)] + replacement
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


@cache
def _group_index() -> dict[str, frozenset[str]]:
    index: dict[str, set[str]] = {}
    for concept, members in _GROUPS.items():
        for member in [concept, *members.split()]:
            index.setdefault(stem(member), set()).add(concept)
    return {word: frozenset(groups) for word, groups in index.items()}


def concepts_of_word(word: str) -> frozenset[str]:
    """The word's stem and every synonym group it belongs to."""
    stemmed = stem(word)
    return frozenset({stemmed, *_group_index().get(stemmed, ())})


def split_identifier(raw: str) -> list[str]:
    """`saveHabitHistory`, `save_habit_history`, `SAVE-HABIT` → save, habit, history (lower case)."""
    parts: list[str] = []
    for chunk in re.split(r"[_\-]+", raw):
        parts.extend(piece.lower() for piece in _CAMEL.sub(" ", chunk).split() if piece)
    return parts


def words(text: str) -> list[str]:
    """Every word of a text, identifiers split, in order (numbers included)."""
    found: list[str] = []
    for raw in _WORD.findall(text):
        if raw[0].isdigit():
            found.append(raw)
            continue
        found.extend(split_identifier(raw))
    return found


def code_concepts(text: str) -> set[str]:
    """Concepts of code text: its words, their stems and groups, joined pairs (`NOT_FOUND` → notfound)."""
    found: set[str] = set()
    for raw in _WORD.findall(text):
        if raw[0].isdigit():
            continue
        parts = split_identifier(raw)
        for part in parts:
            found |= concepts_of_word(part)
        for first, second in itertools.pairwise(parts):
            found |= concepts_of_word(first + second)
        if len(parts) > 1:
            found |= concepts_of_word("".join(parts))
    return found


def numbers_in(text: str) -> set[str]:
    """Number literals in a text (`10_000` → 10000, `.2f` → 2, `90s` → 90)."""
    found = {match.replace("_", "") for match in _NUMBER.findall(text)}
    found |= set(re.findall(r"(?<=[.:])(\d+)(?=[a-zA-Z%])", text))
    found |= set(re.findall(r"(\d+)(?=[a-zA-Z])", text))
    # `tail -n +8` keeps everything after the first 7 lines.
    found |= {str(int(n) - 1) for n in re.findall(r"\btail\s+-n\s*\+(\d+)", text)}
    return {n.rstrip("0").rstrip(".") if "." in n else n for n in found}


# -- code idioms: what an operator or a call does -----------------------------------------------------
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")
_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), concept)
    for pattern, concept in (
        (r"[\w)\]]\s*-\s*[\w(]", "subtract"),
        (r"[\w)\]]\s*\+\s*[\w(]", "sum"),
        (r"[\w)\]]\s*\*\s*[\w(]", "multiply"),
        (r"[\w)\]]\s*//?\s*[\w(]", "divide"),
        (r"[\w)\]]\s*%\s*[\w(]", "modulo"),
        (r"\*\*|<<|\bMath\.pow\b|\bpow\(", "exponential"),
        (r"\breverse\s*=\s*True\b|\bDESC\b|\.reverse\(\)|order_by\(\s*['\"]-|\bb\s*-\s*a\b|\bsort\w*\([^)]*-", "newest"),
        ((r"\.(?:lower|casefold|toLowerCase|toLocaleLowerCase|lowercase|downcase)\(|\bre\.I(?:GNORECASE)?\b|"
          r"\bILIKE\b|\bNOCASE\b|EqualFold|eq_ignore_ascii_case|equalsIgnoreCase"), "caseless"),
        ((r"\bif\s+not\s+[\w.]+|==\s*(?:''|\"\")|\blen\([^)]*\)\s*==\s*0\b|\.isEmpty\(|\.isBlank\(|\.is_empty\(|"
          r"!\s*[\w.]+\.length\b|\bstrip\(\)\s*(?:==|\)|:)"), "empty"),
        ((r"\bif\b[^#\n]*\bnot in\b|\bif\b[^#\n]*\bin\b|\bUNIQUE\b|\bset\(|\bnew Set\(|\.has\(|\.includes\(|"
          r"\bcontains(?:Key)?\(|\bexists\("), "unique"),
        (r"\bwhile\b|\bfor\b|\bloop\b", "loop"),
        (r"\braise\b|\bthrow\b|\bErr\(|\berrors?\.New\(|\babort\(|\breturn\s+Err\w*|panic\(", "reject"),
        (r"\bdisabled\s*=", "disable"),
        (r"\bmin\(|\bmax\(|\bMath\.(?:min|max)\(|\.clamp\(", "between"),
        (r"\bmax\(|\bMath\.max\(|>\s*\w*MAX|\w*MAX\w*\s*<", "limit"),
        (r"\bprint\(|console\.log|\becho\b|\bputs\b|fmt\.Print", "show"),
        (r"\bsetTimeout\(|\bsleep\(|time\.sleep|\bdebounce\b", "wait"),
        (r"\bfilter\(|\.filter\(|\bif\b.*\bfor\b|\bfor\b.*\bif\b|\bWHERE\b", "filter"),
        (r"\bdelete_cookie\(|\.pop\(|\bdel\s|\bdelete\(|\.remove\(|\bDROP\b|\brm\b", "delete"),
        (r"\bCREATE\b|\.append\(|\.push\(|\.add\(|\bINSERT\b", "create"),
        (r"\btail\s+-n\s+\+\d+|\bhead\s+-n\b|\[-?\d*:-?\d*\]|\.slice\(", "limit"),
        (r"\bstatus(?:_code)?\s*=\s*\d{3}|\bWriteHeader\(", "status"),
        (r"\w\]\s*=[^=]|\.append\(|\.insert\(|\.push\(|\.setdefault\(|\.put\(|\.save\(|\bINSERT\b|\.set\(",
         "persist"),
        (r"\+=\s*1\b|\+\+|\bincrement", "count"),
        (r"\bnot in\b|!\s*[\w.]+\.(?:has|includes|containsKey)\(|\bis None\b|!ok\b|\bok\s*\{", "missing"),
        (r"\bjoin\(", "join"),
        (r"\bsorted\(|\.sort\(|\bORDER BY\b|\bsort_by\b|\bsortBy\b", "sort"),
    )
)


# Idioms that live inside string literals too (format specifications).
_RAW_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r":\.\d+f\b|\.toFixed\(|\bround\(|%\.\d+f\b|\{:\.\d+\}"), "decimal"),
)


def idiom_concepts(code_line: str) -> set[str]:
    """Concepts of what a line of code does, from its operators and idioms (string literals left out)."""
    bare = _STRING.sub('""', code_line)
    found = {concept for pattern, concept in _IDIOMS if pattern.search(bare)}
    found |= {concept for pattern, concept in _RAW_IDIOMS if pattern.search(code_line)}
    return found


# -- criteria -------------------------------------------------------------------------------------------
class Concept:
    """One thing a criterion asks for: the alternatives that satisfy it, and whether it decides."""

    __slots__ = ("alternatives", "label", "number", "strong")

    def __init__(self, label: str, alternatives: frozenset[str], *, strong: bool, number: bool = False) -> None:
        self.label = label
        self.alternatives = alternatives
        self.strong = strong
        self.number = number

    def __repr__(self) -> str:
        return f"Concept({self.label!r}, strong={self.strong})"


# Nouns after a spelled-out number that make it a quantity the code must state ("two decimals").
_UNIT_NOUNS = frozenset(stem(word) for word in ["decimal", "decimals", "digit", "digits", "place", "places", "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years", "time", "times", "attempt", "attempts", "retry", "retries", "character", "characters", "item", "items", "result", "results", "row", "rows", "page", "pages", "request", "requests", "archive", "archives", "level", "levels"])


def criterion_concepts(criterion: str) -> list[Concept]:
    """The concepts a criterion asks for, in order: phrases, code spans, words and numbers.

    A word that shares a synonym group with an earlier one adds nothing ("delete … remove" is one
    concept); a spelled-out number decides only before a unit ("two decimals", not "two numbers").
    """
    text = criterion
    concepts: list[Concept] = []
    seen: set[str] = set()
    seen_groups: set[str] = set()

    def add(label: str, alternatives: frozenset[str], *, strong: bool, number: bool = False) -> None:
        key = "n:" + label if number else label
        groups = alternatives & _GROUP_NAMES if not number else frozenset()
        if key in seen or (groups and groups <= seen_groups) or (not number and alternatives & seen):
            return
        seen.add(key)
        if not number:
            seen.update(a for a in alternatives if a not in _GROUP_NAMES)
        seen_groups.update(groups)
        concepts.append(Concept(label, alternatives, strong=strong, number=number))

    for pattern, concept in _PHRASES:
        if pattern.search(text):
            add(concept, frozenset({concept, stem(concept)}) | _group_alternatives(concept), strong=True)
            text = pattern.sub(" ", text)
    text = re.sub(r"\[\s*\]|\(\s*\)|\{\s*\}|\"\"|''", " empty ", text)
    for match in re.finditer(r"\b([A-Za-z]{2,})-([A-Za-z]{2,})\b", text):
        first, second = match.group(1).lower(), match.group(2).lower()
        alternatives = concepts_of_word(first + second)
        for part in (first, second):
            if part not in STOPWORDS and len(part) >= 3:
                alternatives |= concepts_of_word(part)
        add(first + second, alternatives, strong=not {first, second} <= WEAK)
    text = re.sub(r"\b[A-Za-z]{2,}-[A-Za-z]{2,}\b", " ", text)
    tokens = _WORD.findall(text.replace("_", " ").replace("-", " "))
    for index, raw in enumerate(tokens):
        lowered = raw.lower()
        if lowered in NUMBER_WORDS:
            number = NUMBER_WORDS[lowered]
            following = stem(tokens[index + 1]) if index + 1 < len(tokens) else ""
            add(number, frozenset({number}), strong=int(number) >= 2 and following in _UNIT_NOUNS, number=True)
            continue
        if raw[0].isdigit():
            value = raw.rstrip("0").rstrip(".") if "." in raw else raw
            add(value, frozenset({value}), strong=float(raw) >= 2, number=True)
            continue
        if lowered in STOPWORDS or len(raw) < 3:
            continue
        for part in split_identifier(raw):
            if part in STOPWORDS or len(part) < 3:
                continue
            add(part, concepts_of_word(part), strong=part not in WEAK and stem(part) not in _WEAK_STEMS())
    return concepts


_GROUP_NAMES = frozenset(_GROUPS)


def _group_alternatives(concept: str) -> frozenset[str]:
    return frozenset({concept}) if concept in _GROUPS else frozenset()


@cache
def _WEAK_STEMS() -> frozenset[str]:
    return frozenset(stem(word) for word in WEAK)


def number_matches(wanted: str, found: set[str]) -> bool:
    """A number of the criterion in the code: itself, or the name code gives an HTTP status."""
    return wanted in found
