"""The kiosk's main loop: attract, one game, the results, and again, for weeks.

``Booth.run()`` is a state machine, in the manner of wyoming-satellite's satellite:

    ATTRACT --a player starts--> PLAYING --the game ends--> RESULTS --> ATTRACT
       |                         (a device failing in a game    |
       +--a fault--> RESTARTING   is reopened before RESULTS)   +--stopping--> STOPPING
                         |
                         +--> ATTRACT
    ATTRACT and RESTARTING go to STOPPING once stopping() (SIGTERM, SIGHUP, SIGINT), or when
    the typed input ends; a game in progress then ends and is recorded first.

Every change an operator should see (a state entered, an error, a device lost or back:
``DeviceWatch``) is passed on through ``changed`` (the status file is written then).

It opens the devices when it starts running; devices that cannot be opened (no
microphone and no terminal to type on, a speaker unplugged) are waited for, the reason
said once in the log, the status and to systemd, never an exit into a restart loop. It
returns 0 when it is asked to stop or, with ``--input text``, when the typed input
ends; nothing a player says or types stops it. A stop is a flag (``StopSignals``) that every listen
and every line checks: the game in progress ends through the engine and is recorded,
and nothing more is said. Any other error inside a game is logged with its traceback,
the host apologises in one sentence and the game is recorded (ending "error", winnings
kept); exceptions report faults, they do not steer the flow.
"""

from __future__ import annotations

import logging
import random
from datetime import date, datetime
from enum import Enum
from typing import Callable

from ..config import Settings
from ..errors import FixableError
from ..game.events import Ending
from ..host.ask import Asker, Understood
from ..host.host_commands import StartGame, TypedName
from ..host.intents import interpret
from ..host.moments import Context, Moment
from ..host.output import HostOutput
from ..host.phrases import Phrases
from ..host.player_input import Clock, EndOfInput, PlayerInput
from ..host.history import QuestionHistory, history_path
from ..host.session import confirm_everything, draws, remembers
from ..language.locale import Locale
from .attract import Attract
from .decks import DeckSource
from .device_watch import DeviceWatch
from .game import KioskGame, new_game
from .lines import KioskLines
from .names import clean_name
from .scores import GameRecord, Placing, ScoreError, ScoreTable
from .shutdown import FinishLine, StopSignals
from .status import Facts
from .watch import BoothWatch

Devices = Callable[[], "tuple[PlayerInput, HostOutput]"]
REOPEN_SECONDS = 2.0
"""How long to wait before trying again to open devices that failed to open; each try
that fails again waits twice as long, up to ``WAIT_MAX_SECONDS``."""
WAIT_MAX_SECONDS = 30.0


def local_now() -> datetime:
    return datetime.now().astimezone()


class State(Enum):
    ATTRACT = "attract"
    """Inviting passers-by, listening for a start."""
    PLAYING = "playing"
    """One game in the hot seat."""
    RESULTS = "results"
    """The game just played is recorded and its place announced."""
    RESTARTING = "restarting"
    """After a fault: the devices are closed and opened again."""
    STOPPING = "stopping"
    """Asked to stop, or the typed input ended: the devices are closed, ``run`` returns."""


class Booth:
    def __init__(self, settings: Settings, locale: Locale, open_devices: Devices,
                 scores: ScoreTable, decks: DeckSource, *, log: logging.Logger, clock: Clock,
                 wall: Callable[[], datetime] = local_now, signals: StopSignals | None = None,
                 heartbeat: Callable[[], None] = lambda: None,
                 ready: Callable[[], None] = lambda: None,
                 waiting: Callable[[str | None], None] = lambda reason: None,
                 sleep: Callable[[float], None] | None = None,
                 changed: Callable[[], None] = lambda: None,
                 watch: BoothWatch | None = None,
                 history: QuestionHistory | None = None) -> None:
        self.settings = settings
        self.locale = locale
        self.open_devices = open_devices
        self.scores = scores
        self.decks = decks
        self.log = log
        self.clock = clock
        self.wall = wall
        self.signals = signals or StopSignals()
        self.heartbeat = heartbeat
        self.ready = ready
        """Called once the booth runs and is about to invite, or to wait for its devices
        (systemd's ``READY=1``)."""
        self.waiting = waiting
        """Told why the devices cannot be opened (None: they are open again), for the status
        and systemd's ``STATUS=``."""
        self._ready = False
        self.changed = changed
        """Called on every change an operator should see at once (``facts()`` changed)."""
        self.sleep = sleep or self.signals.nap
        self.devices = DeviceWatch(log, wall, lambda: self.heartbeat(), lambda: self.changed())
        """The device being waited for, if any (for the status)."""
        self.watch = watch or BoothWatch()
        """Told what the booth does (a screen beside it)."""
        if history is None and remembers(settings):
            history = QuestionHistory(history_path(settings.kiosk.state_dir), self._memory_trouble)
        self.history = history
        """The memory of questions asked, shared with ``voicehost play`` (None: not used)."""
        seed = settings.game.seed
        self.rng = random.Random(seed)
        self.lines = KioskLines(locale, random.Random(seed))
        self.phrases = Phrases.of(locale)
        self.attract = Attract(self.lines, self.phrases,
                               every_seconds=settings.kiosk.attract_every_seconds,
                               quiet_hours=settings.kiosk.quiet_hours, clock=clock,
                               wall=wall, heartbeat=self.devices.beat)
        self.input: PlayerInput | None = None
        self.output: HostOutput | None = None
        self.state = State.STOPPING
        """The state the booth is in (STOPPING before it runs and after)."""
        self.games = 0
        """Games played since the kiosk started."""
        self.current: KioskGame | None = None
        """The game being played, or just played, if any."""
        self.last_error: str | None = None
        self._numbers: dict[date, int] = {}
        self._played: tuple[KioskGame, str, datetime, int] | None = None
        """The game just played, its ending, when it started and the player's number."""
        self._next_visitor = False
        """Asked for a name, the next visitor started a game instead (an answer key)."""
        self._steps = {State.ATTRACT: self._attract, State.PLAYING: self._play,
                       State.RESULTS: self._results, State.RESTARTING: self._restart}

    def stopping(self) -> bool:
        return self.signals.stopping()

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Open the devices (waiting for them as long as it takes), then go from state to
        state until STOPPING."""
        self.state = State.RESTARTING  # opening the devices
        devices = self._open()
        if devices is None:  # asked to stop while waiting for the devices
            self.log.info("stopped by signal %s", self.signals.requested)
            return 0
        self.input, self.output = devices
        if self.input.traits.confirm_everything:
            self.settings = confirm_everything(self.settings)
        self.log.info("kiosk started: edition %s, input %s", self.settings.game.edition,
                      type(self.input).__name__)
        self.state = State.ATTRACT
        self._tell_ready()
        try:
            while self.state is not State.STOPPING:
                self.state = self._steps[self.state]()
                self.changed()
        finally:
            self._close()
        if self.stopping():
            self.log.info("stopped by signal %s", self.signals.name)
        return 0

    def _attract(self) -> State:
        if self.stopping():
            return State.STOPPING
        self.watch.attract()
        try:
            started = self.attract.wait_for_player(self.input, self.output, self.stopping)
        except EndOfInput:
            self.log.info("the input ended; kiosk stopped")
            return State.STOPPING
        except Exception as exc:  # noqa: BLE001 - the booth keeps going
            self.fault(exc, None)
            self.sleep(REOPEN_SECONDS)  # an input that keeps failing must not spin
            return State.RESTARTING
        return State.PLAYING if started else State.STOPPING

    def _play(self) -> State:
        started = self.wall()
        number = self.player_number(started.date())
        seed = self.rng.randrange(2**31)
        try:
            questions = self.decks.current()
            drawn = draws(self.settings, questions, self.decks.language, self._memory_trouble,
                          self.history)
            game = KioskGame(new_game(self.settings, self.locale.line("kiosk.player_name", n=number),
                                      questions, seed, drawn.draw_first),
                             self.locale, self.lines, self.input, self.output, self.settings,
                             clock=self.clock, heartbeat=self.devices.beat, seed=seed,
                             stop=self.stopping, watcher=self.watch, recorder=drawn.recorder)
        except Exception as exc:  # noqa: BLE001 - a deck that cannot make a game
            self._numbers[started.date()] = number - 1  # no game: the number is not used
            self.fault(exc, None)
            return State.ATTRACT
        self.input.drop_keys()  # keys mashed before the start do not answer the first question
        self.log.info("game %d started: player %d of today", self.games + 1, number)
        self.current = game
        self.watch.playing(game.game)
        try:
            ending = game.run()
        except Exception as exc:  # noqa: BLE001 - any error inside a game ends only the game
            game.abandon(Ending.ERROR)
            ending = "error"
            self.fault(exc, game)
        self._played = (game, ending, started, number)
        return State.RESULTS

    def _results(self) -> State:
        """Record the game just played (asking for a name first, when set) and announce its
        place on today's and the all-time table, unless the kiosk is stopping."""
        game, ending, started, number = self._played
        self._played = None
        label = self.locale.line("kiosk.player_label", n=number)
        if not self.stopping() and self.settings.kiosk.ask_name and self.input.traits.typed \
                and not self.input.traits.only_keys:
            label = self.ask_name(self.locale.line("kiosk.player_name", n=number)) or label
        record = GameRecord(started=started, ended=self.wall(), edition=self.settings.game.edition,
                            player=label, winnings=game.winnings(), ending=ending,
                            answers=tuple(game.tally.answers))
        self.games += 1
        try:
            with self.signals.deferred():
                placing = self.scores.record(record)
        except ScoreError as exc:
            self.last_error = f"{self.wall():%Y-%m-%d %H:%M} {exc}".splitlines()[0]
            self.log.error("the game could not be recorded: %s", exc)
            self.watch.recorded(record, None)
        else:
            self.watch.recorded(record, placing)
            self.log.info("game %d ended: %s, %d won, place %d today, %d of all time", self.games,
                          ending, record.winnings, placing.today, placing.all_time)
            if self.output is not None:  # said only when not stopping (FinishLine)
                self.output.say(self.place_line(placing, record.winnings))
        self.current = None
        self.attract.after_game()
        if self.stopping():
            return State.STOPPING
        started_next, self._next_visitor = self._next_visitor, False
        return State.PLAYING if started_next else State.ATTRACT

    def _restart(self) -> State:
        """Close the devices and open them again (trying until they open)."""
        self.reopen()
        return State.STOPPING if self.stopping() else State.ATTRACT

    def reopen(self) -> None:
        self._close()
        self.input = self.output = None
        devices = self._open()
        if devices is not None:
            self.input, self.output = devices
            self.log.info("devices reopened")
            self.devices.back()

    def ask_name(self, player: str) -> str | None:
        """A name typed for the table (``kiosk.ask_name``, kept clean: ``names.py``), or
        None: Enter, silence for ``kiosk.idle_seconds``, a stop, the end of the input, or
        nothing of a name. What would start a game (an answer key, "play") is the next
        visitor starting one, never the name: that game starts as soon as this one is
        recorded."""
        self.output.say(self.lines.line("ask_name", player=player))
        try:
            outcome = Asker(self.input, self.phrases).ask(
                Context(Moment.NAME), self.settings.kiosk.idle_seconds, self.stopping)
        except EndOfInput:
            return None
        if not (isinstance(outcome, Understood) and isinstance(outcome.command, TypedName)):
            return None
        typed = outcome.command.name
        if isinstance(interpret(typed, Context(Moment.ATTRACT), self.phrases, typed=True), StartGame):
            self._next_visitor = True
            return None
        name = clean_name(typed)
        if not name:
            return None
        self.output.say(self.lines.line("name_kept", name=name))
        return name

    def place_line(self, placing: Placing, winnings: int) -> str:
        """Where the game puts the player; a player who won nothing is placed nowhere (every
        game that won nothing shares the last place, which is no news to tell)."""
        if winnings <= 0:
            return self.lines.line("place_nothing_won")
        all_time = self.lines.ordinal(placing.all_time)
        if placing.today_games == 1:
            return self.lines.line("place_first_today", all_time=all_time)
        return self.lines.line("place", today=self.lines.ordinal(placing.today), all_time=all_time)

    def facts(self) -> Facts:
        """For the status file: the games played today (the table's count, or the booth's own
        when that is more: a table that was removed or could not be written), the last
        error, the state and a device waited for."""
        day = self.wall().date()
        counted = self._numbers.get(day, 0) - (1 if self.state in (State.PLAYING, State.RESULTS) else 0)
        try:
            games_today = max(self.scores.next_player_number(day) - 1, counted)
        except ScoreError:
            games_today = counted
        return Facts(games_today, self.last_error, self.state.value, self.devices.lost)

    def player_number(self, day: date) -> int:
        """The table's count for the day, never less than the booth's own (kept for when the
        table cannot be read, or was removed and made again: numbers never restart)."""
        counted = self._numbers.get(day, 0)
        try:
            number = max(self.scores.next_player_number(day), counted + 1)
        except ScoreError as exc:
            self.log.error("the score table cannot be read: %s", exc)
            number = counted + 1
        self._numbers[day] = number
        return number

    # ------------------------------------------------------------------ faults
    def _memory_trouble(self, text: str) -> None:
        """The memory of questions asked is damaged or cannot be used: logged (once each
        kind, ``history.py``), never said to players; the games go on."""
        self.log.warning("%s", text)

    def fault(self, exc: Exception, game: KioskGame | None) -> None:
        """Log it with its traceback; inside a game, reopen the devices after a device
        error (a ``FixableError``) and apologise."""
        self.last_error = f"{self.wall():%Y-%m-%d %H:%M} {type(exc).__name__}: {exc}".splitlines()[0]
        self.log.error("error %s: %s", "in a game" if game else "between games", self.last_error,
                       exc_info=exc)
        self.changed()
        if game is not None and isinstance(exc, FixableError):
            self.reopen()
        if game is not None and self.output is not None:
            try:
                self.output.say(self.lines.line("apology", amount=game.money(game.winnings())))
            except EndOfInput:
                raise
            except Exception as again:  # noqa: BLE001 - the apology could not be said either
                self.log.error("the apology could not be said: %s", again)

    def _wrap(self, player_input: PlayerInput, output: HostOutput) -> tuple[PlayerInput, HostOutput]:
        """A device lost inside a game is waited for in the device's own retry loop; the
        heartbeat goes on from there, so systemd does not take the wait for a hang. Every
        line is finished before a stop, and none is said after it."""
        player_input.keep_alive(self.devices.pinger("input", player_input))
        output.keep_alive(self.devices.pinger("output", output))
        return player_input, FinishLine(output, self.signals)

    def _open(self) -> tuple[PlayerInput, HostOutput] | None:
        """Open the devices, trying again until they open: after REOPEN_SECONDS, then twice
        as long each time up to WAIT_MAX_SECONDS, the heartbeat going on. Why they cannot
        be opened is logged and told (``waiting``) once, and again when the reason changes.
        None once the booth is asked to stop."""
        wait, told = REOPEN_SECONDS, None
        while not self.stopping():
            try:
                devices = self._wrap(*self.open_devices())
            except FixableError as exc:
                reason = " ".join(str(exc).split())
                if reason != told:
                    told = reason
                    self.log.error("the devices cannot be opened (%s); trying again in %g s, "
                                   "then every %g s at most", reason, wait, WAIT_MAX_SECONDS)
                    self.last_error = f"{self.wall():%Y-%m-%d %H:%M} waiting for the devices: {reason}"
                    self._tell_ready()  # the booth runs, waiting: no start timeout, no restart loop
                    self.waiting(reason)
                self.sleep(wait)
                self.heartbeat()
                wait = min(wait * 2, WAIT_MAX_SECONDS)
                continue
            if told is not None:
                self.log.info("the devices are open")
                self.waiting(None)
            return devices
        return None

    def _tell_ready(self) -> None:
        if not self._ready:
            self._ready = True
            self.ready()

    def _close(self) -> None:
        for device in (self.input, self.output):
            if device is None:
                continue
            try:
                device.close()
            except Exception as exc:  # noqa: BLE001 - closing a broken device
                self.log.warning("closing %s: %s", type(device).__name__, exc)
