"""Ask the audience: the other players vote one by one, or a simulated audience does.

At a table with enough other players (``Rules.human_audience_min``) they vote;
otherwise a hundred simulated people do (``crowd.py``), and in the Swedish edition
the host adds the right answer's card. Under the two-player rules it becomes free
tries instead. The host gives the votes as percentages, most votes first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..events import Event, LifelineUsed, VoteNeeded
from ..question import LETTERS
from . import crowd
from .lifeline import Lifeline
from .services import GameServices
from .words import Words


def tally(votes: list[str], open_options: list[str], correct: str | None = None) -> dict[str, int]:
    """Count vote cards per open option; ``correct`` adds the host's card for the right answer."""
    cards = list(votes) + ([correct] if correct else [])
    return {o: cards.count(o) for o in open_options}


def simulated_audience(rng: random.Random, correct: str, open_options: list[str], level: int,
                       add_correct_card: bool) -> dict[str, int]:
    votes = crowd.audience_votes(rng, correct, open_options, level)
    if add_correct_card:
        votes[correct] += 1
    return votes


def percentages(votes: dict[str, int]) -> list[tuple[str, int]]:
    """Votes as whole percentages that add up to 100, most votes first."""
    total = sum(votes.values())
    if not total:
        return [(o, 0) for o in votes]
    raw = {o: 100 * n / total for o, n in votes.items()}
    shares = {o: int(v) for o, v in raw.items()}
    short = 100 - sum(shares.values())
    for o in sorted(raw, key=lambda o: raw[o] - shares[o], reverse=True)[:short]:
        shares[o] += 1
    return sorted(shares.items(), key=lambda item: (-item[1], item[0]))


@dataclass(frozen=True)
class AudienceVoted(LifelineUsed):
    votes: dict[str, int]
    """Votes per letter."""
    voters: list[str]
    """The players who voted, in order; empty for a simulated audience."""
    simulated: bool
    correct_card: bool
    """The host's card for the right answer is among the votes (se, simulated)."""

    @property
    def result(self) -> dict[str, Any]:
        return {"votes": dict(self.votes), "voters": list(self.voters), "simulated": self.simulated,
                "correct_card": self.correct_card}


class AskAudience(Lifeline):
    name = "ask_audience"
    score_name = "audience"
    keys = ("7", "u")
    key_help = "Ask the audience."

    def use(self, game: GameServices, out: list[Event]) -> None:
        guesses = game.edition.two_player_audience_guesses
        if game.two_player() and guesses:
            return game.grant_guesses(self.name, guesses, out)
        voters = game.friends()
        if game.rules.table_votes and len(voters) >= game.rules.human_audience_min:
            return game.ask_votes(voters, self.name, out)
        card = game.edition.audience_adds_correct_card
        votes = simulated_audience(game.rng, game.question.answer, game.open_options(), game.level, card)
        out.append(AudienceVoted(game.current, self.name, votes, [], True, card))

    def votes_in(self, game: GameServices, voters: list[str], votes: list[str],
                 out: list[Event]) -> None:
        # Votes handed in face down: in se the host adds the right answer's card, and no one
        # can tell it from the others. Votes said aloud stay as they were said.
        card = game.votes_secret() and game.edition.audience_adds_correct_card
        correct = game.question.answer if card else None
        out.append(AudienceVoted(game.current, self.name, tally(votes, list(LETTERS), correct),
                                 voters, False, card))

    def tell(self, event: LifelineUsed, words: Words) -> list[str]:
        if not isinstance(event, AudienceVoted):
            return super().tell(event, words)
        shares = "; ".join(words.line("audience_share", option=o, percent=p)
                           for o, p in percentages(event.votes) if p or not event.simulated)
        lines = [words.line("audience_result", shares=shares)]
        if event.correct_card:
            lines.append(words.line("audience_with_card"))
        return lines

    def tell_vote_needed(self, event: VoteNeeded, voters: list[str], words: Words) -> list[str]:
        start = ([words.line("lifeline_audience_start", voters=words.join(voters))]
                 if event.voter == voters[0] else [])
        return start + super().tell_vote_needed(event, voters, words)
