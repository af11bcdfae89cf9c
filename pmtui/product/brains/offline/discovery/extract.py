"""Extraction: a user message merged into the DiscoverySummary, clause by clause, in the user's own words."""

from __future__ import annotations

import re

from pmtui.models import ASPECTS, DiscoverySummary
from pmtui.product.brains.offline.discovery.asides import (
    answer_sentences,
    apply_restatement,
    aside_kind,
    note_additions,
    number_correction,
    pending_correction,
    restated,
)
from pmtui.product.brains.offline.discovery.belonging import belongs_to
from pmtui.product.brains.offline.discovery.clues import (
    Clue,
    decisive,
    detect,
    feature_clue,
    feature_items,
    feature_like,
    hedged_sentence,
    list_clue,
    plain_feature_bullet,
)
from pmtui.product.brains.offline.discovery.correction_cues import CORRECTION
from pmtui.product.brains.offline.discovery.cues import (
    FEATURE_TRIGGER,
    FEATURE_VERB,
    GAVE_UP_ON,
    IDEA_FEATURE,
    PIVOT,
    PIVOT_ANNOUNCEMENT,
    SUBORDINATE,
)
from pmtui.product.brains.offline.discovery.doings_told import wishes_told_instead
from pmtui.product.brains.offline.discovery.enabled_people import enabled_people
from pmtui.product.brains.offline.discovery.fragments import adds_the_timing
from pmtui.product.brains.offline.discovery.fragments import dedupe as _dedupe
from pmtui.product.brains.offline.discovery.fragments import refines as _refines
from pmtui.product.brains.offline.discovery.how_it_must_be import apart_limits, how_it_must_be, quality_only
from pmtui.product.brains.offline.discovery.incidents import incidents_joined
from pmtui.product.brains.offline.discovery.item_cues import (
    COUNTED_NOT_WISHED,
    PRODUCT_COLON_LIST,
    TODAYS_WAY,
)
from pmtui.product.brains.offline.discovery.item_price import not_their_item_price, price_only
from pmtui.product.brains.offline.discovery.labelled_lists import labelled_lists
from pmtui.product.brains.offline.discovery.labels import label_statement, split_labelled
from pmtui.product.brains.offline.discovery.led_people import led_people
from pmtui.product.brains.offline.discovery.misfiled import cued, misfiled, put_back_misfiled
from pmtui.product.brains.offline.discovery.outcomes import outcome_states
from pmtui.product.brains.offline.discovery.people_list import with_count
from pmtui.product.brains.offline.discovery.pitch import is_pain as _is_pain
from pmtui.product.brains.offline.discovery.pitch import (
    own_outfit as _own_outfit,
)
from pmtui.product.brains.offline.discovery.pitch import (
    pitch_people_and_pain as _pitch_people_and_pain,
)
from pmtui.product.brains.offline.discovery.pitch import (
    plural as _plural,
)
from pmtui.product.brains.offline.discovery.pitch import (
    problem_without_the_pitch as _problem_without_the_pitch,
)
from pmtui.product.brains.offline.discovery.pitch import (
    timing_not_the_pain as _timing_not_the_pain,
)
from pmtui.product.brains.offline.discovery.pitch import way_and_pain
from pmtui.product.brains.offline.discovery.pivot import (
    new_people,
    pivot_people,
    said_not_for,
)
from pmtui.product.brains.offline.discovery.pivot_turn import needed_for, restate_after_pivot
from pmtui.product.brains.offline.discovery.pronoun_users import pronoun_named, users_by_pronoun
from pmtui.product.brains.offline.discovery.relative_pain import people_and_their_trouble
from pmtui.product.brains.offline.discovery.second_thoughts import (
    announces_the_list,
    doubted,
    hedge_only,
    taken_back,
    without_taken_back,
)
from pmtui.product.brains.offline.discovery.story_told import CONTACTED_ME
from pmtui.product.brains.offline.discovery.text import (
    BULLET,
    LEADING_NO,
    MAX_FIELD_CHARS,
    clean,
    drop_negated,
    has_persona,
    inline_list_lines,
    is_generic_only,
    is_refusal,
    is_specific,
    is_thin,
    is_user_question,
    is_vague,
    norm,
    split_clauses,
    txt_words,
)
from pmtui.product.brains.offline.discovery.who_else import (
    count_beside,
    later_people,
    own_use,
    ranked_people,
    without_later_people,
    without_own_use,
)
from pmtui.product.brains.offline.discovery.wishlist import (
    NOT_A_WISH,
    SCALE_AMBITION,
    WAITS_ITEM,
    merge_features,
    on_the_same_thing,
    removed_features,
    waiting,
)
from pmtui.product.brains.offline.headcount import HAVE_COUNT, held_count
from pmtui.product.brains.offline.own_people import own_people_count
from pmtui.product.completeness import has_real_content
from pmtui.product.constraint_facets import replace_facets
from pmtui.product.list_check import without_list_confirmation
from pmtui.product.rice import NICE_TO_HAVE_MARK

# Who it is for said without a people noun: "the ones on nights", "mostly the older ones", "me and my nephew".
_SOMEONE = re.compile(r"\b(?:ones?|me|us|we|them|they|him|her|myself|everyone|anyone|somebody|someone|folks?|"
                      r"(?:us|you|that|this|the whole) lot|crowd|crew|team|gang)\b", re.IGNORECASE)
_I_NEED_TO = re.compile(r"^\W*(?:(?:and|also|plus|oh)\s+)?(?:i|we)\s+(?:also\s+|really\s+|definitely\s+|would\s+)*"
                        r"(?:need|want|'d like|would like|'d love|would love)\s+(?:it\s+)?to\s+(?P<wish>(?:be able to\s+)?"
                        r"(?:see|know|check|send|get|track|book|add|pick|find|view|print|export|mark|set|swap|share|"
                        r"message|text|remind|list|log|record|keep|show|assign|approve|cancel|pay|take)\b.+)$", re.IGNORECASE)
_RISK_LABEL = re.compile(r"^\W*(?:(?:the|my|our)\s+)?(?:(?:biggest|main|real|big|key)\s+)?(?:risk|riskiest assumption)"
                         r"\s*(?::|\s[\u2014\u2013-]\s)\s*(?:that\s+)?(?=\w)", re.IGNORECASE)
_COURTESY = re.compile(r"^\W*(?:(?:oh|ah|hmm+|ok(?:ay)?|yes|yeah)\W+)?(?:(?:that'?s|that is|what)\s+(?:a\s+)?)?(?:great|good|fair|"
                       r"nice|interesting|excellent|brilliant|lovely|tough|hard|tricky)\s+(?:question|point|one|ask)"
                       r"(?:\s+(?:actually|honestly|really|tbh))?\W*$|^\W*(?:fair enough|thanks(?: for asking)?|thank you|"
                       r"good to know|i see|right then)\W*$", re.IGNORECASE)
_IN_CASE = re.compile(r"\b(?:if|when|whenever|in case|once|should)\s+(?:they|he|she|someone|somebody|a\s+\w+|the\s+\w+|"
                      r"i|we|you)\b", re.IGNORECASE)
_WHO_CAN = re.compile(r"\b(?:should|could|must|would|can|will|shall|need to|needs to|have to|has to|ought to|want to|"
                      r"wants to)\s*$", re.IGNORECASE)
_SOFT_ASPECTS = frozenset({"core_problem", "current_alternatives"})
# "its a paper book" is "a paper book"; "it's all in a paper diary" stays whole (without it, "all in…" reads broken).
_ITS_LEAD = re.compile(r"^(?:it'?s|its|it is)\s+(?=(?:a|an|the|just|mostly|only|still)\b)", re.IGNORECASE)
# "me. 5 wks. phone": asked who builds it, "me" is the team, however short.
_RUN_ON_WORDS = 45
_BARE_TEAM = re.compile(r"^\W*(?:just |only )?(?:me|myself|solo|alone|us two)\W*$", re.IGNORECASE)


# "its for all the crew not just the mechanic", "it's for the whole crew": who it is for, said again at the card.
_FOR_WHOM_NOW = re.compile(r"^\W*(?:(?:no|nearly|almost|not quite|close|mostly)\b[\s,.:;!-]*)*"
                           r"(?:it'?s|its|it is|this is|that'?s) (?:really |actually |meant |mainly )?for\b", re.IGNORECASE)

def _merge_text(old: str, new: str, replace: bool, fresh: bool = False) -> str:
    new = new.strip()
    if not has_real_content(new) and has_real_content(old):
        return old
    if replace or not has_real_content(old) or is_generic_only(old):
        return new[:MAX_FIELD_CHARS]
    old_n, new_n = norm(old), norm(new)
    if new_n in old_n:
        return old
    if old_n in new_n:
        return new[:MAX_FIELD_CHARS]
    merged = f"{old}; {new}"
    if len(merged) <= MAX_FIELD_CHARS:
        return merged
    # No room for both: the answer to the question just asked wins over what was picked up on the way.
    return new[:MAX_FIELD_CHARS] if fresh else old


_SAID_BEFORE = re.compile(r"^(?:(?:like|as|same as)\s+i\s+(?:said|mentioned|told you|wrote)(?:\s+(?:before|earlier|above))?|"
                         r"as\s+(?:i\s+)?(?:said|mentioned)\s+(?:before|earlier))\s*[:\-\u2014\u2013]\s*(?=\S)", re.IGNORECASE)


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def extract(summary: DiscoverySummary, user_text: str, asked_aspect: str) -> DiscoverySummary:
    """A new summary with what `user_text` says merged in: the asked aspect and any volunteered one.

    Clauses with a strong cue for another aspect go there; the rest answer the asked aspect. Vague
    answers are not stored. Corrections ('actually…', '…, not …', 'change X to Y') replace; other new
    detail for the asked aspect is appended.
    """
    result = summary.model_copy(deep=True)
    if asked_aspect == "feature_wishlist" and summary.feature_wishlist:
        # "looks right" / "yep that's the lot" to the list read back: no wish; what follows the nod is the answer.
        _confirmed, user_text = without_list_confirmation(user_text)
    said_again = _SAID_BEFORE.match(user_text.strip())
    if said_again and asked_aspect and _norm(user_text.strip()[said_again.end():]) in _norm(summary.value_text(asked_aspect)):
        # "Like I said: No horse booked twice, and …" to the question asked again: the same answer, nothing new
        # (the colon after "said" is no label of a list of wishes).
        return result
    # "Top priorities, in order: 1. … 2. …", "Nice to have: …": a heading says what its items are (labelled_lists).
    text = labelled_lists(txt_words(inline_list_lines(user_text.strip())))
    # "Biggest risk: the assistants won't scan when it's busy", to the riskiest-assumption question: the label goes,
    # the answer is filed as the question's (with the problem), beside what is there.
    text = _RISK_LABEL.sub("", text)
    # "just me" to the limits question is a team of one: thin, but no shrug (it is kept, and sharpened once).
    bare_team = asked_aspect == "constraints" and bool(_BARE_TEAM.match(text))
    aside = aside_kind(text, asked_aspect)
    if not text or (is_vague(text) and not bare_team) or aside or is_refusal(text):
        # A question back or an off-topic remark answers nothing: the summary stays as it was. A scope note
        # that also asks to add a thing adds it to the wishlist now.
        if aside == "scope_note":
            wishlist = merge_features(result.feature_wishlist, note_additions(text), False)
            if not asked_aspect and has_real_content(summary.target_user):
                # At the card, "take out X and Y, those arent features. seeds can wait": the rows go, then the rest.
                wishlist = removed_features(text, wishlist)
            result.feature_wishlist = waiting(wishlist, text)
        return result
    fix = number_correction(summary, text)
    if fix:
        # "correction: not 200, 400 farmers": the number is put right where it stands, nothing else is filed.
        setattr(result, fix[0], fix[1])
        return result
    if pending_correction(text):
        # "sorry, it's 30 operators not 10", before the 10 was said: it waits for the 10 (corrections_kept).
        return result
    if restated(text):
        return apply_restatement(summary, text)[0]
    asked = asked_aspect if asked_aspect in ASPECTS else ""
    if asked not in ("", "feature_wishlist") and _NOD_ONLY.match(text):
        return result  # "yep looks right" to "How will this make money?" (meant for the card) says nothing of money
    first_message = not asked and not any(has_real_content(getattr(summary, a)) for a in ASPECTS)
    if not first_message:
        # Content beats the question: "free, maybe the building pays later" to "what else must it do?" is the money,
        # and a plain list of capabilities said at the summary card is the wishlist.
        belongs = belongs_to(text, asked)
        if belongs and asked:
            # The answer to the money question is the limits, and the limits hold the money from the turn before:
            # that earlier answer goes where it belongs before this one is filed.
            summary = put_back_misfiled(summary, belongs, asked)
            result = summary.model_copy(deep=True)
        asked = belongs or asked
    if asked == "success_metric" and not first_message and outcome_states(text):
        # "Zero missed collections and no more angry texts on Sunday": states to reach, the whole answer, whatever
        # tools or pains its words name.
        labelled = label_statement(text)  # "Success looks like: every game sorted by Thursday": the label is no part
        said = labelled[1] if labelled and labelled[0] == "success_metric" else clean(text)
        result.success_metric = _merge_text(summary.success_metric, said, is_thin("success_metric",
                                                                                      summary.success_metric), fresh=True)
        return result
    # "Actually, scratch that — it's for studio office managers": a new direction answers no question.
    pivot = bool(PIVOT.search(text)) and has_real_content(summary.target_user)
    if pivot:
        asked = ""
        text = PIVOT_ANNOUNCEMENT.sub(" ", text)
    if not asked and not first_message and not pivot and adds_the_timing(summary, text):
        # At the card, "so now everyone want fast fast" with the why-now still open answers it; it corrects nothing.
        asked = "why_now"
    # With nothing asked on a filled summary, the user is revising the summary card: statements replace.
    revising = not asked and not first_message
    # "its for her and maybe other home bakers later" in the pitch: people for later are a note there too.
    later = later_people(text) if asked == "target_user" or first_message else []
    ours = own_use(text) if asked == "target_user" else None
    if later or ours:
        text = without_own_use(without_later_people(text)) if ours else without_later_people(text)

    said_whole = text
    if asked == "feature_wishlist":
        # "Actually, forget the reminder for now, the cut-off is the important bit" takes a wish back; it tells nothing.
        text = without_taken_back(text) or text
    found: dict[str, list[str]] = {a: [] for a in ASPECTS}
    features: list[str] = []
    replace: set[str] = set()
    weak_asked: list[str] = []
    soft_claimed: list[str] = []

    after_features = False
    bullets = len(BULLET.findall(text))
    # "Great question.", "Good point!": a courtesy to the PM answers nothing (it was filed as who it is for).
    pieces = [piece for said in answer_sentences(text) for piece in split_labelled(said) if not _COURTESY.match(piece)]
    if asked not in ("", "core_problem"):
        # "…she double books saturdays. last month she baked two cakes for the same day": the problem's own story.
        pieces = incidents_joined(pieces, lambda s: any(
            (clue := detect(c, s, first_message).get("core_problem")) is not None and clue.strong for c in split_clauses(s)))
    for sentence in pieces:
        if is_refusal(sentence):
            continue  # "per acre. rather not say how much": the sentence that declines says nothing to keep
        correction = bool(CORRECTION.search(sentence))
        label = label_statement(sentence)
        if label:
            aspect, value = label
            if aspect == "feature_wishlist":
                features.extend(feature_items(value))
            else:
                found[aspect].append(value)
            replace.add(aspect)
            continue
        colon_list = PRODUCT_COLON_LIST.search(sentence)
        if colon_list and not correction:
            listed_items = feature_items(colon_list.group("items"))
            if len(listed_items) >= 2:
                features.extend(listed_items)
                sentence = sentence[: colon_list.start("items")].rstrip(" :")
                if announces_the_list(sentence):
                    continue
        if asked in ("target_user", "why_now", "success_metric", "revenue_model") and GAVE_UP_ON.match(sentence.strip()):
            # "Housebound patients. We had a phone reminder but it came at random times, so patients stopped using
            # it.": a way tried and dropped, told to another question; its people are no new users.
            found["current_alternatives"].append(clean(sentence))
            continue
        if asked == "feature_wishlist" and TODAYS_WAY.match(clean(sentence)):
            # "Most use paper agendas or generic software like Clinicorp", asked what it should do: today's way.
            found["current_alternatives"].append(clean(sentence))
            continue
        if asked == "feature_wishlist" and _REPORTED.search(sentence) and not FEATURE_TRIGGER.search(sentence):
            found["why_now"].append(clean(sentence))  # "plus the head said we can use the old room from january"
            continue
        need = _I_NEED_TO.match(sentence) if asked == "feature_wishlist" and not CORRECTION.search(sentence) else None
        if need:
            # "I also need to see at a glance which shifts are understaffed", asked what it should do: a wish.
            wish = need.group("wish").strip(" .!")
            features.extend(feature_items(wish) if re.search(r",|\band\b", wish) else [wish[:1].upper() + wish[1:]])
            continue
        is_bullet = bool(BULLET.match(sentence))
        not_a_feature = (asked == "feature_wishlist" and any(p.search(sentence) for p in COUNTED_NOT_WISHED)
                         or bool(CONTACTED_ME.search(sentence) and not FEATURE_TRIGGER.search(sentence)))
        if (
            asked == "feature_wishlist"
            and (is_bullet or len(sentence.split()) <= 6)
            and not CORRECTION.search(sentence)
            and not not_a_feature
        ):
            # A short line or bullet in answer to "what should it do" is a feature, whatever tool it names.
            features.extend(feature_items(sentence))
            continue
        if is_bullet and bullets >= 2 and plain_feature_bullet(sentence, asked, first_message):
            # A bullet list of things to build, whatever was asked, is a wishlist.
            features.extend(feature_items(sentence))
            continue
        if not correction and (told := wishes_told_instead(sentence, asked)):
            # Asked the metric or why now, things to build are the wishlist; a measure would count something.
            features.extend(feature_items(told))
            after_features = True
            continue
        if is_vague(sentence) and not is_specific(sentence) and not (asked == "constraints" and _BARE_TEAM.match(sentence)):
            continue
        if hedged_sentence(sentence) and doubted(sentence):
            continue
        if hedged_sentence(sentence) and asked != "success_metric":  # "maybe half … by easter?" is a target.
            # "A leaderboard would be fun too." names a feature and says it is not essential.
            features.extend(feature_items(sentence))
            after_features = asked != "feature_wishlist"
            continue
        if asked == "feature_wishlist" and not correction:
            sentence, limits = apart_limits(sentence)  # "…, and it needs to work offline": a limit among wishes
            found["constraints"].extend(limits)
            if not sentence:
                continue
        clauses = split_clauses(sentence)
        sentence_clues = [detect(c, sentence, first_message) for c in clauses]
        if asked == "feature_wishlist" and not correction and not not_a_feature and not any(
            _off_topic(clause, clues) for clause, clues in zip(clauses, sentence_clues, strict=True)
        ):
            # Asked what it should do, a list of things is the wishlist, whatever tools or words it mentions.
            trigger = FEATURE_TRIGGER.search(sentence)
            if trigger and re.match(r"[\w'-]+\s*(?:[,;.]|$)", sentence[trigger.end():]) and re.search(
                    r"\w\s+$", sentence[: trigger.start()]):
                # "a stall map they can see, and …": the trigger's verb alone says what a thing is for, a clause on
                # the noun before it, no new wish.
                trigger = None
            if trigger and SUBORDINATE.search(sentence[: trigger.start()]) is None:
                if not _WHO_CAN.search(sentence[: trigger.start()]):
                    # "I think volunteers should be able to …": who, and a modal, is no item before the trigger.
                    features.extend(feature_items(sentence[: trigger.start()]))
                features.extend(feature_items(sentence[trigger.end():]))
            else:
                features.extend(feature_items(sentence))
            continue
        if after_features and not HAVE_COUNT.search(sentence) and not any(
            asked in cl or any(c.strong for c in cl.values()) for cl in sentence_clues
        ):
            # A plain sentence right after a feature list ("Walkers get rated.") continues the list.
            features.extend(feature_items(sentence))
            continue
        asked_strong = (
            any((clue := cl.get(asked)) is not None and clue.strong for cl in sentence_clues)
            if asked and asked != "feature_wishlist"
            else False
        )
        feature = None if asked_strong or not_a_feature else feature_clue(
            sentence, first_message, strict=bool(asked) and asked != "feature_wishlist"
        )
        # With another question on the table, a bare list answers it: "Coaching centres and language institutes
        # in India" names who, "Two of us, 10 weeks, iOS and Android" the limits; only a trigger makes a wish.
        question_open = bool(asked) and asked != "feature_wishlist" and (
            any(asked in cl for cl in sentence_clues)
            # "A sign-up sheet on the door, or just going down and hoping" answers "what do they do instead?";
            # "Same seat getting double sold, agents not knowing the seats left" answers "what goes wrong?".
            or (asked in ("target_user", "current_alternatives", "core_problem") and not _things_to_do(sentence))
        )
        listed = (
            None if feature or asked_strong or not_a_feature or question_open else list_clue(sentence, first_message)
        )
        feature = feature or listed
        after_features = bool(feature) and asked != "feature_wishlist"
        if feature:
            trigger = FEATURE_TRIGGER.search(sentence)
            if asked == "feature_wishlist" and trigger and trigger.start() > 0 and not _WHO_CAN.search(
                    sentence[: trigger.start()]):
                # "Reminders that sound human, a timeline per client, and I'd love it to add the late fee":
                # what comes before the "I'd love it to" is on the list too ("volunteers should be able to": no item).
                features.extend(feature_items(sentence[: trigger.start()]))
            features.extend(feature.items)
        lead = _sentence_lead(sentence_clues, asked, clauses) if not feature else ""
        # A run-on pitch ("…every Saturday na wahala, because somebody booked 200 chairs by phone and she forgot…, and
        # she writes everything inside one big exercise book…") is about many things: only its cued clauses lead.
        # The pain may be told as the whole story; today's way, the timing or the money are not.
        run_on = len(sentence.split()) > _RUN_ON_WORDS and lead != "core_problem"
        # With a question on the table, the lead only carries what follows it ("…is growing, so more devs
        # playtest publicly"); a plain clause before it ("if 10 agencies pay, and the missed visits go down")
        # answers what was asked.
        lead_from = next((i for i, cl in enumerate(sentence_clues) if lead in cl and cl[lead].strong), 0) if asked else 0
        asked_parts: list[str] = []
        lead_parts: list[str] = []
        strong_elsewhere = False
        in_feature_list = False
        for index, (clause, clues) in enumerate(zip(clauses, sentence_clues, strict=True)):
            triggered = bool(feature) and bool(
                FEATURE_TRIGGER.search(clause) or IDEA_FEATURE.search(clause)
            )
            # "It should record sessions, let testers comment, and group feedback by build": the list runs on.
            continued = (
                in_feature_list
                and not listed
                and (not any(c.strong for a, c in clues.items() if a != "target_user")
                     # "…, and swap with someone if they can't make it": an item of the list, with the case it is for.
                     or (feature is not None and _IN_CASE.search(clause) is not None
                         and clean(re.sub(r"^\W*(?:and|or|also|then)\s+", "", clause)).lower().rstrip(".")
                         in {item.lower() for item in feature.items}))
            )
            in_feature_list = in_feature_list or triggered
            feature_clause = bool(listed) or triggered or continued
            if feature_clause:
                # The clause that lists features says what to build, not who, why or how much;
                # only a raw idea may also carry the first guess at the problem.
                kept = ("target_user", "revenue_model", "constraints") + (
                    ("core_problem",) if first_message else ()
                )
                clues = {a: c for a, c in clues.items() if c.strong and a in kept}
            strong_others = [a for a, c in clues.items() if c.strong and a != asked]
            # With a question on the table, only a clause unmistakably about something else leaves it.
            decisive_others = [a for a in strong_others if not asked or decisive(a, clause, clues[a])]
            strong_elsewhere = strong_elsewhere or bool(decisive_others)
            asked_clue = clues.get(asked)
            if lead and index >= lead_from and not feature_clause and asked_clue is None and not strong_others and not run_on:
                # A cue-less clause of a sentence that is about one other aspect belongs with it:
                # "…is growing, so more devs playtest publicly" is still the why-now.
                lead_parts.append(clean(clause))
                continue
            takes_asked = (
                bool(asked)
                and asked != "feature_wishlist"
                and not is_user_question(clause)
                and not feature_clause
                and ((asked_clue is not None and asked_clue.strong) or not decisive_others)
            )
            if takes_asked:
                # Who it is for is a name, not the clause; today's way told as the reason for a pain is that reason.
                if asked_clue is not None and (asked == "target_user" or "core_problem" in strong_others and asked_clue.strong):
                    asked_parts.append(asked_clue.fragment)
                else:
                    asked_parts.append(clean(drop_negated(clause)) if correction else clean(clause))
                # One clause, one aspect: what answers the question is not filed elsewhere too, except
                # an explicit "it's for X" when nobody has said who it is for.
                strong_others = [
                    a for a in strong_others
                    if a == "target_user" and decisive(a, clause, clues[a]) and not has_real_content(summary.target_user)
                ]
            elif (
                asked_clue is not None
                and asked != "feature_wishlist"
                and not set(strong_others) & {"revenue_model", "success_metric", "constraints"}
            ):
                # "We'll charge $49 per month" is pricing even when the question was about limits.
                weak_asked.append(asked_clue.fragment)
            elif not feature_clause and strong_others and all(a in _SOFT_ASPECTS for a in strong_others):
                # "What goes wrong today?" is often answered with the workaround itself.
                soft_claimed.append(clean(clause))
            for aspect in strong_others:
                clue = clues[aspect]
                if aspect == lead:
                    lead_parts.append(clue.fragment)
                    continue
                current = getattr(summary, aspect)
                empty = not has_real_content(current) or is_generic_only(current)
                if clue.secondary and not empty:
                    continue
                refines = not empty and _refines(aspect, current, clue.fragment)
                if not empty and not refines and asked and decisive(aspect, clause, clue) and misfiled(aspect, current):
                    # "just me, 6 weeks, phone" for constraints that hold "free, maybe the building pays later"
                    # (an answer to the wrong question): the decisive clause takes its place, and the old words go
                    # to the aspect just asked if they are about it.
                    found[aspect].append(clue.fragment)
                    replace.add(aspect)
                    if asked != "feature_wishlist" and not has_real_content(getattr(summary, asked)) and (
                        asked in cued(current)
                    ):
                        found[asked].append(current)
                    continue
                if aspect == "target_user" and revising and not (correction or refines or pivot) and not (
                        _FOR_WHOM_NOW.search(clause)):
                    # Revising the card, a passing mention of "devs" does not replace who it is for; "its for all the
                    # crew not just the mechanic" says who it is for in so many words.
                    continue
                if empty or refines or correction or revising:
                    found[aspect].append(clue.fragment)
                    if not empty:
                        replace.add(aspect)
        if lead_parts:
            whole = len(lead_parts) >= len(clauses)
            _file_lead(
                found,
                replace,
                summary,
                lead,
                sentence if whole else ", ".join(lead_parts),
                correction,
                revising,
            )
        wished = asked == "feature_wishlist" and (not strong_elsewhere or is_bullet) and not not_a_feature
        bulleted = is_bullet and not asked_parts and not strong_elsewhere
        if not feature and (wished or bulleted):
            features.extend(feature_items(sentence))
        others = {a for cl in sentence_clues for a, c in cl.items() if c.strong and a != "target_user"}
        if asked_parts and asked == "target_user" and strong_elsewhere and "core_problem" not in others and not any(
                has_persona(part, allow_generic=True) or _SOMEONE.search(part) for part in asked_parts):
            # "Right now it's the spreadsheet …, and honestly a lot of phone calls on Friday nights" to "who feels
            # this most?": a clause naming nobody, in a sentence about today's way, goes with that, not who it is for.
            # (A pain told instead is the whole answer's: the check after the sentences files it whole.)
            if len(others) == 1:
                found[others.pop()].append(", ".join(asked_parts))
            asked_parts = []
        if asked_parts:
            whole = len(asked_parts) == len(clauses) and asked != "target_user"
            piece = (
                clean(drop_negated(sentence) if correction else sentence)
                if whole
                else with_count(asked_parts) if asked == "target_user" else ", ".join(asked_parts)
            )
            found[asked].append(piece)
            if correction:
                replace.add(asked)

    if pivot:
        # "So it's for the mobile fitters, the van stock and the quotes, not for the drivers": not the drivers.
        found["target_user"] = [people for people in found["target_user"] if not said_not_for(text, people)]
    if pivot and not (found["target_user"] and new_people(summary.target_user, found["target_user"][-1])):
        # A pivot told as a story names the new people without "it's for": "Where nobody helps is the
        # hygienist: self-employed hygienists working across three or four practices… That's who I want to build for."
        people = pivot_people(text, summary.target_user)
        if people:
            found["target_user"].append(people)
    if pivot and (needed_by := needed_for(text)) and new_people(summary.target_user, needed_by):
        # "…what we really need is a way for guesthouses and their guests to book …": the people it is needed for.
        found["target_user"].append(needed_by)
    if pivot and found["target_user"] and new_people(summary.target_user, found["target_user"][-1]):
        # A new direction: who it is for changes, and with it the problem, today's workaround, the
        # wishlist, the metric and the money — unless this very message restates them.
        return restate_after_pivot(result, found, features, text, asked)
    if asked and asked != "feature_wishlist" and not found[asked]:
        # Answers rarely use the cue words of the question: a soft topic answered in other words still counts.
        found[asked] = weak_asked or (soft_claimed if asked in _SOFT_ASPECTS else [])
    for aspect in ASPECTS:
        if aspect == "feature_wishlist":
            continue
        fragments = _dedupe([
            f.strip(" ,;:-\u2013\u2014") for f in found[aspect]
            if f.strip(" ,;:-\u2013\u2014") and (not is_vague(f) or (aspect == "constraints" and _BARE_TEAM.match(f)))
        ])
        if not fragments:
            continue
        if aspect in replace or revising:
            # "yes but the price should be GH₵ 60 not 50": the new value alone, without the yes or the old number.
            fragments = [clean(drop_negated(_YES_BUT.sub("", f))) or f for f in fragments]
        if aspect == "current_alternatives":
            # "right now its a paper book and whatsapp voice notes": what they use, without the "it's".
            fragments = [_ITS_LEAD.sub("", f) or f for f in fragments]
        old, new = getattr(result, aspect), "; ".join(fragments)
        # The answer to the question that sharpened a thin value replaces it: "it's a bit of a faff" gives way to
        # "marking the answer sheets takes ages…", "loads of pubs using it" to "30 pubs … by Christmas".
        sharpened = aspect == asked and has_real_content(old) and is_thin(aspect, old) and not is_thin(aspect, new)
        if aspect == "constraints" and revising and aspect in replace and has_real_content(old):
            new = replace_facets(old, new)  # "the AGM in february is our deadline": the builder and the budget stay
        setattr(result, aspect, _merge_text(old, new, aspect in replace or sharpened, fresh=aspect == asked))
    wishlist = result.feature_wishlist
    if revising or asked == "feature_wishlist":
        wishlist = removed_features(text, wishlist)
    if revising:
        # At the card, "i meant seeds and tools can wait til later" marks those wishes as waiting.
        wishlist = waiting(wishlist, text, ("defer",))
    if asked == "feature_wishlist" and len(features) >= 2:
        # Asked for the list, the founder's own list is the wording: an earlier item on the same thing
        # ("Follow the walk on GPS" before "GPS tracking") gives way to it.
        wishlist = [old for old in wishlist if not any(on_the_same_thing(old, new) for new in features)]
    # "def wait isnt a feature": what the founder says is no wish is not one.
    features = [f for f in features if not hedge_only(f) and not NOT_A_WISH.search(f)
                and not SCALE_AMBITION.match(f.replace(NICE_TO_HAVE_MARK, "").strip())]
    notes = [f for f in features if WAITS_ITEM.search(f)]
    features = waiting([f for f in features if f not in notes], " ".join(notes)) if notes else features
    # "…, 3 pounds for 6, paid monthly": a price said among the wishes is about the money.
    prices = [f for f in features if price_only(f.replace(NICE_TO_HAVE_MARK, ""))]
    if prices:
        features = [f for f in features if f not in prices]
        said_price = "; ".join(p.replace(NICE_TO_HAVE_MARK, "").strip() for p in prices)
        if said_price.lower() not in result.revenue_model.lower():
            result.revenue_model = f"{result.revenue_model}; {said_price}" if result.revenue_model.strip() else said_price
    # "…, phone first, simple": how it must be, said among the wishes, is a limit.
    qualities = [f for f in features if quality_only(f.replace(NICE_TO_HAVE_MARK, ""))]
    if qualities:
        features = [f for f in features if f not in qualities]
        said_limits = "; ".join(re.sub(r"^(?:(?:it\s+)?(?:must|should|has to|needs to)\s+)?be\s+(?=\w)", "",
                                       q.replace(NICE_TO_HAVE_MARK, "").strip(), flags=re.IGNORECASE).capitalize()
                                for q in qualities)
        if said_limits.lower() not in result.constraints.lower():
            result.constraints = f"{result.constraints}; {said_limits}" if result.constraints.strip() else said_limits
    result.feature_wishlist = merge_features(wishlist, features, "feature_wishlist" in replace)
    if asked == "feature_wishlist":
        result.feature_wishlist = taken_back(result.feature_wishlist, said_whole)
    if first_message:
        result = _pitch_people_and_pain(result, text)
        if not has_real_content(result.target_user) and enabled_people(text):
            # "I run a tool hire place, want tradespeople to be able to reserve kit": the doers, not the outfit.
            result = result.model_copy(update={"target_user": enabled_people(text)})
        result = _own_outfit(result, text)
        result = _problem_without_the_pitch(result)
        result = _timing_not_the_pain(result)
    result = not_their_item_price(people_and_their_trouble(result, text, asked), summary)
    if asked and asked != "feature_wishlist" and result == summary and not is_user_question(text):
        # An answer that no cue could file anywhere is still the answer to what was asked.
        answer = clean(drop_negated(text) if CORRECTION.search(text) else text)
        if answer and not is_vague(answer):
            setattr(result, asked, _merge_text(getattr(result, asked), answer, False, fresh=True))
    team = _TEAM_AFTER_STORY.match(result.constraints) if result.constraints != summary.constraints else None
    if team and not re.search(r"\d|\b(?:weeks?|months?|budget|android|ios|iphone|web)\b", team.group("story"), re.IGNORECASE):
        # "the thing is, I run a wee scaffolding firm in Paisley, it's just me and the boys, 4 of us": the team is
        # the limit, the story before it is not.
        result.constraints = team.group("team")
    if (asked_aspect == "target_user" and has_real_content(summary.target_user) and result.target_user != summary.target_user
            and not has_persona(result.target_user.replace(summary.target_user, "")) and _is_pain(text)
            and not has_persona(text) and result.core_problem == summary.core_problem):
        # Asked which people exactly, "books come in and we forget whose they are so people wait weeks": no one is
        # named, something goes wrong: it answers what goes wrong, not who ("books come in" was filed as who).
        result.target_user = summary.target_user
        result.core_problem = _merge_text(summary.core_problem, clean(text), not has_real_content(summary.core_problem),
                                          fresh=True)
    own = own_people_count(text) if asked_aspect == "target_user" and not has_real_content(result.target_user) else None
    if own is not None and not re.search(r"\d+\s*(?:weeks?|wks?|months?)|\bbudget\b", text, re.IGNORECASE):
        # "me and my sister", asked who it is for: the founder's own people are who it is for (and the team too).
        result.target_user = clean(own[1])
    trade = _ONLY_MY_TRADE.match(text) if asked == "target_user" else None
    whom = re.sub(r"^(?:a|an|the)\s+", "", (trade.group("whom") or "").strip(" .!"), flags=re.IGNORECASE) if trade else ""
    if trade and result.target_user.strip(" .!").lower() in (clean(text).strip(" .!").lower(), whom.lower()):
        # "I'm a plumber", asked who it is for: people of the founder's trade — thin, so it is sharpened once; "I'm a
        # tutor for kids": tutors, and whom they work for with them (it was "kids").
        result.target_user = f"{_plural(trade.group('trade'))} for {whom}" if whom else _plural(trade.group("trade"))
    held = held_count(text) if asked == "target_user" and has_real_content(result.target_user) else None
    per = _HOW_MANY_A_PERIOD.search(text) if asked == "target_user" and not held else None
    if per and has_real_content(result.target_user):
        # "mums n dads for kids partys, 50-ish a month in summer": how many of the people just named, per period.
        held = (float(per.group("n")), per.group("said"))
    if held:
        result.target_user = count_beside(result.target_user, held)
    if asked == "target_user" or first_message:
        result.target_user = pronoun_named(result.target_user, said_whole)  # "its for her": "my mum"
        if not has_real_content(result.target_user):
            # "its for him"; "I coordinate volunteers at a community food bank": whom the founder looks after.
            result.target_user = users_by_pronoun(said_whole) or led_people(said_whole) or result.target_user
    if (ranked := ranked_people(text) if asked == "target_user" else None) is not None:
        result.target_user, later = ranked[0], [ranked[1]]  # "the librarians first, the singers second"
    if later and has_real_content(result.target_user) and not re.search(r"\(later, not now:", result.target_user):
        result.target_user = f"{result.target_user} (later, not now: {', '.join(later)})"
    if (result.current_alternatives, result.core_problem) != (summary.current_alternatives, summary.core_problem):
        result = way_and_pain(result)
    if ours and has_real_content(result.target_user) and "(also " not in result.target_user:
        result.target_user = f"{result.target_user} (also {ours})"  # "Me and my driver Nimal also will use it"
    return result


_NOD_ONLY = re.compile(r"^\W*(?:(?:yes|yep|yeah|yup|ok|okay|sure)\W+)*(?:looks?|sounds?|seems?)\s+(?:right|good|great|fine|ok(?:ay)?|"
                       r"grand|spot on)\W*$", re.IGNORECASE)
_TEAM_AFTER_STORY = re.compile(r"^(?P<story>[^;]+?),\s*(?P<team>(?:it'?s\s+|we'?re\s+)?(?:just|only)\s+(?:me|us)\b.*)$",
                               re.IGNORECASE)
# "…, 50-ish a month in summer"; never the thousands of an amount ("TT$40,000 a season").
_HOW_MANY_A_PERIOD = re.compile(r"(?<!\d),\s*(?P<said>(?:(?:about|around|roughly|like|maybe)\s+)?(?P<n>\d+)(?:-?ish)?\s+(?:a|per|each|"
                                r"every)\s+(?:day|week|month|year|night|weekend|season|term))\b", re.IGNORECASE)
_ONLY_MY_TRADE = re.compile(r"^\W*(?:(?:well|um|so|erm|oh)\W+)?(?:i'?m|i am|im)\s+(?:just\s+)?(?:a|an)\s+"
                            r"(?P<trade>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?:\s+for\s+(?P<whom>[a-z][\w' -]{1,40}?))?\W*$",
                            re.IGNORECASE)


_YES_BUT = re.compile(r"^\s*(?:(?:yes|yeah|yep|ok(?:ay)?|right|sure)[,\s]+(?:but|only|except)\b|" + LEADING_NO + r")[,\s]*",
                     re.IGNORECASE)



def _things_to_do(sentence: str) -> bool:
    """'Post a shift, accept a swap, charge nurse approval' lists things to do: most items start with a verb."""
    pieces = [clean(p) for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+", sentence) if clean(p)]
    return bool(pieces) and 2 * sum(1 for p in pieces if FEATURE_VERB.match(p)) >= len(pieces)


def _off_topic(clause: str, clues: dict[str, Clue]) -> bool:
    """Does a clause of an answer to "what should it do" clearly talk about something else (price, team…)?"""
    items = [clean(piece) for piece in re.split(r",\s*(?:and\s+)?|;\s*", clause) if clean(piece)]
    shaped = bool(items) and all(feature_like(i) and len(i.split()) <= 12 for i in items) and not how_it_must_be(clause)
    return not shaped and any(
        clue.strong and aspect != "feature_wishlist" and decisive(aspect, clause, clue)
        # "handlers enter online with the dog's name, …, who's paid the entry fee": the people who do a thing in the
        # list are no answer about who it is for, unless the clause says so.
        and (aspect != "target_user" or _SAYS_WHO_FOR.search(clause) is not None)
        for aspect, clue in clues.items()
    )


# Someone else's word reported ("the head said we can…", "the council agreed to…"): what happened, not what to build.
_REPORTED = re.compile(r"^\W*(?:(?:and|plus|also|oh|but|so)\s+)*(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}?"
                       r"(?:said|says|told (?:us|me|them)|agreed|confirmed|reckons|has said|have said|offered|promised)\b",
                       re.IGNORECASE)
_SAYS_WHO_FOR = re.compile(r"\b(?:it'?s|it is|this is|app is|mainly|mostly|only)\s+for\b|\baimed at\b|"
                           r"\b(?:the\s+)?(?:users?|customers?|audience)\s+(?:are|is|would be)\b", re.IGNORECASE)


def _sentence_lead(sentence_clues: list[dict[str, Clue]], asked: str, clauses: list[str]) -> str:
    """The one aspect other than the asked one that a sentence is clearly about, or ''.

    With a question on the table, only an aspect the sentence is unmistakably about can lead it away."""
    if any((clue := cl.get(asked)) is not None and clue.strong for cl in sentence_clues):
        return ""
    primaries = {
        a
        for cl, clause in zip(sentence_clues, clauses, strict=True)
        for a, c in cl.items()
        if c.strong and not c.secondary and a not in (asked, "target_user") and (not asked or decisive(a, clause, c))
    }
    if len(primaries) != 1 or len(sentence_clues) < 2:
        return ""
    return next(iter(primaries))


def _file_lead(
    found: dict[str, list[str]],
    replace: set[str],
    summary: DiscoverySummary,
    aspect: str,
    fragment: str,
    correction: bool,
    revising: bool,
) -> None:
    current = getattr(summary, aspect)
    empty = not has_real_content(current) or is_generic_only(current)
    if empty or correction or revising or _refines(aspect, current, fragment):
        found[aspect].append(clean(fragment))
        if not empty:
            replace.add(aspect)
