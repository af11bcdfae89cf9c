"""What every pmtui screen does about styling, beside what Textual does."""

from __future__ import annotations

from textual import events


class StyledOnce:
    """A screen mixin: the screen is styled when it is mounted, so the restyle of the whole screen that Textual
    does on every ScreenResume is skipped the first time, when it would style every widget a second time (the
    spec screen: about a third of the CPU time of its opening). Later resumes, after a modal or another screen
    was on top, restyle as usual."""

    _resumed_once = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Screen._on_screen_resume (Textual calls handlers down the MRO), which reads the flag.
        if not self._resumed_once:
            self._resumed_once = True
            event.refresh_styles = False
