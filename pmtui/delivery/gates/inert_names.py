"""Names the change writes where nothing runs (round 14).

A named technology of the criterion named only on import lines and in what a signature returns (`use argon2::Argon2;`
and `-> Result<String, argon2::password_hash::Error>` over a body that digests with SHA-256) does not do what the word
says; nor does a helper the change imports and never calls (`from werkzeug.utils import secure_filename` above
`name = f.filename`), nor a function that would override a default when nothing calls it and the default is read
directly instead (`cfg_path()` reading `PMX_CONFIG`, `open(DEFAULT_CFG)` below it). Only a term ("Argon2", "CSV")
is judged by where it is named: an ordinary word ("form") is often named only by a type (`e: FormEvent`) of code that
does it. A helper of the project's own left unused is a leftover, not the work; a library's left uncalled is.
"""

from __future__ import annotations

import itertools
import re

from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion, stem

_IMPORT = re.compile(r"^\s*(?:import\s|from\s+[\w.]+\s+import\s|use\s|pub\s+use\s|extern\s+crate\s|#include\b|require\b|"
                     r"(?:const|let|var)\s+[\w{},\s]+=\s*require\(|import\s*\(|\"[\w./-]+\"\s*$)")
_SIGNATURE = re.compile(r"^\s*(?:pub(?:\([\w\s]+\))?\s+|export\s+|async\s+|static\s+|public\s+|private\s+)*"
                        r"(?:fn|def|func|function)\s+(?:\([^)]*\)\s*)?(\w+)")


def _signature_names(line: str) -> str:
    """A signature line without what it returns: `fn prepare(u: NewUser) -> Result<_, argon2::Error>` names the
    library of an error it may pass on, not a call of it; its parameters (`r *csv.Reader`) are what it works on."""
    head = _SIGNATURE.match(line)
    if not head:
        return line
    rest = line[head.end():]
    depth = 0
    for index, char in enumerate(rest):
        depth += char == "("
        depth -= char == ")"
        if depth == 0 and char == ")":
            return line[:head.end()] + rest[:index + 1]
    return line


def _live_text(code: str) -> str:
    """The code without its import lines and without what its signatures return."""
    lines = [line for line in code.splitlines() if not _IMPORT.match(line)]
    return "\n".join(_signature_names(line) for line in lines)


def _imported_names(code: str) -> list[str]:
    names: list[str] = []
    for line in code.splitlines():
        # a library's helper, not the project's own (`from .models`, `from "../src/walks"`, `crate::`): a
        # project function imported and left unused is a leftover, a library's sanitiser left uncalled is the work
        if not _IMPORT.match(line) or line.lstrip().startswith("#include") or re.search(
                r"\bfrom\s+\.|[\"']\.{1,2}/|\b(?:crate|super|self)::", line):
            continue
        tail = re.split(r"\bimport\b|\buse\b", line, maxsplit=1)[-1]
        names += [n for n in re.findall(r"\b([A-Za-z_]\w*)\b(?!\s*::)", tail) if n not in ("as", "self", "crate", "super")]
    return names


def _criterion_stems(criterion: str) -> frozenset[str]:
    words = re.findall(r"[A-Za-z][A-Za-z0-9]*", criterion)
    joined = {stem((a + b).lower()) for a, b in itertools.pairwise(words)}
    concepts = read_criterion(criterion).concepts
    return frozenset(joined).union(*(c.alternatives for c in concepts if c.strong and c.kind in ("word", "term")))


def named_only_where_nothing_runs(criterion: str, file_code: str) -> str:
    """Why a word of the criterion is named by the file only in imports and signature types, or a helper named for it
    is imported and never called; "" otherwise."""
    if not _IMPORT.search(file_code) and not re.search(r"(?m)^\s*(?:use|import|from)\s", file_code):
        return ""
    live = _live_text(file_code)
    live_concepts = code_concepts(live)
    everywhere = code_concepts(file_code)
    for concept in read_criterion(criterion).concepts:
        if not concept.strong or concept.kind != "term":
            continue
        if concept.alternatives & everywhere and not concept.alternatives & live_concepts:
            return f"it names {concept.label} only in its imports and signatures"
    wanted = _criterion_stems(criterion)
    for name in _imported_names(file_code):
        # a helper function (a lower-case name of two words or more) imported and never called
        if not re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+[A-Z]\w*", name):
            continue
        if re.search(rf"\b{re.escape(name)}\b", live):
            continue
        if code_concepts(name) & wanted:
            return f"it imports {name} and never calls it"
    return ""



_DEF = re.compile(r"^\s*(?:pub\s+|export\s+|async\s+)*(?:def|fn|func|function)\s+(\w+)")
_OVERRIDE = re.compile(r"\boverrid|\bcan\s+be\s+(?:set|changed|configured)\b", re.IGNORECASE)
_CONSTANT = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
_SETTING = re.compile(r"\benviron\b|\bgetenv\b|\bGetenv\b|\bLookupEnv\b|\benv::var|\bprocess\.env\b|\bENV\[|"
                      r"\bsettings\.|\bconfig\.get\(")


def override_nobody_calls(criterion: str, unit_code: str, outside: str) -> str:
    """Why a function that lets a setting override a default is no evidence: its file never calls it and reads the
    default directly instead (`cfg_path()` falls back to `DEFAULT_CFG`; `load_cfg` opens `DEFAULT_CFG`); ""
    otherwise. `outside` is the file's code outside the unit, unchanged lines included."""
    if not _OVERRIDE.search(criterion) or not outside:
        return ""
    head = next((m for m in map(_DEF.match, unit_code.splitlines()) if m), None)
    if head is None or re.search(rf"\b{re.escape(head.group(1))}\b", outside):
        return ""
    lines = unit_code[unit_code.find(head.group(0)):].splitlines()
    end = next((n for n, line in enumerate(lines[1:], 1) if _DEF.match(line)), len(lines))
    # the default it falls back to on the line that reads the setting (`environ.get("PMX_CONFIG", DEFAULT_CFG)`)
    falls_back = [re.sub(r"""(["'])(?:(?!\1).)*\1""", "", line) for line in lines[:end] if _SETTING.search(line)]
    for default in dict.fromkeys(_CONSTANT.findall("\n".join(falls_back))):
        reads = [line for line in outside.splitlines() if re.search(rf"\b{default}\b", line)
                 and not re.match(rf"\s*(?:export\s+)?(?:const\s+|let\s+|var\s+|static\s+)?{default}\b\s*[:=]", line)]
        if reads:
            return f"nothing calls {head.group(1)}: its file reads {default} directly"
    return ""
