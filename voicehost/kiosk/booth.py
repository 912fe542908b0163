"""The kiosk's main loop: attract, one game, the results, and again, for weeks.

``Booth.run()`` returns 0 when it is sent SIGTERM or SIGINT (``Shutdown``) or, in
text mode, when the typed input ends; nothing a player says or types stops it.
Any other error inside a game is logged with its traceback, the host apologises
in one sentence, the game is recorded (ending "error", winnings kept) and the
attract loop resumes; after a device or speech error (a ``FixableError``) the
devices are closed and opened again.
"""

from __future__ import annotations

import logging
import random
import time
from datetime import date, datetime
from typing import Callable

from ..config import Settings
from ..errors import FixableError
from ..host.intents import Context, Phrases
from ..host.output import HostOutput
from ..host.player_input import Clock, EndOfInput, PlayerInput
from ..host.session import confirm_everything
from ..language.locale import Locale
from .attract import Attract
from .decks import DeckSource
from .game import KioskGame, new_game
from .lines import KioskLines
from .scores import GameRecord, Placing, ScoreError, ScoreTable
from .shutdown import FinishLine, Shutdown, StopSignals

Devices = Callable[[], "tuple[PlayerInput, HostOutput]"]
NAME_CHARS = 24
"""A typed name is kept to this many characters."""
REOPEN_SECONDS = 2.0
"""How long to wait before trying again to open devices that failed to open."""


def local_now() -> datetime:
    return datetime.now().astimezone()


class Booth:
    def __init__(self, settings: Settings, locale: Locale, open_devices: Devices,
                 scores: ScoreTable, decks: DeckSource, *, log: logging.Logger,
                 clock: Clock | None = None, wall: Callable[[], datetime] = local_now,
                 signals: StopSignals | None = None, heartbeat: Callable[[], None] = lambda: None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.settings = settings
        self.locale = locale
        self.open_devices = open_devices
        self.scores = scores
        self.decks = decks
        self.log = log
        self.wall = wall
        self.signals = signals or StopSignals()
        self.heartbeat = heartbeat
        self.sleep = sleep
        seed = settings.game.seed
        self.rng = random.Random(seed)
        self.lines = KioskLines(locale, random.Random(seed))
        player_input, output = open_devices()  # at start-up a missing device is reported
        if player_input.confirm_everything:
            self.settings = settings = confirm_everything(settings)
        self._keep_alive(player_input, output)
        self.input, self.output = player_input, FinishLine(output, self.signals)
        self.clock = clock or getattr(self.input, "clock", None) or Clock()
        self.attract = Attract(self.lines, Phrases(locale.phrases, locale.data["numbers"]),
                               every_seconds=settings.kiosk.attract_every_seconds,
                               quiet_hours=settings.kiosk.quiet_hours, clock=self.clock,
                               wall=wall, heartbeat=heartbeat)
        self.games = 0
        """Games played since the kiosk started."""
        self.current: KioskGame | None = None
        """The game being played, if any."""
        self.last_error: str | None = None
        self._numbers: dict[date, int] = {}

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        self.log.info("kiosk started: edition %s, input %s", self.settings.game.edition,
                      type(self.input).__name__)
        try:
            while True:
                try:
                    self.attract.wait_for_player(self.input, self.output)
                except (EndOfInput, Shutdown):
                    raise
                except Exception as exc:  # noqa: BLE001 - the booth keeps going
                    self.fault(exc, None)
                    self.sleep(REOPEN_SECONDS)  # an input that keeps failing must not spin
                    self.reopen()
                    continue
                self.play()
        except EndOfInput:
            self.log.info("the input ended; kiosk stopped")
        except Shutdown:
            self.log.info("stopped by signal %s", self.signals.requested)
        finally:
            self._close()
        return 0

    def play(self) -> None:
        started = self.wall()
        number = self.player_number(started.date())
        questions = self.decks.current()
        seed = self.rng.randrange(2**31)
        try:
            game = KioskGame(new_game(self.settings, self.locale.line("kiosk.player_name", n=number),
                                      questions, seed),
                             self.locale, self.lines, self.input, self.output, self.settings,
                             clock=self.clock, heartbeat=self.heartbeat, seed=seed)
        except Exception as exc:  # noqa: BLE001 - a deck that cannot make a game
            self.fault(exc, None)
            return
        self.input.drop_keys()  # keys mashed before the start do not answer the first question
        self.log.info("game %d started: player %d of today", self.games + 1, number)
        self.current = game
        try:
            ending = game.run()
        except Shutdown:
            with self.signals.deferred():
                self.finish(game, "walked", started, number, announce=False)
            raise
        except EndOfInput:
            raise
        except Exception as exc:  # noqa: BLE001 - any error inside a game ends only the game
            ending = "error"
            self.fault(exc, game)
        self.finish(game, ending, started, number)
        self.current = None
        self.attract.after_game()

    # ------------------------------------------------------------------ results
    def finish(self, game: KioskGame, ending: str, started: datetime, number: int,
               announce: bool = True) -> None:
        """Record the game and announce the place on today's and the all-time table."""
        game.tally.close(None, False)
        label = self.locale.line("kiosk.player_label", n=number)
        stopped: Shutdown | None = None
        if announce and self.settings.kiosk.ask_name and self.input.typed \
                and not self.input.only_keys:
            try:
                label = self.ask_name(self.locale.line("kiosk.player_name", n=number)) or label
            except Shutdown as exc:  # stopped while a name was awaited: the game still counts
                stopped = exc
        record = GameRecord(started=started, ended=self.wall(), edition=self.settings.game.edition,
                            player=label,
                            winnings=game.winnings(), ending=ending, answers=tuple(game.tally.answers))
        self.games += 1
        try:
            with self.signals.deferred():
                placing = self.scores.record(record)
        except ScoreError as exc:
            self.last_error = f"{self.wall():%Y-%m-%d %H:%M} {exc}".splitlines()[0]
            self.log.error("the game could not be recorded: %s", exc)
            if stopped is not None:
                raise stopped
            return
        self.log.info("game %d ended: %s, %d won, place %d today, %d of all time", self.games,
                      ending, record.winnings, placing.today, placing.all_time)
        if stopped is not None:
            raise stopped
        if announce:
            self.output.say(self.place_line(placing))

    def ask_name(self, player: str) -> str | None:
        """A name typed for the table (``kiosk.ask_name``), or None: Enter, silence for
        ``kiosk.idle_seconds``, or the end of the input."""
        self.output.say(self.lines.line("ask_name", player=player))
        try:
            heard = self.input.listen(Context("name"), [], self.settings.kiosk.idle_seconds)
        except EndOfInput:
            return None
        name = " ".join(heard.text.split())[:NAME_CHARS] if heard else ""
        if not name:
            return None
        self.output.say(self.lines.line("name_kept", name=name))
        return name

    def place_line(self, placing: Placing) -> str:
        all_time = self.lines.ordinal(placing.all_time)
        if placing.today_games == 1:
            return self.lines.line("place_first_today", all_time=all_time)
        return self.lines.line("place", today=self.lines.ordinal(placing.today), all_time=all_time)

    def facts(self) -> tuple[int, str | None]:
        """For the status file: the games played today, and the last error."""
        day = self.wall().date()
        try:
            games_today = self.scores.next_player_number(day) - 1
        except ScoreError:
            games_today = self._numbers.get(day, 0)
        return games_today, self.last_error

    def player_number(self, day: date) -> int:
        """The table's count for the day; kept here too, for when the table cannot be read."""
        try:
            number = self.scores.next_player_number(day)
        except ScoreError as exc:
            self.log.error("the score table cannot be read: %s", exc)
            number = self._numbers.get(day, 0) + 1
        self._numbers[day] = number
        return number

    # ------------------------------------------------------------------ faults
    def fault(self, exc: Exception, game: KioskGame | None) -> None:
        """Log it with its traceback, apologise, and after a device error reopen the devices."""
        self.last_error = f"{self.wall():%Y-%m-%d %H:%M} {type(exc).__name__}: {exc}".splitlines()[0]
        self.log.error("error %s: %s", "in a game" if game else "between games", self.last_error,
                       exc_info=exc)
        if isinstance(exc, FixableError):
            self.reopen()
        if game is not None:
            try:
                self.output.say(self.lines.line("apology", amount=game.money(game.winnings())))
            except (Shutdown, EndOfInput):
                raise
            except Exception as again:  # noqa: BLE001 - the apology could not be said either
                self.log.error("the apology could not be said: %s", again)

    def reopen(self) -> None:
        self._close()
        self.input, self.output = self._open()
        self.log.info("devices reopened")

    def _keep_alive(self, player_input: PlayerInput, output: HostOutput) -> None:
        """A device lost inside a game is waited for in the device's own retry loop; the
        heartbeat goes on from there, so systemd does not take the wait for a hang."""
        player_input.keep_alive(self.heartbeat)
        output.keep_alive(self.heartbeat)

    def _open(self) -> tuple[PlayerInput, HostOutput]:
        """Open the devices again, trying every REOPEN_SECONDS until they open."""
        while True:
            try:
                player_input, output = self.open_devices()
                self._keep_alive(player_input, output)
                return player_input, FinishLine(output, self.signals)
            except FixableError as exc:
                self.log.error("the devices cannot be opened (%s); trying again in %g s",
                               exc, REOPEN_SECONDS)
                self.sleep(REOPEN_SECONDS)
                self.heartbeat()

    def _close(self) -> None:
        for device in (self.input, self.output):
            try:
                device.close()
            except Exception as exc:  # noqa: BLE001 - closing a broken device
                self.log.warning("closing %s: %s", type(device).__name__, exc)
