"""Between games: invite passers-by now and then, and listen for a start.

Every ``every_seconds`` the host plays a short jingle and says an invitation
(never the same one twice in a row), except in quiet hours, when it stays
silent but still starts a game on a start phrase ("let's play") or, typed or
pressed, an answer key. Nothing said here stops the kiosk.
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from ..config import quiet_hours_span
from ..game import commands as c
from ..host.grammar import grammar
from ..host.intents import Context, Phrases, interpret
from ..host.output import HostOutput
from ..host.player_input import Clock, PlayerInput
from .idle import HEARTBEAT_SECONDS
from .lines import KioskLines

JINGLE = "correct"
"""The sound effect played before an invitation."""
ATTRACT = Context("attract")


def in_quiet_hours(span: str | None, now: datetime) -> bool:
    """Whether ``now`` (local wall-clock time) falls in ``span`` ("22:00-08:00", may run
    over midnight; the start minute is quiet, the end minute is not)."""
    if not span:
        return False
    start, end = quiet_hours_span(span)
    minute = now.hour * 60 + now.minute
    return start <= minute < end if start < end else (minute >= start or minute < end)


class Attract:
    def __init__(self, lines: KioskLines, phrases: Phrases, *, every_seconds: float,
                 quiet_hours: str | None = None, clock: Clock | None = None,
                 wall: Callable[[], datetime] = datetime.now,
                 heartbeat: Callable[[], None] = lambda: None) -> None:
        self.lines = lines
        self.phrases = phrases
        self.every_seconds = every_seconds
        self.quiet_hours = quiet_hours
        self.clock = clock or Clock()
        self.wall = wall
        self.heartbeat = heartbeat
        self.next_invite: float | None = None
        """When the next invitation is due (None: at once)."""

    def wait_for_player(self, player_input: PlayerInput, output: HostOutput) -> None:
        """Invite and listen until somebody starts a game; ``EndOfInput`` passes through
        (the end of typed input ends a text-mode kiosk)."""
        listened = grammar(ATTRACT, self.phrases)
        while True:
            self.heartbeat()
            now = self.clock.now()
            if self.next_invite is None or now >= self.next_invite:
                if not in_quiet_hours(self.quiet_hours, self.wall()):
                    self.invite(player_input, output)
                self.next_invite = self.clock.now() + self.every_seconds
                continue
            wait = min(self.next_invite - now, HEARTBEAT_SECONDS)
            heard = player_input.listen(ATTRACT, listened, wait)
            if heard is None or not heard.text.strip():
                continue
            command = interpret(heard.text, ATTRACT, self.phrases, fuzzy=False,
                                typed=heard.typed or heard.pressed)
            if command == c.HostCommand("start"):
                return
            if command == c.HostCommand("help"):
                output.say(self.lines.line("how_to_start_keys" if player_input.keys else "how_to_start"))

    def after_game(self) -> None:
        """A game has just ended: the next invitation comes a full interval later."""
        self.next_invite = self.clock.now() + self.every_seconds

    def invite(self, player_input: PlayerInput, output: HostOutput) -> None:
        output.sound(JINGLE)
        keys = self.lines.line("invite_keys") if player_input.keys else ""
        output.say(self.lines.line("invite") + keys)
