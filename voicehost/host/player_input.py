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
from typing import Callable, TextIO

from .intents import Context


class EndOfInput(Exception):
    """No more input will come: save and stop."""


@dataclass(frozen=True)
class Heard:
    text: str
    confidence: float = 1.0
    typed: bool = False
    pressed: bool = False
    """A key or button was pressed: exactly what was meant (never misheard), yet confirmed
    like speech, and silence still re-prompts."""
    speech_ended: float | None = None
    """Monotonic time at which the player stopped speaking, when known."""
    noise_db: float | None = None
    """The room's noise floor while listening, in dB relative to full scale; None when
    not measured (typed input, a script)."""
    snr_db: float | None = None
    """How far what was taken for speech stood above that floor, in dB; None when unknown."""


class Clock:
    """Monotonic time; the scripted input advances a fake one."""

    def now(self) -> float:
        return time.monotonic()


class PlayerInput(abc.ABC):
    typed = False
    """Every answer is typed: no recogniser stands between the player and the host."""
    keys = False
    """Players can also type or press answer keys, so the host may offer them when
    speech is not getting through."""
    key_map = None
    """The single keys players press (a ``KeyMap``), so the host can name them; None without."""
    only_keys = False
    """Players answer only with keys: the host says what to press rather than what to say."""
    confirm_everything = False
    """The recogniser is not held to the game's phrases (a Vosk model without runtime
    graphs): every answer and lifeline is confirmed, whatever the settings say."""
    ping: Callable[[], None] = staticmethod(lambda: None)
    """Called now and then while the input waits for a lost device (``keep_alive``)."""

    @abc.abstractmethod
    def listen(self, context: Context, phrases: list[str], timeout: float | None) -> Heard | None:
        """What the player said, None after ``timeout`` seconds of silence (None: wait forever)."""

    def hears(self, text: str) -> bool:
        """Whether ``text`` (an option's text) can be heard at all: a speech model may lack
        one of its words, and then the host must not ask for it (its letter still works)."""
        return True

    def keep_alive(self, ping: Callable[[], None]) -> None:
        """Call ``ping`` now and then while waiting for a lost device to come back: for the
        kiosk's watchdog, waiting for a microphone is not a hang."""
        self.ping = ping

    def drop_keys(self) -> None:
        """Forget keys pressed and not yet taken (the kiosk, before a new game)."""

    def close(self) -> None:
        pass


class KeyboardInput(PlayerInput):
    """Typed lines from a terminal or a pipe."""

    typed = True
    keys = True

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


