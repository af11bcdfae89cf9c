"""A founder's wish said as a criterion that reads as a sentence, the founder's nouns kept (round 26).

A row named neither as a thing nor by an act the plan writer knew was glued after the template's verb: "A user can add
a customers order a tree online choosing the height", "… add a parents enter the code from the proof card", "… add a
call the evening before to confirm", "… add a whether they need the wheelchair lift", "… add a results entered on the
day". Each wish has a shape, and each shape has its sentence:

- someone doing something ("Customers order a tree online", "Members or their family book a ride", "Client pick the
  style", "The driver reserves a seat"): they can do it — "Customers can order a tree online choosing the height and
  see the result saved", who kept;
- an act with no one named ("Call the evening before to confirm", "Scan a QR sticker", "Tap what she sold"): a user
  can do it, whatever the first word also names ("call", "scan", "tap");
- a doing ("Seeing your place on the list", "Claiming back what they spent"): the act it is;
- a choice ("Whether they need the wheelchair lift", "If they want a receipt"): a user can say it;
- people or things in a state ("Results entered on the day", "Kids signed in by age group"): added as they are, no
  "a" before a plural.

"from the app" is left off where the wish names how it is done already ("online", "from their phone", "by text").
The frame the gates read is kept: "… can <act> … and see(s) the result saved", "from the app"
(pmtui/delivery/gates/plan_shapes.frame_removed reads someone named before "can" as it reads "A user").
"""

from __future__ import annotations

import re

from pmtui.product.plan_quality import NOUNS_TOO, VERBS

# Acts a wish opens on beyond the plan measures' verbs ("Parents enter the code", "Customers ask for the collection").
_MORE_VERBS = {"enter", "film", "ring", "drop", "leave", "reply", "rsvp", "vote", "return", "borrow", "lend", "rent", "hire",
               "deliver", "photograph", "fill", "reserve", "ask", "tell", "say", "bring", "report", "sign", "tick", "top",
               "upload", "answer", "arrive", "come", "walk", "drive", "ride", "queue", "wait", "cancel", "rebook", "apply",
               "attach", "pick", "choose", "select", "submit", "type", "measure", "weigh", "post", "confirm", "clock",
               "register", "subscribe", "donate", "tip", "top-up", "check", "claim", "release", "hand", "place", "give",
               "collect", "request", "list", "fetch", "load", "unload", "accept", "decline"}
_ACTS = VERBS | _MORE_VERBS
# What an act that is also a thing's name ("call", "scan", "order") is followed by when it is said as the act.
_OBJECT_OPENERS = {"a", "an", "the", "this", "that", "these", "those", "each", "every", "all", "some", "any", "their",
                   "his", "her", "its", "my", "our", "your", "what", "which", "who", "whether", "if", "it", "them", "up",
                   "out", "back", "off", "down", "in", "for", "to", "by", "at", "before", "on", "with"}
# Acts that also name a thing in a row's name beyond the measures' list ("Parent view", "Staff queue", "Rota page").
_NAMES_TOO = {"view", "queue", "page", "rent", "hire", "return", "drop", "hand", "tick", "place", "top", "ring", "type",
              "tip", "post", "report", "list", "request", "walk", "ride", "drive", "board", "form", "clock"}
# Going somewhere is no act the app records ("Coming back", "Going out").
_GOING = {"come", "go", "arrive", "leave", "wait", "walk", "run"}
_READS = {"see", "view", "find", "get", "receive", "check", "look", "watch", "know", "browse", "compare", "read", "hear"}
# Who does something: the words that name people, or a word made to name a person ("dispatcher", "attendant").
_PEOPLE = {"customers", "customer", "clients", "client", "members", "member", "parents", "parent", "people", "staff",
           "crew", "team", "family", "families", "kids", "children", "child", "students", "student", "pupils", "pupil",
           "patients", "patient", "guests", "guest", "residents", "resident", "tenants", "tenant", "nurses", "nurse",
           "mums", "dads", "couples", "couple", "refs", "office", "neighbours", "neighbors", "locals", "everyone",
           "owners", "owner", "riders", "rider", "tourists", "tourist", "handlers", "handler", "sellers", "seller",
           "buyers", "buyer", "farmers", "farmer", "donors", "donor", "players", "player", "ringers", "householders",
           "householder", "homeowners", "homeowner", "passengers", "passenger", "volunteers", "volunteer", "coaches",
           "coach", "teachers", "teacher", "managers", "manager", "drivers", "driver", "walkers", "walker", "girls",
           "boys", "men", "women", "folks", "folk", "dog-owners", "shoppers", "shopper", "visitors", "visitor",
           "partner", "partners", "carer", "carers", "skipper", "skippers", "captain", "captains", "chef", "chefs",
           "cook", "cooks", "doctor", "doctors", "vet", "vets", "therapist", "gp", "gps", "landlord", "landlords",
           "landlady", "agent", "agents", "clerk", "clerks", "secretary", "treasurer", "chairman", "chair", "warden",
           "wardens", "steward", "stewards", "guard", "guards", "porter", "porters", "nanny", "nannies", "friend",
           "friends", "relatives", "relative", "son", "sons", "daughter", "daughters", "wife", "husband", "mum", "dad",
           "grandparents", "neighbour", "neighbor", "host", "hosts", "crews", "teams", "hirer", "hirers", "renters",
           "tutor", "tutors", "coachs", "athletes", "athlete", "learners", "learner", "apprentice", "apprentices",
           "surgery", "surgeries", "clinic", "clinics", "school", "schools", "shop", "shops", "bar", "bars",
           "restaurants", "restaurant", "agencies", "agency", "hotels", "hotel", "councils", "council"}
_MANY = {"staff", "people", "children", "men", "women", "folk", "folks", "kids", "police"}
_COLLECTIVE = {"staff", "crew", "team", "family", "office", "everyone", "people", "folk", "folks", "children", "men",
               "women"}
# A word made from an act to name who does it ("dispatcher", "seller", "shopper", "attendant", "driver"), beyond the
# acts a wish opens on.
_AGENT_ACTS = {"own", "work", "teach", "train", "clean", "dispatch", "retail", "exhibit", "attend", "garden", "farm",
               "shop", "groom", "coach", "organise", "organize", "supply", "pack", "cater", "host", "sit", "mind",
               "care", "run", "ring", "play", "hold", "keep", "lead", "serve", "wash", "sweep", "dance", "sing", "fish",
               "bake", "cook", "brew", "print", "write", "read", "speak", "visit", "volunteer", "inspect", "instruct",
               "supervise", "coordinate", "moderate", "referee", "umpire", "steward", "participate", "applicant",
               "consult", "advise", "survey", "operate", "distribute", "collect", "renter", "lodge", "board", "camp",
               "climb", "paddle", "swim", "ride", "drive", "walk", "sell", "buy", "pick", "deliver", "book", "order",
               "hire", "rent", "borrow", "lend", "donate", "subscribe", "travel", "commute", "shear", "milk", "plough",
               "plow", "harvest", "tutor", "mentor", "examine", "manage", "handle", "find", "jog", "caddy", "perform"}
_ENDINGS = (("ers", 3), ("ors", 3), ("er", 2), ("or", 2), ("ants", 4), ("ents", 4), ("ant", 3), ("ent", 3))
_ROLE_ENDING = re.compile(r"^[a-z]{3,}(?:er|or|ist|ian|ant|ent|eer)s?$")
_NAMED_ENDING = re.compile(r"^[a-z]{3,}(?:ist|ian|ee)s?$")  # "pianists", "technicians", "trainees"


def _agent(word: str) -> bool:
    """Whether the word names someone by what they do: "sellers" (sell), "drivers" (drive), "shoppers" (shop),
    "attendants" (attend), "stallholders" (a stall's holders), "caretaker" (taker)."""
    return any(_agent_word(word[cut:]) for cut in (0, *range(3, len(word) - 4)))


def _agent_word(word: str) -> bool:
    for ending, cut in _ENDINGS:
        if word.endswith(ending) and len(word) > cut + 2:
            stem = word[:-cut]
            for guess in (stem, f"{stem}e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
                if guess and (guess in _AGENT_ACTS or guess in _ACTS):
                    return True
    return False


_DETERMINERS = {"the", "our", "my", "each", "every", "all", "their", "a", "an"}
# How the wish says it is done already: no "from the app" after it.
_CHANNEL = re.compile(r"\b(?:online|on ?line|(?:from|on|with|by) (?:their|the|a|his|her|your|my|our) (?:own )?"
                      r"(?:phones?|mobiles?|tablets?|laptops?|computers?|website|site|app)|by (?:text|sms|e-?mail|phone|"
                      r"whatsapp|post|card)|over the phone|via \w+|in the app|from the app)\b", re.IGNORECASE)


# Things whose names end as a person's does ("reminder", "weather", "counter").
THINGS_LIKE_PEOPLE = {"reminder", "order", "number", "letter", "poster", "sticker", "counter", "folder", "planner",
                      "tracker", "timer", "container", "trailer", "cooler", "heater", "marker", "printer", "scanner",
                      "computer", "register", "voucher", "banner", "ledger", "paper", "water", "weather", "header",
                      "footer", "filter", "flyer", "border", "buzzer", "finder", "calendar", "roster", "rota", "flower",
                      "power", "winter", "summer", "monitor", "meter", "centre", "center", "corner", "dinner", "tender",
                      "transfer", "layer", "chapter", "quarter", "charter", "error", "colour", "color", "sensor",
                      "indicator", "calculator", "generator", "elevator", "tractor", "mirror", "door", "floor", "event",
                      "payment", "charger", "recorder", "feeder", "cutter", "holder", "speaker", "slider", "reader",
                      "booker", "pointer", "starter", "opener", "viewer", "player", "keeper", "washer", "dryer",
                      "cooker", "mixer", "trimmer", "blower", "sprayer", "spreader", "walker", "runner", "planter",
                      "picker", "sweeper", "grinder", "boiler", "roller", "locker"} - {
                          "holder", "player", "keeper", "walker", "runner", "picker", "reader", "speaker", "booker",
                          "viewer", "washer"}
_OPENS_OBJECT = {"a", "an", "the", "this", "that", "these", "those", "each", "every", "all", "some", "any", "their", "his",
                 "her", "its", "my", "our", "your", "what", "which", "who", "whether", "if", "it", "them", "him", "me",
                 "us", "up", "out", "back", "off", "down"}


def _is_person(word: str) -> bool:
    if word in _PEOPLE:
        return True
    if word in _ACTS or word.removesuffix("s") in THINGS_LIKE_PEOPLE:
        return False
    return _agent(word) or bool(_NAMED_ENDING.match(word))


def _act(word: str, singular: bool) -> str:
    """The act a word says after someone ("order", "enters" → "enter", "reserves" → "reserve"), or ''."""
    if word in _ACTS:
        return word
    for base in ((word[:-1], word[:-2]) if word.endswith("es") else (word[:-1],) if word.endswith("s") else ()):
        if base in _ACTS:
            return base
    return ""


def _subject(lowered: list[str]) -> tuple[int, int]:
    """(where the word naming them is, how many words name who does something) at the wish's start ("customers",
    "members or their family", "the driver", "plot holders"), or (0, 0)."""
    at = 1 if lowered[:1] and lowered[0] in _DETERMINERS and len(lowered) > 2 else 0
    if lowered[at + 1:at + 2] and _is_person(lowered[at + 1]) and lowered[at].isalpha() and not _is_person(lowered[at]) \
            and lowered[at] not in _ACTS | _DETERMINERS:
        at += 1  # "Plot holders", "Crew members", "Dog owners": people named with what they hold
    if not lowered[at:at + 1]:
        return 0, 0
    if not _is_person(lowered[at]):
        # "Practitioner see it", "Officer checks the permit": a word that ends as a role does names someone only
        # when an act done to something follows it ("Cylinder return tracking", "Waiver signing before" do not).
        act = _act(lowered[at + 1], True) if lowered[at + 1:at + 2] else ""
        if not (_ROLE_ENDING.match(lowered[at]) and lowered[at].removesuffix("s") not in THINGS_LIKE_PEOPLE and act
                and lowered[at + 2:at + 3] and lowered[at + 2] in _OPENS_OBJECT):
            return 0, 0
    end = at + 1
    if lowered[end:end + 1] and lowered[end] in ("or", "and", "&"):
        step = end + 1 + (1 if lowered[end + 1:end + 2] and lowered[end + 1] in _DETERMINERS else 0)
        if lowered[step:step + 1] and _is_person(lowered[step]):
            end = step + 1
    return at, end


def _tail(rest: str, act: str, plural: bool) -> str:
    where = "" if _CHANNEL.search(rest) else " from the app"
    if act in _READS:
        return where
    return f"{where} and {'see' if plural else 'sees'} the result saved"


def doer_check(text: str) -> str | None:
    """The criterion of a wish that names who does it ("Customers order a tree online", "The driver reserves a
    seat"), or None."""
    words = " ".join(text.split()).rstrip(".").split()
    lowered = [w.lower().strip(",;:") for w in words]
    start, who = _subject(lowered)
    if who and len(words) > who:
        can = lowered[who] == "can" and len(words) > who + 1
        verb_at = who + 1 if can else who
        head = lowered[start]  # "Members or their family": as many as the members are
        singular = (head in _COLLECTIVE or not head.endswith("s") or head.endswith("ss")) and head not in _MANY
        said_as = lowered[verb_at]
        doing = said_as.endswith("ing") and not can
        act = _act(said_as, singular) or (_base_of(said_as) if doing else "")
        after = lowered[verb_at + 1] if len(words) > verb_at + 1 else ""
        joined = any(word in ("or", "and", "&") for word in lowered[:who])  # "Fixers or their helpers claim"
        if can or joined:
            acted = True
        elif doing:
            # "Customers booking a room online": doing it to something; "Rider tracking", "Waiver signing before they
            # arrive": a thing named.
            acted = after in _OPENS_OBJECT | {"yes", "how", "when", "where"} or after.endswith("ly")
        elif singular and said_as == act and lowered[0] not in _DETERMINERS:
            # "Client pick the style", "Manager approve": someone doing it, in Englishes that say it so; "Parent
            # queue position page", "Parent view of badges": a thing named for whom it is.
            acted = after in _OPENS_OBJECT or act not in NOUNS_TOO | _NAMES_TOO
        elif not singular and said_as != act:
            acted = False  # "Guest lists", "Reminder texts": a plural thing, no one doing anything
        else:
            # An act that is also a thing's name is the act only before what it is done to ("Parents order the
            # blocks", "Parents order by 8pm"), not in a thing's name ("Passenger list to print").
            acted = act not in NOUNS_TOO | _NAMES_TOO or after in _OPENS_OBJECT or (not singular and after in _OBJECT_OPENERS)
        if act and acted and act not in _GOING:
            names = [_lower_first(word) for word in words[:who]]
            if names[0] in ("my", "our"):
                names[0] = "the"
            elif names[0] not in _DETERMINERS and singular and head != "everyone":
                names.insert(0, "the")
            who_said = " ".join(names)
            rest = " ".join(words[verb_at + 1:])
            body = f"{act}{f' {rest}' if rest else ''}"
            return f"{who_said[:1].upper()}{who_said[1:]} can {body}{_tail(rest, act, not singular)}"
    return None


def wish_check(text: str) -> str | None:
    """The criterion of a wish said as a sentence, or None when the wish is a thing named (the caller's check)."""
    words = " ".join(text.split()).rstrip(".").split()
    if not words:
        return None
    if (said := doer_check(text)) is not None:
        return said
    lowered = [w.lower().strip(",;:") for w in words]
    first, after = lowered[0], (lowered[1:2] or [""])[0]
    rest = " ".join(words[1:])
    if first in _ACTS and first not in _GOING and after in _OPENS_OBJECT and len(words) > 1:
        # "Call the evening before to confirm", "Scan a QR sticker", "Tap what she sold": the act, said of the user.
        return f"A user can {first} {rest}{_tail(rest, first, False)}"
    if first.endswith("ing") and len(first) > 5 and (after in _OPENS_OBJECT | {"how"}) and len(words) > 1:
        # "Seeing your place on the list", "Claiming back what they spent": the act the doing is.
        act = _base_of(first)
        if act and act not in _GOING:
            return f"A user can {act} {rest}{_tail(rest, act, False)}"
    if first in ("whether", "if") and len(words) > 2:
        # "Whether they need the wheelchair lift": a choice a user says.
        return f"A user can say {' '.join(words).lower()[:1]}{' '.join(words)[1:]}{_tail(rest, 'say', False)}"
    return None


def _lower_first(word: str) -> str:
    """"Customers" → "customers"; a name with capitals inside ("WhatsApp", "NHS") kept."""
    return word[:1].lower() + word[1:] if word[1:] == word[1:].lower() else word


def _base_of(doing: str) -> str:
    """The act of a doing ("seeing" see, "claiming" claim, "booking" book, "taking" take, "putting" put), or ''."""
    stem = doing[:-3]
    for guess in (stem, f"{stem}e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
        if guess and guess in _ACTS:
            return guess
    return ""


_PARTICIPLE = re.compile(r"^\S+?s\s+(?:\w+ed|shown|made|done|sent|kept|paid|put|set|sold|given|taken|seen|known|"
                         r"going|coming|saying|booking|buying|asking)\b", re.IGNORECASE)


def plural_in_a_state(phrase: str) -> bool:
    """Whether the phrase names people or things in a state ("Results entered on the day", "Kids signed in by age
    group", "Bookings grouped by suburb"): a plural, with no "a" before it."""
    head = phrase.split()[0].lower() if phrase.split() else ""
    return bool(_PARTICIPLE.match(phrase)) and not head.endswith(("ss", "us", "is", "'s"))
