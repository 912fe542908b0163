"""The sound output interface: where the host's voice and effects go.

Implementations: ``DeviceSoundOutput`` (a real or virtual output device,
``device_sound_output.py``), ``FileSoundOutput`` (everything played appended to one WAV
file, ``file_sound_output.py``) and ``RecordingSoundOutput`` (a fake for tests that keeps
the clips, ``voicehost/testing/recording_sound_output.py``). Each answers ``wait`` with
a ``Played``: whether the clip was heard whole, how much of it played and when it ended.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass

from ..errors import FixableError
from .clip import AudioClip
from ..invocation import command

SPEAKER_FIX = (
    "Choose another device with `audio.output_device` in config.yaml "
    f"(see `{command('devices')}`), or write the host's voice to a file with "
    "`--speaker-file OUT.wav`."
)


class SoundOutputError(FixableError):
    """The output device cannot be opened or was lost. ``fix`` says what the user can do."""


@dataclass(frozen=True)
class Played:
    """What became of one clip: how much of it was played and when it fell silent."""

    whole: bool
    """True when the clip played to its end; False when ``stop`` (or the next ``play``)
    cut it off."""
    seconds: float
    """How much of the clip played, in seconds (its whole length when ``whole``)."""
    ended_at: float
    """The ``time.monotonic()``, in seconds, at which the last sample played reached the
    speaker. For a clip cut off it can lie just ahead of ``wait``'s return: the end of it
    already handed to a device still drains from the device's buffer."""


class SoundOutput(abc.ABC):
    """Plays one ``AudioClip`` at a time."""

    @abc.abstractmethod
    def play(self, clip: AudioClip) -> None:
        """Start playing ``clip`` and return at once; a clip still playing is cut off."""

    def extend(self, clip: AudioClip) -> None:
        """Play ``clip`` right after the clip playing now, with no gap between them (a line
        that comes in parts, rendered while its first part plays); ``wait`` then answers for
        the two as one clip. With nothing playing it is ``play``; after ``stop`` a device
        may drop it (the rest of a line cut off). This default waits for the current clip
        to end, then plays; a device that can join clips overrides it."""
        if self.busy:
            self.wait()
        self.play(clip)

    @abc.abstractmethod
    def wait(self) -> Played:
        """Block until the current (or last) clip has been heard, or return at once when it
        was stopped early; say how much of it played and when it ended."""

    @abc.abstractmethod
    def stop(self) -> None:
        """Cut the current clip off now (the player interrupted)."""

    @property
    @abc.abstractmethod
    def busy(self) -> bool:
        """True while a clip is playing."""

    def close(self) -> None:
        """Stop and release the device or file."""
        self.stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
