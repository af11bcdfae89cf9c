"""Writes the delivery plan (DESIGN.md "Plan document") from the agreed scope.

One skeleton task, then one task per feature — phase 1 first, the core user flow in flow order,
then phases 2 and 3 — with dependencies, ownership, files, tests, non-goals, a time budget and
acceptance criteria taken from the feature descriptions and the core flow. A task depends on the
skeleton and on the earlier tasks whose data it needs (pmtui.product.plan_dependencies), so the
independent ones can run in parallel. The result always parses with pmtui.delivery.plan and never
has a cycle: every dependency points to an earlier task.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pmtui.delivery.plan import PlanFiles, PlanTask, classify_tier
from pmtui.models import ConversationState, Feature
from pmtui.naming import plan_id_for, slugify
from pmtui.product.plan_checks import (
    THING_HEADS,
    metric_check,
    opens_on_verb,
    template_check,
    thing_check,
    third_person,
)
from pmtui.product.plan_dependencies import TaskNeeds, actor_words, dependencies, kind_of, things_of
from pmtui.product.rice import DOER_CAN

_INNER_APOSTROPHE = re.compile(r"(?<=\w)['’](?=\w)")

_STOPWORDS = {
    "the", "and", "for", "with", "from", "into", "your", "their", "our", "you", "they", "that", "this",
    "can", "will", "each", "per", "via", "out", "new", "one", "all", "any", "basic", "simple", "user",
    "users", "app", "feature", "features", "mvp",
}
_ACTION_VERBS = {
    "add", "approve", "book", "browse", "build", "chat", "compare", "connect", "create", "delete", "download",
    "edit", "export", "filter", "find", "generate", "get", "import", "invite", "join", "log", "manage",
    "message", "offer", "pay", "plan", "post", "rate", "read", "receive", "record", "remind", "request",
    "review", "save", "schedule", "search", "see", "send", "set", "share", "sign", "sort", "swap", "sync",
    "track", "upload", "view", "write",
}
# A parenthesised note on where a row came from, not something to build.
# ("(split from Loan schedule)", "(a smaller first cut of …)": argue-back's notes on a row it made.)
_NOTE = re.compile(r"\s*\((?:template|estimated|assumed|note|split from|a smaller first cut of|instead of|nice to have)\b[^)]*\)", re.IGNORECASE)
# Where a description came from ("— from your words: “a paper notebook in the shed”"): the reader's, in the task's
# description; as a criterion it asks the agent for nothing (or for the paper notebook it quotes).
_SOURCE = re.compile(r"\s*[—–]\s*from your (?:words|constraints)\s*:\s*“[^”]*”", re.IGNORECASE)
_SAVES = re.compile(r"\b(?:sav|stor|record|kept|keep|persist|remember)\w*", re.IGNORECASE)
# Verbs that only read: "See whats free" saves nothing, so its criterion asks for no saved result; nor does what the
# app works out and hands over ("Get shift-aware reminders", "Receive a weekly digest").
_READ_VERBS = {"see", "view", "browse", "find", "search", "compare", "read", "filter", "sort", "check", "look", "watch",
               "download", "export", "list", "show", "get", "receive"}
# What a row that is a thing shown starts with ("List of who paid and who is late").
_SHOWN = {"list", "report", "summary", "overview", "calendar", "map", "dashboard", "timeline", "table", "chart", "log"}
# Minutes of agent time per person-week of RICE effort, bounded to keep a task reviewable.
_MINUTES_PER_WEEK = 15
_MIN_MINUTES, _MAX_MINUTES = 10, 60


@dataclass(frozen=True)
class Stack:
    """What the plan's Environment and file paths look like for one technology."""

    name: str
    label: str
    keywords: tuple[str, ...]
    lint: str
    typecheck: str
    test: str
    build: str
    source: str = ""
    test_file: str = ""
    skeleton: tuple[str, ...] = ()


STACKS: tuple[Stack, ...] = (
    Stack("typescript", "TypeScript", ("typescript", "next.js", "nextjs", "react native", "reactjs", "react.js", "react app",
                         "react frontend", "node", "node.js", "nodejs", "vue", "svelte", "angular", "deno",
                         "javascript"),
          "npm run lint", "npx tsc --noEmit", "npm test", "npm run build",
          "src/{slug}.ts", "tests/{slug}.test.ts", ("package.json", "tsconfig.json", "src/index.ts")),
    Stack("go", "Go", ("golang", "in go", "using go", "go backend", "go service"), "go vet ./...", "none", "go test ./...", "go build ./...",
          "internal/{snake}/{snake}.go", "internal/{snake}/{snake}_test.go", ("go.mod", "cmd/app/main.go")),
    Stack("rust", "Rust", ("rust", "cargo"), "cargo clippy -- -D warnings", "cargo check", "cargo test", "cargo build",
          "src/{snake}.rs", "tests/{snake}.rs", ("Cargo.toml", "src/main.rs")),
    Stack("ruby", "Ruby", ("ruby", "rails"), "bundle exec rubocop", "none", "bundle exec rspec", "none",
          "lib/{snake}.rb", "spec/{snake}_spec.rb", ("Gemfile", "lib/app.rb")),
    Stack("flutter", "Flutter", ("flutter", "dart"), "flutter analyze", "none", "flutter test", "none",
          "lib/{snake}.dart", "test/{snake}_test.dart", ("pubspec.yaml", "lib/main.dart")),
    Stack("python", "Python", ("python", "django", "flask", "fastapi", "pydantic"), "ruff check .", "mypy src",
          "pytest -q", "none", "src/{snake}.py", "tests/test_{snake}.py", ("pyproject.toml", "src/main.py")),
)
DEFAULT_STACK = STACKS[-1]


@dataclass
class _Draft:
    """A task being written, before it is rendered as Markdown."""

    id: str
    title: str
    description: str
    ownership: str
    depends: list[str]
    files: PlanFiles
    tests: list[str]
    non_goals: list[str]
    minutes: int
    criteria: list[str] = field(default_factory=list)
    tier: str = ""


def detect_stack(state: ConversationState) -> Stack:
    """The stack named first in the constraints (then the wishlist); Python when none is named."""
    summary = state.discovery_summary
    for text in (summary.constraints, " ".join(summary.feature_wishlist)):
        lowered = text.lower()
        found: list[tuple[int, int]] = []
        for rank, stack in enumerate(STACKS):
            for word in stack.keywords:
                match = re.search(rf"(?<![\w.]){re.escape(word)}(?![\w])", lowered)
                if match:
                    found.append((match.start(), rank))
        if found:
            return STACKS[min(found)[1]]
    return DEFAULT_STACK


def write_plan(state: ConversationState) -> str:
    """The delivery plan Markdown for the project's agreed scope."""
    stack = detect_stack(state)
    slug = state.slug or slugify(state.project or "project")
    features = _ordered_features(state)
    flow = state.scoping_output.core_user_flow if state.scoping_output else []
    cut = state.scoping_output.cut_features if state.scoping_output else []
    # Names only: the reasons for each cut are in the spec; a contract's non-goals stay short.
    non_goals = [f"no {_line(c.name)}" for c in cut if _line(c.name)][:8]
    if not non_goals:
        non_goals = ["work that belongs to other tasks of this plan"]

    drafts = [_skeleton(stack, state, non_goals)]
    flow_steps = _flow_steps(features, flow)
    actors = actor_words(state.discovery_summary.target_user)
    needs: list[TaskNeeds] = []
    used: set[str] = set()
    for number, feature in enumerate(features, start=2):
        task_id = f"T{number}"
        # "See what's free" is see_whats_free.py, not see_what_s_free.py: an apostrophe inside a word is no break.
        feature_slug = _unique(slugify(_INNER_APOSTROPHE.sub("", feature.name)) or f"feature-{number}", used)
        in_flow = flow_steps.get(id(feature)) if feature.phase == 1 else None
        draft = _feature_task(task_id, feature, feature_slug, ["T1"], in_flow, flow, stack, non_goals)
        drafts.append(draft)
        kind = kind_of(_line(feature.name))
        said = f"{_line(feature.name)} {_SOURCE.sub('', _NOTE.sub('', _line(feature.description)))}"
        needs.append(TaskNeeds(task_id, kind, things_of(kind, said, actors),
                               frozenset([*draft.files.all(), *draft.tests]), in_flow))
    # Only what a task needs of another makes it wait: the rest run side by side (DESIGN.md "Plan document").
    stated = dependencies(needs)
    for draft in drafts[1:]:
        draft.depends = stated[draft.id]

    for draft in drafts:
        if not draft.tier:
            draft.tier = classify_tier(
                PlanTask(id=draft.id, title=draft.title, description=draft.description,
                         ownership=draft.ownership, files=draft.files, tests=draft.tests,
                         acceptance_criteria=draft.criteria)
            )
    name = _line(state.project) or slug
    return _render(f"{name} MVP", plan_id_for(slug), stack, drafts)


def _ordered_features(state: ConversationState) -> list[Feature]:
    """Phase 1 first (core-flow features in flow order, then by score), then phases 2 and 3."""
    output = state.scoping_output
    if output is None:
        return [Feature(name=_line(wish)[:80], description=_line(wish), phase=1)
                for wish in state.discovery_summary.feature_wishlist if _line(wish)]
    flow = output.core_user_flow
    features = [f for f in output.mvp_features if _line(f.name)]
    steps = _flow_steps(features, flow)

    def key(item: tuple[int, Feature]) -> tuple[int, int, float, int]:
        position, feature = item
        step = steps.get(id(feature)) if feature.phase == 1 else None
        return (feature.phase, step if step is not None else len(flow), -feature.compute_score(), position)

    return [feature for _, feature in sorted(enumerate(features), key=key)]


def _tokens(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {w[:-1] if w.endswith("s") and len(w) > 4 else w for w in words if len(w) > 2} - _STOPWORDS


# The flow's opening and closing steps as the offline PM words them: no row's step by their words alone.
_GENERIC_STEP = re.compile(r"^(?:One of the .+ opens the app|A new .+ signs up|Sees (?:it worked|the problem solved):)")


def _flow_steps(features: list[Feature], flow: list[str]) -> dict[int, int]:
    """Each Phase-1 feature's core-flow step (by `id`), one feature per step: a step that names a row ("Deposit by
    card", "A new farmer signs up (Lot profile)") is that row's; a step no row names goes to the one row that shares
    at least half of its name's words with it; opening the app and seeing it worked are no row's by their words
    alone."""
    names = {id(f): _line(f.name).lower() for f in features if f.phase == 1 and _line(f.name)}

    def owner(step: str) -> int | None:
        lowered = _line(step).lower()
        # The longest name wins: "Online booking with a calendar" over "Online booking".
        found = [(len(name), key) for key, name in names.items()
                 if lowered == name or lowered.startswith(f"{name} \u2014") or f"({name})" in lowered]
        return max(found)[1] if found else None

    steps: dict[int, int] = {}
    for index, step in enumerate(flow):
        key = owner(step)
        if key is not None and key not in steps:
            steps[key] = index
    for index, step in enumerate(flow):
        if owner(step) is not None or index in steps.values() or _GENERIC_STEP.match(step):
            continue
        overlaps = [(len(_tokens(f.name) & _tokens(step)), -position, id(f)) for position, f in enumerate(features)
                    if id(f) in names and id(f) not in steps and _tokens(f.name)
                    and len(_tokens(f.name) & _tokens(step)) * 2 >= len(_tokens(f.name))]
        if overlaps:
            steps[max(overlaps)[2]] = index
    return steps


def _skeleton(stack: Stack, state: ConversationState, non_goals: list[str]) -> _Draft:
    files = PlanFiles(create=list(stack.skeleton))
    smoke = stack.test_file.format(slug="smoke", snake="smoke")
    criteria = [
        "The project builds from a clean checkout with the commands in the Environment section",
        f"`{stack.test}` runs and a smoke test in {smoke} passes",
    ]
    if stack.lint != "none":
        criteria.append(f"`{stack.lint}` reports no errors")
    if stack.typecheck != "none":
        criteria.append(f"`{stack.typecheck}` reports no errors")
    return _Draft(
        id="T1",
        title="Project skeleton",
        description=f"Set up the {stack.label} project layout, tooling and test runner that every later task uses.",
        ownership="skeleton",
        depends=[],
        files=files,
        tests=[smoke],
        non_goals=["no product features (they are the later tasks)", *non_goals[:2]],
        minutes=_MIN_MINUTES + 5,
        criteria=criteria,
        tier="normal",
    )


def _feature_task(
    task_id: str,
    feature: Feature,
    feature_slug: str,
    depends: list[str],
    step: int | None,
    flow: list[str],
    stack: Stack,
    non_goals: list[str],
) -> _Draft:
    snake = feature_slug.replace("-", "_")
    source = stack.source.format(slug=feature_slug, snake=snake)
    test_file = stack.test_file.format(slug=feature_slug, snake=snake)
    name = _line(feature.name)
    full = _line(feature.description)
    # A note for the reader ("(template: most apps need one…)") stays in the description, out of the criteria.
    description = _SOURCE.sub("", _NOTE.sub("", full)).strip()
    if _tokens(description) <= _tokens(name):
        description = full = ""
    criteria: list[str] = []
    parts = _parts(feature.description)
    # The PM's template for a derived row ("Nothing slips: …", "Show it plainly, …") is no check of code: what the
    # row's own words ask is; the success metric is tracked as the founder said it.
    metric, templated = metric_check(description), template_check(name, description)
    if templated == []:
        description = ""
    if metric is not None:
        criteria.append(f"{name}: {metric[0]}")
    elif templated:
        criteria += templated
    elif len(parts) >= 2:
        # Two rows merged in argue-back ("Get a notification …; Say when they'll be at the plot"): one check each.
        # A part that names a thing is checked as that thing ("Kit list with service due dates": the app shows it), not
        # as "Name: part" (the name again, when the part is the row's first half).
        criteria += [f"A user can {part[0].lower()}{part[1:]}" if opens_on_verb(part, _ACTION_VERBS | _READ_VERBS
                     | {"say", "tell", "mark", "share", "swap", "set", "choose", "pick"})
                     else thing_check(part) or f"{name}: {part}" for part in parts]
    elif description and description.split()[0].lower() in _SHOWN and description.lower().split()[1:2] == ["of"]:
        # "List of who paid and who is late": what the app shows.
        criteria.append(f"The app shows a {description[0].lower()}{description[1:].rstrip('.')}")
    elif description and opens_on_verb(description, _ACTION_VERBS | _READ_VERBS):
        # "Get a message when van is 5 minutes away" is something a user does: said as a check, not "Name: name…".
        criteria.append(f"A user can {description[0].lower()}{description[1:].rstrip('.')}")
    elif description and (can := DOER_CAN.match(description)):
        # "Each rider can check his own balance by SMS": the check itself, not "Check his own balance by SMS: Each
        # rider can check his own balance by SMS".
        criteria.append(f"A user can {description[can.end():].rstrip('.')}")
    elif description and description.lower().startswith(name.lower()) and (done := _people_doing(description)):
        # "Treasurer marks who paid each evening (cash or mpesa)", the row's own name said longer.
        verb, rest = done
        criteria.append(f"A user can {verb}{rest.rstrip('.')} from the app" if verb in _READ_VERBS
                        else f"A user can {verb}{rest.rstrip('.')} from the app and sees the result saved")
    elif description and description.lower().startswith(name.lower()) and (thing := thing_check(description)):
        # "Label with a batch code for each bag", the row's own name said longer: checked as the thing it is, not
        # "Label with a batch code: Label with a batch code for each bag".
        criteria.append(thing)
    elif description:
        criteria.append(f"{name}: {description.rstrip('.')}")
    elif opens_on_verb(name, _READ_VERBS):
        # "See whats free", "Browse the menu": reading changes nothing, so there is no result to see saved.
        criteria.append(f"A user can {name[0].lower()}{name[1:]} from the app")
    elif opens_on_verb(name, _ACTION_VERBS):
        criteria.append(f"A user can {name[0].lower()}{name[1:]} from the app and sees the result saved")
    elif (done := _people_doing(name)) is not None:
        # "Customers see today's location", "Office assigns a technician": who does it is the user; said as the
        # check the other rows are ("A user can see …"), not "Customers see today's location works from start to
        # finish in the app".
        verb, rest = done
        criteria.append(f"A user can {verb}{rest} from the app" if verb in _READ_VERBS
                        else f"A user can {verb}{rest} from the app and sees the result saved")
    elif thing := thing_check(name):
        # "Glaze recipes", "Reminder the night before": what a user or the app does with that kind of thing.
        criteria.append(thing)
    else:
        criteria.append(f"{name} works from start to finish in the app and its result is saved")
    flow_note = ""
    if step is not None:
        step_text = _step_text(flow[step])
        # The flow step as a criterion only where it asks more than the feature's own name does; where the
        # flow goes next is context for the agent (the next step is a later task), not a check of this one.
        if _tokens(step_text) - _tokens(name) - _tokens(description):
            criteria.append(f"A user can complete core-flow step {step + 1} with it: {step_text}")
        flow_note = f"Core-flow step {step + 1} of {len(flow)}"
        if step + 1 < len(flow):
            flow_note += f"; step {step + 2} builds on it: {_step_text(flow[step + 1])}"
        flow_note += "."
    # The founder's "my week of lessons" is the user's: "A user can see their week of lessons".
    criteria = list(dict.fromkeys(third_person(criterion) for criterion in criteria))
    refusal = "Invalid or empty input is refused with a message that says what to fix"
    # "…and nothing is saved" only where the task saves something: a calculation has nothing to leave unsaved.
    if _SAVES.search(" ".join(criteria)):
        refusal += ", and nothing is saved"
    criteria.append(refusal)
    criteria.append(f"{test_file} covers these criteria and passes with `{stack.test}`")
    effort = feature.rice_effort if feature.rice_effort > 0 else 1.0
    minutes = int(min(_MAX_MINUTES, max(_MIN_MINUTES, round(effort * _MINUTES_PER_WEEK))))
    return _Draft(
        id=task_id,
        title=name,
        description=" ".join(part for part in (f"Phase {feature.phase}, {feature.priority}.", _sentence(_for_agent(full)),
                                               _for_agent(flow_note))
                             if part),
        ownership=feature_slug,
        depends=depends,
        files=PlanFiles(create=[source]),
        tests=[test_file],
        non_goals=non_goals,
        minutes=minutes,
        criteria=criteria,
    )


# People (a plural, "Customers see …") or one of them (the verb agrees, "Office assigns …"), then what they do to what.
_DOING = re.compile(r"^(?:the\s+|our\s+|my\s+)?(?:[A-Za-z][\w'-]*s\s+(?P<verb>[a-z]+)|[A-Za-z][\w'-]*\s+(?P<verb3>[a-z]+s))"
                    r"(?P<rest>\s.*)$")


# What follows a thing's name, not a verb's object ("plans with due dates", "records per cow").
_AFTER_NOUN = re.compile(r"\s+(?:with|of|per|for|from|by|at|on|in|so|that|which|after|before|to|when)\b", re.IGNORECASE)


def _people_doing(name: str) -> tuple[str, str] | None:
    """(verb, the rest) of a row named as someone doing something ("Owners book the dates", "Office assigns a
    technician"), or None."""
    found = _DOING.match(name)
    if found is None or not found.group("rest").strip():
        return None  # "Photo updates", "Shift swaps": a thing named, no one doing anything
    verb = found.group("verb") or found.group("verb3")
    if (found.group("verb3") or verb in THING_HEADS) and (name.split()[0].lower().endswith("ing")
                                                          or _AFTER_NOUN.match(found.group("rest"))):
        # "Instalment plans with due dates", "Sharing records with a mentor", "Parts list per job", "Mass message to
        # everyone booked": things, not someone doing something.
        return None
    known = _ACTION_VERBS | _READ_VERBS | {"assign", "mark", "move", "pick", "choose", "confirm", "cancel", "update"}
    for base in (verb, verb[:-1] if verb.endswith("s") else "", verb[:-2] if verb.endswith("es") else ""):
        if base in known:
            return base, found.group("rest")
    return None


def _parts(description: str) -> list[str]:
    """The parts of a merged row's description ("A; B", "A, includes B"), each a line of its own; [] for one."""
    text = _SOURCE.sub("", _NOTE.sub("", description)).strip()
    parts = [re.sub(r"^includes\s+", "", _line(p).strip(" .,"), flags=re.IGNORECASE)
             for p in re.split(r"\s*;\s*|,?\s+includes\s+", text) if p.strip(" .,")]
    parts = list({part.lower(): part for part in reversed(parts)}.values())[::-1]  # once each, as first said
    return parts if len(parts) >= 2 else []


_YOUR_WORDS = re.compile(r"\bfrom your (words|constraints|revenue model)\b", re.IGNORECASE)


def _for_agent(text: str) -> str:
    """A description as the agent reads it: the founder is "the founder", not "you" ("— from the founder's words: “…”"),
    and the founder's "I" and "my" outside quotes are theirs."""
    return third_person(_YOUR_WORDS.sub(r"from the founder's \1", text))


def _step_text(step: str) -> str:
    """A core-flow step without what the row's description adds that is no check: a note on where it came from, the
    founder's quoted words, the PM's template ("Import from excel — Bring over what they already keep today")."""
    pieces = _SOURCE.sub("", _NOTE.sub("", _line(step))).split(" \u2014 ")
    kept = [piece for piece in pieces
            if piece is pieces[0] or (template_check(pieces[0], piece) is None and metric_check(piece) is None)]
    return " \u2014 ".join(kept).strip().rstrip(".")


def _sentence(text: str) -> str:
    """A description as a sentence of its own, ended, so what follows it is not read as its tail."""
    return text if not text or text.endswith((".", "!", "?", ")")) else f"{text}."


def _unique(slug: str, used: set[str]) -> str:
    candidate, number = slug, 2
    while candidate in used:
        candidate = f"{slug}-{number}"
        number += 1
    used.add(candidate)
    return candidate


def _line(text: str) -> str:
    """One Markdown-safe line: no newlines, no leading list/heading markers, no field separators."""
    single = " ".join(str(text).split())
    single = re.sub(r"^[#>*`\-\s]+", "", single)
    return single.replace(";", ",")


def _render(name: str, plan_id: str, stack: Stack, drafts: list[_Draft]) -> str:
    lines = [
        f"# Plan: {name}",
        f"plan-id: {plan_id}",
        "",
        "## Environment",
        f"- lint: {stack.lint}",
        f"- typecheck: {stack.typecheck}",
        f"- test: {stack.test}",
        f"- build: {stack.build}",
        "",
        "## Tasks",
    ]
    for draft in drafts:
        files = "; ".join(
            f"{action} {path}" for action in ("create", "modify", "delete") for path in getattr(draft.files, action)
        )
        lines += [
            "",
            f"### {draft.id}: {draft.title}",
            "",
            draft.description,
            "",
            f"- tier: {draft.tier}",
            f"- depends: {', '.join(draft.depends) if draft.depends else 'none'}",
            f"- ownership: {draft.ownership}",
            f"- files: {files or 'none'}",
            f"- tests: {', '.join(draft.tests) if draft.tests else 'none'}",
            f"- non-goals: {'; '.join(draft.non_goals)}",
            f"- time-budget: {draft.minutes}m",
            "",
            "Acceptance criteria:",
            *[f"- {criterion}" for criterion in draft.criteria],
        ]
    return "\n".join(lines) + "\n"
