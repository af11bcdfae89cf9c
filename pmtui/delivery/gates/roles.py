"""Who a rule is for: a role that must be let through, and people a rule must leave out (round 8).

"Only admins can export the member list" asks the code to refuse everyone else: a check of `user.is_admin` that only
logs refuses no one, and a refusal whose condition is the role itself (`if amount > 100 and user.is_manager: raise`
for "refunds over €100 need a manager's approval") refuses the very role the criterion lets through. "Must not send
marketing emails to users who opted out" leaves those users out: a filter that keeps them (`if u.opted_out`) sends
only to them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pmtui.delivery.gates.boundaries import refusing_line
from pmtui.delivery.gates.domain_words import PEOPLE_WORDS
from pmtui.delivery.gates.vocabulary import Concept, concepts_of_word, stem

_ROLES = r"admin|administrator|manager|owner|supervisor|moderator|staff|superuser|teacher|editor|approver"
_GATED = re.compile(rf"\bonly\s+(?:the\s+|an?\s+)?({_ROLES})s?\b|\bneeds?\s+(?:an?\s+|the\s+)?({_ROLES})(?:'s|s')?\s+"
                    rf"(?:approval|sign[- ]?off|ok|consent)|\brequires?\s+(?:an?\s+|the\s+)?({_ROLES})", re.IGNORECASE)
_CONDITION = re.compile(r"^\s*\}?\s*(if|elif|elsif|else\s+if|unless)\b\s*\(?(.*)$")
# the role let through without an `if`: a decorator, a guard call, a predicate answering the role
_DECLARED = re.compile(r"^\s*@\w*(?:admin|role|permission|staff|manager|owner|superuser)\w*|"
                       r"\b(?:require|ensure|check|authori[sz]e|assert)\w*\(\s*[^)]*(?:admin|manager|owner|role|staff)|"
                       r"\breturn\s+[^\n]*(?:admin|manager|owner|staff|superuser|moderator|role)", re.IGNORECASE)


def role_refused(criterion: str, code: str) -> str:
    """Why the code refuses no one but the role the criterion lets through, or ""."""
    gated = _GATED.search(criterion)
    if not gated:
        return ""
    role = next(g for g in gated.groups() if g).lower()
    role_token = re.compile(rf"(?P<neg>\bnot\s+|!\s*)?[\w.$@]*?(?:is_?|has_?)?{role}\w*\??(?P<after>\s*(?:!=|is\s+not|==\s*(?:False|false)))?",
                            re.IGNORECASE)
    lines = code.splitlines()
    refusing = [(match.group(1), match.group(2)) for index, line in enumerate(lines)
                if (match := _CONDITION.match(line)) and any(refusing_line(text) for text in lines[index:index + 3])]
    # a refusal with its condition after it: `head :forbidden unless @post.owner == current_user`, `raise X if …`
    refusing += [(match.group(1), match.group(2)) for line in lines
                 if refusing_line(line) and (match := re.search(r"\s(if|unless)\s+(.+)$", line))]
    if not refusing:
        if role_token.search(code) and not _DECLARED.search(code):
            return f"it reads whether the user is a {role} and refuses no one"
        return ""
    for keyword, condition in refusing:
        for occurrence in role_token.finditer(condition):
            negated = bool(occurrence.group("neg")) or bool(occurrence.group("after"))
            if keyword.lower() == "unless":
                negated = not negated
            if not negated:
                return f"it refuses the {role}, whom the criterion lets through"
    return ""


_LEAVES_OUT = re.compile(r"\b(?:must\s+not|mustn't|never|do\s+not|don't|should\s+not|shouldn't|cannot|can't)\b.*?"
                         r"\b(?:to|for|from)\s+(?:the\s+)?(?:users|customers|members|people|those|anyone|subscribers|"
                         r"patients|students|clients|accounts)\s+(?:who|that|which)\s+(?:have\s+|has\s+)?"
                         r"([a-z]+(?:\s+(?:out|in|up|off))?)\b", re.IGNORECASE)


def keeps_the_left_out(criterion: str, code: str) -> str:
    """Why the code's filter keeps the people the criterion's negative rule leaves out (`if u.opted_out`), or ""."""
    said = _LEAVES_OUT.search(criterion)
    if not said:
        return ""
    words = said.group(1).lower().split()
    name = r"[_\s]?".join(re.escape(word) for word in words)
    kept = negated = False
    for match in re.finditer(rf"(?P<neg>\bnot\s+|!\s*)?[\w.$]*?\b\w*?{name}\w*(?P<after>\s*(?:==|===|is)\s*(?:False|false))?",
                             code, re.IGNORECASE):
        line = code[code.rfind("\n", 0, match.start()) + 1:code.find("\n", match.end()) if "\n" in code[match.end():] else len(code)]
        if not re.search(r"\bif\b|\.filter\(|\bWHERE\b|\bwhere\(|\bselect\b|\breject\b|\bexclude\(", line, re.IGNORECASE):
            continue
        if match.group("neg") or match.group("after") or re.search(r"\bexclude\(|\.reject\b", line):
            negated = True
        else:
            kept = True
    if kept and not negated:
        return f"its filter keeps those who {said.group(1)}, whom the criterion leaves out"
    return ""


# round 16: who a founder's criterion grants something: "A tutor can see …", "The owner can download …"; the
# person using the app, whom its code rarely names (it is whoever is signed in)
_GRANTED = re.compile(r"^\W*(?:(?:a|an|the|each|every|any)\s+)?(?:\w+\s+)?(\w+)\s+(?:can|may|is\s+able\s+to|are\s+able\s+to|"
                      r"must\s+be\s+able\s+to)\b(?!\s*not\b|'t)", re.IGNORECASE)
_ROLE_SUFFIXES = ("er", "ers", "or", "ors", "ist", "ists", "ian", "ians", "ant", "ants", "ent", "ents")
_PERSON_WORDS = frozenset(stem(word) for word in PEOPLE_WORDS.split())


def actor_granted(criterion: str, label: str, matched: Sequence[Concept], actor: bool, code: str = "") -> bool:
    """Whether a missing subject is the actor the criterion grants something: one that also states a number (round 9:
    "Buyers can download a pattern at most 3 times"), or a person named first and granted what the app does ("A tutor
    can see …"), while at least three other deciding concepts are matched and the code names no other person the
    criterion does not (`filter(coach=request.user)` for "Parents can see …" serves the coach). Never one who only
    receives ("Parents get a message"): sending it to someone else is the other person."""
    if actor and any(c.kind in ("number", "quantity", "size") and c.strong for c in matched):
        return True
    found = _GRANTED.match(criterion)
    word = label.lower()
    if not found or found.group(1).lower() != word:
        return False
    person = stem(word) in _PERSON_WORDS or word.endswith(_ROLE_SUFFIXES)
    named = {stem(part.lower()) for part in re.findall(r"[A-Za-z][a-z]+", code)} & _PERSON_WORDS
    asked = {stem(part.lower()) for part in re.findall(r"[A-Za-z]+", criterion)}
    # a person the criterion names by another word is no other person (`pupils` for "students")
    said = frozenset().union(*(c.alternatives for c in matched))
    others = {person for person in named - asked if not concepts_of_word(person) & said}
    return person and sum(1 for c in matched if c.strong) >= 3 and not others
