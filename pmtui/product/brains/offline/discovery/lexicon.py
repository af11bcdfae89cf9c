"""Word lists of the offline interviewer: who people are, the tools they use today, words that carry nothing."""

from __future__ import annotations

import re


def _wordset(text: str) -> frozenset[str]:
    """A word list written as running text, one entry per whitespace-separated word."""
    return frozenset(text.split())


PERSONA_STEMS = _wordset(
    """
    parent mom mum dad mother father family kid child children teen teenager student pupil teacher tutor
    professor nurse doctor physician clinician surgeon patient caregiver carer therapist dentist vet
    pharmacist midwife paramedic freelancer contractor consultant founder entrepreneur developer dev
    engineer programmer designer marketer salesperson salespeople rep recruiter manager owner landlord
    tenant renter homeowner realtor agent accountant bookkeeper controller lawyer attorney paralegal cfo
    ceo cto coo executive analyst researcher scientist writer author blogger creator influencer streamer
    podcaster musician artist photographer videographer editor athlete runner cyclist climber gamer
    player coach trainer chef cook baker farmer gardener driver courier trucker pilot traveler traveller
    tourist commuter shopper buyer seller merchant retailer vendor supplier agency startup smb sme
    nonprofit charity church school university college clinic hospital pharmacy hotel restaurant cafe
    gym employee worker staff volunteer member retiree senior pensioner veteran immigrant expat newcomer
    candidate applicant admin administrator operator technician electrician plumber builder architect
    reader learner couple roommate neighbor neighbour community club team babysitter nanny sitter walker
    host guest investor trader broker banker caterer planner organizer organiser hobbyist collector
    maker crafter foodie dieter resident citizen official firefighter police soldier intern graduate
    grad firm practice studio household org landlady hairdresser barber stylist beautician mechanic
    cleaner janitor receptionist secretary assistant dispatcher warehouse shipper etsy shopify
    professional specialist expert practitioner physio physiotherapist
    tradie sparky sparkie chippy chippie plumber tradesman tradesmen tradesperson handyman landscaper roofer
    painter decorator carpenter joiner locksmith welder glazier tiler
    crew crewmember coxswain cox lifeguard ranger steward marshal warden caretaker porter
    aunty auntie uncle housewife homemaker hawker tailor seamstress weaver potter vendor shopkeeper
    outfit apprentice sacco chama cooperative
    captain umpire vicar
    """
)

GENERIC_PERSONA = _wordset(
    """
    people person user users customer customers client clients business businesses company companies
    folks folk everyone everybody anyone anybody human humans consumer consumers individual individuals
    organization organizations organisation organisations public world market someone somebody
    """
)

NOT_PERSONA = _wordset(
    """
    others numbers orders papers letters headers computers servers containers folders reminders filters
    answers chapters offers layers markers stickers timers trackers covers matters hours towers features
    parameters centers centres meters members' waters powers weathers registers ledgers vouchers
    invoices prices services devices sources resources events documents payments statements requirements
    settings things items
    """
)

TOOLS = (
    "excel", "google sheets", "sheets", "spreadsheet", "spreadsheets", "notion", "trello", "asana",
    "jira", "slack", "whatsapp", "telegram", "signal", "imessage", "messenger", "facebook groups",
    "facebook", "instagram", "insta", "email", "emails", "gmail", "outlook", "sms", "text messages", "texts",
    "group chat", "group chats", "phone calls", "pen and paper", "paper", "notebook", "notebooks",
    "sticky notes", "post-its", "whiteboard", "whiteboards", "clipboard", "quickbooks", "xero", "sage",
    "freshbooks", "stripe", "paypal", "shopify", "airtable", "zapier", "google calendar", "calendar",
    "calendars", "word of mouth", "craigslist", "ebay", "etsy", "linkedin", "indeed", "upwork", "fiverr",
    "calendly", "doodle", "google forms", "google form", "google drive", "google sheet", "google doc", "discord", "dms",
    "direct messages", "reddit", "forums", "typeform", "pinterest", "notes app", "notes apps",
    "salesforce", "hubspot", "monday.com", "clickup", "evernote", "todoist", "apple notes",
    "google docs", "word", "dropbox", "bank portal", "netsuite", "sap", "mint", "ynab", "strava",
    "myfitnesspal", "duolingo",
    # paper kept by hand: "the diary", "a ledger", "the register", "an exercise book".
    "paper diary", "ledger book", "logbook", "log book", "register book", "exercise book",
    "khata", "receipt book",
)

# "book sheets by the hour" (of ice), "bed sheets": sheets that are no spreadsheet.
_NOT_A_TOOL_AFTER = {"sheets": r"(?<!\bbook )(?<!\bbooks )(?<!\bbooking )(?<!\brent )(?<!\bbed )(?<!\bice )"}
_NOT_A_TOOL_BEFORE = {"sheets": r"(?!\s+(?:by|of|per|at|for|in)\b)"}

TOOL_RE = re.compile(
    r"\b(" + "|".join(_NOT_A_TOOL_AFTER.get(t, "") + re.escape(t) + _NOT_A_TOOL_BEFORE.get(t, "")
                      for t in sorted(TOOLS, key=len, reverse=True)) + r")\b", re.IGNORECASE
)

# "use Rover", "on Slack": a capitalised name after a usage verb is a product people use today.
# "on Scottish lochs", "on Welsh farms": a capitalised word before a plural noun describes a place, no product.
# "all shopkeepers use Android", "on iOS": a platform they have is a limit to build for, not today's way.
NAMED_PRODUCT = re.compile(r"\b(?:[Uu]s(?:e|es|ing)|[Oo]n|[Vv]ia|[Tt]hrough|[Oo]ver)\s+"
                           r"(?!(?:Android|IOS|iOS|iPhones?|iPads?|Windows|Mac|MacOS|macOS|Linux|Chrome|ChromeOS)\b)"
                           r"[A-Z][a-zA-Z0-9]+\b(?!\s+[a-z]+s\b)")

STOPWORDS = _wordset(
    """
    a an the of to for in on at by with and or but so is are was were be been being it its it's this
    that these those they them their there here i me my we us our you your he she his her who whom which
    what when where why how do does did doing have has had just really very quite kind sort like maybe
    probably basically honestly well um uh hmm yeah yes ok okay sure thing things stuff some any all
    most many much lots lot more less not no would could should will can might must about also too then
    than as if because since from into out up down over only even still yet
    """
)

MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)

NUMBER = (
    r"(?:\d[\d,.]*\s*(?:k|m|%|x)?|\b(?:two|three|four|five|six|seven|eight|nine|ten|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|a hundred|a thousand|a dozen|dozens|"
    r"hundreds|thousands)\b)"
)
