"""Criteria round 20: a criterion found in a plan-titled file's own name, not in its code (file_names), and a value
taken and saved as NULL (dropped_values.stores_null_for_taken). Examples unlike the corpus's: an allotment's water
rota, a café's fridge temperature log, a darts league's fixture list, a ferry's crossing bookings."""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.dropped_values import stores_null_for_taken
from tests.test_criteria_rules_pm import maps


def test_a_value_taken_and_saved_as_null_is_lost() -> None:
    placeholders = ("def add(db, boat, skipper, seats):\n"
                    "    db.execute(\n        \"INSERT INTO crossings (boat, skipper, seats) VALUES (?, ?, ?)\",\n"
                    "        (boat.strip(), None, int(seats)),\n    )\n    return skipper\n")
    assert "skipper" in stores_null_for_taken(placeholders)
    assert stores_null_for_taken(placeholders.replace("None", "skipper.strip()")) == ""
    literal = ("def add(db, boat, skipper):\n"
               "    db.execute(\"INSERT INTO crossings (boat, skipper) VALUES (?, NULL)\", (boat,))\n")
    assert "skipper" in stores_null_for_taken(literal)
    keyword = "def add(boat, skipper):\n    return Crossing.objects.create(boat=boat, skipper=None)\n"
    assert "skipper" in stores_null_for_taken(keyword)
    # a column the function does not take may be NULL on purpose (no skipper yet)
    assert stores_null_for_taken("def add(db, boat):\n    db.execute(\"INSERT INTO crossings (boat, skipper) "
                                 "VALUES (?, ?)\", (boat, None))\n") == ""


def test_a_saved_result_without_the_taken_value_is_not_kept(tmp_path: Path) -> None:
    criterion = "Skipper's name works from start to finish in the app and its result is saved"
    code = ("import sqlite3\n\n\nclass Crossings:\n    def __init__(self, path: str):\n"
            "        self.db = sqlite3.connect(path)\n\n"
            "    def add(self, boat: str, skipper_name: str) -> int:\n"
            "        if not skipper_name.strip():\n            raise ValueError(\"Give the skipper's name\")\n"
            "        cur = self.db.execute(\n"
            "            \"INSERT INTO crossings (boat, skipper_name) VALUES (?, ?)\",\n"
            "            (boat, {value}),\n        )\n        self.db.commit()\n        return cur.lastrowid\n")
    assert maps(tmp_path / "right", criterion, {"ferry/crossings.py": code.format(value="skipper_name.strip()")})
    assert not maps(tmp_path / "wrong", criterion, {"ferry/crossings.py": code.format(value="None")})
