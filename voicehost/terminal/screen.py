"""The host's words printed on the screen (a terminal, or a pipe): ``--input text``."""

from __future__ import annotations

import sys
from typing import TextIO

from ..host.output import HostOutput


class ScreenOutput(HostOutput):
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def say(self, text: str) -> None:
        print(text, file=self.stream, flush=True)


