"""What the booth tells whoever watches it (a screen beside the booth, wired by the command
line), without knowing who that is: each time it starts inviting, each game and its
events, and each result on the score table. ``BoothWatch`` watches nothing; the booth
calls it on its own thread, so a watcher does its work at once and never raises."""

from __future__ import annotations

from ..game.engine import Game
from ..game.events import Event
from .scores import GameRecord, Placing


class BoothWatch:
    def attract(self) -> None:
        """The booth invites passers-by (when it starts, and after each game)."""

    def playing(self, game: Game) -> None:
        """A game begins; its events follow through ``write``."""

    def write(self, events: list[Event]) -> None:
        """The game's events, batch by batch, as the host logs them."""

    def recorded(self, record: GameRecord, placing: Placing | None) -> None:
        """The game just played is on the score table at ``placing`` (None: it could not be
        recorded)."""
