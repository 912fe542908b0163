"""Where the host's words go: the ``HostOutput`` interface. Implementations: ``ScreenOutput``
(printed, ``voicehost.terminal.screen``), ``SpokenOutput`` (spoken and printed,
``voicehost.voice``) and ``RecordingHostOutput`` (kept, for tests, ``voicehost.testing``)."""

from __future__ import annotations

import abc
from typing import Callable


class HostOutput(abc.ABC):
    ping: Callable[[], None] = staticmethod(lambda: None)
    """Called now and then while the output waits for a lost speaker (``keep_alive``)."""

    @abc.abstractmethod
    def say(self, text: str) -> None:
        """Say one line, returning when it has been said."""

    def upcoming(self, lines: list[str]) -> None:
        """The lines about to be said, in order (the next ``say`` calls), so that an output
        that renders speech can render them while the lines before them play. Nothing need
        be done with them; ``say`` alone says what is said."""

    def sound(self, name: str) -> None:
        """Play an effect (lock_in, correct, wrong, lifeline, tick, time_up)."""

    def adjust_rate(self, words_per_minute: int) -> None:
        """Speak faster (positive) or slower (negative)."""

    def stop(self) -> None:
        """Cut the line being said short (from another thread; a shutdown that cannot wait)."""

    def keep_alive(self, ping: Callable[[], None]) -> None:
        """Call ``ping`` now and then while waiting for a lost speaker to come back."""
        self.ping = ping

    def close(self) -> None:
        pass
