"""Argue-back that points at a row instead of naming it plainly, said the way the request rules read it.

Founders name a row and then point at it again, or put a remark between the name and what they want: "The fee
collection, the last one, not needed for phase 1", "that last row, the invoice, can wait till later", "The job history
and the intake form, the second one is too big", "The bus delivery tracking, it is difficult, we can do later?", "The
photo when we finish, is nice but not for first version", "payment is important, first". Jamaican patois says the same
with its own words: "Why di deposit ting deh inna phase 2? Dat a di main problem", "Di crew ting too big". Each is said
here as the plain statement ("The fee collection, not needed for phase 1", "the intake form is too big", "The bus
delivery tracking, we can do later?", "put payment first"); the rows themselves are never guessed here.
"""

from __future__ import annotations

import re

_FLAGS = re.IGNORECASE
_DET = r"(?:the|that|this|my|our)"
# "the last one", "that last row", "the second one I said": pointing by place, not by name.
_POINTER = (r"(?:the|that|this)\s+(?:very\s+)?(?:last|final|previous|other|first|second|third)\s+"
            r"(?:one|row|item|bit|thing|line|feature)(?:\s+(?:i|you)\s+(?:said|mentioned|listed|wrote|named))?")

_PATOIS = (
    # "di crew ting", "the deposit ting": a thing.
    (re.compile(r"(?<=\w\s)ting\b", _FLAGS), "thing"),
    # "Why di deposit ting deh inna phase 2?": "deh" (is there) and "inna" (in the).
    (re.compile(r"\s+deh\b(?=\s+(?:in|inna|pon|below|under|out)\b)", _FLAGS), ""),
    (re.compile(r"\binna\b", _FLAGS), "in"),
    # "Dat a di main problem": "a" is "is" after "dat"/"dis".
    (re.compile(r"\b(dat|dis)\s+a\b(?=\s+(?:di|the|wah|what|a)\b)", _FLAGS),
     lambda m: "that is" if m.group(1).lower() == "dat" else "this is"),
    (re.compile(r"\bdat\b", _FLAGS), "that"),
    # "An di gear checklist, cut it, wi know wi gear": "an" before "di" is "and".
    (re.compile(r"(?:^|(?<=[.!?,]\s))an\s+(?=(?:di|the)\b)", _FLAGS), "and "),
    (re.compile(r"\bwi\s+(?=(?:know|can|cyaan|nah|don'?t|need|want|have|got|go|will|must|should|a)\b)", _FLAGS), "we "),
)

_REWRITES = (
    # "that last row, the invoice, can wait": the pointer before the name adds nothing.
    (re.compile(rf"(?:(?<=^)|(?<=[.!?]\s)|(?<=,\s)|(?<=\bbut\s)|(?<=\band\s)){_POINTER}\s*,\s*(?={_DET}\s)", _FLAGS), ""),
    # "The fee collection, the last one, not needed": nor after it.
    (re.compile(rf"(?<=\w),\s*{_POINTER}\s*(?=,)", _FLAGS), ""),
    # "The job history and the intake form, the second one is too big": the second of the two just named.
    (re.compile(rf"(?P<a>\b{_DET}\s+[^,;.!?]{{2,50}}?)\s+and\s+(?P<b>{_DET}\s+[^,;.!?]{{2,50}}?)\s*,\s*"
                rf"(?:the|that)\s+(?P<which>first|former|second|latter|last)(?:\s+one)?\b", _FLAGS),
     lambda m: m.group("a") if m.group("which").lower() in ("first", "former") else m.group("b")),
    # "The bus delivery tracking, it is difficult, we can do later?": a remark about the row between its name and the
    # request ("it's a lot of work", "this is nice").
    (re.compile(r"(?<=\w),\s*(?:it|this|that)(?:'s|\s+is|\s+was|\s+looks|\s+seems)\s+(?:very\s+|a bit\s+|too\s+|so\s+|"
                r"quite\s+|really\s+|kind of\s+|a little\s+)?(?!(?:not|more|less|needed|important|the\s+(?:most|main))\b)"
                r"[a-z]+(?:\s+[a-z]+){0,3}\s*(?=,\s*(?:we|you|i|let'?s|please|pls|so)\b)", _FLAGS), ""),
    # "it costs money for the device also, push it later": a remark about the row before, then the request for "it".
    (re.compile(r"(?<=[?.!,])\s*(?:it|this|that)\s+(?:costs?|takes?|needs?|means?|uses?)\b[^,.;?!]{2,60},\s*"
                r"(?=(?:push|move|put|leave|keep|cut|drop|remove|park|shift)\s+(?:it|that|this|them)\b)", _FLAGS), " "),
    # "cash ok first", "paper is fine for now": what they have will do for a start, which asks for no row.
    (re.compile(r"(?:^|(?<=[.!?]\s))[a-z][\w'-]*(?:\s+[\w'-]+)?\s+(?:is\s+|are\s+)?(?:ok|okay|fine|enough|good enough)\s+"
                r"(?:first|for now|at first|to start|for a start)\s*(?:lah|la|lor|ah)?\s*[.!]*(?:\s+|$)", _FLAGS), ""),
    # "whatsapp when ready put on top": the name first, then the verb with no object (Malaysian English word order).
    (re.compile(r"(?:^|(?<=[.!?]\s))(?P<what>(?!(?:it|that|this|them|and|so|but|pls|please)\b)[a-z][\w'-]*(?:\s+[\w'-]+){0,4}?)\s+"
                r"(?P<verb>put|move|bring|bump)\s+(?P<where>on top|to the top|to the front|first)\s*(?:pls|please|lah|la)?\s*"
                r"(?=[.!?]|$)", _FLAGS), lambda m: f"{m.group('verb')} {m.group('what')} {m.group('where')}"),
    # "The photo when we finish, is nice but not for first version": nice, but not now.
    (re.compile(r"(?:\s*,\s*|\s+)(?:it\s+|this\s+|that\s+)?(?:is|'s)\s+(?:very\s+|really\s+|quite\s+)?"
                r"(nice|good|cool|useful|fine|ok|okay|lovely|great)(?:\s+to\s+have)?\s*,?\s+but\s+not\s+(?:needed\s+)?"
                r"(?:for|in)\s+(?:the\s+)?(?:phase\s*(?:1|one)|first\s+(?:version|phase|release|summer|season|winter)|1st\s+version|"
                r"v1|now|launch)\b",
                _FLAGS), r", \1 but not now"),
    # "the invoice, can wait till later": the subject left out after the name.
    (re.compile(r"(?<=\w),\s+(can|could|should|will|must|may)\s+(?=(?:wait|go|be|come)\b)", _FLAGS), r", it \1 "),
    # "Why the payment split is not in phase 1?": the verb after the subject, as in Spanish.
    (re.compile(rf"\bwhy\s+(?P<what>{_DET}\s+[^,;.!?]{{2,60}}?)\s+(?P<verb>is|are)\s+not\s+(?=(?:in|below|under|out of)\s)",
                _FLAGS), lambda m: f"why {m.group('verb')} {m.group('what')} not "),
    # "The repeat order button is what pays for the whole thing, why is it below the line?": "it" is the row the same
    # sentence opened with, not whatever was said before ("No.").
    (re.compile(rf"(?:(?<=^)|(?<=[.!?]\s))(?P<head>(?P<what>{_DET}\s+[^,;.!?]{{2,40}}?)\s+(?:is|are|'s)\s+[^,;.!?]{{2,60}},\s*"
                r"why\s+(?:is|isn'?t|are|aren'?t)\s+)(?:it|they|that)\b(?=\s+(?:in|below|under|out of|not)\s)", _FLAGS),
     lambda m: f"{m.group('head')}{m.group('what')}"),
    # "And the prepayment, why is in phase 2?", "But the deposit, why is not in the phase 1?": the row named first, the
    # question after it without its subject.
    (re.compile(rf"(?P<what>\b{_DET}\s+[^,;.!?]{{2,50}}?)\s*,\s*why\s+(?P<verb>is|are)\s+(?:it\s+|they\s+)?"
                r"(?P<where>(?:not\s+)?(?:in|below|under|out of)\s)", _FLAGS),
     lambda m: f"why {m.group('verb')} {m.group('what')} {m.group('where')}"),
    # "so it cannot be in phase 2", "the limit shouldn't be phase 2": where it must not be is where it must be moved from.
    (re.compile(r"\b(?P<what>it|that|this|they|[a-z][\w'-]*(?:\s+[\w'-]+){0,5}?)\s+(?:cannot|can\s*not|can'?t|"
                r"should\s*not|shouldn'?t|must\s*not|mustn'?t)\s+(?:be|go|stay|sit)\s+(?:in\s+|to\s+|into\s+)?(?:the\s+)?"
                r"(?:phase\s*(?:2|3|two|three)|later|below the (?:cut )?line)\b", _FLAGS),
     lambda m: f"{m.group('what')} must be in phase 1"),
    # "The gallery I'd cut completely, parents already share photos": the row first, then who would do what to it.
    (re.compile(rf"(?:(?<=^)|(?<=[.!?]\s))(?P<what>{_DET}\s+[^,;.!?]{{2,40}}?)\s+(?:i'?d|i would|we'?d|we would|i'?ll|"
                r"we'?ll)\s+(?:just\s+)?(?P<verb>cut|drop|remove|scrap|bin|ditch|leave out)(?:\s+(?:completely|entirely|"
                r"altogether|totally|outright))?\b", _FLAGS), lambda m: f"{m.group('verb')} {m.group('what')}"),
    # "Why the deposit thing in phase 2?": the verb left out of the question.
    (re.compile(rf"\bwhy\s+(?={_DET}\s+(?:(?!\b(?:is|are|was|were|isn'?t|aren'?t)\b)[^,;.!?]){{2,60}}?\s+"
                r"(?:in|below|under|out of)\s+(?:the\s+)?(?:phase|cut|line|mvp)\b)", _FLAGS), "why is "),
    # "payment is important, first", "the reorder alert is the most important, please put it first": put it first.
    (re.compile(rf"(?:(?<=^)|(?<=[.!?]\s)|(?<=,\s)|(?<=\band\s))(?P<what>(?:{_DET}\s+)?[a-z][^,;.!?]{{1,40}}?)\s+"
                r"(?:is|are)\s+(?:very\s+|really\s+|super\s+|so\s+|the\s+most\s+|most\s+)?important\b[^,;.!?]{0,30}?"
                r"\s*,\s*(?:so\s+)?(?:please\s+|pls\s+)?(?:put\s+(?:it|them)\s+|make\s+(?:it|them)\s+)?first\b", _FLAGS),
     lambda m: f"put {m.group('what')} first"),
    # "The shop and the AI videos, ok, cut.": the verb said after the two names is said about both.
    (re.compile(rf"(?:(?<=^)|(?<=[.!?]\s))(?P<list>{_DET}\s+[^,;.!?]{{2,50}}?\s+and\s+{_DET}\s+[^,;.!?]{{2,50}}?)\s*,\s*"
                r"(?:(?:ok(?:ay)?|fine|yes|yeah|sure|alright)\s*,\s*)?(?P<verb>cut|remove|drop|scrap|bin|ditch)"
                r"(?:\s+(?:them|both|it|those))?\b", _FLAGS), lambda m: f"{m.group('verb')} {m.group('list')}"),
    # "the crew thing too big": the verb left out before "too big".
    (re.compile(r"\b(thing|bit|part|one|row)\s+(too|way too|much too)\s+(big|much|long|heavy|large)\b", _FLAGS),
     r"\1 is \2 \3"),
)


def point_to_rows(text: str) -> str:
    """The message with rows pointed at ("the last one", "the second one") and left-out words said plainly."""
    for pattern, plain in _PATOIS:
        text = pattern.sub(plain, text)
    for pattern, plain in _REWRITES:
        text = pattern.sub(plain, text)
    return text
