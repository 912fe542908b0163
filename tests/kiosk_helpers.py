"""Building a kiosk for tests: a scripted visitor, a recording output, a real score table;
and running the real ``voicehost kiosk`` process, with what an operator sees of it."""

from __future__ import annotations

import logging
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from voicehost.config import GameSettings, KioskSettings, Settings
from voicehost.game.editions import EDITIONS
from voicehost.host.session import deck_paths
from voicehost.kiosk.booth import Booth
from voicehost.kiosk.decks import DeckSource
from voicehost.kiosk.scores import ScoreTable
from voicehost.language.locale import Locale
from voicehost.testing.kiosk_visitor import Visitor
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import FakeClock

NOON = datetime(2026, 6, 1, 12, 0).astimezone()


@dataclass
class Kiosk:
    booth: Booth
    visitor: Visitor
    out: RecordingHostOutput
    table: ScoreTable
    opened: list = field(default_factory=list)

    def run(self) -> int:
        return self.booth.run()

    @property
    def lines(self) -> list[str]:
        return self.out.lines

    def games(self) -> list:
        """The recorded games (``StoredGame``), oldest first."""
        return sorted(self.table.standings(), key=lambda g: g.id)

    def endings(self) -> list[tuple[str, int]]:
        return [(g.game.ending, g.game.winnings) for g in self.games()]


def make_kiosk(tmp_path: Path, script, *, decks=(), wall=None, output=None, table=None,
               open_devices=None, clock=None, heartbeat=lambda: None, seed: int | None = 5,
               language: str = "en", **kiosk) -> Kiosk:
    """A booth of repeatable games (``seed``; None: random games, which use the memory of
    questions asked in ``kiosk.state_dir``)."""
    settings = Settings(game=GameSettings(seed=seed, decks=tuple(map(str, decks)), language=language),
                        kiosk=KioskSettings(**kiosk))
    holder: dict = {}
    clock = clock or FakeClock()
    visitor = Visitor(script, lambda: holder["booth"].current.game, clock)
    out = output or RecordingHostOutput()
    opened: list = []

    def devices():
        opened.append(len(opened) + 1)
        return visitor, out

    log = logging.getLogger("voicehost.kiosk.test")
    table = table or ScoreTable.open(tmp_path / "scores.sqlite3")
    booth = Booth(settings, Locale.load(language), open_devices or devices, table,
                  DeckSource(deck_paths(settings), language, log, edition=EDITIONS[settings.game.edition]),
                  log=log, clock=clock,
                  wall=wall or (lambda: NOON), heartbeat=heartbeat)
    holder["booth"] = booth
    return Kiosk(booth, visitor, out, table, opened)


PLACED = ("of all time.", "no place on the table")
"""The end of a kiosk game's results: its place, or (nothing won) that it has none."""


def places(out: str) -> int:
    """How many games' results ``out`` announces."""
    return sum(out.count(said) for said in PLACED)


# ---------------------------------------------------------------------- the real process
ROOT = Path(__file__).resolve().parents[1]
STARTED: list[subprocess.Popen] = []
"""The kiosk processes started by ``run_kiosk``; ``stop_leftovers`` ends those still running."""


def stop_leftovers() -> None:
    """Kill the kiosks a test started and did not see end (it failed halfway)."""
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def run_kiosk(tmp_path: Path, *args: str, env: dict | None = None, config: str | None = None,
              **popen) -> subprocess.Popen:
    """``voicehost kiosk --input text`` with its state in ``tmp_path/state``, its standard
    input, output and error pipes, and a deck whose right answer is always B (so a script
    knows that "4" is wrong, whatever the bundled decks hold); ``config`` replaces the
    kiosk section."""
    from tests.test_cli_games import make_deck
    path = tmp_path / "config.yaml"
    deck = make_deck(tmp_path / "deck.yaml")
    kiosk = config if config is not None else f"kiosk:\n  state_dir: {tmp_path / 'state'}\n"
    path.write_text(kiosk + f"game:\n  decks: [{deck}]\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "voicehost", "kiosk", "--config", str(path),
                             "--input", "text", "--seed", "4", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path, **popen)
    STARTED.append(proc)
    return proc


def recorded(tmp_path: Path) -> list[tuple[str, int]]:
    from voicehost.kiosk.scores import ScoreTable
    with ScoreTable.open(tmp_path / "state" / "scores.sqlite3") as table:
        return [(g.game.ending, g.game.winnings) for g in sorted(table.standings(), key=lambda g: g.id)]


def kiosk_status(state: Path, **run) -> tuple[int, list[str]]:
    """What ``voicehost kiosk status --state-dir STATE`` prints, and its exit status."""
    done = subprocess.run([sys.executable, "-m", "voicehost", "kiosk", "status", "--state-dir",
                           str(state)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=state.parent, **run)
    assert not done.stderr, done.stderr
    return done.returncode, done.stdout.splitlines()


class Output:
    """The lines a kiosk process prints, read in the background, waited for with a timeout;
    with ``errors=True`` its standard error (the journal) too, in ``errors``."""

    def __init__(self, proc: subprocess.Popen, errors: bool = False) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._queue: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        if errors:
            threading.Thread(target=self._read_errors, daemon=True).start()

    def _read_errors(self) -> None:
        for line in self.proc.stderr:
            self.errors.append(line)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._queue.put(line)
        self._queue.put(None)

    def wait_for(self, *texts: str, timeout: float = 30.0) -> str:
        """The next line holding one of ``texts`` (case-insensitive)."""
        end = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line with {texts} in {timeout} s; "
                                     f"the last ones: {self.lines[-5:]}") from None
            if line is None:
                raise AssertionError(f"the kiosk ended before a line with {texts}: {self.lines[-5:]}")
            self.lines.append(line)
            if any(text.lower() in line.lower() for text in texts):
                return line

    def say(self, text: str) -> None:
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def play_a_wrong_answer(self) -> None:
        """One game (seed 4): start, answer D, confirm, and wait for the place. A line at a
        time: the kiosk's typed input waits on the pipe, not on lines already buffered."""
        for typed, then in (("play", ("what do you say",)), ("4", ("final answer",)), ("y", PLACED)):
            self.say(typed + "\n")
            self.wait_for(*then)


def wait_until(condition, timeout: float = 10.0, what: str = "the condition"):
    """Poll ``condition()`` until it returns something true; that value."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {timeout} s")


class FakeSystemd:
    """A notify socket like systemd's: its address for ``$NOTIFY_SOCKET``, and what was sent."""

    def __init__(self, folder: Path) -> None:
        self.address = str(folder / "notify.sock")
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._socket.bind(self.address)

    def told(self) -> list[str]:
        """Every message sent, in order, once a second passes without one; closes the socket."""
        self._socket.settimeout(1.0)
        told = []
        try:
            while True:
                told.append(self._socket.recv(512).decode())
        except TimeoutError:
            pass
        finally:
            self._socket.close()
        return told
