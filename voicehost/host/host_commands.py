"""Host commands: what a player asks of the host rather than of the game.

The parser (``intents.interpret``) returns these beside the game's commands
(``voicehost.game.commands``); the host answers them itself and never hands them to the
engine. Each is a small frozen type, dispatched through a table in ``Host`` the way
``Game.apply`` dispatches the game's commands. ``SPOKEN`` lists the ones a player asks
for in words of the locale's ``phrases.host`` table (and with a key of ``input.keys``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class HostCommand:
    """A request for the host. ``kind``: its name where it is written down (``voicehost
    recognize``, the benchmarks); for the spoken ones (``SPOKEN``) also the key of its
    phrases in the locale's ``phrases.host`` table and of its action in ``input.keys``."""

    kind: ClassVar[str] = "host"


@dataclass(frozen=True)
class Repeat(HostCommand):
    """Read the question and its options again."""

    kind: ClassVar[str] = "repeat"


@dataclass(frozen=True)
class ReadOptions(HostCommand):
    """Read the options still open again."""

    kind: ClassVar[str] = "options"


@dataclass(frozen=True)
class Balance(HostCommand):
    """How much the player has, and what is at stake."""

    kind: ClassVar[str] = "balance"


@dataclass(frozen=True)
class Help(HostCommand):
    """What may be said now."""

    kind: ClassVar[str] = "help"


@dataclass(frozen=True)
class Slower(HostCommand):
    kind: ClassVar[str] = "slower"


@dataclass(frozen=True)
class Faster(HostCommand):
    kind: ClassVar[str] = "faster"


@dataclass(frozen=True)
class LifelinesLeft(HostCommand):
    """Which lifelines the player still has."""

    kind: ClassVar[str] = "lifelines"


@dataclass(frozen=True)
class NotYet(HostCommand):
    """A hesitation or "no" while an answer or vote is awaited ("hmm", "I don't know")."""

    kind: ClassVar[str] = "not_yet"

@dataclass(frozen=True)
class Decoy(HostCommand):
    """Talk, laughter or a cough around the table: not for the host."""

    kind: ClassVar[str] = "decoy"

@dataclass(frozen=True)
class AskYes(HostCommand):
    """A yes in other words ("final answer", "lock it in") heard while a yes is awaited:
    it locks nothing; the host asks for a plain yes."""

    kind: ClassVar[str] = "ask_yes"

@dataclass(frozen=True)
class Quit(HostCommand):
    """Typed ``quit``: save and stop (in the kiosk, end this game)."""

    kind: ClassVar[str] = "quit"

@dataclass(frozen=True)
class StartGame(HostCommand):
    """A kiosk waiting for a player: "let's play", or an answer key."""

    kind: ClassVar[str] = "start"

@dataclass(frozen=True)
class PlayerCount(HostCommand):
    """How many play, when no names were given."""

    kind: ClassVar[str] = "count"
    count: int


@dataclass(frozen=True)
class TypedName(HostCommand):
    """A name typed for the kiosk's high-score table."""

    kind: ClassVar[str] = "name"
    name: str


@dataclass(frozen=True)
class WhoJoined(HostCommand):
    """A phone just joined a game whose players were numbered, not named: the host asks who
    is on it (the input says so; nobody says it)."""

    kind: ClassVar[str] = "who_joined"


@dataclass(frozen=True)
class SeatPhone(HostCommand):
    """The answer to "Who is on the phone that just joined?": a player, by name or number."""

    kind: ClassVar[str] = "seat_phone"
    player: str


SPOKEN: dict[str, type[HostCommand]] = {
    cls.kind: cls for cls in (Repeat, ReadOptions, Balance, Help, Slower, Faster, LifelinesLeft)}
"""The host commands asked for in words (and keys), by their key in the phrase table."""

QUIET = (Decoy, NotYet)
"""Host commands that leave the game alone and answer nothing about it."""
