"""The game board for ``voicehost play`` and ``voicehost kiosk`` (``--display``, ``display:``
in config.yaml): opened from the settings with its address printed and logged, closed at
the end, and in the kiosk told the booth's screens (``BoardWatch``)."""

from __future__ import annotations

import logging
import sys
from datetime import date
from typing import Callable

from ..config import Settings
from ..display.board import Money
from ..display.booth import Result, Score, booth_screen
from ..display.live import Board, open_board as open_live_board
from ..game.editions import EDITIONS
from ..game.engine import Game
from ..game.events import Event
from ..host.output import HostOutput
from ..host.player_input import PlayerInput
from ..kiosk.scores import GameRecord, Placing, ScoreError, ScoreTable
from ..kiosk.watch import BoothWatch
from ..language.locale import Locale


def open_board(settings: Settings, locale: Locale, log: logging.Logger | None = None) -> Board | None:
    """The board ``display.address`` asks for, serving, with its address printed (and logged
    to ``log``); None without one."""
    board = open_live_board(settings.display, locale)
    if board is not None:
        where = " or ".join(board.urls)
        print(f"voicehost: the game board is at {where} (open it in a browser)", file=sys.stderr,
              flush=True)
        if log:
            log.info("the game board is at %s", where)
    return board


def close_board(board: Board | None) -> None:
    if board is not None:
        board.close()


class BoardWatch(BoothWatch):
    """The booth's screens on the board: the invitation and the high scores between games,
    each game as it is played, and its result and place after it."""

    def __init__(self, board: Board, settings: Settings, locale: Locale, scores: ScoreTable,
                 log: logging.Logger, today: Callable[[], date] = date.today) -> None:
        self.board, self.locale, self.scores, self.log, self.today = board, locale, scores, log, today
        self.edition = settings.game.edition
        self.money = Money(locale, EDITIONS[self.edition].currency)
        self.keys = False
        """The booth's input has answer keys: any of them starts a game."""

    def devices(self, open_devices: Callable[[], tuple[PlayerInput, HostOutput]]):
        """The booth's way of opening its devices, with what they say and hear shown."""
        def opened() -> tuple[PlayerInput, HostOutput]:
            player_input, output = self.board.watch(*open_devices())
            self.keys = player_input.traits.keys
            return player_input, output
        return opened

    def invitation(self) -> str:
        return self.locale.line("kiosk.how_to_start_keys" if self.keys else "kiosk.how_to_start")

    def attract(self) -> None:
        self.board.booth("attract", self._screen(None))

    def playing(self, game: Game) -> None:
        self.board.begin(game)

    def write(self, events: list[Event]) -> None:
        self.board.write(events)

    def recorded(self, record: GameRecord, placing: Placing | None) -> None:
        result = Result(record.player, record.winnings, record.ending,
                        *((placing.today, placing.today_games, placing.all_time,
                           placing.all_time_games) if placing and record.winnings > 0 else ()))
        self.board.booth("results", self._screen(result))

    def _screen(self, result: Result | None) -> dict:
        return booth_screen(self.money, self.invitation(), self._standings(self.today()),
                            self._standings(None), result)

    def _standings(self, day: date | None) -> list[Score]:
        try:
            games = self.scores.standings(day)
        except ScoreError as exc:
            self.log.error("the board cannot show the scores: %s", exc)
            return []
        return [Score(g.place, g.game.player, g.game.winnings) for g in games
                if g.game.edition == self.edition]
