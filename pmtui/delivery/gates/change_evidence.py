"""What a change does, as evidence that acceptance criteria can be matched against.

A change is read as units: the functions, methods and classes its added code lines fall in (found
with `ast` for Python, by definition lines and indentation for other languages), the module-level
code it adds, and for files without definitions (configuration, SQL, CSS, shell) the added lines
with the lines that head them (a YAML key's parents, a TOML table, a CSS selector). Each unit
carries the concepts of its whole text and of the tests the change adds that call it; tests are
units too (their names and assertions say what they exercise), but only a test that exercises code
of the change vouches for anything. Prose (Markdown, text) and lines that are only comments never
make a unit: a promise is not an implementation. A unit also knows whether its added lines forbid
something that the lines they replace did not (a `not`, a `raise`, a filter, a `continue`), for
criteria that say "never" or "must not".
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pmtui.delivery.gates.code_lines import (  # single lines are read there since round 18; importers use these names
    DEFINITION,
    STRING_LITERAL,
    handles_flag,
    is_code_line,
    negating_lines,
)
from pmtui.delivery.gates.plan_titles import lent_name, sentence_words, titled_by_plan, without_titled_imports
from pmtui.delivery.gates.route_handlers import ROUTE_HANDLER
from pmtui.delivery.gates.vocabulary import (
    code_concepts,
    code_text_for_concepts,
    cron_concepts,
    idiom_concepts,
    normalise_text,
    numbers_in,
    split_identifier,
    stem,
    unit_idioms,
    words,
)

PROSE_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".txt", ".adoc", ".org"})
_TEST_PATH = re.compile(
    r"(^|/)(tests?|__tests__|spec)/|(^|/)test_[^/]+$|_test\.[A-Za-z]+$|\.(test|spec)\.[A-Za-z]+$|(^|/)conftest\.py$"
)
_PROSE_STRING = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}")
_JS_TEST = re.compile(r"^\s*(?:it|test|describe)\s*\(\s*(['\"`])(?P<name>.+?)\1")
_RUST_TEST_ATTR = re.compile(r"^\s*#\[(?:tokio::)?test\]")
_HEAD = re.compile(r"^\s*(\[[^\]]+\]|[\w.\-\"' ]+:\s*(?:#.*)?$|[^{}]+\{\s*$|<\w[^>]*>\s*$|-\s+\w+:)")
_SKIP_BLOCK_LANG = frozenset({".lock"})
# generated lock files say what a tool resolved, not what the change does (a JSON config's values are read)
_LOCKFILE = re.compile(r"(?:^|/)(?:package-lock|npm-shrinkwrap|composer|Pipfile|flake|deno|bun)\.(?:json|lock)$|"
                       r"(?:^|/)[^/]*-lock\.json$|\.lock$")
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
    kind: str  # "code", "test", "config" or "prose" (documentation)
    added: list[int] = field(default_factory=list)
    text: str = ""
    concepts: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    calls: set[str] = field(default_factory=set)
    tokens: set[str] = field(default_factory=set)
    linked_tests: list[str] = field(default_factory=list)
    # What the code itself (for a test: the code it exercises) shows, for the anchors of a criterion.
    names: set[str] = field(default_factory=set)  # every identifier part, lower case, short ones too
    defines: set[str] = field(default_factory=set)  # names of functions and classes, lower case
    code_text: str = ""
    test_numbers: set[str] = field(default_factory=set)  # numbers of the tests that exercise it
    negates: bool = False  # its added lines forbid or leave out something the replaced lines did not
    anchored: bool = True  # a test: it exercises code of the change
    linked_code: list[Unit] = field(default_factory=list)
    fresh: set[str] = field(default_factory=set)  # concepts of its added lines, its name and path, its tests
    fresh_names: set[str] = field(default_factory=set)  # identifier parts of its added lines and its name
    acts: set[str] = field(default_factory=set)  # what its code does: no defined names, no path, no comments
    fresh_acts: set[str] = field(default_factory=set)  # the same of its added lines
    added_code: str = ""  # its added code lines
    test_text: str = ""  # the code of the change's tests that exercise it
    defined: bool = False  # a function, method or class (not a block of loose lines)
    around: set[str] = field(default_factory=set)  # stems its file names outside it (`"backups"` beside `logs`)
    # round 20: what only its file's own name says (`src/kiln_shelf_rota.py`: shelf, rota), not its code, its own name
    # (unless that is the file's: a module's loose lines), its comments or its folders
    named_by_file: set[str] = field(default_factory=set)
    file_name_parts: set[str] = field(default_factory=set)  # the identifier parts only the file's name gives
    outside: str = ""  # the code lines of its file outside it (a caller the change left unchanged)

    @property
    def location(self) -> str:
        return f"{self.path}:{self.added[0] if self.added else self.start}"

    @cached_property
    def quoted_text(self) -> str:
        """The code's text as quoted UI text is compared (see vocabulary.normalise_text)."""
        return normalise_text(self.code_text)

    def handles_flag(self, flag: str) -> bool:
        """Whether the code acts on a command-line flag, not only declares it (see handles_flag)."""
        return handles_flag(self.code_text, flag)


def is_test_file(path: str) -> bool:
    return bool(_TEST_PATH.search(path))



def _indent(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip())


def _python_units(path: str, source: str) -> tuple[list[tuple[str, int, int, bool]], set[int]] | None:
    """(name, first line, last line, is_test) of every function and class, and the docstrings' lines;
    None when the source does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    found: list[tuple[str, int, int, bool]] = []
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            end = node.end_lineno or node.lineno
            test = node.name.startswith(("test", "Test")) and (is_test_file(path) or node.name.startswith("test_"))
            found.append((node.name, start, end, test))
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return found, docstrings


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
        match = None if js_test else DEFINITION.match(line)
        # round 17: a route registered with its handler inline (`orders.post("/:id/ready", (req, res) => {`) is code
        route = None if js_test or match else ROUTE_HANDLER.match(line)
        if js_test:
            name = js_test.group("name")
        elif route:
            name = f"{route.group(1)} {route.group(2)}"
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
            if line.strip() == "{" and index > 0 and lines[index - 1].strip():
                heads.append(index)  # a brace on its own line (PHP, C#): the signature above it heads the block
            if indent == 0:
                break
    return heads


def _read(root: Path, path: str) -> list[str] | None:
    try:
        return (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None


def _identifier_parts(text: str) -> set[str]:
    return {part for word in re.findall(r"[A-Za-z_$][\w$]*", text) for part in split_identifier(word)}


_DEFINED = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+([A-Za-z_]\w*)", re.MULTILINE)


# A schema object's name is what it is called, not what it does: `ADD CONSTRAINT bookings_no_overlap UNIQUE (…)`
# (SQL's keywords in capitals, or lower case after the verb that makes the object: `create index …`)
_SQL_NAMED = re.compile(r"(?:\b(?:CONSTRAINT|INDEX|TRIGGER|POLICY)|(?i:\b(?:add|create(?:\s+unique)?|alter)\s+"
                        r"(?:constraint|index|trigger|policy)))\s+(?:IF\s+NOT\s+EXISTS\s+)?(?P<name>[\w.\"]+)")


def _unnamed(line: str) -> str:
    """A line with the name it defines taken out: what a function is called is not what it does."""
    match = DEFINITION.match(line)
    if match:
        for group in ("name", "arrow", "method", "jsmethod"):
            if match.group(group):
                return line[:match.start(group)] + " " + line[match.end(group):]
    return _SQL_NAMED.sub(lambda m: m.group(0)[:m.start("name") - m.start(0)], line)


# A log line's message says what happens, like a comment: `log.info("welcome email due")` sends nothing.
_LOG_CALL = re.compile(r"\b(?:log|logger|logging|LOG|LOGGER|console|slog|Log)\s*\.\s*"
                       r"(?:debug|info|warn|warning|error|log|trace|critical|exception|fatal|Printf|Println|Info|Warn|"
                       r"Error|Debug)\s*\(")


def _without_log_messages(line: str) -> str:
    """A log call's line with its messages' words left out (what they interpolate is code and stays)."""
    if not _LOG_CALL.search(line):
        return line
    return STRING_LITERAL.sub(lambda m: " ".join(re.findall(r"\{([^{}]*)\}", m.group(0))) or '""', line)


def _acts(code_lines: list[str]) -> set[str]:
    """Concepts of what code lines do: their words and idioms, without the names they define."""
    unnamed = [code_text_for_concepts(_unnamed(line)) for line in code_lines]
    found = set(code_concepts("\n".join(unnamed))) | unit_idioms("\n".join(code_lines))
    for line in unnamed:
        found |= idiom_concepts(line)
    return found


# A comment after code on the same line (`retention = 7  # should be 14 days`), by the file's language: after a
# blank, outside strings, followed by a blank (`#[` attributes and `#{` interpolation are code; Python's
# `a // b` divides, so `//` is a comment only in the C family).
_SLASH_COMMENTS = frozenset({".js", ".jsx", ".ts", ".tsx", ".go", ".rs", ".java", ".kt", ".kts", ".swift", ".cs", ".php",
                             ".dart", ".c", ".h", ".cc", ".cpp", ".hpp", ".scala", ".groovy", ".gradle", ".vue", ".svelte"})
_DASH_COMMENTS = frozenset({".sql", ".lua", ".hs", ".elm"})
_TRAILING = {"#": re.compile(r"(?<=\s)#(?=\s)"), "//": re.compile(r"(?<=\s)//(?=\s)"),
             "--": re.compile(r"(?<=\s)--(?=\s)")}


def split_trailing_comment(line: str, path: str = "") -> tuple[str, str]:
    """(the code of a line, its trailing comment); a line without one is all code."""
    suffix = Path(path).suffix.lower()
    marks = ["//"] if suffix in _SLASH_COMMENTS else ["--"] if suffix in _DASH_COMMENTS else ["#"]
    if suffix == ".php":
        marks.append("#")
    if not is_code_line(line) or not any(f"{mark} " in line or f"{mark}\t" in line for mark in marks):
        return line, ""
    bare = STRING_LITERAL.sub(lambda m: "\0" * len(m.group(0)), line)
    starts = [found.start() for mark in marks for found in [_TRAILING[mark].search(bare)] if found]
    if not starts:
        return line, ""
    return line[:min(starts)].rstrip(), line[min(starts):]


def _fill(unit: Unit, body: list[str], number_text: str, added_text: list[str], notes: tuple[str, str] = ("", "")) -> None:
    """The unit's concepts (its code lines, their idioms, its name and path), numbers, calls and raw words.

    Comments and docstrings (`notes`: the unit's, and its added ones) only describe: they lend their
    words, never an action (a TODO that says "delete them" deletes nothing), a number or a UI text. A
    comment after code on its line is a comment too: `retention = 7  # 14 days` states 7.
    """
    trailing = [split_trailing_comment(line, unit.path)[1] for line in body]
    fresh_trailing = [split_trailing_comment(line, unit.path)[1] for line in added_text]
    notes = ("\n".join([notes[0], *(c for c in trailing if c and not _TODO.search(c))]),
             "\n".join([notes[1], *(c for c in fresh_trailing if c and not _TODO.search(c))]))
    body = [split_trailing_comment(line, unit.path)[0] for line in body]
    added_text = [split_trailing_comment(line, unit.path)[0] for line in added_text]
    number_text = "\n".join(split_trailing_comment(line, unit.path)[0] for line in number_text.splitlines())
    code_lines = [_without_log_messages(line) for line in body if is_code_line(line)]
    added_lines = [_without_log_messages(line) for line in added_text if is_code_line(line)]
    number_text = "\n".join(line for line in number_text.splitlines() if is_code_line(line))
    # a sentence in a string (an error message, a log line) says a number, the code does not use it:
    # `throw new CancelError("… until 24 hours before they start")` checks no 24 hours
    number_text = STRING_LITERAL.sub(lambda m: '""' if _PROSE_STRING.search(m.group(0)) else m.group(0), number_text)
    titled = titled_by_plan(unit.path)  # a file named by the plan's task title lends its folders' words only
    path_concepts = code_concepts(str(Path(unit.path).parent) if titled else re.sub(r"\.[A-Za-z0-9]+$", "", unit.path).replace("/", " "))
    own_name = lent_name(unit.path, unit.name)
    if Path(unit.path).suffix.lower() in (".sh", ".bash", ".zsh", ".ps1") or (body and body[0].startswith("#!")):
        path_concepts |= code_concepts("script")
    unit.text = "\n".join(code_lines)
    unit.code_text = unit.text
    # round 19: what an import line does is load a module: a plan-titled one's name lends no act either
    unit.acts = _acts(without_titled_imports("\n".join(code_lines)).splitlines())
    unit.fresh_acts = _acts(without_titled_imports("\n".join(added_lines)).splitlines())
    unit.concepts = (unit.acts | code_concepts(without_titled_imports(unit.text)) | code_concepts(own_name) | path_concepts
                     | code_concepts(notes[0]) | cron_concepts(unit.text))
    if Path(unit.path).suffix.lower() in _MARKUP:
        unit.concepts |= {concept for pattern, concept in _ELEMENTS if pattern.search(unit.text)}
    unit.numbers = numbers_in(number_text)
    if "currencyformat" in unit.fresh_acts:
        unit.numbers.add("2")  # a currency formatter states the currency's two decimals
        unit.acts.add("decimal")
        unit.concepts.add("decimal")
    if re.fullmatch(r"[1-5]\d\d", Path(unit.path).stem):
        unit.numbers.add(Path(unit.path).stem)  # templates/404.html is the 404 page
    unit.calls = {m.group(1) for m in re.finditer(r"([A-Za-z_$][\w$]*)\s*\(", unit.text)}
    unit.tokens = {stem(word) for word in words(unit.text) if len(word) >= 7}
    unit.added_code = "\n".join(added_lines)
    unit.fresh = (unit.fresh_acts | code_concepts(without_titled_imports(unit.added_code)) | code_concepts(own_name) | path_concepts
                  | code_concepts(notes[1]) | cron_concepts(unit.added_code))
    unit.fresh_names = _identifier_parts(unit.added_code) | set(split_identifier(own_name))
    unit.names = _identifier_parts(unit.text)
    unit.names |= set() if titled else set(split_identifier(Path(unit.path).stem))
    _file_name_only(unit, own_name, notes[0], titled)
    unit.defines = {unit.name.lower()} | {name.lower() for name in _DEFINED.findall(unit.text)}
    for line in code_lines:
        match = DEFINITION.match(line)
        if match:
            unit.defines |= {name.lower() for name in match.groupdict().values() if name}


def _file_name_only(unit: Unit, own_name: str, notes: str, titled: bool) -> None:
    """What of the unit's evidence only its file's own name gives (round 20). A plan names a task's file after its
    title ("Kiln shelf rota" -> `src/kiln_shelf_rota.py`) whatever the code in it then does, so those words restate the
    criterion; they are kept for the unit (an engineer's `order_queue.py` says what its code is about) but marked, for
    the matcher to ask the code itself for the criterion's object and verb (file_names.leans_on_file_name)."""
    file = Path(unit.path)
    # a sentence-like name lends nothing already (plan_titles); a one-word name (`newsletter.py`, `Dockerfile`) is the
    # engineer's concept, never a task's title
    if titled or len(sentence_words(file.stem)) < 2:
        return
    # a module's loose lines are named after the file; a view or table its code creates under that name is not
    file_named = unit.name in (file.name, file.stem) and not re.search(rf"\b{re.escape(unit.name)}\b", unit.text)
    given = (unit.acts | code_concepts(without_titled_imports(unit.text)) | code_concepts(notes)
             | code_concepts(str(file.parent)) | cron_concepts(unit.text)
             | (set() if file_named else code_concepts(own_name)))
    unit.named_by_file = set(code_concepts(file.stem) - given)
    unit.file_name_parts = set(split_identifier(file.stem)) - _identifier_parts(unit.text) - (
        set() if file_named else set(split_identifier(own_name)))


def lend_file_names(unit: Unit, concepts: set[str], named_by_file: set[str]) -> None:
    """Before the unit takes another's concepts: what only a file's name gives stays marked, unless either shows it."""
    unit.named_by_file = (unit.named_by_file | named_by_file) - (unit.concepts - unit.named_by_file) - (
        concepts - named_by_file)


_TODO = re.compile(r"\b(?:TODO|FIXME|XXX|HACK)\b")


def _notes(lines: list[str], numbers: list[int], docstrings: set[int]) -> str:
    """The comments and docstrings among some lines; a TODO says what is not done, so it lends nothing."""
    return "\n".join(lines[n - 1] for n in numbers
                     if 0 < n <= len(lines) and not _TODO.search(lines[n - 1])
                     and (n in docstrings or (lines[n - 1].strip() and not is_code_line(lines[n - 1]))))


def _unit_concepts(unit: Unit, lines: list[str], docstrings: set[int], added_numbers: set[int]) -> None:
    span = range(unit.start, unit.end + 1)
    body = ["" if n in docstrings else lines[n - 1] for n in span]
    added = [lines[n - 1] for n in unit.added]
    notes = (_notes(lines, list(span), docstrings), _notes(lines, [n for n in span if n in added_numbers], docstrings))
    # a number of a criterion is a value the change states, not one its surroundings had already
    _fill(unit, body, "\n".join(added), added, notes)



def change_units(added_lines: dict[str, list[tuple[int, str]]], present: list[str], root: Path,
                 removed_lines: dict[str, list[tuple[int, str]]] | None = None) -> list[Unit]:
    """The units the change touches with added code lines, test units linked to the code they call."""
    units: list[Unit] = []
    for path, added in added_lines.items():
        suffix = Path(path).suffix.lower()
        if path in present and suffix in PROSE_SUFFIXES:
            units.extend(_prose_units(path, added))
            continue
        if path not in present or suffix in _SKIP_BLOCK_LANG or _LOCKFILE.search(path):
            continue
        lines = _read(root, path)
        if lines is None:
            lines = []
            for number, text in added:
                while len(lines) < number:
                    lines.append("")
                lines[number - 1] = text
        parsed = _python_units(path, "\n".join(lines)) if suffix == ".py" else None
        spans, docstrings = parsed if parsed is not None else (None, set())
        code_lines = [n for n, text in added if is_code_line(text) and n not in docstrings and n <= len(lines)]
        if not code_lines:
            continue
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
            unit = Unit(path=path, name=name, start=start, end=end, kind=kind, added=touched, defined=True)
            _unit_concepts(unit, lines, docstrings, {n for n, _ in added})
            units.append(unit)
        loose = [n for n in code_lines if n not in covered]
        if loose:
            units.extend(_loose_units(path, lines, loose, config=not spans, test=test_file))
        _surroundings([unit for unit in units if unit.path == path], lines)
        negating = negating_lines(added, (removed_lines or {}).get(path, []))
        for unit in units:
            if unit.path == path:
                unit.negates = any(n in negating for n in unit.added)
    _follow_definitions(units, added_lines, present)
    _link_tests(units, root)
    return units + _file_scopes(units)


# A constant the change defines: `MAX_AGE = 24 * 3600`, `const maxAge = 24 * time.Hour`, `@max_per_order 4`,
# `private const val FREE_MINUTES = 30`, `static let goal = 10_000`, `public const int MaxFreezes = 2;`.
_CONSTANT = re.compile(
    r"^\s*(?:(?:export|public|private|protected|internal|static|final|readonly|pub|local)\s+)*"
    r"(?:(?P<kw>const|let|val|var|final|define|my|our)\s+(?:val\s+)?(?:[A-Za-z_][\w<>\[\]?]*\s+(?=[A-Za-z_]\w*\s*=))?|"
    r"(?P<attr>@)|(?=[A-Z][A-Z0-9_]{2,}\s*(?::[^=]*)?=))"
    r"(?P<name>(?:(?<=my )|(?<=our ))\$?[A-Za-z_]\w*|[A-Za-z_]\w*)\s*(?::\s*[^=]+?)?\s*(?:=(?!=)|(?<=\w)\s(?=\s*\d))\s*(?P<value>[^;]+)")


_REGISTERS = re.compile(r"\b(?:after|before|around)_\w+|\bTRIGGER\b|\bEXECUTE\s+(?:FUNCTION|PROCEDURE)\b|"
                        r"\baddEventListener\(|\.on\(|\bsubscribe\(|@receiver\b|\bconnect\(", re.IGNORECASE)


def _constants(added_lines: dict[str, list[tuple[int, str]]], present: list[str]) -> dict[str, str]:
    """The constants the change's added code lines define with a number in their value: name → line."""
    found: dict[str, str] = {}
    for path, added in added_lines.items():
        if path not in present or is_test_file(path) or Path(path).suffix.lower() in PROSE_SUFFIXES:
            continue
        for _, text in added:
            code = split_trailing_comment(text, path)[0]
            match = _CONSTANT.match(code) if is_code_line(code) else None
            local = match and match.group("kw") in ("let", "val", "var") and code[:1].isspace() \
                and not re.match(r"^\s*(?:\w+\s+)*static\b", code)
            if match and not local and len(match.group("name")) >= 3 and numbers_in(match.group("value")):
                found.setdefault(match.group("name"), code.strip())
    return found


def _without_calls_of(unit: Unit, names: list[str]) -> None:
    """What a call to a helper the change writes does is what the helper does, not its name: `positionOf(q, id)`
    computes no position when `positionOf` returns `queue.length` (the helper's own acts are lent apart)."""
    called = re.compile(r"(?<![\w$])(?:" + "|".join(re.escape(name) for name in names) + r")(?=\s*\()")
    for lines, acts in ((unit.text.splitlines(), unit.acts), (unit.added_code.splitlines(), unit.fresh_acts)):
        by_name = _acts(lines) - _acts([called.sub(" ", line) for line in lines])
        acts -= by_name


def _follow_definitions(units: list[Unit], added_lines: dict[str, list[tuple[int, str]]], present: list[str]) -> None:
    """A unit that uses a constant or a function the change defines elsewhere states what that one states.

    `if time.Since(r.At) > maxAge { continue }` keeps readings younger than `const maxAge = 24 * time.Hour`;
    a view showing `student.average_grade` shows what that method computes (`.round(1)`). The unit borrows
    the constant's line (its numbers and durations) and the helper's numbers and actions, not its words.
    """
    constants = _constants(added_lines, present)
    helpers = {unit.name: unit for unit in units if unit.kind == "code" and unit.defined and len(unit.name) >= 4}
    registering = {path: [(number, text, set(re.findall(r"[A-Za-z_$][\w$]*", text)))
                          for number, text in added if _REGISTERS.search(text)]
                   for path, added in added_lines.items()}
    for unit in units:
        if unit.kind == "test":
            continue
        if unit.defined and len(unit.name) >= 4:
            # what registers it says when it runs: `after_update_commit :notify`, `EXECUTE FUNCTION log_change()`
            unit.code_text += "".join("\n" + text for number, text, names in registering.get(unit.path, [])
                                      if not unit.start <= number <= unit.end and unit.name in names)
        # what a string interpolates is code: `${positionOf(queue, me.id)}`
        used = set(re.findall(r"[A-Za-z_$][\w$]*", STRING_LITERAL.sub(
            lambda m: " ".join(re.findall(r"\{([^{}]*)\}", m.group(0))) or '""', unit.code_text)))
        for name in sorted(used & set(constants)):
            line = constants[name]
            if line not in unit.code_text:
                unit.code_text += "\n" + line
                unit.numbers |= numbers_in(line)
        written = [name for name in sorted(used & set(helpers)) if helpers[name] is not unit
                   and helpers[name].start in helpers[name].added
                   and not (helpers[name].path == unit.path and (unit.start <= helpers[name].start <= unit.end
                                                                 or helpers[name].start <= unit.start <= helpers[name].end))]
        if written:
            _without_calls_of(unit, written)
        for name in sorted(used & set(helpers)):
            helper = helpers[name]
            if helper is unit or helper.path == unit.path and unit.start <= helper.start <= unit.end:
                continue
            if helper.path == unit.path and helper.start <= unit.start <= helper.end:
                continue
            unit.numbers |= helper.numbers
            # the constants it reads state their durations here too: `timedelta(days=365)` behind `waiver_current()`
            read = set(re.findall(r"[A-Za-z_$][\w$]*", helper.code_text)) & set(constants)
            unit.code_text += "".join("\n" + constants[name] for name in sorted(read)
                                      if constants[name] not in unit.code_text)
            for found in (unit.concepts, unit.fresh, unit.acts, unit.fresh_acts):
                found |= helper.fresh_acts
            # a range test called negated is the value outside it: `if not self.between_flags(x):`
            if "between" in helper.fresh_acts and re.search(
                    rf"(?:\bnot\s+|!\s*)(?:[\w$]+\.)*{re.escape(name)}\s*\(", unit.code_text):
                for found in (unit.concepts, unit.fresh, unit.acts, unit.fresh_acts):
                    found.add("outside")
            if helper.path != unit.path and helper.start in helper.added:
                # a helper the change wrote in another file is this unit's code split off (a refactor across
                # files): what it says is said here too
                lend_file_names(unit, helper.fresh, helper.named_by_file)
                unit.concepts |= helper.fresh
                unit.fresh |= helper.fresh
                unit.names |= helper.fresh_names
            unit.code_text += "\n" + helper.code_text


def _line_stems(line: str) -> set[str]:
    return {stem(part) for part in _identifier_parts(line) if len(part) >= 3}


def _surroundings(units: list[Unit], lines: list[str]) -> None:
    """Each unit's `around`: the stems its file names on lines outside it, to tell a sibling from itself."""
    per_line = [_line_stems(line) if is_code_line(line) else set() for line in lines]
    counts: dict[str, int] = {}
    for found in per_line:
        for word in found:
            counts[word] = counts.get(word, 0) + 1
    for unit in units:
        inside: dict[str, int] = {}
        for found in per_line[unit.start - 1:unit.end]:
            for word in found:
                inside[word] = inside.get(word, 0) + 1
        unit.around = {word for word, count in counts.items() if count > inside.get(word, 0)}
        unit.outside = "\n".join(line for n, line in enumerate(lines, 1)
                                  if not unit.start <= n <= unit.end and is_code_line(line))


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
            # the pieces' changes are merged, not their unchanged surroundings (a colour set in
            # __init__ does not make a new size setter a colour setter)
            lend_file_names(scope, part.fresh, part.named_by_file)
            scope.concepts |= part.fresh | code_concepts(lent_name(part.path, part.name))
            scope.acts |= part.fresh_acts
            scope.fresh_acts |= part.fresh_acts
            scope.numbers |= part.numbers
            scope.tokens |= part.tokens
            scope.calls |= part.calls
            scope.names |= part.fresh_names
            scope.defines |= part.defines
            scope.test_numbers |= part.test_numbers
            scope.negates |= part.negates
            scope.fresh |= part.fresh
            scope.added_code += part.added_code + "\n"
        for found in (scope.concepts, scope.fresh, scope.acts, scope.fresh_acts):
            found |= unit_idioms(scope.added_code)
        scope.around = set.intersection(*(part.around for part in parts))
        kept = set.intersection(*(set(part.outside.splitlines()) for part in parts[1:]))
        scope.outside = "\n".join(line for line in parts[0].outside.splitlines() if line in kept)
        scope.text = "\n".join(u.text for u in parts)
        scope.code_text = "\n".join(u.code_text for u in parts)
        scopes.append(scope)
    return scopes


def _prose_units(path: str, added: list[tuple[int, str]]) -> list[Unit]:
    """Added prose, one unit per run of nearby lines: evidence only for a criterion about documentation."""
    groups: list[list[tuple[int, str]]] = []
    for number, text in added:
        if not text.strip():
            continue
        if groups and number - groups[-1][-1][0] <= 3:
            groups[-1].append((number, text))
        else:
            groups.append([(number, text)])
    units: list[Unit] = []
    for group in groups:
        text = "\n".join(line for _, line in group)
        unit = Unit(path=path, name=Path(path).stem, start=group[0][0], end=group[-1][0], kind="prose",
                    added=[n for n, _ in group], text=text, code_text=text)
        unit.concepts = set(code_concepts(text)) | code_concepts(Path(path).stem)
        unit.fresh = set(unit.concepts)
        unit.acts = set(unit.concepts)
        unit.numbers = numbers_in(text)
        unit.names = _identifier_parts(text)
        units.append(unit)
    return units


def _loose_units(path: str, lines: list[str], numbers: list[int], *, config: bool, test: bool) -> list[Unit]:
    """Added lines outside any definition: one unit per run of nearby lines, with the lines heading it."""
    groups: list[list[int]] = []
    for number in sorted(numbers):
        if groups and number - groups[-1][-1] <= 3:
            groups[-1].append(number)
        else:
            groups.append([number])
    units: list[Unit] = []
    script = Path(path).suffix.lower() in (".sh", ".bash", ".zsh", ".ps1") or bool(lines and lines[0].startswith("#!"))
    # a YAML document names what it configures in its top-level scalars (kind: Deployment, name: api)
    named = [n for n, line in enumerate(lines, start=1) if re.match(r"^(?:[A-Za-z_][\w-]*|  name):\s*[^\s#|>]", line)] \
        if config and Path(path).suffix.lower() in (".yml", ".yaml") else []
    for group in groups:
        heads = sorted({head for number in group for head in _heads(lines, number)} | set(named))
        unit = Unit(path=path, name=Path(path).stem, start=group[0], end=group[-1],
                    kind="test" if test else ("config" if config else "code"), added=group)
        chosen = [*heads, *range(group[0], group[-1] + 1)]
        if script:
            # a script without functions runs top to bottom: its other lines are the context of the added ones
            # (`pg_dump bookings` above the pruning line says what the backups are), as a function's body is
            chosen = list(range(1, len(lines) + 1))
        _fill(unit, [lines[n - 1] for n in chosen], "\n".join(lines[n - 1] for n in group), [lines[n - 1] for n in group])
        units.append(unit)
    return units


_IMPORT_LINE = re.compile(r"^\s*(?:from\s+\S+\s+import\b|import\b|use\b|using\b|#include\b|require\b)|\brequire\(|"
                          r"\bfrom\s+['\"]", re.MULTILINE)


def _imports(root: Path, test_path: str, code_paths: set[str]) -> bool:
    """Whether a test file imports one of the changed code files (or, in Go, shares its package folder)."""
    lines = _read(root, test_path) or []
    imports = " ".join(line for line in lines if _IMPORT_LINE.search(line))
    folder = str(Path(test_path).parent)
    for path in code_paths:
        if test_path.endswith("_test.go") and path.endswith(".go") and str(Path(path).parent) == folder:
            return True
        if re.search(rf"(?<![\w-]){re.escape(Path(path).stem)}(?![\w-])", imports):
            return True
    return False


def _link_tests(units: list[Unit], root: Path) -> None:
    """A test that calls a unit of the change lends that unit its name and assertions, and borrows its code.

    A test vouches for a criterion only when it exercises code of the change (calls it, imports its
    module, or sits in its file): a change that only adds a test implements nothing.
    """
    code = [unit for unit in units if unit.kind != "test"]
    code_paths = {unit.path for unit in code}
    by_name: dict[str, list[Unit]] = {}
    for unit in code:  # a helper class or fake of a test file is the test's own, not code of the change
        if not is_test_file(unit.path):
            by_name.setdefault(unit.name, []).append(unit)
    for test in (unit for unit in units if unit.kind == "test"):
        test_concepts = set(test.concepts)
        # a test's name and assertions lend their words; what is done is what the code it calls does
        # (`test_sub_gives_the_difference` does not make `return a + b` subtract)
        test.acts = set()
        test_numbers = set(test.numbers)
        targets = [target for name in test.calls for target in by_name.get(name, [])]
        test.test_numbers = test_numbers
        test.numbers = set()
        test.names, test.defines, test.code_text = set(), set(), ""
        outside: list[str] = []
        for target in targets:
            lend_file_names(target, test_concepts, test.named_by_file)
            target.concepts |= test_concepts
            target.fresh |= test_concepts
            target.test_numbers |= test_numbers
            target.tokens |= test.tokens
            target.linked_tests.append(f"{test.path}:{test.start}")
            target.test_text += "\n" + test.text
            lend_file_names(test, target.concepts, target.named_by_file)
            test.concepts |= target.concepts
            test.fresh |= target.fresh
            test.acts |= target.acts
            test.numbers |= target.numbers
            test.names |= target.names
            test.defines |= target.defines
            test.code_text += "\n" + target.code_text
            outside.append(target.outside)  # the rest of the file it exercises: what reads the code's values
            test.negates |= target.negates
            test.linked_code.append(target)
        test.outside = "\n".join(outside) if targets else test.outside
        test.anchored = bool(targets) or test.path in code_paths or _imports(root, test.path, code_paths)
