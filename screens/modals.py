"""Typed modal dialogs: yes/no confirmation (optionally typed), one-line text input, export paths."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static


class ConfirmationModal(ModalScreen[bool]):
    """Ask before something irreversible; True means go ahead. Cancel has the focus first, unless the step only adds
    something the founder asked for (`destructive=False`: "Start a new repository?"), where Enter goes ahead."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="modal.cancel")]

    def __init__(self, title: str, message: str, confirm_label: str = "Delete", destructive: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.message = message
        self.confirm_label = confirm_label
        self.destructive = destructive

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(Text(self.message), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(self.confirm_label, id="confirm", variant="error" if self.destructive else "primary")

    def on_mount(self) -> None:
        self.query_one("#cancel" if self.destructive else "#confirm", Button).focus()

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


class TextInputModal(ModalScreen[str | None]):
    """Ask for one line of text (a project name); None when cancelled."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="modal.cancel")]

    def __init__(self, title: str, prompt: str, value: str = "", placeholder: str = "",
                 empty: str = "Please type a name (Esc cancels).",
                 check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.prompt = prompt
        self.value = value
        self.placeholder = placeholder
        self.empty = empty  # what an empty answer is told: what this dialog asks for
        # What is wrong with an answer, said under the field while the dialog stays open with what was typed (None:
        # the answer is taken).
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(Text(self.prompt), classes="dialog-body")
            yield Input(self.value, placeholder=self.placeholder, id="text-input")
            yield Static("", id="text-error", classes="error-line")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("OK", id="ok", variant="primary")

    def show_error(self, message: str) -> None:
        self.query_one("#text-error", Static).update(Text(message))
        self.query_one("#text-input", Input).add_class("-invalid")

    def _submit(self) -> None:
        value = self.query_one("#text-input", Input).value.strip()
        if not value:
            self.show_error(self.empty)
            return
        problem = self.check(value) if self.check is not None else None
        if problem:
            self.show_error(problem)
            return
        self.dismiss(value)

    @on(Input.Submitted, "#text-input")
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self._submit()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ExportModal(ModalScreen[tuple[Path, Path] | None]):
    """Choose where the spec and the plan are written (both paths editable)."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="modal.cancel")]

    def __init__(self, spec_path: str, plan_path: str) -> None:
        super().__init__()
        self.spec_path = spec_path
        self.plan_path = plan_path

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Export spec and plan", classes="dialog-title")
            yield Label("Spec file", classes="field-label")
            yield Input(self.spec_path, id="spec-path")
            yield Label("Plan file", classes="field-label")
            yield Input(self.plan_path, id="plan-path")
            yield Static("", id="export-error", classes="error-line")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Export", id="export", variant="primary")

    @on(Input.Submitted)
    @on(Button.Pressed, "#export")
    def _export(self) -> None:
        spec = self.query_one("#spec-path", Input).value.strip()
        plan = self.query_one("#plan-path", Input).value.strip()
        if not spec or not plan:
            self.query_one("#export-error", Static).update(Text("Both paths are needed."))
            return
        self.dismiss((Path(spec), Path(plan)))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
