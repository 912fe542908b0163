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
from array import array
from pathlib import Path

from voicehost.audio.wav import write_wav
from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak

from .pulse import pulse_audio as pulse_audio  # the fixture
from .test_cli_games import make_deck


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


def has_speech(clip, threshold: int = 800) -> float:
    """Seconds of the clip louder than ``threshold``."""
    samples = array("h", clip.pcm)
    block = clip.rate // 50
    loud = sum(1 for i in range(0, len(samples), block)
               if max((abs(s) for s in samples[i:i + block]), default=0) > threshold)
    return loud / 50


def test_a_spoken_game_through_virtual_devices(pulse_audio, tmp_path):  # noqa: F811
    recording = pulse_audio.record_speaker(tmp_path / "host.wav")
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
    assert has_speech(host_audio) > 5.0, "the host's speech never reached the speaker"
