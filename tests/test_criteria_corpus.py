"""The criteria corpus against the plan-alignment matcher: a correct change is mapped, a wrong one never.

tests/criteria_corpus/tuned.yaml is the set the matcher is developed against (its goals are
asserted here); heldout.yaml, heldout2.yaml (written after heldout.yaml had been seen, before the
matcher was changed for it), heldout3.yaml (written after the matcher had been changed for
heldout2), heldout4.yaml (written after the changes for heldout3) and heldout5.yaml (written after
the changes for heldout4) are measured by bench/criteria_recall.py and reported apart in
docs/benchmarks.md, each first measured before the matcher was changed for it. The first four have
been fitted since, so their floors here guard against regressions and say nothing new about unseen
criteria. Round 3 (2026-11-26): heldout6.yaml was written and measured once (8/28, 2 false passes)
before any rule changed, then held-out 5 and 6 were fitted by classes of evidence; heldout7.yaml was
written after those changes and measured once (6/18, 3 false passes) and is never tuned on: its floor
is its measured figure, so it only catches a regression. Round 4: heldout8.yaml was written before any rule
changed and measured once (12/25, 8 false passes), then used with held-out 7 to find classes;
heldout9.yaml was written after them and measured once (7/16, 1 false pass) and is never tuned on.
Round 5: heldout10.yaml was written before any rule changed and measured once (9/21, 3 false passes);
heldout11.yaml was written after round 5's changes and measured once (6/16, 2 false passes).
Round 6: heldout12.yaml was written before any rule changed (and before the rules were read) and measured once
(8/24, 1 false pass), then used with the other sets (held-out 8-11 among them) to find classes (19/24, none
after). No set is now unseen: the next round's first-measured set is the only fresh figure.
Round 7: heldout13.yaml was written before any rule changed (and before the rules were read) and measured once
(9/30, 4 false passes), then used with the other sets to find classes (18/30, none after).
Round 8: heldout14.yaml was written before any rule changed (and before the rules were read) and measured once
(17/43, 6 false passes), then used with the other sets to find classes (33/43, none after).
Round 9: heldout15.yaml was written before any rule changed (and before the rules were read) and measured once
(15/41, 3 false passes), then used with the other sets to find classes (23/41, none after).
Round 10: heldout16.yaml was written before any rule changed (and before the rules were read) and measured once
(12/38, 6 false passes), then used with the other sets and bench/criteria_mutants.py to find classes (19/38, none
after); its floor below is that figure, not the recall goal.
Round 12: heldout17.yaml (criteria as users write them in their own plans: user stories, Given/When/Then, GitHub
checkboxes, terse shorthand, HTTP and exit codes) was written before any rule changed (and before the rules were
read) and measured once (21/45, 13 false passes), then used with the other sets and bench/criteria_mutants.py to find
classes (36/45, none after); its floor below is that figure, not the recall goal.
Round 13: heldout18.yaml (Jira "AC1:", Gherkin Scenario Outlines with Examples, "REQ-12 The system shall", BDD spec
titles, UI checklists, data, performance, security, i18n and accessibility criteria) was written before any rule
changed (and before the rules were read) and measured once (20/55, 15 false passes), then used with a class study of
every set's first-measured misses to find mechanisms (27/55, 8 false passes after); its floor below is that figure.
Round 15: heldout19.yaml (terse ticket titles, "so that" stories, typos, UI text in quotes, CLI flags, cron, webhooks,
uploads, pagination, rate limits, feature flags, migrations, emails) was written before any rule changed (and before the
rules were read) and measured once (30/53, 17 false passes), then its false passes' classes were fixed (32/53, none).
Round 16: heldout20.yaml (criteria as pmtui's own offline PM writes them for founders' apps, whose domain nouns the code
calls by another name: booking/appointment, invoice/bill, parent/guardian, tip/gratuity) was written before any rule
changed (and before the rules were read) and measured once (7/48, 2 false passes), then used with the other sets and
bench/criteria_mutants.py to find classes (32/48, none after); its floor below is that figure, not the recall goal.
Round 17: heldout21.yaml (criteria copied verbatim from pmtui's own offline PM plans for six new founders' ideas, their
task files named after the task's title) was written before any rule changed (and before the rules were read) and
measured once (20/45, 12 false passes), then used with the other sets and bench/criteria_mutants.py to find classes
(28/45, none after); its floor below is that figure, not the recall goal.
Round 18: heldout22.yaml (criteria copied verbatim from pmtui's own offline PM plans for six more founders' ideas, code
under the agents' own names) was written before any rule changed (and before the rules were read) and measured once
(11/43, 4 false passes), then its false passes' classes were fixed and a noun named nowhere bound to the change's one
entity (13/43, none after); its floor below is that figure, not the recall goal.
Round 19: heldout23.yaml (criteria copied verbatim from pmtui's own offline PM plans for six more founders' ideas, with the
plans' gate criteria) was written before any rule changed (and before the rules were read) and measured once (20/43, 9
false passes), then the test gate's criteria were decided as the product decides them and its false passes' classes
fixed (22/43, none after); its floor below is that figure, not the recall goal.
Round 21: heldout25.yaml (criteria copied verbatim from pmtui's own offline PM plans for six more founders' ideas, each
case with its task's title) was written before any rule changed (and before the rules were read) and measured once
(17/50, 4 false passes), then the task's title became a bridge to the code's names and its false passes' classes were
fixed (18/50, none after); its floor below is that figure, not the recall goal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.criteria_corpus.corpus import Score, load, measure


@pytest.fixture(scope="module")
def scores(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Score]:
    """Each set measured once for the module: its recall test and its added-line test read the same outcomes
    (each set was measured twice, once per test, for the same result)."""
    folder = tmp_path_factory.mktemp("corpus")
    measured: dict[str, Score] = {}

    def score(name: str) -> Score:
        if name not in measured:
            measured[name] = measure(name, folder)
        return measured[name]

    return score


def test_the_corpus_is_big_and_varied_enough() -> None:
    cases = [case for name in ("tuned", "heldout") for case in load(name)]
    correct = [case for case in cases if case.expect == "pass"]
    wrong = [case for case in cases if case.expect == "fail"]
    assert len(correct) >= 40 and len(wrong) >= 15
    assert len({case.id for case in cases}) == len(cases)
    assert len({case.lang for case in correct}) >= 8
    assert all(case.why for case in wrong), "every wrong change says why it is wrong"


def test_the_second_held_out_set_is_big_and_varied_enough() -> None:
    cases = load("heldout2")
    correct = [case for case in cases if case.expect == "pass"]
    wrong = [case for case in cases if case.expect == "fail"]
    assert len(correct) >= 30 and len(wrong) >= 15
    assert len({case.id for case in cases}) == len(cases)
    assert len({case.lang for case in correct}) >= 12
    assert len({case.style for case in cases}) >= 15
    assert all(case.why for case in wrong), "every wrong change says why it is wrong"
    assert {case.criterion for case in wrong} <= {case.criterion for case in correct}, \
        "each wrong change has a correct twin, so a rule that rejects it is also tested on a change it must pass"


@pytest.mark.parametrize(("name", "correct_at_least", "wrong_at_least"),
                         [("heldout3", 25, 12), ("heldout4", 20, 10), ("heldout5", 22, 12), ("heldout6", 24, 12),
                          ("heldout7", 16, 8), ("heldout8", 20, 12), ("heldout9", 15, 8),
                          ("heldout10", 20, 16), ("heldout11", 15, 12), ("heldout12", 20, 12),
                          ("heldout13", 24, 16), ("heldout14", 30, 24), ("heldout15", 30, 24),
                          ("heldout16", 36, 30), ("pm_written", 45, 25),
                          ("heldout17", 40, 25), ("heldout18", 40, 25), ("heldout19", 45, 30),
                          ("heldout20", 45, 30), ("heldout21", 45, 30), ("heldout22", 40, 25),
                          ("heldout23", 40, 25), ("heldout25", 40, 25), ("heldout26", 40, 25)])
def test_the_later_held_out_sets_are_big_enough_and_each_wrong_change_has_a_twin(
        name: str, correct_at_least: int, wrong_at_least: int) -> None:
    cases = load(name)
    correct = [case for case in cases if case.expect == "pass"]
    wrong = [case for case in cases if case.expect == "fail"]
    assert len(correct) >= correct_at_least and len(wrong) >= wrong_at_least
    everything = [case.id for other in ("tuned", "heldout", "heldout2", "heldout3", "heldout4", "heldout5",
                                        "heldout6", "heldout7", "heldout8", "heldout9", "heldout10",
                                        "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16",
                                        "pm_written", "heldout17", "heldout18", "heldout19", "heldout20",
                                        "heldout21", "heldout22", "heldout23", "heldout24", "heldout25", "heldout26")
                  for case in load(other)]
    assert len(set(everything)) == len(everything)
    assert all(case.why for case in wrong)
    assert {case.criterion for case in wrong} <= {case.criterion for case in correct}


@pytest.mark.parametrize("name", ["heldout", "heldout2", "heldout3", "heldout4"])
def test_held_out_recall_stays_at_least_95_percent_and_no_wrong_change_passes(name: str, scores: Callable[[str], Score]) -> None:
    score = scores(name)
    missed = [f"{o.case.id}: {o.note}" for o in score.misses]
    passed = [f"{o.case.id} → {o.location}: {o.note}" for o in score.false_passes]
    assert score.recall >= 0.95, missed
    assert not passed


def test_held_out_5_keeps_its_recall_and_no_wrong_change_passes(scores: Callable[[str], Score]) -> None:
    """Held-out 5 was measured once (9/24, 2 false passes); its false passes' classes were fixed in round 2
    and some of its misses' classes in round 3 (18/24 then): a regression floor."""
    score = scores("heldout5")
    # round 6: a soft delete, an object-store upload, 'stored as whole cents'
    assert score.recall >= 22 / 24, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [o.case.id for o in score.false_passes]


def test_held_out_6_keeps_its_recall_and_no_wrong_change_passes(scores: Callable[[str], Score]) -> None:
    """Held-out 6: 8/28 and 2 false passes when first measured, 23/28 and none after round 3's classes, 25/28
    after round 5's (an `fx` module is about exchange rates)."""
    score = scores("heldout6")
    assert score.recall >= 25 / 28, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_7_stays_at_its_once_measured_figure(scores: Callable[[str], Score]) -> None:
    """Held-out 7 was measured once, untuned: 6/18 and three false passes (an INSERT trigger for "every
    change", `> 3` for "at most 3", an ascending ORDER BY for "spent the most"). Round 4 fixed the first's
    class (every change needs a trigger on UPDATE) and the third's ("who … the most" ranks from the top),
    round 9 the second's. No more may appear."""
    score = scores("heldout7")
    # round 7: a photo is an image and '300 px wide' a width (the thumbnails)
    assert score.recall >= 12 / 18, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 9 fixed the WIP limit's class (a count checked before the new card is added refuses at the cap)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


@pytest.mark.parametrize("name", ["heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7",
                                  "heldout8", "heldout9", "heldout10", "heldout11",
                                  "heldout12", "heldout13", "heldout14", "heldout15", "heldout16",
                                  "pm_written", "heldout17", "heldout18", "heldout19", "heldout20", "heldout21",
                                  "heldout22", "heldout23", "heldout25", "heldout26"])
def test_a_held_out_criterion_is_mapped_to_an_added_line(name: str, scores: Callable[[str], Score]) -> None:
    for outcome in scores(name).correct:
        if outcome.passed:
            assert outcome.location is not None
            path, line = outcome.location.rsplit(":", 1)
            text = outcome.case.after[path].splitlines()[int(line) - 1]
            old = outcome.case.before.get(path, "").splitlines()
            assert text.strip() and (text not in old or path not in outcome.case.before), outcome.case.id


def test_held_out_8_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 8 was written in round 4 before any matcher change and measured once: 12/25 and eight false
    passes (a boundary by its operator, versioning on the other bucket, `.round` for one decimal, freezes
    counted for ever, a retention in a TODO, a per-day fee charged once, the sort keys swapped, an error
    printed and swallowed)."""
    score = scores("heldout8")
    # round 6: a deadline for an answer ("does not answer within 3 seconds") is the healthcheck's timeout; a make
    # target that runs a linter fails with it
    assert score.recall >= 22 / 25, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_9_stays_at_its_once_measured_figure(scores: Callable[[str], Score]) -> None:
    """Held-out 9 was written after round 4's changes and measured once, untuned: 7/16 and one false pass
    (a Django filter on `consumed_on__isnull=False` for "hide bottles already drunk": the inverse)."""
    score = scores("heldout9")
    # round 5: a timeout aborts (Jenkins' `timeout(time: 45, unit: 'MINUTES')`), a class seen in held-out 8's misses too
    # round 6: a rate per started block, 'up to 24 hours' with a number of two digits, nginx's rate=5r/s
    # round 7: 'more old than' is 'older than', and older is the far side of a cutoff (the log cleanup)
    assert score.recall >= 12 / 16, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 5: a filter that keeps what already happened does not hide it (a class with examples of its own)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_10_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 10 was written in round 5 before any matcher change and measured once: 9/21 and three false
    passes (a missing gravity reading only logged, a --dry-run flag never read, a failed audit write logged
    and the transfer made); 14/21 and none after round 5's classes."""
    score = scores("heldout10")
    # round 6: a script's other lines are its context, a bcrypt cost factor is its rounds
    # round 7: an error returned to the caller is propagated (Zig's try)
    assert score.recall >= 17 / 21, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_11_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 11 was written after round 5's changes and measured once, untuned: 6/16 and two false passes
    (`sortedBy { it.wheelchair }` puts wheelchair seats last; `best_before < CURRENT_DATE` keeps only the
    expired items for "never includes items past their best-before date"). Round 6 used it to find classes."""
    score = scores("heldout11")
    # round 6 fixed both false passes' classes (a true-first order; a filter keeping what is past its date) and
    # some misses' (nobody … within a deadline, 'at most 120', a lifecycle expiration deletes, Math.round(x * 10) / 10)
    assert score.recall >= 10 / 16, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_12_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 12 was written in round 6 before the matcher's rules were read, and measured once: 8/24 and one
    false pass (a status column with no DEFAULT for "new pets are available"); 19/24 and none after round 6."""
    score = scores("heldout12")
    assert score.recall >= 19 / 24, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_13_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 13 was written in round 7 before the matcher's rules were read, and measured once: 9/30 and four
    false passes (operands swapped in a time difference, a check behind a flag that is off, `-gt 1` for "any
    lamp", a filter keeping the recently weighed for "not weighed in the last 60 days")."""
    score = scores("heldout13")
    # round 7 used it with the other sets to find classes: 18/30 after
    assert score.recall >= 18 / 30, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 7 fixed all four's classes: a check behind an off flag, the time since an event for "N before it",
    # "not … in the last N days" kept within the period, a count compared above one for "any"
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_14_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 14 was written in round 8 before the matcher's rules were read, and measured once: 17/43 and six
    false passes (`> 13` for a Given's 13 guests refused, a UNIQUE start named no_overlap, the worst 8 differentials
    for the best, a close behind a flag set off in another file, a height compared with a weight in kg, the same
    shift for "two shifts on the same day")."""
    score = scores("heldout14")
    # round 8 used it with the other sets to find classes: 33/43 after
    assert score.recall >= 33 / 43, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 8 fixed all six's classes and those of the twins its recall fixes exposed (a cap passed to max, a .heic
    # on the blocked list, a depth difference the other way, a deposit refunded on the late side)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_15_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 15 was written in round 9 before the matcher's rules were read, and measured once: 15/41 and three
    false passes (a late fee of 20 pence for "a £20 late fee", a boat's beam compared with 21 m for "longer than 21
    metres", the misters' two thresholds swapped)."""
    score = scores("heldout15")
    # round 9 used it with the other sets to find classes: 23/41 after
    assert score.recall >= 23 / 41, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 9 fixed all three's classes (an amount in pounds found only in pence, a length compared through another
    # dimension, a condition that looks the other way)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_16_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 16 was written in round 10 before the matcher's rules were read, and measured once: 12/38 and six
    false passes (senior prices for those under 60, `length > MAX` checked before the push, a unique key on the boat
    for one boat per berth, `-lt 90` for 'at least 90%', a duration in minutes against a limit in seconds, the two
    penalties' minutes swapped)."""
    score = scores("heldout16")
    # round 10 used it with the other sets to find classes: 19/38 after
    assert score.recall >= 19 / 38, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 10 fixed all six's classes (a branch's condition against what it does, a file's check for a unit that only
    # holds the cap, a check script's exit, minutes against seconds, values given to each other, a one-per key)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_17_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 17 (criteria as users write them in their own plans) was written in round 12 before the matcher's
    rules were read, and measured once: 21/45 and thirteen false passes (200 for "201", `qty < 0` for "rejects qty<=0",
    a third consultation let in, page 0 let through, a 422 listing no values, a refusal not naming the overdue book, a
    header in another order, no digit check, day 90 refused, the oldest notes for "most recently", a pattern of 15 for
    "3-20 chars", the other status refused, the assigned jobs for "unassigned")."""
    score = scores("heldout17")
    # round 12 used it with the other sets to find classes: 36/45 after
    assert score.recall >= 36 / 45, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_18_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 18 (Jira, Gherkin outlines, REQ-nn, BDD titles, UI, data, performance, security, i18n criteria) was
    written in round 13 before the matcher's rules were read, and measured once: 20/55 and fifteen false passes
    (eight after round 13, none after round 14)."""
    score = scores("heldout18")
    # round 13 used it with the class study of every set's first-measured misses: 27/55 after
    assert score.recall >= 27 / 55, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 14 fixed the classes of the eight round 13 left passing (tests/test_criteria_rules_round14.py)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_19_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 19 (terse ticket titles, "so that" stories, typos and non-native English, UI text in quotes, CLI flags,
    and web plumbing: cron, webhooks, uploads, pagination, rate limits, flags, migrations, emails) was written in
    round 15 before the matcher's rules were read, and measured once: 30/53 and seventeen false passes."""
    score = scores("heldout19")
    # round 15 fixed the classes of all seventeen (tests/test_criteria_rules_round15.py): 32/53 after
    assert score.recall >= 32 / 53, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_pm_written_plans_keep_their_recall_and_gain_no_false_pass(scores: Callable[[str], Score]) -> None:
    """pm_written copies its criteria from plans pmtui's own offline PM wrote, judged against changes written as agents
    that know nothing of pmtui write them; written before the rules were read and measured once: 29/82 and ten false
    passes (a refusal saved first, message-less or inverted, nothing saved where "saved" is asked, a TODO list, three
    lists filtered the other way)."""
    score = scores("pm_written")
    # crit11 used it to find classes (plan_shapes.py): 63/82 after; round 17: the PM's import template, 67/82
    assert score.recall >= 67 / 82, [f"{o.case.id}: {o.note}" for o in score.misses]
    # crit11 fixed all ten's classes (a refusal read for its message, its side and the saves behind it; a result
    # saved shown by what keeps it; a list that filters nothing or keeps the dates not yet due)
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_tuned_set_recall_is_at_least_95_percent_and_no_wrong_change_passes(scores: Callable[[str], Score]) -> None:
    score = scores("tuned")
    missed = [f"{o.case.id}: {o.note}" for o in score.misses]
    passed = [f"{o.case.id} → {o.location}: {o.note}" for o in score.false_passes]
    assert score.recall >= 0.95, missed
    assert not passed


def test_a_mapped_criterion_points_at_an_added_line_of_the_change(scores: Callable[[str], Score]) -> None:
    score = scores("tuned")
    for outcome in score.correct:
        if not outcome.passed:
            continue
        assert outcome.location is not None
        path, line = outcome.location.rsplit(":", 1)
        text = outcome.case.after[path].splitlines()[int(line) - 1]
        old = outcome.case.before.get(path, "").splitlines()
        assert text.strip() and (text not in old or path not in outcome.case.before), outcome.case.id


def test_held_out_20_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 20 (founders' criteria as pmtui's offline PM writes them, whose nouns the code names otherwise) was
    written in round 16 before the matcher's rules were read, and measured once: 7/48 and two false passes (a week's
    sales for the day's takings; the owner's role logged and any user saving the price list)."""
    score = scores("heldout20")
    # round 16: a small table of founders' app words (booking/appointment, invoice/bill, parent/guardian, tip/
    # gratuity, stock/inventory …), the app user a criterion grants something, and the near misses' classes
    assert score.recall >= 32 / 48, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_21_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 21 (criteria copied from pmtui's offline PM plans for a pet sitter, a food truck, pest control, henna
    bookings, a consignment shop and a mowing round) was written in round 17 before the matcher's rules were read, and
    measured once: 20/45 and twelve false passes, nine of them matched on the words of a file the plan named after the
    task's title."""
    score = scores("heldout21")
    # round 17: a plan-titled file lends no words; a module's constant keeps nothing; a list sorted by another key, a
    # queue backwards; a value taken and dropped; today without a date; refusals of forms, helpers and command lines;
    # the PM's import template; inline route handlers; a double booking's clash on a time; home-service words
    assert score.recall >= 28 / 45, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_22_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 22 (criteria copied from pmtui's offline PM plans for a guitar teacher, a bin-cleaning round, gutter
    quotes, veg boxes, an alterations shop and an ice-cream van, code under the agents' own names) was written in round
    18 before the matcher's rules were read, and measured once: 11/43 and four false passes."""
    score = scores("heldout22")
    # round 18: a value only echoed back, a lookup only tested for existence, a loop committing each row before a
    # later refusal, "their data is theirs" with whose data taken from the request; a noun bound to the one entity
    assert score.recall >= 13 / 43, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_the_test_gates_criteria_count_only_when_the_named_file_has_tests(scores: Callable[[str], Score]) -> None:
    """Criteria round 19: "tests/test_x.py covers these criteria and passes with `pytest -q`" (every task of a plan
    pmtui writes has one) is checked by the task's test gate running the command, not by the matcher's words: the
    corpus decides it as the product does, the run taken as passed, so it counts as mapped only when the change adds
    or edits the named test file and that file adds a test that checks something. Before, all 17 such correct changes
    were misses, whatever their tests."""
    named = [o for name in ("pm_written", "heldout21", "heldout22", "heldout23") for o in scores(name).outcomes
             if "covers these criteria and passes with" in o.case.criterion]
    correct = [o for o in named if o.case.expect == "pass"]
    wrong = [o for o in named if o.case.expect == "fail"]
    assert len(correct) >= 17 and len(wrong) >= 5
    assert all(o.passed and o.source == "gates" for o in correct), [f"{o.case.id}: {o.note}" for o in correct]
    assert not [o.case.id for o in wrong if o.passed]
    assert all("taken as passed" in o.note for o in correct)


def test_held_out_23_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 23 (criteria copied from pmtui's offline PM plans for a firewood round, a childminder, knife sharpening,
    a village hall, referees and a handyman, with the plans' gate criteria) was written in round 19 before the
    matcher's rules were read, and measured once: 20/43 and nine false passes."""
    score = scores("heldout23")
    # round 19: the test gate's criteria decided by the gate; a local computed from the criterion's word and unread;
    # loose lines named only by their comments; an import committing row by row; a plan-titled import's act; a FastAPI
    # id parameter as whose data; a message without what it tells with; a saved thing without what it comes with; a
    # period's total over every row; an event never waited for; a view showing only a count
    assert score.recall >= 22 / 43, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_24_a_plan_titled_file_s_name_is_not_the_only_evidence(scores: Callable[[str], Score]) -> None:
    """Held-out 24 (criteria round 20): short task titles turned into file names (`src/hive_inspection_log.py`), each
    wrong change a function in that file doing something else or only storing what the criterion asks to see. Written
    before the round's change and measured untouched: 6/6 and four false passes (the file's name was the evidence)."""
    cases = load("heldout24")
    wrong = [case for case in cases if case.expect == "fail"]
    assert all(case.why for case in wrong)
    assert {case.criterion for case in wrong} <= {case.criterion for case in cases if case.expect == "pass"}
    score = scores("heldout24")
    assert score.recall == 1.0, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_25_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 25 (criteria round 21: criteria copied from pmtui's offline PM plans for a farrier, septic-tank
    emptying, marquee hire, Christmas-tree deliveries, school photos and a dial-a-ride minibus, each case with its
    task's title) was written before the round's changes and before the matcher's rules were read, and measured once:
    17/50 and four false passes (the last visit for the next, a weekend rota only named, a text sent on the drop, every
    passenger for who needs a wheelchair space)."""
    cases = load("heldout25")
    assert all(case.title for case in cases), "every case carries its task's title"
    score = scores("heldout25")
    # round 21: the title's noun under the code's name for the task's thing (+2); a relative clause's noun never bound
    # (-1, the Go wheelchair list, mapped before by round 18's binding, as its wrong twin was)
    assert score.recall >= 18 / 50, [f"{o.case.id}: {o.note}" for o in score.misses]
    assert not [f"{o.case.id} → {o.location}" for o in score.false_passes]


def test_held_out_26_keeps_its_recall_and_gains_no_false_pass(scores: Callable[[str], Score]) -> None:
    """Held-out 26 (criteria round 23: criteria copied from pmtui's offline PM plans for a mower-servicing barn, alpaca
    treks, an upholsterer, a clock repairer, a village egg round and a carpet-cleaning van, each case with its task's
    title, the code under the agents' own nouns) was written before the round's changes and before the matcher's rules
    were read, and measured once: 17/44 and four false passes (a booking never committed, every job for what is in the
    barn, the owner dropped from the list of whose machine, a quote nobody can accept)."""
    cases = load("heldout26")
    assert all(case.title for case in cases), "every case carries its task's title"
    score = scores("heldout26")
    # round 23: two of the first 17 hits were credited with words their code does not show ("approve" read from `app`,
    # "barn" bound to the change's record), and went with their wrong twins
    assert score.recall >= 15 / 44, [f"{o.case.id}: {o.note}" for o in score.misses]
    # round 23 took out the uncommitted booking (gates/uncommitted.py), the quote nobody can accept (`app` abbreviates
    # no word) and every job for what is in the barn (a place after "in" is a filter); whose machine is left
    left = {"h26-py-mower-machine-list-fastapi-no-owner"}
    assert {o.case.id for o in score.false_passes} <= left, [f"{o.case.id} → {o.location}" for o in score.false_passes]
