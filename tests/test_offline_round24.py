"""Round 24 of the offline engine: the rows discovery's wishlist split names (bench/plan_quality.py's fragment titles).

Every sentence here is written for the class, unlike the eval founders' own: the rules must hold for the kind of
sentence, not for one founder's words.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.feature_items import feature_items
from pmtui.product.plan_quality import FragmentTitle

_FRAGMENT = FragmentTitle()

# -- a lone verb in a terse list takes the object the list shares ----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "rows"),
    [
        ("log a catch, share, delete", ["Log a catch", "Share a catch", "Delete a catch"]),
        ("add invoice, send, chase", ["Add invoice", "Send an invoice", "Chase an invoice"]),
        ("reserve van, collect, return keys", ["Reserve van", "Collect a van", "Return keys"]),
        ("upload lesson plan. edit. print", ["Upload lesson plan", "Edit a lesson plan", "Print"]),
        # The request a verb of deciding takes is a doing of the list too: a row for it stays.
        ("offer a lift, claim, approve", ["Offer a lift", "Claim a lift", "Approve a claim"]),
        ("add a room, book, confirm", ["Add a room", "Book", "Confirm a room"]),
        ("book a pitch, pay, cancel", ["Book a pitch", "Pay for a pitch", "Cancel a pitch"]),
    ],
)
def test_a_lone_verb_takes_the_object_its_list_shares(said: str, rows: list[str]) -> None:
    items = feature_items(said)
    assert items == rows
    assert not [row for row in items if _FRAGMENT.reason(row)]


@pytest.mark.parametrize("said", ["scan and pay", "sign and send"])
def test_a_list_of_lone_verbs_alone_is_one_act(said: str) -> None:
    (row,) = feature_items(said)
    assert row.lower() == said
    assert not _FRAGMENT.reason(row)


@pytest.mark.parametrize(
    ("said", "rows"),
    [
        # No object said before the verb: nothing to give it (left as said, never guessed).
        ("confirm, book a court", ["Confirm", "Book a court"]),
        # A word that names a thing as much as an act stays a thing.
        ("upload photos, search, chat", ["Upload photos", "Search", "Chat"]),
    ],
)
def test_a_lone_verb_with_no_object_before_it_is_left(said: str, rows: list[str]) -> None:
    assert feature_items(said) == rows


def test_what_is_only_seen_is_no_object_to_share() -> None:
    assert feature_items("view the timetable, pay, cancel") == ["View the timetable", "Pay", "Cancel"]


# -- a row cut mid-clause: two verbs that share one thing are one row ------------------------------------------------


@pytest.mark.parametrize(
    ("said", "rows"),
    [
        ("an open and close checklist for each shift, and a rota", ["Open and close checklist for each shift", "Rota"]),
        ("track and pay invoices, chat", ["Track and pay invoices", "Chat"]),
        # "online" is how, no thing: two doings.
        ("book and pay online", ["Book", "Pay online"]),
    ],
)
def test_two_verbs_before_one_bare_noun_share_it(said: str, rows: list[str]) -> None:
    assert feature_items(said) == rows


@pytest.mark.parametrize(
    ("said", "first"),
    [
        ("a rota that staff and managers can view and edit", "Rota that staff and managers can view and edit"),
        ("shared kit list that parents can tick and edit, reminders", "Shared kit list that parents can tick and edit"),
    ],
)
def test_two_verbs_after_a_relative_clauses_modal_are_its_one_doing(said: str, first: str) -> None:
    items = feature_items(said)
    assert items[0] == first
    assert not [row for row in items if _FRAGMENT.reason(row)]


# -- a filler or an aside in the pitch is no row -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "sorts all that out, nothing too complicated",
        "solve it for good, but a decent one",
        "deal with this mess, just a basic one",
        "anyway",
    ],
)
def test_the_problem_said_as_a_pronoun_and_words_on_the_app_itself_are_no_rows(said: str) -> None:
    assert feature_items(said) == []


def test_a_wish_beside_the_aside_is_kept() -> None:
    assert feature_items("tackle the backlog of refunds, nothing fancy, and a weekly summary") == [
        "Tackle the backlog of refunds", "Weekly summary"]


# -- "but later" said as many Englishes say it marks the wish before it, and is no row --------------------------------


@pytest.mark.parametrize(
    ("said", "rows"),
    [
        ("receipts by email, a loyalty card, pero later na lang", ["Receipts by email", "Loyalty card (nice to have)"]),
        ("class timetable, then gift vouchers but later only", ["Class timetable", "Gift vouchers (nice to have)"]),
    ],
)
def test_but_later_with_a_particle_marks_the_wish_before_it(said: str, rows: list[str]) -> None:
    assert feature_items(said) == rows


def test_a_new_sentence_opening_on_also_is_a_new_wish() -> None:
    assert feature_items("Menus per table, and a bill per table at closing. Also a tip jar, pero later na lang") == [
        "Menus per table", "Bill per table at closing", "Tip jar (nice to have)"]


# -- what the app is, whom it is for or what it costs is no row --------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "Members pay 20 euro a season. The app would only be for our club and the coaches in it.",
        "Free for the first month, then 5 dollars. It should really be for the owners, nobody else.",
    ],
)
def test_what_the_app_is_said_in_the_money_answer_is_no_row(said: str) -> None:
    summary = extract(DiscoverySummary(), said, "revenue_model")
    assert summary.feature_wishlist == []


def test_what_the_app_does_in_the_same_words_is_still_a_wish() -> None:
    summary = extract(DiscoverySummary(), "The app would let parents book a lift to training.", "feature_wishlist")
    assert summary.feature_wishlist


# -- "a stall map they can see": a trigger whose verb stands alone is a clause on the noun before it ------------------


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Drivers log each delivery, a route sheet they can print, and a tally for the office",
         "Route sheet they can print"),
        ("Players sign up for games, a league table members can check, and match photos",
         "League table members can check"),
    ],
)
def test_a_trigger_verb_alone_is_a_clause_on_the_noun_before_it(said: str, kept: str) -> None:
    wishes = extract(DiscoverySummary(), said, "feature_wishlist").feature_wishlist
    assert kept in wishes
    assert not [row for row in wishes if _FRAGMENT.reason(row)]


# -- scoping: a verb alone names the row it leads, and "<who> view" the row those people see in ----------------------


def _kennel_state():  # a ConversationState in scoping
    from pmtui.models import ConversationState
    from pmtui.product.brains.offline.scoping import propose
    from pmtui.product.rice import rescore

    summary = DiscoverySummary(
        target_user="dog kennel owners", core_problem="bookings on paper, vaccination papers lost",
        current_alternatives="a diary and phone calls", why_now="insurers now ask for vaccination records",
        feature_wishlist=["Owner books a stay", "Vet uploads vaccination card", "Kennel owner sees who uploaded"],
        success_metric="30 kennels in a year", revenue_model="£10 a month per kennel", constraints="me, 6 weeks, phone",
    )
    return ConversationState(project="Kennels", phase="scoping", discovery_summary=summary,
                             scoping_output=rescore(propose(summary, [])))


def test_a_verb_alone_promoted_names_the_row_it_leads_never_a_new_row() -> None:
    from pmtui.product.brains.offline.scoping import negotiate

    result = negotiate(_kennel_state(), "owner view later. book + upload first", 1, False)
    names = [f.name for f in result.output.mvp_features]
    assert not [name for name in names if _FRAGMENT.reason(name)], names
    assert "Upload" not in names and "Book" not in names
    seen = next(f for f in result.output.mvp_features if f.name == "Kennel owner sees who uploaded")
    assert seen.phase != 1, result.reply
    uploads = next(f for f in result.output.mvp_features if f.name == "Vet uploads vaccination card")
    assert uploads.phase == 1


def test_whose_view_names_the_row_those_people_see_in() -> None:
    from pmtui.models import ConversationState
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    summary = DiscoverySummary(
        target_user="swimming coaches", core_problem="sessions booked by text, coaches never know numbers",
        current_alternatives="texts and a paper register", why_now="the pool now charges per lane",
        feature_wishlist=["Parents book a lane session", "Coach sees who is coming", "Pay per session"],
        success_metric="10 clubs by summer", revenue_model="£15 a month per club", constraints="2 of us, 8 weeks",
    )
    state = ConversationState(project="Lanes", phase="scoping", discovery_summary=summary,
                              scoping_output=rescore(propose(summary, [])))
    result = negotiate(state, "coach view later", 1, False)
    seen = next(f for f in result.output.mvp_features if f.name == "Coach sees who is coming")
    assert seen.phase != 1, result.reply
    assert "no “coach view”" not in result.reply


def test_a_row_split_by_two_occasions_keeps_its_doing_in_both() -> None:
    from pmtui.models import ConversationState
    from pmtui.product.brains.offline.scoping import negotiate, propose
    from pmtui.product.rice import rescore

    summary = DiscoverySummary(
        target_user="yoga teachers", core_problem="students forget classes and no-show",
        current_alternatives="a whatsapp group", why_now="studio rent went up",
        feature_wishlist=["Class timetable", "Remind students the day before", "Pay per class"],
        success_metric="no-shows halved", revenue_model="£8 a month per teacher", constraints="me, 6 weeks",
    )
    state = ConversationState(project="Yoga", phase="scoping", discovery_summary=summary,
                              scoping_output=rescore(propose(summary, [])))
    said = "And the reminder the day before, split that in two, one for the day before and one for when a class is cancelled."
    result = negotiate(state, said, 1, False)
    names = [f.name for f in result.output.mvp_features]
    assert not [name for name in names if _FRAGMENT.reason(name)], names
    assert any(name.startswith("Remind") and "cancelled" in name for name in names), names
    assert any(name.startswith("Remind") and "day before" in name for name in names), names
