"""Voice mode without the devices it needs: a clear message naming the fix, or typed answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from voicehost.invocation import program

from .test_cli_games import make_deck, voicehost


def setup(tmp_path, mic="no-such-microphone", speaker="no-such-speaker"):
    deck = make_deck(tmp_path / "deck.yaml")
    (tmp_path / "config.yaml").write_text(
        f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 's.json'}\n"
        f"audio:\n  input_device: {mic}\n  output_device: {speaker}\n")


PROGRAM = program(str(Path(__file__).resolve().parents[1] / "voicehost" / "__main__.py"))
"""How the hints name ``python -m voicehost``, as these tests run it."""
NO_SPEAKER = ("I can't find a speaker, so we play on screen: please type your answers. To play with "
              f"sound, choose a device with audio.output_device in config.yaml ({PROGRAM} devices lists them).")


def test_explicit_voice_without_a_speaker_stops_with_the_fix(tmp_path):
    setup(tmp_path)
    run = voicehost(["play", "--input", "voice", "--players", "Ann"], tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    for fix in ("audio.output_device", "--speaker-file", "--input text"):
        assert fix in run.stderr


@pytest.mark.slow
def test_auto_without_the_chosen_devices_plays_on_screen(tmp_path):
    setup(tmp_path)
    run = voicehost(["play", "--players", "Ann", "--events", str(tmp_path / "ev.jsonl")], tmp_path, "b\nyes\n")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert run.stdout.splitlines()[0] == NO_SPEAKER
    assert '"correct": true' in (tmp_path / "ev.jsonl").read_text()


@pytest.mark.slow
@pytest.mark.skipif(Path("/dev/snd").exists(), reason="this machine has sound cards; PULSE_SERVER "
                    "alone cannot hide them")
def test_the_readmes_first_command_starts_a_game_on_a_machine_without_sound(tmp_path):
    """No sound server, no sound card: `voicehost play` plays on screen, as the README promises."""
    deck = make_deck(tmp_path / "deck.yaml")
    (tmp_path / "config.yaml").write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 's.json'}\n")
    (tmp_path / "client.conf").write_text("autospawn = no\n")
    env = {**os.environ, "PULSE_SERVER": f"unix:{tmp_path / 'no-server.sock'}",
           "PULSE_CLIENTCONFIG": str(tmp_path / "client.conf"), "PYTHONUNBUFFERED": "1"}
    run = subprocess.run([sys.executable, "-m", "voicehost", "play", "--players", "Ann,Bo",
                          "--events", str(tmp_path / "ev.jsonl")], input="b\nyes\nb\nyes\n", text=True,
                         capture_output=True, cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert run.stdout.splitlines()[0] == NO_SPEAKER and run.stderr == ""
    answers = [line for line in (tmp_path / "ev.jsonl").read_text().splitlines() if '"event": "answer"' in line]
    assert len(answers) == 2 and all('"correct": true' in a for a in answers)


def test_explicit_voice_without_a_microphone_stops_with_the_fix(tmp_path):
    setup(tmp_path)
    run = voicehost(["play", "--input", "voice", "--players", "Ann", "--speaker-file",
                     str(tmp_path / "host.wav")], tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    for fix in ("audio.input_device", "--mic-file", "--input text"):
        assert fix in run.stderr


@pytest.mark.slow
def test_auto_without_a_microphone_says_so_and_takes_typed_answers(tmp_path):
    setup(tmp_path)
    run = voicehost(["play", "--players", "Ann", "--speaker-file", str(tmp_path / "host.wav"),
                     "--events", str(tmp_path / "ev.jsonl")], tmp_path, "b\nyes\n", timeout=120)
    assert run.returncode == 0, run.stderr
    assert "I can't find a microphone, so please type your answers." in run.stdout
    assert '"correct": true' in (tmp_path / "ev.jsonl").read_text()
    assert (tmp_path / "host.wav").stat().st_size > 100_000      # the host still spoke


def test_a_missing_mic_file_is_a_clear_message(tmp_path):
    setup(tmp_path)
    run = voicehost(["play", "--players", "Ann", "--mic-file", str(tmp_path / "nope.wav"),
                     "--speaker-file", str(tmp_path / "host.wav")], tmp_path)
    assert run.returncode == 2 and "nope.wav" in run.stderr and "Traceback" not in run.stderr
