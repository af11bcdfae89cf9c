"""An agent CLI whose own model call failed: what the tool said last, so the attempt is not read as a verdict on code.

aider prints the provider's error and exits 0 ("litellm.AuthenticationError: … Incorrect API key provided"), having
created the task's files empty; mini-swe-agent exits 1 after a traceback ending the same way. Either way the gates
that follow fail on code nobody wrote, and a fix attempt meets the same key, model or address: the engine escalates
at once with the provider's words instead (task_driver). A provider error the tool retried past is not a failure:
only one that is the last thing the tool said counts.
"""

from __future__ import annotations

import re

# The exceptions of the clients agent CLIs use (litellm: aider, mini-swe-agent; openai, anthropic SDKs), printed as
# Python prints an exception: at the start of a line, its message after a colon ("litellm.NotFoundError: …",
# mini's "AuthenticationError: litellm.AuthenticationError: …"); a sentence that names one is not one.
_PROVIDER_ERROR = re.compile(r"^(?:\w+: )?(?:litellm|openai|anthropic)\.(?:\w*Error|Timeout): ")
_RETRYING = re.compile(r"\bretrying\b", re.IGNORECASE)
# A rich traceback's frame lines quote the code that raised: not the message.
_FRAME = re.compile(r"^\s*[│╭╰|]")
# At most this many lines may follow the error's first line (its wrapped rest and the tool's hint).
_AFTER = 4
_WIDTH = 79


def model_failure(output_tail: str) -> str:
    """The provider error an agent CLI ended on, as one line ('' when its output ends otherwise)."""
    lines = [line.rstrip("\n") for line in output_tail.splitlines()]
    found = next((i for i in range(len(lines) - 1, -1, -1)
                  if _PROVIDER_ERROR.search(lines[i]) and not _FRAME.match(lines[i])), None)
    if found is None:
        return ""
    rest = [line for line in lines[found + 1:] if line.strip()]
    if len(rest) > _AFTER or any(_RETRYING.search(line) for line in rest):
        return ""
    text = previous = lines[found]
    for line in rest:
        # A terminal-wide line was wrapped by the tool's console (at a space it keeps, or inside a word).
        wrapped = previous.endswith(" ") or len(previous) >= _WIDTH
        text += line if wrapped else " " + line.strip()
        previous = line
    return re.sub(r"\s+", " ", text).strip()


# -- the agent's model setup ------------------------------------------------------------------------------------------
# A refused key (401), a key that may not use the model or address (403), a model or address that does not exist
# (404): every task meets the same answer, so the run stops at one question (task_driver); a busy or unreachable
# provider (429, 5xx, a timeout) is not one of these. SETUP_KINDS: the provider's status → what is wrong.
SETUP_KINDS = {401: "key", 403: "access", 404: "model"}
SETUP_FIXES = {
    "key": "the provider refused the agent's key",
    "access": "the agent's key may not use this model or address",
    "model": "the agent's model or address does not exist at the provider",
}
SETUP_HOW = {
    "key": "Give the agent a key the provider accepts: the provider's key variable in the environment `pmtui "
           "deliver` runs in, or the tool's own login (`pmtui agents` says which it uses)",
    "access": "Use a key that may call this model, or another model in [models.agent] of pmtui.toml",
    "model": "Check `model` and `api_base` of [models.agent] in pmtui.toml (or the tool's own model setting)",
}
# The escalation kind of a refused model setup: while it is open, no task starts.
SETUP_ESCALATION = "agent_setup"
_PYTHON_KINDS = {"AuthenticationError": 401, "PermissionDeniedError": 403, "NotFoundError": 404}
# How the Node CLIs print a provider's refusal when they give up (Codex 0.169, Claude Code 2.1, Gemini CLI 0.61; seen
# against a 127.0.0.1 server answering 401, 403 and 404): the line, and the status it names if it names one.
_CLI_ERROR = re.compile(
    r"^(?:ERROR: unexpected status (?P<codex>\d{3})\b"
    r"|(?:Failed to authenticate\. )?API Error: (?P<claude>\d{3})\b"
    r"|(?P<claude_key>Invalid API key\b)"
    r"|(?P<claude_model>There's an issue with the selected model\b)"
    r"|Error when talking to Gemini API\b)")
_STATUS_AFTER = re.compile(r"^\s*(?:status|code): (\d{3})\b")
_JSON_CODE = re.compile(r'"code":\s*(\d{3})\b')
_JS_FRAME = re.compile(r"^\s+at \S")


def setup_failure(output_tail: str, exit_code: int | None) -> tuple[str, str]:
    """(kind, the tool's words as one line) when an agent CLI ended on the provider refusing its key, access or model
    (kind: key, access or model); ('', '') otherwise, a transient failure included."""
    said = model_failure(output_tail)
    if said:
        name = re.search(r"\.(\w+Error)\b", said)
        status = _PYTHON_KINDS.get(name.group(1), 0) if name else 0
        return (SETUP_KINDS[status], said) if status else ("", "")
    if not exit_code:
        return "", ""
    lines = [line for line in output_tail.splitlines() if line.strip() and not _JS_FRAME.match(line)]
    found = next((i for i in range(len(lines) - 1, max(-1, len(lines) - 2 - _AFTER), -1)
                  if _CLI_ERROR.match(lines[i])), None)
    if found is None:
        return "", ""
    line = lines[found]
    match = _CLI_ERROR.match(line)
    assert match is not None
    status = int(match.group("codex") or match.group("claude") or 0)
    if match.group("claude_key"):
        status = 401
    elif match.group("claude_model"):
        status = 404
    for text in [line, *lines[found + 1:]]:
        named = _STATUS_AFTER.match(text) or _JSON_CODE.search(text)
        if status == 0 and named:
            status = int(named.group(1))
    if "ModelNotFoundError" in line and status == 0:
        status = 404
    kind = SETUP_KINDS.get(status, "")
    return (kind, re.sub(r"\s+", " ", line).strip()[:400]) if kind else ("", "")


# -- while the agent runs ---------------------------------------------------------------------------------------------
# A provider error as the tool prints it while it retries: aider prints the exception's line, then "Retrying in 0.2
# seconds..."; mini-swe-agent "Retrying <unknown> in 4 seconds as it raised InternalServerError: litellm.…".
_LIVE_ERROR = re.compile(r"(?:^(?:\w+: )?|\braised \w+: )((?:litellm|openai|anthropic)\.(\w*Error|Timeout): .*)")


def live_model_error(line: str) -> str:
    """The busy or failing endpoint in one line of an agent's output as it runs: the provider's error as one line,
    '' for any other line. A refused key, access or model is left out: the attempt ends on it, and is asked about."""
    if _FRAME.match(line):
        return ""
    found = _LIVE_ERROR.search(line.strip())
    if found is None or found.group(2) in _PYTHON_KINDS:
        return ""
    # A line the tool's console wrapped ends where the terminal did ("Rate limit reached,").
    return re.sub(r"\s+", " ", found.group(1)).strip().rstrip(",;:")
