"""Cue phrases per discovery aspect (strong cues claim a clause; weak ones only confirm the asked aspect),
and the patterns of corrections, fillers, hedges and summary-card replies.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.how_it_must_be import LIMIT_SAID, WANTED_BY
from pmtui.product.brains.offline.discovery.lexicon import MONTHS, NUMBER

# Topics that blur into each other in real answers (a pain often names today's workaround).
TIMELINE_ONLY = re.compile(
    r"(in|within|have|got|about|next|only|just|under|max(imum)?|build it in|ship it in|launch in|done in)\s+.*"
    r"(weeks?|months?|wks?)|\d+[- ](week|month)",
    re.IGNORECASE,
)

PROBLEM_STRONG = re.compile(
    # "the drivers aren't the problem" says where the problem is not; "What kills him is stock" says where it is.
    r"\b(struggl\w*|hard (to|for)|difficult|problem is|(?<!n't )(?<!not )the problem|main problem|kills? (?:him|her|them|me|us)|biggest problem|pain\w*|"
    r"waste\w*|wasting|endless|can'?t|cannot|unable to|frustrat\w*|annoy\w*|hate[sd]?|tedious|time[- ]consuming|"
    r"takes? (forever|hours|ages|days|too long|way too long)|los(?:e|es|ing|t) track|los(e|es|ing) "
    r"(money|time|hours|customers|clients)|forget\w*|miss(es|ed|ing)?|chao(s|tic)|mess(y)?|error[- ]prone|mistakes?|overwhelm\w*|stress\w*|no way to|"
    r"hassle|headache|nightmare|too (expensive|slow|complicated|hard)|confus\w*|scattered|never know|"
    # "stock is always a mission" (South Africa), "ordering is a proper schlep", "it's a faff": a chore said as one.
    r"(?:is|are|'s|was) (?:always |such |a real |a proper |a total |a bit of )?(?:a |an )?(?:mission|schlep|faff|"
    r"battle|grind|pain in the \w+)|"
    # Found out too late: "he only finds out the bread is finished when a customer asks", "we run out of buns".
    r"(?:only|just) (?:find|finds|found|finding) out|(?:don'?t|doesn'?t|never) (?:find|finds) out (?:until|till)|"
    r"(?:run|runs|ran|running) out of (?!time\b)|out of stock|"
    r"don'?t know (when|where|which|who|how|what)|nobody knows|falls? through the cracks|drown\w*|"
    r"burn(ed|t)? out|burnout|keep (losing|missing|forgetting)|(?:too|so) much time|"
    r"(?:am|is|are) not (?:finding|getting|able)|not able to|"
    # "the admin go crazy", "it drives us nuts", "we're going mad with it".
    r"go(?:es|ing)? (?:crazy|mad|nuts|bananas)|drives? (?:\w+ )?(?:crazy|mad|nuts|up the wall)|"
    # Things that collide or go astray, and the people they upset: "double bookings happen like twice a month and
    # people get shirty", "the cheques go missing", "two parties turned up on the same saturday".
    r"double[- ]?book\w*|over[- ]?book(?:ed|ing|ings)|mix[- ]?ups?|muddl\w*|kerfuffle|palaver|wahala|"
    r"(?:go(?:es)?|went|gone) (?:missing|astray|wrong)|(?:get|gets|got|getting) (?:lost|mixed up|"
    r"shirty|cross|angry|upset|annoyed|narked|irate|fed up)|fed up|cheesed off|turn(?:s|ed)? up (?:on|at) the same|"
    # A glut with nowhere to go: "way too many zucchinis in Feb and nobody to give them to", "half of it gets binned".
    r"(?:way |far )?too (?:many|much) (?!time\b)[\w'-]+|(?:nobody|no one|no-one|nowhere) to (?:give|send|sell|pass|take|"
    r"put|swap|share)|(?:thrown|chucked|binned|tossed) (?:out|away)|gets? (?:binned|chucked|thrown out|thrown away)|"
    r"go(?:es)? in the (?:bin|compost|skip|trash)|end(?:s|ed)? up in the (?:bin|compost|skip|trash))\b",
    re.IGNORECASE,
)

PROBLEM_WEAK = re.compile(
    r"\b(problem|issue|need|needs|slow|manual(ly)?|expensive|hard|painful|tired)\b", re.IGNORECASE
)

ALTERNATIVES_STRONG = re.compile(
    r"\b(today,? (they|we|people|most|users|everyone|it)|currently|right now (they|we|people|it'?s|he|she|everyone|everybody|most)|"
    r"at the moment|instead,? (they|we|people)|(they|we|i|she|he|people|most|some|a few|others|many|everyone|users|nurses|teams?) "
    r"(just |mostly |usually |still |all )?(use|using|rely on|relies on|resort to|fall back on|"
    r"cobble|track (it|them|everything) (in|on|with)|do it (by hand|manually|in)|hack)|existing "
    # "the running order has to be redone by hand every time": work done again is the pain, not today's way.
    r"(tools?|apps?|solutions?|products?)|competitors?|competition|workarounds?|(?<!\bredone )(?<!\bredo it )(?<!\bre-done )by hand|"
    r"(text|message|call|email)(ing|s)? (each other|around|the (whole|entire) \w+|everyone|back and forth)|"
    r"\w+ (?:today|nowadays|these days)\W*$|"
    r"calling around|ask(ing)? (around|neighbou?rs|friends|family|colleagues|on \w+)|nothing (exists|out there|good)|there'?s nothing|no (good )?(tool|app|solution) "
    r"(exists|for)|alternatives?)\b",
    re.IGNORECASE,
)

ALTERNATIVES_WEAK = re.compile(r"\b(use|using|manually|now|today|instead|usually)\b", re.IGNORECASE)

# "…, so he keeps a list in his notes app", "… and the groomer keeps everything in a paper diary": where the work is
# kept today, told inside the pain without a cue word (only after the pain: a sentence that opens with it is told whole).
KEPT_IN_A_TOOL = re.compile(
    r"^(?:he|she|they|we|i|the \w+) (?:just |still |all )?(?:keeps?|writes?|notes?|logs?|puts?|records?|jots?|marks?|"
    r"enters?) (?:it |them |everything |a list |the \w+ |(?:it |them |everything )?down )?(?:in|on|into) "
    r"(?:a|an|his|her|their|my|our|the|one) (?:[\w-]+ ){0,2}?"
    r"(?:app|diary|notebook|book|spreadsheet|sheet|excel|whiteboard|calendar|paper|notes|ledger|register|logbook|notepad)\b",
    re.IGNORECASE,
)

# "the council is moving the routes to online booking from next April": someone else's change, with when it starts.
# Not "we're moving to Android by March": the founder's own plan is a constraint.
DATED_CHANGE = (
    r"(?<!\bwe )(?<!\bwe)(?<!\bi )(?<!\bi)(?:is|are|'s|'re) (?:moving|switching|changing|being moved|making [\w-]+|"
    # "margaret is off to her daughters in spain for 3 months in january": the one who keeps it all is leaving.
    r"off|leaving|retiring|stepping down|going away|emigrating|away|on leave) "
    r"[^.;]{0,80}?\b(?:from|by|starting|"
    r"as of|in) (?:next (?:year|month|spring|summer|autumn|fall|winter|season|term|" + MONTHS + r")|" + MONTHS
    + r"|20\d\d)"
)

WHY_NOW_STRONG = re.compile(
    # "the grant is the reason we can do this now": what makes it possible now, said outright.
    r"\breason (?:we|i|it) can (?:do|build|start|afford|try) (?:this|it|that) now\b|"
    r"\b(now that|recent(ly)?|these days|nowadays|trend\w*|more and more|increasingly|rise of|rising|"
    r"regulat\w*|new laws?|since (the|covid|20\d\d|last)|because of (the )?(new|recent|ai|covid|rise)|"
    r"post[- ]covid|after covid|pandemic|shift(ed|ing)? (to|towards)|for the first time|finally "
    r"(possible|cheap|affordable|good enough)|(is|are) (growing|booming|exploding)|has grown|have grown|"
    # "Nigerian weddings are getting bigger", "phones are getting cheaper": a change still going on.
    r"(?:is|are|'re|'s) getting (?:bigger|cheaper|more \w+|popular|common|expensive|easier|stricter)|"
    + DATED_CHANGE + r"|"
    # "UPI has become so common that customers expect …": something that became normal lately.
    r"(?:has|have) become (?:so |very |really |much )?(?:common|popular|normal|standard|cheap|universal|everywhere|"
    r"mainstream)|"
    # "the padlock codes are never changed" tells of no change.
    # "the energy bills went through the roof", "rents have doubled": a cost that jumped.
    r"(?:went|gone|shot|have gone|has gone) (?:up|through the roof)|through the roof|doubled|tripled|quadrupled|"
    r"cost[- ]of[- ]living|inflation|"
    r"sky-?rocket\w*|soar(?:ed|ing)|"
    # "orders get changed late and by text": what keeps happening to things is no change in the world.
    r"grew|(has|have) changed|(?<!never )(?<!not )(?<!n't )(?<!never been )(?<!not been )(?<!\bget )(?<!\bgets )"
    r"(?<!\bgetting )(?<!\bgot )changed|cheaper than ever|"
    r"(llms?|ai|gpt|chatgpt) (make|makes|made|now|"
    r"can)|thanks to (ai|llms?)|window|timing|just (launched|passed|released)|this year|last year)\b",
    re.IGNORECASE,
)

WHY_NOW_WEAK = re.compile(r"\b(because|since|now|ai|llms?|gpt|today|moment|time is|ready)\b", re.IGNORECASE)

# Not right after an amount or the unit a price is said in ("R3,500 including …", "£80 a term including …", "1,200
# baht including …"): one fixed-width look-behind per unit.
_PRICE_UNITS = ("day", "night", "week", "month", "term", "year", "season", "hour", "head", "person", "kid", "child",
                "session", "class", "lesson", "visit", "trip", "ride", "tour", "rental", "hire", "each", "baht", "rand",
                "pounds", "quid", "euros", "dollars", "bucks", "bob", "naira", "cedis", "rupees", "pesos", "ringgit",
                "shillings", "dirhams", "yen", "rupiah", "dong", "taka", "kwacha")
_AFTER_NO_PRICE = r"(?<![\d%]\s)(?<![\d%])" + "".join(rf"(?<!\b{unit}\s)" for unit in _PRICE_UNITS)

FEATURE_TRIGGER = re.compile(
    # "It would be great if parents could see the bus on a map", "it'd be nice if drivers could mark a stop done": a
    # wish said as how good it would be; what they could do is the item.
    r"\b(?:it\s*(?:would|'d|will|'ll)\s+be|would\s+be|it'?s|that'?d\s+be)\s+(?:(?:really|so|super|well|dead|pure)\s+)?"
    r"(?:great|nice|good|amazing|brilliant|lovely|ideal|helpful|handy|useful|cool|awesome|perfect|class|magic|grand|"
    r"deadly|fab|fantastic|ace)\s+(?:if|when)\s+(?:(?:the|our|my|all|every|each)\s+)?(?:[\w'-]+\s+){0,3}?(?:could|can|"
    r"would|were able to|was able to|got to|get to)(?: also)?(?: be able to)?\s+|"
    # "more often than I'd like to admit": a comparison, no wish.
    r"\b(?:i (?:really )?want(?: it)?(?: to)?|(?<!than )i'?d (?:like|love)(?: it)?(?: to)?|(?<!than )i would (?:like|love)"
    r"(?: it)?(?: to)?|we (?:want|need)(?: it)?(?: to)?|we'?d like(?: it)?(?: to)?|it (?:should|must|"
    r"needs to|will|would|could|has to)(?: also)?(?: be able to)?|(?:the )?(?:app|tool|product|platform|"
    r"system|bot) (?:should|must|will|would|could|needs to)(?: also)?(?: be able to)?|(?:users?|people|"
    r"they|you|customers|members) (?:can|could|should|will|would)(?: be able to)?|be able to|"
    r"^(?:also,? |please |and )?(?:add|include)|(?:key|core|main|must[- ]"
    r"have) features?(?: are| would be| include)?:?|features?(?: would be| are| include| like)?:|"
    r"must[- ]haves?(?: are)?:?|must have|needs? to have|with features like|features like|things like|"
    # "R3,500 including alterations", "£80 a term including the badge": what a price covers, no wish.
    + _AFTER_NO_PRICE + r"including)\s+|"
    # Said without a subject: "want something where folk can see whats free and book it", "need a way to…".
    r"^(?:(?:so|and|but|just|really|basically|honestly)\s+)*(?:want|need|after|looking for)\s+(?:something|a thing|"
    r"a way|some way|an? (?:app|tool|site|website|system|place))\s+(?:where|that|to|so|which)\s+"
    r"(?:(?:folks?|people|users|everyone|anyone|they|you|we|i)\s+(?:can|could)(?: be able to)?\s+)?",
    re.IGNORECASE,
)

# People "will" or "would" do things in stories too ("clients say they will pay next week"): with a
# question on the table, only these say what the product should do.
WEAK_TRIGGER = re.compile(r"^(?:users?|people|they|you|customers|members) (?:will|would)\b", re.IGNORECASE)

IDEA_FEATURE = re.compile(
    r"\b(?:app|application|tool|platform|service|website|site|bot|product|saas|marketplace|extension|"
    r"plugin|system|dashboard|software|assistant|api|portal|tracker)\b(?:\s+for\s+[^,.;]+?)?\s+"
    r"(?:that|which|to|where|so)\s+(?:(?:lets?|helps?|allows?|enables?)\s+(?:[\w-]+\s+){0,3}?(?:to\s+)?)?"
    r"(?P<feature>[^.;!]+)",
    re.IGNORECASE,
)

SUCCESS_STRONG = re.compile(
    # "success for me would be every family … within a week": who it is success for may come in between.
    r"\b(success (?:for (?:me|us|them) )?(means|is|would be|will be|looks like|=)|we'?ll know|i'?ll know|measured?\b|measures\b|metrics?|kpis?|"
    r"north star|retention|retain(ed)?|churn|mau|dau|wau|mrr|arr|nps|conversion|activation)\b",
    re.IGNORECASE,
)

METRIC_NOUN = re.compile(
    r"\b(users?|customers?|sign[- ]?ups?|downloads?|installs?|subscribers?|paying|active|sessions?|"
    r"bookings?|orders?|transactions?|swaps?|shifts?|invoices?|matches?|revenue|mrr|arr|retention|churn|"
    r"mau|dau|wau|nps|conversion|hours saved|time saved|per (day|week|month)|weekly|monthly|daily|a week|"
    r"a month|a day|teams?|companies|clients|hospitals|stores|accounts|%|percent)\b",
    re.IGNORECASE,
)

SUCCESS_WEAK = re.compile(
    r"\b(users?|growth|engagement|adoption|usage|success|goal|target|saved?)\b", re.IGNORECASE
)

# "200 studios … in the first 6 months" or "60% retention": a count with a horizon is a success target.
_HORIZON = (
    r"(?:in|within|by|after|over|during)\s+(?:the\s+)?(?:first\s+|next\s+)?(?:\d+|a|one|two|three|four|six|"
    r"nine|twelve)\s*(?:weeks?|months?|quarters?|years?)\b|(?:after|post)[- ]launch|by (?:the )?end of|"
    r"(?:in|within|during|over|by the end of)\s+(?:the\s+)?first\s+(?:week|month|quarter|year|season|term)\b|"
    # "10 concessions in the second summer", "30 renters paying after the first season": a season counted.
    r"(?:in|within|during|after|by)\s+(?:the\s+)?(?:first|second|third|1st|2nd|3rd)\s+(?:season|summer|winter|year)\b|"
    # "by next season", "by the summer", "by June": a date founders plan by.
    r"\bby\s+(?:next|this|the(?:\s+end\s+of(?:\s+the)?)?)\s+(?:season|year|summer|winter|spring|autumn|fall|term|"
    r"semester|christmas|quarter)\b|"
    # "30 salons by summer", "50 farms by dec": the season or the month said bare.
    r"\bby\s+(?:summer|winter|spring|autumn|fall|christmas|easter|diwali|eid|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b|"
    r"\bby\s+(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|christmas|easter)\b"
)

COUNT_WITH_HORIZON = re.compile(
    # "half the clubs in Cork using it by next season": a share of them counts like a number.
    r"(?:" + NUMBER + r"|\b(?:half|a third|a quarter|two thirds|three quarters|most|every one) of|\bhalf)\s*\+?\s+"
    r"(?:[a-z-]+\s+)?(?P<noun>[a-z-]+s)\b.*?(?:" + _HORIZON + r")", re.IGNORECASE
)

PERCENT_TARGET = re.compile(
    r"\d+(?:\.\d+)?\s*(?:%|percent)\s+(?:[\w-]+\s+){0,3}?(?:retention|retained|conversion|activation|churn|"
    r"of (?:users|customers|testers|players|studios|teams|\w+s)\b)|"
    # "cut waste cost by 20%", "down 50%", "15 restaurants paying": a target even without the word "success".
    r"\b(?:cut|reduce|lower|increase|raise|grow|improve|bring)\w*\b[^.;]{0,40}?\bby\s+\d+(?:\.\d+)?\s*(?:%|percent)|"
    r"^\s*-\d+(?:\.\d+)?\s*(?:%|percent)|\b\d[\d,]*\s+(?:[a-z-]+\s+)?(?:paying|active)\b",
    re.IGNORECASE,
)

# The founder's currency: a symbol or code before the digits (R299, KSh 500, GH₵ 60, RM25, S$9, Rs 200), or a word
# after them (299 rand, 5000 naira, 500 shillings).
CURRENCY_BEFORE = (r"(?:[$€£₱₹₦₵¥₩₺₴₪฿]|\b(?:R|N|Rs\.?|KSh|Ksh|Sh|GH₵|GHS|RM|Rp|S\$|A\$|NZ\$|C\$|HK\$|US\$|J\$|"
                   r"TT\$|USD|EUR|GBP|ZAR|NGN|KES|INR|PKR|PHP|MYR|SGD|AUD|CAD|JMD|TTD|UGX|TZS|"
                   # The other ISO codes founders price in: "LKR 3,500 to Negombo", "IDR 25,000 a block".
                   r"LKR|IDR|THB|VND|BDT|NPR|EGP|AED|SAR|QAR|OMR|BRL|MXN|COP|ARS|CLP|PEN|CNY|JPY|KRW|TRY|XOF|XAF|RWF|"
                   r"ZMW|MWK|ETB|BWP|NAD|MZN|BBD|XCD|BZD|GYD|NZD|HKD|TWD|CHF|SEK|NOK|DKK|PLN|CZK|HUF|RON|ILS|MAD|TND))")
CURRENCY_AFTER = (r"(?:dollars|bucks|euros?|pounds|quid|usd|eur|gbp|pesos|rupees|rand|naira|shillings|bob|cedis|"
                  r"ringgit|rupiah|yen|won|lira|dirhams?|riyals?)")
PRICE = re.compile(
    r"(?:" + CURRENCY_BEFORE + r"\s?\d[\d,.]*\s*(?:k\b)?(?:\s*(?:/|per|a|an|each)\s*(?:month|mo|year|yr|annum|user|"
    r"seat|week|transaction|invoice|nurse|member|team|location|booking|order|use))*|\b\d[\d,.]*\s*k?\s*"
    + CURRENCY_AFTER + r"\b(?:\s*(?:/|per|a|an)\s*\w+)*)",
    re.IGNORECASE,
)

# No money from anyone: a tool for the founder's own business ("no one pays, its for my own business", "nobody pays
# for the app, its just for my bakery", "it's only for our own shop", "internal use only").
NOBODY_PAYS = (r"(?:won'?t|wouldn'?t|will not|would not|can'?t|cannot|doesn'?t|don'?t|do not|does not)\s+pay\s+for\s+(?:an?\s+|the\s+|"
               r"this\s+|such an?\s+)?(?:app|it|this|software|tool|system|subscription)|free for now|for now,?\s+(?:it'?s\s+|it is\s+)?"
               r"free|"
               r"(?:nobody|no ?one|no-one|none of them)\s+(?:pays?|is paying|will pay|would pay|has to pay|needs to pay)"
               r"(?:\s+(?:for\s+)?(?:it|this|the app|the tool|anything))?|"
               r"(?:it'?s|its|it is|this is|that'?s)\s+(?:just\s+|only\s+|purely\s+|all\s+)?(?:for|4)\s+(?:my|our)\s+own\s+"
               # "it's for our own studio", "for my own practice": whatever the founder runs.
               r"(?!(?:phones?|devices?|laptops?|cars?|vans?)\b)[a-z][a-z-]{2,}|"
               r"(?:internal|in-house|own)\s+use(?:\s+only)?|internal tool|"
               # "We'd charge nothing extra", "we're not charging for it": no money from the users.
               r"(?:we'?d|we would|we will|we'?ll|i'?d|i would|i will|i'?ll)\s+charge\s+nothing|charg(?:e|ing)\s+nothing|"
               r"(?:not|never)\s+charging\s+(?:for\s+(?:it|this|the app)|anyone|anybody|them|users|customers|parents|members)")

REVENUE_STRONG = re.compile(
    r"^\W*free\b(?=\s*[,.;!]|\s+(?:for|to start|at first|initially|until|now)\b)|"
    r"\b(subscriptions?|subscribe|freemium|free (tier|plan|version|trial)|for free|free to use|free for "
    # "I see who is free to cover": free to do something is time on someone's hands, not the price.
    r"now|(be|is|stay|keep it) free(?!\s+to\s+(?!(?:use|start|download|join|sign|try|install|access)\b)\w)|premium|pro (plan|tier|version)|paid (plan|tier|version|app)|"
    r"one[- ]time (payment|purchase|fee|price)|lifetime (deal|license)|licen[cs](e|es|ing)|commission|"
    r"take rate|transaction fees?|fee per|per[- ]seat|per[- ](user|nurse|member|location|invoice)|"
    # "ads booked on paper, missed on air": ads that are the product's own business, not a way to make money.
    r"ads(?!\s+(?:booked|missed|played|slots?|sold|got|go|went|are|were))|"
    r"advert\w*(?<!advertiser)(?<!advertisers)|ad[- ]supported|sponsor\w*|affiliate|in[- ]app purchases?|pay[- ]per[- ]use|"
    r"usage[- ]based|charg(e|es|ing) (a |an |per |each |users|customers|clients|them|for |monthly|yearly|\$|\d)|"
    # "be able to pay in the app", "tap to pay": how people pay is a feature, not who pays how much.
    r"pric(e|es|ing)|monetiz\w*|monetis\w*|(?<!\bable )(?<!\btap )(would|will|to|willing to) pay(?!\s+(?:in|on|through|via|"
    r"with|by|online|in-app)\b)|"
    r"pay (for|us|a|per|monthly|yearly|annually)|donations?|enterprise (plan|deal|contracts?)|"
    # "or the association pays for all 40 teams": a body that pays for its members is who pays.
    r"(?:association|club|league|council|school|federation|union|society|committee|charity|trust|employer|company|"
    r"board|district|government|ministry|church|parish)s? (?:might |would |could |will |may )?"
    r"pays? for (?:all|every|each|the|our|their|them|it|everyone|everybody)|"
    r"b2b sales?|sell (it )?to|licen[cs]e (?:it|this|the app|the software)(?: to| out)?|"
    # "its free for the station", "it's a charity, no money", "we wont charge the crew": no money from the users.
    r"(?:it'?s|its|it is|it will be|it'?ll be) (?:totally |completely |just |all )?free(?! (?:time|slots?|space|text|form|hand))|"
    r"(?:it'?s|its|it is|we'?re|we are|this is) (?:a |all )?(?:charity|non[- ]?profit|not[- ]for[- ]profit)|"
    r"(?:won'?t|wont|will not|not going to|never) charge|no charge|free of charge|" + NOBODY_PAYS + r")\b",
    re.IGNORECASE,
)

# "They will pay next week", "clients pay 60 days late": a debt being paid, not how the product makes money.
DEBT_PAYMENT = re.compile(
    # "someone always forgets to pay", "half of them forget to pay their subs": money owed, a problem.
    r"\bforg[eo]t\w*\s+to\s+pay\b|"
    r"\b(?:will|would|should|to|never|don'?t|doesn'?t|didn'?t)\s+pay\s+(?:me\s+|us\s+|you\s+|them\s+)?(?:back\s+)?"
    r"(?:next (?:week|month)|later|tomorrow|on time|late|soon|eventually|back|in \d+ days)\b|"
    r"\bpa(?:y|ys|id|ying)\s+(?:\d+\s*(?:days?|weeks?)\s+)?late\b|"
    # "the advertiser refuses to pay", "shops won't pay without proof": a refusal, which is a problem.
    r"\brefus\w*\s+to\s+pay\b|\b(?:won'?t|wont|will not|would not|wouldn'?t)\s+pay\s+(?:without|unless|until|if)\b|"
    # "not one would pay a commission", "none of them will pay for it": what people refused, not the price.
    r"\b(?:not one|not a single one|none|nobody|no one|not many)\s+(?:of them\s+)?(?:would|will|wants? to|is going to|is willing to)\s+"
    r"(?:ever\s+)?pay\b|"
    # "some owners use the Busseat site but they say the commission is too much": a complaint about another's fee.
    r"\b(?:the|their|its|his|her)\s+(?:commission|fees?|cut|charges?)\s+(?:is|are|was|were)\s+(?:way\s+|far\s+)?too\s+"
    r"(?:much|high|big|steep|dear|expensive)\b",
    re.IGNORECASE,
)

# "three of us sit in the clubhouse counting coins": people in a story of today, not the team that builds.
_OF_US_STORY = (r"\s+(?:\w+\s+)?(?:sit|sat|stand|stood|go|went|count|counted|spend|spent|meet|met|turn up|play|played|sing|"
                r"walk|walked|drive|drove|volunteer|volunteered|do the|did the|take turns|run the|ran the)\b")
# "Solo mobile mechanics and 2-3 van outfits": "solo" before the people who work alone says who, not the team.
_SOLO_PEOPLE = r"\s+(?:[\w-]+\s+){0,2}[\w-]+(?:ers|ors|ists|ians|ics|ants|ents|ees)\b"
# Who builds it and when, said of the founder's own people (the family's coder, a friend who helps).
BUILDER_SAID = (
    # "My nephew studies computer science, he can help in the evenings for about six weeks": who builds it, and when.
    r"(?:nephew|niece|son|daughter|cousin|brother|sister|friend|neighbou?r|husband|wife|partner|uncle|aunt|mate|colleague|"
    r"he|she|they)\b[^.;]{0,60}?\b(?:can|could|will|would|is going to|has offered to|offered to)\s+(?:help|code|build|program|"
    r"develop|make|do|write)\b[^.;]{0,40}?\b(?:evenings?|weekends?|nights?|part[- ]time|vacations?|holidays?|"
    r"for (?:about |around |maybe )?"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (?:weeks?|months?))|"
    # "my daughter is doing IT at uni", "my nephew studies computer science": the family's coder, who will build it.
    r"(?:my|our)\s+(?:nephew|niece|son|daughter|cousin|brother|sister|husband|wife|partner|friend)\s+(?:is\s+)?(?:studies|studying|"
    r"does|doing|is doing|works? in|working in|codes|coding|is into)\s+(?:a\s+)?(?:it|computer science|cs|software|programming|"
    r"coding|web design|computer engineering)"
)

CONSTRAINTS_STRONG = re.compile(
    r"\b((?:i'?m|i am|we'?re|we are|work(?:ing)?|build(?:ing)?|do(?:ing)? (?:it|this))\s+(?:\w+\s+)?"
    r"(?:alone|by myself|on my own|solo)|solo(?! (?:indie|devs?|developers?|founders?|parents?|travell?ers?|"
    r"practitioners?|owners?|\w+ers\b))(?!" + _SOLO_PEOPLE + r")|just me|only me|one[- ]person|team of \w+|"
    # A team is small: "2 devs" builds it, "100 devs" use it and "5-20 people" is a customer's size.
    # "…the same seat is sold to two people": a count after a preposition is no team.
    r"(?<![\d-])(?<!\bto )(?<!\bfor )(?<!\bbetween )(?<!\bby )(one|two|three|four|five|six|[1-9]|1[0-2]) "
    r"(devs?|developers?|engineers?|people|persons?|co-?founders?)\b"
    r"(?! (?:running|using|use|who|that|sign|pay))|"
    r"part[- ]time|nights and weekends|evenings|side project|budget|bootstrapp\w*|no funding|self[- ]funded|"
    # "CalMac has its own system but the wee operators can't afford that": why a product is not used, no budget.
    r"can'?t afford(?!\s+(?:that|it|them|this|those|these|one)\b)|no money|deadline|launch by|"
    + WANTED_BY + r"|ship by|live by|ready by|by (the )?(end of|q[1-4]|"
    + MONTHS
    + r"|summer|winter|spring|fall|autumn|christmas)|(in|within|have|got|about|next|only|"
    r"just|under|max(imum)?|build it in|ship it in|launch in|done in)\s+(\d+|a few|few|a couple of|"
    r"couple of|one|two|three|four|five|six|eight|ten|twelve)\s*(-\s*)?(weeks?|months?|wks?)\b(?! of "
    r"launch| after launch)|\d+[- ](?:weeks?|wks?|months?)(?! (?:of launch|after launch|later|ago))|"
    # The builders, as founders say them: "two of us", "me and my nephew", "me plus one friend".
    r"(?:just |only )?(?:the )?(?:two|three|four|five|2|3|4|5) of us(?!" + _OF_US_STORY + r")|(?:just |only )?me (?:and|plus|\+) (?:my |a |an |one |"
    r"our )?(?:\w+ ){0,2}(?:friend|pal|bro|cousin|brother|sister|son|daughter|nephew|niece|partner|co-?founder|mate|"
    r"flatmate|housemate|girlfriend|boyfriend|wife|husband|colleague|developer|dev|coder|engineer|intern)s?\b|me only|myself only|must (run|work) on|has to (run|work|be) on|needs to "
    r"(run|work) on|only (on )?(ios|android|web|mobile|desktop)|(ios|android|web)[- ]only|hipaa|gdpr|"
    r"soc ?2|complian\w*|privacy|on[- ]prem\w*|must integrate|has to integrate|legacy|tech stack|"
    r"react native|flutter|django|rails|no[- ]code|"
    # "has to be dead simple on a phone, some grandparents drive too": how easy it must be is a limit, not a wish.
    r"(?:has|have|needs?|got) to be (?:dead |really |super |very |so |stupidly |idiot[- ])?(?:simple|easy|accessible|"
    r"usable) (?:on|for|enough)\b|" + LIMIT_SAID + r"|" + BUILDER_SAID + r")\b",
    re.IGNORECASE,
)

CONSTRAINTS_WEAK = re.compile(
    r"\b(weeks?|months?|must|only|limited|ios|android|web|mobile|desktop|offline|team|time|money|cost)\b",
    re.IGNORECASE,
)

TARGET_EXPLICIT = re.compile(
    r"\b(?:(?:our|my|the|main|primary|ideal|first|core) )?(?:target (?:users?|audience|market|customers?)|"
    r"(?:users?|customers?|audience|buyers?|clients?|persona|hirers?|renters?|tenants?|guests?|members?)) "
    r"(?:are|is|would be|will be|should be)\s+"
    r"(?P<who>.+)$|\b(?:aimed at|targeted at|targeting|designed for|built for|made for|meant for|intended "
    r"for|geared (?:towards?|at)|catering to|for people like|it'?s for|its for|this is for|is for|are for|"
    r"mainly for|mostly for|primarily for|specifically for|only for|just for)\s+(?P<who2>.+)$",
    re.IGNORECASE,
)

# "…or the association pays for all 40 teams": what is paid for is no one it is for.
FOR_PERSONA = re.compile(r"(?<!\bpay )(?<!\bpays )(?<!\bpaid )(?<!\bpaying )\bfor\s+(?P<who>[^,.;:!()]+)", re.IGNORECASE)

# "A marketplace where busy dog owners book walkers": the people in an idea's relative clause.
WHERE_PERSONA = re.compile(
    r"\b(?:app|application|marketplace|platform|tool|service|site|website|place|system|portal)\s+"
    r"(?:where|in which|so that|that lets|which lets|letting|allowing)\s+(?P<who>[^,.;:!()]+)",
    re.IGNORECASE,
)
HELPS_PERSONA = re.compile(r"\b(?:helps?|lets?|allows?|enables?)\s+(?P<who>[^,.;:!()]+)", re.IGNORECASE)


FILLER_PREFIX = re.compile(
    # "i said na, the christmas rush", "i told u already, just me": pointing back at an earlier answer.
    r"^(?:(?:i (?:already )?(?:said|told (?:you|u)|mentioned)(?: (?:na|nga|already|before|earlier|above))*(?=\s*[,:;.-])|"
    r"right now|at the moment|currently|like i said|as i said|like i told you|as i mentioned|i told you|again|"
    r"well|so|um+|uh+|hmm+|ok(?:ay)?|yeah|yes|yep|yup|right(?:o|y-?o)?|sure|honestly|basically|actually|i mean|"
    # "ja the diary and whatsapp": yes in South African, German and Dutch mouths, and other Englishes' fillers.
    r"ja|jah|ya|yah|yebo|aye|och(?: aye)?|eish|ag|lah|leh|sha|abeg|ehn|ehen|oya|jare|haba|pues|bueno|o sea|este|entonces|mira|oye|pos(?=\s*,)|"
    r"bon|alors|also|but|though|tho|although|however|"
    r"i think|i guess|i believe|i suppose|i'?d say|i would say|probably|maybe|perhaps|like|oh|ah|"
    r"to be honest|tbh|good question|great question|let me think|hm|mostly|mainly|primarily|"
    r"definitely|obviously|of course|i'?m not sure but|not sure,? but|"
    # "hmm dunno really, maybe if most of it goes…": the doubt before a guess is no part of it ("dunno, just always
    # been bad" is no answer at all).
    r"(?:i\s+)?(?:dunno|don'?t know|do not know|not (?:really\s+)?sure|no idea)(?:\s+really)?(?=\s*[,;:.!-]\s*(?:maybe|perhaps|probably|possibly|i guess|i suppose|i'?d say)\b)|"
    # "aye just that, the paper list and the phone": agreeing with the PM's guess before the answer.
    r"(?:just|exactly) that(?=\s*[,;:.!-])|that'?s (?:it|right)(?=\s*(?:[,;:.!-]|(?:tbh|really|honestly|mate|lol|though|tho|but)\b))|"
    r"pretty much(?=\s*[,;:.!-])|"
    # "Both are problems no? Calling is…": a nod to the items just named, before the founder says them again.
    r"(?:both|all)(?: of (?:them|those|these|the above))?(?: (?:are|is) (?:problems?|true|right|bad|issues?))?(?: really)?"
    r"(?: no| na| lah| eh| ne)?(?=\s*[,;:.!?-])|"
    r"spot on(?=\s*[,;:.!-])|(?:looks?|sounds?) (?:right|good|great|fine|ok(?:ay)?|grand)(?=\s*[,;:.!-]+\s*\w))\b[\s,:;.!-]*)+",
    re.IGNORECASE,
)

# The question repeated before the answer, as people do when they notice they answered another one: "sorry, who —
# it's for the parent volunteers", "oh the problem — Jo never knows…", "oh what it does — Jo logs…"; and "you know what,".
REPAIR_LEAD = re.compile(
    r"^(?:(?:sorry|oh|ah|right|ok(?:ay)?|hmm+)[\s,]*)*(?:(?:who|what it does|the problem|why now|the money|the price|the team|"
    r"the limits)\s*(?:[\u2014\u2013]|--?|$)\s*|you know what,\s*)",
    re.IGNORECASE,
)

_OF_WHAT = (r"(?!\s+(?:who|what|which|when|where|whether|if|how many|how much)\s+(?!to\s+(?:say|tell|answer|put|write|"
            r"do\s*$))\w+\s+\w)")
UNCERTAIN = re.compile(
    # "we don't know who took what", "nobody has any idea which van is late": not knowing something is the pain, no
    # shrug; "I don't know what to say" still is one.
    r"\b(not sure|unsure|no idea" + _OF_WHAT + r"|idk|i don'?t know" + _OF_WHAT + r"|dunno|don'?t know" + _OF_WHAT +
    r"|no clue|hard to say|it depends|no s[eé]|ni idea|"
    r"je ne sais pas|keine ahnung|"
    r"depends|who knows|haven'?t thought|not yet|tbd|n/?a|not decided|undecided|no plan yet|"
    r"whatever|anything|everything|good question|hmm+|kind of|sort of|i guess)\b",
    re.IGNORECASE,
)

GENERIC_AUDIENCE = re.compile(
    r"^(?:(?:all|most|many|lots of|a lot of|the|any|all kinds of|all sorts of|normal|regular|ordinary|"
    r"general|basically|literally|pretty much|really|just)\s+)*(?:everyone|everybody|anyone|anybody|"
    r"people|users|customers|consumers|humans|folks|persons|individuals|the public|general public|"
    r"the world|the market|businesses|companies|all ages|someone|somebody)(?:\s+(?:really|basically|in "
    r"general|out there|i guess|honestly|everywhere|of all ages|(?:who|that) (?:has|have|uses?|wants?|needs?|"
    r"owns?) (?:a |an |the )?\w+|with (?:a |an |the )?\w+))?$",
    re.IGNORECASE,
)

GENERIC_LEAD = re.compile(
    r"^(?:people|someone|folks|anyone|users|customers)\s+(?:like\s+(?:me|us|myself)|similar to me)\b[^,]*,",
    re.IGNORECASE,
)
# "anyone who sends invoices", "everybody with a phone": everyone, whatever follows.
UNIVERSAL_AUDIENCE = re.compile(
    # "everyone on mobile money now", "everybody on whatsapp these days": what everyone does now is a change, not nobody.
    r"^(?!.*\b(?:now|these days|nowadays|anymore|since)\b)"
    r"(?:(?:basically|literally|pretty much|really|just|i guess|like)\s+)*(?:anyone|everyone|anybody|everybody|"
    r"all (?:people|users|humans|kinds of people)|any (?:person|user|one))\b"
    # "everyone who has a phone" names nobody; "everyone orders by whatsapp now since covid" says what changed.
    r"(?:[\s,]+(?:who|that|with|in|at|on|from|of|really|basically|i guess|honestly|really|any|all|else)\b(?:\s+\S+){0,8})?\W*$",
    re.IGNORECASE,
)
# The pitch sentence of a first message, the one worth quoting back.
PITCH = re.compile(
    r"\b(?:want|going|plan(?:ning)?|hope|trying|like)\s+to\s+(?:build|make|create|do|launch|start)\b|"
    r"\b(?:i'?m|we'?re|i am|we are)\s+(?:building|making|creating)\b|"
    r"\b(?:app|tool|platform|marketplace|service|software|website|product)\b",
    re.IGNORECASE,
)

PERSONA_QUALIFIER = re.compile(
    r"^\s*,\s*(?:usually|typically|mostly|mainly|generally|often|normally|many of them|most of them|"
    r"all of them|some of them)\b[^.;!?]*",
    re.IGNORECASE,
)

# "A leaderboard would be fun", "maybe a social feed": the user's own hint that it is not essential.
HEDGED_FEATURE = re.compile(
    r"^(?:maybe |perhaps |possibly |ideally |and maybe )?(?:a |an |the |some )?(?P<x>.+?)\s+(?:would|could|might)"
    r" be (?:really |pretty |so |very )?(?:fun|nice|cool|neat|great|awesome|a bonus|a plus|good)"
    r"(?: to have)?$",
    re.IGNORECASE,
)

HEDGE_WORDS = re.compile(
    r"^\s*(?:and\s+)?(?:maybe|perhaps|possibly|optionally|eventually|someday|some day|later|down the line|"
    r"in (?:the )?future|one day(?=\s+(?:a|an|some|we)\b))\b|\bnice[- ]to[- ]have\b|"
    r"\bif (?:there'?s|we have) time\b|\bwould be (?:fun|nice|cool)\b|"
    # "also a map of jobs maybe": the hedge said after the item.
    r"\s(?:maybe|perhaps|possibly|eventually|someday|one day|if possible)\s*[.!?]*\s*$",
    re.IGNORECASE,
)

# A feature starts with what it does or what it is; never with a pronoun or a connective.
NOT_FEATURE_LEAD = re.compile(
    # "…, who owes money, …" in a list of things to build is the list of who owes: a row, not a relative clause.
    r"^(?:they|them|their|we|our|us|i|my|me|he|she|his|her|it|its|it's|this|that|these|those|which|"
    r"who(?!\s+(?:owes?|paid|pays|has(?:n'?t| not)? paid|is (?:coming|in|out|free|on|off|late|due)|came|booked)\b)|"
    r"there|here|what|when|where|if|because|since|so|but|or|is|are|was|were|everyone|everybody|nobody|"
    r"someone|people|you|your|can|could|will|would|not|nor)\b(?!-)|"
    # "it should be for the club secretaries": who it is for, not what it does.
    r"^be\s+(?:for|about|aimed at|used by|built for|made for)\b|"
    # Attitudes are not features: "can actually trust", "love it", "afford it".
    r"^(?:\w+\s+)?(?:trust|trusts|love|loves|like|likes|enjoy|afford|believe|feel|feels|hate|hates)\b",
    re.IGNORECASE,
)

FEATURE_VERB = re.compile(
    r"^(?:add|track|record|log|send|share|post|create|book|schedule|remind|notify|alert|flag|find|search|"
    r"filter|sort|group|tag|export|import|sync|upload|download|view|see|compare|match|approve|request|"
    r"invite|chat|comment|rate|review|pay|split|plan|suggest|recommend|reduce|avoid|prevent|detect|fix|"
    r"collect|capture|organi[sz]e|manage|edit|reply|vote|leave|build|generate|summari[sz]e|show|list)\b",
    re.IGNORECASE,
)

NOT_A_FEATURE = re.compile(
    r"^(?:to )?(?:make money|charge|be free|cost|launch|ship|go live|have \d|get \d|reach|hit|grow|run on|"
    r"change (?:this|that|it|direction|my mind|the idea|the target|tack)|pivot|rethink|"
    r"work on|be (?:built|ready|done|live|on|in|under|hipaa|gdpr|compliant|cheap|free|offline|light|lightweight|"
    r"fast|small|simple|secure|easy|accessible|reliable|stable|affordable)|comply|"
    r"stay under|fit)\b",
    re.IGNORECASE,
)

# "They send builds over Discord": people doing something today, in the present tense.
WORKAROUND_LEAD = re.compile(
    r"^(?:today,?\s+|right now,?\s+|currently,?\s+)?(?:they|we|people|most of them|everyone|users|[a-z]+s)\s+"
    r"(?:just\s+|mostly\s+|usually\s+|still\s+|all\s+)?(?:send|post|share|track|keep|collect|get|read|"
    r"email|text|message|call|ask|write|put|paste|copy|upload|dump|juggle|manage|run|use|rely|chat|"
    r"coordinate|organi[sz]e|store|log|note|list|swap|trade|book|pay)\w*\b",
    re.IGNORECASE,
)

POSITIVE_NEGATIONS = re.compile(
    r"\b(no (changes?|corrections?|notes|problems?|issues?|complaints?|edits?)( needed)?|nothing (to (change|add|fix)|"
    r"wrong|missing)|not wrong|can'?t complain|not bad|(no|nope|nah),? (that'?s|it'?s|this is|looks|sounds|all)\b|"
    r"(don'?t|wouldn'?t) change (a thing|anything)|couldn'?t (be|have been) better|no doubt)",
    re.IGNORECASE,
)

NEGATED_POSITIVE = re.compile(
    r"\b(not|isn'?t|aren'?t|doesn'?t|don'?t|didn'?t|wasn'?t|never|hardly|barely)\b(\s+\w+){0,2}\s+"
    r"(right|correct|accurate|good|quite|exactly|true|look|looks|sound|sounds|it|what|there|agree|think so)\b|"
    r"\bnot (quite|exactly|really|sure|yet|right|correct)\b|\bi don'?t think so\b",
    re.IGNORECASE,
)


# Cues that settle the aspect of a clause even when the PM asked about another one.
# "The farms are used to paying call-out so nobody would blink at that": what people will stand to pay is money.
STANDS_TO_PAY = re.compile(
    r"\b(?:(?:are|is|'re|get|got|been)\s+used\s+to\s+paying|(?:nobody|no one|noone|none of them)\s+(?:would|will|'d|'ll)\s+"
    r"(?:blink|flinch|bat an eye(?:lid)?|think twice|mind paying)|(?:wouldn'?t|won'?t)\s+(?:mind|blink at|think twice about)\s+paying)\b",
    re.IGNORECASE,
)
REVENUE_DECISIVE = re.compile(
    # "free, maybe the building pays later": an answer that opens with "free" is about money.
    r"^\W*free\b(?=\s*[,.;!]|\s+(?:for|to start|at first|initially|until|now)\b)|"
    r"\b(subscriptions?|subscribe|freemium|free (?:tier|plan|version|trial)|premium|pro (?:plan|tier|version)|"
    r"one[- ]time (?:payment|purchase|fee)|commission|take rate|transaction fees?|per[- ](?:seat|user|month)|"
    r"ad[- ]supported|advertis\w*|in[- ]app purchases?|pay[- ]per[- ]use|monetiz\w*|monetis\w*|"
    r"(?:would|will|willing to) pay|charg(?:e|es|ing) (?:a |an |per |each |users|customers|them|\$|\d)|pricing|"
    r"(?:won'?t|wont|will not|not going to|never) charge|no charge|free of charge|" + NOBODY_PAYS + r"|"
    r"(?:are|is|'re|get|got|been)\s+used\s+to\s+paying|(?:nobody|no one|noone|none of them)\s+(?:would|will|'d|'ll)\s+"
    r"(?:blink|flinch|bat an eye(?:lid)?|think twice|mind paying)|(?:wouldn'?t|won'?t)\s+(?:mind|blink at|think twice about)\s+paying|"
    # "its free for the station, no money", said to the constraints question: who does not pay.
    r"(?:it'?s|its|it is|it will be|it'?ll be) (?:totally |completely |just |all )?free (?:for|to) (?:the|our|all|every|each|"
    r"users|members|them|everyone|anyone)\b|"
    # "customers pay me cash for the repair, the app go free for them" (Pidgin: will be free), "clients pay the
    # reparation, app is free for them", said to the why-now.
    r"\b(?:(?:the|this|our|my) )?(?:app|service|platform|tool|site) (?:is|will be|'?ll be|go be|go) (?:totally |completely |just )?free"
    r"(?=\s*(?:[,.;!]|$|for\b|to (?:use|them|customers|users)\b)))",
    re.IGNORECASE,
)
# "me and my pal Morag doing the desk", "myself and the wife on the till": the founder's own people at their post, who
# use it, not a team to build it.
_AT_THEIR_POST = (r"\b(?:me|myself)\s+and\s+(?:my|our|the|a|one)\s+[\w' -]{1,30}?\s+(?:doing|on|at|running|taking|"
                  r"handling|manning|minding|behind|who\s+(?:do|does|run|runs|take|takes|handle|handles|mind|minds))\s+"
                  r"(?:the\s+)?(?:desk|till|counter|front|door|gate|bookings?|phones?|admin|entries|money|cash|register|"
                  r"reception|office|books|orders?|paperwork|bar|kitchen)\b"
                  # "… and me and my son who drives the second carriage": the founder's own people, named by the work
                  # they do in the business, not by building the app ("me and my son who codes" is the team).
                  r"|\b(?:me|myself)\s+and\s+(?:my|our|the|a|one)\s+[\w'-]{1,20}(?:\s+[\w'-]{1,20})?\s+who\s+(?:also\s+)?"
                  r"(?!(?:codes?|builds?|develops?|programs?|knows?|can|could|will|would|is|does\s+(?:it|the\s+(?:app|"
                  r"site|website|coding|tech))|makes?\s+(?:apps?|websites?|sites?)|works?\s+(?:in\s+)?(?:it|tech|software))\b)"
                  r"[a-z]+(?<!s)s\b")
AT_THEIR_POST = re.compile(_AT_THEIR_POST, re.IGNORECASE)

CONSTRAINTS_DECISIVE = re.compile(
    r"\b((?:i'?m|i am|we'?re|we are|work(?:ing)?|build(?:ing)?|do(?:ing)? (?:it|this))\s+(?:\w+\s+)?"
    r"(?:alone|by myself|on my own|solo)|^solo\b(?!" + _SOLO_PEOPLE + r")|solo(?:,| dev| developer| founder| for)|just me|only me|"
    r"team of \w+|(?:just |only )?(?:the )?(?:two|three|four|five|2|3|4|5) of us(?!" + _OF_US_STORY + r")|(?:just |only )?me (?:and|plus) "
    r"(?:my |a |one )(?:\w+ ){0,2}(?:friend|pal|bro|cousin|brother|sister|son|daughter|nephew|niece|partner|mate|"
    r"flatmate|housemate|girlfriend|boyfriend|developer|dev|coder)s?\b|(?<![\d-])(?:one|two|three|four|five|six|[1-9]|1[0-2])\s+"
    r"(?:devs?|developers?|engineers?|co-?founders?)|(?:i|we)(?:'m|'re| am| are)? (?:work\w* )?part[- ]time|nights and weekends|side project|"
    r"bootstrapp\w*|no funding|(?:our|my|hard|launch|a)\s+deadline|hipaa|gdpr|soc ?2|must (?:run|work) on|"
    r"(?:ios|android|web)[- ]only|" + LIMIT_SAID + r"|" + BUILDER_SAID + r")\b",
    re.IGNORECASE,
)

# A feature trigger after one of these is part of a story ("when I want to swap…"), not a request.
SUBORDINATE = re.compile(r"\b(?:when|whenever|if|because|since|as soon as|while|after|before|until)\b[^,;]*$",
                         re.IGNORECASE)

# A change of direction, not a correction: who it is for (and so most of the rest) changes.
PIVOT = re.compile(
    r"\b(?:scratch that|change (?:of )?direction|let me (?:flip|change) (?:it|this|direction)|flip it|"
    r"i'?m changing (?:the )?(?:target|direction|idea)|pivot\w*|"
    # "So I'm changing it: it's for volunteer coordinators…", "change of plan", "so it's for X now".
    r"i'?m changing it\b|change of plans?\b|(?:so|now) it'?s for .{3,80}? (?:now|instead)\b|(?:let'?s|let me) make it for|"
    r"(?:the )?real (?:customer|user|buyer)s? (?:is|are)|(?:the )?better (?:business|market|customer) is|"
    # "Oh, and invoices, although actually no, leave invoices out" takes one wish back: no new direction.
    r"it should be for|it'?s not for .{2,40}?,? it'?s for|(?<!although )(?<!though )(?<!but )(?<!or )(?:hmm|actually),? no\b|"
    r"actually,? (?:wait|let me change|i want to change)|"
    # Told as a story: "Talking to my brother-in-law last night changed my mind: … The user is the subbie",
    # "I've been going back and forth on this … That's who I want to build for", "So I've flipped it — it's for…".
    r"changed my mind|change of heart|(?:been going|gone|went) back and forth|(?:i'?ve |i have |i )?flipped it|"
    # "Ah hold on, I need to change tack. …", "Real talk, … none of them want another marketplace, … So it's for the
    # installers": the people asked said no, and the founder says who it is for now.
    r"chang(?:e|ing) (?:of )?tack|"
    # "Actually, let me stop you there. … we can't fight PickMe. What I really have is my uncle's stand …": the old
    # idea given up against a rival, and what the founder really has or needs instead.
    # "wait ah, actually cannot lah, … so the app is for our ice delivery only, can?": the new thing is the founder's own.
    r"\bso (?:it'?s|it is|the (?:app|tool|idea) (?:is|should be|would be)) (?:really |actually |just )?for (?:our|my) own\b|"
    r"\bso (?:it'?s|it is|the (?:app|tool|idea) (?:is|should be|would be)) (?:really |actually |just )?for [^.;?!]{3,60}? only\b|"
    r"let me stop you (?:there|right there)\b|\b(?:we|i) (?:can'?t|cannot|could never|won'?t ever) (?:fight|beat|"
    r"compete with|take on|outdo)\b|\bwhat (?:i|we) (?:really|actually) (?:have|own|run) is\b|"
    # "So it's for the coaches, to manage the waiting list, not for parents to find coaches."
    # "Hold on, I need to change it. … So the app is for the print shops doing funeral brochures, not money transfer."
    r"\bso (?:(?:i|we) (?:think|guess|reckon|suppose) (?:that )?)?(?:it'?s|it is|it should be|the (?:app|tool|idea) "
    r"(?:is|should be|would be|has to be)) (?:really |actually )?for .{3,80}?,? not (?:for )?(?:the )?\w|"
    r"\bi (?:need|have|want|got) to change (?:it|this|the idea|direction)\b(?=.*\bso (?:it'?s|it is|the (?:app|tool|idea) is) for\b)|"
    # "Actually scrap that. Had a yarn with four groomers … So it's for the groomers, running their van days."
    r"\b(?:scrap|ditch|forget|bin) that\b(?=.*\bso it'?s (?:really |actually |now )?for\b)|"
    # "Actually forget the ratings. … So it's for referee secretaries", "So I change: it's for homestay owners".
    r"\b(?:scrap|ditch|forget|bin|drop) the [\w-]+(?: [\w-]+)?[.,;]\s(?=.*\bso it'?s (?:really |actually |now )?for\b)|"
    r"\bso i(?:'ll| will)? (?:change|switch|flip)(?: it| the idea)?\s*[:,—-]\s*it'?s (?:now )?for\b|"
    r"\b(?:none|not one|nobody|no one) of them (?:want|wants|need|needs|would)\b(?=.*\bso it'?s (?:really |actually |now )?for\b)|"
    # "we forget the pick-up time" is a pain: a hyphen inside a word is no dash.
    r"(?:so |just )?forget (?:about )?the \w+(?: \w+)?(?:\s*[,\u2014\u2013]|\s+-|\s*\bi want\b)|"
    r"that'?s (?:who|the people) i (?:really |actually )?want to build (?:it )?for|"
    r"i (?:really |actually )?want to build (?:it |this )?for .{3,80}? instead\b|"
    # "Actually, scrap the comparison thing. … So it's for the mechanics, quoting and getting paid."
    r"(?:scrap|ditch|bin|forget|drop)\s+(?:the|that|this|my)\s+(?:whole\s+)?(?:[\w-]+\s+){0,2}(?:idea|plan|approach|version|thing)\b"
    r"(?=.*\b(?:it'?s|it is) (?:really |actually |now )?for\b))",
    re.IGNORECASE | re.DOTALL,
)

# The words of a pivot that only announce it, kept out of the new problem: "So forget the customers —".
PIVOT_ANNOUNCEMENT = re.compile(
    r"\b(?:so |just )?forget (?:about )?the \w+(?: \w+)?(?:\s*[,\u2014\u2013]\s*|\s+-\s*|\s*(?=i want))|\bchanged my mind\b\s*:?",
    re.IGNORECASE,
)

# Verbs that start what people do ("book", "track", "swap"), ending a "people in Berlin" phrase.
ACTION_VERB = re.compile(
    r"^(?:book|books|track|tracks|send|sends|share|shares|post|posts|find|finds|swap|swaps|pay|pays|log|logs|"
    r"order|orders|sell|sells|buy|buys|rent|rents|hire|hires|use|uses|get|gets|need|needs|want|wants|"
    r"manage|manages|schedule|schedules|run|runs|keep|keeps|waste|wastes|lose|loses|miss|misses|"
    # "Every dog owner in my building has the same story": the verb ends who they are.
    r"has|have|had|is|are|was|were|does|do|did|says|say|said|feel|feels|complain|complains|struggle|struggles|"
    # "neighbours in my building can share dog walking": a modal starts what they do, too.
    r"can|could|will|would|should|must|may|might|cannot|can't)$",
    re.IGNORECASE,
)

# A pain in so many words; "waste" alone is often the product's own subject ("log the waste").
PAIN_DECISIVE = re.compile(
    r"\b(struggl\w*|frustrat\w*|annoy\w*|hate[sd]?|tedious|time[- ]consuming|nightmare|headache|hassle|"
    r"can'?t|cannot|unable to|never know|lose track|losing track|forget\w*|miss(?:es|ed|ing)?|"
    r"wast(?:e|es|ing) (?:time|money|hours|days)|takes? (?:forever|hours|ages|days|too long)|problem is|"
    r"the problem|pain\w*|mess(?:y)?|chao(?:s|tic)|error[- ]prone|mistakes?|overwhelm\w*|stress\w*)\b",
    re.IGNORECASE,
)


# "I tried a yard app from England last year", "Tried a generic booking app but it was built for hairdressers", "we
# gave Calendly a go": a way tried before, today's alternative whenever it was tried.
TRIED_BEFORE = re.compile(r"^(?:(?:and|but|also|so|before|once|then)[\s,]+)*(?:(?:i|we|they|he|she)\s+)?(?:(?:already|once|"
                          r"even|also|actually)\s+)?(?:(?:tried|trialled|trialed|tested|used to use)(?!\s+(?:to|and|it|that|"
                          r"hard|everything)\b)|signed up (?:for|to)|gave\s+[^,.;]{2,40}?\s+a\s+(?:go|try|shot))\s+"
                          r"(?:out\s+)?[\w-]+", re.IGNORECASE)
# "We had a phone reminder but it came at random times, so patients stopped using it", "There was a booking page once,
# nobody used it": a way tried and given up, whoever gave it up.
GAVE_UP_ON = re.compile(r"^(?:(?:and|but|so|before|once|also)[\s,]+)*(?:(?:we|i|they|the \w+)\s+(?:(?:already|once|also|even)\s+)?"
                        r"(?:had|used|ran|set up|tried|trialled|paid for|bought)|there\s+(?:was|were|used to be))\s+(?:a|an|the|"
                        r"one|our|some|this|that)\s+[^.;!?]{2,120}?\b(?:stopped using|stopped opening|gave up on|never used|"
                        r"(?:didn'?t|did not|don'?t|couldn'?t|could not) (?:use|open|like|bother)|nobody used|no one used|hated|"
                        r"ignored|dropped|ditched|binned|abandoned)\b", re.IGNORECASE)
