"""A founder's message written in Markdown, as a chat model or a notes app writes it, read as the words it says.

"**Who it's for:** - Smallholders (5–50 animals) - My two vet nurses" is the label "Who it's for:" and a list of two;
"1. **Online visit requests** — …" is an item named "Online visit requests". Emphasis, code marks, headings, quote
marks and links are how it was written, not what: they go, and a list typed on one line after a label (" - a - b")
becomes one line per item, as the rest of the engine reads lists.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pmtui.models import ConversationState

# "**bold**", "__bold__", "*stress*", "_stress_", "~~struck~~", "`code`": the marks go, the words stay. A lone "*" or
# "_" (a bullet, "5 * 3", snake_case) is no emphasis.
_EMPHASIS = (
    re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1"),
    re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![\w*])"),
    re.compile(r"(?<![\w_])_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?![\w_])"),
    re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"),
    re.compile(r"`([^`\n]+)`"),
)
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+", re.MULTILINE)
_QUOTE = re.compile(r"^[ \t]*>[ \t]?", re.MULTILINE)
_LINK = re.compile(r"\[([^\]\n]+)\]\((?:https?://|www\.)[^)\s]*\)")
_MARKS = re.compile(r"\*\*|__|~~|`|^[ \t]*#{1,6}[ \t]|^[ \t]*>|\]\(|(?<![\w*])\*\S|(?<=\s)[-*\u2022][ \t]+\S", re.MULTILINE)

# A bullet typed inside a line: " - item", " • item", " * item".
_INLINE_BULLET = re.compile(r"[ \t]+[-*\u2022][ \t]+(?=\S)")
# Where a list typed on one line may begin: after a label's colon, or at the line's start.
_LIST_START = re.compile(r"^(?P<head>.*?:)?[ \t]*[-*\u2022][ \t]+(?=\S)")


def _inline_list(line: str) -> list[str]:
    """'Who it's for: - Smallholders - My two vet nurses' -> the label and one bullet line per item, when the first
    mark follows a colon or opens the line and a second mark follows; a lone ' - ' is a dash in a sentence."""
    start = _LIST_START.match(line)
    if not start:
        return [line]
    rest = line[start.end():]
    marks = list(_INLINE_BULLET.finditer(rest))
    # "Budget: - not much" (one item after a label) or "- reminders" alone: one item needs no split.
    if not marks:
        return [line]
    head = (start.group("head") or "").strip()
    items = [rest[: marks[0].start()] if marks else rest]
    items += [rest[m.end(): nxt.start() if nxt else len(rest)] for m, nxt in zip(marks, [*marks[1:], None], strict=True)]
    return ([head] if head else []) + [f"- {item.strip()}" for item in items if item.strip()]


# "Branch transfers → phase 2": an arrow to a phase says "to" that phase.
_ARROW = re.compile(r"\s*(?:\u2192|\u27f6|\u21d2|->|=>)\s*(?=(?:phase|v\d|version|later|the mvp|mvp|next)\b)", re.IGNORECASE)


@lru_cache(maxsize=4096)
def plain(text: str) -> str:
    """The message without its Markdown: emphasis, code marks, headings, quote marks and links read as their words;
    a bullet list typed on one line after a label, one line per item. Text with no Markdown comes back as it was."""
    text = _ARROW.sub(" to ", text)
    if not _MARKS.search(text):
        return text
    text = _LINK.sub(r"\1", text)
    for pattern in _EMPHASIS:
        text = pattern.sub(lambda m: m.group(m.lastindex or 0), text)
    text = _QUOTE.sub("", _HEADING.sub("", text))
    lines: list[str] = []
    for line in text.split("\n"):
        lines.extend(_inline_list(line))
    return "\n".join(lines)


def plain_state(state: ConversationState) -> ConversationState:
    """The state with the founder's messages as plain text (a copy only when one of them had Markdown)."""
    messages = state.messages
    changed = [(i, plain(m.content)) for i, m in enumerate(messages) if m.role == "user"]
    changed = [(i, text) for i, text in changed if text != messages[i].content]
    if not changed:
        return state
    copied = list(messages)
    for index, text in changed:
        copied[index] = messages[index].model_copy(update={"content": text})
    return state.model_copy(update={"messages": copied})
