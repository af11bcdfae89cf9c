"""English as founders speak it, said as the words the offline rules read: Scots spellings of the small words, and in
argue-back Jamaican patois, Nigerian Pidgin and Spanish mixed in. Only small words change; what the founder names
stays as said."""

from __future__ import annotations

import re
from functools import lru_cache

# Scots spellings of small words: "it's jist me, ah've got aboot 6 weeks", "the hours thing can wait, pay for a block
# is mair important", "ah cannae answer the phone". Words that are also English words ("wee", "aye", "o", "ah" on its
# own, "wan" as pale) are left alone, or changed only where they cannot be the English word.
_SCOTS = (
    (r"\bjist\b", "just"), (r"\baboot\b", "about"), (r"\boot\b", "out"), (r"\bdoon\b", "down"),
    (r"\bmair\b|\bmare(?=\s+than\b)", "more"), (r"\binsteid\b", "instead"), (r"\bwis\b", "was"), (r"\btae\b", "to"),
    (r"\bfae\b|\bfrae\b", "from"), (r"\bwi\b(?=\s+\w)", "with"), (r"\bcannae\b", "can't"), (r"\bdinnae\b", "don't"),
    (r"\bwidnae\b|\bwouldnae\b", "wouldn't"), (r"\bisnae\b", "isn't"), (r"\bdisnae\b", "doesn't"),
    (r"\bwid\b(?=\s+[a-z])", "would"), (r"\bnae\b(?=\s+[a-z0-9])", "no"), (r"\bah(?='(?:ve|d|m|ll)\b)", "I"),
    ((r"\bah\b(?=\s+(?:want|need|think|reckon|run|am|wis|was|have|had|dae|do|cannae|can|could|would|wid|just|jist|huv|"
      r"got|get|lose|lost|teach|charge)\b)"), "I"),
    (r"\bma\b(?=\s+(?!ma\b)[a-z]{3,})", "my"),
    (r"\baw\b(?=\s+(?:the|ma|my|hours|day|days|week|weeks|night|year|of|they|their)\b)", "all"),
    (r"\bwan\b(?=\s+(?:at|time|o|of|day|week|lesson|thing)\b)", "one"),
    (r"\bmasel\b", "myself"), (r"\boor\b(?=\s+[a-z])", "our"), (r"\byer\b(?=\s+[a-z])", "your"),
    (r"\bhuv\b", "have"), (r"\bdae\b", "do"), (r"\befter\b", "after"), (r"\bawright\b", "alright"),
)

def _respelled(rules: tuple[tuple[re.Pattern[str], str], ...], text: str) -> str:
    """The text with each rule's pattern replaced, in order."""
    for pattern, word in rules:
        text = pattern.sub(word, text)
    return text


_SCOTS_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), word) for pattern, word in _SCOTS)


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def scots_words(text: str) -> str:
    """The answer with Scots spellings of small words in English: "it's jist me, ah've got aboot 6 weeks n 2 grand"
    reads "it's just me, I've got about 6 weeks n 2 grand"."""
    return _respelled(_SCOTS_COMPILED, text)


_SUBJECT = r"(?:i|we|you|e|dem|they|it|customer|customers|people|client|clients|app|phone|ticket|order|he|she)"
# Nigerian Pidgin's small words: "na customers wey drop phone for repair" (it is customers who drop phones), "dem dey
# call me 10 times a day", "if phone don ready", "customer go see status", "i fit send price before i start work",
# "i dey write am for exercise book", "e must dey phase 1", "the price before work na the main thing".
_PIDGIN = (
    # "the makeup booking, comot dem for now" (take them out), "delivery make e wait" (let it wait), "abeg put am for
    # phase 1" (put it in phase 1).
    (r"\bcomot\s+(?:dem|them)\b", "remove them"), (r"\bcomot\s+(?:am|it|e)\b", "remove it"), (r"\bcomot\b", "remove"),
    (r"\bmake\s+(?:e|am|it|dem|them)\s+(?=(?:wait|hold|stay)\b)", "can "),
    (r"\b(put|move|carry|bring|push)\s+(?:am|it)\s+(?:for|inside|enter)\s+(?=(?:the\s+)?(?:phase|first|mvp|v1)\b)", r"\1 it in "),
    (r"(?:^|(?<=[.!?]\s))na\s+so\b", "yes, that's right"),
    (r"(?:^|(?<=[.!?]\s))na\s+(?=[a-z])", ""),
    (r"(?<=\w\s)na\s+(?=(?:the|my|our|your|their|dem|him|her|wetin|how)\b)", "is "),
    (r"\bwey\b", "who"), (r"\bdem\s+(?=dey\b|go\b|fit\b|no\b|don\b|wan\b|[a-z]+\s)", "they "),
    (r"\b(must|should|go|fit|can|to)\s+enter\s+(?=(?:the\s+)?(?:phase|first|mvp|v1))", r"\1 go in "),
    (r"\b(must|should|go|fit|can|to)\s+dey\s+(?=(?:the\s+)?(?:phase|first|mvp|v1))", r"\1 be in "),
    (r"\b(" + _SUBJECT + r")\s+no\s+fit\b", r"\1 can't"), (r"\b(" + _SUBJECT + r")\s+fit\b", r"\1 can"), (r"\b(" + _SUBJECT + r")\s+wan\s+(?=[a-z])", r"\1 want "),
    (r"\b(" + _SUBJECT + r")\s+dey\s+(?=[a-z])", r"\1 "), (r"\b(" + _SUBJECT + r")\s+don\s+(?=ready|finish|spoil)",
                                                                r"\1 is "),
    (r"\b(" + _SUBJECT + r")\s+go\s+(?=(?:free|ready|lost|late|easy|cheap)\b)", r"\1 will be "),
    (r"\b(" + _SUBJECT + r")\s+go\s+(?=(?:see|get|pay|know|wait|call|come|check|track|book|collect|receive|send)\b)",
     r"\1 will "),
    # Caribbean and West African "dat" and "dis": "nah man scrap dat", "dis one can wait".
    # Patois "dat a di main problem" is "that is the main problem".
    (r"\bdat\s+a\s+(?=di\b|the\b|wha\b)", "that is "), (r"\bdat\b", "that"), (r"\bdis\b(?=\s+[a-z])", "this"),
    (r"\be\s+(?=ready\b)", "it is "), (r"\be\b(?=\s+(?:is|will|must|can|no|get|be|should|go)\b)", "it"),
    ((r"\b(do|make|put|carry|move|push|remove|cut|add|leave|keep|drop|bring|shift|write|send|fix|give|track|collect|check|"
      r"see|call)\s+am\b"), r"\1 it"),
)

_PIDGIN_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), word) for pattern, word in _PIDGIN)


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def pidgin_words(text: str) -> str:
    """The answer with Nigerian Pidgin's small words in English; nouns and numbers stay as said."""
    return _respelled(_PIDGIN_COMPILED, text)


# Caribbean Englishes' small words (Trinidad, Jamaica, Barbados, Guyana): "I does sell doubles" (habitual), "di line
# does be long", "people vex when we run out", "dey done wait 20 minutes", "if I doh throw away channa", "we cyah tell",
# "dat could wait", "is for we own stand". Nouns stay as said.
_CARIBBEAN = (
    (r"\bdoes\s+be\b", "is"),
    # "I does sell" (habitual) is "I sell"; "he does it all by text" keeps its verb.
    ((r"\b(i|we|you|he|she|they|dey|it|people|customers)\s+does\s+(?=[a-z]{2,})(?!(?:not|n't|it|that|this|the|an?|all|"
     r"everything|nothing|so|well|too|his|her|their|my|our|your|me|him|them|us|what|everything|most|some|any)\b)"), r"\1 "),
    (r"\bdoh\b(?=\s+[a-z])", "don't"), (r"\b(?:cyah|cyar|cyaan|caah)\b", "can't"),
    # Jamaican "dat a di main problem": "a" before what something is, is "is".
    (r"\b(dat|dis|that|this|it)\s+a\s+(?=(?:di|the|my|wi|we|our|wha|what)\b)", r"\1 is "),
    (r"\b(?-i:dat|Dat(?=\s+[a-z]))\b", "that"), (r"\bdis\b(?=\s+(?:one|thing|app|is|was|could|can|would|should|week|month|year)\b)", "this"),
    ((r"\bdey\b(?=\s+(?:done|go|could|can|can't|don't|want|need|wait|like|say|come|use|have|pay|know|does|is|are|get|"
     r"see|would|will|all)\b)"), "they"),
    (r"\bwha\b(?=\s+[a-z])", "what"), (r"\bdi\b(?=\s+[a-z])", "the"), (r"\bnuttin\b", "nothing"),
    # "di church news, tek it out", "mek it smaller": take, make.
    (r"\btek\b(?=\s+[a-z])", "take"), (r"\bmek\b(?=\s+[a-z])", "make"),
    # "di count haffi go inna phase 1": has to go in phase 1.
    (r"\bhaffi\b", "has to"), (r"\binna\b(?=\s+(?:phase|di|the|v1|mvp|first)\b)", "in"),
    (r"\bfor\s+we\s+own\b", "for our own"), (r"\bfuh\b", "for"),
)
_CARIBBEAN_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), word) for pattern, word in _CARIBBEAN)


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def caribbean_words(text: str) -> str:
    """The answer with Caribbean Englishes' small words in English: "if I doh throw away channa, dat is the goal"
    reads "if I don't throw away channa, that is the goal"."""
    return _respelled(_CARIBBEAN_COMPILED, text)


# Particles of Taglish, Singlish, Manglish and Hinglish that carry respect or tone, not words of the answer: "part of the
# order form po", "can wait lah", "no need one leh", "the map yaar". "kasi" is "because", "lang" after what it limits
# "only" ("messenger lang + a notebook"). Lowercase "po" only: "PO" is a purchase order, and "po box" stays.
_PARTICLES = (
    (r"(?<=\w)[\s,]+(?-i:po|opo)\b(?!\s*(?:box|number|no\b|#))", ""), (r"^(?-i:opo)\b", "yes"),
    (r"(?<=\w)[\s,]+(?:lah|leh|lor|meh|hor|yaar)\b(?=\s*(?:[.,;!?]|$))", ""),
    (r"\bkasi\b", "because"), (r"(?<=\w)\s+lang\b(?=\s*(?:[.,;!?+&]|$|and\b|tapos\b))", " only"),
)
_PARTICLES_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), word) for pattern, word in _PARTICLES)


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def particle_words(text: str) -> str:
    """The answer without the particles of respect and tone other Englishes add, and with "kasi" and "lang" in
    English: "messenger lang + a notebook po" reads "messenger only + a notebook"."""
    return _respelled(_PARTICLES_COMPILED, text)


# "the map's a nice to have mate, the reminder's the thing that matters": "'s" before what a row is, not before
# what it owns ("the map's colours"); "it's", "that's" are read as the rules have always read them.
_IS_SHORT = re.compile(r"\b(?!(?:it|that|this|what|there|here|he|she|who|let|where|how|which|one)['\u2019])([a-z]+)"
                       r"['\u2019]s\s+(?=(?:a|an|the|not|what|more|most|really|kinda|kind of|just|only|too|way|"
                       r"important|essential|key|main|fine|ok|okay|nice|less|critical|crucial|urgent|optional|"
                       r"must|needed|necessary)\b)", re.IGNORECASE)


# "seeds n tools can def wait", "the map can totally come later", "exports could prob go": the word that makes the
# modal surer says nothing the request rules read, and between the modal and its verb it hides the verb.
INTENSIFIER = (r"(?:def|defo|deffo|definitely|definately|defintely|totally|totes|prob|probs|probably|surely|certainly|"
               r"easily|always|just|really|honestly|absolutely|happily|for sure|100%|deadass|proper|well)")
# "can wait til later", "can wait until phase 2", "could wait a bit": how long the wait is, said after it.
WAIT_TAIL = (r"(?:\s+a\s+(?:bit|while|little(?: while)?))?(?:\s+(?:til|till|until|'til|for)\s+(?:later|after\s+[\w']+(?:\s+[\w']+)?|"
             r"next\s+\w+|phase\s*[23]|v2|version\s*2|the\s+(?:next|second)\s+(?:version|phase|release)|"
             r"(?:the\s+)?(?:spring|summer|autumn|fall|winter)|next year|then|we launch|launch|a bit|a while))?")
_MODAL_INTENSIFIER = re.compile(
    rf"\b(can|could|should|will|would|may|might|must)\s+{INTENSIFIER}\s+(?=(?:wait|go|come|be|move|drop|slip|sit|stay|hang|get pushed|get moved)\b)",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)  # pure, and asked of the same text many times a turn
def spoken_forms(text: str) -> str:
    """Argue-back in patois, Pidgin or with Spanish mixed in, and "the map's a nice to have", said as the words the
    request rules read."""
    text = _IS_SHORT.sub(r"\1 is ", text)
    text = _MODAL_INTENSIFIER.sub(r"\1 ", text)
    # Dictated homophones: "the commission list could weight", "that can weight till later".
    text = re.sub(r"\b(can|could|should|will|would|may|might|must|to|it'?ll|that'?ll)\s+weight\b", r"\1 wait", text,
                  flags=re.IGNORECASE)
    # Jamaican patois: "mek it wait", "di price list fi di market", "jus a list", "a likkle thing".
    text = re.sub(r"\b(?:mek|mekk)\b", "make", text, flags=re.IGNORECASE)
    text = re.sub(r"\bdi\b", "the", text, flags=re.IGNORECASE)
    text = re.sub(r"\bfi\b", "for", text)
    text = re.sub(r"\bjus\b", "just", text)
    text = re.sub(r"\blikkle\b", "little", text)
    text = re.sub(r",?\s+nuh\b", "", text)
    text = caribbean_words(pidgin_words(particle_words(text)))
    # Spanish mixed in: "el reminder puede esperar", "quita el mapa", "los pagos en fase 1", "después".
    text = re.sub(r"\b(?:puede|pueden|pode|podem)\s+esperar\b", "can wait", text, flags=re.IGNORECASE)
    text = re.sub(r"\bfase\s*(?=\d)", "phase ", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(?:quita|quitar|quitamos|elimina|eliminar|saca|sacar)\b", "remove", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(?:después|despues|más tarde|mas tarde|luego)\b", "later", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(?:el|los|las)\s+(?=\w)", "the ", text, flags=re.IGNORECASE)
    text = re.sub(r"\bpero\b", "but", text, flags=re.IGNORECASE)
    text = re.sub(r"\ben\s+(?=phase\b)", "in ", text, flags=re.IGNORECASE)
    text = re.sub(r"\bno (?:lo|la|los|las) necesit\w+|\bno hace falta\b", "we don't need it", text, flags=re.IGNORECASE)
    return text
