"""Row names that are capabilities, not pieces of the founder's sentence (pmtui.product.capability_names, hooked into
the scoping's row names: scoping/terms.short_name and scoping/derive), on sentences unlike the eval's."""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.scoping.derive import derive
from pmtui.product.brains.offline.scoping.terms import short_name
from pmtui.product.capability_names import capability_name
from pmtui.product.plan_quality import FragmentTitle


@pytest.mark.parametrize(("name", "said", "mended"), [
    ("Board that lists boats that are", "Board that lists boats that are out today",
     "Board that lists boats that are out today"),
    ("Board that lists boats that are", "Board that lists boats that are out on the loch today and back by six",
     "Board that lists boats that are out"),
    ("Log of how many eggs each", "Log of how many eggs each hen laid this week in the top coop for the vet",
     "Log of how many eggs each hen"),
    ("Fill in the form online, not", "", "Fill in the form online"),
    ("Or the seed swaps in one list", "", "The seed swaps in one list"),
    ("Chalkboard saying", "", "Chalkboard"),
    ("No double-parked vans", "", "Prevent double-parked vans"),
    ("No coriander", "", "Exclude coriander"),
    ("Kiln shelf rota", "", "Kiln shelf rota"),
    ("Reserve", "", "Reserve"),  # a lone verb: nothing to mend it with
    ("Who pays", "", "Who pays"),  # without its "who" a clause says something else
    ("When the ferry's late", "", "When the ferry's late"),
])
def test_a_fragment_is_mended_by_its_class(name: str, said: str, mended: str) -> None:
    assert capability_name(name, said) == mended


def test_a_wish_cut_at_six_words_is_named_by_a_cut_that_is_no_fragment() -> None:
    """short_name cut "a board saying which moorings are free tonight at high tide" after "saying"."""
    name = short_name("a board saying which moorings are free tonight at high tide")
    assert FragmentTitle().reason(name) == ""
    assert name.startswith("A board saying which moorings")


def test_a_derived_row_never_ends_on_the_word_its_template_was_cut_at() -> None:
    """The rule "{verb} in the app, not on paper" cut at six words was "Approve in the app, not"; "Keep track of
    {obj}" with the founder's "which hive we" kept the dangling subject."""
    summary = DiscoverySummary(core_problem="the wardens count the nesting terns by hand, and we forget which cove we "
                                            "checked last")
    names = [found.name for found in derive(summary)]
    assert names, names
    assert all(FragmentTitle().reason(name) == "" for name in names), names
