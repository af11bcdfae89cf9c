"""Prompt templates as text files, one per agent and task; the one loader pmtui uses for them."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from string import Template
from typing import Any


@cache
def load_prompt(name: str) -> Template:
    """`prompts/<name>.md` (installed as pmtui.prompts) as a $-template."""
    return Template(files(__name__).joinpath(f"{name}.md").read_text(encoding="utf-8"))


def render_prompt(name: str, **values: Any) -> str:
    """The prompt with every $name filled (a missing value is an error, not a silent blank)."""
    return load_prompt(name).substitute({key: str(value) for key, value in values.items()})
