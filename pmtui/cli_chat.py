"""`pmtui chat` and `pmtui export`: the founder's session over stdin/stdout and the project's whole state.

Part of the CLI (pmtui/cli.py keeps the argument parsing, the exit codes and CommandError, and calls
these with what they need).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.models import TurnResult
    from pmtui.product.orchestrator import Orchestrator
    from pmtui.store import Store


def project_name_from(text: str, taken: Callable[[str], bool]) -> str:
    """A project name from the first message: its first five words, made unique with ' (n)'."""
    words = re.findall(r"[\w'’-]+", text)[:5]
    base = " ".join(words).strip(" -'’")[:60].strip()
    if not base:
        number = 1
        while taken(f"untitled-{number}"):
            number += 1
        return f"untitled-{number}"
    name, number = base, 2
    while taken(name):
        name = f"{base} ({number})"
        number += 1
    return name


def turn_json(result: TurnResult) -> str:
    """The one JSONL line of a turn, with exactly the five keys of DESIGN.md."""
    record = {
        "project": result.project,
        "phase": result.phase,
        "reply": result.reply,
        "summary_shown": bool(result.summary_shown),
        "negotiation_round": int(result.negotiation_round),
    }
    return json.dumps(record, ensure_ascii=False)


async def chat_session(
    args: argparse.Namespace, config: Config, store: Store, stdin: TextIO, stdout: TextIO
) -> None:
    """`pmtui chat`: one founder message per line of stdin, the PM's reply (or a JSONL record) per turn."""
    from asyncio import to_thread

    from pmtui.models import TurnResult
    from pmtui.product.orchestrator import Orchestrator

    orchestrator = Orchestrator(store, config)
    jsonl = bool(args.jsonl)
    project_id: int | None = None
    if args.project:
        project_id = open_chat_project(orchestrator, store, args.project, jsonl, stdout)
    if not jsonl:
        print(f"pmtui chat · {orchestrator.model_label()} · one message per line, end of input to stop",
              file=sys.stderr)

    interactive = not jsonl and stdin.isatty()
    while True:
        if interactive:
            stdout.write("> ")
            stdout.flush()
        line = await to_thread(stdin.readline)
        if not line:
            break
        text = line.strip()
        if not text:
            continue
        if project_id is None:
            name = project_name_from(text, lambda candidate: store.find_project(candidate) is not None)
            project_id = open_chat_project(orchestrator, store, name, jsonl, stdout)
        try:
            result = await orchestrator.handle(project_id, text)
        except Exception as exc:  # noqa: BLE001 — the session goes on; the failure becomes the reply
            state = orchestrator.state(project_id)
            message = f"Error: {type(exc).__name__}: {exc}"
            result = TurnResult(
                project=state.project,
                phase=state.phase,
                reply=message,
                summary_shown=state.discovery_summary_shown,
                negotiation_round=state.negotiation_rounds,
                error=message,
            )
        if result.error:
            print(f"pmtui chat: {result.error}", file=sys.stderr)
        if jsonl:
            stdout.write(turn_json(result) + "\n")
        else:
            stdout.write(f"{result.reply}\n\n")
        stdout.flush()


def open_chat_project(
    orchestrator: Orchestrator, store: Store, name: str, jsonl: bool, stdout: TextIO
) -> int:
    existed = store.find_project(name) is not None
    state = orchestrator.open_project(name)
    if jsonl:
        return state.project_id
    if existed:
        stdout.write(f"Resuming {state.project!r} ({state.phase}).\n\n")
        last = next((m for m in reversed(state.messages) if m.role == "assistant"), None)
        if last is not None:
            stdout.write(f"{last.content}\n\n")
    else:
        opening = next((m.content for m in state.messages if m.role == "assistant"), "")
        stdout.write(f"New project {state.project!r}.\n\n{opening}\n\n")
    stdout.flush()
    return state.project_id


def export_state(store: Store, project_id: int) -> dict[str, Any]:
    """The project's whole state, as DESIGN.md lists it for `pmtui export --json`."""
    state = store.load_state(project_id)
    scoping: dict[str, Any] | None = None
    if state.scoping_output is not None:
        scoping = state.scoping_output.model_dump(mode="json")
        records = store.negotiation_records(project_id)
        if records:
            scoping["decisions"] = [record.model_dump(mode="json") for record in records]
    return {
        "project": state.project,
        "slug": state.slug,
        "phase": state.phase,
        "phases_visited": list(state.phases_visited),
        "messages": [
            {"role": message.role, "content": message.content, "phase": message.phase}
            for message in state.messages
        ],
        "discovery_summary": state.discovery_summary.model_dump(mode="json"),
        "completeness": state.completeness.model_dump(mode="json"),
        "summary_shown": state.discovery_summary_shown,
        "scoping_output": scoping,
        "scoping_edits": store.scoping_edits(project_id),
        "negotiation_rounds": state.negotiation_rounds,
        "scope_agreed": state.scope_agreed,
        "spec_markdown": state.spec_markdown,
        "plan_markdown": state.plan_markdown,
        "llm_usage": store.llm_usage(project_id),
    }
