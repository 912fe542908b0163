"""SIGTERM and SIGINT: finish the line being said, save, and stop.

``StopSignals`` turns the signals into ``Shutdown``. Inside a ``deferred()`` section
(a line being said, the score table being written) the stop waits until the
section ends; a section still running ``grace`` seconds later is cut short (the
line stopped), so the kiosk stops within 3 s of the signal. Without ``install()``
nothing changes (the tests drive most kiosks without signals).
"""

from __future__ import annotations

import _thread
import signal
import threading
from contextlib import contextmanager
from typing import Callable

from ..host.output import HostOutput

GRACE_SECONDS = 2.0


class Shutdown(Exception):
    """The kiosk was asked to stop (SIGTERM or SIGINT)."""


class StopSignals:
    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self.requested: int | None = None
        """The signal that asked the kiosk to stop, once one has."""
        self.cut: Callable[[], None] = lambda: None
        """Cuts the line being said short (the output's ``stop``)."""
        self.on_stop: Callable[[], None] = lambda: None
        """Called once, when the first signal arrives (systemd's ``STOPPING=1``)."""
        self.raised = False
        """``Shutdown`` was raised: what follows (saving) runs to its end."""
        self._depth = 0
        self._timer: threading.Timer | None = None

    def install(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum, frame) -> None:
        if self.raised:
            return
        if self.requested is None:
            self.on_stop()
        if self._depth and self.requested is None:
            self.requested = signum  # finish the line first
            self._timer = threading.Timer(self.grace, self._force)
            self._timer.daemon = True
            self._timer.start()
            return
        self.requested = self.requested or signum
        self._raise()

    def _raise(self) -> None:
        self.raised = True
        if self._timer:
            self._timer.cancel()
        raise Shutdown()

    def _force(self) -> None:
        """The line is taking too long: cut it short and stop the main thread."""
        if self.raised:
            return
        try:
            self.cut()
        finally:
            _thread.interrupt_main(self.requested or signal.SIGTERM)

    @contextmanager
    def deferred(self):
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
        if not self._depth and self.requested is not None and not self.raised:
            self._raise()


class FinishLine(HostOutput):
    """An output whose every line and sound is finished before a signal stops the kiosk."""

    def __init__(self, inner: HostOutput, signals: StopSignals) -> None:
        self.inner = inner
        self.signals = signals
        signals.cut = inner.stop

    def say(self, text: str) -> None:
        with self.signals.deferred():
            self.inner.say(text)

    def sound(self, name: str) -> None:
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
