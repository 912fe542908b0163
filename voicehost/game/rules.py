"""The choices a table makes before a game: format, rounds, lifeline variants.

The edition fixes the ladder and lifeline rules; these are the things that
reasonably differ between tables, read from ``config.yaml`` and flags.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Rules:
    format: str | None = None
    """table or hot_seat; None takes the edition's default."""
    rounds: int = 3
    """Rounds before the richest player wins (unless someone wins the top prize first)."""
    confirm_answers: bool = True
    """Ask "final answer?" before locking; always asked before walking away."""
    phone_mode: str = "table"
    """table: the friend is a player (or simulated); real: a real call with a timer."""
    call_seconds: int = 30
    two_player_rules: bool = True
    """Use the rulebooks' two-player lifeline rules when exactly two play."""
    table_votes: bool = True
    """Players vote for the audience and act as the friend; False: always simulated."""
    human_audience_min: int = 2
    """Fewest other players for the audience to be the table rather than simulated."""

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        return cls(**data)
