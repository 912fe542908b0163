"""Microphones and sound outputs, through real (virtual) PulseAudio devices and files."""

from __future__ import annotations

import array
import math
import os
import shutil
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from voicehost.audio.clip import AudioClip
from voicehost.audio.device_microphone import DeviceMicrophone
from voicehost.audio.device_sound_output import DeviceSoundOutput
from voicehost.audio.devices import format_devices, list_devices
from voicehost.audio.file_microphone import FileMicrophone
from voicehost.audio.file_sound_output import FileSoundOutput
from voicehost.audio.microphone import EndOfAudio, MicrophoneError
from voicehost.audio.pcm import samples
from voicehost.audio.sound_output import SoundOutputError

try:
    from tests.pulse import pulse_audio, virtual_audio  # noqa: F401  (pytest fixture)
except ImportError:  # tests/ run as a plain folder
    from pulse import pulse_audio, virtual_audio  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
BLOCK = 1600  # 100 ms at 16 kHz
LOUD = 1500  # peak of a block that holds speech or a tone


def peaks(pcm: bytes, block: int = BLOCK) -> list[int]:
    a = samples(pcm)
    return [max(map(abs, a[i:i + block]), default=0) for i in range(0, len(a), block)]


def tone(seconds: float, freq: float = 440.0, rate: int = 22050, channels: int = 1,
         level: int = 8000) -> AudioClip:
    n = int(seconds * rate)
    a = array.array("h", (int(level * math.sin(2 * math.pi * freq * i / rate))
                          for i in range(n) for _ in range(channels)))
    return AudioClip(a.tobytes(), rate=rate, channels=channels)


def write_wav(path, clip: AudioClip) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(clip.channels)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(clip.pcm)


def read_all(mic) -> bytes:
    out = []
    with pytest.raises(EndOfAudio):
        while True:
            out.append(mic.read(0.1))
    return b"".join(out)


@pytest.fixture(scope="module")
def phrase(tmp_path_factory):
    """A spoken phrase as a WAV file, made by espeak-ng."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed: sudo apt-get install espeak-ng")
    path = tmp_path_factory.mktemp("phrase") / "the_answer_is_b.wav"
    subprocess.run(["espeak-ng", "-w", str(path), "the answer is bee"], check=True)
    return path


# --- through the virtual PulseAudio devices ---------------------------------

@pytest.mark.slow
def test_devices_lists_the_virtual_devices_with_defaults_marked(pulse_audio):
    devices = list_devices()
    pulse = next(d for d in devices if d.name == "pulse")
    assert pulse.inputs > 0 and pulse.outputs > 0
    assert any(d.default_input for d in devices) and any(d.default_output for d in devices)
    table = format_devices(devices)
    assert "pulse" in table and "default input" in table and "audio.input_device" in table


@pytest.mark.slow
def test_microphone_hears_a_phrase_played_into_it_and_silence_otherwise(pulse_audio, phrase):
    expected = peaks(read_all(FileMicrophone(phrase)))
    spoken = sum(p > LOUD for p in expected)
    mic = DeviceMicrophone(block_ms=100)
    mic.start()
    try:
        deadline = time.monotonic() + 10
        while mic.read(0.5) is None:  # PulseAudio starts a new stream lazily
            assert time.monotonic() < deadline, "the microphone never delivered audio"
        before = b"".join(mic.read(1.0) or b"" for _ in range(5))
        player = pulse_audio.play_into_mic(phrase, wait=False)
        during = []
        end = None
        while end is None or time.monotonic() < end + 1.0:
            during.append(mic.read(1.0) or b"")
            if end is None and player.poll() is not None:
                end = time.monotonic()
    finally:
        mic.stop()
    assert max(peaks(before)) < 300, "the microphone heard something before anyone spoke"
    heard = peaks(b"".join(during))
    loud = [i for i, p in enumerate(heard) if p > LOUD]
    assert loud, "the phrase was not heard"
    assert abs(len(loud) - spoken) <= 3, (heard, expected)
    assert loud[-1] - loud[0] + 1 <= spoken + 5, "speech heard over a much longer span"
    assert max(heard[loud[-1] + 3:] or [0]) < 300, "no silence after the phrase"


@pytest.mark.slow
def test_output_plays_a_clip_that_shows_up_on_the_speaker_monitor(pulse_audio, tmp_path):
    rec = pulse_audio.record_speaker(tmp_path / "spk.wav")
    rec.wait_flowing()
    with DeviceSoundOutput() as out:
        clip = tone(1.0)
        started = time.monotonic()
        out.play(clip)
        assert out.busy
        played = out.wait()
        returned = time.monotonic()
        assert played.whole and played.seconds == clip.seconds
        # its end reached the speaker a clip's length after it started, at the soonest,
        # and before wait returned
        assert started + clip.seconds <= played.ended_at <= returned
        assert not out.busy
    time.sleep(0.3)
    heard = peaks(rec.stop().pcm)
    loud = sum(p > LOUD for p in heard)
    assert 8 <= loud <= 12, heard  # one second of tone in 100 ms blocks
    assert wave.open(str(tmp_path / "spk.wav")).getnframes() > 16000


@pytest.mark.slow
@pytest.mark.parametrize("latency_ms", [10, 200])
def test_stop_cuts_a_long_clip_short_and_says_how_much_played(tmp_path, latency_ms):
    with virtual_audio(monitor_latency_ms=latency_ms) as pa:
        rec = pa.record_speaker(tmp_path / "spk.wav")
        rec.wait_flowing()
        with DeviceSoundOutput() as out:
            out.play(tone(5.0))
            time.sleep(0.5)
            started = time.monotonic()
            out.stop()
            assert not out.busy and time.monotonic() - started < 0.5
            played = out.wait()
            assert not played.whole
            assert started <= played.ended_at < started + 0.5  # what the device held drains
            time.sleep(0.5)
        loud = sum(p > LOUD for p in peaks(rec.stop().pcm))
    assert 1 <= loud <= 15, "the clip was not cut off"  # well short of 50 blocks
    # what came out of the speaker is what the output says played: in 100 ms blocks, a
    # stretch of tone touches one more block at each end at most, and its faded edges
    # (a few milliseconds) may stay below LOUD
    assert played.seconds - 0.05 <= loud * 0.1 <= played.seconds + 0.2, (played, loud)


@pytest.mark.slow
def test_a_microphone_that_does_not_exist_says_how_to_play_without_it(pulse_audio):
    mic = DeviceMicrophone(device="no such microphone")
    with pytest.raises(MicrophoneError) as err:
        mic.start()
    for hint in ("--input text", "--mic-file FILE.wav", "audio.input_device"):
        assert hint in err.value.fix
    assert "no such microphone" in err.value.reason


@pytest.mark.slow
def test_a_speaker_that_does_not_exist_says_how_to_play_without_it(pulse_audio):
    with pytest.raises(SoundOutputError) as err:
        DeviceSoundOutput(device=99)
    assert "--speaker-file OUT.wav" in err.value.fix and "audio.output_device" in err.value.fix


def test_without_portaudio_the_user_is_told_which_package_to_install(tmp_path):
    # A stand-in sounddevice that fails the way the real one does without libportaudio2.
    (tmp_path / "sounddevice.py").write_text("raise OSError('PortAudio library not found')\n")
    script = ("from voicehost.audio.devices import list_devices, AudioDeviceError\n"
              "try:\n    list_devices()\nexcept AudioDeviceError as e:\n    print(e.fix)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=30)
    assert "apt-get install libportaudio2" in out.stdout, out.stderr


@pytest.mark.slow
def test_a_lost_microphone_is_reported_and_can_be_started_again():
    with virtual_audio() as pa:
        mic = DeviceMicrophone()
        mic.start()
        try:
            deadline = time.monotonic() + 10
            while mic.read(0.5) is None:
                assert time.monotonic() < deadline
            pa.stop_server()  # the device disappears, like an unplugged USB microphone
            with pytest.raises(MicrophoneError) as err:
                for _ in range(40):
                    mic.read(0.5)
            assert "lost" in err.value.reason
            pa.start()
            mic.start()
            deadline = time.monotonic() + 10
            while mic.read(0.5) is None:
                assert time.monotonic() < deadline, "the microphone did not come back"
        finally:
            mic.stop()


@pytest.mark.slow
def test_a_lost_speaker_is_reported_and_plays_again_once_it_is_back():
    with virtual_audio() as pa, DeviceSoundOutput() as out:
        out.play(tone(2.0))
        time.sleep(0.3)
        pa.stop_server()
        started = time.monotonic()
        with pytest.raises(SoundOutputError) as err:
            out.wait()
        assert time.monotonic() - started < 6
        assert "--speaker-file" in err.value.fix
        pa.start()
        out.play(tone(0.3))
        assert out.wait().whole is True


# --- files ------------------------------------------------------------------

def test_file_microphone_turns_44k_stereo_into_16k_mono_blocks(tmp_path):
    path = tmp_path / "stereo.wav"
    write_wav(path, tone(1.5, freq=500, rate=44100, channels=2))
    mic = FileMicrophone(path, block_ms=100)
    mic.start()
    first = mic.read(0.1)
    assert len(first) == 2 * 1600
    pcm = first + read_all(mic)
    a = samples(pcm)
    assert abs(len(a) - 24000) <= 2  # 1.5 s at 16 kHz
    crossings = sum(1 for x, y in zip(a, a[1:]) if x < 0 <= y)
    assert abs(crossings - 750) <= 3  # still a 500 Hz tone
    with pytest.raises(EndOfAudio):
        mic.read(0.1)  # and stays at the end


def test_file_microphone_moves_on_only_while_read(tmp_path):
    path = tmp_path / "mono.wav"
    write_wav(path, tone(0.5, rate=16000))
    mic = FileMicrophone(path)
    mic.start()
    first = mic.read(0.1)
    mic.flush()  # the host flushes after speaking: nothing of the file may be lost
    time.sleep(0.2)
    rest = read_all(mic)
    assert first + rest == tone(0.5, rate=16000).pcm


@pytest.mark.parametrize("content", [None, b"this is not a wav file"])
def test_file_microphone_rejects_a_missing_or_broken_file_with_a_fix(tmp_path, content):
    path = tmp_path / "answers.wav"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(MicrophoneError) as err:
        FileMicrophone(path)
    assert "answers.wav" in err.value.reason and "--mic-file" in err.value.fix


def test_wav_file_output_stays_valid_after_every_clip(tmp_path):
    path = tmp_path / "host.wav"
    out = FileSoundOutput(path)
    assert wave.open(str(path)).getnframes() == 0  # valid before anything is played
    total = 0.0
    for clip in (tone(0.5, rate=22050), tone(1.0, rate=16000), tone(0.25, rate=44100, channels=2)):
        out.play(clip)
        played = out.wait()
        assert played.whole is True and not out.busy
        assert abs(played.seconds - clip.seconds) < 0.001
        total += clip.seconds
        with wave.open(str(path)) as w:  # as if the game were killed now
            assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
            assert abs(w.getnframes() / 22050 - total) < 0.01
            assert len(w.readframes(w.getnframes())) == 2 * w.getnframes()
    out.close()
    assert abs(wave.open(str(path)).getnframes() / 22050 - 1.75) < 0.01


def test_wav_file_output_in_an_unwritable_place_says_so(tmp_path):
    with pytest.raises(SoundOutputError) as err:
        FileSoundOutput(tmp_path / "no" / "such" / "dir" / "host.wav")
    assert "--speaker-file" in err.value.fix


@pytest.mark.slow
def test_restarting_portaudio_for_one_device_keeps_the_other_working(pulse_audio):
    """A replugged microphone makes PortAudio look for devices again, which ends every
    stream in the process; the speaker's long-lived stream must not be left dangling
    (touching a freed stream crashes the process), and the other way round."""
    from voicehost.audio.devices import refresh_devices
    mic = DeviceMicrophone()
    mic.start()
    with DeviceSoundOutput() as out:
        out.play(tone(0.3))
        assert out.wait().whole is True
        refresh_devices()                      # as after a lost microphone
        out.play(tone(0.3))
        assert out.wait().whole is True
        assert mic.read(2.0) is not None       # the microphone opened itself again
        refresh_devices()                      # as after a lost speaker
        assert mic.read(2.0) is not None
        out.play(tone(0.3))
        assert out.wait().whole is True
    mic.stop()
