"""A sound output for tests: keeps every clip instead of playing it."""

from __future__ import annotations

import threading
import time

from ..audio.clip import AudioClip
from ..audio.sound_output import SoundOutput


class RecordingSoundOutput(SoundOutput):
    """Keeps played clips in ``clips``.

    With ``realtime=True`` each clip keeps the output busy for its duration
    (without sound), so a test can interrupt it with ``stop()``.
    """

    def __init__(self, realtime: bool = False) -> None:
        self.realtime = realtime
        self.clips: list[AudioClip] = []
        self.stopped = 0
        """How many clips were cut off by ``stop()`` (or by the next ``play``)."""
        self._done = threading.Event()
        self._done.set()
        self._end = 0.0
        self._interrupted = False

    def play(self, clip: AudioClip) -> None:
        if self.busy:
            self.stop()
        self.clips.append(clip)
        self._interrupted = False
        if self.realtime and clip.seconds > 0:
            self._end = time.monotonic() + clip.seconds
            self._done.clear()

    def wait(self) -> bool:
        remaining = self._end - time.monotonic()
        if not self._done.is_set() and remaining > 0:
            self._done.wait(remaining)
        self._done.set()
        return not self._interrupted

    def stop(self) -> None:
        if self.busy:
            self._interrupted = True
            self.stopped += 1
        self._done.set()

    @property
    def busy(self) -> bool:
        return not self._done.is_set() and time.monotonic() < self._end
