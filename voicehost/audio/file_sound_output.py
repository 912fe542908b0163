"""Everything the host plays, appended to one WAV file (``--speaker-file OUT.wav``).

The header is rewritten after every clip, so a game that is killed still
leaves a playable file.
"""

from __future__ import annotations

import time
import wave

from .clip import AudioClip
from .pcm import convert
from .sound_output import Played, SoundOutput, SoundOutputError

FILE_RATE = 22050
"""Rate of the written file, in hertz (the rate espeak speaks at)."""


class FileSoundOutput(SoundOutput):
    """Appends each played clip, as 22050 Hz mono 16-bit, to the WAV file at ``path``.

    A clip is written whole the moment it is played, so ``wait`` reports it heard whole,
    ending at the ``time.monotonic()`` it was written (the file has no clock of its own).
    """

    def __init__(self, path, rate: int = FILE_RATE) -> None:
        self.path = str(path)
        self.rate = rate
        try:
            self._file = open(self.path, "wb")
        except OSError as exc:
            raise SoundOutputError(
                f"Cannot write the speaker file '{self.path}' ({exc.strerror or exc}).",
                "Give `--speaker-file` a path in a writable folder.") from exc
        self._wav = wave.open(self._file, "wb")
        self._wav.setnchannels(1)
        self._wav.setsampwidth(2)
        self._wav.setframerate(rate)
        self._wav.writeframes(b"")  # header now, so even an empty game leaves a valid file
        self._file.flush()
        self.seconds = 0.0
        """Audio written so far, in seconds."""
        self._played = Played(whole=True, seconds=0.0, ended_at=time.monotonic())

    def play(self, clip: AudioClip) -> None:
        if self._wav is None:
            raise SoundOutputError(f"The speaker file '{self.path}' is already closed.")
        clip = convert(clip, self.rate, 1)
        try:
            self._wav.writeframes(clip.pcm)  # wave patches the header sizes when they change
            self._file.flush()
        except OSError as exc:
            raise SoundOutputError(f"Writing the speaker file '{self.path}' failed ({exc}).",
                                   "Free some disk space or choose another path.") from exc
        self.seconds += clip.seconds
        self._played = Played(whole=True, seconds=clip.seconds, ended_at=time.monotonic())

    def wait(self) -> Played:
        return self._played

    def stop(self) -> None:
        """Nothing to cut: a clip is written whole the moment it is played."""

    @property
    def busy(self) -> bool:
        return False

    def close(self) -> None:
        if self._wav is not None:
            self._wav.close()
            self._file.close()
            self._wav = None
