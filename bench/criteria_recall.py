"""Benchmark: the plan-alignment matcher on the criteria corpus (tests/criteria_corpus).

For each set (tuned: the cases the matcher was developed against; heldout: written first, never
tuned against; heldout2: written after heldout had been seen, before the matcher was changed for
it; heldout3: written after the matcher had been changed for heldout2; heldout4: written after
all of that round's changes, measured once; heldout5: written after the changes for heldout4,
measured once; heldout6: written before round 3's changes, measured once, then fitted; heldout7: written
after round 3's changes, measured once, never tuned on; heldout8: written before round 4's changes,
measured once, then used with heldout7 to find classes; heldout9: written after round 4's changes, measured once,
then seen in rounds 5 and 6; heldout10: written before round 5's changes, measured once, then used to find classes; heldout11: written
after round 5's changes, measured once, untuned until round 6 used it with the others to find classes; heldout12: written before round 6's changes, measured once,
then used to find classes; heldout13: written before round 7's changes and before its rules were read, measured once, then used to find classes; heldout14: written before round 8's changes and before its rules were read, measured once, then used to find classes;
heldout15: written before round 9's changes and before its rules were read, measured once, then used to find classes;
heldout16: written before round 10's changes and before its rules were read, measured once;
pm_written: criteria copied from plans pmtui's own offline PM wrote, changes written as agents that know nothing of
pmtui write them, before the rules were read, measured once; heldout17: criteria as users write them in their own plans
(user stories, Given/When/Then, GitHub checkboxes, terse shorthand), written before round 12's changes and before its
rules were read, measured once; heldout18: Jira "AC1:", Gherkin Scenario Outlines, "REQ-12 The system shall", BDD spec
titles, UI checklists, data, performance, security, i18n and accessibility criteria, written before round 13's changes
and before its rules were read, measured once; heldout19: terse ticket titles, "so that" stories, typos, UI text in quotes,
CLI flags and web plumbing (cron, webhooks, uploads, pagination, rate limits, flags, migrations, emails), written before
round 15's changes and before its rules were read, measured once; heldout20: criteria as pmtui's offline PM writes them
for founders' apps, with domain nouns the code calls by another name, written before round 16's changes and before its
rules were read, measured once; heldout21: criteria copied verbatim from pmtui's offline PM plans for six new
founders' ideas, task files named after the task's title, written before round 17's changes and before its rules were
read, measured once; heldout22: the same for six more ideas, code under the agents' own names, written before round
18's changes and before its rules were read, measured once; heldout23: the same for six more ideas with the plans' gate
criteria, written before round 19's changes and before its rules were read, measured once; heldout24: short task titles
turned into file names, each wrong change a function in that file doing something else, written before round 20's
change, measured once untouched; heldout25: criteria copied verbatim from pmtui's offline PM plans for six more ideas,
each case with its task's title, written before round 21's changes and before its rules were read, measured once;
heldout26: the same for six more ideas, the code under the agents' own nouns, written before round 23's changes, measured
once) prints recall on the correct changes, the wrong changes that passed (false passes),
each miss with the matcher's reason, and the time per criterion. A criterion the task's test gate checks ("tests/test_x.py
covers these criteria and passes with `pytest -q`") is decided as the product decides it, the command's run taken as
passed (the corpus runs no test): mapped when the change adds or edits the named test file and that file adds a test
the runner collects that checks something; the column "by the test gate" counts them.

    .venv/bin/python bench/criteria_recall.py [--set tuned|heldout|heldout2|...|heldout16|pm_written|heldout17|heldout18|heldout19|heldout20|heldout21|heldout22|heldout23|heldout24|heldout25|heldout26|all]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.criteria_corpus.corpus import SETS, measure


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    args = parser.parse_args()
    names = SETS if args.set == "all" else (args.set,)
    print("| set | correct | recall | of them by the test gate | wrong | false passes | ms per criterion |")
    print("|---|---|---|---|---|---|---|")
    details: list[str] = []
    for name in names:
        with tempfile.TemporaryDirectory(prefix="pmtui-criteria-") as folder:
            started = time.perf_counter()
            score = measure(name, Path(folder))
            elapsed = (time.perf_counter() - started) * 1000
        found = sum(o.passed for o in score.correct)
        by_gate = sum(o.passed and o.source == "gates" for o in score.correct)
        print(f"| {name} | {len(score.correct)} | {found}/{len(score.correct)} = {score.recall:.1%} | {by_gate} | "
              f"{len(score.wrong)} | {len(score.false_passes)} | {elapsed / len(score.outcomes):.1f} |")
        languages = Counter(o.case.lang for o in score.outcomes)
        details.append(f"{name}: languages {dict(sorted(languages.items()))}")
        details += [f"{name} miss {o.case.id}: {o.case.criterion!r} — {o.note}" for o in score.misses]
        details += [f"{name} FALSE PASS {o.case.id}: {o.case.criterion!r} → {o.location} ({o.note})"
                    for o in score.false_passes]
    print()
    print("\n".join(details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
