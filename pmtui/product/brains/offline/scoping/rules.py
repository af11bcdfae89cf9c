"""Rule tables of offline scoping: nice-to-haves, effort by complexity, feature-role cues, and the intent and
evidence patterns of argue-back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_REACH = 1000.0

MAX_FEATURES = 10

MIN_FEATURES = 5


@dataclass(frozen=True)
class NiceToHave:
    kind: str
    pattern: re.Pattern[str]
    impact: float
    effort: float


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)

# Nice-to-haves are never P0 unless the core problem itself is about them (or the user wins the argument).
NICE_TO_HAVES: tuple[NiceToHave, ...] = (
    NiceToHave(
        "social feed",
        # "Comments" alone are not social: timestamped comments on a build are a feedback tool's core.
        # "Share dog walking" shares the work itself: only sharing posts, photos or updates is social.
        rx(r"\b(social|feeds?|friends?|followers?|community|likes|comment threads?)\b|"
           r"\b(?:sharing|share)\b(?!\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:walking|walks?|rides?|runs?|driving|lifts?|costs?|"
           r"bills?|spaces?|bays?|chores?|rota|shifts?|the load|work))"),
        0.5,
        3.0,
    ),
    NiceToHave(
        "gamification", rx(r"\b(gamif\w*|badges?|points|leaderboards?|achievements?|trophies)\b"), 0.25, 1.5
    ),
    NiceToHave(
        "analytics dashboard",
        # A seating chart, a flow chart or an org chart plans something; only charts of numbers are analytics.
        rx(r"\b(analytics|dashboards?|reports?|reporting|(?<!seating )(?<!seat )(?<!flow )(?<!org )(?<!gantt )charts?|"
           r"insights?|stats|statistics)\b"),
        0.5,
        2.0,
    ),
    NiceToHave("admin panel", rx(r"\b(admin\w*|back[- ]?office|moderation|moderator)\b"), 0.5, 2.0),
    NiceToHave(
        "multi-language",
        rx(r"\b(multi[- ]?language|multilingual|i18n|translations?|locali[sz]ation|languages)\b"),
        0.25,
        1.5,
    ),
    NiceToHave("dark mode", rx(r"\b(dark mode|themes?|theming|skins?|custom colou?rs?)\b"), 0.25, 0.5),
    NiceToHave(
        "AI recommendations",
        rx(
            r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|personali[sz]\w*|suggestions?|gpt|llm|chatbot)\b"
        ),
        0.5,
        3.0,
    ),
)

# (pattern, person-weeks, label): the most complex match sets the base, each extra one adds half a week.
EFFORT_RULES: tuple[tuple[re.Pattern[str], float, str], ...] = (
    (
        # "Take the deposit online", "a card deposit when they book", "fees online": money taken through the app.
        rx(r"\b(payments?|billing|subscriptions?|checkout|stripe|pay|paid|invoic\w*|refunds?)\b|"
           r"\b(?:take|taking|takes|collect|collecting|accept|accepting|"
           r"charge|charging)\s+(?:the\s+|a\s+|their\s+)?(?:\w+\s+)?(?:deposits?|fees?|balance)\b[^.;]{0,25}?\b(?:online|"
           r"by card|on card|in the app|by (?:phone|text))\b|\b(?:online|card)\s+(?:deposits?|fees?)\b|"
           r"\b(?:deposits?|fees?)\s+(?:online|by card|on card|by mobile money|through the app)\b"),
        2.5,
        "payments",
    ),
    (rx(r"\b(ai|a\.i\.|machine learning|ml|recommend\w*|nlp|gpt|llm|predict\w*|smart)\b"), 3.0, "AI"),
    (rx(r"\b(sync\w*|offline|real[- ]?time|live|chat|messag\w*|collaborat\w*)\b"), 2.0, "sync / real-time"),
    (
        rx(r"\b(integrat\w*|api|import\w*|export\w*|google|slack|outlook|zapier|webhooks?|calendar sync)\b"),
        2.0,
        "integrations",
    ),
    (
        rx(r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|sso|roles?|permissions?|passwords?)\b"),
        1.5,
        "auth",
    ),
    (rx(r"\b(maps?|location|gps|geo\w*|nearby)\b"), 1.5, "location"),
    (
        rx(
            r"\b(video|audio|photos?|upload\w*|images?|camera|scan\w*|files?|gameplay|replays?|recordings?|screen ?record\w*)\b"
        ),
        1.5,
        "media",
    ),
    (rx(r"\b(notif\w*|remind\w*|alerts?|push|e-?mails?|sms)\b"), 1.0, "notifications"),
    (rx(r"\b(search|filter\w*|match\w*)\b"), 1.0, "search"),
)

COSMETIC = ("dark mode", "multi-language", "gamification")

CORE_LOOP = rx(
    r"\b(create|add|log|logging|record|track|tracking|check[- ]?in|book|booking|schedul\w*|request\w*|approv\w*|"
    r"submit|post|list|view|send|swap\w*|pick up|claim|assign\w*|remind\w*|notif\w*|comment\w*|annotat\w*|"
    r"upload\w*|capture|collect\w*|group\w*|tag\w*|review\w*)\b"
)

AUTH = rx(r"\b(auth\w*|log ?in|sign[- ]?(?:up|in)|accounts?|profiles?|onboard\w*|register\w*)\b")





# The number's commas are thousands only ("1,200 members"): "he's 58, opens at 6am" is no count of "opens".
USER_COUNT = rx(
    r"\b(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k|m|thousand|million)?\+?\s+(?!years?\b|yrs?\b|hours?\b|%|percent\b|minutes?\b|"
    r"days?\b|weeks?\b|months?\b|dollars?\b|usd\b|eur\b|times?\b|"
    # "around 40 a month": a rate, counted by said_count as a quarter's worth, no count of "a".
    r"(?:a|an|per|each|every)\s+(?:day|week|wk|month|year)s?\b)((?:[a-z-]+\s+){0,2}?[a-z-]+)"
)
# A person's age said before the number ("he's 58", "she is 70", "I'm 34", "aged 60"): no count of anyone.
AGE_BEFORE = rx(r"(?:\b(?:he|she|s?he)'?s|\b(?:he|she|i)\s+(?:is|was|am)|\bi'?m|\baged?|\bturn(?:ed|ing|s)?)\s+$")

NAME_PREFIX = rx(
    r"^(?:a |an |the )?(?:way (?:for (?:the |our |my )?[\w-]+(?: [\w-]+)? )?to |ability to |being able to |option to |users? can |let users |"
    r"letting users |allow users to |(?:i|we) want(?: to)? |(?:i|we) need(?: to)? |they can |support for |"
    r"feature (?:for|to) |"
    # "Folk need to pick up the key from the shop": what the people do is the name.
    r"(?:our |all |the )?(?:folks?|people|everyone|anyone|customers?|clients?|members?|parents?|guests?|hirers?|"
    r"staff|you) (?:can |could |need to |needs to |have to |has to |should |must |want to |wants to |get to )"
    r"(?:be able to )?)"
)

TRAILING = {
    "a",
    "an",
    "the",
    "to",
    "for",
    "of",
    "and",
    "or",
    "with",
    "their",
    "they",
    "it",
    "that",
    "in",
    "on",
}

FLOW_RANK: tuple[tuple[re.Pattern[str], float], ...] = (
    (AUTH, 0),
    (
        rx(
            r"\b(import\w*|set ?up|create|add|post|request\w*|log|record\w*|submit|book|upload\w*|capture)\b"
        ),
        1,
    ),
    (rx(r"\b(comment\w*|annotat\w*|rate|rating|review\w*|reply|replies)\b"), 1.5),
    (rx(r"\b(approv\w*|confirm\w*|remind\w*|notif\w*|alerts?)\b"), 3),
    # Reading what the flow wrote comes after the writing: "Check his own balance by SMS" after "Treasurer marks who paid".
    (rx(r"\b(history|progress|streaks?|reports?|view|dashboard|group\w*|sort\w*|filter\w*|summar\w*|check(?![- ]?(?:in|out)\b)|"
        r"balances?|statements?|look up|browse|search)\b"), 4),
    (rx(r"\b(pay\w*|billing|subscri\w*|checkout)\b"), 5),
)

NEGATION = r"(?:not|no|never|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|can'?t|won'?t|hardly)"

AGREE = rx(
    r"\b(looks? (?:good|great|fine|right)|lgtm|agreed?|sounds? (?:good|great|right|fine)|ship it|"
    # In many Englishes: "Grand, I'm content", "Sweet as", "lekker", "Tidy", "Choice", "Sawa", "sige", "Theek hai".
    r"content|grand|sweet(?: as)?|lekker|tidy|choice|chur|sound|brilliant|lovely|nice one|happy days|on board|"
    r"that'?ll do|righto|too easy|theek hai|d'accord|vale|perfecto|sawa|sige|ja|shwe+t|"
    r"let'?s (?:go|do (?:it|this)|build (?:it|this)|proceed|go with (?:that|this|it))|go ahead|perfect|"
    r"works for me|happy with (?:it|this|that)|good to go|fine by me|approved?|yes|yep|yeah|sure|ok(?:ay)?|"
    r"deal|that'?s (?:right|fine|good)|correct|makes sense|no changes|all good|fine|alright|all right|cool|"
    r"great|k|kk|agree|i agree|ok la|can)\b"
)

PUSHBACK = rx(
    r"(^\s*(?:no|nope|nah)\b(?!\s+(?:problem|worries|changes|complaints|objections))|"
    r"\bbut\b|\bhowever\b|\bdisagree\b|\bdifferentiator\b|\bessential\b|\bcritical\b|\bcrucial\b|"
    r"\bnon-?negotiable\b|\bmust[- ]have\b|\bdeal[- ]?breaker\b|\bcan'?t (?:launch|ship|go live|sell) without\b|"
    r"\bwon'?t (?:work|sell|use it) without\b|\bwhy did you (?:cut|drop|remove|leave out|move|kill|deprioriti[sz]e)\b|"
    r"\b(?:i|we|they|users|customers|clients|our \w+|my \w+|people|everyone)\s+(?:really\s+|absolutely\s+|do\s+)?"
    r"(?:need|want|must have|require|insist)\b|"
    r"\bneeds? to be in\b|\b(?:should|has to|must) (?:be|go|stay) in\b|\binstead\b|"
    r"\b(?:please|can you|could you|let'?s|we should|you should) (?:add|include|put|move|bring back|keep|drop|remove|cut)\b|"
    r"^\s*(?:add|include|put|move|bring back|keep|drop|remove|cut)\b|"
    r"\bin(?:to)? (?:the )?(?:mvp|phase 1|p0|v1)\b|\btoo (?:small|big|aggressive|much|little|thin)\b|"
    r"\bnot (?:ok|okay|happy|convinced|enough|acceptable)\b)"
)

# "let's write the spec", "go ahead", "spec please": agreement that asks for the next step. On its own, in scoping,
# asking for the next step accepts the scope: "On you go with the spec", "crack on", "spec it up", "draft it".
NEXT_STEP = rx(
    r"\b(?:write|do|make|prepare|draft|start|generate|get)\b[^.?!]{0,20}\b(?:spec|specification|document|doc|prd)\b|"
    r"\bspec\s*(?:please|pls|now|na|time|it(?: up)?)?\s*[.!]*$|\b(?:go ahead|go on|go for it|proceed|let'?s go|"
    r"let'?s do it|ship it|move on|next step|carry on|lets go|on (?:you|we) go|crack on|get (?:on|going)|push on|"
    r"press on|adelante|vamos|allez|spec it(?: up)?|(?:write|draft|type) it(?: up)?)\b|"
    r"\b(?:with|to|for|on|onto|into|con) (?:the |la |le )?spec\b|^\W*go\b"
)
# "just write the spec", "write the spec already!!": skipping ahead, not accepting the scope.
IMPATIENT = rx(r"\bjust\b|\balready\b|\bright now\b|!{2,}|\bstop\b")
# Agreement in emoji: a thumbs-up, a tick, "ok hand", a rocket.
AGREE_EMOJI = re.compile("[\U0001F44D\u2705\U0001F44C\U0001F680\U0001F64C\U0001F4AF\u2714]")

# A clause asking something ("why did you cut that one?") requests nothing; "can you put X in phase 1?" does.
ASKING = rx(r"^\s*(?:why|what|what'?s|whats|how|where|when|which|who|is|are|does|do|did|was|were)\b")

QUESTION_START = rx(
    r"^\s*(?:what|how|why|which|when|where|who|is|are|does|do(?= (?:you|we|i|they|people|users|customers)\b)|can you explain|could you explain|explain|"
    r"tell me|what'?s|how'?s|why'?s)\b"
)

# "no problem" and friends are agreement, not a refusal.
# "no wahala" (Nigerian), "no stress", "no hassle": no problem, not a refusal.
IDIOMS = rx(r"\b(?:no|not a) (?:problem|worries|complaints|objections|changes|issues?|wahala|stress|hassle|bother)\b|\bnot bad\b")

EVIDENCE = (
    rx(r"\b\d+(?:\.\d+)?\s*(?:%|percent)"),
    rx(
        r"\b(?:customers?|users?|clients?|people|buyers|members|patients|they|nurses|teachers|parents|"
        r"\w+ers)\s+(?:have\s+|had\s+|keep\s+|kept\s+|all\s+|repeatedly\s+|always\s+)?"
        r"(?:asked|requested|told us|said|begged|complained|demanded|keep asking)"
    ),
    rx(r"\b(?:asked|requested|begged) (?:us )?for (?:it|this|that)\b"),
    # "Cork County Council asked us for 3 tree surveys in November alone".
    rx(r"\b(?:asked|requested|ordered|wanted)\s+(?:us|me)\s+for\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b"),
    rx(
        r"\b(?:our|in|from|we ran|we did)\s+(?:\d+\s+)?(?:\w+\s+)?(?:interviews?|surveys?|research|"
        r"pilot|beta|usability tests?|data|analytics)\b"
    ),
    rx(r"\binterviewed\b|\bsurveyed\b"),
    # "212 of 250 owners", "8 out of 10 couples": a count of the people asked.
    rx(r"\b\d+\s+(?:of|out of)\s+(?:the\s+|our\s+|my\s+)?(?:last\s+)?\d+\b"),
    # "I checked my last 50 bookings: 19 of them …": a count from one's own records.
    rx(r"\b(?:check(?:ed)?|went through|looked at|counted)\s+(?:my|our|the)\s+last\s+\d+\s+\w+"),
    rx(
        r"\bcompetitors?\s+(?:all\s+)?(?:have|offer|ship|has)\b|\bevery competitor\b|\ball (?:the |our )?competitors\b"
    ),
    rx(
        r"\bcontracts?\s+(?:requires?|says|demands?)\b|\brequired by\b|\b(?:legal|compliance|regulation|hipaa|"
        r"gdpr|law)\b.{0,30}\b(?:requires?|needs?|mandat\w*)\b|\bcontractually\b|"
        # "that's a legal thing now, we have to record it", "it's the law", "mandatory since April".
        r"\b(?:a|the)\s+legal\s+(?:thing|requirement|obligation|must)\b|\bit'?s\s+(?:the\s+)?law\b|\b(?:legally|by law)\s+"
        r"(?:required|obliged|have to|must)\b|\b(?:mandatory|compulsory|a legal requirement)\b"
    ),
    rx(
        r"\b(?:we|i)(?:'ve| have)?\s+already\s+(?:built|have|wrote|written|got|shipped|implemented)\b|"
        r"\balready built\b"
    ),
    rx(r"\b(?:lost|losing|lose) (?:\d+ )?(?:deals?|customers?|users?|clients?|sales)\b|\bchurn\w*\b"),
    rx(
        r"\b\d[\d,]*\s+(?:of\s+(?:our|the|them|those)\s+)?(?:\w+\s+)?(?:asked|said|use|used|want|wanted|requested|"
        r"told|signed|pay|paid|would|mentioned|voted)\b"
    ),
    rx(r"\bsigned (?:an? )?(?:loi|letter of intent|contract|pilot)\b|\bpre-?orders?\b|\bwaitlist of \d"),
    # "In the 9 groups I sit in, 7 charge a fine", "Two of the four shops we visited had a machine fail".
    rx(r"\bin (?:the |our |my )?\d+ \w+ (?:i|we)\b|\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten) of the "
       r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|last \d+)\b|\b\d+\s+(?:of them\s+)?(?:\w+\s+)?"
       r"(?:charge|run|keep|lose|lost|miss|missed|complain\w*|spend|spent|owe|had)\b"),
)




# -- change requests in argue-back (see requests.py); `what` names the feature in the founder's words ----
_NUM_WORD = r"(?P<n>\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|half a|half)"
# "not for the first summer": a seasonal business's first season is its first release.
_PHASE1 = (r"(?:the\s+)?(?:phase\s*(?:1|one)|first\s+(?:phase|version|release|lot|summer|season|winter|part|go|bit|stage|round|cut|iteration|build|drop)\b|mvp|v1|p0|day (?:one|1)|"
           r"(?:very\s+)?(?:start|beginning|launch)(?!\s+(?:of|date|time|page|screen|button)\b))")
# "later" in the words founders mix into their English: Hindi/Urdu "baad mein", Malay "nanti", Tagalog "mamaya",
# Spanish "después", French "plus tard", German "später", Swahili "baadaye".
LATER_ELSEWHERE = r"(?:(?:thoda\s+)?baad\s*(?:mein|me|main)|nanti|mamaya(?:\s+na)?|despu[eé]s|m[aá]s tarde|plus tard|sp[aä]ter|baadaye)"
_LATER = (r"(?:phase\s*[23]|later|v2|v3|the next phase|a later phase|next version|"
          # "push them to next winter": the next season is later.
          r"next\s+(?:year|season|winter|summer|spring|autumn|fall|term|semester)|(?:the )?(?:second|third) phase|phase (?:two|three)|"
          + LATER_ELSEWHERE + ")")
# What softens a request without changing it: "the grow report thing later maybe", "… phase 1 please".
SOFTENER = r"(?:\s+(?:maybe|perhaps|probably|i think|i guess|i suppose|please|pls|for sure|too|also|as well|ji|po|lah|la|na|then|one))*"
# A clause that only says where, with the verb left out: "the count for the cooks, that's the one, up the top", "the
# deposit. Phase 1." It promotes what the clause before named.
FIRST_ALONE = rx(r"^(?:but\s+|and\s+|so\s+)?(?:(?:(?:up|to|at|right at)\s+)?the\s+(?:top|front)(?:\s+of\s+the\s+(?:list|table))?|"
                 r"top of the (?:list|table)|"
                 r"(?:in\s+)?phase\s*(?:1|one)|first(?:\s+(?:one|thing))?)(?:\s+(?:please|pls|then|really|for sure|mate|bro))?\s*[.!]*$")
# A clause that only says "not now" / "maybe later": it defers what the clause before it named
# ("the public page is lovely but not now", "the yearly email is nice but not now").
LATER_ALONE = rx(r"^(?:but\s+|and\s+|so\s+)?(?:maybe\s+|probably\s+)?(?:not (?:now|yet|for now|right now|just yet|in (?:phase\s*(?:1|one)|v1|the mvp))|"
                 r"(?:for )?later|(?:to |in |into )?phase\s*(?:2|3|two|three)|v2|(?:the )?next phase|after launch|"
                 + LATER_ELSEWHERE + r")" + SOFTENER
                 # "And the nudges — phase 2, they're the least important": a reason may follow.
                 + r"(?:,\s+(?:it'?s|they'?re|that'?s|since|because|as|nobody|no one)\b[^,;]*)?\s*[.!?]*$")
SPLIT_PATTERNS = (
    rx(r"\bsplit(?:\s+up)?\s+(?P<what>.+?)\s+(?:in|into)\s+(?!(?:two|2)\b)(?P<a>.+?)\s+(?:and|&|\+)\s+(?P<b>[^,;]+)"),
    # "Split the loan schedule: the loan record now, the repayment schedule later."
    # "Split the scanning: scan out in phase 1, returns can be phase 2": each half may say its phase with a verb.
    rx(r"\bsplit(?:\s+up)?\s+(?P<what>[^:]+?)\s*:\s*(?P<a>.+?)\s+(?:(?:can|could|should|will|must)\s+(?:be|go|stay)\s+)?"
       r"(?:now|first|(?:in|for)\s+phase\s*(?:1|one)|phase\s*(?:1|one)|in v1|(?:on\s+)?day (?:one|1))\s*,\s*"
       r"(?:and\s+)?(?P<b>.+?)\s+(?:(?:can|could|should|will)\s+(?:be|go|come|wait)\s+(?:(?:to|in|for|till|until)\s+)?)?"
       r"(?:later|next|after|(?:in\s+|for\s+|to\s+)?phase\s*[23]|in v2|v2)\b"),
    # "break it into two: one for chairs and tables, one for the canopies", "divide the calendar in two, A and B".
    rx(r"\b(?:split|break|divide|separate|cut)(?:\s+up)?\s+(?P<what>.+?)\s+(?:in|into)\s+(?:two|2)(?:\s+(?:rows|parts|things|"
       r"features|bits|pieces|lines))?\s*[:,\u2014-]\s*(?:one\s+for\s+)?(?P<a>[^,;]+?)\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)"
       r"(?:(?:one|the other(?: one)?)\s+(?:for\s+)?)(?P<b>[^,;]+)"),
    # "split the coach blocks too: one for junior sessions and one for private paid coaching".
    rx(r"\b(?:split|break|divide|separate)(?:\s+up)?\s+(?P<what>[^:]+?)(?:\s+(?:too|as well|also))?\s*:\s*one\s+(?:for\s+)?"
       r"(?P<a>[^,;]+?)\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)(?:one|the other(?: one)?)\s+(?:for\s+)?(?P<b>[^,;]+)"),
)

# "can the return part be its own line?", "give the photo its own row", "make refunds a separate feature": one part
# of a row split off into a row of its own.
OWN_ROW = rx(r"\b(?:can|could|should|make|give|have|let)\s+(?:the\s+)?(?P<part>[^,;]+?)(?:\s+(?:part|bit|side|piece|step|one))?\s+"
             r"(?:be\s+|get\s+|have\s+)?(?:its|their|it'?s|a)\s+(?:own|separate)\s+(?:line|row|feature|thing|item|screen)\b|"
             r"\bgive\s+(?:the\s+)?(?P<part2>[^,;]+?)\s+(?:its|their)\s+own\s+(?:line|row|feature|thing|item|screen)\b")
# "the invoice and card payment, those are two jobs really": the row is two rows.
SPLIT_TWO_JOBS = rx(r"(?:^|[.!?]\s+)(?:(?:oh|and|but|also|so)[,\s]+)*(?:the\s+)?(?P<what>(?P<a>[^,;.!?]+?)\s+(?:and|&|\+)\s+(?P<b>[^,;.!?]+?))"
                    r"\s*(?:,\s*(?:those|these|they|that|it)(?:'re|\s+are|'s|\s+is)|\s+(?:is|are))\s+"
                    r"(?:really\s+|actually\s+|honestly\s+)?"
                    # "ask to swap and manager approve is 2 thing, please split": one row said to be two jobs.
                    r"(?:two|2|separate|different)\s+(?:jobs?|things?|features?|rows?|bits?|screens?|steps?)\b")
MERGE_PATTERNS = (
    rx(r"\b(?:merge|combine|join|fold)\s+(?P<a>.+?)\s+(?:and|with|&|\+)\s+(?P<b>.+?)(?:\s+(?:into|as)\s+(?P<into>[^,;]+))?"
       r"(?=,|;|$)"),
    rx(r"\b(?:merge|fold|put)\s+(?P<a>.+?)\s+into\s+(?P<b>[^,;]+)"),
    # "put the league tables together with the fixtures as one thing", "put them and the fixtures together".
    rx(r"\b(?:put|bring|lump)\s+(?P<a>.+?)\s+together\s+with\s+(?P<b>.+?)(?:\s+as\s+(?:one|a single)(?:\s+(?:thing|row|feature))?)?$"),
    rx(r"\b(?:put|bring|lump)\s+(?P<a>.+?)\s+(?:and|&|\+)\s+(?P<b>.+?)\s+together\b"),
    # "booking and assigning should be one thing only".
    rx(r"^(?P<a>[^,;]+?)\s+(?:and|&|\+)\s+(?P<b>[^,;]+?)\s+(?:should|must|can|could|need to)\s+(?:(?:just|really|honestly|probably)\s+)?be\s+(?:one|a single)\s+"
       r"(?:thing|row|feature|screen|step)\b"),
    # "Damage charges and deposits are really the same money conversation", "the unpaid list and the payment link go hand
    # in hand", "the last payment milestone and the defects list actually go together": two rows said to be one.
    rx(r"^(?P<a>[^,;]+?)\s+(?:and|&|\+)\s+(?P<b>[^,;]+?)\s+(?:are|is)\s+(?:(?:really|basically|actually|just|kind of|pretty much)\s+)?"
       r"(?:the same|one|1)\s+(?:[\w-]+\s+){0,2}?(?:thing|row|feature|screen|step|conversation|job|page|form)\b"),
    rx(r"^(?P<a>[^,;]+?)\s+(?:and|&|\+)\s+(?P<b>[^,;]+?)\s+(?:(?:really|basically|actually|just|kind of|always)\s+)?"
       r"(?:go|belong|sit|fit|come)\s+(?:together|hand in hand)\b"),
    # "I'd nearly keep that with the draw numbers, it's the same screen on the night".
    rx(r"\b(?:keep|put|have|do)\s+(?P<a>[^,;]+?)\s+(?:with|alongside|together with|next to)\s+(?P<b>[^,;]+?)\s*,\s*"
       r"(?:it'?s|they'?re|that'?s|it is|they are)\s+(?:(?:really|basically|all|just)\s+)?(?:the same|one)\b"),
)
# "the 2 week warning is really part of the kit list (so merge those)": the first row goes into the second, which
# keeps its name (requests.MERGE_KEEPS_SECOND).
MERGE_PART_OF = rx(r"^(?P<a>[^,;]+?)\s+(?:is|are|'s|'re)\s+(?:(?:really|basically|actually|just|kind of|pretty much|only|"
                   r"all|honestly|obviously)\s+)*(?:a\s+|one\s+)?(?:part|piece|bit|feature|step)\s+of\s+(?P<b>[^,;]+?)"
                   r"(?=\s+(?:so|and|anyway|really)\b|\s*[,;.!]|$)")
# "join them into one", "combine them", "make them one thing": the two rows named just before become one.
MERGE_THEM = rx(r"\b(?:(?:merge|combine|join|fold)\s+(?:them|those|these|the two|both)(?:\s+(?:together|into one|as one|in one))?|"
                r"(?:make|put|bring)\s+(?:them|those|these|the two|both)\s+(?:together|into one|as one|one)\b)")
EFFORT_PATTERNS = (
    rx(r"\b(?:set|change|make|put)\s+(?P<what>.+?)\s*(?:'s)?\s+effort\s+(?:to|at|=)\s+" + _NUM_WORD + r"\b"),
    rx(r"^(?:(?P<what>.+?)\s+)?effort\s+(?:to|at|=|should be|is)\s+" + _NUM_WORD + r"\b"),
    rx(r"\b(?:give|put|set)\s+(?P<what>it|that|this|them)\s+(?:at\s+|to\s+)?" + _NUM_WORD + r"\s*(?:person[- ])?(?:weeks?|wks?)\b"),
    # "can it be 2 days only?" (days already read as weeks).
    rx(r"\b(?:can|could|should)\s+(?P<what>it|that|this|they)\s+(?:just\s+)?be\s+(?:only\s+)?" + _NUM_WORD + r"\s*(?:weeks?|wks?)\b"),
    rx(r"^(?P<what>.+?)\s+(?:is|are|takes?|will take|would take|could take|needs?|is more like|is about|is really)\s+"
       r"(?:more like\s+|about\s+|around\s+|roughly\s+|at least\s+|closer to\s+)?" + _NUM_WORD
       + r"\s*(?:person[- ])?(?:weeks?|wks?)\b(?!\s+(?:to|until|before|from))"),
    rx(r"^(?P<what>.+?),?\s+(?:give it|make it|call it|put it at)\s+" + _NUM_WORD + r"\s*(?:person[- ])?(?:weeks?|wks?)\b"),
    # "Call it half a week.", "so one week", "progress tracker: half a week": the feature is named before.
    rx(r"^(?:(?:so|then|just|say|call it|make it|give it|put it at)\s+)*" + _NUM_WORD
       + r"\s*(?:person[- ])?(?:weeks?|wks?)(?:\s+(?:max|tops|at most|at the most|of work))?\s*(?:$|,)"),
    # "one week at most", "1 week max", "at most two weeks": a ceiling is the founder's estimate.
    rx(r"^(?:(?P<what>.+?),?\s+)?" + _NUM_WORD + r"\s*(?:person[- ])?(?:weeks?|wks?)\s+(?:at most|at the most|max(?:imum)?|tops)\b"),
    rx(r"^(?:(?P<what>.+?),?\s+)?(?:at most|no more than|max(?:imum)?)\s+" + _NUM_WORD + r"\s*(?:person[- ])?(?:weeks?|wks?)\b"),
    # Terse: "alert 2 days not 1 wk" (days already read as weeks), "the export 1 week": a name and its weeks.
    rx(r"^(?!(?:add|include|cut|remove|drop|put|move|push|make|give|set|chuck|throw|stick)\b)(?P<what>[^,;]+?)\s+"
       r"(?<!\bafter )(?<!\bwithin )(?<!\bevery )(?<!\bper )(?<!\bonce )(?<!\bfor )" + _NUM_WORD
       + r"\s*(?:person[- ])?(?:weeks?|wks?)(?:,?\s+not\s+(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six)\s*(?:weeks?|wks?))?\s*$"),
)
# "make the measurement saving smaller", "simplify the GST invoice", "X can be simpler": a lighter first cut.
SMALLER_PATTERNS = (
    # "make that a wee bit smaller", "make am small" (Nigerian Pidgin "am" is "it").
    rx(r"\b(?:make|keep)\s+(?P<what>.+?)\s+(?:(?:a\s+)?(?:wee\s+|little\s+|tiny\s+)?bit\s+|a lot\s+|much\s+|way\s+|even\s+)?"
       r"(?:smaller|simpler|lighter|leaner|more basic|basic|minimal|thinner|small|simple)\b"),
    rx(r"\b(?:simplify|shrink|slim down|trim down|trim|cut down|scale down|strip down)\s+(?P<what>[^,;?]+?)"
       r"(?=\s+(?:to|for now|please)\b|,|;|\?|$)"),
    rx(r"^(?P<what>.+?)\s+(?:can|could|should)\s+be\s+(?:much\s+|a lot\s+|way\s+|far\s+|a bit\s+)?(?:smaller|simpler|lighter|"
       r"leaner|more basic)\b"),
    # "deposits much smaller: …", "the fee reminders: smaller, just an email", "it can be a simple request form".
    rx(r"^(?P<what>.+?)\s*:?\s+(?:much|way|far|a lot|a bit)\s+(?:smaller|simpler|lighter|leaner)\b"),
    rx(r"^(?P<what>[^:]+?)\s*:\s*(?:much\s+|way\s+)?(?:smaller|simpler|lighter|leaner|more basic)\b"),
    rx(r"^(?P<what>.+?)\s+(?:can|could|should)\s+(?:just\s+)?be\s+(?:a|an|just a)\s+(?:simple|basic|plain)\b"),
    rx(r"^(?:(?P<what>.+?),?\s+)?half (?:the|its|of the) effort\b"),
    rx(r"^(?:much\s+|way\s+|a lot\s+)?(?:smaller|simpler|lighter|leaner)\s*$"),
    # "the rent thing can be simple only", "photo log smaller", "that one please make simple".
    rx(r"^(?P<what>.+?)\s+(?:can|could|should|must)\s+(?:just\s+)?be\s+(?:very\s+|really\s+|more\s+)?(?:simple|basic|minimal)\b"
       r"(?!\s+(?:to|for|enough)\b)"),
    rx(r"^(?P<what>[^,;:]+?)\s+(?:smaller|simpler|lighter|leaner)\s*$"),
    rx(r"^(?P<what>[^,;]+?)\s+(?:please\s+|pls\s+|kindly\s+)?(?:make|keep)\s+(?:it\s+)?(?:smaller|simpler|simple|basic|small|lighter)\b"),
)
DEFER_WORDS = rx(r"\b(?:for now|later|" + LATER_ELSEWHERE + r"|phase\s*[23]|v2|(?:can|will) wait|next phase|postpone|defer|push\w*|from phase 1|"
                 r"from (?:the )?first (?:phase|version)|out of (?:the )?first (?:phase|version)|not yet|yet|"
                 r"nice[- ]to[- ]have|for the moment)\b")
QUESTION_REQUESTS = (
    # "what if route for the day waits", "how about the reviews go to phase 2?": a deferral put as a suggestion.
    rx(r"\b(?:what if|how about|what about|maybe)\s+(?:we\s+let\s+)?(?P<what>[^,;?]+?)\s+(?:waits|wait|waited|"
       r"(?:goes|go|went|moves|move)\s+(?:to\s+|in\s+|into\s+)?" + _LATER + r")\b"),
    # A question that is a request: "is the map really needed in phase 1?", "do we really need the chat in v1?"
    rx(r"^(?:(?:hmm+|so|but|and|honestly)[\s,]+)*(?:is|are)\s+(?P<what>.+?)\s+(?:really\s+)?(?:needed|necessary|required|"
       r"essential)\b(?:\s+(?:in|for)\s+" + _PHASE1 + r")?"),
    rx(r"^(?:(?:hmm+|so|but|and|honestly)[\s,]+)*do\s+(?:we|they|you|i)\s+(?:really\s+)?need\s+(?P<what>.+?)\s+(?:in|for)\s+"
       + _PHASE1),
    # "Not sure we need the location for each car yet, couldn't that wait?", "I wonder if we need the map at first",
    # "do we really need the export yet?": a doubt about a row is a deferral (it was read as asking for the row).
    rx(r"\b(?:not sure|unsure|(?:i\s+)?doubt|wonder(?:ing)?\s+(?:if|whether))\s+(?:if\s+|whether\s+|that\s+)?(?:we|they|i|you|"
       r"people|users|(?:the|our|my)\s+[a-z]+)\s+(?:really\s+|even\s+|actually\s+)?need\s+(?P<what>[^,;?!.]+?)(?:\s+(?:yet|now|right now|at first|"
       r"first|for now))?\s*(?=[,;?.!]|$)"),
    rx(r"^(?:(?:hmm+|so|but|and|honestly)[\s,]+)*do\s+(?:we|they|you|i)\s+(?:really\s+|even\s+)?need\s+(?P<what>[^,;?]+?)\s+"
       r"(?:yet|now|right now|at first|for now)\s*\?"),
    # "Could we move the deposit later?", "can we push the map back?": a move asked as a question is the move.
    rx(r"^(?:(?:so|and|but|then|also)\s+)?(?:can|could|should|shall)\s+(?:we|you)\s+(?:move|push|put|shift|bump|leave|save)\s+"
       r"(?P<what>[^,;?]+?)\s+(?:later|back|to later|for later|till later|until later|(?:to|into)\s+phase\s*[23])\b"),
)
DEFER_PATTERNS = (
    # "I'm not sure the deposit should be in the first version", "I don't think the map needs to be in v1": doubt that a
    # row belongs in the first version puts it off.
    rx(r"^(?:(?:but|and|so|hmm|actually)\W+)*(?:i'?m|i am|we'?re|we are)\s+not\s+(?:so\s+|too\s+|really\s+|entirely\s+)?"
       r"(?:sure|convinced)\s+(?:that\s+|whether\s+|if\s+|about\s+)?(?P<what>[^,;]+?)\s+(?:should|needs? to|has to|must|"
       r"ought to)\s+(?:be|go)\s+(?:in(?:to)?\s+)?" + _PHASE1),
    rx(r"^(?:(?:but|and|so|hmm|actually)\W+)*(?:i|we)\s+(?:don'?t|do not)\s+(?:really\s+)?think\s+(?P<what>[^,;]+?)\s+"
       r"(?:should|needs? to|has to|must)\s+(?:be|go)\s+(?:in(?:to)?\s+)?" + _PHASE1),
    # "Could we move the deposit later?", "can we push it back a bit": the row between the verb and "later".
    rx(r"^(?:(?:so|and|but|then|also)\s+)?(?:can|could|should|shall)\s+(?:we|you)\s+(?:move|push|put|shift|bump|leave|save)\s+"
       r"(?P<what>[^,;]+?)\s+(?:later|back|to later|for later|till later|until later|(?:to|into)\s+phase\s*[23])\b"),
    # "ok the reminder thing, can it wait till later": asked of the row named before.
    rx(r"^(?:can|could|should|shall)\s+(?P<what>it|that|this|they|those|these|them)\s+(?:wait\b|(?:go|come|move)\s+(?:later|after|"
       r"(?:to|in|into)\s+(?:phase\s*[23]|later))\b)"),
    rx(r"\b(?:push|move|put|defer|postpone|shift|bump|park|leave|save|chuck|bung|stick|shove|throw|pop)\s+(?P<what>.+?)\s+"
       r"(?:to|into|in|until|till|for)\s+" + _LATER),
    # "mek it wait till later" (patois "make it wait") before "make it phase 2".
    rx(r"\bmake\s+(?P<what>[^,;]+?)\s+wait\b"),
    # "kindly make it phase 2", "make the statement a phase 2 thing".
    rx(r"\bmake\s+(?P<what>[^,;]+?)\s+(?:a\s+)?" + _LATER + r"\b"),
    # "Invoice after, push that back": "back" is where it goes, not its name.
    # "I'd push back on the daily report": argued against, it waits (the row is what follows "back on").
    rx(r"\b(?:push|defer|postpone|park)\s+(?:back\s+(?:on|against)\s+)?(?P<what>[^,;?\u2014]+?)(?:\s+back)?"
       r"(?=\s+(?:for now|for later)|\s*[,;?\u2014\u2013]|\s+-\s|$)"),
    # "maybe leave that for now", "park the map for the moment".
    rx(r"\b(?:leave|park|hold|skip)\s+(?P<what>[^,;]+?)(?:\s+out)?\s+(?:for now|for the moment|for the time being)\b"),
    # "so keep it aside", "put the vacancy list on hold": set aside for later, not thrown away.
    rx(r"\b(?:keep|put|set|leave)\s+(?P<what>[^,;]+?)\s+(?:aside|on hold|on the back burner|on ice)\b"),
    # "The SMS receipt, let it wait for phase 2".
    rx(r"\blet\s+(?P<what>[^,;]+?)\s+wait\b"),
    # "that's not a phase 1 thing", "the crew sheet is not for launch".
    rx(r"^(?P<what>.+?)\s+(?:is|are)\s+not\s+(?:(?:a|an)\s+" + _PHASE1 + r"\s+(?:thing|feature|item|must)|(?:needed\s+)?for\s+(?:launch|"
       + _PHASE1 + r"))\b"),
    # "the calendar, e go wait" (Pidgin: it will wait).
    rx(r"^(?P<what>.+?)\s+(?:can|could|should|will(?: have to)?)\s+wait\b"),
    rx(r"^(?P<what>.+?)\s+can\s+(?:both\s+|all\s+|also\s+)?go\s+(?:to\s+|in\s+|into\s+)?" + _LATER),
    rx(r"^no\s+(?P<what>.+?)\s+(?:yet|for now|in " + _PHASE1 + r")\s*$"),
    rx(r"^(?P<what>.+?)\s+(?:is|are)\s+(?:just\s+)?(?:a\s+)?nice[- ]to[- ]haves?\b"),
    # "the calendar can come after", "the manager's view of today's bookings can come later": before the bare "later".
    rx(r"^(?P<what>.+?)\s+(?:can|could|should|will)\s+(?:come|go|follow)\s+(?:after|afterwards|later|next)\b"),
    rx(r"^(?:(?P<what>.+?)[\s,]+)?(?:later|for later|to later|next phase|in v2|(?:(?:to|in|into)\s+)?phase\s*[23]|"
       + LATER_ELSEWHERE + ")" + SOFTENER + r"\s*$"),
    rx(r"\bdrop\s+(?P<what>.+?)\s+from\s+" + _PHASE1),
    rx(r"^(?:(?P<what>.+?)[\s,]+)?(?:we\s+)?(?:can|could|should)\s+(?:we\s+|you\s+)?(?:put|push|move|leave|keep|do)\s+"
       r"(?:it\s+|that\s+|them\s+)?(?:for\s+|to\s+|in\s+|till\s+)?" + _LATER),
    # "Video lessons and the sheet music library go to the very end."
    rx(r"^(?P<what>.+?)\s+(?:can\s+|should\s+|will\s+)?(?:go|goes|move|moves|drop|drops)\s+to\s+the\s+(?:very\s+)?"
       r"(?:end|bottom|back)\b"),
    *QUESTION_REQUESTS,
)
# "drop the seat map, customers just sit anywhere", "cut the bar tab, guests buy at the desk": after a cut's comma, people
# doing something is the reason, not another row to cut ("cut the map, the members list and the chat" lists rows).
REASON_ITEM = rx(r"^(?:(?:the|our|my|most|all)\s+)?(?:people|users|customers|clients|members|guests|parents|kids|children|staff|"
                 r"folks|everyone|everybody|nobody|\w+(?:ers|ors|ists|ians))\s+(?!(?:list|lists|app|area|page|portal|directory|"
                 r"profiles?|login|details|register|rota|map|chat|screen|form|records?|notes?)\b)[\w'-]+\s+\w|"
                 r"\b(?:just|already|anyway|always|never|usually|still|mostly|anyhow)\b")
# How much, said of a cut: "cut it entirely", "drop it altogether", "scrap completely".
DEGREE = r"(?:entirely|completely|altogether|totally|fully|wholly|outright|for good|once and for all|right out)"
CUT_PATTERNS = (
    # After "the", "a", "my" the verb is a noun: "first the skip and daily count" cuts nothing.
    rx(r"(?<!\bthe )(?<!\ba )(?<!\bmy )(?<!\bour )(?<!\bthat )(?<!\bthis )"
       # "chuck the calendar", "nix the chat", "axe the badges", "toss the map"; "chuck in a map" adds one.
       r"\b(?:cut(?!\s+line)|remove|drop|delete|kill|scrap|ditch|bin|"
       # "That's where we lose the most time": what someone loses is a complaint, not a row cut.
       r"(?<!\bwe )(?<!\bi )(?<!\bthey )(?<!\byou )(?<!\bhe )(?<!\bshe )lose(?!\s+(?:track|(?:the\s+)?(?:most\s+)?(?:time|money|hours?|days?|sleep|customers?|clients?|sales|business)\b))|get rid of|take out|skip|"
       r"chuck(?!\s+(?:in|on|it\s+in)\b)(?:\s+out)?|nix|axe|toss|junk)\s+"
       # "the passport thing we can drop for now": when, after the verb, is not what.
       # "the curio shop I'd cut entirely": an adverb of degree after the verb says how much, it names no row.
       r"(?!(?:for\s+now|for\s+later|for\s+the\s+moment|now|later|at\s+first|first|" + DEGREE + r")\s*(?:[,;:.!?]|$))"
       r"(?!(?:for\s+now|for\s+later|for\s+the\s+moment|now|later|at\s+first|first)\b)(?P<what>[^,;:]+?)"
       # "drop it: tourists pay cash anyway": after the colon comes the reason.
       r"(?=\s+(?:and\s+(?:add|include|put)|instead)\b|,|;|:|$)"),
    # "actually forget the bookings, what we really need is …", "forget about the leaderboard": said to the PM, a cut
    # ("we forget the pick-up time", with its own subject, is a pain).
    # "never mind the tracking and the map, all we really need is …": the same, with every row it lists.
    rx(r"^\W*(?:(?:actually|ok(?:ay)?|so|and|but|oh|nah|no|look|honestly|just)\W+)*(?:forget|never\s*mind)\s+(?:about\s+)?"
       r"(?P<what>(?:the|that|this|those|these|all the|all that|all this)\s+[^,;:]+?)"
       r"(?=\s+(?:and\s+(?:then|we|i|just|instead)|then|we|i|instead)\b|,|;|:|$)"),
    # "take the card payment out", "take that out".
    rx(r"\btake\s+(?P<what>(?!out\b)[^,;:]+?)\s+out\b(?!\s+of\s+(?:phase|the mvp|v1))"),
    # "Sign-up is not needed" cuts; "only basic fields are needed" says how small, it cuts nothing.
    rx(r"^(?P<what>.+?)\s+(?:(?:is|are)\s+not|isn'?t|aren'?t)\s+(?:really\s+)?(?:needed|necessary|required)\b"),
    # "salary calculate i dont need now": a time word after "need" is when, not what (the row comes before).
    rx(r"\b(?:don'?t|doesn'?t|do not|does not|won'?t|shouldn'?t|should not|wouldn'?t)\s+(?:really\s+)?need\s+"
       r"(?!(?:now|yet|first|right now|anymore|any more|at the moment|for now|at first)\b)(?P<what>[^,;]+)"),
    rx(r"\bno need for\s+(?P<what>[^,;]+)"),
    # "The notebook import no need, agents will just start fresh": the row, then "no need".
    # "sold out button not needed first" (read as "… not needed for phase 1"): the row, then "not needed" for now.
    rx(r"^(?P<what>[^,;]+?),?\s+(?:no need|not needed|no use)\b(?!\s+(?:for(?!\s+phase\s*(?:1|one)\b)|to|of)\b)"),
    # "leave it out", "leave the fee tracking out".
    rx(r"\bleave\s+(?P<what>[^,;]+?)\s+out\b"),
    rx(r"^(?P<what>.+?)\s+can\s+(?:both\s+|all\s+|also\s+)?go\b(?!\s+(?:in|into|to))"),
    # "the blog we can scrap completely", "the curio shop I'd cut entirely", "the bar tab I would totally remove".
    rx(r"^(?P<what>.+?)\s+(?:we|you|i)(?:\s+can|\s+could|'d|\s+would|\s+should|'ll|\s+will)\s+(?:also\s+|just\s+|" + DEGREE
       + r"\s+)?(?:drop|cut|remove|skip|lose|leave out|do without|scrap|bin|ditch|get rid of|kill)\b"),
    # "Attendance record can take out first" (Singapore English): the row, then "can take out" for now.
    rx(r"^(?P<what>.+?)\s+can\s+(?:also\s+)?(?:take out|take away|remove|drop|cut|skip)(?:\s+(?:first|for now|now|lah|la|already))*"
       r"\s*[.!]*$"),
    # "the girls will hate it, maybe remove?", "can drop": the verb alone points back.
    rx(r"(?:^|(?<=,\s)|(?<=,))(?:(?:maybe|perhaps|just|so|then|better|we can|can|could|pls|please)\s+)*(?:cut|drop|remove|scrap|bin|ditch|skip|chuck|nix|axe|toss)"
       r"(?P<what>\s+(?:it|that|this|them))?\s*\??\s*$"),
    # "the vacancy list we are not needing first", "the map they don't need": the row, then who does without it.
    rx(r"^(?P<what>.+?)\s+(?:we|i|they|you)\s+(?:(?:are|am)\s+not\s+needing|(?:don'?t|do not|won'?t)\s+(?:really\s+)?need)\b"),
)
# "… we are not needing first", "we don't need it now": not in the first phase, which is a deferral.
NOT_NEEDED_YET = rx(r"\bneed(?:ed|ing)?\s+(?:it\s+|that\s+|them\s+)?(?:first|now|right now|yet|(?:in|for) phase\s*(?:1|one))\b")
# "first the skip and daily count": which rows come first. It adds no row the table lacks.
FIRST_PROMOTE = rx(r"^(?:(?:but|and|so|then)\s+)?first\s+(?P<what>(?!of\b|time\b|thing\b|version\b|phase\b)[^,;]+?)"
                   + SOFTENER + r"\s*$")
# A word that makes a clause a sentence rather than a feature's name ("X is too big for phase 1" names no feature).
_NOT_A_VERB = (r"(?!(?:is|are|was|be|for|to|than|not|no|can|could|should|must|need|needs|in|it|its|it's|that|too)\b)")
# "first priority", "top priority", "number one priority", "#1 priority": the first of the rows.
_FIRST_PRIORITY = r"(?:the\s+|our\s+|my\s+|her\s+|his\s+|their\s+|a\s+)?(?:first|top|highest|number\s+one|no\.?\s*1|#\s*1|main|1st)\s+priority\b"
PROMOTE_PATTERNS = (
    # "can the week view be first priority?", "could the reminders be top priority": the row between the modal and "be".
    rx(r"^(?:(?:so|and|but|then|also|ok(?:ay)?)\s+)?(?:can|could|should|shall|would|will)\s+(?!(?:it|that|this|they|them|those|we|you|i)\s)"
       r"(?P<what>[^,;]+?)\s+be\s+" + _FIRST_PRIORITY),
    # "make the week view top priority", "prioritise the deposit list", "the deposit list is top priority".
    rx(r"\b(?:make|making|made)\s+(?P<what>(?!(?:it|that|this|them)\b)[^,;]+?)\s+" + _FIRST_PRIORITY),
    rx(r"\bprioriti[sz]e\s+(?P<what>(?!(?:it|that|this|them)\b)[^,;.!?]+?)(?:\s+(?:please|pls|first|lah|la|na))?\s*(?:[,;.!?].*)?$"),
    rx(r"^(?P<what>(?!(?:it|that|this|they|what)\b)[^,;]+?)\s+(?:is|are|'s|should be|must be|has to be|needs to be)\s+" + _FIRST_PRIORITY),
    # "The photo proof is number one, phase 1", "the crate count is the number one thing": first, said as a rank.
    rx(r"^(?P<what>(?!(?:it|that|this|they|what|mine|ours)\b)[^,;]+?)\s+(?:is|are|'s|should be|must be)\s+(?:the\s+|my\s+|our\s+)?"
       r"(?:number\s+one|no\.?\s*1|#\s*1)(?:\s+(?:thing|one|job|feature|must-have|for\s+(?:me|us)))?(?=\s*(?:[,.;!?]|$))"),
    # "could the route plan come up into phase 1?": the row between the modal and its verb.
    rx(r"^(?:(?:so|and|but|then|also)\s+)?(?:can|could|should|shall)\s+(?!(?:it|that|this|they|them|those|we|you|i)\s)"
       r"(?P<what>[^,;]+?)\s+(?:come|go|move|jump|be moved)\s+(?:up\s+)?(?:in|into|to)\s+" + _PHASE1),
    rx(r"^(?!(?:can|could|would|will|pls|please)\b)(?P<what>[^,;]+?)\s+(?:please\s+|pls\s+|kindly\s+)?(?:keep|put|leave|have)\s+(?:it\s+|them\s+)?(?:in|into)\s+" + _PHASE1),
    rx(r"^(?:(?P<what>.+?)\s+)?(?:has|have|needs?|must|should|got)\s+to\s+(?:be|go|stay|come)\s+(?:in\b|p0|there|" + _PHASE1 + ")"),
    # "so it goes to the top of the list", "the receipts move to the front".
    rx(r"^(?P<what>[^,;]+?)\s+(?:goes|go|moves?|belongs?|jumps?)\s+(?:up\s+)?(?:to|at)\s+the\s+(?:top|front|head)\b"),
    # "deposit up the top tho", "the sms to parents up front": the row and where it goes, with no verb at all.
    rx(r"^(?:(?:but|and|so|then|yeah|ok(?:ay)?)\s+)?(?P<what>(?!(?:it|that|this|them|those|one|we|i|you|they|put|move|bring|bump|get|keep|have|pull|push|stick|chuck)\b)(?![^,;]*\b(?:is|are|was|were|am)\b)[^,;]+?)\s+(?:up\s+(?:the\s+)?top|"
       r"up\s+front|at\s+the\s+top)\s*(?:tho|though|pls|please|lah|na|eh|mate)?(?=\s*(?:[,.;!]|$))"),
    # "The pay reminder put number one please": the row, then the verb without an object.
    rx(r"^(?P<what>(?:the|my|our)\s+[^,;]+?)\s+(?:please\s+|pls\s+)?(?:put|move|bring|bump)\s+(?:(?:it|that)\s+)?(?:up|first|to the top|"
       r"to the front|(?:at\s+)?(?:number|no\.?)\s*(?:one|1))\b"),
    # "bring back the end of month report", "restore the badges", "the export should come back": a cut row returns.
    rx(r"\b(?:bring|put|add|get|have)\s+back\s+(?!(?:in|into|to|on)\b)(?P<what>[^,;.!?]+?)(?:\s+(?:please|pls|too|again))?\s*(?:[,;.!?].*)?$"),
    rx(r"\b(?:restore|reinstate|revive|resurrect|un-?cut)\s+(?P<what>[^,;.!?]+?)(?:\s+(?:please|pls|too|again))?\s*(?:[,;.!?].*)?$"),
    rx(r"^(?P<what>[^,;]+?)\s+(?:should|must|needs? to|has to|can|could)\s+come\s+back\b"),
    # "put it first na", "abeg bring it to the front": first in line is Phase 1.
    rx(r"\b(?:move|put|bring|pull|get|keep|bump|have(?!\s+to\b))\s+(?:(?P<what>(?!to\b).+?)\s+)?(?:up|back in|forward|higher|to the top|"
       r"(?:to\s+(?:the\s+)?)?first(?=\s*(?:(?:na|please|pls|ji|lah|leh|o|then|abeg)\b|[.,;!?]|$))|to the front|(?:at\s+)?(?:number|no\.?)\s*(?:one|1)|#\s*1|in front|on top|at the top)\b"),
    # "bring am come phase 1": in Nigerian Pidgin "come" after the verb is "to".
    # "can that come up to phase 1?": "up" is where, not what.
    # "chuck it in phase 1", "bung the reminders into the first version", "pop that in v1": casual verbs of putting.
    rx(r"\b(?:move|put|bring|pull|get|keep|have(?!\s+to\b)|come|chuck|bung|stick|pop|shove|slot|throw|drag)\s+"
       r"(?:(?P<what>(?!(?:up|back|forward)\s+(?:in|into|to)\b).+?)\s+)?"
       r"(?:(?:up|back|forward)\s+)?(?:in|into|to|on|at|come)\s+" + _PHASE1),
    # "the text wants to be in the first go", "that ought to be in phase 1": "wants to be" is "needs to be".
    rx(r"^(?:(?P<what>.+?)\s+)?(?:should|must|needs? to|has to|can|wants? to|ought to|(?:had|'d) better|(?:has |have )?got to|gotta)"
       r"\s+(?:be|go|stay|come)\s+(?:there\s+)?(?:in(?:to)?\s+)?" + _PHASE1),
    # "…, must be in first": in the first version, said short.
    rx(r"^(?:(?P<what>[^,;]+?)(?:\s+(?:is|are)\b[^,;]*)?,?\s+)?(?:should|must|needs? to|has to)\s+(?:be|go|come)\s+(?:in\s+)?"
       r"(?:the\s+)?first\s*[.!]*$"),
    # "the pickup day seems more important to me than that", "the reminders seem the main thing".
    rx(r"^(?P<what>.+?)\s+(?:(?:is|are)|(?:seems?|looks?|feels?)(?:\s+to\s+me)?(?:\s+like)?)\s+(?:(?:way|much|far|a lot)\s+)?"
       # "…, pay for a block is more important" after a deferral: more important than what was just put off.
       r"more important(?:\s+to\s+(?:me|us|them))?(?:\s+than\b|\s*(?:tbh|though|now|really)?\s*[.!]*$)|"
       r"^(?P<what2>.+?)\s+(?:seems?|looks?|feels?)(?:\s+to\s+me)?(?:\s+like)?\s+(?:the|our)\s+(?:main|most important|key|big)\s+"
       r"(?:thing|bit|part|one)\b"),
    # "waivers are kinda a must", "the photo thing is kinda the main thing": a hedge before it changes nothing.
    rx(r"^(?:(?P<what>.+?)\s+)?(?:is|are)\s+(?:(?:kinda|kind of|sort of|pretty much|basically|definitely|absolutely|totally|really)\s+)?(?:a must(?:[- ]have)?|must[- ]have|essential|critical|crucial|non-negotiable|"
       # "remind before shift is very important for me": importance said outright.
       r"(?:very|really|super|so|extremely)\s+important(?:\s+(?:for|to)\s+(?:me|us|them|my\s+\w+|our\s+\w+))?|"
       r"(?:our|the)\s+(?:real\s+|main\s+|key\s+)?differentiator|the whole point|a deal[- ]?breaker|"
       # "the quote form is what matters", "seeing your place on the list is the main thing", "the flag list is the core".
       r"what (?:really\s+)?matters?|the (?:main|most important|important|key|big) (?:thing|bit|part|one)|"
       # "the reminder's the thing that matters".
       r"the (?:one\s+)?(?:thing|bit|part|one) that (?:really\s+)?matters|"
       r"the core(?: of (?:it|the app|this))?|the heart of (?:it|the app|this)|the priority)\b"),
    rx(r"^(?P<what>[^,;]+?)\s+must\s+have\b"),
    # "I'd want it in at the start".
    # "I'd actually like that up in phase 1 as well", "we'd love the deposit in v1".
    rx(r"\b(?:i|we|they)(?:'d|\s+would)?\s+(?:really\s+|absolutely\s+|actually\s+|also\s+)?(?:need|want|like|love|prefer)\s+"
       r"(?P<what>.+?)\s+(?:up\s+|back\s+)?in(?:to)?\s+(?:at\s+|from\s+)?" + _PHASE1),
    rx(r"^(?:(?P<what>[^,;]+?),?\s+)?(?:those|that|this|it|them)\s+(?:i|we)(?:'d| would)?\s+(?:want|need)\s+in\s+" + _PHASE1),
    # "only dates are needed first" after "make it smaller" says what the smaller cut holds; it moves nothing.
    # "…, not needed first" is no row: it says the row before is not needed in the first phase.
    # "it goes first, end of story": the verb said plainly.
    rx(r"^(?!(?:only|just|not|no)\b)(?P<what>[^,;]+?)(?:\s+(?:(?:must|should|has to|needs? to|will|can)\s+(?:come|go|be)|goes|comes|is|are))?"
       r"\s+(?:first|before\s+[^,;]+?)"
       r"(?:\s+(?:please|pls))?\s*$"),
    # "make the photos phase 1 for sure", "Online fee payment is phase 1, not later."
    rx(r"\bmake\s+(?P<what>.+?)\s+(?:a\s+)?" + _PHASE1 + r"\b"),
    rx(r"^(?!(?:(?:ok|okay|so|and|but|hmm+)\W+)*(?:what|which|who|how|why|where|when|is|are)\b)(?P<what>.+?)\s+"
       r"(?:is|are|goes|go|belongs?)\s+(?:in\s+)?" + _PHASE1 + r"\b"),
    # "Agent quotas into phase 1", "Oh and glaze recipes to phase 1, members beg for them": the verb left out.
    rx(r"^(?!(?:(?:ok|okay|so|and|but|hmm+|oh)\W+)*(?:what|which|who|how|why|where|when|is|are|not|no|go|come|get|take|move|"
       r"push|bring|put|back)\b)(?P<what>(?:" + _NOT_A_VERB + r"[\w'&+/-]+\s+){0,5}" + _NOT_A_VERB + r"[\w'&+/-]+)\s+(?:in)?to\s+"
       # "Cook count to the top", "the deposit up the top": where in the list, with the verb left out.
       + r"(?:" + _PHASE1 + r"|the\s+(?:top|front)(?:\s+of\s+the\s+(?:list|table|queue))?)" + SOFTENER
       + r"\s*(?:,\s*(?:they|members|people|customers|users|everyone|we|i)\b.*)?$"),
    # "first the skip and daily count" (a priority among rows, see FIRST_PROMOTE), "monthly bill also phase 1 please".
    FIRST_PROMOTE,
    rx(r"^(?!(?:(?:ok|okay|so|and|but|hmm+)\W+)*(?:what|which|who|how|why|where|when|is|are|not|no)\b)"
       r"(?P<what>(?:" + _NOT_A_VERB + r"[\w'&+/-]+\s+){0,5}" + _NOT_A_VERB + r"[\w'&+/-]+)\s+"
       r"(?:also\s+|too\s+)?(?:in\s+)?" + _PHASE1 + SOFTENER + r"\s*$"),
)
# What the founder says is really needed: "what we really need is …", "the real need is …", "all we actually need is …",
# "the one thing we really need is …".
NEED_LEAD = (r"\b(?:what\s+(?:we|i|they)\s+(?:really\s+|actually\s+|truly\s+)?(?:need|want)s?\s+(?:most\s+)?(?:is|are)|"
             r"(?:the|our|my|their)\s+(?:real|actual|true)\s+(?:need|want|priority)\s+is|"
             r"all\s+(?:we|i|they)\s+(?:really\s+|actually\s+|truly\s+)?(?:need|want)s?\s+is|"
             r"the\s+(?:one\s+|only\s+|main\s+)?thing\s+(?:we|i|they)\s+(?:really\s+|actually\s+|truly\s+)?(?:need|want)s?\s+is)")
ADD_PATTERNS = (
    # "add one thing: the customer can see the price", "Add one: customer can book moving trolley".
    rx(r"\badd\s+(?:(?:one more|another|one|a new|a|new)\s+(?:thing|feature|item|row|screen)|something|one more|another one|one)"
       r"\s*[,:]\s*(?P<what>[^;]+?)"
       r"(?=[.;]|,\s+(?:we|i|they|you|he|she|it|that|this|because|cos|since|as|so|always|every)\b|$)"),
    # "one more thing please add, a deposit refund record when boy is vacating": the verb, a pause, the row.
    rx(r"\b(?:add|include)\s*[,:]\s*(?P<what>[^,;.]+?)(?=\s+(?:when|whenever|where|because|since|so)\b|[,;.]|$)"),
    rx(r"\b(?:add|include|introduce|chuck in|throw in|stick in|bung in|pop in)\s+(?P<what>[^,;]+?)(?=\s+(?:instead|too|as well)\b|,|;|$)"),
    rx(r"\b(?:what|how)\s+about\s+(?P<what>[^,;?]+)"),
    # "actually put the daily report back, my father wants it after all": a cut row asked back.
    rx(r"\b(?:put|bring)\s+(?!(?:it|that|them|this|everything|all)\b)(?P<what>[^,;]+?)\s+back\b(?!\s+(?:how|the way|as)\b)"),
    # "what we really need is a way for the setters to hear about broken holds": the thing needed, not "is a way".
    rx(NEED_LEAD + r"\s+(?P<what>[^,;]+?)(?=\s+(?:too|as well|instead)\b|,|;|$)"),
    # Not after a doubt: "not sure we need the map", "I doubt we need reports" (a deferral, above).
    rx(r"(?<!\bwhat )(?<!\bsure )(?<!\bunsure )(?<!\bdoubt )(?<!\bthink )(?<!\bif )(?<!\bwhether )(?<!\bsure that )"
       r"\b(?:we|i|they)\s+(?:also\s+)?(?:really\s+)?need\s+(?!is\b|are\b)(?P<what>[^,;]+?)(?=\s+(?:too|as well)\b|,|;|$)"),
)
WHY_NOT_IN = rx(
    r"\bwhy\s+(?:is|are|was|were)\s+(?P<what>.+?)\s+(?:not in\s+" + _PHASE1 + r"|in\s+phase\s*[23]|below the (?:cut )?line|"
    r"cut|dropped|(?:left|put)\s+out|(?:moved|pushed)\s+(?:to\s+)?(?:phase\s*[23]|later)|deprioriti[sz]ed)|"
    r"\bwhy\s+did\s+you\s+(?:cut|drop|remove|kill|move|push|deprioriti[sz]e|leave out)\s+(?P<what2>[^?]+)|"
    # "Why you kept the proof in phase 2?", "how come the waiting list is sitting in phase 2?", "why UPI advance is phase 2?"
    r"\b(?:why|how come)\s+(?:did\s+)?(?:you|u)\s+(?:keep|kept|put|leave|left|place|placed|move|moved|push|pushed)\s+"
    r"(?P<what3>.+?)\s+(?:in|for|to|into|at|as)\s+(?:phase\s*(?:2|3|two|three)|later|the end)\b|"
    r"\b(?:why|how come)\s+(?!(?:is|are|was|were|did|do|does)\b)(?P<what4>.+?)\s+(?:is|are)\s+(?:still\s+|only\s+|just\s+)?"
    r"(?:sitting\s+|sat\s+|stuck\s+)?(?:in\s+)?(?:phase\s*(?:2|3|two|three)|later)\b"
)
# What a founder says when they mean nothing in particular: never a feature to cut or add.
# "you can go and write the spec" names no row: people are never a feature's name.
VAGUE_TARGET = rx(r"^(?:anything|everything|nothing|something|more|anything else|everything else|all of (?:it|them)|"
                  r"you|we|i|he|she|u|y'?all|allyuh|us|me|all that|all of that|"
                  r"stuff|the rest|much|a lot|any of (?:it|that|this)|"
                  # "Good start. Cut the gallery.": a nod before the asks ("a good start") names no row.
                  r"(?:a\s+|very\s+|really\s+|pretty\s+)*(?:good|great|nice|solid|decent|fine|ok(?:ay)?|lovely|brilliant|"
                  r"perfect|cool|awesome|excellent|not bad|promising|strong))$")
PRONOUN = rx(r"(?:it|its|this|that|they|them|am|their|these|those|one|the thing|that one|this one|that feature|this feature)")
