"""One kiosk game: one player in the hot seat, hosted by the ordinary ``Host``.

The edition's ladder and lifelines, with the simulated audience and friend (a real
phone call only when ``lifelines.phone: real``). The host says in one sentence how
to answer, then asks the first question. ``IdleWatch`` ends a game whose player
walked off or that ran past ``kiosk.max_game_minutes``; either way, and when a typed
"quit" or the end of the input stops it, the player keeps what they have won, as
after walking away. ``GameTally`` turns the game's events into the answers and the
ending that the score table keeps.
"""

from __future__ import annotations

import dataclasses

from ..config import Settings
from ..game import events as ev
from ..game.editions import EDITIONS
from ..game.engine import Game
from ..game.question import Question
from ..host.loop import Host, HostOptions
from ..host.output import HostOutput
from ..host.player_input import Clock, PlayerInput
from ..host.session import rules_from
from ..language.locale import Locale
from .idle import IdleWatch, PlayerGone, TimeUp
from .lines import KioskLines
from .scores import AnswerRecord


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
            elif isinstance(e, (ev.WalkedAway, ev.Eliminated, ev.TopPrize)):
                self.close(None, False)
                self.ending = {ev.WalkedAway: "walked", ev.Eliminated: "wrong",
                               ev.TopPrize: "won"}[type(e)]

    def close(self, chosen: str | None, correct: bool) -> None:
        """The open question is over: answered, or left (walked away, idle, time up)."""
        if self._open:
            qid, level, lifelines = self._open
            self.answers.append(AnswerRecord(qid, level, chosen, correct, tuple(lifelines)))
            self._open = None


class KioskHost(Host):
    """The host, opening a kiosk game with a welcome and how to answer (by voice, typed,
    or with the keys the kiosk has), then the first question at once."""

    def opening(self) -> list:
        n = self.narrator
        return [KioskLines(self.locale).line("welcome", player=self.game.players[0]),
                n.line(n.keys.how_to_play(), **n.keys.fields())]


def new_game(settings: Settings, player: str, questions: list[Question], seed: int) -> Game:
    """One player, hot seat, one round, the configured edition and lifeline rules."""
    rules = dataclasses.replace(rules_from(settings), format="hot_seat", rounds=1)
    return Game(EDITIONS[settings.game.edition], [player], questions, rules, seed)


class KioskGame:
    def __init__(self, game: Game, locale: Locale, lines: KioskLines, player_input: PlayerInput,
                 output: HostOutput, settings: Settings, *, clock: Clock | None = None,
                 heartbeat=lambda: None, seed: int | None = None) -> None:
        self.game = game
        self.player = game.players[0]
        self.lines = lines
        self.output = output
        self.tally = GameTally()
        k = settings.kiosk
        self.watch = IdleWatch(
            player_input, lambda: output.say(lines.line("still_there", player=self.player)),
            idle_seconds=k.idle_seconds, grace_seconds=k.idle_grace_seconds,
            max_seconds=k.max_game_minutes * 60, clock=clock, heartbeat=heartbeat)
        options = HostOptions(silence_seconds=settings.input.silence_seconds,
                              min_confidence=settings.input.min_confidence,
                              read_explanations=settings.game.read_explanations,
                              confirm_lifelines=settings.input.confirm_lifelines)
        self.host = KioskHost(game, locale, self.watch, output, options=options, log=self.tally,
                              clock=self.watch.clock, seed=seed)

    def run(self) -> str:
        """Play until the game ends; returns the ending ("won", "wrong", "walked", "idle",
        "time_up")."""
        try:
            self.host.run()
        except PlayerGone:
            return self.stop("idle", "idle_end")
        except TimeUp:
            return self.stop("time_up", "time_up")
        if self.game.over:
            return self.tally.ending or "walked"
        return self.stop("walked", "quit_end")  # typed "quit", or the input ended

    def stop(self, ending: str, key: str) -> str:
        self.tally.close(None, False)
        self.output.say(self.lines.line(key, amount=self.money(self.winnings())))
        return ending

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
