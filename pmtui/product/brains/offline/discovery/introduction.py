"""Who the founder is, said before the pain in the same opening sentence: "G'day - so I'm the secretary of an
allotment society in Ballarat, about 90 plot holders, and everyone ends up with …". The problem is what goes wrong,
not the greeting and the introduction before it; the introduction still names the outfit (read elsewhere, from the
whole message: "Hi, my family run mini storage …" is a first guess at who it is for).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pmtui.product.brains.offline.discovery.greetings import GREETED

# A greeting and a filler before the founder says who they are or what they do ("Hi! so basically …").
_OPENING = r"^\W*(?:" + GREETED + r"\W*)?(?:(?:so|well|right|ok(?:ay)?|um+|basically|ja|yah|yeah|yes|eish|sho|look)\W+)*"
# Then the founder saying who they are or what they run.
_INTRODUCTION = re.compile(
    _OPENING + r"(?:i'?m|i am|we'?re|we are|i run|we run|i own|we own|i manage|we manage|i work (?:at|in|for|as)|"
    r"i volunteer (?:at|with|for)|i coach|i teach|i chair|my (?:family|husband|wife|partner|dad|mum|mom|brother|sister|"
    # Family said in other Englishes too: oom and tannie (South Africa), tita and lola (Philippines), mama and baba.
    r"parents|uncle|aunt|aunty|auntie|oom|tannie|cousin|gran|granny|grandma|grandpa|nan|nana|son|daughter|nephew|niece|"
    r"tita|tito|lola|lolo|mama|papa|baba|friend|mate|neighbou?r|boss)(?: and i)? (?:run|runs|own|owns|manage|manages|"
    r"has|have|runs? a|keeps?))\s+",
    re.IGNORECASE,
)
# Where the introduction hands over to what happens: ", and everyone …", " so the …", ", but half …".
_HAND_OVER = re.compile(r",?\s+(?:and|so|but)\s+(?:then\s+)?|\s+[-\u2013\u2014]\s+", re.IGNORECASE)


# The founder saying what they make or do for a living: "i bake ube cheesecake and leche flan from my condo in Pasig",
# "we sell second-hand prams at the market", "I tutor maths to year 11s". What they make is often a list ("cheesecake
# and leche flan"), so only a comma or a dash hands over to what goes wrong: ", orders come thru messenger and …".
_TRADE = re.compile(
    _OPENING + r"(?:i|we)\s+(?:also\s+|mainly\s+|mostly\s+)?"
    r"(?:bake|sell|make|cook|fix|repair|service|teach|tutor|coach|train|drive|clean|grow|farm|breed|sew|tailor|"
    r"cater|deliver|brew|print|photograph|shoot|rent|hire out|host|organi[sz]e|groom|paint|knit|craft|roast|"
    r"import|resell|supply|do)\s+",
    re.IGNORECASE,
)
_TRADE_HAND_OVER = re.compile(r",\s+(?:(?:and|so|but)\s+)?(?:then\s+)?|\s+[-\u2013\u2014]\s+", re.IGNORECASE)


# "We've got about 400 members and the biggest headache is the route setting schedule …", "I run a bakery with 3 staff
# and our main problem is that orders get lost": the founder names the pain; what comes before is the introduction.
_NAMED_PAIN = re.compile(
    r"^(?P<lead>[^.;!?]*?)(?:,?\s+(?:and|but|so)\s+|,\s*|^)(?:the|our|my|their)\s+(?:biggest|main|real|worst|big|only|number one|"
    r"no\.? ?1|major|key|greatest)\s+(?:headache|problem|pain(?: point)?|issue|nightmare|struggle|challenge|frustration|"
    r"bugbear|worry)\s+(?:is|are|has been|=|:)\s+(?:that\s+|probably\s+|definitely\s+|honestly\s+)?(?P<pain>\S.{7,})$",
    re.IGNORECASE,
)


def without_introduction(problem: str, is_pain: Callable[[str], bool]) -> str:
    """The problem without the greeting and introduction said before it in the same sentence ('' parts kept)."""
    named = _NAMED_PAIN.match(problem)
    if named and named.group("lead").strip():
        problem = named.group("pain").strip()
        return problem[:1].upper() + problem[1:] if named.group("lead")[:1].isupper() else problem
    lead = _INTRODUCTION.match(problem)
    hand_over = _HAND_OVER
    if not lead:
        lead, hand_over = _TRADE.match(problem), _TRADE_HAND_OVER
    if not lead:
        return problem
    for cut in hand_over.finditer(problem, lead.end()):
        rest = problem[cut.end():].strip()
        if len(rest.split()) >= 3 and is_pain(rest) and not is_pain(problem[lead.end():cut.start()]):
            return rest
    return problem


# Who the founder is, said as a role or an outfit: "I am the chairman of …", "I'm one of the coaches", "we run a …".
_WHO_I_AM = re.compile(
    _OPENING + r"(?:(?:i'?m|i am|we'?re|we are)\s+(?:just\s+)?(?:a|an|the|one of (?:the|our)|part of|in charge of|head of)\s+|"
    r"(?:i|we)\s+(?:run|own|manage|chair|coach|teach)\s+)",
    re.IGNORECASE,
)


def introduction_only(sentence: str, is_pain: Callable[[str], bool]) -> bool:
    """The sentence only says who the founder is or what they run ("I am the chairman of a boda stage in Kisumu, we have
    like 40 riders"): nothing goes wrong in it, so it is no pitch to quote back when more follows. "I am having one idea
    regarding tiffin services" is the idea."""
    return bool(_WHO_I_AM.match(sentence)) and not is_pain(sentence)
