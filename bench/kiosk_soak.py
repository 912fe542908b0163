"""The kiosk soak: many kiosk games in a row, played by simulated visitors through the
real kiosk, host, voice input, listener and recogniser, in fast mode.

    python bench/kiosk_soak.py [--games 1000] [--seed 1] [--quick]

Every game goes through ``voicehost.kiosk.booth.Booth`` (attract, start phrase, one
hot-seat game, idle and time limit, the score table in a temporary folder) with the
real ``VoiceInput`` and the recogniser the game would pick (PocketSphinx unless a Vosk
English model is installed). Visitors speak: each phrase is rendered once by espeak-ng
in one of two ``PLAYER_VOICES`` and served by a microphone that plays the clip, then a
quiet room (faint noise). No real-time waits: the kiosk runs on a fake clock that each
utterance and each silence advances. Visitors mix behaviours: answering (right with a
chance that falls with the level), every lifeline, walking away, falling silent
mid-game (the kiosk asks, then ends the game), talking nonsense, hesitating at "final
answer?", and ignoring the kiosk between games (invitations).

Prints games per minute, the endings, errors logged by the kiosk (target 0) and the
resident memory (RSS) at games 50, 500 and 1,000 (target: growth from 50 to 1,000 under
10 MB), with the command, the date, the machine and the versions.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import logging
import os
import platform
import random
import shlex
import sys
import tempfile
import time
from array import array
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine import cpu_model, package_versions  # noqa: E402

from voicehost.audio.microphone import Microphone  # noqa: E402
from voicehost.config import GameSettings, KioskSettings, Settings  # noqa: E402
from voicehost.game.editions import EDITIONS  # noqa: E402
from voicehost.host.moments import Context, Moment  # noqa: E402
from voicehost.host.output import HostOutput  # noqa: E402
from voicehost.host.player_input import EndOfInput, Heard, PlayerInput  # noqa: E402
from voicehost.host.session import deck_paths  # noqa: E402
from voicehost.kiosk.booth import Booth  # noqa: E402
from voicehost.kiosk.decks import DeckSource  # noqa: E402
from voicehost.kiosk.scores import ScoreTable  # noqa: E402
from voicehost.language.locale import Locale  # noqa: E402
from voicehost.speech.models import default_models_dir  # noqa: E402
from voicehost.speech.recognizers import make_recognizer  # noqa: E402
from voicehost.testing.scripted_input import FakeClock  # noqa: E402
from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak  # noqa: E402
from voicehost.voice.voice_input import VoiceInput  # noqa: E402

RATE = 16000
BLOCK = RATE * 30 // 1000 * 2
"""30 ms of 16-bit mono audio, as a sound card delivers it."""
MILESTONES = (50, 500, 1000)
NATO = {"A": "alpha", "B": "bravo", "C": "charlie", "D": "delta"}
LIFELINE_WORDS = {"fifty_fifty": "fifty fifty", "ask_audience": "ask the audience",
                  "phone_friend": "phone a friend"}
NONSENSE = ("purple elephant dancing", "what time is the bus", "banana telephone",
            "is this thing on", "hello hello")
BEHAVIOURS = {"answers": 30, "lifelines": 20, "walker": 15, "silent": 15, "nonsense": 10,
              "hesitant": 10}


class RoomMicrophone(Microphone):
    """Plays the clip it was given, then a quiet room (faint noise), block by block."""

    rate = RATE

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self._room = array("h", (rng.randint(-20, 20) for _ in range(RATE))).tobytes()
        self._offset = 0
        self._pending = b""

    def play(self, pcm: bytes) -> None:
        self._pending = pcm + bytes(int(0.8 * RATE) * 2)

    def start(self) -> None:
        pass

    def read(self, timeout: float) -> bytes:
        if self._pending:
            chunk, self._pending = self._pending[:BLOCK], self._pending[BLOCK:]
            return chunk.ljust(BLOCK, b"\0")
        chunk = self._room[self._offset:self._offset + BLOCK]
        self._offset = (self._offset + BLOCK) % (len(self._room) - BLOCK)
        return chunk

    def flush(self) -> None:
        """The clip is given just before the listen; nothing to drop."""

    def stop(self) -> None:
        pass


class QuietOutput(HostOutput):
    """Counts the host's lines and sounds and keeps none (a soak must not grow by them)."""

    def __init__(self) -> None:
        self.lines = 0
        self.sounds = 0

    def say(self, text: str) -> None:
        self.lines += 1

    def sound(self, name: str) -> None:
        self.sounds += 1


class Visitors(PlayerInput):
    """One simulated visitor after another, each with a behaviour, speaking through the
    real voice input; silence advances the fake clock instead."""

    def __init__(self, voice: VoiceInput, mic: RoomMicrophone, clock: FakeClock, games: int,
                 seed: int, on_game: callable) -> None:
        self.voice = voice
        self.mic = mic
        self.clock = clock
        self.games_wanted = games
        self.rng = random.Random(seed)
        self.on_game = on_game
        self.booth: Booth | None = None
        self.clips: dict[tuple[str, int], object] = {}
        self.behaviour = "answers"
        self.voice_index = 0
        self.falls_silent_at = 0
        self.walks_at = 0
        self.utterances = 0
        self.behaviours: Counter = Counter()
        self._seen_games = -1

    # ------------------------------------------------------------------ listening
    def listen(self, context: Context, phrases: list[str], timeout: float | None, stop=None) -> Heard | None:
        if context.moment is Moment.ATTRACT:
            text = self.at_the_kiosk()
        else:
            text = self.in_the_game(context)
        if text is None:
            self.clock.advance(timeout if timeout is not None else 10.0)
            return None
        clip = self.clip(text)
        self.mic.play(clip.pcm)
        self.utterances += 1
        heard = self.voice.listen(context, phrases, timeout if timeout is not None else 10.0)
        self.clock.advance(clip.seconds + 0.5)
        return heard

    def clip(self, text: str):
        key = (text, self.voice_index)
        if key not in self.clips:
            self.clips[key] = concat(silence(0.3), speak(text, PLAYER_VOICES[self.voice_index]))
        return self.clips[key]

    # ------------------------------------------------------------------ behaviour
    def at_the_kiosk(self) -> str | None:
        games = self.booth.games
        if games != self._seen_games:
            self._seen_games = games
            self.on_game(games)
            if games >= self.games_wanted:
                raise EndOfInput()
            self.new_visitor()
        roll = self.rng.random()
        if roll < 0.15:
            return None  # nobody there: the kiosk invites
        if roll < 0.2:
            return self.rng.choice(NONSENSE)
        return self.rng.choice(["let's play", "play", "start", "i want to play"])

    def new_visitor(self) -> None:
        names, weights = zip(*BEHAVIOURS.items())
        self.behaviour = self.rng.choices(names, weights)[0]
        self.behaviours[self.behaviour] += 1
        self.voice_index = self.rng.randrange(2)
        self.falls_silent_at = self.rng.randint(1, 5)
        self.walks_at = self.rng.randint(2, 6)

    def in_the_game(self, context: Context) -> str | None:
        game = self.booth.current.game
        turn = game.turn()
        b, rng, phase = self.behaviour, self.rng, context.moment.value
        if b == "silent" and turn.level >= self.falls_silent_at:
            return None
        if b == "nonsense" and rng.random() < 0.3:
            return rng.choice(NONSENSE + ("ha ha", "hmm"))
        if phase == "confirm_answer":
            if b == "hesitant" and rng.random() < 0.4:
                return rng.choice(["no", "not sure", "wait"])
            return "yes"
        if phase in ("confirm_walk", "confirm_lifeline"):
            return "yes"
        if phase == "call":
            return "stop the clock"
        if phase != "answer":
            return rng.choice(["repeat", "help"])
        if b == "walker" and turn.level >= self.walks_at and turn.can_walk:
            return "take the money"
        knows = rng.random() < max(0.3, 1.0 - 0.06 * (turn.level - 1))
        if turn.lifelines and (b == "lifelines" or (not knows and rng.random() < 0.4)):
            return LIFELINE_WORDS[rng.choice(turn.lifelines)]
        if rng.random() < 0.05:
            return rng.choice(["repeat", "balance", "options"])
        letter = turn.question.answer if knows else rng.choice(list(turn.open_options))
        return rng.choice([letter.lower(), NATO[letter], f"answer {letter.lower()}"])


class ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="100 games (a smoke run)")
    args = ap.parse_args(argv)
    games = 100 if args.quick else args.games

    locale = Locale.load("en")
    settings = Settings(game=GameSettings(seed=args.seed), kiosk=KioskSettings())
    recognizer = make_recognizer("auto", "en", None, default_models_dir(None))
    mic = RoomMicrophone(args.seed)
    voice = VoiceInput(mic, recognizer, None, locale=locale)
    clock = FakeClock()
    rss: dict[int, float] = {}
    started = time.monotonic()
    timeline: dict[int, float] = {}

    def on_game(n: int) -> None:
        if n in MILESTONES or n == games:
            gc.collect()
            rss[n] = rss_mb()
            timeline[n] = time.monotonic() - started
            print(f"  game {n}: RSS {rss[n]:.1f} MB after {timeline[n]:.0f} s", flush=True)

    visitors = Visitors(voice, mic, clock, games, args.seed, on_game)
    output = QuietOutput()
    log = logging.getLogger("voicehost.kiosk.soak")
    log.propagate = False
    log.setLevel(logging.INFO)
    errors = ErrorCount()
    log.addHandler(errors)
    with tempfile.TemporaryDirectory() as tmp:
        table = ScoreTable.open(Path(tmp) / "scores.sqlite3")
        booth = Booth(settings, locale, lambda: (visitors, output), table,
                      DeckSource(deck_paths(settings), "en", log, edition=EDITIONS[settings.game.edition]),
                      log=log, clock=clock)
        visitors.booth = booth
        print(f"kiosk soak: {games} games, recogniser {recognizer.name}", flush=True)
        booth.run()
        endings = Counter(g.game.ending for g in table.standings())
        table.close()
    elapsed = time.monotonic() - started
    report(args, games, booth.games, elapsed, endings, visitors, output, errors, rss, recognizer.name)
    return 0 if not errors.messages else 1


def report(args, wanted, played, elapsed, endings, visitors, output, errors, rss, engine) -> None:
    print("")
    print("voicehost kiosk soak")
    print(f"command: (cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} "
          f"bench/kiosk_soak.py {' '.join(map(shlex.quote, sys.argv[1:]))})")
    print(f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, {platform.platform()}, "
          f"Python {platform.python_version()}")
    print(f"versions: {', '.join(package_versions(['pocketsphinx', 'vosk', 'PyYAML']))}")
    print(f"recogniser: {engine}")
    print(f"games: {played} in {elapsed / 60:.1f} min = {played / (elapsed / 60):.1f} games/min "
          f"({visitors.utterances} utterances heard through the recogniser, {output.lines} host lines)")
    print(f"visitors: {dict(visitors.behaviours)}")
    print(f"endings: {dict(endings)}")
    print(f"errors logged by the kiosk: {len(errors.messages)}")
    for message in errors.messages[:5]:
        print(f"  {message.splitlines()[0]}")
    print("RSS: " + ", ".join(f"game {n}: {mb:.1f} MB" for n, mb in sorted(rss.items())))
    first, last = min(rss, default=None), max(rss, default=None)
    if first is not None and last != first:
        growth = rss[last] - rss[first]
        print(f"growth from game {first} to game {last}: {growth:+.1f} MB")
    print("")
    print(f"TARGET errors = 0: {'PASS' if not errors.messages else 'MISS'}")
    if 50 in rss and 1000 in rss:
        growth = rss[1000] - rss[50]
        print(f"TARGET RSS growth from game 50 to 1,000 < 10 MB: {growth:+.1f} MB  "
              f"{'PASS' if growth < 10 else 'MISS'}")
    else:
        print("TARGET RSS growth from game 50 to 1,000 < 10 MB: not measured (fewer than 1,000 games)")


if __name__ == "__main__":
    sys.exit(main())
