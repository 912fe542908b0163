"""The kiosk's heartbeat: ``WATCHDOG=1`` to systemd and the status file, from the main loop.

The kiosk calls its ``Heartbeat`` before every listen (at least every 10 s, see
``idle.HEARTBEAT_SECONDS``), between games and during them. It sends
``WATCHDOG=1`` at the unit's interval (half of ``WatchdogSec``) and rewrites the
status file every ``status.WRITE_EVERY_S``; a kiosk that hangs stops both, so
systemd restarts it and ``voicehost kiosk status`` says it is stale. ``ready()``
sends ``READY=1`` once the devices are open; ``stopping()`` ``STOPPING=1``.
"""

from __future__ import annotations

import os
import time
from datetime import datetime
from typing import Callable

from .notify import notify as send, watchdog_interval
from .status import WRITE_EVERY_S, Status, StatusFile, rss_bytes


def local_now() -> datetime:
    return datetime.now().astimezone()


class Heartbeat:
    def __init__(self, status_file: StatusFile | None, facts: Callable[[], tuple[int, str | None]],
                 *, notify: Callable[[str], bool] = send, interval: float | None = None,
                 now: Callable[[], float] = time.monotonic,
                 wall: Callable[[], datetime] = local_now) -> None:
        """``facts()`` gives the games played today and the last error (or None)."""
        self.status_file = status_file
        self.facts = facts
        self.notify = notify
        self.interval = interval if interval is not None else watchdog_interval()
        self.now = now
        self.wall = wall
        self.started = wall()
        self._pinged: float | None = None
        self._written: float | None = None

    def __call__(self) -> None:
        t = self.now()
        if self.interval and (self._pinged is None or t - self._pinged >= self.interval):
            self.notify("WATCHDOG=1")
            self._pinged = t
        if self.status_file and (self._written is None or t - self._written >= WRITE_EVERY_S):
            self.write_status()
            self._written = t

    def write_status(self) -> None:
        games_today, last_error = self.facts()
        self.status_file.write(Status(pid=os.getpid(), started=self.started, updated=self.wall(),
                                      games_today=games_today, last_error=last_error,
                                      rss_bytes=rss_bytes()))

    def ready(self) -> None:
        self.notify("READY=1")
        self()

    def stopping(self) -> None:
        self.notify("STOPPING=1")

    def waiting(self, reason: str | None) -> None:
        """The booth waits for devices that cannot be opened (``reason``), or they are open
        again (None): told to systemd (``STATUS=``) and written to the status at once."""
        self.notify(f"STATUS=waiting for the devices: {reason}" if reason else "STATUS=playing")
        if self.status_file:
            self.write_status()
            self._written = self.now()
