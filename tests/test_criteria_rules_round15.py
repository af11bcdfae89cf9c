"""Round 15 rules of the plan-alignment matcher: the classes of held-out 19's false passes (schedules at another
time, values taken or computed and never used, helpers of a test file), fixed by what a line does, not by a sentence.

Each rule is shown on a (criterion, change) pair of its own, written for the class and unlike held-out 19's cases:
the change that does what the criterion asks is mapped, the near miss an agent writes is not. The earlier rounds'
rules are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.schedules import code_schedules, runs_at_another_time, stated_time
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a schedule at another time of day or on another day -----------------------------------------------------------
_CRONTAB = "# m h dom mon dow  command\n{when} /usr/local/bin/rotate-invoices --archive\n"


def test_a_cron_line_runs_at_the_criterion_s_time(tmp_path: Path) -> None:
    criterion = "Invoices are archived every Friday at 22:30"
    assert maps(tmp_path / "right", criterion, {"deploy/crontab": _CRONTAB.format(when="30 22 * * 5")})
    # minute and hour swapped, and the day of the week a day early
    assert not maps(tmp_path / "swapped", criterion, {"deploy/crontab": _CRONTAB.format(when="22 30 * * 5")})
    assert not maps(tmp_path / "thursday", criterion, {"deploy/crontab": _CRONTAB.format(when="30 22 * * 4")})


def test_schedules_are_read_in_their_several_forms() -> None:
    assert stated_time("the backup starts at 11pm") == (23, 0)
    assert stated_time("reports go out at 07:45 sharp") == (7, 45)
    assert stated_time("every night at midnight") == (0, 0)
    assert stated_time("keeps 12 months of data") is None
    quartz = code_schedules('@Scheduled(cron = "0 45 7 * * MON-FRI")')
    assert quartz[0].hours == {7} and quartz[0].minutes == {45} and quartz[0].days == {1, 2, 3, 4, 5}
    assert not runs_at_another_time("reports go out at 07:45 on Wednesdays", '@Scheduled(cron = "0 45 7 * * MON-FRI")')
    assert runs_at_another_time("reports go out at 07:45 on Sundays", '@Scheduled(cron = "0 45 7 * * MON-FRI")')
    assert not runs_at_another_time("the backup starts at 11pm", 'sched.add_job(backup, "cron", hour=23)')
    assert runs_at_another_time("the backup starts at 11pm", 'sched.add_job(backup, "cron", hour=11)')
    assert not runs_at_another_time("the backup starts at 11pm", "x = 2 * 3 * 4 * 5 * 6")  # no schedule: no say


# -- a value taken, stored or computed and never used --------------------------------------------------------------
_NOTIFIER = '''class ShipmentNotifier:
    """Tells the buyer when a parcel ships."""

    def __init__(self, mailer, sms_gateway, templates):
        self.mailer = mailer
        self.sms_gateway = sms_gateway
        self.templates = templates

    def parcel_shipped(self, parcel):
        body = self.templates.render("shipped", parcel=parcel)
        self.mailer.send(parcel.buyer.email, "Your parcel is on its way", body)
{extra}'''


def test_a_collaborator_stored_and_never_used_is_no_evidence(tmp_path: Path) -> None:
    criterion = "When a parcel ships the buyer also gets a text message through the SMS gateway"
    extra = "        self.sms_gateway.send(parcel.buyer.phone, body)\n"
    assert maps(tmp_path / "right", criterion, {"shop/notify.py": _NOTIFIER.format(extra=extra)})
    # the gateway is injected and stored, and nothing sends through it
    assert not maps(tmp_path / "stored", criterion, {"shop/notify.py": _NOTIFIER.format(extra="")})


_CLEAR = '''from flask import Blueprint, redirect, session

bp = Blueprint("account", __name__)


@bp.post("/account/sign-out")
def sign_out():
    resp = redirect("/")
{body}    return resp
'''


def test_a_name_imported_and_never_used_is_no_evidence(tmp_path: Path) -> None:
    criterion = "Signing out clears the session"
    assert maps(tmp_path / "right", criterion, {"web/account.py": _CLEAR.format(body="    session.clear()\n")})
    # `session` imported, a cookie of another name deleted
    wrong = '    resp.delete_cookie("remember_me")\n'
    assert not maps(tmp_path / "imported", criterion, {"web/account.py": _CLEAR.format(body=wrong)})


_FEED = '''def feed_page(db, before_ts, size=30):
    posts = db.fetch_posts(before=before_ts, limit=size + 1)
    {computed}
    posts = posts[:size]
    return {{"posts": posts, "older": posts[-1].ts if {test} else None}}
'''


def test_a_condition_computed_and_never_read_decides_nothing(tmp_path: Path) -> None:
    criterion = "The feed's older cursor is null on the last page"
    right = _FEED.format(computed="more = len(posts) > size", test="more")
    assert maps(tmp_path / "right", criterion, {"social/feed.py": right})
    # `more` computed, then the old test on the page itself
    wrong = _FEED.format(computed="more = len(posts) > size", test="posts")
    assert not maps(tmp_path / "unread", criterion, {"social/feed.py": wrong})


_FAKE_GATEWAY = """from shop.notify import ShipmentNotifier


class FakeSmsGateway:
    def __init__(self):
        self.sent = []

    def send(self, phone, body):
        self.sent.append((phone, body))


def test_shipped_parcel_texts_the_buyer_through_the_sms_gateway(parcel, mailer, templates):
    gateway = FakeSmsGateway()
    ShipmentNotifier(mailer, gateway, templates).parcel_shipped(parcel)
    assert gateway is not None
"""


def test_a_fake_in_a_test_file_is_not_the_code_it_stands_for(tmp_path: Path) -> None:
    criterion = "When a parcel ships the buyer also gets a text message through the SMS gateway"
    extra = "        self.sms_gateway.send(parcel.buyer.phone, body)\n"
    assert maps(tmp_path / "right", criterion, {"shop/notify.py": _NOTIFIER.format(extra=extra),
                                                "tests/test_notify.py": _FAKE_GATEWAY})
    # the test's fake gateway sends; the notifier stores the real one and never uses it
    assert not maps(tmp_path / "fake", criterion, {"shop/notify.py": _NOTIFIER.format(extra=""),
                                                   "tests/test_notify.py": _FAKE_GATEWAY})


# -- an offset on the other side of its event, a time still to come, a rate over another window -------------------
_DUE = ("from datetime import timedelta\n\nGRACE = timedelta(days=3)\n\n\n"
        "def overdue_notice_date(invoice):\n    return invoice.due_on {op} GRACE\n")


def test_an_offset_after_an_event_is_added_to_it(tmp_path: Path) -> None:
    criterion = "An overdue notice is sent 3 days after the invoice due date"
    assert maps(tmp_path / "right", criterion, {"billing/dunning.py": _DUE.format(op="+")})
    # three days before the due date: a reminder, not an overdue notice
    assert not maps(tmp_path / "before", criterion, {"billing/dunning.py": _DUE.format(op="-")})


_EMBARGO = ("from datetime import datetime, timezone\n\n\ndef visible_press_releases(releases):\n"
            "    now = datetime.now(timezone.utc)\n    return [r for r in releases if r.embargo_until {op} now]\n")


def test_a_time_that_has_passed_is_at_or_before_now(tmp_path: Path) -> None:
    criterion = "Press releases become visible once their embargo_until time has passed"
    assert maps(tmp_path / "right", criterion, {"press/listing.py": _EMBARGO.format(op="<=")})
    # shows the ones still under embargo
    assert not maps(tmp_path / "future", criterion, {"press/listing.py": _EMBARGO.format(op=">")})


_THROTTLE = ("import time\n\nMAX_SMS = 5\nHOUR_WINDOW = {window}\n_sent = {{}}\n\n\n"
             "def may_send_sms(phone):\n    now = time.time()\n"
             "    recent = [t for t in _sent.get(phone, []) if now - t < HOUR_WINDOW]\n"
             "    if len(recent) >= MAX_SMS:\n        return False\n"
             "    _sent[phone] = recent + [now]\n    return True\n")


def test_a_rate_is_counted_over_its_unit_of_time(tmp_path: Path) -> None:
    criterion = "At most 5 sms per hour to one phone"
    assert maps(tmp_path / "right", criterion, {"auth/otp.py": _THROTTLE.format(window="60 * 60")})
    # an hour's budget spent per minute
    assert not maps(tmp_path / "minute", criterion, {"auth/otp.py": _THROTTLE.format(window="60")})


# -- a schema change on another table, an option turned off --------------------------------------------------------
_RAILS = ("class AddPreferredLocale < ActiveRecord::Migration[7.1]\n  def change\n"
          "    add_column :{table}, :preferred_locale, :string, default: \"en\", null: false\n  end\nend\n")


def test_a_column_goes_to_the_table_the_criterion_names(tmp_path: Path) -> None:
    criterion = "Migration: add a preferred_locale string column to members"
    assert maps(tmp_path / "right", criterion, {"db/migrate/20261127_add_locale.rb": _RAILS.format(table="members")})
    assert not maps(tmp_path / "other", criterion, {"db/migrate/20261127_add_locale.rb": _RAILS.format(table="admins")})


_COOKIE = ("def remember_me(response, token):\n"
           "    response.set_cookie(\"remember\", token, max_age=30 * 86400, httponly={flag}, samesite=\"Lax\")\n"
           "    return response\n")


def test_an_option_the_criterion_asks_for_set_off_is_not_it(tmp_path: Path) -> None:
    criterion = "The remember-me cookie is httponly"
    assert maps(tmp_path / "right", criterion, {"web/remember.py": _COOKIE.format(flag="True")})
    assert not maps(tmp_path / "off", criterion, {"web/remember.py": _COOKIE.format(flag="False")})


# -- a guard that only logs, a refusal under the state it should refuse without, a class that does nothing ---------
_TEXTS = ("def text_customers(customers, opted_out, sms):\n    for c in customers:\n"
          "        if c.phone in opted_out:\n            {branch}\n        sms.send(c.phone, \"Your order is ready\")\n")


def test_a_check_on_what_is_forbidden_must_skip_it_not_log_it(tmp_path: Path) -> None:
    criterion = "Never text customers whose phone is on the opt-out list"
    assert maps(tmp_path / "right", criterion, {"shop/texts.py": _TEXTS.format(branch="continue")})
    wrong = 'print("texting an opted-out phone", c.phone)'
    assert not maps(tmp_path / "logged", criterion, {"shop/texts.py": _TEXTS.format(branch=wrong)})


_PUBLISH = ("class NotApproved(Exception):\n    \"\"\"Raised when an unapproved recipe is published.\"\"\"\n\n\n"
            "def publish_recipe(recipe):\n    if {test}:\n        raise NotApproved(\"an editor must approve the recipe first\")\n"
            "    recipe.status = \"published\"\n    return recipe\n")


def test_a_refusal_for_a_state_not_reached_tests_that_it_is_not(tmp_path: Path) -> None:
    criterion = "If a recipe is not approved by an editor, it can not be published"
    assert maps(tmp_path / "right", criterion, {"recipes/publish.py": _PUBLISH.format(test="not recipe.approved")})
    # refuses the approved ones; the exception class's name alone says "not approved"
    assert not maps(tmp_path / "inverted", criterion, {"recipes/publish.py": _PUBLISH.format(test="recipe.approved")})


_SIGNUP = ("from .models import Member\n{imports}\n\ndef join_club(db, name, email):\n    member = Member(name=name, email=email)\n"
           "    db.add(member)\n    db.commit()\n{body}    return member\n")


def test_sending_is_a_call_that_sends(tmp_path: Path) -> None:
    criterion = "Send a welcome email when a member joins the club"
    body = "    outbox.send(member.email, \"Welcome to the club\", template=\"confirm_join\")\n"
    assert maps(tmp_path / "right", criterion, {"club/join.py": _SIGNUP.format(imports="from .mail import outbox\n", body=body)})
    # a log line where the email should go
    logged = "    logging.getLogger(__name__).info(\"member joined: %s\", member.email)\n"
    assert not maps(tmp_path / "logged", criterion, {"club/join.py": _SIGNUP.format(imports="import logging\n", body=logged)})


_QUOTA = ("from collections import Counter\n\nDAILY_EXPORTS = 3\n_used = Counter()\n\n\n"
          "def may_export(request):\n    who = {key}\n    if _used[who] >= DAILY_EXPORTS:\n        return False\n"
          "    _used[who] += 1\n    return True\n")
_QUOTA_TEST = ("from reports.quota import may_export\n\n\ndef test_fourth_export_of_the_day_is_refused(make_request):\n"
               "    req = make_request()\n    assert [may_export(req) for _ in range(4)] == [True, True, True, False]\n")


def test_a_count_is_kept_per_what_the_criterion_names(tmp_path: Path) -> None:
    criterion = "Exports: max 3 a day per workspace"
    right = {"reports/quota.py": _QUOTA.format(key="request.workspace_id"), "tests/test_quota.py": _QUOTA_TEST}
    assert maps(tmp_path / "right", criterion, right)
    # counted per signed-in user
    wrong = {"reports/quota.py": _QUOTA.format(key="request.user_id"), "tests/test_quota.py": _QUOTA_TEST}
    assert not maps(tmp_path / "user", criterion, wrong)


_INBOX = ("export function Inbox({{ messages }}: {{ messages: Message[] }}) {{\n  if ({test}) {{\n"
          "    return <p className=\"inbox-empty\">You're all caught up</p>;\n  }}\n"
          "  return <ul>{{messages.map((m) => <li key={{m.id}}>{{m.subject}}</li>)}}</ul>;\n}}\n")


def test_an_empty_view_shows_its_text_when_there_is_nothing(tmp_path: Path) -> None:
    criterion = "An empty inbox shows \"You're all caught up\""
    assert maps(tmp_path / "right", criterion, {"web/src/Inbox.tsx": _INBOX.format(test="messages.length === 0")})
    assert not maps(tmp_path / "full", criterion, {"web/src/Inbox.tsx": _INBOX.format(test="messages.length > 0")})


_COURT = ("class FeeUnpaid(Exception):\n    pass\n\n\ndef book_court(member, court, slot):\n"
          "    if not member.fee_paid:\n        raise FeeUnpaid(\"pay the season fee before booking a court\")\n"
          "    return court.reserve(slot, member)\n")


def test_can_not_is_a_refusal_and_a_pronoun_is_no_domain_word(tmp_path: Path) -> None:
    # "he can not book" refuses the booking; it does not ask that the change never books; "his" names no field
    criterion = "If a member has not paid his fee, he can not book a court"
    assert maps(tmp_path / "right", criterion, {"club/courts.py": _COURT})
    assert not maps(tmp_path / "inverted", criterion, {"club/courts.py": _COURT.replace("if not member.fee_paid", "if member.fee_paid")})


_TAGS = "def normalise_tag(tag):\n    return {expr}\n"
_TAGS_TEST = ("from blog.tags import normalise_tag\n\n\ndef test_tag_is_trimmed_and_lowercased():\n"
              "    assert normalise_tag('Python') == 'python'\n")


def test_two_operations_named_are_both_done_by_the_code(tmp_path: Path) -> None:
    criterion = "Tags ignore case and leading/trailing spaces"
    right = {"blog/tags.py": _TAGS.format(expr="tag.strip().lower()"), "tests/test_tags.py": _TAGS_TEST}
    assert maps(tmp_path / "right", criterion, right)
    # only lower-cased; the test's name claims the trimming its assertion never tries
    half = {"blog/tags.py": _TAGS.format(expr="tag.lower()"), "tests/test_tags.py": _TAGS_TEST}
    assert not maps(tmp_path / "half", criterion, half)


_REVIEWS = ("def reviews_page(db, product_id, page=1, page_size=20):\n"
            "    rows = db.reviews_for(product_id, offset=(page - 1) * page_size, limit=page_size)\n"
            "    {total}\n    return {{\"reviews\": rows, \"total_reviews\": total}}\n")


def test_a_total_is_counted_over_everything_not_one_page(tmp_path: Path) -> None:
    criterion = "The reviews response includes total_reviews, the total number of reviews of the product"
    right = _REVIEWS.format(total="total = db.count_reviews(product_id)")
    assert maps(tmp_path / "right", criterion, {"shop/reviews.py": right})
    assert not maps(tmp_path / "page", criterion, {"shop/reviews.py": _REVIEWS.format(total="total = len(rows)")})


def test_a_ticket_s_shorthand_is_read_as_words(tmp_path: Path) -> None:
    # "w/" is "with", "fix:" says what kind of work it is, "doesnt" is "doesn't": none is a word the code must name
    code = ("import gzip\nimport shutil\n\n\ndef archive_log(path):\n    with open(path, \"rb\") as src, "
            "gzip.open(f\"{path}.gz\", \"wb\") as dst:\n        shutil.copyfileobj(src, dst)\n    return f\"{path}.gz\"\n")
    assert maps(tmp_path / "with", "fix: logs are archived w/ gzip", {"ops/logs.py": code})
    assert not maps(tmp_path / "bz2", "fix: logs are archived w/ gzip",
                    {"ops/logs.py": code.replace("gzip", "bz2")})


_DOWNLOAD = ("import argparse\n\nimport requests\nfrom tqdm import tqdm\n\n\ndef main(argv=None):\n"
             "    p = argparse.ArgumentParser(prog=\"fetch\")\n    p.add_argument(\"url\")\n"
             "    p.add_argument(\"--silent\", action=\"store_true\")\n    args = p.parse_args(argv)\n"
             "    resp = requests.get(args.url, stream=True, timeout=30)\n"
             "    for chunk in tqdm(resp.iter_content(65536), {argument}):\n        save(chunk)\n")


def test_a_progress_bar_is_its_library_and_a_hushing_flag_hides_it(tmp_path: Path) -> None:
    # a progress bar is `tqdm`; `--silent` passed as `disable=not args.silent` shows the bar only when silent
    criterion = "`--silent` hides the progress bar"
    assert maps(tmp_path / "right", criterion, {"cli/fetch.py": _DOWNLOAD.format(argument="disable=args.silent")})
    assert not maps(tmp_path / "inverted", criterion, {"cli/fetch.py": _DOWNLOAD.format(argument="disable=not args.silent")})
