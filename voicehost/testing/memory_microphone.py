"""A microphone that plays back audio held in memory, for tests and benchmarks."""

from __future__ import annotations

import time

from ..audio.clip import SAMPLE_RATE
from ..audio.microphone import EndOfAudio, Microphone, MicrophoneError


class MemoryMicrophone(Microphone):
    """Serves ``pcm`` (16-bit mono at ``rate`` hertz) in ``block_ms`` chunks.

    After the audio it serves ``trailing_silence_s`` of digital silence, so a
    recogniser can notice the end of speech, then raises EndOfAudio. Chunks
    come as fast as they are read unless ``realtime`` is set, in which case
    ``read`` waits until each chunk would have been captured.
    """

    def __init__(
        self,
        pcm: bytes,
        rate: int = SAMPLE_RATE,
        block_ms: int = 100,
        trailing_silence_s: float = 1.0,
        *,
        realtime: bool = False,
    ) -> None:
        if block_ms <= 0:
            raise ValueError("block_ms must be positive")
        self.rate = rate
        self.realtime = realtime
        self._block = max(1, rate * block_ms // 1000) * 2
        silence = int(trailing_silence_s * rate) * 2
        self._audio = bytes(pcm[: len(pcm) - len(pcm) % 2]) + bytes(silence)
        self._offset = 0
        self._started_at: float | None = None

    @property
    def position(self) -> float:
        """Seconds of audio served since ``start``."""
        return self._offset / 2 / self.rate

    def start(self) -> None:
        self._offset = 0
        self._started_at = time.monotonic()

    def read(self, timeout: float) -> bytes | None:
        if self._started_at is None:
            raise MicrophoneError("The memory microphone was read before start().",
                                  "Call start() first.")
        if self._offset >= len(self._audio):
            raise EndOfAudio()
        chunk = self._audio[self._offset : self._offset + self._block]
        if self.realtime:
            due = self._started_at + (self._offset + len(chunk)) / 2 / self.rate
            wait = due - time.monotonic()
            if wait > timeout:
                time.sleep(max(0.0, timeout))
                return None
            if wait > 0:
                time.sleep(wait)
        self._offset += len(chunk)
        return chunk

    def flush(self) -> None:
        """Nothing is buffered ahead of ``read``, so there is nothing to drop."""

    def stop(self) -> None:
        self._started_at = None
