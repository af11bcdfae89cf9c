"""RICE scoring: scores, ranking, the budget cut line, pins, validated edits and provenance."""

from datetime import date

import pytest

from pmtui.models import DiscoverySummary, Feature, ImplementationPhase, ScopingOutput
from pmtui.product.rice import (
    EditRejected,
    apply_edit,
    cut_line_index,
    effort_budget_weeks,
    feature_name,
    rescore,
    team_size,
    validate_edit,
)


def feature(name: str, reach: float, impact: float, confidence: float, effort: float) -> Feature:
    return Feature(
        name=name, rice_reach=reach, rice_impact=impact, rice_confidence=confidence, rice_effort=effort
    )


def scope(budget: float = 4.0) -> ScopingOutput:
    return ScopingOutput(
        effort_budget_weeks=budget,
        mvp_features=[
            feature("Social feed", 150, 0.5, 0.5, 3),  # 12.5
            feature("Shift swap", 500, 3, 0.8, 1.5),  # 800
            feature("Approvals", 500, 2, 0.8, 1),  # 800
            feature("Sign-up", 500, 2, 0.5, 1.5),  # 333.33
            feature("History", 300, 1, 0.5, 1),  # 150
            feature("Export", 300, 1, 0.5, 2),  # 37.5
        ],
        implementation_phases=[
            ImplementationPhase(
                phase_number=1, name="MVP: Shift swap", goal="Swap a shift end to end", estimated_weeks=0
            ),
        ],
    )


def _sorted_each_side(out: ScopingOutput) -> bool:
    above = [f.rice_score for f in out.mvp_features if f.phase == 1]
    below = [f.rice_score for f in out.mvp_features if f.phase != 1]
    return above == sorted(above, reverse=True) and below == sorted(below, reverse=True)


def test_scores_are_reach_times_impact_times_confidence_over_effort_and_sorted():
    out = rescore(scope())
    scores = {f.name: f.rice_score for f in out.mvp_features}
    assert scores["Shift swap"] == 800.0
    assert scores["Sign-up"] == 333.33
    assert scores["Social feed"] == 12.5
    assert _sorted_each_side(out)


def test_phase_one_rows_come_first_even_when_the_core_scores_below_a_later_row():
    # The core flow (impact 3) is forced into Phase 1 although "Reports" outscores it and fills the budget.
    out = rescore(
        ScopingOutput(
            effort_budget_weeks=2.0,
            mvp_features=[
                feature("Reports", 1000, 2, 0.8, 1),  # 1600
                feature("Export", 1000, 2, 0.8, 1),  # 1600
                feature("Core flow", 1000, 3, 0.8, 2),  # 1200
                feature("Themes", 100, 0.25, 0.5, 1),  # 12.5
            ],
        )
    )
    phases = [f.phase for f in out.mvp_features]
    line = cut_line_index(out)
    assert out.feature("Core flow").phase == 1
    assert all(p == 1 for p in phases[:line]) and all(p != 1 for p in phases[line:])
    assert line == sum(1 for p in phases if p == 1)
    assert _sorted_each_side(out)
    assert rescore(out) == out


def test_cut_line_fills_phase_one_up_to_the_budget_and_stops():
    out = rescore(scope(budget=4.0))
    phase1 = [f.name for f in out.mvp_features if f.phase == 1]
    # 1.5 + 1 + 1.5 = 4 fits; History (1 more) would not, so the line closes there.
    assert phase1 == ["Shift swap", "Approvals", "Sign-up"]
    assert out.feature("History").phase == 2
    assert sum(f.rice_effort for f in out.mvp_features if f.phase == 1) <= 4.0
    assert cut_line_index(out) == len(phase1)
    assert all(f.priority == "P0" for f in out.mvp_features if f.phase == 1)
    below = [f for f in out.mvp_features if f.phase != 1]
    assert {f.phase for f in below} <= {2, 3}
    assert out.mvp_features[-1].phase == 3 and out.mvp_features[-1].priority == "P2"
    assert all(f.priority == "P1" for f in below if f.phase == 2)


def test_bigger_budget_moves_the_line_down():
    small = cut_line_index(rescore(scope(budget=2.5)))
    big = cut_line_index(rescore(scope(budget=8.0)))
    assert small < big


def test_implementation_phases_are_rebuilt_keeping_names_and_goals():
    out = rescore(scope())
    phases = {p.phase_number: p for p in out.implementation_phases}
    assert set(phases) == {1, 2, 3}
    assert phases[1].name == "MVP: Shift swap" and phases[1].goal == "Swap a shift end to end"
    assert phases[1].features == [f.name for f in out.mvp_features if f.phase == 1]
    assert phases[1].estimated_weeks == sum(f.rice_effort for f in out.mvp_features if f.phase == 1)
    two_people = rescore(scope(budget=8.0), team=2)
    p1 = two_people.implementation_phases[0]
    assert p1.estimated_weeks == pytest.approx(
        sum(f.rice_effort for f in two_people.mvp_features if f.phase == 1) / 2, abs=0.05
    )


def test_rescore_is_idempotent():
    once = rescore(scope())
    assert rescore(once) == once


def test_pinned_phase_is_kept_and_can_exceed_the_budget():
    out = apply_edit(rescore(scope()), "Social feed", "phase", "1")
    feed = out.feature("Social feed")
    assert feed is not None and feed.phase == 1 and feed.priority == "P0"
    assert "phase" in feed.pinned
    # The core (impact 3) stays; everything else makes room.
    assert out.feature("Shift swap").phase == 1
    assert sum(f.rice_effort for f in out.mvp_features if f.phase == 1) == 4.5


def test_pinned_priority_is_kept_when_rescored():
    out = apply_edit(rescore(scope()), "Export", "priority", "p0")
    export = out.feature("Export")
    assert export.priority == "P0" and export.phase == 1
    again = rescore(out)
    assert again.feature("Export").priority == "P0"


def test_edit_sets_value_provenance_and_rescores():
    before = rescore(scope())
    out = apply_edit(before, "history", "reach", "5,000")
    history = out.feature("History")
    assert history.rice_reach == 5000
    assert history.rice_score == 2500.0
    assert history.provenance["reach"].source == "edited"
    assert history.provenance["reach"].reason == "edited in the table"
    assert "reach" in history.pinned
    assert out.mvp_features[0].name == "History"
    assert before.feature("History").rice_reach == 300, "the original output is not modified"


def test_edit_of_unknown_feature_is_refused():
    with pytest.raises(EditRejected, match="no feature called 'Teleport'"):
        apply_edit(rescore(scope()), "Teleport", "reach", "10")


@pytest.mark.parametrize(
    ("field", "raw", "expected"),
    [
        ("reach", "1200", 1200.0),
        ("reach", "2k", 2000.0),
        ("reach", "0", 0.0),
        ("impact", "3", 3.0),
        ("impact", "0.25", 0.25),
        ("impact", "Massive", 3.0),
        ("impact", "low", 0.5),
        ("confidence", "80", 0.8),
        ("confidence", "80%", 0.8),
        ("confidence", "0.8", 0.8),
        ("confidence", "100%", 1.0),
        ("effort", "2.5", 2.5),
        ("effort", "3 weeks", 3.0),
        ("priority", "p2", "P2"),
        ("priority", "P0", "P0"),
        ("phase", "3", 3),
        ("phase", "Phase 2", 2),
    ],
)
def test_valid_edits(field, raw, expected):
    assert validate_edit(field, raw) == expected


@pytest.mark.parametrize(
    ("field", "raw", "message"),
    [
        ("reach", "lots", "Reach must be a number of users per quarter, got 'lots'"),
        ("reach", "-5", "Reach must be 0 or more"),
        ("impact", "4", "Impact must be one of 0.25, 0.5, 1, 2, 3"),
        ("impact", "huge", "Impact must be one of"),
        ("confidence", "150", "between 0 and 100%"),
        ("confidence", "-10%", "between 0 and 100%"),
        ("confidence", "sure", "Confidence must be a percentage"),
        ("effort", "0", "greater than 0"),
        ("effort", "-1", "greater than 0"),
        ("effort", "soon", "Effort must be a number of person-weeks"),
        ("priority", "urgent", "Priority must be P0, P1 or P2"),
        ("phase", "4", "Phase must be 1, 2 or 3"),
        ("phase", "0", "Phase must be 1, 2 or 3"),
        ("score", "5", "cannot be edited"),
        ("reach", "  ", "cannot be empty"),
    ],
)
def test_invalid_edits_are_refused_with_a_message(field, raw, message):
    with pytest.raises(EditRejected) as caught:
        validate_edit(field, raw)
    assert message in str(caught.value)


def test_refused_edit_leaves_the_output_unchanged():
    out = rescore(scope())
    with pytest.raises(EditRejected):
        apply_edit(out, "History", "effort", "0")
    assert out.feature("History").rice_effort == 1
    assert "effort" not in out.feature("History").provenance


@pytest.mark.parametrize(
    ("constraints", "budget"),
    [
        ("", 4.0),
        ("solo founder, launch in 6 weeks", 4.0),
        ("just me, 2 weeks", 2.0),
        ("two devs, a month", 8.0),
        ("team of 3, we have 2 weeks", 6.0),
        ("two of us, evenings only, 3 months", 8.0),
        ("me and my cofounder, 2 months of runway", 8.0),
        ("evenings only, 10 hours a week", 4.0),
        # "2 days a week" is how often, not how long there is (it was read as a half-week timeframe).
        ("solo, 2 days a week, a month", 4.0),
        ("I'm alone on this and need it in 3 weeks", 3.0),
    ],
)
def test_effort_budget_from_constraints(constraints, budget):
    assert effort_budget_weeks(DiscoverySummary(constraints=constraints)) == budget


def test_budget_by_month_name_is_capped_at_four_weeks():
    summary = DiscoverySummary(constraints="ship by March")
    assert effort_budget_weeks(summary, today=date(2025, 1, 6)) == 4.0
    assert effort_budget_weeks(summary, today=date(2025, 2, 17)) < 4.0


def test_team_size_ignores_user_counts():
    assert team_size(DiscoverySummary(target_user="2,000 people in Berlin")) is None
    assert team_size(DiscoverySummary(constraints="3 engineers")) == 3


@pytest.mark.parametrize("item, name", [
    # A condition ends the name: the words after 'when' / 'if' / 'once' are when it happens, not what it is.
    ("Owner gets an sms when someone books", "Owner gets an sms"),
    ("Texts the family if nobody has ticked by lunchtime", "Texts the family"),
    ("Coach sees the squad list once everyone has replied", "Coach sees the squad list"),
    # A time phrase is cut whole, never in its middle ('the day' of 'the day before').
    ("add a reminder the day before the service", "add a reminder"),
    ("Send an email the morning after each class ends", "Send an email"),
    # Short names and phrase boundaries as before.
    ("Book online", "Book online"),
    ("Read feedback in a Google Form today", "Read feedback"),
    ("Customers must see free slots and pick a time", "Customers must see free slots"),
])
def test_a_feature_name_is_cut_at_a_phrase_boundary_never_inside_a_clause(item: str, name: str) -> None:
    assert feature_name(item) == name


@pytest.mark.parametrize(("constraints", "people"), [
    ("just me n my cousin, 8 weeks, android first", 2),  # "n" for "and", and a cousin builds too
    ("Me and my husband, evenings, 14 weeks", 2),
    ("my wife and I, 3 months", 2),
    ("me + 1 dev. 8 weeks. android tablet", 2),
    ("me and 2 freelancers", 3),
    ("just me, 6 weeks", 1),
    ("me and 6 weeks of evenings", None),  # weeks are no people
    ("just me and my pal who codes, 10 weeks", 2),
    ("me and my flatmate, weekends", 2),
    ("my nephew and me, 2 months", 2),
    ("me and me sister in law, she codes, till March", 2),  # "me" for "my"
    ("myself and my cousin, 10 weeks", 2),
])
def test_who_builds_it_is_counted_from_how_founders_say_it(constraints: str, people: int | None) -> None:
    assert team_size(DiscoverySummary(constraints=constraints)) == people



@pytest.mark.parametrize(
    ("constraints", "share"),
    [
        ("two of us, evenings only, 3 months", (0.3, "evenings")),
        ("evenings only, 10 hours a week", (0.25, "10 hours a week")),
        ("my cousin codes on weekends, 3 months", (0.4, "weekends")),
        ("my pamangkin can code on sat and sun", (0.4, "weekends")),
        ("two of us, evenings and weekends, 2 months", (0.7, "evenings and weekends")),
        ("just me part-time, 4 weeks", (0.5, "part-time")),
        ("solo, 2 days a week, a month", (0.4, "2 days a week")),
        ("two of us, one full-time, the other evenings, 6 weeks", None),
        ("two devs, a month", None),
    ],
)
def test_the_share_of_a_working_week_part_time_builders_have(constraints, share):
    from pmtui.product.rice import time_share

    assert time_share(DiscoverySummary(constraints=constraints)) == share


def test_the_scope_says_what_a_part_time_budget_means_in_calendar_time():
    """"two of us, evenings only" planned 8 person-weeks of Phase 1 and said nothing of evenings: at about 0.3 of a
    working week each, that is nearer 13 weeks."""
    from pmtui.product.brains.offline.scoping.narrative import _budget_source

    said = _budget_source(DiscoverySummary(constraints="two of us, evenings only, 3 months"), 8.0)
    assert said.startswith("4 weeks × 2 people, read from your constraints")
    assert said.endswith("calendar weeks); working evenings, about 0.3 of a week each, that much work takes nearer "
                         "13 weeks"), said
    assert "of a week each" not in _budget_source(DiscoverySummary(constraints="two devs, a month"), 8.0)


@pytest.mark.parametrize(
    ("said", "weeks"),
    [
        ("need it before dec 1", 0.6),  # four days, not the month of December
        ("by the 15th of march", 15.4),
        ("by 3 dec", 0.9),
        ("until sept", 39.7),
        ("in jan", 5.0),
        ("by march", 13.4),
        ("by market day", None),
        ("in june 2027", 26.6),
    ],
)
def test_a_deadline_with_a_short_month_or_a_day(said, weeks):
    """"need it before dec 1", said on 27 November, was no deadline at all (4 weeks by default)."""
    from datetime import date

    from pmtui.product.rice import timeframe_weeks

    assert timeframe_weeks(said, date(2026, 11, 27)) == weeks
