"""The kiosk under faults: the real ``voicehost kiosk`` process, played for a long while
by a scripted visitor, while faults are injected one after another.

    python bench/kiosk_faults.py [--minutes 20] [--seed 1]

The kiosk runs as its service would (``--input text`` from a pipe, the host's voice
rendered by the real speech worker into ``--speaker-file``), with its state folder on a
small tmpfs of its own (run as root; without it the full-disk and read-only faults are
skipped and say so). Read-only is a read-only bind mount over the folder: what the kiosk
already has open stays writable, as after an operator's chmod; nothing new can be
written there. The visitor types a game's worth of answers every few seconds. The
run is cut into equal slots; in each, one fault:

  speech worker killed, score table deleted, garbage written into it, the state folder
  made read-only, a full disk, SIGHUP (the kiosk must record the game and exit 0; it is
  then started again, as systemd would), a burst of 60 answers in one write, five 1 MB
  junk lines, invalid bytes.

Per fault it prints whether the booth kept playing (games recorded in the slot after the
fault is lifted), what was lost (games the kiosk logged as recorded that are in neither
the table nor a copy it moved aside: must be 0; games the fault itself destroyed, such
as a deleted table's, are counted apart), what ``voicehost kiosk status`` said and its
exit status, and the kiosk's resident memory at the start and the end.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine import cpu_model, package_versions  # noqa: E402

from voicehost.testing.processes import children  # noqa: E402

FAULTS = ("speech worker killed", "score table deleted", "garbage in the score table",
          "state folder read-only", "full disk", "SIGHUP", "burst of answers",
          "1 MB junk lines", "invalid bytes")
TMPFS_MB = 16


class Kiosk:
    """The kiosk process, its visitor and what it printed."""

    def __init__(self, folder: Path, seed: int) -> None:
        self.folder, self.seed = folder, seed
        self.state = folder / "state"
        self.proc: subprocess.Popen | None = None
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.stop_visitor = threading.Event()
        self.paused = threading.Event()
        self.starts = 0

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(self.folder / "cache"),
               "PYTHONUNBUFFERED": "1"}
        self.starts += 1
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voicehost", "kiosk", "--config", str(self.folder / "config.yaml"),
             "--input", "text", "--seed", str(self.seed + self.starts),
             "--speaker-file", str(self.folder / f"host-{self.starts}.wav")],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=open(self.folder / "stderr.txt", "ab"), env=env, cwd=self.folder)
        self.stop_visitor.clear()
        threading.Thread(target=self.visit, daemon=True).start()

    def write(self, data: bytes) -> None:
        with self.lock:
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                pass

    def visit(self) -> None:
        """Every 0.4 s a line: start, answer, confirm; now and then take the money."""
        script = []
        while not self.stop_visitor.is_set():
            if self.paused.is_set():
                time.sleep(0.2)
                continue
            if not script:
                script = ["play"] + [line for _ in range(self.rng.randint(1, 6))
                                     for line in (str(self.rng.randint(1, 4)), "y")]
                script += ["walk away", "y"] if self.rng.random() < 0.3 else []
            self.write((script.pop(0) + "\n").encode())
            time.sleep(0.4)

    def rss_mb(self) -> float:
        try:
            text = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return 0.0
        match = re.search(r"VmRSS:\s+(\d+) kB", text)
        return int(match.group(1)) / 1024 if match else 0.0

    def worker_pids(self) -> list[int]:
        return children(self.proc.pid)

    def status(self) -> tuple[int, str]:
        run = subprocess.run([sys.executable, "-m", "voicehost", "kiosk", "status", "--state-dir",
                              str(self.state)], capture_output=True, text=True, timeout=30,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
        lines = [line.strip() for line in run.stdout.splitlines()]
        telling = [line for line in lines[1:] if line.split(":")[0] in
                   ("score table", "last error", "status gap", "last run", "devices")]
        return run.returncode, " | ".join(lines[:1] + telling)


def games_in(path: Path) -> set[tuple[str, str]]:
    """The games (started, player) of a score table file, or of a copy moved aside; none
    when it cannot be read."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return set(db.execute("SELECT started, player FROM games").fetchall())
        finally:
            db.close()
    except sqlite3.Error:
        return set()


def all_games(state: Path) -> set[tuple[str, str]]:
    out: set = set()
    for f in state.glob("scores.sqlite3*"):
        if not f.name.endswith(("-wal", "-shm", "-journal")):
            out |= games_in(f)
    return out


def logged_games(state: Path) -> int:
    """Games the kiosk logged as recorded ("game N ended")."""
    total = 0
    for f in state.glob("kiosk.log*"):
        try:
            total += f.read_text(errors="replace").count(" ended: ")
        except OSError:
            pass
    return total


def mount_tmpfs(folder: Path) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return False
    run = subprocess.run(["mount", "-t", "tmpfs", "-o",
                          f"size={TMPFS_MB}m", "tmpfs",
                          str(folder)], capture_output=True)
    return run.returncode == 0


def inject(fault: str, kiosk: Kiosk, tmpfs: bool) -> tuple[str, callable]:
    """Inject ``fault``; returns a note and how to lift it."""
    state, table = kiosk.state, kiosk.state / "scores.sqlite3"
    if fault == "speech worker killed":
        pids = kiosk.worker_pids()
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        return f"killed {len(pids)} worker(s)", lambda: None
    if fault == "score table deleted":
        for f in state.glob("scores.sqlite3"):
            f.unlink()
        return "deleted", lambda: None
    if fault == "garbage in the score table":
        table.write_bytes(os.urandom(50_000))
        return "50,000 random bytes written over it", lambda: None
    if fault in ("state folder read-only", "full disk") and not tmpfs:
        return "SKIPPED: needs a tmpfs (run as root)", lambda: None
    if fault == "state folder read-only":
        subprocess.run(["mount", "--bind", str(state), str(state)], check=True)
        subprocess.run(["mount", "-o", "remount,ro,bind", str(state)], check=True)
        return "a read-only bind mount over it", lambda: subprocess.run(
            ["umount", "-l", str(state)], check=True)
    if fault == "full disk":
        filler = state / "filler"
        with open(filler, "wb") as f:
            try:
                while True:
                    f.write(b"\0" * (1 << 20))
            except OSError:
                pass
        return "the tmpfs filled", lambda: filler.unlink()
    if fault == "SIGHUP":
        kiosk.proc.send_signal(signal.SIGHUP)
        try:
            code = kiosk.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            return "did NOT stop within 15 s", lambda: None
        kiosk.stop_visitor.set()
        note = f"exit status {code}"
        kiosk.start()  # as systemd's Restart= would
        return note + ", started again", lambda: None
    if fault == "burst of answers":
        kiosk.write(b"".join(f"{random.randint(1, 4)}\ny\n".encode() for _ in range(30)))
        return "60 lines in one write", lambda: None
    if fault == "1 MB junk lines":
        kiosk.write(b"".join(os.urandom(1 << 20).replace(b"\n", b"x") + b"\n" for _ in range(5)))
        return "5 lines of 1 MB", lambda: None
    if fault == "invalid bytes":
        kiosk.write(b"\xff\xfe\xfd\n\xc3\x28\n" * 10)
        return "20 lines of invalid UTF-8", lambda: None
    raise ValueError(fault)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    command = "python bench/kiosk_faults.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    slot = args.minutes * 60 / len(FAULTS)
    folder = Path(tempfile.mkdtemp(prefix="kiosk-faults-"))
    state = folder / "state"
    tmpfs = mount_tmpfs(state)
    (folder / "config.yaml").write_text(
        f"kiosk:\n  state_dir: {state}\n  attract_every_seconds: 10\n  idle_seconds: 10\n"
        "  idle_grace_seconds: 5\n  max_game_minutes: 5\ngame:\n  read_explanations: false\n")
    kiosk = Kiosk(folder, args.seed)
    kiosk.start()
    time.sleep(min(30.0, slot))
    rss_start = kiosk.rss_mb()
    rows = []
    seen: set = set()
    destroyed = 0
    try:
        for fault in FAULTS:
            seen |= all_games(state)
            before_logged = logged_games(state)
            before = all_games(state)
            note, lift = inject(fault, kiosk, tmpfs)
            if fault in ("score table deleted", "garbage in the score table"):
                destroyed += len(before - all_games(state))  # gone by the fault's own hand
            time.sleep(slot / 2)
            lift()
            during_logged = logged_games(state)
            time.sleep(slot / 2)
            now = all_games(state)
            seen |= now
            alive = kiosk.proc.poll() is None
            code, said = kiosk.status()
            rows.append((fault, note, alive, logged_games(state) - during_logged,
                         during_logged - before_logged, code, said))
            print(f"{fault}: {note}; alive {alive}; games logged during {during_logged - before_logged}, "
                  f"after {logged_games(state) - during_logged}; kiosk status exit {code}: {said}",
                  flush=True)
        rss_end = kiosk.rss_mb()
    finally:
        kiosk.stop_visitor.set()
        if kiosk.proc.poll() is None:
            kiosk.proc.send_signal(signal.SIGTERM)
            kiosk.proc.wait(timeout=30)
    final = all_games(state)
    lost = len(seen - final) - destroyed
    logged = logged_games(state)

    print()
    print(f"# kiosk under faults, {datetime.date.today()}")
    print(f"command: {command}  ({args.minutes:g} min, {len(FAULTS)} faults, {slot:.0f} s each)")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{', '.join(package_versions(['voicehost', 'pyttsx3', 'PyYAML']))}")
    print(f"state folder on a {TMPFS_MB} MB tmpfs: {'yes' if tmpfs else 'no (not root)'}")
    print()
    print("| fault | injected | kiosk alive after | games after it was lifted | kiosk status (exit) |")
    print("|---|---|---|---|---|")
    for fault, note, alive, after, during, code, said in rows:
        print(f"| {fault} | {note} | {'yes' if alive else 'NO'} | {after} | {code}: {said[:240]} |")
    print()
    print(f"games logged as recorded: {logged}; in the table or a copy moved aside: {len(final)}; "
          f"destroyed by the deletion itself: {destroyed}; lost: {lost} (target 0)")
    print(f"RSS: {rss_start:.1f} MB at the start, {rss_end:.1f} MB at the end; starts: {kiosk.starts}")
    kept = all(alive and after > 0 for _, note, alive, after, _, _, _ in rows if not note.startswith("SKIP"))
    print(f"kept playing after every fault: {'PASS' if kept else 'MISS'}; nothing recorded lost: "
          f"{'PASS' if lost <= 0 else 'MISS'}")
    if tmpfs:
        subprocess.run(["umount", str(state)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
