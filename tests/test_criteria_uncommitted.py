"""Round 23: a SQLite write never committed keeps nothing (gates/uncommitted.py; held-out 26's first false pass).

Cases of its own, unlike the corpus's: a seed library's packets, a darkroom's bookings, a tool shed's loans. Real files
in a temporary folder read as the engine reads a change; the SQLite behaviour the rule stands on is checked on a real
database file too.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pmtui.delivery.gates.alignment import map_criteria
from pmtui.delivery.gates.uncommitted import never_committed, uncommitted
from tests.criteria_corpus.corpus import Case, change_for

PACKETS = '''import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


def library():
    return sqlite3.connect("seeds.db")


@app.post("/packets")
def donate_packet():
    body = request.get_json(silent=True) or {}
    variety = (body.get("variety") or "").strip()
    if not variety:
        return jsonify(error="say which variety the packet is"), 400
    conn = library()
    cur = conn.execute("INSERT INTO packets (variety, grower) VALUES (?, ?)", (variety, body.get("grower", "")))
    conn.commit()
    return jsonify(id=cur.lastrowid, variety=variety), 201
'''

CRITERION = "A user can donate a seed packet from the app and sees the result saved"


def _located(tmp_path: Path, criterion: str, files: dict[str, str]) -> str | None:
    case = Case(id="t", criterion=criterion, expect="pass", style="", lang="python", after=files)
    return map_criteria([criterion], change_for(case, tmp_path))[0].location


def test_sqlite_rolls_back_a_write_nobody_commits(tmp_path: Path) -> None:
    path = tmp_path / "seeds.db"
    setup = sqlite3.connect(path)
    setup.execute("CREATE TABLE packets (variety TEXT)")
    setup.commit()
    setup.close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO packets (variety) VALUES ('Kelvedon Wonder')")
    conn.close()
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM packets").fetchone() == (0,)


def test_a_write_never_committed_does_not_keep_the_result(tmp_path: Path) -> None:
    assert _located(tmp_path / "a", CRITERION, {"app.py": PACKETS}) is not None
    forgotten = PACKETS.replace("    conn.commit()\n", "")
    assert _located(tmp_path / "b", CRITERION, {"app.py": forgotten}) is None


def test_a_connection_used_as_a_context_manager_or_in_autocommit_commits(tmp_path: Path) -> None:
    with_block = PACKETS.replace("    conn = library()\n    cur = conn.execute(", "    with library() as conn:\n        cur = conn.execute(") \
        .replace("    conn.commit()\n", "")
    assert _located(tmp_path / "a", CRITERION, {"app.py": with_block}) is not None
    autocommit = PACKETS.replace('sqlite3.connect("seeds.db")', 'sqlite3.connect("seeds.db", isolation_level=None)') \
        .replace("    conn.commit()\n", "")
    assert _located(tmp_path / "b", CRITERION, {"app.py": autocommit}) is not None


def test_only_a_criterion_that_asks_for_the_result_kept_and_only_sqlite() -> None:
    forgotten = PACKETS.replace("    conn.commit()\n", "")
    assert uncommitted(forgotten)
    assert not never_committed("A user can donate a seed packet from the app", forgotten)
    assert never_committed("The packet is stored", forgotten)
    # a file opened with `with open(...)` is no commit; another store's write is not judged here
    assert uncommitted(forgotten + '\nwith open("log.txt") as f:\n    f.write("x")\n')
    assert not uncommitted(forgotten.replace("sqlite3.connect", "psycopg.connect"))


def test_a_criterion_that_says_stored_is_judged_the_same(tmp_path: Path) -> None:
    criterion = "A donated packet is stored with its grower"
    assert _located(tmp_path / "a", criterion, {"app.py": PACKETS}) is not None
    assert _located(tmp_path / "b", criterion, {"app.py": PACKETS.replace("    conn.commit()\n", "")}) is None
