"""Values the change takes, stores or computes and never uses (round 15).

A word of the criterion named only where nothing reads it is no evidence: a parameter the body never reads
(`def render(body, unsubscribe_url)` that never puts the URL in the email), an attribute stored and never read
(`self.dead_letters = dead_letters` and no `self.dead_letters.put(...)`), a name imported and never used
(`from flask import session` above a body that deletes another cookie), a comment or a docstring. And a condition
computed into a local that nothing reads (`has_more = len(rows) > limit`) decides nothing: the code that should
branch on it does what it did before. Round 13's `unread_names` judges module constants; this reads what is left.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion

_IMPORT = re.compile(r"^\s*(?:import\s|from\s+[\w.]+\s+import\s|use\s|pub\s+use\s|#include\b|require\b|"
                     r"(?:const|let|var)\s+[\w{},\s]+=\s*require\(|import\s*\(|import\s*\{|\"[\w./-]+\"\s*$)")
# the module a name comes from (`from webinars.settings import`, `} from "../api"`): the file's own package, not a name
_FROM_MODULE = re.compile(r"^\s*from\s+[\w.]+\s+import\b|\bfrom\s+[\"'][^\"']*[\"']")
_IMPORT_WORDS = re.compile(r"\b(?:import|from|use|pub|require|as|const|let|var)\b")
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|\*|--)")
_DOCSTRING = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'')
_DEF = re.compile(r"^(\s*(?:export\s+|async\s+|pub\s+|static\s+|public\s+|private\s+)*(?:def|function|func|fn)\s+"
                  r"(?:\([^)]*\)\s*)?\w+\s*)\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_ATTRIBUTE_SET = re.compile(r"^\s*(?:self|this)\.(\w+)\s*(?::\s*[\w\[\], .|]+)?=(?!=)")
_COMPARISON_LOCAL = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?([a-z_][a-z0-9_]*|[a-z][A-Za-z0-9]*)\s*(?::\s*\w+\s*)?"
                               r"(?<![=!<>])=(?!=)\s*(.+?)\s*;?\s*$")
_TESTS = re.compile(r"(?<![=!<>])(?:<=?|>=?|==|!=)(?!=)|\bnot\s|\bin\s|\bis\s|&&|\|\|")


def _param_name(part: str) -> str:
    match = re.match(r"\s*\**\s*([A-Za-z_$][\w$]*)\s*(?:[:=,]|\s+[*\[\]\w.]+\s*$|$)", part)
    return match.group(1) if match and match.group(1) not in ("self", "cls", "this") else ""


def _reads(name: str, text: str) -> int:
    """How many times the text names `name` other than where it is assigned or declared as a parameter."""
    count = 0
    for line in text.splitlines():
        defined = _DEF.match(line)
        if defined:
            line = defined.group(1) + line[defined.end():]
        for found in re.finditer(rf"(?<![\w$]){re.escape(name)}(?![\w$])", line):
            after = line[found.end():]
            before = line[:found.start()]
            if re.match(r"\s*(?::\s*[\w\[\], .|]+)?=(?!=)", after) and not before.strip(" \t").rstrip(".").strip():
                continue
            if re.match(r"\s*(?:self|this)\.$", before.lstrip()) and re.match(r"\s*=(?!=)", after):
                continue
            count += 1
    return count


def live_text(text: str) -> str:
    """The text without imports, comments, docstrings, parameters nothing reads and attributes nothing reads."""
    text = _DOCSTRING.sub("", text)
    lines = [line for line in text.splitlines() if not _IMPORT.match(line) and not _COMMENT.match(line)]
    body = "\n".join(lines)
    # an attribute stored and never read, by an object that reads others of its own (a service, not a record)
    if re.search(r"\b(?:self|this)\.\w+\b(?!\s*=(?!=))", "\n".join(line for line in lines if not _ATTRIBUTE_SET.match(line))):
        lines = [line for line in lines if not ((stored := _ATTRIBUTE_SET.match(line))
                                                and not re.search(rf"\.{re.escape(stored.group(1))}\b(?!\s*=(?!=))", body))]
    body = "\n".join(lines)
    kept: list[str] = []
    for line in lines:
        defined = _DEF.match(line)
        if defined:
            parts = [part for part in defined.group(2).split(",") if not (name := _param_name(part)) or _reads(name, body)]
            line = f"{defined.group(1)}({','.join(parts)}){line[defined.end():]}"
        kept.append(line)
    return "\n".join(kept)


def named_only_where_unused(criterion: str, unit_code: str, outside: str = "") -> str:
    """Why a word of the criterion is named by the unit's file only where nothing reads it, or ""."""
    text = f"{unit_code}\n{outside}"
    # named in code (not only in a comment or a docstring, which judge no behaviour either way)
    lines = [_IMPORT_WORDS.sub(" ", _FROM_MODULE.sub(" ", line)) if _IMPORT.match(line) else line
             for line in _DOCSTRING.sub("", text).splitlines() if not _COMMENT.match(line)]
    everything = code_concepts("\n".join(lines))
    live = code_concepts(live_text(text))
    for concept in read_criterion(criterion).concepts:
        # the word's own stems, not its synonyms ("letter" is also a "character")
        own = frozenset(a for a in concept.alternatives if a in re.sub(r"\W", "", concept.label.lower()))
        # never the subject: `def can_check_in(guest, now)` need not read the guest "guests can check in" names
        if concept.strong and not concept.subject and concept.kind in ("word", "phrase", "term") and own & everything \
                and not own & live:
            return f"it names {concept.label} only where nothing reads it (an import, a parameter, a stored value)"
    return ""


def computed_never_read(unit_code: str, outside: str = "") -> str:
    """Why the unit decides nothing: a local it assigns from a comparison is read nowhere, or ""."""
    text = f"{unit_code}\n{outside}"
    for line in unit_code.splitlines():
        found = _COMPARISON_LOCAL.match(line)
        if not found or not _TESTS.search(found.group(2)) or found.group(2).startswith(("{", "[", "(", "lambda")):
            continue
        if re.search(r"""["'`]""", found.group(2)) or found.group(1) in ("_",):
            continue
        if not _reads(found.group(1), text):
            return f"it computes {found.group(1)} and never reads it"
    return ""


# a keyword argument or an object's option set off: `nullable=False`, `{secure: false}`, `, "required": false`
_ARGUMENT_OFF = re.compile(r"""(?<=[(,{])\s*["']?([A-Za-z_]\w*)["']?\s*[=:]\s*(?:False|false|FALSE)\b""")
_ASKS_OFF = re.compile(r"\b(?:off|disabled?|disables?|false|no|not|never|without|non|deactivated?|unless)\b|n't\b",
                       re.IGNORECASE)


def argument_turned_off(criterion: str, code: str) -> str:
    """Why a word of the criterion is named by the code only as an argument or option it sets off, or "" (never
    where the criterion asks for something off, disabled or not done)."""
    if _ASKS_OFF.search(criterion) or not _ARGUMENT_OFF.search(code):
        return ""
    rest = code_concepts(_ARGUMENT_OFF.sub(" ", code))
    offs = code_concepts(" ".join(_ARGUMENT_OFF.findall(code)))
    for concept in read_criterion(criterion).concepts:
        own = frozenset(a for a in concept.alternatives if a in re.sub(r"\W", "", concept.label.lower()))
        if concept.strong and concept.kind in ("word", "phrase") and own & offs and not concept.alternatives & rest:
            return f"its {concept.label} is an option it turns off"
    return ""
