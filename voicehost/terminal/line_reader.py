"""Typed lines from a file descriptor (a terminal or a pipe), read one way for both.

Bytes are read with ``os.read`` into one buffer of this reader's own, and lines are taken
from that buffer, so a burst of lines that arrives in one write is never left unseen in
a buffer that ``select`` cannot see (as with Python's buffered ``readline``). A partial
line waits for the rest; a line longer than ``MAX_LINE_BYTES`` is cut there (the rest of
it is read and dropped, so memory stays bounded); bytes that are not text in the input's
encoding are replaced, never fatal.
"""

from __future__ import annotations

import os
import select
import time
from typing import Callable

MAX_LINE_BYTES = 4096
"""A line is kept to this many bytes; no answer, command or name is nearly this long."""
READ_BYTES = 65536
POLL_SECONDS = 0.2
"""How often a wait for a line looks whether it should stop."""


class LineReader:
    def __init__(self, fd: int, encoding: str = "utf-8") -> None:
        self.fd = fd
        self.encoding = encoding
        self._buffer = bytearray()
        self._dropping = False
        """The line being read has passed ``MAX_LINE_BYTES``: its rest is dropped."""
        self._ended = False

    def readline(self, timeout: float | None = None, stop: Callable[[], bool] | None = None) -> str | None:
        """The next line without its line ending; None when no whole line came within
        ``timeout`` seconds (None: wait for one) or once ``stop()`` is true. Raises
        ``EOFError`` at the end of the input; a last line without a line ending is a line."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            line = self._take()
            if line is not None:
                return line
            if self._ended:
                raise EOFError()
            if stop is not None and stop():
                return None
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            wait = left if stop is None else min(POLL_SECONDS, POLL_SECONDS if left is None else left)
            ready, _, _ = select.select([self.fd], [], [], wait)
            if ready:
                self._read()

    def _read(self) -> None:
        data = os.read(self.fd, READ_BYTES)
        if not data:
            self._ended = True
            return
        for chunk in data.split(b"\n")[:-1]:  # each ends a line
            self._add(chunk, ended=True)
        last = data.rsplit(b"\n", 1)[-1]
        if last:
            self._add(last, ended=False)

    def _add(self, chunk: bytes, ended: bool) -> None:
        """Add a piece of a line to the buffer (``ended``: the line ends after it), keeping
        at most ``MAX_LINE_BYTES`` of any line."""
        if not self._dropping:
            start = self._buffer.rfind(b"\n") + 1
            room = MAX_LINE_BYTES - (len(self._buffer) - start)
            self._buffer += chunk[:max(room, 0)]
            self._dropping = len(chunk) > room
        if ended:
            self._buffer += b"\n"
            self._dropping = False

    def _take(self) -> str | None:
        """A whole line from the buffer (at the end of the input, what is left), or None."""
        end = self._buffer.find(b"\n")
        if end < 0 and not (self._ended and self._buffer):
            return None
        end = len(self._buffer) if end < 0 else end
        raw = bytes(self._buffer[:end])
        del self._buffer[:end + 1]
        return raw.rstrip(b"\r").decode(self.encoding, errors="replace")
