"""What a player hears: whole voice games through PulseAudio, measured on one timeline.

    python bench/heard.py [--latency 10 20 200] [--games 2] [--questions 4] [--quick]

For each sound-server latency a private PulseAudio server is started with the
virtual devices of the tests (``voicehost.testing.virtual_audio``): the game,
``voicehost play --input voice`` in a subprocess, speaks to ``spk`` and
listens to ``mic``. This process is the player and the room: it records
``spk.monitor`` (read at the latency under test, as a call or recording app
would) and speaks espeak-ng clips into ``micfeed``, both through PortAudio,
so both are stamped by the stream clocks on ``time.monotonic()``.

The player waits until the host has been quiet for ``QUIET_S``, then answers
each question with the NATO word of the right letter ("bravo"), says "yes"
when the host repeats that letter back (and "no" when it heard another), and
after ``--questions`` questions takes the money. Games rotate the five
synthetic player voices.

Figures:
- reply latency: the end of the player's speech (the last audible block of the
  clip, by the output stream's clock) to the first audible sound from the
  speaker after it; p50, p95 and max over every reply;
- speech heard: every line the host printed, rendered again from the game's
  speech cache, found in the recording (``voicehost.testing.audibility``);
  the share of all rendered speech heard, and the lines heard below 98%;
- start to first sound: starting ``voicehost play`` to the first audible
  sound (the first game of a run starts with an empty speech cache).

Nothing is asserted; the figures are compared with the targets of issue 9.
Per-reply records go to ``bench/out/heard.jsonl``.
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
import tempfile
import threading
import time
from pathlib import Path

from machine import cpu_model, package_versions

from voicehost.audio.clip import AudioClip
from voicehost.audio.device_sound_output import DeviceSoundOutput
from voicehost.audio.devices import import_sounddevice
from voicehost.language.locale import Locale
from voicehost.config import HostSettings
from voicehost.questions.deck import deck_files, read_deck_file
from voicehost.speech.tts import Pyttsx3Synthesizer
from voicehost.testing.audibility import BLOCK_SECONDS, FLOOR_DB, envelope, locate
from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak
from voicehost.testing.virtual_audio import SPEECH_RATE, virtual_audio

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
NATO = {"A": "alpha", "B": "bravo", "C": "charlie", "D": "delta"}
QUIET_S = 0.8
"""How long the host must have been quiet before the player speaks."""
REPLY_WINDOW_S = 10.0
"""A reply later than this after the player's speech counts as no reply."""
GAME_TIMEOUT_S = 600.0
TARGETS = {"reply_p95_s": 0.5, "heard": 1.0, "line_heard": 0.98, "first_sound_s": 1.0}


class SpeakerTap:
    """Records the speaker's monitor (this process's default input) with each block's time."""

    def __init__(self, latency_s: float, rate: int = SPEECH_RATE) -> None:
        sd = import_sounddevice()
        self.rate = rate
        self.chunks: list[tuple[float, bytes]] = []
        self.last_loud = 0.0
        self.overflows = 0
        self._threshold = 32768 ** 2 * 10 ** (FLOOR_DB / 10)
        self._stream = sd.RawInputStream(samplerate=rate, channels=1, dtype="int16",
                                         blocksize=int(rate * BLOCK_SECONDS),
                                         latency=latency_s, callback=self._callback)
        self._stream.start()

    def _callback(self, indata, frames, time_info, status) -> None:
        now = time.monotonic()
        if status.input_overflow:
            self.overflows += 1
        adc = time_info.inputBufferAdcTime
        start = now - (time_info.currentTime - adc if adc > 0 else 0.0)
        data = bytes(indata)
        self.chunks.append((start, data))
        if _power(data) > self._threshold:
            self.last_loud = start + frames / self.rate

    def quiet_for(self) -> float:
        return time.monotonic() - self.last_loud

    def first_sound(self, after: float, within: float = REPLY_WINDOW_S) -> float | None:
        """Time of the first audible block that starts at or after ``after``."""
        for start, data in list(self.chunks):
            if after <= start <= after + within and _power(data) > self._threshold:
                return start
        return None

    def since(self, t: float) -> AudioClip:
        return AudioClip(b"".join(d for s, d in list(self.chunks) if s >= t), rate=self.rate)

    def close(self) -> None:
        self._stream.stop()
        self._stream.close()


def _power(data: bytes) -> float:
    n = len(data) // 2
    if not n:
        return 0.0
    values = memoryview(data).cast("h")
    return sum(v * v for v in values) / n


class Reference:
    """``parec`` on the speaker's monitor at 200 ms: a second, unhurried recording, to tell a
    loss in the sound output from one in ``SpeakerTap`` itself."""

    def __init__(self, pa, path: Path) -> None:
        self.path = path
        self.proc = subprocess.Popen(
            ["parec", "--device=spk.monitor", "--latency-msec=200", "--format=s16le",
             "--channels=1", f"--rate={SPEECH_RATE}", "--raw"],
            env=pa.env, stdout=open(path, "wb"), stderr=subprocess.DEVNULL)

    def stop(self) -> AudioClip:
        self.proc.terminate()
        self.proc.wait(10)
        return AudioClip(self.path.read_bytes(), rate=SPEECH_RATE)


class Player:
    """Speaks into the virtual microphone; returns when each utterance ended, by the clock
    of the stream that played it."""

    def __init__(self, voice) -> None:
        self.voice = voice
        self.out = DeviceSoundOutput()
        self._clips: dict[str, tuple[AudioClip, float]] = {}

    def say(self, text: str) -> float:
        clip, tail = self._clip(text)
        self.out.play(clip)
        return self.out.wait().ended_at - tail

    def _clip(self, text: str) -> tuple[AudioClip, float]:
        if text not in self._clips:
            clip = concat(silence(0.2), speak(text, self.voice), silence(0.3))
            env = envelope(clip)
            last = max(i for i, (db, _) in enumerate(env) if db > FLOOR_DB)
            self._clips[text] = (clip, clip.seconds - (last + 1) * BLOCK_SECONDS)
        return self._clips[text]

    def close(self) -> None:
        self.out.close()


def right_answers() -> dict[str, str]:
    answers = {}
    for path in deck_files([ROOT / "decks"]):
        questions, _ = read_deck_file(path)
        answers.update({q.id: q.answer for q in questions})
    return answers


class Game:
    """``voicehost play --input voice`` against the player, on the virtual devices."""

    def __init__(self, pa, tmp: Path, cache: Path, seed: int) -> None:
        self.tmp = tmp
        self.events_path = tmp / "events.jsonl"
        self.cmd = [sys.executable, "-m", "voicehost", "play", "--input", "voice", "--players",
                    "Ann", "--rounds", "1", "--seed", str(seed), "--events", str(self.events_path),
                    "--save-file", str(tmp / "save.json")]
        env = {**pa.env, "PYTHONUNBUFFERED": "1", "XDG_CACHE_HOME": str(cache)}
        self.log = open(tmp / "stdout.txt", "w")
        self.started = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, cwd=tmp, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def said(self) -> str:
        return (self.tmp / "stdout.txt").read_text()

    def events(self) -> list[dict]:
        if not self.events_path.exists():
            return []
        return [json.loads(line) for line in self.events_path.read_text().splitlines() if line]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.log.close()


def what_to_say(events: list[dict], answers: dict[str, str], questions: int) -> str | None:
    """The player's next words for the moment the game is in (None: the game is over)."""
    kinds = [e["event"] for e in events]
    if "game_over" in kinds or not events:
        return None if "game_over" in kinds else ""
    last = next(e for e in reversed(events) if e["event"] in
                ("question", "pending", "cancelled", "walk_pending", "locked", "answer"))
    asked = [e for e in events if e["event"] == "question"]
    if last["event"] == "walk_pending":
        return "yes"
    if last["event"] == "pending":
        return "yes" if last["option"] == answers[asked[-1]["question_id"]] else "no"
    if last["event"] in ("locked", "answer"):
        return ""  # the reveal is on its way
    if len(asked) > questions:
        return "I'll take the money"
    return NATO[answers[asked[-1]["question_id"]]]


def host_lines(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines()
            if line.strip() and not line.startswith(("> ", "voicehost:", "ALSA", "Expression"))]


def play_game(pa, tap: SpeakerTap, player: Player, cache: Path, seed: int, questions: int,
              answers: dict[str, str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="voicehost-heard-") as tmp:
        cold = not (cache / "voicehost" / "tts").exists()
        reference = Reference(pa, Path(tmp) / "reference.raw")
        overflows = tap.overflows
        game = Game(pa, Path(tmp), cache, seed)
        replies, spoken_at, moment, moment_seen = [], game.started, None, game.started
        try:
            while time.monotonic() - game.started < GAME_TIMEOUT_S and game.proc.poll() is None:
                time.sleep(0.05)
                events = game.events()
                words = what_to_say(events, answers, questions)
                if words is None:
                    break
                if len(events) != moment:
                    moment, moment_seen = len(events), time.monotonic()
                if not words or tap.quiet_for() < QUIET_S:
                    continue
                spoke_since = tap.last_loud > max(moment_seen, spoken_at)
                if not spoke_since and time.monotonic() - max(moment_seen, spoken_at) < 8.0:
                    continue  # the host has not yet spoken to this moment
                ended = player.say(words)
                spoken_at = time.monotonic()
                replies.append({"said": words, "ended": ended})
            try:
                game.proc.wait(60)
            except subprocess.TimeoutExpired:
                print("  the game did not stop after game over; its last lines:\n    "
                      + "\n    ".join(game.said().splitlines()[-8:]), file=sys.stderr)
        finally:
            game.stop()
        time.sleep(0.5)
        reference_clip = reference.stop()
        recording = tap.since(game.started)
        rec_start = next(s for s, _ in tap.chunks if s >= game.started)
        first = tap.first_sound(game.started, within=30.0)
        for reply in replies:
            sound = tap.first_sound(reply["ended"])
            reply["latency_s"] = None if sound is None else round(sound - reply["ended"], 3)
            reply["ended"] = round(reply["ended"] - game.started, 3)
        stdout = game.said()
        heard = heard_lines(host_lines(stdout), recording, cache)
        for line, ref in zip(heard, heard_lines(host_lines(stdout), reference_clip, cache)):
            line["heard_200ms_parec"] = ref["heard"]
        events = game.events()
    return {"seed": seed, "voice": player.voice.name, "cold_cache": cold,
            "first_sound_s": None if first is None else first - game.started,
            "record_offset_s": rec_start - game.started, "replies": replies, "lines": heard,
            "returncode": game.proc.returncode, "tap_overflows": tap.overflows - overflows, "locked": [e for e in events if e["event"] == "answer"],
            "game_over": any(e["event"] == "game_over" for e in events), "stdout": stdout}


def heard_lines(lines: list[str], recording: AudioClip, cache: Path) -> list[dict]:
    host = HostSettings()
    synth = Pyttsx3Synthesizer(host.voice, host.rate, host.volume,
                               cache_dir=cache / "voicehost" / "tts")
    try:
        spoken = Locale.load("en").speakable   # the printed line as it was said: money in words
        clips = [synth.render(spoken(line)) for line in lines]
    finally:
        synth.close()
    return [{"line": line, "audible_s": round(f.audible, 3), "heard": round(f.heard, 3)}
            for line, f in zip(lines, locate(clips, recording))]


def run_latency(latency_ms: int, games: int, questions: int, first_seed: int, cache: Path,
                answers: dict[str, str], voice_offset: int) -> list[dict]:
    results = []
    with virtual_audio(monitor_latency_ms=latency_ms, sink="micfeed", source="spk.monitor") as pa:
        tap = SpeakerTap(latency_ms / 1000)
        try:
            for g in range(games):
                voice = PLAYER_VOICES[(voice_offset + g) % len(PLAYER_VOICES)]
                player = Player(voice)
                try:
                    result = play_game(pa, tap, player, cache, first_seed + g, questions, answers)
                finally:
                    player.close()
                result["latency_ms"] = latency_ms
                results.append(result)
                with open(OUT / "heard.jsonl", "a") as f:
                    f.write(json.dumps(result) + "\n")
                print(f"  {latency_ms:>3} ms  seed {result['seed']}  {voice.name:<20} "
                      f"{len(result['replies'])} replies, {_share(result['lines']):.1%} heard, "
                      f"first sound {_fmt(result['first_sound_s'])}"
                      f"{' (cold cache)' if result['cold_cache'] else ''}"
                      f"{'' if result['game_over'] else '  GAME DID NOT FINISH'}", flush=True)
        finally:
            tap.close()
    return results


def _share(lines: list[dict]) -> float:
    total = sum(x["audible_s"] for x in lines)
    return sum(x["audible_s"] * x["heard"] for x in lines) / total if total else 1.0


def _fmt(seconds: float | None) -> str:
    return "none" if seconds is None else f"{seconds:.2f} s"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def report(results: list[dict], argv: list[str], started: datetime.datetime, load: tuple) -> None:
    print()
    print("command:", shlex.join([Path(sys.executable).name, "bench/heard.py", *argv]))
    print(f"date: {started:%Y-%m-%d %H:%M} UTC; machine: {os.cpu_count()} cores, {cpu_model()}, "
          f"Python {platform.python_version()}, {_versions()}")
    print(f"load average before the run: {load[0]:.2f}")
    print()
    print("latency | games | replies | reply p50 / p95 / max | no reply | speech heard | lines < 98% | first sound")
    rows = sorted({r["latency_ms"] for r in results})
    for latency in [*rows, None]:
        sel = [r for r in results if latency is None or r["latency_ms"] == latency]
        _row("all" if latency is None else f"{latency} ms", sel)
    all_lat = [x["latency_s"] for r in results for x in r["replies"] if x["latency_s"] is not None]
    lines = [x for r in results for x in r["lines"]]
    short = [x for x in lines if x["heard"] < TARGETS["line_heard"]]
    firsts = [r["first_sound_s"] for r in results if r["first_sound_s"] is not None]
    warm = [r["first_sound_s"] for r in results if not r["cold_cache"] and r["first_sound_s"]]
    print()
    verdict = [
        ("reply p95 ≤ 0.5 s", all_lat and percentile(all_lat, 0.95) <= TARGETS["reply_p95_s"],
         f"{percentile(all_lat, 0.95):.2f} s over {len(all_lat)} replies" if all_lat else "no replies"),
        ("speech heard 100% (every line ≥ 98%)", not short and lines,
         f"{_share(lines):.1%}; {len(short)} of {len(lines)} lines below 98%"),
        ("start to first sound ≤ 1 s", firsts and max(warm or firsts) <= TARGETS["first_sound_s"],
         f"warm max {_fmt(max(warm) if warm else None)}, cold {_fmt(firsts[0] if firsts else None)}"),
    ]
    for name, ok, figure in verdict:
        print(f"{'PASS' if ok else 'MISS'}  {name}: {figure}")
    for x in short[:10]:
        print(f"   heard {x['heard']:.0%} of {x['line']!r}")
    finished = sum(r["game_over"] for r in results)
    right = sum(1 for r in results for e in r["locked"] if e["correct"])
    wrong = sum(1 for r in results for e in r["locked"] if not e["correct"])
    print(f"games finished: {finished} of {len(results)}; answers locked right {right}, wrong {wrong}")


def _row(name: str, sel: list[dict]) -> None:
    lat = [x["latency_s"] for r in sel for x in r["replies"] if x["latency_s"] is not None]
    missing = sum(1 for r in sel for x in r["replies"] if x["latency_s"] is None)
    lines = [x for r in sel for x in r["lines"]]
    short = sum(1 for x in lines if x["heard"] < TARGETS["line_heard"])
    firsts = [r["first_sound_s"] for r in sel if r["first_sound_s"] is not None]
    figures = (f"{statistics.median(lat):.2f} / {percentile(lat, 0.95):.2f} / {max(lat):.2f} s"
               if lat else "-")
    print(f"{name:>7} | {len(sel):>5} | {len(lat) + missing:>7} | {figures:>21} | {missing:>8} | "
          f"{_share(lines):>12.1%} | {short:>4} of {len(lines):<4}| "
          f"{min(firsts):.2f}-{max(firsts):.2f} s" if firsts else "-")


def _versions() -> str:
    out = package_versions(("sounddevice", "pocketsphinx", "pyttsx3"))
    try:
        pulse = subprocess.run(["pulseaudio", "--version"], capture_output=True, text=True).stdout
        out.append(pulse.strip())
    except OSError:
        pass
    return ", ".join(out)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=int, nargs="+", default=[10, 20, 200],
                        help="latencies (ms) at which the speaker's monitor is read")
    parser.add_argument("--games", type=int, default=2, help="games per latency")
    parser.add_argument("--questions", type=int, default=4,
                        help="questions answered before taking the money")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--first-voice", type=int, default=0,
                        help="index of the first game's voice in PLAYER_VOICES")
    parser.add_argument("--quick", action="store_true", help="one game of two questions at 10 ms")
    args = parser.parse_args(argv)
    if args.quick:
        args.latency, args.games, args.questions = [10], 1, 2
    started = datetime.datetime.now(datetime.timezone.utc)
    load = os.getloadavg()
    answers = right_answers()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "heard.jsonl").write_text("")
    results = []
    with tempfile.TemporaryDirectory(prefix="voicehost-heard-cache-") as cache:
        for i, latency in enumerate(args.latency):
            results += run_latency(latency, args.games, args.questions, args.seed + i * args.games,
                                   Path(cache), answers, args.first_voice + i * args.games)
    report(results, argv, started, load)
    return 0


if __name__ == "__main__":
    threading.excepthook = lambda a: print("thread error:", a.exc_value, file=sys.stderr)
    sys.exit(main())
