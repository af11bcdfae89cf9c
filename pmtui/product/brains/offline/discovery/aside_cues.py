"""Cues for asides: what a founder says during the interview that answers nothing — a question back to the PM, an
off-topic remark — and which aspect a question back is about."""

from __future__ import annotations

import re

# A question back to the PM: "you are thinking tailors will pay?", "is it normal to not know…", "what would you do".
ASIDE_QUESTION_START = re.compile(
    r"^\s*(?:(?:sir|madam|ok|okay|so|and|hmm|quick question(?: before i go on)?|one doubt|sorry)[\s,:]*)*"
    r"(?:is it normal|is that normal|is this normal|do you think|what do you think|what would you|would you|"
    r"should i|should we|do i need|do we need|can you tell me|how do other|what do others|have you seen|"
    # "whats a realistic number for a wee hall like ours", typed without its question mark.
    r"(?:what'?s|whats|what is|what would be) (?:a |the )?(?:realistic|good|typical|reasonable|normal|sensible|decent|"
    r"fair|usual)|"
    # "Yuh tink braiders inna Jamaica would really pay fi dis?": patois for "do you think".
    r"(?:you|yuh) (?:are )?th?ink(?:ing)?|are you)\b",
    re.IGNORECASE,
)
# "whats a realistic number…" asks for the PM's judgement without naming it.
ASIDE_ADDRESSED = re.compile(r"\b(?:you|your|u|yuh)\b|\bshould (?:i|we)\b|\bis it normal\b|"
                             r"\b(?:realistic|typical|reasonable|sensible|usual)\b", re.IGNORECASE)
# "Let me ask you, do you think…", "Can I ask you something — would you…", "Quick question for you —": the words
# before the question announce it; what follows is asked of the PM, whoever it names.
ASIDE_QUESTION_LEAD = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|and|hmm+|oh|sorry|sir|madam|actually|bhai|boss|mate|bro|ji|yaar|sis)[\s,]+)*"
    # "Before I go on, can I ask: …", "Sorry to interrupt, may I ask …": a preface before the question is announced.
    r"(?:(?:before (?:i|we) (?:go on|continue|answer that|carry on)|sorry to interrupt|one thing first|first)[\s,]+)?"
    r"(?:let me ask(?: you)?(?: something| a question)?|"
    r"can i ask(?: you)?(?: something| a question)?|may i ask(?: you)?(?: something)?|i have a question|"
    # "ok quick q, is there not already an app for this?": the question announced in txt-speak.
    r"(?:a |one |quick |honest |real |small )?(?:question|doubt|(?<=quick )q)(?: for you)?(?: before i (?:go on|continue))?)"
    # "One doubt sir, …", "Small question ji: …": the founder's form of address may follow the announcement.
    r"(?:\s+(?:sir|madam|ma'am|ji|bhai|boss|mate|bro|lah))?\s*(?:[,:\u2014\u2013-]|\.{3})\s*",
    re.IGNORECASE,
)
# A short yes/no question about the idea itself: "is this even something people would pay for?", "will they use it?"
ASIDE_ABOUT_THE_IDEA = re.compile(
    r"^\s*(?:(?:so|and|but|hmm+|ok(?:ay)?|honestly)[\s,]+)*(?:(?:is|are|would|will|do|does|can|could|should)\s+"
    r"(?:this|it|that|the idea|my idea|people|they|anyone|anybody|shops|users|customers|\w+s)|"
    # The same asked in the founder's other language: Swahili "hii inaeza…", Tagalog "puwede ba…", Hindi "kya yeh…".
    r"(?:hii|hiyo|je)\s+(?:ina|ita|itakuwa|ni)\w*|ina(?:eza|weza)|itaweza|(?:puwede|pwede|kaya)\s+ba|kya\s+(?:yeh|ye|yah|ise|isse))\b",
    re.IGNORECASE,
)
# An off-topic remark: "by the way, the light just went off again", "sorry random but do you sing?".
ASIDE_OFF_TOPIC = re.compile(
    r"^\s*(?:(?:oh|and|also|ah|sorry|ok(?:ay)?)[\s,]+)*(?:by the way|btw|random(?:ly)?|off[- ]topic|unrelated|"
    r"totally unrelated|side note|on another note|funny thing)\b",
    re.IGNORECASE,
)
# Which aspect a question back is about, to answer it as a PM would.
# "can it work on a cheap android phone?", "will it need internet?", "app or website?", "does it run offline?": where
# and how it runs, a build decision the interview cannot settle.
PLATFORM_QUESTION = re.compile(
    r"\b(?:work|run|open|load|be used|install|download)\w*\b.{0,40}\b(?:on|in|with|without|from|offline)\b.{0,30}"
    r"\b(?:phones?|android|iphones?|ios|tablets?|ipads?|laptops?|pcs?|computers?|desktops?|browsers?|chromebooks?|"
    r"whatsapp|internet|data|wi-?fi|signal|network|offline)\b|"
    r"\b(?:need|needs|use|uses|without)\b.{0,20}\b(?:internet|data bundles?|wi-?fi|signal|smartphones?)\b|"
    r"\b(?:an? )?(?:app|apps)\b.{0,15}\bor\b.{0,15}\b(?:an? )?(?:website|web ?site|site|web ?app)\b|"
    r"\b(?:website|web ?site|site)\b.{0,15}\bor\b.{0,15}\b(?:an? )?apps?\b|\bplay ?store\b|\bapp ?store\b|"
    r"\b(?:offline|without (?:the )?internet|no (?:internet|signal|data))\b", re.IGNORECASE)
ASIDE_TOPICS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("platform", PLATFORM_QUESTION),
    ("comparables", re.compile(r"\b(other countries|elsewhere|anyone else|competitors?|already exists?|apps? like this|"
                               r"already an? (?:app|tool|website|site)|"
                               # "this type of app is already there in Bangladesh or not?"
                               r"(?:app|tool|website|site|thing)s? (?:is |are )?already (?:there|available|out there)|"
                               r"other apps?|have you seen|are (?:they|people) using)\b", re.IGNORECASE)),
    ("revenue_model", re.compile(r"\b(pay|paid|free|price|pricing|charge|money|subscri\w*)\b", re.IGNORECASE)),
    ("target_user", re.compile(r"\b(who is the user|user|users|customer|customers|audience|who it'?s for)\b",
                               re.IGNORECASE)),
    # "what will you do with this information?", "is my data safe?", "who sees what I type here?"
    ("privacy", re.compile(r"\b(?:(?:do|doing) with (?:this|that|my|the|all)|(?:my|our|the|this) (?:data|information|info|answers)\b"
                           r".*\b(?:safe|stored|kept|shared|sent|private|secure|go)|where (?:is|does) (?:this|it|my)\b.*\b(?:stored|"
                           r"kept|go)|who (?:sees|can see|reads)|privacy|confidential)", re.IGNORECASE)),
    # "Is that too much for a first version?", "is three features enough?", "can we really do all that?"
    ("scope_size", re.compile(r"\b(?:too (?:much|many|big|ambitious|little|small)|enough|overkill|do all (?:that|this|of it)|"
                              r"realistic)\b.*\b(?:first version|version one|v1|mvp|start|to begin|features?|for now|that|this)\b|"
                              r"\b(?:first version|mvp|v1)\b.*\b(?:too (?:much|many|big)|enough)\b", re.IGNORECASE)),
    ("feature_wishlist", re.compile(r"\b(feature|features|separate product|library|module|build first|mvp)\b",
                                    re.IGNORECASE)),
    ("success_metric", re.compile(r"\b(metric|measure|success|target|kpi|(?:realistic|good|typical|reasonable|sensible|"
                                  r"decent) (?:number|figure|goal))\b", re.IGNORECASE)),
    ("constraints", re.compile(r"\b(how long|how many (?:weeks|months|people|devs)|weeks?|months?|to build it|"
                               r"timeline)\b", re.IGNORECASE)),
    ("domain", re.compile(r"\b(understand\w*|explain|familiar with|heard of)\b", re.IGNORECASE)),
    ("adoption", re.compile(r"\b(trust|use it|use this|adopt\w*|bother|good idea|worth it|actually use|even work)\b",
                            re.IGNORECASE)),
)
