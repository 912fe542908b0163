"""A kiosk visitor for tests: "says let's play, answers right twice, then walks off"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..game.engine import Game
from ..host.moments import Context
from ..host.player_input import EndOfInput, Heard, InputTraits, PlayerInput, Stop
from .scripted_input import FakeClock

RIGHT = "<right>"
"""In a script: the right answer to the question on the table."""
WRONG = "<wrong>"
"""In a script: a wrong answer to it."""


@dataclass(frozen=True)
class Silence:
    """In a script: nothing said for ``seconds``, however many listens that spans."""

    seconds: float


class Visitor(PlayerInput):
    """Plays a script on a fake clock. Items: text (typed, or heard when ``typed`` is
    False), ``None`` (silence for the whole timeout), ``Silence(seconds)``, ``RIGHT`` or ``WRONG`` (found from
    ``game()``), or a callable taking the ``Context`` that returns one of those, or
    raises (a fault). The end of the script is the end of the input."""

    def __init__(self, script: Iterable, game: Callable[[], Game], clock: FakeClock | None = None,
                 typed: bool = True, step: float = 1.0) -> None:
        self.script = list(script)
        self.game = game
        self.clock = clock or FakeClock()
        self.traits = InputTraits(typed=typed, keys=typed)
        self.step = step
        self.contexts: list[str] = []
        """The moment of every listen, in order."""

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        self.contexts.append(context.moment.value)
        if not self.script:
            raise EndOfInput()
        item = self.script.pop(0)
        if callable(item):
            item = item(context)
        if isinstance(item, Silence):
            wait = item.seconds if timeout is None else min(timeout, item.seconds)
            if item.seconds > wait:
                self.script.insert(0, Silence(item.seconds - wait))
            self.clock.advance(wait)
            return None
        if item is None:
            self.clock.advance(timeout or 0.0)
            return None
        if item in (RIGHT, WRONG):
            game = self.game()
            answer = game.question.answer
            item = answer if item == RIGHT else next(o for o in game.open_options() if o != answer)
        self.clock.advance(self.step)
        return Heard(item, 1.0, typed=self.traits.typed)
