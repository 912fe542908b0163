"""Where the host hears players: the keyboard, the microphone, or a script.

``PlayerInput.listen(context, phrases, timeout, stop)`` returns what was said as
``Heard`` (text and confidence), None after ``timeout`` seconds of silence (or as soon as
``stop()`` is true), ``Gone`` when nobody is there to hear any more (a kiosk's player
walked off), or raises ``EndOfInput`` when the input is closed (end of typed input, the
end of a ``--mic-file``). What an input can do is one frozen value, ``InputTraits``.
"""

from __future__ import annotations

import abc
import time
from dataclasses import dataclass
from typing import Callable

from ..game.events import Ending
from .moments import Context



class EndOfInput(Exception):
    """No more input will come: save and stop."""


@dataclass(frozen=True)
class Heard:
    text: str
    confidence: float = 1.0
    typed: bool = False
    pressed: bool = False
    """A key or button was pressed: exactly what was meant (never misheard), yet confirmed
    like speech, and silence still re-prompts."""
    speech_ended: float | None = None
    """Monotonic time at which the player stopped speaking, when known."""
    noise_db: float | None = None
    """The room's noise floor while listening, in dB relative to full scale; None when
    not measured (typed input, a script)."""
    snr_db: float | None = None
    """How far what was taken for speech stood above that floor, in dB; None when unknown."""
    command: object = None
    """A game command the device settled itself (a phone's card, confirmed on the phone:
    ``SecretAnswer``, ``SecretVote``): the host acts on it as it is, as on a typed one;
    ``text`` then says what may be shown of it (who, never what)."""


@dataclass(frozen=True)
class Gone:
    """Nobody is there to answer any more: the game ends as ``ending`` says (a kiosk's
    player walked off, or the game's time ran out)."""

    ending: Ending


class Clock:
    """Monotonic time in seconds; the tests pass a fake one they advance."""

    def now(self) -> float:
        return time.monotonic()


Stop = Callable[[], bool]
"""Asked now and then while listening: True cuts the listen short (the kiosk is stopping)."""


@dataclass(frozen=True)
class InputTraits:
    """What an input can do, so the host knows how to ask."""

    typed: bool = False
    """Every answer is typed: no recogniser stands between the player and the host."""
    keys: bool = False
    """Players can also type or press answer keys, so the host may offer them when
    speech is not getting through."""
    key_map: object = None
    """The single keys players press (a ``KeyMap``), so the host can name them; None without."""
    only_keys: bool = False
    """Players answer only with keys: the host says what to press rather than what to say."""
    confirm_everything: bool = False
    """The recogniser is not held to the game's phrases (a Vosk model without runtime
    graphs): every answer and lifeline is confirmed, whatever the settings say."""


class PlayerInput(abc.ABC):
    traits = InputTraits()
    ping: Callable[[], None] = staticmethod(lambda: None)
    """Called now and then while the input waits for a lost device (``keep_alive``)."""

    @abc.abstractmethod
    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | Gone | None:
        """What the player said; None after ``timeout`` seconds of silence (None: wait
        forever) or once ``stop()`` is true; ``Gone`` when nobody is there any more."""

    def card_holders(self) -> tuple[str, ...]:
        """The players who hand in their answers on card displays of their own (phones),
        now; none for voice and keys."""
        return ()

    def seat(self, player: str | None) -> bool:
        """Seat the card display that just joined (``WhoJoined``) as ``player``; None: let it
        choose its player itself. False when it cannot be (that player's is connected)."""
        return False

    def hears(self, text: str) -> bool:
        """Whether ``text`` (an option's text) can be heard at all: a speech model may lack
        one of its words, and then the host must not ask for it (its letter still works)."""
        return True

    def keep_alive(self, ping: Callable[[], None]) -> None:
        """Call ``ping`` now and then while waiting for a lost device to come back: for the
        kiosk's watchdog, waiting for a microphone is not a hang."""
        self.ping = ping

    def drop_keys(self) -> None:
        """Forget keys pressed and not yet taken (the kiosk, before a new game)."""

    def close(self) -> None:
        pass


class InputWrapper(PlayerInput, abc.ABC):
    """An input around another (the board's, the kiosk's idle watch, the phones'): all the
    host asks of an input but ``listen`` is the inner one's unless the wrapper says
    otherwise, so a wrapper never answers with this interface's defaults by forgetting a
    method."""

    def __init__(self, inner: PlayerInput) -> None:
        self.inner = inner
        self.traits = inner.traits

    def card_holders(self) -> tuple[str, ...]:
        return self.inner.card_holders()

    def seat(self, player: str | None) -> bool:
        return self.inner.seat(player)

    def hears(self, text: str) -> bool:
        return self.inner.hears(text)

    def keep_alive(self, ping: Callable[[], None]) -> None:
        self.inner.keep_alive(ping)

    def drop_keys(self) -> None:
        self.inner.drop_keys()

    def close(self) -> None:
        self.inner.close()
