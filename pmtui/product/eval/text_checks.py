"""What the spec and the plan say, checked against the founder's own words (round 26, held-out 24 on).

A founder of a set that carries them has `plan` and `spec`: phrases ('|'-separated alternatives) that must be in the
plan's acceptance criteria and in the spec, the nouns the founder used for who and what ("crate", "bar", "grave"). The
plan's criteria must also read as sentences: none of the plan measure's "ungrammatical criteria"
(pmtui.product.plan_quality.UngrammaticalCriterion), no wish glued after the template's verb. Each is an assertion
counted only for a founder that has the phrases, so earlier sets keep their totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pmtui.delivery.plan import PlanError, parse_plan
from pmtui.product.plan_quality import UngrammaticalCriterion, feature_tasks

if TYPE_CHECKING:
    from pmtui.product.eval.runner import Conversation

TEXT_ASSERTIONS = ("plan_criteria_read_well", "spec_keeps_their_words")


def applies(name: str, conversation: Conversation) -> bool:
    """Whether the assertion counts for this founder (it has the phrases it checks)."""
    founder = conversation.founder
    return bool(founder.plan) if name == "plan_criteria_read_well" else bool(founder.spec)


def _plan_criteria_read_well(c: Conversation) -> tuple[bool, str]:
    from pmtui.product.eval.assertions import has_phrase

    markdown = c.state.plan_markdown if c.state else ""
    if not markdown.strip():
        return False, "no plan was written"
    try:
        rows = feature_tasks(parse_plan(markdown))
    except PlanError as exc:
        return False, f"the plan does not parse: {exc.message}"
    criteria = [criterion for _, found in rows for criterion in found]
    glued = UngrammaticalCriterion()
    broken = [criterion for criterion in criteria if glued.reason(criterion)]
    if broken:
        return False, f"criteria that are no sentence: {broken[:2]}"
    text = "\n".join(criteria)
    missing = [phrase for phrase in c.founder.plan if not has_phrase(phrase, text)]
    return not missing, "" if not missing else f"the plan's criteria lack the founder's words {missing}"


def _spec_keeps_their_words(c: Conversation) -> tuple[bool, str]:
    from pmtui.product.eval.assertions import has_phrase

    spec = c.state.spec_markdown if c.state else ""
    missing = [phrase for phrase in c.founder.spec if not has_phrase(phrase, spec)]
    return bool(spec) and not missing, "" if spec and not missing else f"the spec lacks the founder's words {missing}"


TEXT_CHECKS = {"plan_criteria_read_well": _plan_criteria_read_well, "spec_keeps_their_words": _spec_keeps_their_words}
