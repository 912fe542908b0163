"""Single key presses from a terminal or a pipe, without Enter.

A terminal is put in cbreak mode (no echo, no line editing; Ctrl-C still interrupts)
and always put back as it was: on ``close``, at exit (also after an uncaught
exception) and on SIGTERM. Only SIGKILL cannot be caught; ``stty sane`` repairs the
terminal then. From a pipe (tests, a button box's script) bytes are read one at a time.
"""

from __future__ import annotations

import atexit
import os
import select
import signal
import sys

KEY_BYTES = {"\r": "enter", "\n": "enter", " ": "space", "\x1b": "escape", "\x7f": "backspace",
             "\x08": "backspace", "\t": "tab"}
"""Keys that send a control character, by the name ``input.keys`` uses for them."""
ESCAPE_SEQUENCE_S = 0.03
"""An Escape followed this soon by more bytes is an arrow or function key, not Escape."""


class KeyReader:
    """Reads one key at a time from the file descriptor ``fd`` (default: standard input)."""

    def __init__(self, fd: int | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.tty = os.isatty(self.fd)
        self._saved = None
        self._previous_sigterm = None
        if self.tty:
            self._cbreak()

    def _cbreak(self) -> None:
        import termios
        import tty
        self._saved = termios.tcgetattr(self.fd)
        atexit.register(self.restore)
        try:
            self._previous_sigterm = signal.signal(signal.SIGTERM, self._on_sigterm)
        except ValueError:  # not the main thread: atexit and close still restore
            pass
        tty.setcbreak(self.fd, termios.TCSANOW)

    def _on_sigterm(self, signum, frame) -> None:
        """Put the terminal back, then do what SIGTERM did before (by default: end)."""
        self.restore()
        previous = self._previous_sigterm
        if callable(previous):
            previous(signum, frame)
            return
        if previous == signal.SIG_IGN:
            return
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)

    def restore(self) -> None:
        """The terminal as it was before; safe to call more than once."""
        saved, self._saved = self._saved, None
        if saved is None:
            return
        import termios
        try:
            termios.tcsetattr(self.fd, termios.TCSAFLUSH, saved)
        except (termios.error, OSError):
            pass

    def read(self, timeout: float | None) -> str | None:
        """The next key: one character (letters lower case) or a name from ``KEY_BYTES``;
        "" for a key that sends a sequence (arrows, function keys); None after ``timeout``
        seconds without a key. Raises ``EOFError`` at the end of the input (Ctrl-D in a terminal)."""
        if not self._ready(timeout):
            return None
        data = os.read(self.fd, 1)
        if not data:
            raise EOFError()
        if data[0] >= 0x80:  # the rest of a UTF-8 character ("é", "ö")
            need = 1 if data[0] < 0xE0 else 2 if data[0] < 0xF0 else 3
            data += os.read(self.fd, need)
        char = data.decode("utf-8", "replace")
        if char == "\x04" and self.tty:  # Ctrl-D: the end of input, as when typing lines
            raise EOFError()
        if char == "\x1b" and self.tty and self._ready(ESCAPE_SEQUENCE_S):
            os.read(self.fd, 64)  # an arrow or function key: not a key of the map
            return ""
        return KEY_BYTES.get(char, char.lower())

    def _ready(self, timeout: float | None) -> bool:
        ready, _, _ = select.select([self.fd], [], [], None if timeout is None else max(0.0, timeout))
        return bool(ready)

    def close(self) -> None:
        self.restore()
        if self.tty:
            atexit.unregister(self.restore)
            if self._previous_sigterm is not None:
                try:
                    signal.signal(signal.SIGTERM, self._previous_sigterm)
                except ValueError:
                    pass
