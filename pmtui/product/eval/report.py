"""How `pmtui eval` shows its result: a Rich table per conversation and the pass rate, per set."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from pmtui.product.eval.runner import EvalReport


def pass_line(report: EvalReport, label: str = "") -> str:
    conversations = len(report.results)
    perfect = sum(1 for r in report.results if r.passed == len(r.assertions))
    prefix = f"{label}: " if label else ""
    return (
        f"{prefix}{report.passed}/{report.total} assertions passed ({report.pass_rate:.1%}) over "
        f"{conversations} conversations, {perfect} without a failure"
    )


def table(report: EvalReport) -> Table:
    """One row per conversation: who, what, how many assertions passed and which failed (with why)."""
    grid = Table(title=f"pmtui eval — {report.engine}, {report.simulator} founders", show_lines=False)
    grid.add_column("Persona", no_wrap=True)
    grid.add_column("Product")
    grid.add_column("Set", no_wrap=True)
    grid.add_column("Passed", justify="right", no_wrap=True)
    grid.add_column("Failed assertions")
    for result in report.results:
        total = len(result.assertions)
        style = "green" if result.passed == total else ("yellow" if result.passed >= total - 1 else "red")
        failed = Text("\n".join(result.notes) or "—")
        if result.judge is not None:
            failed.append(f"\njudge: {result.judge.get('score')}/5 — " + "; ".join(result.judge.get("reasons", [])))
        grid.add_row(
            Text(result.founder.kind),
            Text(result.founder.product),
            Text(result.founder.set),
            Text(f"{result.passed}/{total}", style=style),
            failed,
        )
    return grid
