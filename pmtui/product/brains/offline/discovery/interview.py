"""The interviewer's next reply: acknowledge in the user's words, then ONE question (a gap, or a probe)."""

from __future__ import annotations

import re

from pmtui.models import ASPECT_LABELS, ASPECTS, Completeness, ConversationState, DiscoverySummary
from pmtui.product.brains.offline.discovery.asides import (
    aside_kind,
    aside_reply,
    number_correction,
    pending_correction,
    questions_back,
    restated,
)
from pmtui.product.brains.offline.discovery.cues import PITCH, PIVOT
from pmtui.product.brains.offline.discovery.greetings import GREETED
from pmtui.product.brains.offline.discovery.introduction import introduction_only
from pmtui.product.brains.offline.discovery.labels import label_statement
from pmtui.product.brains.offline.discovery.phrasing import (
    ACKS,
    ASIDE_ANSWERS,
    CARD_AGAIN,
    IDEA_ACKS,
    VAGUE_ACKS,
    WHY_ASK,
    draft_question,
    gap_question,
    probe,
    sharpening,
)
from pmtui.product.brains.offline.discovery.pitch import is_pain
from pmtui.product.brains.offline.discovery.pivot import other_people
from pmtui.product.brains.offline.discovery.text import (
    is_clarifying,
    is_refusal,
    is_thin,
    is_vague,
    join,
    norm,
    short,
    split_sentences,
    txt_words,
)
from pmtui.product.brains.protocol import DiscoveryReply
from pmtui.product.completeness import has_real_content
from pmtui.product.drafts import weak
from pmtui.product.list_check import without_list_confirmation

MAX_ASKS = 3

# The order in which gaps are asked: who and why before what, money last.
QUESTION_ORDER: tuple[str, ...] = (
    "target_user",
    "core_problem",
    "current_alternatives",
    "feature_wishlist",
    "success_metric",
    "why_now",
    "constraints",
    "revenue_model",
)


def _new_part(before: str | list[str], after: str | list[str]) -> str:
    if isinstance(after, list):
        old = {norm(item) for item in before} if isinstance(before, list) else set()
        fresh = [item for item in after if norm(item) not in old]
        return ", ".join(item[0].lower() + item[1:] if item[1:2].islower() else item for item in fresh[:3])
    if isinstance(before, str) and before and after.startswith(before):
        rest = after[len(before) :]
        # "club" become "clubs": the word grew, so the new part is the whole value, never "s".
        return after if rest[:1].isalnum() else rest.lstrip("; ")
    return after


def _gap_order(gaps: list[str], summary: DiscoverySummary | None = None) -> list[str]:
    ordered = [a for a in QUESTION_ORDER if a in gaps]
    if summary is not None and "core_problem" in ordered and has_real_content(summary.core_problem) and not weak(
            "core_problem", summary.core_problem):
        # A problem the pitch told plainly ("we double-book a castle on busy weekends") is asked about last, just
        # before the card, for the founder's own account of it: the questions the founder expects come first.
        ordered.remove("core_problem")
        ordered.append("core_problem")
    return ordered


def next_reply(
    state: ConversationState, user_text: str, before: DiscoverySummary, completeness: Completeness
) -> DiscoveryReply:
    """One to three short sentences: an acknowledgement in the user's words and ONE question.

    Vague answers to the asked aspect are probed once (probing=True); a second vague answer parks
    the aspect as an open question and moves on to the next gap.
    """
    summary = state.discovery_summary
    asked = state.asked_aspect if state.asked_aspect in ASPECTS else ""
    turn = max(1, state.user_turns)
    probes = state.probe_count
    changed = [a for a in QUESTION_ORDER if getattr(before, a) != getattr(summary, a)]
    # An aspect asked MAX_ASKS times without an answer stays an open question: no asking in circles.
    gaps = [g for g in _gap_order(completeness.gaps, summary) if state.ask_count.get(g, 0) < MAX_ASKS or g == asked]
    vague = is_vague(user_text)

    if state.discovery_summary_shown:
        # Asked something at the summary card: the answer, then the card's own question again.
        lead = aside_reply(user_text, "") if aside_kind(user_text) else ASIDE_ANSWERS[""]
        return DiscoveryReply(text=join(lead, CARD_AGAIN), asked_aspect="")

    if not any(ch.isalnum() for ch in user_text):
        # Only punctuation (a stray "?" or ", ? ,"): nothing to quote or file; the pending question again.
        nxt = asked if asked in gaps else next(iter(gaps), "")
        if not nxt:
            nxt, question = sharpening(summary, turn)
            return DiscoveryReply(text=join("I didn't catch that.", question), asked_aspect=nxt)
        return DiscoveryReply(text=join("I didn't catch that.", _fresh(state, nxt, summary, turn + 1)), asked_aspect=nxt)

    if (not asked and not changed and not any(has_real_content(getattr(before, a)) for a in ASPECTS)
            and all(_GREETING.match(s) for s in split_sentences(user_text) or [user_text])):
        # "hello", "hi po!", "Good morning sir.": a greeting first, the idea still to come; nothing to quote as a pitch.
        named = re.search(r"\b(?i:myself|my name is|i am|i'?m|this is)\s+([A-Z][\w'-]*)", user_text)
        hello = f"Hello {named.group(1)}!" if named else "Hello!"
        return DiscoveryReply(text=f"{hello} Tell me about the idea in a sentence or two: what are you building, and "
                                   "for whom?", asked_aspect="")

    if PIVOT.search(user_text) and "target_user" in changed and has_real_content(before.target_user):
        # A new direction: say so, and re-check what depended on the old one, starting with the problem (with who it
        # is for, when the turn named a thing rather than people).
        who_asked = not has_real_content(summary.target_user)
        nxt = next((g for g in QUESTION_ORDER if g in gaps and (who_asked or g != "target_user")), "")
        ack = ("New direction, then." if who_asked
               else f'New direction, then: it\'s for "{short(summary.target_user, 8)}" now.')
        if not nxt:
            nxt, question = sharpening(summary, turn)
            return DiscoveryReply(text=join(ack, question), asked_aspect=nxt)
        redo = "That changes most of what we had, so let me re-check it" + ("." if who_asked else " with them in mind.")
        return DiscoveryReply(text=join(ack, redo, _fresh(state, nxt, summary, turn)), asked_aspect=nxt)

    aside = aside_kind(user_text, asked)
    if aside or restated(user_text) or number_correction(before, user_text) or pending_correction(user_text):
        # Asked something back, off topic, or a fact restated: answer that, then the pending question.
        if aside:
            lead = aside_reply(user_text, asked)
        else:
            fixed = [a for a in QUESTION_ORDER if getattr(before, a) != getattr(summary, a)]
            lead = (
                f'Corrected: the {ASPECT_LABELS[fixed[0]].lower().replace("why now", "why-now")} now reads "{_changed_clause(before, summary, fixed[0])}".'
                if fixed
                else f"Noted: {pending} — I'll put that in when the old figure comes up." if (pending := pending_correction(user_text))
                else f'Noted — "{short(user_text, 10)}"; the summary didn\'t hold the old wording, so nothing changed.'
            )
        if asked and asked not in gaps and probes.get(asked, 0) >= 1 and is_thin(asked, getattr(summary, asked)):
            # A thin answer was being probed ("it's just messy" — "walk me through the last time") when the aside
            # came: that probe again, not the next question.
            return DiscoveryReply(text=join(lead, _probe(state, asked, summary, thin=True)), asked_aspect=asked)
        # The question the aside came after is still pending, even when a draft filled its aspect ("Besides a map of
        # the van, what else must it do?" — "Can I ask, will the map drain the battery?").
        pending_ask = asked == "feature_wishlist" and aside and asked not in changed and state.ask_count.get(asked, 0) < 2
        nxt = asked if asked in gaps or pending_ask else next(iter(gaps), "")
        if not nxt:
            nxt, question = sharpening(summary, turn)
            return DiscoveryReply(text=join(lead, question), asked_aspect=nxt)
        return DiscoveryReply(text=join(lead, _fresh(state, nxt, summary, turn + 1)), asked_aspect=nxt)

    if asked and is_clarifying(user_text):
        why = WHY_ASK[asked]
        if user_text.strip().lower().startswith("why"):
            why = f"I ask because {why[0].lower()}{why[1:]}"
        text = f"{why} {_fresh(state, asked, summary, turn + 1)}"
        return DiscoveryReply(text=text, asked_aspect=asked)

    if asked and asked in gaps and asked not in changed and (vague or not changed):
        if vague and probes.get(asked, 0) < 1:
            ack = VAGUE_ACKS[turn % len(VAGUE_ACKS)].format(f=short(user_text, 6))
            return DiscoveryReply(
                text=f"{ack} {_probe(state, asked, summary, thin=False)}", asked_aspect=asked, probing=True
            )
        if vague:
            label = ASPECT_LABELS[asked].lower()
            remaining = [g for g in gaps if g != asked and probes.get(g, 0) < 1] or [
                g for g in gaps if g != asked
            ]
            if remaining:
                nxt = remaining[0]
                keep = (
                    f'No problem — "{short(user_text, 6)}" leaves the {label} open, so I\'ll keep it '
                    "as an open question for now."
                )
                text = f"{keep} {_fresh(state, nxt, summary, turn)}"
                return DiscoveryReply(text=text, asked_aspect=nxt)
            text = f"No problem, let's come back to it. {_fresh(state, asked, summary, turn + 1)}"
            return DiscoveryReply(text=text, asked_aspect=asked)

    thin = (
        asked in ("target_user", "core_problem", "success_metric", "feature_wishlist")
        and asked in changed
        and probes.get(asked, 0) < 1
        and is_thin(asked, getattr(summary, asked))
    )
    ack = _acknowledge(asked, changed, before, summary, user_text, turn)
    # "Who it's for:\n- smallholders\n- the nurses": a label over a list labels it as much as one typed on its line.
    headed = re.sub(r":\s*\n\s*(?:[-*\u2022]|\d{1,2}[.)])\s+", ": ", user_text)
    if not changed and any(label_statement(s) for s in split_sentences(headed)):
        # "success = 30 dogs…" already acknowledged in full by the shared flow: no "Thanks — 'success = …'".
        ack = ""
    asks = questions_back(user_text)
    if asks:
        # "…half the regulars booking online by easter? whats a realistic number for a wee hall like ours": the
        # answer is filed and acknowledged, and the question it ends with gets its answer too.
        # Two questions in one answer ("Is that too much for a first version? Also, what will you do with this
        # information?") get two answers; the second was left unanswered.
        replies = list(dict.fromkeys(aside_reply(question, asked, summary) for question in asks[:2]))
        replies[1:] = [re.sub(r'^Fair question — ("[^"]*")\. ', r"And \1: ", reply) for reply in replies[1:]]
        ack = join(ack, *replies)
    if vague and asked and not changed and asked not in gaps and has_real_content(getattr(summary, asked)):
        # A shrug to a sharpening question: keep what we had rather than thank them for "idk".
        ack = f'Fair enough, "{short(summary.value_text(asked), 8)}" will do for now.'
    if asked == "feature_wishlist" and not changed and summary.feature_wishlist and without_list_confirmation(
            user_text) == (True, ""):
        # "yep that's the lot" to the list read back: the list stands, and it is said so.
        ack = "Good — that's the list, then."
    first_message = not asked and not any(has_real_content(getattr(before, a)) for a in ASPECTS)
    note = "" if first_message else _volunteered_note(asked, changed, ack_aspect=_ack_aspect(asked, changed))
    if first_message and "target_user" not in gaps and probes.get("target_user", 0) < 1:
        thin, asked = is_thin("target_user", summary.target_user), "target_user"
    who = other_people(summary.target_user, user_text) if asked == "core_problem" and not state.ask_count.get(
        "target_user") else ""
    if who:
        # "pet owners" from the pitch, then "front desk spends 2 hrs a day calling owners": whose problem is it?
        people = short(summary.target_user, 6)
        return DiscoveryReply(text=join(ack, f'You said it\'s for {people}, but that sounds like the {who}\'s day. Who '
                                        f"would use the first version — {people}, the {who}, or both?"),
                              asked_aspect="target_user")
    if thin:
        return DiscoveryReply(
            text=join(ack, _probe(state, asked, summary, thin=True)), asked_aspect=asked, probing=True
        )

    dodged = bool(asked) and asked in gaps and asked not in changed
    if dodged and probes.get(asked, 0) < 1:
        # The user answered something else; ask once more (counted as this aspect's probe), then move on.
        question = _fresh(state, asked, summary, turn + 1)
        if is_refusal(user_text):
            # "I'd rather not say": no pressing, and the door stays open for a rough answer.
            text = join("Fair enough, no need for exact figures.",
                        f"A rough idea is enough, or we leave it open: {question[0].lower()}{question[1:]}")
            return DiscoveryReply(text=text, asked_aspect=asked, probing=True)
        text = join(ack, note, f"Still, I'd like to pin this down: {question[0].lower()}{question[1:]}")
        return DiscoveryReply(text=text, asked_aspect=asked, probing=True)
    askable = [g for g in gaps if state.ask_count.get(g, 0) < MAX_ASKS]
    fresh = [g for g in askable if probes.get(g, 0) < 1]
    parked = [g for g in askable if g != asked] or askable
    if fresh or parked:
        nxt = (fresh or parked)[0]
        question = _fresh(state, nxt, summary, turn)
        if not fresh:
            question = f"Coming back to the {ASPECT_LABELS[nxt].lower()}: {question[0].lower()}{question[1:]}"
        return DiscoveryReply(text=join(ack, note, question), asked_aspect=nxt)
    nxt, question = sharpening(summary, turn)
    return DiscoveryReply(text=join(ack, note, question), asked_aspect=nxt)


def _changed_clause(before: DiscoverySummary, after: DiscoverySummary, aspect: str) -> str:
    """The clause of a corrected value that changed ("around 800 boats", not the value's first words)."""
    # "mums and dads (60 a month)": the count in brackets is a clause of its own.
    old = {norm(c) for c in re.split(r"[,;()]\s*", before.value_text(aspect))}
    clauses = [c for c in re.split(r"[,;()]\s*", after.value_text(aspect)) if c.strip()]
    fresh = [c for c in clauses if norm(c) not in old]
    return short(fresh[0] if fresh else after.value_text(aspect), 12)


def _fresh(state: ConversationState, aspect: str, summary: DiscoverySummary, variant: int) -> str:
    """The question about `aspect` in words not used before in this interview (no question asked twice)."""
    said = " ".join(m.content for m in state.messages if m.role == "assistant")
    if aspect in state.drafts and state.ask_count.get(aspect, 0) <= state.drafts[aspect]:
        # Heard only in the pitch or in passing: asked about directly, citing what was heard. What came with its
        # figures ("day rate per tool, e.g. 25 quid a day") is checked first ("You mentioned …. Is that …?"), not
        # asked for again ("But how will it make money: who pays, how much…?").
        value = summary.value_text(aspect)
        first = 0 if re.search(r"\d", value) else variant
        for offset in range(2):
            question = draft_question(aspect, value, first + offset)
            if question not in said:
                return question
    for offset in range(2):
        question = gap_question(aspect, summary, variant + offset)
        if question not in said:
            return question
    question = gap_question(aspect, summary, variant)
    return f"One more try on the {ASPECT_LABELS[aspect].lower()}, in other words: {question[0].lower()}{question[1:]}"


def _probe(state: ConversationState, aspect: str, summary: DiscoverySummary, thin: bool) -> str:
    """A probe not said before in this interview (an answer taken back by "undo" is probed again, in other words)."""
    said = " ".join(m.content for m in state.messages if m.role == "assistant")
    for kind in (thin, not thin):
        if kind and aspect not in ("target_user", "core_problem", "success_metric", "feature_wishlist"):
            continue
        question = probe(aspect, summary, thin=kind)
        if question not in said:
            return question
    return _fresh(state, aspect, summary, len(said))


def _ack_aspect(asked: str, changed: list[str]) -> str:
    if asked and asked in changed:
        return asked
    return changed[0] if changed else ""


# Thanks said before the pitch: "Hello, and thanks.", "Hi, thanks for taking the time.", "Thank you for your help."
_THANKS = (r"(?:and\s+)?(?:thanks|thank you|many thanks|cheers)(?:\s+(?:so|very)\s+much)?"
           r"(?:\s+(?:for|in advance)\b[^.!?]{0,60})?")
_GREETING = re.compile(
    r"^\W*(?:" + GREETED + r"(?:[\s,!.]+" + _THANKS + r")?|" + _THANKS + r"|"
    # A warm-up is no pitch either: "Oh gosh where do I start."
    r"(?:(?:oh|gosh|god|wow|ok(?:ay)?|right|so|well|alright|anyway)[\s,]+)*(?:where (?:do|shall|should) i (?:start|begin)|"
    r"let me (?:explain|think)|long story(?: short)?|here'?s the thing|"
    # A plea for the listener's patience: "right so bear with me", "hear me out", "sorry this is a long one".
    r"(?:please\s+)?(?:bear|stay|stick) with me(?: here| a sec(?:ond)?| on this)?|hear me out|here goes|"
    r"(?:sorry,?\s+)?(?:this|it)(?:'s| is| might be| will be)? (?:a (?:bit )?long(?: one)?|going to be long|a ramble)))\W*$|"
    # Nor is the founder's name: "Hi, myself Rahul from Pune.", "Hello, this is Ama here".
    r"^\W*(?:" + GREETED + r"\W+)?(?:myself|my name is|i am|i'?m|this is)\s+"
    r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?(?:\s+(?:here|from\s+[\w' -]{2,30}))?\W*$",
    re.IGNORECASE,
)


# A wish to build that names nothing: "i want to build her something simple", "we're making a little app for them".
_EMPTY_PITCH = re.compile(
    r"\b(?:build|make|create|do|launch|start|building|making|creating)\s+(?:(?:her|him|them|us|me|my\s+\w+)\s+)?"
    r"(?:something|a\s+thing|an?\s+(?:(?:simple|small|little|basic|quick|easy|nice)\s+)*(?:app|tool|thing|website|site|"
    r"system))(?:\s+(?:simple|small|basic|easy|quick|nice|for\s+(?:her|him|them|us|me|my\s+\w+)))*\W*$|"
    # "I'd love an app that helps with this": an app for what the founder just told, naming nothing of it.
    r"\b(?:an?\s+)?(?:app|tool|thing|something|system|website|platform)\s+(?:that|which|to)\s+(?:would\s+|could\s+)?"
    r"(?:helps?|fix(?:es)?|sorts?(?:\s+out)?|deals?|solves?|handles?)\s+(?:with\s+)?(?:this|that|it|these|them|all\s+(?:this|that))\W*$|"
    # "I'd love your help scoping an app", "can you help me plan out a new product?": help asked of the PM, no idea.
    r"\bhelp\b[\w\s']{0,20}?\b(?:scop|plan|think|figur|shap|build|design|spec|work|sort|flesh|map)\w*(?:\s+(?:out|through|up))?"
    r"\s+(?:(?:an?|my|our|this|the)\s+)?(?:(?:new|small|simple|little|side|first)\s+)*(?:app|idea|product|tool|mvp|project|"
    r"startup|thing)(?:\s+idea)?\W*$",
    re.IGNORECASE,
)
# "The idea: a booking tool for …": what the founder calls the sentence is no part of the quote.
_IDEA_LABEL = re.compile(r"^\W*(?:(?:the|my|our)\s+)?(?:(?:app\s+|product\s+|main\s+)?idea|pitch|elevator pitch|tl;?dr|"
                         r"in short|in a nutshell|summary)\s*[:\u2014\u2013-]\s*(?=\w)", re.IGNORECASE)
# "ok so hear me out", "so basically", "long story short": the lead-in to a story, not its pitch.
_WARM_UP = re.compile(r"^\W*(?:ok(?:ay)?|so|right|well|basically|hear me out|listen|long story short|here'?s the thing)\b"
                      r"[\w\s,']{0,20}\W*$", re.IGNORECASE)
_GREETING_LEAD = re.compile(r"^\W*" + GREETED + r"[\s,!.:;-]+(?=\w)", re.IGNORECASE)


def _acknowledge(
    asked: str,
    changed: list[str],
    before: DiscoverySummary,
    summary: DiscoverySummary,
    user_text: str,
    turn: int,
) -> str:
    aspect = _ack_aspect(asked, changed)
    if not asked and not any(has_real_content(getattr(before, a)) for a in ASPECTS):
        sentences = split_sentences(user_text) or [user_text]
        # A greeting is no pitch: "hi! we r building smthng for home tutors" was acknowledged as 'a clear pitch: "hi"'.
        sentences = [s for s in sentences if not _GREETING.match(s)] or sentences
        # Nor is who the founder is: "Am the chairman of a boda stage in Kisumu, we have like 40 riders. Every evening…".
        sentences = [s for s in sentences if not introduction_only(txt_words(s), is_pain)] or sentences
        # Quote the pitch, not the warm-up ("So this is something I've been thinking about for ages"), nor a wish
        # to build that names nothing ("i want to build her something simple" after the bakery's story).
        said = [s for s in sentences if not _EMPTY_PITCH.search(s)] or sentences
        first = next((s for s in said if PITCH.search(s)),
                     next((s for s in said if len(s.split()) >= 6 and not _WARM_UP.match(s)), said[0]))
        # "Hello, I have a small taqueria…": the greeting before the pitch is no part of the quote.
        first = _IDEA_LABEL.sub("", _GREETING_LEAD.sub("", first) or first) or first
        return IDEA_ACKS[turn % len(IDEA_ACKS)].format(f=short(first, 12))
    if aspect:
        fragment = _new_part(getattr(before, aspect), getattr(summary, aspect))
        if aspect == "target_user" and has_real_content(before.target_user) and len(summary.target_user.split()) <= 12:
            # "the conductors first, about 24 of them … owners second" to "who exactly?": who it is for now, in full,
            # not only the group added last ("that's who it's for: owners").
            fragment = summary.target_user.replace("; ", " and ")
        # "(later, not now: vineyards)" is a note on who it is for; the quote is who it is for now.
        fragment = fragment if aspect == "feature_wishlist" else short(re.sub(r"\s*\(later, not now: [^)]*\)", "", fragment))
    else:
        fragment = short(user_text)
    if not fragment:
        fragment = short(user_text)
    templates = ACKS.get(aspect, ACKS[""])
    return templates[(turn + len(aspect)) % len(templates)].format(f=fragment)


def _volunteered_note(asked: str, changed: list[str], ack_aspect: str) -> str:
    others = [ASPECT_LABELS[a].lower() for a in changed if a not in (asked, ack_aspect)]
    if not others:
        return ""
    if len(others) == 1:
        listed = others[0]
    else:
        listed = ", ".join(others[:-1]) + " and " + others[-1]
    return f"I've also noted what you said about the {listed}."
