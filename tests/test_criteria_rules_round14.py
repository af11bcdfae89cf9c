"""Round 14 rules of the plan-alignment matcher: the classes of held-out 18's last false passes (a wrong change that
passes ships wrong code), fixed by what a line does, not by a sentence.

Each rule is shown on a (criterion, change) pair of its own, written for the class: the change that does what the
criterion asks is mapped, the near miss an agent writes is not. The earlier rounds' rules are in
test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a bound the criterion includes, compared strictly ------------------------------------------------------------
_RENEWAL = ("RENEWAL_NOTICE_DAYS = 7\n\n\ndef renewal_notices(subscriptions, today):\n    notices = []\n"
            "    for sub in subscriptions:\n        days_until = (sub.renews_on - today).days\n"
            "        if days_until {op} RENEWAL_NOTICE_DAYS:\n"
            "            notices.append(f\"Your subscription renews in {{days_until}} days\")\n    return notices\n")


def test_or_fewer_on_a_duration_includes_its_number(tmp_path: Path) -> None:
    criterion = "Subscribers get a renewal notice when their subscription renews in 7 days or fewer"
    assert maps(tmp_path / "right", criterion, {"billing/notices.py": _RENEWAL.format(op="<=")})
    # `< 7` says nothing on the seventh day
    assert not maps(tmp_path / "strict", criterion, {"billing/notices.py": _RENEWAL.format(op="<")})


_RATING = ("MAX_STARS = 5\n\n\nclass Review:\n    def __init__(self, text, stars):\n"
           "        if not 1 <= stars {op} MAX_STARS:\n            raise ValueError(f\"stars must be 1-{{MAX_STARS}}\")\n"
           "        self.text = text\n        self.stars = stars\n")


def test_a_chained_comparison_is_judged_side_by_side(tmp_path: Path) -> None:
    criterion = "A review's stars must be between 1 and 5"
    assert maps(tmp_path / "right", criterion, {"reviews/model.py": _RATING.format(op="<=")})
    # `1 <= stars < MAX_STARS` refuses five stars
    assert not maps(tmp_path / "strict", criterion, {"reviews/model.py": _RATING.format(op="<")})


# -- evidence where nothing runs -----------------------------------------------------------------------------------
_HASHING = ("import hashlib\n\nimport bcrypt\n\n\ndef hash_password(password: str) -> bytes:\n    {body}\n\n\n"
            "def register(email: str, password: str, store) -> None:\n"
            "    store.save(email=email, password_hash=hash_password(password))\n")


def test_a_named_technology_only_imported_is_not_used(tmp_path: Path) -> None:
    criterion = "Passwords are hashed with bcrypt before they are saved"
    right = "return bcrypt.hashpw(password.encode(), bcrypt.gensalt())"
    assert maps(tmp_path / "right", criterion, {"accounts/passwords.py": _HASHING.format(body=right)})
    # bcrypt imported, SHA-256 used
    wrong = "return hashlib.sha256(password.encode()).digest()"
    assert not maps(tmp_path / "imported", criterion, {"accounts/passwords.py": _HASHING.format(body=wrong)})


_COMMENT = ("from django.utils.html import strip_tags\n\nfrom .models import Comment\n\n\n"
            "def add_comment(post, raw_body: str) -> Comment:\n    body = {body}\n"
            "    comment = Comment(post=post, body=body)\n    comment.save()\n    return comment\n")


def test_a_library_helper_imported_and_never_called_does_nothing(tmp_path: Path) -> None:
    criterion = "HTML tags are stripped from a comment's body before it is saved"
    assert maps(tmp_path / "right", criterion, {"blog/comments.py": _COMMENT.format(body="strip_tags(raw_body)")})
    # strip_tags imported, the body saved as sent
    assert not maps(tmp_path / "raw", criterion, {"blog/comments.py": _COMMENT.format(body="raw_body")})


# -- the right check on the wrong subject --------------------------------------------------------------------------
_BADGE = ("from dataclasses import dataclass\n\n\n@dataclass\nclass Badge:\n    text: str\n    variant: str = \"info\"\n\n\n"
          "def payment_badge(payment) -> Badge | None:\n    if payment.succeeded:\n"
          "        return Badge(\"Paid\", variant=\"{variant}\")\n    return None\n")


def test_a_severity_means_its_colour(tmp_path: Path) -> None:
    criterion = "A green badge shows when the payment succeeded"
    assert maps(tmp_path / "right", criterion, {"shop/badges.py": _BADGE.format(variant="success")})
    # the info variant is blue
    assert not maps(tmp_path / "blue", criterion, {"shop/badges.py": _BADGE.format(variant="info")})


_FOLLOW = ("from flask import abort\nfrom flask_login import current_user\n\nfrom .models import Follow, db\n\n\n"
           "def follow_profile(profile_id):\n    if profile_id == current_user.{field}:\n"
           "        abort(400, description=\"You cannot follow your own profile\")\n"
           "    db.session.add(Follow(follower_id=current_user.id, followed_id=profile_id))\n    db.session.commit()\n")


def test_their_own_is_the_actor_s_id(tmp_path: Path) -> None:
    criterion = "Users cannot follow their own profile"
    assert maps(tmp_path / "right", criterion, {"social/follows.py": _FOLLOW.format(field="id")})
    # compared with the user's team, not the user
    assert not maps(tmp_path / "team", criterion, {"social/follows.py": _FOLLOW.format(field="team_id")})


_LOADER = ("import csv\n\n\ndef load_products(path, catalogue):\n    skipped = 0\n    with open(path, newline=\"\") as fh:\n"
           "        for row in csv.DictReader(fh):\n            if not (row.get(\"{field}\") or \"\").strip():\n"
           "                skipped += 1\n                continue\n            catalogue.add(row[\"sku\"], row[\"price\"])\n"
           "    return skipped\n")


def test_a_row_skipped_for_the_field_the_criterion_names(tmp_path: Path) -> None:
    criterion = "The loader skips rows without a SKU and returns how many it skipped"
    assert maps(tmp_path / "right", criterion, {"shop/loader.py": _LOADER.format(field="sku")})
    # rows without a price are skipped; those without a SKU kept
    assert not maps(tmp_path / "price", criterion, {"shop/loader.py": _LOADER.format(field="price")})


_CACHE_BEFORE = ("from pathlib import Path\n\nDEFAULT_CACHE_DIR = Path.home() / \".cache\" / \"shelf\"\n\n\n"
                 "def cache_file(name: str) -> Path:\n    return {where} / name\n")
_CACHE_DIR = ("import os\nfrom pathlib import Path\n\nDEFAULT_CACHE_DIR = Path.home() / \".cache\" / \"shelf\"\n\n\n"
              "def cache_path() -> Path:\n    return Path(os.environ.get(\"SHELF_CACHE_DIR\", DEFAULT_CACHE_DIR))\n\n\n"
              "def cache_file(name: str) -> Path:\n    return {where} / name\n")


def test_an_override_nothing_calls_overrides_nothing(tmp_path: Path) -> None:
    criterion = "The cache path can be overridden with the SHELF_CACHE_DIR environment variable"
    before = {"shelf/cache.py": _CACHE_BEFORE.format(where="DEFAULT_CACHE_DIR")}
    assert maps(tmp_path / "right", criterion, {"shelf/cache.py": _CACHE_DIR.format(where="cache_path()")}, before)
    # cache_path() reads the variable, but cache_file, left as it was, still joins the default
    assert not maps(tmp_path / "unused", criterion,
                    {"shelf/cache.py": _CACHE_DIR.format(where="DEFAULT_CACHE_DIR")}, before)
