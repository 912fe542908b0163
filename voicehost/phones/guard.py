"""Guards against guessing and flooding, per network address: wrong join codes (at most
``WRONG_CODES`` a minute) and requests of any kind (a token bucket). Thread-safe, on a clock
passed in so the tests can move time."""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Callable

WRONG_CODES = 10
"""Wrong join codes an address may give in ``WRONG_CODE_WINDOW`` seconds."""
WRONG_CODE_WINDOW = 60.0
REQUEST_RATE = 20.0
"""Requests a second an address may keep up (a phone sends about one a second at most)."""
REQUEST_BURST = 60.0
MAX_ADDRESSES = 4096
"""Addresses remembered; the oldest are forgotten beyond this."""


class WrongCodes:
    def __init__(self, limit: int = WRONG_CODES, window: float = WRONG_CODE_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.tries: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    def _recent(self, address: str) -> deque[float]:
        now = self.clock()
        tries = self.tries.setdefault(address, deque())
        while tries and now - tries[0] > self.window:
            tries.popleft()
        if len(self.tries) > MAX_ADDRESSES:
            self.tries.pop(next(iter(self.tries)))
        return tries

    def blocked(self, address: str) -> bool:
        """The address gave ``limit`` wrong codes within the window: no more tries now."""
        with self.lock:
            return len(self._recent(address)) >= self.limit

    def wrong(self, address: str) -> None:
        with self.lock:
            self._recent(address).append(self.clock())


class Requests:
    """A token bucket per address: ``rate`` requests a second, ``burst`` at once."""

    def __init__(self, rate: float = REQUEST_RATE, burst: float = REQUEST_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def allow(self, address: str) -> bool:
        now = self.clock()
        with self.lock:
            tokens, then = self.buckets.get(address, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            allowed = tokens >= 1.0
            self.buckets[address] = (tokens - 1.0 if allowed else tokens, now)
            if len(self.buckets) > MAX_ADDRESSES:
                self.buckets.pop(next(iter(self.buckets)))
            return allowed


class Quieter:
    """At most one log line per ``seconds`` for each (address, reason): a flood of refused
    requests is logged, not written out a thousand times a second."""

    def __init__(self, seconds: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self.clock = seconds, clock
        self.last: dict[tuple, float] = {}
        self.lock = threading.Lock()

    def allow(self, *key) -> bool:
        now = self.clock()
        with self.lock:
            if now - self.last.get(key, -1e9) < self.seconds:
                return False
            self.last[key] = now
            if len(self.last) > MAX_ADDRESSES:
                self.last.pop(next(iter(self.last)))
            return True
