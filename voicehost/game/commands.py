"""Commands: what a player can ask of the game, whether typed or spoken.

The host's parser turns text into one of these (or into one of the host's own commands,
which never reach the game); ``Game.apply`` acts on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import Ending


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
class Abandon:
    """End the game now (a kiosk's idle player, its time limit, a fault, a stop): everyone
    still in the round is paid what taking the money would keep."""

    ending: Ending
    """Why; one of the abandoned endings (``Ending.abandoned``)."""


@dataclass(frozen=True)
class SecretAnswer:
    """A player's answer set face down on their own card display (a phone) and locked at
    once: at a table any player still to answer may set it, in any order, and it stays
    secret until every answer is revealed together. Confirmed where it was set ("Lock in
    B?"), so it needs no "final answer?"."""

    player: str
    option: str
    """A-D."""


@dataclass(frozen=True)
class SecretVote:
    """A vote card (A-D) handed in face down by one of the voters the game is waiting for
    (or the friend), in any order: the candidate learns only what the lifeline then shows."""

    player: str
    option: str


@dataclass(frozen=True)
class CardHolders:
    """The players who set their answers on card displays of their own (phones), as the
    host knows them now. At a table they answer after the players who answer aloud: the
    players still to be asked this question are put in that order (the one asked now stays),
    and so is every later question's order. Nothing is said: it causes no events."""

    players: tuple[str, ...]


GameCommand = (Answer | Confirm | UseLifeline | WalkAway | PickFriend | Vote | EndCall | Abandon
               | SecretAnswer | SecretVote | CardHolders)
