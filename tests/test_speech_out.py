"""Speech synthesis, the speaker and the sound effects, as a player would notice them."""

from __future__ import annotations

import sys
import threading
import time
import wave

import pytest

from voicehost.audio import sounds
from voicehost.audio.clip import AudioClip
from voicehost.audio.file_sound_output import FileSoundOutput
from voicehost.audio.pcm import samples
from voicehost.speech.speaker import Speaker
from voicehost.speech.tts import Pyttsx3Synthesizer, SpeechError
from voicehost.testing.recording_sound_output import RecordingSoundOutput
from voicehost.testing.recording_speaker import RecordingSpeaker

LINES = ["Welcome to the show.", "Question one, for one hundred points.",
         "Is that your final answer?"]


def speech_seconds(clip: AudioClip, threshold: int = 1000) -> float:
    """How long the clip is louder than a whisper, in seconds (20 ms windows)."""
    a = samples(clip.pcm)
    win = clip.rate // 50
    return sum(1 for i in range(0, len(a), win) if max(map(abs, a[i:i + win])) > threshold) / 50


@pytest.fixture(scope="module")
def synth():
    try:
        import pyttsx3  # noqa: F401
    except ImportError:
        pytest.skip("pyttsx3 is not installed")
    s = Pyttsx3Synthesizer()
    try:
        s.render("Hello.")
    except SpeechError as exc:
        pytest.skip(f"no speech engine here: {exc}")
    yield s
    s.close()


@pytest.mark.slow
def test_a_line_is_rendered_as_audible_speech_of_plausible_length(synth):
    clip = synth.render("Is that your final answer?")
    assert clip.width == 2 and clip.channels == 1 and clip.rate >= 8000
    assert 0.8 < clip.seconds < 5.0
    assert speech_seconds(clip) > 0.5


@pytest.mark.slow
def test_second_and_third_lines_do_not_hang_and_each_is_its_own_audio(synth):
    clips = []
    for text in LINES:
        started = time.monotonic()
        clips.append(synth.render(text))
        assert time.monotonic() - started < 5.0
    assert len({c.pcm for c in clips}) == 3
    assert all(speech_seconds(c) > 0.4 for c in clips)
    assert clips[1].seconds > clips[0].seconds  # the longer line takes longer to say


@pytest.mark.slow
def test_a_repeated_line_comes_from_the_cache_fast_and_identical(synth):
    first = synth.render("Let's play!")
    started = time.perf_counter()
    again = synth.render("Let's play!")
    assert time.perf_counter() - started < 0.005
    assert again.pcm == first.pcm


@pytest.mark.slow
def test_the_disk_cache_serves_a_new_game_without_starting_the_engine(tmp_path):
    first = Pyttsx3Synthesizer(cache_dir=tmp_path)
    try:
        clip = first.render("Fifty-fifty.")
    except SpeechError as exc:
        pytest.skip(f"no speech engine here: {exc}")
    first.close()
    second = Pyttsx3Synthesizer(cache_dir=tmp_path)
    assert second.render("Fifty-fifty.").pcm == clip.pcm
    assert not second.worker_running  # no speech engine was needed
    second.close()


@pytest.mark.slow
def test_slower_means_longer_speech(synth):
    s = Pyttsx3Synthesizer(rate=200)
    normal = s.render("Is that your final answer?")
    assert s.set_rate(-80) is True
    slow = s.render("Is that your final answer?")
    s.close()
    assert slow.seconds > normal.seconds * 1.3


@pytest.mark.slow
def test_a_crashed_speech_engine_is_restarted_and_the_game_keeps_talking(synth):
    s = Pyttsx3Synthesizer()
    s.render("Question five.")
    s._worker._proc.kill()  # our own worker process, as if espeak had crashed
    s._worker._proc.wait(5)
    assert speech_seconds(s.render("Question six.")) > 0.3
    s.close()


def test_a_hung_speech_engine_is_given_up_on_instead_of_hanging_the_game():
    s = Pyttsx3Synthesizer()
    s.worker_command = (sys.executable, "-c", "import time; print('{\"ok\": true}', flush=True); "
                        "time.sleep(60)")
    s.RENDER_TIMEOUT = 0.5
    started = time.monotonic()
    with pytest.raises(SpeechError):
        s.render("Hello?")
    assert time.monotonic() - started < 6
    s.close()


FAILS_ONCE = """
import json, os, runpy, sys
flag = os.environ["VOICEHOST_TEST_FLAG"]
if os.path.exists(flag):  # the second worker: the real one
    sys.argv = ["voicehost.speech.tts_worker"] + sys.argv[1:]
    runpy.run_module("voicehost.speech.tts_worker", run_name="__main__")
else:
    open(flag, "w").close()
    print(json.dumps({"ok": True}), flush=True)
    sys.stdin.readline()
    print(json.dumps({"ok": False, "error": "the speech engine wrote no audio"}), flush=True)
    sys.stdin.readline()
"""


@pytest.mark.slow
def test_a_line_the_engine_fails_to_render_once_is_rendered_again(synth, tmp_path, monkeypatch):
    monkeypatch.setenv("VOICEHOST_TEST_FLAG", str(tmp_path / "failed-once"))
    s = Pyttsx3Synthesizer(cache_dir=tmp_path / "cache")
    s.worker_command = (sys.executable, "-c", FAILS_ONCE)
    assert speech_seconds(s.render("Question seven, for five thousand.")) > 0.5
    assert (tmp_path / "failed-once").exists()
    s.close()


def test_speech_that_keeps_failing_names_the_way_back_into_the_game():
    s = Pyttsx3Synthesizer()
    s.worker_command = (sys.executable, "-c", "import sys; print('{\"ok\": true}', flush=True); "
                        "[print('{\"ok\": false, \"error\": \"no audio\"}', flush=True) "
                        "for _ in sys.stdin]")
    with pytest.raises(SpeechError) as err:
        s.render("Hello?")
    assert "voicehost play --resume" in err.value.fix
    s.close()


def test_without_a_speech_engine_the_user_is_told_to_install_espeak():
    s = Pyttsx3Synthesizer()
    s.worker_command = (sys.executable, "-c", "print('{\"ok\": false, \"error\": "
                        "\"OSError: libespeak-ng.so.1: cannot open shared object file\"}')")
    with pytest.raises(SpeechError) as err:
        s.render("Hello?")
    assert "apt-get install espeak-ng" in err.value.fix
    s.close()


@pytest.mark.slow
def test_speaker_stop_cuts_the_host_off_mid_sentence(synth):
    output = RecordingSoundOutput(realtime=True)
    speaker = Speaker(synth, output)
    text = "And now, for one million points, here is the final question of the game."
    result = {}
    thread = threading.Thread(target=lambda: result.update(heard=speaker.say(text)))
    thread.start()
    time.sleep(0.5)
    assert speaker.speaking
    speaker.stop()
    stopped = time.monotonic()
    thread.join(1.0)
    assert not thread.is_alive() and result["heard"] is False
    assert not speaker.speaking
    assert abs(speaker.last_spoken_at - stopped) < 0.2
    played = output.wait()  # the output's own account of the line it was playing
    assert not played.whole
    assert played.seconds < 0.6 and output.clips[0].seconds > 3  # much longer than heard


@pytest.mark.slow
def test_speaker_waits_for_a_line_and_records_when_it_ended(synth):
    output = RecordingSoundOutput(realtime=True)
    speaker = Speaker(synth, output)
    started = time.monotonic()
    assert speaker.say("Correct!") is True
    ended = time.monotonic()
    assert ended - started >= output.clips[0].seconds - 0.05
    assert started < speaker.last_spoken_at <= ended
    played = output.wait()
    assert played.whole and played.seconds == output.clips[0].seconds
    assert speaker.last_spoken_at == played.ended_at  # when the output says it was heard
    assert not speaker.speaking


@pytest.mark.slow
def test_speaker_writes_speech_and_effects_to_a_speaker_file(synth, tmp_path):
    speaker = Speaker(synth, FileSoundOutput(tmp_path / "host.wav"))
    speaker.say("Is that your final answer?")
    speaker.play(sounds.lock_in())
    speaker.close()
    with wave.open(str(tmp_path / "host.wav")) as w:
        seconds = w.getnframes() / w.getframerate()
        clip = AudioClip(w.readframes(w.getnframes()), rate=w.getframerate())
    assert 1.0 < seconds < 6.0 and speech_seconds(clip) > 0.8


def test_recording_speaker_keeps_what_the_host_said():
    speaker = RecordingSpeaker()
    speaker.say("Welcome!")
    speaker.play(sounds.correct())
    speaker.say("Next question.", wait=False)
    assert speaker.said == ["Welcome!", "Next question."]
    assert speaker.played == [sounds.correct()]
    assert not speaker.speaking


def _contour(clip: AudioClip, parts: int = 4) -> list[float]:
    """Zero crossings per second in each quarter: a rough pitch outline."""
    a = samples(clip.pcm)
    step = len(a) // parts
    return [sum(1 for x, y in zip(a[i:i + step], a[i + 1:i + step]) if x < 0 <= y)
            / (step / clip.rate) for i in range(0, step * parts, step)]


def test_sound_effects_are_short_clean_and_distinct():
    clips = {name: sounds.effect(name) for name in sounds.EFFECTS}
    assert set(clips) == {"lock_in", "correct", "wrong", "lifeline", "tick", "time_up"}
    for name, clip in clips.items():
        a = samples(clip.pcm)
        assert 0.03 < clip.seconds <= 1.0, name
        assert 0.3 * 32767 < max(map(abs, a)) < 0.9 * 32767, f"{name} is too quiet or clips"
        assert abs(a[0]) < 500 and abs(a[-1]) < 500, f"{name} starts or ends with a click"
    names = list(clips)
    for i, one in enumerate(names):
        for other in names[i + 1:]:
            c1, c2 = _contour(clips[one]), _contour(clips[other])
            pitch_gap = max(abs(x - y) / max(x, y, 1.0) for x, y in zip(c1, c2))
            length_gap = abs(clips[one].seconds - clips[other].seconds)
            assert pitch_gap > 0.25 or length_gap > 0.1, f"{one} sounds like {other}"
    with pytest.raises(KeyError):
        sounds.effect("applause")
