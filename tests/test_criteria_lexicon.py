"""Round 23: a lexicon (WordNet 3.0, cut down to pmtui/data/lexicon.json.gz) as one more bridge from a criterion's
domain noun to the code's own name for it (gates/lexicon.py, hooked into alignment.judge beside the title bridge).

Each case is a (criterion, change) of its own, unlike the criteria corpus's: a furniture shop's couches, a cutlery
drawer's blades, a bike shop's pedals, a folk club's fiddles, a cab firm's trips. The change is real files in a
temporary folder, read as the engine reads a change (tests.criteria_corpus.corpus.change_for).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from pmtui.delivery.gates.alignment import map_criteria
from pmtui.delivery.gates.lexicon import ALL_KINDS, DATA, KINDS, lemma, lexicon, relation
from tests.criteria_corpus.corpus import Case, change_for

COUCHES = '''import sqlite3


def couches_by_price(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    return conn.execute("SELECT name, price FROM couches ORDER BY price").fetchall()
'''

CHEAP = '''def cheap_couches(couches: list[dict]) -> list[dict]:
    return [c for c in couches if c["price"] < 500]
'''

BLADES = '''from collections import Counter


def count_blades_per_drawer(items: list[dict]) -> dict[str, int]:
    return dict(Counter(item["drawer"] for item in items if item["kind"] == "blade"))
'''

FIDDLES = '''import sqlite3


def lend_fiddle(conn: sqlite3.Connection, member: str, fiddle_id: int) -> None:
    if not member.strip():
        raise ValueError("say who is borrowing it")
    conn.execute("INSERT INTO fiddle_loans (member, fiddle_id) VALUES (?, ?)", (member, fiddle_id))
    conn.commit()
'''

TRIPS = '''def total_fares(trips: list[dict]) -> float:
    return sum(trip["fare"] for trip in trips)
'''


def _located(tmp_path: Path, criterion: str, files: dict[str, str]) -> str | None:
    case = Case(id="t", criterion=criterion, expect="pass", style="", lang="python", after=files)
    return map_criteria([criterion], change_for(case, tmp_path))[0].location


def test_a_synonym_of_the_criterions_noun_shows_it(tmp_path: Path) -> None:
    # "sofa" is named nowhere; the code's couches are WordNet's sofa (one synset: couch, sofa, lounge)
    assert _located(tmp_path / "a", "List every sofa sorted by price", {"shop/catalogue.py": COUCHES}) is not None
    assert _located(tmp_path / "b", "List every sofa under 500", {"shop/catalogue.py": CHEAP}) is not None
    # the near misses stay out: sorted by name, the dear ones
    by_name = COUCHES.replace("ORDER BY price", "ORDER BY name")
    assert _located(tmp_path / "c", "List every sofa sorted by price", {"shop/catalogue.py": by_name}) is None
    dear = CHEAP.replace('c["price"] < 500', 'c["price"] > 500')
    assert _located(tmp_path / "d", "List every sofa under 500", {"shop/catalogue.py": dear}) is None


def test_a_part_of_the_criterions_thing_shows_it(tmp_path: Path) -> None:
    # a knife has a blade (WordNet's "knife blade", reached by the compound's head word)
    assert _located(tmp_path, "Count the knives in each drawer", {"kitchen/stock.py": BLADES}) is not None


def test_a_word_the_lexicon_relates_by_a_frequent_sense_only(tmp_path: Path) -> None:
    # a fiddle is a violin; the loan is kept, the borrower refused when blank
    assert _located(tmp_path, "A member can borrow a violin and the loan is saved", {"club/loans.py": FIDDLES}) is not None


def test_the_verb_and_every_other_word_must_still_be_shown(tmp_path: Path) -> None:
    # the couches are the sofas, but nothing returns them "in stock", nor sorts by "colour"
    assert _located(tmp_path / "a", "List every sofa in stock by colour", {"shop/catalogue.py": COUCHES}) is None
    # the fiddle is the violin, but nothing "repairs" it
    assert _located(tmp_path / "b", "A member can repair a violin and the repair is saved", {"club/loans.py": FIDDLES}) is None


def test_a_kind_or_a_more_general_thing_does_not_open_the_door(tmp_path: Path) -> None:
    # measured in round 23: both kinds let a wrong change of the corpus through, so neither is used by the matcher
    assert relation("marquee", "tents", ALL_KINDS) == "general" and relation("marquee", "tents") is None
    assert relation("room", "bedroom", ALL_KINDS) == "kind" and relation("room", "bedroom") is None
    assert "kind" not in KINDS and "general" not in KINDS
    # a trip and a ride are both journeys: siblings are kept, so the fares of every trip are the rides' fares
    assert _located(tmp_path, "Sum the fares of every ride", {"cabs/fares.py": TRIPS}) is not None


def test_rare_senses_and_the_abstract_top_levels_open_no_door() -> None:
    assert relation("tree", "diagram", ALL_KINDS) is None  # "tree" the plant, not the tree diagram
    assert relation("book", "bet", ALL_KINDS) is None  # "book" the volume, not the bookmaker's book
    assert relation("walk", "change", ALL_KINDS) is None  # only through WordNet's top levels (act, change)
    assert relation("piece", "item", ALL_KINDS) is None  # item sits four steps below entity
    assert relation("clocks", "clocks", ALL_KINDS) is None  # the same word is no bridge: the matcher sees it anyway


def test_plurals_are_read_regular_and_irregular() -> None:
    assert lemma("knives") == "knife" and lemma("couches") == "couch" and lemma("geese") == "goose"
    assert lemma("qwertyuiop") is None


def test_the_data_file_is_compact_carries_its_license_and_is_read_once() -> None:
    assert DATA.stat().st_size < 1_500_000
    license_text = (DATA.parent / "WORDNET_LICENSE").read_text(encoding="utf-8")
    assert "Princeton University" in license_text and "WordNet 3.0" in license_text
    raw = json.loads(gzip.decompress(DATA.read_bytes()))
    assert {"words", "depth", "up", "parts", "heads", "plurals"} <= set(raw)
    assert lexicon() is lexicon()
