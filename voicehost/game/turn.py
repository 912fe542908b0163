"""What the game is waiting for: the phase, each player's seat, and the turn.

Plain values the engine (``engine.py``) keeps and hands out; the host and the
intent parser read ``Turn`` to know what may be said now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .question import Question


class Phase(str, Enum):
    ANSWER = "answer"
    CONFIRM_ANSWER = "confirm_answer"
    CONFIRM_WALK = "confirm_walk"
    PICK_FRIEND = "pick_friend"
    VOTE = "vote"
    CALL = "call"
    OVER = "over"


@dataclass
class Seat:
    """One player's state in the current round."""

    lifelines: list[str]
    removed: list[str] = field(default_factory=list)
    used_now: list[str] = field(default_factory=list)
    guesses: int = 0
    locked: str | None = None
    pending: str | None = None


@dataclass(frozen=True)
class Turn:
    """What the game is waiting for, for the host and the intent parser."""

    phase: Phase
    speaker: str
    """Who is expected to speak: the candidate, or a voter/friend."""
    player: str
    """Whose question it is."""
    round: int
    level: int
    value: int
    question: Question | None
    open_options: tuple[str, ...]
    lifelines: tuple[str, ...]
    can_walk: bool
    walk_amount: int
    pending: str | None
    friends: tuple[str, ...]
    guesses: int
    call_seconds: int
