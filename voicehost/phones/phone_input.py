"""The phones as a ``PlayerInput`` beside voice and keys: the host listens as always, and a
card handed in on a phone cuts the listen short and comes back as what was heard, with the
game command already settled (``Heard.command``). The host never learns where it came from.
"""

from __future__ import annotations

from typing import Callable

from ..host import host_commands as h
from ..host.moments import Context, Moment
from ..host.player_input import Gone, Heard, InputWrapper, PlayerInput, Stop
from .hub import HandedIn, PhoneHub

TAKES = (Moment.ANSWER, Moment.CONFIRM_ANSWER, Moment.CONFIRM_WALK, Moment.VOTE)
"""The moments at which the host takes a card from a phone: the game waits for answers or
votes. At the others (a lifeline being confirmed, a call) a card waits."""


class PhoneInput(InputWrapper):
    def __init__(self, inner: PlayerInput, hub: PhoneHub,
                 heard_text: Callable[[HandedIn], str], joined_text: str = "") -> None:
        super().__init__(inner)
        self.hub, self.heard_text = hub, heard_text
        self.joined_text = joined_text
        """What the board shows as heard when a phone joined a game of numbered players."""

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | Gone | None:
        self.hub.publish()  # the host has said everything: the phones see where we are
        if context.moment not in TAKES:
            return self.inner.listen(context, phrases, timeout, stop)
        handed = self.hub.take()
        if handed is not None:
            return self._heard(handed)
        asks = context.moment is Moment.ANSWER  # who joined is asked while an answer waits
        if asks and self.hub.ask_newcomer():
            return Heard(self.joined_text, typed=True, command=h.WhoJoined())
        heard = self.inner.listen(context, phrases, timeout, lambda: self.hub.waiting() or (
            asks and self.hub.newcomer_waiting()) or (stop is not None and stop()))
        if heard is None and asks and self.hub.ask_newcomer():
            return Heard(self.joined_text, typed=True, command=h.WhoJoined())
        if heard is None and self.hub.waiting():
            handed = self.hub.take()
            if handed is not None:
                return self._heard(handed)
        return heard

    def _heard(self, handed: HandedIn) -> Heard:
        return Heard(self.heard_text(handed), typed=True, command=handed.command())

    def seat(self, player: str | None) -> bool:
        return self.hub.seat_newcomer(player)

    def card_holders(self) -> tuple[str, ...]:
        return self.hub.card_holders()

    def close(self) -> None:
        self.hub.close()
        self.inner.close()
