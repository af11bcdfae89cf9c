"""The founder's answer to the PM's check of the wishlist ("So far the list is: …. Is that what the first version must
do, or is something missing?"): "looks right", "yep that's the lot", "spot on, nothing missing" confirm the list and
are no wish; what follows a confirmation ("looks right, maybe a rating after each clean too") is the answer."""

from __future__ import annotations

import re

_YES = (r"(?:yes|yeah|yep|yup|ya|yah|ja|aye|ok(?:ay)?|sure|right|correct|exactly|indeed|sawa|perfect|great|good|cool|"
        r"grand|lovely|brilliant|tama|betul|spot on|bang on|all good|sounds good|looks good|fine|true)")
_FILLER = r"(?:\s+(?:for now|really|then|mate|thanks|thank you|i think|i reckon|tbh|honestly|lah|la|leh|po|na|sir|ma|boss))*"
# One clause that only agrees with the list as read back.
_CONFIRM_CLAUSE = re.compile(
    rf"^(?:{_YES}\s*)*"
    r"(?:(?:that|this|it|the list|list|those|these)(?:'?s|s|\s+is|\s+are|\s+one|\s+ones)?\s*)?"
    r"(?:(?:looks?|sounds?|seems?|is|are)\s+)?(?:(?:about|pretty much|exactly|all|basically|more or less)\s+)?"
    rf"(?:{_YES}|complete|it|the lot|everything|all|enough|the list|correct|right)?{_FILLER}$"
    r"|^(?:(?:there'?s|theres|there is)\s+)?(?:nothing|no(?:thing)?\s+more|none)(?:\s+(?:else|more|missing|to add|i can think of))*"
    rf"{_FILLER}$"
    rf"|^(?:that|it)\s+covers\s+it{_FILLER}$|^(?:all|both|the) (?:three|3|four|4|two|2)(?: of (?:them|those))?{_FILLER}$",
    re.IGNORECASE,
)


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in re.split(r"[,;.!?\u2014\u2013]+|\s+-\s+|\s+(?:and|but)\s+(?=(?:maybe|also|add|plus|perhaps)\b)",
                                         text) if c.strip()]


def without_list_confirmation(text: str) -> tuple[bool, str]:
    """(True, the rest) when the message opens by confirming the list read back to it; (False, text) otherwise."""
    clauses = _clauses(text)
    confirmed = 0
    for clause in clauses:
        if not re.search(r"\w", clause) or not _CONFIRM_CLAUSE.match(clause):
            break
        confirmed += 1
    if not confirmed:
        return False, text
    if confirmed == len(clauses):
        return True, ""
    # The rest of the message, from the first clause that is not agreement.
    first = clauses[confirmed]
    return True, text[text.find(first):].strip()
