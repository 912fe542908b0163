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
from ..host import host_commands as h
from ..host.ask import Asker, Understood
from ..host.moments import Context, Moment
from ..host.output import HostOutput
from ..host.phrases import Phrases
from ..host.player_input import Clock, PlayerInput, Stop
from .idle import HEARTBEAT_SECONDS
from .lines import KioskLines

JINGLE = "correct"
"""The sound effect played before an invitation."""
ATTRACT = Context(Moment.ATTRACT)


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
                 quiet_hours: str | None = None, clock: Clock,
                 wall: Callable[[], datetime] = datetime.now,
                 heartbeat: Callable[[], None] = lambda: None) -> None:
        self.lines = lines
        self.phrases = phrases
        self.every_seconds = every_seconds
        self.quiet_hours = quiet_hours
        self.clock = clock
        self.wall = wall
        self.heartbeat = heartbeat
        self.next_invite: float | None = None
        """When the next invitation is due (None: at once)."""

    def wait_for_player(self, player_input: PlayerInput, output: HostOutput,
                        stop: Stop = lambda: False) -> bool:
        """Invite and listen until somebody starts a game (True) or ``stop()`` (False);
        ``EndOfInput`` passes through (the end of typed input ends a text-mode kiosk)."""
        asker = Asker(player_input, self.phrases)
        while not stop():
            self.heartbeat()
            now = self.clock.now()
            if self.next_invite is None or now >= self.next_invite:
                if not in_quiet_hours(self.quiet_hours, self.wall()):
                    self.invite(player_input, output)
                self.next_invite = self.clock.now() + self.every_seconds
                continue
            outcome = asker.ask(ATTRACT, min(self.next_invite - now, HEARTBEAT_SECONDS), stop)
            command = outcome.command if isinstance(outcome, Understood) else None
            if isinstance(command, h.StartGame):
                return True
            if isinstance(command, h.Help):
                keys = player_input.traits.keys
                output.say(self.lines.line("how_to_start_keys" if keys else "how_to_start"))
        return False

    def after_game(self) -> None:
        """A game has just ended: the next invitation comes a full interval later."""
        self.next_invite = self.clock.now() + self.every_seconds

    def invite(self, player_input: PlayerInput, output: HostOutput) -> None:
        output.sound(JINGLE)
        keys = self.lines.line("invite_keys") if player_input.traits.keys else ""
        output.say(self.lines.line("invite") + keys)
