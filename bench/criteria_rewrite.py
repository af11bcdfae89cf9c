"""Benchmark: one criterion mapped over a generated 2,100-line rewrite of one Python file (350 functions).

Every line of the file is removed and added again with another value, the worst case for the negation
check (each added line looks for the removed line it replaces) and for following definitions.

    .venv/bin/python bench/criteria_rewrite.py [--runs 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.delivery.gates.alignment import map_criteria
from pmtui.delivery.git_ops import ChangeSet


def _function(i: int, limit: int) -> list[str]:
    return [f"def handler_{i}(request, limit={limit}):", f"    items = load_items(request, {i})",
            "    if len(items) > limit:", f"        raise ValueError('too many items in batch {i}')",
            f"    return sorted(items, key=lambda x: x.score_{i})", ""]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    old = [line for i in range(350) for line in _function(i, 10)]
    new = [line for i in range(350) for line in _function(i, 20 + i % 7)]
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="pmtui-rewrite-") as folder:
            (Path(folder) / "app").mkdir()
            (Path(folder) / "app" / "handlers.py").write_text("\n".join(new) + "\n", encoding="utf-8")
            change = ChangeSet(root=folder, base_sha="0" * 40)
            change.modified.append("app/handlers.py")
            change.added_lines["app/handlers.py"] = [(n + 1, text) for n, text in enumerate(new)]
            change.removed_lines["app/handlers.py"] = [(n + 1, text) for n, text in enumerate(old)]
            started = time.perf_counter()
            located = map_criteria(["A batch with more than 25 items is rejected with an error"], change)[0]
            print(f"{len(new)} lines, 1 criterion: {time.perf_counter() - started:.2f} s → {located.location}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
