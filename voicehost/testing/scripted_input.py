"""Scripted player input for tests: "the player says B, then yes", on a fake clock."""

from __future__ import annotations

from typing import Iterable

from ..host.moments import Context
from ..host.player_input import Clock, EndOfInput, Heard, InputTraits, PlayerInput, Stop


class FakeClock(Clock):
    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class ScriptedInput(PlayerInput):
    """A fake for tests: "the player says B, then yes". ``None`` in the script
    stands for silence lasting the whole timeout; text starting with ``~0.4:``
    sets the confidence (here 0.4)."""

    def __init__(self, script: Iterable[str | None], clock: FakeClock | None = None,
                 typed: bool = False) -> None:
        self.script = list(script)
        self.clock = clock or FakeClock()
        self.traits = InputTraits(typed=typed)
        self.heard_phrases: list[list[str]] = []

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        self.heard_phrases.append(list(phrases))
        if not self.script:
            raise EndOfInput()
        item = self.script.pop(0)
        if item is None:
            self.clock.advance(timeout or 0.0)
            return None
        confidence = 1.0
        if item.startswith("~") and ":" in item:
            head, item = item[1:].split(":", 1)
            confidence = float(head)
        self.clock.advance(1.0)
        return Heard(item, confidence, typed=self.traits.typed)
