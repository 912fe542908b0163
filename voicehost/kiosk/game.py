"""One kiosk game: one player in the hot seat, hosted by the ordinary ``Host``.

The edition's ladder and lifelines, with the simulated audience and friend (a real
phone call only when ``lifelines.phone: real``). The host says in one sentence how
to answer, then asks the first question. ``IdleWatch`` ends a game whose player
walked off or that ran past ``kiosk.max_game_minutes`` (the input answers the host's
listen with ``Gone``); a typed "quit", the end of the input, a stop or a fault end it
too. Every way ends through the engine (``Abandon``), which pays what taking the money
would keep, and the host says so in the kiosk's words. ``GameTally`` turns the game's
events into the answers and the ending that the score table keeps.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from ..config import Settings
from ..game import commands as c
from ..game import events as ev
from ..game.editions import EDITIONS
from ..game.engine import Game
from ..game.events import Ending
from ..game.question import Question
from ..host.event_log import EventLogs
from ..host.loop import Host, HostOptions
from ..host.output import HostOutput
from ..host.player_input import Clock, PlayerInput, Stop
from ..host import tellers
from ..host.session import rules_from
from ..language.locale import Locale
from .idle import IdleWatch
from .lines import KioskLines
from .scores import AnswerRecord

SAID_AT_THE_END = {Ending.IDLE: "idle_end", Ending.TIME_UP: "time_up", Ending.QUIT: "quit_end",
                   Ending.ERROR: "apology"}
"""The kiosk's line for a game abandoned this way (with what the player takes home)."""
RECORDED = {Ending.TOP_PRIZE: "won", Ending.IDLE: "idle", Ending.TIME_UP: "time_up",
            Ending.QUIT: "walked", Ending.ERROR: "error"}
"""The ending the score table keeps; a game that ended by the rules is "wrong" or "walked"."""


class GameTally:
    """Listens to the game's events (as the host's event log): each question asked, the
    lifelines used on it, the option locked and whether it was right; and how it ended."""

    def __init__(self) -> None:
        self.answers: list[AnswerRecord] = []
        self.ending: str | None = None
        self._open: tuple[str, int, list[str]] | None = None

    def write(self, events: list) -> None:
        for e in events:
            if isinstance(e, ev.QuestionAsked) and e.fresh:
                self.close(None, False)
                self._open = (e.question_id, e.level, [])
            elif isinstance(e, ev.LifelineUsed) and self._open:
                self._open[2].append(e.lifeline)
            elif isinstance(e, ev.Answered):
                self.close(e.option, e.correct)
            elif isinstance(e, (ev.WalkedAway, ev.Eliminated)):
                self.close(None, False)
                self.ending = "walked" if isinstance(e, ev.WalkedAway) else "wrong"
            elif isinstance(e, ev.GameOver) and e.reason is not Ending.ROUNDS:
                self.close(None, False)
                self.ending = RECORDED[e.reason]

    def close(self, chosen: str | None, correct: bool) -> None:
        """The open question is over: answered, or left (walked away, idle, time up)."""
        if self._open:
            qid, level, lifelines = self._open
            self.answers.append(AnswerRecord(qid, level, chosen, correct, tuple(lifelines)))
            self._open = None


class KioskHost(Host):
    """The host, opening a kiosk game with a welcome and how to answer (by voice, typed,
    or with the keys the kiosk has), then the first question at once; a game abandoned
    ends with the kiosk's own line."""

    def __init__(self, *args, lines: KioskLines, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kiosk_lines = lines
        self.narrator.tellers[ev.GameAbandoned] = self._abandoned
        self.narrator.tellers[ev.GameOver] = self._game_over

    def opening(self) -> list:
        n = self.lines
        return [KioskLines(self.locale).line("welcome", player=self.game.players[0]),
                n.line(n.keys.how_to_play(), **n.keys.fields())]

    def _abandoned(self, narrator, e: ev.GameAbandoned, out: list) -> None:
        if e.ending in SAID_AT_THE_END:
            amount = self.game.bank.balance(self.game.players[0])
            kiosk = self.kiosk_lines
            out.append(kiosk.line(SAID_AT_THE_END[e.ending],
                                  amount=kiosk.money(amount, self.game.edition.currency)))

    def _game_over(self, narrator, e: ev.GameOver, out: list) -> None:
        if not e.reason.abandoned:  # an abandoned game's line says how it ended
            tellers.game_over(narrator, e, out)


def new_game(settings: Settings, player: str, questions: list[Question], seed: int,
             draw_first: dict[int, list[list[str]]] | None = None) -> Game:
    """One player, hot seat, one round, the configured edition and lifeline rules;
    ``draw_first`` as ``Game`` takes it (``host/draws.py``)."""
    rules = dataclasses.replace(rules_from(settings), format="hot_seat", rounds=1)
    return Game(EDITIONS[settings.game.edition], [player], questions, rules, seed,
                draw_first=draw_first)


class KioskGame:
    def __init__(self, game: Game, locale: Locale, lines: KioskLines, player_input: PlayerInput,
                 output: HostOutput, settings: Settings, *, clock: Clock,
                 heartbeat: Callable[[], None] = lambda: None, seed: int | None = None,
                 stop: Stop | None = None, watcher=None, recorder=None) -> None:
        self.game = game
        self.player = game.players[0]
        self.lines = lines
        self.output = output
        self.tally = GameTally()
        self.log = EventLogs(self.tally, watcher, recorder)
        """The tally, whoever watches the booth (``watch.BoothWatch``) and the memory of
        questions asked (``recorder``, ``host/draws.py``), if any."""
        k = settings.kiosk
        self.watch = IdleWatch(
            player_input, lambda: output.say(lines.line("still_there", player=self.player)),
            idle_seconds=k.idle_seconds, grace_seconds=k.idle_grace_seconds,
            max_seconds=k.max_game_minutes * 60, clock=clock, heartbeat=heartbeat)
        options = HostOptions(silence_seconds=settings.input.silence_seconds,
                              min_confidence=settings.input.min_confidence,
                              read_explanations=settings.game.read_explanations,
                              confirm_lifelines=settings.input.confirm_lifelines)
        self.host = KioskHost(game, locale, self.watch, output, options=options, log=self.log,
                              clock=clock, seed=seed, stop=stop, lines=lines)

    def run(self) -> str:
        """Play until the game ends; returns the ending the score table keeps ("won",
        "wrong", "walked", "idle", "time_up"). A typed "quit", the end of the input or a
        stop end the game as taking the money would."""
        self.host.run()
        if not self.game.over:
            self.host.act(c.Abandon(Ending.QUIT), prompt=False)
        return self.tally.ending or "walked"

    def abandon(self, ending: Ending) -> None:
        """End the game now, outside the host (a fault, a stop), saying nothing; the
        engine pays and the tally records it."""
        if not self.game.over:
            self.log.write(self.game.apply(c.Abandon(ending)))

    def winnings(self) -> int:
        """What the player takes home: after the game, the bank; during it, what walking
        away now would keep."""
        game, player = self.game, self.player
        banked = game.bank.balance(player)
        if game.over or player not in game.in_round or not game.level:
            return banked
        return banked + game.ladder.secured(game.level)

    def money(self, amount: int) -> str:
        return self.lines.money(amount, self.game.edition.currency)
