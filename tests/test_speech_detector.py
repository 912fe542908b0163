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


def test_the_noise_floor_is_the_rooms_level_whatever_else_is_heard():
    """A steady hiss at about -30 dBFS reads as such, also with a loud burst in it; digital
    silence reads as the bottom of the scale."""
    detector = SpeechDetector()
    assert detector.noise_db() is None
    detector.feed(noise(1.0, 1000, seed=1) + noise(0.3, 12000, seed=2) + noise(0.5, 1000, seed=3))
    assert -33.0 < detector.noise_db() < -29.0
    detector.reset()
    detector.feed(bytes(2 * RATE))
    assert detector.noise_db() <= -89.0 and detector.speech_db() is None
