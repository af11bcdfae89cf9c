"""What a polite founder (or the chat model writing for one) wraps an answer in: "Absolutely!", "Sure thing —", "Let
me know if you need more detail!", "Does that help?", "Hope that helps." They answer nothing and ask nothing of the
product: "Let me know if you need more detail" was filed as who it is for, and "Does that help?" got "Honest answer: I
don't know yet". `without_sign_offs` takes them off a message that says something besides.

The same module reads the other wrappings such a founder puts round an answer: a restart ("…no wait, let me start
over. I run …", `from_the_restart`), words pointing at the question ("To answer your question directly —", "If you
mean X, that's …", "Q: …? A: …") and a topic named first ("Regarding pricing:", "On the budget side,"), which becomes
the label the extractor reads (`without_pointers`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pmtui.product.brains.offline.discovery.sentences import split_sentences

_SIGN_OFF = re.compile(
    r"^\W*(?:"
    # Openers: "Absolutely!", "Sure thing.", "Of course —", "Happy to help!", "Great, thanks for asking."
    r"(?:absolutely|certainly|of course|sure thing|sure|definitely|happy to help|glad you asked|thanks for asking|"
    r"thank you for asking|good question|great question|excellent question|love that question|okay here goes|"
    r"here goes|so yeah)|"
    # Closers: "Let me know if you need more detail", "Hope that helps", "Does that help?", "Happy to elaborate".
    r"(?:(?:please\s+)?(?:let me know|tell me|just shout|shout)\s+if\s+(?:you\s+)?(?:need|want|have|'d like)\s+(?:any\s+)?"
    r"(?:more|anything(?:\s+else)?|further|other|follow-?up)?\s*(?:details?|info(?:rmation)?|clarification|questions?|"
    r"context|examples?)?(?:\s+(?:on|about)\s+(?:that|this|it|any of (?:that|this)))?)|"
    r"(?:i\s+)?hope (?:that|this) (?:helps|answers (?:your|the) question|makes sense|is (?:useful|helpful|clear|enough))|"
    r"(?:does|did|do) (?:that|this) (?:help|answer (?:it|your question|the question)|make sense|work for you)|"
    r"(?:i'?m\s+)?happy to (?:elaborate|clarify|share more|go into (?:more )?detail|explain more|expand)(?:\s+on\s+\w+)?"
    r"(?:\s+if\s+(?:useful|helpful|needed|you (?:want|like|need)))?|"
    r"feel free to ask(?:\s+(?:more|any|follow-?up)\s+questions?)?|let me know what you think|"
    r"(?:is there\s+)?anything else (?:you need|you'?d like to know|i can (?:tell you|help with))|"
    r"looking forward to (?:your|the|hearing)[\w\s']{0,30}|what else do you need(?: from me| to know)?"
    r")\W*$",
    re.IGNORECASE,
)


def is_sign_off(sentence: str) -> bool:
    return _SIGN_OFF.match(sentence.strip()) is not None


@lru_cache(maxsize=2048)
def without_sign_offs(text: str) -> str:
    """The message without its courtesy openers and closers, when something else is said; as it was otherwise (a
    lone "Does that help?" still asks)."""
    if not _HINT.search(text):
        return text
    lines: list[str] = []
    for line in text.split("\n"):
        sentences = split_sentences(line)
        kept = [s for s in sentences if not is_sign_off(s)]
        if len(kept) == len(sentences):
            lines.append(line)
        elif kept:
            lines.append(" ".join(kept))
    said = "\n".join(lines).strip()
    return said or text


_HINT = re.compile(r"\b(?:absolutely|certainly|course|sure|definitely|happy|glad|thanks|thank|question|here goes|yeah|"
                   r"let me know|tell me|shout|hope|help|make sense|elaborate|clarify|feel free|anything else|"
                   r"looking forward|what else)\b", re.IGNORECASE)


# "I run a small tiffin... no wait, let me start over. I run a dance studio": what came before the restart is unsaid.
_RESTART = re.compile(
    r"(?:\.{2,}|\u2026|[,;.!\u2014\u2013-])?\s*(?:(?:no|sorry|oops|hmm+|wait|actually|ok(?:ay)?)[\s,.!]+)*"
    r"(?:let me (?:start (?:over|again)|rephrase(?: that)?|try (?:that )?again|begin again)|"
    r"(?:i'?ll |let'?s )?start(?:ing)? (?:over|again)|scratch (?:all )?that,? let me)\b[\s,.:;!\u2014\u2013-]*",
    re.IGNORECASE,
)


def from_the_restart(text: str) -> str:
    """The message from its last restart on ("…, no wait, let me start over. I run …"), when something follows it."""
    matches = list(_RESTART.finditer(text))
    if not matches:
        return text
    rest = text[matches[-1].end():].strip()
    return rest if len(rest.split()) >= 3 else text


# What a sentence may say it is about: the interview's own topics, not the founder's things ("As for the kids, …").
_TOPIC = (r"(?:pricing|prices?|revenue|money|monetis\w+|monetiz\w+|business model|model|budget|timeline|timing|time|"
          r"team|constraints?|limits?|users?|audience|customers?|problem|pain(?: points?)?|features?|wish ?list|must-haves|"
          r"success|metrics?|kpis?|why now|the why now|competition|competitors|alternatives?|workarounds?|today|"
          r"platforms?|tech|tech stack|version|v1|mvp)")
# "To answer your question directly — we use …", "If you mean who would use it daily, that's our 3 dispatchers": the
# words that point at the question are no part of the answer.
_POINTER = re.compile(
    r"(?:^|(?<=[.!?;]\s))[^\w\n£$€₹₦₵]*(?:(?:to answer your question|to answer that|in answer to (?:that|your question)|as for your question|"
    r"as for that|to your question|short answer|the short answer is|simply put|put simply|in short|to be clear|"
    r"to clarify)(?:\s+(?:directly|briefly|simply|honestly|first))?\s*[,:\u2014\u2013-]+\s*|"
    r"if you mean\s+[^,.;:\u2014\n]{3,80}[,:\u2014\u2013-]+\s*(?:(?:then\s+)?(?:that'?s|that is|it'?s|it is|those are|they'?re|"
    r"they are)\s+|then\s+)?|"
    # "Q: How will it make money? A: £5 a month": the question quoted back, then its answer.
    r"q\s*[:.)-]\s*[^\n]{3,160}?\?\s*a\s*[:.)-]\s*|a\s*:\s+)(?=\w|[£$€₹₦₵])",
    re.IGNORECASE | re.MULTILINE,
)


# "Regarding pricing: …", "Re: pricing — …", "As for today, …", "In terms of revenue, …", "On the budget side, …": the
# topic the sentence takes up, said before it, is the label the extractor reads ("Pricing: …").
_TOPIC_LEAD = re.compile(
    r"(?:^|(?<=[.!?;]\s))[^\w\n]*(?:(?:regarding|re:?|as for|as to|in terms of|when it comes to|with regards? to|"
    r"concerning|speaking of|on the subject of)\s+(?:the\s+|your\s+|our\s+|my\s+)?"
    rf"(?P<topic>(?:(?:first|target|main|core|business|revenue|success|feature|current)\s+)?{_TOPIC})|"
    rf"on the\s+(?P<side>{_TOPIC})\s+(?:side|front))\s*[,:\u2014\u2013-]+\s*(?=\w|[£$€₹₦₵])",
    re.IGNORECASE | re.MULTILINE,
)


def without_pointers(text: str) -> str:
    """The message without the words pointing at the question each sentence answers ("To answer your question
    directly — ", "If you mean who uses it daily, that's …", "Q: …? A: …"), and with a topic named before a sentence
    said as its label ("Regarding pricing: £5 a month" → "Pricing: £5 a month"); nothing else of it changes."""
    text = _TOPIC_LEAD.sub(lambda m: f"{(m.group('topic') or m.group('side')).capitalize()}: ", text)
    return _POINTER.sub("", text)
