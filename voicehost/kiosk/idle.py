"""A player who stops answering, and a game that runs too long.

``IdleWatch`` wraps the kiosk's ``PlayerInput`` for one game. After
``idle_seconds`` without anything heard (speech not understood counts: somebody
is there) it asks once whether the player is still
there; after ``grace_seconds`` more it answers the host's listen with
``Gone(Ending.IDLE)``, and once the game has lasted ``max_seconds`` with
``Gone(Ending.TIME_UP)``: the host then abandons the game through the engine, which pays
what taking the money would keep. Time is the clock passed in, so tests with a
scripted input and a fake clock never wait.
"""

from __future__ import annotations

import math
from typing import Callable

from ..game.events import Ending
from ..host.moments import Context, Moment
from ..host.player_input import Clock, Gone, Heard, InputWrapper, PlayerInput, Stop

HEARTBEAT_SECONDS = 10.0
"""The longest single listen, so the kiosk's heartbeat (watchdog, status) keeps beating."""


class IdleWatch(InputWrapper):
    def __init__(self, inner: PlayerInput, ask_still_there: Callable[[], None], *,
                 idle_seconds: float, grace_seconds: float, max_seconds: float,
                 clock: Clock, heartbeat: Callable[[], None] = lambda: None) -> None:
        super().__init__(inner)
        self.ask_still_there = ask_still_there
        self.idle_seconds = idle_seconds
        self.grace_seconds = grace_seconds
        self.max_seconds = max_seconds
        self.clock = clock
        self.heartbeat = heartbeat
        self.started = self.clock.now()
        self.last_heard = self.started
        self.asked = False

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | Gone | None:
        call_end = None if timeout is None else self.clock.now() + timeout
        while not (stop is not None and stop()):
            self.heartbeat()
            now = self.clock.now()
            game_end = self.started + self.max_seconds
            if now >= game_end:
                return Gone(Ending.TIME_UP)
            idle_end = self.last_heard + self.idle_seconds + (self.grace_seconds if self.asked else 0)
            if context.moment is Moment.CALL:  # a real phone call: the friend talks, the player waits
                self.last_heard, self.asked, idle_end = now, False, math.inf
            until = min(t for t in (call_end, idle_end, game_end, now + HEARTBEAT_SECONDS) if t is not None)
            heard = self.inner.listen(context, phrases, max(until - now, 0.0), stop)
            if heard is not None:  # even speech not understood: somebody is there
                self.last_heard, self.asked = self.clock.now(), False
                return heard
            now = self.clock.now()
            if now >= game_end:
                return Gone(Ending.TIME_UP)
            if now >= idle_end:
                if self.asked:
                    return Gone(Ending.IDLE)
                self.asked = True
                self.ask_still_there()
                call_end = now + self.grace_seconds  # the host's own re-prompt can wait
            elif call_end is not None and now >= call_end:
                return None
        return None

    def close(self) -> None:
        """The kiosk's input outlives the game: closing is the kiosk's business."""
