"""`pmtui eval`: the simulated founders through the real loop on the offline engine, and the CLI contract.

The tuned set must pass at least 97 % of its assertions with no loop, no garbled fact and no ignored
argue-back request in any conversation; held-out sets 1 and 2 must have no loop, garbled fact or ignored
request either, sets 3 to 8 no loop, and set 5 every interjection heard as what it is and no garbled fact (since
round 5 also: sets 4 to 7 no garbled fact, sets 5 and 7 no ignored request, set 8 at least 88 %). Held-out pass rates
are reported, never tuned against (see docs/eval.md); sets 3 to 8 are otherwise only measured.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.config import Config
from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.eval.assertions import ASSERTIONS, CHECKS, has_phrase, has_run, tokens
from pmtui.product.eval.founders import KINDS, Founder, load_founders
from pmtui.product.eval.runner import Conversation, EvalReport, Turn, run_eval
from pmtui.product.eval.simulator import Say, ScriptedFounder, read_question

MUST_HOLD_IN_EVERY_CONVERSATION = ("no_repeated_reply", "no_garbled_fact", "requests_reflected")


@pytest.fixture(scope="module")
def tuned_report() -> EvalReport:
    return asyncio.run(run_eval(Config(offline=True), load_founders("tuned")))


def test_the_founders_cover_every_kind_with_several_products() -> None:
    tuned = load_founders("tuned")
    held_out = [load_founders(name) for name in
                ("heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10",
                  "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18", "heldout19", "heldout20", "heldout21", "heldout22", "heldout23")]
    # Held-out 7 is one founder of each kind (each answers one question with another aspect's content).
    assert len(tuned) >= 40 and all(len(founders) >= 12 for founders in held_out[:6] + held_out[7:])
    assert len(held_out[6]) >= len(KINDS)
    for founders in (tuned, *held_out):
        assert {f.kind for f in founders} == set(KINDS)
    for kind in KINDS:
        assert len({f.product for f in tuned if f.kind == kind}) >= 3, kind
    seen = {f.product for f in tuned}
    for founders in held_out:
        # Each held-out set is on products no earlier set used.
        products = {f.product for f in founders}
        assert not seen & products, "held-out products are new"
        seen |= products


def test_offline_engine_passes_the_tuned_eval(tuned_report: EvalReport) -> None:
    failures = [f"{r.founder.id}: {note}" for r in tuned_report.results for note in r.notes]
    assert tuned_report.total == len(ASSERTIONS) * len(tuned_report.results)
    assert tuned_report.pass_rate >= 0.97, "\n".join(failures)


@pytest.mark.parametrize("assertion", MUST_HOLD_IN_EVERY_CONVERSATION)
def test_no_loop_no_garbled_fact_no_ignored_request(tuned_report: EvalReport, assertion: str) -> None:
    broken = [f"{r.founder.id}: {r.notes}" for r in tuned_report.results if not r.assertions[assertion]]
    assert broken == []


@pytest.fixture(scope="module")
def held_out_report() -> EvalReport:
    # Held-out sets 1 and 2, never tuned against, measured here for what must hold everywhere (set 3 is only
    # measured: see docs/eval.md).
    return asyncio.run(run_eval(Config(offline=True), load_founders("heldout") + load_founders("heldout2")))


@pytest.mark.parametrize("assertion", MUST_HOLD_IN_EVERY_CONVERSATION)
def test_no_loop_no_garbled_fact_no_ignored_request_on_the_held_out_sets(
    held_out_report: EvalReport, assertion: str
) -> None:
    broken = [f"{r.founder.id}: {r.notes}" for r in held_out_report.results if not r.assertions[assertion]]
    assert broken == []


def test_no_loop_on_held_out_sets_3_to_6() -> None:
    # Sets 3 to 6 are only measured (docs/eval.md); that the PM never loops already holds on them everywhere.
    founders = load_founders("heldout3") + load_founders("heldout4") + load_founders("heldout5") + load_founders("heldout6")
    report = asyncio.run(run_eval(Config(offline=True), founders))
    assert [f"{r.founder.id}: {r.notes}" for r in report.results if not r.assertions["no_repeated_reply"]] == []
    assert all(r.assertions["reached_done"] and r.assertions["agreement_understood"] for r in report.results)
    # Set 5's "sorry that was about why now. success = …", questions back and asides are all heard as what they are.
    assert [f"{r.founder.id}: {r.notes}" for r in report.for_set("heldout5").results
            if not r.assertions["interjections_handled"]] == []
    # Since round 4 (drafts; money lost today is no price): no amount said for the problem lands in set 5's price.
    assert [f"{r.founder.id}: {r.notes}" for r in report.for_set("heldout5").results
            if not r.assertions["no_garbled_fact"]] == []
    # Since round 5: no garbled fact in sets 4 to 6, and no ignored argue-back request in set 5.
    assert [f"{r.founder.id}: {r.notes}" for name in ("heldout4", "heldout5", "heldout6")
            for r in report.for_set(name).results if not r.assertions["no_garbled_fact"]] == []
    assert [f"{r.founder.id}: {r.notes}" for r in report.for_set("heldout5").results
            if not r.assertions["requests_reflected"]] == []


def test_held_out_sets_7_and_8_never_loop_and_reach_the_spec() -> None:
    # Set 8 (round 5, written before that round's rules and never tuned against) measured 289/320 before and after.
    report = asyncio.run(run_eval(Config(offline=True), load_founders("heldout7") + load_founders("heldout8")))
    for name in ("heldout7", "heldout8"):
        results = report.for_set(name).results
        assert results, name
        assert [f"{r.founder.id}: {r.notes}" for r in results if not r.assertions["no_repeated_reply"]] == []
        assert all(r.assertions["reached_done"] and r.assertions["phases_in_order"] and r.assertions["agreement_understood"]
                   for r in results), name
    # Round 6 read set 8's transcripts (it is no longer untouched): 291 -> 297/320.
    assert report.for_set("heldout8").pass_rate >= 0.9
    # Since round 5: no garbled fact and no ignored request in set 7.
    assert [f"{r.founder.id}: {r.notes}" for r in report.for_set("heldout7").results
            if not (r.assertions["no_garbled_fact"] and r.assertions["requests_reflected"])] == []


def test_held_out_set_9_never_loops_reaches_the_spec_and_hears_agreement() -> None:
    # Set 9 (round 6, argue-back heavy, written before that round's rules): 300/320 before, 312/320 after.
    results = asyncio.run(run_eval(Config(offline=True), load_founders("heldout9"))).results
    assert len(results) == 16
    assert [f"{r.founder.id}: {r.notes}" for r in results if not r.assertions["no_repeated_reply"]] == []
    assert [r.founder.id for r in results
            if not (r.assertions["reached_done"] and r.assertions["phases_in_order"] and r.assertions["agreement_understood"])] == []
    assert sum(r.passed for r in results) / sum(len(r.assertions) for r in results) >= 0.95


def test_held_out_set_10_never_loops_reaches_the_spec_and_hears_agreement() -> None:
    # Set 10 (round 7, written and measured before that round's rules): 295/320 before, 304/320 after (read since).
    results = asyncio.run(run_eval(Config(offline=True), load_founders("heldout10"))).results
    assert len(results) == 16
    assert [f"{r.founder.id}: {r.notes}" for r in results
            if not (r.assertions["no_repeated_reply"] and r.assertions["no_garbled_fact"])] == []
    assert [r.founder.id for r in results
            if not (r.assertions["reached_done"] and r.assertions["phases_in_order"] and r.assertions["agreement_understood"])] == []
    assert sum(r.passed for r in results) / sum(len(r.assertions) for r in results) >= 0.93


def test_held_out_set_11_never_loops_reaches_the_spec_and_hears_agreement() -> None:
    # Set 11 (round 8, written before that round read or changed any rule): 297/320 first, 315/320 after (read since).
    results = asyncio.run(run_eval(Config(offline=True), load_founders("heldout11"))).results
    assert len(results) == 16
    assert [f"{r.founder.id}: {r.notes}" for r in results
            if not (r.assertions["no_repeated_reply"] and r.assertions["no_garbled_fact"])] == []
    assert [r.founder.id for r in results
            if not (r.assertions["reached_done"] and r.assertions["phases_in_order"] and r.assertions["agreement_understood"])] == []
    assert sum(r.passed for r in results) / sum(len(r.assertions) for r in results) >= 0.97


@pytest.mark.parametrize(
    "name",
    [
        # Set 12 (round 9, written before that round read or changed any rule): 285/320 first, 316/320 after (read since).
        "heldout12",
        # Set 13 (round 10, written before that round read or changed any rule): 284/320 first, 320/320 after (read since).
        "heldout13",
        # Set 14 (round 11, written before that round read or changed any rule): 298/320 first, 319/320 after (read since).
        "heldout14",
    ],
)
def test_held_out_sets_12_to_14_never_loop_garble_or_ignore_a_request(name: str) -> None:
    results = asyncio.run(run_eval(Config(offline=True), load_founders(name))).results
    assert len(results) == 16
    assert [f"{r.founder.id}: {r.notes}" for r in results
            if not all(r.assertions[a] for a in MUST_HOLD_IN_EVERY_CONVERSATION)] == []
    assert [r.founder.id for r in results
            if not (r.assertions["reached_done"] and r.assertions["phases_in_order"] and r.assertions["agreement_understood"])] == []
    assert sum(r.passed for r in results) / sum(len(r.assertions) for r in results) >= 0.97


def test_held_out_set_15_stays_at_its_measured_level() -> None:
    # Set 15 (round 12, written before that round read or changed any rule): 300/320 first. A held-out set is held to
    # the level it was measured at, not to the goal; every conversation still reaches the spec with agreement heard.
    results = asyncio.run(run_eval(Config(offline=True), load_founders("heldout15"))).results
    assert len(results) == 16
    assert [r.founder.id for r in results
            if not (r.assertions["reached_done"] and r.assertions["phases_in_order"] and r.assertions["agreement_understood"])] == []
    assert sum(r.passed for r in results) >= 300


def test_the_founders_typed_by_hand_stay_understood() -> None:
    # Typed in by hand on 2026-11-27 (a lifeboat coxswain, a pho restaurant in Da Nang, a Perthshire beekeeping
    # association, a vet-clinic pivoter, an Ibadan provision shop, a nail tech in txt-speak, a village-hall treasurer):
    # every class they found is fixed; this keeps it so.
    results = asyncio.run(run_eval(Config(offline=True), load_founders("typed"))).results
    assert len(results) == 7
    assert [f"{r.founder.id}: {r.notes}" for r in results if r.passed < len(r.assertions)] == []


def test_every_conversation_reaches_the_spec(tuned_report: EvalReport) -> None:
    assert all(r.assertions["reached_done"] and r.assertions["phases_in_order"] for r in tuned_report.results)


def test_the_eval_is_deterministic() -> None:
    founders = load_founders("tuned", 4)
    first = asyncio.run(run_eval(Config(offline=True), founders)).to_json()
    second = asyncio.run(run_eval(Config(offline=True), founders)).to_json()
    assert first == second


def test_personas_count_takes_one_of_each_kind_first() -> None:
    chosen = load_founders("all", len(KINDS))
    assert sorted(f.kind for f in chosen) == sorted(KINDS)
    assert len(load_founders("tuned", 3)) == 3


# -- how the simulated founder reads and how the assertions match ------------------------------------
@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("Who feels this most — which specific people would you hand the first version to?", "target_user"),
        ("If nurses could do only three things in the first version, what would they be?", "feature_wishlist"),
        ("Who pays for this, and how — subscription, one-time, a fee per transaction, or free for now?",
         "revenue_model"),
        ("What's the hard limit on the first version — how many weeks, and who is building it?", "constraints"),
        ("When this comes up for owners now, what do they do instead, and what's annoying about it?",
         "current_alternatives"),
        ("Why now — what has changed recently that makes this the right moment?", "why_now"),
        ("Three months after launch, what number would tell you this is working?", "success_metric"),
        ("Noted, thanks.", ""),
    ],
)
def test_the_simulated_founder_reads_the_question_like_a_person(question: str, aspect: str) -> None:
    assert read_question(question) == aspect


def test_matching_is_by_words_not_strings() -> None:
    assert has_phrase("approv", "Charge nurse approval in one tap")
    assert has_phrase("2,000 | 2000", "2000 monthly active beekeepers")
    assert has_phrase("pay-now | pay now", "a pay now link")
    assert not has_phrase("10 paying", "100 paying designers")
    assert has_run("10 paying", "success means 10 paying designers") and not has_run("10 paying", "paying 10")
    assert tokens("$12/month, 2,500 users") == ["$12", "month", "2500", "users"]


# -- the CLI contract --------------------------------------------------------------------------------
def _eval(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PMTUI_NO_NETWORK": "1"}
    return subprocess.run(
        [sys.executable, "-m", "pmtui", "eval", *args], check=False, capture_output=True, text=True, env=env,
        timeout=120,
        cwd=Path(__file__).resolve().parents[1],
    )


def test_cli_json_contract_and_exit_codes_on_the_held_out_set() -> None:
    done = _eval("--offline", "--set", "heldout", "--personas", "3", "--json", "--min-pass", "0")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) >= {"conversations", "passed", "total"}
    assert len(report["conversations"]) == 3
    for conversation in report["conversations"]:
        assert isinstance(conversation["persona"], str) and isinstance(conversation["product"], str)
        assert set(conversation["assertions"]) == set(ASSERTIONS)
        assert all(isinstance(v, bool) for v in conversation["assertions"].values())
    passed = sum(sum(c["assertions"].values()) for c in report["conversations"])
    assert report["passed"] == passed and report["total"] == 3 * len(ASSERTIONS)
    # Exit 1 exactly when the pass rate is below --min-pass.
    strict = _eval("--offline", "--set", "heldout", "--personas", "3", "--json", "--min-pass", "1.0")
    assert strict.returncode == (0 if passed == report["total"] else 1)


def test_cli_table_and_usage_errors() -> None:
    table = _eval("--offline", "--set", "tuned", "--personas", "2", "--min-pass", "0")
    assert table.returncode == 0, table.stderr
    assert "Persona" in table.stdout and "assertions passed" in table.stdout
    assert _eval("--offline", "--model", "openai/gpt-4o").returncode == 2
    assert _eval("--personas", "0").returncode == 2
    assert _eval("--min-pass", "1.5").returncode == 2


def test_a_silent_e_drops_before_ing() -> None:
    assert has_phrase("schedule", "Scheduling; GPS walk reports") and has_phrase("invoice", "Invoicing their clients")
    assert not has_phrase("note", "Nothing else")


def _conversation(said: list[str], summary: dict[str, str]) -> Conversation:
    founder = Founder(
        id="f", kind="clear thinker", product="p", opening=said[0], agree="ok",
        answers={"core_problem": ["Sometimes I wait 3 months for money I already worked for."],
                 "target_user": ["indie studios"], "why_now": ["more devs than ever"]},
        expect={"constraints": ["3 months"], "target_user": ["indie devs"]},
    )
    state = ConversationState(project="p", discovery_summary=DiscoverySummary(**summary))
    turns = [Turn(Say(text, "answer"), "", "discovery", "discovery", False, False, 0, None) for text in said]
    return Conversation(founder=founder, simulator="scripted", turns=turns, state=state)


def test_a_fact_is_stated_in_one_message_and_a_number_for_its_own_aspect() -> None:
    check = CHECKS["facts_in_summary"]
    # "3 months" of waiting (the pain) is no deadline; "indie" and "devs" in two messages are no "indie devs".
    told = ["An app for game studios.", "Sometimes I wait 3 months for money I already worked for.", "indie studios",
            "more devs than ever"]
    assert check(_conversation(told, {"target_user": "studios"}))[0]
    # Said outside another aspect's answer, the same words are a fact the summary must hold.
    told = ["An app for indie devs, we have 3 months.", "indie studios"]
    ok, note = check(_conversation(told, {"target_user": "studios"}))
    assert not ok and "3 months" in note and "indie devs" in note


def test_a_number_the_founder_said_about_two_aspects_is_garbled_in_neither() -> None:
    # scaffold-scottish (held-out 15): "maybe between 30 and 40-odd round Glasgow" (who) and "£30 a month" (price): the
    # 30 in who it is for is the founder's own there, not the price garbled into it.
    check = CHECKS["no_garbled_fact"]
    founder = Founder(
        id="f", kind="rambling", product="p", opening="scaffolding", agree="ok",
        answers={"target_user": ["wee scaffolders, maybe between 30 and 40-odd round Glasgow"],
                 "revenue_model": ["something like £30 a month a firm"]},
        expect={"revenue_model": ["30"], "target_user": ["scaffold"]},
    )
    summary = DiscoverySummary(target_user="wee scaffolders, maybe between 30 and 40-odd round Glasgow",
                               revenue_model="£30 a month a firm")
    conversation = Conversation(founder=founder, simulator="scripted", turns=[],
                                state=ConversationState(project="p", discovery_summary=summary))
    assert check(conversation)[0]
    # Said about the price only, the same 30 in who it is for is still a garbled fact.
    founder.answers["target_user"] = ["wee scaffolders round Glasgow"]
    ok, note = check(conversation)
    assert not ok and "target_user holds '30'" in note


def test_a_correction_lands_with_the_number_said_with_the_old_ones_word() -> None:
    # scaffold-polish (held-out 15): the new value is "5 until 25 workers", not the 22 of the reason after it.
    check = CHECKS["interjections_handled"]
    say = "Sorry, before I told you 5 until 15 workers, is better 5 until 25 workers, my friend has 22 guys"
    founder = Founder(id="f", kind="non-native English", product="p", opening="scaffold app", agree="ok",
                      answers={"target_user": ["scaffolders, 5 until 15 workers"]},
                      interject=[{"after": 1, "kind": "correction", "say": say}])
    before = DiscoverySummary(target_user="scaffolders, 5 until 15 workers")

    def conversation(after: str) -> Conversation:
        summary = DiscoverySummary(target_user=after)
        turns = [Turn(Say("scaffolders, 5 until 15 workers", "answer"), "", "discovery", "discovery", False, False, 0,
                      None, summary_after=before),
                 Turn(Say(say, "interject", move=0), f"Noted: {after}", "discovery", "discovery", False, False, 0, None,
                      summary_after=summary)]
        return Conversation(founder=founder, simulator="scripted", turns=turns,
                            state=ConversationState(project="p", discovery_summary=summary))

    assert check(conversation("scaffolders, 5 until 25 workers"))[0]
    # Nothing changed: the correction did not land.
    ok, note = check(conversation("scaffolders, 5 until 15 workers"))
    assert not ok and "did not reach the summary" in note


def test_made_smaller_is_judged_on_the_row_named_not_a_row_quoting_its_word() -> None:
    # plumber-nz (held-out 15): "the invoice thing, make it smaller" took "Invoice on the spot" from 2.5 to 1 person-week,
    # but "Success metric tracking" (0.5) quotes the metric "invoice same day", so the smallest "invoice" row never
    # changed and the request was judged ignored.
    from pmtui.models import Feature, ScopingOutput

    def table(invoice_weeks: float) -> ScopingOutput:
        return ScopingOutput(mvp_features=[
            Feature(name="Invoice on the spot", description="Invoice on the spot", priority="P0", phase=1,
                    rice_effort=invoice_weeks),
            Feature(name="Success metric tracking", description="Track the metric: invoice same day", priority="P1",
                    phase=2, rice_effort=0.5)])

    founder = Founder(id="f", kind="terse", product="p", opening="plumber", agree="spec", answers={},
                      scoping=[{"say": "the invoice thing, make it smaller, just a pdf",
                                "expect": [{"smaller": "invoice"}]}])

    def conversation(after: float) -> Conversation:
        turns = [Turn(Say("yep", "card"), "", "discovery", "scoping", True, False, 0, table(2.5)),
                 Turn(Say("the invoice thing, make it smaller, just a pdf", "move", move=0), "Made it smaller", "scoping",
                      "scoping", False, False, 1, table(after))]
        return Conversation(founder=founder, simulator="scripted", turns=turns,
                            state=ConversationState(project="p", scoping_output=table(after)))

    check = CHECKS["requests_reflected"]
    assert check(conversation(1.0))[0]
    assert not check(conversation(2.5))[0]


def test_an_interjection_right_after_an_aspect_is_said_next_whatever_the_pm_asked() -> None:
    # "sorry that was about why now. success = …" comes at once after the first answer to the metric question.
    founder = Founder(
        id="f", kind="vague", product="p", opening="an app", agree="ok",
        answers={"success_metric": ["covid made everyone get dogs", "30 dogs a week"], "why_now": ["covid"]},
        interject=[{"right_after": "success_metric", "kind": "correction", "say": "sorry that was about why now"}],
    )
    simulator = ScriptedFounder(founder)
    first = asyncio.run(simulator.next("discovery", "What number would tell you this is working?", False, None))
    second = asyncio.run(simulator.next("discovery", "Why now?", False, None))
    third = asyncio.run(simulator.next("discovery", "What number would tell you this is working?", False, None))
    assert (first.text, second.intent, third.text) == ("covid made everyone get dogs", "interject", "30 dogs a week")


def test_a_cut_the_founder_puts_back_later_is_judged_before_they_did() -> None:
    # Held-out 12 (storage-clear): "The floor plan view, cut it" and next "Actually, put the floor plan back".
    from pmtui.product.eval.assertions import _taken_back

    founder = Founder.model_validate({
        "id": "f", "kind": "clear thinker", "product": "p", "opening": "o", "agree": "ok", "answers": {},
        "scoping": [{"say": "The floor plan view, cut it.", "expect": [{"cut": "floor plan"}, {"add": "move-out"}]},
                    {"say": "Actually, put the floor plan back.", "expect": [{"add": "floor plan"}]}],
    })
    conversation = Conversation(founder=founder, simulator="scripted")
    cut, add = founder.scoping[0].expect
    assert _taken_back(conversation, cut, 0)
    assert not _taken_back(conversation, add, 0)
    assert not _taken_back(conversation, founder.scoping[1].expect[0], 1)


def test_an_undo_of_the_whole_table_takes_back_every_request_of_the_round_whatever_else_it_names() -> None:
    # Held-out 8 (tanker-overscoper): the undo names a cofounder, not a row, and means the whole round.
    from pmtui.product.eval.assertions import _taken_back

    founder = Founder.model_validate({
        "id": "f", "kind": "over-scoper", "product": "p", "opening": "o", "agree": "ok", "answers": {},
        "scoping": [{"say": "Ok fine, lose the loyalty programme.", "expect": [{"cut": "loyalty"}]},
                    {"say": "Hmm, scrap all that, put the table back the way you had it, I'll argue it again with my "
                            "cofounder.", "expect": [{"undo": True}]}],
    })
    assert _taken_back(Conversation(founder=founder, simulator="scripted"), founder.scoping[0].expect[0], 0)
    founder.scoping[1].say = "Undo the map, my cofounder hates it."
    assert not _taken_back(Conversation(founder=founder, simulator="scripted"), founder.scoping[0].expect[0], 0)


def test_an_estimate_the_founder_reshapes_later_is_judged_before_they_did() -> None:
    # Held-out 11 (canopy-arguer): "the waybill … call it one week", then "The waybill, can the return part be its
    # own line?": the split halves the row, so the one-week estimate is judged on the table before the split.
    from pmtui.product.eval.assertions import _taken_back

    founder = Founder.model_validate({
        "id": "f", "kind": "arguer", "product": "p", "opening": "o", "agree": "ok", "answers": {},
        "scoping": [{"say": "the waybill is a list and a signature, call it one week. Remove the rating.",
                     "expect": [{"effort": {"feature": "waybill", "weeks": 1}}, {"cut": "rating"}]},
                    {"say": "One more. The waybill, can the return part be its own line?",
                     "expect": [{"split": {"into": ["pickup", "return"]}}]}],
    })
    conversation = Conversation(founder=founder, simulator="scripted")
    effort, cut = founder.scoping[0].expect
    assert _taken_back(conversation, effort, 0)
    assert not _taken_back(conversation, cut, 0)
    other = founder.model_copy(update={"scoping": [founder.scoping[0], founder.scoping[1].model_copy(
        update={"say": "One more. Can the invoice have its own line?"})]})
    assert not _taken_back(Conversation(founder=other, simulator="scripted"), effort, 0)


def test_make_a_cut_row_smaller_is_judged_on_the_row_it_brings_back() -> None:
    # quiz-brit (held-out 6): "the leaderboard's a bit much for now, make it smaller" names a row the proposal had cut,
    # so there is no effort in the table to compare with; it is met when the row is back with the founder's smaller
    # estimate and out of Phase 1 (they asked for nothing more).
    from pmtui.models import CutFeature, Feature, Provenance, ScopingOutput
    from pmtui.product.eval.assertions import _expectation_met

    founder = Founder.model_validate({
        "id": "f", "kind": "vague", "product": "p", "opening": "o", "agree": "ok", "answers": {},
        "scoping": [{"say": "the leaderboard's a bit much for now, make it smaller", "expect": [{"smaller": "leaderboard"}]}],
    })
    proposal = ScopingOutput(cut_features=[CutFeature(name="Shows the leaderboard at the end", reason="no evidence")])

    def verdict(phase: int, source: str) -> bool:
        row = Feature(name="Shows the leaderboard at the end", phase=phase, rice_effort=1.0,
                      provenance={"effort": Provenance(source=source, reason="you asked for a smaller first cut")})
        after = ScopingOutput(mvp_features=[row])
        turns = [Turn(Say("yes", "card"), "", "discovery", "scoping", True, False, 0, proposal),
                 Turn(Say(founder.scoping[0].say, "move", move=0), "", "scoping", "scoping", False, False, 1, after)]
        state = ConversationState(project="p", scoping_output=after)
        conversation = Conversation(founder=founder, simulator="scripted", turns=turns, state=state)
        return _expectation_met(conversation, founder.scoping[0].expect[0], 0)

    assert verdict(2, "stated")
    assert not verdict(1, "stated")  # back in Phase 1: more than they asked for
    assert not verdict(2, "estimated")  # back, but not at their word


def _judged(scoping: list[dict], scopes: list, final, decisions: list | None = None, index: int = 0) -> bool:
    """The verdict on move `index`'s first expectation, with the table `scopes[i]` after the card (i = 0) and after each
    move (i ≥ 1), `final` the table at the end."""
    from pmtui.product.eval.assertions import _expectation_met

    founder = Founder.model_validate({"id": "f", "kind": "arguer", "product": "p", "opening": "o", "agree": "ok",
                                      "answers": {}, "scoping": scoping})
    turns = [Turn(Say("yes", "card"), "", "discovery", "scoping", True, False, 0, scopes[0])]
    turns += [Turn(Say(move["say"], "move", move=i), "", "scoping", "scoping", False, False, i + 1, scopes[i + 1])
              for i, move in enumerate(scoping)]
    state = ConversationState(project="p", scoping_output=final)
    conversation = Conversation(founder=founder, simulator="scripted", turns=turns, state=state,
                                decisions=decisions or [])
    return _expectation_met(conversation, founder.scoping[index].expect[0], index)


def test_a_cut_is_judged_on_the_rows_its_phrase_names_best() -> None:
    # kiln-overscoper (held-out 10): "temperature" names the cut "Kiln temperature graphs", not "Clay body", whose
    # description says "firing temperature"; radio-arguer: "whatsapp | proof" is not "Play log as proof".
    from pmtui.models import CutFeature, Feature, ScopingOutput

    clay = Feature(name="Clay body", description="Clay body and its firing temperature", phase=1)
    final = ScopingOutput(mvp_features=[clay], cut_features=[CutFeature(name="Kiln temperature graphs", reason="you")])
    move = [{"say": "The temperature graphs too, that needs hardware.", "expect": [{"cut": "temperature"}]}]
    assert _judged(move, [final, final], final)
    kept = ScopingOutput(mvp_features=[clay, Feature(name="Kiln temperature graphs", phase=1)])
    assert not _judged(move, [kept, kept], kept)
    log = Feature(name="Play log as proof", phase=1)
    final = ScopingOutput(mvp_features=[log, Feature(name="WhatsApp proof to the advertiser", phase=2)])
    move = [{"say": "reverse the WhatsApp proof change", "expect": [{"defer": "whatsapp | proof"}]}]
    assert _judged(move, [final, final], final)


def test_a_hold_in_a_round_that_changed_other_rows_is_a_hold() -> None:
    # nets-clear (held-out 11): the swap was made and the usage report held with its numbers in the same round.
    from pmtui.models import CutFeature, DecisionRecord, ScopingOutput

    final = ScopingOutput(cut_features=[CutFeature(name="Usage report for funding bids", reason="no evidence")])
    held = DecisionRecord(round=1, ask="…", outcome="conceded", features=["Usage report for funding bids"],
                          answer="Round 1/3: Swapped … I'm holding Usage report for funding bids where it is for now: it "
                                 "scores 0.12 vs 3.2 for Coach blocks for juniors")
    move = [{"say": "And the usage report, that's what gets the ECB money, so it goes to the top of the list.",
             "expect": [{"promote": "usage | report"}]}]
    assert _judged(move, [final, final], final, [held])
    held.answer = "Round 1/3: Swapped the waiting list; the usage report scores 0.12."
    assert not _judged(move, [final, final], final, [held])


def test_an_undo_that_names_a_row_takes_back_that_rows_change_only() -> None:
    # carwash-overscoper (held-out 9): "Actually keep the loyalty stamps, undo that one bit." after a round that cut
    # the wax shop and the stamps; foodbank-scottish: "go back on the gap alert … Keep the swap change though."
    from pmtui.models import CutFeature, Feature, ScopingOutput

    stamps, wax = Feature(name="Loyalty stamps", phase=2), Feature(name="Wax shop", phase=3)
    proposal = ScopingOutput(mvp_features=[stamps, wax])
    cut = ScopingOutput(cut_features=[CutFeature(name="Loyalty stamps", reason="you"), CutFeature(name="Wax shop", reason="you")])
    back = ScopingOutput(mvp_features=[Feature(name="Loyalty stamps", phase=3)], cut_features=[cut.cut_features[1]])
    moves = [{"say": "Ditch the wax shop and the loyalty stamps.", "expect": [{"cut": "wax"}]},
             {"say": "Actually keep the loyalty stamps, undo that one bit. The rest is fine.", "expect": [{"undo": True}]}]
    assert _judged(moves, [proposal, cut, back], back, index=1)
    assert not _judged(moves, [proposal, cut, cut], cut, index=1)
    swap, gap = Feature(name="Swap button", phase=1, rice_effort=1.0), Feature(name="Gap alert", phase=2)
    changed = ScopingOutput(mvp_features=[swap.model_copy(update={"rice_effort": 0.5}), gap.model_copy(update={"phase": 1})])
    undone = ScopingOutput(mvp_features=[swap.model_copy(update={"rice_effort": 0.5}), gap])
    moves = [{"say": "Call the swap button half a week. And put the gap alert in phase 1.", "expect": [{"promote": "gap"}]},
             {"say": "On reflection, go back on the gap alert. Keep the swap change though.", "expect": [{"undo": True}]}]
    assert _judged(moves, [ScopingOutput(mvp_features=[swap, gap]), changed, undone], undone, index=1)


def test_an_undo_that_keeps_a_rows_new_estimate_by_name() -> None:
    # boda-terse (held-out 9): "statement -> phase 2. alert 2 days not 1 wk", then "undo the statement one. keep alert":
    # the statement comes back, the alert keeps its new estimate (a row named to keep it, whose change was its effort).
    from pmtui.models import Feature, ScopingOutput

    alert, statement = Feature(name="Missed day alert", phase=1, rice_effort=1.5), Feature(name="Monthly statement", phase=1)
    changed = ScopingOutput(mvp_features=[alert.model_copy(update={"rice_effort": 0.4}),
                                          statement.model_copy(update={"phase": 2})])
    back = ScopingOutput(mvp_features=[alert.model_copy(update={"rice_effort": 0.4}), statement])
    moves = [{"say": "statement -> phase 2. alert 2 days not 1 wk", "expect": [{"defer": "statement"}]},
             {"say": "undo the statement one. keep alert", "expect": [{"undo": True}]}]
    assert _judged(moves, [ScopingOutput(mvp_features=[alert, statement]), changed, back], back, index=1)
    assert not _judged(moves, [ScopingOutput(mvp_features=[alert, statement]), changed, changed], changed, index=1)


def test_an_undo_of_a_row_renamed_when_made_smaller_is_judged_on_that_row() -> None:
    # tattoo-naija (held-out 9): "make am small, just list of bookings" renamed "Calendar for the artist" to "List of
    # bookings"; "reverse the calendar change" brings the calendar back at its old estimate.
    from pmtui.models import Feature, ScopingOutput

    calendar = Feature(name="Calendar for the artist", phase=1, rice_effort=1.0, description="Calendar for the artist")
    smaller = Feature(name="List of bookings", phase=1, rice_effort=0.5,
                      description="List of bookings (a smaller first cut of Calendar for the artist: Calendar for the artist)")
    moves = [{"say": "The calendar fit reduce, make am small, just list of bookings.", "expect": [{"smaller": "calendar"}]},
             {"say": "Abeg reverse the calendar change, my artists say dem need the week view.", "expect": [{"undo": True}]}]
    before, changed = ScopingOutput(mvp_features=[calendar]), ScopingOutput(mvp_features=[smaller])
    back = ScopingOutput(mvp_features=[calendar.model_copy(update={"phase": 2})])
    assert _judged(moves, [before, changed, back], back, index=1)
    assert not _judged(moves, [before, changed, changed], changed, index=1)
