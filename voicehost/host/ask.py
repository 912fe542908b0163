"""Asking a player: one listen at a moment, understood the same way wherever the host
listens (a turn, a confirmation, a lifeline's "are you sure?", the phone call, how many
play, a kiosk waiting for a player, a name for the high-score table).

``Asker.ask(context, timeout)`` listens for the moment's grammar and returns one of three
outcomes: ``Understood`` (a command, from the moments table), ``Unsure`` (something was
heard, but too faintly, or it meant nothing here, or it was a yes too weak to lock
anything) or ``Silence``. Confidence and the weak yes are decided here and nowhere else;
what to say after an ``Unsure`` or a ``Silence`` is the dialogue's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import commands as c
from .grammar import grammar
from .intents import Command, interpret
from .moments import MOMENTS, Context
from .phrases import Phrases
from .player_input import Gone, Heard, PlayerInput, Stop


@dataclass(frozen=True)
class Understood:
    command: Command
    heard: Heard | None
    """What was heard; None when the input said nobody is there any more (``Gone``)."""

    @property
    def typed(self) -> bool:
        return self.heard is not None and self.heard.typed

    @property
    def spoken(self) -> bool:
        """Said, not typed nor pressed: the recogniser may have misheard it."""
        return self.heard is not None and not (self.heard.typed or self.heard.pressed)


@dataclass(frozen=True)
class Unsure:
    """Heard, but nothing to act on."""

    heard: Heard
    doubtful: bool
    """The recogniser itself was unsure (its confidence was below ``min_confidence``)."""
    weak_yes: bool = False
    """A spoken yes, heard with too little confidence to lock, spend or take anything."""

    @property
    def nothing_in_grammar(self) -> bool:
        """The recogniser heard no phrase at all (a cough, a noise, chit-chat)."""
        return not self.heard.text.strip()


@dataclass(frozen=True)
class Silence:
    """Nothing was said before the listen ended."""


Outcome = Understood | Unsure | Silence


@dataclass(frozen=True)
class Confidence:
    minimum: float = 0.7
    """Below this recogniser confidence, what was heard is asked again."""
    yes: float = 0.9
    """A spoken yes locks, spends or takes the money only at this confidence or above; a
    weaker one is asked again (bench/README.md has the measurements)."""


class Asker:
    def __init__(self, player_input: PlayerInput, phrases: Phrases,
                 confidence: Confidence = Confidence()) -> None:
        self.input = player_input
        self.phrases = phrases
        self.confidence = confidence

    def ask(self, context: Context, timeout: float | None, stop: Stop | None = None) -> Outcome:
        """Listen once at ``context``'s moment for at most ``timeout`` seconds (None: as long
        as it takes) and say what came of it. ``EndOfInput`` passes through."""
        heard = self.input.listen(context, grammar(context, self.phrases), timeout, stop)
        if heard is None:
            return Silence()
        if isinstance(heard, Gone):
            return Understood(c.Abandon(heard.ending), None)
        return self.understand(heard, context)

    def understand(self, heard: Heard, context: Context) -> Outcome:
        if heard.command is not None:
            return Understood(heard.command, heard)  # settled on the device: nothing to parse
        text = heard.text.strip()
        doubtful = bool(text) and heard.confidence < self.confidence.minimum
        if not text or doubtful:
            return Unsure(heard, doubtful)
        typed = heard.typed or (heard.pressed and MOMENTS[context.moment].pressed_is_typed)
        command = interpret(heard.text, context, self.phrases, fuzzy=heard.typed, typed=typed)
        if command is None or self.weak_yes(command, heard):
            return Unsure(heard, False, command is not None)
        return Understood(command, heard)

    def weak_yes(self, command: Command, heard: Heard) -> bool:
        """A spoken yes heard with too little confidence to lock, spend or take anything."""
        return command == c.Confirm(True) and not heard.typed and heard.confidence < self.confidence.yes
