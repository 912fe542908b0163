"""WAV files in and out, with only the standard library.

``read_wav`` turns any PCM WAV (8/16/24/32-bit, mono or multi-channel, any
rate) into the 16 kHz mono 16-bit ``AudioClip`` that recognisers expect;
``write_wav`` stores a clip unchanged. ``to_recognizer_format`` does the
conversion for audio that is already in memory.
"""

from __future__ import annotations

import math
import sys
import wave
from array import array
from pathlib import Path

from .audio_clip import SAMPLE_RATE, AudioClip


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
    """Write ``clip`` as a PCM WAV file, keeping its rate, width and channels."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(clip.channels)
        wav.setsampwidth(clip.width)
        wav.setframerate(clip.rate)
        wav.writeframes(clip.pcm)


def to_recognizer_format(clip: AudioClip, rate: int = SAMPLE_RATE) -> AudioClip:
    """``clip`` as mono, 16-bit, ``rate`` hertz (channels averaged, resampled)."""
    if clip.width == 2 and clip.channels == 1 and clip.rate == rate:
        return clip
    samples = _to_floats(clip.pcm, clip.width)
    if clip.channels > 1:
        samples = _mix_down(samples, clip.channels)
    if clip.rate != rate:
        samples = _resample(samples, clip.rate, rate)
    return AudioClip(pcm=_to_int16(samples), rate=rate, width=2, channels=1)


def _to_floats(pcm: bytes, width: int) -> list[float]:
    """Samples as floats on the 16-bit scale (-32768..32767)."""
    if width == 1:  # unsigned 8-bit
        return [(b - 128) * 256.0 for b in pcm]
    if width == 3:
        usable = len(pcm) - len(pcm) % 3
        return [
            int.from_bytes(pcm[i : i + 3], "little", signed=True) / 256.0
            for i in range(0, usable, 3)
        ]
    typecode = "h" if width == 2 else "i"
    data = array(typecode)
    if array(typecode).itemsize != width:  # pragma: no cover - exotic platforms
        raise ValueError(f"no native {width}-byte integer type")
    data.frombytes(pcm[: len(pcm) - len(pcm) % width])
    if sys.byteorder == "big":
        data.byteswap()
    if width == 2:
        return [float(s) for s in data]
    return [s / 65536.0 for s in data]


def _mix_down(samples: list[float], channels: int) -> list[float]:
    frames = len(samples) // channels
    return [
        sum(samples[i * channels : (i + 1) * channels]) / channels for i in range(frames)
    ]


def _resample(samples: list[float], src: int, dst: int) -> list[float]:
    """Resample by linear interpolation, low-pass filtered first when going down."""
    if not samples:
        return []
    if dst < src:
        samples = _low_pass(samples, cutoff=0.45 * dst / src)
    count = int(len(samples) * dst / src)
    step = src / dst
    last = len(samples) - 1
    out = []
    for n in range(count):
        pos = n * step
        i = int(pos)
        if i >= last:
            out.append(samples[last])
            continue
        frac = pos - i
        out.append(samples[i] + (samples[i + 1] - samples[i]) * frac)
    return out


def _low_pass(samples: list[float], cutoff: float, taps: int = 31) -> list[float]:
    """Windowed-sinc FIR low-pass; ``cutoff`` is a fraction of the sample rate."""
    half = taps // 2
    kernel = []
    for k in range(taps):
        m = k - half
        sinc = 2 * cutoff if m == 0 else math.sin(2 * math.pi * cutoff * m) / (math.pi * m)
        window = 0.54 - 0.46 * math.cos(2 * math.pi * k / (taps - 1))  # Hamming
        kernel.append(sinc * window)
    norm = sum(kernel)
    kernel = [k / norm for k in kernel]
    padded = [0.0] * half + samples + [0.0] * half
    n = len(samples)
    out = [0.0] * n
    for k, h in enumerate(kernel):  # one pass per tap keeps the inner loop in C
        out = [a + h * b for a, b in zip(out, padded[k : k + n])]
    return out


def _to_int16(samples: list[float]) -> bytes:
    data = array("h", (max(-32768, min(32767, int(round(s)))) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()
