"""Gate 1 of the minimum gate (seed 003 §5): plan alignment.

Each acceptance criterion is mapped to an existing `path:line` of the change: the agent's
`criteria_map` entry when it names a real line of a changed file, else an offline match against
what the change does (the functions and classes its hunks fall in, the names it defines, the tests
it adds and their assertions, through stems and common synonyms: change_evidence and vocabulary),
else the review model's answer, whose line is checked the same way. The gate fails only for what
cannot be mapped, and never on wording alone once the change's tests pass (`tests_vouch`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pmtui.delivery.gates.abbreviations import spelled_alike
from pmtui.delivery.gates.amounts import HUNDREDTHS, only_in_hundredths
from pmtui.delivery.gates.answer_sides import answers_the_other_way
from pmtui.delivery.gates.boundaries import (
    floors_the_cap,
    lets_refused_example_through,
    rate_unapplied,
    refused_example,
    refuses_the_allowed,
    refuses_the_example,
    wrong_side,
)
from pmtui.delivery.gates.branch_direction import (
    acts_on_the_other_side,
    bound_units,
    decides_the_criterion_s_way,
    direction_words,
    values_beside,
)
from pmtui.delivery.gates.branch_sides import (
    duration_on_the_wrong_side,
    free_on_the_other_side,
    state_negated,
    status_outside_the_failure,
)
from pmtui.delivery.gates.change_evidence import Unit, change_units, is_code_line, is_test_file
from pmtui.delivery.gates.code_idioms import cron_periods, unit_idioms
from pmtui.delivery.gates.command_criteria import UNCHECKED, named_tests_criterion, unchecked_reason
from pmtui.delivery.gates.compounds import CONDITIONS, compound_modifiers, heads_shown, same_keys
from pmtui.delivery.gates.condition_sides import (
    lets_one_more_in,
    looks_the_other_way,
    refuses_the_other_side,
    refuses_the_required,
    refuses_while_some_left,
    sets_the_opposite_state,
)
from pmtui.delivery.gates.criterion_classes import (
    APP_SUFFIXES,
    ci_runs_failing,
    explicit_durations,
    hooks_only_new,
    keys_out_of_order,
    named_durations,
    negated_reads,
    one_line_names_both,
    reads_env,
    reads_param,
    retention_in,
    states_size,
    swallows_errors,
)
from pmtui.delivery.gates.file_names import leans_on_file_name
from pmtui.delivery.gates.lexicon import lexicon_bound
from pmtui.delivery.gates.locations import CriterionLocation
from pmtui.delivery.gates.main_entity import compounds_together, main_entity, named_by_code, noun_phrase
from pmtui.delivery.gates.measure_units import wrong_dimension, wrong_measure_unit
from pmtui.delivery.gates.membership import keeps_the_duplicates
from pmtui.delivery.gates.named_refusals import named_refusal
from pmtui.delivery.gates.operand_units import compares_other_time_units
from pmtui.delivery.gates.outcomes import (
    benefits_the_others,
    folds_one_side,
    keeps_out_what_is_let_in,
    keeps_what_is_lost,
    tests_the_opposite,
)
from pmtui.delivery.gates.pairings import unique_on_the_other, values_swapped
from pmtui.delivery.gates.percentages import fraction_against_percent, pays_the_discount
from pmtui.delivery.gates.period_names import period_only_named
from pmtui.delivery.gates.permissions import PERMITTED, PRECISION_WORDS, permissions, precision_only
from pmtui.delivery.gates.plan_shapes import shaped_location
from pmtui.delivery.gates.plan_titles import said_only_in_comments
from pmtui.delivery.gates.polarity import (
    asks_refusal,
    hides_what_happened,
    hides_what_is_past,
    keeps_what_happened,
    keeps_what_is_past,
    keeps_whom_nobody,
    refuses_nothing,
    ruled_out_words,
    split_contrast,
    timeout_durations,
    uses_ruled_out,
)
from pmtui.delivery.gates.rank_direction import takes_the_worst, wrong_change_direction
from pmtui.delivery.gates.roles import actor_granted, keeps_the_left_out, role_refused
from pmtui.delivery.gates.sign_checks import sign_of_another_value
from pmtui.delivery.gates.time_direction import wrong_time_direction
from pmtui.delivery.gates.title_bridge import bound_to_title, picked_by_clause, task_names, title_noun
from pmtui.delivery.gates.uncommitted import never_committed
from pmtui.delivery.gates.unit_checks import (
    best_line,
    dead_only,
    named_anywhere,
    off_flags_by_path,
    unread_constants,
)
from pmtui.delivery.gates.unread_names import unproven_word
from pmtui.delivery.gates.upcoming import keeps_the_past_for_next
from pmtui.delivery.gates.user_checks import user_blocker
from pmtui.delivery.gates.user_phrasing import mark_returned_exits, plain_criterion
from pmtui.delivery.gates.vocabulary import (
    STATUS_NAMES,
    STOPWORDS,
    SYMBOL_WORDS,
    TIME_UNITS,
    Concept,
    CriterionReading,
    code_concepts,
    criterion_concepts,
    date_formats,
    idiom_concepts,
    is_action,
    normalise_text,
    numbers_in,
    read_criterion,
    split_identifier,
    stem,
)
from pmtui.delivery.gates.when_sent import sent_on_another_event
from pmtui.delivery.gates.windows import per_windows
from pmtui.delivery.git_ops import ChangeSet
from pmtui.models.delivery import GateResult
from pmtui.prompts import render_prompt


def significant_words(criterion: str) -> list[str]:
    """The criterion's words that decide a match (stemmed, no stopwords, no weak words), in order."""
    return [concept.label for concept in criterion_concepts(criterion) if concept.strong]


def _line_count(root: Path, path: str) -> int | None:
    try:
        with (root / path).open("rb") as handle:
            data = handle.read()
    except OSError:
        return None
    return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)


def _check_location(location: str, change: ChangeSet) -> str | None:
    """Why `path:line` is not an existing line of a file in the change, or None when it is."""
    path, sep, line_text = location.strip().rpartition(":")
    if not sep or not line_text.isdigit():
        return f"{location!r} is not path:line"
    path = path.removeprefix("./")
    if path not in change.present_files():
        return f"{path} is not part of the change"
    count = _line_count(Path(change.root), path)
    line = int(line_text)
    if count is None:
        return f"{path} does not exist"
    if not 1 <= line <= count:
        return f"{path} has {count} lines, not line {line}"
    return None


@dataclass
class Judgement:
    """How one unit of the change answers one criterion."""

    unit: Unit
    matched: list[Concept]
    missing: list[Concept]
    blocker: str = ""  # why the unit cannot answer the criterion whatever its words
    context: frozenset[str] = frozenset()  # modifiers no file of the change names: "the karaoke queue"
    keys: frozenset[str] = frozenset()  # what two things share to count as one: "two shifts on the same day"
    criterion: str = ""
    # round 10: when the unit's file decides on the criterion's numbers the way it says, the words it may miss: those
    # named nowhere in the change (a domain noun: "hen house", "paintball") and those that only give a bound's side
    decided: frozenset[str] = frozenset()
    compared: frozenset[str] = frozenset()

    @property
    def passes(self) -> bool:
        """Every deciding concept is there; a long criterion may miss one plain word (never an anchor, never
        what the code must do — "deleted", "sorted" — and never what the criterion is about)."""
        if self.blocker:
            return False
        if any(c.kind == "absent" for c in self.missing):
            return False
        # what the change must not do holds of any code that does not do it: it is no evidence for
        strong = [c for c in [*self.matched, *self.missing] if c.strong and c.kind != "absent"]
        missing = [c for c in self.missing if c.strong]
        if len(missing) == 1 and missing[0].label in self.context:
            return len(strong) >= 3  # "the karaoke queue": the product's word for the thing, named nowhere in the code
        if not strong:
            return bool(self.matched)
        if not missing:
            return True
        if self.decided and self.decided_without(missing, strong):
            return True
        lone = missing[0]
        # a word the unit's own file names elsewhere is a sibling the unit did not choose (versioning on
        # the `logs` bucket beside the `backups` one), not a word the criterion could do without
        return (len(strong) >= 4 and len(missing) == 1
                and not (lone.anchor or (lone.subject and not self.actor_counted(lone)) or is_action(lone)
                         or lone.negated_of or lone.label in self.keys)
                and lone.label.lower() != "available"  # "the closest available mechanic": a condition to test
                and not lone.alternatives & self.unit.around)

    def decided_without(self, missing: Sequence[Concept], strong: Sequence[Concept]) -> bool:
        """Whether what the unit misses is a comparison word its decision answers or at most two domain words named
        nowhere in the change, while every number of the criterion is there and the file decides on it its way."""
        words = [c for c in missing if c.strong and c.label.lower() not in self.compared]
        return (len(words) <= 2 and len(strong) - len(missing) >= 3
                and all(c.kind == "word" and not (c.anchor or is_action(c) or c.negated_of or c.label in self.keys)
                        and c.label in self.decided for c in words)
                and not any(c.kind in ("number", "quantity", "size") for c in self.missing))

    def actor_counted(self, lone: Concept) -> bool:
        """Whether the missing subject is the actor a criterion grants something ("Buyers can download a pattern at
        most 3 times"), which code rarely names, while the unit states the criterion's number (round 9). Not one who
        receives ("Students get a notification …"): sending it to the teacher is the other person."""
        label = lone.label.lower()
        actor = (label.endswith(("ers", "ors")) or label in _ACTORS) and bool(
            re.search(rf"\b{re.escape(label)}\s+(?:can|may|must|should|are\s+allowed\s+to|are\s+able\s+to)\b",
                      self.criterion, re.IGNORECASE))
        return actor_granted(self.criterion, lone.label, self.matched, actor, self.unit.code_text)

    def rank(self) -> tuple[int, int, int, int, int]:
        kinds = {"code": 2, "config": 1, "test": 0}
        strong = sum(1 for c in self.matched if c.strong)
        return (int(self.passes), int(not self.blocker), strong, len(self.matched), kinds.get(self.unit.kind, 0))


_ACTORS = frozenset({"people", "customers", "clients", "guests", "members", "students", "staff", "owners", "users",
                     "visitors", "patients", "parents", "children", "residents", "tenants", "passengers", "riders"})


def _has(concept: Concept, unit: Unit) -> bool:
    """Whether the unit shows the concept: anchors as they are, in the code; words through their concepts."""
    kind = concept.kind
    if kind == "number":
        aliases = STATUS_NAMES.get(concept.label, ())
        money = {f[2:] for f in concept.forms if f.startswith("c:")}
        # "a £20 fee" is not `LATE_FEE_PENCE = 20`: a bare amount only where the names count hundredths is pence
        bare = concept.label in unit.numbers and not (money and only_in_hundredths(unit.code_text, concept.label))
        return (bare or any(alias in unit.fresh or stem(alias) in unit.fresh for alias in aliases)
                # "3%" stated as `0.03`, unless compared with a value that counts per cent (`battery_pct < 0.2`)
                or (bool(concept.forms & unit.numbers) and not fraction_against_percent(unit.code_text, concept.forms))
                # "ORD-000123": the width of a zero-padded number (`:06d`, `zfill(6)`, `padStart(6, "0")`)
                or any(f.startswith("pad:") and re.search(rf"(?::0|%0|\bzfill\(\s*|\bpadStart\(\s*|\brjust\(\s*|:0>){f[4:]}(?!\d)",
                                                          unit.code_text) for f in concept.forms)
                # "£5" counted in pence (`CAP_PENCE = 500`) by code whose names say it counts hundredths
                or (bool(money & unit.numbers) and bool(HUNDREDTHS.search(unit.code_text)))
                or (concept.example and concept.label in unit.test_numbers))
    if kind == "quantity":
        number, word = concept.label.split()
        target = float(number) * TIME_UNITS[word]
        stated = explicit_durations(unit.code_text) + timeout_durations(unit.code_text) + named_durations(unit.code_text)
        if any(abs(seconds - target) <= 1e-9 * max(1.0, target) for _, seconds in stated):
            return True
        if any(value == number for value, _ in stated):
            return False  # the number is there, in another unit: `5 * time.Millisecond` is not 5 seconds
        if target in cron_periods(unit.code_text):
            return True  # `*/15 * * * *` runs every 15 minutes
        if concept.example and number in unit.test_numbers:
            return True  # an example's output, asserted by the change's test: `parse_dur("2m")` is 120 seconds
        if number in unit.numbers and retention_in(unit.code_text, number, word):
            return True  # `backup_retention_period = 14` keeps backups 14 days: a retention counts in its own unit
        # the bare number beside the unit's word anywhere, unless the code states its durations with their units and
        # none is this one (`MAX_FAILURES = 15` beside `timedelta(minutes=5)` is no 15 minutes)
        return bool(concept.forms & unit.numbers) or (not stated and number in unit.numbers
                                                      and bool(concept.alternatives & unit.concepts))
    if kind == "size":
        number, short = concept.label.split()
        return bool(concept.forms & unit.numbers) or states_size(unit.code_text, unit.numbers, number, short)
    if kind == "param":
        return reads_param(unit.code_text, concept.label)
    if kind == "envvar":
        return reads_env(unit.code_text, concept.label)
    if kind == "cistep":
        return ci_runs_failing(unit.path, unit.code_text, concept.label)
    if kind == "absent":
        return not concept.alternatives & (unit.acts | unit.fresh_acts)
    if kind == "quote":
        # a quoted argument of a call is an example input: the change's tests may be where it is
        return concept.label in unit.quoted_text or (concept.example and concept.label in normalise_text(unit.test_text))
    if kind == "flag":
        return unit.handles_flag(concept.label)
    if kind == "call":
        return concept.label.lower() in unit.defines
    if kind == "short":
        return concept.label in unit.names or spelled_alike(concept.label.lower(), unit.names)
    if kind == "dateformat":
        return concept.label in date_formats(unit.code_text)
    if is_action(concept):
        return bool(concept.alternatives & unit.acts)
    if concept.negated_of and concept.label.lower().startswith("un") and concept.alternatives & unit.concepts:
        # "unread messages": a variable called `unread` counts nothing unread unless a line tests "read" negated
        return tests_negated(unit.code_text, concept.negated_of)
    if concept.alternatives & unit.concepts or concept.forms & unit.numbers:
        return True
    if concept.negated_of and any(code_concepts(read) & concept.negated_of for read in negated_reads(unit.code_text)):
        return True
    # Compound identifiers written as one word (writeheader, checkins): a long stem at either end counts.
    stems = [a for a in concept.alternatives if len(a) >= 4 and not a.isdigit()]
    if any(token.startswith(a) or token.endswith(a) for token in unit.tokens for a in stems if len(token) >= len(a) + 3):
        return True
    # A symbol named by its word ("joins with a space"): a string literal of the symbol itself.
    symbol = SYMBOL_WORDS.get(concept.label.lower()) or SYMBOL_WORDS.get(concept.label.lower().removesuffix("s"))
    if symbol and re.search(rf"""(['"`]){re.escape(symbol)}\1""", unit.code_text):
        return True
    # A typo in the criterion ("invoce"): the code's word one letter away; an abbreviation either way (`pw`, "qty").
    return spelled_alike(concept.label.lower(), unit.names)


def _blocker(unit: Unit, reading: CriterionReading, hides_done: bool = False, hides_past: bool = False) -> str:
    if (unit.kind == "test" and not unit.anchored or unit.kind == "code" and is_test_file(unit.path)) and not reading.about_tests:
        return "it is only a test, exercising no code of the change"
    if any(is_action(c) and asks_refusal(c.label) and _has(c, unit) for c in reading.concepts) \
            and refuses_nothing(unit.code_text):
        return "it names the error but no line of it refuses (raises, returns an error, exits, answers 4xx)"
    if hides_done and keeps_what_happened(unit.code_text):
        return "its filter keeps the rows whose field is set: what already happened is shown, not hidden"
    if hides_past and keeps_what_is_past(unit.code_text):
        return "its filter keeps the rows dated before today: what is past its date is all it shows"
    if reading.awaits and (why := _no_timeout(unit.code_text, reading)):
        return why
    if reading.nobody and keeps_whom_nobody(unit.code_text, reading.nobody, stem):
        return f"its filter keeps those nobody {reading.nobody}: the others are the ones let go"
    if reading.negated and not unit.negates:
        return "the criterion forbids something and no added line of it forbids or leaves anything out"
    hushing = [c.label for c in reading.concepts if c.kind == "flag"] if any(
        "suppress" in c.alternatives for c in reading.concepts if c.kind != "flag") else []
    if any(shows_when_flag(unit.code_text, flag) for flag in hushing):
        return "it prints when the flag that should hush it is given"
    if reading.sees_error and swallows_errors(unit.code_text, Path(unit.path).suffix.lower() in APP_SUFFIXES):
        return "every error it catches is only logged, never shown"
    if reading.both and not one_line_names_both(unit.code_text, reading.both, stem):
        return f"no one condition of it names both {reading.both[0]} and {reading.both[1]}"
    if reading.on_update and hooks_only_new(unit.code_text):
        return "its triggers and callbacks fire on new records, never on a change"
    if reading.sort_keys and keys_out_of_order(unit.code_text, reading.sort_keys, stem):
        return f"it sorts by {reading.sort_keys[1]} before {reading.sort_keys[0]}"
    if reading.rates and (why := rate_unapplied(unit.code_text, reading.rates, stem)):
        return why
    if reading.refused_if and (why := refuses_the_allowed(unit.code_text, reading.refused_if)):
        return why
    return wrong_side(unit.code_text, reading.boundaries) if reading.boundaries else ""


_NEGATING = re.compile(r"!(?!=)|!==?|\bnot\b|\b(?:false|False|FALSE|nil|None|null|NULL)\b|\bexclude\(|\bunless\b|"
                       r"\bIS\s+NULL\b|\b(?:filter|where|WHERE)\b[^\n]*\bun", re.IGNORECASE)


def tests_negated(code: str, base: frozenset[str]) -> bool:
    """Whether a line of the code negates a value named by the base concept (`!m.readBy.includes(me)`, `paid = 0`
    is no negation, `paid IS NULL` and `not row.paid` are)."""
    return any(_NEGATING.search(line) and base & code_concepts(line) for line in code.splitlines())


def _no_timeout(code: str, reading: CriterionReading) -> str:
    """Why a deadline for an answer is not the code's timeout (`--interval=3s --timeout=30s` for "within 3 s"), or ""."""
    stated = [seconds for _, seconds in timeout_durations(code)]
    for concept in reading.concepts:
        if concept.kind == "quantity":
            number, word = concept.label.split()
            target = float(number) * TIME_UNITS[word]
            if not any(abs(seconds - target) <= 1e-9 * max(1.0, target) for seconds in stated):
                return f"its timeout is not {concept.label}"
    return ""


def shows_when_flag(code: str, flag: str) -> bool:
    """Whether a line prints on the flag's value read as it is (`if args.quiet => println!`), not negated."""
    wanted = "".join(split_identifier(flag))
    for line in code.splitlines():
        reads = [m for m in re.finditer(r"[A-Za-z_$][\w$]*", line) if "".join(split_identifier(m.group(0))) == wanted]
        if not reads or "show" not in idiom_concepts(line) or line.lstrip().startswith(("#[", "@")):
            continue
        if not any(re.search(r"(?:!|\bnot\s)\s*[*&]?(?:[\w$]+\.)*$", line[:m.start()]) for m in reads):
            return True
    return False


_QUOTED = re.compile(r"'([^'\\\n]*)'|\"([^\"\\\n]*)\"")


def judge(criterion: str, units: Sequence[Unit], written: str = "", title: str = "") -> Judgement | None:
    """The unit of the change that best answers the criterion (passing or not), None without units. `written` is
    every line the change adds, comments and messages included (what it names anywhere); `title` is the task's."""
    reading = read_criterion(criterion)
    main, contrast = split_contrast(criterion)
    # the contrasted alternative's words are not asked for, unless it names an action ("hidden, not deleted")
    ruled_out: set[str] = set()
    if contrast and not any(is_action(c) for c in read_criterion(contrast).concepts):
        reading = read_criterion(main)
        ruled_out = ruled_out_words(main, contrast, stem, STOPWORDS)
    hides_done = hides_what_happened(criterion)
    hides_past = hides_what_is_past(criterion)
    best: Judgement | None = None
    sources: dict[str, list[str]] = {}
    for unit in units:
        sources.setdefault(unit.path, []).append(unit.code_text)
    flags_of = off_flags_by_path(sources)
    files = {path: "\n".join(texts) for path, texts in sources.items()}
    widest = {path: max(texts, key=len) for path, texts in sources.items()}
    refusal = any(is_action(c) and asks_refusal(c.label) for c in reading.concepts)
    compared, sided = direction_words(criterion), values_beside(criterion) <= 1
    named = named_anywhere(units) | code_concepts(written)
    modifiers = compound_modifiers(criterion, reading)
    keys = same_keys(criterion, reading)
    example = refused_example(criterion)
    precise = bool(PRECISION_WORDS.search(criterion))
    permitted = {stem(verb) for verb in PERMITTED.findall(criterion)}
    nouns = [c.alternatives - _SIGN_WORDS for c in reading.concepts if c.strong and c.kind == "word" and not is_action(c)]
    entity = main_entity(files)
    windows = per_windows(criterion)
    by_code = named_by_code(units, written) if entity else frozenset()
    noun = title_noun(title, units, written)  # round 21: the title's noun, under the code's name for the task's thing
    names = task_names(units) if noun else frozenset()
    for unit in units:
        if unit.kind == "prose" and not reading.about_docs:
            continue  # a promise in the README is not an implementation
        matched = [c for c in reading.concepts if _has(c, unit) or (c.label == example and c.kind == "number"
                                                                   and refuses_the_example(criterion, unit.code_text))
                   # "admins can delete any comment": a predicate `can_delete` is that permission
                   or (is_action(c) and stem(c.label) in permitted and stem(c.label) in permissions(unit.name))]
        # "at most 5 active keys": a condition word found only in a constant's name (`MAX_ACTIVE`) filters nothing
        unnamed = re.sub(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b", " ", unit.code_text)
        said = code_concepts(unnamed) | unit_idioms(unnamed) | {c for line in unnamed.splitlines() for c in idiom_concepts(line)}
        matched = [c for c in matched if not (c.kind == "word" and c.label.lower() in CONDITIONS
                                              and c.alternatives & (code_concepts(unit.code_text) - said)
                                              and not c.alternatives & said)
                   # round 18: "5 kg per month": the window named only by a constant (`KG_PER_MONTH`) counts over none
                   and not (c.kind in ("word", "period") and c.label.lower() in windows and not c.alternatives & said
                            and not c.forms & numbers_in(unnamed))]
        unread = unread_constants(unit.code_text, files) if unit.kind == "code" else frozenset()
        if unread:
            # `VAT_RATE = 0.2` that no line of the change reads states no VAT: its number is no evidence
            stated = numbers_in("\n".join(line for line in unit.code_text.splitlines()
                                          if not any(re.match(rf"\s*(?:const\s+|let\s+|var\s+)?{name}\b", line)
                                                     for name in unread)))
            matched = [c for c in matched if not (c.kind == "number" and c.label not in stated
                                                  and not c.forms & stated and c.label not in unit.test_numbers)]
        matched = [c for c in matched if not unproven_word(c, unit, unread, criterion, code_concepts)]
        if not precise:
            # a number found only as a precision (`round(x, 2)`, `.toFixed(2)`) is no quantity of the criterion's
            rounding = precision_only(unit.code_text)
            matched = [c for c in matched if not (c.kind == "number" and c.label in rounding
                                                  and c.label not in unit.test_numbers and not c.forms & unit.numbers)]
        missing = [c for c in reading.concepts if c not in matched]
        # round 18: the criterion's noun named nowhere binds to the one entity the change declares, in its units
        bound = noun_phrase(criterion, missing, by_code) if entity and entity in code_concepts(unit.code_text) else []
        tied = bound_to_title(criterion, title, [c for c in missing if c not in bound], noun, names, unit)
        bound += tied
        if not bound:  # round 23: a code word the lexicon relates to the criterion's noun (`cloth` for "fabric")
            bound = lexicon_bound(missing, matched, named, unit)
        # "the app shows …" is the product and its verb, no compound the code must write on one line
        spoken = [c for c in reading.concepts if c.label.lower() != "app"] if tied else list(reading.concepts)
        if bound and (not compounds_together(criterion, spoken, bound, unit.code_text) or picked_by_clause(criterion, bound)):
            bound = []
        if bound:
            matched = [*matched, *bound]
            missing = [c for c in missing if c not in bound]
        blocker = (_blocker(unit, reading, hides_done, hides_past) or wrong_time_direction(criterion, unit.code_text)
                   or wrong_measure_unit(criterion, unit.code_text) or wrong_dimension(criterion, unit.code_text)
                   or compares_other_time_units(criterion, unit.code_text) or values_swapped(criterion, files[unit.path])
                   or unique_on_the_other(criterion, files[unit.path], stem) or keeps_the_duplicates(criterion, widest[unit.path])
                   # the side checks read the file's widest unit too: a unit holding only the constant has no check
                   or next(filter(None, (looks_the_other_way(criterion, text) or lets_one_more_in(criterion, text)
                                         or refuses_while_some_left(criterion, text)
                                         or refuses_the_required(criterion, text)
                                         or refuses_the_other_side(criterion, text, reading.boundaries, refusal)
                                         for text in dict.fromkeys((unit.code_text, widest[unit.path])))), "")
                   or acts_on_the_other_side(criterion, files[unit.path])
                   or sets_the_opposite_state(criterion, files[unit.path])  # the whole file: its constants too
                   or lets_refused_example_through(criterion, unit.code_text))
        if not blocker and (flags := flags_of.get(unit.path, frozenset())) and (lost := dead_only(matched, unit, flags)):
            blocker = f"its {lost} is behind a flag the change turns off"
        if not blocker:
            blocker = (sign_of_another_value(criterion, unit.code_text, nouns, code_concepts)
                       or keeps_what_is_lost(criterion, unit.code_text) or takes_the_worst(criterion, unit.code_text)
                       or keeps_out_what_is_let_in(criterion, files[unit.path])
                       or wrong_change_direction(criterion, unit.code_text)
                       or free_on_the_other_side(criterion, unit.code_text)
                       or duration_on_the_wrong_side(criterion, unit.code_text)
                       or state_negated(criterion, unit.code_text, stem)
                       or role_refused(criterion, unit.code_text) or keeps_the_left_out(criterion, unit.code_text)
                       or status_outside_the_failure(criterion, unit.code_text)
                       or tests_the_opposite(criterion, unit.code_text) or benefits_the_others(criterion, files[unit.path])
                       or folds_one_side(criterion, unit.code_text)
                       # a constant's own unit (`DISCOUNT = 0.25`) is judged by what its file does with it
                       or pays_the_discount(criterion, files[unit.path]) or floors_the_cap(criterion, files[unit.path])
                       or user_blocker(criterion, unit.code_text, files[unit.path], unit.outside)
                       # round 21: the last for the next, a period only named, a message sent on the other event
                       or keeps_the_past_for_next(criterion, unit.code_text) or period_only_named(criterion, unit)
                       or sent_on_another_event(criterion, unit.code_text) or answers_the_other_way(unit.code_text)
                       or never_committed(criterion, files[unit.path]))  # round 23: an INSERT rolled back
        if not blocker and (why := said_only_in_comments(unit, matched)):
            blocker = why
        if not blocker and (why := leans_on_file_name(criterion, reading.concepts, matched, unit, _has)):
            blocker = why
        if not blocker and ruled_out and (word := uses_ruled_out(unit.code_text, ruled_out, stem, split_identifier)):
            blocker = f"it uses the {word} the criterion rules out"
        context = frozenset(c.label for c in missing if c.label in modifiers and heads_shown(c.label, criterion, matched)
                            and not c.alternatives & named)
        # a word named nowhere in the change, or only in the messages of the unit's own file ("unsafe: disc under 22 mm")
        told = code_concepts(" ".join(a or b for a, b in _QUOTED.findall(files[unit.path])))
        decided = frozenset(c.label for c in missing if not c.alternatives & (named - told)) if not blocker and sided \
            and decides_the_criterion_s_way(criterion, files[unit.path]) else frozenset()
        decided -= bound_units(criterion)
        verdict = Judgement(unit, matched, missing, blocker, context, keys, criterion, decided, compared)
        if best is None or verdict.rank() > best.rank():
            best = verdict
    return best


_SIGN_WORDS = frozenset({"negativ", "positiv", "zero", "never", "below", "abov"})
_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'s\b)?")


def _written(change: ChangeSet) -> str:
    return "\n".join(text for lines in change.added_lines.values() for _, text in lines)


def _offline_location(criterion: str, change: ChangeSet, units: Sequence[Unit], title: str = "") -> tuple[str | None, str]:
    criterion = plain_criterion(criterion)
    if (named := named_refusal(criterion, units, change.added_lines)) is not None:
        return named
    shaped = shaped_location(criterion, units, _written(change), change.added_lines,
                             lambda core, some: _judged_location(core, change, some, title))
    return shaped if shaped is not None else _judged_location(criterion, change, units, title)


def _judged_location(criterion: str, change: ChangeSet, units: Sequence[Unit], title: str = "") -> tuple[str | None, str]:
    verdict = judge(criterion, units, _written(change), title)
    if verdict is None:
        return None, "the change adds no code a criterion could be matched to"
    missing = ", ".join(c.label for c in verdict.missing if c.strong)
    if not verdict.passes:
        where = f"{verdict.unit.path}:{verdict.unit.start} ({verdict.unit.name})"
        if verdict.blocker and not missing:
            return None, f"closest is {where}, but {verdict.blocker}"
        return None, f"closest is {where}, which lacks: {missing or 'the criterion’s words'}"
    added = dict(change.added_lines.get(verdict.unit.path, []))
    line = best_line(verdict.unit, verdict.matched, added)
    what = "test" if verdict.unit.kind == "test" else "in"
    detail = f"matched {', '.join(c.label for c in verdict.matched)} {what} {verdict.unit.name}"
    if missing:
        detail += f" (not: {missing})"
    return f"{verdict.unit.path}:{line}", detail


def change_units_of(change: ChangeSet) -> list[Unit]:
    """The change read as units (functions, classes, tests, configuration blocks) for criteria matching."""
    units = change_units(change.added_lines, change.present_files(), Path(change.root), change.removed_lines)
    mark_returned_exits(units, Path(change.root))
    return units


def _lookup(mapping: Mapping[str, str] | None, criterion: str) -> str | None:
    if not mapping:
        return None
    found = mapping.get(criterion)
    if found is None:
        lowered = {key.strip().lower(): value for key, value in mapping.items()}
        found = lowered.get(criterion.strip().lower())
    return str(found) if found else None


def map_criteria(
    criteria: Sequence[str],
    change: ChangeSet,
    criteria_map: Mapping[str, str] | None = None,
    reviewer_map: Mapping[str, str] | None = None,
    checked: Mapping[str, tuple[str | None, str]] | None = None,
    title: str = "",
) -> list[CriterionLocation]:
    """Each criterion's `path:line`: the agent's when it is an existing line of the change, else where the
    gate commands that check it passed (`checked`, from command_criteria), else matched offline against
    what the change does (`title`: the task's, whose noun the code may name otherwise), else the review
    model's (checked the same way)."""
    located: list[CriterionLocation] = []
    units: list[Unit] | None = None
    for criterion in criteria:
        notes: list[str] = []
        claimed = _lookup(criteria_map, criterion)
        if claimed:
            problem = _check_location(claimed, change)
            if problem is None:
                located.append(CriterionLocation(criterion=criterion, location=claimed.strip().removeprefix("./"),
                                                 source="agent"))
                continue
            notes.append(f"the agent's {claimed} was rejected: {problem}")
        by_commands = (checked or {}).get(criterion)
        if by_commands is not None:
            where, said = by_commands
            located.append(CriterionLocation(criterion=criterion, location=where, source="gates", refuted=where is None,
                                             note="; ".join([*notes, said if where else f"the command failed: {said}"])))
            continue
        asked = named_tests_criterion(criterion)
        if asked is not None:
            # round 19: the test gate's criterion is shown by its run (command_criteria), never by a line's words
            why, refuted = unchecked_reason(asked, change)
            located.append(CriterionLocation(criterion=criterion, location=None, refuted=refuted,
                                             note="; ".join([*notes, why])))
            continue
        if units is None:
            units = change_units_of(change)
        location, detail = _offline_location(criterion, change, units, title)
        if location:
            located.append(CriterionLocation(criterion=criterion, location=location, source="offline",
                                             note="; ".join([*notes, detail])))
            continue
        notes.append(detail)
        reviewed = _lookup(reviewer_map, criterion)
        if reviewed:
            problem = _check_location(reviewed, change)
            if problem is None:
                located.append(CriterionLocation(criterion=criterion, location=reviewed.strip().removeprefix("./"),
                                                 source="reviewer", note="; ".join(notes)))
                continue
            notes.append(f"the review model's {reviewed} was rejected: {problem}")
        located.append(CriterionLocation(criterion=criterion, location=None, note="; ".join(notes)))
    return located


_HOW = {"agent": "agent's map", "offline": "offline match", "reviewer": "review model, line checked",
        "gates": "gate commands"}


def plan_alignment(
    criteria: Sequence[str],
    change: ChangeSet,
    criteria_map: Mapping[str, str] | None = None,
    reviewer_map: Mapping[str, str] | None = None,
    *,
    tests_vouch: str | None = None,
    checked: Mapping[str, tuple[str | None, str]] | None = None,
    title: str = "",
) -> GateResult:
    """Gate 1: every acceptance criterion maps to an existing `path:line` of the change.

    `tests_vouch` (a `path:line` of the change) is given when the change's tests pass and the agent
    was already asked for the mapping: a criterion still unmatched is then traced there, with a
    warning line (a risk in the review note) — working, tested code never fails on wording alone.
    """
    if not criteria:
        return GateResult(gate="plan_alignment", passed=True, evidence=["the task has no acceptance criteria to map"])
    evidence: list[str] = []
    warnings: list[str] = []
    unmapped: list[str] = []
    for item in map_criteria(criteria, change, criteria_map, reviewer_map, checked, title=title):
        if item.location:
            detail = f" ({_HOW[item.source]}{'; ' + item.note if item.note else ''})"
            evidence.append(f"✓ {item.criterion} → {item.location}{detail}")
            if item.source == "gates" and item.note.startswith(UNCHECKED):
                warnings.append(f"⚠ {item.criterion}: {item.note} — check it by hand")
        elif tests_vouch and not item.refuted:
            evidence.append(f"✓ {item.criterion} → {tests_vouch} (the change's tests pass; no line matched its words)")
            warnings.append(f"⚠ {item.criterion}: no line of the change matched its words; accepted because the "
                            "tests pass — check it by hand")
        else:
            unmapped.append(item.criterion)
            why = item.note or "no added line of the change matches it"
            evidence.append(f"✗ {item.criterion}: not mapped — {why}")
    if unmapped:
        evidence.insert(0, f"{len(unmapped)} of {len(criteria)} criteria not mapped to the change: {'; '.join(unmapped)}")
    return GateResult(gate="plan_alignment", passed=not unmapped, evidence=[*evidence, *warnings])


def vouching_line(change: ChangeSet) -> str | None:
    """Where passing tests vouch for a criterion: the first added line of a test the change adds that calls
    code of the change (the test that exercises what was built), else of any test in it, else of code."""
    exercising = [unit for unit in change_units_of(change) if unit.kind == "test" and unit.linked_code and unit.added]
    if exercising:
        first = min(exercising, key=lambda unit: (unit.path, unit.added[0]))
        return f"{first.path}:{first.added[0]}"
    for want_test in (True, False):
        for path in change.present_files():
            lines = [n for n, text in change.added_lines.get(path, []) if is_code_line(text)]
            if lines and is_test_file(path) == want_test:
                return f"{path}:{lines[0]}"
    return None


def unmapped_criteria(gate_results: Sequence[GateResult]) -> list[str]:
    """The criteria a plan_alignment gate could not map (read back from its evidence)."""
    found: list[str] = []
    for gate in gate_results:
        if gate.gate == "plan_alignment" and not gate.passed:
            for line in gate.evidence:
                match = _UNMAPPED_LINE.match(line)
                if match:
                    found.append(match.group(1))
    return found


# -- the review model maps what the offline matcher could not ----------------------------------------------
Ask = Callable[[str], Awaitable[str]]
_REPLY_LINE = re.compile(r"^\W*(\d+)\s*[.:)\-]\s*`?([^\s`]+:\d+)`?", re.MULTILINE)
_UNMAPPED_LINE = re.compile(r"^✗ (.+?): not mapped\b")
MAX_MAPPING_DIFF_CHARS = 12_000


async def reviewer_locations(criteria: Sequence[str], change: ChangeSet, ask: Ask) -> tuple[dict[str, str], str]:
    """Ask the review model where each criterion is implemented; (criterion → path:line, note).

    Its answers are not trusted: map_criteria checks each line exists in the change. A model that
    fails or answers nothing usable leaves the criteria unmapped, with the reason in the note.
    """
    if not criteria:
        return {}, ""
    listing = "\n".join(f"{n}. {criterion}" for n, criterion in enumerate(criteria, start=1))
    diff = change.diff if len(change.diff) <= MAX_MAPPING_DIFF_CHARS else change.diff[:MAX_MAPPING_DIFF_CHARS] + "\n…"
    prompt = render_prompt("criteria_map", criteria=listing, files=", ".join(change.present_files()) or "none",
                           diff=diff or "(no textual diff)")
    try:
        reply = await ask(prompt)
    except Exception as error:  # noqa: BLE001 - a failing model leaves the criteria unmapped, it does not stop the gate
        return {}, f"the review model could not map them: {type(error).__name__}: {error}"
    found: dict[str, str] = {}
    for number, location in _REPLY_LINE.findall(reply or ""):
        index = int(number) - 1
        if 0 <= index < len(criteria):
            found[criteria[index]] = location
    return found, "" if found else "the review model named no line for them"
