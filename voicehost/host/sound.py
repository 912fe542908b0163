"""A sound effect among the host's lines."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sound:
    name: str
    """lock_in, correct, wrong, lifeline, tick or time_up."""
