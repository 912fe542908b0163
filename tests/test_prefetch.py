"""Lines rendered before they are needed, and a line in parts sounding without gaps.

A stand-in synthesizer renders each clause (a part of a line, split at commas) as a tone
of its length, taking ``RENDER_S`` of real time per part; the sound output is the
recording one in real time, which keeps when each clip began to sound.
"""

from __future__ import annotations

import io
import threading
import time
from typing import Iterator

import pytest

from voicehost.audio.clip import AudioClip
from voicehost.host.loop import Host
from voicehost.language.locale import Locale
from voicehost.speech.speaker import Speaker
from voicehost.speech.tts import CachedSynthesizer, SpeechError
from voicehost.testing.recording_sound_output import RecordingSoundOutput
from voicehost.testing.recording_speaker import RecordingSpeaker
from voicehost.testing.scripted_input import FakeClock, ScriptedInput
from voicehost.voice.spoken_output import SpokenOutput

from .conftest import new_game

RATE = 8000
RENDER_S = 0.05
"""Real time a part takes to render."""
PART_S = 0.2
"""Seconds of sound per clause."""


class SlowSynth(CachedSynthesizer):
    """Renders each clause of a line (split at commas) as ``PART_S`` of sound, taking
    ``render_s`` per part; keeps when each line began and finished rendering."""

    def __init__(self, render_s: float = RENDER_S, fail: set[str] | None = None) -> None:
        super().__init__()
        self.render_s = render_s
        self.fail = set(fail or ())
        self.began: dict[str, float] = {}
        self.finished: dict[str, float] = {}
        self.rate = 0

    def _spec(self) -> list:
        return [self.rate]

    def _fresh_parts(self, text: str) -> Iterator[AudioClip]:
        self.began.setdefault(text, time.monotonic())
        if text in self.fail:
            self.fail.discard(text)  # fails once
            raise SpeechError("the engine failed once")
        for n, _ in enumerate(text.split(",")):
            time.sleep(self.render_s)
            yield AudioClip(bytes([n + 1, 0]) * int(RATE * PART_S), rate=RATE)
        self.finished[text] = time.monotonic()

    def set_rate(self, delta: int) -> bool:
        self.rate += delta
        return True


@pytest.fixture
def speaker():
    synth = SlowSynth()
    out = RecordingSoundOutput(realtime=True)
    s = Speaker(synth, out)
    yield s, synth, out
    s.close()


def test_lines_announced_are_rendered_while_the_line_before_them_plays(speaker):
    s, synth, out = speaker
    lines = ["Correct!", "Question two, for two hundred", "Which is a mammal?",
             "A: Shark, B: Whale, C: Trout, D: Eel"]
    s.prefetch(lines)
    asked, first_sounds = {}, []
    for line in lines:
        clips = len(out.clips)
        asked[line] = time.monotonic()
        assert s.say(line) is True
        first_sounds.append(out.starts[clips] - asked[line])
    for line in lines[1:]:
        assert synth.finished[line] <= asked[line], f"{line!r} was rendered only when needed"
    # so each of them sounded the moment it was asked for: no render time before it
    assert all(delay < 0.04 for delay in first_sounds[1:]), first_sounds  # < one part's render


def test_a_line_in_parts_starts_with_its_first_part_and_sounds_without_gaps(speaker):
    s, synth, out = speaker
    asked = time.monotonic()
    s.say("One, two, three, four")
    assert len(out.clips) == 4
    assert out.starts[0] - asked < RENDER_S + 0.03  # the first clause, not the whole line
    for before, after, clip in zip(out.starts, out.starts[1:], out.clips):
        assert after - (before + clip.seconds) < 0.005  # each part joined to the one before
    assert s.renderer.rendered[-1] == "One, two, three, four"


def test_a_line_nobody_announced_goes_before_the_lines_rendered_ahead(speaker):
    s, synth, out = speaker
    ahead = [f"Line {n}, with, three parts" for n in range(4)]
    s.prefetch(ahead)
    time.sleep(RENDER_S / 2)  # the first line ahead is being rendered
    asked = time.monotonic()
    s.say("Take your time.")
    assert out.starts[0] - asked < 2 * RENDER_S + 0.03  # at most one part of a line ahead first
    assert synth.began["Take your time."] < synth.began[ahead[1]]


def test_a_line_cut_off_plays_none_of_its_later_parts(speaker):
    s, synth, out = speaker
    result = {}
    talk = threading.Thread(target=lambda: result.setdefault("whole", s.say("a, b, c, d, e, f")))
    talk.start()
    time.sleep(RENDER_S + PART_S / 2)
    s.stop()
    talk.join(5)
    assert result["whole"] is False
    assert len(out.clips) < 6
    time.sleep(6 * RENDER_S)
    assert len(out.clips) < 6  # the rest of the line stays unsaid


def test_a_line_rendered_ahead_that_failed_is_rendered_again_when_said():
    synth = SlowSynth(fail={"Fifty-fifty."})
    out = RecordingSoundOutput()
    s = Speaker(synth, out)
    try:
        s.prefetch(["Fifty-fifty."])
        time.sleep(3 * RENDER_S)
        assert s.say("Fifty-fifty.") is True
        assert len(out.clips) == 1
    finally:
        s.close()


def test_a_new_rate_drops_the_lines_rendered_ahead_at_the_old_one(speaker):
    s, synth, out = speaker
    s.prefetch(["Slow, down", "Here, it, comes"])
    s.set_rate(-20)
    s.say("Here, it, comes")
    assert synth.rate == -20
    assert synth._key("Here, it, comes") in synth._memory  # rendered again at the new rate


def test_a_failing_engine_is_reported_when_the_line_is_said():
    synth = SlowSynth()
    s = Speaker(synth, RecordingSoundOutput())
    try:
        synth._fresh_parts = lambda text: (_ for _ in ()).throw(SpeechError("engine gone"))
        with pytest.raises(SpeechError, match="engine gone"):
            s.say("Boom.")
    finally:
        s.close()


class AnnouncedSpeaker(RecordingSpeaker):
    """Keeps, in order, what was announced and what was said."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple[str, str]] = []

    def prefetch(self, texts: list[str]) -> None:
        super().prefetch(texts)
        self.events += [("announced", t) for t in texts]

    def say(self, text: str, wait: bool = True) -> bool:
        self.events.append(("said", text))
        return super().say(text, wait)


def test_the_host_announces_each_batch_of_lines_before_saying_the_first():
    game = new_game("se", ["Ann"])
    first = game.question
    speaker = AnnouncedSpeaker()
    locale = Locale.load("en")
    output = SpokenOutput(speaker, stream=io.StringIO(), spoken=locale.speakable)
    clock = FakeClock()
    host = Host(game, locale, ScriptedInput([first.answer.lower(), "yes"], clock), output,
                clock=clock, seed=1)
    host.run()  # to the end of the script
    assert game.level == 2  # the answer was locked and revealed, the next question asked
    events = speaker.events
    for n, (kind, text) in enumerate(events):
        if kind == "said":
            assert ("announced", text) in events[:n], f"{text!r} said unannounced"
    # the next question and its options were announced before the reveal was said
    reveal = events.index(next(e for e in events if e[0] == "said" and "Correct" in e[1]))
    question = locale.speakable(game.question.text)
    assert events.index(("announced", question)) < reveal
