"""Where the host hears players: the keyboard, the microphone, or a script.

``PlayerInput.listen(context, phrases, timeout)`` returns what was said as
``Heard`` (text and confidence), None after ``timeout`` seconds of silence,
or raises ``EndOfInput`` when the input is closed (end of typed input, the end
of a ``--mic-file``).
"""

from __future__ import annotations

import abc
import select
import sys
import time
from dataclasses import dataclass
from typing import Iterable, TextIO

from .intents import Context


class EndOfInput(Exception):
    """No more input will come: save and stop."""


@dataclass(frozen=True)
class Heard:
    text: str
    confidence: float = 1.0
    typed: bool = False
    speech_ended: float | None = None
    """Monotonic time at which the player stopped speaking, when known."""


class Clock:
    """Monotonic time; the scripted input advances a fake one."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock(Clock):
    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class PlayerInput(abc.ABC):
    typed = False

    @abc.abstractmethod
    def listen(self, context: Context, phrases: list[str], timeout: float | None) -> Heard | None:
        """What the player said, None after ``timeout`` seconds of silence (None: wait forever)."""

    def close(self) -> None:
        pass


class KeyboardInput(PlayerInput):
    """Typed lines from a terminal or a pipe."""

    typed = True

    def __init__(self, stream: TextIO | None = None, echo: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self.echo = echo

    def listen(self, context: Context, phrases: list[str], timeout: float | None) -> Heard | None:
        if self.stream.isatty():
            print("> ", end="", flush=True)
        if timeout is not None and not self._ready(timeout):
            return None
        line = self.stream.readline()
        if not line:
            raise EndOfInput()
        if self.echo:
            print(f"> {line.rstrip()}", file=self.echo, flush=True)
        return Heard(line.strip(), 1.0, typed=True)

    def _ready(self, timeout: float) -> bool:
        try:
            ready, _, _ = select.select([self.stream], [], [], timeout)
        except (ValueError, OSError, TypeError):  # not a real file (tests, Windows)
            return True
        return bool(ready)


class ScriptedInput(PlayerInput):
    """A fake for tests: "the player says B, then yes". ``None`` in the script
    stands for silence lasting the whole timeout; text starting with ``~0.4:``
    sets the confidence (here 0.4)."""

    def __init__(self, script: Iterable[str | None], clock: FakeClock | None = None,
                 typed: bool = False) -> None:
        self.script = list(script)
        self.clock = clock or FakeClock()
        self.typed = typed
        self.heard_phrases: list[list[str]] = []

    def listen(self, context: Context, phrases: list[str], timeout: float | None) -> Heard | None:
        self.heard_phrases.append(list(phrases))
        if not self.script:
            raise EndOfInput()
        item = self.script.pop(0)
        if item is None:
            self.clock.advance(timeout or 0.0)
            return None
        confidence = 1.0
        if item.startswith("~") and ":" in item:
            head, item = item[1:].split(":", 1)
            confidence = float(head)
        self.clock.advance(1.0)
        return Heard(item, confidence, typed=self.typed)
