"""What each task of the PM's plan needs from the others: the dependencies the plan writer states.

A task depends on the skeleton (T1) and on an earlier task only when it needs what that one builds, so the tasks
that need nothing of each other can run side by side (`--parallel-tiers low,normal`). Each feature has a kind, from
its name: an account (sign-up, profile) needs no product data; a success metric counts the events of the flow; a
notification (a text, a reminder, a confirmation) reacts to a record another task creates; a reading feature (see,
view, list, export, a report) shows records another task creates; anything else writes records. What a task needs
is found by the things its name and description speak of (the "tool" of "Browse the tools" and "Book a tool"): a
task needs every earlier task that speaks of one of its things. A notification, a metric or a reading feature that
shares a thing with no task that writes needs the core flow's writing tasks before it (the nearest one, for a
notification: the step whose record it reports on). Every dependency points to an earlier task, so a plan never
has a cycle, and two tasks that would touch the same file always depend one on the other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Kind = Literal["account", "metric", "notify", "read", "write"]

# An account of the app's users, named as the row itself ("Sign-up and profile", "Registration", "Agency logins"), not
# a record of the product that has a sign-in or a profile ("Volunteer sign-in", "Dog profile with grooming notes").
_ACCOUNT = re.compile(r"^(?:(?:user |my )?(?:sign[- ]?ups?|sign[- ]?ins?|log[- ]?ins?|registration|accounts?|profiles?)\b"
                      r"|(?:\w+ )?log[- ]?ins?$)", re.IGNORECASE)
_METRIC = re.compile(r"\b(?:success metrics?|metrics?|kpis?|analytics)\b", re.IGNORECASE)
_NOTIFY = re.compile(r"\b(?:remind\w*|notif\w*|alerts?|texts?|sms|e-?mails?|push|confirmations?|digests?|nudges?|"
                     r"follow[- ]?ups?|warnings?|pings?)\b", re.IGNORECASE)
_CHANNEL = re.compile(r"(?<![\w-])(?:by|via|with|over|in|on)(?![\w-])", re.IGNORECASE)
# The act of a reading feature, among its first words ("Students see free seats", "Export of the file names").
_READ_ACTS = {"see", "view", "browse", "find", "search", "compare", "read", "filter", "sort", "check", "look", "watch",
              "download", "export", "list", "show", "get", "receive", "print"}
# The acts that open a writing feature's name ("Book a tool", "Booking with SMS ticket", "Paying the players").
_WRITE_ACTS = ("book", "add", "create", "log", "record", "pay", "post", "upload", "import", "rate", "request", "swap",
               "approve", "save", "schedule", "write", "edit", "delete", "invite", "join", "offer", "buy", "order",
               "reserve", "release", "mark", "block", "collect", "submit", "enter", "claim", "cancel", "assign",
               "plan", "fill", "take", "taking", "drag", "move", "scan", "sell", "hire", "rent")
_DETERMINERS = frozenset(("a", "an", "the", "my", "your", "their", "his", "her", "our", "its", "each", "every", "this",
                          "that", "these", "those", "some", "any"))
# What a reading feature is called when its name has no act ("Weekly report", "Counter that shows how many").
_READ_THINGS = re.compile(r"\b(?:reports?|summary|summaries|dashboards?|overview|stats|statistics|counters?|"
                          r"history|leaderboards?|exports?)\b", re.IGNORECASE)
# A verb and its particle are one word: a check-in is something written ("Visit check-in"), not a check, and a
# sign-in, a sign-up and a sign-off are three things ("Volunteer sign-in", "Section leader sign-off").
_PHRASAL = re.compile(r"\b(check|sign|drop|pick|follow|set|take|top|no)[- ]?(in|up|off|out|show|down)s?\b",
                      re.IGNORECASE)
_SPLIT_FROM = re.compile(r"\bsplit from\b", re.IGNORECASE)
# Words that name no thing a task builds or reads: function words, time and quantity, how the app is used, and the
# words of the success-metric template ("Instrument the success metric from day one").
_GENERIC_TEXT = """
    the and for with from into your their our you they that this these those them themselves himself herself itself
    can will would should could must each per via out new one two three all any some many more less most much few
    basic simple easy quick quickly fast just only also then than not but nor has have had are was were been being
    who whom what whats when where which while why how its his her him she get gets got set sets see sees
    seen saw view views look make makes made use uses used keep keeps kept track tracking tracked able let lets
    user users app apps feature features mvp phone phones mobile online offline web screen page button tap taps
    click clicks way thing things stuff lot lots loads like yes etc day days week weeks month months year years
    today tomorrow daily weekly monthly yearly time times hour hours minute minutes first last next after before
    every given instead other others own same whole part free start end instrument success metric metrics measure
    goal template need needs want wants work works working list lists come comes coming going happen happened
    actually really bring over already still even everyone anyone someone something nothing little big small good
    better right sure
    """
_GENERIC = frozenset(_GENERIC_TEXT.split())
# Where the naming of the users ends and a clause about them begins ("nurses who work shifts").
_ACTOR_END = re.compile(r"\b(?:who|whom|whose|that|which|with|to|for|in|at|on|from)\b|[(;:]", re.IGNORECASE)


@dataclass(frozen=True)
class TaskNeeds:
    """What the dependency rules read of one feature task: its id, kind, things, files and core-flow step."""

    id: str
    kind: Kind
    things: frozenset[str]
    files: frozenset[str]
    flow_step: int | None


def kind_of(name: str) -> Kind:
    """The feature's kind, from its name. A name that opens with a writing act, said as a verb, is a writing feature
    whatever it mentions after ("Booking with SMS ticket", "Book a text slot"); "Rent reminders" and "Pay reminder
    by WhatsApp" name a reminder, "Get a text" notifies, "Pain score by text message" records a score."""
    if _ACCOUNT.search(name.strip()):
        return "account"
    if _METRIC.search(name):
        return "metric"
    words = re.findall(r"[a-z]+", _PHRASAL.sub(r"\1\2", name.lower()))
    if words and _stem(words[0]) in _WRITE_STEMS and (words[0].endswith("ing") or words[1:2] and words[1] in _DETERMINERS):
        return "write"
    # "Ticket by SMS", "Monthly payment with reminders": the message is how the record travels, not the feature.
    if _NOTIFY.search(_CHANNEL.split(name, maxsplit=1)[0]):
        return "notify"
    for word in words[:4]:
        stem = word[:-1] if word.endswith("s") and word[:-1] in _READ_ACTS else word
        if stem in _READ_ACTS:
            return "read"
    if _READ_THINGS.search(name):
        return "read"
    return "write"


def actor_words(target_user: str) -> frozenset[str]:
    """The words naming who uses the app ("mostly small builders and plasterers" → builders, plasterers): the
    people every task serves, not a thing one task builds for another."""
    head = _ACTOR_END.split(target_user, maxsplit=1)[0]
    return frozenset(_stem(word) for word in re.findall(r"[a-z]+", head.lower()) if len(word) > 2)


def things_of(kind: Kind, text: str, actors: frozenset[str]) -> frozenset[str]:
    """The things a feature's name and description speak of, as stems. An account's things are the account itself:
    its description speaks of the users, whom every task serves."""
    if kind == "account":
        return frozenset({"account"})
    # "(split from Ask to swap and manager approve)": the row it came from names its things; the note's own words none.
    words = re.findall(r"[a-z]+", _PHRASAL.sub(r"\1\2", _SPLIT_FROM.sub(" ", text.lower())))
    return frozenset(stem for stem in (_stem(word) for word in words if len(word) > 2 and word not in _GENERIC)
                     if stem not in actors and stem not in _GENERIC)


def _stem(word: str) -> str:
    """One form for a word's inflections: bookings, booking, booked → book; planning → plan; services → servic."""
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            break
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


_WRITE_STEMS = frozenset(_stem(act) for act in _WRITE_ACTS)


def dependencies(tasks: Sequence[TaskNeeds], skeleton: str = "T1") -> dict[str, list[str]]:
    """Each task's dependencies, in plan order: the skeleton, then the earlier tasks whose things it needs."""
    found: dict[str, list[str]] = {}
    for position, task in enumerate(tasks):
        earlier = tasks[:position]
        needs: set[str] = set()
        if task.kind != "account":
            # A notification and a metric create nothing another task reads; an account is needed when named.
            needs = {other.id for other in earlier
                     if other.kind not in ("notify", "metric") and task.things & other.things}
        if task.kind in ("notify", "metric", "read"):
            writers = [other for other in earlier if other.kind == "write"]
            if not any(other.id in needs for other in writers):
                flow_writers = [other for other in writers if other.flow_step is not None]
                if task.kind == "notify":
                    flow_writers = flow_writers[-1:]
                needs |= {other.id for other in flow_writers}
        # Two tasks that touch one file run one after the other.
        needs |= {other.id for other in earlier if task.files & other.files}
        found[task.id] = [skeleton, *[other.id for other in earlier if other.id in needs]]
    return found
