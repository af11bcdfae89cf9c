"""What a change does, as evidence that acceptance criteria can be matched against.

A change is read as units: the functions, methods and classes its added code lines fall in (found
with `ast` for Python, by definition lines and indentation for other languages), the module-level
code it adds, and for files without definitions (configuration, SQL, CSS, shell) the added lines
with the lines that head them (a YAML key's parents, a TOML table, a CSS selector). Each unit
carries the concepts of its whole text and of the tests the change adds that call it; tests are
units too (their names and assertions say what they exercise). Prose (Markdown, text) and lines
that are only comments never make a unit: a promise is not an implementation.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

from pmtui.delivery.gates.vocabulary import (
    code_concepts,
    idiom_concepts,
    numbers_in,
    stem,
    words,
)

PROSE_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".txt", ".adoc", ".org"})
_COMMENT = re.compile(r"^\s*(#(?!include|!)|//|/\*|\*(?!\*?\s*\w+\s*[=(])|--(?!\w)|<!--|;;|%)")
_TEST_PATH = re.compile(
    r"(^|/)(tests?|__tests__|spec)/|(^|/)test_[^/]+$|_test\.[A-Za-z]+$|\.(test|spec)\.[A-Za-z]+$|(^|/)conftest\.py$"
)
_DEFINITION = re.compile(
    r"^\s*(?:export\s+)?(?:default\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:(?:public|private|protected|internal|static|final|"
    r"abstract|override|open|async|suspend|inline|unsafe|extern|const|let|var|val)\s+)*"
    r"(?:def|fn|func|function|fun|class|struct|enum|trait|impl|interface|module|mod|type|object|record)\b"
    r"\s*(?:\([^)]*\)\s*)?(?P<name>[A-Za-z_$][\w$]*)?"
    r"|^\s*(?:export\s+)?(?:const|let|var)\s+(?P<arrow>[A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*=>"
    r"|^\s*(?:(?:public|private|protected|static|final|abstract|synchronized|async)\s+)+[\w<>\[\],\s]*?"
    r"(?P<method>[A-Za-z_]\w*)\s*\([^;]*\)\s*(?:throws [\w.,\s]+)?\{?\s*$"
    r"|^\s*(?P<jsmethod>[A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::\s*[\w<>\[\]|, ]+)?\s*\{\s*$"
)
_JS_TEST = re.compile(r"^\s*(?:it|test|describe)\s*\(\s*(['\"`])(?P<name>.+?)\1")
_RUST_TEST_ATTR = re.compile(r"^\s*#\[(?:tokio::)?test\]")
_HEAD = re.compile(r"^\s*(\[[^\]]+\]|[\w.\-\"' ]+:\s*(?:#.*)?$|[^{}]+\{\s*$|<\w[^>]*>\s*$|-\s+\w+:)")
_SKIP_BLOCK_LANG = frozenset({".json", ".lock"})
_MARKUP = frozenset({".css", ".scss", ".sass", ".less", ".html", ".htm", ".jsx", ".tsx", ".vue", ".svelte"})
# HTML elements whose one-letter names say what they are.
_ELEMENTS = ((re.compile(r"(?<![\w-])a(?=\s*[:.,{\[>#)]|\s*$)|<a\b"), "link"),
             (re.compile(r"(?<![\w-])p(?=\s*[:.,{\[>#]|\s*$)|<p\b"), "paragraph"),
             (re.compile(r"(?<![\w-])(?:ul|ol)(?=\s*[:.,{\[>#]|\s*$)|<[uo]l\b"), "list"))


@dataclass
class Unit:
    """A piece of the change: a function, class, test, module-level block or configuration block."""

    path: str
    name: str
    start: int
    end: int
    kind: str  # "code", "test" or "config"
    added: list[int] = field(default_factory=list)
    text: str = ""
    concepts: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    calls: set[str] = field(default_factory=set)
    tokens: set[str] = field(default_factory=set)
    linked_tests: list[str] = field(default_factory=list)

    @property
    def location(self) -> str:
        return f"{self.path}:{self.added[0] if self.added else self.start}"


def is_test_file(path: str) -> bool:
    return bool(_TEST_PATH.search(path))


def is_code_line(line: str) -> bool:
    """A line that does something: not blank, not only a comment."""
    return bool(line.strip()) and not _COMMENT.match(line)


def _indent(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip())


def _python_units(path: str, source: str) -> list[tuple[str, int, int, bool]] | None:
    """(name, first line, last line, is_test) of every function and class; None when it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    found: list[tuple[str, int, int, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            end = node.end_lineno or node.lineno
            test = node.name.startswith(("test", "Test")) and (is_test_file(path) or node.name.startswith("test_"))
            found.append((node.name, start, end, test))
    return found


def _docstring_lines(source: str) -> set[int]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def _generic_units(path: str, lines: list[str]) -> list[tuple[str, int, int, bool]]:
    """Definitions found by their first line; each runs while the lines below are indented deeper."""
    found: list[tuple[str, int, int, bool]] = []
    test_file = is_test_file(path)
    rust_test_next = False
    for index, line in enumerate(lines):
        if _RUST_TEST_ATTR.match(line):
            rust_test_next = True
            continue
        js_test = _JS_TEST.match(line)
        match = None if js_test else _DEFINITION.match(line)
        if js_test:
            name = js_test.group("name")
        elif match is not None and any(match.group(g) for g in ("name", "arrow", "method", "jsmethod")):
            name = next(match.group(g) for g in ("name", "arrow", "method", "jsmethod") if match.group(g))
            if name in {"if", "for", "while", "switch", "catch", "return", "function"}:
                continue
        else:
            continue
        base = _indent(line)
        end = index
        for later in range(index + 1, len(lines)):
            text = lines[later]
            if not text.strip():
                continue
            if _indent(text) > base:
                end = later
                continue
            if _indent(text) == base and re.match(r"^\s*(\}|\)|end\b|\]|\}\)|\);)", text):
                end = later
            break
        is_test = bool(js_test) or rust_test_next or (test_file and name.lower().startswith("test"))
        rust_test_next = False
        found.append((name, index + 1, end + 1, is_test))
    return found


def _heads(lines: list[str], number: int) -> list[int]:
    """The lines that head line `number` (1-based): each nearest line above it with a smaller indent."""
    heads: list[int] = []
    current = _indent(lines[number - 1])
    for index in range(number - 2, -1, -1):
        line = lines[index]
        if not line.strip():
            continue
        indent = _indent(line)
        if indent < current or (indent == 0 and re.match(r"^\s*\[", line)):
            heads.append(index + 1)
            current = indent
            if indent == 0:
                break
    return heads


def _read(root: Path, path: str) -> list[str] | None:
    try:
        return (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None


def _fill(unit: Unit, body: list[str], number_text: str) -> None:
    """The unit's concepts (its text, the idioms of its code lines, its path), numbers, calls and raw words."""
    unit.text = "\n".join(body)
    unit.concepts = code_concepts(unit.text) | code_concepts(unit.name)
    for line in body:
        if is_code_line(line):
            unit.concepts |= idiom_concepts(line)
    if Path(unit.path).suffix.lower() in _MARKUP:
        unit.concepts |= {concept for pattern, concept in _ELEMENTS if pattern.search(unit.text)}
    unit.numbers = numbers_in(number_text)
    unit.calls = {m.group(1) for m in re.finditer(r"([A-Za-z_$][\w$]*)\s*\(", unit.text)}
    unit.concepts |= code_concepts(re.sub(r"\.[A-Za-z0-9]+$", "", unit.path).replace("/", " "))
    unit.tokens = {stem(word) for word in words(unit.text) if len(word) >= 7}


def _unit_concepts(unit: Unit, lines: list[str]) -> None:
    body = lines[unit.start - 1:unit.end]
    _fill(unit, body, "\n".join(body))


def change_units(added_lines: dict[str, list[tuple[int, str]]], present: list[str], root: Path) -> list[Unit]:
    """The units the change touches with added code lines, test units linked to the code they call."""
    units: list[Unit] = []
    for path, added in added_lines.items():
        suffix = Path(path).suffix.lower()
        if path not in present or suffix in PROSE_SUFFIXES or suffix in _SKIP_BLOCK_LANG:
            continue
        lines = _read(root, path)
        if lines is None:
            lines = []
            for number, text in added:
                while len(lines) < number:
                    lines.append("")
                lines[number - 1] = text
        docstrings = _docstring_lines("\n".join(lines)) if suffix == ".py" else set()
        code_lines = [n for n, text in added if is_code_line(text) and n not in docstrings and n <= len(lines)]
        if not code_lines:
            continue
        spans = _python_units(path, "\n".join(lines)) if suffix == ".py" else None
        if spans is None:
            spans = _generic_units(path, lines)
        test_file = is_test_file(path)
        covered: set[int] = set()
        for name, start, end, is_test in sorted(spans, key=lambda s: s[2] - s[1]):
            touched = [n for n in code_lines if start <= n <= end and n not in covered]
            if not touched:
                continue
            covered.update(touched)
            kind = "test" if is_test or (test_file and name.lower().startswith("test")) else "code"
            unit = Unit(path=path, name=name, start=start, end=end, kind=kind, added=touched)
            _unit_concepts(unit, lines)
            units.append(unit)
        loose = [n for n in code_lines if n not in covered]
        if loose:
            units.extend(_loose_units(path, lines, loose, config=not spans, test=test_file))
    _link_tests(units)
    return units + _file_scopes(units)


def _file_scopes(units: list[Unit]) -> list[Unit]:
    """One more unit per file whose change spans several pieces of code: a behaviour such as "persists
    across restarts" lives in two functions (save and load) of the same module."""
    scopes: list[Unit] = []
    by_path: dict[str, list[Unit]] = {}
    for unit in units:
        if unit.kind == "code":
            by_path.setdefault(unit.path, []).append(unit)
    for path, parts in by_path.items():
        if len(parts) < 2:
            continue
        scope = Unit(path=path, name=Path(path).name, start=min(u.start for u in parts),
                     end=max(u.end for u in parts), kind="code",
                     added=sorted({n for u in parts for n in u.added}))
        for part in parts:
            scope.concepts |= part.concepts
            scope.numbers |= part.numbers
            scope.tokens |= part.tokens
            scope.calls |= part.calls
        scope.text = "\n".join(u.text for u in parts)
        scopes.append(scope)
    return scopes


def _loose_units(path: str, lines: list[str], numbers: list[int], *, config: bool, test: bool) -> list[Unit]:
    """Added lines outside any definition: one unit per run of nearby lines, with the lines heading it."""
    groups: list[list[int]] = []
    for number in sorted(numbers):
        if groups and number - groups[-1][-1] <= 3:
            groups[-1].append(number)
        else:
            groups.append([number])
    units: list[Unit] = []
    for group in groups:
        heads = sorted({head for number in group for head in _heads(lines, number)})
        unit = Unit(path=path, name=Path(path).stem, start=group[0], end=group[-1],
                    kind="test" if test else ("config" if config else "code"), added=group)
        chosen = [*heads, *range(group[0], group[-1] + 1)]
        _fill(unit, [lines[n - 1] for n in chosen], "\n".join(lines[n - 1] for n in range(group[0], group[-1] + 1)))
        units.append(unit)
    return units


def _link_tests(units: list[Unit]) -> None:
    """A test that calls a unit of the change lends that unit its name and assertions, and borrows its code."""
    code = [unit for unit in units if unit.kind != "test"]
    by_name: dict[str, list[Unit]] = {}
    for unit in code:
        by_name.setdefault(unit.name, []).append(unit)
    for test in (unit for unit in units if unit.kind == "test"):
        test_concepts = set(test.concepts)
        test_numbers = set(test.numbers)
        for name in test.calls:
            for target in by_name.get(name, []):
                target.concepts |= test_concepts
                target.numbers |= test_numbers
                target.tokens |= test.tokens
                target.linked_tests.append(f"{test.path}:{test.start}")
                test.concepts |= target.concepts
                test.numbers |= target.numbers
