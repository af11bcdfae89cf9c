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
