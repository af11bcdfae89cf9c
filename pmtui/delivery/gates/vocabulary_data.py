"""The word tables of plan alignment's vocabulary (vocabulary.py reads them): stopwords, weak words, number
words, phrases read as one concept, HTTP reason phrases, units, irregular plurals. Data only, no logic."""

from __future__ import annotations

STOPWORDS = frozenset(
    ["a", "an", "the", "and", "or", "but", "if", "then", "else", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "there", "their", "they", "them", "he", "she", "we", "you", "your", "our", "my", "me", "i", "can", "could", "should", "would", "will", "shall", "may", "might", "must", "do", "does", "did", "done", "yes", "all", "any", "each", "every", "some", "such", "than", "too", "very", "also", "only", "just", "so", "up", "down", "out", "over", "under", "again", "once", "here", "when", "where", "why", "how", "what", "which", "who", "whom", "whose", "has", "have", "had", "having", "via", "per", "across", "after", "before", "while", "within", "able", "make", "makes", "made", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "like", "e", "g", "eg", "ie", "etc", "given", "through", "whether", "because", "about", "whenever", "even", "though", "although", "ones", "except", "why",
     # politeness says nothing of the code: "Kindly ensure …, please do the needful"
     "kindly", "please", "pls", "needful", "during",
     # Nigerian Pidgin: "abeg" is please, "don" the perfect ("order don reach": has arrived)
     "abeg", "don",
     # personal pronouns name whoever the sentence is about, never a domain word ("he can not create a project if
     # his email is not verified": round 15)
     "his", "him", "her", "hers", "himself", "herself", "themselves", "itself", "yours", "ours", "theirs"]
)
# Words a criterion uses that say little about the code: they help pick a location, never decide one.
WEAK = frozenset(
    ["return", "returns", "returned", "give", "gives", "get", "gets", "set", "value", "values", "result", "results", "function", "method", "data", "item", "items", "thing", "things", "work", "works", "handle", "handles", "allow", "allows", "allowed", "support", "supports", "correct", "correctly", "proper", "properly", "valid", "system", "app", "application", "user", "users", "use", "uses", "used", "using", "show", "shows", "shown", "display", "displays", "displayed", "see", "page", "screen", "message", "messages", "text", "always", "never", "not", "no", "cannot", "without", "new", "first", "last", "least", "most", "every", "whole", "instead", "right", "left", "true", "false", "same", "number", "numbers", "time", "times", "want", "need", "needs", "keep", "keeps", "kept", "still", "already", "both", "either", "other", "another", "possible", "available", "ok", "list", "lists",
     # how criteria frame behaviour, not what the code does
     "respond", "responds", "responded", "responding", "response", "answer", "answers", "answered", "reply", "replies",
     "replied", "turn", "turns", "turned", "turning", "run", "runs", "ran", "running", "read", "reads", "reading",
     "try", "tries", "tried", "trying", "ask", "asks", "asked", "asking", "many", "much", "mode", "variable",
     "variables", "happen", "happens", "appear", "appears", "appearing", "go", "goes", "going", "let", "lets", "take",
     "takes", "taken", "become", "becomes", "stay", "stays", "ensure", "ensures", "actually", "site", "website",
     "way", "ways", "feature", "features", "behaviour", "behavior", "functionality", "ability", "option", "options",
     "flag", "flags", "others", "explain", "explains", "explained", "describe", "describes", "described", "document",
     "documents", "convert", "converts", "converted", "automatically", "automatic", "report", "reports", "api",
     "include", "includes", "included", "including", "input", "inputs", "job", "jobs",
     # round 9: a state is set by the word for the state: "the raider is declared out" is `raider.out = True`
     "mark", "marks", "marked", "declare", "declares", "declared", "deem", "deems", "deemed",
     # the actor's part in a scenario, not the code's: "when the client passes", "who got there first", "say why"
     "pass", "passes", "passed", "got", "say", "says", "tell", "tells",
     # the user's gesture of input and how a value is worked out frame it: "measurements entered in inches",
     # "calculated as runs per 100 balls"
     "enter", "enters", "entered", "entering", "calculated", "computed"]
)
NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
                "hundred": "100", "thousand": "1000"}
# HTTP status words code uses for the numbers criteria name.
STATUS_NAMES = {"200": ("statusok", "httpok"), "201": ("created",), "204": ("nocontent",),
                "400": ("badrequest",), "401": ("unauthorized",), "403": ("forbidden",), "404": ("notfound",),
                "409": ("conflict",), "422": ("unprocessable",), "429": ("toomanyrequests",),
                "500": ("internalservererror",)}

# Multi-word phrases of criteria, read as one concept before the words are split (vocabulary.py compiles
# them, case-insensitive): (pattern, concept).
PHRASE_PATTERNS: tuple[tuple[str, str], ...] = (
    # "rounded up to the next 5 cents": a rounding up (before "up to" is read as a limit)
    (r"\bround(?:s|ed|ing)?\s+up\b", "roundup"),
    # "each email is stored only once": no two alike, a uniqueness
    (r"\b(?:stored|saved|kept|recorded|registered|listed|used)\s+(?:only\s+)?once\b", "unique"),
    # round 9: "a microchip can be registered to one pet only", "belongs to a single team": one owner each
    (r"\b(?:registered|assigned|linked|attached|belongs?|bound)\s+to\s+(?:only\s+)?(?:one|a\s+single)\s+[a-z]+(?:\s+only)?\b",
     "unique"),
    # framing: "kindly make sure the OTP expires", "please ensure that"
    (r"\bmake\s+sure\b", ""),
    # Nigerian Pidgin: "when order don reach" is when it has arrived, been delivered
    (r"\bdon\s+(?:reach|land|arrive)\b", "deliver"),
    # the user's device is where the input comes from, not what the code does: "upload photos from my iPhone"
    ((r"\bfrom\s+(?:my|their|his|her|your|our|the|a)\s+(?:i?phones?|mobiles?|laptops?|computers?|desktops?|tablets?|"
      r"ipads?|browsers?|devices?)\b"), ""),
    ((r"\bcase[- ]?insensitive(?:ly)?\b|\bignor\w* (?:the )?case\b|\bregardless of (?:the )?case\b|"
     r"\bletter[- ]case\b|\bupper[- ]?(?:case)? (?:or|and|/) ?lower[- ]?case\b"), "caseless"),
    (r"\bplain[- ]?text\b|\bclear[- ]?text\b|\bin the clear\b", "hash"),
    ((r"\b(?:newest|latest|most recent)(?: ones?)? first\b|\breverse chronological\b|"
     r"\b(?:highest|largest|biggest|greatest|best|top|heaviest|longest|most \w+)(?: \w+){0,2} "
     r"(?:first|on top|at the top)\b|\b(?:high|large|big)\w* to (?:low|small)\w*\b"), "descending"),
    ((r"\boldest(?: ones?)? first\b|\bchronological order\b|"
     r"\b(?:lowest|smallest|cheapest|fewest|shortest|least \w+)(?: \w+){0,2} first\b|"
     # the fastest, the earliest, the nearest have the least time or distance
     r"\b(?:fastest|quickest|earliest|soonest|nearest|closest)(?: \w+){0,2} first\b|"
     r"\b(?:low|small)\w* to (?:high|large|big)\w*\b"), "ascending"),
    # "the 10 customers who spent the most (this year)", "the 5 best-sellers": ranked from the top
    ((r"\bthe\s+most\b(?=\s*(?:$|[,.;:)]|\s+(?:this|last|in|on|of|per|during|over|since|today|ever|so\s+far|"
      r"overall|all[- ]time)\b))|\btop(?=\s+\d+\b)|(?<=\d )(?:highest|largest|biggest|best|greatest)\b|"
      # round 12: "the 20 most recently edited notes", "the 5 latest posts"
      r"(?<=\d )(?:most\s+recent(?:ly)?|newest|latest)\b"), "descending"),
    ((r"\bthe\s+(?:least|fewest)\b(?=\s*(?:$|[,.;:)]|\s+(?:this|last|in|on|of|per|during|over|since|today|ever|so\s+far|"
      r"overall|all[- ]time)\b))|(?<=\d )(?:lowest|smallest|cheapest|fewest)\b"), "ascending"),
    (r"\blog(?:s|ging|ged)? ?out\b|\bsign(?:s|ing|ed)? ?out\b", "logout"),
    (r"\blog(?:s|ging|ged)? ?in\b|\bsign(?:s|ing|ed)? ?in\b", "login"),
    (r"\bsign(?:s|ing|ed)? ?up\b", "register"),
    (r"\bmulti[- ]?byte\b", "unicode"),
    (r"\bdark (?:mode|theme)\b", "dark"),
    (r"\bheader row\b", "header"),
    (r"(?<![\w-])up to\b|\bat most\b|\bno more than\b|\bnot more than\b|\bmax(?:imum)?\.?(?:\s+of)?(?=(?:\s+[a-z]+){0,2}\s+\d)", "limit"),
    (r"\bat least\b|\bno (?:less|fewer) than\b|\b(?:a\s+)?minimum(?:\s+of)?(?=\s+\d)", "minimum"),
    (r"\bper page\b", "page"),
    (r"\bhealth ?check\b", "health"),
    (r"\bnon[- ]?root\b|\b(?:not|never)\s+(?:\w+\s+){0,2}as\s+(?:the\s+)?root(?:\s+user)?\b|\brootless\b", "nonroot"),
    ((r"\bfall(?:s|ing)?\s+back\s+(?:to|on)\b|\bfell\s+back\s+(?:to|on)\b|\bdefault(?:s|ing)?\s+(?:to|is|of)\b|"
     r"\bby default\b"), "default"),
    (r"\bexit(?:s|ed|ing)?\s+(?:with\s+)?(?:an?\s+)?(?:exit\s+)?(?:code|status)\b|\b(?:exit|return) (?:code|status)\b",
     "exit"),
    (r"\benv(?:ironment)?\s+var(?:iable)?s?\b", "environment"),
    (r"\bhow many\b", "count"),
    ((r"\b(?:follow|match|respect|use)\w*\s+(?:the\s+)?(?:user'?s?\s+)?(?:operating\s+system|os|system|device|browser)"
      r"(?:'s)?\s+(?:\w+\s+)?(?:settings?|preferences?|theme)\b"), "systempref"),
    (r"\bstop(?:s|ped)?\s+typing\b|\bafter\s+(?:the\s+)?last\s+keystroke\b", "wait"),
    (r"\bties?\s+(?:are\s+|is\s+)?broken\s+by\b|\btie[- ]?break\w*\b|\bon\s+a\s+tie\b", "tiebreak"),
    (r"\bcut\s+off\b|\btruncat\w*\b", "truncate"),
    # a password hash's cost (work) factor is its rounds: `gensalt(rounds=12)`, `saltRounds = 12`, `'cost' => 12`
    (r"\b(?:cost|work)[- ]factor\b", "rounds|cost"),
    # "wheelchair seats are listed before the other seats": those that have it come first, a true-first order
    ((r"\b(?:(?:are|is)\s+)?(?:listed|shown|sorted|placed|put|ranked|displayed)\s+(?:before|above|ahead\s+of)\s+"
      r"(?:the\s+|all\s+(?:the\s+)?)?(?:other|others|rest|remaining)\b|\bcome\s+(?:before|ahead\s+of)\s+"
      r"(?:the\s+|all\s+(?:the\s+)?)?(?:other|others|rest)\b"), "descending|truefirst"),
    # "new pets are available", "new accounts start as trial": the state a record starts in is a default
    ((r"\bnew(?=\s+(?:[a-z]+\s+){0,2}?(?:are|is|starts?\s+(?:out\s+)?as|begins?\s+as)\s+"
      r"(?![a-z]+(?:ed|en)\b|sent\b|shown\b|told\b|put\b|set\b|kept\b|not\b|never\b|always\b|also\b)[a-z]+\b)"),
     "default"),
    # where in a sequence something goes: "added to the end of the waiting list", "to the front of the queue"
    (r"\b(?:to|at|onto)\s+the\s+(?:end|back|bottom|tail)\s+of\b", "append"),
    (r"\b(?:to|at|onto)\s+the\s+(?:front|start|beginning|head|top)\s+of\b", "prepend"),
    # "per started hour", "each started 30 min": a part of the period is charged as a whole one
    ((r"\b(?:started|begun|commenced)(?=\s+(?:\d+(?:\.\d+)?\s*)?(?:min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|"
     r"nights?|periods?|blocks?)\b)"), "roundup"),
    # "disabled until both fields are filled in": while one is empty
    ((r"\buntil\b(?=\s+(?:\w+\s+){0,5}?(?:is|are|has\s+been|have\s+been)\s+(?:filled|entered|typed|given|provided)"
      r"\b)"), "empty"),
    (r"\bfilled\s+(?:in|out)\b", ""),
    (r"\b(?:stored|kept|saved|held|represented)\s+as\b(?=\s+(?:whole|integer|an?\s|plain|\w+s\b))", ""),
    (r"\b(?:twice|two\s+times)\s+in\s+a\s+row\b|\bin\s+a\s+row\b|\bback[- ]to[- ]back\b|\bconsecutive(?:ly)?\b",
     "consecutive"),
    (r"\bstop(?:s|ped)?\s+working\b|\bno\s+longer\s+(?:works?|valid|usable)\b|\bbecomes?\s+invalid\b", "expire"),
    ((r"\b(?:ignor\w*\s+)?(?:(?:leading|trailing|surrounding|extra)(?:\s+(?:and|or|/)\s+(?:leading|trailing))?\s+)"
     r"(?:white\s?space|spaces|blanks)\b|\bignor\w*\s+(?:white\s?space|spaces|blanks)\b"), "trim"),
    (r"\brounded corners?\b|\bround(?:ed)? (?:the )?corners\b", "radius"),
    (r"\btest[- ]?suite\b", "test"),
    (r"\b(?:come|comes|came|coming|go|goes|get|gets)\s+back\b", ""),
    (r"\b(?:not|never|no longer)\s+(?:be\s+)?hard[- ]?coded\b|\binstead of (?:being )?hard[- ]?coded\b",
     "environment|config"),
    (r"\bmark(?:s|ed|ing)?\s+(?:it\s+|them\s+)?as\b", ""),
    (r"\b(?:installed|current|package|app|application)\s+version\b", "version"),
    (r"\balready\s+(?:there|exists?|present|taken|used|added|in\s+(?:the\s+)?\w+)\b", "unique"),
    (r"\bip(?:\s+address(?:es)?)?\b", "client"),
    (r"\b(?:reports?|says?|tells?)\s+whether\b", ""),
    ((r"\bfail(?:s|ed)?\b(?=[^.;]*\b(?:returned|passed|propagated|bubbled|handed|raised)\s+(?:up\s+|back\s+)?to\s+the"
     r"\s+caller\b)"), ""),
    # "if reading the sensor fails, the error is returned to the caller": propagated (`try`, `?`, `return err`)
    ((r"\b(?:the\s+)?(?:errors?|failures?|exceptions?)\s+(?:is|are)\s+(?:returned|passed|propagated|bubbled|handed|"
     r"raised)\s+(?:up\s+|back\s+)?to\s+the\s+caller\b|\bpropagat(?:e|es|ed|ing)\s+(?:the\s+)?(?:errors?|failures?)\b"),
     "propagate"),
    # "the nearest available ambulance": the one at the least distance (`min(…, key=distance)`), not a rounding
    # ("to the nearest 10 cents")
    (r"(?<!\bto the )\b(?:nearest|closest)\b(?!(?:\s+[\w-]+){0,2}\s+(?:first|on\s+top|at\s+the\s+top)\b)", "minimum"),
    # round 9: "start charging an idle fee once …" is charging it from then on
    (r"\b(?:start|starts|begin|begins)\s+(?=[a-z]+ing\b)", ""),
    # round 9: "stop taking bookings once 20 are booked", "stops accepting entries": refuses them
    (r"\bstop(?:s|ped|ping)?\s+(?:taking|accepting|allowing|admitting|selling)\b", "reject"),
    # "transfers above 5,000 attract a fee": are charged it (the fee is the price word)
    (r"\battract(?:s|ed|ing)?\b(?=\s+(?:an?\s+)?(?:[\w-]+\s+)?(?:fee|charge|penalty|interest|tax|duty|surcharge|fine|levy|vat)s?\b)", ""),
    # a measured value's movement before its bound frames the bound: "until the temperature drops below 200 °C"
    (r"\buntil\b(?=(?:\s+[\w°]+){1,4}?\s+(?:drop|fall|sink|go|rise|climb|get|come)\w*\s+(?:below|above|under|over)\b)", ""),
    (r"\b(?:drop|fall|sink|go|rise|climb|get|come)(?:s|es|ped|ping|ing|en|ed)?\s+(?=(?:below|above|under|over|beneath)\b)", ""),
)

REASONS = {"ok": "200", "created": "201", "accepted": "202", "no content": "204", "moved permanently": "301",
            "found": "302", "see other": "303", "not modified": "304", "bad request": "400",
            "unauthorized": "401", "unauthorised": "401", "payment required": "402", "forbidden": "403",
            "not found": "404", "method not allowed": "405", "not acceptable": "406", "conflict": "409",
            "gone": "410", "payload too large": "413", "content too large": "413",
            "unsupported media type": "415", "unprocessable entity": "422", "unprocessable content": "422",
            "too many requests": "429", "internal server error": "500", "not implemented": "501",
            "bad gateway": "502", "service unavailable": "503", "gateway timeout": "504"}

# Short words of English that are not names: every other word of one or two letters in a criterion
# (`x`, `lo`, `hi`, `t`, `id`) is a name the change must have.
SHORT_ENGLISH = frozenset(
    ["a", "i", "an", "is", "to", "of", "in", "on", "at", "by", "or", "if", "it", "be", "as", "do", "go", "no", "so",
     "up", "us", "we", "me", "my", "he", "ok", "vs", "e", "g", "ie", "eg", "st", "nd", "rd", "th", "am", "pm", "oh",
     "s", "d", "ll", "re", "ve", "m", "etc", "per"])

# Plurals English does not make with -s: "children under 12" are the code's `child`.
IRREGULAR_PLURALS = {"children": "child", "people": "person", "persons": "person", "men": "man", "women": "woman",
              "mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot", "analyses": "analysis",
              "criteria": "criterion", "indices": "index", "matrices": "matrix", "vertices": "vertex"}

TIME_UNITS = {"millisecond": 0.001, "milliseconds": 0.001, "ms": 0.001, "second": 1, "seconds": 1, "sec": 1,
               "secs": 1, "s": 1, "minute": 60, "minutes": 60, "min": 60, "mins": 60, "hour": 3600, "hours": 3600,
               "h": 3600, "hr": 3600, "hrs": 3600, "day": 86400, "days": 86400, "d": 86400, "week": 604800,
               "weeks": 604800, "year": 31536000, "years": 31536000}

# Nouns after a spelled-out number that make it a quantity the code must state ("two decimals").
UNIT_NOUN_WORDS = ("decimal", "decimals", "digit", "digits", "place", "places", "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years", "time", "times", "attempt", "attempts", "retry", "retries", "character", "characters", "item", "items", "result", "results", "row", "rows", "page", "pages", "request", "requests", "archive", "archives", "level", "levels")
BOUND_WORDS = frozenset(["below", "above", "under", "over", "exceeds", "exceeding", "beyond"])
PERIODS = frozenset(["month", "months", "year", "years", "quarter", "semester", "season", "term"])
PRECISION_NOUN_WORDS = ("decimal", "decimals", "digit", "digits", "place", "places")
COMPARATIVES = frozenset(["fewer", "less", "more", "greater", "larger", "smaller", "longer", "shorter", "bigger",
                           "higher", "lower", "older", "newer", "later", "earlier", "younger",
                           # of a measure: "warmer than 8 °C", "faster than 9 metres per minute"
                           "warmer", "colder", "hotter", "cooler", "faster", "slower", "heavier", "lighter", "taller",
                           "wider", "narrower", "deeper", "louder", "quieter", "cheaper", "dearer"])

UNIT_SUFFIX = frozenset(["kib", "mib", "gib", "ms", "s", "m", "h", "d", "px", "em", "rem", "mb", "kb", "gb", "tb", "k", "x", "pt", "vh",
                          "vw", "min", "sec", "secs", "hr", "hrs", "c", "f", "kg", "km", "cm", "mm", "g", "l", "ml", "kwh",
                          # a currency after an amount is its unit: code states the amount ("12 EUR" is `12`)
                          "eur", "usd", "gbp", "chf", "sek", "nok", "dkk", "pln", "czk", "inr", "jpy", "cad", "aud",
                          # pence ("50p"), and the units of a measure whose number the code compares: the number decides,
                          # a name in another unit is refused by measure_units
                          "p", "psi", "kpa", "hpa", "bar", "mbar", "ppm", "percent", "metre", "metres", "meter", "meters",
                          "kilometres", "kilometers", "centimetres", "centimeters", "millimetres", "millimeters",
                          "kilograms", "kilos", "grams", "litres", "liters", "celsius", "fahrenheit", "feet", "ft", "foot",
                          "inch", "inches", "miles", "mph", "kph", "kmh", "pixel", "pixels",
                          "euro", "euros", "pound", "pounds", "dollar", "dollars", "rupee", "rupees", "naira", "cents",
                          "pence", "paise"])
# a currency's word before its amount ("£6" is read "pound 6"): the amount decides, the code states only the number
CURRENCY_BEFORE = frozenset(["pound", "euro", "yen", "dollar", "rupee", "naira"])

