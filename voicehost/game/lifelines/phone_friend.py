"""Phone a friend: another player at the table, a simulated friend, or a real call.

With ``Rules.phone_mode`` "real" the host reads the question for a real friend
on the phone and runs the clock. Otherwise the friend is the only other player,
or one the player picks; alone (or with ``table_votes`` off) a simulated friend
gives a tip and says how sure they are, and the host shows that tip's card with
the right answer's card, shuffled. Under the Swedish two-player rules it becomes
one free try instead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..events import Event, LifelineUsed, VoteNeeded
from . import crowd
from .lifeline import Lifeline
from .services import GameServices
from .words import Words


def friend_cards(rng: random.Random, tip: str, correct: str) -> list[str]:
    """The friend's card shuffled with the right answer's card: at least one is right."""
    cards = [tip, correct]
    rng.shuffle(cards)
    return cards


@dataclass(frozen=True)
class FriendTipped(LifelineUsed):
    friend: str | None
    """The player who was the friend; None for the simulated friend."""
    tip: str
    """The letter the friend said."""
    cards: list[str]
    """The cards shown: the simulated friend's tip with the right answer's; a player's tip alone."""
    sure: str | None = None
    """How sure the simulated friend is (``crowd.SURE``, ``THINK``, ``GUESS``); None for a player."""
    secret: bool = False
    """A player's card handed in face down and shown with the right answer's, shuffled: which
    one was the friend's is not told (``tip`` is kept for the event log only)."""

    @property
    def shown_tip(self) -> str | None:
        """The tip as the table may know it: None when it was handed in face down."""
        return None if self.secret else self.tip

    @property
    def result(self) -> dict[str, Any]:
        sure = {} if self.sure is None else {"sure": self.sure}
        secret = {"secret": True} if self.secret else {}
        return {"friend": self.friend, "tip": self.shown_tip, **sure, "cards": list(self.cards),
                **secret}


class PhoneFriend(Lifeline):
    name = "phone_friend"
    score_name = "phone"
    keys = ("6", "p")
    key_help = "Phone a friend."

    def use(self, game: GameServices, out: list[Event]) -> None:
        if game.rules.phone_mode == "real":
            return game.start_call(self.name, out)
        guesses = game.edition.two_player_phone_guesses
        if game.two_player() and guesses:
            return game.grant_guesses(self.name, guesses, out)
        friends = game.friends()
        if not game.rules.table_votes or not friends:
            correct = game.question.answer
            tip, sure = crowd.friend_tip(game.rng, correct, game.open_options(), game.level)
            cards = friend_cards(game.rng, tip, correct)
            out.append(FriendTipped(game.current, self.name, None, tip, cards, sure))
        elif len(friends) == 1:
            game.ask_votes(friends, self.name, out)
        else:
            game.ask_for_friend(friends, out)

    def votes_in(self, game: GameServices, voters: list[str], votes: list[str],
                 out: list[Event]) -> None:
        # A friend at the table says the tip aloud: adding the right card would give it away.
        # A card handed in face down is shown with the right answer's where the edition says.
        if game.votes_secret() and game.edition.friend_card_adds_correct:
            cards = friend_cards(game.rng, votes[0], game.question.answer)
            out.append(FriendTipped(game.current, self.name, voters[0], votes[0], cards,
                                    secret=True))
            return
        out.append(FriendTipped(game.current, self.name, voters[0], votes[0], [votes[0]]))

    def tell(self, event: LifelineUsed, words: Words) -> list[str]:
        if not isinstance(event, FriendTipped):
            return super().tell(event, words)
        if event.friend and event.secret:
            first, second = event.cards
            key = "friend_card_secret_same" if first == second else "friend_card_secret"
            return [words.line(key, friend=event.friend, first=first, second=second)]
        if event.friend:
            return [words.line("friend_tip", friend=event.friend, option=event.tip)]
        first, second = event.cards
        key = "friend_cards_same" if first == second else "friend_cards_two"
        return [words.line(f"friend_sure.{event.sure}"), words.line(key, first=first, second=second)]

    def tell_vote_needed(self, event: VoteNeeded, voters: list[str], words: Words) -> list[str]:
        return [words.line("friend_asked", player=event.player, friend=event.voter)]
