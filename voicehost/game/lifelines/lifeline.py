"""The ``Lifeline`` base: one lifeline, whole, as one object.

Its name and keys, when it may not be used, what it does to a game, what it does
with the votes it asked for, and how the host tells what came of it. The engine
(``engine.py``) checks what every lifeline shares (the edition has it, it is not
spent, the edition's chaining rule) and then hands the game to ``use``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from ..events import Event, GuessesGranted, LifelineUsed, VoteNeeded
from .services import GameServices
from .words import Words


class Lifeline(ABC):
    name: ClassVar[str]
    """Its name everywhere: in the locale (``lifelines.<name>``, its spoken name;
    ``phrases.lifeline.<name>``, what players say for it), in an edition's list, in
    ``input.keys``, in saves and in the ``--events`` log."""
    keys: ClassVar[tuple[str, ...]] = ()
    """Its keys in ``input.keys`` unless the settings say otherwise."""
    key_help: ClassVar[str] = ""
    """What its keys do, in a few words, for the settings' documentation."""

    @property
    def score_name(self) -> str:
        """Its name in the kiosk's score table; the name, unless the lifeline says another
        (as a class attribute)."""
        return self.name

    def refusal(self, game: GameServices) -> str | None:
        """Why it cannot be used now, as a ``Rejected`` reason (the locale's line
        ``rejected.<reason>``), or None when it can. Nothing is spent when refused."""
        return None

    @abstractmethod
    def use(self, game: GameServices, out: list[Event]) -> None:
        """Use it on the current player's question (it is already spent); append the events."""

    def votes_in(self, game: GameServices, voters: list[str], votes: list[str],
                 out: list[Event]) -> None:
        """Every vote it asked for (``game.ask_votes``) is in: ``votes[i]`` is ``voters[i]``'s."""
        raise NotImplementedError(f"the lifeline {self.name!r} asks for no votes")

    def tell(self, event: LifelineUsed, words: Words) -> list[str]:
        """The host's lines for one of its events (the lifeline's sound is played before).
        Here the events of the game's services; a lifeline tells its own and leaves the
        rest to this."""
        if isinstance(event, GuessesGranted):
            key = "guesses_start" if event.guesses > 1 else "guesses_start_one"
            return [words.line(key, count=words.number(event.guesses))]
        return []

    def tell_vote_needed(self, event: VoteNeeded, voters: list[str], words: Words) -> list[str]:
        """The host's lines asking ``event.voter`` for a vote; ``voters`` are all who vote."""
        first = event.voter == voters[0]
        return [words.line("vote_needed" if first else "vote_next", voter=event.voter,
                           player=event.player)]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"
