"""The phones under a flood: how fast the game answers a player with and without 1,000
requests a second from one address, in one run.

    python bench/phones_flood.py [--seconds 10] [--rate 1000] [--samples 200]

A table of four plays in this process (``tests/phone_table.py``: the engine, the host on its
own thread, the board's server with the phones' routes on 127.0.0.1). The game's reply time
is the time from a typed line reaching the host (Ann says an answer, then "no", again and
again) to the host's first line after it; a phone's round trip is a phone at another address
(127.0.0.2) fetching its page. Both are measured quietly, then while another process sends
``--rate`` requests a second for ``--seconds`` from 127.0.0.1 (a stolen-looking cookie,
wrong codes, pages, unknown paths; new connections each). Prints median, 95th percentile and
maximum of each, what the flood got back, and whether the game was left as it was. Nothing
here asserts a time.
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import platform
import shlex
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine import cpu_model  # noqa: E402

from tests.conftest import pool  # noqa: E402
from tests.phone_table import PhoneTable, flood_process  # noqa: E402
from voicehost.testing.recording_host_output import RecordingHostOutput  # noqa: E402


class TimedOutput(RecordingHostOutput):
    def __init__(self) -> None:
        super().__init__()
        self.said = threading.Event()

    def say(self, text: str) -> None:
        super().say(text)
        self.said.set()


def reply_times(table: PhoneTable, output: TimedOutput, until: float, samples: int) -> list[float]:
    times, lines = [], ("A", "no")
    i = 0
    while time.monotonic() < until and len(times) < samples:
        output.said.clear()
        start = time.perf_counter()
        table.typed.type(lines[i % 2])
        if output.said.wait(5):
            times.append((time.perf_counter() - start) * 1000)
        i += 1
        time.sleep(0.02)
    return times


def page_times(table: PhoneTable, until: float, samples: int) -> list[float]:
    phone, times = table.phone("127.0.0.2"), []
    while time.monotonic() < until and len(times) < samples:
        start = time.perf_counter()
        status, _ = phone.request("GET", "/phone/texts.json")
        if status == 200:
            times.append((time.perf_counter() - start) * 1000)
        time.sleep(0.05)
    return times


def figures(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:28s} no samples"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{name:28s} n={len(values):4d}  median {statistics.median(values):7.2f} ms  "
            f"p95 {p95:7.2f} ms  max {max(values):7.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=1000.0)
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    print(f"command: {shlex.join([sys.executable, *sys.argv])}")
    print(f"date: {datetime.datetime.now().isoformat(timespec='seconds')}")
    print(f"machine: nproc {os.cpu_count()}, CPU {cpu_model()}, {platform.system()} "
          f"{platform.release()}, Python {platform.python_version()}")
    output = TimedOutput()
    table = PhoneTable(pool(), ["Ann", "Bo", "Cy", "Di"], output=output).start()
    try:
        time.sleep(0.5)
        before = json.dumps(table.game.to_dict(), sort_keys=True)
        quiet_until = time.monotonic() + args.seconds
        quiet_pages: list[float] = []
        pages = threading.Thread(target=lambda: quiet_pages.extend(page_times(table, quiet_until, 10 ** 6)))
        pages.start()
        quiet = reply_times(table, output, quiet_until, args.samples)
        pages.join()
        results = multiprocessing.get_context("spawn").Queue()
        attacker = multiprocessing.get_context("spawn").Process(
            target=flood_process, args=(table.port, args.seconds, args.rate, results))
        attacker.start()
        time.sleep(0.5)
        flood_until = time.monotonic() + args.seconds - 1.0
        flood_pages: list[float] = []
        pages = threading.Thread(target=lambda: flood_pages.extend(page_times(table, flood_until, 10 ** 6)))
        pages.start()
        flooded = reply_times(table, output, flood_until, args.samples)
        pages.join()
        got = results.get(timeout=args.seconds + 30)
        attacker.join(10)
        table.typed.type("no")
        time.sleep(0.3)
        after = json.loads(json.dumps(table.game.to_dict(), sort_keys=True))
        untouched = {k: v for k, v in after.items() if k != "rng"} == \
            {k: v for k, v in json.loads(before).items() if k != "rng"}
    finally:
        table.stop()
    sent = sum(v for k, v in got.items() if k != "seconds")
    print()
    print(figures("game reply, quiet", quiet))
    print(figures("game reply, flood", flooded))
    print(figures("phone page, quiet (.0.2)", quiet_pages))
    print(figures("phone page, flood (.0.2)", flood_pages))
    print(f"flood: {sent} requests in {got['seconds']} s ({sent / got['seconds']:.0f}/s) from "
          f"127.0.0.1; answers: {dict(sorted((str(k), v) for k, v in got.items() if k != 'seconds'))}")
    print(f"the game after the flood is as before it (but for what Ann said): {untouched}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
