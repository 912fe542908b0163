"""What a listener heard: each clip that was played, found again in a recording.

The tests and ``bench/`` record the virtual speaker's monitor while the host
plays, then ask, clip by clip and in order, how much of each clip's audible
sound came out. A clip is found by its loudness envelope (10 ms blocks, in
dB); a block of the clip counts as heard when the recording holds the same
loudness (within ``TOLERANCE_DB``) at the same place. So a clip cut short, a
clip lost or two clips on top of each other all show up as a share below 1.

The comparison runs at the recording's rate (mono); a clip at another rate is
converted first. Record at the rate the host's clips are rendered at (22050 Hz
for espeak-ng) and nothing needs converting.
"""

from __future__ import annotations

import math
from itertools import accumulate
from dataclasses import dataclass
from typing import Sequence

from ..audio.clip import AudioClip
from ..audio.pcm import convert, samples

BLOCK_SECONDS = 0.01
"""Length of an envelope block."""
FLOOR_DB = -50.0
"""Blocks quieter than this (dB below full scale) are silence."""
TOLERANCE_DB = 3.0
"""How far a recorded block's loudness may be from the clip's and still count as heard."""
GOOD_SHARE = 0.85
"""A clip is heard well at a place where this share of its blocks match (loosely)."""
UNIQUE_BLOCKS = 30
"""A line this long (audible 10 ms blocks) is not found by chance in other speech."""


@dataclass(frozen=True)
class Found:
    """One clip located in the recording."""

    start: float
    """Where the clip starts in the recording, in seconds."""
    end: float
    """Where its last audible block ends, in seconds."""
    finish: float
    """Where its last sample lies (after any silence at its end), in seconds."""
    audible: float
    """The clip's own audible duration, in seconds."""
    heard: float
    """Share (0-1) of the clip's audible blocks found in the recording at that place."""


class _Loudness:
    """Block features of a clip at any sample offset, from running sums (so a search over
    thousands of offsets costs a lookup each, not a pass over the samples)."""

    def __init__(self, clip: AudioClip, rate: int) -> None:
        if clip.rate != rate or clip.channels != 1:
            clip = convert(clip, rate, 1)
        a = samples(clip.pcm)
        self.rate, self.block = rate, int(rate * BLOCK_SECONDS)
        self.length = len(a)
        self._power = [0, *accumulate(s * s for s in a)]
        self._slope = [0, 0, *accumulate((b - c) ** 2 for b, c in zip(a[1:], a))]

    def at(self, start: int) -> tuple[float, float]:
        """(loudness, loudness of the slope) of the block starting at sample ``start``."""
        end = start + self.block
        return (_db((self._power[end] - self._power[start]) / self.block),
                _db((self._slope[end] - self._slope[start]) / self.block))

    def blocks(self, start: int = 0) -> list[tuple[float, float]]:
        return [self.at(i) for i in range(start, self.length - self.block + 1, self.block)]


def envelope(clip: AudioClip, rate: int | None = None) -> list[tuple[float, float]]:
    """Per 10 ms block: the loudness, and the loudness of the signal's slope (which weighs
    the high sounds: hiss, "s", "t"), in dB below full scale (``FLOOR_DB`` for silence).
    Two numbers tell one sound from another far better than loudness alone, which most
    speech shares. ``rate``: the rate to compare at (default: the clip's own)."""
    return _Loudness(clip, rate or clip.rate).blocks()


def _db(power: float) -> float:
    return max(10 * math.log10(power / 32768.0 ** 2), FLOOR_DB) if power > 0 else FLOOR_DB


def audible_seconds(clip: AudioClip) -> float:
    return sum(1 for db, _ in envelope(clip) if db > FLOOR_DB) * BLOCK_SECONDS


def locate(clips: Sequence[AudioClip], recording: AudioClip) -> list[Found]:
    """Find each clip in ``recording``, in order, each after the end of the one before.

    A host that re-asks says the same lines again and again, so a line may be found in
    several places. Each clip is taken where it is first heard well; and where its best
    place lies beyond the place the next line (of at least ``UNIQUE_BLOCKS``) is first
    heard well, the clip was lost or cut there, and it is looked for only before that line
    (otherwise one lost line would take its own repeat's place, and each line after it
    the place of its repeat)."""
    rec = _Loudness(recording, recording.rate)
    coarse = rec.blocks()
    envs = [envelope(clip, rec.rate) for clip in clips]
    louds = [[i for i, (db, _) in enumerate(env) if db > FLOOR_DB] for env in envs]
    found: list[Found] = []
    earliest = 0
    for k, clip in enumerate(clips):
        env, loud = envs[k], louds[k]
        if not loud:
            at = earliest * BLOCK_SECONDS
            found.append(Found(at, at, at, 0.0, 1.0))
            continue
        best = _best_offset(env, loud, coarse, earliest - loud[0])
        after = next((j for j in range(k + 1, len(clips)) if len(louds[j]) >= UNIQUE_BLOCKS), None)
        if after is not None:
            nxt = _first_good(envs[after], louds[after], coarse, earliest - louds[after][0])
            if nxt is not None and best + loud[0] > nxt + louds[after][0]:
                best = _best_offset(env, loud, coarse, earliest - loud[0],
                                    nxt + louds[after][0] - loud[0] - 1)
        score, start, last = _refine(env, loud, rec, best * rec.block)
        at = start / rec.rate
        found.append(Found(at, at + (loud[-1] + 1) * BLOCK_SECONDS, at + clip.seconds,
                           len(loud) * BLOCK_SECONDS, score))
        if score >= 0.5:  # the next clip comes after what was heard of this one (if it was)
            earliest = max(earliest, best + last + 1)
    return found


def _matches(env: list, loud: list[int], rec: list, offset: int,
             tolerance: float = TOLERANCE_DB) -> int:
    n = 0
    for i in loud:
        j = i + offset
        if 0 <= j < len(rec) and abs(rec[j][0] - env[i][0]) <= tolerance \
                and abs(rec[j][1] - env[i][1]) <= tolerance:
            n += 1
    return n


def _search(loud: list[int], rec: list, lowest: int, highest: int | None) -> tuple[range, list[int]]:
    """The offsets to try (every other one for a long clip) and the few dozen audible
    blocks that are enough to find a clip."""
    lowest = max(lowest, -loud[0])
    last = len(rec) - loud[0] - 1 if highest is None else min(highest, len(rec) - loud[0] - 1)
    step = 1 if len(loud) < 50 else 2
    return range(lowest, max(lowest, last) + 1, step), loud[:: max(1, len(loud) // 60)]


def _first_good(env: list, loud: list[int], rec: list, lowest: int) -> int | None:
    """The earliest block offset where the clip is heard well (``GOOD_SHARE`` of its
    sampled blocks match within the loose tolerance), or None."""
    offsets, sample = _search(loud, rec, lowest, None)
    need = GOOD_SHARE * len(sample)
    return next((off for off in offsets
                 if _matches(env, sample, rec, off, 2 * TOLERANCE_DB) >= need), None)


def _best_offset(env: list, loud: list[int], rec: list, lowest: int,
                 highest: int | None = None) -> int:
    """The block offset where the clip's audible blocks match the recording: the earliest
    place where it is heard well, else the place that matches best (a line cut short),
    then the best within a quarter of a second of it (a held tone matches nearly as well
    a little early). Searched on every other offset with a looser tolerance first (a block
    off by 10 ms is still close in speech, though not in a click, so short clips are
    searched on every offset), then block by block."""
    offsets, sample = _search(loud, rec, lowest, highest)
    need = GOOD_SHARE * len(sample)
    first, top = offsets[0], -1
    for off in offsets:
        score = _matches(env, sample, rec, off, 2 * TOLERANCE_DB)
        if score >= need:
            first = off
            break
        if score > top:
            first, top = off, score
    around = range(max(offsets[0], first - offsets.step),
                   min(offsets[-1], first + 25 + offsets.step) + 1)
    return max(around, key=lambda off: _matches(env, loud, rec, off))


def _refine(env: list, loud: list[int], rec: _Loudness, start: int) -> tuple[float, int, int]:
    """(share heard, start in samples, last block heard) at the best alignment within half
    a block of ``start``: every 4th sample, then sample by sample around the best."""

    def heard(begin: int) -> list[int]:
        if begin < 0:
            return []
        out = []
        for i in loud:
            at = begin + i * rec.block
            if at + rec.block > rec.length:
                break
            db, slope = rec.at(at)
            if abs(db - env[i][0]) <= TOLERANCE_DB and abs(slope - env[i][1]) <= TOLERANCE_DB:
                out.append(i)
        return _bridged(out, loud)

    near = max(range(start - rec.block // 2, start + rec.block // 2 + 1, 4),
               key=lambda b: len(heard(b)))
    best = max(range(near - 3, near + 4), key=lambda b: len(heard(b)))
    blocks = heard(best)
    return len(blocks) / len(loud), best, _last_of_run(blocks, loud)


def _bridged(heard: list[int], loud: list[int]) -> list[int]:
    """``heard`` with each lone missing block between two heard ones counted as heard: a
    sharp onset that falls across a block edge can differ by more than the tolerance,
    while sound really lost spans a whole device period (20 ms or more, two blocks)."""
    was = set(heard)
    lone = {loud[k] for k in range(1, len(loud) - 1)
            if loud[k] not in was and loud[k - 1] in was and loud[k + 1] in was}
    return sorted(was | lone)


def _last_of_run(blocks: list[int], loud: list[int]) -> int:
    """The last heard block among mostly heard ones (four in five of the 20 audible blocks
    up to it): where a clip that was cut off stops, not a stray match after it."""
    heard, last = set(blocks), loud[0]
    for k, i in enumerate(loud):
        window = loud[max(0, k - 19):k + 1]
        if i in heard and sum(1 for j in window if j in heard) >= 0.8 * len(window):
            last = i
    return last
