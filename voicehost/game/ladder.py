"""The money ladder: what each level is worth and what a player keeps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ladder:
    """Prize values for levels 1..N and the safe levels.

    ``values[0]`` is level 1. ``safe_levels`` are level numbers (1-based):
    once a player has answered a safe level correctly, a later wrong answer
    still pays that level's value.
    """

    values: tuple[int, ...]
    safe_levels: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.values or list(self.values) != sorted(set(self.values)):
            raise ValueError("ladder values must rise strictly")
        for level in self.safe_levels:
            if not 1 <= level <= len(self.values):
                raise ValueError(f"safe level {level} is not on the ladder")

    @property
    def top(self) -> int:
        """The number of levels (15 on both editions)."""
        return len(self.values)

    def unfilled(self, levels) -> list[int]:
        """The levels of this ladder (1 to ``top``) not among ``levels``: a game asks a
        question at every level, so these are the levels a set of questions cannot play."""
        have = set(levels)
        return [level for level in range(1, self.top + 1) if level not in have]

    @property
    def top_prize(self) -> int:
        return self.values[-1]

    def value(self, level: int) -> int:
        """What a correct answer at ``level`` is worth."""
        return self.values[level - 1]

    def secured(self, level: int) -> int:
        """What walking away while facing ``level`` keeps: the last level won."""
        return self.values[level - 2] if level >= 2 else 0

    def if_wrong(self, level: int) -> int:
        """What a wrong answer at ``level`` pays: the highest safe level below it."""
        safe = [self.value(s) for s in self.safe_levels if s < level]
        return max(safe, default=0)
