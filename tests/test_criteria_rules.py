"""The rules of the plan-alignment matcher, one class of criterion or change at a time.

Each rule is shown on examples of its own (not the corpus's): a change that does what the criterion
asks is mapped, one that does something near it is not. The corpus (test_criteria_corpus.py) measures
the rules together.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.delivery.gates.boundaries import comparisons_with
from pmtui.delivery.gates.change_evidence import handles_flag, negating_lines, split_trailing_comment
from pmtui.delivery.gates.criterion_classes import retention_in, swallows_errors
from pmtui.delivery.gates.vocabulary import (
    concepts_of_word,
    date_formats,
    idiom_concepts,
    one_typo_apart,
    read_criterion,
    stem,
    unit_idioms,
)
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


def labels(criterion: str, kind: str | None = None) -> list[str]:
    return [c.label for c in read_criterion(criterion).concepts if kind is None or c.kind == kind]


# -- reading a criterion ----------------------------------------------------------------------------------
def test_a_user_storys_role_and_rationale_and_given_when_then_only_frame_it() -> None:
    assert labels("As an admin, I want to ban a user so that spam stops") == ["ban", "user"]
    assert "given" not in labels("Given a locked account, when the owner logs in, then a reset link is sent")


def test_a_status_reason_phrase_is_its_number() -> None:
    assert labels("DELETE /notes/:id answers 204 No Content", "number") == ["204"]
    assert "content" not in labels("DELETE /notes/:id answers 204 No Content")
    assert labels("A missing note returns Not Found", "number") == ["404"]


def test_short_names_a_call_a_flag_a_quote_and_a_date_format_are_anchors() -> None:
    reading = read_criterion('wrap(v, lo, hi) with `--strict` shows "Out of range" as DD.MM.YYYY')
    kinds = {c.label: c.kind for c in reading.concepts}
    assert kinds["wrap"] == "call" and kinds["lo"] == kinds["hi"] == "short" and kinds["strict"] == "flag"
    assert kinds["out of range"] == "quote" and kinds["d.m.y"] == "dateformat"
    assert all(c.anchor for c in reading.concepts if c.kind != "word")


def test_words_that_only_frame_a_criterion_do_not_decide() -> None:
    strong = {c.label for c in read_criterion("The service responds with the report and falls back to 7").concepts
              if c.strong}
    assert "responds" not in strong and "default" in strong and "7" in strong


def test_a_negation_is_seen_unless_a_phrase_already_says_it() -> None:
    assert read_criterion("Deleted users must not appear in the member list").negated
    assert read_criterion("Guests can't edit pages").negated
    assert not read_criterion("The image does not run as root").negated  # "non-root" says it
    assert not read_criterion("Uploads of no more than 5 files").negated  # a limit


def test_british_spellings_and_one_typo_meet_their_word() -> None:
    assert stem("colour") == stem("color") and stem("normalised") == stem("normalized")
    assert stem("cancelled") == stem("canceled") and stem("catalogue") == stem("catalog")
    assert one_typo_apart("seach", "search") and one_typo_apart("recieve", "receive")
    assert one_typo_apart("adress", "address") and one_typo_apart("reciept", "receipt")
    assert not one_typo_apart("header", "reader"), "the first letter is never the typo"
    assert not one_typo_apart("posts", "ports"), "a replaced letter only in a long word"


def test_spelled_out_initials_are_the_name_they_spell() -> None:
    assert labels("lcm(a, b) returns the least common multiple") == ["lcm", "b", "returns"]


# -- reading code -------------------------------------------------------------------------------------------
def test_between_needs_both_bounds() -> None:
    assert "between" in unit_idioms("return max(lo, min(v, hi))")
    assert "between" not in unit_idioms("return max(v, lo)")
    assert "between" in idiom_concepts("if lo <= v <= hi:")


def test_a_comparators_operand_order_is_the_sort_direction() -> None:
    assert "descending" in idiom_concepts("rows.sort((x, y) => y.total - x.total)")
    assert "ascending" in idiom_concepts("rows.sort((x, y) => x.total - y.total)")
    assert "descending" in idiom_concepts("names.sort((a, b) => b.name.localeCompare(a.name))")


@pytest.mark.parametrize(("code", "flag", "handled"), [
    ('p.add_argument("--no-color", action="store_true")\nif args.no_color:\n    style = None', "no-color", True),
    ('p.add_argument("--no-color", action="store_true")\nstyle = pick()', "no-color", False),
    ('@click.option("--csv", "as_csv", is_flag=True)\ndef export(as_csv):\n    import csv\n    rows = load()',
     "csv", False),
    ('@click.option("--csv", "as_csv", is_flag=True)\ndef export(as_csv):\n    if as_csv:\n        write_csv()',
     "csv", True),
    ('force := flag.Bool("f", false, "overwrite")\nflag.Parse()\nif *force {\n    os.Remove(dst)\n}', "f", True),
    ('p.add_argument("--version", action="version", version="1.0")', "version", True),
    ('case "$1" in\n  --dry-run) DRY_RUN=1 ;;\nesac\n[ "$DRY_RUN" = 1 ] || rm -rf build', "dry-run", True),
])
def test_a_flag_is_handled_only_where_its_value_is_read(code: str, flag: str, handled: bool) -> None:
    assert handles_flag(code, flag) is handled


def test_a_negation_counts_only_where_the_change_adds_it() -> None:
    removed = [(3, "    return [u for u in users if u.banned]")]
    assert negating_lines([(3, "    return [u for u in users if not u.banned]")], removed) == {3}
    assert negating_lines([(3, "    return [u for u in users if u.banned and u.active]")], removed) == set()
    assert negating_lines([(9, "    if user.banned:"), (10, "        raise Forbidden()")], []) == {10}


def test_date_formats_are_read_in_order_whatever_the_notation() -> None:
    assert date_formats('f"{when:%d.%m.%Y}"') == date_formats("dd.MM.yyyy") == date_formats("DD.MM.YYYY") == {"d.m.y"}
    assert date_formats('t.Format("2006-01-02")') == {"y-m-d"}
    assert date_formats('when.strftime("%m/%d/%Y")') == {"m/d/y"}


# -- judging a change ---------------------------------------------------------------------------------------
def test_short_names_must_be_in_the_change(tmp_path: Path) -> None:
    criterion = "scale multiplies v by k"
    assert maps(tmp_path / "a", criterion, {"vec.py": "def scale(v, k):\n    return [x * k for x in v]\n"})
    assert not maps(tmp_path / "b", criterion, {"vec.py": "def scale(v, f):\n    return [x * f for x in v]\n"})


def test_a_name_written_as_a_call_must_be_defined_by_the_change(tmp_path: Path) -> None:
    criterion = "area(w, h) returns w times h"
    assert maps(tmp_path / "a", criterion, {"geo.py": "def area(w, h):\n    return w * h\n"})
    assert not maps(tmp_path / "b", criterion, {"geo.py": "from shapes import area\n\n\ndef box(w, h):\n"
                                                          "    return area(w, h) * h\n"})


def test_quoted_ui_text_must_be_there_as_written(tmp_path: Path) -> None:
    criterion = 'The settings form\'s button says "Save changes"'
    button = "export function SettingsForm() {{\n  return <form><button>{}</button></form>;\n}}\n"
    assert maps(tmp_path / "a", criterion, {"src/SettingsForm.jsx": button.format("Save changes")})
    assert not maps(tmp_path / "b", criterion, {"src/SettingsForm.jsx": button.format("Save")})


def test_a_change_that_only_adds_a_test_implements_nothing(tmp_path: Path) -> None:
    criterion = "Archived notes are hidden from the note list"
    test = {"tests/test_notes.py": "from notes import visible\n\n\ndef test_archived_notes_are_hidden_from_the_list():\n"
                                   "    assert visible([{'archived': True}]) == []\n"}
    code = {"notes.py": "def visible(notes):\n    return [n for n in notes if not n['archived']]\n"}
    assert not maps(tmp_path / "a", criterion, test)
    assert maps(tmp_path / "b", criterion, {**test, **code})
    assert maps(tmp_path / "c", "The note list has a test for archived notes", test), "unless tests are asked for"


def test_what_the_code_must_do_is_not_met_by_a_name_or_a_comment(tmp_path: Path) -> None:
    criterion = "Expired sessions are deleted"
    named = "def delete_expired_sessions(db, now):\n    # TODO: delete them\n    return db.count('sessions', now)\n"
    done = "def delete_expired_sessions(db, now):\n    db.execute('DELETE FROM sessions WHERE expires < ?', (now,))\n"
    assert not maps(tmp_path / "a", criterion, {"jobs.py": named})
    assert maps(tmp_path / "b", criterion, {"jobs.py": done})


def test_a_forbidding_criterion_needs_a_line_that_forbids(tmp_path: Path) -> None:
    criterion = "Banned users never appear in search results"
    before = {"search.py": "def search(users, term):\n    return [u for u in users if term in u.name]\n"}
    right = {"search.py": "def search(users, term):\n    return [u for u in users if term in u.name and not u.banned]\n"}
    inverted = {"search.py": "def search(users, term):\n    return [u for u in users if term in u.name and u.banned]\n"}
    assert maps(tmp_path / "a", criterion, right, before)
    assert not maps(tmp_path / "b", criterion, inverted, before)


def test_deleting_one_thing_that_deletes_another_needs_a_cascade(tmp_path: Path) -> None:
    criterion = "Deleting a project also deletes its tasks"
    fk = ("ALTER TABLE tasks ADD CONSTRAINT tasks_project_fk FOREIGN KEY (project_id) REFERENCES projects(id) "
          "ON DELETE {};\n")
    assert maps(tmp_path / "a", criterion, {"migrations/0009_tasks_fk.sql": fk.format("CASCADE")})
    assert not maps(tmp_path / "b", criterion, {"migrations/0009_tasks_fk.sql": fk.format("SET NULL")})


def test_a_number_is_one_the_change_states(tmp_path: Path) -> None:
    criterion = "Search shows 25 results per page"
    before = {"search.py": "PAGE = 25\n\n\ndef search(rows, page):\n    return rows\n"}
    other = {"search.py": "PAGE = 25\n\n\ndef search(rows, page):\n    return sorted(rows)\n"}
    paged = {"search.py": "PAGE = 25\n\n\ndef search(rows, page):\n    return rows[page * 25:(page + 1) * 25]\n"}
    assert not maps(tmp_path / "a", criterion, other, before), "25 was there already; sorting does not page"
    assert maps(tmp_path / "b", criterion, paged, before)


def test_the_lone_word_a_long_criterion_may_miss_is_never_its_subject(tmp_path: Path) -> None:
    criterion = "The scheduler service restarts automatically after a crash"
    compose = "services:\n  api:\n    image: app\n{api}  scheduler:\n    image: app\n{scheduler}"
    policy = "    restart: on-failure\n"
    assert maps(tmp_path / "a", criterion, {"compose.yml": compose.format(api="", scheduler=policy)},
                {"compose.yml": compose.format(api="", scheduler="")})
    assert not maps(tmp_path / "b", criterion, {"compose.yml": compose.format(api=policy, scheduler="")},
                    {"compose.yml": compose.format(api="", scheduler="")})


def test_prose_answers_only_a_criterion_about_documentation(tmp_path: Path) -> None:
    readme = {"README.md": "# app\n\n## Installing\n\nRun `pip install app` and then `app init`.\n"}
    assert maps(tmp_path / "a", "The README explains how to install the app", readme)
    assert not maps(tmp_path / "b", "The app can be installed with pip", readme)


def test_a_tests_name_does_not_make_the_code_do_what_it_says(tmp_path: Path) -> None:
    """The real-agent suite's wrong change: `sub` adds, its test is named for the difference."""
    criterion = "sub returns the difference of a and b"
    test = {"tests/test_sub.py": "from calc import sub\n\n\ndef test_sub_gives_the_difference():\n"
                                 "    assert sub(5, 3) == 2\n"}
    assert maps(tmp_path / "a", criterion, {"calc.py": "def sub(a, b):\n    return a - b\n", **test})
    assert not maps(tmp_path / "b", criterion, {"calc.py": "def sub(a, b):\n    return a + b\n", **test})


def test_a_filter_that_leaves_a_thing_out_removes_it(tmp_path: Path) -> None:
    criterion = "Users can remove a song from a playlist"
    keep = "export function removeSong(playlist, id) {{\n  return {{ ...playlist, songs: playlist.songs.filter((s) => {}) }};\n}}\n"
    assert maps(tmp_path / "a", criterion, {"src/playlist.js": keep.format("s.id !== id")})
    assert not maps(tmp_path / "b", criterion, {"src/playlist.js": keep.format("s.id === id")})


def test_a_quantity_of_time_is_stated_with_its_unit_or_in_seconds(tmp_path: Path) -> None:
    criterion = "The cache expires after 5 minutes"
    assert maps(tmp_path / "a", criterion, {"cache.py": "from datetime import timedelta\n\nCACHE_TTL = timedelta(minutes=5)\n"})
    assert maps(tmp_path / "b", criterion, {"cache.py": "CACHE_TTL_SECONDS = 5 * 60\n"})
    assert not maps(tmp_path / "c", criterion, {"cache.py": "CACHE_TTL = 5\n"}), "5 what? seconds, most likely"
    assert maps(tmp_path / "d", "Requests time out after 10 seconds",
                {"net.py": "import requests\n\n\ndef fetch(url):\n    return requests.get(url, timeout=10)\n"})


def test_a_sort_that_says_nothing_else_is_ascending(tmp_path: Path) -> None:
    criterion = "Comments are shown oldest first"
    code = "def comments(post):\n    return sorted(post.comments, key=lambda c: c.created{})\n"
    assert maps(tmp_path / "a", criterion, {"c.py": code.format("")})
    assert not maps(tmp_path / "b", criterion, {"c.py": code.format(", reverse=True")})


def test_the_criterions_own_word_is_no_refusal(tmp_path: Path) -> None:
    criterion = "Disabled users cannot log in"
    before = {"auth.py": "def login(user, pw):\n    return check(user, pw)\n"}
    refuse = "def login(user, pw):\n    if user.disabled:\n        raise PermissionError('account disabled')\n    return check(user, pw)\n"
    warn = "def login(user, pw):\n    if user.disabled:\n        log.warning('disabled user %s', user.id)\n    return check(user, pw)\n"
    assert maps(tmp_path / "a", criterion, {"auth.py": refuse}, before)
    assert not maps(tmp_path / "b", criterion, {"auth.py": warn}, before)


def test_code_idioms_for_a_header_row_and_a_masked_field(tmp_path: Path) -> None:
    writer = "import csv\n\n\ndef export(rows, f):\n    w = csv.writer(f)\n{}    w.writerows(rows)\n"
    assert maps(tmp_path / "a", "The export includes a header row",
                {"export.py": writer.format("    w.writerow(['id', 'name'])\n")})
    assert not maps(tmp_path / "b", "The export includes a header row", {"export.py": writer.format("")})
    form = "<form>\n  <input type=\"{}\" name=\"password\">\n</form>\n"
    assert maps(tmp_path / "c", "The password field is masked", {"login.html": form.format("password")},
                {"login.html": "<form>\n</form>\n"})
    assert not maps(tmp_path / "d", "The password field is masked", {"login.html": form.format("text")},
                    {"login.html": "<form>\n</form>\n"})


def test_a_specific_tool_named_is_asked_for_itself(tmp_path: Path) -> None:
    criterion = "Session tokens are signed as JWT"
    assert maps(tmp_path / "a", criterion, {"auth.py": "import jwt\n\n\ndef sign_session_token(claims, key):\n"
                                                       "    return jwt.encode(claims, key, algorithm='HS256')\n"})
    assert not maps(tmp_path / "b", criterion, {"auth.py": "import hmac\n\n\ndef sign_session_token(claims, key):\n"
                                                           "    return hmac.new(key, repr(claims).encode(), 'sha256').hexdigest()\n"})


def test_a_comparison_with_a_number_is_decided_by_the_number(tmp_path: Path) -> None:
    criterion = "Carts with more than 20 items are split into two shipments"
    code = "def shipments(cart):\n    if len(cart.items) > {}:\n        return [cart.items[:{}], cart.items[{}:]]\n" \
           "    return [cart.items]\n"
    assert maps(tmp_path / "a", criterion, {"ship.py": code.format(20, 20, 20)})
    assert not maps(tmp_path / "b", criterion, {"ship.py": code.format(30, 30, 30)})


def test_a_flags_value_name_is_no_word_of_the_criterion() -> None:
    assert labels("`--retries N` sets how often a download is retried", "flag") == ["retries"]
    assert "n" not in labels("`--retries N` sets how often a download is retried")


def test_a_yaml_document_names_what_it_configures(tmp_path: Path) -> None:
    manifest = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  replicas: {}\n"
    assert maps(tmp_path / "a", "The database statefulset runs 2 replicas", {"k8s/db.yaml": manifest.format(2)},
                {"k8s/db.yaml": manifest.format(1)})
    assert not maps(tmp_path / "b", "The database statefulset runs 2 replicas", {"k8s/db.yaml": manifest.format(4)},
                    {"k8s/db.yaml": manifest.format(1)})


def test_a_cron_schedule_says_when_it_runs() -> None:
    from pmtui.delivery.gates.vocabulary import cron_concepts
    assert cron_concepts('    - cron: "30 6 * * 1-5"') == {"weekly", "monday", "tuesday", "wednesday", "thursday", "friday"}
    assert cron_concepts("schedule: '0 0 * * *'") == {"daily"}
    assert cron_concepts("CRON = '15 * * * *'") == {"hourly"}
    assert cron_concepts("total = 1 2 3 4 5") == set(), "five numbers are not a schedule"


def test_symbols_are_found_as_the_literal_they_name(tmp_path: Path) -> None:
    criterion = "Tags are joined with a comma"
    assert maps(tmp_path / "a", criterion, {"tags.py": "def tag_line(tags):\n    return ','.join(tags)\n"})
    assert not maps(tmp_path / "b", criterion, {"tags.py": "def tag_line(tags):\n    return ' '.join(tags)\n"})


def test_more_idioms_averages_options_guests_and_hard_coding(tmp_path: Path) -> None:
    assert "average" in idiom_concepts("return (low + high) / 2")
    assert "none" in idiom_concepts("pub fn first_word(s: &str) -> Option<&str> {")
    assert "guest" in idiom_concepts("{currentUser ? <Menu /> : <LoginLink />}")
    before = {"mailer.py": 'SMTP_PASSWORD = "hunter2"\n'}
    assert maps(tmp_path / "a", "The SMTP password is not hard-coded", {"mailer.py": 'import os\n\nSMTP_PASSWORD = os.environ["SMTP_PASSWORD"]\n'}, before)
    assert not maps(tmp_path / "b", "The SMTP password is not hard-coded", {"mailer.py": 'SMTP_PASSWORD = "hunter3"\n'}, before)


def test_an_action_done_without_is_one_the_change_must_not_add(tmp_path: Path) -> None:
    criterion = "Queue.peek returns the first job without removing it"
    base = "class Queue:\n    def __init__(self):\n        self.jobs = []\n"
    assert labels(criterion, "absent") == ["removing"]
    assert maps(tmp_path / "a", criterion, {"q.py": base + "\n    def peek(self):\n        return self.jobs[0]\n"})
    assert not maps(tmp_path / "b", criterion, {"q.py": base + "\n    def peek(self):\n        return self.jobs.pop(0)\n"})
    assert labels("Passwords are never stored in plain text", "absent") == [], "a qualified action is not refrained"


def test_a_todo_and_a_log_message_describe_and_do_nothing(tmp_path: Path) -> None:
    criterion = "New members get a welcome email"
    todo = ("def join(club, member):\n    club.members.append(member)\n    # TODO: send the welcome email\n"
            "    log.info('welcome email due for %s', member.email)\n")
    sent = "def join(club, member):\n    club.members.append(member)\n    mailer.send(member.email, 'Welcome to the club')\n"
    assert not maps(tmp_path / "a", criterion, {"club.py": todo})
    assert maps(tmp_path / "b", criterion, {"club.py": sent})
    logged = "app.use((req, res, next) => {\n  console.log(`${req.method} ${req.originalUrl}`);\n  next();\n});\n"
    assert maps(tmp_path / "c", "Each request's method is logged", {"server.js": logged}), "interpolations are code"


# -- round 3 (2026-11-26): classes of wording the code states some other way -------------------------------
def test_a_given_clause_sets_the_scene_and_a_gesture_is_no_code() -> None:
    reading = read_criterion("Given a cart with a coupon, when I tap Checkout, then the discounted total is charged")
    strong = {c.label for c in reading.concepts if c.strong}
    assert {"cart", "coupon", "tap"}.isdisjoint(strong) and {"discounted", "total", "charged"} <= strong
    # a word the Then part repeats still decides
    assert "invoice" in {c.label for c in read_criterion(
        "Given an unpaid invoice, when the due date passes, then the invoice is flagged overdue").concepts if c.strong}


def test_a_query_parameter_is_a_name_the_code_reads_and_its_placeholder_is_no_word(tmp_path: Path) -> None:
    criterion = "GET /films?genre=GENRE lists only films of that genre"
    assert labels(criterion, "param") == ["genre"] and "genre" not in [c.label for c in read_criterion(criterion).concepts
                                                                     if c.kind == "word" and c.label.isupper()]
    route = ("app.get('/films', (req, res) => {{\n  const films = db.films.filter((f) => {});\n"
             "  res.json(films);\n}});\n")
    assert maps(tmp_path / "a", criterion, {"src/films.js": route.format("!req.query.genre || f.genre === req.query.genre")})
    assert not maps(tmp_path / "b", criterion, {"src/films.js": route.format("f.year === Number(req.query.year)")})


def test_a_spelled_out_time_and_a_rate_are_quantities(tmp_path: Path) -> None:
    assert labels("Sessions last one day", "quantity") == ["1 days"]
    criterion = "Weather lookups are cached for one day"
    code = "from functools import cache\nfrom cachetools import TTLCache, cached\n\n\n@cached(TTLCache(maxsize=8, ttl={}))\n" \
           "def weather_lookup(city):\n    return fetch(city)\n"
    assert maps(tmp_path / "a", criterion, {"wx.py": code.format("86400")})
    assert not maps(tmp_path / "b", criterion, {"wx.py": code.format("8640")})
    rate = "Each account can upload 20 files per hour"
    limiter = "UPLOADS = 20\nWINDOW_S = {}\n\n\ndef allow_upload(account, log):\n" \
              "    recent = [t for t in log[account.id] if now() - t < WINDOW_S]\n    return len(recent) < UPLOADS\n"
    assert maps(tmp_path / "c", rate, {"limits.py": limiter.format("3600")})
    assert not maps(tmp_path / "d", rate, {"limits.py": limiter.format("60")})


def test_a_data_size_is_stated_in_bytes_or_with_its_unit_never_by_the_bare_number(tmp_path: Path) -> None:
    criterion = "Uploads over 10 MB are refused"
    check = "def upload(blob):\n    if len(blob) > {}:\n        raise ValueError('too large')\n    store(blob)\n"
    assert maps(tmp_path / "a", criterion, {"mail/upload.py": check.format("10 * 1024 * 1024")})
    assert maps(tmp_path / "b", criterion, {"mail/upload.py": "MAX_MB = 10\n\n\n" + check.format("MAX_MB << 20")})
    assert not maps(tmp_path / "c", criterion, {"mail/upload.py": check.format("10 * 1024")}), "10 KB"
    assert not maps(tmp_path / "d", criterion, {"mail/upload.py": check.format("10")})


def test_at_least_one_asks_for_a_presence_check_of_what_follows(tmp_path: Path) -> None:
    criterion = "usernames: 3 to 20 characters, at least 1 letter"
    both = 'def valid_username(u):\n    return 3 <= len(u) <= 20 and any(c.isalpha() for c in u)\n'
    length_only = "def valid_username(u):\n    return 3 <= len(u) <= 20\n"
    assert not [c for c in read_criterion(criterion).concepts if c.label == "1" and c.strong]
    assert maps(tmp_path / "a", criterion, {"accounts/names.py": both})
    assert not maps(tmp_path / "b", criterion, {"accounts/names.py": length_only})


def test_a_negated_adjective_is_its_base_read_negated(tmp_path: Path) -> None:
    criterion = "The reminder job emails only customers with unpaid orders"
    job = "def remind(customers):\n    for c in customers:\n        if any({} for o in c.orders):\n            send_email(c)\n"
    assert maps(tmp_path / "a", criterion, {"billing/remind.py": job.format("not o.paid")})
    assert not maps(tmp_path / "b", criterion, {"billing/remind.py": job.format("o.paid")})


@pytest.mark.parametrize(("line", "concept"), [
    (r'ok = re.fullmatch(r"[A-Z]{2}\d{6}", code)', "digit"),
    (r'parts = re.split(r"\s+", line)', "space"),
    (r"clean = re.sub(r'\W+', ' ', title)", "punctuation"),
    ('name = name.replace("@", "")', "delete"),
    ("rows = db.execute(\"SELECT * FROM pets WHERE name LIKE '%' || ? || '%'\", (q,))", "partial"),
    ('label = text.slice(0, 40) + "..."', "ellipsis"),
    ('label = text.slice(0, 40) + "..."', "truncate"),
    ('if [ "$EUID" -ne 0 ]; then', "rootcheck"),
    ('echo "usage: deploy ENV" >&2; exit 2', "reject"),
    ("Err(_) => Settings::default(),", "crash"),
    ('localStorage.setItem("lang", lang);', "persist"),
    ('const lang = localStorage.getItem("lang") ?? "en";', "restart"),
    ("{currentUser && <Menu />}", "login"),
    ("players.sort_by(|p, q| q.wins.cmp(&p.wins).then_with(|| p.name.cmp(&q.name)));", "tiebreak"),
    ('eprintln!("skipped {n}");', "show"),
    ("const app = express(); app.use(express.json({ limit: '1mb' })); const up = multer({ limits: { fileSize: 5e6 } });",
     "reject"),
])
def test_what_a_line_of_code_does_is_read_from_its_idioms(line: str, concept: str) -> None:
    assert concept in idiom_concepts(line)


@pytest.mark.parametrize(("line", "concept"), [
    ('const lang = localStorage.getItem("lang") ?? "en";', "persist"),
    ('label = text + "..."', "truncate"),
    ("if user.is_admin:", "login"),
    ("ls -ltr /var/log", "descending"),
])
def test_an_idiom_is_not_seen_where_the_code_does_something_else(line: str, concept: str) -> None:
    assert concept not in idiom_concepts(line)


def test_ls_t_lists_the_newest_first_and_tail_from_n_keeps_n_minus_one(tmp_path: Path) -> None:
    assert {"sort", "descending"} <= idiom_concepts("ls -t logs/*.gz | tail -n +4 | xargs rm -f")
    criterion = "Only the 3 most recent log archives are kept"
    script = "#!/bin/sh\nls -t logs/*.gz | tail -n +{} | xargs -r rm -f\n"
    assert maps(tmp_path / "a", criterion, {"rotate.sh": script.format(4)})
    assert not maps(tmp_path / "b", criterion, {"rotate.sh": script.format(3)}), "tail -n +3 keeps 2"


def test_a_flag_that_hushes_output_must_not_print_when_given(tmp_path: Path) -> None:
    criterion = "`--silent` suppresses the progress messages"
    go = ('package main\n\nimport (\n\t"flag"\n\t"fmt"\n)\n\nfunc main() {{\n'
          '\tsilent := flag.Bool("silent", false, "no progress")\n\tflag.Parse()\n\tfor i := range jobs {{\n'
          '\t\tif {} {{ fmt.Println("progress", i) }}\n\t\trun(i)\n\t}}\n}}\n')
    assert maps(tmp_path / "a", criterion, {"cmd/sync/main.go": go.format("!*silent")})
    assert not maps(tmp_path / "b", criterion, {"cmd/sync/main.go": go.format("*silent")})


def test_ci_fails_on_a_tool_only_when_its_step_can_fail(tmp_path: Path) -> None:
    criterion = "The pipeline breaks if mypy reports errors"
    ci = "stages: [check]\ntypes:\n  stage: check\n  script:\n    - {}\n"
    assert labels(criterion, "cistep") == ["mypy"]
    assert maps(tmp_path / "a", criterion, {".gitlab-ci.yml": ci.format("mypy src")})
    assert not maps(tmp_path / "b", criterion, {".gitlab-ci.yml": ci.format("mypy src || true")})
    assert not maps(tmp_path / "c", criterion, {"Makefile.yml": ci.format("mypy src")}), "not a CI configuration"


def test_refusing_unless_root_is_a_check_for_root_not_a_non_root_user() -> None:
    assert "rootcheck" in labels("The updater exits with an error if it is not run as root")
    assert "nonroot" in labels("The container does not run as root")


def test_an_environment_variable_is_named_exactly(tmp_path: Path) -> None:
    criterion = "Worker processes are set by the WORKERS environment variable, 4 by default"
    code = "import os\n\n\ndef worker_processes():\n    return int(os.environ.get({!r}, 4))\n"
    assert maps(tmp_path / "a", criterion, {"app/settings.py": code.format("WORKERS")})
    assert not maps(tmp_path / "b", criterion, {"app/settings.py": code.format("WEB_WORKERS")})


def test_a_duration_stated_with_another_unit_is_not_the_one_asked_for(tmp_path: Path) -> None:
    criterion = "The billing client times out after 30 seconds"
    rust = "use std::time::Duration;\n\npub fn billing_client() -> Client {{\n" \
           "    Client::builder().timeout(Duration::{}(30)).build().unwrap()\n}}\n"
    assert maps(tmp_path / "a", criterion, {"src/billing.rs": rust.format("from_secs")})
    assert not maps(tmp_path / "b", criterion, {"src/billing.rs": rust.format("from_millis")})


def test_a_criterion_with_a_call_takes_its_numbers_as_examples_the_tests_assert(tmp_path: Path) -> None:
    criterion = 'to_secs("1h") gives 3600 seconds'
    code = {"conv.py": "UNITS = {'s': 1, 'm': 60, 'h': 60 * 60}\n\n\ndef to_secs(text):\n"
                       "    return int(text[:-1]) * UNITS[text[-1]]\n"}
    test = "from conv import to_secs\n\n\ndef test_hours():\n    assert to_secs('1h') == {}\n"
    assert maps(tmp_path / "a", criterion, {**code, "tests/test_conv.py": test.format(3600)})


def test_a_shell_script_is_a_script_and_a_status_page_is_its_number(tmp_path: Path) -> None:
    assert maps(tmp_path / "a", "The 500 page offers a retry link",
                {"templates/500.html": '<h1>Something broke</h1>\n<a href="{{ request.path }}">Retry</a>\n'})
    criterion = "The prune script deletes backups older than 7 days"
    assert maps(tmp_path / "b", criterion, {"bin/prune.sh": "#!/bin/sh\nfind /var/backups -mtime +7 -delete\n"})
    assert not maps(tmp_path / "c", criterion, {"bin/prune.sh": "#!/bin/sh\nfind /var/backups -mmin +7 -delete\n"})


def test_a_download_toggle_and_symbol_names_in_the_plural() -> None:
    assert "download" in labels("Reports can be downloaded") or "download" in {
        a for c in read_criterion("Reports can be downloaded").concepts for a in c.alternatives}
    assert concepts_of_word("checkbox") & concepts_of_word("toggle")
    assert concepts_of_word("attachment") & concepts_of_word("download")
    assert "ip" in labels("five logins per IP") or "client" in labels("five logins per IP")


def test_a_stripped_value_used_as_a_truth_value_is_an_emptiness_check(tmp_path: Path) -> None:
    assert "empty" in idiom_concepts("tags = [t for t in raw.split(',') if t.strip()]") or \
        "empty" in idiom_concepts("keep = [l for l in lines if any(c.strip() for c in l)]")
    assert "empty" in idiom_concepts("if (!name.trim()) return;") or "empty" in idiom_concepts("ok = name.trim() && age")
    criterion = "Blank tags are skipped"
    parser = "def parse_tags(raw):\n    return [t.strip() for t in raw.split(',') if {}]\n"
    assert maps(tmp_path / "a", criterion, {"tags.py": parser.format("any(c.strip() for c in t)")})
    assert not maps(tmp_path / "b", criterion, {"tags.py": parser.format("not t.startswith('#')")})


def test_following_the_devices_setting_is_a_media_query_or_its_api(tmp_path: Path) -> None:
    assert "systempref" in labels("Animations respect the user's system preference for reduced motion")
    criterion = "The font size follows the browser's settings"
    assert "systempref" in labels(criterion)
    assert "systempref" in idiom_concepts("@media (prefers-reduced-motion: reduce) { * { animation: none; } }")
    assert "systempref" not in idiom_concepts("@media (max-width: 600px) { nav { display: none; } }")


@pytest.mark.parametrize("line", ["names = [n.strip() for n in raw.split(',')]", "name = raw.strip()",
                                  "const v = input.trim();"])
def test_a_stripped_value_that_is_only_kept_checks_nothing(line: str) -> None:
    assert "empty" not in idiom_concepts(line)


# -- round 4 ------------------------------------------------------------------------------------------------
def test_a_comment_after_code_on_its_line_states_nothing(tmp_path: Path) -> None:
    criterion = "Sessions are kept 30 days"
    before = {"settings.py": "SESSION_DAYS = 7\n"}
    assert maps(tmp_path / "a", criterion, {"settings.py": "SESSION_DAYS = 30  # keep sessions a month\n"}, before)
    assert not maps(tmp_path / "b", criterion, {"settings.py": "SESSION_DAYS = 14  # TODO: 30 days\n"}, before)
    assert not maps(tmp_path / "c", criterion, {"config.ts": "export const SESSION_DAYS = 14; // 30 days later\n"},
                    {"config.ts": "export const SESSION_DAYS = 7;\n"})
    # Python's floor division is no comment
    assert split_trailing_comment("per_page = total // 30", "app.py") == ("per_page = total // 30", "")
    assert split_trailing_comment("let days = 14; // 30 days", "a.rs") == ("let days = 14;", "// 30 days")


def test_a_thousands_separator_and_a_ranges_bounds_are_numbers(tmp_path: Path) -> None:
    assert "25000" in labels("Orders over 25,000 need a second approval", "number")
    assert "1000000" in labels("Uploads stop at 1,000,000 rows", "number")
    assert labels("A coffee costs 3,50 €", "number") == ["3", "50"]
    criterion = "A discount code is valid for 30 days"
    code = "fun discountCodeValid(issued: LocalDate, today: LocalDate) =\n    DAYS.between(issued, today) in 0..{}\n"
    assert maps(tmp_path / "a", criterion, {"Codes.kt": code.format(30)})
    assert not maps(tmp_path / "b", criterion, {"Codes.kt": code.format(3)})


def test_a_constant_or_helper_defined_elsewhere_in_the_change_is_followed_to_its_use(tmp_path: Path) -> None:
    criterion = "Idle sessions expire after 45 minutes"
    limits = "package auth\n\nimport \"time\"\n\nconst idleLimit = {} * time.Minute\n"
    store = {"auth/store.go": "package auth\n\nfunc (s *Store) Expired(sess Session, now time.Time) bool {\n"
                              "\treturn now.Sub(sess.LastSeen) > idleLimit\n}\n"}
    assert maps(tmp_path / "a", criterion, {"auth/limits.go": limits.format(45), **store})
    assert not maps(tmp_path / "b", criterion, {"auth/limits.go": limits.format(4), **store})
    # a template showing what a method of the change computes shows how it computes it
    criterion = "The invoice page shows the tax rounded to two decimals"
    model = "class Invoice\n  def tax_due\n    (net * rate).round({})\n  end\nend\n"
    view = {"app/views/invoices/show.html.erb": "<h1>Invoice</h1>\n<p>Tax: <%= @invoice.tax_due %></p>\n"}
    before = {"app/views/invoices/show.html.erb": "<h1>Invoice</h1>\n", "app/models/invoice.rb": "class Invoice\nend\n"}
    assert maps(tmp_path / "c", criterion, {"app/models/invoice.rb": model.format(2), **view}, before)
    assert not maps(tmp_path / "d", criterion, {"app/models/invoice.rb": model.format(""), **view}, before)


def test_one_decimal_is_a_precision_the_code_must_state() -> None:
    assert [c.strong for c in read_criterion("Scores are rounded to one decimal place").concepts if c.label == "1"] == [True]
    assert [c.strong for c in read_criterion("Pins need at least one digit").concepts if c.label == "1"] in ([], [False])


def test_a_boundarys_number_must_be_on_the_side_the_criterion_puts_it(tmp_path: Path) -> None:
    assert read_criterion("Shipping is free for orders of 50 euros or more").boundaries == (("50", "high"),)
    assert read_criterion("Children under 12 travel at half price").boundaries == (("12", "high"),)
    assert read_criterion("The first 3 support tickets of a month cost nothing").boundaries == (("3", "low"),)
    assert read_criterion("Parcels heavier than 20 kg need a second driver").boundaries == (("20", "low"),)
    assert read_criterion("At most 5 seats per booking").boundaries == ()  # a count before or after adding: either
    criterion = "Shipping is free for orders of 50 euros or more"
    code = "FREE_FROM = 50\n\n\ndef shipping_euros(order):\n    return 0 if order.total {} FREE_FROM else 4.95\n"
    assert maps(tmp_path / "a", criterion, {"shipping.py": code.format(">=")})
    assert not maps(tmp_path / "b", criterion, {"shipping.py": code.format(">")})
    assert comparisons_with("if (50 < order.total) ship()", "50") == [">"]
    assert comparisons_with("when age in 0..<12 -> child", "12") == ["<"]
    assert comparisons_with("List<Order> xs = load(50)", "50") == []


def test_two_sort_keys_are_kept_in_the_criterions_order(tmp_path: Path) -> None:
    assert read_criterion("Books are listed by author, then by title").sort_keys == ("author", "title")
    assert read_criterion("Orders are sorted by date with ties broken by amount").sort_keys == ("date", "amount")
    criterion = "Books are listed by author, then by title"
    code = "def shelf(books):\n    return sorted(books, key=lambda b: (b.{}, b.{}))\n"
    assert maps(tmp_path / "a", criterion, {"library.py": code.format("author", "title")})
    assert not maps(tmp_path / "b", criterion, {"library.py": code.format("title", "author")})
    sql = "SELECT author, title FROM books\nORDER BY {};\n"
    assert maps(tmp_path / "c", criterion, {"books_listing.sql": sql.format("author, title")})
    assert not maps(tmp_path / "d", criterion, {"books_listing.sql": sql.format("title")})


def test_the_window_of_a_rate_is_no_word_to_miss(tmp_path: Path) -> None:
    assert [c.kind for c in read_criterion("A customer may swap plans 3 times per month").concepts
            if c.label == "month"] == ["period"]
    criterion = "A customer may swap plans 3 times per month"
    right = ("class Subscription:\n    MAX_SWAPS = 3\n\n    def swap_plan(self, plan, today):\n"
             "        swaps = [s for s in self.swaps if (s.year, s.month) == (today.year, today.month)]\n"
             "        if len(swaps) >= self.MAX_SWAPS:\n            raise PlanError('no more swaps this month')\n"
             "        self.swaps.append(Swap(plan, today))\n")
    ever = ("class Subscription:\n    MAX_SWAPS = 3\n\n    def swap_plan(self, plan, today):\n"
            "        if len(self.swaps) >= self.MAX_SWAPS:\n            raise PlanError('no more swaps')\n"
            "        self.swaps.append(Swap(plan, today))\n")
    assert maps(tmp_path / "a", criterion, {"billing/customer.py": right})
    assert not maps(tmp_path / "b", criterion, {"billing/customer.py": ever})


def test_who_did_the_most_ranks_from_the_top(tmp_path: Path) -> None:
    assert labels("Show the top 5 products") == ["descending", "show", "5", "products"]
    assert "ascending" in labels("List the 3 cheapest flights")
    assert "descending" in labels("The badge goes to the 3 reviewers who commented the most last month")
    criterion = "The badge goes to the 3 reviewers who commented the most last month"
    query = ("SELECT reviewer_id, COUNT(*) AS comments FROM review_comments\n"
             "WHERE created_at >= now() - interval '1 month'\nGROUP BY reviewer_id\nORDER BY comments{}\nLIMIT 3;\n")
    assert maps(tmp_path / "a", criterion, {"badges/reviewer_badge.sql": query.format(" DESC")})
    assert not maps(tmp_path / "b", criterion, {"badges/reviewer_badge.sql": query.format("")})


def test_every_change_to_a_thing_needs_code_that_reacts_to_updates(tmp_path: Path) -> None:
    assert read_criterion("Every change to a product's price is kept in the price history").on_update
    assert read_criterion("Whenever a shipping address is edited, the customer is notified").on_update
    assert not read_criterion("New products are kept in the catalogue").on_update
    criterion = "Whenever a shipping address is edited, the customer gets a notification email"
    model = ("class ShippingAddress < ApplicationRecord\n  belongs_to :customer\n  after_{}_commit :notify_customer\n\n"
             "  def notify_customer\n    AddressMailer.with(address: self).changed.deliver_later\n  end\nend\n")
    before = {"app/models/shipping_address.rb": "class ShippingAddress < ApplicationRecord\n  belongs_to :customer\nend\n"}
    assert maps(tmp_path / "a", criterion, {"app/models/shipping_address.rb": model.format("update")}, before)
    assert not maps(tmp_path / "b", criterion, {"app/models/shipping_address.rb": model.format("create")}, before)


def test_a_word_the_units_file_names_elsewhere_is_a_sibling_not_a_word_to_miss(tmp_path: Path) -> None:
    criterion = "Nightly snapshots are taken of the ledger volume"
    before = {"infra/volumes.tf": 'resource "aws_ebs_volume" "ledger" {\n  size = 100\n}\n\n'
                                  'resource "aws_ebs_volume" "search" {\n  size = 50\n}\n'}
    policy = ('\nresource "aws_dlm_lifecycle_policy" "{0}_nightly" {{\n  description = "nightly snapshots"\n'
              '  policy_details {{\n    target_tags = {{ Volume = aws_ebs_volume.{0}.id }}\n'
              '    schedule {{\n      create_rule {{ times = ["03:00"] }}\n    }}\n  }}\n}}\n')
    assert maps(tmp_path / "a", criterion, {"infra/volumes.tf": before["infra/volumes.tf"] + policy.format("ledger")}, before)
    assert not maps(tmp_path / "b", criterion, {"infra/volumes.tf": before["infra/volumes.tf"] + policy.format("search")},
                    before)


def test_a_bound_word_before_its_number_is_the_codes_operator(tmp_path: Path) -> None:
    concepts = {c.label: c for c in read_criterion("Warn the driver when tyre pressure drops below 1.8 bar").concepts}
    assert not concepts["below"].strong and concepts["1.8"].strong
    assert [c.label for c in read_criterion("Freezer alarm below -18 °C").concepts if c.kind == "short"] == []
    criterion = "Warn the driver when a tyre pressure is below 2 bar"
    code = "def check_tyres(car, warn):\n    for tyre in car.tyres:\n        if tyre.pressure_bar {} 2:\n" \
           "            warn(car.driver, f'low tyre pressure: {{tyre.position}}')\n"
    assert maps(tmp_path / "a", criterion, {"dashboard/tyres.py": code.format("<")})
    assert not maps(tmp_path / "b", criterion, {"dashboard/tyres.py": code.format("<=")})


def test_a_refusing_status_named_by_its_constant_is_its_number_and_a_refusal(tmp_path: Path) -> None:
    assert "reject" in idiom_concepts("return ResponseEntity.status(HttpStatus.UNAUTHORIZED).build();")
    assert "reject" in idiom_concepts("raise HTTPException(status.HTTP_409_CONFLICT)")
    assert "reject" not in idiom_concepts("return ResponseEntity.status(HttpStatus.CREATED).body(saved);")
    criterion = "Uploads without a session cookie are refused with 401"
    code = ("func Upload(w http.ResponseWriter, r *http.Request) {{\n\tif _, err := r.Cookie(\"session\"); err != nil {{\n"
            "\t\tw.WriteHeader(http.{})\n\t\treturn\n\t}}\n\tstore(r.Body)\n}}\n")
    assert maps(tmp_path / "a", criterion, {"uploads/handler.go": code.format("StatusUnauthorized")})
    assert not maps(tmp_path / "b", criterion, {"uploads/handler.go": code.format("StatusForbidden")})


def test_an_element_skipped_in_a_loop_is_dropped(tmp_path: Path) -> None:
    assert "filter" in unit_idioms("for o in orders:\n    if o.test_order:\n        continue\n    total += o.amount\n")
    assert "filter" in unit_idioms("orders.each do |o|\n  next if o.test_order?\n  total += o.amount\nend\n")
    assert "filter" not in unit_idioms("for o in orders:\n    total += o.amount\n")
    criterion = "Revenue totals drop test orders"
    code = "def revenue_total(orders):\n    total = 0\n    for o in orders:\n{}        total += o.amount\n    return total\n"
    assert maps(tmp_path / "a", criterion, {"reports/revenue.py": code.format("        if o.is_test:\n            continue\n")})
    assert not maps(tmp_path / "b", criterion, {"reports/revenue.py": code.format("        o.is_test = False\n")})


def test_programming_words_for_seeking_and_for_expiry(tmp_path: Path) -> None:
    assert "seek" in concepts_of_word("jumps") and "seek" in concepts_of_word("rewind")
    assert "expire" in labels("Invite links stop working after 7 days")
    criterion = "Invite links stop working after 7 days"
    code = ("from datetime import timedelta\n\nINVITE_TTL = timedelta(days={})\n\n\n"
            "def redeem_invite_link(invite, now):\n    if now - invite.created_at > INVITE_TTL:\n"
            "        raise InviteError('invite link expired')\n    return invite.team\n")
    assert maps(tmp_path / "a", criterion, {"teams/invites.py": code.format(7)})
    assert not maps(tmp_path / "b", criterion, {"teams/invites.py": code.format(1)})


def test_a_retention_setting_counts_in_the_criterions_unit_unless_its_name_says_another() -> None:
    assert retention_in("log_retention = 30", "30", "day")
    assert retention_in("  retentionInDays: 30", "30", "day")
    assert not retention_in("retention_hours = 30", "30", "day")
    assert not retention_in("retention = 3", "30", "day")
    assert retention_in("keep_backups = 7", "7", "days")
    assert not retention_in("CACHE_RETENTION = 5", "5", "minutes")  # a bare count of minutes is seconds, most likely


def test_an_error_only_logged_where_it_is_caught_reaches_no_user(tmp_path: Path) -> None:
    assert read_criterion("When the upload fails the user sees an error").sees_error
    assert not read_criterion("Failed uploads are retried").sees_error
    assert swallows_errors("try:\n    upload(f)\nexcept OSError as e:\n    logger.warning('upload failed %s', e)\n", app=False)
    assert not swallows_errors("try:\n    upload(f)\nexcept OSError:\n    print('upload failed')\n", app=False)
    assert swallows_errors("do { try upload(f) } catch { print(error) }", app=True)
    criterion = "When the upload fails the user sees an error banner"
    view = ("class UploadViewModel(private val api: Api) : ViewModel() {{\n    val errorBanner = MutableLiveData<String?>()\n\n"
            "    fun upload(file: File) = viewModelScope.launch {{\n        try {{\n            api.upload(file)\n"
            "        }} catch (e: IOException) {{\n            {}\n        }}\n    }}\n}}\n")
    assert maps(tmp_path / "a", criterion, {"app/UploadViewModel.kt": view.format('errorBanner.value = "Upload failed"')})
    assert not maps(tmp_path / "b", criterion, {"app/UploadViewModel.kt": view.format('Log.e("upload", "failed", e)')})


def test_a_price_per_something_is_multiplied_by_how_many(tmp_path: Path) -> None:
    assert read_criterion("City tax is 3 € per guest per night").rates == (("3", "guest"),)
    assert read_criterion("At most 10 login attempts per IP address per hour").rates == ()
    assert read_criterion("Hours above 40 in a week are paid double").rates == ()
    criterion = "Extra luggage costs 12 euros per bag"
    code = "BAG_FEE = 12\n\n\ndef luggage_cost(booking):\n    return {}\n"
    assert maps(tmp_path / "a", criterion, {"booking/luggage.py": code.format("BAG_FEE * booking.extra_bags")})
    assert not maps(tmp_path / "b", criterion, {"booking/luggage.py": code.format("BAG_FEE if booking.extra_bags else 0")})


def test_a_refusal_on_the_complement_of_its_condition_is_inverted(tmp_path: Path) -> None:
    assert read_criterion("Sign-up is refused for users under 16").refused_if == ("16", "<")
    assert read_criterion("Coupons are rejected when the cart has fewer than 3 items").refused_if == ("3", "<")
    criterion = "Coupons are rejected when the cart has fewer than 3 items"
    code = ("MIN_ITEMS = 3\n\n\ndef apply_coupon(cart, coupon):\n    if len(cart.items) {} MIN_ITEMS:\n"
            "        raise CouponError('add more items to use this coupon')\n    cart.coupon = coupon\n")
    assert maps(tmp_path / "a", criterion, {"shop/coupons.py": code.format("<")})
    assert not maps(tmp_path / "b", criterion, {"shop/coupons.py": code.format(">=")})


def test_a_permission_predicate_that_answers_false_refuses_and_allman_braces_keep_their_signature(tmp_path: Path) -> None:
    assert "reject" in unit_idioms("public function canPublish(Post $p): bool\n{\n    return false;\n}\n")
    assert "reject" not in unit_idioms("public function isPublished(Post $p): bool\n{\n    return false;\n}\n")
    criterion = "Publishing is blocked while a post has no title"
    before = {"src/Blog/PostPolicy.php": "<?php\n\nfinal class PostPolicy\n{\n    public function canPublish(Post $post): bool\n"
                                         "    {\n        return true;\n    }\n}\n"}
    after = {"src/Blog/PostPolicy.php": "<?php\n\nfinal class PostPolicy\n{\n    public function canPublish(Post $post): bool\n"
                                        "    {\n        if (trim($post->title) === '') {\n            return false;\n        }\n"
                                        "        return true;\n    }\n}\n"}
    assert maps(tmp_path / "a", criterion, after, before)


def test_a_stand_in_for_a_missing_value_locale_codes_and_a_maximum_count() -> None:
    assert "missing" in idiom_concepts("return labels[lang]?.[key] ?? labels.fr[key];")
    assert "french" in concepts_of_word("fr") and "english" in concepts_of_word("en")
    assert [c.strong for c in read_criterion("Retry maximum 5 times").concepts if c.label == "limit"] == [False]


def test_a_loop_with_a_fixed_number_of_rounds_caps_the_attempts(tmp_path: Path) -> None:
    assert "limit" in idiom_concepts("for n in $(seq 1 5); do")
    assert "limit" in idiom_concepts("for attempt in range(1, 6):")
    assert "limit" in idiom_concepts("3.times do |i|")
    assert "limit" not in idiom_concepts("for row in rows:")
    criterion = "The backup job tries the upload at most 4 times, then gives up with an error"
    script = ("#!/usr/bin/env bash\nset -eu\nfor i in {}; do\n  if aws s3 cp backup.tgz s3://acme-backups/; then\n"
              "    exit 0\n  fi\n  sleep 10\ndone\necho 'backup upload failed' >&2\nexit 1\n")
    assert maps(tmp_path / "a", criterion, {"scripts/backup_upload.sh": script.format("$(seq 1 4)")})
    assert not maps(tmp_path / "b", criterion, {"scripts/backup_upload.sh": script.format("$(seq 1 40)")})


def test_the_actor_of_a_scenario_is_no_code_and_in_a_row_compares_with_the_one_before(tmp_path: Path) -> None:
    assert "scene" not in labels("When the passenger cancels within 24 hours, the fare is refunded")
    assert "passenger" not in [c.label for c in read_criterion(
        "When the passenger cancels within 24 hours, the fare is refunded").concepts if c.strong]
    assert "consecutive" in labels("A quiz never asks the same question twice in a row")
    assert "consecutive" in idiom_concepts("while q is self.last_question:")
    criterion = "A quiz never asks the same question twice in a row"
    before = {"quiz/deck.py": "import random\n\n\nclass Deck:\n    def __init__(self, questions):\n"
                              "        self.questions = questions\n        self.last_question = None\n\n"
                              "    def ask(self):\n        q = random.choice(self.questions)\n"
                              "        self.last_question = q\n        return q\n"}
    after = {"quiz/deck.py": before["quiz/deck.py"].replace(
        "        q = random.choice(self.questions)\n",
        "        q = random.choice(self.questions)\n        while len(self.questions) > 1 and q is self.last_question:\n"
        "            q = random.choice(self.questions)\n")}
    assert maps(tmp_path / "a", criterion, after, before)
    assert not maps(tmp_path / "b", criterion, {"quiz/deck.py": before["quiz/deck.py"].replace(
        "        q = random.choice(self.questions)\n", "        q = random.choice(self.questions)  # random enough\n")},
        before)


def test_until_both_are_filled_is_one_emptiness_check_on_both(tmp_path: Path) -> None:
    assert "empty" in labels("Save stays greyed out until both title and body are entered")
    assert read_criterion("Save stays disabled until both title and body are entered").both == ("title", "body")
    criterion = "The save button stays disabled until both title and body are entered"
    form = ("export function NoteForm() {{\n  const [title, setTitle] = useState(\"\");\n  const [body, setBody] = useState(\"\");\n"
            "  return (\n    <form>\n      <input value={{title}} onChange={{(e) => setTitle(e.target.value)}} />\n"
            "      <textarea value={{body}} onChange={{(e) => setBody(e.target.value)}} />\n"
            "      <button disabled={{{}}}>Save</button>\n    </form>\n  );\n}}\n")
    assert maps(tmp_path / "a", criterion, {"src/NoteForm.tsx": form.format("!title.trim() || !body.trim()")})
    assert not maps(tmp_path / "b", criterion, {"src/NoteForm.tsx": form.format("!title.trim()")})


def test_a_currency_formatter_writes_two_decimals(tmp_path: Path) -> None:
    criterion = "Totals are shown in pounds with two decimals"
    code = ("export const formatTotal = (pence: number) =>\n"
            "  new Intl.NumberFormat(\"en-GB\", {{ style: \"{}\", currency: \"GBP\" }}).format(pence / 100);\n")
    assert maps(tmp_path / "a", criterion, {"src/money/pounds.ts": code.format("currency")})
    assert not maps(tmp_path / "b", criterion, {"src/money/pounds.ts": "export const formatTotal = (pence: number) =>\n"
                                                                        "  `£${Math.round(pence / 100)}`;\n"})


# -- round 5: words on a line that does the opposite ----------------------------------------------------------
def test_a_refusal_needs_a_line_that_refuses_not_one_that_names_the_error(tmp_path: Path) -> None:
    criterion = "An upload without a checksum is rejected"
    logged = ("def accept(upload):\n    if upload.checksum is None:\n"
              "        logger.warning('upload %s has no checksum: UploadError', upload.id)\n    store(upload)\n")
    refused = ("def accept(upload):\n    if upload.checksum is None:\n"
               "        raise UploadError('no checksum')\n    store(upload)\n")
    assert not maps(tmp_path / "logged", criterion, {"uploads/accept.py": logged})
    assert maps(tmp_path / "refused", criterion, {"uploads/accept.py": refused})
    go_logged = ("package jobs\n\nfunc (q *Queue) Push(j Job) error {\n\tif err := q.journal.Append(j); err != nil {\n"
                 "\t\tlog.Printf(\"journal: %v\", err)\n\t}\n\treturn q.enqueue(j)\n}\n")
    go_aborted = go_logged.replace('log.Printf("journal: %v", err)', "return err")
    criterion = "A job push is aborted when appending to the journal fails"
    assert not maps(tmp_path / "go-logged", criterion, {"jobs/queue.go": go_logged})
    assert maps(tmp_path / "go-aborted", criterion, {"jobs/queue.go": go_aborted})


def test_a_filter_that_keeps_what_already_happened_does_not_hide_it(tmp_path: Path) -> None:
    criterion = "orders page: hide orders already shipped"
    shown = ("def orders(request):\n    rows = Order.objects.filter(customer=request.user, shipped_at__isnull={})\n"
             "    return render(request, 'orders.html', {{'orders': rows}})\n")
    assert not maps(tmp_path / "shown", criterion, {"shop/views.py": shown.format("False")})
    assert maps(tmp_path / "hidden", criterion, {"shop/views.py": shown.format("True")})


def test_a_flag_assigned_to_the_blank_identifier_is_never_read() -> None:
    code = ('_ = flag.Bool("force", false, "overwrite")\nflag.Parse()\nfor _, f := range files {\n\twrite(f)\n}\n')
    assert not handles_flag(code, "force")
    read = code.replace("_ = flag.Bool", "force := flag.Bool").replace("\twrite(f)", "\tif *force {\n\t\twrite(f)\n\t}")
    assert handles_flag(read, "force")


def test_a_contrasted_alternative_is_not_asked_for_and_a_unit_using_it_cannot_answer(tmp_path: Path) -> None:
    criterion = "Invoices are addressed to the company's postal address, not to its visiting address"
    code = "def address_invoice(invoice):\n    invoice.to = invoice.company.{}_address\n    return invoice\n"
    assert maps(tmp_path / "postal", criterion, {"billing/invoices.py": code.format("postal")})
    assert not maps(tmp_path / "visiting", criterion, {"billing/invoices.py": code.format("visiting")})


def test_a_cron_step_states_its_period_and_is_not_hourly(tmp_path: Path) -> None:
    criterion = "The sync job runs every 20 minutes"
    job = "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: sync\nspec:\n  schedule: \"{}\"\n"
    assert maps(tmp_path / "step", criterion, {"deploy/sync.yaml": job.format("*/20 * * * *")})
    assert not maps(tmp_path / "hourly", criterion, {"deploy/sync.yaml": job.format("20 * * * *")})


def test_a_less_function_over_two_indexes_gives_the_direction_and_fastest_is_the_least() -> None:
    assert {"sort", "ascending"} <= idiom_concepts("sort.Slice(ps, func(i, j int) bool { return ps[i].Lap < ps[j].Lap })")
    assert "descending" in idiom_concepts("sort.Slice(ps, func(i, j int) bool { return ps[i].Lap > ps[j].Lap })")
    assert "ascending" in labels("leaderboard: sorted by lap time, quickest first")
    assert "ascending" in labels("Deliveries are listed by distance, nearest first")


def test_a_timeout_aborts_after_its_own_value_in_its_own_unit(tmp_path: Path) -> None:
    criterion = "A pipeline is aborted after running for 20 minutes"
    stage = "pipeline {{\n    agent any\n    options {{\n        timeout(time: 20, unit: '{}')\n    }}\n}}\n"
    assert maps(tmp_path / "minutes", criterion, {"Jenkinsfile": stage.format("MINUTES")})
    assert not maps(tmp_path / "seconds", criterion, {"Jenkinsfile": stage.format("SECONDS")})
    assert idiom_concepts("HEALTHCHECK --interval=30s --timeout=5s CMD curl -f http://localhost/") >= {"abort"}


def test_a_template_that_renders_only_when_a_condition_fails_hides_what_it_wraps(tmp_path: Path) -> None:
    criterion = "The Renew button is hidden for loans that are already overdue"
    card = "<script>\n  export let loan;\n</script>\n\n{{#if {}loan.overdue}}\n  <button>Renew</button>\n{{/if}}\n"
    assert maps(tmp_path / "negated", criterion, {"src/LoanCard.svelte": card.format("!")})
    assert not maps(tmp_path / "shown", criterion, {"src/LoanCard.svelte": card.format("")})
    assert "hidden" in idiom_concepts('<li v-if="!item.archived">')
    assert "hidden" not in idiom_concepts('<li v-if="item.archived">')


def test_an_fx_module_is_about_exchange_rates(tmp_path: Path) -> None:
    assert "exchange" in concepts_of_word("fx")
    code = "def fx_rate(raw: float) -> float:\n    return round(raw, 4)\n"
    assert maps(tmp_path / "fx", "Exchange rates are rounded to 4 decimals", {"billing/fx.py": code})
    assert not maps(tmp_path / "two", "Exchange rates are rounded to 4 decimals",
                    {"billing/fx.py": code.replace("4)", "2)")})
