"""The wishes in an answer, one item each (split out of clues.py)."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.attributes import attributes_in_brackets
from pmtui.product.brains.offline.discovery.cues import (
    FEATURE_VERB,
    HEDGE_WORDS,
    HEDGED_FEATURE,
)
from pmtui.product.brains.offline.discovery.deferrals import each_waits, left_for_later
from pmtui.product.brains.offline.discovery.featureness import feature_like, vague_feature
from pmtui.product.brains.offline.discovery.held_list import choice_one_more, with_one_more
from pmtui.product.brains.offline.discovery.inventory import is_inventory
from pmtui.product.brains.offline.discovery.item_cues import (
    BUT_LATER,
    DEFERRED_TAIL,
    ITEM_LEAD,
    NICE_LEAD,
    NICE_TAIL,
    TODAYS_WAY,
)
from pmtui.product.brains.offline.discovery.lone_verbs import verbs_sharing_a_thing, with_their_object
from pmtui.product.brains.offline.discovery.pronoun_wishes import the_thing_meant
from pmtui.product.brains.offline.discovery.text import (
    clean,
    has_persona,
    norm,
)
from pmtui.product.rice import NICE_TO_HAVE_MARK, WAITS_MARK, feature_name

_CONDITIONAL_WISH = re.compile(
    r"^(?P<when>if|when|once)\s+(?P<cond>[^,]+?),?\s+(?:then\s+(?:it\s+|the app\s+)?|(?:it|the app)\s+)"
    r"(?P<act>(?:will\s+|should\s+)?\w+\b.*)$",
    re.IGNORECASE,
)


PRODUCT_NOUN = re.compile(r"^\s+(?:apps?|tools?|platforms?|software|systems?|websites?|sites?|bots?|portals?)\b",
                          re.IGNORECASE)


WISHLIST_ITEM_WORDS = 10


# Things a product does on their own ("list of drugs and alerts" is two items; "stock of kegs and bottles" is one).
_FEATURE_PLURALS = frozenset({"alerts", "reminders", "reports", "notifications", "invoices", "payments", "bookings",
                              "messages", "exports", "imports", "dashboards", "charts", "maps", "logs", "chats",
                              "comments", "ratings", "reviews", "badges", "receipts", "forms", "schedules", "rotas"})


_PEOPLE_PLURALS = frozenset({"users", "people", "customers", "clients", "members", "staff", "others", "folks", "kids",
                             "guests", "visitors", "buyers", "sellers", "owners", "workers", "drivers", "riders"})


# "…, alert when a vehicle doesnt remit. thats the main ones": what the founder says about the list is no item of it.
_REMARK = (r"(?:(?:that'?s|thats|that is|those are|these are|them'?s)\s+(?:(?:about|basically|really|pretty much)\s+)?"
           r"(?:it|all|everything|the lot|my list|(?:the|my)\s+(?:main|big|key|core|basic|important|top)\s+"
           r"(?:ones?|things?|features?|bits?|items?))|nothing else|the (?:main|big|key) ones?)\b[\s.!,]*"
           r"(?:for now|i think|really|honestly)?[\s.!]*$")


LIST_REMARK = re.compile(rf"^{_REMARK}", re.IGNORECASE)


TRAILING_REMARK = re.compile(rf"(?:[.,;!]\s*|\s+(?:and|so)\s+|\s+-+\s+){_REMARK}", re.IGNORECASE)


_WH_OBJECT = re.compile(r"^\s*(?:what|who|which|where|when|how)(?:'s|\s)\s*(?!do\b|does\b|did\b|can\b|could\b|would\b|should\b)",
                        re.IGNORECASE)


# "maybe a way to rate new routes? … could be gimmicky", "badges but that could be a gimmick", "a leaderboard, though
# that might be overkill": a doubt about the wish before it, which makes it a nice-to-have; never a wish of its own.
_DOUBT = re.compile(r"(?:(?:,?\s+(?:but|though|tho|although)|[,;])\s+|^\s*(?:(?:but|though|tho|although)\s+)?)(?:(?:that|it|this|which)\s+)?(?:could|might|may|would|will)\s+"
                    r"be\s+(?:a\s+)?(?:bit\s+|little\s+|too\s+|kinda\s+|kind of\s+)?(?:gimmick(?:y)?|overkill|too much|a stretch|excessive|"
                    r"silly|over the top|unnecessary|pointless|a faff|faff|naff|cheesy)\s*[.!]*$", re.IGNORECASE)


_DOING_WORDS = (r"(?:add|take|track|record|log|send|share|post|create|book|schedule|remind|notify|alert|find|search|export|view|see|"
          r"check|request|invite|chat|rate|review|pay|show|list|get|let|keep|mark|print|message|text|email|upload)")


_DICTATED_NEXT_WISH = re.compile(r"(?<=[a-z])\s+(?=(?:and\s+)?(?:maybe|perhaps|possibly|ideally)\s+" + _DOING_WORDS + r"\b)|"
                                 r"\b(?P<end>themselves|themself|myself|yourself|online|too|first|as well|instantly)\s+(?="
                                 + _DOING_WORDS + r"\b)", re.IGNORECASE)


_SEEING = re.compile(r"\b(?:see|sees|check|checks|know|knows|show|shows|view|views|find out|track|tracks|tell|tells)\b",
                     re.IGNORECASE)


# Two single ways said as a pair: "cash or mpesa", "morning or evening", "in person or online".
_EITHER_WAY = re.compile(r"\s*(?:(?:either|whether)\s+)?(?:in\s+)?[\w-]+\s+or\s+[\w-]+\s*[.!]*\s*", re.IGNORECASE)
# "invoices, receipts or quotes" lists things; "sms", "gps" and "ios" are no plurals.
_PLURAL_THING = re.compile(r"(?!(?:sms|mms|gps|ios|bus|gas|plus)$)[a-z-]{2,}[^s]s")


def _a_doing(item: str) -> bool:
    """An item that says what someone does ("treasurer marks who paid", "book a slot"), not a thing's name alone."""
    return bool(FEATURE_VERB.match(item.strip())) or len(item.split()) >= 3


_WHAT_IT_HOLDS = re.compile(r"^(?P<item>(?:an?|one)\s+[^:,.;]{3,80}?):\s+(?P<parts>[^:.;]+?)\s*\.?$", re.IGNORECASE)


def _holds_in_brackets(match: re.Match[str]) -> str:
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", match.group("parts")) if p.strip()]
    if len(parts) < 2 or any(len(p.split()) > 4 or FEATURE_VERB.match(p) for p in parts):
        return match.group(0)
    return f"{match.group('item')} ({', '.join(parts)})"


_PHASE_TAIL = re.compile(r"\s+(?:to|in|into|for|as part of)\s+(?:the\s+)?(?:phase\s*[1-9]|v[1-9]|version\s*[1-9]|mvp|"
                         r"first version|first release)\W*$", re.IGNORECASE)
_HOW_MANY_SO_OFTEN = re.compile(r"^(?:about|around|roughly|some|over|nearly|maybe|like|up to|almost|approx\.?)\s+\d[\d,.]*\+?(?:\s+[a-z'-]+)"
                                r"{1,2}\s+(?:a|per|each|every)\s+(?:day|week|month|year|night|season|term|weekend)$",
                                re.IGNORECASE)
_SOME_OF_US = re.compile(r"^(?:the\s+|all\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+of\s+us\s+(?!can\b)\w+",
                         re.IGNORECASE)


def feature_items(text: str) -> list[str]:
    """Split 'post a shift, swap with one tap and get approval' into short feature names."""
    # "A site checklist the customer fills in when booking: power within 20 metres, flat lawn, gate width": one item and
    # what it holds, as a list in brackets would say it.
    text = _WHAT_IT_HOLDS.sub(_holds_in_brackets, text.strip())
    # "Playtesting for indie games: session recording, comments, …": the title before the colon is not an item.
    text = left_for_later(each_waits(re.sub(r"^[^:,.;]{3,60}:\s+(?=[^:]*,)", "", text.strip())))
    # "one app that does the bookings, the deposits, the crew roster": what the app does is the list, not an item.
    text = re.sub(r"^(?:(?:.*?\b)?(?:an?|one|the|my)?\s*app\s+(?:that|which)\s+)?(?:does|handles|manages|covers)\s+"
                  r"(?=(?:the|all the|my|our)\s[^,]+,)", "", text, flags=re.IGNORECASE)
    # "stock per van. jobs list. quote txt. invoice": a terse list said in short sentences.
    notes = re.split(r"\.\s+", text.rstrip(". "))
    if len(notes) >= 3 and all(0 < len(n.split()) <= 5 for n in notes):
        text = ", ".join(notes)
    text = TRAILING_REMARK.sub("", text)
    text = attributes_in_brackets(text)
    # "A status per fridge (full, empty, dirty, broken)": a list in brackets says what one item holds.
    text = re.sub(r"\(([^()]*)\)", lambda m: "(" + re.sub(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", "/", m.group(1)) + ")",
                  text)
    text = re.sub(r"\b(drag) and (drop)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    # "morning and evening", "in and out": one time or one motion, not two items.
    text = re.sub(r"\b(morning|day|in|on|up|back|check) and (evening|night|out|off|down|forth)\b", r"\1-and-\2", text,
                  flags=re.IGNORECASE)
    text = re.sub(r"\b(pen) and (paper)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    # Dictated, with no commas: "book a slot themselves see my free times and send them a reminder the day before
    # maybe take a deposit as well": a new wish starts at a hedge before a doing, or at a doing right after words
    # that end one ("themselves", "online", "as well").
    text = _DICTATED_NEXT_WISH.sub(lambda m: f"{m.group('end') or ''}, ", text) if "," not in text else text
    # "sign up and profile" is one row, as the template names it.
    text = re.sub(r"\b(sign[- ]?up|log[- ]?in) and (profiles?|log[- ]?in|accounts?)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    # "a booking calendar that shows how many chairs and canopies are free": the "and" inside a relative clause joins
    # the subject of its verb, not two items.
    text = re.sub(r"(\b(?:that|which|who|whose|where|how many|how much|what)\b[^,;]*?\b\w+) and (\w+(?:\s+\w+)?)"
                  r"(?=\s+(?:are|is|were|was|have|has|had|get|got|go|went|come|came|need|needs|can|could|will|would|"
                  r"should|must|may|might)\b)", r"\1-and-\2", text, flags=re.IGNORECASE)
    # "seat counts that the agents can see and book against": two verbs after the clause's modal are its one doing.
    text = re.sub(r"(\b(?:that|which|who)\b[^,;]*?\b(?:can|could|will|would|should|must|may|might)\s+\w+) and (\w+)",
                  r"\1-and-\2", text, flags=re.IGNORECASE)
    text = verbs_sharing_a_thing(text)
    text = re.sub(r"\b(search) and (filter)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    # "paid and unpaid list", "read and unread": a word and its opposite share the noun after them.
    text = re.sub(r"\b(\w+) and ((?:un|non-?|in|dis)\1)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    # Names that hold an "and": "click and collect", "before and after photos", "lost and found".
    text = re.sub(r"\b(click|before|lost|buy|cash|park|pick|question|trial|pay|rock) and (collect|after|found|sell|carry|"
                  r"ride|mix|answer|error|display|roll)\b", r"\1-and-\2", text, flags=re.IGNORECASE)
    # "a service slot online instead of turning up and being told to come back": what it replaces is no item.
    text = re.sub(r"\s+(?:instead of|rather than)\s+[^,;.]*", "", text, flags=re.IGNORECASE)
    # "Weigh and note the waste": two verbs sharing one object are one item.
    # "Oh and maybe a weather thing": a filler and a hedge are no verbs.
    text = re.sub(r"(^|,\s*)(?!(?:oh|ah|so|ok|okay|yeah|yes|well|um|uh|hmm|but|then|also|plus|and)\b)(\w+) and "
                  r"(?!(?:maybe|perhaps|possibly|probably|also|then|ideally|later)\b)(\w+)"
                  r"(?= (?:the|a|an|their|your|my|our|it|them)\b)", r"\1\2-and-\3", text, flags=re.IGNORECASE)
    pieces = re.split(
        # ", n a gallery of my work": txt-speak "n" after a comma is "and".
        # "…and notification when delivered. Also maybe payment online": a new sentence opening on "also" is a new item.
        r",\s*(?:and|or|plus|n)\s+|,\s*|\s+and\s+(?:also\s+)?|\s+plus\s+|\s+as well as\s+|\s*&\s*|\s+\+\s+|;\s*|"
        r"[.!]\s+(?=(?i:also|and|plus|oh and|maybe|and maybe|also maybe|oh,? and)\b)", text
    )
    # "the monthly log the inspector asks for, as a PDF": a manner or a place after a comma belongs to the item.
    joined: list[str] = []
    for piece in pieces:
        if joined and re.search(r"\bof\s+\w+s$", joined[-1].strip(), re.IGNORECASE) and re.fullmatch(
            r"\s*\w+s\s*", piece
        ) and not FEATURE_VERB.match(piece.strip()) and piece.strip().lower() not in _FEATURE_PLURALS:
            # "stock of kegs and bottles": one stock of two things.
            joined[-1] = f"{joined[-1].rstrip()} and {piece.strip()}"
            continue
        if joined and _WH_OBJECT.match(piece) and (FEATURE_VERB.match(joined[-1].strip()) or _SEEING.search(joined[-1])):
            # "see which walls are open today and what's new": a wh-clause is the verb's second object (alone, it was
            # read as a question and dropped).
            joined[-1] = f"{joined[-1].rstrip()} and {piece.strip()}"
            continue
        held = (with_one_more(joined[-1], piece) or choice_one_more(joined[-1], piece)) if joined and not FEATURE_VERB.match(
            piece.strip()) and (piece.strip().lower() not in _FEATURE_PLURALS) else None
        if held:
            # "credit book with customer name and phone", "the order with the menu, the number of persons and the
            # date": what the one item holds (held_list).
            joined[-1] = held
            continue
        if joined and re.search(r"\b(?:on|at|by|via|for|in|from)\s+[\w'-]+$", joined[-1].strip(), re.IGNORECASE) and re.fullmatch(
            r"\s*[\w'-]+\s*", piece
        ) and not FEATURE_VERB.match(piece.strip()) and piece.strip().lower() not in _FEATURE_PLURALS:
            # "a waybill the driver signs on pickup and return", "reminders by SMS and email": one item, two occasions.
            joined[-1] = f"{joined[-1].rstrip()} and {piece.strip()}"
            continue
        if joined and re.match(r"^\s*(?:(?:even|especially|also)\s+)?(?:as an?|via|by|in|with|without|on|at|per)\b", piece,
                               re.IGNORECASE) and len(piece.split()) <= 5:
            joined[-1] = f"{joined[-1]} {piece.strip()}"
        elif joined and _EITHER_WAY.fullmatch(piece) and not FEATURE_VERB.match(piece.strip()) and _a_doing(joined[-1]) and not any(
                _PLURAL_THING.fullmatch(word) for word in re.findall(r"[\w-]+", piece.lower())):
            # "treasurer marks who paid each evening, cash or mpesa", "book a slot, morning or evening": the two ways
            # the item before it is done, no wish of its own.
            joined[-1] = f"{joined[-1].rstrip()} ({piece.strip(' .!')})"
        else:
            joined.append(piece)
    items: list[str] = []
    for piece in joined:
        deferred = DEFERRED_TAIL.search(piece) or BUT_LATER.search(piece) or _DOUBT.search(piece)
        nice = NICE_LEAD.match(piece.strip())
        tail = NICE_TAIL.search(piece)
        if nice:  # the hedge word marks it a nice-to-have, as "maybe" does
            piece = f"{piece.strip()[nice.end():]} maybe"
        elif tail and piece[: tail.start()].strip():
            piece = f"{piece[: tail.start()]} maybe"
        if TODAYS_WAY.match(piece.strip()):
            # "i want app to see shift and swap, now we use zalo group": what they use today is no wish.
            continue
        if deferred and not piece[: deferred.start()].strip(" ,.;"):
            # "a training log, not urgent": the remark alone, after the comma, is about the item before it.
            if items and NICE_TO_HAVE_MARK not in items[-1]:
                items[-1] = f"{items[-1]} {NICE_TO_HAVE_MARK}"
            continue
        if deferred:
            piece = f"{piece[: deferred.start()]} maybe"  # the hedge word marks it a nice-to-have, as "maybe" does
        item = clean(piece)
        conditional = _CONDITIONAL_WISH.match(item)
        if conditional:
            # "if nobody has ticked by lunchtime it texts the family": the wish is what it does, and when.
            item = f"{conditional.group('act')} {conditional.group('when').lower()} {conditional.group('cond')}"
        # "deposits to cut no-shows" is a thing and its purpose; "nurses to swap" drops the people (below).
        thing_to = re.match(r"^([a-z]+s)\s+to\s+", item, re.IGNORECASE)
        if thing_to and not has_persona(thing_to.group(1)) and thing_to.group(1).lower() not in _PEOPLE_PLURALS:
            item = f"{thing_to.group(1)}\x00{item[thing_to.end(1):]}"
        item = re.sub(
            r"^(?:(?:it|they|users?|people|you|we|i|nurses|\w+s)\s+(?:can|could|should|will|would)\s+)?"
            # A light noun before the doing is no part of its name: "a way to pay online", "a place to leave reviews",
            # "somewhere to upload photos", "an easy way of tracking who paid", "something to remind them".
            r"(?:also\s+)?(?:be able to|the ability to|ability to|(?:(?:an?|some|one)\s+)?(?:(?:easy|easier|quick|quicker|"
            r"simple|simpler|proper|better|single|safe|central)\s+)?(?:way|place|spot|means)\s+(?:to|of)\s+(?=\w)|"
            r"somewhere\s+(?:to|for\s+(?:\w+\s+){1,2}?to)\s+|something\s+to\s+(?=\w)|an option to|"
            r"option to|being able to|let (?:the |a |an )?(?:\w+ )?|allow (?:\w+ ){0,2}to|help (?:\w+ ){0,2}(?:to )?|"
            # "nurses to swap" drops the people; "SMS to farmer" is the wish itself.
            r"(?:users|people|them|me|us|you|(?!(?:sms|mms|texts|emails|alerts|notifications|reminders|messages|updates|"
            r"nudges|pings|calls|invites|links|offers)\b)[a-z]+s) to\s(?!(?:whoever|everyone|anyone|the|a|an|all|each|every)\b))?",
            "",
            item,
            flags=re.IGNORECASE,
        ).strip()
        item = item.replace("\x00", "")
        # "I'd love them to be able to see the van coming": after the people, what they can do.
        item = re.sub(r"^(?:be|being)\s+able\s+to\s+(?=\w)", "", item, flags=re.IGNORECASE)
        item = ITEM_LEAD.sub("", item).strip()
        # "my stock with prices", "my tita sees the list on a tablet": the founder's own thing, or someone of theirs seeing it.
        item = re.sub(r"^(?:my|our)\s+(?=[a-z]+\s+(?:with|of|per)\s|[a-z]+\s+(?:sees|gets|receives|checks)\s)", "", item,
                      flags=re.IGNORECASE)
        # "can pay by PayNow", "must show the fee": a wish with its subject dropped, as many Englishes say it;
        # "it syncs with Kronos": the product as the subject of what it does.
        item = re.sub(r"^(?:can|could|must|should|will|also can)\s+(?=\w)", "", item, flags=re.IGNORECASE)
        # "I get a reminder until it's fixed": what the founder receives, said in the first person.
        # "…and she gets a list of what to bag up on Friday": the same, said about the person it is for.
        item = re.sub(r"^(?:i|we)\s+(?=(?:get|receive|see)\b)", "", item, flags=re.IGNORECASE)
        # "…and she gets a list of what to bag up on Friday": what the person it is for receives.
        item = re.sub(r"^(?:she|he|they)\s+(?:gets?|receives?)\s+(?:(?:a|an|the)\s+)?", "", item, flags=re.IGNORECASE)
        item = re.sub(r"^(?:it|the app|the tool|this)\s+(?=\w+s\b)(?!is\b|has\b|was\b|does\b)", "", item,
                      flags=re.IGNORECASE)
        # "…so they know", "…which is slow" explain; "see in which minute the players leave" is the item itself.
        # "know which drugs are expiring", "see which vans are late": after a verb of knowing, "which" asks what.
        # "a calendar of dates with which helper is going where": after "with", "which" says what the row shows.
        item = re.sub(r"(?<!\bin)(?<!\bat)(?<!\bon)(?<!\bof)(?<!\bwith)(?<!\bknow)(?<!\bsee)(?<!\bshow)(?<!\btell)(?<!\bcheck)"
                      r"(?<!\bfind)(?<!\bpick)(?<!\bchoose)(?<!\bdecide)(?<!\btrack)(?<!\bflag)(?<!\blearn)"
                      r"(?<!\bnotice)(?<!\bshowing)(?<!\bshows)\s+(?:so|because|which|since)\s+.*$", "", item, flags=re.IGNORECASE)
        item = re.sub(r"\s+(?:too|as well|also)$", "", item, flags=re.IGNORECASE)
        # "a map of jobs maybe": the hedge is no part of the name (the item is marked a nice-to-have below).
        item = re.sub(r"\s+(?:(?:too|as well|also)\s+)?(?:maybe|perhaps|possibly|eventually|someday|one day|if possible)"
                      r"\s*[.!?]*$", "", item, flags=re.IGNORECASE)
        item = item.replace("-and-", " and ")
        # "who's paid the entry fee", "who owes what": a list item that names whom to see is a list to see.
        # "who is owing list" is the list of who is owing.
        item = re.sub(r"^(who(?:'s|\s+(?:has|have|is|owes|paid|did|didn'?t|hasn'?t)\b).*?)\s+(list|report|screen|board|view)$",
                      r"\2 of \1", item, flags=re.IGNORECASE)
        if re.match(r"^who(?:'s|\s+(?:has|have|is|owes|paid|did|didn'?t|hasn'?t)\b)", item, re.IGNORECASE) and not feature_like(item):
            item = f"See {item}"
        hedged = HEDGED_FEATURE.match(item)
        if hedged:
            item = hedged.group("x")
        # "Add low-stock alerts to phase 1": where it goes is no part of its name; a later phase marks it so.
        phased = _PHASE_TAIL.search(item)
        if phased and item[: phased.start()].strip():
            later = not re.search(r"1|mvp|first", phased.group(0), re.IGNORECASE)
            item = item[: phased.start()].strip() + (f" {WAITS_MARK}" if later else "")
            item = re.sub(r"^(?:(?:please\s+)?(?:add|include|put)\s+)?(?:an?\s+|the\s+)?(?=\w)", "", item, flags=re.IGNORECASE)
        # The wishlist keeps the founder's words ("report issues with photos"); the table shortens names.
        item = feature_name(item, WISHLIST_ITEM_WORDS)
        if len(item) < 3 or vague_feature(item) or not feature_like(item):
            continue
        if hedged or HEDGE_WORDS.search(re.sub(r"^\s*(?:[-*\u2022>]+|\d+[.)])\s+", "", piece)):
            item = f"{item} {NICE_TO_HAVE_MARK}"
        if norm(item) in {"etc", "more", "stuff", "things", "other stuff", "and more", "so on"} or LIST_REMARK.match(item):
            continue
        if _HOW_MANY_SO_OFTEN.match(item) or _SOME_OF_US.match(item):
            # "…: three of us go to the patients' homes, about 90 visits a week": how big the work is, and who does it,
            # after a colon that named the business, not things to build.
            continue
        items.append(item[0].upper() + item[1:])
    return [] if is_inventory(items) else the_thing_meant(with_their_object(items))
