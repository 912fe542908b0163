"""The game's sound effects, generated in code (no sample files, no numpy).

Each effect is a short ``AudioClip`` (22050 Hz mono, under a second, peak at
about 60 % of full scale, soft edges so nothing clicks or clips):
``lock_in``, ``correct``, ``wrong``, ``lifeline``, ``tick``, ``time_up``.
``effect(name)`` looks one up by name.
"""

from __future__ import annotations

import array
import functools
import math
import sys

from .clip import AudioClip

RATE = 22050
"""Sample rate of every effect, in hertz."""
PEAK = 0.6
"""Loudest sample as a fraction of full scale."""

Partial = tuple[float, float]  # (multiple of the base frequency, relative amplitude)
BELL: tuple[Partial, ...] = ((1, 1.0), (2, 0.35), (3, 0.12))
HOLLOW: tuple[Partial, ...] = ((1, 1.0), (3, 0.33), (5, 0.2), (7, 0.14))  # square-ish
PURE: tuple[Partial, ...] = ((1, 1.0),)


def _note(freq, seconds: float, partials=BELL, decay: float = 0.0,
          attack: float = 0.005, release: float = 0.02) -> list[float]:
    """One note; ``freq`` is hertz or a function of time (a glide); ``decay`` per second."""
    n = int(seconds * RATE)
    out = [0.0] * n
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        value = sum(a * math.sin(k * phase) for k, a in partials)
        env = math.exp(-decay * t) if decay else 1.0
        env *= min(1.0, t / attack) if attack else 1.0
        env *= min(1.0, (n - i) / (release * RATE)) if release else 1.0
        out[i] = value * env
    return out


def _mix(seconds: float, *parts: tuple[float, list[float]]) -> AudioClip:
    """Place each (start in seconds, samples) on one track and scale it to ``PEAK``."""
    track = [0.0] * int(seconds * RATE)
    for start, samples in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples[: len(track) - offset]):
            track[offset + i] += v
    loudest = max((abs(v) for v in track), default=0.0) or 1.0
    scale = PEAK * 32767 / loudest
    pcm = array.array("h", (int(v * scale) for v in track))
    if sys.byteorder == "big":
        pcm.byteswap()
    return AudioClip(pcm.tobytes(), rate=RATE)


@functools.lru_cache(maxsize=None)
def lock_in() -> AudioClip:
    """Two low, firm strokes: the answer is locked."""
    stroke = [a + b for a, b in zip(_note(220, 0.3, BELL, decay=9), _note(330, 0.3, BELL, decay=11))]
    return _mix(0.5, (0.0, stroke), (0.18, stroke))


@functools.lru_cache(maxsize=None)
def correct() -> AudioClip:
    """A bright rising major arpeggio, C-E-G-C."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    return _mix(0.62, *((0.08 * i, _note(f, 0.38, BELL, decay=6)) for i, f in enumerate(notes)))


@functools.lru_cache(maxsize=None)
def wrong() -> AudioClip:
    """Two hollow falling notes, a semitone apart."""
    return _mix(0.8, (0.0, _note(233.08, 0.34, HOLLOW, decay=2)),
                (0.36, _note(220.0, 0.44, HOLLOW, decay=3)))


@functools.lru_cache(maxsize=None)
def lifeline() -> AudioClip:
    """A quick high shimmer: two notes trilled, then a soft landing on the upper one."""
    low, high = 1318.51, 1567.98
    parts = [(0.055 * i, _note(high if i % 2 else low, 0.07, PURE, release=0.015))
             for i in range(6)]
    return _mix(0.72, *parts, (0.33, _note(high, 0.39, BELL, decay=7)))


@functools.lru_cache(maxsize=None)
def tick() -> AudioClip:
    """A short wooden click for the clock."""
    return _mix(0.06, (0.0, _note(1800, 0.05, BELL, decay=90, attack=0.001, release=0.005)))


@functools.lru_cache(maxsize=None)
def time_up() -> AudioClip:
    """Three quick beeps and a long low one."""
    beep = _note(880, 0.11, PURE, attack=0.005, release=0.02)
    return _mix(0.85, (0.0, beep), (0.17, beep), (0.34, beep),
                (0.51, _note(440, 0.33, PURE, decay=3)))


EFFECTS = {f.__name__: f for f in (lock_in, correct, wrong, lifeline, tick, time_up)}


def effect(name: str) -> AudioClip:
    """The effect called ``name``; KeyError naming the known ones otherwise."""
    try:
        return EFFECTS[name]()
    except KeyError:
        raise KeyError(f"unknown sound {name!r}; known: {', '.join(EFFECTS)}") from None
