"""The cues of a wishlist item itself (split from cues.py): a product followed by its list, answers that are a
target, a price or a team rather than wishes, the founder's own deferral after an item ("but that can wait"), today's
way said inside a list, the fillers before an item's name, a wish hedged as nice-to-have, and "all of it" said as a
wish.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.dialect import INTENSIFIER, WAIT_TAIL
from pmtui.product.brains.offline.discovery.story_told import STORY_TOLD

# "Software for dog walkers: scheduling, GPS walk reports and invoicing" — the product, then what it does.
PRODUCT_COLON_LIST = re.compile(
    r"\b(?:app|application|software|tool|platform|service|product|system|bot|website|portal|marketplace|"
    r"features?|mvp|version)\b[^:.;]{0,80}:\s*(?P<items>[^:]+,[^:]+)$",
    re.IGNORECASE,
)


# Asked what it should do, an answer that is plainly a target, a price or a team is not a wishlist:
# "500 completed walks in the first 3 months", "Schools would pay $3 per teacher", "Just me, 4 weeks".
COUNTED_NOT_WISHED = (
    re.compile(
        r"^\s*(?:about\s+|around\s+|at least\s+)?\d[\d,.]*%?\s+\w+(?:\s+\w+){0,4}?\s+(?:in|within|by|after)\s+"
        r"(?:the\s+)?(?:first\s+|next\s+)?(?:\d+\s+)?(?:days?|weeks?|months?|years?|quarters?|term|season|launch)\b",
        re.IGNORECASE,
    ),
    # A price: "Rs 299 per month", "Per student per year, Rs 200" — but "max 2 per month" in a feature is a rule.
    re.compile(r"\b(?:would|will|could)\s+pay\b|[$€£₹₦₱]\s?\d[\d.,]*\s*(?:per|a|an|/)\s+\w+|"
               r"^[^,]{0,25}\bper\s+(?:\w+\s+)?(?:month|year|seat)\b|"
               r"\b(?:rs|inr|ksh|kes|ugx|ngn|gh₵)\.?\s?\d|\b\d[\d,.]*\s*(?:rs|rupees|naira|shillings|pesos|cedis)\b",
               re.IGNORECASE),
    re.compile(
        r"\b(?:just me|only me|solo|me and|\d+\s+(?:devs?|developers?|engineers?|people)|team of \d+)\b.*"
        r"\b\d+\s*(?:weeks?|wks?|months?)\b",
        re.IGNORECASE,
    ),
    STORY_TOLD,  # "Someone messages on Thursday, it scrolls away…": a story of today.
)


# "a training log but thats not urgent", "exports, not a must", "a map though that can wait": the founder's own
# deferral after an item is no part of its name, and makes the item a nice-to-have.
DEFERRED_TAIL = re.compile(
    r"(?:^\s*|\s*,\s*|\s+-+\s+|\s+)(?:(?:but|though|tho|although)\s+)?(?:(?:that|thats|that's|it|its|it's|this|"
    r"(?:this|that) one(?:'s)?|which)\s+"
    r"(?:is\s+|isn'?t\s+|can\s+|could\s+|would\s+)?)?(?:(?:really|probably|definitely|honestly)\s+)?"
    r"(?:not\s+(?:(?:that|so|too)\s+)?(?:urgent|a must|essential|critical|a priority|important|needed|necessary|pressing)"
    r"(?:\s+(?:yet|now|right now|at first))?|not\s+(?:the|a|our|my)\s+(?:top\s+|main\s+)?(?:priority|focus|main thing)|"
    r"not\s+(?:for\s+)?now|not yet|not for (?:v1|the mvp|the first version|phase 1)|(?:just\s+)?(?:an?\s+)?nice[- ]to[- ]have|(?:can|could)\s+"
    rf"(?:{INTENSIFIER}\s+)?wait{WAIT_TAIL}|"
    # "a penalty for late payers can come later", "exports can go in phase 2", "badges could follow in v2".
    rf"(?:can|could|will|should|may)\s+(?:{INTENSIFIER}\s+)?(?:come|go|be added|be done|happen|follow)\s+(?:in\s+)?"
    r"(?:later(?:\s+on)?|afterwards|after(?:\s+launch)?|phase\s*[23]|v2|version\s*2|a later (?:phase|version)|"
    r"the (?:next|second) (?:phase|version|release))|"
    r"(?:a\s+)?(?:low|lower)\s+priority|for later|later on|"
    # "…, but that's secondary", "though it's optional": a lesser wish in the founder's own word.
    r"(?:(?:more\s+of\s+)?(?:an?\s+)?(?:secondary|optional|bonus|extra|stretch goal|nice extra)(?:\s+(?:thing|one|feature))?))"
    r"\s*[.!]*$",
    re.IGNORECASE,
)
# "also maybe salary calculate but later": "later" alone after "but" defers too.
# "…, but later", and as many Englishes say it: "pero later na lang" (Taglish), "but later only", "later lah".
BUT_LATER = re.compile(r"(?:^|\s+)(?:but|though|tho|maybe|probably|pero|pero mamaya|tapos)\s+(?:only\s+|much\s+)?later(?:\s+on)?"
                       r"(?:\s+(?:na\s+)?(?:lang|lng|nalang|only|lah|la|one|je|ja))?\s*[.!]*$", re.IGNORECASE)
# "now we use zalo group", "currently they use excel": today's way, said inside a list of wishes.
TODAYS_WAY = re.compile(r"^(?:(?:and|but|so)\s+)?(?:(?:now|right now|currently|today|at the moment|at present|for now)\s*,?\s+"
                         r"(?:we|they|i|everyone|staff|people)|"
                         # "Most use paper agendas or generic software", "most clinics still use WhatsApp": today's way.
                         r"(?:most|many|some|all)(?:\s+of\s+(?:them|us|the\s+[a-z]+s)|\s+(?:[a-z]+\s+)?[a-z]+s)?"
                         r"(?:\s+(?:still|just|currently|now))?)\s+"
                         r"(?:use|uses|are using|is using|using|rely on|do it (?:on|in|with|by))\b",
                         re.IGNORECASE)
# "oh and maybe a training log": the leading fillers and hedge words of a wishlist item, before its name.
ITEM_LEAD = re.compile(r"^(?:(?:oh|and|also|plus|so|then|maybe|perhaps|possibly|probably|ideally|to|a|an|the|"
                       # "First is customer list…", "secondly…", "after that…": the order of the list, not the item.
                       r"firstly|first(?=\s*(?:is\b|,|:|one\b|of all\b|thing\b))(?:\s+(?:is|one|of all|thing))?|secondly|"
                       r"second(?=\s*(?:is\b|,|:))(?:\s+is)?|thirdly|third(?=\s*(?:is\b|,|:))(?:\s+is)?|next|"
                       r"finally|lastly|after that|"
                       # "maybe later a thing to see what sells the most", "down the line something to print receipts": when
                       # it may come (the item is marked a nice-to-have by it) and a thing-word before the doing.
                       # "eventually all the clubs in the province" is how far it spreads (SCALE_AMBITION), kept whole.
                       r"(?:later(?:\s+on)?|down the line|eventually|someday|some day|one day(?=\s+(?:a|an|some)\b)|"
                       r"in (?:the )?future)(?!\s+(?:every|all|each|the whole|everyone|everybody|other|more)\b)|(?:some\s*)?thing\s+(?:to|that|which)(?=\s+\w)|feature\s+(?:to|that)(?=\s+\w)|"
                       # "a way for us PTA lot to add donations", "an easy place for coaches to log scores": what they
                       # do is the wish.
                       r"(?:some\s+)?(?:(?:easy|easier|quick|quicker|simple|better|proper|fast|single)\s+)?(?:way|place|means|spot|"
                       r"somewhere)\s+for\s+[\w' -]{1,40}?\s+to(?=\s+\w)|"
                       # "One ledger showing who paid", "one small loyalty points": "one" as the article, as Indian
                       # English says it ("one-tap", "one place for everything" keep theirs).
                       r"one(?=\s+(?!(?:tap|click|time|page|stop|off|day|week|month|year|place|screen|button|shot|way|to|"
                       r"of|more|by|or|per)\b)\w+\s+\w+)(?:\s+(?:small|little|simple|basic))?)\b[\s,:]*)+",
                       re.IGNORECASE)
# "it'd be lovely to have a honey harvest tracker": the wish after the hedge, a nice-to-have.
NICE_LEAD = re.compile(r"^(?:(?:and|also|oh)\s+)*(?:(?:it'?d|it would|would|it will|it'?ll|will)\s+)?(?:also\s+)?be\s+"
                       r"(?:really\s+|so\s+|very\s+)?"
                       r"(?:lovely|nice|great|cool|good|handy|brilliant|fab|ace|amazing|sweet)\s+"
                       # "it would be nice if the drivers get a receipt on WhatsApp": what they would get is the wish.
                       r"(?:to have|if (?:we|it|they) (?:had|could have|got)|if (?:the\s+)?[\w'-]+\s+(?:get|got|could get|had)|"
                       # "It would also be nice to send reminders before class": the doing is the wish.
                       r"to(?:\s+be\s+able\s+to)?(?=\s+(?!be\b|have\b)[a-z]+(?:\s+\w|\W*$)))\s+",
                       re.IGNORECASE)
# "deposits would be nice too", "a loyalty card would be handy as well": the wish before the hedge, a nice-to-have.
NICE_TAIL = re.compile(r"\s+(?:would|'d|will|could|might)\s+be\s+(?:an?\s+)?(?:(?:really|so|very|quite|pure|absolute|absolutely|total)\s+)?"
                       r"(?:lovely|nice|great|cool|handy|brilliant|fab|ace|amazing|sweet|useful|bonus|plus|gold|golden|magic|class|"
                       r"deadly|lush|ideal|perfect|fantastic|awesome|wonderful|dream|godsend|game[- ]changer|dead brilliant|"
                       r"mint|wicked|legend(?:ary)?)(?:\s+to\s+have)?(?:\s+(?:too|as well|also|tbh|honestly|later(?:\s+on)?|one day|"
                       r"eventually|down the line|in (?:the )?future|someday))*\s*[.!]*$", re.IGNORECASE)
ALL_OF_IT = re.compile(
    r"^(?:(?:to|and|also|just)\s+)*(?:(?:manage|run|organi[sz]e|handle|control|sort out|digitali[sz]e)\s+(?:their|the|my|our|your|a|"
    r"his|her)\s+(?:whole\s+|entire\s+|small\s+)?(?:business|shop|store|work|stuff|things|life|company|operations?)|"
    r"everything\s+(?:inside|in|on)\s+(?:one|a single|the same)\s+(?:app|place|platform|tool)|(?:an?\s+)?all[- ]in[- ]one(?:\s+(?:app|"
    r"platform|tool|place))?|one app for (?:everything|all of it))\s*[.!]*$", re.IGNORECASE)
