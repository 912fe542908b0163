"""WAV files in and out, with only the standard library.

``read_wav`` turns any PCM WAV (8/16/24/32-bit, mono or multi-channel, any
rate) into the 16 kHz mono 16-bit ``AudioClip`` that recognisers expect;
``write_wav`` stores a clip unchanged. ``to_recognizer_format`` does the
conversion for audio that is already in memory.
"""

from __future__ import annotations

import wave
from pathlib import Path

from .clip import SAMPLE_RATE, AudioClip
from .pcm import convert


class WavError(ValueError):
    """A file is not a WAV that can be read. ``fix`` says what the user can do."""

    def __init__(self, path: str | Path, reason: str, fix: str = "") -> None:
        super().__init__(f"{path}: {reason}" + (f" {fix}" if fix else ""))
        self.path = str(path)
        self.reason = reason
        self.fix = fix


_CONVERT_FIX = "Convert it first, e.g. `sox IN.wav -r 16000 -c 1 -b 16 OUT.wav`."


def read_wav(path: str | Path, rate: int = SAMPLE_RATE) -> AudioClip:
    """Read a PCM WAV file as mono 16-bit audio at ``rate`` hertz (16 kHz by default).

    Raises WavError when the file is missing, not a WAV, or not PCM.
    """
    try:
        with wave.open(str(path), "rb") as wav:
            clip = AudioClip(
                pcm=wav.readframes(wav.getnframes()),
                rate=wav.getframerate(),
                width=wav.getsampwidth(),
                channels=wav.getnchannels(),
            )
    except FileNotFoundError:
        raise WavError(path, "no such file.") from None
    except (wave.Error, EOFError) as exc:
        raise WavError(path, f"not a PCM WAV file ({exc}).", _CONVERT_FIX) from None
    if clip.width not in (1, 2, 3, 4):
        raise WavError(path, f"{clip.width * 8}-bit samples are not supported.", _CONVERT_FIX)
    return to_recognizer_format(clip, rate)


def write_wav(path: str | Path, clip: AudioClip) -> None:
    """Write ``clip`` as a PCM WAV file, keeping its rate, width and channels. Raises
    OSError when the file cannot be written (opened here, not by ``wave``, which leaves a
    half-made writer behind when the open fails)."""
    with open(path, "wb") as file, wave.open(file, "wb") as wav:
        wav.setnchannels(clip.channels)
        wav.setsampwidth(clip.width)
        wav.setframerate(clip.rate)
        wav.writeframes(clip.pcm)


def to_recognizer_format(clip: AudioClip, rate: int = SAMPLE_RATE) -> AudioClip:
    """``clip`` as mono, 16-bit, ``rate`` hertz (channels averaged, resampled; see ``pcm.convert``)."""
    return convert(clip, rate, 1)
