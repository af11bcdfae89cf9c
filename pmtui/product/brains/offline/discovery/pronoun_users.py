"""Who it is for, said by a pronoun: "my mum runs a tiny home bakery …, its for her and maybe other home bakers
later" made the users "her and maybe other home bakers later". A founder building for someone close names them first
("my mum", "my brother", "my wife") and then says "her", "him" or "them": the pronoun is that person.
"""

from __future__ import annotations

import re

_SHE = r"mum|mom|mam|mother|wife|sister|aunt|auntie|aunty|gran|granny|grandma|grandmother|nan|nana|daughter|girlfriend"
_HE = r"dad|father|husband|brother|uncle|grandad|granddad|grandpa|grandfather|son|boyfriend"
_EITHER = r"friend|mate|partner|boss|cousin|neighbou?r|flatmate|in-laws?|parents|folks|family"
# "my mum", "my older sister", "my folks": one person (or one household) close to the founder.
CLOSE_PERSON = (rf"(?:(?:best|old|little|big|younger|older|elder|kid)\s+)?(?:{_SHE}|{_HE}|{_EITHER})")
_PERSON = re.compile(rf"\bmy\s+(?:(?:best|old|little|big|younger|older|elder|kid)\s+)?(?:(?P<she>{_SHE})|(?P<he>{_HE})|"
                     rf"(?P<either>{_EITHER}))\b", re.IGNORECASE)
_PRONOUN = re.compile(r"^(?P<pronoun>her|him|them)\b", re.IGNORECASE)


def pronoun_named(target_user: str, message: str) -> str:
    """`target_user` with a leading pronoun put as the person the message named ("my mum and maybe other home
    bakers"); as it was when it starts with none or the message names nobody it could be."""
    found = _PRONOUN.match(target_user.strip())
    if found is None:
        return target_user
    pronoun = found.group("pronoun").lower()
    for person in _PERSON.finditer(message):
        fits = (person.group("either") or (person.group("she") and pronoun in ("her", "them"))
                or (person.group("he") and pronoun in ("him", "them")))
        if fits:
            return person.group(0).lower() + target_user.strip()[found.end():]
    return target_user


_FOR_WHOM = re.compile(r"\b(?:it'?s|its|it is|this is|that'?s|all|mainly|mostly|just)\s+for\s+(?P<pronoun>her|him|them)\b",
                       re.IGNORECASE)


def users_by_pronoun(message: str) -> str:
    """"its for him" after "my brother repairs bikes": "my brother" (and what follows the pronoun in its clause,
    "and his lads"), else ""."""
    found = _FOR_WHOM.search(message)
    if found is None:
        return ""
    rest = re.split(r"[,.;!?]", message[found.start("pronoun"):], maxsplit=1)[0]
    named = pronoun_named(rest, message[: found.start()])
    return "" if named == rest else named.strip()
