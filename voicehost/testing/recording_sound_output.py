"""A sound output for tests: keeps every clip instead of playing it."""

from __future__ import annotations

import threading
import time

from ..audio.clip import AudioClip
from ..audio.sound_output import Played, SoundOutput


class RecordingSoundOutput(SoundOutput):
    """Keeps played clips in ``clips``.

    With ``realtime=True`` each clip keeps the output busy for its duration
    (without sound), so a test can interrupt it with ``stop()``; ``wait`` then
    reports the clip heard whole at its start plus its length, or cut off at
    ``stop()`` after the seconds that had passed. Without it a clip is heard whole
    the moment it is played. ``extend`` joins a clip to the one playing, as a device
    does: ``starts`` keeps when each clip began to sound, so a test can see the gaps
    between the parts of a line.
    """

    def __init__(self, realtime: bool = False) -> None:
        self.realtime = realtime
        self.clips: list[AudioClip] = []
        self.starts: list[float] = []
        """``time.monotonic()`` at which each clip of ``clips`` began to sound."""
        self.stopped = 0
        """How many clips were cut off by ``stop()`` (or by the next ``play``)."""
        self._done = threading.Event()
        self._done.set()
        self._start = self._end = time.monotonic()
        self._played = Played(whole=True, seconds=0.0, ended_at=self._end)

    def play(self, clip: AudioClip) -> None:
        if self.busy:
            self.stop()
        self.clips.append(clip)
        realtime = self.realtime and clip.seconds > 0
        self._start = time.monotonic()
        self.starts.append(self._start)
        self._end = self._start + (clip.seconds if realtime else 0.0)
        self._played = Played(whole=True, seconds=clip.seconds, ended_at=self._end)
        if realtime:
            self._done.clear()

    def extend(self, clip: AudioClip) -> None:
        if not self._played.whole:
            return  # after stop() the rest of a line cut off is dropped
        if not (self.realtime and self.busy):
            self.play(clip)
            return
        begins = self._end  # the clip before is still sounding: this one follows it
        self.clips.append(clip)
        self.starts.append(begins)
        self._end = begins + clip.seconds
        self._played = Played(whole=True, seconds=self._end - self._start, ended_at=self._end)

    def wait(self) -> Played:
        remaining = self._end - time.monotonic()
        if not self._done.is_set() and remaining > 0:
            self._done.wait(remaining)
        self._done.set()
        return self._played

    def stop(self) -> None:
        if self.busy:
            now = time.monotonic()
            self._played = Played(whole=False, seconds=now - self._start, ended_at=now)
            self.stopped += 1
        self._done.set()

    @property
    def busy(self) -> bool:
        return not self._done.is_set() and time.monotonic() < self._end
