"""pmtui's colour themes and the global stylesheet (app.tcss) that every screen shares."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.theme import Theme

DEFAULT_THEME = "pmtui-dark"
GLOBAL_CSS = Path(__file__).with_name("app.tcss")


def build_themes() -> list[Theme]:
    """The themes pmtui registers: a calm dark one (the default) and a paper-like light one."""
    from textual.theme import Theme

    return [
        Theme(
            name="pmtui-dark",
            primary="#5FA8D3",
            secondary="#9D8CD6",
            accent="#F2B24C",
            warning="#F2B24C",
            error="#E5646E",
            success="#6CC08B",
            foreground="#E3E6EA",
            background="#15191F",
            surface="#1C2129",
            panel="#252C36",
            dark=True,
            variables={
                "footer-key-foreground": "#F2B24C",
                "input-selection-background": "#5FA8D3 35%",
            },
        ),
        Theme(
            name="pmtui-light",
            primary="#1F6FA3",
            secondary="#6A4FB3",
            accent="#B5651D",
            warning="#B5651D",
            error="#B3261E",
            success="#2E7D4F",
            foreground="#1E2329",
            background="#F7F5F0",
            surface="#EFECE4",
            panel="#E2DED3",
            dark=False,
            variables={
                "footer-key-foreground": "#B5651D",
                "input-selection-background": "#1F6FA3 25%",
            },
        ),
    ]


def theme_names() -> list[str]:
    return [theme.name for theme in build_themes()]
