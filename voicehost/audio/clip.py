"""Audio as plain data: the unit that microphones, recognisers and speakers pass around."""

from __future__ import annotations

from dataclasses import dataclass

SAMPLE_RATE = 16000
"""Rate of microphone audio fed to recognisers, in hertz."""


@dataclass(frozen=True)
class AudioClip:
    """A run of signed 16-bit little-endian PCM samples."""

    pcm: bytes
    rate: int = SAMPLE_RATE
    """Samples per second, in hertz."""
    width: int = 2
    """Bytes per sample."""
    channels: int = 1

    @property
    def seconds(self) -> float:
        frame = self.width * self.channels
        return len(self.pcm) / frame / self.rate if self.rate else 0.0
