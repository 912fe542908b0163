"""Which device the kiosk is waiting for, for its status: a device lost, and back.

A device that loses its hardware waits for it in its own retry loop, and pings the
booth from there (``keep_alive``: ``VoiceInput`` for a microphone, ``SpokenOutput`` for
a speaker) so the watchdog is fed. ``DeviceWatch`` takes the first such ping as "lost"
and the next beat of the booth's own loop (a listen, an invitation), or the devices
being reopened, as "back"; each is logged once and reported at once (``changed``).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Callable


class DeviceWatch:
    def __init__(self, log: logging.Logger, wall: Callable[[], datetime],
                 heartbeat: Callable[[], None], changed: Callable[[], None]) -> None:
        self.log = log
        self.wall = wall
        self.heartbeat = heartbeat
        self.changed = changed
        self.lost: str | None = None
        """The device being waited for, and since when; None: all there."""

    def pinger(self, role: str, device: object) -> Callable[[], None]:
        """The ``keep_alive`` ping for ``device`` (its ``role``: input or output)."""
        def ping() -> None:
            if self.lost is None:
                name = type(device).__name__
                self.lost = f"waiting for the {role} device ({name}) since {self.wall():%Y-%m-%d %H:%M}"
                self.log.warning("the %s device (%s) is lost; waiting for it", role, name)
                self.changed()
            self.heartbeat()
        return ping

    def back(self) -> None:
        """The devices work again (the booth's loop goes on, or they were reopened)."""
        if self.lost is not None:
            self.log.info("the device is back (it was %s)", self.lost)
            self.lost = None
            self.changed()

    def beat(self) -> None:
        """The heartbeat of the booth's own loop, not of a device's wait."""
        self.back()
        self.heartbeat()
