"""Synthetic player voices: espeak-ng speaking what a simulated player says.

Used by ``voicehost demo``, the end-to-end tests and the benchmarks, so that
players are heard through the real recogniser in voices other than the host's.
"""

from __future__ import annotations

import math
import random
import shutil
import subprocess
import tempfile
from array import array
from dataclasses import dataclass
from pathlib import Path

from ..audio.clip import AudioClip
from ..audio.wav import read_wav


class SyntheticVoiceError(RuntimeError):
    def __init__(self, reason: str) -> None:
        super().__init__(f"{reason} Install espeak-ng (Debian/Ubuntu: apt-get install espeak-ng).")


@dataclass(frozen=True)
class PlayerVoice:
    """An espeak-ng voice: ``name`` such as ``en-us+f3``, ``rate`` in words per minute,
    ``pitch`` 0-99."""

    name: str
    rate: int = 160
    pitch: int = 50


PLAYER_VOICES = (
    PlayerVoice("en-us+f3", 155, 60),
    PlayerVoice("en-gb-x-rp+m3", 170, 40),
    PlayerVoice("en-us+m7", 145, 35),
    PlayerVoice("en-gb-scotland+f2", 165, 65),
    PlayerVoice("en-029+m2", 180, 50),
)
"""Voices for simulated players; the host speaks with the default voice."""


def speak(text: str, voice: PlayerVoice) -> AudioClip:
    """``text`` spoken by ``voice``, as 16 kHz mono 16-bit audio."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise SyntheticVoiceError("espeak-ng is not installed.")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "say.wav"
        run = subprocess.run([exe, "-v", voice.name, "-s", str(voice.rate), "-p", str(voice.pitch),
                              "-w", str(out), text], capture_output=True, text=True, timeout=30)
        if run.returncode != 0 or not out.exists():
            raise SyntheticVoiceError(f"espeak-ng could not speak with voice {voice.name}: "
                                      f"{run.stderr.strip()}")
        return read_wav(out)


def silence(seconds: float, rate: int = 16000) -> AudioClip:
    return AudioClip(bytes(2 * int(seconds * rate)), rate)


def concat(*clips: AudioClip) -> AudioClip:
    return AudioClip(b"".join(c.pcm for c in clips), clips[0].rate if clips else 16000)


def add_noise(clip: AudioClip, snr_db: float, rng: random.Random) -> AudioClip:
    """Mix in white-ish noise at ``snr_db`` relative to the speech's power."""
    samples = array("h", clip.pcm)
    if not samples:
        return clip
    power = sum(s * s for s in samples) / len(samples) or 1.0
    sigma = math.sqrt(power / (10 ** (snr_db / 10)))
    noisy = array("h", (max(-32768, min(32767, int(s + rng.gauss(0.0, sigma)))) for s in samples))
    return AudioClip(noisy.tobytes(), clip.rate)
