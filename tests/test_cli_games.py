"""Whole games through the command line, checked through the --events log."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voicehost.invocation import program
from voicehost.language.locale import Locale

LETTERS = "ABCD"
RESUMED_LINES = Locale.load("en").data["lines"]["resumed"]
PROGRAM = program(str(Path(__file__).resolve().parents[1] / "voicehost" / "__main__.py"))
"""How the hints name ``python -m voicehost``, as these tests run it."""
"""What the host says on resuming; without --seed either variant may come."""


def make_deck(path: Path, per_level: int = 2) -> Path:
    """A deck whose right answer is always B, so a script knows what to say."""
    lines = ["name: test deck", "language: en", "questions:"]
    for level in range(1, 16):
        for i in range(per_level):
            lines += [f"- id: t{level:02d}{i}", f"  level: {level}",
                      f"  question: Test question {i} for level {level}?",
                      "  options:", f"    A: Apple {level}{i}", f"    B: Banana {level}{i}",
                      f"    C: Cherry {level}{i}", f"    D: Damson {level}{i}", "  answer: B"]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def table(tmp_path):
    deck = make_deck(tmp_path / "deck.yaml")
    config = tmp_path / "config.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n")
    return tmp_path, config


def voicehost(args, cwd, stdin="", timeout=60):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.run([sys.executable, "-m", "voicehost", *args], input=stdin, text=True,
                          capture_output=True, cwd=cwd, timeout=timeout, env=env)


def read_events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
def test_two_player_se_game_by_typing(table):
    tmp, config = table
    script = "b\nyes\nbravo\nyes\n" "b\nyes\na\nyes\n" "take the money\nyes\n"
    # Q1 both right; Q2: first right, second wrong; Q3: walks away with 2 000.
    run = voicehost(["play", "--config", str(config), "--input", "text", "--players", "Ann,Bo",
                     "--rounds", "1", "--seed", "5", "--events", str(tmp / "ev.jsonl")], tmp, script)
    assert run.returncode == 0, run.stderr
    ev = read_events(tmp / "ev.jsonl")
    kinds = [e["event"] for e in ev]
    assert kinds[0] == "game_start" and kinds[-1] == "game_over"
    q = [e for e in ev if e["event"] == "question"]
    assert {k for k in q[0]} >= {"round", "player", "level", "value", "question_id"}
    assert [(e["player"], e["level"], e["value"]) for e in q[:4]] == [
        ("Ann", 1, 1000), ("Bo", 1, 1000), ("Bo", 2, 2000), ("Ann", 2, 2000)]
    answers = [(e["player"], e["level"], e["option"], e["correct"]) for e in ev if e["event"] == "answer"]
    assert answers == [("Ann", 1, "B", True), ("Bo", 1, "B", True), ("Bo", 2, "B", True),
                       ("Ann", 2, "A", False)]
    assert [e for e in ev if e["event"] == "eliminated"][0] == {**_ev(ev, "eliminated"),
                                                                "player": "Ann", "level": 2, "payout": 0}
    assert _ev(ev, "walk_away")["player"] == "Bo" and _ev(ev, "walk_away")["amount"] == 2000
    assert _ev(ev, "round_end")["balances"] == {"Ann": 0, "Bo": 2000}
    over = _ev(ev, "game_over")
    assert over["winner"] == "Bo" and over["balances"] == {"Ann": 0, "Bo": 2000}
    assert "The winner is Bo with 2,000 kronor" in run.stdout


def _ev(events, kind):
    return next(e for e in events if e["event"] == kind)


@pytest.mark.slow
def test_de_hot_seat_game_with_a_lifeline(table):
    tmp, config = table
    script = "b\nyes\n" * 5 + "fifty fifty\n" + "b\nyes\n" + "a\nyes\n" + "walk away\nyes\n"
    run = voicehost(["play", "--config", str(config), "--input", "text", "--edition", "de",
                     "--players", "Ann,Bo", "--rounds", "1", "--seed", "2",
                     "--events", str(tmp / "ev.jsonl")], tmp, script)
    assert run.returncode == 0, run.stderr
    ev = read_events(tmp / "ev.jsonl")
    assert _ev(ev, "game_start")["format"] == "hot_seat"
    lifeline = _ev(ev, "lifeline")
    assert lifeline["lifeline"] == "fifty_fifty" and "B" in lifeline["result"]["left"]
    ann_out = next(e for e in ev if e["event"] in ("eliminated",))
    assert (ann_out["player"], ann_out["level"]) == ("Ann", 7)
    assert ann_out["payout"] == 500 or "A" not in lifeline["result"]["left"]
    over = _ev(ev, "game_over")
    assert over["balances"]["Bo"] == 0 and over["winner"] == "Ann"


@pytest.mark.slow
def test_end_of_input_saves_and_resume_continues_with_the_bank(table):
    tmp, config = table
    base = ["play", "--config", str(config), "--input", "text", "--players", "Ann", "--seed", "1",
            "--rounds", "1", "--events", str(tmp / "ev.jsonl")]
    first = voicehost(base, tmp, "b\nyes\nb\nyes\nb\n")
    assert first.returncode == 0 and "voicehost play --resume" in first.stdout
    second = voicehost(base + ["--resume"], tmp, "yes\ntake the money\nyes\n")
    assert "Welcome back" in second.stdout and second.returncode == 0, second.stderr
    ev = read_events(tmp / "ev.jsonl")
    assert _ev(ev, "walk_away")["amount"] == 3000       # three right answers, then took the money
    assert [e["level"] for e in ev if e["event"] == "answer"] == [1, 2, 3]


@pytest.mark.slow
def test_kill_9_mid_question_then_resume(table):
    tmp, config = table
    events = tmp / "ev.jsonl"
    base = ["play", "--config", str(config), "--input", "text", "--players", "Ann,Bo",
            "--seed", "3", "--rounds", "1", "--events", str(events)]
    proc = subprocess.Popen([sys.executable, "-m", "voicehost", *base], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, cwd=tmp)
    proc.stdin.write("b\nyes\nb\nyes\nb\nyes\n")     # Q1 both right; Q2 first player locked
    proc.stdin.flush()
    deadline = time.time() + 30
    while time.time() < deadline:
        if events.exists() and events.read_text().count('"event": "locked"') >= 3:
            break
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    saved = json.loads((tmp / "save.json").read_text())
    assert saved["game"]["level"] == 2 and saved["game"]["bank"]["round_winnings"] == {"Ann": 1000, "Bo": 1000}
    run = voicehost(base + ["--resume"], tmp, "a\nyes\n")
    assert run.returncode == 0, run.stderr
    assert "Welcome back" in run.stdout and "Test question" in run.stdout
    ev = read_events(events)
    second = [e for e in ev if e["event"] == "answer" and e["level"] == 2]
    assert [(e["option"], e["correct"]) for e in second] == [("B", True), ("A", False)]
    out = _ev(ev, "eliminated")
    assert out["level"] == 2 and out["payout"] == 0


def test_a_damaged_save_is_kept_aside_with_a_clear_message(table):
    tmp, config = table
    (tmp / "save.json").write_text("{ not json")
    run = voicehost(["play", "--config", str(config), "--input", "text", "--players", "Ann",
                     "--resume"], tmp, "")
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "damaged" in run.stderr and "kept as" in run.stderr
    kept = [p for p in tmp.iterdir() if p.name.startswith("save.damaged")]
    assert len(kept) == 1 and kept[0].read_text() == "{ not json"


@pytest.mark.slow
def test_a_new_game_never_overwrites_an_unfinished_one(table):
    tmp, config = table
    args = ["play", "--config", str(config), "--input", "text", "--players", "Ann"]
    voicehost(args, tmp, "b\nyes\n")
    run = voicehost(args, tmp, "")
    kept = [p for p in tmp.iterdir() if p.name.startswith("save.unfinished")]
    assert "unfinished game" in run.stderr
    assert f"voicehost play --resume --config {config} --save-file {kept[0]} --input text" in run.stderr
    assert json.loads(kept[0].read_text())["game"]["level"] == 2


@pytest.mark.parametrize("args,needle", [
    (["play", "--rounds", "0", "--input", "text"], "--rounds: 0 is out of range"),
    (["play", "--players", "Ann,ann", "--input", "text"], "same name"),
    (["play", "--players", "A,B,C,D,E,F,G", "--input", "text"], "too many"),
])
def test_bad_input_is_a_clear_message_not_a_traceback(tmp_path, args, needle):
    run = voicehost(args, tmp_path, "")
    assert run.returncode == 2 and needle in run.stderr and "Traceback" not in run.stderr


def test_bad_config_file_exits_2_naming_the_key(tmp_path):
    (tmp_path / "config.yaml").write_text("game:\n  edition: uk\n")
    run = voicehost(["play", "--input", "text"], tmp_path, "")
    assert run.returncode == 2 and "game.edition" in run.stderr and "se, de" in run.stderr


@pytest.mark.parametrize("text,needle", [
    ("- game\n", "config.yaml: (top level): is a list, not a mapping."),
    ("7\n", "config.yaml: (top level): is 7, not a mapping."),
    ("game: 5\n", "config.yaml: game: is 5, not a mapping."),
])
def test_a_config_that_is_not_a_mapping_exits_2_naming_the_key(tmp_path, text, needle):
    (tmp_path / "config.yaml").write_text(text)
    run = voicehost(["play", "--input", "text", "--players", "Ann"], tmp_path, "")
    assert run.returncode == 2 and needle in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("flag,value", [("--rounds", "0"), ("--rounds", "51")])
def test_a_bad_flag_is_named_as_the_flag_even_with_a_config_file(table, flag, value):
    tmp, config = table
    run = voicehost(["play", "--config", str(config), "--input", "text", flag, value], tmp, "")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"{flag}" in run.stderr and "game." not in run.stderr


def test_a_broken_deck_is_reported_with_file_and_line(tmp_path):
    deck = make_deck(tmp_path / "deck.yaml")
    deck.write_text(deck.read_text().replace("  answer: B", "  answer: E", 1))
    (tmp_path / "config.yaml").write_text(f"game:\n  decks: [{deck}]\n")
    run = voicehost(["play", "--input", "text", "--players", "Ann"], tmp_path, "")
    assert run.returncode == 2 and "deck.yaml:" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.slow
def test_players_are_asked_for_when_none_are_given(table):
    tmp, config = table
    run = voicehost(["play", "--config", str(config), "--input", "text", "--rounds", "1",
                     "--events", str(tmp / "ev.jsonl")], tmp, "lots\nyes\nno\nthree\n")
    lines = run.stdout.splitlines()
    assert "How many are playing tonight? Type a number from 1 to 6." in lines
    asked_again = [line for line in lines if "how many players" in line.lower() or "type a number" in line.lower()]
    assert len(asked_again) == 4                           # the question and three re-asks
    assert all(a != b for a, b in zip(asked_again, asked_again[1:])), asked_again   # never twice in a row
    assert _ev(read_events(tmp / "ev.jsonl"), "game_start")["players"] == ["Player 1", "Player 2", "Player 3"]


def test_works_from_any_directory_with_the_bundled_decks(tmp_path):
    run = voicehost(["play", "--input", "text", "--players", "Ann", "--save-file",
                     str(tmp_path / "s.json")], tmp_path, "repeat\n")
    assert run.returncode == 0 and "A: " in run.stdout and "D: " in run.stdout


@pytest.mark.parametrize("command", [["--help"], ["play", "--help"], ["deck", "check", "--help"]])
def test_help_explains_with_an_example(tmp_path, command):
    run = voicehost(command, tmp_path)
    assert run.returncode == 0 and "example" in run.stdout.lower()


@pytest.mark.slow
def test_a_save_from_before_the_package_was_split_into_parts_resumes(tmp_path):
    """Written by voicehost when all its modules stood side by side in one folder, from a
    source tree that is gone: the bundled decks are found again by their names."""
    save = tmp_path / "game.json"
    shutil.copy(Path(__file__).parent / "data" / "save-before-the-parts.json", save)
    run = voicehost(["play", "--input", "text", "--resume", "--save-file", str(save)], tmp_path,
                    "b\nyes\n")
    assert run.returncode == 0, run.stderr
    assert any(line in run.stdout for line in RESUMED_LINES)
    assert "How many strings does a standard acoustic guitar have?" in run.stdout
    assert "2,000 kronor so far" in run.stdout


def _unfinished_save(tmp, config):
    """A game of Ann's saved at question 2, as a player who stopped would leave it."""
    run = voicehost(["play", "--config", str(config), "--input", "text", "--players", "Ann"], tmp, "b\nyes\n")
    assert run.returncode == 0, run.stderr
    return json.loads((tmp / "save.json").read_text())


@pytest.mark.slow
def test_end_of_input_at_how_many_are_playing_stops_cleanly_and_keeps_the_save(table):
    tmp, config = table
    before = _unfinished_save(tmp, config)
    run = voicehost(["play", "--config", str(config), "--input", "text"], tmp, "")
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "How many are playing" in run.stdout
    assert f"nothing was saved. To start one, run {PROGRAM} play --config {config} --input text" in run.stdout
    assert json.loads((tmp / "save.json").read_text()) == before          # not moved aside, not touched
    assert not [p for p in tmp.iterdir() if ".unfinished-" in p.name]


@pytest.mark.slow
def test_a_set_up_error_after_the_config_is_read_never_moves_the_save(table):
    tmp, config = table
    before = _unfinished_save(tmp, config)
    seven = tmp / "seven.yaml"
    seven.write_text(config.read_text() + "  players: [A, B, C, D, E, F, G]\n")
    run = voicehost(["play", "--config", str(seven), "--input", "text"], tmp, "")
    assert run.returncode == 2 and "too many" in run.stderr and "Traceback" not in run.stderr
    assert json.loads((tmp / "save.json").read_text()) == before
    resumed = voicehost(["play", "--config", str(config), "--input", "text", "--resume"], tmp, "")
    assert resumed.returncode == 0 and any(line in resumed.stdout for line in RESUMED_LINES)
    assert "2,000 kronor" in resumed.stdout


@pytest.mark.slow
def test_the_resume_hint_names_the_save_file_and_config_that_were_used(tmp_path):
    deck = make_deck(tmp_path / "deck.yaml")
    config = tmp_path / "my settings.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n")
    save = tmp_path / "saves" / "evening.json"
    args = ["play", "--config", str(config), "--save-file", str(save), "--input", "text", "--players", "Ann"]
    first = voicehost(args, tmp_path, "b\nyes\n")
    hint = f"voicehost play --resume --config '{config}' --save-file {save} --input text"
    assert hint in first.stdout
    second = voicehost(args, tmp_path, "")             # a new game: the unfinished one is kept aside
    kept = next(p for p in save.parent.iterdir() if ".unfinished-" in p.name)
    assert f"voicehost play --resume --config '{config}' --save-file {kept} --input text" in second.stderr
    resumed = voicehost(hint.split()[1:3] + ["--config", str(config), "--save-file", str(kept),
                                             "--input", "text"], tmp_path, "")
    assert resumed.returncode == 0 and any(line in resumed.stdout for line in RESUMED_LINES), resumed.stderr


@pytest.mark.slow
def test_flags_a_resume_ignores_are_named(table):
    tmp, config = table
    _unfinished_save(tmp, config)
    run = voicehost(["play", "--config", str(config), "--input", "text", "--resume", "--edition", "de",
                     "--players", "Cy,Di", "--rounds", "2", "--seed", "4"], tmp, "")
    assert run.returncode == 0 and any(line in run.stdout for line in RESUMED_LINES)
    assert "ignored: --edition de, --players Cy,Di, --rounds 2, --seed 4" in run.stderr
    assert "kronor" in run.stdout and "euros" not in run.stdout            # still the Swedish game


@pytest.mark.slow
def test_a_save_of_an_unknown_edition_is_kept_aside_with_a_message_in_words(table):
    tmp, config = table
    _unfinished_save(tmp, config)
    data = json.loads((tmp / "save.json").read_text())
    data["game"]["edition"] = "us"
    (tmp / "save.json").write_text(json.dumps(data))
    run = voicehost(["play", "--config", str(config), "--input", "text", "--players", "Ann", "--resume"],
                    tmp, "")
    assert run.returncode == 0 and "Traceback" not in run.stderr and "KeyError" not in run.stderr
    assert "it is a game of the edition 'us', which this voicehost does not have (it has se, de)" in run.stderr
    assert [p for p in tmp.iterdir() if p.name.startswith("save.unreadable-")]


def test_a_save_file_or_event_log_that_cannot_be_written_is_a_clear_message(table):
    tmp, config = table
    blocker = tmp / "a-file"
    blocker.write_text("")
    for flag in ("--save-file", "--events"):
        run = voicehost(["play", "--config", str(config), "--input", "text", "--players", "Ann",
                         flag, str(blocker / "x.json")], tmp, "b\nyes\n")
        assert run.returncode == 2 and flag in run.stderr and "Traceback" not in run.stderr


@pytest.mark.slow
def test_ctrl_c_mid_game_names_the_command_that_resumes(table):
    tmp, config = table
    save = tmp / "other place.json"
    proc = subprocess.Popen([sys.executable, "-m", "voicehost", "play", "--config", str(config),
                             "--save-file", str(save), "--input", "text", "--players", "Ann"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    proc.stdin.write("b\nyes\n")
    proc.stdin.flush()
    deadline = time.time() + 30
    while time.time() < deadline and not (save.exists() and '"level": 2' in save.read_text()):
        time.sleep(0.05)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err
    assert (f"To carry on, run {PROGRAM} play --resume --config {config} --save-file '{save}' "
            "--input text") in err


@pytest.mark.slow
@pytest.mark.parametrize("language,saved", [("de", "Das Spiel ist gespeichert. Weiterspielen können Sie mit"),
                                            ("sv", "Spelet är sparat. För att fortsätta, kör")])
def test_ctrl_c_in_a_german_or_swedish_game_says_so_in_the_games_language(tmp_path, language, saved):
    save = tmp_path / "save.json"
    proc = subprocess.Popen([sys.executable, "-m", "voicehost", "play", "--save-file", str(save),
                             "--input", "text", "--players", "Ann", "--lang", language],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "HOME": str(tmp_path),
                                 "XDG_STATE_HOME": str(tmp_path / "state")})
    deadline = time.time() + 30
    while time.time() < deadline and not save.exists():
        time.sleep(0.05)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err
    assert f"{saved} {PROGRAM} play --resume --save-file {save} --input text --lang {language}" in err
    assert "stopped" not in err and "continue with" not in err


@pytest.mark.slow
@pytest.mark.parametrize("lang,yes", [("en", "yes"), ("sv", "ja"), ("de", "ja")])
def test_the_notes_on_an_unfinished_game_and_a_resume_are_in_the_games_language(tmp_path, lang, yes):
    deck = make_deck(tmp_path / "deck.yaml")
    deck.write_text(deck.read_text().replace("language: en", f"language: {lang}"))
    config = tmp_path / "config.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n"
                      f"  language: {lang}\n")
    locale = Locale.load(lang)
    args = ["play", "--config", str(config), "--input", "text", "--players", "Ann"]
    first = voicehost(args, tmp_path, f"b\n{yes}\n")
    assert first.returncode == 0, first.stderr
    second = voicehost(args, tmp_path, "")              # a new game: the unfinished one is kept
    kept = next(p for p in tmp_path.iterdir() if ".unfinished-" in p.name)
    command = f"{PROGRAM} play --resume --config {config} --save-file {kept} --input text"
    assert locale.line("kept_unfinished", kept=kept, command=command) in second.stderr
    resumed = voicehost(["play", "--config", str(config), "--input", "text", "--resume",
                         "--save-file", str(kept), "--seed", "4"], tmp_path, "")
    assert resumed.returncode == 0, resumed.stderr
    assert f"voicehost: {locale.line('resume_ignored', flags='--seed 4')}" in resumed.stderr
    if lang != "en":
        assert "unfinished game" not in second.stderr and "ignored" not in resumed.stderr
