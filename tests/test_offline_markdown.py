"""A founder who writes the way a chat model writes (stop 30): Markdown emphasis, labels in bold, a list typed on one
line after a label, "Top priorities, in order: 1. **Name** — what it means …", "Nice to have: …", "Definitely not
now: …". A large-animal vet's answers, sent one message a line as `pmtui chat` takes them, were read with the bold
marks as words ("**Who it's for:**" was who it is for), her ranked list was today's way, each item's explanation
split into wishes of its own ("Rough day", "Meds given"), and "Can we swap the reminders for payments? … right now"
confirmed the card. Every sentence here is written for the class, unlike hers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.extract import extract
from pmtui.product.brains.offline.discovery.labelled_lists import labelled_lists
from pmtui.product.brains.offline.discovery.review import classify_review
from pmtui.product.markdown_text import plain
from pmtui.product.rice import NICE_TO_HAVE_MARK, WAITS_MARK
from tests.fixtures.offline_talk import interview, talk

STARTED = DiscoverySummary(target_user="parents of the under-9s team", core_problem="nobody knows who is driving to "
                           "away games until Saturday morning")


@pytest.mark.parametrize(("written", "said"), [
    ("**Users:** parents and coaches", "Users: parents and coaches"),
    ("It must be __really__ simple and *fast*", "It must be really simple and fast"),
    ("## The problem\nPaper sign-up sheets", "The problem\nPaper sign-up sheets"),
    ("> we use a `Google Form` today", "we use a Google Form today"),
    ("see [Teamsnap](https://www.teamsnap.com) for the idea", "see Teamsnap for the idea"),
    ("~~payments~~ not yet", "payments not yet"),
])
def test_markdown_reads_as_its_words(written: str, said: str) -> None:
    assert plain(written) == said


@pytest.mark.parametrize("text", [
    "about 5 * 3 hours a week", "the kit_list and the team_sheet", "it's for parents - mostly the mums",
    "Plain answer with no marks at all.", "2-3 coaches, 40-odd kids",
])
def test_text_with_no_markdown_comes_back_as_it_was(text: str) -> None:
    assert plain(text) == text


def test_a_list_typed_on_one_line_after_a_label_is_one_line_per_item() -> None:
    assert plain("**Who uses it:** - Parents who drive - The two coaches - The club secretary").split("\n") == [
        "Who uses it:", "- Parents who drive", "- The two coaches", "- The club secretary"]


def test_a_headed_ranked_list_is_the_wishlist_whatever_was_asked_each_item_named_by_its_name() -> None:
    answer = plain("Must-haves, in order: 1. **Lift sign-up** — a parent offers seats, the day and the pick-up point "
                   "2. **Squad list** — who's playing, who's injured 3. **Kit rota**: whose turn to wash the shirts")
    result = extract(STARTED, answer, "current_alternatives")
    names = [item.split(" (")[0] for item in result.feature_wishlist]
    assert names == ["Lift sign-up", "Squad list", "Kit rota"], result.feature_wishlist
    assert not result.current_alternatives, result


def test_headed_nice_to_haves_and_things_for_later_are_marked_so() -> None:
    answer = ("Core features: lift sign-up, squad list. Would be nice: photos from the match. Out of scope: a club "
              "shop with payments.")
    result = extract(STARTED, answer, "feature_wishlist")
    marked = {item.split(" (")[0]: item for item in result.feature_wishlist}
    assert NICE_TO_HAVE_MARK in marked["Photos from the match"], result.feature_wishlist
    assert WAITS_MARK in marked["Club shop with payments"], result.feature_wishlist
    assert NICE_TO_HAVE_MARK not in marked["Lift sign-up"] and WAITS_MARK not in marked["Lift sign-up"]


@pytest.mark.parametrize(("answer", "aspect", "value"), [
    ("Current setup: a WhatsApp group and a paper list on the clubhouse door.", "current_alternatives",
     "a WhatsApp group and a paper list on the clubhouse door"),
    ("Status quo: the coach rings round on Friday night.", "current_alternatives", "the coach rings round on Friday night"),
    ("Success looks like: every away game has its lifts sorted by Thursday.", "success_metric",
     "every away game has its lifts sorted by Thursday"),
])
def test_an_answer_led_by_a_label_goes_where_the_label_says_without_it(answer: str, aspect: str, value: str) -> None:
    result = extract(STARTED, answer, "why_now")
    assert getattr(result, aspect) == value, result


def test_a_heading_with_nothing_under_it_is_left_to_the_extractor() -> None:
    text = "Features: lift sign-up and a squad list"
    assert labelled_lists(text) == text


@pytest.mark.parametrize("answer", [
    "Could we swap the squad list for a kit rota? The kit thing is what parents moan about right now.",
    "Can you put the coaches in as users as well?",
    "switch the photos to later please",
])
def test_a_change_asked_of_the_card_is_no_yes(answer: str) -> None:
    assert classify_review(answer) == "REVISE"


@pytest.mark.parametrize("answer", ["Yep! Can we get started?", "Looks right. Could we move on?", "yes, can we go ahead"])
def test_a_yes_asking_to_go_on_is_still_a_yes(answer: str) -> None:
    assert classify_review(answer) == "CONFIRM"


def test_a_founder_writing_markdown_gets_the_card_a_plain_founder_gets(tmp_path: Path) -> None:
    """The same interview typed plainly and written as a chat model writes it, one message a line: the same people,
    the same wishes by name, the same limits."""
    opening = ("Hi! **The idea:** an app for our junior football club to sort out lifts to away games. I'm the club "
               "secretary in Ballymena.")
    marked = {
        "target_user": "**Who it's for:** - Parents of the under-9s and under-11s — about 60 families - The four "
                       "volunteer coaches",
        "core_problem": "**The problem:** nobody knows who is driving until Saturday morning, and kids get left behind.",
        "current_alternatives": "**Current setup:** a WhatsApp group and a paper list on the clubhouse door.",
        "feature_wishlist": "Top priorities: 1. **Lift sign-up** — a parent offers seats and the pick-up point "
                            "2. **Squad list** — who's playing this week 3. **Reminders** — the night before. "
                            "Nice to have: match photos. Definitely not now: a club shop.",
        "success_metric": "**Success looks like:** every away game has its lifts sorted by Thursday night.",
        "why_now": "**Why now?** The new season starts in September with two more away leagues.",
        "constraints": "**Constraints:** just me, evenings, about 5 hours a week; it has to work on any phone.",
        "revenue_model": "**Revenue:** free for the club; we might ask other clubs for a small fee later.",
    }
    plain_answers = {aspect: plain(text) for aspect, text in marked.items()}
    _, written = interview(tmp_path, opening, marked, project="marked")
    _, typed = interview(tmp_path, plain(opening), plain_answers, project="typed")
    card = written.discovery_summary
    assert card == typed.discovery_summary
    assert "**" not in " ".join(card.value_text(aspect) for aspect in card.model_fields), card
    assert "Parents of the under-9s" in card.target_user and "coaches" in card.target_user, card
    names = [item.split(" (")[0] for item in card.feature_wishlist]
    assert names[:3] == ["Lift sign-up", "Squad list", "Reminders"], card.feature_wishlist
    assert any(NICE_TO_HAVE_MARK in item and "photos" in item.lower() for item in card.feature_wishlist), card
    assert any(WAITS_MARK in item and "club shop" in item.lower() for item in card.feature_wishlist), card
    assert card.current_alternatives.startswith("a WhatsApp group"), card
    assert card.success_metric.startswith("every away game"), card


@pytest.mark.parametrize(("opening", "quoted"), [
    ("Hello! Could you help me scope out a new app? **My idea:** a lift-sharing board for our junior football club.",
     "a lift-sharing board for our junior football club"),
    ("I need help planning my first product. Pitch — an order book for a two-person upholstery workshop.",
     "an order book for a two-person upholstery workshop"),
])
def test_help_asked_of_the_pm_is_no_pitch_and_the_idea_s_label_is_no_part_of_it(tmp_path: Path, opening: str,
                                                                                 quoted: str) -> None:
    replies, _ = talk(tmp_path, opening)
    assert f'"{quoted}"' in replies[0], replies[0]


def test_a_label_over_a_list_is_acknowledged_once_and_the_users_named_without_their_brackets(tmp_path: Path) -> None:
    replies, summary = talk(tmp_path, "A rota app for our community choir in Cork.",
                            "**Who it's for:** - Singers (mostly retired, 40-odd of them) - The two section leaders")
    assert "Noted" not in replies[1] and "Who it's for:\"" not in replies[1], replies[1]
    assert "(mostly retired" not in replies[1].split(".")[-1], replies[1]
    assert "Singers" in summary.target_user and "section leaders" in summary.target_user, summary


@pytest.mark.parametrize("text", ["Budget: - not much, maybe 2k", "**Budget:** - not much"])
def test_one_item_after_a_label_stays_on_its_line(text: str) -> None:
    assert "\n" not in plain(text)


@pytest.mark.parametrize(("wish", "check"), [
    ("Lift offers (seats free/pick-up point/time)", ("A user can add lift offers (seats free, pick-up point and time) from "
     "the app and sees the result saved")),
    ("Match reports (score/scorers)", "The app shows the match reports (score and scorers)"),
])
def test_a_wish_named_with_its_detail_reads_as_a_sentence_in_the_plan(wish: str, check: str) -> None:
    """A wish written "Name — what it means" keeps its detail in brackets, its parts joined with slashes: the plan's
    criterion says them as English, and a plural name takes no "a" ("A user can add an online visit requests (…/…)")."""
    from pmtui.product.plan_checks import thing_check

    assert thing_check(wish) == check
