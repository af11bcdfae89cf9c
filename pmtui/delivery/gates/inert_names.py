"""Names the change writes where nothing runs (round 14).

A word of the criterion named only on import lines and in a signature's types (`use argon2::Argon2;` and
`-> Result<String, argon2::password_hash::Error>` over a body that digests with SHA-256) does not do what the word
says; nor does a helper the change imports and never calls (`from werkzeug.utils import secure_filename` above
`name = f.filename`), nor a function that would override a default when nothing calls it and the default is read
directly instead (`cfg_path()` reading `PMX_CONFIG`, `open(DEFAULT_CFG)` below it).
"""

from __future__ import annotations

import itertools
import re

from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion, stem

_IMPORT = re.compile(r"^\s*(?:import\s|from\s+[\w.]+\s+import\s|use\s|pub\s+use\s|extern\s+crate\s|#include\b|require\b|"
                     r"(?:const|let|var)\s+[\w{},\s]+=\s*require\(|import\s*\(|\"[\w./-]+\"\s*$)")
_SIGNATURE = re.compile(r"^\s*(?:pub(?:\([\w\s]+\))?\s+|export\s+|async\s+|static\s+|public\s+|private\s+)*"
                        r"(?:fn|def|func|function)\s+(?:\([^)]*\)\s*)?(\w+)")
_PARAM_NAME = re.compile(r"[(,]\s*(?:&?\s*mut\s+|\*+)?([A-Za-z_]\w*)\s*(?=[:\s=,)])")


def _signature_names(line: str) -> str:
    """A signature line without its types: the function's name and its parameters' names."""
    head = _SIGNATURE.match(line)
    if not head:
        return line
    rest = line[head.end():]
    depth, params = 0, ""
    for index, char in enumerate(rest):
        depth += char == "("
        depth -= char == ")"
        if depth == 0 and char == ")":
            params = rest[:index + 1]
            break
    return " ".join([head.group(1), *_PARAM_NAME.findall(params)])


def _live_text(code: str) -> str:
    """The code without its import lines and without the types of its signatures."""
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

