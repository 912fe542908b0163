"""Building a kiosk for tests: a scripted visitor, a recording output, a real score table."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from voicehost.config import GameSettings, KioskSettings, Settings
from voicehost.game.editions import EDITIONS
from voicehost.host.session import deck_paths
from voicehost.kiosk.booth import Booth
from voicehost.kiosk.decks import DeckSource
from voicehost.kiosk.scores import ScoreTable
from voicehost.language.locale import Locale
from voicehost.testing.kiosk_visitor import Visitor
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import FakeClock

NOON = datetime(2026, 6, 1, 12, 0).astimezone()


@dataclass
class Kiosk:
    booth: Booth
    visitor: Visitor
    out: RecordingHostOutput
    table: ScoreTable
    opened: list = field(default_factory=list)

    def run(self) -> int:
        return self.booth.run()

    @property
    def lines(self) -> list[str]:
        return self.out.lines

    def games(self) -> list:
        """The recorded games (``StoredGame``), oldest first."""
        return sorted(self.table.standings(), key=lambda g: g.id)

    def endings(self) -> list[tuple[str, int]]:
        return [(g.game.ending, g.game.winnings) for g in self.games()]


def make_kiosk(tmp_path: Path, script, *, decks=(), wall=None, output=None, table=None,
               open_devices=None, clock=None, heartbeat=lambda: None, **kiosk) -> Kiosk:
    settings = Settings(game=GameSettings(seed=5, decks=tuple(map(str, decks))),
                        kiosk=KioskSettings(**kiosk))
    holder: dict = {}
    clock = clock or FakeClock()
    visitor = Visitor(script, lambda: holder["booth"].current.game, clock)
    out = output or RecordingHostOutput()
    opened: list = []

    def devices():
        opened.append(len(opened) + 1)
        return visitor, out

    log = logging.getLogger("voicehost.kiosk.test")
    table = table or ScoreTable.open(tmp_path / "scores.sqlite3")
    booth = Booth(settings, Locale.load("en"), open_devices or devices, table,
                  DeckSource(deck_paths(settings), "en", log, edition=EDITIONS[settings.game.edition]),
                  log=log, clock=clock,
                  wall=wall or (lambda: NOON), heartbeat=heartbeat)
    holder["booth"] = booth
    return Kiosk(booth, visitor, out, table, opened)
