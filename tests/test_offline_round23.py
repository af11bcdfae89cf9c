"""Round 23 of the offline engine: classes found with held-out set 22 (written and measured before the round) and the
last round's leftovers.

Every sentence here is written for the class, unlike the held-out founders' own: the rules must hold for the kind of
sentence, not for one founder's words.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract

# -- a label's word stays when the value only judges it ("Budget is small, maybe 5k shillings") -------------------


@pytest.mark.parametrize(("said", "asked", "aspect", "kept"), [
    ("Budget is small, maybe 5k shillings", "constraints", "constraints", "small budget"),
    ("The timeline's tight, six weeks at most", "constraints", "constraints", "tight timeline"),
    ("Deadline is firm: the regatta on 14 June", "constraints", "constraints", "firm deadline"),
    ("budget: very limited, a few hundred quid", "constraints", "constraints", "very limited budget"),
    ("Pricing is cheap, like R40 a month per shop", "revenue_model", "revenue_model", "cheap pricing"),
    ("the timeline is flexible", "constraints", "constraints", "flexible timeline"),
])
def test_a_judgment_under_a_label_keeps_the_word_it_judges(said: str, asked: str, aspect: str, kept: str) -> None:
    value = getattr(extract(DiscoverySummary(), said, asked), aspect).lower()
    # The judgment and the thing it judges are both kept, however they were said.
    assert all(word in value for word in kept.split()), value


@pytest.mark.parametrize(("said", "value"), [
    ("Budget is 5k shillings", "5k shillings"),
    ("Budget is smallholders' own money, about 3k", "smallholders' own money, about 3k"),
    ("Timeline: six weeks, the two of us", "six weeks, the two of us"),
])
def test_a_label_whose_value_stands_alone_is_not_given_its_word(said: str, value: str) -> None:
    assert extract(DiscoverySummary(), said, "constraints").constraints == value


# -- money the users pay each other or save is not our revenue --------------------------------------------------------

@pytest.mark.parametrize("pitch", [
    "I look after a savings group in Kisii: each member saves 200 shillings a week into the group account and the ledger is a mess",
    "Our five-a-side lot all chip in $10 a month to the pot for pitch hire, and I'm always chasing the money",
    "The families on our street pool R150 each towards the transport fund for the school run, and the records are on paper",
    "Me and eleven other mums run a susu: everyone contributes GH₵ 50 a week and one of us takes the lot each month",
])
def test_money_the_users_put_in_a_pot_of_their_own_is_not_the_revenue(pitch: str) -> None:
    summary = extract(DiscoverySummary(), pitch, "")
    assert not summary.revenue_model, summary.revenue_model


@pytest.mark.parametrize(("said", "figure"), [
    ("Each group would pay us 300 shillings a month for the app", "300"),
    ("We'd charge the chama KSh 1,000 a month", "1,000"),
    ("Teams pay £5 a week for the booking service", "£5"),
])
def test_money_paid_to_us_is_still_the_revenue(said: str, figure: str) -> None:
    assert figure in extract(DiscoverySummary(), said, "revenue_model").revenue_model


def test_forgetting_to_pay_is_no_price() -> None:
    summary = extract(DiscoverySummary(), "The flat splits the bills and somebody always forgets to pay", "")
    assert not summary.revenue_model
