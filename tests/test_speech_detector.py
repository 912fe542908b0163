"""Finding speech in the microphone's stream: a steady noisy room is not a player talking."""

from __future__ import annotations

import random
from array import array

from voicehost.speech_detector import SpeechDetector

RATE = 16000


def noise(seconds: float, sigma: float, seed: int) -> bytes:
    rng = random.Random(seed)
    return array("h", (max(-32768, min(32767, int(rng.gauss(0.0, sigma))))
                       for _ in range(int(seconds * RATE)))).tobytes()


def test_steady_noise_is_not_taken_for_speech_when_listening_again():
    """Each turn the listener starts afresh (reset), but the room's hum has not changed."""
    detector = SpeechDetector()
    detector.feed(noise(3.0, 800, seed=1))  # the first turn: the detector learns the room
    for turn in range(5):
        detector.reset()
        for offset in range(0, 2 * RATE * 2, 960):  # two seconds in 30 ms blocks
            detector.feed(noise(0.03, 800, seed=100 * turn + offset))
        assert detector.speech_start is None, f"turn {turn}: noise taken for speech"
