"""Round 26 of the offline PM (held-out 24): the founder's own people named by the work they do are users, not the
team that builds; what building the app costs is a budget, not what the product earns."""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.belonging import belongs_to, limits
from pmtui.product.brains.offline.discovery.extract import extract


@pytest.mark.parametrize("answer", [
    "Families booking a lesson, and me and my daughter who teaches the beginners on Saturdays.",
    "Mostly dog owners in town, plus me and my partner who walks the big dogs.",
    "The shops we deliver to, and me and my cousin who drives the van.",
])
def test_the_founders_own_people_at_work_in_the_business_answer_who_it_is_for(answer: str) -> None:
    assert belongs_to(answer, "target_user") == ""
    assert limits(answer) < 2
    found = extract(DiscoverySummary(), answer, "target_user")
    assert found.target_user
    assert not found.constraints


@pytest.mark.parametrize("answer", ["Me and my son who codes, six weekends.", "Just me and my nephew who builds websites."])
def test_the_people_who_build_it_are_still_the_team(answer: str) -> None:
    assert extract(DiscoverySummary(), answer, "constraints").constraints


@pytest.mark.parametrize("answer", [
    "My neighbour will build it for $2,500 over the holidays, about six weeks.",
    "A student from the polytechnic is charging R18,000 for three months.",
    "I have €8,000 and a freelance developer for ten weeks.",
    "The agency quoted £9k for two months of work.",
])
def test_what_building_it_costs_is_a_constraint_not_the_revenue_model(answer: str) -> None:
    found = extract(DiscoverySummary(), answer, "constraints")
    assert found.constraints
    assert not found.revenue_model


def test_a_price_per_unit_sold_is_still_the_revenue_model() -> None:
    found = extract(DiscoverySummary(), "We charge £40 a lesson and my brother will build it.", "revenue_model")
    assert "£40 a lesson" in found.revenue_model


@pytest.mark.parametrize(("said", "row"), [
    ("Fine by me. And could we move the loyalty stamps later? A paper card works for now.", "loyalty"),
    ("Could we move the loyalty stamps later? Paper cards work for now.", "loyalty"),
    ("OK, good. Can you move the route map later?", "route map"),
    ("can you push the route map back to phase 2 please?", "route map"),
    ("Could we leave the invoice PDF for later?", "invoice"),
    ("so can we shift the parents' portal to phase 2?", "portal"),
])
def test_a_move_asked_as_a_question_is_the_move(said: str, row: str) -> None:
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    rows = ["Loyalty stamps", "Route map for the day", "Invoice PDF", "Parents' portal", "Booking calendar"]
    found = parse_requests(said, rows)
    assert [request.kind for request in found] == ["defer"]
    assert row in found[0].what.lower()


def test_a_question_that_asks_for_nothing_stays_a_question() -> None:
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    assert parse_requests("could we do the invoice PDF as a link?", ["Invoice PDF"]) == []
    assert parse_requests("can I ask why the route map is so low?", ["Route map for the day"]) == []


@pytest.mark.parametrize("row", ["Take the deposit online when they book", "Card deposit at booking",
                                 "Collect the class fee online", "Accepting the balance by card on the day"])
def test_money_taken_through_the_app_is_sized_as_payments(row: str) -> None:
    from pmtui.product.brains.offline.scoping.propose import _effort

    weeks, why = _effort(row)
    assert weeks >= 2.5
    assert "payments" in why


@pytest.mark.parametrize("row", ["Deposit record", "Deposit to lock the date", "Fee reminder the day before"])
def test_a_deposit_only_noted_is_not_sized_as_payments(row: str) -> None:
    from pmtui.product.brains.offline.scoping.propose import _effort

    assert "payments" not in _effort(row)[1]


@pytest.mark.parametrize("answer", [
    "Paper diary and texts. We tried a generic booking app too but it was built for hairdressers.",
    "A spreadsheet. Tried a big scheduling tool once, it was made mainly for gyms.",
])
def test_whom_another_tool_was_made_for_is_not_who_this_one_is_for(answer: str) -> None:
    found = extract(DiscoverySummary(), answer, "current_alternatives")
    assert not found.target_user
    assert "tried" in found.current_alternatives.lower()


def test_who_this_one_is_built_for_still_is() -> None:
    assert extract(DiscoverySummary(), "It's built for small livery yards.", "target_user").target_user


@pytest.mark.parametrize("answer", ["We tried a generic booking app last year, nobody used it.",
                                    "We gave Calendly a go in 2022 and dropped it."])
def test_a_tool_tried_before_said_to_who_is_it_for_is_no_user(answer: str) -> None:
    assert belongs_to(answer, "target_user") == "current_alternatives"
    assert not extract(DiscoverySummary(), answer, "target_user").target_user


@pytest.mark.parametrize("answer", [
    "Tenants in our four blocks. We had a repairs hotline but nobody answered it at night, so tenants stopped using it.",
    "Mostly the parents. There was a Facebook page once, but parents ignored it.",
])
def test_people_who_gave_up_a_tool_are_no_new_users(answer: str) -> None:
    found = extract(DiscoverySummary(), answer, "target_user")
    assert ";" not in found.target_user  # the story is not appended to who it is for
    assert found.current_alternatives


@pytest.mark.parametrize(("wish", "item"), [
    ("It would be great if riders could see the van on a map.", "see the van on a map"),
    ("It'd be nice if the mechanic could mark a job done.", "mark a job done"),
    ("I'd love them to be able to book a slot on a Saturday.", "book a slot on a saturday"),
])
def test_a_wish_said_as_how_good_it_would_be_is_the_item(wish: str, item: str) -> None:
    items = extract(DiscoverySummary(), wish, "feature_wishlist").feature_wishlist
    assert [i.lower() for i in items] == [item]


@pytest.mark.asyncio
async def test_a_wish_in_passing_and_a_question_back_still_leave_the_wishlist_asked(tmp_path) -> None:
    """One wish said about who it is for, then a question back when the wishlist is asked: the PM answers it and
    asks the wishlist again, and the founder's list lands."""
    from pmtui.config import Config
    from pmtui.product.eval.founders import Founder, Interjection
    from pmtui.product.eval.runner import run_conversation
    from pmtui.product.eval.simulator import ScriptedFounder
    from pmtui.product.orchestrator import Orchestrator
    from pmtui.store import Store

    founder = Founder(
        id="bikevan", kind="rambling", product="Mobile bike repair van",
        opening="I run a mobile bike repair van in Leeds, one van, two mechanics, and the bookings are chaos.",
        answers={
            "target_user": [("Commuters who ride to work, about 300 regulars, and my two mechanics. Oh, and I'd love "
                             "them to be able to see the van coming on a map.")],
            "core_problem": ["Riders book by text, we double-book slots and turn up without the right parts."],
            "current_alternatives": ["Texts, a paper diary and a whiteboard in the van."],
            "why_now": ["A second van arrives in May and the diary won't cope with two."],
            "feature_wishlist": [("- riders booking a slot with the fault\n- the parts list for each job\n"
                                  "- a text when the van is ten minutes away")],
            "success_metric": ["No double bookings and every job fixed first time by the summer."],
            "revenue_model": ["Riders pay per repair, £45 a service."],
            "constraints": ["A friend will build it over eight weeks of evenings."],
        },
        interject=[Interjection(after=4, kind="question", say="Can I ask, will the map drain the mechanics' phones?")],
        agree="Yes, write the spec.",
    )
    store = Store(tmp_path / "bikevan.db")
    try:
        conversation = await run_conversation(Orchestrator(store, Config(offline=True)), ScriptedFounder(founder))
    finally:
        store.close()
    wishes = " ".join(conversation.state.discovery_summary.feature_wishlist).lower()
    assert "parts list" in wishes and "ten minutes" in wishes


def test_the_same_answer_said_again_adds_no_wishes() -> None:
    said = "No van sent out empty, and every crate counted at the bar"
    summary = DiscoverySummary(success_metric=said)
    again = extract(summary, f"Like I said: {said}.", "success_metric")
    assert again.feature_wishlist == []
    assert again.success_metric == said
    # Something new after the pointer back is still heard.
    more = extract(summary, "As I said before: no missed pick-ups, and 200 parents using it by June.", "success_metric")
    assert "200 parents" in more.success_metric


@pytest.mark.parametrize("said", ["Fine. The kennel map can wait. The vaccination check is number one, phase 1.",
                                  "the vaccination check is the number one thing", "Vaccination check is number one for us"])
def test_a_row_said_to_be_number_one_is_promoted(said: str) -> None:
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    found = parse_requests(said, ["Kennel map", "Vaccination check at drop-off", "Feeding notes"])
    assert ("promote", "vaccination check") in [(r.kind, r.what.lower()) for r in found]


@pytest.mark.parametrize("answer", ["per hive. rather not say how much", "Monthly, per stall. I'd rather not say the price yet."])
def test_a_sentence_that_declines_is_not_kept_beside_what_was_said(answer: str) -> None:
    said = extract(DiscoverySummary(), answer, "revenue_model").revenue_model
    assert said
    assert "rather" not in said.lower()


@pytest.mark.parametrize(("constraints", "row"), [
    ("The volunteers use old phones and there's patchy signal up the glen.", "Works with patchy signal"),
    ("It has to work without internet in the church hall.", "Works without internet"),
    ("Must work offline in the barn, there's no signal at all.", "Works offline"),
])
def test_a_row_for_no_connection_is_named_in_the_founders_words_once(constraints: str, row: str) -> None:
    from pmtui.product.brains.offline.scoping.derive import derive

    names = [d.name for d in derive(DiscoverySummary(constraints=constraints))]
    assert names == [row]


def test_how_big_the_work_is_and_who_does_it_are_no_wishes() -> None:
    from pmtui.product.brains.offline.discovery.feature_items import feature_items

    assert feature_items("two of us drive round the estates with the van, around 60 drops a day") == []
    assert feature_items("bookings, about 40 orders a week, invoices") == ["Bookings", "Invoices"]
    # A wish with a number in it is still a wish.
    assert "2 reminders a week" in feature_items("a rota, 2 reminders a week, a list of who paid")
