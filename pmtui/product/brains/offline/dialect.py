"""English as founders speak it, said as the words the offline rules read: Scots spellings of the small words, and in
argue-back Jamaican patois, Nigerian Pidgin and Spanish mixed in. Only small words change; what the founder names
stays as said."""

from __future__ import annotations

import re

# Scots spellings of small words: "it's jist me, ah've got aboot 6 weeks", "the hours thing can wait, pay for a block
# is mair important", "ah cannae answer the phone". Words that are also English words ("wee", "aye", "o", "ah" on its
# own, "wan" as pale) are left alone, or changed only where they cannot be the English word.
_SCOTS = (
    (r"\bjist\b", "just"), (r"\baboot\b", "about"), (r"\boot\b", "out"), (r"\bdoon\b", "down"),
    (r"\bmair\b|\bmare(?=\s+than\b)", "more"), (r"\binsteid\b", "instead"), (r"\bwis\b", "was"), (r"\btae\b", "to"),
    (r"\bfae\b|\bfrae\b", "from"), (r"\bwi\b(?=\s+\w)", "with"), (r"\bcannae\b", "can't"), (r"\bdinnae\b", "don't"),
    (r"\bwidnae\b|\bwouldnae\b", "wouldn't"), (r"\bisnae\b", "isn't"), (r"\bdisnae\b", "doesn't"),
    (r"\bwid\b(?=\s+[a-z])", "would"), (r"\bnae\b(?=\s+[a-z0-9])", "no"), (r"\bah(?='(?:ve|d|m|ll)\b)", "I"),
    (r"\bah\b(?=\s+(?:want|need|think|reckon|run|am|wis|was|have|had|dae|do|cannae|can|could|would|wid|just|jist|"
     r"huv|got|get|lose|lost|teach|charge)\b)", "I"),
    (r"\bma\b(?=\s+(?!ma\b)[a-z]{3,})", "my"), (r"\baw\b(?=\s+(?:the|ma|my|hours|day|days|week|weeks|night|"
     r"year|of|they|their)\b)", "all"), (r"\bwan\b(?=\s+(?:at|time|o|of|day|week|lesson|thing)\b)", "one"),
    (r"\bmasel\b", "myself"), (r"\boor\b(?=\s+[a-z])", "our"), (r"\byer\b(?=\s+[a-z])", "your"),
    (r"\bhuv\b", "have"), (r"\bdae\b", "do"), (r"\befter\b", "after"), (r"\bawright\b", "alright"),
)


def scots_words(text: str) -> str:
    """The answer with Scots spellings of small words in English: "it's jist me, ah've got aboot 6 weeks n 2 grand"
    reads "it's just me, I've got about 6 weeks n 2 grand"."""
    for scots, word in _SCOTS:
        text = re.sub(scots, word, text, flags=re.IGNORECASE)
    return text


def spoken_forms(text: str) -> str:
    """Argue-back in patois, Pidgin or with Spanish mixed in, said as the words the request rules read."""
    # Jamaican patois: "mek it wait", "di price list fi di market", "jus a list", "a likkle thing".
    text = re.sub(r"\b(?:mek|mekk)\b", "make", text, flags=re.IGNORECASE)
    text = re.sub(r"\bdi\b", "the", text, flags=re.IGNORECASE)
    text = re.sub(r"\bfi\b", "for", text)
    text = re.sub(r"\bjus\b", "just", text)
    text = re.sub(r"\blikkle\b", "little", text)
    text = re.sub(r",?\s+nuh\b", "", text)
    # Nigerian Pidgin: "we fit do am later" (we can do it later), "make am small", "e go wait", "must enter phase 1".
    text = re.sub(r"\b(we|i|you|e|dem|they)\s+fit\b", r"\1 can", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(do|make|put|carry|move|push|remove|cut|add|leave|keep|drop|bring|shift)\s+am\b", r"\1 it", text,
                  flags=re.IGNORECASE)
    text = re.sub(r"\b(must|should|go|fit|can|to)\s+enter\s+(?=(?:the\s+)?(?:phase|first|mvp|v1))", r"\1 go in ", text,
                  flags=re.IGNORECASE)
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
