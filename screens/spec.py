"""The spec and the delivery plan as Markdown with a table of contents, export to files and copy."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import MarkdownViewer, TabbedContent, TabPane

from pmtui.screens.base import ProjectScreen
from pmtui.screens.modals import ExportModal
from pmtui.widgets.chat_log import ChatLog
from pmtui.widgets.key_footer import KeyFooter
from pmtui.widgets.status_bar import StatusBar

NO_SPEC = (
    "# The spec is not written yet\n\n"
    "It is written as soon as you agree on the scope. If writing it failed, press **ctrl+r** to try again."
)


def export_paths(slug: str) -> tuple[str, str]:
    """Default export paths, relative to the current directory."""
    return f"docs/specs/{slug}.md", f"docs/plans/{slug}-plan.md"


class SpecScreen(ProjectScreen):
    CSS_PATH = "spec.tcss"
    PHASE = "spec"
    _plan_shown = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "export", "Export", id="spec.export"),
        Binding("c", "copy", "Copy spec", id="spec.copy"),
        Binding("v", "toggle_plan", "Spec/Plan", id="spec.toggle_plan"),
        Binding("t", "toggle_toc", "Contents", id="spec.toggle_toc"),
        Binding("d", "deliver", "Deliver", id="spec.deliver"),
        Binding("s", "rescope", "Change scope", id="spec.rescope"),
        Binding("ctrl+r", "retry", "Write again", show=False, id="spec.retry"),
    ]

    def compose(self) -> ComposeResult:
        # The table of contents takes a column a narrow terminal does not have.
        contents = self.app.size.width >= 110
        with TabbedContent(id="spec-tabs"):
            with TabPane("Spec", id="tab-spec"):
                yield MarkdownViewer(
                    self.state.spec_markdown or NO_SPEC, id="spec-view", show_table_of_contents=contents
                )
            with TabPane("Plan", id="tab-plan"):
                # Written on first view (`_show_plan`): a plan is hundreds of widgets, and laying them out with the
                # spec's made opening the screen take twice as long for a tab most visits never open.
                yield MarkdownViewer("", id="plan-view", show_table_of_contents=contents)
            with TabPane("Conversation", id="tab-chat"):
                yield ChatLog(id="chat")
        yield StatusBar()
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#spec-view", MarkdownViewer).focus()

    @on(TabbedContent.TabActivated, "#spec-tabs", pane="#tab-plan")
    async def _show_plan(self) -> None:
        if self._plan_shown:
            return
        self._plan_shown = True
        viewer = self.query_one("#plan-view", MarkdownViewer)
        await viewer.document.update(self.state.plan_markdown or "# No plan yet")

    @on(TabbedContent.TabActivated, "#spec-tabs", pane="#tab-chat")
    def _show_conversation(self) -> None:
        # Loaded on first view: a long chat with the spec in it is slow to lay out and mostly unread.
        chat = self.query_one("#chat", ChatLog)
        if not chat.children:
            chat.load(self.state.messages)

    def action_toggle_plan(self) -> None:
        tabs = self.query_one("#spec-tabs", TabbedContent)
        tabs.active = "tab-plan" if tabs.active == "tab-spec" else "tab-spec"

    def action_toggle_toc(self) -> None:
        tabs = self.query_one("#spec-tabs", TabbedContent)
        target = "#plan-view" if tabs.active == "tab-plan" else "#spec-view"
        viewer = self.query_one(target, MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_copy(self) -> None:
        if not self.state.spec_markdown:
            self.notify("There is no spec to copy yet.", severity="warning")
            return
        self.app.copy_to_clipboard(self.state.spec_markdown)
        self.notify("Spec copied to the clipboard (your terminal must allow OSC 52).", title="Copied")

    def action_export(self) -> None:
        if not self.state.spec_markdown:
            self.notify("There is no spec to export yet.", severity="warning")
            return
        spec_path, plan_path = export_paths(self.state.slug)
        self.app.push_screen(ExportModal(spec_path, plan_path), self._write_files)

    def _write_files(self, paths: tuple[Path, Path] | None) -> None:
        if paths is None:
            return
        written: list[str] = []
        try:
            for path, content in zip(paths, (self.state.spec_markdown, self.state.plan_markdown), strict=True):
                if not content:
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(content, encoding="utf-8")
                written.append(str(path))
        except OSError as exc:
            self.notify(f"Could not write {exc.filename}: {exc.strerror}. Choose another path.",
                        title="Export failed", severity="error")
            return
        self.notify("Wrote " + " and ".join(str(Path(p).resolve()) for p in written), title="Exported")

    def action_deliver(self) -> None:
        """Deliver this plan: ask for the repository, run the engine here, open the dashboard."""
        from pmtui.screens.delivery_run import deliver_project_plan

        deliver_project_plan(self.pmtui, self.state.slug, self.state.plan_markdown)

    @work(exclusive=True, exit_on_error=False, group="turn")
    async def action_rescope(self) -> None:
        """Open the agreed scope again (add, cut, move rows, then agree): the spec and the plan are written anew."""
        result = await self.orchestrator.reopen_scope(self.project_id)
        if result.error:
            self.notify(result.error, title="Change scope", severity="warning")
            return
        self.pmtui.show_project(self.project_id)

    def action_retry(self) -> None:
        if self.state.spec_markdown:
            self.notify("The spec is already written.")
            return
        self.write_again()

    @work(exclusive=True, exit_on_error=False, group="turn")
    async def write_again(self) -> None:
        """Write the spec again after a failure (the orchestrator's retry in the spec phase)."""
        self.notify("Writing the spec…")
        result = await self.orchestrator.retry(self.project_id)
        if result.error:
            self.notify(result.error, title="The spec could not be written", severity="error")
            return
        self.pmtui.show_project(self.project_id, "spec")
