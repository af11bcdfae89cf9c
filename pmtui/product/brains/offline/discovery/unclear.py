"""A founder who did not understand the PM's question: "what do you mean?", "wdym by that?", "huh? meaning what",
"Scusi, what do you mean with this question? I don't understand", "Wetin be dat one? I no understand the question",
"ki bolcho? matlab what exactly you are asking?". Nothing in it answers anything: the PM says what it meant, in plain
words for the question it asked, and asks it again another way.
"""

from __future__ import annotations

import re

# Words before the question that change nothing: "sorry", "scusi", "huh", "eh".
_OPENERS = (r"(?:sorry|scusi|scusa|perd[oó]n|pardon|excuse me|sir|madam|ok(?:ay)?|so|hmm+|um+|huh|eh+|er+|ah+|oh|"
            r"wait|but|bhai|boss|mate|bro|ji|yaar|la[hh]?|lor|o)")
# "what do you mean", "what you mean", "wdym", "wat u mean", "meaning what", "means what", "what is the meaning".
_WHAT_MEANT = (r"(?:what|wat|wot|wht)\s+(?:do|did|d')?\s*(?:you|u|yuh|ya)\s+mean|wdym|"
               # "Could you clarify what you mean by \"use it first\"?", as a chat model asks it.
               r"(?:could|can|would)\s+(?:you|u)\s+(?:please\s+)?(?:clarify|explain|rephrase)(?:\s+(?:that|this|the\s+question|"
               r"what\s+(?:you|u)\s+mean))?|"
               r"(?:meaning|means|mean)\s+what|what\s+(?:is|'s)\s+(?:the\s+)?meaning|"
               r"what\s+(?:does|do)\s+(?:that|this|it)\s+mean|what\s+(?:are|r)\s+(?:you|u)\s+asking|"
               r"what\s+exactly\s+(?:are\s+)?(?:you|u)\s+(?:are\s+)?asking|come again|say (?:that )?again|"
               # Other languages: Nigerian Pidgin, Bengali, Hindi, Tagalog, Malay, Spanish, Italian, German, Portuguese.
               r"wetin\s+(?:be|dey)(?:\s+(?:dat|that|this|am))?|wetin\s+(?:you|u)\s+mean|ki\s+bol(?:cho|chen|chhis)|(?:kya\s+)?matlab|ano\s+(?:daw|ibig|yan)|"
               r"maksudnya|apa\s+maksud|qu[eé]\s+quier\w*\s+decir|cosa\s+intend\w*|che\s+cosa\s+vuol\w*\s+dire|"
               r"was\s+meinst\s+du|wie\s+meinen\s+sie|o\s+que\s+quer\w*\s+dizer|"
               # Swahili "maana yake (nini)?", French "qu'est-ce que vous voulez dire", Tagalog "ano ang ibig mong sabihin".
               r"maana\s+yake(?:\s+nini)?|(?:una)?maanisha\s+(?:nini|gani)|qu'?est[- ]ce\s+que\s+(?:vous\s+voulez|tu\s+veux)\s+dire|"
               r"(?:ano|anong)\s+(?:ang\s+)?ibig\s+(?:mong\s+|nyong\s+)?sabihin")
# "I don't understand", "I no understand the question", "didn't get that", "not sure what you mean", "no entiendo".
_NOT_GOT = (r"(?:i\s+)?(?:do\s*n[o']?t|did\s*n[o']?t|dont|didnt|no|not|cannot|can'?t|cant)\s+"
            r"(?:understand|get|follow|catch)(?:\s+(?:it|that|this|you|the\s+question|your\s+question|what\s+you\s+"
            r"(?:mean|are\s+asking)))?|not\s+sure\s+what\s+(?:you|u)\s+mean|no\s+(?:entiendo|capisco)|"
            r"non\s+(?:capisco|ho\s+capito)|(?:ich\s+)?verstehe\s+(?:das\s+)?nicht|n[aã]o\s+entendi|"
            # Swahili "sijaelewa", "sielewi", "sijakuelewa"; French "je (ne) comprends pas"; Tagalog "hindi ko gets".
            r"si(?:ja(?:ku)?elewa|elewi)(?:\s+swali)?|(?:je\s+)?(?:ne\s+)?comprends?\s+pas(?:\s+la\s+question)?|"
            r"hindi\s+ko\s+(?:gets|ma?intindihan|naintindihan)")
# What may follow the words of not understanding: the PM's question named, and nothing else of substance.
_TAIL = (r"(?:\s+(?:by|with|in)\s+(?:that|this|it)(?:\s+question)?|\s+(?:by|with)\s+(?:the|this|your|that)\s+question|"
         r"\s+by\s+[\"\u201c'][^\"\u201d']{1,40}[\"\u201d']|"
         r"\s+(?:one|ya|eh|o|sir|madam|please|pls|plz|exactly|again|lah|lor|na|ji|no|yaar|bhai|boss|bro|mate))*")
_PART = rf"(?:{_WHAT_MEANT}|{_NOT_GOT}){_TAIL}"
_SEP = r"[\s,.;:!?()-]+"
NOT_UNDERSTOOD = re.compile(
    rf"^\W*(?:{_OPENERS}{_SEP})*(?:{_PART})(?:{_SEP}(?:{_OPENERS}{_SEP})*(?:{_PART}))*\W*$|"
    # A lone "huh?", "sorry?", "pardon?", "eh?", "come again?".
    rf"^\W*(?:huh|sorry|pardon|eh+|what|wat|hah)\W*\?\W*$",
    re.IGNORECASE,
)


def not_understood(text: str) -> bool:
    """Does the message only say that the founder did not understand the PM's question?"""
    return bool(NOT_UNDERSTOOD.match(text.strip()))


# What each question meant, said plainly: the founder did not understand the words it was asked in.
MEANT: dict[str, str] = {
    "target_user": "I mean the people who would use the first version: their job or situation, and roughly how many "
    "of them you know.",
    "core_problem": "I mean what goes wrong for them today — the last time it happened, and what it cost.",
    "current_alternatives": "I mean what they do today instead — a notebook, a group chat, a spreadsheet, another app, "
    "or nothing at all.",
    "why_now": "I mean what has changed lately — a price, a rule, a habit, a new tool — that makes this the right "
    "moment; “it was always a problem” is an honest answer too.",
    "feature_wishlist": "I mean what the first version should let them do — a few actions, like “book a slot” or "
    "“see who has paid”.",
    "success_metric": "I mean one number you'd watch after launch, with a target — users, money or time saved, like "
    "“30 shops using it weekly by June”.",
    "revenue_model": "I mean who pays, how much and how often — or that it's free, or only for your own business.",
    "constraints": "I mean who builds it, for how many weeks, with what budget, and anything it must run on.",
    "": "I mean it plainly: say in your own words what you need, and where something I wrote is wrong, which line and "
    "what it should say.",
}


def what_i_meant(asked: str) -> str:
    """The PM's plain words for the question it asked ('' when it asked none: the summary card)."""
    return "Sorry, I'll put my question more simply. " + MEANT.get(asked, MEANT[""])
