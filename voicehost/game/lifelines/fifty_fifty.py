"""Fifty-fifty: two wrong answers are taken away.

Refused when only two options are open already (after free tries), as it could
not help. The host names the two options left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..events import Event, LifelineUsed
from .lifeline import Lifeline
from .services import GameServices
from .words import Words


def wrong_to_remove(rng: random.Random, correct: str, open_options: list[str]) -> list[str]:
    """The wrong options to remove so that two remain, one of them right."""
    wrong = [o for o in open_options if o != correct]
    count = min(2, max(0, len(open_options) - 2))
    return sorted(rng.sample(wrong, count))


@dataclass(frozen=True)
class FiftyFiftyUsed(LifelineUsed):
    removed: list[str]
    """The letters taken away."""
    left: list[str]
    """The letters still open, the right one among them."""

    @property
    def result(self) -> dict[str, Any]:
        return {"removed": list(self.removed), "left": list(self.left)}


class FiftyFifty(Lifeline):
    name = "fifty_fifty"
    keys = ("5", "f")
    key_help = "Fifty-fifty."

    def refusal(self, game: GameServices) -> str | None:
        return "fifty_fifty_pointless" if len(game.open_options()) <= 2 else None

    def use(self, game: GameServices, out: list[Event]) -> None:
        removed = wrong_to_remove(game.rng, game.question.answer, game.open_options())
        game.remove_options(removed)
        out.append(FiftyFiftyUsed(game.current, self.name, removed, game.open_options()))

    def tell(self, event: LifelineUsed, words: Words) -> list[str]:
        if isinstance(event, FiftyFiftyUsed):
            return [words.line("lifeline_fifty_fifty", options=words.options_text(event.left).rstrip("."))]
        return super().tell(event, words)
