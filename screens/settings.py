"""Settings: where the config comes from, and the conversation model and theme, written back to TOML."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from pmtui.themes import theme_names
from pmtui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from pmtui.app import PmtuiApp


def config_target(source: str) -> Path:
    """The file settings are written to: the loaded one, else the first place config is looked for."""
    from pmtui.paths import config_candidates

    return Path(source) if source not in ("", "defaults") else config_candidates()[0]


class SettingsScreen(Screen[None]):
    CSS_PATH = "settings.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="settings.close"),
        Binding("ctrl+s", "save", "Save", id="settings.save"),
    ]

    @property
    def pmtui(self) -> PmtuiApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        config = self.pmtui.config
        route = config.models.get("conversation") or config.models.get("default")
        model = route.model if route else "offline"
        themes = theme_names()
        theme = config.ui.theme if config.ui.theme in themes else themes[0]
        with Vertical(id="settings-body"):
            yield Static("Settings", classes="section-title")
            yield Static(self._source_text(), id="config-source", markup=False)
            yield Label("Conversation model (a litellm model string, or offline)", classes="field-label")
            yield Input(model, placeholder="e.g. openai/gpt-4o-mini, groq/llama-3.1-8b-instant, offline", id="model")
            yield Label("Theme", classes="field-label")
            yield Select([(name, name) for name in themes], value=theme, allow_blank=False, id="theme")
            yield Static("", id="settings-error", classes="error-line", markup=False)
            with Horizontal(id="settings-buttons"):
                yield Button("Back", id="back")
                yield Button("Save", id="save", variant="primary")
        yield KeyFooter()

    def _source_text(self) -> Text:
        config = self.pmtui.config
        text = Text()
        text.append("Config: ", style="bold")
        text.append(config.source if config.source != "defaults" else "defaults (no config file found)")
        text.append("\nNow using: ", style="bold")
        text.append(self.pmtui.model_label)
        if config.offline:
            text.append("  (offline forced by --offline or PMTUI_MODEL=offline)", style="dim")
        return text

    @on(Select.Changed, "#theme")
    def _preview_theme(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.app.theme = event.value

    @on(Button.Pressed, "#save")
    @on(Input.Submitted, "#model")
    def action_save(self) -> None:
        from pmtui.config import ConfigError, write_config_value

        model = self.query_one("#model", Input).value.strip() or "offline"
        theme = str(self.query_one("#theme", Select).value)
        target = config_target(self.pmtui.config.source)
        try:
            path = write_config_value("models.conversation.model", model, target)
            write_config_value("ui.theme", theme, path)
        except (ConfigError, OSError) as exc:
            self.query_one("#settings-error", Static).update(Text(str(exc)))
            self.notify(f"{exc}. Nothing was changed.", title="Settings", severity="error")
            return
        self.pmtui.config.ui.theme = theme
        self.pmtui.config.source = str(path)
        self.query_one("#config-source", Static).update(self._source_text())
        self.notify(f"Saved to {path}. A new model applies the next time pmtui starts.", title="Settings")

    @on(Button.Pressed, "#back")
    def action_close(self) -> None:
        self.app.theme = self.pmtui.config.ui.theme if self.pmtui.config.ui.theme in theme_names() else "pmtui-dark"
        self.dismiss(None)
