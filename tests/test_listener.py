"""The listening loop, the in-memory microphone, the scripted recogniser and WAV files.

What a player notices: what they said comes back, silence comes back as
nothing (so the host can prompt them), and the host answers promptly.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import time
from array import array

import pytest

from voicehost.audio.clip import AudioClip
from voicehost.audio.microphone import EndOfAudio, MicrophoneError
from voicehost.audio.wav import WavError, read_wav, write_wav
from voicehost.speech.listener import Listener, transcribe_file
from voicehost.speech.recognizer import Transcript, Word
from voicehost.speech.sphinx_recognizer import SphinxRecognizer
from voicehost.testing.memory_microphone import MemoryMicrophone
from voicehost.testing.scripted_recognizer import ScriptedRecognizer

ESPEAK = shutil.which("espeak-ng")
needs_espeak = pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed")
RATE = 16000
PHRASES = ["A", "B", "C", "D", "fifty-fifty", "ask the audience", "phone a friend", "yes", "no",
           "final answer", "London"]


def silence(seconds: float) -> bytes:
    return bytes(int(seconds * RATE) * 2)


@pytest.fixture(scope="module")
def recognizer() -> SphinxRecognizer:
    return SphinxRecognizer("en")


@pytest.fixture(scope="module")
def wav_of(tmp_path_factory):
    """wav_of(text) -> path of an espeak-ng WAV (22.05 kHz) saying ``text``."""
    folder = tmp_path_factory.mktemp("said")

    def make(text: str, voice: str = "en-us", rate: int = 170):
        out = folder / f"{voice}-{rate}-{text.replace(' ', '_')}.wav"
        if not out.exists():
            subprocess.run([ESPEAK, "-v", voice, "-s", str(rate), "-w", str(out), text],
                           check=True, capture_output=True, timeout=30)
        return out

    return make


@pytest.mark.slow
@needs_espeak
def test_the_phrase_said_comes_back(recognizer, wav_of):
    pcm = silence(0.5) + read_wav(wav_of("phone a friend")).pcm
    heard = Listener(MemoryMicrophone(pcm), recognizer).listen(PHRASES, timeout_s=5.0)
    assert heard is not None
    assert heard.text == "phone a friend"
    assert heard.confidence >= 0.5
    assert heard.speech_started <= heard.speech_ended <= heard.decided


@pytest.mark.slow
def test_silence_is_nothing_and_does_not_wait_for_the_clock(recognizer):
    listener = Listener(MemoryMicrophone(silence(4.0)), recognizer)
    began = time.monotonic()
    assert listener.listen(PHRASES, timeout_s=3.0) is None
    assert time.monotonic() - began < 1.0  # audio time, not wall time, for a memory source


@pytest.mark.slow
def test_a_finished_file_with_nothing_said_ends_the_input(recognizer):
    listener = Listener(MemoryMicrophone(silence(0.5), trailing_silence_s=0.5), recognizer)
    with pytest.raises(EndOfAudio):
        listener.listen(PHRASES, timeout_s=5.0)


@pytest.mark.slow
@needs_espeak
def test_timing_follows_the_speech_in_real_time(recognizer, wav_of):
    speech = read_wav(wav_of("yes"))
    mic = MemoryMicrophone(silence(0.6) + speech.pcm, realtime=True)
    listener = Listener(mic, recognizer)
    began = time.monotonic()
    heard = listener.listen(PHRASES, timeout_s=5.0)
    assert heard is not None and heard.text == "yes"
    assert 0.45 <= heard.speech_started - began <= 0.9
    assert 0.2 <= heard.speech_ended - heard.speech_started <= speech.seconds + 0.1
    assert 0.0 < heard.decided - heard.speech_ended <= 0.5


@pytest.mark.slow
@needs_espeak
def test_a_player_who_keeps_talking_is_cut_off(recognizer, wav_of):
    ramble = read_wav(wav_of("well I am not sure, it could be the first one or maybe the second "
                             "one, or the third, let me think about it for a while")).pcm
    listener = Listener(MemoryMicrophone(silence(0.3) + ramble), recognizer, max_utterance_s=2.0)
    heard = listener.listen(PHRASES, timeout_s=5.0)
    assert heard is not None
    assert heard.text == "" or heard.confidence < 0.5
    assert listener.microphone.position < 0.3 + 2.0 + 0.5


def test_the_scripted_player_says_b_then_something_else_then_yes():
    scripted = ScriptedRecognizer(["B", "", "Yes!"], unknown_words=["zorp"])
    listener = Listener(MemoryMicrophone(silence(30.0)), scripted)
    heard = [listener.listen(PHRASES, timeout_s=2.0) for _ in range(4)]
    assert [h.text if h else None for h in heard] == ["b", "", "yes", None]
    assert [h.confidence if h else None for h in heard] == [1.0, 0.0, 1.0, None]
    assert scripted.phrase_lists[0][:4] == ["a", "b", "c", "d"]
    assert scripted.missing_words(["Zorp the Great", "yes"]) == ["zorp"]
    assert scripted.remaining == 0


def test_a_scripted_transcript_can_carry_a_low_confidence():
    doubtful = Transcript("d", 0.3, (Word("d", 0.3, 0.5, 0.8),))
    scripted = ScriptedRecognizer([doubtful])
    heard = Listener(MemoryMicrophone(silence(1.0)), scripted).listen(["d"], timeout_s=1.0)
    assert (heard.text, heard.confidence) == ("d", 0.3)


def test_the_memory_microphone_serves_blocks_then_silence_then_ends():
    mic = MemoryMicrophone(b"\x01\x00" * 2500, block_ms=100, trailing_silence_s=0.2)
    with pytest.raises(MicrophoneError):
        mic.read(0.1)
    mic.start()
    blocks = []
    with pytest.raises(EndOfAudio):
        while True:
            blocks.append(mic.read(0.1))
    assert [len(b) for b in blocks] == [3200, 3200, 3200, 1800]  # speech runs into the silence
    assert blocks[0][:2] == b"\x01\x00" and blocks[-1] == bytes(1800)
    assert mic.position == pytest.approx((2500 + 3200) / RATE)


@pytest.mark.slow
@needs_espeak
def test_a_wav_file_of_any_format_is_transcribed(recognizer, wav_of, tmp_path):
    stereo = tmp_path / "stereo-44k.wav"
    subprocess.run(["sox", str(wav_of("fifty fifty")), "-r", "44100", "-c", "2", str(stereo)],
                   check=True, capture_output=True, timeout=30) if shutil.which("sox") else \
        write_wav(stereo, _stereo_44k(read_wav(wav_of("fifty fifty"))))
    transcript = transcribe_file(stereo, recognizer, PHRASES)
    assert transcript.text == "fifty fifty"
    assert transcript.confidence >= 0.5


@pytest.mark.slow
def test_a_file_that_is_not_a_wav_is_reported(recognizer, tmp_path):
    bogus = tmp_path / "notes.wav"
    bogus.write_text("hello")
    with pytest.raises(WavError) as err:
        transcribe_file(bogus, recognizer, PHRASES)
    assert "sox" in err.value.fix
    with pytest.raises(WavError):
        read_wav(tmp_path / "missing.wav")


def test_wav_files_come_back_as_16k_mono_of_the_same_length(tmp_path):
    tone = array("h", (int(8000 * math.sin(2 * math.pi * 440 * n / 44100)) for n in range(44100)))
    stereo = array("h", (s for pair in zip(tone, tone) for s in pair))
    write_wav(tmp_path / "tone.wav", AudioClip(stereo.tobytes(), 44100, 2, 2))
    clip = read_wav(tmp_path / "tone.wav")
    assert (clip.rate, clip.width, clip.channels) == (16000, 2, 1)
    assert clip.seconds == pytest.approx(1.0, abs=0.01)
    samples = array("h", clip.pcm)
    assert 7000 < max(samples) <= 8200  # the tone survives resampling at full strength
    eight_bit = AudioClip(bytes(128 + (n % 50) for n in range(8000)), 8000, 1, 1)
    write_wav(tmp_path / "u8.wav", eight_bit)
    assert read_wav(tmp_path / "u8.wav").seconds == pytest.approx(1.0, abs=0.01)


def _stereo_44k(clip: AudioClip) -> AudioClip:
    """``clip`` as 44.1 kHz stereo by sample repetition (when sox is missing)."""
    mono = array("h", clip.pcm)
    out = array("h")
    for i in range(int(len(mono) * 44100 / clip.rate)):
        s = mono[min(len(mono) - 1, int(i * clip.rate / 44100))]
        out.extend((s, s))
    return AudioClip(out.tobytes(), 44100, 2, 2)
