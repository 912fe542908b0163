"""Where the host hears key presses: ``--input keys``, a numeric keypad or arcade buttons.

Each key becomes the words a player would say for it (``KeyMap``), as ``Heard`` with
``pressed`` set, so it goes through the same parser and the same confirmation as
speech: "2" is "b", and the host still asks "final answer?" until Enter. Keys that are
not in the map are ignored (a stray key or an arrow key does nothing; ``h`` names the
keys). Silence re-prompts as in voice mode.
"""

from __future__ import annotations

import time
from typing import TextIO

from ..host.key_map import KeyMap
from .key_reader import KeyReader
from ..host.moments import Context
from ..host.player_input import EndOfInput, Heard, InputTraits, PlayerInput, Stop
from .line_reader import POLL_SECONDS


class KeyInput(PlayerInput):
    """Single key presses, no Enter, from a terminal or a pipe."""

    def __init__(self, reader: KeyReader, key_map: KeyMap, echo: TextIO | None = None) -> None:
        self.reader = reader
        self.key_map = key_map
        self.traits = InputTraits(keys=True, key_map=key_map, only_keys=True)
        self.echo = echo

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not (stop is not None and stop()):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            wait = left if stop is None else min(POLL_SECONDS, left or POLL_SECONDS)
            try:
                key = self.reader.read(wait)
            except EOFError:
                raise EndOfInput() from None
            if key is None:
                if wait == left:
                    return None
                continue
            heard = self.heard(key, context)
            if heard is not None:
                return heard
        return None

    def heard(self, key: str, context: Context) -> Heard | None:
        """What ``key`` says now, as heard; None for a key that does nothing."""
        text = self.key_map.text(key, context) if key else None
        if text is None:
            return None
        if self.echo is not None:
            print(f"> [{key}] {text}", file=self.echo, flush=True)
        return Heard(text, 1.0, pressed=True)

    def close(self) -> None:
        self.reader.close()
