"""The kiosk's heartbeat: ``WATCHDOG=1`` to systemd and the status file, from the main loop.

The kiosk calls its ``Heartbeat`` before every listen (at least every 10 s, see
``idle.HEARTBEAT_SECONDS``), between games and during them. It sends
``WATCHDOG=1`` at the unit's interval (half of ``WatchdogSec``) and rewrites the
status file every ``status.WRITE_EVERY_S`` (at every beat while a write fails); a
kiosk that hangs stops both, so systemd restarts it and ``voicehost kiosk status``
says it is stale. ``changed()`` writes the status at once (the booth calls it when
a game starts or ends, on an error, a device lost or back, the score table moved
aside). ``ready()`` sends ``READY=1`` once the devices are open; ``stopping()``
``STOPPING=1``; ``starting()`` writes the status once the state folder is known, and
``end()`` writes how the run ended, with what it carries on from
the runs before it (``runs.History``). While the status cannot be written,
``systemctl status`` says so (``STATUS=``).
"""

from __future__ import annotations

import os
import time
from datetime import datetime
from typing import Callable

from .notify import notify as send, watchdog_interval
from .runs import History, run_end
from .status import WRITE_EVERY_S, Facts, RunEnd, Status, StatusFile, rss_bytes


def local_now() -> datetime:
    return datetime.now().astimezone()


class Heartbeat:
    def __init__(self, status_file: StatusFile | None, facts: Callable[[], Facts],
                 *, notify: Callable[[str], bool] = send, interval: float | None = None,
                 now: Callable[[], float] = time.monotonic,
                 wall: Callable[[], datetime] = local_now, history: History | None = None) -> None:
        """``facts()`` gives what the booth knows (``Facts``): the games played today, the
        last error, its state, a device it waits for, the score table's news."""
        self.status_file = status_file
        self.facts = facts
        self.notify = notify
        self.interval = interval if interval is not None else watchdog_interval()
        self.now = now
        self.wall = wall
        self.started = wall()
        self.history = history or History()
        self.is_ready = False
        self.ended: RunEnd | None = None
        """How this run ended, once ``end()`` was called."""
        self._pinged: float | None = None
        self._written: float | None = None
        self._told: str | None = None

    def __call__(self) -> None:
        t = self.now()
        if self.interval and (self._pinged is None or t - self._pinged >= self.interval):
            self.notify("WATCHDOG=1")
            self._pinged = t
        if self.status_file and (self._written is None or self.status_file.failing
                                 or t - self._written >= WRITE_EVERY_S):
            self.write_status()
            self._written = t

    def changed(self) -> None:
        """Something an operator should see has changed: write the status now."""
        if self.status_file:
            self.write_status()
            self._written = self.now()

    def write_status(self) -> None:
        facts = self.facts()
        self.status_file.write(Status(
            pid=os.getpid(), started=self.started, updated=self.wall(),
            games_today=facts.games_today, last_error=facts.last_error, rss_bytes=rss_bytes(),
            state=facts.state if self.is_ready else "starting", devices=facts.devices,
            score_table=facts.score_table, ended=self.ended, previous=self.history.previous,
            failed_starts=self.history.failed_starts))
        failing = self.status_file.failing
        if failing != self._told:
            self.notify(f"STATUS=cannot write {self.status_file.path}: {failing}" if failing
                        else "STATUS=running; the status file is written again")
            self._told = failing

    def starting(self) -> None:
        """Say that this run is starting (unless another kiosk runs with this status file)."""
        if self.status_file and not self.history.busy:
            self.write_status()

    def ready(self) -> None:
        self.is_ready = True
        self.notify("READY=1")
        self()

    def stopping(self) -> None:
        self.notify("STOPPING=1")

    def waiting(self, reason: str | None) -> None:
        """The booth waits for devices that cannot be opened (``reason``), or they are open
        again (None): told to systemd (``STATUS=``) and written to the status at once."""
        self.notify(f"STATUS=waiting for the devices: {reason}" if reason else "STATUS=playing")
        self.changed()

    def end(self, exit_status: int, *, signal: str | None = None,
            error: BaseException | None = None) -> RunEnd:
        """Record how this run ends (``runs.run_end``; a failed start is counted) and write it,
        unless this run never got ready while another kiosk runs with the same status file."""
        self.ended = run_end(os.getpid(), self.wall(), exit_status, signal=signal, error=error,
                             ready=self.is_ready)
        if self.ended.failed_start:
            self.history = self.history.failed(self.ended.at)
        if self.status_file and not (self.history.busy and not self.is_ready):
            self.write_status()
        return self.ended
