"""Events: what happened in the game, in order, as small typed records.

Every event has a ``kind`` (its name in the ``--events`` JSON lines log) and
``to_dict()``. The host renders events into speech; the log writes them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any, ClassVar


class Ending(str, Enum):
    """How a game ended."""

    TOP_PRIZE = "top_prize"
    """Somebody won the top prize."""
    ROUNDS = "rounds"
    """Every round was played."""
    IDLE = "idle"
    """Abandoned: nobody answered any more (a kiosk's player walked off)."""
    TIME_UP = "time_up"
    """Abandoned: the game's time ran out (a kiosk's ``max_game_minutes``)."""
    QUIT = "quit"
    """Abandoned: the game was stopped (a kiosk's typed quit, the input ended, a shutdown)."""
    ERROR = "error"
    """Abandoned after a fault."""

    @property
    def abandoned(self) -> bool:
        """The game was ended before its rules ended it (``Abandon``)."""
        return self not in (Ending.TOP_PRIZE, Ending.ROUNDS)


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **asdict(self)}


@dataclass(frozen=True)
class GameStarted(Event):
    kind: ClassVar[str] = "game_start"
    edition: str
    format: str
    players: list[str]
    rounds: int


@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_start"
    round: int
    players: list[str]
    """Who plays this round, in turn order (hot seat: the candidates in order)."""


@dataclass(frozen=True)
class TurnStarted(Event):
    """Hot seat: a new candidate takes the chair."""

    kind: ClassVar[str] = "turn_start"
    round: int
    player: str
    audience: list[str]


@dataclass(frozen=True)
class QuestionAsked(Event):
    """A player faces a question. ``fresh`` is False when the question was
    already read to an earlier player at the table."""

    kind: ClassVar[str] = "question"
    round: int
    player: str
    level: int
    value: int
    question_id: str
    fresh: bool = True


@dataclass(frozen=True)
class DeckReshuffled(Event):
    kind: ClassVar[str] = "deck_reshuffled"
    level: int


@dataclass(frozen=True)
class AnswerPending(Event):
    """An answer waits for "yes" before it is locked."""

    kind: ClassVar[str] = "pending"
    player: str
    option: str


@dataclass(frozen=True)
class AnswerLocked(Event):
    kind: ClassVar[str] = "locked"
    player: str
    option: str


@dataclass(frozen=True)
class SecretAnswerLocked(AnswerLocked):
    """An answer set face down (``SecretAnswer``): the host says who has locked in, never
    what; the option is revealed with the others."""

    kind: ClassVar[str] = "secret_locked"


@dataclass(frozen=True)
class VoteCast(Event):
    """A vote card handed in face down (``SecretVote``): the host says who has voted."""

    kind: ClassVar[str] = "vote_cast"
    voter: str
    player: str
    """Whose lifeline it is."""
    option: str


@dataclass(frozen=True)
class WalkPending(Event):
    kind: ClassVar[str] = "walk_pending"
    player: str
    amount: int


@dataclass(frozen=True)
class Cancelled(Event):
    """The player said no to a pending answer or walk-away."""

    kind: ClassVar[str] = "cancelled"
    player: str


@dataclass(frozen=True)
class LifelineUsed(Event):
    """A lifeline was used, or what it asked for is in. Each lifeline has its own
    kinds of this (``lifelines/``: ``FiftyFiftyUsed``, ``AudienceVoted``,
    ``FriendTipped``; here those of the game's services: ``GuessesGranted``,
    ``CallPlaced``), told by the lifeline (``Lifeline.tell``). In the ``--events``
    log every one is a ``lifeline`` line with what came of it as ``result``."""

    kind: ClassVar[str] = "lifeline"
    player: str
    lifeline: str
    """The lifeline's name (``Lifeline.name``)."""

    @property
    def result(self) -> dict[str, Any]:
        """What came of it, as the log writes it."""
        raise NotImplementedError(f"{type(self).__name__} does not say what came of it")

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, "player": self.player, "lifeline": self.lifeline,
                "result": self.result}


@dataclass(frozen=True)
class GuessesGranted(LifelineUsed):
    """Two-player rules: the lifeline became free tries (``Game.grant_guesses``)."""

    guesses: int

    @property
    def result(self) -> dict[str, Any]:
        return {"guesses": self.guesses}


@dataclass(frozen=True)
class CallPlaced(LifelineUsed):
    """A real phone call begins (``Game.start_call``); ``CallStarted`` follows."""

    seconds: int

    @property
    def result(self) -> dict[str, Any]:
        return {"call": True, "seconds": self.seconds}


@dataclass(frozen=True)
class VoteNeeded(Event):
    kind: ClassVar[str] = "vote_needed"
    voter: str
    player: str
    lifeline: str


@dataclass(frozen=True)
class FriendNeeded(Event):
    kind: ClassVar[str] = "pick_friend"
    player: str
    choices: list[str]


@dataclass(frozen=True)
class CallStarted(Event):
    kind: ClassVar[str] = "call_start"
    player: str
    seconds: int


@dataclass(frozen=True)
class CallEnded(Event):
    kind: ClassVar[str] = "call_end"
    player: str
    answered: bool


@dataclass(frozen=True)
class GuessResult(Event):
    """A free try from a two-player lifeline or a real friend's tip was wrong."""

    kind: ClassVar[str] = "guess"
    player: str
    option: str
    correct: bool
    guesses_left: int


@dataclass(frozen=True)
class TriesLast(Event):
    """At the table, a player given free tries takes them after ``before``, the players still
    to answer this question: a wrong try is said aloud, and would tell them."""

    kind: ClassVar[str] = "tries_last"
    player: str
    before: list[str]


@dataclass(frozen=True)
class Revealed(Event):
    kind: ClassVar[str] = "reveal"
    question_id: str
    correct: str


@dataclass(frozen=True)
class Answered(Event):
    kind: ClassVar[str] = "answer"
    player: str
    level: int
    option: str
    correct: bool


@dataclass(frozen=True)
class WalkedAway(Event):
    kind: ClassVar[str] = "walk_away"
    player: str
    level: int
    amount: int


@dataclass(frozen=True)
class Eliminated(Event):
    kind: ClassVar[str] = "eliminated"
    player: str
    level: int
    payout: int


@dataclass(frozen=True)
class TopPrize(Event):
    kind: ClassVar[str] = "top_prize"
    player: str
    amount: int


@dataclass(frozen=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_end"
    round: int
    balances: dict[str, int]


@dataclass(frozen=True)
class GameAbandoned(Event):
    """The game was ended early (``Abandon``): everyone still in the round was paid what
    taking the money would have kept."""

    kind: ClassVar[str] = "abandoned"
    ending: Ending
    payouts: dict[str, int]
    """What each player still in the round was paid now."""


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: str | None
    """The winner's name; None when several share first place (see ``winners``)."""
    winners: list[str]
    balances: dict[str, int]
    reason: Ending


@dataclass(frozen=True)
class Rejected(Event):
    """The command is not allowed now; ``reason`` is a code the locale explains."""

    kind: ClassVar[str] = "rejected"
    player: str
    reason: str
    detail: str = ""
