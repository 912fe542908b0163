"""The sound output interface: where the host's voice and effects go.

Implementations: ``DeviceSoundOutput`` (a real or virtual output device,
``device_sound_output.py``), ``FileSoundOutput`` (everything played appended to one WAV
file, ``file_sound_output.py``) and ``RecordingSoundOutput`` (a fake for tests that keeps
the clips, ``voicehost/testing/recording_sound_output.py``).
"""

from __future__ import annotations

import abc

from ..errors import FixableError
from .clip import AudioClip

SPEAKER_FIX = (
    "Choose another device with `audio.output_device` in config.yaml "
    "(see `voicehost devices`), or write the host's voice to a file with "
    "`--speaker-file OUT.wav`."
)


class SoundOutputError(FixableError):
    """The output device cannot be opened or was lost. ``fix`` says what the user can do."""


class SoundOutput(abc.ABC):
    """Plays one ``AudioClip`` at a time."""

    @abc.abstractmethod
    def play(self, clip: AudioClip) -> None:
        """Start playing ``clip`` and return at once; a clip still playing is cut off."""

    @abc.abstractmethod
    def wait(self) -> bool:
        """Block until the current clip has been heard; False if it was stopped early."""

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
