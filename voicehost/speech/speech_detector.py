"""Where speech starts and ends in a 16 kHz stream, and how much of it a transcript covers.

``SpeechDetector`` is the voice-activity detector both real engines and the
listener use to find utterances. ``coverage_confidence`` turns the share of
voiced audio that in-grammar words cover (``SpeechDetector.coverage``) into a
confidence, which is how the engines tell a phrase said on its own from a
sentence onto which a phrase was forced.
"""

from __future__ import annotations

import math
from typing import Iterable

from ..audio.clip import SAMPLE_RATE


def coverage_confidence(coverage: float, low: float, high: float) -> float:
    """Map the share of voiced frames covered by in-grammar words to 0..1.

    0 at or below ``low``, 1 at or above ``high``, linear between. Each engine
    sets its own bounds from measurements on synthesised speech: a phrase said
    on its own covers 0.65-1.0 of the voiced frames, a sentence onto which a
    phrase was forced 0.1-0.6.
    """
    if coverage <= low:
        return 0.0
    if coverage >= high:
        return 1.0
    return (coverage - low) / (high - low)


WARM_UP_FRAMES = 10
"""Frames after a reset whose voice-activity verdict is ignored: a new detector takes the
first 50-100 ms of a noisy room for speech (184 of 200 clips at 20 dB SNR; none with this).
Nothing is lost when a player starts at once: the engines keep 0.3 s from before the start."""
FAINT_DB = 30.0
"""Sound this far below the speech's average counts as part of a pause (see ``pause_s``)."""
NOISE_MARGIN_DB = 3.0
"""Sound less than this above the room's noise counts as part of a pause, whatever the
voice-activity detector says: in steady noise it calls many frames of a pause speech."""
QUIET_FRAMES = 20
"""Frames the detector did not call speech that the room's noise is judged from."""
END_VOICED = 0.1
"""The share of frames the detector may call speech in the silence that ends an utterance,
and in a pause (see ``pause_s``): in noise it calls a stray frame speech now and then."""
FLOOR_PERCENTILE = 0.2
"""The share of frames quieter than the noise floor (see ``noise_db``): in a stretch of
listening at least a fifth is pause or silence, even while a player talks."""
FULL_SCALE_POWER = 32768.0 ** 2
"""Mean square of a full-scale 16-bit square wave: 0 dBFS."""


def power_db(power: float) -> float:
    """A frame's mean square sample in decibels relative to full scale (silence: -90)."""
    return 10 * math.log10(max(power, 1.0) / FULL_SCALE_POWER)


class SpeechDetector:
    """Finds where speech starts and ends in a 16 kHz stream.

    Uses the WebRTC-style voice-activity detector that ships with the
    ``pocketsphinx`` package, on 10 ms frames. Speech starts when 70 % of the
    last 100 ms is voiced and ends when ``end_silence_s`` has passed with at
    most 10 % voiced frames, so the end is known about ``end_silence_s`` after
    the last word. ``aggressiveness`` (0-3) trades missed speech for ignored
    noise, as in WebRTC; at 3 a region ends at the last audible sound, while
    lower modes add about 150 ms of hangover (and so of delay).

    Times are seconds of audio since the detector was made or ``reset``.
    """

    FRAME_S = 0.01

    def __init__(
        self,
        end_silence_s: float = 0.3,
        aggressiveness: int = 3,
        rate: int = SAMPLE_RATE,
    ) -> None:
        from pocketsphinx import Vad  # the C extension loads only when audio is analysed

        self._make_vad = lambda: Vad(aggressiveness, rate, self.FRAME_S)
        self.end_frames = max(3, round(end_silence_s / self.FRAME_S))
        self.start_frames = 10
        self.reset()

    def reset(self) -> None:
        """Start a new stream at time zero."""
        self._vad = self._make_vad()  # the detector adapts to noise: start afresh
        self._frame_bytes = self._vad.frame_bytes
        self._pending = b""
        self._flags: list[bool] = []  # one per frame since the stream began
        self._power: list[float] = []  # mean square sample of each frame
        self.in_speech = False
        self.speech_start: float | None = None
        """Start of the current or last speech region, in seconds."""
        self.speech_end: float | None = None
        """End of the last finished speech region, in seconds."""

    @property
    def position(self) -> float:
        """Seconds of audio analysed so far."""
        return len(self._flags) * self.FRAME_S

    def feed(self, pcm: bytes) -> bool:
        """Analyse ``pcm``; True if a speech region ended within it."""
        data = self._pending + pcm
        usable = len(data) - len(data) % self._frame_bytes
        self._pending = data[usable:]
        ended = False
        for offset in range(0, usable, self._frame_bytes):
            frame = data[offset : offset + self._frame_bytes]
            voiced = self._vad.is_speech(frame)
            self._flags.append(voiced and len(self._flags) >= WARM_UP_FRAMES)
            samples = memoryview(frame).cast("h")
            self._power.append(sum(v * v for v in samples) / len(samples))
            ended = self._update() or ended
        return ended

    def _update(self) -> bool:
        flags = self._flags
        if not self.in_speech:
            recent = flags[-self.start_frames :]
            if len(recent) == self.start_frames and sum(recent) >= 0.7 * self.start_frames:
                first = len(flags) - self.start_frames + recent.index(True)
                self.in_speech = True
                self.speech_start = first * self.FRAME_S
                self.speech_end = None
            return False
        recent = flags[-self.end_frames :]
        if len(recent) == self.end_frames and sum(recent) <= END_VOICED * self.end_frames:
            last = len(flags) - 1
            while last > 0 and not flags[last]:
                last -= 1
            self.in_speech = False
            self.speech_end = (last + 1) * self.FRAME_S
            return True
        return False

    @property
    def pause_s(self) -> float:
        """Seconds since the last sound of the current speech region (0 outside one).

        A frame counts as sound when the voice-activity detector calls it
        speech, it is no more than ``FAINT_DB`` below the region's voiced
        average (the detector also calls the fading tail of a word speech,
        for up to 0.1 s after it can be heard) and at least ``NOISE_MARGIN_DB``
        above the room's noise; a stray sound frame within a longer pause is
        part of the pause (``END_VOICED``).
        """
        return self._pause()[0] * self.FRAME_S

    def pause_depth_db(self) -> float:
        """How much quieter the current pause is than the speech before it, in decibels.

        A pause in a quiet room is 30 dB or more below the speech; in loud
        noise it is barely below it, and the detector may be hearing a gap
        that is really a soft consonant. 0 outside a speech region.
        """
        pause, before = self._pause()
        quiet = self._power[len(self._power) - pause:] if pause else []
        if not before or not quiet:
            return 0.0
        speech, rest = sum(before) / len(before), sum(quiet) / len(quiet)
        return 10 * math.log10(max(speech, 1.0) / max(rest, 1.0))

    def _pause(self) -> tuple[int, list[float]]:
        """(frames of the current pause, powers of the voiced frames of the region before it)."""
        if not self.in_speech or self.speech_start is None:
            return 0, []
        first = int(self.speech_start / self.FRAME_S)
        voiced = [(i, p) for i, (f, p) in enumerate(zip(self._flags[first:], self._power[first:]), first)
                  if f]
        faint = (sum(p for _, p in voiced) / len(voiced) if voiced else 0.0) * 10 ** (-FAINT_DB / 10)
        faint = max(faint, self._quiet_power() * 10 ** (NOISE_MARGIN_DB / 10))
        # In noise the detector calls a stray frame of a pause speech now and then: the pause
        # runs back over such frames while they stay as rare as the end of speech allows
        # (END_VOICED of the frames), but never over the last two frames.
        silent = sounds = 0
        for n, (flag, power) in enumerate(zip(reversed(self._flags), reversed(self._power)), 1):
            if flag and power >= faint:
                sounds += 1
                if n <= 2 or sounds > END_VOICED * n:
                    break
            else:
                silent = n
        body = len(self._flags) - silent
        return silent, [p for i, p in voiced if i < body]

    def _quiet_power(self) -> float:
        """The room's noise: the power that ``FLOOR_PERCENTILE`` of the frames the detector did
        not call speech stay below, since the last ``reset``; 0 while fewer than
        ``QUIET_FRAMES`` are known. The warm-up frames are left out: a player may be
        speaking in them."""
        quiet = sorted(p for f, p in zip(self._flags[WARM_UP_FRAMES:], self._power[WARM_UP_FRAMES:])
                       if not f)
        return quiet[int(FLOOR_PERCENTILE * (len(quiet) - 1))] if len(quiet) >= QUIET_FRAMES else 0.0

    def noise_db(self) -> float | None:
        """The room's noise floor since the last ``reset``, in dBFS: the level that
        ``FLOOR_PERCENTILE`` of the frames stay below. None before any audio."""
        if not self._power:
            return None
        ordered = sorted(self._power)
        return power_db(ordered[int(FLOOR_PERCENTILE * (len(ordered) - 1))])

    def speech_db(self) -> float | None:
        """The average level of the voiced frames since the last ``reset``, in dBFS;
        None when nothing was voiced."""
        voiced = [p for f, p in zip(self._flags, self._power) if f]
        return power_db(sum(voiced) / len(voiced)) if voiced else None

    def close_region(self) -> None:
        """End the current speech region now (the recogniser closed the utterance first)."""
        if self.in_speech:
            self.in_speech = False
            self.speech_end = self.position

    def speech_seconds(self, start: float = 0.0, end: float | None = None) -> float:
        """Seconds of voiced frames between ``start`` and ``end``."""
        a, b = self._frames(start, end)
        return sum(self._flags[a:b]) * self.FRAME_S

    def coverage(self, spans: Iterable[tuple[float, float]], start: float = 0.0,
                 end: float | None = None, slack: float = 0.05) -> float:
        """Share of voiced frames between ``start`` and ``end`` that lie inside ``spans``.

        Each span is widened by ``slack`` seconds on both sides, since word
        boundaries and voicing decisions do not line up exactly. 0 when no
        speech was detected.
        """
        a, b = self._frames(start, end)
        covered = [False] * (b - a)
        for s, e in spans:
            lo = max(a, int((s - slack) / self.FRAME_S))
            hi = min(b, int((e + slack) / self.FRAME_S) + 1)
            for i in range(lo, hi):
                covered[i - a] = True
        voiced = [i for i in range(a, b) if self._flags[i]]
        if not voiced:
            return 0.0
        return sum(1 for i in voiced if covered[i - a]) / len(voiced)

    def _frames(self, start: float, end: float | None) -> tuple[int, int]:
        a = max(0, int(start / self.FRAME_S))
        b = len(self._flags) if end is None else min(len(self._flags), int(end / self.FRAME_S) + 1)
        return a, max(a, b)
