"""The microphone interface: where the host's ears get their audio.

Implementations: ``DeviceMicrophone`` (a real or virtual input device,
``device_microphone.py``) and ``FileMicrophone`` (a WAV file standing in for the
microphone, ``file_microphone.py``). Both deliver 16 kHz mono 16-bit chunks.
"""

from __future__ import annotations

import abc

from ..errors import FixableError

BLOCK_MS = 30
"""Milliseconds of audio per chunk the game's microphones deliver. Short chunks let the
listener notice the end of speech sooner: a chunk of 30 ms delays the reply by at most 30 ms."""


class MicrophoneError(FixableError):
    """The microphone cannot be opened or was lost. ``fix`` says what the user can do."""


class EndOfAudio(Exception):
    """A file-backed microphone has nothing more to say."""


class Microphone(abc.ABC):
    """A source of 16 kHz, mono, 16-bit little-endian PCM chunks."""

    rate: int = 16000

    @abc.abstractmethod
    def start(self) -> None:
        """Open the device and begin capturing. Raises MicrophoneError."""

    @abc.abstractmethod
    def read(self, timeout: float) -> bytes | None:
        """The next chunk, or None if none arrived within ``timeout`` seconds.

        Raises EndOfAudio when a finite source is exhausted and
        MicrophoneError when the device is lost.
        """

    @abc.abstractmethod
    def flush(self) -> None:
        """Drop everything captured so far (used after the host has spoken)."""

    @abc.abstractmethod
    def stop(self) -> None:
        """Stop capturing and release the device."""
