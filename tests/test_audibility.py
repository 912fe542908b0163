"""The measuring stick of what the player heard: it must see a cut, a loss and an overlap."""

from __future__ import annotations

import array

import pytest

from voicehost.audio import sounds
from voicehost.audio.clip import AudioClip
from voicehost.audio.pcm import convert
from voicehost.testing.audibility import locate
from voicehost.testing.synthetic_voice import PLAYER_VOICES, speak

pytestmark = pytest.mark.slow  # clips of speech rendered by espeak-ng

RATE = 16000


def silence(seconds: float) -> bytes:
    return bytes(2 * int(seconds * RATE))


@pytest.fixture(scope="module")
def clips():
    lines = ["Welcome to the game.", "B, London. Final answer?", "Correct, well done."]
    spoken = [speak(text, PLAYER_VOICES[0]) for text in lines]
    assert all(c.rate == RATE for c in spoken)
    lock_in, correct = (convert(sounds.effect(name), RATE) for name in ("lock_in", "correct"))
    return [spoken[0], lock_in, spoken[1], correct, spoken[2]]


def recording(*parts: bytes) -> AudioClip:
    return AudioClip(b"".join(parts), RATE)


def test_everything_played_in_order_is_heard_in_full(clips):
    heard = locate(clips, recording(silence(0.4), *(c.pcm + silence(0.2) for c in clips)))
    assert [round(f.heard, 2) for f in heard] == [1.0] * len(clips)
    assert all(a.end <= b.start for a, b in zip(heard, heard[1:]))


def test_a_clip_cut_in_half_is_half_heard_and_the_rest_still_found(clips):
    cut = clips[2].pcm[: len(clips[2].pcm) // 4 * 2]
    heard = locate(clips, recording(silence(0.3), clips[0].pcm, clips[1].pcm, cut,
                                    silence(0.3), clips[3].pcm, clips[4].pcm))
    shares = [f.heard for f in heard]
    assert 0.3 < shares[2] < 0.7
    assert min(shares[:2] + shares[3:]) >= 0.99


def test_a_lost_clip_is_not_mistaken_for_the_next_one(clips):
    heard = locate(clips, recording(silence(0.3), clips[0].pcm, clips[1].pcm, silence(0.2),
                                    clips[3].pcm, clips[4].pcm))
    assert heard[2].heard < 0.5
    assert heard[4].heard >= 0.99


def test_two_clips_played_on_top_of_each_other_are_not_heard_in_full(clips):
    a, b = clips[0], clips[2]
    n = min(len(a.pcm), len(b.pcm)) // 2
    mixed = _mix(a.pcm[:2 * n], b.pcm[:2 * n])
    heard = locate([a, b], recording(silence(0.2), mixed, silence(0.5)))
    assert min(f.heard for f in heard) < 0.9


def _mix(x: bytes, y: bytes) -> bytes:
    p, q = array.array("h", x), array.array("h", y)
    return array.array("h", (max(-32768, min(32767, s + t)) for s, t in zip(p, q))).tobytes()


@pytest.fixture(scope="module")
def reasks():
    lines = ["Welcome to the game.", "Sorry, I did not catch that. Say the answer, or its letter.",
             "Take your time.", "Correct, well done."]
    return [speak(text, PLAYER_VOICES[0]) for text in lines]


def test_a_run_of_repeated_lines_is_heard_line_by_line(reasks):
    welcome, again, wait, done = reasks
    played = [welcome, again, wait, again, wait, again, done]
    heard = locate(played, recording(silence(0.3), *(c.pcm + silence(0.5) for c in played)))
    assert [round(f.heard, 2) for f in heard] == [1.0] * len(played)


def test_a_line_cut_short_is_not_found_again_where_it_was_repeated(reasks):
    welcome, again, wait, done = reasks
    played = [welcome, again, wait, again, wait, done]
    cut = again.pcm[: len(again.pcm) // 10 * 4]
    heard = locate(played, recording(silence(0.3), welcome.pcm, cut, silence(0.5),
                                     *(c.pcm + silence(0.5) for c in played[2:])))
    assert 0.2 < heard[1].heard < 0.6
    assert min(f.heard for i, f in enumerate(heard) if i != 1) >= 0.99


def test_a_line_lost_in_a_run_of_repeats_costs_that_line_only(reasks):
    welcome, again, wait, done = reasks
    played = [welcome, again, wait, again, wait, done]
    heard = locate(played, recording(silence(0.3), *(c.pcm + silence(0.5)
                                                     for c in [welcome, again, again, wait, done])))
    shares = [round(f.heard, 2) for f in heard]
    assert sorted(shares).count(1.0) == len(played) - 1, shares
