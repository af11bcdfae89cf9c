"""The footer of every screen: Textual's Footer, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's Footer recomposes (new keys, each restyled twice) on every focus change and every
    refresh of the bindings, 20-80 ms on the UI thread each time, mostly showing the same keys again.
    This one recomposes only when the shown keys, their labels or whether they are enabled change."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[tuple[str, str, str, bool, str], ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            shown = tuple(
                (binding.key, binding.action, binding.description, enabled, tooltip)
                for (_, binding, enabled, tooltip) in screen.active_bindings.values()
                if binding.show
            )
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)
