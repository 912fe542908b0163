"""What each lifeline produces, as pure functions of the question and a random source.

The game (``engine.py``) decides when a lifeline may be used and whose votes
count; these functions only compute the outcome.
"""

from __future__ import annotations

import random

from . import crowd


def fifty_fifty(rng: random.Random, correct: str, open_options: list[str]) -> list[str]:
    """The wrong options to remove so that two remain, one of them right."""
    wrong = [o for o in open_options if o != correct]
    count = min(2, max(0, len(open_options) - 2))
    return sorted(rng.sample(wrong, count))


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


def friend_cards(rng: random.Random, tip: str, correct: str) -> list[str]:
    """The friend's card shuffled with the right answer's card: at least one is right."""
    cards = [tip, correct]
    rng.shuffle(cards)
    return cards


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
