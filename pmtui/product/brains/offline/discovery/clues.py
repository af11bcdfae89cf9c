"""What one clause says about each discovery aspect: the fragment of the user's words to keep, and how sure."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pmtui.product.brains.offline.discovery.correction_cues import CORRECTION
from pmtui.product.brains.offline.discovery.cues import (
    ALTERNATIVES_STRONG,
    ALTERNATIVES_WEAK,
    AT_THEIR_POST,
    CONSTRAINTS_DECISIVE,
    CONSTRAINTS_STRONG,
    CONSTRAINTS_WEAK,
    COUNT_WITH_HORIZON,
    DEBT_PAYMENT,
    FEATURE_TRIGGER,
    FEATURE_VERB,
    FOR_PERSONA,
    GENERIC_LEAD,
    HEDGED_FEATURE,
    HELPS_PERSONA,
    IDEA_FEATURE,
    KEPT_IN_A_TOOL,
    METRIC_NOUN,
    NOT_A_FEATURE,
    NOT_FEATURE_LEAD,
    PAIN_DECISIVE,
    PERCENT_TARGET,
    PERSONA_QUALIFIER,
    PRICE,
    PROBLEM_STRONG,
    PROBLEM_WEAK,
    REVENUE_DECISIVE,
    REVENUE_STRONG,
    STANDS_TO_PAY,
    SUBORDINATE,
    SUCCESS_STRONG,
    SUCCESS_WEAK,
    TARGET_EXPLICIT,
    TIMELINE_ONLY,
    WEAK_TRIGGER,
    WHERE_PERSONA,
    WHY_NOW_STRONG,
    WHY_NOW_WEAK,
    WORKAROUND_LEAD,
)
from pmtui.product.brains.offline.discovery.feature_items import (
    PRODUCT_NOUN,
    feature_items,
)
from pmtui.product.brains.offline.discovery.featureness import feature_like, vague_feature
from pmtui.product.brains.offline.discovery.idea_tail import idea_tail
from pmtui.product.brains.offline.discovery.lexicon import NAMED_PRODUCT, NUMBER, TOOL_RE
from pmtui.product.brains.offline.discovery.people_list import listed_people, with_count
from pmtui.product.brains.offline.discovery.pronoun_wishes import the_thing_meant
from pmtui.product.brains.offline.discovery.rates import reread_rates, target_change, year_volume
from pmtui.product.brains.offline.discovery.text import (
    before_new_clause,
    cap_words,
    clean,
    content_words,
    drop_negated,
    has_persona,
    is_generic_only,
    is_vague,
    persona_phrase,
    split_clauses,
)
from pmtui.product.brains.offline.discovery.their_price import FUNDING_RECEIVED, their_price
from pmtui.product.brains.offline.discovery.who_else import OF_US_RUNNING
from pmtui.product.brains.offline.headcount import HAVE_COUNT, NAMED_NUMBER
from pmtui.product.drafts import zero_target


@dataclass
class Clue:
    """What one clause says about one aspect: the fragment to store and whether the cue is strong."""

    fragment: str
    strong: bool
    items: tuple[str, ...] = ()
    # Secondary: a side remark (a tool named in a pain, a pain in a workaround) that only fills a gap.
    secondary: bool = False
    # The clause is nothing but a description of the users ("Solo indie devs on Steam, usually …").
    descriptive: bool = False


# "I sell doubles by the Croisee, me and my wife, from 5 in the morning": who runs the business with the founder, not
# who builds the app (no word of building, time or money beside it).
_RUNS_THE_TRADE = re.compile(r"\b(?:i|we)\s+(?:also\s+|mainly\s+)?(?:sell|run|cook|bake|drive|own|work|serve|open|make|"
                             r"fix|cut|clean|groom|teach|deliver|farm|grow|brew|cater|do)\b|" + AT_THEIR_POST.pattern, re.IGNORECASE)
_CLOCK = re.compile(r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.?|p\.m\.?|o'?clock)(?![\w])", re.IGNORECASE)
_BUILD_WORDS = re.compile(r"\b(?:build\w*|code|coding|develop\w*|program\w*|app|website|weeks?|months?|budget|"
                          r"evenings|weekends)\b", re.IGNORECASE)


_GAIN = re.compile(r"\b(?:an?\s+)?(?:extra|additional)\s+(?:[A-Z]{0,3}[$€£₹₦₱₵]|rs\.?\s?|r\s?|ksh\s?)?\d|"
                   r"\d[\d,.]*\s*k?\s+(?:more|extra)\s+(?:a|an|per|each|every)\s+(?:day|week|month|year|night|season|term)\b",
                   re.IGNORECASE)
_WISHED_STATE = re.compile(r"^\W*(?:no|zero|never|nobody|no one|not a single|every|all)\b.{3,80}?\b(?:would be|'d be|is|will be)"
                           r"\s+(?:the\s+|a\s+|my\s+|our\s+)?(?:dream|goal|ideal|aim|target|win|success|perfect|heaven)\b",
                           re.IGNORECASE)
_BUILDER_NOUN = re.compile(r"(?:(?:an?|the|one|our|my)\s+)?(?:(?:software|web|app|junior|senior|freelance)\s+)?"
                           r"(?:developers?|devs?|coders?|programmers?|engineers?)", re.IGNORECASE)
# A sum said as a whole, with nothing it is per ("Rs 2 lakh total", "about $6k all in", "R40,000 overall"): what there is
# to spend on building it, not a price.
_SUM_TO_SPEND = re.compile(r"^(?![^.;]*\b(?:per|a|an|each|every)\s+(?:month|year|week|day|head|user|member|order|kg|"
                           r"booking|hour|night|person|seat)\b)[^.;]*\b(?:in total|total|all[- ]in|overall|altogether)\b",
                           re.IGNORECASE)

# "A lad in the village will build it for €3,000", "my neighbour will build it for $3,000 over eight weeks", "a developer
# in Lusaka is charging K40,000 for two months", "I have £15,000 and a freelance developer": what building it costs
# the founder, a budget; a price per unit sold ("€650 a wedding", "£12 a head") is what the product earns.
_PAID_TO_BUILD = re.compile(
    r"\b(?:will|can|could|would|is going to|(?:has )?offered to|agreed to)\s+(?:help\s+)?(?:build|code|develop|make|do|"
    r"program|write)\s+(?:it|this|the\s+(?:app|site|website|thing|system|tool))\b|\b(?:is|are)\s+charging\b|"
    r"\bquot(?:e|ed)\b[^.;]{0,20}\bfor\s+(?:\w+\s+)?(?:weeks?|months?|the\s+(?:build|app))\b|"
    r"\bi\s+have\s+[^.;]{0,20}\d[^.;]{0,20}\band\s+(?:a|one|two)\s+(?:freelance\s+)?(?:developer|dev|coder|programmer)\b",
    re.IGNORECASE)
_PER_UNIT = re.compile(r"\bper\s+\w+|\b(?:a|an|each|every)\s+(?:month|year|week|day|head|user|member|order|kg|kilo|booking|"
                       r"hour|night|person|seat|visit|wedding|event|job|class|lesson|session|crate|hectare|acre|"
                       r"inspection|party|plate|tray|box|bag|ride|trip)\b", re.IGNORECASE)


def _paid_to_build(clause: str) -> bool:
    return bool(_PAID_TO_BUILD.search(clause)) and not _PER_UNIT.search(clause)


def _success_strong(clause: str) -> bool:
    """An explicit success cue, or a target: a count of users with a horizon, a percentage of retention."""
    if SUCCESS_STRONG.search(clause) or zero_target(clause):
        return True  # "zero missed deliveries in 3 months": none over a time is a target, not a build deadline
    percent = PERCENT_TARGET.search(clause)
    if percent and not HAVE_COUNT.search(clause[max(0, percent.start() - 30): percent.start() + 1]):
        return True
    for match in COUNT_WITH_HORIZON.finditer(clause):
        noun = match.group("noun").lower()
        # "500 completed walks in 3 months" is a target; "3 engineers in 6 weeks" is a team.
        builders = re.fullmatch(
            r"devs|developers|engineers|programmers|designers|people|founders|cofounders|co-founders|"
            r"weeks|months|days|years|hours|quarters|sprints",
            noun,
        )
        # "our club's got about 120 active members" is how big they are now.
        had = HAVE_COUNT.search(clause[max(0, match.start() - 30): match.start() + 1])
        if not builders and not had and not re.search(r"\b(?:i|we)\s+(?:have|got|are)\b", clause, re.IGNORECASE):
            return True
    return False


_PRONOUN_LEAD = re.compile(r"^(?:they|he|she|we|i|it|you|everyone|nobody|someone|most of them|half of them)\b",
                           re.IGNORECASE)
_COUNT_IN = re.compile(r"(?:(?:about|around|roughly|some|nearly|almost|over|maybe|like)\s+)?\d[\d,]*\+?(?:\s+[\w'-]+){0,3}",
                       re.IGNORECASE)
_LIST_GO_ON = re.compile(r"^(?:and|or|plus|also|too|as well)\b", re.IGNORECASE)


def _until_a_new_clause(who: str) -> str:
    """'small car garages in Joburg, customers phone in': after a comma, people followed by their verb (or a pronoun)
    open a clause of their own, which ends who it is for; 'nurses, porters and doctors' lists people and goes on."""
    segments = re.split(r",\s+", who)
    kept = [segments[0]]
    for segment in segments[1:]:
        if _PRONOUN_LEAD.match(segment):
            break
        people = persona_phrase(segment)
        if people:
            rest = segment[len(people):].strip() if segment.lower().startswith(people.lower()) else segment
            if rest and not _LIST_GO_ON.match(rest):
                break
        kept.append(segment)
    return ", ".join(kept)


def _serves(clause: str, match: re.Match[str]) -> bool:
    """'PG owners in Bangalore, mostly for IT boys and students': people named first, then whom *they* serve."""
    if not re.match(r"(?:mainly|mostly|primarily|largely|usually|only|just)\s+for\b", match.group(0), re.IGNORECASE):
        return False
    lead = persona_phrase(clean(clause)) or ""
    return bool(lead) and has_persona(lead) and clean(clause).lower().startswith(lead.lower()) and (
        match.start() >= len(lead))


_OWN_PEOPLE = re.compile(r"^(?:my|our)\s+(?:own\s+)?(?:mother|father|mum|mom|dad|wife|husband|sister|brother|cousin|aunt|"
                         r"aunty|auntie|uncle|friend|son|daughter|neighbou?r|grandma|grandmother|grandpa|partner)\b",
                         re.IGNORECASE)
_DOING = re.compile(r"^\s*(?:(?:not|always|often|usually|still|also|just|all|now|constantly|forever)\s+)*\w+ing\b",
                    re.IGNORECASE)


_PEOPLE_OF_A_PLACE = re.compile(r"^(?P<who>(?:the\s+)?(?:people|folks?|families|households|residents|locals)\s+(?:on|in|out on|"
                                r"out in|up in|from|across)\s+(?:the\s+)?[\w' ,-]{3,50}?)\s*,?\s+(?:that|who|which)\s", re.IGNORECASE)
# "the conductors first, about 24 of them": how many of them there are, said beside who they are.
_HOW_MANY_OF_THEM = re.compile(r"\b(?:(?:about|around|roughly|some|nearly|almost|over|maybe|like|approx\.?)\s+)?\d[\d,]*\+?"
                               r"\s+of\s+(?:them|us)\b", re.IGNORECASE)


_WAS_MADE_FOR = re.compile(r"\b(?:was|were|had been)\s+(?:(?:more|mainly|mostly|only|really|just|purely|clearly|all)\s+)?"
                           r"(?:built|made|designed|meant|aimed|geared|intended|developed|set up|priced)\s+(?:(?:more|mainly|"
                           r"mostly|only|really|just|purely|clearly)\s+)?(?:for|at|towards?)\s+$", re.IGNORECASE)


def _target_clue(clause: str) -> Clue | None:
    clue = _people_clue(clause)
    if clue is not None:
        people = with_count(listed_people(clause, clue.fragment).split(", "))
        clue = Clue(people, clue.strong, clue.items, clue.secondary, clue.descriptive)
    count = _HOW_MANY_OF_THEM.search(clause)
    if clue is not None and count and count.group(0).lower() not in clue.fragment.lower():
        # The count stays with the people: reach reads it from who it is for ("24 conductors" a quarter, not 1,000).
        return Clue(f"{clue.fragment} ({count.group(0)})", clue.strong, clue.items, clue.secondary, clue.descriptive)
    return clue


def _people_clue(clause: str) -> Clue | None:
    match = TARGET_EXPLICIT.search(clause)
    if match and _serves(clause, match):
        match = None
    if match and match.group("who2") and _WAS_MADE_FOR.search(clause[:match.start("who2")]):
        # "We tried a generic booking app but it was built for hairdressers": whom another tool was made for.
        match = None
    if match and _DOING.match(match.group("who") or ""):
        # "customers are saying 'I paid na'" tells what they do, not who they are.
        match = None
    if match:
        who = clean(drop_negated(match.group("who") or match.group("who2") or ""))
        # "an app for people like me and also can it show which rickshaw is making money": a new wish ends the people.
        who = re.sub(r"\s+(?:to|so|so that|because|and also|and (?:can|could|will|would|should|maybe) (?:it|you|we))\s+.*$",
                     "", who, flags=re.IGNORECASE)
        who = _until_a_new_clause(who)
        if who and not is_vague(who) and (has_persona(who) or len(content_words(who)) >= 2):
            phrase = persona_phrase(who) or who
            return Clue(cap_words(phrase, 14), True)
    # "Practice nurses and pharmacists responsible for the vaccine fridge at GP surgeries": the people named first are
    # who it is for; "for" after them says what they look after.
    lead = persona_phrase(clean(clause)) or ""
    named_first = bool(lead) and has_persona(lead) and clean(clause).lower().startswith(lead.lower())
    for match in FOR_PERSONA.finditer(clause):
        if named_first and match.start() >= len(lead):
            continue
        if re.match(r"\s*(?:my|our|me|us)\b", match.group("who"), re.IGNORECASE):
            # "for my kid's school thing" is the founder's own story, not who the product is for.
            continue
        if _WAS_MADE_FOR.search(clause[:match.start("who")]):
            continue  # whom another tool was made for, as above
        phrase = persona_phrase(match.group("who"), anchored=False)
        if phrase and has_persona(phrase) and not is_generic_only(phrase):
            return Clue(phrase, True)
    for pattern in (WHERE_PERSONA, HELPS_PERSONA):
        match = pattern.search(clause)
        if not match:
            continue
        phrase = persona_phrase(match.group("who"), anchored=pattern is WHERE_PERSONA)
        if phrase and has_persona(phrase) and not is_generic_only(phrase):
            return Clue(phrase, True)
    cleaned = clean(clause)
    # "folk on the wee isles, Hoy and Flotta, that cannae get to Kirkwall easy": people said by where they live.
    placed = _PEOPLE_OF_A_PLACE.match(cleaned)
    if placed:
        return Clue(placed.group("who").strip(" ,"), True)
    if GENERIC_LEAD.match(cleaned):
        # "People like me really, freelance designers, illustrators too": the people come after the shrug.
        for segment in re.split(r",\s*", cleaned)[1:5]:
            phrase = persona_phrase(segment)
            if phrase and has_persona(phrase) and not is_generic_only(phrase):
                return Clue(cap_words(cleaned[cleaned.find(segment):], 16), True, descriptive=True)
    subject = persona_phrase(cleaned)
    if _OWN_PEOPLE.match(cleaned):
        # "My own mother is doing it since 12 years": the founder's own story, one person they know.
        subject = ""
    if subject and has_persona(subject) and not is_generic_only(subject):
        # A clause that is nothing but a persona ('ICU nurses at big hospitals') names the user outright.
        only_persona = len(subject.split()) >= len(cleaned.split()) - 1
        # "ICU nurses at mid-size hospitals, around 400 per hospital, …" describes the user, no verb follows.
        bare = re.sub(r"^(?:the|a|an|every|each|all|most|many|some|our|my|their)\s+", "", cleaned, flags=re.IGNORECASE)
        rest = bare[len(subject) :] if bare.lower().startswith(subject.lower()) else "x"
        if PRODUCT_NOUN.match(rest):
            # "Five-a-side organiser app", "a nurse scheduling tool": the product's name, not who it is for.
            return None
        # "kirana shop owners in Pune for udhaar": what they would use it for still only describes them.
        descriptive = not rest.strip() or rest.lstrip()[:1] in {",", ";", "(", "\u2014", "-"} or bool(
            re.match(r"\s*for\s+[\w'-]+(?:\s+[\w'-]+)?\s*[.!]?$", rest))
        strong = (
            only_persona
            or descriptive
            or bool(
                PROBLEM_STRONG.search(clause)
                or re.search(r"\b(are|is) (often|usually|always|mostly)\b", clause)
                # "Many aunties are running home tiffin business": people by the trade they run.
                or re.match(r"\s+(?:are|is)\s+(?:running|doing|selling|making|teaching|managing|operating|renting|"
                            r"cooking|driving|coaching)\b", rest)
                # "Every dog owner in my building has the same story": people as the subject of their situation.
                or re.match(r"\s+(?:all\s+)?(?:(?:has|have) (?:the same|this|that) (?:story|problem|issue|pain)|"
                            r"struggle|struggles|complain|complains)\b", rest)
            )
        )
        qualifier = PERSONA_QUALIFIER.match(rest) if descriptive else None
        if qualifier:
            # "…, usually 1-3 person studios" says more about the same people; "…, I've got about 35 on the go" is the
            # founder speaking: who ends there, and how many of them stays beside it.
            said = f"{subject}{qualifier.group(0).rstrip(' ,')}"
            subject = _until_a_new_clause(said)
            count = _COUNT_IN.search(said[len(subject):])
            if count:
                subject = f"{subject} ({count.group(0).strip()})"
        return Clue(subject, strong, descriptive=only_persona or descriptive)
    return None


def _strip_persona_lead(text: str) -> str:
    """'freelancers track invoices' -> 'track invoices' (the users are the target, not the feature)."""
    phrase = persona_phrase(text)
    # Only a leading subject counts: in "record sessions, let testers comment" the testers are not the lead.
    if not phrase or "," in phrase or FEATURE_VERB.match(phrase):
        return text
    match = re.match(
        r"\s*(?:the |a |an |our |my )?" + re.escape(phrase) + r"\s+(?:to\s+)?", text, re.IGNORECASE
    )
    return text[match.end() :] if match else text


_SO_OFTEN = re.compile(r"\b(?:\d+|one|two|three|four|five|six)\s+(?:days?|evenings?|mornings?|afternoons?|nights?|shifts?)\s+"
                       r"(?:a|per|each)\s+(?:week|wk|fortnight)\b", re.IGNORECASE)
_WORKS_SO_OFTEN = re.compile(
    r"\b(?:does|do|works?|helps?(?: out)?|comes? in|is in|covers?|drives?|opens?|volunteers?|answers?)\b[^,;.]*?\b"
    r"(?:\d+|one|two|three|four|five|six)\s+(?:days?|evenings?|mornings?|afternoons?|nights?|shifts?)\s+(?:a|per|each)\s+"
    r"(?:week|wk|fortnight)\b", re.IGNORECASE)


def feature_clue(sentence: str, first_message: bool, strict: bool = False) -> Clue | None:
    """Features the sentence asks for ('it should let nurses post a shift, …'), or None.

    `strict` (another aspect was asked): "they will…" in a story is not a request."""
    match = FEATURE_TRIGGER.search(sentence)
    if match and SUBORDINATE.search(sentence[: match.start()]):
        # "When I want to change a shift I must ask everyone" tells a story; it asks for nothing.
        match = None
    if match and strict and re.search(r"\b(?:so|so that|in case)\s*$", sentence[: match.start()], re.IGNORECASE):
        # "a key safe by her door so people can get in", said about today: what the workaround is for, not a wish.
        match = None
    if match and WEAK_TRIGGER.match(match.group(0)) and (strict or not re.search(
        r"\b(?:app|tool|product|platform|system)\b", sentence, re.IGNORECASE
    )):
        # "twenty people would say 'cool!'" tells what happened; only about the product is it a wish.
        match = None
    if match:
        rest = before_new_clause(sentence[match.end() :])
        if re.match(r"(?:(?:just|only|simply|really|mainly|also)\s+)?be\b(?!\s+able\b)", rest, re.IGNORECASE):
            # "the app would just be for my spot, no fee to customers", "it should be free for members": what the
            # app is, whom it is for or what it costs, no doing of it.
            return None
        build = re.match(
            r"(?:to )?(?:build|make|create|develop|launch|start|design|write|do|have|set up)\s+", rest, re.IGNORECASE
        )
        if build:
            return _idea_clue(rest, sentence)
        if re.match(r"(?:an?|the|one|some)\s+(?:[\w-]+\s+){0,2}?" + _IDEA_NOUN + r"\b", rest, re.IGNORECASE) or re.match(
            _IDEA_NOUN + r"\s+(?:for|where|that|which|to|so)\b", rest.strip(), re.IGNORECASE
        ):
            # "i want an app where neighbours can share dog walking", and without the article ("I want app where
            # parents can share the school run"): the idea, then what it does.
            return _idea_clue(rest, sentence)
        if NOT_A_FEATURE.match(rest) or PRICE.search(rest) or CONSTRAINTS_STRONG.search(rest):
            return None
        # "…for booking dog walkers, because here people work long hours…": the reason is not a feature.
        rest = re.split(r",?\s+(?:because|since|as|so that|which means|cause|coz)\s+|,\s+so\s+", rest, maxsplit=1)[0]
        if (
            re.search(NUMBER, rest, re.IGNORECASE)
            and METRIC_NOUN.search(rest)
            and not re.search(
                r"\b(let|allow|see|track|add|send|view|post|book|create|export)\b", rest, re.IGNORECASE
            )
        ):
            return None
        items = feature_items(_strip_persona_lead(rest))
        if items:
            return Clue("; ".join(items), True, tuple(items))
    return _idea_clue(sentence) if first_message else None


_IDEA_NOUN = r"(?:app|application|tool|platform|service|website|site|bot|product|saas|marketplace|system|software|portal)"


def _idea_clue(sentence: str, whole: str = "") -> Clue | None:
    """'An app for nurses to swap shifts' -> the feature 'Swap shifts'; what it does after a dash, when told."""
    if told := the_thing_meant(idea_tail(whole or sentence)):  # "…hockey parents - parents offer seats, others grab them"
        return Clue("; ".join(told), True, tuple(told))
    idea = IDEA_FEATURE.search(sentence)
    if not idea:
        return None
    # "…can share dog walking, like when someone is travelling": an example is no feature.
    feature = re.split(r",?\s+(?:like when|like if|for example|for instance|e\.g\.?)\s+", idea.group("feature"),
                       maxsplit=1)[0]
    feature = _strip_persona_lead(feature)
    # "an app to track the orders because measurements we are writing in a register…": the reason is no feature.
    feature = re.split(r",?\s+(?:because|since|as|so that|which means|cause|coz)\s+", feature, maxsplit=1)[0]
    feature = re.sub(r"\s+(?:for|aimed at|targeted at)\s+[^,.;]+$", "", feature, flags=re.IGNORECASE)
    items = feature_items(feature)
    return Clue("; ".join(items), True, tuple(items)) if items else None


def list_clue(sentence: str, first_message: bool) -> Clue | None:
    """A bare list of three or more short items with no other cue reads as a feature list."""
    pieces = [p for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+", clean(sentence)) if p.strip()]
    if len(pieces) < 3 or any(len(p.split()) > 6 for p in pieces):
        return None
    if re.match(r"^(?:an?|the|one|my)\s+(?:[\w-]+\s+){0,2}?" + _IDEA_NOUN + r"\b", pieces[0].strip(), re.IGNORECASE) or any(
        re.match(r"for\s+\w+ing\b", p.strip(), re.IGNORECASE) for p in pieces
    ):
        # "an app for landlords and tenants, for fixing things" names the idea and its purpose, not three features.
        return None
    complaints = sum(1 for p in pieces if re.search(r"^(?:no|not|never|too)\s|\b(?:wrong|lost|missing|late|broken)\b", p.strip(),
                                                    re.IGNORECASE))
    if complaints * 2 >= len(pieces):
        # "turn up w wrong size, no stock list, jobs in txts": what goes wrong today, not three things to build.
        return None
    changes = sum(1 for p in pieces if re.search(r"\b(?:now|nowadays|these days|since|(?:went|gone|going) up|kill\w*)\b", p,
                                                re.IGNORECASE))
    if changes * 2 >= len(pieces):
        # "Every farmer have smartphone now, even di old one dem, an gas price a kill wi": what changed, not features.
        return None
    if any(NOT_FEATURE_LEAD.match(p.strip()) for p in pieces) or PROBLEM_STRONG.search(sentence):
        # "They send builds over Discord, read feedback in a form, which is a mess" is a story, not a list.
        return None
    integrates = re.search(
        r"\b(integrat\w*|export\w*|import\w*|sync\w*|connect\w*|send to)\b", sentence, re.IGNORECASE
    )
    if sum(1 for p in pieces if persona_phrase(p)) * 2 >= len(pieces) or (
        TOOL_RE.search(sentence) and not integrates
    ):
        return None
    for cue in (REVENUE_STRONG, CONSTRAINTS_STRONG, SUCCESS_STRONG, WHY_NOW_STRONG, PRICE):
        if cue.search(sentence):
            return None
    if re.search(NUMBER, sentence, re.IGNORECASE) and METRIC_NOUN.search(sentence):
        return None
    items = feature_items(sentence)
    return Clue("; ".join(items), True, tuple(items)) if len(items) >= 3 else None


# A figure, then the reason for it: "£10 a head since the hall went up", "15 percent since the fuel went up".
_FIGURE_REASON = re.compile(r"^(?=[^,;]*\d)[^,;]*?\d[^,;]*?\s(?:since|because|cos|coz|as)\s+(?P<reason>\S.*)$", re.IGNORECASE)


def detect(clause: str, sentence: str, first_message: bool) -> dict[str, Clue]:
    """Every aspect `clause` speaks to, with the fragment of the user's words to keep."""
    clues: dict[str, Clue] = {}
    cleaned = clean(drop_negated(clause)) if CORRECTION.search(clause) else clean(clause)
    if not cleaned:
        return clues
    target = _target_clue(clause)
    if target:
        clues["target_user"] = target
    if PROBLEM_STRONG.search(clause):
        pitch = re.sub(
            r"^(?:i|we)(?:'d| would)? (?:want|like|plan|am going|are going|'m going|'re going) to (?:build|make|create)\s+"
            r"|^(?:i'm|i am|we're|we are) (?:building|making|creating)\s+",
            "",
            cleaned,
            flags=re.IGNORECASE,
        )
        clues["core_problem"] = Clue(pitch[:1].upper() + pitch[1:] if pitch != cleaned else cleaned, True)
    elif PROBLEM_WEAK.search(clause):
        clues["core_problem"] = Clue(cleaned, False)
    tool = TOOL_RE.search(clause) or NAMED_PRODUCT.search(clause)
    integrates = re.search(
        r"\b(integrat\w*|export\w*|import\w*|sync\w*|connect\w*|plug into|send to)\b", clause, re.IGNORECASE
    )
    # "I've shipped two games on Steam" is the founder's own story, not what users do today.
    own_story = re.match(r"\s*(?:i|i'?ve|i'?d|i'?m|we|we'?ve|my|our)\b", clause, re.IGNORECASE) is not None
    # "Now every customer is having WhatsApp": a tool people have is not what they do instead.
    possessed = tool is not None and re.search(
        r"\b(?:has|have|having|got|owns?|owning)\s+(?:\w+\s+){0,2}$", clause[: tool.start()], re.IGNORECASE
    )
    # "appointment reminders over WhatsApp", "bookings via Instagram": the channel the product works through, said
    # in the pitch of what is built, is no way of doing it today.
    channel = tool is not None and first_message and re.search(
        r"\b[a-z]+(?:s|ing)\s+(?:over|via|through|by)\s+$", clause[: tool.start()], re.IGNORECASE) and re.search(
        r"\b(?:building|build|making|developing|creating|launching)\b|\b(?:app|tool|platform|saas|product|software|system)"
        r"\s+(?:for|that|to|which)\b", sentence, re.IGNORECASE) and not re.search(
        r"\b(?:we|they|i|customers|people|clients)\s+(?:take|get|send|receive|do|handle|manage)\b", clause, re.IGNORECASE)
    if possessed or channel:
        tool = None
    # Told inside the pain, not opening it (a sentence that opens with it is told whole). In the opening pitch ("…but
    # we record it in an exercise book and people dispute") it is heard in passing: a draft the PM asks about, citing
    # it, rather than asking "how do they handle this today?" as if it had not been said.
    kept_in_a_tool = bool(KEPT_IN_A_TOOL.search(clause.strip())) and not sentence.strip().startswith(clause.strip())
    if ALTERNATIVES_STRONG.search(clause) or kept_in_a_tool or (
        tool and not integrates and not FEATURE_TRIGGER.search(sentence) and not own_story
    ):
        # "…no umpires for half the games cos the umpire roster is a google sheet nobody looks at": today's way is
        # the reason given, not the whole clause.
        # "…cancelled at short notice so the office phones round from a paper list": the same after "so".
        reasons = [m for m in re.finditer(r"\s(?:cos|coz|cause|'cause|because|since|so)\s+", clause, re.IGNORECASE)
                   if tool and m.end() < tool.start()]
        told = clean(clause[reasons[-1].end():]) if reasons else cleaned
        clues["current_alternatives"] = Clue(told or cleaned, True)
    elif ALTERNATIVES_WEAK.search(clause) or tool:
        clues["current_alternatives"] = Clue(cleaned, False)
    figure_reason = _FIGURE_REASON.match(clause)
    if figure_reason and not WHY_NOW_STRONG.search(clause[: figure_reason.start("reason")]):
        # "£10 a head since the hall went up", "nearer 50 boats since the new marina opened": the reason for a figure
        # is said with it; the figure answers its own question, not why now.
        pass
    elif WHY_NOW_STRONG.search(clause) and not year_volume(clause, WHY_NOW_STRONG.search(clause)):
        clues["why_now"] = Clue(cleaned, True)
    elif WHY_NOW_WEAK.search(clause):
        clues["why_now"] = Clue(cleaned, False)
    price = PRICE.search(clause)
    if price and their_price(clause, price):
        # "doggy daycare which is $50 a day", "I was paying $25 a walk": what it costs today, not our pricing.
        clues.setdefault("current_alternatives", Clue(cleaned, False, secondary=True))
    elif price and _GAIN.search(clause):
        # "every table-hour billed, about HK$8,000 more a month", "an extra S$2,000 a month in bookings": money gained
        # is the target, not what the product costs.
        clues["success_metric"] = Clue(cleaned, True)
    elif price and (FUNDING_RECEIVED.search(clause) or _SUM_TO_SPEND.search(clause) or _paid_to_build(clause)):
        # "we got a council grant of £5,000 in September": what they have to build with, not a price.
        clues["constraints"] = Clue(cleaned, True)
    elif (REVENUE_STRONG.search(clause) and not DEBT_PAYMENT.search(clause)) or STANDS_TO_PAY.search(clause) or (
        price and not re.search(r"\b(mrr|arr|revenue|budget|raise|saved?)\b", clause, re.IGNORECASE)
    ):
        clues["revenue_model"] = Clue(cleaned, True)
    # "I run a 5-a-side team": a number inside a name counts nothing.
    # "bookings come by WhatsApp at 3am": a time of day counts nothing either.
    without_price = _CLOCK.sub(" ", NAMED_NUMBER.sub(" ", PRICE.sub(" ", clause)))
    has_number = re.search(NUMBER, without_price, re.IGNORECASE)
    success_strong = _success_strong(clause)
    # A number next to a metric noun is a target in a short answer ("200 walks/wk"); inside a longer
    # sentence ("the rest time of 11 hours between shifts") it is only a hint.
    counted = has_number and METRIC_NOUN.search(without_price) and not CONSTRAINTS_STRONG.search(clause)
    # "our club's got about 120 active members": how big they are today, not a number to reach.
    counted = counted and not HAVE_COUNT.search(without_price)
    # "my assistant Kerry, who does the phones and the diary two days a week": how often someone works, no target.
    counted = counted and not (_WORKS_SO_OFTEN.search(without_price) or (
        _SO_OFTEN.search(without_price) and _WORKS_SO_OFTEN.search(sentence)))
    if success_strong or (counted and len(cleaned.split()) <= 10):
        clues["success_metric"] = Clue(cleaned, True)
    elif counted or SUCCESS_WEAK.search(clause):
        clues["success_metric"] = Clue(cleaned, False)
    limit = CONSTRAINTS_STRONG.search(clause)
    if limit and (limit.group(0).lower() == "budget" and "revenue_model" in clues
                  or limit.group(0).lower() == "no money" and REVENUE_DECISIVE.search(clause)
                  or "of us" in limit.group(0).lower() and OF_US_RUNNING.search(clause)
                  or limit.group(0).lower().startswith("me ") and _RUNS_THE_TRADE.search(clause)
                  and not _BUILD_WORDS.search(clause)):
        # "Hospitals pay $1 per nurse from their wellbeing budget": the buyer's budget, not ours; "its free for the
        # station, no money": no money asked of the users; "us lot who run it (theres 5 of us)": who runs the service.
        limit = None
    if limit:
        clues["constraints"] = Clue(cleaned, True)
        if (who := clues.get("target_user")) and _BUILDER_NOUN.fullmatch(who.fragment.strip()):
            # "One member is a developer, he can do on weekends": the developer builds it, nobody uses it as one.
            del clues["target_user"]
        if "success_metric" in clues and not success_strong:
            del clues["success_metric"]
        elif "success_metric" in clues and TIMELINE_ONLY.fullmatch(limit.group(0)):
            # "60% of swaps within 3 months" is a success target with a horizon, not a build deadline.
            del clues["constraints"]
    elif CONSTRAINTS_WEAK.search(clause):
        clues["constraints"] = Clue(cleaned, False)
    # "teams at companies with 50-500 employees" describes who, not a success number.
    numbered_persona = target is not None and (
        target.strong or re.search(NUMBER, target.fragment, re.IGNORECASE)
    )
    if numbered_persona and "success_metric" in clues and not success_strong:
        del clues["success_metric"]
    first_person = re.match(
        r"\s*(?:i|i'm|i am|we|we're|we are|my|our|me|us|(?:a\s+)?team of|just (?:me|us)|\w+ of us)\b",
        cleaned,
        re.IGNORECASE,
    )
    if first_person and target is not None and re.match(r"\s*(?:a\s+)?team of\b", cleaned, re.IGNORECASE):
        # "Team of 3, 6 weeks" is who builds it, not who it is for.
        del clues["target_user"]
        target = None
    if target is not None and target.descriptive and not first_person:
        # "Solo indie devs on Steam, usually 1-3 person studios" is about the users: their platform is not
        # today's alternative, their team size is not our constraint.
        for aspect in ("current_alternatives", "constraints", "why_now", "revenue_model"):
            if aspect in clues and not (
                aspect == "current_alternatives" and ALTERNATIVES_STRONG.search(clause)
            ):
                del clues[aspect]
        if "success_metric" in clues and not success_strong:
            del clues["success_metric"]
    clues = reread_rates(clause, clues, success_strong, Clue(cleaned, True))  # "about 20% … are no-shows" is the pain
    timing = clues.get("why_now")
    problem = clues.get("core_problem")
    if timing and timing.strong and problem and problem.strong:
        # "Since this year hospitals have budgets after the burnout reports": the lead cue decides.
        when, pain = WHY_NOW_STRONG.search(clause), PROBLEM_STRONG.search(clause)
        if when and pain and when.start() < pain.start():
            del clues["core_problem"]
        else:
            timing.secondary = True
    alternative = clues.get("current_alternatives")
    if alternative and alternative.strong and problem and problem.strong:
        # "They send builds over Discord …, which is a mess": a workaround with a complaint, and
        # "Feedback is scattered across Discord": a pain that names a tool. The lead decides.
        if ALTERNATIVES_STRONG.search(clause) or WORKAROUND_LEAD.match(cleaned):
            # A complaint about today's workaround is not yet the core problem: the PM still asks for it.
            del clues["core_problem"]
        else:
            alternative.secondary = True
    if (money := clues.get("revenue_model")) and money.strong and re.search(r"\bpa(?:y|ys|id)\b", clause, re.IGNORECASE):
        clues.pop("success_metric", None)  # "or the association pays for all 40 teams": who pays, no target
    if _WISHED_STATE.search(clause):
        # "no double bookings at all would be the dream", "an empty lost-and-found box is the goal": the pain gone is
        # the target, whatever question was asked.
        clues.pop("core_problem", None)
        clues["success_metric"] = Clue(cleaned, True)
    return clues


def plain_feature_bullet(sentence: str, asked: str, first_message: bool) -> bool:
    """'- weekly meal plan' with no cue for any aspect, not even a weak one for the asked aspect."""
    item = clean(sentence)
    if not item or not feature_like(item) or vague_feature(item) or len(item.split()) > 8:
        return False
    for clue in (detect(c, sentence, first_message) for c in split_clauses(sentence)):
        if any(c.strong for c in clue.values()) or asked in clue:
            return False
    return True


def hedged_sentence(sentence: str) -> bool:
    """'A leaderboard would be fun too.' or 'Maybe a social feed.' — a short, optional feature."""
    cleaned = re.sub(r"\s+(?:too|as well)$", "", clean(sentence), flags=re.IGNORECASE)
    if not cleaned or len(cleaned.split()) > 8 or re.search(r"\d", cleaned):
        return False
    hedged = HEDGED_FEATURE.match(cleaned)
    if hedged:
        return feature_like(hedged.group("x"))
    if not re.match(r"^\s*(?:and\s+)?(?:maybe|perhaps|possibly|ideally)\b", sentence, re.IGNORECASE):
        return False
    strong = PROBLEM_STRONG, REVENUE_STRONG, CONSTRAINTS_STRONG, WHY_NOW_STRONG, ALTERNATIVES_STRONG
    if any(cue.search(sentence) for cue in strong) or has_persona(cleaned) or TOOL_RE.search(cleaned):
        return False
    return feature_like(re.sub(r"^(?:a|an|the|some)\s+", "", cleaned, flags=re.IGNORECASE))


def decisive(aspect: str, clause: str, clue: Clue | None = None) -> bool:
    """Is the clause unmistakably about `aspect`, enough to take it from the aspect the PM just asked about?

    An answer is about the question unless it says otherwise in so many words: "$49 a month" is
    pricing whatever was asked, "supplier prices" in a feature list is not; "two devs, 8 weeks" is a
    constraint, "within 3 months" in a success target is not; "staff shortage" answering "why now"
    is the why-now, not a persona.
    """
    if aspect == "target_user":
        # "ICU nurses at big city hospitals who work nights" is nothing but a description of people.
        whole = clue is not None and clue.descriptive and len(clue.fragment.split()) >= 2
        return bool(TARGET_EXPLICIT.search(clause)) or whole
    if aspect == "core_problem":
        return bool(PAIN_DECISIVE.search(clause))
    if aspect == "current_alternatives":
        return bool(ALTERNATIVES_STRONG.search(clause) or WORKAROUND_LEAD.match(clean(clause))
                    or KEPT_IN_A_TOOL.search(clause.strip()))
    if aspect == "why_now":
        return bool(WHY_NOW_STRONG.search(clause))
    if aspect == "success_metric":
        return bool(SUCCESS_STRONG.search(clause) or PERCENT_TARGET.search(clause) or target_change(clause)
                    or _WISHED_STATE.search(clause) or (PRICE.search(clause) and _GAIN.search(clause)))
    if aspect == "revenue_model":
        # "doggy daycare which is $50 a day" prices today's alternative, not ours.
        price = PRICE.search(clause)
        theirs = price is not None and (their_price(clause, price) or bool(FUNDING_RECEIVED.search(clause))
                                        or bool(_GAIN.search(clause)))
        return bool((price and not theirs) or (REVENUE_DECISIVE.search(clause) and not DEBT_PAYMENT.search(clause))
                    or STANDS_TO_PAY.search(clause))
    if aspect == "constraints":
        if AT_THEIR_POST.search(clause) and not _BUILD_WORDS.search(clause):
            return False
        # "we've got a £2,000 grant that has to be spent by March": the money to build with is a budget.
        return bool(CONSTRAINTS_DECISIVE.search(clause) or (PRICE.search(clause) and FUNDING_RECEIVED.search(clause)))
    if aspect == "feature_wishlist":
        return bool(FEATURE_TRIGGER.search(clause))
    return False
