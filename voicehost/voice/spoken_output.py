"""The host's lines spoken through a ``Speaker`` (and printed), its effects played.

A speaker lost mid-game pauses the game (it is saved) and is retried until it
is back.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

from ..audio import sounds
from ..audio.sound_output import SoundOutputError
from ..host.output import HostOutput
from ..speech.speaker import Speaker
from .voice_input import RETRY_SECONDS


class SpokenOutput(HostOutput):
    """Every line is spoken and printed (for sighted players and the log)."""

    def __init__(self, speaker: Speaker, stream: TextIO | None = None, effects: bool = True,
                 spoken: Callable[[str], str] | None = None) -> None:
        self.speaker = speaker
        self.stream = stream or sys.stdout
        self.effects = effects
        self.spoken = spoken or (lambda text: text)
        """The printed line as it is said (``Locale.speakable``: money in words, respellings)."""

    def say(self, text: str) -> None:
        print(text, file=self.stream, flush=True)
        spoken = self.spoken(text)
        self._keep_trying(lambda: self.speaker.say(spoken))

    def upcoming(self, lines: list[str]) -> None:
        self.speaker.prefetch([self.spoken(line) for line in lines])

    def sound(self, name: str) -> None:
        if self.effects:
            self._keep_trying(lambda: self.speaker.play(sounds.effect(name)))

    def _keep_trying(self, play: Callable[[], object]) -> None:
        """A speaker lost mid-game: pause (the game is saved) and retry until it is back."""
        warned = False
        while True:
            try:
                play()
                return
            except SoundOutputError as exc:
                if not warned:
                    print(f"voicehost: {exc.reason} The game is paused and saved; retrying every "
                          f"{RETRY_SECONDS:.0f} s.", file=sys.stderr)
                    warned = True
                self.ping()
                time.sleep(RETRY_SECONDS)

    def adjust_rate(self, words_per_minute: int) -> None:
        self.speaker.set_rate(words_per_minute)

    def stop(self) -> None:
        self.speaker.stop()

    def close(self) -> None:
        self.speaker.close()
