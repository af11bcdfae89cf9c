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
