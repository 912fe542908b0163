"""The game board under load: how long the host takes to answer a player, without a board,
with a board nobody looks at, and with 20 pages connected, in one run.

    python bench/board_load.py [--pages 20] [--rounds 3] [--pace 0.02]

The host's reply time is the time from a player's words reaching the host (a scripted
player, ``tests/golden_games.py``, answering after ``--pace`` seconds of real time) to the
host's first line after them reaching the speaker: everything the host does in between
(understanding, the engine, saving, the board's ``follow``, every state it publishes and
the caption) is in it, and only that. The games are whole golden scenarios in both
editions and formats (a table of three, a hot seat of three, a solo game with every
lifeline, a real phone call), played ``--rounds`` times in turn with each configuration,
so that the three see the same machine. Pages are ``EventStream`` readers on 127.0.0.1
(the page's protocol, read in Python) in a process of their own, as a TV's browser would
be: each reports the states it got and any it missed.

Prints the median, 95th percentile and maximum reply time per configuration, the states
each page got, and PASS when 20 pages add less than 1 ms to the median and 5 ms to the 95th
percentile, with every page getting every state.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine import cpu_model  # noqa: E402

from tests.board_pages import EventStream  # noqa: E402
from tests.golden_games import (GoldenPlayer, HOST_SCENARIOS, Transcript, TranscriptOutput,  # noqa: E402
                                questions)
from voicehost.config import DisplaySettings  # noqa: E402
from voicehost.display.devices import CaptionedOutput, OverheardInput  # noqa: E402
from voicehost.display.live import open_board  # noqa: E402
from voicehost.game.editions import EDITIONS  # noqa: E402
from voicehost.game.engine import Game  # noqa: E402
from voicehost.game.rules import Rules  # noqa: E402
from voicehost.host.loop import Host, HostOptions  # noqa: E402
from voicehost.host.output import HostOutput  # noqa: E402
from voicehost.host.player_input import Heard, PlayerInput  # noqa: E402
from voicehost.language.locale import Locale  # noqa: E402
from voicehost.testing.scripted_input import FakeClock  # noqa: E402

SCENARIOS = ("heard-en-se-table-three", "heard-en-de-hotseat-three", "heard-sv-se-solo",
             "heard-en-se-real-call-timeout")
CONFIGURATIONS = ("no board", "board, no page", "board, {pages} pages")
TARGET_MEDIAN_MS = 1.0
TARGET_P95_MS = 5.0


class Stopwatch:
    """When the player last spoke, and each reply time since."""

    def __init__(self) -> None:
        self.heard_at: float | None = None
        self.replies: list[float] = []

    def heard(self) -> None:
        self.heard_at = time.perf_counter()

    def said(self) -> None:
        if self.heard_at is not None:
            self.replies.append(time.perf_counter() - self.heard_at)
            self.heard_at = None


class TimedPlayer(PlayerInput):
    """The scripted player, thinking ``pace`` seconds before each answer."""

    def __init__(self, inner: PlayerInput, watch: Stopwatch, pace: float) -> None:
        self.inner, self.watch, self.pace, self.traits = inner, watch, pace, inner.traits

    def listen(self, context, phrases, timeout, stop=None):
        time.sleep(self.pace)
        heard = self.inner.listen(context, phrases, timeout, stop)
        if isinstance(heard, Heard):
            self.watch.heard()
        return heard


class TimedSpeaker(HostOutput):
    def __init__(self, inner: HostOutput, watch: Stopwatch) -> None:
        self.inner, self.watch = inner, watch

    def say(self, text: str) -> None:
        self.watch.said()
        self.inner.say(text)

    def sound(self, name: str) -> None:
        self.inner.sound(name)


class Page(threading.Thread):
    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.stream = EventStream(url, timeout=60)
        self.stream.next()  # the page's words: connected
        self.seqs: list[int] = []

    def run(self) -> None:
        try:
            while True:
                name, data = self.stream.next()
                if name == "state":
                    self.seqs.append(json.loads(data)["seq"])
        except (EOFError, OSError):
            pass


def read_pages(url: str, pages: int) -> int:
    """``--read URL N``: N pages in this process (as a TV's browser is another program):
    says "connected" once all are, and at the end each page's state numbers, as JSON."""
    readers = [Page(url) for _ in range(pages)]
    for reader in readers:
        reader.start()
    print("connected", flush=True)
    for reader in readers:
        reader.join()
    print(json.dumps([reader.seqs for reader in readers]), flush=True)
    return 0


class Pages:
    """The pages, in a process of their own."""

    def __init__(self, url: str, pages: int) -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "--read", url, str(pages)],
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "connected"

    def seqs(self) -> list[list[int]]:
        out, _ = self.proc.communicate(timeout=60)
        return json.loads(out)


def play(name: str, configuration: str, pages: int, pace: float) -> dict:
    scenario = next(s for s in HOST_SCENARIOS if s.name == name)
    locale = Locale.load(scenario.language)
    clock = FakeClock()
    watch = Stopwatch()
    transcript = Transcript()
    game = Game(EDITIONS[scenario.edition], list(scenario.players), questions(scenario.language),
                Rules(**scenario.rules), scenario.seed)
    player: PlayerInput = TimedPlayer(GoldenPlayer(game, locale, transcript, clock, scenario.script,
                                                   scenario.policy, scenario.typed), watch, pace)
    output: HostOutput = TimedSpeaker(TranscriptOutput(transcript), watch)
    board, readers = None, None
    if configuration != "no board":
        board = open_board(DisplaySettings("127.0.0.1:0"), locale, clock=clock)
        if "pages" in configuration:
            readers = Pages(board.urls[0], pages)
        board.begin(game)
        player, output = OverheardInput(player, board), CaptionedOutput(output, board)
    host = Host(game, locale, player, output, options=HostOptions(**scenario.options), clock=clock,
                seed=scenario.seed, log=board)
    host.run()
    published, got = 0, []
    if board is not None:
        published = board.feed.latest()[0]
        board.close()
        got = readers.seqs() if readers else []
    missing = [published - len(seqs) for seqs in got if seqs != list(range(1, published + 1))]
    return {"replies": watch.replies, "states": published, "pages": len(got),
            "pages_short": len(missing), "missing": sum(missing), "lines": len(transcript.lines)}


def describe(replies: list[float]) -> tuple[float, float, float]:
    ms = sorted(r * 1000 for r in replies)
    return statistics.median(ms), ms[int(0.95 * (len(ms) - 1))], ms[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="times each scenario is played per configuration")
    parser.add_argument("--pace", type=float, default=0.02, help="seconds a player thinks before each answer")
    parser.add_argument("--read", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.read:
        return read_pages(args.read[0], int(args.read[1]))
    command = " ".join(["python bench/board_load.py", shlex.join(sys.argv[1:])]).strip()
    configurations = [c.format(pages=args.pages) for c in CONFIGURATIONS]
    results: dict[str, list[dict]] = {c: [] for c in configurations}
    started = time.monotonic()
    for _ in range(args.rounds):
        for name in SCENARIOS:
            for configuration in configurations:  # in turn, so all three see the same machine
                results[configuration].append(play(name, configuration, args.pages, args.pace))
    head = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %s"],
                          capture_output=True, text=True).stdout.strip()
    print(f"command: {command}")
    print(f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}")
    print(f"code: {head}")
    print(f"machine: nproc {os.cpu_count()}, CPU {cpu_model()}, {platform.system()} "
          f"{platform.release()}, Python {platform.python_version()}")
    print(f"games: {', '.join(SCENARIOS)}; {args.rounds} times each per configuration; "
          f"a player thinks {args.pace * 1000:g} ms before each answer; took "
          f"{time.monotonic() - started:.0f} s")
    print()
    print(f"{'configuration':<22}{'replies':>9}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}"
          f"{'states/game':>13}{'pages short':>13}")
    figures = {}
    for configuration, runs in results.items():
        replies = [r for run in runs for r in run["replies"]]
        median, p95, most = describe(replies)
        figures[configuration] = (median, p95)
        states = statistics.mean(run["states"] for run in runs)
        short = sum(run["pages_short"] for run in runs)
        pages = sum(run["pages"] for run in runs)
        print(f"{configuration:<22}{len(replies):>9}{median:>11.3f}{p95:>9.3f}{most:>9.3f}"
              f"{states:>13.0f}{(f'{short} of {pages}' if pages else '-'):>13}")
    base, idle, loaded = (figures[c] for c in configurations)
    grew = (loaded[0] - base[0], loaded[1] - base[1])
    missing = sum(run["missing"] for run in results[configurations[2]])
    ok = grew[0] < TARGET_MEDIAN_MS and grew[1] < TARGET_P95_MS and missing == 0
    print()
    print(f"the board adds {idle[0] - base[0]:+.3f} ms to the median reply and {args.pages} pages "
          f"{loaded[0] - idle[0]:+.3f} ms more")
    print(f"a board with {args.pages} pages against none: {grew[0]:+.3f} ms at the median (target < "
          f"{TARGET_MEDIAN_MS:g} ms), {grew[1]:+.3f} ms at the 95th percentile (target < "
          f"{TARGET_P95_MS:g} ms); states missed by pages: {missing} (target 0): "
          f"{'PASS' if ok else 'MISS'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
