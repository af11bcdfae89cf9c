"""What single lines of code do (moved out of change_evidence.py in round 18, at its 800 lines): whether a line is
code or a comment, whether it defines something, whether a command-line flag's value is read, and which added lines
forbid or leave out something the lines they replace did not. change_evidence reads units with these and re-exports
is_code_line, handles_flag and negating_lines.
"""

from __future__ import annotations

import bisect
import re

from pmtui.delivery.gates.code_idioms import query_negations
from pmtui.delivery.gates.vocabulary import code_concepts, idiom_concepts, split_identifier

COMMENT = re.compile(r"^\s*(#(?!include|!)|//|/\*|\*(?!\*?\s*\w+\s*[=(])|--(?!\w)|<!--|;;|%)")
DEFINITION = re.compile(
    r"^\s*(?:export\s+)?(?:default\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:(?:public|private|protected|internal|static|final|"
    r"abstract|override|open|async|suspend|inline|unsafe|extern|const|let|var|val)\s+)*"
    r"(?:def|fn|func|function|fun|class|struct|enum|trait|impl|interface|module|mod|type|object|record|sub)\b"
    r"\s*(?:\([^)]*\)\s*)?(?P<name>[A-Za-z_$][\w$]*)?"
    r"|^\s*(?:export\s+)?(?:const|let|var)\s+(?P<arrow>[A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*=>"
    r"|^\s*(?:(?:public|private|protected|static|final|abstract|synchronized|async)\s+)+[\w<>\[\],\s]*?"
    r"(?P<method>[A-Za-z_]\w*)\s*\([^;]*\)\s*(?:throws [\w.,\s]+)?\{?\s*$"
    r"|^\s*(?P<jsmethod>[A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::\s*[\w<>\[\]|, ]+)?\s*\{\s*$"
)
STRING_LITERAL = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")


def is_code_line(line: str) -> bool:
    """A line that does something: not blank, not only a comment."""
    return bool(line.strip()) and not COMMENT.match(line)


def _flag_name(identifier: str) -> str:
    return "".join(split_identifier(identifier))


_ASSIGNED = re.compile(r"^\s*(?:(?:var|let|const|val|my|local|export)\s+)?\*?([A-Za-z_$][\w$]*)\s*:?=(?!=)|"
                       r"\)\s*([A-Za-z_]\w*)=|&([A-Za-z_]\w*)|\bdest\s*=\s*[\"'](\w+)")


def handles_flag(code: str, flag: str) -> bool:
    """Whether code uses a command-line flag's value on a line that does not declare it.

    `flag` is a long name (`dry-run`, read as dry_run, dryRun, DRY_RUN) or one letter (`v`, read as
    the variable its declaration assigns: `verbose := flag.Bool("v", …)`). A flag that is parsed and
    never read does nothing, so a definition's signature (`def main(quiet)`) is no use of it either.
    """
    escaped = re.escape(flag)
    declaring = re.compile(rf"(?<![\w-])--?{escaped}(?![\w-])|[\"']{escaped}[\"']")
    lines = [line for line in code.splitlines() if is_code_line(line)]
    declarations = [line for line in lines if declaring.search(line)]
    if any(re.search(r"\baction\s*=\s*[\"'](?:version|help)[\"']", line) for line in declarations):
        return True  # argparse prints the version (or the help) itself
    # a name given beside the flag (click's "as_json", argparse's dest=) is the one the code reads
    explicit = {_flag_name(name) for line in declarations
                for name in re.findall(r"[(,]\s*[\"']([A-Za-z_]\w*)[\"']\s*(?=[,)])", line)
                if name != flag and len(name) > 1}
    handles = explicit or ({_flag_name(flag)} if len(flag) > 1 else set())
    for line in declarations:
        for match in _ASSIGNED.finditer(line):
            # the blank identifier (`_ = flag.Bool("dry-run", …)`) is a value thrown away, never read
            handles |= {_flag_name(name) for name in match.groups() if name and name.strip("_")}
    for line in lines:
        if (line in declarations or DEFINITION.match(line) or re.match(r"^\s*@", line)
                or re.match(r"^\s*(?:import|from|use|using|require|#include)\b", line)):
            continue
        bare = STRING_LITERAL.sub('""', line)
        # shell variables are read inside strings too: [ "$DRY_RUN" = 1 ]
        used = re.findall(r"[A-Za-z_$][\w$]*", bare) + re.findall(r"\$\{?([A-Za-z_]\w*)", line)
        if {_flag_name(name.lstrip("$")) for name in used} & handles:
            return True
        if len(flag) == 1 and re.search(rf"\.{escaped}\b", bare):
            return True
    return False
# What forbids, refuses or leaves something out in a line of code.
_NEGATING = re.compile(r"\bnot\b|!==?|!(?=[\w.(\[$*])|<>|\bunless\b|\bcontinue\b|\bexcept\b|\b4\d\d\b|"
                       r"\breturn\s+(?:false|None|null|nil|undefined)\b|"
                       # SQL constraints forbid the rows they exclude: `EXCLUDE USING gist (…)`, `CHECK (fee >= 0)`
                       r"(?-i:\bEXCLUDE\s+USING\b|\bCHECK\s*\()", re.IGNORECASE)
# What a line does that forbids or leaves out (its idioms), and the few words that say it in code:
# a redaction, a hash, a unique constraint, a refusing status. A word such as `disabled` in
# `if user.disabled: log(...)` refuses nothing, so words of the criterion itself do not count.
_NEGATING_IDIOMS = frozenset({"reject", "filter", "unique", "disable", "nonroot", "missing", "exit", "limit", "minimum",
                              "between", "delete", "ignore", "consecutive"})
_NEGATING_WORDS = frozenset({"redact", "hash", "unique", "nonroot", "forbidden", "unauthorized", "badrequest"})


def _negations(line: str) -> set[str]:
    """The ways a line of code forbids or leaves out something (its strings and comments aside)."""
    bare = STRING_LITERAL.sub('""', line)
    bare = re.sub(r"(?:#|//|--\s).*$", "", bare)
    found = {match.lower() for match in _NEGATING.findall(bare)} | query_negations(line)
    return found | (idiom_concepts(bare) & _NEGATING_IDIOMS) | (code_concepts(bare) & _NEGATING_WORDS)


def _line_tokens(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[A-Za-z_$][\w$]*|\d+|[^\s\w]", text))


def negating_lines(added: list[tuple[int, str]], removed: list[tuple[int, str]]) -> set[int]:
    """The added lines that forbid or leave out something the removed line they replace did not.

    The replaced line is the removed line with the same text once negations are taken out, else the
    most alike (by tokens, at least 60 % shared) of the 40 removed lines nearest in number: enough to
    see that `if x.archived` became `if not x.archived`, cheap on a 10,000-line rewrite.
    """
    old = [(number, text, _line_tokens(text)) for number, text in removed if is_code_line(text)]
    by_key: dict[str, set[str]] = {}
    for _, text, _ in old:
        by_key.setdefault(_without_negations(text), set()).update(_negations(text))
    numbers = [number for number, _, _ in old]
    found: set[int] = set()
    for number, text in added:
        if not is_code_line(text):
            continue
        new = _negations(text)
        if not new:
            continue
        best = by_key.get(_without_negations(text))
        if best is None:
            best, best_score = set(), 0.6
            tokens = _line_tokens(text)
            middle = bisect.bisect_left(numbers, number)
            for _, old_text, old_tokens in old[max(0, middle - 20):middle + 20]:
                score = len(tokens & old_tokens) / max(1, len(tokens | old_tokens))
                if score >= best_score:
                    best, best_score = _negations(old_text), score
        if new - best:
            found.add(number)
    return found


def _without_negations(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\bnot\b|!(?!=)|\bunless\b", " ", text)).strip()
