"""The simulated audience and friend, for solo play and the kiosk.

Pure functions of a ``random.Random``, so a game under ``--seed`` is
repeatable. The audience leans toward the right answer more on easy levels
than hard ones; the friend is right with a level-dependent probability and
says how sure they are.
"""

from __future__ import annotations

import random

AUDIENCE_SIZE = 100


def _ease(level: int) -> float:
    """1.0 at level 1 falling linearly to 0.0 at level 15."""
    return max(0.0, min(1.0, (15 - level) / 14))


def audience_votes(rng: random.Random, correct: str, options: list[str], level: int,
                   size: int = AUDIENCE_SIZE) -> dict[str, int]:
    """Votes of ``size`` simulated people over ``options`` (the letters still open)."""
    p_right = 0.35 + 0.45 * _ease(level)          # 80% at level 1, 35% at level 15
    wrong = [o for o in options if o != correct]
    weights = {o: 0.0 for o in options}
    weights[correct] = p_right
    if wrong:
        decoy = rng.choice(wrong) if level >= 8 else None   # hard questions have a tempting wrong answer
        for o in wrong:
            weights[o] = (1 - p_right) / len(wrong)
        if decoy is not None and len(wrong) > 1:
            shift = weights[decoy] * 0.8
            weights[decoy] += shift * (len(wrong) - 1) / len(wrong) * 1.5
            for o in wrong:
                if o != decoy:
                    weights[o] -= shift * 1.5 / len(wrong)
    letters = list(weights)
    picks = rng.choices(letters, weights=[max(weights[o], 0.001) for o in letters], k=size)
    return {o: picks.count(o) for o in options}


SURE, THINK, GUESS = "sure", "think", "guess"


def friend_tip(rng: random.Random, correct: str, options: list[str], level: int) -> tuple[str, str]:
    """A simulated friend's answer and how sure they are (sure, think or guess)."""
    p_right = 0.45 + 0.5 * _ease(level)           # 95% at level 1, 45% at level 15
    right = rng.random() < p_right
    wrong = [o for o in options if o != correct]
    tip = correct if right or not wrong else rng.choice(wrong)
    roll = rng.random()
    if right:
        sure = SURE if roll < 0.3 + 0.5 * _ease(level) else THINK
    else:
        sure = GUESS if roll < 0.6 else THINK
    return tip, sure
