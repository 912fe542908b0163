"""What a lifeline may use of the game: the services ``Game`` offers its lifelines.

A lifeline reads the question and the table through these and changes the game
only through them, so it never needs the engine's private state. Each method that
changes the game appends the events it causes to ``out``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..editions import Edition
    from ..events import Event
    from ..question import Question
    from ..rules import Rules


class GameServices(Protocol):
    rng: random.Random
    """The game's random source; draw only from it, so a game under ``--seed`` repeats."""
    question: Question
    """The question on the table."""
    level: int
    """Its ladder level, 1-15."""
    edition: Edition
    rules: Rules

    @property
    def current(self) -> str:
        """The player whose question it is (who used the lifeline)."""

    def open_options(self, player: str | None = None) -> list[str]:
        """The letters not taken away for ``player`` (None: the current player)."""

    def friends(self, player: str | None = None) -> list[str]:
        """Everyone else at the table: ``player``'s audience and friends."""

    def votes_secret(self) -> bool:
        """Some of the votes now handed in came face down (``SecretVote``): the candidate
        has not heard them, so a card added to them cannot be told apart."""

    def two_player(self) -> bool:
        """Exactly two play and the table plays the two-player lifeline rules."""

    def remove_options(self, letters: list[str]) -> None:
        """Take ``letters`` away for the current player: they cannot be answered now."""

    def grant_guesses(self, lifeline: str, count: int, out: list[Event]) -> None:
        """The lifeline becomes ``count`` free tries: a wrong one is taken away and the
        player answers again (``GuessesGranted``)."""

    def ask_votes(self, voters: list[str], lifeline: str, out: list[Event]) -> None:
        """Ask ``voters`` one by one for a letter (``VoteNeeded``); when every vote is in,
        the game hands them to the lifeline's ``votes_in``."""

    def ask_for_friend(self, friends: list[str], out: list[Event]) -> None:
        """The player picks one of ``friends`` (``FriendNeeded``), who is then asked for a
        vote for the lifeline just used, as by ``ask_votes``."""

    def start_call(self, lifeline: str, out: list[Event]) -> None:
        """A real phone call with the table's clock (``CallPlaced``, ``CallStarted``); the
        host runs it and ends it with ``EndCall``."""

    def replace_question(self, out: list[Event]) -> None:
        """Another question of this level in place of this one, asked afresh
        (``QuestionAsked``) to everyone still in the round: options taken away and answers
        given on the old one no longer count; lifelines used on it stay used."""
