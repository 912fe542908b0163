"""The real phone call (``lifelines.phone: real``): the host reads the question for the
friend, runs the clock, marks 20 and 10 seconds and counts down the last five; "stop the
clock" (or "no answer") ends it, and so does the time.

A state of the host's loop: ``PhoneCall.start`` says the opening line and sets the
deadline on the host's clock; each ``step`` is one listen, up to the next mark.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import commands as c
from .ask import Silence, Understood

CALL_MARKS = (20, 10, 5, 4, 3, 2, 1)
"""Seconds left at which the phone-a-friend timer speaks."""


@dataclass
class PhoneCall:
    deadline: float
    """When the call's time runs out, on the host's clock (seconds)."""
    marks: tuple[int, ...]
    """The marks still to come, most seconds left first."""

    @classmethod
    def start(cls, host) -> "PhoneCall":
        game, n = host.game, host.lines
        seconds = game.rules.call_seconds
        host.say([n.line("call_start", question=game.question.text, options=n.options_text(),
                         seconds=seconds)])
        return cls(host.clock.now() + seconds, tuple(m for m in CALL_MARKS if m < seconds))

    def step(self, host) -> c.GameCommand | None:
        """Listen until the next mark; the command that ends the call, or None to go on."""
        left = self.deadline - host.clock.now()
        if left <= 0:
            return self.time_up(host)
        upcoming = [m for m in self.marks if m < left]
        next_mark = upcoming[0] if upcoming else 0
        outcome = host.ask(left - next_mark)
        command = outcome.command if isinstance(outcome, Understood) else None
        if isinstance(command, c.EndCall) and not command.answered:
            return self.time_up(host)  # "no answer": as when the time runs out
        if isinstance(command, (c.EndCall, c.Abandon)):
            return command
        if isinstance(outcome, Silence) and next_mark and not host.stop():
            host.output.sound("tick")
            key = "call_mark" if next_mark >= 10 else "call_count"
            host.say([host.lines.line(key, seconds=next_mark)])
        return None  # anything else said during the call is the friend's business

    def time_up(self, host) -> c.EndCall:
        host.output.sound("time_up")
        host.say([host.lines.line("call_time_up")])
        return c.EndCall(False)
