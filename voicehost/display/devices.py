"""The host's output and input, watched for the screens: each line the host says becomes
the caption (``CaptionedOutput``), and what it heard the "I heard" line
(``OverheardInput``); each listen also tells the show that the host has finished speaking
(``Show.listening``). Both pass everything on to the device they wrap, unchanged: the
host says and hears exactly what it would without a screen."""

from __future__ import annotations

from typing import Callable, Protocol

from ..host.moments import Context
from ..host.output import HostOutput
from ..host.player_input import Gone, Heard, InputWrapper, PlayerInput, Stop


class Watcher(Protocol):
    """What the devices tell (``show.Show``, or ``live.Board``, which guards it)."""

    def said(self, text: str) -> None: ...

    def listening(self, context: Context) -> None: ...

    def heard(self, text: str) -> None: ...


class CaptionedOutput(HostOutput):
    def __init__(self, inner: HostOutput, show: Watcher) -> None:
        self.inner, self.show = inner, show

    def say(self, text: str) -> None:
        self.show.said(text)  # on the screens as the host begins to say it
        self.inner.say(text)

    def upcoming(self, lines: list[str]) -> None:
        self.inner.upcoming(lines)

    def sound(self, name: str) -> None:
        self.inner.sound(name)

    def adjust_rate(self, words_per_minute: int) -> None:
        self.inner.adjust_rate(words_per_minute)

    def stop(self) -> None:
        self.inner.stop()

    def keep_alive(self, ping: Callable[[], None]) -> None:
        self.inner.keep_alive(ping)

    def close(self) -> None:
        self.inner.close()


class OverheardInput(InputWrapper):
    def __init__(self, inner: PlayerInput, show: Watcher) -> None:
        super().__init__(inner)
        self.show = show

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | Gone | None:
        self.show.listening(context)
        heard = self.inner.listen(context, phrases, timeout, stop)
        if isinstance(heard, Heard) and heard.text.strip():
            self.show.heard(heard.text.strip())
        return heard
