"""The game board for ``voicehost play`` (``--display``, ``display:`` in config.yaml): opened
from the settings with its address printed and logged, and closed at the end."""

from __future__ import annotations

import logging
import sys

from ..config import Settings
from ..display.live import Board, open_board as open_live_board
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
