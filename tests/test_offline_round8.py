"""Round 8 of the offline engine: classes found with held-out set 11 and founders typed in by hand.

Each test is built from a real sentence that the engine before round 8 got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.scoping.requests import parse_requests


@pytest.mark.parametrize(("said", "expected"), [
    # pg-nonnative: the row, then who does without it; "keep it aside"; "put it first na"; "please add, a …".
    (("Kindly do like this: the vacancy list we are not needing first, boys are coming through brokers only, so keep "
     "it aside."), [("defer", "vacancy list")]),
    ("the map they don't need, honestly", [("cut", "map")]),
    ("And the meal opt-out, that is where money is going daily, so put it first na.", [("promote", "meal opt-out")]),
    (("Also one more thing please add, a deposit refund record when boy is vacating, every time fight is happening on "
     "that."), [("add", "deposit refund record")]),
    ("put the room photos on hold", [("defer", "room photos")]),
])
def test_argue_back_phrasings_of_round_8(said: str, expected: list[tuple[str, str]]) -> None:
    found = [(r.kind, r.what) for r in parse_requests(said)]
    assert found[: len(expected)] == expected
    assert {kind for kind, _ in found} <= {kind for kind, _ in expected}


@pytest.mark.parametrize(("said", "expected"), [
    # "first" as a place in line, never "in the first phase" or "in the first place".
    ("The comments for retouch, it is important also. Can you put in the first phase?", [("promote", "comments for retouch")]),
    ("But I want rider pickup in phase 1, it's how we get customers in the first place", [("promote", "rider pickup")]),
])
def test_first_in_line_is_not_the_first_phase_or_place(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


def test_a_split_said_as_break_it_into_two_and_a_long_row_named_before_its_pronoun() -> None:
    # canopy-rambling (held-out 11).
    said = ("But the checklist of what went out and came back, abeg that one is the money, bring it to the front. "
            "And the calendar, break it into two: one for chairs and tables, one for the canopies, because the "
            "canopies need the truck")
    found = parse_requests(said)
    assert [(r.kind, r.what) for r in found] == [("promote", "checklist of what went out and came"),
                                                ("split", "calendar")]
    assert found[1].parts == ("chairs and tables", "canopies")


def test_an_and_inside_a_relative_clause_or_a_sign_up_and_profile_is_one_item() -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items

    items = feature_items("A booking calendar that shows how many chairs and canopies are free on each day, a deposit "
                          "record, and a text to the customer the day before delivery")
    assert len(items) == 3 and not any(i.lower().startswith("canopies") for i in items)
    assert feature_items("sign up and profile, reminders") == ["Sign up and profile", "Reminders"]
    assert feature_items("a list of who paid and a reminder") == ["List of who paid", "Reminder"]


def test_a_bare_noun_split_off_a_row_keeps_the_rows_head() -> None:
    from pmtui.product.brains.offline.scoping.naming import _part_name

    assert _part_name("Booking calendar", "canopies") == "Booking calendar for canopies"
    assert _part_name("UPI advance link", "collecting the advance") == "Collecting the advance"
    assert _part_name("Digital waybill", "pickup") == "Digital waybill for pickup"


def test_a_remark_with_its_own_subject_leaves_that_for_the_long_row_before_it() -> None:
    # curling-rambling (held-out 10), kept right while long row names became topics.
    said = "The bit where they pay the ice money when they book, the treasurer would have a fit, leave that out for now."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("defer", "bit where they pay the ice money when they book")]


@pytest.mark.parametrize(("said", "parts"), [
    # Merges by paraphrase (canopy-arguer, reno-arguer, lotto-rambling, mechanic-pivoter in held-out 11).
    ("Damage charges and deposits are really the same money conversation with the customer, join them into one.",
     ("Damage charges", "deposits")),
    (("The last payment milestone and the defects list actually go together, the owner only pays the last part when "
     "defects are cleared, so combine them."), ("last payment milestone", "defects list")),
    ("And the rollover, to be honest, I'd nearly keep that with the draw numbers, it's the same screen on the night.",
     ("rollover", "draw numbers")),
    ("And the unpaid list and the payment link go hand in hand, make them one thing.", ("unpaid list", "payment link")),
])
def test_two_rows_said_to_be_one_are_merged(said: str, parts: tuple[str, str]) -> None:
    merges = [r for r in parse_requests(said) if r.kind == "merge"]
    assert len(merges) == 1 and merges[0].parts == parts


def test_the_opinion_before_a_row_a_remark_about_people_and_what_it_becomes_name_no_row() -> None:
    said = "I don't agree that the waybill is so much work, it is a list and a signature, call it one week."
    assert [(r.kind, r.what, r.weeks) for r in parse_requests(said)] == [("effort", "waybill", 1.0)]
    said = "The committee report, sure they'll live without it for a few months, park it."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("defer", "committee report")]
    said = ("The quote from a photo sounds flash but I reckon you've got it as a month of work; just make it a plain "
            "form with a photo attached, 1 week tops.")
    assert [(r.kind, r.what, r.weeks) for r in parse_requests(said)] == [("effort", "quote from a photo", 1.0)]


def test_in_at_the_start_is_phase_one_and_after_a_week_is_no_effort() -> None:
    said = "The results text though, that's what gets people to play again next week, so I'd want it in at the start."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("promote", "results text")]
    said = "Also chuck in a reminder text that goes out if they still haven't paid after a week."
    assert [r.kind for r in parse_requests(said)] == ["add"]


@pytest.mark.parametrize(("said", "expected"), [
    # mechanic-overscoper: a list of three cut by one verb, the last two with "the".
    (("Ditch the marketplace, the fleet portal and the loyalty points, and the engine-sound thing can wait till we've got "
     "data."), [("cut", "marketplace"), ("cut", "fleet portal"), ("cut", "loyalty points"), ("defer", "engine-sound")]),
    # pg-vague: a remark about the row, then the bare verb; "can be simple only".
    (("hmm the message to parents... that feels bit too much na, the girls will hate it, maybe remove? and the rent thing "
     "can be simple only, just paid or not"), [("cut", "message to parents"), ("effort", "rent")]),
    # reno-terse: "ph2" and "photo log smaller".
    ("timeline ph2. add payment milestones. photo log smaller, 1 photo per day only",
     [("defer", "timeline"), ("add", "payment milestones"), ("effort", "photo log")]),
    # lotto-vague: "maybe leave that for now" after a question that named the row.
    ("the reminder thing might annoy people? maybe leave that for now.", [("defer", "reminder")]),
    ("The bit where they pay the ice money, leave that out for now.", [("defer", "bit where they pay the ice money")]),
    # cattle-nonnative: the row, then "that one please make simple".
    ("The due list village wise, that one please make simple, only village name and which house, no maps.",
     [("effort", "due list village wise")]),
    # nets-clear: "it goes to the top of the list".
    ("And the usage report, that's what gets the ECB money, so it goes to the top of the list.",
     [("promote", "usage report")]),
])
def test_argue_back_phrasings_of_round_8_second_part(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


@pytest.mark.parametrize(("said", "what", "parts"), [
    ("Oh, and the invoice and card payment, those are two jobs really, invoice first, card later.",
     "invoice and card payment", ("invoice", "card payment")),
    ("Could you split the coach blocks too: one for junior sessions and one for private paid coaching.",
     "coach blocks", ("junior sessions", "private paid coaching")),
    ("One more. The waybill, can the return part be its own line? Pickup and return are different days.",
     "waybill", ("", "return")),
])
def test_splits_said_by_paraphrase(said: str, what: str, parts: tuple[str, str]) -> None:
    split = next(r for r in parse_requests(said) if r.kind == "split")
    assert (split.what, split.parts) == (what, parts)


def test_a_wishlist_item_with_two_occasions_stays_one_row() -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items

    items = feature_items("Availability by date, a digital waybill the driver signs on pickup and return, deposits")
    assert items == ["Availability by date", "Digital waybill the driver signs on pickup and return", "Deposits"]
    assert feature_items("reminders by SMS and email, badges") == ["Reminders by SMS and email", "Badges"]


def _rental_state():
    from pmtui.models import ConversationState, DiscoverySummary
    from pmtui.product.brains.offline.scoping import propose
    from pmtui.product.rice import rescore

    summary = DiscoverySummary(
        target_user="Event rental companies in Abuja and Lagos",
        core_problem="Stock is promised to two events on the same weekend and items don't come back",
        current_alternatives="An Excel sheet on the owner's laptop and a paper waybill the driver carries",
        why_now="Diesel for the trucks has tripled",
        feature_wishlist=["Availability by date", "Digital waybill the driver signs on pickup and return",
                          "Deposits", "Damage charges"],
        success_metric="25 companies after 6 months",
        revenue_model="₦25,000 per month per company",
        constraints="Two developers, 8 weeks",
    )
    return ConversationState(project="Rental", phase="scoping", discovery_summary=summary,
                             scoping_output=rescore(propose(summary, [])))


def test_a_row_named_so_beats_a_row_that_only_quotes_the_word_and_its_part_becomes_its_own_row() -> None:
    from pmtui.product.brains.offline.scoping import negotiate

    state = _rental_state()
    result = negotiate(state, "One more. The waybill, can the return part be its own line?", 1, False)
    names = [f.name for f in result.output.mvp_features]
    assert "Digital waybill for return" in names, result.reply
    assert any(n.startswith("Digital waybill the driver") for n in names)
    assert "I need the two parts" not in result.reply


def test_a_run_on_pitch_files_only_its_cued_clauses_as_todays_way() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    # canopy-rambling (held-out 11): the whole 80-word story was filed as what they use today.
    pitch = ("Ehn so my aunty runs canopy and chair rental in Surulere, for owambe parties, weddings, burials, naming "
             "ceremonies, and every Saturday na wahala, because somebody booked 200 chairs on Tuesday by phone and she "
             "forgot and gave the same chairs to another celebrant, then the trucks, the boys that set up, the money "
             "where some people pay half and some pay nothing, and she writes everything inside one big exercise book "
             "that her grandson spilled Fanta on last month")
    today = extract(DiscoverySummary(), pitch, "").current_alternatives
    assert "exercise book" in today and "owambe" not in today and "celebrant" not in today


def test_a_qualified_outfit_named_first_is_who_the_pm_talks_about() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery.text import persona_name

    said = "Party rental businesses in Lagos, canopies, chairs, tables, coolers, like my aunty with 2 trucks"
    assert persona_name(DiscoverySummary(target_user=said)) == "party rental businesses"
    # "mostly" says how many of them, not what they are called ("If mostly plumbers could do…" read badly).
    assert persona_name(DiscoverySummary(target_user="small businesses, mostly plumbers")) == "plumbers"


def test_scrap_the_thing_then_its_for_new_people_is_a_pivot_and_a_refusal_is_no_price() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    before = DiscoverySummary(target_user="Car owners in Perth", core_problem="Mechanics all charge different rates",
                              current_alternatives="Google reviews", feature_wishlist=["Comparison site"])
    said = ("Actually, scrap the comparison thing. I rang round eight mobile mechanics this week and not one would pay a "
            "commission, they've got more work than they can do. What they hate is the paperwork: quotes written on "
            "the back of an invoice book, and chasing the money after. So it's for the mechanics, quoting and getting "
            "paid.")
    after = extract(before, said, "success_metric")
    assert "mechanics" in after.target_user and "Car owners" not in after.target_user
    assert after.success_metric == "" and after.revenue_model == ""


def test_unpaid_names_a_row_of_who_hasnt_paid_and_the_merge_keeps_the_founders_short_names() -> None:
    from pmtui.product.brains.offline.scoping.negotiate import _related
    from pmtui.product.brains.offline.scoping.terms import stems

    assert _related("unpaid", stems("List of who hasn't paid"))
    assert not _related("unpaid", stems("Payment link by text"))


def test_two_rows_said_to_go_hand_in_hand_are_merged_under_the_founders_names() -> None:
    from pmtui.models import ConversationState, DiscoverySummary
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    summary = DiscoverySummary(
        target_user="Mobile mechanics in Perth working alone out of a van",
        core_problem="They write quotes by hand and chase unpaid invoices for weeks",
        current_alternatives="A carbon invoice book and texts",
        why_now="Workshops have a three week wait now",
        feature_wishlist=["Quote built from a photo of the job", "Payment link by text", "List of who hasn't paid"],
        success_metric="100 mechanics after 6 months", revenue_model="A$25 a month", constraints="Me and my brother, 10 weeks",
    )
    state = ConversationState(project="Mech", phase="scoping", discovery_summary=summary,
                              scoping_output=rescore(propose(summary, [])))
    result = negotiate(state, "And the unpaid list and the payment link go hand in hand, make them one thing.", 1, False)
    names = [f.name for f in result.output.mvp_features]
    assert "Unpaid list and payment link" in names, result.reply
    assert "Payment link by text" not in names and "List of who hasn't paid" not in names


def test_the_pain_after_because_in_a_pitch_and_the_timing_kept_apart_from_it() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    # Typed by hand (a PG owner): the PM quoted "hi, I run a small PG in HSR Layout" as the problem.
    said = ("hi, I run a small PG in HSR Layout, 40 beds, and I want an app because rent collection is a nightmare and "
            "boys pay late every month")
    assert extract(DiscoverySummary(), said, "").core_problem == (
        "rent collection is a nightmare and boys pay late every month")
    # cattle-nonnative (held-out 11): the same words were the problem and the why-now.
    said = ("Namaste ji. I am veterinary doctor in Bikaner district, and I want to build one app for goat and cattle "
            "vaccination, because farmers are forgetting the dates and animals are dying from PPR and lumpy disease, "
            "last year lumpy finished many cows in our area.")
    told = extract(DiscoverySummary(), said, "")
    assert told.core_problem.startswith("farmers are forgetting the dates")
    assert told.why_now == "last year lumpy finished many cows in our area"


def test_then_and_now_to_the_wishlist_question_is_why_now_and_a_whatsapp_receipt_is_a_feature() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    base = DiscoverySummary(target_user="PG owners", core_problem="rent comes late", current_alternatives="a notebook")
    told = extract(base, "ya now all boys pay by upi, earlier it was cash only so it was fine", "feature_wishlist")
    assert told.feature_wishlist == [] and "upi" in told.why_now
    told = extract(base, "rent due list, upi reminder on 1st, and whatsapp receipt", "success_metric")
    assert told.success_metric == "" and len(told.feature_wishlist) == 3
    # A wish said with then and now stays a wish.
    told = extract(base, "now they can book online, before they had to phone", "feature_wishlist")
    assert told.why_now == ""


@pytest.mark.parametrize(("said", "who"), [
    # lotto-rambling (held-out 11): only "Treasurers" reached the target, and the PM asked again.
    ("Treasurers and lotto committees of GAA clubs, there's over 1,500 clubs in Ireland",
     "Treasurers and lotto committees of GAA clubs"),
    ("Nurses and porters at big hospitals", "Nurses and porters at big hospitals"),
    ("teachers and parents", "teachers and parents"),
    # "Solo" before the people is who, not the team.
    ("Solo mobile mechanics and 2-3 van outfits in regional Queensland towns", "Solo mobile mechanics"),
])
def test_a_list_of_two_groups_and_solo_people_reach_the_target(said: str, who: str) -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    told = extract(DiscoverySummary(core_problem="envelopes go missing"), said, "target_user")
    assert told.target_user == who and told.constraints == ""


def test_three_of_us_in_a_story_is_no_team_and_solo_with_weeks_still_is() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    story = "then Sunday night three of us sit in the clubhouse counting coins and matching the numbers"
    assert extract(DiscoverySummary(target_user="treasurers"), story, "core_problem").constraints == ""
    assert extract(DiscoverySummary(), "Solo, 6 weeks, mobile web", "constraints").constraints == "Solo, 6 weeks, mobile web"
    assert extract(DiscoverySummary(), "two of us, 8 weeks", "constraints").constraints == "two of us, 8 weeks"


def test_the_import_of_a_deferred_rows_spreadsheet_leaves_phase_one_with_it() -> None:
    from pmtui.models import ConversationState, DiscoverySummary
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    # choir-rambling (held-out 3): subs moved to phase 2 while "Import from spreadsheet" of the subs stayed.
    summary = DiscoverySummary(
        target_user="Directors of community choirs", core_problem="Nobody knows who is coming to rehearsal",
        current_alternatives="the treasurer is chasing subs in a different spreadsheet",
        why_now="Since covid everyone has smartphones",
        feature_wishlist=["Weekly attendance poll with one tap", "Count per voice part", "Subs tracking"],
        success_metric="10 choirs in 6 months", revenue_model="£5 a month", constraints="me plus a developer, 8 weeks",
    )
    output = rescore(propose(summary, []))
    for row in output.mvp_features:
        if row.name == "Import from spreadsheet":
            row.phase, row.pinned = 1, ["phase"]
    state = ConversationState(project="Choir", phase="scoping", discovery_summary=summary, scoping_output=output)
    result = negotiate(state, "subs tracking can go to later", 1, False)
    phases = {f.name: f.phase for f in result.output.mvp_features}
    assert phases["Subs tracking"] >= 2 and phases["Import from spreadsheet"] >= 2, result.reply
    assert "moved Import from spreadsheet with it" in result.reply


def test_a_pos_agent_founder_typed_by_hand() -> None:
    """Driven by hand (a Lagos POS-agent founder): fillers, today's notebook, a name cut short, "X no need", and a row
    added and asked into Phase 1 in one breath."""
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery.clues import feature_items
    from pmtui.product.brains.offline.scoping.derive import derive
    from pmtui.product.search import todays_workarounds

    assert feature_items("ehn the float tracking, daily profit, and alert when cash is getting low")[0] == "Float tracking"
    today = todays_workarounds("they write it in small notebook, and some of them just check the POS machine history")
    assert today[0].name == "Small notebook"
    pain = DiscoverySummary(core_problem="they are always running out of cash float, they don't know how much they made in "
                                         "a day")
    assert "See how much they made" in [d.name for d in derive(pain)]
    said = "The notebook import no need, agents will just start fresh."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("cut", "notebook import")]


def test_a_row_added_and_called_the_heart_of_it_is_said_once_and_placed_once() -> None:
    from pmtui.models import ConversationState, DiscoverySummary
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    summary = DiscoverySummary(
        target_user="POS agents in Lagos", core_problem="they are always running out of cash float",
        current_alternatives="they write it in small notebook", why_now="since the naira redesign people prefer agents",
        feature_wishlist=["Float tracking", "Daily profit", "Alert when cash is getting low"],
        success_metric="500 agents in 6 months", revenue_model="N1,500 per month", constraints="me and my friend, 3 months",
    )
    state = ConversationState(project="POS", phase="scoping", discovery_summary=summary,
                              scoping_output=rescore(propose(summary, [])))
    said = "And can you add a simple log of each withdrawal and transfer with the charges, that one is the heart of it"
    result = negotiate(state, said, 1, False)
    assert result.reply.count("Simple log of each withdrawal") == 1, result.reply
    assert "already in Phase 1" not in result.reply
    said = ("The notebook import no need, agents will just start fresh. And can you add a simple log of each withdrawal "
            "and transfer with the charges, that one is the heart of it")
    result = negotiate(state, said, 1, False)
    assert result.reply.count("added Simple log of each withdrawal") == 1, result.reply
    log = next(f for f in result.output.mvp_features if f.name.startswith("Simple log"))
    assert log.phase == 1


def test_a_google_sheet_given_as_the_reason_is_todays_way_without_the_story_before_it() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    # Typed by hand (a netball club in Geelong): "google sheet" was no tool, and then the whole clause was today's way.
    said = ("hey so our netball club in Geelong has like 14 teams and every Saturday arvo theres no umpires for half the "
            "games cos the umpire roster is a google sheet nobody looks at, and the juniors who umpire get paid cash")
    assert extract(DiscoverySummary(), said, "").current_alternatives == "the umpire roster is a google sheet nobody looks at"


def test_two_groups_joined_by_and_stay_in_one_clause() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract
    from pmtui.product.brains.offline.discovery.text import split_clauses

    # cattle-pivoter (held-out 11): "the vets" became a clause of its own and replaced the farmers.
    assert split_clauses("So I want to do vaccination schedules, for the farmers and the vets.") == [
        "So I want to do vaccination schedules, for the farmers and the vets."]
    assert split_clauses("the owner pays and the staff use it") == ["the owner pays", "the staff use it"]
    before = DiscoverySummary(target_user="Small dairy farmers with 2 to 10 cows", core_problem="hard to find a good cow",
                              current_alternatives="Brokers", why_now="Milk prices went up")
    said = ("Wait, let me change direction. The real loss is cows dying because farmers miss the vaccination dates. "
            "So I want to do vaccination schedules, for the farmers and the vets.")
    assert "farmers" in extract(before, said, "feature_wishlist").target_user


@pytest.mark.parametrize("asked", ["target_user", ""])
def test_who_it_is_for_drops_what_they_would_use_it_for(asked: str) -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    # Round 7's kirana founder, typed by hand: the target kept "for udhaar".
    before = DiscoverySummary(core_problem="customers do not pay back the credit") if asked else DiscoverySummary()
    assert extract(before, "kirana shop owners in Pune for udhaar", asked).target_user == "kirana shop owners in Pune"
    told = extract(DiscoverySummary(core_problem="x y z"), "Mobile mechanics in Perth working alone out of a van", "target_user")
    assert told.target_user == "Mobile mechanics in Perth working alone out of a van"


def test_a_word_that_grew_is_quoted_whole_and_just_me_is_kept_as_the_team() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract
    from pmtui.product.brains.offline.discovery.interview import _new_part

    # lotto-vague (held-out 11): "club" from the pitch, then "clubs": the PM said 'that's who it's for: "s"'.
    assert _new_part("club", "clubs") == "clubs"
    assert _new_part("nurses", "nurses; ICU nurses at big hospitals") == "ICU nurses at big hospitals"
    # "just me" to the limits question was dropped as a shrug, and the card showed the limits as an open question.
    assert extract(DiscoverySummary(target_user="clubs"), "just me", "constraints").constraints == "just me"


def test_a_swap_names_the_new_thing_plainly_and_the_cut_list_says_what_became_of_the_old() -> None:
    from pmtui.models import ConversationState, DiscoverySummary
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    # nets-clear (held-out 11): the row became "Simple 'notify me if a lane frees up" and the waiting list vanished.
    summary = DiscoverySummary(
        target_user="Village cricket clubs in England", core_problem="Popular evenings are overbooked",
        current_alternatives="A sign-up sheet in the pavilion", why_now="ECB funding needs usage figures",
        feature_wishlist=["Lane booking by the hour", "Coach blocks for juniors", "Waiting list when a lane is full"],
        success_metric="20 clubs in the first season", revenue_model="£15 a month", constraints="Solo, 5 weeks",
    )
    state = ConversationState(project="Nets", phase="scoping", discovery_summary=summary,
                              scoping_output=rescore(propose(summary, [])))
    said = "Swap the waiting list for a simple 'notify me if a lane frees up', same idea, half the work."
    result = negotiate(state, said, 1, False)
    names = [f.name for f in result.output.mvp_features]
    assert any(n.startswith("Notify me if a lane frees up") for n in names), names
    assert any(c.name.startswith("Waiting list") and "swapped for" in c.reason for c in result.output.cut_features)
    renamed = negotiate(state, "Rename the lane booking to 'net booking'", 1, False)
    assert not any("swapped for" in c.reason for c in renamed.output.cut_features)


def test_todays_way_given_after_so_is_filed_without_the_pain_before_it() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import extract

    # Round 7's Hebridean ferry operator (typed by hand): the whole sentence was today's way.
    said = ("sailings get cancelled at short notice so the office phones round from a paper list and half the passengers "
            "never hear")
    told = extract(DiscoverySummary(target_user="ferry operators on small islands"), said, "core_problem")
    assert told.current_alternatives.startswith("the office phones round from a paper list")
    assert told.core_problem.startswith("sailings get cancelled")
