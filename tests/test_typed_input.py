"""Typed lines are read one way for terminals and pipes: none lost in a burst, partial
lines waited for, long lines cut, bytes that are not text replaced."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from voicehost.terminal.keyboard import KeyboardInput
from voicehost.terminal.line_reader import MAX_LINE_BYTES, LineReader
from voicehost.host.player_input import EndOfInput

from .test_cli_games import make_deck

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def pipe():
    read, write = os.pipe()
    yield read, write
    for fd in (read, write):
        try:
            os.close(fd)
        except OSError:
            pass


def write_in_background(fd: int, data: bytes, close: bool = False) -> threading.Thread:
    """A writer on its own thread: a pipe holds 64 KB, a test reads the rest."""
    def run():
        os.write(fd, data)
        if close:
            os.close(fd)
    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_lines_that_arrive_in_one_write_are_each_read(pipe):
    read, write = pipe
    os.write(write, b"play\n1\ny\n")
    reader = LineReader(read)
    assert [reader.readline(0.5) for _ in range(3)] == ["play", "1", "y"]
    assert reader.readline(0.05) is None  # nothing more yet: a timeout, not the end


def test_a_partial_line_waits_for_its_end_and_the_last_line_needs_no_line_ending(pipe):
    read, write = pipe
    reader = LineReader(read)
    os.write(write, b"wal")
    assert reader.readline(0.05) is None
    os.write(write, b"k away\r\nye")
    assert reader.readline(0.5) == "walk away"
    os.close(write)
    assert reader.readline(0.5) == "ye"
    with pytest.raises(EOFError):
        reader.readline(0.5)


def test_a_1_mb_line_is_cut_and_the_lines_after_it_are_read(pipe):
    read, write = pipe
    reader = LineReader(read)
    writer = write_in_background(write, b"x" * 1_000_000 + b"\nb\n" + b"y" * 1_000_000, close=True)
    started = time.monotonic()
    line = reader.readline(10)
    assert line == "x" * MAX_LINE_BYTES
    assert reader.readline(10) == "b"
    assert reader.readline(10) == "y" * MAX_LINE_BYTES
    writer.join()
    assert time.monotonic() - started < 5


def test_bytes_that_are_not_text_are_replaced(pipe):
    read, write = pipe
    os.write(write, b"\xff\xfeb\nAnn\xc3\n")
    reader = LineReader(read)
    assert reader.readline(0.5) == "\ufffd\ufffdb"
    assert reader.readline(0.5) == "Ann\ufffd"


def test_a_stop_ends_the_wait_for_a_line(pipe):
    read, _ = pipe
    reader = LineReader(read)
    started = time.monotonic()
    assert reader.readline(None, stop=lambda: time.monotonic() - started > 0.3) is None
    assert time.monotonic() - started < 1.0


def test_the_keyboard_input_takes_a_burst_line_by_line_and_ends_with_the_input(pipe):
    read, write = pipe
    keyboard = KeyboardInput(os.fdopen(read, encoding="utf-8", closefd=False))
    os.write(write, b"b\nyes\n")
    os.close(write)
    heard = [keyboard.listen(None, [], 1.0).text, keyboard.listen(None, [], 1.0).text]
    assert heard == ["b", "yes"]
    with pytest.raises(EndOfInput):
        keyboard.listen(None, [], 1.0)


@pytest.mark.slow
def test_voicehost_play_reads_a_burst_of_answers_from_a_pipe_that_stays_open(tmp_path):
    """The whole script in one write, and the pipe kept open: every answer is taken."""
    deck = make_deck(tmp_path / "deck.yaml")
    (tmp_path / "config.yaml").write_text(
        f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 's.json'}\ninput:\n  silence_seconds: 2\n")
    events = tmp_path / "ev.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "voicehost", "play", "--config", str(tmp_path / "config.yaml"),
         "--input", "text", "--players", "Ann", "--rounds", "1", "--seed", "1", "--events", str(events)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        proc.stdin.write(b"b\ny\nb\ny\nb\ny\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        locked = 0
        while time.monotonic() < deadline and locked < 3:
            time.sleep(0.1)
            if events.exists():
                locked = sum(json.loads(line)["event"] == "locked"
                             for line in events.read_text().splitlines())
        assert locked == 3
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def test_silence_at_a_terminal_leaves_one_prompt_not_a_row_of_them(capsys):
    """The kiosk listens in slices; each silent slice used to add a prompt ("> > > Are you
    still there?"). After a silence the cursor goes back to the line's start, so the next
    prompt, or the host's next line, replaces it."""
    import os
    from voicehost.host.moments import Context, Moment
    from voicehost.terminal.keyboard import KeyboardInput
    main, side = os.openpty()
    with os.fdopen(side, "r") as terminal:
        typed = KeyboardInput(terminal)
        for _ in range(3):
            assert typed.listen(Context(Moment.ANSWER), [], 0.05) is None
        os.write(main, b"b\n")
        assert typed.listen(Context(Moment.ANSWER), [], 2.0).text == "b"
    os.close(main)
    shown = ""
    for char in capsys.readouterr().out:  # what the terminal shows: \r returns to the start
        shown = "" if char == "\r" else shown + char
    assert shown == "> "
