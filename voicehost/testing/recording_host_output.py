"""A host output for tests: keeps every line and effect the host would have said or played."""

from __future__ import annotations

from ..host.output import HostOutput


class RecordingHostOutput(HostOutput):
    """A fake for tests: keeps every line and effect in order."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.sounds: list[str] = []
        self.rate = 0

    def say(self, text: str) -> None:
        self.lines.append(text)

    def sound(self, name: str) -> None:
        self.sounds.append(name)

    def adjust_rate(self, words_per_minute: int) -> None:
        self.rate += words_per_minute

    @property
    def text(self) -> str:
        return "\n".join(self.lines)
