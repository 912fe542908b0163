"""A WAV file standing in for the microphone (``--mic-file FILE.wav``).

The file is heard only while the host listens: each ``read`` returns the next
block at once (no real-time pacing), ``flush`` skips nothing, and the end of
the file raises ``EndOfAudio``.
"""

from __future__ import annotations

import wave

from .microphone import BLOCK_MS, EndOfAudio, Microphone, MicrophoneError
from .pcm import Resampler, decode, encode

FILE_FIX = (
    "Give a 16-bit PCM WAV file to `--mic-file FILE.wav` (convert one with "
    "`sox in.any -b 16 out.wav`), or use a real microphone or `--input text`."
)


class FileMicrophone(Microphone):
    """Delivers a 16-bit WAV file (any rate, mono or stereo) as 16 kHz mono blocks."""

    def __init__(self, path, block_ms: int = BLOCK_MS) -> None:
        self.path = str(path)
        self.block_ms = block_ms
        self._wav: wave.Wave_read | None = None
        self._done = False
        self._check()  # fail at start-up, not when the first question is asked

    def start(self) -> None:
        if self._wav is None and not self._done:
            self._wav = self._open()
            self._resampler = Resampler(self._wav.getframerate(), self.rate)
            self._frames = max(1, self._wav.getframerate() * self.block_ms // 1000)

    def read(self, timeout: float) -> bytes | None:
        if self._done:
            raise EndOfAudio(self.path)
        if self._wav is None:
            self.start()
        raw = self._wav.readframes(self._frames)
        if not raw:
            self._done = True
            self._close()
            tail = self._resampler.finish()  # the resampler's last few samples, if it resamples
            if tail:
                return encode(tail)
            raise EndOfAudio(self.path)
        return encode(self._resampler.feed(decode(raw, 2, self._wav.getnchannels())))

    def flush(self) -> None:
        """Nothing to drop: the file only moves on while someone reads it."""

    def stop(self) -> None:
        """Pause; a later ``start``/``read`` continues where the file left off."""

    def close(self) -> None:
        self._close()
        self._done = True

    def _check(self) -> None:
        self._open().close()

    def _open(self) -> wave.Wave_read:
        try:
            wav = wave.open(self.path, "rb")
        except FileNotFoundError as exc:
            raise MicrophoneError(f"The microphone file '{self.path}' does not exist.",
                                  FILE_FIX) from exc
        except (OSError, wave.Error, EOFError) as exc:
            raise MicrophoneError(f"The microphone file '{self.path}' is not a readable "
                                  f"WAV file ({exc}).", FILE_FIX) from exc
        if wav.getsampwidth() != 2 or wav.getnchannels() not in (1, 2):
            found = f"{8 * wav.getsampwidth()}-bit, {wav.getnchannels()} channels"
            wav.close()
            raise MicrophoneError(f"The microphone file '{self.path}' is {found}; "
                                  "16-bit mono or stereo is needed.", FILE_FIX)
        return wav

    def _close(self) -> None:
        if self._wav is not None:
            self._wav.close()
            self._wav = None
