"""A game by voice in a room too loud to hear the player: the host says so once, and its
re-asks change after each miss instead of repeating one sentence.

The player's answers are synthesised with espeak-ng and mixed with pink noise from sox at
about 2 dB signal-to-noise (noise -24 dBFS, speech -22 dBFS while the player talks), then
played through ``voicehost play --input voice --mic-file``. sox runs in its repeatable
mode (``-R``), so every run hears the same noise.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from voicehost.audio.wav import write_wav
from voicehost.language.locale import Locale
from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak

from .test_cli_games import make_deck, voicehost

pytestmark = pytest.mark.slow  # a game by synthetic voice via the recogniser, in a subprocess

LOCALE = Locale.load("en")
SAID = ("bravo", "banana", "b", "bravo", "banana", "b")
"""Answers, never a yes: nothing may be locked."""


def reask_starts() -> tuple[str, ...]:
    """How each re-ask line of the locale starts (the text before its first field)."""
    keys = ["reask_answer", "not_sure_heard", "didnt_catch.answer", "reask_change.texts", "reask_wait"]
    return tuple(v.split("{")[0] for key in keys for v in LOCALE.variants(key))


@pytest.mark.skipif(shutil.which("sox") is None or shutil.which("espeak-ng") is None,
                    reason="needs sox and espeak-ng")
def test_a_loud_room_is_named_once_and_no_reask_repeats(tmp_path):
    speech = concat(*[part for text in SAID for part in (speak(text, PLAYER_VOICES[2]), silence(1.2))])
    write_wav(tmp_path / "speech.wav", speech)
    seconds = len(speech.pcm) / 2 / speech.rate
    subprocess.run(["sox", "-R", "-n", "-r", "16000", "-b", "16", "-c", "1", str(tmp_path / "noise.wav"),
                    "synth", f"{seconds}", "pinknoise", "vol", "0.3"], check=True)
    subprocess.run(["sox", "-R", "-m", str(tmp_path / "speech.wav"), str(tmp_path / "noise.wav"),
                    str(tmp_path / "answers.wav")], check=True)
    deck = make_deck(tmp_path / "deck.yaml")
    (tmp_path / "config.yaml").write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 's.json'}\n")
    run = voicehost(["play", "--players", "Ann", "--rounds", "1", "--seed", "1", "--input", "voice",
                     "--mic-file", str(tmp_path / "answers.wav"), "--speaker-file", str(tmp_path / "host.wav"),
                     "--events", str(tmp_path / "ev.jsonl")], tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stdout.splitlines() if line.strip() and not line.startswith("> ")]
    assert sum("loud in here" in line for line in lines) == 1, run.stdout
    reasks = [line for line in lines if line.startswith(reask_starts())]
    assert len(reasks) >= 3, run.stdout
    assert all(a != b for a, b in zip(reasks, reasks[1:])), run.stdout   # never the same one twice in a row
    assert all(a != b for a, b in zip(lines, lines[1:])), run.stdout
    events = [json.loads(line)["event"] for line in (tmp_path / "ev.jsonl").read_text().splitlines()]
    assert "answer" not in events, run.stdout                            # nothing locked in the din
    assert re.search(r"The game is saved", run.stdout)
