"""Commands: what a player can ask of the game, whether typed or spoken.

``intents.interpret`` turns text into one of these; ``Game.apply`` acts on
the game commands. The host commands (repeat, balance, ...) never change the
game and are handled by the host itself.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    option: str
    """A-D."""
    final: bool = False
    """The player also said "final answer"."""


@dataclass(frozen=True)
class Confirm:
    yes: bool


@dataclass(frozen=True)
class UseLifeline:
    lifeline: str
    """A lifeline's name (``Lifeline.name``: fifty_fifty, ask_audience, phone_friend, ...)."""


@dataclass(frozen=True)
class WalkAway:
    pass


@dataclass(frozen=True)
class PickFriend:
    player: str


@dataclass(frozen=True)
class Vote:
    """A vote card (A-D) from the voter or friend the game is waiting for."""

    option: str


@dataclass(frozen=True)
class EndCall:
    """The real-friend call is over: stopped by the player, or the time ran out."""

    answered: bool


@dataclass(frozen=True)
class HostCommand:
    """repeat, options, balance, help, slower, faster, lifelines."""

    name: str


GameCommand = Answer | Confirm | UseLifeline | WalkAway | PickFriend | Vote | EndCall
Command = GameCommand | HostCommand
