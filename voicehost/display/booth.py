"""The kiosk's screens between games, as the board's ``booth`` object: the invitation, the
day's and all-time best, and after a game its result and place.

The kiosk does not know the board (``voicehost.kiosk.watch``); the command line turns what
the booth tells into these values (``cli/board.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Money

TOP = 5
"""Games listed in each table."""


@dataclass(frozen=True)
class Score:
    """One game on a score table."""

    place: int
    player: str
    winnings: int


@dataclass(frozen=True)
class Result:
    """The game just played, and its place (None: it could not be recorded)."""

    player: str
    winnings: int
    ending: str
    today: int | None = None
    today_games: int | None = None
    all_time: int | None = None
    all_time_games: int | None = None


def booth_screen(money: Money, invitation: str, today: list[Score], all_time: list[Score],
                 result: Result | None = None, top: int = TOP) -> dict:
    """The ``booth`` object (``docs/display.md``); the tables best first, ``top`` long."""
    def table(scores: list[Score]) -> list[dict]:
        return [{"place": s.place, "player": s.player, **money(s.winnings)} for s in scores[:top]]
    shown = None
    if result is not None:
        shown = {"player": result.player, **money(result.winnings), "ending": result.ending,
                 "today": result.today, "today_games": result.today_games,
                 "all_time": result.all_time, "all_time_games": result.all_time_games}
    return {"invitation": invitation, "today": table(today), "all_time": table(all_time),
            "result": shown}
