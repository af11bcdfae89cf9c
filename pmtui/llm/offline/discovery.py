"""The offline discovery interviewer: a deterministic PM that reads what the user wrote.

It splits each message into sentences and clauses, attributes them to the eight discovery aspects
(the one that was asked, and any volunteered out of turn, recognised by cue phrases), merges them
into the DiscoverySummary in the user's own words, and asks one question per reply — probing a
vague answer once before moving on to the most important gap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pmtui.models import ASPECT_LABELS, ASPECTS, Completeness, ConversationState, DiscoverySummary
from pmtui.product.brain import DiscoveryReply
from pmtui.product.completeness import has_real_content
from pmtui.product.rice import NICE_TO_HAVE_MARK, feature_name

# The order in which gaps are asked: who and why before what, money last.
QUESTION_ORDER: tuple[str, ...] = (
    "target_user",
    "core_problem",
    "current_alternatives",
    "feature_wishlist",
    "success_metric",
    "why_now",
    "constraints",
    "revenue_model",
)
MAX_FIELD_CHARS = 400
# Topics that blur into each other in real answers (a pain often names today's workaround).
_TIMELINE_ONLY = re.compile(
    r"(in|within|have|got|about|next|only|just|under|max(imum)?|build it in|ship it in|launch in|done in)\s+.*"
    r"(weeks?|months?|wks?)|\d+[- ](week|month)",
    re.IGNORECASE,
)
_SOFT_ASPECTS = frozenset({"core_problem", "current_alternatives"})

# ---------------------------------------------------------------------------------------------
# Lexicons
# ---------------------------------------------------------------------------------------------

_PERSONA_STEMS = frozenset(
    [
        "parent",
        "mom",
        "mum",
        "dad",
        "mother",
        "father",
        "family",
        "kid",
        "child",
        "children",
        "teen",
        "teenager",
        "student",
        "pupil",
        "teacher",
        "tutor",
        "professor",
        "nurse",
        "doctor",
        "physician",
        "clinician",
        "surgeon",
        "patient",
        "caregiver",
        "carer",
        "therapist",
        "dentist",
        "vet",
        "pharmacist",
        "midwife",
        "paramedic",
        "freelancer",
        "contractor",
        "consultant",
        "founder",
        "entrepreneur",
        "developer",
        "dev",
        "engineer",
        "programmer",
        "designer",
        "marketer",
        "salesperson",
        "salespeople",
        "rep",
        "recruiter",
        "manager",
        "owner",
        "landlord",
        "tenant",
        "renter",
        "homeowner",
        "realtor",
        "agent",
        "accountant",
        "bookkeeper",
        "controller",
        "lawyer",
        "attorney",
        "paralegal",
        "cfo",
        "ceo",
        "cto",
        "coo",
        "executive",
        "analyst",
        "researcher",
        "scientist",
        "writer",
        "author",
        "blogger",
        "creator",
        "influencer",
        "streamer",
        "podcaster",
        "musician",
        "artist",
        "photographer",
        "videographer",
        "editor",
        "athlete",
        "runner",
        "cyclist",
        "climber",
        "gamer",
        "player",
        "coach",
        "trainer",
        "chef",
        "cook",
        "baker",
        "farmer",
        "gardener",
        "driver",
        "courier",
        "trucker",
        "pilot",
        "traveler",
        "traveller",
        "tourist",
        "commuter",
        "shopper",
        "buyer",
        "seller",
        "merchant",
        "retailer",
        "vendor",
        "supplier",
        "agency",
        "startup",
        "smb",
        "sme",
        "nonprofit",
        "charity",
        "church",
        "school",
        "university",
        "college",
        "clinic",
        "hospital",
        "pharmacy",
        "hotel",
        "restaurant",
        "cafe",
        "gym",
        "employee",
        "worker",
        "staff",
        "volunteer",
        "member",
        "retiree",
        "senior",
        "pensioner",
        "veteran",
        "immigrant",
        "expat",
        "newcomer",
        "candidate",
        "applicant",
        "admin",
        "administrator",
        "operator",
        "technician",
        "electrician",
        "plumber",
        "builder",
        "architect",
        "reader",
        "learner",
        "couple",
        "roommate",
        "neighbor",
        "neighbour",
        "community",
        "club",
        "team",
        "babysitter",
        "nanny",
        "sitter",
        "walker",
        "host",
        "guest",
        "investor",
        "trader",
        "broker",
        "banker",
        "caterer",
        "planner",
        "organizer",
        "organiser",
        "hobbyist",
        "collector",
        "maker",
        "crafter",
        "foodie",
        "dieter",
        "resident",
        "citizen",
        "official",
        "firefighter",
        "police",
        "soldier",
        "intern",
        "graduate",
        "grad",
        "firm",
        "practice",
        "studio",
        "household",
        "org",
        "landlady",
        "hairdresser",
        "barber",
        "stylist",
        "beautician",
        "mechanic",
        "cleaner",
        "janitor",
        "receptionist",
        "secretary",
        "assistant",
        "dispatcher",
        "warehouse",
        "shipper",
        "seller",
        "etsy",
        "shopify",
        "professional",
        "specialist",
        "expert",
        "practitioner",
        "clinician",
        "resident",
        "physio",
        "physiotherapist",
    ]
)
_GENERIC_PERSONA = frozenset(
    [
        "people",
        "person",
        "user",
        "users",
        "customer",
        "customers",
        "client",
        "clients",
        "business",
        "businesses",
        "company",
        "companies",
        "folks",
        "folk",
        "everyone",
        "everybody",
        "anyone",
        "anybody",
        "human",
        "humans",
        "consumer",
        "consumers",
        "individual",
        "individuals",
        "organization",
        "organizations",
        "organisation",
        "organisations",
        "public",
        "world",
        "market",
        "someone",
        "somebody",
    ]
)
_NOT_PERSONA = frozenset(
    [
        "others",
        "numbers",
        "orders",
        "papers",
        "letters",
        "headers",
        "computers",
        "servers",
        "containers",
        "folders",
        "reminders",
        "filters",
        "answers",
        "chapters",
        "offers",
        "layers",
        "markers",
        "stickers",
        "timers",
        "trackers",
        "covers",
        "matters",
        "hours",
        "towers",
        "features",
        "parameters",
        "centers",
        "centres",
        "meters",
        "members'",
        "waters",
        "powers",
        "weathers",
        "registers",
        "ledgers",
        "vouchers",
        "invoices",
        "prices",
        "services",
        "devices",
        "sources",
        "resources",
        "events",
        "documents",
        "payments",
        "statements",
        "requirements",
        "settings",
        "things",
        "items",
    ]
)
_TOOLS = (
    "excel",
    "google sheets",
    "sheets",
    "spreadsheet",
    "spreadsheets",
    "notion",
    "trello",
    "asana",
    "jira",
    "slack",
    "whatsapp",
    "telegram",
    "signal",
    "imessage",
    "messenger",
    "facebook groups",
    "facebook",
    "instagram",
    "email",
    "emails",
    "gmail",
    "outlook",
    "sms",
    "text messages",
    "texts",
    "group chat",
    "group chats",
    "phone calls",
    "pen and paper",
    "paper",
    "notebook",
    "notebooks",
    "sticky notes",
    "post-its",
    "whiteboard",
    "whiteboards",
    "clipboard",
    "quickbooks",
    "xero",
    "sage",
    "freshbooks",
    "stripe",
    "paypal",
    "shopify",
    "airtable",
    "zapier",
    "google calendar",
    "calendar",
    "calendars",
    "word of mouth",
    "craigslist",
    "ebay",
    "etsy",
    "linkedin",
    "indeed",
    "upwork",
    "fiverr",
    "calendly",
    "doodle",
    "google forms",
    "google form",
    "google drive",
    "discord",
    "dms",
    "direct messages",
    "reddit",
    "forums",
    "typeform",
    "pinterest",
    "notes app",
    "notes apps",
    "salesforce",
    "hubspot",
    "monday.com",
    "clickup",
    "evernote",
    "todoist",
    "apple notes",
    "google docs",
    "word",
    "dropbox",
    "bank portal",
    "netsuite",
    "sap",
    "mint",
    "ynab",
    "strava",
    "myfitnesspal",
    "duolingo",
)
_TOOL_RE = re.compile(
    r"\b(" + "|".join(re.escape(t) for t in sorted(_TOOLS, key=len, reverse=True)) + r")\b", re.IGNORECASE
)
# "use Rover", "on Slack": a capitalised name after a usage verb is a product people use today.
_NAMED_PRODUCT = re.compile(r"\b(?:[Uu]s(?:e|es|ing)|[Oo]n|[Vv]ia|[Tt]hrough|[Oo]ver)\s+[A-Z][a-zA-Z0-9]+\b")
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "for",
        "in",
        "on",
        "at",
        "by",
        "with",
        "and",
        "or",
        "but",
        "so",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "it's",
        "this",
        "that",
        "these",
        "those",
        "they",
        "them",
        "their",
        "there",
        "here",
        "i",
        "me",
        "my",
        "we",
        "us",
        "our",
        "you",
        "your",
        "he",
        "she",
        "his",
        "her",
        "who",
        "whom",
        "which",
        "what",
        "when",
        "where",
        "why",
        "how",
        "do",
        "does",
        "did",
        "doing",
        "have",
        "has",
        "had",
        "just",
        "really",
        "very",
        "quite",
        "kind",
        "sort",
        "like",
        "maybe",
        "probably",
        "basically",
        "honestly",
        "well",
        "um",
        "uh",
        "hmm",
        "yeah",
        "yes",
        "ok",
        "okay",
        "sure",
        "thing",
        "things",
        "stuff",
        "some",
        "any",
        "all",
        "most",
        "many",
        "much",
        "lots",
        "lot",
        "more",
        "less",
        "not",
        "no",
        "would",
        "could",
        "should",
        "will",
        "can",
        "might",
        "must",
        "about",
        "also",
        "too",
        "then",
        "than",
        "as",
        "if",
        "because",
        "since",
        "from",
        "into",
        "out",
        "up",
        "down",
        "over",
        "only",
        "even",
        "still",
        "yet",
    ]
)
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_NUMBER = (
    r"(?:\d[\d,.]*\s*(?:k|m|%|x)?|\b(?:two|three|four|five|six|seven|eight|nine|ten|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|a hundred|a thousand|a dozen|dozens|"
    r"hundreds|thousands)\b)"
)

# ---------------------------------------------------------------------------------------------
# Cue phrases per aspect: strong cues claim a clause; weak ones only confirm the asked aspect.
# ---------------------------------------------------------------------------------------------

_PROBLEM_STRONG = re.compile(
    r"\b(struggl\w*|hard (to|for)|difficult|problem is|the problem|main problem|biggest problem|pain\w*|"
    r"waste\w*|wasting|endless|can'?t|cannot|unable to|frustrat\w*|annoy\w*|hate[sd]?|tedious|time[- ]consuming|"
    r"takes? (forever|hours|ages|days|too long|way too long)|lose track|losing track|los(e|es|ing) "
    r"(money|time|hours|customers|clients)|forget\w*|miss(es|ed|ing)?|chao(s|tic)|mess(y)?|error[- ]prone|mistakes?|overwhelm\w*|stress\w*|no way to|"
    r"hassle|headache|nightmare|too (expensive|slow|complicated|hard)|confus\w*|scattered|never know|"
    r"don'?t know (when|where|which|who|how|what)|nobody knows|falls? through the cracks|drown\w*|"
    r"burn(ed|t)? out|burnout|keep (losing|missing|forgetting))\b",
    re.IGNORECASE,
)
_PROBLEM_WEAK = re.compile(
    r"\b(problem|issue|need|needs|slow|manual(ly)?|expensive|hard|painful|tired)\b", re.IGNORECASE
)

_ALTERNATIVES_STRONG = re.compile(
    r"\b(today,? (they|we|people|most|users|everyone|it)|currently|right now (they|we|people|it'?s)|"
    r"at the moment|instead,? (they|we|people)|(they|we|people|most|everyone|users|nurses|teams?) "
    r"(just |mostly |usually |still |all )?(use|using|rely on|relies on|resort to|fall back on|"
    r"cobble|track (it|them|everything) (in|on|with)|do it (by hand|manually|in)|hack)|existing "
    r"(tools?|apps?|solutions?|products?)|competitors?|competition|workarounds?|by hand|"
    r"(text|message|call|email)(ing|s)? (each other|around|the (whole|entire) \w+|everyone|back and forth)|"
    r"\w+ (?:today|nowadays|these days)\W*$|"
    r"calling around|ask(ing)? (around|neighbou?rs|friends|family|colleagues|on \w+)|nothing (exists|out there|good)|there'?s nothing|no (good )?(tool|app|solution) "
    r"(exists|for)|alternatives?)\b",
    re.IGNORECASE,
)
_ALTERNATIVES_WEAK = re.compile(r"\b(use|using|manually|now|today|instead|usually)\b", re.IGNORECASE)

_WHY_NOW_STRONG = re.compile(
    r"\b(now that|recent(ly)?|these days|nowadays|trend\w*|more and more|increasingly|rise of|rising|"
    r"regulat\w*|new laws?|since (the|covid|20\d\d|last)|because of (the )?(new|recent|ai|covid|rise)|"
    r"post[- ]covid|after covid|pandemic|shift(ed|ing)? (to|towards)|for the first time|finally "
    r"(possible|cheap|affordable|good enough)|(is|are) (growing|booming|exploding)|has grown|have grown|"
    r"grew|(has|have) changed|changed|cheaper than ever|(llms?|ai|gpt|chatgpt) (make|makes|made|now|"
    r"can)|thanks to (ai|llms?)|window|timing|just (launched|passed|released)|this year|last year)\b",
    re.IGNORECASE,
)
_WHY_NOW_WEAK = re.compile(r"\b(because|since|now|ai|llms?|gpt|today|moment|time is|ready)\b", re.IGNORECASE)

_FEATURE_TRIGGER = re.compile(
    r"\b(?:i (?:really )?want(?: it)?(?: to)?|i'?d (?:like|love)(?: it)?(?: to)?|i would (?:like|love)"
    r"(?: it)?(?: to)?|we (?:want|need)(?: it)?(?: to)?|we'?d like(?: it)?(?: to)?|it (?:should|must|"
    r"needs to|will|would|could|has to)(?: also)?(?: be able to)?|(?:the )?(?:app|tool|product|platform|"
    r"system|bot) (?:should|must|will|would|could|needs to)(?: also)?(?: be able to)?|(?:users?|people|"
    r"they|you|customers|members) (?:can|could|should|will|would)(?: be able to)?|be able to|"
    r"^(?:also,? |please |and )?(?:add|include)|(?:key|core|main|must[- ]"
    r"have) features?(?: are| would be| include)?:?|features?(?: would be| are| include| like)?:|"
    r"must[- ]haves?(?: are)?:?|must have|needs? to have|with features like|features like|things like|"
    r"including)\s+",
    re.IGNORECASE,
)
_IDEA_FEATURE = re.compile(
    r"\b(?:app|application|tool|platform|service|website|site|bot|product|saas|marketplace|extension|"
    r"plugin|system|dashboard|software|assistant|api|portal|tracker)\b(?:\s+for\s+[^,.;]+?)?\s+"
    r"(?:that|which|to|where|so)\s+(?:(?:lets?|helps?|allows?|enables?)\s+(?:[\w-]+\s+){0,3}?(?:to\s+)?)?"
    r"(?P<feature>[^.;!]+)",
    re.IGNORECASE,
)
_SUCCESS_STRONG = re.compile(
    r"\b(success (means|is|would be|looks like|=)|we'?ll know|i'?ll know|measure\w*|metrics?|kpis?|"
    r"north star|retention|retain(ed)?|churn|mau|dau|wau|mrr|arr|nps|conversion|activation)\b",
    re.IGNORECASE,
)
_METRIC_NOUN = re.compile(
    r"\b(users?|customers?|sign[- ]?ups?|downloads?|installs?|subscribers?|paying|active|sessions?|"
    r"bookings?|orders?|transactions?|swaps?|shifts?|invoices?|matches?|revenue|mrr|arr|retention|churn|"
    r"mau|dau|wau|nps|conversion|hours saved|time saved|per (day|week|month)|weekly|monthly|daily|a week|"
    r"a month|a day|teams?|companies|clients|hospitals|stores|accounts|%|percent)\b",
    re.IGNORECASE,
)
_SUCCESS_WEAK = re.compile(
    r"\b(users?|growth|engagement|adoption|usage|success|goal|target|saved?)\b", re.IGNORECASE
)
# "200 studios … in the first 6 months" or "60% retention": a count with a horizon is a success target.
_HORIZON = (
    r"(?:in|within|by|after|over|during)\s+(?:the\s+)?(?:first\s+|next\s+)?(?:\d+|a|one|two|three|four|six|"
    r"nine|twelve)\s*(?:weeks?|months?|quarters?|years?)\b|(?:after|post)[- ]launch|by (?:the )?end of"
)
_COUNT_WITH_HORIZON = re.compile(
    r"(?:" + _NUMBER + r")\s*\+?\s+(?:[a-z-]+\s+)?(?P<noun>[a-z-]+s)\b.*?(?:" + _HORIZON + r")", re.IGNORECASE
)
_PERCENT_TARGET = re.compile(
    r"\d+(?:\.\d+)?\s*(?:%|percent)\s+(?:[\w-]+\s+){0,3}?(?:retention|retained|conversion|activation|churn|"
    r"of (?:users|customers|testers|players|studios|teams|\w+s)\b)",
    re.IGNORECASE,
)

_PRICE = re.compile(
    r"(?:[$€£]\s?\d[\d,.]*\s*(?:k\b)?(?:\s*(?:/|per|a|an|each)\s*(?:month|mo|year|yr|annum|user|seat|"
    r"week|transaction|invoice|nurse|member|team|location|booking|order|use))*|\b\d[\d,.]*\s*"
    r"(?:dollars|euros|pounds|usd|eur|gbp)\b(?:\s*(?:/|per|a|an)\s*\w+)*)",
    re.IGNORECASE,
)
_REVENUE_STRONG = re.compile(
    r"\b(subscriptions?|subscribe|freemium|free (tier|plan|version|trial)|for free|free to use|free for "
    r"now|(be|is|stay|keep it) free|premium|pro (plan|tier|version)|paid (plan|tier|version|app)|"
    r"one[- ]time (payment|purchase|fee|price)|lifetime (deal|license)|licen[cs](e|es|ing)|commission|"
    r"take rate|transaction fees?|fee per|per[- ]seat|per[- ](user|nurse|member|location|invoice)|"
    r"ads|advert\w*|ad[- ]supported|sponsor\w*|affiliate|in[- ]app purchases?|pay[- ]per[- ]use|"
    r"usage[- ]based|charg(e|es|ing) (a |an |per |each |users|customers|clients|them|for |monthly|yearly|\$|\d)|"
    r"pric(e|es|ing)|monetiz\w*|monetis\w*|(would|will|to|willing to) pay|"
    r"pay (for|us|a|per|monthly|yearly|annually)|donations?|enterprise (plan|deal|contracts?)|"
    r"b2b sales?|sell (it )?to)\b",
    re.IGNORECASE,
)
_CONSTRAINTS_STRONG = re.compile(
    r"\b(solo|alone|by myself|just me|on my own|only me|one[- ]person|team of \w+|"
    r"(one|two|three|four|five|\d+) (devs?|developers?|engineers?|people|persons?|co-?founders?)|"
    r"part[- ]time|nights and weekends|evenings|side project|budget|bootstrapp\w*|no funding|self[- ]funded|"
    r"can'?t afford|no money|deadline|launch by|ship by|live by|ready by|by (the )?(end of|q[1-4]|"
    + _MONTHS
    + r"|summer|winter|spring|fall|autumn|christmas)|(in|within|have|got|about|next|only|"
    r"just|under|max(imum)?|build it in|ship it in|launch in|done in)\s+(\d+|a few|few|a couple of|"
    r"couple of|one|two|three|four|five|six|eight|ten|twelve)\s*(-\s*)?(weeks?|months?|wks?)\b(?! of "
    r"launch| after launch)|\d+[- ]week|\d+[- ]month|must (run|work) on|has to (run|work|be) on|needs to "
    r"(run|work) on|only (on )?(ios|android|web|mobile|desktop)|(ios|android|web)[- ]only|hipaa|gdpr|"
    r"soc ?2|complian\w*|privacy|on[- ]prem\w*|must integrate|has to integrate|legacy|tech stack|"
    r"react native|flutter|django|rails|no[- ]code)\b",
    re.IGNORECASE,
)
_CONSTRAINTS_WEAK = re.compile(
    r"\b(weeks?|months?|must|only|limited|ios|android|web|mobile|desktop|offline|team|time|money|cost)\b",
    re.IGNORECASE,
)
_TARGET_EXPLICIT = re.compile(
    r"\b(?:(?:our|my|the|main|primary|ideal|first|core) )?(?:target (?:users?|audience|market|customers?)|"
    r"(?:users?|customers?|audience|buyers?|clients?|persona)) (?:are|is|would be|will be|should be)\s+"
    r"(?P<who>.+)$|\b(?:aimed at|targeted at|targeting|designed for|built for|made for|meant for|intended "
    r"for|geared (?:towards?|at)|catering to|for people like|it'?s for|its for|this is for|is for|are for|"
    r"mainly for|mostly for|primarily for|specifically for|only for|just for)\s+(?P<who2>.+)$",
    re.IGNORECASE,
)
_FOR_PERSONA = re.compile(r"\bfor\s+(?P<who>[^,.;:!()]+)", re.IGNORECASE)
_HELPS_PERSONA = re.compile(r"\b(?:helps?|lets?|allows?|enables?)\s+(?P<who>[^,.;:!()]+)", re.IGNORECASE)
_CORRECTION = re.compile(
    r"\b(actually|i meant|correction|scratch that|let me correct|to be clear|wrong|incorrect|not quite|"
    r"change (it|that|the \w+( \w+)?) to|should (be|say|read)|rather than|instead of)\b|,\s*not\s+\w+|"
    r"\bnot\s+[\w-]+(\s+[\w-]+)?\s*,?\s+but\b",
    re.IGNORECASE,
)

_LABELS: dict[str, str] = {
    "target users?|target audience|target market|audience|users?|customers?|persona|who it'?s for": "target_user",
    "core problem|problem|pain points?|pain": "core_problem",
    "current alternatives?|alternatives?|competitors?|competition|workarounds?": "current_alternatives",
    "why now|timing": "why_now",
    "features?|feature wishlist|wishlist|feature list": "feature_wishlist",
    "success metrics?|metrics?|kpis?|success|goal": "success_metric",
    "revenue model|revenue|business model|pricing|price|monetization|monetisation": "revenue_model",
    "constraints?|timeline|budget|deadline|team size": "constraints",
}
_LABEL_LINE = re.compile(
    r"^\s*(?:the\s+)?(?P<label>" + "|".join(_LABELS) + r")\s*(?::|=|->|should be|should say|is now|is|are)\s+"
    r"(?P<value>.+)$",
    re.IGNORECASE,
)
_CHANGE_TO = re.compile(
    r"\b(?:change|set|make|update|switch)\s+(?:the\s+)?(?P<label>"
    + "|".join(_LABELS)
    + r")\s+(?:to|into|:)\s+"
    r"(?P<value>.+)$",
    re.IGNORECASE,
)

_FILLER_PREFIX = re.compile(
    r"^(?:(?:well|so|um+|uh+|hmm+|ok(?:ay)?|yeah|yes|yep|right|sure|honestly|basically|actually|i mean|"
    r"i think|i guess|i believe|i suppose|i'?d say|i would say|probably|maybe|perhaps|like|oh|ah|"
    r"to be honest|tbh|good question|great question|let me think|hm|mostly|mainly|primarily|"
    r"definitely|obviously|of course|i'?m not sure but|not sure,? but)\b[\s,:;.!-]*)+",
    re.IGNORECASE,
)
_UNCERTAIN = re.compile(
    r"\b(not sure|unsure|no idea|idk|i don'?t know|dunno|don'?t know|no clue|hard to say|it depends|"
    r"depends|who knows|haven'?t thought|not yet|tbd|n/?a|not decided|undecided|no plan yet|"
    r"whatever|anything|everything|good question|hmm+|kind of|sort of|i guess)\b",
    re.IGNORECASE,
)
_GENERIC_AUDIENCE = re.compile(
    r"^(?:(?:all|most|many|lots of|a lot of|the|any|all kinds of|all sorts of|normal|regular|ordinary|"
    r"general|basically|literally|pretty much|really|just)\s+)*(?:everyone|everybody|anyone|anybody|"
    r"people|users|customers|consumers|humans|folks|persons|individuals|the public|general public|"
    r"the world|the market|businesses|companies|all ages|someone|somebody)(?:\s+(?:really|basically|in "
    r"general|out there|i guess|honestly|everywhere|of all ages|(?:who|that) (?:has|have|uses?|wants?|needs?|"
    r"owns?) (?:a |an |the )?\w+|with (?:a |an |the )?\w+))?$",
    re.IGNORECASE,
)


@dataclass
class _Clue:
    """What one clause says about one aspect: the fragment to store and whether the cue is strong."""

    fragment: str
    strong: bool
    items: tuple[str, ...] = ()
    # Secondary: a side remark (a tool named in a pain, a pain in a workaround) that only fills a gap.
    secondary: bool = False
    # The clause is nothing but a description of the users ("Solo indie devs on Steam, usually …").
    descriptive: bool = False


# ---------------------------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------------------------


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9$%]+", " ", text.lower()).strip()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9$%][a-z0-9'$%.-]*", text.lower())


def _content_words(text: str) -> list[str]:
    return [w.strip(".'-") for w in _words(text) if w.strip(".'-") not in _STOPWORDS]


def _clean(text: str) -> str:
    """The user's words, trimmed: fillers like 'well,' or 'I think' off the front, no end punctuation."""
    text = _squash(text.replace("\u2019", "'").replace("\u2018", "'"))
    text = re.sub(r"^(?:[-*\u2022>]+|\d+[.)])\s+", "", text)
    text = _FILLER_PREFIX.sub("", text)
    text = text.strip(" \t,;:-\u2013\u2014")
    text = re.sub(r"[\s.!?,;:]+$", "", text)
    text = re.sub(
        r"\s+(?:really|i guess|i think|probably|basically|honestly)$", "", text, flags=re.IGNORECASE
    )
    return text.strip()


def _is_persona_word(word: str) -> bool:
    w = word.lower().strip(".,'\"")
    if w in _NOT_PERSONA or w in _GENERIC_PERSONA or len(w) < 2:
        return False
    candidates = {w, w.rstrip("s"), w.removesuffix("es"), w[:-3] + "y" if w.endswith("ies") else w}
    if candidates & _PERSONA_STEMS:
        return True
    return len(w) > 5 and w.endswith(("ers", "ors", "ists", "ians", "ants", "ents", "ees", "eurs"))


def _has_persona(text: str, allow_generic: bool = False) -> bool:
    words = _words(text)
    if any(_is_persona_word(w) for w in words):
        return True
    return allow_generic and any(w in _GENERIC_PERSONA for w in words)


def _persona_phrase(text: str) -> str:
    """The noun phrase naming people at the start of `text` ('ICU nurses who swap shifts'), or ''."""
    words = text.split()
    head = -1
    for index, word in enumerate(words[:6]):
        bare = word.lower().strip(".,;:'\"()")
        if _is_persona_word(bare) or bare in _GENERIC_PERSONA:
            head = index
            # Keep compound heads such as "finance teams" or "pet owners": take the last persona word in a run.
            continue
        if head >= 0:
            break
        if bare in {"to", "that", "so", "because", "which", "by", "when", "while", "but"}:
            return ""
    if head < 0:
        return ""
    if words[0].lower().endswith("ing") and words[0].lower() not in _PERSONA_STEMS:
        return ""
    phrase = words[: head + 1]
    rest = words[head + 1 :]
    if rest and rest[0].lower() in {
        "who",
        "that",
        "with",
        "in",
        "at",
        "on",
        "from",
        "working",
        "running",
        "of",
    }:
        for index, word in enumerate(rest[:10]):
            bare = word.lower().strip(".,;:'\"()")
            following = rest[index + 1] if index + 1 < len(rest) else ""
            # "on Steam and itch.io" names places, a list inside the phrase; "and they…" ends it.
            named = bare in {"and", "or"} and (following[:1].isupper() or "." in following.strip(".,"))
            if bare in {"so", "because", "but", "and", "which"} and not named:
                break
            phrase.append(word)
            if word.endswith((",", ";", ":", ".")):
                break
    result = " ".join(phrase).strip(" ,;:.")
    result = re.sub(
        r"^(?:the|a|an|some|most|many|all|lots of|a lot of|our|my)\s+", "", result, flags=re.IGNORECASE
    )
    return result


def _is_generic_only(text: str) -> bool:
    return bool(_GENERIC_AUDIENCE.match(_clean(text).lower()))


def is_vague(text: str) -> bool:
    """True when an answer says nothing a PM can use: 'everyone', 'not sure', 'idk', 'it depends', 'people'."""
    cleaned = _clean(text)
    if not cleaned or not re.search(r"[a-z0-9$€£]", cleaned, re.IGNORECASE):
        return True
    lowered = cleaned.lower()
    if _is_generic_only(lowered):
        return True
    without = _UNCERTAIN.sub(" ", lowered)
    without = re.sub(
        r"\b(yet|for now|at the moment|right now|honestly|really|to be honest|maybe|perhaps)\b", " ", without
    )
    content = _content_words(without)
    if _GENERIC_AUDIENCE.match(_squash(re.sub(r"[^\w\s'-]", " ", without))):
        return True
    if not content:
        return True
    if len(_words(lowered)) <= 2 and not _is_specific(lowered) and not _qualified_generic(lowered):
        return True
    return bool(_UNCERTAIN.search(lowered) and len(content) < 2 and not _is_specific(without))


def _qualified_generic(text: str) -> bool:
    """'small businesses' or 'remote teams' is broad but real; 'all people' is not."""
    words = _words(text)
    if len(words) != 2 or words[1] not in _GENERIC_PERSONA | {"teams", "shops", "brands"}:
        return False
    return words[0] not in _STOPWORDS | {
        "normal",
        "regular",
        "ordinary",
        "general",
        "random",
        "other",
        "everyday",
    }


def _is_specific(text: str) -> bool:
    """A short answer still counts when it names a persona, a tool, a number or a business term."""
    lowered = text.lower()
    if _has_persona(lowered) or _TOOL_RE.search(lowered) or re.search(r"\d", lowered):
        return True
    return bool(
        _REVENUE_STRONG.search(lowered)
        or _CONSTRAINTS_STRONG.search(lowered)
        or _SUCCESS_STRONG.search(lowered)
        or re.search(r"\b(ios|android|web|mobile|desktop|ai|llm|b2b|b2c|saas)\b", lowered)
    )


def _sentences(text: str) -> list[str]:
    """Split a message into sentences and bullet lines; decimals and '$9.99' stay whole."""
    text = text.replace("\r", "")
    parts: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        for piece in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\u201c$€£-])|(?<=[!?])\s+|;\s+", line):
            piece = piece.strip()
            if piece:
                parts.append(piece)
    return parts


def _clauses(sentence: str) -> list[str]:
    pieces = re.split(
        r",\s*(?:and|but|so|while|whereas|though|although)\s+|\s+but\s+|\s+[\u2014\u2013]\s+|\s+-\s+|"
        r"\s+(?:so that|which means|because)\s+",
        sentence,
    )
    return [p for p in (piece.strip(" ,") for piece in pieces) if p]


def _drop_negated(text: str) -> str:
    """'nurses, not doctors' -> 'nurses'; 'not doctors but nurses' -> 'nurses'."""
    text = re.sub(r"^\s*(?:no|nope),?\s+", "", text, flags=re.IGNORECASE)
    match = re.search(r"\bnot\s+[^,]+?,?\s+but\s+(?P<keep>.+)$", text, re.IGNORECASE)
    if match:
        text = match.group("keep")
    text = re.sub(r",?\s+(?:not|rather than|instead of)\s+[^,.;]+$", "", text, flags=re.IGNORECASE)
    return text.strip(" ,")


# ---------------------------------------------------------------------------------------------
# Detection
# ---------------------------------------------------------------------------------------------


def _success_strong(clause: str) -> bool:
    """An explicit success cue, or a target: a count of users with a horizon, a percentage of retention."""
    if _SUCCESS_STRONG.search(clause) or _PERCENT_TARGET.search(clause):
        return True
    for match in _COUNT_WITH_HORIZON.finditer(clause):
        noun = match.group("noun").lower()
        # "500 completed walks in 3 months" is a target; "3 engineers in 6 weeks" is a team.
        builders = re.fullmatch(
            r"devs|developers|engineers|programmers|designers|people|founders|cofounders|co-founders|"
            r"weeks|months|days|years|hours|quarters|sprints",
            noun,
        )
        if not builders and not re.search(r"\b(?:i|we)\s+(?:have|got|are)\b", clause, re.IGNORECASE):
            return True
    return False


_PERSONA_QUALIFIER = re.compile(
    r"^\s*,\s*(?:usually|typically|mostly|mainly|generally|often|normally|many of them|most of them|"
    r"all of them|some of them)\b[^.;!?]*",
    re.IGNORECASE,
)


def _target_clue(clause: str) -> _Clue | None:
    match = _TARGET_EXPLICIT.search(clause)
    if match:
        who = _clean(_drop_negated(match.group("who") or match.group("who2") or ""))
        who = re.sub(r"\s+(?:to|so|so that|because)\s+.*$", "", who, flags=re.IGNORECASE)
        if who and not is_vague(who) and (_has_persona(who) or len(_content_words(who)) >= 2):
            phrase = _persona_phrase(who) or who
            return _Clue(_cap_words(phrase, 14), True)
    for match in _FOR_PERSONA.finditer(clause):
        phrase = _persona_phrase(match.group("who"))
        if phrase and _has_persona(phrase) and not _is_generic_only(phrase):
            return _Clue(phrase, True)
    match = _HELPS_PERSONA.search(clause)
    if match:
        phrase = _persona_phrase(match.group("who"))
        if phrase and _has_persona(phrase) and not _is_generic_only(phrase):
            return _Clue(phrase, True)
    cleaned = _clean(clause)
    subject = _persona_phrase(cleaned)
    if subject and _has_persona(subject) and not _is_generic_only(subject):
        # A clause that is nothing but a persona ('ICU nurses at big hospitals') names the user outright.
        only_persona = len(subject.split()) >= len(cleaned.split()) - 1
        # "ICU nurses at mid-size hospitals, around 400 per hospital, …" describes the user, no verb follows.
        rest = cleaned[len(subject) :] if cleaned.lower().startswith(subject.lower()) else "x"
        descriptive = not rest.strip() or rest.lstrip()[:1] in {",", ";", "(", "\u2014", "-"}
        strong = (
            only_persona
            or descriptive
            or bool(
                _PROBLEM_STRONG.search(clause)
                or re.search(r"\b(are|is) (often|usually|always|mostly)\b", clause)
            )
        )
        qualifier = _PERSONA_QUALIFIER.match(rest) if descriptive else None
        if qualifier:
            # "…, usually 1-3 person studios" says more about the same people.
            subject = f"{subject}{qualifier.group(0).rstrip(' ,')}"
        return _Clue(subject, strong, descriptive=only_persona or descriptive)
    return None


def _feature_items(text: str) -> list[str]:
    """Split 'post a shift, swap with one tap and get approval' into short feature names."""
    text = re.sub(r"\b(drag) and (drop)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(pen) and (paper)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(search) and (filter)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    pieces = re.split(
        r",\s*(?:and|or|plus)\s+|,\s*|\s+and\s+(?:also\s+)?|\s+plus\s+|\s+as well as\s+|\s*&\s*|;\s*", text
    )
    items: list[str] = []
    for piece in pieces:
        item = _clean(piece)
        item = re.sub(
            r"^(?:(?:it|they|users?|people|you|we|i|nurses|\w+s)\s+(?:can|could|should|will|would)\s+)?"
            r"(?:also\s+)?(?:be able to|the ability to|ability to|a way to|an easy way to|way to|an option to|"
            r"option to|being able to|let (?:the |a |an )?(?:\w+ )?|allow (?:\w+ ){0,2}to|help (?:\w+ ){0,2}(?:to )?|"
            r"(?:users|people|them|me|us|you|[a-z]+s) to\s)?",
            "",
            item,
            flags=re.IGNORECASE,
        ).strip()
        item = re.sub(
            r"^(?:to|also|then|maybe|probably|ideally|a|an|the)\s+", "", item, flags=re.IGNORECASE
        ).strip()
        item = re.sub(r"\s+(?:so|because|which|since)\s+.*$", "", item, flags=re.IGNORECASE)
        item = re.sub(r"\s+(?:too|as well|also)$", "", item, flags=re.IGNORECASE)
        item = item.replace("-and-", " and ")
        hedged = _HEDGED_FEATURE.match(item)
        if hedged:
            item = hedged.group("x")
        item = feature_name(item)
        if len(item) < 3 or _vague_feature(item) or not _feature_like(item):
            continue
        if hedged or _HEDGE_WORDS.search(re.sub(r"^\s*(?:[-*\u2022>]+|\d+[.)])\s+", "", piece)):
            item = f"{item} {NICE_TO_HAVE_MARK}"
        if _norm(item) in {"etc", "more", "stuff", "things", "other stuff", "and more", "so on"}:
            continue
        items.append(item[0].upper() + item[1:])
    return items


# "A leaderboard would be fun", "maybe a social feed": the user's own hint that it is not essential.
_HEDGED_FEATURE = re.compile(
    r"^(?:maybe |perhaps |possibly |ideally |and maybe )?(?:a |an |the |some )?(?P<x>.+?)\s+(?:would|could|might)"
    r" be (?:really |pretty |so |very )?(?:fun|nice|cool|neat|great|awesome|a bonus|a plus|good)"
    r"(?: to have)?$",
    re.IGNORECASE,
)
_HEDGE_WORDS = re.compile(
    r"^\s*(?:and\s+)?(?:maybe|perhaps|possibly|optionally|eventually|someday|later)\b|\bnice[- ]to[- ]have\b|"
    r"\bif (?:there'?s|we have) time\b|\bwould be (?:fun|nice|cool)\b",
    re.IGNORECASE,
)
# A feature starts with what it does or what it is; never with a pronoun or a connective.
_NOT_FEATURE_LEAD = re.compile(
    r"^(?:they|them|their|we|our|us|i|my|me|he|she|his|her|it|its|it's|this|that|these|those|which|who|"
    r"there|here|what|when|where|if|because|since|so|but|or|is|are|was|were|everyone|everybody|nobody|"
    r"someone|people)\b",
    re.IGNORECASE,
)


def _feature_like(item: str) -> bool:
    """'Record gameplay sessions' is a feature; 'They send builds over Discord' and 'Which is a mess' are not."""
    if _NOT_FEATURE_LEAD.match(item):
        return False
    # "Feedback is scattered" states a pain; "swap shifts without the chaos" is still a feature.
    stated = re.search(r"\b(?:is|are|was|were|gets?|got|keeps?|feels?|becomes?)\b", item, re.IGNORECASE)
    return not (_PROBLEM_STRONG.search(item) and stated and not _FEATURE_VERB.match(item))


_FEATURE_VERB = re.compile(
    r"^(?:add|track|record|log|send|share|post|create|book|schedule|remind|notify|alert|flag|find|search|"
    r"filter|sort|group|tag|export|import|sync|upload|download|view|see|compare|match|approve|request|"
    r"invite|chat|comment|rate|review|pay|split|plan|suggest|recommend|reduce|avoid|prevent|detect|fix|"
    r"collect|capture|organi[sz]e|manage|edit|reply|vote|leave|build|generate|summari[sz]e|show|list)\b",
    re.IGNORECASE,
)


def _vague_feature(item: str) -> bool:
    """'stuff', 'everything', 'not sure' are not features; 'flag mismatches' is, however short."""
    content = _content_words(_UNCERTAIN.sub(" ", item.lower()))
    return not content or all(
        w in {"everything", "anything", "stuff", "features", "feature", "etc", "app"} for w in content
    )


def _cap_words(text: str, limit: int) -> str:
    words = text.split()
    if len(words) <= limit:
        return text.strip(" ,;:")
    return " ".join(words[:limit]).strip(" ,;:")


_NOT_A_FEATURE = re.compile(
    r"^(?:to )?(?:make money|charge|be free|cost|launch|ship|go live|have \d|get \d|reach|hit|grow|run on|"
    r"work on|be (?:built|ready|done|live|on|in|under|hipaa|gdpr|compliant|cheap|free|offline)|comply|"
    r"stay under|fit)\b",
    re.IGNORECASE,
)


def _strip_persona_lead(text: str) -> str:
    """'freelancers track invoices' -> 'track invoices' (the users are the target, not the feature)."""
    phrase = _persona_phrase(text)
    # Only a leading subject counts: in "record sessions, let testers comment" the testers are not the lead.
    if not phrase or "," in phrase or _FEATURE_VERB.match(phrase):
        return text
    match = re.match(
        r"\s*(?:the |a |an |our |my )?" + re.escape(phrase) + r"\s+(?:to\s+)?", text, re.IGNORECASE
    )
    return text[match.end() :] if match else text


def _feature_clue(sentence: str, first_message: bool) -> _Clue | None:
    """Features the sentence asks for ('it should let nurses post a shift, …'), or None."""
    match = _FEATURE_TRIGGER.search(sentence)
    if match:
        rest = sentence[match.end() :]
        build = re.match(
            r"(?:to )?(?:build|make|create|develop|launch|start|design|write)\s+", rest, re.IGNORECASE
        )
        if build:
            return _idea_clue(rest)
        if _NOT_A_FEATURE.match(rest) or _PRICE.search(rest) or _CONSTRAINTS_STRONG.search(rest):
            return None
        if (
            re.search(_NUMBER, rest, re.IGNORECASE)
            and _METRIC_NOUN.search(rest)
            and not re.search(
                r"\b(let|allow|see|track|add|send|view|post|book|create|export)\b", rest, re.IGNORECASE
            )
        ):
            return None
        items = _feature_items(_strip_persona_lead(rest))
        if items:
            return _Clue("; ".join(items), True, tuple(items))
    return _idea_clue(sentence) if first_message else None


def _idea_clue(sentence: str) -> _Clue | None:
    """'An app for nurses to swap shifts' -> the feature 'Swap shifts'."""
    idea = _IDEA_FEATURE.search(sentence)
    if not idea:
        return None
    feature = _strip_persona_lead(idea.group("feature"))
    feature = re.sub(r"\s+(?:for|aimed at|targeted at)\s+[^,.;]+$", "", feature, flags=re.IGNORECASE)
    items = _feature_items(feature)
    return _Clue("; ".join(items), True, tuple(items)) if items else None


def _list_clue(sentence: str, first_message: bool) -> _Clue | None:
    """A bare list of three or more short items with no other cue reads as a feature list."""
    pieces = [p for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+", _clean(sentence)) if p.strip()]
    if len(pieces) < 3 or any(len(p.split()) > 6 for p in pieces):
        return None
    if any(_NOT_FEATURE_LEAD.match(p.strip()) for p in pieces) or _PROBLEM_STRONG.search(sentence):
        # "They send builds over Discord, read feedback in a form, which is a mess" is a story, not a list.
        return None
    integrates = re.search(
        r"\b(integrat\w*|export\w*|import\w*|sync\w*|connect\w*|send to)\b", sentence, re.IGNORECASE
    )
    if sum(1 for p in pieces if _persona_phrase(p)) * 2 >= len(pieces) or (
        _TOOL_RE.search(sentence) and not integrates
    ):
        return None
    for cue in (_REVENUE_STRONG, _CONSTRAINTS_STRONG, _SUCCESS_STRONG, _WHY_NOW_STRONG, _PRICE):
        if cue.search(sentence):
            return None
    if re.search(_NUMBER, sentence, re.IGNORECASE) and _METRIC_NOUN.search(sentence):
        return None
    items = _feature_items(sentence)
    return _Clue("; ".join(items), True, tuple(items)) if len(items) >= 3 else None


def _detect(clause: str, sentence: str, first_message: bool) -> dict[str, _Clue]:
    """Every aspect `clause` speaks to, with the fragment of the user's words to keep."""
    clues: dict[str, _Clue] = {}
    cleaned = _clean(_drop_negated(clause)) if _CORRECTION.search(clause) else _clean(clause)
    if not cleaned:
        return clues
    target = _target_clue(clause)
    if target:
        clues["target_user"] = target
    if _PROBLEM_STRONG.search(clause):
        pitch = re.sub(
            r"^(?:i|we)(?:'d| would)? (?:want|like|plan|am going|are going|'m going|'re going) to (?:build|make|create)\s+"
            r"|^(?:i'm|i am|we're|we are) (?:building|making|creating)\s+",
            "",
            cleaned,
            flags=re.IGNORECASE,
        )
        clues["core_problem"] = _Clue(pitch[:1].upper() + pitch[1:] if pitch != cleaned else cleaned, True)
    elif _PROBLEM_WEAK.search(clause):
        clues["core_problem"] = _Clue(cleaned, False)
    tool = _TOOL_RE.search(clause) or _NAMED_PRODUCT.search(clause)
    integrates = re.search(
        r"\b(integrat\w*|export\w*|import\w*|sync\w*|connect\w*|plug into|send to)\b", clause, re.IGNORECASE
    )
    if _ALTERNATIVES_STRONG.search(clause) or (
        tool and not integrates and not _FEATURE_TRIGGER.search(sentence)
    ):
        clues["current_alternatives"] = _Clue(cleaned, True)
    elif _ALTERNATIVES_WEAK.search(clause) or tool:
        clues["current_alternatives"] = _Clue(cleaned, False)
    if _WHY_NOW_STRONG.search(clause):
        clues["why_now"] = _Clue(cleaned, True)
    elif _WHY_NOW_WEAK.search(clause):
        clues["why_now"] = _Clue(cleaned, False)
    price = _PRICE.search(clause)
    if _REVENUE_STRONG.search(clause) or (
        price and not re.search(r"\b(mrr|arr|revenue|budget|raise|saved?)\b", clause, re.IGNORECASE)
    ):
        clues["revenue_model"] = _Clue(cleaned, True)
    without_price = _PRICE.sub(" ", clause)
    has_number = re.search(_NUMBER, without_price, re.IGNORECASE)
    success_strong = _success_strong(clause)
    if success_strong or (
        has_number and _METRIC_NOUN.search(without_price) and not _CONSTRAINTS_STRONG.search(clause)
    ):
        clues["success_metric"] = _Clue(cleaned, True)
    elif _SUCCESS_WEAK.search(clause):
        clues["success_metric"] = _Clue(cleaned, False)
    limit = _CONSTRAINTS_STRONG.search(clause)
    if limit and limit.group(0).lower() == "budget" and "revenue_model" in clues:
        # "Hospitals pay $1 per nurse from their wellbeing budget": the buyer's budget, not ours.
        limit = None
    if limit:
        clues["constraints"] = _Clue(cleaned, True)
        if "success_metric" in clues and not success_strong:
            del clues["success_metric"]
        elif "success_metric" in clues and _TIMELINE_ONLY.fullmatch(limit.group(0)):
            # "60% of swaps within 3 months" is a success target with a horizon, not a build deadline.
            del clues["constraints"]
    elif _CONSTRAINTS_WEAK.search(clause):
        clues["constraints"] = _Clue(cleaned, False)
    # "teams at companies with 50-500 employees" describes who, not a success number.
    numbered_persona = target is not None and (
        target.strong or re.search(_NUMBER, target.fragment, re.IGNORECASE)
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
                aspect == "current_alternatives" and _ALTERNATIVES_STRONG.search(clause)
            ):
                del clues[aspect]
        if "success_metric" in clues and not success_strong:
            del clues["success_metric"]
    timing = clues.get("why_now")
    problem = clues.get("core_problem")
    if timing and timing.strong and problem and problem.strong:
        # "Since this year hospitals have budgets after the burnout reports": the lead cue decides.
        when, pain = _WHY_NOW_STRONG.search(clause), _PROBLEM_STRONG.search(clause)
        if when and pain and when.start() < pain.start():
            del clues["core_problem"]
        else:
            timing.secondary = True
    alternative = clues.get("current_alternatives")
    if alternative and alternative.strong and problem and problem.strong:
        # "They send builds over Discord …, which is a mess": a workaround with a complaint, and
        # "Feedback is scattered across Discord": a pain that names a tool. The lead decides.
        if _ALTERNATIVES_STRONG.search(clause) or _WORKAROUND_LEAD.match(cleaned):
            # A complaint about today's workaround is not yet the core problem: the PM still asks for it.
            del clues["core_problem"]
        else:
            alternative.secondary = True
    return clues


# "They send builds over Discord": people doing something today, in the present tense.
_WORKAROUND_LEAD = re.compile(
    r"^(?:today,?\s+|right now,?\s+|currently,?\s+)?(?:they|we|people|most of them|everyone|users|[a-z]+s)\s+"
    r"(?:just\s+|mostly\s+|usually\s+|still\s+|all\s+)?(?:send|post|share|track|keep|collect|get|read|"
    r"email|text|message|call|ask|write|put|paste|copy|upload|dump|juggle|manage|run|use|rely|chat|"
    r"coordinate|organi[sz]e|store|log|note|list|swap|trade|book|pay)\w*\b",
    re.IGNORECASE,
)


def _label_statement(sentence: str) -> tuple[str, str] | None:
    """'Target user: ICU nurses' or 'change the pricing to freemium' -> (aspect, value)."""
    for pattern in (_CHANGE_TO, _LABEL_LINE):
        match = pattern.search(_clean_keep_case(sentence))
        if not match:
            continue
        label = match.group("label").lower()
        aspect = next(a for key, a in _LABELS.items() if re.fullmatch(key, label))
        value = match.group("value")
        if re.match(
            r"\s*(wrong|incorrect|off|not right|missing|bad|outdated|too \w+)\b", value, re.IGNORECASE
        ):
            rest = re.split(r"[,:\u2014\u2013-]\s*|\.\s+", value, maxsplit=1)
            if len(rest) < 2:
                return None
            value = re.sub(
                r"^(?:it'?s|it is|they'?re|they are|should be|it should be)\s+(?:for\s+)?",
                "",
                rest[1].strip(),
                flags=re.IGNORECASE,
            )
        value = _clean(_drop_negated(value))
        if not value or is_vague(value):
            return None
        loose_user_label = aspect == "target_user" and pattern is _LABEL_LINE and ":" not in sentence
        loose_user_label = loose_user_label and not re.match(r"\s*(?:the\s+)?target", sentence, re.IGNORECASE)
        if loose_user_label and not _has_persona(value):
            return None
        if (
            aspect == "core_problem"
            and pattern is _LABEL_LINE
            and re.match(r"\s*(?:the\s+)?pain\b", sentence, re.IGNORECASE)
            and ":" not in sentence
        ):
            return None
        return aspect, value
    return None


def _clean_keep_case(text: str) -> str:
    return _FILLER_PREFIX.sub("", _squash(text))


# ---------------------------------------------------------------------------------------------
# Extraction and merge
# ---------------------------------------------------------------------------------------------


def _merge_text(old: str, new: str, replace: bool) -> str:
    new = new.strip()
    if not has_real_content(new) and has_real_content(old):
        return old
    if replace or not has_real_content(old) or _is_generic_only(old):
        return new[:MAX_FIELD_CHARS]
    old_n, new_n = _norm(old), _norm(new)
    if new_n in old_n:
        return old
    if old_n in new_n:
        return new[:MAX_FIELD_CHARS]
    merged = f"{old}; {new}"
    return merged if len(merged) <= MAX_FIELD_CHARS else old


def _feature_key(item: str) -> set[str]:
    return set(_content_words(item)) - {
        "add",
        "have",
        "get",
        "include",
        "feature",
        "support",
        "option",
        "ability",
    }


def _same_feature(new: str, old: str) -> bool:
    """'Add reminders' repeats 'Reminders'; 'Share a calendar view with family' is more than 'Calendar view'."""
    a, b = _feature_key(new), _feature_key(old)
    if _norm(new) == _norm(old) or a == b:
        return True
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return bool(small) and small <= large and len(large) - len(small) <= 1 and len(small) >= 2


def _merge_features(old: list[str], new: list[str], replace: bool) -> list[str]:
    result = [] if replace else list(old)
    for item in new:
        key = _norm(item)
        if not key or _vague_feature(item):
            continue
        if any(_same_feature(item, existing) for existing in result):
            continue
        result.append(item)
    return result[:20]


def _removed_features(text: str, features: list[str]) -> list[str]:
    """Features the user asks to drop ('remove the chat', 'we don't need reports')."""
    match = re.search(
        r"\b(?:remove|drop|cut|delete|take out|get rid of|no need for|(?:we |i )?don'?t need|forget about|"
        r"skip)\s+(?:the\s+)?(?P<what>[^,.;!]+)",
        text,
        re.IGNORECASE,
    )
    if not match:
        return features
    wanted = set(_content_words(re.sub(r"\bfeatures?\b", "", match.group("what"))))
    if not wanted:
        return features
    return [f for f in features if not wanted & set(_content_words(f))]


def extract(summary: DiscoverySummary, user_text: str, asked_aspect: str) -> DiscoverySummary:
    """A new summary with what `user_text` says merged in: the asked aspect and any volunteered one.

    Clauses with a strong cue for another aspect go there; the rest answer the asked aspect. Vague
    answers are not stored. Corrections ('actually…', '…, not …', 'change X to Y') replace; other new
    detail for the asked aspect is appended.
    """
    result = summary.model_copy(deep=True)
    text = user_text.strip()
    if not text or is_vague(text):
        return result
    asked = asked_aspect if asked_aspect in ASPECTS else ""
    first_message = not asked and not any(has_real_content(getattr(summary, a)) for a in ASPECTS)
    # With nothing asked on a filled summary, the user is revising the summary card: statements replace.
    revising = not asked and not first_message

    found: dict[str, list[str]] = {a: [] for a in ASPECTS}
    features: list[str] = []
    replace: set[str] = set()
    weak_asked: list[str] = []
    soft_claimed: list[str] = []

    after_features = False
    bullets = len(re.findall(r"^\s*(?:[-*\u2022]|\d+[.)])\s+", text, re.MULTILINE))
    for sentence in _sentences(text):
        correction = bool(_CORRECTION.search(sentence))
        label = _label_statement(sentence)
        if label:
            aspect, value = label
            if aspect == "feature_wishlist":
                features.extend(_feature_items(value))
            else:
                found[aspect].append(value)
            replace.add(aspect)
            continue
        is_bullet = bool(re.match(r"^\s*(?:[-*\u2022]|\d+[.)])\s+", sentence))
        if (
            asked == "feature_wishlist"
            and (is_bullet or len(sentence.split()) <= 6)
            and not _CORRECTION.search(sentence)
        ):
            # A short line or bullet in answer to "what should it do" is a feature, whatever tool it names.
            features.extend(_feature_items(sentence))
            continue
        if is_bullet and bullets >= 2 and _plain_feature_bullet(sentence, asked, first_message):
            # A bullet list of things to build, whatever was asked, is a wishlist.
            features.extend(_feature_items(sentence))
            continue
        if is_vague(sentence) and not _is_specific(sentence):
            continue
        if _hedged_sentence(sentence):
            # "A leaderboard would be fun too." names a feature and says it is not essential.
            features.extend(_feature_items(sentence))
            after_features = asked != "feature_wishlist"
            continue
        clauses = _clauses(sentence)
        sentence_clues = [_detect(c, sentence, first_message) for c in clauses]
        if after_features and not any(
            asked in cl or any(c.strong for c in cl.values()) for cl in sentence_clues
        ):
            # A plain sentence right after a feature list ("Walkers get rated.") continues the list.
            features.extend(_feature_items(sentence))
            continue
        asked_strong = (
            any((clue := cl.get(asked)) is not None and clue.strong for cl in sentence_clues)
            if asked and asked != "feature_wishlist"
            else False
        )
        feature = None if asked_strong else _feature_clue(sentence, first_message)
        listed = None if feature or asked_strong else _list_clue(sentence, first_message)
        feature = feature or listed
        after_features = bool(feature) and asked != "feature_wishlist"
        if feature:
            features.extend(feature.items)
        lead = _sentence_lead(sentence_clues, asked) if not feature else ""
        asked_parts: list[str] = []
        lead_parts: list[str] = []
        strong_elsewhere = False
        in_feature_list = False
        for clause, clues in zip(clauses, sentence_clues, strict=True):
            triggered = bool(feature) and bool(
                _FEATURE_TRIGGER.search(clause) or _IDEA_FEATURE.search(clause)
            )
            # "It should record sessions, let testers comment, and group feedback by build": the list runs on.
            continued = (
                in_feature_list
                and not listed
                and not any(c.strong for a, c in clues.items() if a != "target_user")
            )
            in_feature_list = in_feature_list or triggered
            feature_clause = bool(listed) or triggered or continued
            if feature_clause:
                # The clause that lists features says what to build, not who, why or how much;
                # only a raw idea may also carry the first guess at the problem.
                kept = ("target_user", "revenue_model", "constraints") + (
                    ("core_problem",) if first_message else ()
                )
                clues = {a: c for a, c in clues.items() if c.strong and a in kept}
            strong_others = [a for a, c in clues.items() if c.strong and a != asked]
            strong_elsewhere = strong_elsewhere or bool(strong_others)
            asked_clue = clues.get(asked)
            if lead and not feature_clause and asked_clue is None and not strong_others:
                # A cue-less clause of a sentence that is about one other aspect belongs with it:
                # "…is growing, so more devs playtest publicly" is still the why-now.
                lead_parts.append(_clean(clause))
                continue
            takes_asked = (
                bool(asked)
                and asked != "feature_wishlist"
                and not _is_user_question(clause)
                and not feature_clause
                and ((asked_clue is not None and asked_clue.strong) or not strong_others)
            )
            if takes_asked:
                if asked == "target_user" and asked_clue is not None:
                    asked_parts.append(asked_clue.fragment)
                else:
                    asked_parts.append(_clean(_drop_negated(clause)) if correction else _clean(clause))
            elif (
                asked_clue is not None
                and asked != "feature_wishlist"
                and not set(strong_others) & {"revenue_model", "success_metric", "constraints"}
            ):
                # "We'll charge $49 per month" is pricing even when the question was about limits.
                weak_asked.append(asked_clue.fragment)
            elif not feature_clause and strong_others and all(a in _SOFT_ASPECTS for a in strong_others):
                # "What goes wrong today?" is often answered with the workaround itself.
                soft_claimed.append(_clean(clause))
            for aspect in strong_others:
                clue = clues[aspect]
                if aspect == lead:
                    lead_parts.append(clue.fragment)
                    continue
                current = getattr(summary, aspect)
                empty = not has_real_content(current) or _is_generic_only(current)
                if clue.secondary and not empty:
                    continue
                refines = not empty and _refines(aspect, current, clue.fragment)
                if aspect == "target_user" and revising and not (correction or refines):
                    # Revising the card, a passing mention of "devs" does not replace who it is for.
                    continue
                if empty or refines or correction or revising:
                    found[aspect].append(clue.fragment)
                    if not empty:
                        replace.add(aspect)
        if lead_parts:
            whole = len(lead_parts) >= len(clauses)
            _file_lead(
                found,
                replace,
                summary,
                lead,
                sentence if whole else ", ".join(lead_parts),
                correction,
                revising,
            )
        wished = asked == "feature_wishlist" and (not strong_elsewhere or is_bullet)
        bulleted = is_bullet and not asked_parts and not strong_elsewhere
        if not feature and (wished or bulleted):
            features.extend(_feature_items(sentence))
        if asked_parts:
            whole = len(asked_parts) == len(clauses) and asked != "target_user"
            piece = (
                _clean(_drop_negated(sentence) if correction else sentence)
                if whole
                else ", ".join(asked_parts)
            )
            found[asked].append(piece)
            if correction:
                replace.add(asked)

    if asked and asked != "feature_wishlist" and not found[asked]:
        # Answers rarely use the cue words of the question: a soft topic answered in other words still counts.
        found[asked] = weak_asked or (soft_claimed if asked in _SOFT_ASPECTS else [])
    for aspect in ASPECTS:
        if aspect == "feature_wishlist":
            continue
        fragments = _dedupe([f for f in found[aspect] if f and not is_vague(f)])
        if not fragments:
            continue
        setattr(result, aspect, _merge_text(getattr(result, aspect), "; ".join(fragments), aspect in replace))
    wishlist = result.feature_wishlist
    if revising or asked == "feature_wishlist":
        wishlist = _removed_features(text, wishlist)
    result.feature_wishlist = _merge_features(wishlist, features, "feature_wishlist" in replace)
    return result


def _plain_feature_bullet(sentence: str, asked: str, first_message: bool) -> bool:
    """'- weekly meal plan' with no cue for any aspect, not even a weak one for the asked aspect."""
    item = _clean(sentence)
    if not item or not _feature_like(item) or _vague_feature(item) or len(item.split()) > 8:
        return False
    for clue in (_detect(c, sentence, first_message) for c in _clauses(sentence)):
        if any(c.strong for c in clue.values()) or asked in clue:
            return False
    return True


def _sentence_lead(sentence_clues: list[dict[str, _Clue]], asked: str) -> str:
    """The one aspect other than the asked one that a sentence is clearly about, or ''."""
    if any((clue := cl.get(asked)) is not None and clue.strong for cl in sentence_clues):
        return ""
    primaries = {
        a
        for cl in sentence_clues
        for a, c in cl.items()
        if c.strong and not c.secondary and a not in (asked, "target_user")
    }
    if len(primaries) != 1 or len(sentence_clues) < 2:
        return ""
    return next(iter(primaries))


def _file_lead(
    found: dict[str, list[str]],
    replace: set[str],
    summary: DiscoverySummary,
    aspect: str,
    fragment: str,
    correction: bool,
    revising: bool,
) -> None:
    current = getattr(summary, aspect)
    empty = not has_real_content(current) or _is_generic_only(current)
    if empty or correction or revising or _refines(aspect, current, fragment):
        found[aspect].append(_clean(fragment))
        if not empty:
            replace.add(aspect)


def _hedged_sentence(sentence: str) -> bool:
    """'A leaderboard would be fun too.' or 'Maybe a social feed.' — a short, optional feature."""
    cleaned = re.sub(r"\s+(?:too|as well)$", "", _clean(sentence), flags=re.IGNORECASE)
    if not cleaned or len(cleaned.split()) > 8 or re.search(r"\d", cleaned):
        return False
    hedged = _HEDGED_FEATURE.match(cleaned)
    if hedged:
        return _feature_like(hedged.group("x"))
    if not re.match(r"^\s*(?:and\s+)?(?:maybe|perhaps|possibly|ideally)\b", sentence, re.IGNORECASE):
        return False
    strong = _PROBLEM_STRONG, _REVENUE_STRONG, _CONSTRAINTS_STRONG, _WHY_NOW_STRONG, _ALTERNATIVES_STRONG
    if any(cue.search(sentence) for cue in strong) or _has_persona(cleaned) or _TOOL_RE.search(cleaned):
        return False
    return _feature_like(re.sub(r"^(?:a|an|the|some)\s+", "", cleaned, flags=re.IGNORECASE))


def _same_word(a: str, b: str) -> bool:
    a, b = a.rstrip("s"), b.rstrip("s")
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)))


def _refines(aspect: str, current: str, fragment: str) -> bool:
    """'ICU nurses at mid-size hospitals' sharpens 'hospital nurses': same people, more detail."""
    if _norm(current) in _norm(fragment):
        return True
    if aspect != "target_user" or len(fragment) <= len(current):
        return False
    head = _words(current)[-1] if _words(current) else ""
    return bool(head) and any(_same_word(w, head) for w in _words(fragment))


def _is_user_question(text: str) -> bool:
    """'why does that matter?' asks the PM something; it is not an answer to store."""
    stripped = text.strip().lower()
    return stripped.endswith("?") and bool(
        re.match(r"(what|why|how|which|who|can|could|do|does|is|are|should|would|will|sorry|huh)\b", stripped)
    )


def _dedupe(fragments: list[str]) -> list[str]:
    kept: list[str] = []
    for fragment in fragments:
        key = _norm(fragment)
        if any(key in _norm(k) for k in kept):
            continue
        kept = [k for k in kept if _norm(k) not in key]
        kept.append(fragment)
    return kept


# ---------------------------------------------------------------------------------------------
# Replies
# ---------------------------------------------------------------------------------------------


def opening_question() -> str:
    """The PM's first message in a new project."""
    return (
        "Hi, I'm your PM for this project. Tell me about the idea in a sentence or two: "
        "what are you building, and for whom?"
    )


def _short(text: str, limit: int = 10) -> str:
    """A short quotable fragment of the user's words: first clause, at most `limit` words, no '?'."""
    text = (
        _clean(text.split(";")[0])
        .replace("?", "")
        .replace('"', "")
        .replace("\u201c", "")
        .replace("\u201d", "")
    )
    clause = re.split(r",\s+|\s+[\u2014\u2013-]\s+|\.\s+", text)[0]
    if len(clause.split()) >= 3:
        text = clause
    words = text.split()
    if len(words) > limit:
        words = words[:limit]
        # End on a meaningful word: "they text the whole ward on…" reads badly.
        while len(words) > 3 and words[-1].lower().strip(",;:") in _STOPWORDS:
            words.pop()
        text = " ".join(words).rstrip(",;:") + "…"
    return text.strip()


def _persona(summary: DiscoverySummary) -> str:
    """A short name for the users, for use mid-sentence ('ICU nurses'); 'your users' when unknown."""
    value = summary.target_user.split(";")[-1] if summary.target_user else ""
    if not has_real_content(value) or _is_generic_only(value):
        return "your users"
    value = _clean(value)
    value = re.split(r"\s+(?:who|that|with|in|at|on|from|working|running)\s+|,", value, maxsplit=1)[0]
    value = re.sub(r"^(?:the|a|an|our|my|mostly|mainly)\s+", "", value, flags=re.IGNORECASE)
    words = value.split()[:4]
    if not words:
        return "your users"
    first = words[0]
    if first[:1].isupper() and first[1:].islower() and first.lower() not in {t for t in _TOOLS}:
        words[0] = first.lower()
    if len(words) == 1 and not _is_persona_word(words[0]) and words[0].lower() not in _GENERIC_PERSONA:
        return "your users"
    return " ".join(words)


_ACKS: dict[str, tuple[str, ...]] = {
    "target_user": (
        'So it\'s for "{f}" — a group I can picture.',
        "Got it — that's who it's for: \"{f}\".",
        '"{f}" — good, that narrows down who it\'s for.',
    ),
    "core_problem": (
        '"{f}" — that\'s a real pain.',
        'Okay, so the pain is "{f}".',
        'That makes sense as the core problem: "{f}".',
    ),
    "current_alternatives": (
        "So today it's \"{f}\" — that's what we have to beat.",
        '"{f}" — useful, that\'s the real competition.',
        'Got it, today it\'s "{f}".',
    ),
    "why_now": (
        '"{f}" — that\'s a good reason for the timing.',
        'Okay, the timing argument is "{f}".',
        '"{f}" — noted as the why-now.',
    ),
    "feature_wishlist": (
        "Noted for the wishlist: {f}.",
        "Good, I've added {f}.",
        "On the list: {f}.",
    ),
    "success_metric": (
        '"{f}" — that gives the MVP something to be measured against.',
        'Good, success looks like "{f}".',
        "\"{f}\" — that's the success target I'll hold the scope to.",
    ),
    "revenue_model": (
        '"{f}" — noted for the business model.',
        'Okay, money-wise: "{f}".',
        '"{f}" — that\'s the revenue model, and it will matter when we size the MVP.',
    ),
    "constraints": (
        'So the constraint is "{f}" — that will shape the scope a lot.',
        'Good to know the constraints: "{f}".',
        '"{f}" — I\'ll cut to fit that.',
    ),
    "": (
        'Thanks — "{f}".',
        'Okay: "{f}".',
        'Noted: "{f}".',
    ),
}
_IDEA_ACKS = (
    'Nice — "{f}".',
    'Love a clear pitch: "{f}".',
    'Interesting — "{f}".',
)
_VAGUE_ACKS = (
    '"{f}" is hard to build for, so let me narrow it down.',
    'Fair — "{f}" is a fine place to start, but I need something sharper.',
    'Okay, "{f}" — let\'s make that more concrete.',
)
_WHY_ASK: dict[str, str] = {
    "target_user": "Knowing exactly who it's for decides what goes into the first version.",
    "core_problem": "The problem is what every feature has to earn its place against.",
    "current_alternatives": "What people do today is the real competition, even when it's a spreadsheet.",
    "why_now": "A reason it works now and not five years ago makes the bet much stronger.",
    "feature_wishlist": "The wishlist is what I'll score and cut in scoping.",
    "success_metric": "Without a number we can't tell whether the MVP worked.",
    "revenue_model": "How it makes money changes what the MVP has to prove.",
    "constraints": "Time and people set the effort budget I'll cut the scope to.",
}


def _question(aspect: str, summary: DiscoverySummary, variant: int) -> str:
    persona = _persona(summary)
    features = summary.feature_wishlist
    questions: dict[str, tuple[str, ...]] = {
        "target_user": (
            "Who exactly is this for — if you picture the first ten people using it, who are they?",
            "Who feels this most — which specific people would you hand the first version to?",
        ),
        "core_problem": (
            f"What's the most painful part for {persona} today — the moment they'd wish this existed?",
            f"What goes wrong for {persona} today without this — what's the actual problem it solves?",
        ),
        "current_alternatives": (
            f"How do {persona} handle this today — a spreadsheet, group chats, another app, or nothing at all?",
            f"When this comes up for {persona} now, what do they do instead, and what's annoying about it?",
        ),
        "feature_wishlist": (
            f"If {persona} could do only three things in the first version, what would they be?",
            f"What should {persona} be able to do in the very first version — the two or three things that matter most?",
        ),
        "success_metric": (
            "Three months after launch, what number would tell you this is working — active users, retention, time saved?",
            f"What's the one metric you'd watch for {persona}, and what target would make you call it a success?",
        ),
        "why_now": (
            f"Why now — what has changed recently that makes this the right moment for {persona}?",
            "What makes this possible or urgent now rather than five years ago?",
        ),
        "constraints": (
            "What are you working with for the first version — team size, timeline, budget, platforms it must run on?",
            "What constraints should I plan around — how many people, how many weeks, any platform or compliance must-haves?",
        ),
        "revenue_model": (
            f"How will this make money — would {persona} pay a subscription, per use, or is it free to start?",
            "Who pays for this, and how — subscription, one-time, a fee per transaction, or free for now?",
        ),
    }
    if aspect == "feature_wishlist" and features:
        return f"Besides {_short(features[0], 6).lower()}, what else must the first version let {persona} do?"
    options = questions[aspect]
    return options[variant % len(options)]


def _probe(aspect: str, summary: DiscoverySummary, thin: bool) -> str:
    persona = _persona(summary)
    if thin:
        sharpen = {
            "target_user": f"Which {persona} exactly — what's their role, where do they work, and what does a typical day look like?",
            "core_problem": "Can you walk me through the last time this happened — what actually went wrong, and what did it cost?",
            "success_metric": "What target would you put on that — say, the number you'd want to see three months after launch?",
        }
        return sharpen[aspect]
    probes = {
        "target_user": "If you had to pick the first 10 people who'd use this, who are they — what's their job or situation?",
        "core_problem": f"Think of the last time {persona} ran into this — what went wrong, and what did it cost them?",
        "current_alternatives": f'Even "nothing" usually means something — texts, a spreadsheet, a notebook: what do {persona} do today when this comes up?',
        "feature_wishlist": "If the first version could do only one thing really well, what would it be?",
        "success_metric": "Pick one number: what would you want to see three months after launch — e.g. 100 weekly active users or 40% week-4 retention?",
        "why_now": "What has changed in the last year or two — technology, regulation, habits — that makes this possible or urgent now?",
        "constraints": "Roughly how much time and how many people do you have for the first version — e.g. solo for six weeks?",
        "revenue_model": "If you had to charge someone tomorrow, who would pay, and how — monthly subscription, one-time, per transaction?",
    }
    return probes[aspect]


def _sharpening(summary: DiscoverySummary, variant: int) -> tuple[str, str]:
    persona = _persona(summary)
    if not re.search(r"\d", summary.success_metric):
        return (
            "success_metric",
            "Before I write this up: what number would you want to hit in the first three months?",
        )
    if not re.search(r"\d|solo|alone|just me", summary.constraints, re.IGNORECASE):
        return (
            "constraints",
            "What's the hard limit on the first version — how many weeks, and who is building it?",
        )
    options = (
        (
            "core_problem",
            f"What's the riskiest assumption here — the thing that, if wrong, means {persona} won't switch?",
        ),
        ("success_metric", "Which single number would make you kill or double down on this after launch?"),
    )
    return options[variant % len(options)]


def _new_part(before: str | list[str], after: str | list[str]) -> str:
    if isinstance(after, list):
        old = {_norm(item) for item in before} if isinstance(before, list) else set()
        fresh = [item for item in after if _norm(item) not in old]
        return ", ".join(item[0].lower() + item[1:] if item[1:2].islower() else item for item in fresh[:3])
    if isinstance(before, str) and before and after.startswith(before):
        return after[len(before) :].lstrip("; ")
    return after


def _is_clarifying(text: str) -> bool:
    stripped = text.strip().lower()
    return (
        stripped.endswith("?")
        and bool(re.match(r"(what|why|how|which|can you|could you|do you|sorry|huh|meaning)\b", stripped))
        and len(stripped.split()) <= 14
    )


def _gap_order(gaps: list[str]) -> list[str]:
    return [a for a in QUESTION_ORDER if a in gaps]


def next_reply(
    state: ConversationState, user_text: str, before: DiscoverySummary, completeness: Completeness
) -> DiscoveryReply:
    """One to three short sentences: an acknowledgement in the user's words and ONE question.

    Vague answers to the asked aspect are probed once (probing=True); a second vague answer parks
    the aspect as an open question and moves on to the next gap.
    """
    summary = state.discovery_summary
    asked = state.asked_aspect if state.asked_aspect in ASPECTS else ""
    turn = max(1, state.user_turns)
    probes = state.probe_count
    changed = [a for a in QUESTION_ORDER if getattr(before, a) != getattr(summary, a)]
    gaps = _gap_order(completeness.gaps)
    vague = is_vague(user_text)

    if asked and _is_clarifying(user_text) and asked in gaps:
        text = f"{_WHY_ASK[asked]} {_question(asked, summary, turn + 1)}"
        return DiscoveryReply(text=text, asked_aspect=asked)

    if asked and asked in gaps and asked not in changed and (vague or not changed):
        if vague and probes.get(asked, 0) < 1:
            ack = _VAGUE_ACKS[turn % len(_VAGUE_ACKS)].format(f=_short(user_text, 6))
            return DiscoveryReply(
                text=f"{ack} {_probe(asked, summary, thin=False)}", asked_aspect=asked, probing=True
            )
        if vague:
            label = ASPECT_LABELS[asked].lower()
            remaining = [g for g in gaps if g != asked and probes.get(g, 0) < 1] or [
                g for g in gaps if g != asked
            ]
            if remaining:
                nxt = remaining[0]
                keep = (
                    f'No problem — "{_short(user_text, 6)}" leaves the {label} open, so I\'ll keep it '
                    "as an open question for now."
                )
                text = f"{keep} {_question(nxt, summary, turn)}"
                return DiscoveryReply(text=text, asked_aspect=nxt)
            text = f"No problem, let's come back to it. {_question(asked, summary, turn + 1)}"
            return DiscoveryReply(text=text, asked_aspect=asked)

    thin = (
        asked in ("target_user", "core_problem", "success_metric")
        and asked in changed
        and probes.get(asked, 0) < 1
        and _is_thin(asked, getattr(summary, asked))
    )
    ack = _acknowledge(asked, changed, before, summary, user_text, turn)
    if vague and asked and not changed and asked not in gaps:
        # A shrug to a sharpening question: keep what we had rather than thank them for "idk".
        ack = f'Fair enough, "{_short(summary.value_text(asked), 8)}" will do for now.'
    first_message = not asked and not any(has_real_content(getattr(before, a)) for a in ASPECTS)
    note = "" if first_message else _volunteered_note(asked, changed, ack_aspect=_ack_aspect(asked, changed))
    if first_message and "target_user" not in gaps and probes.get("target_user", 0) < 1:
        thin, asked = _is_thin("target_user", summary.target_user), "target_user"
    if thin:
        return DiscoveryReply(
            text=_join(ack, _probe(asked, summary, thin=True)), asked_aspect=asked, probing=True
        )

    dodged = bool(asked) and asked in gaps and asked not in changed
    if dodged and probes.get(asked, 0) < 1:
        # The user answered something else; ask once more (counted as this aspect's probe), then move on.
        question = _question(asked, summary, turn + 1)
        text = _join(ack, note, f"Still, I'd like to pin this down: {question[0].lower()}{question[1:]}")
        return DiscoveryReply(text=text, asked_aspect=asked, probing=True)
    fresh = [g for g in gaps if probes.get(g, 0) < 1]
    parked = [g for g in gaps if g != asked] or gaps
    if fresh or parked:
        nxt = (fresh or parked)[0]
        question = _question(nxt, summary, turn)
        if not fresh:
            question = f"Coming back to the {ASPECT_LABELS[nxt].lower()}: {question[0].lower()}{question[1:]}"
        return DiscoveryReply(text=_join(ack, note, question), asked_aspect=nxt)
    nxt, question = _sharpening(summary, turn)
    return DiscoveryReply(text=_join(ack, note, question), asked_aspect=nxt)


def _is_thin(aspect: str, value: str) -> bool:
    words = _content_words(value)
    if aspect == "success_metric":
        return not re.search(r"\d|" + _NUMBER, value, re.IGNORECASE)
    if aspect == "target_user":
        # "nurses" or "small businesses" is a start; "ICU nurses" already says who.
        return len(words) <= 1 or _qualified_generic(value.lower())
    return len(words) <= 3


def _ack_aspect(asked: str, changed: list[str]) -> str:
    if asked and asked in changed:
        return asked
    return changed[0] if changed else ""


def _acknowledge(
    asked: str,
    changed: list[str],
    before: DiscoverySummary,
    summary: DiscoverySummary,
    user_text: str,
    turn: int,
) -> str:
    aspect = _ack_aspect(asked, changed)
    if not asked and not any(has_real_content(getattr(before, a)) for a in ASPECTS):
        first = _sentences(user_text)[0] if _sentences(user_text) else user_text
        return _IDEA_ACKS[turn % len(_IDEA_ACKS)].format(f=_short(first, 12))
    if aspect:
        fragment = _new_part(getattr(before, aspect), getattr(summary, aspect))
        fragment = fragment if aspect == "feature_wishlist" else _short(fragment)
    else:
        fragment = _short(user_text)
    if not fragment:
        fragment = _short(user_text)
    templates = _ACKS.get(aspect, _ACKS[""])
    return templates[(turn + len(aspect)) % len(templates)].format(f=fragment)


def _volunteered_note(asked: str, changed: list[str], ack_aspect: str) -> str:
    others = [ASPECT_LABELS[a].lower() for a in changed if a not in (asked, ack_aspect)]
    if not others:
        return ""
    if len(others) == 1:
        listed = others[0]
    else:
        listed = ", ".join(others[:-1]) + " and " + others[-1]
    return f"I've also noted what you said about the {listed}."


def _join(*parts: str) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())


# ---------------------------------------------------------------------------------------------
# Review of the summary card
# ---------------------------------------------------------------------------------------------

_POSITIVE_NEGATIONS = re.compile(
    r"\b(no (changes?|corrections?|notes|problems?|issues?|complaints?|edits?)( needed)?|nothing (to (change|add|fix)|"
    r"wrong|missing)|not wrong|can'?t complain|not bad|(no|nope|nah),? (that'?s|it'?s|this is|looks|sounds|all)\b|"
    r"(don'?t|wouldn'?t) change (a thing|anything)|couldn'?t (be|have been) better|no doubt)",
    re.IGNORECASE,
)
_NEGATED_POSITIVE = re.compile(
    r"\b(not|isn'?t|aren'?t|doesn'?t|don'?t|didn'?t|wasn'?t|never|hardly|barely)\b(\s+\w+){0,2}\s+"
    r"(right|correct|accurate|good|quite|exactly|true|look|looks|sound|sounds|it|what|there|agree|think so)\b|"
    r"\bnot (quite|exactly|really|sure|yet|right|correct)\b|\bi don'?t think so\b",
    re.IGNORECASE,
)
_REVISE_MARKERS = re.compile(
    r"\b(actually|change|changed|wrong|incorrect|mistake|should (be|say|read)|instead|rather|update|fix|edit|"
    r"add|remove|drop|missing|forgot|except|but|however|although|though|almost|mostly|partly|close but|"
    r"revise|redo|meant|correction|not the|isn'?t|aren'?t|wasn'?t)\b|👎|❌",
    re.IGNORECASE,
)
_CONFIRM_WORDS = re.compile(
    r"\b(y|ye|yes|yess+|yep|yup|yeah|ya|sure|correct|right|looks (right|good|great|fine|accurate)|"
    r"sounds (good|right|great|fine)|perfect|great|exactly|confirm(ed)?|lgtm|good to go|let'?s go|go ahead|"
    r"go for it|ship it|ok|okay|k|fine|accurate|spot on|nailed it|all good|that'?s it|agreed|agree|"
    r"absolutely|definitely|proceed|continue|next|move on|good|awesome|excellent|love it|yes please|"
    r"looks right to me|bang on|on point|true|affirmative|approved|done)\b|👍|✅|👌|💯|🙌|🚀",
    re.IGNORECASE,
)


def classify_review(text: str) -> Literal["CONFIRM", "REVISE"]:
    """CONFIRM when the user accepts the summary card; REVISE for any 'no', negated praise or correction."""
    lowered = _squash(text.lower().replace("\u2019", "'"))
    if not lowered:
        return "REVISE"
    neutral = _POSITIVE_NEGATIONS.sub(" okay ", lowered)
    if _NEGATED_POSITIVE.search(neutral):
        return "REVISE"
    if _REVISE_MARKERS.search(neutral):
        return "REVISE"
    leading_no = re.match(r"^(no|nope|nah|nay|negative)\b", neutral)
    if leading_no:
        return "REVISE"
    for sentence in _sentences(text):
        if _label_statement(sentence):
            return "REVISE"
    if _CONFIRM_WORDS.search(neutral):
        return "CONFIRM"
    return "REVISE"
