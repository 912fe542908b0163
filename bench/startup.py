"""Start-up benchmark: from starting ``voicehost play`` to the host's first spoken word.

    python bench/startup.py [--runs 5] [--engine espeak|piper]

Each run starts a fresh process

    python -m voicehost play --input text --speaker-file OUT.wav --players Ann --save-file TMP

and watches OUT.wav. The first spoken word is heard at the moment the file
first got audio (polled every 2 ms) plus the offset of the first non-silent
sample in it, read from the WAV afterwards. stdin is closed once audio has
appeared, so the game saves and ends. Cold runs start with an empty speech
cache (a fresh XDG_CACHE_HOME); warm runs share one cache filled by
``--prime`` unmeasured runs first. Medians are compared with the 3 s target.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from array import array
from pathlib import Path

from machine import cpu_model

TARGET_S = 3.0
SILENCE = 400
"""Absolute sample value (of 32767) above which the WAV counts as sound."""
HEADER = 44
"""Bytes of a WAV header as ``wave`` writes it: more than this is audio."""
POLL_S = 0.002


def first_sound(path: Path, threshold: int = SILENCE) -> float | None:
    """Seconds from the start of the WAV to its first sample louder than ``threshold``."""
    try:
        with wave.open(str(path), "rb") as wav:
            rate, width, channels = wav.getframerate(), wav.getsampwidth(), wav.getnchannels()
            frames = wav.readframes(wav.getnframes())
    except (OSError, wave.Error, EOFError):
        return None
    if width != 2:
        return None
    samples = array("h", frames[: len(frames) - len(frames) % 2])
    for i, s in enumerate(samples):
        if s > threshold or s < -threshold:
            return i / channels / rate
    return None


def one_run(cache_home: Path, timeout_s: float = 60.0, config: str = "") -> dict:
    """Start the game once; when did the first word sound? Returns the figures of the run.
    ``config``: the text of a config.yaml for the run (e.g. the host's engine)."""
    with tempfile.TemporaryDirectory(prefix="voicehost-startup-") as tmp:
        if config:
            (Path(tmp) / "config.yaml").write_text(config)
        out_wav = Path(tmp) / "OUT.wav"
        save = Path(tmp) / "TMP"
        log = open(Path(tmp) / "stdout.txt", "w+")
        env = dict(os.environ, XDG_CACHE_HOME=str(cache_home))
        env.pop("PULSE_SERVER", None)  # nothing is played: the speaker is a file
        cmd = [sys.executable, "-m", "voicehost", "play", "--input", "text", "--speaker-file",
               str(out_wav), "--players", "Ann", "--save-file", str(save)]
        cached_before = _cache_files(cache_home)
        started = time.monotonic()
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
                                env=env, cwd=tmp)
        got_audio = None
        try:
            while time.monotonic() - started < timeout_s:
                try:
                    if out_wav.stat().st_size > HEADER:
                        got_audio = time.monotonic()
                        break
                except FileNotFoundError:
                    pass
                if proc.poll() is not None:
                    break
                time.sleep(POLL_S)
        finally:
            proc.stdin.close()  # end of typed input: the game saves and stops
            try:
                proc.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                proc.kill()  # only the process this run started
                proc.wait()
        exited = time.monotonic()
        offset = first_sound(out_wav)
        log.seek(0)
        output = log.read()
        log.close()
        result = {
            "audio_written_s": got_audio - started if got_audio else None,
            "offset_s": offset,
            "first_word_s": (got_audio - started + offset) if got_audio and offset is not None else None,
            "exit_s": exited - started, "returncode": proc.returncode,
            "new_cache_files": _cache_files(cache_home) - cached_before,
        }
        if result["first_word_s"] is None or proc.returncode != 0:
            lines = [ln for ln in output.strip().splitlines() if ln.startswith("voicehost:")]
            result["error"] = lines[-2:] or output.strip().splitlines()[-2:] or ["no output"]
        return result


def _cache_files(cache_home: Path) -> int:
    folder = cache_home / "voicehost" / "tts"
    return sum(1 for _ in folder.rglob("*") if _.is_file()) if folder.is_dir() else 0


def machine_lines() -> list[str]:
    cpu = cpu_model()
    try:
        from importlib import metadata
        pyttsx3 = metadata.version("pyttsx3")
    except Exception:  # noqa: BLE001 - only for the report
        pyttsx3 = "unknown"
    espeak = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout.strip() \
        if shutil.which("espeak-ng") else "espeak-ng missing"
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s"],
                              capture_output=True, text=True, timeout=10).stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        head = "unknown (no git)"
    return [f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
            f"code: {head}",
            f"machine: nproc {os.cpu_count()}, CPU {cpu}, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}",
            f"versions: pyttsx3 {pyttsx3}; {espeak.split(' Data at')[0]}"]


def describe(name: str, runs: list[dict]) -> float | None:
    ok = [r["first_word_s"] for r in runs if r["first_word_s"] is not None]
    for i, r in enumerate(runs, 1):
        if r["first_word_s"] is None:
            print(f"  {name} run {i}: no spoken audio (exit {r['returncode']}): {' | '.join(r['error'])}")
            continue
        print(f"  {name} run {i}: first word {r['first_word_s']:.2f} s (file got audio at "
              f"{r['audio_written_s']:.2f} s + {1000 * r['offset_s']:.0f} ms to the first sound; "
              f"process ended after {r['exit_s']:.1f} s, exit {r['returncode']}; "
              f"{r['new_cache_files']} lines newly cached)")
        if r["returncode"] != 0:
            print(f"    the game failed after its first words: {' | '.join(r['error'])}")
    if not ok:
        return None
    median = statistics.median(ok)
    print(f"{name}: median first word {median:.2f} s over {len(ok)} runs "
          f"(min {min(ok):.2f}, max {max(ok):.2f})")
    return median


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="measured runs each, cold and warm (default 5)")
    ap.add_argument("--prime", type=int, default=3,
                    help="unmeasured runs that fill the warm cache (default 3; the welcome line "
                         "has variants picked at random)")
    ap.add_argument("--engine", choices=("espeak", "piper"), default="espeak",
                    help="host.engine for the runs (a config.yaml in the run's folder)")
    args = ap.parse_args(argv)
    config = f"host:\n  engine: {args.engine}\n"
    print("voicehost start-up benchmark: time to the first spoken word")
    print(f"command: (cd {shlex.quote(os.getcwd())} && "
          f"{' '.join(shlex.quote(a) for a in [sys.executable] + sys.argv)})")
    for line in machine_lines():
        print(line)
    print("each run: python -m voicehost play --input text --speaker-file OUT.wav --players Ann "
          f"--save-file TMP (stdin closed once audio appears); host.engine: {args.engine}")
    cold = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="voicehost-cold-cache-") as cache:
            cold.append(one_run(Path(cache), config=config))
    with tempfile.TemporaryDirectory(prefix="voicehost-warm-cache-") as cache:
        for _ in range(args.prime):
            one_run(Path(cache), config=config)
        warm = [one_run(Path(cache), config=config) for _ in range(args.runs)]
    print("")
    cold_median = describe("cold (empty speech cache)", cold)
    warm_median = describe("warm (speech cache filled)", warm)
    failed = sum(r["returncode"] != 0 for r in cold + warm)
    if failed:
        print(f"note: {failed} of {len(cold + warm)} measured runs ended with an error (shown above).")
    print("")
    print("TARGET first spoken word <= 3 s:")
    for name, median in (("cold", cold_median), ("warm", warm_median)):
        if median is None:
            print(f"  {name}: no measurement  MISS")
        else:
            verdict = "PASS" if median <= TARGET_S else f"MISS by {median - TARGET_S:.2f} s"
            print(f"  {name}: median {median:.2f} s  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
