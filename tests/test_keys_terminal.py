"""``voicehost play --input keys`` as a player meets it: a whole game of key presses through
a pipe, and a real terminal (a pseudo-terminal) put back as it was however the program ends."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from .test_cli_games import make_deck, read_events, voicehost

ESC, BACKSPACE = "\x1b", "\x7f"


@pytest.fixture
def booth(tmp_path):
    """A deck whose right answer is always B, and no speaker (the game is played on screen)."""
    deck = make_deck(tmp_path / "deck.yaml")
    config = tmp_path / "config.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n"
                      "audio:\n  output_device: no-such-speaker-for-tests\n")
    return tmp_path, config


def play_keys(tmp, config, keys: str, *extra: str):
    return voicehost(["play", "--config", str(config), "--input", "keys", "--edition", "de",
                      "--players", "Ann", "--rounds", "1", "--seed", "3",
                      "--events", str(tmp / "ev.jsonl"), *extra], tmp, keys)


def after(lines: list[str], start: str) -> list[str]:
    """The lines from the first one that starts with ``start``."""
    return lines[next(i for i, line in enumerate(lines) if line.startswith(start)):]


@pytest.mark.slow
def test_a_whole_game_by_key_presses_through_a_pipe(booth):
    tmp, config = booth
    keys = ("2" + ESC          # B, then Escape: not locked
            + "5" + BACKSPACE  # fifty-fifty, then Backspace: kept
            + "x"              # not a key of the map: ignored
            + "h"              # help names the keys
            + "2\n"            # B, Enter: locked, right (50 euros)
            + "0" + ESC        # take the money? Escape: plays on
            + "2 "             # B, space: locked, right (100 euros)
            + "w\n")           # take the money, Enter: 100 euros
    run = play_keys(tmp, config, keys)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "Press 1, 2, 3 or 4 for answer A, B, C or D, then Enter to lock it in, or Escape to " \
           "think again. Press H at any time to hear the keys." in lines

    first = after(lines, "> [2] b")
    assert "B, Banana 10" in first[1] and "Enter" in first[1]  # final answer? (Enter)
    assert first[2] == "> [escape] no" and "locked" not in first[3]
    lifeline = after(lines, "> [5] fifty fifty")
    assert "lifeline: fifty-fifty" in lifeline[1] and "Enter for yes, Escape for no" in lifeline[1]
    assert lifeline[2:4] == ["> [backspace] no", "All right, you keep fifty-fifty."]
    assert lifeline[4] == "> [h] help"  # the x said nothing
    assert "5 for fifty-fifty" in lifeline[5] and "0 takes the money" in lifeline[5]
    walk = after(lines, "> [0] walk away")
    assert walk[1] == ("Are you sure? You would leave with 50 euros. Press Enter to take the money, "
                       "or Escape to play on.")
    assert walk[2] == "> [escape] no" and "takes the money" not in walk[3]
    assert lines[-2] in ("Ann takes the money: 100 euros.", "A wise decision. Ann walks away with 100 euros.")
    assert lines[-1] == "That's the game, Ann! You take home 100 euros. Congratulations!"

    events = read_events(tmp / "ev.jsonl")
    kinds = [e["event"] for e in events]
    assert "lifeline" not in kinds  # the declined lifeline was kept
    assert kinds.count("pending") == 3 and kinds.count("locked") == 2 and kinds.count("cancelled") == 2
    assert kinds.index("cancelled") < kinds.index("locked")  # the first B waited for Enter
    assert [e["amount"] for e in events if e["event"] == "walk_away"] == [100]


@pytest.mark.slow
def test_the_end_of_the_keys_saves_the_game_and_says_how_to_resume(booth):
    tmp, config = booth
    run = play_keys(tmp, config, "2")
    assert run.returncode == 0, run.stderr
    assert "voicehost play --resume" in run.stdout and "--input keys" in run.stdout
    resumed = voicehost(["play", "--resume", "--config", str(config), "--input", "keys"], tmp, "\n")
    lines = resumed.stdout.splitlines()
    asked = lines[lines.index("> [enter] yes") - 1:]
    assert "B, Banana 10" in asked[0] and "Enter" in asked[0]  # still waiting for the confirm key
    assert "locked in" in asked[2].lower()


# ---------------------------------------------------------------- a real terminal

def cooked(fd: int) -> bool:
    return bool(termios.tcgetattr(fd)[3] & termios.ICANON)


def start_on_terminal(args: list[str], cwd):
    """``args`` with a pseudo-terminal as standard input, once it has taken the terminal
    over (cbreak mode: no line editing)."""
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, *args], stdin=slave, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=cwd, env=env)
    give_up = time.monotonic() + 60
    while cooked(slave) and proc.poll() is None and time.monotonic() < give_up:
        time.sleep(0.05)
    assert not cooked(slave), "the program never put the terminal in cbreak mode"
    return proc, master, slave, before


def finish(proc, master, slave):
    out, err = proc.communicate(timeout=60)
    after_exit = termios.tcgetattr(slave)
    os.close(master)
    os.close(slave)
    return out, err, after_exit


def game_args(config) -> list[str]:
    return ["-m", "voicehost", "play", "--config", str(config), "--input", "keys", "--edition", "de",
            "--players", "Ann", "--rounds", "1"]


@pytest.mark.slow
def test_the_terminal_is_restored_when_the_game_ends(booth):
    tmp, config = booth
    proc, master, slave, before = start_on_terminal(game_args(config), tmp)
    os.write(master, b"0\r")  # take the money, Enter (a terminal sends a carriage return)
    out, err, after_exit = finish(proc, master, slave)
    assert proc.returncode == 0, err
    assert "Ann stops here" in out
    assert after_exit == before


@pytest.mark.slow
@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, -signal.SIGTERM), (signal.SIGINT, 130)])
def test_the_terminal_is_restored_when_the_game_is_stopped(booth, sig, status):
    tmp, config = booth
    proc, master, slave, before = start_on_terminal(game_args(config), tmp)
    proc.send_signal(sig)
    out, err, after_exit = finish(proc, master, slave)
    assert proc.returncode == status, err
    assert after_exit == before


def test_the_terminal_is_restored_after_a_crash(tmp_path):
    crash = ("from voicehost.terminal.key_reader import KeyReader; KeyReader().read(None); "
             "raise RuntimeError('a bug in the middle of a game')")
    proc, master, slave, before = start_on_terminal(["-c", crash], tmp_path)
    os.write(master, b"2")  # a key press, then the bug
    out, err, after_exit = finish(proc, master, slave)
    assert proc.returncode == 1 and "a bug in the middle of a game" in err
    assert after_exit == before


def taken(slave: int) -> None:
    """Until the program has read what was typed, and a while longer: one key press at a time."""
    for _ in range(600):
        waiting = struct.unpack("i", fcntl.ioctl(slave, termios.FIONREAD, b"\0\0\0\0"))[0]
        if not waiting:
            break
        time.sleep(0.01)
    time.sleep(0.3)


def test_in_a_terminal_an_arrow_key_is_not_escape(tmp_path):
    """Escape alone declines; an arrow key (Escape and more, at once) does nothing."""
    show = ("from voicehost.terminal.key_reader import KeyReader; r = KeyReader(); "
            "print([r.read(None) for _ in range(4)], flush=True)")
    proc, master, slave, before = start_on_terminal(["-c", show], tmp_path)
    for press in (b"\x1b[A", b"\x1b", b"B\r"):  # up arrow, Escape, B and Enter
        os.write(master, press)
        taken(slave)
    out, err, after_exit = finish(proc, master, slave)
    assert out.strip() == "['', 'escape', 'b', 'enter']", err
    assert after_exit == before
