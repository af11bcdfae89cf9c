"""Argue-back said as a question, restated as the request it is, before the request rules read it.

Founders ask for changes as often as they order them: "couldn't the season log wait?", "do we really need the
leaderboard at all?", "why isn't it in phase 1?", "couldn't the results to the ISDS be half a week?", "can you make it
more small?", "ain't that one thing really? Merge 'em." Each is said here as the statement the rules already read
("the season log can wait.", "we don't need the leaderboard.", "why is it not in phase 1?"); a question that asks for
nothing ("what does reach mean here?", "can I ask…") is left as it is.
"""

from __future__ import annotations

import re

_FLAGS = re.IGNORECASE
# The start of a sentence or of a clause joined by a comma ("cut it, and couldn't the weather alerts wait a while?").
_CLAUSE_START = r"(?P<lead>^|(?<=[.!?;])\s+|,\s*(?:(?:and|but|so|also)\s+)?|\s+(?:and|but|so)\s+)"
_NEG_MODAL = r"(?:couldn'?t|couldnt|can'?t|cant|cannot|could|can|shouldn'?t|should|wouldn'?t|would|won'?t)"
# What the inverted subject may do: wait, be lighter or take less, go later.
_ASKED_CHANGE = (r"(?P<pred>wait\b(?:\s+(?:a while|a bit|a little|till later|until later|for later|for now|for phase\s*[23]|"
                 r"till phase\s*[23]|until phase\s*[23]|to phase\s*[23]))?|"
                 r"be\s+(?:just\s+|only\s+)?(?:(?:much|way|a bit|a lot|even)\s+)?(?:smaller|simpler|lighter|leaner|less work|"
                 r"half a week|half a day|a half|\d+(?:\.\d+)?\s*(?:weeks?|wks?|days?)|(?:one|two|three|a)\s+(?:weeks?|days?)|"
                 r"in\s+phase\s*[23]|phase\s*[23]|later)\b|"
                 r"(?:go|come|move)\s+(?:later|after|afterwards|to\s+phase\s*[23]|in(?:to)?\s+phase\s*[23])\b)")
_INVERTED = re.compile(
    _CLAUSE_START + _NEG_MODAL + r"\s+(?P<subj>(?!(?:i|we|you|u|ya|y'?all)\b)[^,;?.!]{2,80}?)\s+" + _ASKED_CHANGE
    + r"(?P<rest>[^,;?.!]*?)\s*(?:,?\s*or not)?\s*(?:\?+|,|(?=[;.!]|$))", _FLAGS)
# "And could we move the deposit later?", "can we push the reminders back?", "could you leave the map for phase 2?":
# a change asked of the PM in a question is the change ("move the deposit later.").
_WE_ASK = re.compile(
    _CLAUSE_START + r"(?P<and>(?:(?:and|but|so|also|oh and|then)\s+)?)(?:could|can|shall|should|may|would)\s+(?:we|you|u|ya)\s+"
    r"(?:please\s+|maybe\s+|just\s+|perhaps\s+)?(?P<req>(?:move|push|put|leave|do|hold|save|shift|park|bump|drop|cut|"
    r"remove|skip)\s+[^?.!;]{2,80}?(?:\s+(?:later|back|after(?:wards)?|down|up|till later|for later|to phase\s*[123]|"
    r"(?:in)?to\s+(?:the\s+)?(?:next|second|later)\s+phase|for phase\s*[23]|for now|out)))\s*(?:,?\s*(?:please|pls))?"
    r"\s*\?", _FLAGS)
# "do we really need the leaderboard at all?": not needed, so cut.
_NEED_AT_ALL = re.compile(r"\b(?:do|does)\s+(?:we|they|you|i|people|anyone)\s+(?:really\s+|even\s+|actually\s+)?need\s+"
                          r"(?P<what>[^,;?.!]+?)\s+at\s+all\s*\?", _FLAGS)
# "why's the marketplace cut?", "why isn't it in phase 1?", "why you have the hold thing below the line?".
_WHY_REWRITES = (
    (re.compile(r"\bwhy'?s\b", _FLAGS), "why is"),
    (re.compile(r"\bwhy\s+(isn'?t|aren'?t)\s+(?P<what>[^,;?.!]+?)\s+in\s+(?P<where>(?:the\s+)?(?:phase\s*(?:1|one)|mvp|v1|"
                r"first\s+(?:phase|version)))\b", _FLAGS),
     lambda m: f"why {'is' if m.group(1).lower().startswith('is') else 'are'} {m.group('what')} not in {m.group('where')}"),
    (re.compile(r"\bwhy\s+(?:do\s+|did\s+)?(?:you|u|y'?all)\s+(?:have|has|got|keep|kept|put|leave|left)\s+(?P<what>[^,;?.!]+?)\s+"
                r"(?P<where>below the (?:cut\s*)?line|out of (?:the\s+)?(?:phase\s*(?:1|one)|mvp))", _FLAGS),
     lambda m: f"why is {m.group('what')} {m.group('where')}"),
)
# "Pick-up time slots are more than we need for phase 1": too much, not a wish to add.
_MORE_THAN_NEEDED = re.compile(r"\b(is|are|'s|'re)\s+more than\s+(?:we|they|you|i|people)\s+(?:really\s+)?need\b", _FLAGS)
# "can you make it more small?" is "smaller"; "merge 'em" is "merge them"; Taglish "pwede later na?" is "later".
_PLAIN = (
    (re.compile(r"\bmore\s+(small|simple|light|lean|basic)\b", _FLAGS),
     lambda m: {"small": "smaller", "simple": "simpler", "light": "lighter", "lean": "leaner"}.get(m.group(1).lower(),
                                                                                                  "more basic")),
    (re.compile(r"(?<=\w)\s+'em\b", _FLAGS), " them"),
    # "Bhai, the repair cost record, it is not needed first": the form of address is no row to name.
    (re.compile(r"(?:^|(?<=[.!?]\s))(?:bhai|bhaiya|boss|sir|madam|ma'am|mate|bro|ji|yaar|sis|uncle|aunty|chief|partner)\s*,\s*",
                _FLAGS), ""),
    # "it is not needed first, please keep it after": not needed in the first phase, which is a deferral.
    (re.compile(r"\bnot\s+(?:really\s+)?needed\s+(?:at\s+)?first\b", _FLAGS), "not needed for phase 1"),
    # "the profit per rickshaw should be higher", "…should be ranked higher": up the table, which is "bump X up".
    (re.compile(r"(?:^|(?<=[.!?,;]\s)|(?<=\band\s))(?P<what>(?:the|my|our|that|this)\s+[^,;.!?]{2,60}?)\s+(?:should|must|needs? to|has to)"
                r"\s+(?:be\s+(?:ranked\s+|rated\s+|placed\s+)?|go\s+|rank\s+|sit\s+)(?:higher|much higher|further up|"
                r"up the list|at the top)\b", _FLAGS), lambda m: f"bump {m.group('what')} up"),
    # Tagalog's polite "po" at the end of a clause ("that one first po") adds no word to the request.
    (re.compile(r"\s+po\b(?=\s*(?:[.!?,;]|$))", _FLAGS), ""),
    (re.compile(r"\bpwede\s+(?:na\s+)?(?=(?:later|after|phase|mamaya|next)\b)", _FLAGS), ""),
)


_PRONOUNS = ("it", "that", "this", "they", "those", "these", "them", "that one", "this one")


def _inverted(match: re.Match[str]) -> str:
    lead = match.group("lead")
    subject = match.group("subj").strip()
    # "the warning if no feed, can it be 2 days only?": a pronoun keeps its comma, so it still points at the name before;
    # a named row after ", and" starts a request of its own.
    joined = lead.strip().startswith(",") or lead.strip().lower() in ("and", "but", "so")
    opener = (", " if subject.lower() in _PRONOUNS else ". ") if joined else lead
    # "can it be 2 days only?": "only" and "please" add nothing to the request.
    rest = re.sub(r"\s+(?:only|max|maximum|tops|please|pls|na|lah|po)$", "", match.group("rest"), flags=_FLAGS)
    return f"{opener}{subject} can {match.group('pred')}{rest}. "


def restate_questions(text: str) -> str:
    """The message with argue-back asked as a question said as the request it is."""
    for pattern, replacement in _PLAIN:
        text = pattern.sub(replacement, text)
    for pattern, replacement in _WHY_REWRITES:
        text = pattern.sub(replacement, text)
    text = _NEED_AT_ALL.sub(lambda m: f"we don't need {m.group('what')}.", text)
    text = _WE_ASK.sub(lambda m: f"{m.group('lead')}{m.group('and')}{m.group('req')}.", text)
    text = _INVERTED.sub(_inverted, text)
    text = _MORE_THAN_NEEDED.sub(r"\1 too much", text)
    return re.sub(r"\.\s*\.", ".", text).strip()
