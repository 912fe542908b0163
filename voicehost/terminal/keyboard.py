"""Typed lines from a terminal or a pipe: ``--input text``."""

from __future__ import annotations

import select
import sys
import time
from typing import TextIO

from ..host.moments import Context
from ..host.player_input import EndOfInput, Heard, InputTraits, PlayerInput, Stop

STOP_POLL_SECONDS = 0.2
"""How often a listen that waits on a terminal looks whether it should stop."""


class KeyboardInput(PlayerInput):
    """Typed lines from a terminal or a pipe."""

    traits = InputTraits(typed=True, keys=True)

    def __init__(self, stream: TextIO | None = None, echo: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self.echo = echo

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        if self.stream.isatty():
            print("> ", end="", flush=True)
        if not self._ready(timeout, stop):
            return None
        line = self.stream.readline()
        if not line:
            raise EndOfInput()
        if self.echo:
            print(f"> {line.rstrip()}", file=self.echo, flush=True)
        return Heard(line.strip(), 1.0, typed=True)

    def _ready(self, timeout: float | None, stop: Stop | None) -> bool:
        """A line can be read before ``timeout`` seconds pass or ``stop()`` is true."""
        if timeout is None and stop is None:
            return True
        deadline = None if timeout is None else time.monotonic() + timeout
        while not (stop is not None and stop()):
            left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            wait = left if stop is None else min(STOP_POLL_SECONDS, STOP_POLL_SECONDS if left is None
                                                 else left)
            try:
                ready, _, _ = select.select([self.stream], [], [], wait)
            except (ValueError, OSError, TypeError):  # not a real file (tests, Windows)
                return True
            if ready:
                return True
            if left is not None and left <= wait:
                return False
        return False
