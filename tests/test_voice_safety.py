"""Nothing the player did not confirm is locked, spent or taken: whole games by voice.

``voicehost play --mic-file`` plays a recording of a player who never says yes: an answer,
a lifeline and taking the money, each followed only by "no" or only by hesitations
("I'm not sure", "hmm", "I don't know", issue 11's false yeses), in two espeak-ng voices.
The game is resumed at question 2 (reached by typing), where taking the money is allowed.
The --events log must show the host asking (an answer or walk-away pending, a lifeline
offered) and nothing locked, no lifeline used and no money taken.
"""

from __future__ import annotations

import json

import pytest

from voicehost.audio.wav import write_wav
from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak

from .test_cli_games import make_deck, voicehost

pytestmark = pytest.mark.slow  # games by synthetic voice via the recogniser, in subprocesses

ONLY_NO = ("bravo", "no", "no", "fifty fifty", "no", "take the money", "no", "no", "no")
ONLY_HESITATIONS = ("I think it's b", "I'm not sure", "hmm", "fifty fifty", "I don't know",
                    "take the money", "not sure", "hmm", "not correct")


def events(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


@pytest.mark.parametrize("voice", [PLAYER_VOICES[0], PLAYER_VOICES[2]], ids=lambda v: v.name)
@pytest.mark.parametrize("script", [ONLY_NO, ONLY_HESITATIONS], ids=["no", "hesitations"])
def test_a_player_who_never_says_yes_loses_nothing(tmp_path, voice, script):
    deck = make_deck(tmp_path / "deck.yaml")
    (tmp_path / "config.yaml").write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 's.json'}\n")
    typed = voicehost(["play", "--input", "text", "--players", "Ann", "--rounds", "1", "--seed", "1"],
                      tmp_path, stdin="b\ny\n")             # question 1 by keyboard: now at question 2
    assert typed.returncode == 0 and "question 2" in typed.stdout.lower(), typed.stdout + typed.stderr
    gap = silence(1.2)
    write_wav(tmp_path / "player.wav", concat(*[part for text in script for part in (speak(text, voice), gap)]))
    log = tmp_path / "ev.jsonl"
    run = voicehost(["play", "--resume", "--mic-file", str(tmp_path / "player.wav"),
                     "--speaker-file", str(tmp_path / "host.wav"), "--events", str(log)],
                    tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    kinds = [e["event"] for e in events(log)]
    asked = kinds.count("pending") + kinds.count("walk_pending") + run.stdout.count("Yes or no.")
    assert asked >= 2, run.stdout                            # the dangerous moments did come up
    assert "locked" not in kinds and "lifeline" not in kinds and "walk_away" not in kinds, run.stdout
    assert "saved" in run.stdout.lower()                     # the recording ran out mid-question 2
