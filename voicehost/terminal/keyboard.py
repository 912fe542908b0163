"""Typed lines from a terminal or a pipe: ``--input text``.

Lines are read through a ``LineReader`` of this input's own (``line_reader.py``): one way
for terminals and pipes alike, none lost when several arrive at once, bytes that are not
text replaced. A stream without a file descriptor (a test's ``StringIO``) is read line by
line as it is.
"""

from __future__ import annotations

import io
import sys
from typing import TextIO

from ..host.moments import Context
from ..host.player_input import EndOfInput, Heard, InputTraits, PlayerInput, Stop
from .line_reader import LineReader


class KeyboardInput(PlayerInput):
    """Typed lines from a terminal or a pipe."""

    traits = InputTraits(typed=True, keys=True)

    def __init__(self, stream: TextIO | None = None, echo: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self.echo = echo
        self.reader = _line_reader(self.stream)

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        if self.stream.isatty():
            print("> ", end="", flush=True)
        if self.reader is None:
            line = self.stream.readline()
            if not line:
                raise EndOfInput()
        else:
            try:
                line = self.reader.readline(timeout, stop)
            except EOFError:
                raise EndOfInput() from None
            if line is None:  # silence: back to the line's start, so that the next prompt or
                if self.stream.isatty():  # line of the host replaces this prompt ("> > > ")
                    print("\r", end="", flush=True)
                return None
        if self.echo:
            print(f"> {line.rstrip()}", file=self.echo, flush=True)
        return Heard(line.strip(), 1.0, typed=True)


def _line_reader(stream: TextIO) -> LineReader | None:
    """A reader of the stream's file descriptor, in its encoding; None without one."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        return None
    return LineReader(fd, getattr(stream, "encoding", None) or "utf-8")
