"""SIGTERM, SIGINT and SIGHUP: finish the line being said, record the game, and stop.

``StopSignals`` turns a signal into a stop flag (``stopping()``) that the booth's states,
every listen and every line check: a listen returns at once, a line not yet begun is not
said, and the booth leaves its loop. A line being said (a ``deferred()`` section) is
finished; one still running ``grace`` seconds after the signal is cut short (the output's
``stop``), so the kiosk stops within 3 s of the signal. Without ``install()`` nothing
changes (the tests drive most kiosks without signals; ``request()`` stops them by hand).

SIGHUP (its terminal hung up: an ssh session closed, a console taken over by
``TTYVHangup=``, ``systemctl kill -s HUP``) is a stop like SIGTERM, not the default
instant exit 129 that would lose the game in progress.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Callable

from ..host.output import HostOutput

GRACE_SECONDS = 2.0
SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""The signals that stop the kiosk as a stop flag."""


class StopSignals:
    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self.requested: int | None = None
        """The signal that asked the kiosk to stop, once one has."""
        self.cut: Callable[[], None] = lambda: None
        """Cuts the line being said short (the output's ``stop``)."""
        self.on_stop: Callable[[], None] = lambda: None
        """Called once, when the first signal arrives (systemd's ``STOPPING=1``)."""
        self._stopped = threading.Event()
        self._depth = 0
        self._timer: threading.Timer | None = None

    def install(self) -> None:
        for sig in SIGNALS:
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum, frame) -> None:
        self.request(signum)

    def request(self, signum: int = signal.SIGTERM) -> None:
        """Ask the kiosk to stop, as ``signum`` does."""
        if self.requested is not None:
            return
        self.requested = signum
        self.on_stop()
        self._stopped.set()
        if self._depth:  # a line is being said: finish it, or cut it after the grace
            self._timer = threading.Timer(self.grace, self.cut)
            self._timer.daemon = True
            self._timer.start()

    def stopping(self) -> bool:
        return self.requested is not None

    @property
    def name(self) -> str | None:
        """The name of the signal that asked the kiosk to stop ("SIGHUP"), once one has."""
        if self.requested is None:
            return None
        try:
            return signal.Signals(self.requested).name
        except ValueError:
            return f"signal {self.requested}"

    def nap(self, seconds: float) -> None:
        """Sleep, unless (or until) the kiosk is asked to stop."""
        self._stopped.wait(seconds)

    @contextmanager
    def deferred(self):
        """A line being said (or a game being recorded): a stop lets it finish."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if not self._depth and self._timer is not None:
                self._timer.cancel()
                self._timer = None


class FinishLine(HostOutput):
    """An output whose every line and sound is finished before a stop, and that says
    nothing more once the kiosk is stopping."""

    def __init__(self, inner: HostOutput, signals: StopSignals) -> None:
        self.inner = inner
        self.signals = signals
        signals.cut = inner.stop

    def say(self, text: str) -> None:
        if self.signals.stopping():
            return
        with self.signals.deferred():
            self.inner.say(text)

    def upcoming(self, lines: list[str]) -> None:
        self.inner.upcoming(lines)

    def sound(self, name: str) -> None:
        if self.signals.stopping():
            return
        with self.signals.deferred():
            self.inner.sound(name)

    def adjust_rate(self, words_per_minute: int) -> None:
        self.inner.adjust_rate(words_per_minute)

    def keep_alive(self, ping) -> None:
        self.inner.keep_alive(ping)

    def stop(self) -> None:
        self.inner.stop()

    def close(self) -> None:
        self.inner.close()
