"""End to end by voice: real audio through virtual PulseAudio devices.

The host speaks to the virtual speaker (recorded from its monitor), players'
synthesised answers are played into the virtual microphone, and the game's
event log says what happened.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voicehost.audio.wav import write_wav
from voicehost.language.locale import Locale
from voicehost.speech.tts import Pyttsx3Synthesizer
from voicehost.testing.audibility import locate
from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak

from .pulse import SPEECH_RATE, virtual_audio
from .test_cli_games import make_deck

pytestmark = pytest.mark.slow  # real audio: virtual PulseAudio, a whole game in a subprocess


@pytest.fixture(scope="module")
def pulse_audio():
    """The virtual devices, the speaker's monitor read at 10 ms as a call or recording app
    would: the latency at which a sound output that lets go too early loses most."""
    with virtual_audio(monitor_latency_ms=10) as pa:
        yield pa


class VoiceGame:
    """``voicehost play --input voice`` in a subprocess, on the virtual devices."""

    def __init__(self, pa, tmp: Path, args: list[str]) -> None:
        self.pa, self.tmp = pa, tmp
        self.events = tmp / "ev.jsonl"
        deck = make_deck(tmp / "deck.yaml")
        (tmp / "config.yaml").write_text(
            f"game:\n  decks: [{deck}]\n  save_file: {tmp / 'save.json'}\n"
            "input:\n  silence_seconds: 4\n")
        env = {**pa.env, "PYTHONUNBUFFERED": "1", "XDG_CACHE_HOME": str(tmp / "cache")}
        self.log = open(tmp / "stdout.txt", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voicehost", "play", "--input", "voice", "--events", str(self.events),
             *args], cwd=tmp, env=env, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def said(self) -> str:
        return (self.tmp / "stdout.txt").read_text()

    def events_of(self, kind: str) -> list[dict]:
        if not self.events.exists():
            return []
        return [e for e in map(json.loads, self.events.read_text().splitlines()) if e["event"] == kind]

    def say_until(self, text: str, done, timeout: float = 60.0) -> None:
        """Say ``text`` into the microphone (again, if the host was still talking) until ``done()``."""
        wav = self.tmp / f"say-{abs(hash(text))}.wav"
        write_wav(wav, concat(silence(0.2), speak(text, PLAYER_VOICES[0]), silence(0.6)))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None or done(), self.said()
            self.pa.play_into_mic(wav)
            for _ in range(40):
                if done():
                    return
                time.sleep(0.1)
        raise AssertionError(f"the host never understood {text!r}:\n{self.said()}")

    def wait_for(self, needle: str | tuple[str, ...], timeout: float = 60.0, times: int = 1) -> None:
        """Wait until the host has printed ``needle`` (or any of several, ``times`` times in
        all); it then speaks it."""
        deadline = time.monotonic() + timeout
        needles = (needle,) if isinstance(needle, str) else needle
        while sum(self.said().count(n) for n in needles) < times:
            assert time.monotonic() < deadline, f"never said {needle!r}:\n{self.said()}"
            assert self.proc.poll() is None, self.said()
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.log.close()


PROMPTS = ("a lifeline?", "a lifeline.")
"""The end of the prompt after a question is read, in each of its variants."""


def host_lines(stdout: str) -> list[str]:
    """The lines the host said, in order (what it heard and its warnings left out)."""
    return [line for line in stdout.splitlines()
            if line.strip() and not line.startswith(("> ", "voicehost:", "ALSA", "Expression"))]


def heard_line_by_line(lines: list[str], recording, cache: Path) -> list[tuple[str, float]]:
    """Each line the host printed, rendered again as the game did (from its cache, or by the
    same voice), found in the recording of the speaker: (line, share of it heard)."""
    synth = Pyttsx3Synthesizer(None, 165, 1.0, cache_dir=cache)
    spoken = Locale.load("en").speakable   # the printed line as it was said: money in words
    try:
        clips = [synth.render(spoken(line)) for line in lines]
    finally:
        synth.close()
    return [(line, found.heard) for line, found in zip(lines, locate(clips, recording))]


def test_a_spoken_game_through_virtual_devices(pulse_audio, tmp_path):
    recording = pulse_audio.record_speaker(tmp_path / "host.wav", SPEECH_RATE)
    recording.wait_flowing()
    game = VoiceGame(pulse_audio, tmp_path, ["--players", "Ann", "--rounds", "1", "--seed", "1"])
    try:
        game.wait_for(PROMPTS)                    # the first question's prompt
        game.say_until("bravo", lambda: "final answer?" in game.said().lower())
        assert game.events_of("answer") == []          # nothing locked without yes
        game.say_until("yes", lambda: bool(game.events_of("answer")))
        game.wait_for(PROMPTS, times=2)           # the second question has been read
        game.say_until("take the money", lambda: bool(game.events_of("walk_pending")))
        game.say_until("yes", lambda: bool(game.events_of("game_over")))
        game.proc.wait(30)
    finally:
        game.stop()
        host_audio = recording.stop()
    [answer] = game.events_of("answer")
    assert (answer["player"], answer["level"], answer["option"], answer["correct"]) == ("Ann", 1, "B", True)
    assert game.events_of("walk_away")[0]["amount"] == 1000
    assert game.events_of("game_over")[0]["winner"] == "Ann"
    lines = host_lines(game.said())
    assert any("final answer?" in line.lower() for line in lines)   # the confirmation
    heard = heard_line_by_line(lines, host_audio, tmp_path / "cache" / "voicehost" / "tts")
    missing = [(line, round(share, 2)) for line, share in heard if share < 0.98]
    assert not missing, f"lines the player did not hear in full: {missing}"
