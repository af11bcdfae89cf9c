"""Round 20 of the offline engine: classes found with held-out set 19 (written and measured before the round) and the
last round's leftovers.

Every sentence here is written for the class, unlike the held-out founders' own: the rules must hold for the kind of
sentence, not for one founder's words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.product.brains.offline.discovery.text import is_vague, txt_words
from pmtui.product.brains.offline.scoping.requests import parse_requests
from tests.fixtures.offline_talk import interview

ROWS = ["Seat map", "Loyalty stamps", "Gift vouchers", "Waiting list", "Staff rota", "Reminder text", "Photo gallery",
        "Price list", "Weekly report", "Deposit"]


def _asks(text: str) -> list[tuple[str, str]]:
    return [(r.kind, r.what.lower()) for r in parse_requests(text, ROWS)]


# -- a degree adverb after a cut is how much, never a row ------------------------------------------------------------

@pytest.mark.parametrize(("said", "what"), [
    ("The vouchers can wait, and the photo gallery I'd cut entirely, nobody looks at it.", "photo gallery"),
    ("the loyalty stamps we can scrap completely", "loyalty stamps"),
    ("the weekly report I would totally remove", "weekly report"),
    ("honestly the price list we could ditch altogether", "price list"),
    ("drop the staff rota for good", "staff rota"),
])
def test_how_much_is_cut_names_no_row(said: str, what: str) -> None:
    asked = _asks(said)
    assert ("cut", what) in asked, asked
    words = {"entirely", "completely", "totally", "altogether", "for good"}
    assert not [w for _, w in asked if w in words], asked


@pytest.mark.parametrize(("said", "what"), [
    ("the seat map I'd drop entirely, customers just sit anywhere", "seat map"),
    ("cut the gift vouchers, people buy them at the till", "gift vouchers"),
    ("drop the photo gallery, the members never open it", "photo gallery"),
])
def test_people_doing_something_after_a_cut_is_its_reason_not_another_row(said: str, what: str) -> None:
    asked = _asks(said)
    assert asked == [("cut", what)], asked


def test_a_list_after_a_cut_still_cuts_every_row() -> None:
    assert _asks("cut the seat map, the staff rota and the price list") == [
        ("cut", "seat map"), ("cut", "staff rota"), ("cut", "price list")]


# -- a nod or a no before a request is no part of the row's name ------------------------------------------------------

@pytest.mark.parametrize(("said", "kind", "what"), [
    ("nah the loyalty stamps are pointless, bin them", "cut", "loyalty stamps"),
    ("naw the gift vouchers can wait", "defer", "gift vouchers"),
    ("nope, the weekly report can wait till spring", "defer", "weekly report"),
    ("the reminder text, nah leave it for later", "defer", "reminder text"),
])
def test_a_no_before_the_row_is_no_part_of_it(said: str, kind: str, what: str) -> None:
    assert (kind, what) in _asks(said), _asks(said)


# -- Phase 1 said many ways -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "what"), [
    # The verb of putting said casually.
    ("the waiting list, bung it in phase 1, that's what people ask for", "waiting list"),
    ("pop the deposit into the first version please", "deposit"),
    ("stick the staff rota in v1", "staff rota"),
    # "to the top" with the verb left out.
    ("Waiting list to the top.", "waiting list"),
    ("the seat map to the front of the list please", "seat map"),
    # "wants to be" / "ought to be" for "needs to be"; the first go, part, bit or stage is the first phase.
    ("the deposit really wants to be in phase 1", "deposit"),
    ("the reminder text ought to be in the first stage", "reminder text"),
    ("could the weekly report come in the first bit?", "weekly report"),
    ("put the gift vouchers in the first go", "gift vouchers"),
])
def test_phase_one_said_in_other_words_promotes(said: str, what: str) -> None:
    assert ("promote", what) in _asks(said), _asks(said)


@pytest.mark.parametrize(("said", "what"), [
    # The row, a nod to it, then only the place: the verb is left out.
    ("the staff rota, that's the big one, top of the list", "staff rota"),
    ("the deposit, phase 1 please", "deposit"),
    ("the seat map, it's the main thing, first", "seat map"),
    ("the waiting list. up the top", "waiting list"),
])
def test_a_row_then_only_where_it_goes_promotes_it(said: str, what: str) -> None:
    assert ("promote", what) in _asks(said), _asks(said)


@pytest.mark.parametrize("said", ["no, phase 1 please", "ok, first", "we need the staff rota, first"])
def test_a_place_after_a_nod_or_a_request_promotes_no_row_named_by_the_nod(said: str) -> None:
    assert not [w for k, w in _asks(said) if k == "promote" and w in ("no", "ok", "we need the staff rota")], _asks(said)


# -- answers that answer nothing --------------------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    # The choice handed back to the PM.
    "Whatever you reckon is best.",
    "Honestly, I'll leave that up to you.",
    "your call really",
    "you tell me, you're the expert",
    # No reason, never thought about it, "not a lot".
    "No real reason, to be honest.",
    "nothing in particular",
    "I haven't properly thought about it yet",
    "Not a lot, I'm afraid.",
    # A mess with nothing named as messy.
    "It all gets a bit chaotic, I suppose.",
    "things are just all over the place",
])
def test_sentences_that_answer_nothing_are_vague(said: str) -> None:
    assert is_vague(said)


@pytest.mark.parametrize("said", [
    "Rotas are all over the place because three people edit the spreadsheet",
    "whatever the members vote for at the AGM",
    "No particular reason, except the grant closes in March",
    "Invoicing is a nightmare every month end",
    "It's hard to find a locum at short notice",
])
def test_a_real_answer_with_a_shrug_in_it_is_not_vague(said: str) -> None:
    assert not is_vague(said)


# -- "my cuz" is a cousin ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "expected"), [
    ("me n my cuz, evenings, 10 wks", "me and my cousin, evenings, 10 wks"),
    ("his cuzzie builds websites", "his cousin builds websites"),
    ("our cuz can do the design", "our cousin can do the design"),
    ("late again cuz the bus broke down", "late again because the bus broke down"),
])
def test_a_cuz_after_my_his_or_our_is_a_cousin(said: str, expected: str) -> None:
    assert txt_words(said) == expected


# -- a count of the users said anywhere is the reach ------------------------------------------------------------------

_ANSWERS = {
    "core_problem": "nobody knows who is bringing what, so we end up with six quiches and no drinks",
    "current_alternatives": "a facebook group and a clipboard at the door",
    "why_now": "the hall committee wants a headcount before each event from january",
    "feature_wishlist": "a sign-up for each event, a list of who brings what, a reminder the day before",
    "success_metric": "no event short of drinks or mains for a whole season",
    "revenue_model": "free, it's a community thing",
    "constraints": "just me, evenings, about 6 weeks",
}


@pytest.mark.parametrize(("opening", "who", "reach", "quoted"), [
    # The count said in the pitch, the users named later without one.
    ("I organise the bring-and-share lunches at our village hall, we have 85 members and it's chaos every month",
     "mostly the members who cook", 85, "85 members"),
    # The count is of the people the users answer for: children, for their parents.
    ("I help run a holiday club with about 64 kids from four primary schools and the food rota is a mess",
     "the parents who drop them off and pay for the lunches", 64, "64 kids"),
])
def test_a_count_said_in_the_pitch_is_the_reach_and_says_where(
        tmp_path: Path, opening: str, who: str, reach: int, quoted: str) -> None:
    _replies, state = interview(tmp_path, opening, {"target_user": who, **_ANSWERS})
    scope = state.scoping_output
    assert scope is not None
    assert max(f.rice_reach for f in scope.mvp_features) == reach
    reasons = [f.provenance["reach"].reason for f in scope.mvp_features if "reach" in f.provenance]
    assert any(quoted in r and "in your first message" in r for r in reasons), reasons


def test_a_count_of_a_thing_the_users_are_named_with_is_no_reach(tmp_path: Path) -> None:
    # "4 rounds" shares a word with "postmen on early rounds" but counts no one.
    _replies, state = interview(tmp_path, "an app for postmen to log dog bites on their rounds",
                                {"target_user": "postmen on early rounds in town", **_ANSWERS,
                                 "success_metric": "half of the postmen log a bite report within 4 rounds"})
    scope = state.scoping_output
    assert scope is not None
    assert all(f.rice_reach >= 100 for f in scope.mvp_features), [(f.name, f.rice_reach) for f in scope.mvp_features]


def test_a_count_of_something_else_in_the_pitch_is_no_reach(tmp_path: Path) -> None:
    # Four schools, three vans: counts of places and things, not of the users.
    _replies, state = interview(tmp_path, "we run 3 vans between 4 schools and the pickup rota is a mess",
                                {"target_user": "the parents", **_ANSWERS})
    scope = state.scoping_output
    assert scope is not None
    assert all(f.rice_reach not in (3, 4) and f.rice_reach >= 100 for f in scope.mvp_features)


# -- a wishlist with one wish put off is an answer, not a note on the scope -------------------------------------------

def test_wishes_beside_a_deferral_are_an_answer_not_a_scope_note() -> None:
    from pmtui.product.brains.offline.discovery.asides import aside_kind

    said = ("Members book a court from their phone, see who else is playing, and get a text if it rains off. "
            "A ladder league would be fun as well, but honestly nobody has asked, so leave that for later.")
    assert aside_kind(said) == ""
    # A note that edits the list, or says only what waits, is still a note on the scope.
    assert aside_kind("take out the chat and the badges, those aren't features. the league can wait") == "scope_note"
    assert aside_kind("the ladder league can wait, move the text to phase 2") == "scope_note"


@pytest.mark.parametrize(("said", "wishes"), [
    (("a sign-in sheet, a first-aid log, and maybe a kit list too, although the coaches keep one already, "
      "so leave that for later"), ["Sign-in sheet", "First-aid log", "Kit list (nice to have)"]),
    ("a price list and a photo of each cake, but most people order by phone, so park it for now",
     ["Price list", "Photo of each cake (nice to have)"]),
])
def test_the_reason_a_wish_waits_is_no_wish(said: str, wishes: list[str]) -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items

    assert feature_items(said) == wishes


@pytest.mark.parametrize("said", [
    "two minibuses, three drivers, about 60 stops a week, a couple of depots",
    "a dozen volunteers, one kitchen, a few church halls",
])
def test_a_list_of_what_the_founder_has_is_no_wishlist(said: str) -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items

    assert feature_items(said) == []


def test_a_wishlist_with_counts_in_it_is_still_a_wishlist() -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_items

    assert feature_items("two reminders a day, a booking page, a deposit") == [
        "Two reminders a day", "Booking page", "Deposit"]


@pytest.mark.parametrize(("who", "name"), [
    ("dog owners on the estate; a couple of hundred regulars on the list", "your users"),
    ("a couple of dozen allotment holders", "allotment holders"),
    ("a handful of physios", "physios"),
])
def test_a_couple_of_is_how_many_never_who(who: str, name: str) -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery.text import persona_name

    assert persona_name(DiscoverySummary(target_user=who)) == name


# -- a yes whose correction finds nothing on the card to correct ------------------------------------------------------

@pytest.mark.parametrize(("said", "confirmed"), [
    ("Yep, spot on, though it's 18 allotments, not 16, in case I got that wrong", True),
    ("Correct. It's nine volunteers, not seven, if that matters.", True),
    # The card does say 6 weeks: that is a correction to make.
    ("yes, but it's 8 weeks not 6", False),
    # Something named as wrong is a correction, whatever the numbers.
    ("yes but the who is wrong, not 30 people, it's the wardens", False),
    ("no, 18 allotments not 16", False),
])
def test_a_yes_with_nothing_on_the_card_to_correct_confirms(said: str, confirmed: bool) -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery import nothing_to_fix

    card = DiscoverySummary(target_user="plot holders on the waiting list", core_problem="nobody knows who is next",
                            constraints="me, evenings, 6 weeks", revenue_model="free")
    assert nothing_to_fix(said, card) is confirmed


def test_a_though_closing_the_row_name_is_no_verb() -> None:
    assert ("promote", "reminder text") in _asks("The reminder text though, I'd bring that into phase 1, it saves calls.")


@pytest.mark.parametrize("said", [
    "I'd say about 90 members came to at least one session last year.",
    "We ran around 140 bookings this year, mostly in summer.",
])
def test_how_many_there_were_last_year_is_no_why_now(said: str) -> None:
    from pmtui.product.brains.offline.discovery.clues import detect

    assert "why_now" not in detect(said, said, False)


@pytest.mark.parametrize("said", [
    "Bookings doubled since last year and the paper diary can't cope.",
    "The county changed the licensing rules last year.",
])
def test_a_change_said_with_last_year_is_still_why_now(said: str) -> None:
    from pmtui.product.brains.offline.discovery.clues import detect

    assert "why_now" in detect(said, said, False)


def test_a_pivot_story_with_a_later_in_it_is_no_wishlist_answer() -> None:
    from pmtui.product.brains.offline.discovery.asides import aside_kind

    said = ("Actually, let me change direction. I talked to the club secretary and the members aren't the problem, she "
            "needs to track court fees, lights and the key box for the committee. The public booking page could come "
            "later, but probably not.")
    assert aside_kind(said) == "scope_note"


@pytest.mark.parametrize(("said", "what"), [
    ("The waiting list one, I'd actually like that up in phase 1 as well, people keep asking.", "waiting list one"),
    ("we'd love the deposit in v1", "deposit"),
    ("I'd prefer the staff rota in the first version", "staff rota"),
])
def test_liking_a_row_in_phase_one_promotes_it(said: str, what: str) -> None:
    assert ("promote", what) in _asks(said), _asks(said)


@pytest.mark.parametrize("said", [
    "We looked at one of the big booking systems and it was about $90 a month, way too much for us.",
    "we used a rota app for a while, they were like £40 a month so we stopped",
])
def test_what_a_tool_they_tried_cost_is_not_their_pricing(said: str) -> None:
    from pmtui.product.brains.offline.discovery.clues import detect

    assert "revenue_model" not in detect(said, said, False)


def test_a_price_they_will_charge_is_still_their_pricing() -> None:
    from pmtui.product.brains.offline.discovery.clues import detect

    said = "it will be £4 a month per member, paid by direct debit"
    assert "revenue_model" in detect(said, said, False)


# -- a wish said by what it does is named by the doing ----------------------------------------------------------------

@pytest.mark.parametrize(("said", "name"), [
    ("the thing that buzzes the warden when a plot frees up", "Buzz the warden"),
    ("something that emails the committee the weekly totals", "Email the committee the weekly totals"),
    ("one that flags overdue fees", "Flag overdue fees"),
    ("the bit where the coach ticks who turned up", "Coach ticks who turned up"),
])
def test_a_wish_said_by_what_it_does_is_named_by_the_doing(said: str, name: str) -> None:
    from pmtui.product.brains.offline.scoping.terms import short_name

    assert short_name(said) == name


def test_a_row_added_by_paraphrase_in_argue_back_is_named_by_the_doing(tmp_path: Path) -> None:
    _replies, state = interview(tmp_path, "I run a youth football club with about 80 players and the subs are chaos",
                                {"target_user": "the parents of the players", **_ANSWERS},
                                then=("add the thing that texts the parents when training is called off",))
    scope = state.scoping_output
    assert scope is not None
    names = [f.name for f in scope.mvp_features]
    assert "Text the parents" in names, names
    assert not [n for n in names if n.lower().startswith(("thing", "something", "the thing"))], names


# -- counts said with an idiom are numbers ----------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "digits"), [
    ("about three dozen plot holders", "about 36 plot holders"),
    ("a dozen volunteers on the rota", "12 volunteers on the rota"),
    ("half a dozen vans", "6 vans"),
    ("a score of them every week", "20 of them every week"),
    # "the score" of a game is no number.
    ("the score of each match", "the score of each match"),
])
def test_a_count_said_with_an_idiom_reads_as_its_number(said: str, digits: str) -> None:
    from pmtui.product.brains.offline.discovery.numbers import in_digits

    assert in_digits(said)[0] == digits


def test_a_correction_of_an_idiomatic_count_puts_the_new_number_in_its_place() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery.asides import number_correction

    card = DiscoverySummary(target_user="tenants of the block, around three dozen flats", constraints="6 weeks")
    assert number_correction(card, "sorry, correction, it's 41 flats not three dozen, I checked the list") == (
        "target_user", "tenants of the block, around 41 flats")


def test_a_corrected_count_the_card_never_kept_is_filed_with_the_users() -> None:
    from pmtui.models import DiscoverySummary
    from pmtui.product.brains.offline.discovery.asides import number_correction

    card = DiscoverySummary(target_user="households on our street", constraints="6 weeks")
    assert number_correction(card, "sorry, correction: it's 31 households not three dozen, I counted") == (
        "target_user", "households on our street with 31 households")
