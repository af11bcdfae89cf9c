"""Mutation probe: does the plan-alignment matcher notice a correct change's deciding condition turned the other way?

For each correct case of the criteria corpus that the matcher maps, the probe makes wrong twins by turning the
condition next to the line the criterion is mapped to (that line, or the first of the next five lines of the same
file with a comparison):

- negate: the comparison's complement (`>` ↔ `<=`, `>=` ↔ `<`, `==` ↔ `!=`; shell `-gt` ↔ `-le`, `-ge` ↔ `-lt`);
- mirror: the comparison turned round (`>` ↔ `<`, `>=` ↔ `<=`; shell `-gt` ↔ `-lt`, `-ge` ↔ `-le`);
- not: a Python/Ruby `not ` or a C-family `!` before a call or name in the condition dropped, or added;
- order: an SQL `ASC` ↔ `DESC` on the mapped line or the next five;
- swap: the two branches' answers swapped: a ternary's `? a : b`, or `if …: return a` followed by `return b`.

Each twin is measured as a wrong change: one that still maps is a false pass of this class, unless the flip left the
behaviour the criterion asks for unchanged (a loop bound, a tag); the list is printed so a reader can tell. The
mutants are not in the corpus: they probe, and the figure is a class's size, not a held-out measurement.

    .venv/bin/python bench/criteria_mutants.py [--set tuned|heldout|...|all] [--kind negate,mirror,not,order,swap] [-v]
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.criteria_corpus.corpus import SETS, Case, load, run_case

_NEGATE = {">": "<=", "<=": ">", ">=": "<", "<": ">=", "==": "!=", "!=": "==", "===": "!==", "!==": "===",
           "-gt": "-le", "-le": "-gt", "-ge": "-lt", "-lt": "-ge", "-eq": "-ne", "-ne": "-eq"}
_MIRROR = {">": "<", "<": ">", ">=": "<=", "<=": ">=", "-gt": "-lt", "-lt": "-gt", "-ge": "-le", "-le": "-ge"}
# an operator with a space either side (so `->`, `=>`, `<T>`, `<?php`, `<div>` and `<<` are left alone)
_OPERATOR = re.compile(r"(?<=\s)(===|!==|==|!=|>=|<=|>|<|-gt|-ge|-lt|-le|-eq|-ne)(?=\s)")
_STRINGS = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|\*|--)")
_NOT = re.compile(r"(?<![\w!])(not\s+|!)(?=[A-Za-z_(])")
_CONDITION_LINE = re.compile(r"\b(?:if|elif|elsif|unless|while|when|where|WHERE|filter|select|return|and|or)\b|&&|\|\||\?")
_ORDER = re.compile(r"\b(ASC|DESC)\b", re.IGNORECASE)


def _masked(line: str) -> str:
    """The line with its string literals blanked to spaces of the same length (an operator inside one is text)."""
    return _STRINGS.sub(lambda m: " " * len(m.group(0)), line)


def _flip_operator(line: str, table: dict[str, str]) -> str | None:
    if _COMMENT.match(line):
        return None
    for match in _OPERATOR.finditer(_masked(line)):
        if match.group(1) in table:
            return line[:match.start()] + table[match.group(1)] + line[match.end():]
    return None


def _flip_not(line: str) -> str | None:
    if _COMMENT.match(line) or not _CONDITION_LINE.search(line):
        return None
    masked = _masked(line)
    match = _NOT.search(masked)
    if match:
        return line[:match.start()] + line[match.end():]
    # add one: `if cond:` → `if not cond:`; `if (cond)` → `if (!(cond))`
    python = re.match(r"(\s*(?:if|elif|while)\s+)(.+?)(:\s*)$", masked)
    if python:
        return line[:python.end(1)] + "not (" + line[python.end(1):python.start(3)] + ")" + line[python.start(3):]
    braces = re.match(r"(\s*(?:\}\s*else\s+)?if\s*\()(.*)(\)\s*\{?\s*)$", masked)
    if braces:
        return line[:braces.end(1)] + "!(" + line[braces.end(1):braces.start(3)] + ")" + line[braces.start(3):]
    return None


def _flip_order(line: str) -> str | None:
    match = _ORDER.search(_masked(line))
    if not match or _COMMENT.match(line):
        return None
    swapped = {"asc": "DESC", "desc": "ASC"}[match.group(1).lower()]
    return line[:match.start()] + swapped + line[match.end():]


_KINDS = {"negate": lambda line: _flip_operator(line, _NEGATE), "mirror": lambda line: _flip_operator(line, _MIRROR),
          "not": _flip_not, "order": _flip_order}
_TERNARY = re.compile(r"\?\s*([^:?]+?)\s*:\s*([^;,)}\n]+?)\s*(?=[;,)}]|$)")
_RETURN = re.compile(r"^(\s*)return\s+(.+?)(;?)\s*$")


def _swap(lines: list[str], start: int) -> tuple[int, list[str]] | None:
    """The lines with the first pair of branch answers at or after `start` swapped, and where, or None."""
    for index in range(start, min(len(lines), start + 6)):
        line = lines[index]
        if _COMMENT.match(line):
            continue
        # strings masked with a character that is no space, so a string answer is taken whole (a space mask cut
        # `? ", returned" : ", not yet returned"` to one character of each and swapped their quotes)
        ternary = _TERNARY.search(_STRINGS.sub(lambda m: "_" * len(m.group(0)), line))
        if ternary and "?" in _masked(line) and not line.lstrip().startswith(("<", "{")):
            a, b = ternary.span(1), ternary.span(2)
            swapped = line[:a[0]] + line[b[0]:b[1]] + line[a[1]:b[0]] + line[a[0]:a[1]] + line[b[1]:]
            return index, [*lines[:index], swapped, *lines[index + 1:]]
        if re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if)\b", line):
            indent = len(line) - len(line.lstrip())
            inner = next((j for j in range(index + 1, min(len(lines), index + 4)) if _RETURN.match(lines[j])), None)
            outer = next((j for j in range((inner or index) + 1, min(len(lines), index + 7))
                          if _RETURN.match(lines[j]) and len(lines[j]) - len(lines[j].lstrip()) <= indent), None)
            if inner is not None and outer is not None:
                first, second = _RETURN.match(lines[inner]), _RETURN.match(lines[outer])
                assert first and second
                if first.group(2) == second.group(2):
                    continue
                changed = list(lines)
                changed[inner] = f"{first.group(1)}return {second.group(2)}{first.group(3)}"
                changed[outer] = f"{second.group(1)}return {first.group(2)}{second.group(3)}"
                return inner, changed
    return None


def mutants(case: Case, location: str, kinds: list[str]) -> list[tuple[str, Case]]:
    """(kind, wrong twin) for each kind that finds something to turn near the mapped line."""
    path, _, number = location.rpartition(":")
    if path not in case.after or not number.isdigit():
        return []
    lines = case.after[path].splitlines()
    start = int(number) - 1
    made: list[tuple[str, Case]] = []
    if "swap" in kinds and (found := _swap(lines, start)) is not None:
        index, changed = found
        twin = copy.deepcopy(case)
        twin.id = f"{case.id}~swap"
        twin.expect = "fail"
        twin.after[path] = "\n".join(changed) + "\n"
        twin.why = f"{path}:{index + 1}: the branches' answers swapped ({lines[index].strip()!r})"
        made.append(("swap", twin))
    for kind in (k for k in kinds if k != "swap"):
        for index in range(start, min(len(lines), start + 6)):
            flipped = _KINDS[kind](lines[index])
            if flipped is not None and flipped != lines[index]:
                twin = copy.deepcopy(case)
                twin.id = f"{case.id}~{kind}"
                twin.expect = "fail"
                twin.after[path] = "\n".join([*lines[:index], flipped, *lines[index + 1:]]) + "\n"
                twin.why = f"{path}:{index + 1}: {lines[index].strip()!r} → {flipped.strip()!r}"
                made.append((kind, twin))
                break
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--kind", default="negate,mirror,not,order,swap",
                        help="comma-separated: negate, mirror, not, order, swap")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every mutant that still maps")
    args = parser.parse_args()
    kinds = [k for k in args.kind.split(",") if k]
    unknown = set(kinds) - {*_KINDS, "swap"}
    if unknown:
        parser.error(f"unknown kind(s): {', '.join(sorted(unknown))}")
    names = SETS if args.set == "all" else (args.set,)
    made: Counter[str] = Counter()
    mapped: Counter[str] = Counter()
    still: list[str] = []
    with tempfile.TemporaryDirectory(prefix="pmtui-mutants-") as folder:
        root = Path(folder)
        for name in names:
            for case in load(name):
                if case.expect != "pass":
                    continue
                outcome = run_case(case, root / name / case.id)
                if outcome.location is None:
                    continue
                for kind, twin in mutants(case, outcome.location, kinds):
                    made[kind] += 1
                    result = run_case(twin, root / name / twin.id.replace("~", "-"))
                    if result.location is not None:
                        mapped[kind] += 1
                        still.append(f"{name} {twin.id}: {twin.why} → {result.location}")
    print("| kind | mutants | still mapped |")
    print("|---|---|---|")
    for kind in kinds:
        print(f"| {kind} | {made[kind]} | {mapped[kind]} |")
    print(f"| all | {sum(made.values())} | {sum(mapped.values())} |")
    if args.verbose:
        print()
        print("\n".join(still))
    return 0


if __name__ == "__main__":
    sys.exit(main())
