"""PocketSphinx memory benchmark: does the process grow with every grammar change?

    python bench/sphinx_memory.py [--listens 10000] [--no-audio] [--kept 16]

Plays the listening pattern of kiosk games on one ``SphinxRecognizer``, as the
speech worker does for weeks: per game the start phrases once, then up to
five questions, each with its answer-turn grammar (the question's options,
carrier phrases, lifelines: ``host.grammar.grammar``) and its confirm grammar,
now and then a lifeline confirmation. Questions come from the bundled deck in
a shuffled order, so most grammars are new and a few come back (start
phrases, lifeline yes/no, a question seen again), as in a booth.

Each listen calls ``set_phrases`` and then feeds a short clip (espeak-ng
saying "play", "b", "yes" or "let me think" with silence around it) in 30 ms
blocks until the utterance ends, as the listener does; ``--no-audio`` only
changes grammars (about 20 times faster, the same growth).

Three modes, each in a fresh child process so their memory can be read apart:

- ``before``: the recogniser as it was before this benchmark was written (a
  subclass below puts the old code back): every word of every phrase looked
  up in the dictionary on every change (pocketsphinx 5.1's ``lookup_word``
  leaks its result) and the one search rebuilt;
- ``rebuilt``: pronunciations kept, the one search still rebuilt on every change;
- ``kept``: the recogniser as shipped: pronunciations kept, one search per
  distinct grammar, the ``--kept`` most recently used ones kept.

RSS (resident set size, from /proc/self/statm) is read after listen 1,000 (the
warm-up: the kept searches are full by then) and every tenth of the run; the
figure that matters is the growth from listen 1,000 to the end, per 10,000
listens. Target for ``kept``: under 1 MB per 10,000 listens. All modes must hear the
same thing in every listen; the run compares the transcripts and reports any
difference. The time each mode spent in ``set_phrases`` is shown too.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from machine import cpu_model, package_versions

WARM_UP = 1000
"""Listens before the first RSS reading that counts."""
TARGET_MB_PER_10K = 1.0
START_PHRASES = ["play", "start", "let's play", "i want to play", "help"]
"""Stand-in for the kiosk's start phrases (a small grammar that comes back every game)."""
LIFELINES = ("fifty_fifty", "phone", "audience")
CLIPS = {"start": "play", "answer": "b", "confirm_answer": "yes", "confirm_lifeline": "let me think"}
BLOCK_BYTES = 16000 * 2 * 30 // 1000
MODES = ("before", "rebuilt", "kept")


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def listening_plan(listens: int, seed: int) -> list[tuple[str, list[str]]]:
    """(kind, phrases) for each listen of the run, the same for both modes."""
    from voicehost.host.grammar import grammar
    from voicehost.host.moments import Context
    from voicehost.host.phrases import Phrases
    from voicehost.language.locale import Locale
    from voicehost.questions.deck import bundled_deck_paths, load_decks

    locale = Locale.load("en")
    phrases = Phrases(locale.phrases, locale.data["numbers"])
    questions = [q for q in load_decks(bundled_deck_paths()) if q.language == "en"]
    rng = random.Random(seed)
    order: list = []
    plan: list[tuple[str, list[str]]] = []
    confirm_lifeline = grammar(Context(phase="confirm_lifeline", lifelines=LIFELINES), phrases)
    while len(plan) < listens:
        plan.append(("start", START_PHRASES))
        for _ in range(rng.randint(1, 5)):
            if not order:
                order = questions[:]
                rng.shuffle(order)
            options = dict(zip("ABCD", order.pop().options))
            plan.append(("answer", grammar(Context("answer", options, LIFELINES), phrases)))
            if rng.random() < 0.2:
                plan.append(("confirm_lifeline", confirm_lifeline))
                plan.append(("answer", grammar(Context("answer", options, LIFELINES), phrases)))
            plan.append(("confirm_answer", grammar(Context("confirm_answer", options, LIFELINES),
                                                   phrases)))
    return plan[:listens]


def make_recognizer(mode: str, kept: int):
    from voicehost.speech.sphinx_recognizer import SphinxRecognizer

    class Before(SphinxRecognizer):
        """The old code: one search, rebuilt on every change; every word looked up every time."""

        def _pronunciation(self, word: str) -> str | None:
            return self._decoder.lookup_word(word) if mode == "before" else super()._pronunciation(word)

        def _activate(self, phrases: tuple[str, ...]) -> None:
            self._decoder.add_fsg("voicehost", self._grammar("voicehost", list(phrases)))
            self._decoder.activate_search("voicehost")

    return SphinxRecognizer("en", grammars_kept=kept) if mode == "kept" else Before("en")


def child(args: argparse.Namespace) -> int:
    """One mode in this process: print one JSON line of readings."""
    from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak

    plan = listening_plan(args.listens, args.seed)
    clips = {}
    if not args.no_audio:
        voice = PLAYER_VOICES[0]
        clips = {kind: concat(silence(0.3), speak(text, voice), silence(0.8)).pcm
                 for kind, text in CLIPS.items()}
    recognizer = make_recognizer(args.mode, args.kept)
    readings = []
    heard = open(args.heard, "w") if args.heard else None  # a file: a list would grow the RSS
    marks = {warm_up(args.listens)} | {round(args.listens * i / 10) for i in range(1, 11)}
    started = time.monotonic()
    changing = 0.0
    for n, (kind, phrases) in enumerate(plan, 1):
        before = time.perf_counter()
        recognizer.set_phrases(phrases)
        changing += time.perf_counter() - before
        pcm = clips.get(kind)
        if pcm is not None:
            for offset in range(0, len(pcm), BLOCK_BYTES):
                if recognizer.accept(pcm[offset : offset + BLOCK_BYTES]):
                    break
            transcript = recognizer.result()
            if heard:
                heard.write(f"{transcript.text}|{transcript.confidence:.6f}|"
                            + ",".join(f"{w.start:.2f}-{w.end:.2f}" for w in transcript.words) + "\n")
        if n in marks:
            readings.append((n, rss_bytes()))
    print(json.dumps({"mode": args.mode, "readings": readings, "set_phrases_s": changing,
                      "seconds": time.monotonic() - started,
                      "distinct": len({tuple(p) for _, p in plan}),
                      "held": recognizer.grammars_held if args.mode == "kept" else 1}))
    return 0


def run_mode(mode: str, args: argparse.Namespace, folder: Path) -> dict:
    heard = folder / f"{mode}.txt"
    cmd = [sys.executable, __file__, "--child", mode, "--heard", str(heard), "--listens", str(args.listens),
           "--seed", str(args.seed), "--kept", str(args.kept)] + (["--no-audio"] if args.no_audio else [])
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the {mode} run failed:\n{done.stderr.strip()}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["heard"] = heard.read_text().splitlines() if heard.exists() else []
    return result


def warm_up(listens: int) -> int:
    """The listen whose RSS reading the growth is measured from."""
    return min(WARM_UP, max(1, listens // 5))


def growth(result: dict, listens: int) -> tuple[float, float]:
    """(MB grown from the warm-up reading to the end, MB per 10,000 listens)."""
    readings = dict(result["readings"])
    first, last = warm_up(listens), max(readings)
    grown = (readings[last] - readings[first]) / 1e6
    return grown, grown / max(1, last - first) * 10_000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--listens", type=int, default=10_000, help="listens per mode (default 10,000)")
    ap.add_argument("--no-audio", action="store_true", help="change grammars only, feed no audio")
    ap.add_argument("--kept", type=int, default=None,
                    help="grammars kept in the kept mode (default: the recogniser's GRAMMARS_KEPT)")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    ap.add_argument("--heard", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.kept is None:
        from voicehost.speech.sphinx_recognizer import GRAMMARS_KEPT
        args.kept = GRAMMARS_KEPT
    if args.child:
        args.mode = args.child
        return child(args)
    if not args.no_audio and shutil.which("espeak-ng") is None:
        print("espeak-ng is missing: run with --no-audio, or install espeak-ng.")
        return 2
    print("voicehost PocketSphinx memory benchmark: RSS over many listens with changing grammars")
    print(f"command: (cd {shlex.quote(os.getcwd())} && "
          f"{' '.join(shlex.quote(a) for a in [sys.executable] + sys.argv)})")
    print(f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}")
    print(f"machine: nproc {os.cpu_count()}, CPU {cpu_model()}, {platform.system()} "
          f"{platform.release()}, Python {platform.python_version()}")
    print(f"versions: {', '.join(package_versions(['pocketsphinx']))}")
    print(f"{args.listens} listens per mode, {'no audio' if args.no_audio else 'a clip each'}, "
          f"seed {args.seed}")
    print(f"{args.kept} grammars kept in the kept mode")
    with tempfile.TemporaryDirectory(prefix="voicehost-sphinx-memory-") as folder:
        results = [run_mode(mode, args, Path(folder)) for mode in MODES]
    print("")
    for result in results:
        grown, per_10k = growth(result, args.listens)
        line = "  ".join(f"{n}: {rss / 1e6:.1f}" for n, rss in result["readings"])
        print(f"{result['mode']:>7}: {result['distinct']} distinct grammars, {result['held']} searches "
              f"held at the end; {result['seconds']:.0f} s, of which set_phrases "
              f"{1000 * result['set_phrases_s'] / args.listens:.2f} ms a listen")
        print(f"         RSS MB after listen  {line}")
        print(f"         growth after listen {warm_up(args.listens)}: {grown:+.2f} MB = {per_10k:+.2f} MB per 10,000 listens")
    kept = results[-1]
    differ = {r["mode"]: sum(a != b for a, b in zip(r["heard"], kept["heard"])) for r in results[:-1]}
    same = not any(differ.values())
    print("")
    if not args.no_audio:
        print("transcripts: " + ("identical in every listen in all modes" if same else
                                 ", ".join(f"{m}: {n} listens differ from kept" for m, n in differ.items())))
    kept_per_10k = growth(kept, args.listens)[1]
    verdict = "PASS" if kept_per_10k < TARGET_MB_PER_10K and (same or args.no_audio) else "MISS"
    print(f"TARGET kept growth < {TARGET_MB_PER_10K:.0f} MB per 10,000 listens"
          f"{'' if args.no_audio else ', same transcripts'}: {kept_per_10k:+.2f} MB  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
