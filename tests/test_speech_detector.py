"""Finding speech in the microphone's stream: a noisy room is not a player talking."""

from __future__ import annotations

import random
from array import array

from voicehost.speech.speech_detector import SpeechDetector

RATE = 16000


def noise(seconds: float, sigma: float, seed: int) -> bytes:
    rng = random.Random(seed)
    return array("h", (max(-32768, min(32767, int(rng.gauss(0.0, sigma))))
                       for _ in range(int(seconds * RATE)))).tobytes()


def test_the_hum_of_a_room_is_not_taken_for_a_player_starting_to_speak():
    """Every listen starts a new detector; the room's steady noise is there from the first block."""
    detector = SpeechDetector()
    for turn in range(5):
        detector.reset()
        for offset in range(0, 16 * 960, 960):  # half a second in 30 ms blocks
            detector.feed(noise(0.03, 800, seed=100 * turn + offset))
        assert detector.speech_start is None, f"turn {turn}: noise taken for speech"
