"""Whole games recorded as transcripts, for the golden-transcript test.

Each scenario plays a whole game (or a kiosk session) and returns its transcript: every
line the host said, every effect, every listen (what the player said, how long the host
listened and a digest of what it listened for). ``tests/golden/<name>.txt`` holds the
transcript a scenario gave when it was recorded; the test plays it again and compares.

The players here read only the game's own state (the engine's ``Turn``) and the locale's
phrase tables, never the host's inner workings, so the same scenario drives the host
before and after a redesign of its insides.

To record the transcripts anew (only after a change meant to alter what players hear):
``VOICEHOST_GOLDEN=update .venv/bin/python -m pytest tests/test_golden_transcripts.py``.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

from voicehost.display.devices import CaptionedOutput, OverheardInput
from voicehost.game.editions import EDITIONS
from voicehost.invocation import program
from voicehost.game.engine import Game
from voicehost.game.rules import Rules
from voicehost.game.turn import Phase
from voicehost.host.loop import Host, HostOptions
from voicehost.host.output import HostOutput
from voicehost.host.player_input import EndOfInput, Heard, InputTraits, PlayerInput
from voicehost.language.locale import Locale
from voicehost.questions.deck import load_decks
from voicehost.testing.scripted_input import FakeClock

HERE = Path(__file__).resolve().parent / "golden"
DECKS = HERE / "decks"
MAX_LISTENS = 700
"""A game that listens more often than this never ends: the scenario fails."""


def questions(language: str):
    return [q for q in load_decks([str(DECKS / f"{language}.yaml")]) if q.language == language]


class Transcript:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, text: str) -> None:
        self.lines.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def digest(phrases) -> str:
    """What was listened for, as a short digest of the set of phrases (order aside)."""
    joined = "\n".join(sorted(set(phrases)))
    return f"{len(set(phrases))}:{hashlib.sha1(joined.encode()).hexdigest()[:8]}"


class TranscriptOutput(HostOutput):
    def __init__(self, transcript: Transcript) -> None:
        self.t = transcript

    def say(self, text: str) -> None:
        self.t.add(text)

    def sound(self, name: str) -> None:
        self.t.add(f"[{name}]")

    def adjust_rate(self, words_per_minute: int) -> None:
        self.t.add(f"[rate {words_per_minute:+d}]")


# ---------------------------------------------------------------------- what players say

class Words:
    """The first phrase of each of the locale's phrase lists: what a plain player says."""

    def __init__(self, locale: Locale) -> None:
        self.ph = locale.phrases

    def letter(self, option: str) -> str:
        return self.ph["letters"][option][0]

    def token(self, token: str, game: Game) -> str:
        ph, q = self.ph, game.question
        if token == "RIGHT":
            return self.letter(q.answer)
        if token == "RIGHT_TEXT":
            return q.option(q.answer)
        if token == "WRONG":
            return self.letter(next(o for o in game.open_options() if o != q.answer))
        if token == "WRONG_TEXT":
            return q.option(next(o for o in game.open_options() if o != q.answer))
        if token == "RIGHT_FINAL":
            return f"{self.letter(q.answer)} {ph['final'][0]}"
        if token == "RIGHT_CARRIED":
            return ph["carriers"][0].replace("{answer}", self.letter(q.answer))
        if token.startswith("L:"):
            return ph["lifeline"][token[2:]][0]
        if token.startswith("H:"):
            return ph["host"][token[2:]][0]
        simple = {"YES": "yes", "NO": "no", "WALK": "walk_away", "NOTYET": "not_yet",
                  "DECOY": "decoys", "OTHERYES": "yes_in_other_words", "STOP": "stop_clock",
                  "NOANSWER": "no_answer"}
        if token in simple:
            return ph[simple[token]][0]
        if token == "FRIEND":
            return game.turn().friends[-1]
        if token == "FRIEND_CARRIED":
            return ph["friend_carriers"][0].replace("{answer}", game.turn().friends[-1])
        if token == "VOTE":
            return self.letter("A")
        return token


@dataclass
class Policy:
    """What a player does once the script has run out: right answers, yes to every
    question, the first vote card, the last friend; walks away at ``walk_at`` and answers
    wrong at ``wrong_at`` (levels; 0: never)."""

    walk_at: int = 0
    wrong_at: int = 0
    call: str = "STOP"
    """During a real call: STOP (the friend answered) or SILENCE (the time runs out)."""

    def next(self, game: Game, after_lifeline: bool) -> str | None:
        turn = game.turn()
        if after_lifeline or turn.phase in (Phase.CONFIRM_ANSWER, Phase.CONFIRM_WALK):
            return "YES"
        if turn.phase is Phase.VOTE:
            return "VOTE"
        if turn.phase is Phase.PICK_FRIEND:
            return "FRIEND"
        if turn.phase is Phase.CALL:
            return None if self.call == "SILENCE" else "STOP"
        if self.walk_at and game.level >= self.walk_at and turn.can_walk:
            return "WALK"
        if self.wrong_at and game.level == self.wrong_at:
            return "WRONG"
        return "RIGHT"


class GoldenPlayer(PlayerInput):
    """Says the script, then follows the policy. Script items: a token of ``Words``, plain
    text, ``None`` (silence for the whole listen), ``"~0.5:TOKEN"`` (heard with that
    confidence) or ``"STOP!"`` (the input ends here)."""

    def __init__(self, game: Game, locale: Locale, transcript: Transcript, clock: FakeClock,
                 script: list, policy: Policy | None, typed: bool = False) -> None:
        self.game, self.words, self.t, self.clock = game, Words(locale), transcript, clock
        self.script, self.policy = list(script), policy
        self.typed = typed
        self.traits = InputTraits(typed=typed, keys=typed)
        self.listens = 0
        self.last = ""

    def listen(self, context, phrases: list[str], timeout: float | None, stop=None) -> Heard | None:
        self.listens += 1
        if self.listens > MAX_LISTENS:
            raise AssertionError("the game never ended:\n" + self.t.text[-3000:])
        listening = f"{{{digest(phrases)} {timeout if timeout is None else round(timeout, 2)}}}"
        if self.script:
            item = self.script.pop(0)
        elif self.policy is not None and not self.game.over:
            lifeline = self.last in [v[0] for v in self.words.ph["lifeline"].values()]
            item = self.policy.next(self.game, lifeline)
        else:
            item = "STOP!"
        if item == "STOP!":
            self.t.add(f"> (the input ends) {listening}")
            raise EndOfInput()
        if item is None:
            self.t.add(f"> (silence) {listening}")
            self.clock.advance(timeout or 0.0)
            self.last = ""
            return None
        confidence = 1.0
        if item.startswith("~"):
            head, item = item[1:].split(":", 1)
            confidence = float(head)
        text = self.words.token(item, self.game) if self.game.question else item
        self.last = text
        self.t.add(f"> {text}" + (f" ~{confidence}" if confidence < 1 else "") + f" {listening}")
        self.clock.advance(1.0)
        return Heard(text, confidence, typed=self.typed)


# ---------------------------------------------------------------------- host games

@dataclass
class HostScenario:
    name: str
    language: str = "en"
    edition: str = "se"
    players: tuple[str, ...] = ("Ann",)
    seed: int = 1
    rules: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    script: list = field(default_factory=list)
    policy: Policy | None = field(default_factory=Policy)
    typed: bool = False
    resume_script: list | None = None
    """After the input ends: the game is rebuilt from its save and resumed with this script."""


def play_host(s: HostScenario, board=None) -> str:
    """The scenario's transcript. ``board(clock)``, when given, makes a game board
    (``voicehost.display.show.Show``) that watches the game as ``voicehost play --display``
    has it watch: told the events, what is said and what is heard."""
    locale = Locale.load(s.language)
    t = Transcript()
    t.add(f"# {s.name}: {s.language}, edition {s.edition}, players {', '.join(s.players)}, "
          f"seed {s.seed}, rules {s.rules}, options {s.options}, {'typed' if s.typed else 'heard'}")
    qs = questions(s.language)
    game = Game(EDITIONS[s.edition], list(s.players), qs, Rules(**s.rules), s.seed)
    saved: dict = {}
    clock = FakeClock()

    show = board(clock) if board else None

    def run(game: Game, script: list, resumed: bool) -> None:
        player = GoldenPlayer(game, locale, t, clock, script, s.policy, s.typed)
        output = TranscriptOutput(t)
        if show is not None:
            show.begin(game)
            player, output = OverheardInput(player, show), CaptionedOutput(output, show)
        host = Host(game, locale, player, output, options=HostOptions(**s.options),
                    save=lambda g: saved.update(game=g.to_dict()), clock=clock, seed=s.seed,
                    log=show)
        host.run(resumed=resumed)

    run(game, s.script, False)
    if s.resume_script is not None:
        t.add("# resumed")
        run(Game.from_dict(saved["game"], qs), s.resume_script, True)
    t.add(f"# over: {game.over}; bank {game.bank.balances}")
    return t.text


HEARD_TRIES = ["H:help", "what a lovely day", "YES", "H:balance", "DECOY", "NOTYET", "RIGHT",
               "H:balance", "H:repeat", "~0.8:YES", "YES",
               "L:ask_audience", "YES", "~0.5:RIGHT", "WRONG", "OTHERYES", "NO", "H:options",
               "RIGHT_TEXT", "YES",
               "L:fifty_fifty", "NO", "L:fifty_fifty", "YES", "L:fifty_fifty", "H:lifelines",
               None, "RIGHT_CARRIED", "YES",
               "L:phone_friend", "blah", "YES", "RIGHT_FINAL", "YES",
               "WALK", "H:balance", "NO", "H:slower", "WALK", "YES"]
TYPED_TRIES = ["help", "2", "n", "RIGHT", "y", "balance", "L:fifty_fifty", "L:fifty_fifty",
               "RIGHT", "y", "xyzzy", "L:ask_audience", "WRONG_TEXT", "n", "RIGHT_FINAL",
               "lifelines", "WALK", "n"]
MISSES = [None, None, "mumble", "mumble", "mumble", "mumble", None, "mumble", "mumble", "mumble",
          "RIGHT", "NO", "RIGHT", "YES"]

HOST_SCENARIOS = [
    HostScenario("heard-en-se-solo", "en", "se", ("Ann",), 1, script=HEARD_TRIES,
                 policy=Policy(walk_at=9)),
    HostScenario("heard-sv-se-solo", "sv", "se", ("Ann",), 2, script=HEARD_TRIES,
                 policy=Policy(wrong_at=7)),
    HostScenario("heard-de-de-solo", "de", "de", ("Ann",), 3, script=HEARD_TRIES,
                 policy=Policy(walk_at=12)),
    HostScenario("heard-en-de-hotseat-three", "en", "de", ("Ann", "Bo", "Cy"), 4,
                 script=HEARD_TRIES, policy=Policy(wrong_at=6), rules={"rounds": 1}),
    HostScenario("heard-en-se-table-three", "en", "se", ("Ann", "Bo", "Cy"), 5,
                 script=HEARD_TRIES + ["L:phone_friend", "YES", "FRIEND_CARRIED"],
                 policy=Policy(wrong_at=5), rules={"rounds": 2}),
    HostScenario("heard-sv-se-table-two", "sv", "se", ("Ann", "Bo"), 6,
                 script=["L:ask_audience", "YES", "WRONG", "YES", "RIGHT", "YES", "RIGHT", "YES",
                         "L:phone_friend", "YES", "WRONG", "YES", "RIGHT", "YES"],
                 policy=Policy(wrong_at=4), rules={"rounds": 1}),
    HostScenario("heard-de-de-two-player-rules", "de", "de", ("Ann", "Bo"), 7,
                 script=["L:ask_audience", "YES", "WRONG", "YES", "WRONG", "YES", "RIGHT", "YES"],
                 policy=Policy(wrong_at=3), rules={"rounds": 1}),
    HostScenario("heard-en-se-real-call-timeout", "en", "se", ("Ann",), 8,
                 script=["RIGHT", "YES", "L:phone_friend", "YES"],
                 policy=Policy(call="SILENCE", walk_at=4), rules={"phone_mode": "real"}),
    HostScenario("heard-de-de-real-call-answered", "de", "de", ("Ann",), 9,
                 script=["L:phone_friend", "YES", None, None, "STOP", "WRONG", "YES"],
                 policy=Policy(walk_at=3), rules={"phone_mode": "real", "rounds": 1}),
    HostScenario("heard-en-se-misses", "en", "se", ("Ann",), 10, script=MISSES,
                 policy=Policy(walk_at=3)),
    HostScenario("heard-en-se-no-confirm", "en", "se", ("Ann", "Bo"), 11,
                 script=["RIGHT", "WRONG", "L:fifty_fifty", "YES"], policy=Policy(wrong_at=5),
                 rules={"confirm_answers": False, "rounds": 1},
                 options={"confirm_lifelines": False, "read_explanations": False}),
    HostScenario("typed-en-se-solo", "en", "se", ("Ann",), 12, script=TYPED_TRIES, typed=True,
                 policy=Policy(walk_at=6)),
    HostScenario("typed-sv-de-solo", "sv", "de", ("Ann",), 13, script=TYPED_TRIES, typed=True,
                 policy=Policy(wrong_at=9)),
    HostScenario("typed-de-se-table", "de", "se", ("Ann", "Bo", "Cy", "Di"), 14,
                 script=TYPED_TRIES, typed=True, policy=Policy(wrong_at=4), rules={"rounds": 2}),
    HostScenario("heard-en-se-resumed", "en", "se", ("Ann", "Bo"), 15,
                 script=["RIGHT", "YES", "RIGHT", "STOP!"], policy=Policy(walk_at=4),
                 resume_script=["RIGHT", "H:help", "YES", "L:ask_audience", "STOP!"]),
    HostScenario("heard-de-de-resumed-at-walk", "de", "de", ("Ann",), 16,
                 script=["RIGHT", "YES", "WALK", "STOP!"], policy=Policy(walk_at=5),
                 resume_script=["NO", "RIGHT", "YES"]),
    HostScenario("heard-en-se-green-and-doubt", "en", "se", ("Ann",), 17,
                 script=["H:repeat", "NO", "b", "NO", "c", "NO", "d", "YES", "sorry", "YES"],
                 policy=Policy(walk_at=3)),
]


# ---------------------------------------------------------------------- kiosk sessions

@dataclass
class KioskScenario:
    name: str
    script: list
    language: str = "en"
    edition: str = "se"
    typed: bool = True
    kiosk: dict = field(default_factory=dict)


class KioskPlayer(PlayerInput):
    """A kiosk visitor: items as ``GoldenPlayer``'s, plus ``("silence", seconds)``, which
    spans as many listens as it takes, and ``"FAULT"`` (the input raises an error)."""

    def __init__(self, game: Callable[[], Game | None], locale: Locale, transcript: Transcript,
                 clock: FakeClock, script: list, typed: bool) -> None:
        self.game, self.words, self.t, self.clock = game, Words(locale), transcript, clock
        self.script = list(script)
        self.typed = typed
        self.traits = InputTraits(typed=typed, keys=typed)

    def listen(self, context, phrases: list[str], timeout: float | None, stop=None) -> Heard | None:
        listening = f"{{{digest(phrases)} {timeout if timeout is None else round(timeout, 2)}}}"
        if not self.script:
            self.t.add(f"> (the input ends) {listening}")
            raise EndOfInput()
        item = self.script.pop(0)
        if isinstance(item, tuple):
            seconds = item[1]
            wait = seconds if timeout is None else min(timeout, seconds)
            if seconds > wait:
                self.script.insert(0, ("silence", seconds - wait))
            self.t.add(f"> (silence {wait:g} s) {listening}")
            self.clock.advance(wait)
            return None
        if item is None:
            self.t.add(f"> (silence) {listening}")
            self.clock.advance(timeout or 0.0)
            return None
        if item == "FAULT":
            self.t.add(f"> (the input fails) {listening}")
            raise RuntimeError("a scripted fault")
        game = self.game()
        text = self.words.token(item, game) if game is not None and game.question else item
        self.t.add(f"> {text} {listening}")
        self.clock.advance(1.0)
        return Heard(text, 1.0, typed=self.typed)


KIOSK_SCENARIOS = [
    KioskScenario("kiosk-en-typed", [None, "help", "hello", "play", "RIGHT", "y", "H:balance",
                                     "RIGHT", "y", "WALK", "y", None, "1", "WRONG", "y",
                                     "2", "quit", None]),
    KioskScenario("kiosk-en-idle-and-time-up", [
        "play", "RIGHT", "y", ("silence", 200), "play", "RIGHT", "y", "RIGHT", "y",
        ("silence", 25), "RIGHT", "y", ("silence", 25), "RIGHT", "y", "RIGHT", "y"],
        kiosk={"idle_seconds": 30, "idle_grace_seconds": 15, "max_game_minutes": 1}),
    KioskScenario("kiosk-sv-heard", ["DECOY", "spela", "RIGHT", "YES", "L:fifty_fifty", "YES",
                                     "RIGHT", "YES", "WALK", "YES", ("silence", 130), "kör",
                                     "WRONG", "YES"], language="sv", typed=False),
    KioskScenario("kiosk-de-de-fault-and-name", ["starten", "RIGHT", "j", "FAULT", None,
                                                 "spielen", "RIGHT", "j", "WALK", "j", "Zoë",
                                                 "1", "WRONG", "j", ""], language="de",
                  edition="de", kiosk={"ask_name": True}),
]


def play_kiosk(s: KioskScenario, watch=None) -> str:
    """The session's transcript. ``watch(clock, wall, scores)``, when given, makes what
    watches the booth (``voicehost.kiosk.watch.BoothWatch``) and returns it with a function
    that wraps the booth's devices (as ``voicehost kiosk --display`` does)."""
    from voicehost.config import GameSettings, KioskSettings, Settings
    from voicehost.kiosk.booth import Booth
    from voicehost.kiosk.decks import DeckSource
    from voicehost.kiosk.scores import ScoreTable
    import tempfile

    t = Transcript()
    t.add(f"# {s.name}: {s.language}, edition {s.edition}, {'typed' if s.typed else 'heard'}, "
          f"kiosk {s.kiosk}")
    locale = Locale.load(s.language)
    settings = Settings(game=GameSettings(seed=5, edition=s.edition, language=s.language,
                                          decks=(str(DECKS / f"{s.language}.yaml"),)),
                        kiosk=KioskSettings(**s.kiosk))
    clock = FakeClock()
    holder: dict = {}

    def current():
        booth = holder.get("booth")
        return booth.current.game if booth is not None and booth.current is not None else None

    visitor = KioskPlayer(current, locale, t, clock, s.script, s.typed)
    log = logging.getLogger("voicehost.kiosk.golden")
    log.disabled = True
    noon = datetime(2026, 6, 1, 12, 0).astimezone()
    with tempfile.TemporaryDirectory() as tmp:
        table = ScoreTable.open(Path(tmp) / "scores.sqlite3")
        try:
            watcher, devices = watch(clock, noon, table) if watch else (None, lambda d: d)
            booth = Booth(settings, locale, lambda: devices((visitor, TranscriptOutput(t))), table,
                          DeckSource([str(DECKS / f"{s.language}.yaml")], s.language, log,
                                     edition=EDITIONS[s.edition]),
                          log=log, clock=clock, wall=lambda: noon, sleep=lambda s: None,
                          watch=watcher)
            holder["booth"] = booth
            status = booth.run()
            t.add(f"# exit {status}")
            for row in table.export_rows():
                t.add("# recorded: " + ", ".join(map(str, row[3:])))
        finally:
            table.close()
    return t.text


# ---------------------------------------------------------------------- the command line

@dataclass
class CliScenario:
    name: str
    args: list[str]
    stdin: str = ""
    language: str = "en"
    resume_stdin: str | None = None
    stderr: bool = True
    mic_script: list[str] | None = None
    """Spoken by an espeak-ng voice into a WAV for ``--mic-file`` (with 1.2 s between)."""


CLI_SCENARIOS = [
    CliScenario("cli-play-en-se", ["play", "--input", "text", "--players", "Ann,Bo", "--seed", "21",
                                   "--rounds", "1"],
                "help\n2\ny\nb\nn\nfifty fifty\nbalance\n1\ny\nask the audience\n3\ny\n"
                "a\nyes\nd\nfinal answer\nlifelines\nc\ny\n4\ny\n"),
    CliScenario("cli-play-sv-de", ["play", "--input", "text", "--players", "Ann", "--seed", "22",
                                   "--edition", "de", "--lang", "sv"],
                "hjälp\n2\nj\nfemtio femtio\n1\nj\nsaldo\nta pengarna\nn\n3\nj\n4\nj\n",
                language="sv", resume_stdin="upprepa\n2\nj\nta pengarna\nj\n"),
    CliScenario("cli-play-de-se-ask-count", ["play", "--input", "text", "--seed", "23",
                                             "--lang", "de", "--edition", "se"],
                "sieben\nzwei\n1\nj\n2\nj\npublikumsjoker\n1\nj\n2\nj\nbeenden\n", language="de",
                resume_stdin="kontostand\n3\nj\n"),
    CliScenario("cli-kiosk-en", ["kiosk", "--input", "text", "--seed", "24"],
                "hello\nplay\n1\ny\n2\ny\nwalk away\ny\nplay\n3\ny\nquit\n", stderr=False),
    CliScenario("cli-kiosk-de", ["kiosk", "--input", "text", "--seed", "25", "--lang", "de",
                                 "--edition", "de"],
                "spielen\n1\nj\n2\nj\n3\nj\n", language="de", stderr=False),
    CliScenario("mic-en-se", ["play", "--players", "Ann", "--seed", "26", "--rounds", "1"],
                mic_script=["help", "bravo", "yes", "fifty fifty", "yes", "I think it's c",
                            "no", "charlie", "yes", "take the money", "yes"]),
    CliScenario("mic-en-de", ["play", "--players", "Ann", "--seed", "27", "--edition", "de",
                              "--rounds", "1"],
                mic_script=["balance", "bravo", "yes", "ask the audience", "yes", "delta",
                            "final answer", "yes", "repeat", "walk away", "no", "bravo", "yes"]),
]


def run_cli(s: CliScenario, tmp: Path) -> str:
    """The scenario through ``python -m voicehost`` (stdout, and stderr when it says no
    times), typed or with ``--mic-file``."""
    language = s.language
    (tmp / "config.yaml").write_text(
        f"game:\n  decks: [{DECKS / (language + '.yaml')}]\n  language: {language}\n"
        f"  save_file: {tmp / 'save.json'}\n"
        "input:\n  silence_seconds: 4\n")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_STATE_HOME": str(tmp / "state"),
           "XDG_CACHE_HOME": str(tmp / "cache"), "HOME": str(tmp)}
    base = [sys.executable, "-m", "voicehost"]
    shown_as = program(str(Path(__file__).resolve().parents[1] / "voicehost" / "__main__.py"))
    out = [f"# {s.name}: voicehost {' '.join(s.args)}"]

    def plain(text: str) -> str:
        """The hints name ``python -m voicehost`` by this machine's Python: as ``voicehost``."""
        return text.replace(str(tmp), "TMP").replace(shown_as, "voicehost")

    def once(args: list[str], stdin: str) -> None:
        argv = [args[0], "--config", str(tmp / "config.yaml"), *args[1:]]
        run = subprocess.run(base + argv, input=stdin, text=True, capture_output=True, cwd=tmp,
                             env=env, timeout=300)
        shown = " ".join(args).replace(str(tmp), "TMP")
        out.append(f"$ voicehost {shown}  (exit {run.returncode})")
        out.append(plain(run.stdout).rstrip("\n"))
        if s.stderr and run.stderr.strip():
            out.append("stderr: " + plain(run.stderr).rstrip("\n"))

    if s.mic_script is not None:
        from voicehost.audio.wav import write_wav
        from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak
        voice = PLAYER_VOICES[0]
        gap = silence(1.2)
        write_wav(tmp / "player.wav",
                  concat(*[part for text in s.mic_script for part in (speak(text, voice), gap)]))
        once([*s.args, "--mic-file", str(tmp / "player.wav"), "--speaker-file",
              str(tmp / "host.wav")], "")
    else:
        once(s.args, s.stdin)
    if s.resume_stdin is not None:
        seed = s.args[s.args.index("--seed") + 1]  # the narrator's choice of words
        once(["play", "--input", "text", "--resume", "--seed", seed], s.resume_stdin)
    return "\n".join(out) + "\n"
