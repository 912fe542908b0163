"""Scripted key presses for tests: "the player presses 2, then Enter"."""

from __future__ import annotations

from typing import Iterable


class ScriptedKeys:
    """Stands in for a ``KeyReader``: the keys of the script in order (names as in
    ``input.keys``: "2", "enter", "escape"); ``None`` is no key for the whole timeout.
    ``timeouts`` records how long each read was allowed to wait (None: for ever)."""

    def __init__(self, script: Iterable[str | None]) -> None:
        self.script = list(script)
        self.timeouts: list[float | None] = []
        self.closed = False

    def read(self, timeout: float | None) -> str | None:
        self.timeouts.append(timeout)
        if not self.script:
            raise EOFError()
        return self.script.pop(0)

    def close(self) -> None:
        self.closed = True
