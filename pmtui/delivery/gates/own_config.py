"""pmtui's own configuration in a change: refused unless the plan names it (never accepted as it is).

A `pmtui.toml` decides how pmtui runs the next agents (the sandbox, agent command lines, where the review
model is, budgets); committed to the plan branch, it lands in the user's checkout, where `pmtui deliver` run
from that folder would read it. A task may add, change or delete one only when its plan entry names that
file; any other change to one fails this gate, and its escalation offers no accept. (A delivery also never
reads a config file its own commits changed: pmtui.delivery.run_config.)
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pmtui.delivery.diffs import ChangeSet
from pmtui.models.delivery import GateResult, TaskContract

CONFIG_NAME = "pmtui.toml"
# What each finding says; integration tells this gate's refusals from the secret scan's by it.
OWN_CONFIG = "is pmtui's own configuration"


def unplanned_config_changes(change: ChangeSet, planned: list[str]) -> list[str]:
    """Paths of the change named pmtui.toml (any folder, any case) that the task's files do not name."""
    named = {PurePosixPath(path).as_posix() for path in planned}
    touched = [*change.files(), *(old for old, _ in change.renamed)]
    return sorted({path for path in touched
                   if PurePosixPath(path).name.casefold() == CONFIG_NAME and path not in named})


def own_config_gate(change: ChangeSet, contract: TaskContract) -> GateResult:
    """Fails on every unplanned change to a pmtui.toml, naming the file and what to do."""
    paths = unplanned_config_changes(change, contract.expected_files.all())
    if not paths:
        return GateResult(gate="own_config", passed=True, evidence=["no change to pmtui's own configuration"])
    evidence = [f"{path} {OWN_CONFIG} (the sandbox, the agents, where reviews go): the task's files do not name "
                "it, so the change is never committed" for path in paths]
    evidence.append(f"undo the change to {', '.join(paths)}; to change pmtui's configuration in a delivery, "
                    "name the file in the task's `files:` line of the plan")
    return GateResult(gate="own_config", passed=False, evidence=evidence)
