"""Round 25 of the offline PM: held-out 23's classes and stop 28's leftovers, each with sentences unlike the set's.

Every test here fails on the engine (or the eval check) before its change; the guard cases, that a rule must not fire,
pass on both."""

from __future__ import annotations

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.eval.assertions import CHECKS
from pmtui.product.eval.founders import Founder
from pmtui.product.eval.runner import Conversation, Turn
from pmtui.product.eval.simulator import Say


def _corrected(first: str, say: str, before: str, after: str, reply: str) -> Conversation:
    founder = Founder(id="f", kind="terse", product="p", opening="an app", agree="ok",
                      answers={"target_user": [first]}, interject=[{"after": 1, "kind": "correction", "say": say}])
    summary = DiscoverySummary(target_user=after)
    turns = [Turn(Say(first, "answer"), "", "discovery", "discovery", False, False, 0, None,
                  summary_after=DiscoverySummary(target_user=before)),
             Turn(Say(say, "interject", move=0), reply, "discovery", "discovery", False, False, 0, None,
                  summary_after=summary)]
    return Conversation(founder=founder, simulator="scripted", turns=turns,
                        state=ConversationState(project="p", discovery_summary=summary))


def test_the_correction_check_reads_the_corrected_figure_not_the_last_number() -> None:
    # stop 28: "10 tables not 8, we add 2 last month" passed because some "2" was in the summary. The new figure is the
    # one the correction puts right, never the number of the reason told after it.
    check = CHECKS["interjections_handled"]
    cases = [
        ("the crews at our 2 yards, 30 boats", "sorry, it's 45 boats not 30, we bought 3 last winter",
         "the crews at our 2 yards, 30 boats", "the crews at our 2 yards, 45 boats"),
        ("the pickers, 12, plus my 2 foremen", "pickers r 12, actually 16, forgot the 4 on nights",
         "the pickers, 12, plus my 2 foremen", "the pickers, 16, plus my 2 foremen"),
        ("the tutors, about 9", "I said 9 tutors but with the new under-5s class it's nearer 11",
         "the tutors, about 9", "the tutors, about 11"),
    ]
    for first, say, before, fixed in cases:
        # Landed and acknowledged: passes.
        ok, note = check(_corrected(first, say, before, fixed, f"Corrected: the target user now reads {fixed!r}."))
        assert ok, (say, note)
        # Nothing changed, while the reason's number ("3", "4", "5") or a figure the summary already held ("2")
        # happens to be around: the correction did not land, and the check says so.
        ok, note = check(_corrected(first, say, before, before + " and 3 4 5", f"Noted: {before} and 3 4 5."))
        assert not ok and "did not reach the summary" in note, say


def test_counts_said_roughly_are_counts() -> None:
    # stop 28: "ninety-odd", "a dozen or so", "couple hundred", "20-odd" were no counts, so the reach fell to a guess.
    from pmtui.product.brains.offline.scoping.said_count import count_said

    cases = {
        "The volunteers, seventy-odd of them, and the two coordinators": (70, "seventy-odd volunteers"),
        "a dozen or so clinics in the valley": (12, "a dozen or so clinics"),
        "couple hundred members and the committee": (200, "couple hundred members"),
        "the skippers, 30-odd boats in the harbour": (30, "30-odd boats"),
        "the families, sixty odd of them": (60, "sixty odd families"),
    }
    for who, (value, phrase) in cases.items():
        found = count_said(DiscoverySummary(target_user=who))
        assert found is not None and found.value == value and found.phrase == phrase, (who, found)
    # Said earlier in the interview, a rough count of the same people is still their count.
    found = count_said(DiscoverySummary(target_user="the tutors"), ["we have 40-odd tutors on the list"])
    assert found is not None and found.value == 40
    # Odd jobs are no count, and a word number glued to "odd" only counts before people or things.
    assert count_said(DiscoverySummary(target_user="handymen doing odd jobs")) is None


def test_a_target_said_as_states_to_reach_is_the_metric_not_the_wishlist() -> None:
    # balikbayan-taglish (held-out 18) and held-out 23's yacht provisioner: asked for the metric, "less chat …, maybe
    # half, and all boxes delivered before Christmas" put "Half" on the wishlist.
    from pmtui.product.brains.offline.discovery.extract import extract

    before = DiscoverySummary(target_user="the tenants", core_problem="repairs get forgotten")
    said = [
        "Fewer calls chasing the plumber, maybe a third, and every repair signed off within a week",
        "Nobody left waiting at the school gate, and the last van back by five",
        "Every invoice paid before the month ends, and no job the client didn't sign off",
        "Zero missed collections and no more angry texts on Sunday",
    ]
    for text in said:
        after = extract(before, text, "success_metric")
        assert after.feature_wishlist == [], (text, after.feature_wishlist)
        assert after.success_metric, text
    # Things to build, asked the metric, are still the wishlist; so is "no login" beside them.
    after = extract(before, "a repair form with photos, a text to the plumber, and a list of open jobs", "success_metric")
    assert len(after.feature_wishlist) == 3 and not after.success_metric
    after = extract(before, "track who paid, send reminders, export to excel", "success_metric")
    assert after.feature_wishlist


def test_the_founders_only_wish_said_unsure_is_the_core_row_not_the_problems_first_words() -> None:
    # higgler-vague (held-out 10): "maybe a list of what's ready?" was the whole wishlist, so the core row was named from
    # the problem's first words, "Drive farms knowing".
    from pmtui.product.brains.offline.scoping.propose import propose
    from pmtui.product.plan_quality import FragmentTitle

    cases = [
        ("Tenants ring the caretaker at all hours not knowing if anyone saw the leak", "Leak report form (nice to have)",
         "Leak report form"),
        ("Parents queue outside the hall without knowing which slot is theirs", "Slot reminder text (nice to have)",
         "Slot reminder text"),
    ]
    for problem, wish, name in cases:
        summary = DiscoverySummary(target_user="tenants of the block", core_problem=problem, feature_wishlist=[wish],
                                   constraints="just me, 4 weeks")
        scope = propose(summary, [])
        core = next(f for f in scope.mvp_features if f.phase == 1)
        assert core.name == name, [f.name for f in scope.mvp_features]
        assert FragmentTitle().reason(core.name) == "", core.name


def test_punctuation_said_aloud_is_written_as_marks_not_kept_as_words() -> None:
    # bins-irish-voice (held-out 23): "about 600 customers comma and the two lads" kept "comma" in who it is for.
    from pmtui.product.brains.offline.discovery.extract import extract

    before = DiscoverySummary(core_problem="the rounds are a mess")
    after = extract(before, "the dog owners in Salthill comma maybe 90 of them comma and my sister who walks with me",
                    "target_user")
    assert "comma" not in after.target_user.lower() and "dog owners" in after.target_user, after.target_user
    after = extract(before, "nobody answers the phone after six full stop and the bookings go to the other groomer",
                    "core_problem")
    assert "full stop" not in after.core_problem.lower(), after.core_problem
    after = extract(before, "we open the hall at seven period the caretaker locks up at ten", "constraints")
    assert "period" not in after.constraints.lower(), after.constraints
    # A period of time stays one, and so does a comma talked about.
    from pmtui.product.brains.offline.discovery.text import spoken_marks

    assert spoken_marks("six weeks and a two week trial period with the vets") == (
        "six weeks and a two week trial period with the vets")
    assert spoken_marks("the invoice number has a comma in it") == "the invoice number has a comma in it"


def test_a_figure_put_right_mid_sentence_keeps_only_the_new_one() -> None:
    # held-out 23: "four weekends, no, make that five" kept the four; "140, sorry, 163" both.
    from pmtui.product.brains.offline.discovery.extract import extract

    before = DiscoverySummary(target_user="the choir", core_problem="nobody knows the rehearsal room")
    after = extract(before, "Just me and a retired teacher, three months, no wait, make that four, and about £2,000",
                    "constraints")
    assert "four" in after.constraints and "three months" not in after.constraints, after.constraints
    after = extract(before, "The singers, 35, sorry, 41 of them, and the two conductors",
                    "target_user")
    assert "41" in after.target_user and "35" not in after.target_user, after.target_user
    after = extract(before, "£8 a head, no, £10 a head, paid at the door", "revenue_model")
    assert "£10" in after.revenue_model and "£8" not in after.revenue_model, after.revenue_model
    # "no" before something that is not a figure takes nothing back.
    after = extract(before, "Me and 2 volunteers, no budget, six weeks", "constraints")
    assert "2 volunteers" in after.constraints, after.constraints


def test_the_reason_said_with_a_figure_is_no_why_now() -> None:
    # held-out 23: "£10 a head since the hall went up" to the money question went to why now.
    from pmtui.product.brains.offline.discovery.clues import detect

    for clause in ("£12 a lesson since the pool hire went up", "R80 a wash because the water bill doubled",
                   "about 45 stalls since the car park opened"):
        assert "why_now" not in detect(clause, clause, False), clause
    # A change with no figure before its "since" is still why now.
    for clause in ("we need it now since the council changed the rules", "since 2023 the rents have doubled"):
        assert "why_now" in detect(clause, clause, False), clause


def test_a_margin_or_a_fee_for_one_job_is_money() -> None:
    # held-out 23: "Cost plus 15 percent …, and EC$100 for the delivery" to the money question was read as why now.
    from pmtui.product.brains.offline.discovery.belonging import belongs_to, money

    for text in ("Cost plus 10 percent since the diesel went up, and J$500 for the drop-off",
                 "a 20 percent markup on the parts, and £35 for each call-out",
                 "we take ₱40 on each order"):
        assert money(text) >= 1, text
        assert belongs_to(text, "revenue_model") == "", text


def test_two_states_to_reach_carry_a_third_said_without_a_how_much_word() -> None:
    # yacht-llm-rambling (held-out 23): "No order changed after I've shopped, every payment collected within a week, and
    # my daughter running Tuesdays on her own" was read as why now ("changed").
    from pmtui.product.brains.offline.discovery.extract import extract

    before = DiscoverySummary(target_user="the stall holders", core_problem="pitches get double let")
    after = extract(before, "No pitch changed after the list is out, every fee collected within a week, and my nephew "
                            "running the Saturday market by himself", "success_metric")
    assert "nephew" in after.success_metric and not after.why_now and not after.feature_wishlist, after
    # A thing to do among them is still a wish, not a state.
    after = extract(before, "No pitch let twice, every fee paid, send a text to the stall holders", "success_metric")
    assert "send a text" not in after.success_metric.lower(), after


def test_none_of_them_doing_the_bad_thing_is_a_state_to_reach() -> None:
    # avo-kenya-nonnative (held-out 23): "Zero disputes about kilos, farmers paid within two weeks, and no farmer selling
    # to brokers" was added to the wishlist.
    from pmtui.product.brains.offline.discovery.extract import extract

    before = DiscoverySummary(target_user="the growers", core_problem="weights get disputed")
    after = extract(before, "Zero complaints about the weights, growers paid within ten days, and no grower going back "
                            "to the middlemen", "success_metric")
    assert after.feature_wishlist == [] and "middlemen" in after.success_metric, after
    after = extract(before, "no more chasing payments, send invoices by text, a weights list", "success_metric")
    assert after.feature_wishlist, after


def test_a_new_figure_in_digits_takes_the_old_ones_words_before_the_comma() -> None:
    from pmtui.product.brains.offline.discovery.self_correction import without_repairs

    assert without_repairs("two vans, no, make that 3, we bought one in May") == "3 vans, we bought one in May"
    assert without_repairs("about 1,200, no, 1,500 households") == "about 1,500 households"
