"""What a failed attempt's escalation says and offers: the first finding a human can act on, and the options.

When the agent itself is the cause (it fell over, timed out, or wrote nothing: a question to the user, prose, an
edit its tool could not apply), the gates after it only show that it did: the finding is the agent's own last
words, and the recommendation is a retry with a note the agent reads (the answer to its question, the files, the
approach), never a blind retry of the same agent on the same prompt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pmtui.delivery.escalations import (
    ACCEPT,
    ESCALATION_OPTIONS,
    NO_ACCEPT_OPTIONS,
    RETRY_FINDING,
    RETRY_NOTE,
    accept_option,
    other_agent_option,
)
from pmtui.models.delivery import AgentResult, GateResult
from pmtui.redaction import clip, redact

NEVER_ACCEPTED_GATES = frozenset({"secrets_scan", "size_limit", "nested_repo", "own_config"})
# An agent CLI's own bookkeeping around its model's words: banners, the files it added to its chat, token counts
# and costs, where it saved its log, warnings, the commands it ran and their output.
_BOOKKEEPING = re.compile(
    r"^(?:tokens:|cost:|session cost|saved trajectory|aider v\d|model:|main model:|weak model:|git repo:|repo-map:"
    r"|added .+ to the chat|creating empty file|analytics|https?connectionpool|warning|tool:|exit:$|mini-swe-agent \("
    r"|[`<─━=#>-])", re.IGNORECASE)
_COMMAND_HEAD = re.compile(r"^[\w-]+: `[^`]+`$")
# The gates that fail when the attempt did nothing of the task: nothing changed (or blank files), or none of the
# task's files.
DID_NOTHING = ("change", "task_files")
# How agent CLIs say their model's edit was not applied, each in its own words (their installed versions' sources
# and binaries): aider, Claude Code's Edit tool, Gemini CLI's edit tool, opencode's edit tool, Codex's apply_patch,
# mini-swe-agent after repeated format errors. Those that print nothing of it are found by the tree alone.
_EDIT_NOT_APPLIED = re.compile(
    r"SearchReplaceNoExactMatch|did not conform to the edit format|String to replace not found|Failed to edit\b"
    r"|Could not find oldString|oldString not found|apply_patch verification failed|Failed to find expected lines"
    r"|Failed to find context|RepeatedFormatError", re.IGNORECASE)
# How an agent CLI says it stopped at its own step, cost or time limit (mini-swe-agent's exit statuses).
_OWN_LIMIT = re.compile(r"^(?:LimitsExceeded|TimeExceeded)$")
# A path alone on a line (a terminal-wrapped "Saved trajectory to\n'/tmp/…/mini.traj.json'"): no words of the agent.
_BARE_PATH = re.compile(r"^'?[~/][^\s]*'?$")
_QUESTION = re.compile(r"[^.!?\n]*\?")


def escalation_options(failed: list[str], *, agent_side: bool = False) -> tuple[str, ...]:
    """The options of a failed task's escalation: no accept when a gate failed that must never be accepted, or when
    the attempt changed nothing (an agent that crashed at once: there is nothing to accept and commit). When the
    agent itself was the cause, a retry with the human's note for the agent comes first (it is the recommendation)."""
    options = NO_ACCEPT_OPTIONS if NEVER_ACCEPTED_GATES & set(failed) or "change" in failed else ESCALATION_OPTIONS
    return (RETRY_NOTE, *options) if agent_side else options


def repeated_failure_options(failed: list[str], finding: str, others: list[str],
                             unready: Sequence[str] = ()) -> tuple[tuple[str, ...], int]:
    """The options and the recommendation when the code failed the same way twice: the same agent on the same prompt
    fails the same way again, so the recommendation is the human's note (pre-filled with the finding), then another
    installed agent; accept states the risk it takes. Options 1 to 3 keep their places (a retry, accept, skip: what
    `pmtui answer N --option K` scripts rely on); the new ones come after them."""
    options = [accept_option(finding) if option == ACCEPT else option for option in escalation_options(failed)]
    options.append(RETRY_FINDING)
    if others:
        options.append(other_agent_option(others, unready))
    return tuple(options), options.index(RETRY_FINDING) + 1


def finding_text(results: list[GateResult], result: AgentResult | None = None, agent: str = "") -> str:
    """first_finding's words alone ("FAILED tests/test_x.py::test_y"), '' when there is none."""
    return first_finding(results, result, agent).removeprefix("; first finding: ")


def agent_side(results: list[GateResult], result: AgentResult | None) -> bool:
    """The agent, not its code, failed: it fell over or timed out, or its attempt did nothing."""
    return bool(agent_failure(result)) or any(gate.gate in DID_NOTHING and not gate.passed for gate in results)


def never_accepted_findings(results: list[GateResult]) -> str:
    """What a gate that is never accepted found (a secret, a file over the limit, a nested repository), for the
    escalation's problem: the human sees which file or folder without opening the gate evidence."""
    findings = [line for gate in results if not gate.passed and gate.gate in NEVER_ACCEPTED_GATES
                for line in gate.evidence[:3]]
    if not findings:
        return ""
    text = "; ".join(findings)
    return f" — never committed as it is: {clip(text, 600)}{'…' if len(text) > 600 else ''}"


def agent_failure(result: AgentResult | None) -> str:
    """What a failed agent run said last ("the agent exited 1: OSError: [Errno 30] Read-only file system: …"): when
    the agent itself fell over, every gate after it fails too, and the first of those is not the cause."""
    if result is None or not (result.timed_out or result.exit_code not in (None, 0)):
        return ""
    how = "timed out" if result.timed_out else f"exited {result.exit_code}"
    last = next((line.strip() for line in reversed(result.output_tail.splitlines()) if line.strip()), "")
    text = f"the agent {how}" + (f": {clip(last, 200)}" if last and not result.timed_out else "")
    if result.sandboxed and "read-only file system" in result.output_tail.lower():
        text += " (the sandbox lets an agent write only its worktree and $TMPDIR; `--sandbox off` lifts it)"
    return text


def agent_words(output: str) -> str:
    """The agent's last words to its user, from its output: the last question it asked, else its last paragraph
    of prose. A terminal-wrapped paragraph is read as one line; code blocks (paired from the end: the output's
    tail may begin inside one) and the tool's bookkeeping are left out."""
    paragraphs: list[str] = []
    lines: list[str] = []
    fenced = False
    for raw in ["", *output[-6000:].splitlines()][::-1]:
        line = raw.strip()
        if line.startswith("```"):
            fenced = not fenced
        elif line and not fenced and not _BOOKKEEPING.match(line) and not _BARE_PATH.match(line):
            lines.insert(0, line)
            continue
        text = " ".join(lines)
        if len(re.findall(r"[A-Za-z]{2,}", text)) >= 3:
            paragraphs.append(text)
        lines = []
    for text in paragraphs:  # the last paragraph first
        asked = [q.strip() for q in _QUESTION.findall(text) if len(q.split()) >= 3]
        if asked:
            return "asked: “" + clip(" ".join(asked), 300) + "”"
    return "said: “" + clip(paragraphs[0], 300) + "”" if paragraphs else ""


def last_printed(output: str) -> str:
    """The last line of an agent's output that is not its tool's bookkeeping, '' when there is none."""
    return next((clip(line.strip(), 200) for line in reversed(output[-6000:].splitlines())
                 if line.strip() and not _BOOKKEEPING.match(line.strip()) and not _BARE_PATH.match(line.strip())), "")


def did_nothing(head: str, result: AgentResult | None, agent: str) -> str:
    """The finding of an attempt that did nothing of the task, in the agent's own words: the agent by name and how
    it ended ("codex exited 0: the attempt changed no files"), then what it said of it: its tool's report that the
    edit was not applied (with what to change, when the preset knows), else the edit failure in the tool's own
    words, else the question it asked or its last prose, else the last line it printed."""
    if result is None:
        return head
    if agent and not result.timed_out and result.exit_code in (0, None):
        head = f"{agent} exited 0: {head}"
    if result.blockers:
        return f"{head}; {redact(result.blockers[0])}"
    output = result.output_tail
    failed_edit = next((line.strip() for line in reversed(output[-6000:].splitlines()) if _EDIT_NOT_APPLIED.search(line)), "")
    if failed_edit:
        return f"{head}; its edit was not applied: “{redact(clip(failed_edit, 200))}”"
    words = agent_words(output)
    limit = next((line.strip() for line in reversed(output[-2000:].splitlines()) if _OWN_LIMIT.match(line.strip())), "")
    if limit:
        # It ran out of the steps or time pmtui gave it (its preset's limits from the task's budget) first.
        head = f"{head}; it stopped at its own step or time limit (“{limit}”)"
    if words:
        return f"{head}; the agent {redact(words)}"
    last = last_printed(output)
    return f"{head}; it printed last: “{redact(last)}”" if last else f"{head}; it printed nothing"


def first_finding(results: list[GateResult], result: AgentResult | None = None, agent: str = "") -> str:
    """The first thing a failed gate found, for the escalation's problem line: "(lint_and_typecheck): not retrying
    blindly" named nothing a human could act on; "…: `ruff check .`: hall/x.py:3:1: F401 `os` imported but unused"
    does. An agent that crashed or timed out comes first: the gates after it only show that it did; so does one
    that did nothing of the task (did_nothing: its name and its own words)."""
    fell_over = agent_failure(result)
    if fell_over:
        return f"; first finding: {redact(fell_over)}"
    nothing = next((gate for gate in results if gate.gate in DID_NOTHING and not gate.passed), None)
    if nothing is not None:
        return f"; first finding: {did_nothing(nothing.evidence[0], result, agent)}"
    for gate in results:
        if gate.passed:
            continue
        lines = [line for line in gate.evidence if line.strip()]
        found = next((line.strip() for line in lines if line.startswith(("  ", "✗"))), "")
        head = lines[0].split(" exited ")[0] if lines else ""
        if found:
            # A gate command's head ("lint: `ruff check .`") names where the finding comes from; a criterion's
            # words with a command in them ("2 of 4 criteria not mapped: `pytest -q` runs…") are not a head.
            text = f"{head}: {found}" if head != found and _COMMAND_HEAD.match(head) else found
            return f"; first finding: {text[:200]}"
    return ""
