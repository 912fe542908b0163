"""The ``--events`` log: one JSON object per line for every game event."""

from __future__ import annotations

import json
import time
from pathlib import Path

from ..game.events import Event


class EventLog:
    """Appends to ``path``; its folder must exist (like ``--speaker-file``, no folder is made:
    a mistyped path is an error, not a new tree of folders)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._handle = open(self.path, "a", encoding="utf-8")

    def write(self, events: list[Event] | list[dict]) -> None:
        for e in events:
            record = e.to_dict() if isinstance(e, Event) else dict(e)
            record["time"] = round(time.time(), 3)
            self._handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()


class EventLogs:
    """Several logs as one (the ``--events`` log and the game board, say): every batch of
    events is written to each, in order."""

    def __init__(self, *logs) -> None:
        self.logs = [log for log in logs if log is not None]

    def write(self, events: list[Event]) -> None:
        for log in self.logs:
            log.write(events)
