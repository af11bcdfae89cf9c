"""The code orchestrator of seed 002: routes each message by phase, enforces handoffs, prevents skips.

Every user message is written to the store before any model is asked, so a failing model never
loses it; every PM message and state change is written before it is returned to the caller.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from pmtui.config import Config
from pmtui.models import ASPECTS, ChatMessage, ConversationState, DiscoverySummary, ScopingOutput, TurnResult
from pmtui.product import drafts, texts
from pmtui.product.brains.protocol import Brain, DiscoveryReply
from pmtui.product.completeness import check_completeness
from pmtui.product.labelled import apply_parts, labelled_parts, moved_answer
from pmtui.product.list_check import without_list_confirmation
from pmtui.product.markdown_text import plain
from pmtui.product.rice import NICE_TO_HAVE_MARK
from pmtui.product.units import amount
from pmtui.store import Store, StoreError

log = logging.getLogger("pmtui.orchestrator")
DeltaCallback = Callable[[str], None]
Step = Callable[..., Awaitable[None]]


class TurnFailed(Exception):
    """A step of the turn could not be completed; the message says what to do next."""


class Orchestrator:
    def __init__(self, store: Store, config: Config, brain: Brain | None = None) -> None:
        self.store = store
        self.config = config
        self._brain = brain

    # -- wiring ---------------------------------------------------------------------------
    @property
    def brain(self) -> Brain:
        if self._brain is None:
            if self.config.route("conversation").is_offline:
                from pmtui.product.brains.offline import OfflineBrain

                self._brain = OfflineBrain()
            else:
                from pmtui.llm.gateway import LLMGateway
                from pmtui.product.brains.model import LLMBrain

                self._brain = LLMBrain(LLMGateway(self.config, self.store))
        return self._brain

    @property
    def is_offline(self) -> bool:
        return self.brain.name == "offline"

    def model_label(self) -> str:
        return "offline engine" if self.is_offline else self.config.describe_model()

    def spend(self, project_id: int) -> float:
        return float(self.store.llm_usage(project_id)["cost"])

    # -- projects -------------------------------------------------------------------------
    def open_project(self, name: str) -> ConversationState:
        """The project called `name`, created (with the PM's opening question) when new."""
        project_id = self.store.find_project(name)
        if project_id is None:
            from pmtui.product.brains.offline.discovery import opening_question

            with self.store.transaction():
                project_id = self.store.create_project(name)
                self.store.add_message(project_id, "assistant", opening_question(), "discovery")
        return self.store.load_state(project_id)

    def state(self, project_id: int) -> ConversationState:
        return self.store.load_state(project_id)

    # -- turns ----------------------------------------------------------------------------
    async def handle(self, project_id: int, text: str, on_delta: DeltaCallback | None = None) -> TurnResult:
        """One user message: persisted first, then answered according to the phase."""
        text = text.strip()
        state = self.store.load_state(project_id)
        if not text:
            return self._result(state, [], error="Type a message first.")
        self.store.add_message(project_id, "user", text, state.phase)
        return await self._turn(project_id, text, on_delta)

    async def retry(self, project_id: int, on_delta: DeltaCallback | None = None) -> TurnResult:
        """Answer the last user message again (after a model error left it unanswered)."""
        state = self.store.load_state(project_id)
        if not state.messages or state.messages[-1].role != "user":
            if state.phase == "spec" and not state.spec_markdown:
                return await self._guarded(state, self._write_spec, on_delta)
            if state.phase == "scoping" and state.scoping_output is None:
                # The handoff was said but the proposal failed: retrying proposes the scope again.
                return await self._guarded(state, self._enter_scoping, on_delta)
            return self._result(state, [], error="There is nothing to retry: the last message was answered.")
        return await self._turn(project_id, state.messages[-1].content, on_delta)

    async def confirm_summary(self, project_id: int, on_delta: DeltaCallback | None = None) -> TurnResult:
        """The 'Looks right' button: the same as saying yes to the summary."""
        state = self.store.load_state(project_id)
        if state.phase != "discovery" or not state.discovery_summary_shown:
            return self._result(state, [], error="There is no summary waiting for confirmation.")
        self.store.add_message(project_id, "user", "Looks right.", "discovery")
        state = self.store.load_state(project_id)
        return await self._guarded(state, self._enter_scoping, on_delta)

    async def agree_scope(self, project_id: int, on_delta: DeltaCallback | None = None) -> TurnResult:
        """The 'Agree' button: the scope is accepted as it stands."""
        state = self.store.load_state(project_id)
        if state.phase != "scoping" or state.scoping_output is None:
            return self._result(state, [], error="There is no scope waiting for agreement.")
        self.store.add_message(project_id, "user", "Agreed — let's go with this scope.", "scoping")
        state = self.store.load_state(project_id)
        return await self._guarded(state, self._enter_spec, on_delta)

    async def reopen_scope(self, project_id: int, on_delta: DeltaCallback | None = None,
                           text: str = "") -> TurnResult:
        """Back to scoping after the spec is written: the agreed table, fresh rounds of argue-back; agreeing again
        writes the spec and the plan anew (a plan delivered already keeps its run). `text`, when given, is the change
        the founder asked for, taken as the first push-back."""
        state = self.store.load_state(project_id)
        if state.phase != "done" or state.scoping_output is None:
            return self._result(state, [], error="There is no agreed scope to reopen.")
        return await self._guarded(state, self._reopen, on_delta, text)

    async def _reopen(self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None,
                      text: str) -> None:
        self._enter_phase(state, "scoping")
        state.scope_agreed = False
        state.awaiting_scope_agreement = True
        state.negotiation_rounds = 0
        with self.store.transaction():
            self.store.save_flags(state)
            self._say(state, said, texts.SCOPE_REOPENED)
        if text:
            await self._scoping(state, said, on_delta, text)

    def edit_feature(self, project_id: int, feature_name: str, field: str, raw_value: str) -> ScopingOutput:
        """A table edit: validated first (EditRejected saves nothing), then stored with the new output."""
        from pmtui.product.rice import EditRejected, apply_edit

        state = self.store.load_state(project_id)
        if state.scoping_output is None:
            raise EditRejected("There is no scope to edit yet: finish discovery first.")
        if state.phase != "scoping":
            raise EditRejected("The scope is agreed and the spec is written: press s on the spec screen (or tell the PM "
                               "what to change) to open it again.")
        feature = state.scoping_output.feature(feature_name)
        if feature is None:
            raise EditRejected(f"There is no feature called {feature_name!r} in the scope.")
        old = getattr(feature, _FIELD_ATTR.get(field, field), None)
        output = apply_edit(state.scoping_output, feature_name, field, raw_value)
        edited = output.feature(feature_name)
        new = getattr(edited, _FIELD_ATTR.get(field, field), None) if edited else raw_value
        self.store.record_edit(project_id, feature.name, field, old, new, output)
        return output

    # -- internals ------------------------------------------------------------------------
    async def _turn(self, project_id: int, text: str, on_delta: DeltaCallback | None) -> TurnResult:
        state = self.store.load_state(project_id)
        # The message is kept as written; it is heard without its Markdown ("**Users:** - a - b" says "Users:" and a
        # list), as a chat model or a notes app writes it.
        text = plain(text)
        picked = texts.choice_number(text, len(state.choices)) if state.choices else None
        if picked is not None:
            return await self._guarded(state, self._choose, on_delta, state.choices[picked - 1])
        if state.phase == "discovery":
            step: Step = self._review if state.discovery_summary_shown else self._discovery
        elif state.phase == "scoping":
            step = self._scoping
        elif state.phase == "spec":
            step = self._spec_phase
        else:
            step = self._done
        return await self._guarded(state, step, on_delta, text)

    async def _guarded(
        self, state: ConversationState, step: Step, on_delta: DeltaCallback | None, *args: Any
    ) -> TurnResult:
        said: list[str] = []
        offered, misunderstood = list(state.choices), state.misunderstood
        state.choices = []
        try:
            await step(state, said, on_delta, *args)
            if state.misunderstood == misunderstood:
                state.misunderstood = 0
            if (state.choices, state.misunderstood) != (offered, misunderstood):
                self.store.save_flags(state)
        except Exception as exc:  # a turn must never crash the session
            message = _user_message(exc)
            log.warning("turn failed in phase %s: %s", state.phase, exc, exc_info=not _is_llm_error(exc))
            fresh = self.store.load_state(state.project_id)
            return self._result(fresh, said, error=message)
        return self._result(self.store.load_state(state.project_id), said)

    def _say(self, state: ConversationState, said: list[str], text: str) -> None:
        if text.strip() and text.strip() == _last_reply(state, said).strip():
            # The PM never says the same thing twice in a row: the second time it offers choices.
            state.misunderstood = max(state.misunderstood, 1) + 1
            kind = "review" if state.discovery_summary_shown else state.phase
            state.choices = _CHOICES_BY_PHASE.get(kind, ["answer", "unknown"])
            text = texts.choices_message(
                texts.misunderstood_intro(kind, state.misunderstood), state.choices, _question(state, said)
            )
        self.store.add_message(state.project_id, "assistant", text, state.phase)
        said.append(text)
        state.messages.append(ChatMessage(role="assistant", content=text, phase=state.phase))

    def _misunderstood(
        self, state: ConversationState, said: list[str], text: str, kind: str, choice_ids: list[str]
    ) -> None:
        """A reply that did not understand the user: the second in a row offers numbered choices instead."""
        state.misunderstood += 1
        if state.misunderstood >= 2:
            state.choices = list(choice_ids)
            text = texts.choices_message(
                texts.misunderstood_intro(kind, state.misunderstood), state.choices, _question(state, said)
            )
        with self.store.transaction():
            self.store.save_flags(state)
            self._say(state, said, text)

    async def _choose(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None, choice: str
    ) -> None:
        """The user picked one of the numbered options the PM offered."""
        if choice == "agree" and state.phase == "scoping" and state.scoping_output is not None:
            await self._enter_spec(state, said, on_delta)
        elif choice == "confirm" and state.phase == "discovery":
            await self._enter_scoping(state, said, on_delta)
        elif choice == "unknown" and state.phase == "discovery":
            await self._discovery(state, said, on_delta, "I don't know yet.")
        else:
            features = [f.name for f in state.scoping_output.mvp_features] if state.scoping_output else []
            below = [f.name for f in state.scoping_output.mvp_features if f.phase > 1] if state.scoping_output else []
            prompt = texts.CHOICE_PROMPTS.get(choice, texts.CHOICE_PROMPTS["answer"])
            question = _question(state, said) or "what would you like to change?"
            feature = (below or features or ["the export"])[0]
            self._say(state, said, prompt.format(feature=feature, question=question))

    def _result(self, state: ConversationState, said: list[str], error: str = "") -> TurnResult:
        reply = "\n\n".join(said)
        if error:
            reply = f"{reply}\n\n{error}".strip() if reply else error
        return TurnResult(
            project=state.project,
            phase=state.phase,
            reply=reply,
            summary_shown=state.discovery_summary_shown,
            negotiation_round=state.negotiation_rounds,
            error=error,
            choices=[texts.CHOICES[c] for c in state.choices],
        )

    def _enter_phase(self, state: ConversationState, phase: str) -> None:
        state.phase = phase  # type: ignore[assignment]
        if not state.phases_visited or state.phases_visited[-1] != phase:
            state.phases_visited.append(phase)

    # -- discovery --------------------------------------------------------------------------
    async def _discovery(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None, text: str
    ) -> None:
        if texts.is_skip_request(text):
            question = texts.last_question([m.content for m in state.messages if m.role == "assistant"])
            redirect = texts.discovery_redirect(state.completeness, question)
            self._misunderstood(state, said, redirect, "discovery", ["answer", "unknown"])
            return
        if texts.is_bare_undo(text) and self._undo_discovery(state, said):
            return
        before = state.discovery_summary
        asked = state.asked_aspect
        original, moved = text, moved_answer(text)
        if moved:
            # "sorry that was about why now. success = …": the previous answer goes where it belongs, and the
            # rest of the message is heard as usual.
            aspect, text = moved
            state.discovery_summary, moved_text = self._move_last_answer(state, aspect)
            said_before = texts.moved_answer_ack(aspect, moved_text)
        else:
            said_before = ""
        spoken, prepared = text, state.discovery_summary
        parts, leftover = labelled_parts(text, strict=True) if text else ([], "")
        if parts:
            text = leftover
        summary = await self.brain.extract_discovery(state, text) if text else state.discovery_summary
        # What the founder labelled has the last word, whatever the rest of the message did to it.
        summary, labelled = apply_parts(summary, parts)
        if labelled:
            said_before = texts.join(said_before, texts.labelled_ack(summary, labelled))
        # What was heard only in the pitch or in passing is a draft; the direct answer to its question replaces it.
        summary = drafts.update(state, prepared, summary, asked, labelled, spoken)
        if asked == "feature_wishlist" and before.feature_wishlist and without_list_confirmation(spoken)[0]:
            # "looks right" / "yep that's the lot" to the list read back: the list is the wishlist, not asked again.
            state.ask_count["feature_wishlist"] = max(state.ask_count.get("feature_wishlist", 0), MAX_WISHLIST_ASKS)
        completeness = check_completeness(summary, state.user_turns)
        if completeness.is_complete and (
            self._wishlist_only_from_pitch(state, summary.feature_wishlist)
            or _thin_wishlist_answer(state, before.feature_wishlist, summary.feature_wishlist)
        ):
            # Features heard only in the pitch are a draft: the PM asks once what the first version must
            # do before it shows the summary.
            completeness = completeness.model_copy(update={"is_complete": False, "gaps": ["feature_wishlist"]})
        asked_now = state.asked_aspect if state.asked_aspect in NEVER_SKIPPED else ""
        # Asked and answered with nothing the PM could file (an aside), the question is still open, once more.
        # So is one answered with a correction of something else ("sorry, the fresher is only for 3 months, not 4").
        untouched = summary == before or (bool(asked_now) and getattr(summary, asked_now) == getattr(before, asked_now)
                                          and asked_now not in labelled and texts.is_correction(spoken))
        unanswered = asked_now if untouched and state.ask_count.get(asked_now, 0) < 2 else ""
        unasked = [a for a in NEVER_SKIPPED if a in completeness.gaps
                   and (a == unanswered or (not state.ask_count.get(a) and a != asked_now))]
        if completeness.is_complete and (unasked or drafts.open_drafts(state)):
            # The budget of the scope comes from the team and the weeks, and the spec needs who pays: a card
            # without either, never asked about, would scope to a default of 4 weeks × 1 person.
            completeness = completeness.model_copy(update={"is_complete": False})
        state.discovery_summary = summary
        state.completeness = completeness
        with self.store.transaction():
            self.store.save_discovery(state.project_id, summary, completeness)
            if completeness.is_complete:
                state.discovery_summary_shown = True
                state.asked_aspect = ""
                self.store.save_flags(state)
        if completeness.is_complete:
            self._say(state, said, texts.join(said_before, texts.summary_card(summary, completeness)))
            return
        # What the labels set is acknowledged in full above; the brain acknowledges the rest.
        # What moved, too: the brain acknowledges only what it heard itself.
        heard = prepared.model_copy(update={a: getattr(summary, a) for a in labelled}) if moved or labelled else before
        # The interviewer works from the gaps and the drafts still to ask about; the stored completeness stays honest.
        to_ask = drafts.asking(state, completeness.gaps, asked, prepared, summary)
        reply = await self.brain.discovery_reply(
            state, text or spoken or original, heard, completeness.model_copy(update={"gaps": to_ask}), on_delta
        )
        if said_before:
            reply = reply.model_copy(update={"text": texts.join(said_before, reply.text)})
        self._ask(state, said, reply)

    def _move_last_answer(self, state: ConversationState, aspect: str) -> tuple[DiscoverySummary, str]:
        """The summary with what the previous answer added moved to `aspect`, and the words moved ('' if the
        previous answer already sits there)."""
        history = self.store.discovery_history(state.project_id, limit=2)
        current = state.discovery_summary
        earlier = history[1] if len(history) > 1 else DiscoverySummary()
        result = current.model_copy(deep=True)
        added: list[str] = []
        for other in ASPECTS:
            old, new = getattr(earlier, other), getattr(current, other)
            if other == aspect or other == "feature_wishlist" or old == new:
                continue
            added.append(new[len(old):].lstrip("; ") if old and new.startswith(old) else new)
            setattr(result, other, old)
        if not added and getattr(earlier, aspect) == getattr(current, aspect):
            # Filed nowhere: the previous message itself is what belongs there.
            users = [m.content for m in state.messages if m.role == "user" and m.phase == "discovery"]
            added = users[-2:-1]
        moved_text = "; ".join(a for a in added if a.strip())
        if moved_text and aspect != "feature_wishlist":
            value = getattr(result, aspect)
            setattr(result, aspect, f"{value}; {moved_text}" if value.strip() else moved_text)
        elif moved_text:
            result.feature_wishlist = [*result.feature_wishlist, moved_text]
        return result, moved_text

    def _wishlist_only_from_pitch(self, state: ConversationState, wishlist: list[str]) -> bool:
        # Asked once and answered with an aside ("scratch what I said about the price…"), the question is still
        # open: it is asked again, at most once more.
        if state.ask_count.get("feature_wishlist", 0) >= MAX_WISHLIST_ASKS or not wishlist:
            return False
        history = self.store.discovery_history(state.project_id, limit=200)
        first = history[-1].feature_wishlist if history else []
        if not state.ask_count.get("feature_wishlist") and all(
                item in first or NICE_TO_HAVE_MARK in item for item in wishlist):
            # "…, and it would be nice if the drivers get a receipt on WhatsApp", said about the problem: a wish in
            # passing, beside the pitch's, is not yet what the first version must do.
            return True
        if not state.ask_count.get("feature_wishlist") and len(wishlist) <= _IN_PASSING:
            # "…and my two drivers. Oh and before I forget, I'd love them to see the van coming on a map", said about
            # who it is for: a wish or two in passing is not yet the list; the question is asked once.
            return True
        return bool(first) and set(wishlist) <= set(first)

    def _undo_discovery(self, state: ConversationState, said: list[str]) -> bool:
        """'Undo that': the summary as it was before its last change, on either engine. False if nothing changed yet."""
        current = state.discovery_summary
        previous = next((s for s in self.store.discovery_history(state.project_id) if s != current), None)
        if previous is None:
            return False
        changed = [a for a in ASPECTS if getattr(previous, a) != getattr(current, a)]
        state.discovery_summary = previous
        state.completeness = check_completeness(previous, state.user_turns)
        for aspect in changed:
            # The probe spent on the answer taken back is given back with it: a vague answer again is probed again.
            state.probe_count.pop(aspect, None)
        if changed:
            # What was taken back is open again, and the PM asks for it in so many words.
            state.asked_aspect = changed[0]
            state.ask_count[changed[0]] = state.ask_count.get(changed[0], 0) + 1
        undos = sum(1 for m in state.messages if m.role == "assistant" and m.content.startswith("Undone:"))
        with self.store.transaction():
            self.store.save_discovery(state.project_id, previous, state.completeness)
            self.store.save_flags(state)
            self._say(state, said, texts.undone_discovery(changed, undos))
        return True

    def _undo_scope(self, state: ConversationState, said: list[str], text: str = "") -> bool:
        """'Go back on that': the table as it was before the last argue-back round, and the round given back;
        'go back on the merge' takes back only the merge, and the rest of that round stands."""
        from pmtui.product.rice import rescore, team_size
        from pmtui.product.undo import (
            KEEP_AS_IT_WAS,
            PUT_BACK,
            ask_taken_back,
            cut_by_the_proposal,
            partial_undo,
            round_start,
            untouched_rows_named,
        )

        current = state.scoping_output
        if current is None or state.negotiation_rounds == 0:
            return False
        rows = _rows(current)
        history = self.store.scoping_history(state.project_id)
        previous = next((o for o in history if _rows(o) != rows), None)
        if previous is None:
            # "the nearly-there message, put it back how it was" after a round that found it in Phase 1 already and so
            # changed no row: the ask is what they take back.
            previous = current
        start = round_start(history, current)
        if start is not None and _rows(start) != rows:
            previous = start
        if cut_by_the_proposal(current, previous, text):
            # "put the daily report back", cut by the proposal: a request to bring it back, no round to take back.
            return False
        last_reply = next((m.content for m in reversed(state.messages) if m.role == "assistant"), "")
        untouched = untouched_rows_named(current, previous, text, last_reply)
        part = ask_taken_back(current, untouched) if untouched else None
        if not untouched and previous is current and current.decisions and not KEEP_AS_IT_WAS.search(text):
            # Named by paraphrase ("the nearly-there message"): the rows the round found where they were asked for.
            part = ask_taken_back(current, [n for n in current.decisions[-1].features if current.feature(n)])
        if untouched and part is None:
            with self.store.transaction():
                self._say(state, said, texts.nothing_to_undo(untouched))
            return True
        part = part or partial_undo(current, previous, text)
        if part is None and previous is current and KEEP_AS_IT_WAS.search(text):
            # "I'd rather keep things as they were" after a round that moved no row: the table stands as it was, and
            # the round that changed nothing is given back.
            state.negotiation_rounds -= 1
            with self.store.transaction():
                self.store.save_flags(state)
                self._say(state, said, texts.nothing_to_undo(["the table"]))
            return True
        if part is None and previous is current:
            return False
        if part is not None:
            output, changes = part
            output = rescore(output, team_size(state.discovery_summary))
            back = [f for f in output.mvp_features if f.provenance.get("phase") and f.provenance["phase"].reason == PUT_BACK]
            if sum(f.rice_effort for f in output.mvp_features if f.phase == 1) > output.effort_budget_weeks + 1e-9:
                # Only rows the founder pinned are left in a full Phase 1: what comes back lands on its score.
                for row in back:
                    row.pinned.remove("phase")
                    del row.provenance["phase"]
                output, back = rescore(output, team_size(state.discovery_summary)), []
            # A row put back into a full Phase 1 pushes the lowest-scoring row out: said, never done silently.
            changes += [f"to keep Phase 1 within the budget, {f.name} moves to Phase {f.phase}"
                        for f in output.mvp_features if f.phase > 1 and f not in back and
                        (was := current.feature(f.name)) is not None and was.phase == 1]
            for feature in output.mvp_features:
                claimed = f"{feature.name} back to Phase "
                changes = [
                    f"{c}; with the budget full it lands in Phase {feature.phase} on its score"
                    if c.startswith(claimed) and not c.startswith(f"{claimed}{feature.phase},") else
                    # "Loyalty stamps back in Phase 2" when the rescored table has it in Phase 3: the phase it is in.
                    f"{feature.name} back on the table, in Phase {feature.phase} on its score"
                    if c.startswith(f"{feature.name} back in Phase ") and c != f"{feature.name} back in Phase {feature.phase}"
                    else c
                    for c in changes
                ]
            state.scoping_output = output
            with self.store.transaction():
                self.store.save_scoping(state.project_id, output, "undo")
                self._say(state, said, texts.undone_part_of_scope(changes))
            return True
        state.scoping_output = previous
        state.negotiation_rounds -= 1
        with self.store.transaction():
            self.store.save_scoping(state.project_id, previous, "undo")
            self.store.save_flags(state)
            self._say(state, said, texts.undone_scope(_row_changes(current, previous)))
        return True

    def _ask(self, state: ConversationState, said: list[str], reply: DiscoveryReply) -> None:
        """Say the interviewer's question and remember what it asked (and whether it probed)."""
        state.asked_aspect = reply.asked_aspect
        if reply.probing and reply.asked_aspect:
            state.probe_count[reply.asked_aspect] = state.probe_count.get(reply.asked_aspect, 0) + 1
        if reply.asked_aspect:
            state.ask_count[reply.asked_aspect] = state.ask_count.get(reply.asked_aspect, 0) + 1
        with self.store.transaction():
            self.store.save_flags(state)
            self._say(state, said, reply.text)

    async def _review(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None, text: str
    ) -> None:
        if texts.is_skip_request(text):
            self._misunderstood(state, said, texts.review_redirect(), "review", ["confirm", "correct"])
            return
        before = state.discovery_summary
        # "no, the target user is …. why now: …. success metric is …": each named aspect gets its own clause,
        # whatever the brain would make of the whole message.
        parts, leftover = labelled_parts(text)
        labelled, relabelled = apply_parts(before, parts)
        intent = "REVISE" if relabelled else await self.brain.classify_review(state, text)
        if intent == "CONFIRM":
            await self._enter_scoping(state, said, on_delta)
            return
        state.asked_aspect = ""
        if relabelled:
            state.discovery_summary = labelled
            summary = await self.brain.extract_discovery(state, leftover) if leftover else labelled
            state.discovery_summary = before
        else:
            summary = await self.brain.extract_discovery(state, text)
        if summary == before and (texts.is_question(text) or texts.talks_of_phases(text)):
            # A question back at the card ("Can I ask you something — would you charge the vendors?") gets an
            # answer, and the card stays open for a yes or a correction; so does a note for the scope table ("move
            # the transfers to phase 2"), which changes nothing on the card.
            reply = await self.brain.discovery_reply(state, text, before, state.completeness, on_delta)
            self._say(state, said, reply.text)
            return
        if summary == before:
            self._misunderstood(state, said, texts.revise_prompt(), "review", ["confirm", "correct"])
            return
        completeness = check_completeness(summary, state.user_turns)
        state.discovery_summary, state.completeness = summary, completeness
        state.discovery_summary_shown = completeness.is_complete
        with self.store.transaction():
            self.store.save_discovery(state.project_id, summary, completeness)
            self.store.save_flags(state)
        if completeness.is_complete:
            changed = [a for a in ASPECTS if getattr(before, a) != getattr(summary, a)]
            self._say(
                state, said, texts.revised_card_intro(changed) + " " + texts.summary_card(summary, completeness)
            )
        else:
            reply = await self.brain.discovery_reply(state, text, before, completeness, on_delta)
            self._ask(state, said, reply)

    # -- scoping ----------------------------------------------------------------------------
    async def _enter_scoping(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None
    ) -> None:
        from pmtui.product.rice import cut_line_index, rescore
        from pmtui.product.search import search_comparable_products

        if state.phase == "discovery":
            state.discovery_summary_shown = False
            self._enter_phase(state, "scoping")
            with self.store.transaction():
                self.store.save_flags(state)
                self._say(state, said, texts.HANDOFF_TO_SCOPING)
        backend = "catalog" if self.is_offline else self.config.search.backend
        comparables = search_comparable_products(state.discovery_summary, backend=backend)
        output = rescore(await self.brain.propose_scope(state, comparables))
        state.scoping_output = output
        state.awaiting_scope_agreement = True
        with self.store.transaction():
            self.store.save_scoping(state.project_id, output, "proposal")
            self.store.save_flags(state)
            self._say(state, said, texts.proposal_markdown(output, cut_line_index(output)))

    async def _scoping(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None, text: str
    ) -> None:
        from pmtui.product.rice import rescore

        if state.scoping_output is None:
            await self._enter_scoping(state, said, on_delta)
            return
        if texts.is_undo_request(text) and self._undo_scope(state, said, text):
            if "?" in text:
                self._say(state, said, await self.brain.answer_scope_question(state, text))
            return
        rounds_left = max(0, state.max_negotiation_rounds - state.negotiation_rounds)
        # The classifier hears the message first: "I agree, let's write the spec" is agreement, and only
        # a request to skip that agrees to nothing is redirected.
        intent = await self.brain.classify_scoping_intent(state, text)
        if intent == "AGREE":
            await self._enter_spec(state, said, on_delta)
            return
        options = ["agree", "change", "ask"] if rounds_left else ["agree", "ask"]
        if texts.is_skip_request(text):
            self._misunderstood(state, said, texts.scoping_redirect(rounds_left), "scoping", options)
            return
        if intent == "QUESTION":
            self._say(state, said, await self.brain.answer_scope_question(state, text))
            return
        if rounds_left == 0:
            self._misunderstood(state, said, texts.rounds_exhausted_reply(), "scoping", options)
            return
        round_number = state.negotiation_rounds + 1
        final = round_number >= state.max_negotiation_rounds
        negotiation = await self.brain.negotiate(state, text, round_number, final)
        if not negotiation.understood:
            # Not knowing what to change spends no round of argue-back.
            self._misunderstood(state, said, negotiation.reply, "scoping", options)
            return
        if (negotiation.same_round and round_number > 1) or negotiation.information:
            # Evidence that finishes the last round, or a fact the table rests on: no new round is spent.
            round_number -= 1
        output = rescore(negotiation.output)
        record = negotiation.record.model_copy(update={"round": round_number})
        output.decisions = [*state.scoping_output.decisions, record]
        state.scoping_output = output
        state.negotiation_rounds = round_number
        with self.store.transaction():
            self.store.add_negotiation_round(state.project_id, record)
            self.store.save_scoping(state.project_id, output, f"negotiation:{round_number}")
            self.store.save_flags(state)
            self._say(state, said, negotiation.reply)

    # -- spec -------------------------------------------------------------------------------
    async def _enter_spec(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None
    ) -> None:
        state.scope_agreed = True
        state.awaiting_scope_agreement = False
        self._enter_phase(state, "spec")
        with self.store.transaction():
            self.store.save_flags(state)
            self._say(state, said, texts.HANDOFF_TO_SPEC)
        await self._write_spec(state, said, on_delta)

    async def _write_spec(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None
    ) -> None:
        from pmtui.product.plan_writer import write_plan

        spec = await self.brain.write_spec(state, on_delta)
        state.spec_markdown = spec
        plan = write_plan(state)
        state.plan_markdown = plan
        with self.store.transaction():
            self.store.save_document(state.project_id, "spec", spec)
            self.store.save_document(state.project_id, "plan", plan)
            self._say(state, said, spec)
            self._enter_phase(state, "done")
            self.store.save_flags(state)
            self._say(state, said, texts.SPEC_READY)

    async def _spec_phase(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None, text: str
    ) -> None:
        await self._write_spec(state, said, on_delta)

    async def _done(
        self, state: ConversationState, said: list[str], on_delta: DeltaCallback | None, text: str
    ) -> None:
        intent = await self.brain.classify_scoping_intent(state, text) if state.scoping_output is not None else ""
        if intent == "PUSHBACK":
            # "can we add a waitlist after all?" once the spec is written: the scope opens again with that change.
            await self._reopen(state, said, on_delta, text)
        elif texts.asks_next_steps(text):
            self._say(state, said, texts.NEXT_STEPS)  # "Thanks! What are the next steps?": delivery, and how
        elif texts.thanks_only(text):
            self._say(state, said, texts.YOURE_WELCOME)
        elif intent == "QUESTION" and texts.about_the_scope(text):
            # "How long will phase 1 take with one developer?": answered from the agreed scope, which stays agreed.
            answer = await self.brain.answer_scope_question(state, text)
            self._say(state, said, f"{answer}\n\n(The scope stays as agreed; to change it, say what to add, cut or move.)")
        else:
            self._say(state, said, texts.DONE_REPLY)


MAX_WISHLIST_ASKS = 2
# Asked about at least once before the card, however complete the rest is.
NEVER_SKIPPED = ("constraints", "revenue_model")
THIN_ITEM_WORDS = 4


_IN_PASSING = 2  # wishes said while another question was asked, at most, before the wishlist question is still asked


def _thin_wishlist_answer(state: ConversationState, before: list[str], after: list[str]) -> bool:
    """Asked what the first version must do, a whole wishlist of one short item ("track waste", "booking") is a
    start, not the list: the PM asks once more before the card, on either engine."""
    if state.asked_aspect != "feature_wishlist" or state.ask_count.get("feature_wishlist", 0) >= MAX_WISHLIST_ASKS:
        return False
    return len(after) == 1 and after[0] not in before and len(after[0].split()) <= THIN_ITEM_WORDS
_CHOICES_BY_PHASE: dict[str, list[str]] = {
    "discovery": ["answer", "unknown"],
    "review": ["confirm", "correct"],
    "scoping": ["agree", "change", "ask"],
}


def _last_reply(state: ConversationState, said: list[str]) -> str:
    if said:
        return said[-1]
    return next((m.content for m in reversed(state.messages) if m.role == "assistant"), "")


def _question(state: ConversationState, said: list[str]) -> str:
    """The PM's last question (not an options list), to offer answering it."""
    replies = [m.content for m in state.messages if m.role == "assistant" and "Reply with a number" not in m.content]
    return texts.last_question(replies + [s for s in said if "Reply with a number" not in s])


_FIELD_ATTR = {
    "reach": "rice_reach",
    "impact": "rice_impact",
    "confidence": "rice_confidence",
    "effort": "rice_effort",
}


def _is_llm_error(exc: Exception) -> bool:
    return any(cls.__name__ == "LLMError" for cls in type(exc).__mro__)


def _user_message(exc: Exception) -> str:
    if getattr(exc, "kind", "") == "budget":
        return f"{exc} Your message is saved."
    if _is_llm_error(exc) or isinstance(exc, TurnFailed | StoreError):
        detail = str(exc)
    else:
        detail = f"Something went wrong on my side ({type(exc).__name__}: {exc})."
    return f"{detail} Your message is saved — retry (ctrl+r in the app) or rephrase."


def _rows(output: ScopingOutput) -> list[tuple[str, str, int, float]]:
    return sorted((f.name, f.description, f.phase, f.rice_effort) for f in output.mvp_features) + sorted(
        (c.name, c.description, 0, 0.0) for c in output.cut_features
    )


def _row_changes(now: ScopingOutput, back: ScopingOutput) -> list[str]:
    """What going back changes, row by row, in words."""
    after = {f.name: f for f in back.mvp_features}
    changes = [f"{f.name} removed" for f in now.mvp_features if f.name not in after]
    for feature in now.mvp_features:
        old = after.get(feature.name)
        if old is None:
            continue
        if old.phase != feature.phase:
            changes.append(f"{feature.name} back to Phase {old.phase}")
        if old.rice_effort != feature.rice_effort:
            changes.append(f"{feature.name} back to {amount(old.rice_effort, 'person-week')}")
    names = {f.name for f in now.mvp_features}
    changes += [f"{f.name} back in Phase {f.phase}" for f in back.mvp_features if f.name not in names]
    return changes
