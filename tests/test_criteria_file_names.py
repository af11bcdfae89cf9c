"""Criteria round 20: a criterion found in a plan-titled file's own name, not in its code (file_names), and a value
taken and saved as NULL (dropped_values.stores_null_for_taken). Examples unlike the corpus's: an allotment's water
rota, a café's fridge temperature log, a darts league's fixture list, a ferry's crossing bookings."""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.dropped_values import stores_null_for_taken
from tests.test_criteria_rules_pm import maps

ROTA = "A user can see the allotment water rota from the app"


def test_a_function_that_does_something_else_in_the_titled_file_maps_nothing(tmp_path: Path) -> None:
    # the file's name holds every word of the criterion; the function in it works out a tap's pressure
    wrong = "def tap_pressure(bar: float) -> float:\n    return round(bar * 14.5, 1)\n"
    assert not maps(tmp_path / "wrong", ROTA, {"src/allotment_water_rota.py": wrong})
    # the same file, the code itself naming the rota and giving it back
    right = ("def water_rota(plots: list[str], weeks: int) -> dict[int, str]:\n"
             "    return {week: plots[week % len(plots)] for week in range(1, weeks + 1)}\n")
    assert maps(tmp_path / "right", ROTA, {"src/allotment_water_rota.py": right})


def test_a_module_of_loose_lines_lends_no_words_by_its_file_name(tmp_path: Path) -> None:
    # the module's own unit is named after its file: a constant of something else is no fixture list
    wrong = "OCHE_DISTANCE_CM = 237\nBOARD_HEIGHT_CM = 173\n"
    assert not maps(tmp_path / "wrong", "A user can see the darts fixture list from the app",
                    {"league/darts_fixture_list.py": wrong})


def test_a_seeing_criterion_is_not_met_by_a_unit_that_only_stores(tmp_path: Path) -> None:
    criterion = "Staff can see the fridge temperature log"
    # the object is named by the code (`log` rows), but the function only writes them: nothing is given back to see
    wrong = ("import json\nfrom pathlib import Path\n\n\n"
             "def log_reading(path: Path, reading: dict) -> None:\n"
             "    rows = json.loads(path.read_text()) if path.exists() else []\n"
             "    rows.append(reading)\n"
             "    path.write_text(json.dumps(rows))\n")
    assert not maps(tmp_path / "wrong", criterion, {"kitchen/fridge_temperature_log.py": wrong})
    right = wrong + ("\n\ndef temperature_log(path: Path) -> list[dict]:\n"
                     "    return json.loads(path.read_text()) if path.exists() else []\n")
    assert maps(tmp_path / "right", criterion, {"kitchen/fridge_temperature_log.py": right})


def test_an_engineers_one_word_file_name_still_lends_its_word(tmp_path: Path) -> None:
    # `ferries/crossing.py` is the engineer's concept: its code cancels, the name says what
    code = ("def cancel(booking_id: int, db) -> None:\n"
            "    db.execute(\"UPDATE bookings SET cancelled = 1 WHERE id = ?\", (booking_id,))\n")
    assert maps(tmp_path / "one", "A booking for a crossing can be cancelled", {"ferries/crossing.py": code})


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
