"""The listening loop: hear one thing the player says, or notice that they said nothing.

``Listener.listen(phrases, timeout_s)`` flushes the microphone (so the host's
own voice is not heard), restricts the recogniser to ``phrases`` and feeds it
audio until it reports the end of an utterance. It returns ``Heard`` with the
in-grammar text (empty if the player said something outside the phrases),
or None if nobody spoke within ``timeout_s``.

``transcribe_file`` runs a recogniser over a WAV file, for
``voicehost recognize FILE.wav``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection, Sequence

from ..audio.clip import SAMPLE_RATE
from ..audio.microphone import EndOfAudio, Microphone
from ..audio.wav import read_wav
from .recognizer import Recognizer, Transcript
from .speech_detector import SpeechDetector

READ_TIMEOUT_S = 0.25
"""How long one microphone read may block before the loop checks its deadlines."""


@dataclass(frozen=True)
class Heard:
    """One utterance of the player. Times are ``time.monotonic()`` seconds."""

    text: str
    """In-grammar words heard, lower case; empty if speech outside the phrases was heard."""
    confidence: float
    """0..1; see ``Transcript.confidence``."""
    speech_started: float | None
    """When the player started speaking, if speech was detected."""
    speech_ended: float | None
    """When the player stopped speaking, if that was detected."""
    decided: float
    """When the recogniser delivered its result."""
    noise_db: float | None = None
    """The room's noise floor while listening, in dB relative to full scale
    (``SpeechDetector.noise_db``); None if no audio was read."""
    speech_db: float | None = None
    """The average level of what the detector took for speech, in dBFS; None if nothing was."""

    @property
    def snr_db(self) -> float | None:
        """How far the speech stood above the noise floor, in decibels; None without speech."""
        if self.speech_db is None or self.noise_db is None:
            return None
        return self.speech_db - self.noise_db


class Listener:
    """Couples a microphone and a recogniser.

    ``max_utterance_s`` caps one utterance: after that long the result so far
    is taken even if the player is still talking. The microphone is started
    on the first ``listen`` and stopped by ``close``.
    """

    def __init__(self, microphone: Microphone, recognizer: Recognizer, max_utterance_s: float = 8.0) -> None:
        self.microphone = microphone
        self.recognizer = recognizer
        self.max_utterance_s = max_utterance_s
        self._detector = SpeechDetector()
        self._started = False

    def close(self) -> None:
        """Stop the microphone."""
        if self._started:
            self.microphone.stop()
            self._started = False

    def listen(self, phrases: Sequence[str], timeout_s: float,
               settled: Collection[str] | None = None,
               stop: Callable[[], bool] | None = None) -> Heard | None:
        """The next utterance, or None if nobody spoke within ``timeout_s`` seconds.

        Raises MicrophoneError if the microphone fails, and EndOfAudio if a
        finite source (a file) ran out before anything was said. ``settled``:
        see ``Recognizer.set_phrases``. ``stop``, asked after every block of
        audio, cuts the listen short (None) when it returns True: a key was pressed.
        """
        if not self._started:
            self.microphone.start()
            self._started = True
        self.microphone.flush()
        self.recognizer.set_phrases(phrases, settled)
        self._detector.reset()
        clock = _AudioClock(time.monotonic(), getattr(self.microphone, "rate", SAMPLE_RATE))
        give_up = clock.origin + timeout_s + self.max_utterance_s + 2.0  # a stalled microphone
        while True:
            try:
                chunk = self.microphone.read(READ_TIMEOUT_S)
            except EndOfAudio:
                heard = self._heard(self.recognizer.result(), clock, final=True)
                if heard is None:
                    raise
                return heard  # the next listen raises EndOfAudio at once
            if stop is not None and stop():
                return None
            if chunk is None:
                if time.monotonic() > give_up:
                    return self._heard(self.recognizer.result(), clock, final=True)
                continue
            clock.received(chunk)
            self._detector.feed(chunk)
            if self.recognizer.accept(chunk):
                return self._heard(self.recognizer.result(), clock, final=False)
            start = self._detector.speech_start
            if start is None and clock.position >= timeout_s:
                return None
            if start is not None and clock.position - start >= self.max_utterance_s:
                return self._heard(self.recognizer.result(), clock, final=True)

    def _heard(self, transcript: Transcript, clock: "_AudioClock", final: bool) -> Heard | None:
        """A Heard for ``transcript``.

        ``final`` marks a result taken without an endpoint (audio ended, time
        ran out); then None if it holds nothing and no speech was detected.
        """
        detector = self._detector
        words = transcript.words
        start = detector.speech_start if detector.speech_start is not None else (
            words[0].start if words else None)
        if final and not transcript.text and start is None:
            return None
        end = detector.speech_end if detector.speech_end is not None else (
            words[-1].end if words else (clock.position if start is not None else None))
        decided = time.monotonic()
        started_at = clock.at(start) if start is not None else None
        ended_at = clock.at(end) if end is not None else None
        if started_at is not None and ended_at is not None:
            ended_at = max(ended_at, started_at)
        if ended_at is not None:
            ended_at = min(ended_at, decided)
        return Heard(transcript.text, transcript.confidence, started_at, ended_at, decided,
                     detector.noise_db(), detector.speech_db())


class _AudioClock:
    """Maps positions in the audio stream (seconds) to the monotonic time they were captured.

    Each chunk is taken to have been captured just before it was received;
    audio that arrives faster than real time (a file) is squeezed accordingly.
    """

    def __init__(self, origin: float, rate: int) -> None:
        self.origin = origin
        self.rate = rate
        self.position = 0.0
        self._marks: list[tuple[float, float]] = []  # (end position, time received)

    def received(self, chunk: bytes) -> None:
        self.position += len(chunk) / 2 / self.rate
        self._marks.append((self.position, time.monotonic()))

    def at(self, position: float) -> float:
        for end, when in self._marks:
            if end >= position:
                return max(self.origin, when - (end - position))
        return self._marks[-1][1] if self._marks else self.origin


def transcribe_file(path: str | Path, recognizer: Recognizer, phrases: Sequence[str]) -> Transcript:
    """Everything in the WAV file at ``path`` that ``recognizer`` hears among ``phrases``.

    The file may have any rate and channel count. Several utterances are
    joined; the confidence is the lowest of theirs. Raises WavError for a
    file that cannot be read.
    """
    clip = read_wav(path)
    recognizer.set_phrases(phrases)
    pcm = clip.pcm + bytes(int(0.6 * clip.rate) * 2)  # let the last utterance end in a pause
    step = clip.rate // 10 * 2
    heard: list[Transcript] = []
    for offset in range(0, len(pcm), step):
        if recognizer.accept(pcm[offset : offset + step]):
            heard.append(recognizer.result())
    heard.append(recognizer.result())
    spoken = [t for t in heard if t.text]
    if not spoken:
        return Transcript("", 0.0, ())
    if len(spoken) == 1:
        return spoken[0]
    return Transcript(
        " ".join(t.text for t in spoken),
        min(t.confidence for t in spoken),
        tuple(w for t in spoken for w in t.words),
    )
