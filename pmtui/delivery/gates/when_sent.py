"""A message sent on the other event (round 21): "the app sends the text when driver is on way" answered by a class
whose one send is in the method that marks the drop, while the method for setting off sends nothing.

When a criterion asks for a message when something happens, and the unit holds several functions (a class, a module's
handlers), the function that sends must be the one for that event: at least one word of what the "when" clause says happens
(its subject aside: "the ferry leaves" → leaves; a departure for "on the way": depart, en route, dispatch, set off,
leave) in its name or body, when another function of the unit names it. A unit with one function
is left to the rest of the matcher.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion

_SENDS = re.compile(r"\b(?:sends?|texts?|emails?|messages?|notif(?:y|ies)|alerts?|tells?|reminds?|pings?)\b[^.;]*?"
                    r"\bwhen\s+(?P<event>[^.;,]+)", re.IGNORECASE)
_ON_THE_WAY = re.compile(r"\bon\s+(?:its|their|his|her|the|my)?\s*way\b", re.IGNORECASE)
_DEPARTS = frozenset({"depart", "enrout", "dispatch", "setoff", "leav", "start", "onway", "outfordelivery", "rout",
                      "departur", "dispatched", "left"})
_FUNCTION = re.compile(r"^(\s*)(?:async\s+)?(?:def|function|func|fun)\s+\w+|^(\s*)(?:public\s+|private\s+|static\s+)*"
                       r"(?:async\s+)?\w+\s*\([^)]*\)\s*(?::\s*[\w<>\[\]| ]+)?\s*\{\s*$", re.MULTILINE)
_SEND_CALL = re.compile(r"\.(?:send|send_sms|sendSms|send_message|sendMessage|notify|text|email|mail|push|alert)\w*\(|"
                        r"\b(?:send_sms|sendSms|send_text|send_email|sendEmail|notify|send_mail|sms\.send)\w*\(",
                        re.IGNORECASE)


def _functions(code: str) -> list[str]:
    starts = [match.start() for match in _FUNCTION.finditer(code)]
    return [code[start:end] for start, end in zip(starts, [*starts[1:], len(code)], strict=False)]


def sent_on_another_event(criterion: str, code: str) -> str:
    """Why the unit's message goes out from a function that is not the criterion's event's, or ""."""
    asked = _SENDS.search(criterion)
    if not asked:
        return ""
    event = asked.group("event")
    # what happens to the subject, not the subject: "the ferry leaves" → leaves, "driver is on way" → way
    strong = [c for c in read_criterion(event).concepts if c.strong]
    wanted = set().union(*(c.alternatives for c in (strong[1:] if len(strong) > 1 else strong)))
    if _ON_THE_WAY.search(event):
        wanted |= _DEPARTS
    functions = _functions(code)
    sending = [text for text in functions if _SEND_CALL.search(text)]
    if len(functions) < 2 or not sending or not wanted:
        return ""
    if any(wanted & code_concepts(text) for text in sending):
        return ""
    quiet = [text for text in functions if text not in sending and wanted & code_concepts(text)]
    if not quiet:
        return ""
    name = re.search(r"(?:def|function|func|fun)\s+(\w+)", sending[0])
    return f"it sends from {name.group(1) if name else 'another function'}, not where {event.strip()}"
