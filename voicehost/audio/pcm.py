"""PCM conversions every audio module needs: sample width, channels and rate.

Audio is signed little-endian PCM (8-bit WAV data unsigned), 8, 16, 24 or
32 bits in and 16 bits out, handled with ``array`` and plain floats, no
numpy. ``decode`` gives mono floats on the 16-bit scale, ``encode`` turns
floats back into 16-bit PCM (rounded, clipped), ``Resampler`` changes the
rate of a stream block by block and ``convert`` does all three for a whole
``AudioClip``.
"""

from __future__ import annotations

import math
import sys
from array import array
from typing import Sequence

from .clip import AudioClip

FILTER_TAPS = 31
"""Length of the low-pass filter applied before lowering the rate."""


def samples(pcm: bytes) -> array:
    """Little-endian 16-bit PCM as an ``array('h')`` in machine order."""
    a = array("h")
    a.frombytes(pcm[: len(pcm) - len(pcm) % 2])
    if sys.byteorder == "big":
        a.byteswap()
    return a


def pcm_bytes(a: array) -> bytes:
    """The inverse of ``samples``."""
    if sys.byteorder == "big":
        a = array("h", a)
        a.byteswap()
    return a.tobytes()


def decode(pcm: bytes, width: int = 2, channels: int = 1) -> list[float]:
    """PCM of ``width`` bytes per sample as mono floats on the 16-bit scale (-32768..32767).

    Interleaved channels are averaged. Raises ValueError for a width other
    than 1 (unsigned, as in WAV files), 2, 3 or 4 bytes.
    """
    if width == 1:
        floats = [(b - 128) * 256.0 for b in pcm]
    elif width == 3:
        usable = len(pcm) - len(pcm) % 3
        floats = [int.from_bytes(pcm[i : i + 3], "little", signed=True) / 256.0
                  for i in range(0, usable, 3)]
    elif width in (2, 4):
        typecode = "h" if width == 2 else "i"
        data = array(typecode)
        if data.itemsize != width:  # pragma: no cover - exotic platforms
            raise ValueError(f"no native {width}-byte integer type")
        data.frombytes(pcm[: len(pcm) - len(pcm) % width])
        if sys.byteorder == "big":
            data.byteswap()
        floats = [float(s) for s in data] if width == 2 else [s / 65536.0 for s in data]
    else:
        raise ValueError(f"{width * 8}-bit samples are not supported")
    if channels > 1:
        frames = len(floats) // channels
        floats = [sum(floats[i * channels : (i + 1) * channels]) / channels for i in range(frames)]
    return floats


def encode(values: Sequence[float]) -> bytes:
    """Floats on the 16-bit scale as 16-bit little-endian PCM, rounded and clipped."""
    return pcm_bytes(array("h", (max(-32768, min(32767, int(round(v)))) for v in values)))


class Resampler:
    """Changes the sample rate of a mono stream fed in blocks of any size.

    Linear interpolation, after a windowed-sinc low-pass filter when the rate
    goes down, so that sound above the new Nyquist frequency is removed
    rather than folded into speech. Blocks fed one by one give exactly the
    samples the whole stream fed at once gives.

    By default the filter looks only backwards: each block comes straight
    out (a live microphone keeps its block size) and the sound is delayed by
    ``FILTER_TAPS // 2`` input samples, a fraction of a millisecond.
    ``centered=True`` filters without that delay, as for a whole recording,
    and so holds back the last ``FILTER_TAPS // 2`` input samples until more
    arrive or ``finish`` is called.
    """

    def __init__(self, src_rate: int, dst_rate: int, centered: bool = False) -> None:
        self.src_rate, self.dst_rate = src_rate, dst_rate
        self.step = src_rate / dst_rate
        """Input samples per output sample."""
        self._kernel = _low_pass_kernel(0.45 * dst_rate / src_rate) if dst_rate < src_rate else []
        # zeros before the first sample and after the last, so every filtered sample has its window
        taps = len(self._kernel)
        self._pad_end = taps // 2 if centered else 0
        self._pad_start = max(0, taps - 1 - self._pad_end)
        self._reset()

    def _reset(self) -> None:
        self._fed = 0  # input samples so far
        self._x = [0.0] * self._pad_start  # input not yet filtered, with the filter's history
        self._y: list[float] = []  # filtered input still needed; self._y[0] is sample self._y0
        self._y0 = 0
        self._n = 0  # index of the next output sample

    def feed(self, block: Sequence[float]) -> list[float]:
        """Take the next input samples; return the output samples now known."""
        if self.src_rate == self.dst_rate:
            return list(block)
        self._fed += len(block)
        self._filter(block)
        return self._interpolate(self._y0 + len(self._y) - 1, end=False)

    def finish(self) -> list[float]:
        """The output still held back at the end of the stream; then start a new stream."""
        if self.src_rate == self.dst_rate:
            return []
        if self._pad_end:
            self._filter([0.0] * self._pad_end)
        out = self._interpolate(self._fed - 1, end=True)
        self._reset()
        return out

    def _filter(self, block: Sequence[float]) -> None:
        if not self._kernel:
            self._y.extend(block)
            return
        x = self._x
        x.extend(block)
        n = len(x) - (len(self._kernel) - 1)
        if n <= 0:
            return
        out = [0.0] * n
        for k, h in enumerate(self._kernel):  # one pass per tap keeps the inner loop in C
            out = [a + h * b for a, b in zip(out, x[k : k + n])]
        del x[:n]
        self._y.extend(out)

    def _interpolate(self, last: int, end: bool) -> list[float]:
        """Output samples whose neighbours up to input sample ``last`` are filtered.

        At the ``end`` of the stream the output runs to ``int(fed * dst / src)``
        samples, those past the last input repeating it.
        """
        y, y0, step, n = self._y, self._y0, self.step, self._n
        out: list[float] = []
        count = int(self._fed * self.dst_rate / self.src_rate) if end else None
        while count is None or n < count:
            pos = n * step
            i = int(pos)
            if i < last:
                left = y[i - y0]
                out.append(left + (y[i + 1 - y0] - left) * (pos - i))
            elif end:
                out.append(y[last - y0])
            else:
                break  # the right-hand neighbour is not known yet
            n += 1
        self._n = n
        keep = max(0, min(int(n * step), last) - y0)
        if keep:
            del y[:keep]
            self._y0 = y0 + keep
        return out


def resample(values: Sequence[float], src_rate: int, dst_rate: int) -> list[float]:
    """A whole mono signal at another rate (see ``Resampler``; the filter adds no delay)."""
    resampler = Resampler(src_rate, dst_rate, centered=True)
    return resampler.feed(values) + resampler.finish()


def convert(clip: AudioClip, rate: int, channels: int = 1) -> AudioClip:
    """``clip`` as 16-bit PCM at ``rate`` hertz, mono (``channels=1``) or mono copied to every channel.

    Raises ValueError for a sample width ``decode`` does not read.
    """
    if clip.width == 2 and clip.rate == rate and clip.channels == channels:
        return clip
    mono = resample(decode(clip.pcm, clip.width, clip.channels), clip.rate, rate)
    if channels > 1:
        mono = [v for v in mono for _ in range(channels)]
    return AudioClip(encode(mono), rate=rate, width=2, channels=channels)


def _low_pass_kernel(cutoff: float, taps: int = FILTER_TAPS) -> list[float]:
    """Windowed-sinc (Hamming) low-pass taps; ``cutoff`` is a fraction of the sample rate."""
    half = taps // 2
    kernel = []
    for k in range(taps):
        m = k - half
        sinc = 2 * cutoff if m == 0 else math.sin(2 * math.pi * cutoff * m) / (math.pi * m)
        window = 0.54 - 0.46 * math.cos(2 * math.pi * k / (taps - 1))
        kernel.append(sinc * window)
    norm = sum(kernel)
    return [k / norm for k in kernel]
