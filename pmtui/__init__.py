"""pmtui — an AI product manager that lives in the terminal."""

__version__ = "0.1.0"
