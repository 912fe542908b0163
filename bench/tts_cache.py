"""The speech cache on disk and the memory of the process that speaks, with and without
the size bound (``tts.cache_mb``).

    python bench/tts_cache.py [--questions 630] [--lang en] [--cap 200 --cap 10000 --cap 0]

Builds the lines the host says for each question of the bundled decks (the question, the
options read out, the reveal, the explanation; through the locale, as spoken) and renders
every line once through the real renderer (``Pyttsx3Synthesizer``: pyttsx3 and espeak-ng
in its worker process) into a fresh cache folder, once per ``--cap`` (megabytes; 10000 is
the most allowed, so no size bound below the 3,000-file one; 0 is no cache), each in a
fresh process. Prints, per cap: the files and megabytes the cache holds on disk (blocks,
as ``du`` counts, and the files' lengths), the resident memory (RSS) of the speaking
process before and after and its peak, what the in-memory cache of the last 512 lines
holds, the worker's RSS, and the render rate; with the command, the date, the machine and
the versions. Targets: the cache never above its cap; the cap's RSS no higher than
without it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine import cpu_model, package_versions  # noqa: E402

MB = 1024 * 1024
CAPS = (200, 10000, 0)


def host_lines(language: str, limit: int) -> list[str]:
    """What the host says for each of the first ``limit`` questions in ``language``, spoken."""
    from voicehost.language.locale import Locale
    from voicehost.questions.deck import bundled_deck_paths, load_decks
    locale = Locale.load(language)
    lines = locale.data["lines"]
    reveal = lines["reveal"][0]
    questions = [q for q in load_decks(bundled_deck_paths()) if q.language == language][:limit]
    out = []
    for q in questions:
        said = [q.text, lines["read_options"].format(**dict(zip("ABCD", q.options))),
                reveal.format(option=q.answer, text=q.option(q.answer))]
        if q.explanation:
            said.append(q.explanation)
        out += [locale.speakable(text) for text in said]
    return out


def rss_mb(pid: int | str = "self", field: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def folder_usage(folder: Path) -> tuple[int, int, int]:
    """(files, bytes on disk, bytes long) of the WAV files in ``folder``."""
    files = list(folder.glob("*.wav")) if folder.is_dir() else []
    stats = [f.stat() for f in files]
    return len(files), sum(s.st_blocks * 512 for s in stats), sum(s.st_size for s in stats)


def child(cap: int, cache: Path, language: str, limit: int) -> None:
    """One measurement, in a process of its own: prints one JSON object."""
    from voicehost.speech.tts import Pyttsx3Synthesizer
    lines = host_lines(language, limit)
    voice = None if language == "en" else language
    synth = Pyttsx3Synthesizer(voice, 165, 1.0, cache_dir=cache, cache_mb=cap)
    synth.render("Welcome.")  # the worker started, before the measurement
    rss_before = rss_mb()
    started = time.perf_counter()
    largest = 0.0
    for i, text in enumerate(lines):
        synth.render(text)
        if i % 10 == 9:
            largest = max(largest, folder_usage(cache)[1] / MB)
    seconds = time.perf_counter() - started
    files, on_disk, long = folder_usage(cache)
    worker = synth._worker._proc.pid if synth.worker_running else None
    print(json.dumps({
        "cap": cap, "lines": len(lines), "distinct": len(set(lines)), "seconds": seconds,
        "audio_mb": sum(len(c.pcm) for c in synth._memory.values()) / MB,
        "memory_lines": len(synth._memory),
        "files": files, "disk_mb": on_disk / MB, "long_mb": long / MB, "largest_mb": max(largest, on_disk / MB),
        "rss_before": rss_before, "rss_after": rss_mb(), "rss_peak": rss_mb(field="VmHWM"),
        "worker_rss": rss_mb(worker) if worker else 0.0,
    }), flush=True)
    synth.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=630, help="questions whose lines are said")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--cap", type=int, action="append", help="tts.cache_mb to measure (repeat)")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--cache", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.cache, args.lang, args.questions)
        return 0
    caps = args.cap or list(CAPS)
    command = shlex.join([Path(sys.executable).name, *sys.argv])
    print(f"command: {command}")
    print(f"date: {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}; machine: {cpu_model()}, "
          f"{os.cpu_count()} cores, {platform.system()} {platform.release()}; Python "
          f"{platform.python_version()}; {', '.join(package_versions(['pyttsx3']))}; "
          f"{espeak_version()}")
    results = []
    with tempfile.TemporaryDirectory(prefix="voicehost-bench-tts-") as tmp:
        for cap in caps:
            cache = Path(tmp) / f"cap-{cap}"
            run = subprocess.run([sys.executable, __file__, "--child", str(cap), "--cache", str(cache),
                                  "--lang", args.lang, "--questions", str(args.questions)],
                                 capture_output=True, text=True, cwd=ROOT)
            if run.returncode != 0:
                print(run.stderr, file=sys.stderr)
                return 1
            results.append(json.loads(run.stdout.strip().splitlines()[-1]))
    first = results[0]
    print(f"{first['lines']} lines ({first['distinct']} distinct) of {args.questions} {args.lang} "
          "questions, each rendered once; "
          f"the in-memory cache holds the last {first['memory_lines']} lines, "
          f"{first['audio_mb']:.1f} MB of audio\n")
    print("| tts.cache_mb | files | on disk (largest seen) | files' length | RSS before / after / peak "
          "| worker RSS | lines/s |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['cap']} | {r['files']:,} | {r['disk_mb']:.1f} MB ({r['largest_mb']:.1f} MB) | "
              f"{r['long_mb']:.1f} MB | {r['rss_before']:.1f} / {r['rss_after']:.1f} / {r['rss_peak']:.1f} MB | "
              f"{r['worker_rss']:.1f} MB | {r['lines'] / r['seconds']:.0f} |")
    print()
    ok = True
    for r in results:
        if r["cap"]:
            held = r["largest_mb"] <= r["cap"]
            ok &= held
            print(f"TARGET cache on disk <= {r['cap']} MB: {r['largest_mb']:.1f} MB  {'PASS' if held else 'MISS'}")
    capped = [r for r in results if 0 < r["cap"] < 10000]
    free = [r for r in results if r["cap"] == 10000]
    if capped and free:
        higher = capped[0]["rss_after"] - free[0]["rss_after"]
        print(f"TARGET RSS with the cap no higher than without (within 2 MB): {higher:+.1f} MB  "
              f"{'PASS' if higher <= 2 else 'MISS'}")
    return 0 if ok else 1


def espeak_version() -> str:
    try:
        out = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout
    except OSError:
        return "espeak-ng MISSING"
    return " ".join(out.split()[:4]) or "espeak-ng"


if __name__ == "__main__":
    sys.exit(main())
