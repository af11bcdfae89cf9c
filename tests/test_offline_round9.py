"""Round 9 of the offline engine: classes found with held-out set 12 (written and measured before the round).

Each test is built from a real sentence that the engine before round 9 got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.brains.offline.scoping.requests import parse_requests


@pytest.mark.parametrize(("said", "expected"), [
    # escape-vague: txt-speak ("not rn, push it l8r", "n can u add like a …", "waivers r kinda a must tho, ph1 pls").
    (("hmm leaderboard is fun but not rn, push it l8r. n can u add like a reminder txt the day before? no shows kill "
      "us. waivers r kinda a must tho, ph1 pls"),
     [("defer", "leaderboard"), ("add", "reminder txt the day before"), ("promote", "waivers")]),
    # snow-terse: "l8r", "+" and "= 1 thing" is a merge, "1wk".
    ("etransfer reminder l8r. mark done + auto txt = 1 thing. route list 1wk",
     [("defer", "etransfer reminder"), ("merge", ""), ("effort", "route list")]),
    # shutter-vague: "take-down" is a noun, not the verb "take"; "kinda the main thing … so that needs to be there".
    ("hmm the take-down booking... that's after the storm, that can come later right?", [("defer", "take-down booking")]),
    ("and the photo thing is kinda the main thing for insurance so that needs to be there from day one",
     [("promote", "photo")]),
    # bus-arguer: "drop it: <reason>", "take X out", "X into phase 1".
    ("And the card payment for tourists, drop it: tourists pay cash at the office anyway.",
     [("cut", "card payment for tourists")]),
    ("Ok he looked. Agent quotas into phase 1, and take the card payment out. Leave the trip report where it is.",
     [("promote", "Agent quotas"), ("cut", "card payment")]),
    # storage-nonnative: "<row> put number one", "Add one: X, <remark>".
    (("CCTV no need first la, too difficult. The pay reminder put number one please, and reset code also phase 1. Add "
      "one: customer can book moving trolley, we have 4 only, always fight"),
     # (", and reset code also phase 1" is a request of its own; until 2026-11-27 it was lost inside the first.)
     [("defer", "CCTV"), ("promote", "pay reminder"), ("promote", "reset code"), ("add", "customer can book moving trolley")]),
    # egg-nonnative: a remark about the people between the row and "it"; "add one thing:"; "must come first".
    (("Please the feed and mortality record, it is good but the farmers have the vet book for that, so remove it. And "
      "add one thing: the customer can see the price of crate for the week, because prices change every Monday. Also "
      "the money owed list must come first, before the route, ebei that is where we are losing."),
     [("cut", "feed and mortality record"), ("add", "customer can see the price of crate for the week"),
      ("promote", "money owed list")]),
    # orchard-clear: "but the orchards already use …, so it can wait"; "…, bump it up".
    (("Hours per picker for payroll is a big one but the orchards already use a payroll provider, so it can wait. "
      "Messages in Tongan and Samoan though are what makes the crews actually read it, bump it up."),
     [("defer", "Hours per picker for payroll"), ("promote", "Messages in Tongan and Samoan")]),
    # orchard-rambling: "altogether" is no part of the name.
    ("Oh and cut the weather thing altogether, the MetService app does that.", [("cut", "weather")]),
])
def test_argue_back_phrasings_of_round_9(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


def test_txt_speak_leaves_words_that_only_contain_the_letters_alone() -> None:
    # "u" and "r" only as words: "UPI", "run" and "r&d" keep their letters; "n" only between words.
    found = parse_requests("push the UPI run report to phase 2")
    assert [(r.kind, r.what) for r in found] == [("defer", "UPI run report")]
    merge = parse_requests("mark done + auto txt = 1 thing")[0]
    assert merge.kind == "merge" and merge.parts == ("mark done", "auto txt")


def test_put_the_row_back_takes_back_the_cut_of_the_last_round() -> None:
    from pmtui.product.texts import undo_span

    # storage-clear: the floor plan cut in round 1, then "put the floor plan back".
    assert undo_span("Actually, put the floor plan back, my cousin says customers pick their unit by looking at it.")
    assert undo_span("put the deposit back in phase 1") is None
    assert undo_span("put the reminder back on the list") is None


def test_evidence_after_an_added_row_went_below_the_line_argues_for_that_row() -> None:
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    # storage-nonnative: the trolley booking was added in a trade and put in Phase 2 with a request for evidence;
    # the evidence that follows ("18 customer pay late") moved "See who pay already", which nobody had argued for.
    # (3 weeks here, where the founder said 3 months: once the pay reminder was sized as a message rather than as
    # payments, 3 months left room for the trolley, and this test needs a row that went below the line.)
    summary = DiscoverySummary(
        target_user="Mini storage shop owner", core_problem="Customer forget code or lose key, call us midnight",
        current_alternatives="We use WhatsApp and one big Excel", why_now="Now government push FPS",
        feature_wishlist=["Customer can reset code by themselves", "Pay reminder by WhatsApp", "See who pay already",
                          "CCTV inside the app"],
        success_metric="20 shops use it by next Chinese New Year", revenue_model="HK$500 every month per shop",
        constraints="My cousin do programming, he only free weekend, maybe 3 week",
    )
    output = rescore(propose(summary, []))
    state = ConversationState(project="Storage", phase="scoping", discovery_summary=summary, scoping_output=output)
    said = ("CCTV no need first la, too difficult. The pay reminder put number one please, and reset code also phase 1. "
            "Add one: customer can book moving trolley, we have 4 only, always fight")
    first = negotiate(state, said, 1, False)
    trolley = next(f for f in first.output.mvp_features if "trolley" in f.name.lower())
    assert trolley.phase == 2 and "evidence" in first.reply
    # What the orchestrator does after a round: the round's record joins the table's decisions.
    first.output.decisions = [*output.decisions, first.record]
    state = state.model_copy(update={"scoping_output": first.output})
    second = negotiate(state, "Last month 18 customer pay late, my mum spend 2 whole day calling.", 2, False)
    phases = {f.name: f.phase for f in second.output.mvp_features}
    assert phases[trolley.name] == 1, second.reply
    assert phases["See who pay already"] > 1, second.reply


@pytest.mark.parametrize(("said", "kind"), [
    # shutter-vague, storage-nonnative, snow-terse, kayak-overscoper (held-out 12); spaza-rambling and braid-jamaican
    # (held-out 8) had the same two classes.
    ("ok quick q, is there not already an app for this? feels like there should be", "question"),
    ("Yuh tink braiders inna Jamaica would really pay fi dis?", "question"),
    ("haha sorry my dog bark, he is 12 years old already, very noisy", "off_topic"),
    ("brb tim hortons run lol, 2 xl double doubles", "off_topic"),
    ("Eish, load shedding again, stage 4, 2 and a half hours, typing on my phone now", "off_topic"),
    ("Sorry hey, load shedding just kicked in here, stage 4 again, typing on my phone now", "off_topic"),
    # Guards: the power going is an answer when it is the story, not the moment.
    ("sorry the light went off when I was at the shop so I lost the list", ""),
    ("Sorry, power cut is the main thing", ""),
    ("yuh know, the braiders lose money every week", ""),
])
def test_asides_of_round_9(said: str, kind: str) -> None:
    from pmtui.product.brains.offline.discovery.asides import aside_kind

    assert aside_kind(said) == kind


def test_one_way_of_a_row_said_as_two_ways_is_cut_and_the_row_keeps_the_other() -> None:
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    # spaza-rambling (held-out 8), once its load-shedding aside stopped landing in the wishlist: "Shame, …" is an
    # exclamation, and "the barcode scanning … cut it, she can just tap the item" is about "Scan or tap what she sold".
    said = "Shame, the barcode scanning is too much for gogo, cut it, she can just tap the item."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("cut", "barcode scanning")]
    summary = DiscoverySummary(
        target_user="Spaza shop owners in Soweto", core_problem="they run out of bread and airtime without noticing",
        current_alternatives="a list in a school exercise book", why_now="wholesalers now take orders on WhatsApp",
        feature_wishlist=["Scan or tap what she sold", "Warning when bread or airtime is getting low",
                          "Ready order list she can send to the rep"],
        success_metric="200 shops in a year", revenue_model="R99 a month", constraints="me and my cousin, 3 months",
    )
    state = ConversationState(project="Spaza", phase="scoping", discovery_summary=summary,
                              scoping_output=rescore(propose(summary, [])))
    result = negotiate(state, said, 1, False)
    names = [f.name for f in result.output.mvp_features]
    assert "Tap what she sold" in names and not any("scan" in n.lower() for n in names), result.reply


def test_a_row_said_to_phase_one_without_a_verb_is_moved_up() -> None:
    # kiln-overscoper (held-out 10) and bus-arguer (held-out 12).
    said = "Oh and glaze recipes to phase 1, members beg for them."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("promote", "glaze recipes")]
    assert parse_requests("Go back to phase 1") == []


def test_taking_back_an_ask_for_phase_one_the_row_already_met_moves_it_to_phase_two() -> None:
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore
    from pmtui.product.undo import ask_taken_back

    # radio-arguer (held-out 10): "Why you kept the WhatsApp proof in phase 2? … it must be in phase 1" found it in
    # Phase 1 already; "reverse the WhatsApp proof change only, the developer says the API costs money" was answered
    # "Your last round didn't change WhatsApp proof …" and the row stayed in Phase 1.
    summary = DiscoverySummary(
        target_user="Community radio stations", core_problem="Shops never know if their ad was played",
        current_alternatives="a paper register", why_now="new licence rules", success_metric="30 stations in a year",
        feature_wishlist=["Airtime slot calendar", "WhatsApp proof to the advertiser", "GST invoices"],
        revenue_model="Rs 2,000 a month", constraints="two of us, 8 weeks",
    )
    output = rescore(propose(summary, []))
    assert next(f for f in output.mvp_features if f.name.startswith("WhatsApp proof")).phase == 1
    state = ConversationState(project="Radio", phase="scoping", discovery_summary=summary, scoping_output=output)
    first = negotiate(state, "Why you kept the WhatsApp proof in phase 2? it must be in phase 1.", 1, False)
    first.output.decisions = [*output.decisions, first.record]
    taken = ask_taken_back(first.output, ["WhatsApp proof to the advertiser"])
    assert taken is not None
    moved, changes = taken
    assert next(f for f in moved.mvp_features if f.name.startswith("WhatsApp proof")).phase == 2
    assert "in Phase 1 already" in changes[0]
    # A row nobody asked for in that round is no ask to take back.
    assert ask_taken_back(first.output, ["Airtime slot calendar"]) is None


def test_a_wish_with_which_keeps_its_clause_and_a_name_never_ends_on_half_a_clause() -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items
    from pmtui.product.rice import feature_name

    # mehndi-indian (held-out 10): the row was "Calendar of dates with", so "the calendar with helpers, please make it
    # smaller" named no row and "it" went to the design gallery cut just before.
    items = feature_items("A calendar of dates with which helper is going where, taking the advance by UPI, a design "
                          "gallery for the bride to choose, and a reminder to the family one day before")
    assert items[0] == "Calendar of dates with which helper is going where"
    # shutter-vague (held-out 12): "Text to the homeowner when the crew is" (on the way) was the name.
    assert feature_name("a text to the homeowner when the crew is on the way", 10) == "a text to the homeowner"
    assert feature_name("Text when your pots are out", 10) == "Text when your pots are out"
    # "…, please make it smaller, only dates are needed first": what the smaller row holds, no row to move.
    said = "And the calendar with helpers, please make it smaller, only dates are needed first, helpers we will do afterwards."
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("effort", "calendar with helpers")]


@pytest.mark.parametrize(("said", "expected"), [
    # orchard-rambling (held-out 12): "as a" says what as, not why (the row was "Mark a picker").
    ("And could you chuck in a way to mark a picker as a no-show, we had 9 no-shows on one Saturday.",
     [("add", "mark a picker as a no-show")]),
    ("add a reminder as they forget", [("add", "reminder")]),
    # escape-arguer (held-out 12): "I don't see why the deposits are much work, …. Make it smaller." (it was "I").
    ("I don't see why the deposits are much work, it's a Stripe checkout. Make it smaller.", [("effort", "deposits")]),
    # shutter-pivoter (held-out 12): "push that back" (it was a row called "back").
    ("The invoice after, push that back, they use QuickBooks already.", [("defer", "invoice after")]),
    ("push the invoices back to phase 2", [("defer", "invoices")]),
])
def test_argue_back_phrasings_of_round_9_second_part(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


@pytest.mark.parametrize(("said", "now", "later"), [
    # Left from round 8 (the Brisbane groomers, typed by hand) and orchard-clear (held-out 12): the later people became
    # a nice-to-have wish ("Salons later but not now"), or "not now" stayed in who it is for.
    ("mobile dog groomers in Brisbane, maybe salons later but not now", "mobile dog groomers in Brisbane", "salons"),
    ("Orchard managers on family-owned kiwifruit and apple orchards, many on RSE visas. Maybe vineyards later but not now",
     "Orchard managers", "vineyards"),
])
def test_people_for_later_said_to_the_target_question_are_a_note_on_the_target(said: str, now: str, later: str) -> None:
    from pmtui.product.brains.offline.discovery.extract import extract

    summary = extract(DiscoverySummary(), said, "target_user")
    assert summary.feature_wishlist == []
    assert summary.target_user.startswith(now) and summary.target_user.endswith(f"(later, not now: {later})")
    assert "not now," not in summary.target_user


@pytest.mark.parametrize(("said", "people"), [
    # shutter-pivoter and kayak-pivoter (held-out 12): the pivot was read as the wishlist and as today's way.
    (("Real talk, I went down to three shutter companies in Bridgetown this week and none of them want another "
      "marketplace, they got more work than they can handle June to November. What does kill them is the install "
      "side: which houses got panels up, which crew is where, and the panels that go missing, 30-odd panels a season "
      "one fella told me. So it's for the installers, the jobs and the panels."), "installers"),
    (("Ah hold on, I need to change tack. I was talking to Siobhán who runs a kayak hire in Killary and she says the "
      "tourists find her grand on Google, what kills her is the gear: wetsuits in the wrong sizes, buoyancy aids "
      "missing, nobody knows which boats are due a check. So it's for the hire operators, the kit and the boats."),
     "hire operators"),
])
def test_a_pivot_told_as_what_the_people_asked_said_changes_who_it_is_for(said: str, people: str) -> None:
    from pmtui.product.brains.offline.discovery.extract import extract

    before = DiscoverySummary(target_user="Tourists and homeowners who book online",
                              core_problem="Hard to find a good one and get a fair quote quick",
                              current_alternatives="Asking around, Facebook groups")
    after = extract(before, said, "feature_wishlist")
    assert after.target_user == people
    # The story of the turn is no wish: "Handle June to November" was a row.
    assert not any("june" in wish.lower() or "tack" in wish.lower() for wish in after.feature_wishlist)
    assert "change tack" not in after.current_alternatives


def test_a_wish_said_to_wait_inside_the_list_or_in_an_earlier_note_is_kept_out_with_the_founders_reason() -> None:
    from pmtui.product.brains.offline import discovery, scoping
    from pmtui.product.brains.offline.discovery.clues import feature_items

    # orchard-rambling (held-out 12): "Oh and maybe a weather thing, the weather thing can wait though" gave two rows,
    # "And-maybe a weather thing" and "Weather thing can wait though"; "a block map showing which blocks are done"
    # lost what it shows.
    said = ("A text to the pickers the night before asking who's in, a block map showing which blocks are done, bin tally "
            "per picker, and a weekly pay summary Dad can hand to the accountant. Oh and maybe a weather thing, the "
            "weather thing can wait though")
    before = DiscoverySummary(target_user="Small family orchards", core_problem="Nobody knows who's turning up")
    wishes = discovery.extract(before, said, "feature_wishlist").feature_wishlist
    assert wishes[1] == "Block map showing which blocks are done"
    assert wishes[-1] == "Weather thing (can wait)" and len(wishes) == 5
    assert feature_items("Oh and maybe a weather thing") == ["Weather thing (nice to have)"]
    # Left from round 8: "the alert thing can wait", said before the alert was on the list, now holds once it is.
    summary = DiscoverySummary(
        target_user="owners of the matatus", core_problem="cash remitted into an exercise book goes missing",
        feature_wishlist=["Owners see daily remittance per vehicle", "Alert when a vehicle doesnt remit"],
        constraints="me and one developer, 2 months")
    waiting = discovery.wishes_waiting(summary, ["ok looks fine but the alert thing can wait"])
    assert waiting.feature_wishlist[1] == "Alert when a vehicle doesnt remit (can wait)"
    cut = next(c for c in scoping.propose(waiting, []).cut_features if c.name.startswith("Alert when"))
    assert "you said in the interview it can wait" in cut.reason


def test_the_offline_brain_applies_an_earlier_can_wait_note_to_a_wish_named_later() -> None:
    import asyncio

    from pmtui.models import ChatMessage
    from pmtui.product.brains.offline import OfflineBrain

    state = ConversationState(
        project="Sacco", phase="discovery", asked_aspect="feature_wishlist",
        discovery_summary=DiscoverySummary(target_user="owners of the matatus"),
        messages=[ChatMessage(role="user", content="ok but the alert thing can wait", phase="discovery")],
    )
    said = "daily remittance per vehicle, and an alert when a vehicle doesnt remit"
    summary = asyncio.run(OfflineBrain().extract_discovery(state, said))
    assert summary.feature_wishlist == ["Daily remittance per vehicle", "Alert when a vehicle doesn't remit (can wait)"]


def test_a_shrug_about_timing_is_probed_and_an_aside_during_a_probe_asks_the_probe_again() -> None:
    from pmtui.product.brains.offline.discovery import extract, next_reply
    from pmtui.product.brains.offline.discovery.text import is_vague
    from pmtui.product.completeness import check_completeness

    # shutter-vague (held-out 12): "dunno, just always been bad" was "a good reason for the timing", and after
    # "it's just messy" was probed, the question back moved the PM on to today's way (the real pain was never told).
    assert is_vague("dunno, just always been bad") and is_vague("idk tbh")
    assert not is_vague("it has always been bad, the roads got worse in 2023")
    summary = DiscoverySummary(target_user="Small hurricane shutter installers in Nassau and Freeport",
                               core_problem="it's just messy")
    said = "ok quick q, is there not already an app for this? feels like there should be"
    after = extract(summary, said, "core_problem")
    state = ConversationState(discovery_summary=after, asked_aspect="core_problem", probe_count={"core_problem": 1})
    reply = next_reply(state, said, summary, check_completeness(after, 3))
    assert reply.asked_aspect == "core_problem"
    assert "comparable products" in reply.text


@pytest.mark.parametrize(("said", "pain", "today"), [
    # Left from rounds 7 and 8: a workaround told inside the answer about the problem, without "they use".
    ("He forgets which customers owe him, so he keeps a list in his notes app", "He forgets which customers owe him",
     "he keeps a list in his notes app"),
    ("clients cancel last minute and the groomer keeps everything in a paper diary", "clients cancel last minute",
     "the groomer keeps everything in a paper diary"),
])
def test_a_workaround_told_inside_the_problem_is_todays_way(said: str, pain: str, today: str) -> None:
    from pmtui.product.brains.offline.discovery import extract

    summary = extract(DiscoverySummary(target_user="mobile dog groomers in Brisbane"), said, "core_problem")
    assert (summary.core_problem, summary.current_alternatives) == (pain, today)
    # A wish that keeps things in an app is still a wish.
    wishes = extract(summary, "a booking page and reminders that he keeps in his phone", "feature_wishlist")
    assert wishes.current_alternatives == today and wishes.feature_wishlist


def test_a_why_now_draft_asked_once_and_answered_with_something_else_is_not_asked_again() -> None:
    from pmtui.product import drafts

    # Left from rounds 7 and 8 (typed by hand): "You mentioned 'the council is moving the routes to online booking…'.
    # Is that why now …?" — "£1 per booking" — "Still, I'd like to pin this down: why now …?".
    before = DiscoverySummary(target_user="island residents and tourists",
                              why_now="the council is moving the routes to online booking from next April")
    after = before.model_copy(update={"revenue_model": "£1 per booking"})
    state = ConversationState(drafts={"why_now": 1}, ask_count={"why_now": 2})
    assert "why_now" not in drafts.asking(state, ["constraints"], "why_now", before, after)
    # "yeah" says nothing new: pressed once more. The problem, the core of it, is pressed even so.
    assert "why_now" in drafts.asking(state, ["constraints"], "why_now", before, before)
    pain = DiscoverySummary(target_user="parent volunteers", core_problem="it's a bit of a mess")
    state = ConversationState(drafts={"core_problem": 1}, ask_count={"core_problem": 2})
    told = pain.model_copy(update={"why_now": "the cost of living has gone mad"})
    assert "core_problem" in drafts.asking(state, [], "core_problem", pain, told)


def test_money_written_off_is_no_correction_of_an_earlier_number() -> None:
    from pmtui.product.brains.offline.discovery.asides import number_correction

    # invoices-rambling (tuned): "…I wrote off about $4,000 last year." was read as "I wrote …" correcting a number,
    # and the PM said 'Corrected: the revenue model now reads "$4"'.
    summary = DiscoverySummary(target_user="freelance designers", revenue_model="")
    said = ("The chasing. It takes maybe a day a month and it's emotionally draining, and sometimes I just don't chase "
            "because it's awkward and then I never get paid, I wrote off about $4,000 last year.")
    assert number_correction(summary, said) is None
    assert number_correction(DiscoverySummary(success_metric="30 farms by dec"), "sorry I wrote 30, make it 40 farms")


@pytest.mark.parametrize(("pitch", "outfits"), [
    # Left from rounds 7 and 8 (a PG owner in Bangalore, a netball club in Geelong, typed by hand) and storage-nonnative
    # (held-out 12): an opening whose people are the founder's own business gave no target at all.
    ("Hi, my family run mini storage in Kwun Tong, my clients always call me 11pm say cannot open the door, very 煩.",
     "mini storage businesses"),
    ("I am running 3 PG hostels in Koramangala, Bangalore with total 110 boys.", "PG hostels"),
    ("our netball club in Geelong has juniors who umpire and get paid cash out of the canteen tin", "netball clubs"),
    ("my salon's clients keep no-showing and I lose the deposit", "salons"),
    # Guards: "my" before a name or a family member names no outfit.
    ("Please my name is Kwame, I have poultry farm at Ejisu near Kumasi, 4,000 layers.", ""),
    ("so my daughter's school has this uniform cupboard, right, and honestly it's a bit of a mess", ""),
])
def test_the_founders_own_outfit_in_the_opening_is_a_first_guess_at_who(pitch: str, outfits: str) -> None:
    from pmtui.product.brains.offline.discovery import extract

    assert extract(DiscoverySummary(), pitch, "").target_user == outfits


def test_the_outfit_is_a_draft_the_pm_asks_about() -> None:
    from pmtui.product import drafts

    # Round 8 tried the outfit as who it is for and the PM then skipped "who is it for": as a draft it is asked.
    assert drafts.weak("target_user", "mini storage businesses") and drafts.weak("target_user", "netball clubs")
    # Typed by hand after: "hey so im making an app 4 my nail salon, …" gave "nail salons", which stood as who it is
    # for, so the PM never asked and filed "nail techs like me, small salons, …" as three wishes.
    assert drafts.weak("target_user", "nail salons") and drafts.weak("target_user", "PG hostels")
    assert not drafts.weak("target_user", "salon owners")


def test_no_change_is_no_why_now_and_a_price_that_rose_elsewhere_is_no_price_of_ours() -> None:
    from pmtui.product.brains.offline.discovery import extract
    from pmtui.product.brains.offline.discovery.asides import number_correction

    # storage-clear (held-out 12): "… late payers still get in because the padlock codes are never changed" was filed
    # as the why-now.
    said = ("Every enquiry is a phone call or WhatsApp, staff walk customers up to see units, and late payers still get in "
            "because the padlock codes are never changed")
    summary = extract(DiscoverySummary(target_user="mini storage operators"), said, "core_problem")
    assert summary.why_now == "" and "padlock codes" in summary.core_problem
    # escape-arguer (held-out 12): the why-now answer "Bookeo put its prices up 30 percent …" was read as a correction
    # ("put … 30") and the PM said 'Corrected: the revenue model now reads "It was 30 percent"'.
    filled = DiscoverySummary(success_metric="50 venues by next Christmas", revenue_model="£39 a month per venue")
    assert number_correction(filled, "Bookeo put its prices up 30 percent in the spring and owners are looking around") is None
    fixed = number_correction(filled, "Correction on the price rise, it was 25 percent, not 30")
    assert fixed is not None and fixed[0] == "why_now"
    assert number_correction(DiscoverySummary(success_metric="100 chamas"), "sorry, put 150 chamas") == (
        "success_metric", "150 chamas")


def test_a_fee_complaint_a_count_after_to_and_a_family_member_asking_are_not_facts() -> None:
    from pmtui.product.brains.offline.discovery.asides import aside_kind
    from pmtui.product.brains.offline.discovery.clues import detect

    # bus-rambling (held-out 12): the card came early with the revenue model "they say the commission is too much" and
    # the limits "on Poya weekends the same seat is sold to two people, …"; then the tea aside went to the limits.
    said = "some owners use the Busseat site but they say the commission is too much"
    assert "revenue_model" not in detect(said, said, False)
    said = "on Poya weekends the same seat is sold to two people, then there is a big fight at Pettah at 9 pm"
    assert "constraints" not in detect(said, said, False)
    assert "constraints" in detect("two people, 8 weeks", "two people, 8 weeks", False)
    assert "revenue_model" in detect("we take a 5% commission", "we take a 5% commission", False)
    assert aside_kind("Sorry, one minute, my amma is asking if I want tea, we have 2 kg of Kandy tea here from the "
                      "wedding, ha ha, okay continue") == "off_topic"
    assert aside_kind("sorry, customers are asking if they can pay by card and we say no") == ""


def test_scrap_that_then_who_it_is_for_is_a_pivot_whose_story_is_no_wishlist() -> None:
    from pmtui.product.brains.offline.discovery import extract

    # grooming-pivoter (held-out 10): "Actually scrap that. …" was acknowledged as the why-now ('"scrap that" — that's
    # a good reason for the timing') and "more work than they can handle … the no-shows" became the rows "Handle" and
    # "No-shows".
    before = DiscoverySummary(target_user="dog owners", core_problem="Salons are booked out for weeks",
                              feature_wishlist=["Find a grooming van near them", "Book a wash"])
    said = ("Actually scrap that. Had a yarn with four groomers at the dog park on Sunday arvo and they reckon owners "
            "aren't the problem, they've got more work than they can handle. What kills them is the driving and the "
            "no-shows. So it's for the groomers, running their van days.")
    after = extract(before, said, "why_now")
    assert after.target_user.startswith("groomers") and after.feature_wishlist == [] and after.why_now == ""


def test_a_row_named_by_what_it_does_is_that_row() -> None:
    from pmtui.product.brains.offline.scoping.intent import paraphrase_core

    # grooming-pivoter: "the thing that texts the owner when the van's close, bump that up" moved the no-show fee.
    assert paraphrase_core("thing that texts the owner when the van's close") == "texts the owner"
    assert paraphrase_core("text to the owner") == "text to the owner"


def test_a_doubled_l_s_or_z_stays_when_ing_goes() -> None:
    from pmtui.product.search import stem

    # interpreter-rambling (held-out 8): "pulling jobs in from every agency … can we make that smaller" named no row
    # ("One diary that pulls in jobs"): "pulling" was stemmed "pul", "pulls" "pull".
    assert stem("pulling") == stem("pulls") == "pull"
    assert stem("billing") == stem("bills") and stem("missing") == "miss"
    assert stem("swapping") == "swap" and stem("running") == "run" and stem("shopping") == "shop"


def test_a_count_by_a_bare_season_or_month_is_a_target_said_to_any_question() -> None:
    from pmtui.product.brains.offline.discovery.belonging import belongs_to

    # Typed by hand (a Toronto nail tech, txt-speak): "30 salons by summer", said to the limits question, became the
    # limits ('Good to know the constraints: "30 salons by summer"').
    assert belongs_to("30 salons by summer", "constraints") == "success_metric"
    assert belongs_to("50 farms by dec", "revenue_model") == "success_metric"
    assert belongs_to("me and my bf, done by summer", "constraints") == ""


def test_a_wish_said_as_the_noun_of_another_is_one_row() -> None:
    from pmtui.product.brains.offline.scoping import propose

    # referee-zim (held-out 9): the pitch's "Referee assignments" and the list's "Assign referees to fixtures" were two
    # rows, so after "put the league tables together with the fixtures" merged one, "assign" still named the other.
    summary = DiscoverySummary(
        target_user="Referee coordinators of the youth leagues in Harare and Bulawayo",
        core_problem="Matches start without a referee because nobody confirmed, and referees are not paid on time",
        current_alternatives="WhatsApp groups and an exercise book for the fees",
        why_now="EcoCash and mobile money make it possible to pay referees the same day",
        feature_wishlist=["Referee assignments", "Player registration", "Assign referees to fixtures",
                          "Referees confirm by SMS", "Pay match fees by EcoCash", "League tables", "Live scores"],
        success_metric="30 leagues by next season", revenue_model="$10 a month per league",
        constraints="Me and my brother, 10 weeks, mostly on Android",
    )
    names = [f.name for f in propose(summary, []).mvp_features]
    assert sum(1 for n in names if "assign" in n.lower()) == 1, names


def test_who_owes_money_in_a_list_of_things_to_build_is_a_row() -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items

    # egg-nonnative (held-out 12): "…, who owes money, …" was read as a relative clause and dropped from the list.
    items = feature_items("Order list for each day with how many crates, who owes money, delivery route for the "
                          "tricycle boy, and record of feed and mortality for the birds")
    assert "Who owes money" in items
    assert feature_items("a calendar, who is coming, and a reminder") == ["Calendar", "Who is coming", "Reminder"]
    # A relative clause after a row is still no row of its own.
    assert not any(i.lower().startswith("who") for i in feature_items("a reminder to the parents, who then forget"))
