"""A speaker for tests: remembers what the host said, plays nothing."""

from __future__ import annotations

import time

from ..audio.clip import AudioClip


class RecordingSpeaker:
    """Same methods as ``Speaker``; keeps ``said`` (texts) and ``played`` (effect clips)."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.played: list[AudioClip] = []
        self.rate_changes: list[int] = []
        self.prefetched: list[str] = []
        """Lines announced with ``prefetch`` before they were said."""
        self.stops = 0
        self.last_spoken_at = 0.0
        """``time.monotonic()`` of the last ``say`` or ``play``."""

    def say(self, text: str, wait: bool = True) -> bool:
        self.said.append(text)
        self.last_spoken_at = time.monotonic()
        return True

    def prefetch(self, texts: list[str]) -> None:
        self.prefetched.extend(texts)

    def warm_up(self) -> None:
        pass

    def play(self, clip: AudioClip, wait: bool = True) -> bool:
        self.played.append(clip)
        self.last_spoken_at = time.monotonic()
        return True

    def stop(self) -> None:
        self.stops += 1

    @property
    def speaking(self) -> bool:
        return False

    def set_rate(self, delta: int) -> bool:
        self.rate_changes.append(delta)
        return True

    def close(self) -> None:
        pass

    @property
    def text(self) -> str:
        """Everything said, one line each."""
        return "\n".join(self.said)
