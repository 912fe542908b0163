"""The bank: every player's money across rounds and what is at stake now."""

from __future__ import annotations

from dataclasses import dataclass, field

from .ladder import Ladder


@dataclass
class Bank:
    """Balances carried across rounds plus each player's winnings in the current round.

    ``balances`` holds money already paid out; ``round_winnings`` the value
    of the last level a player answered correctly in this round, which is
    what walking away now would keep.
    """

    ladder: Ladder
    balances: dict[str, int] = field(default_factory=dict)
    round_winnings: dict[str, int] = field(default_factory=dict)

    def open_account(self, player: str) -> None:
        self.balances.setdefault(player, 0)

    def start_round(self, players: list[str]) -> None:
        self.round_winnings = {p: 0 for p in players}

    def credit(self, player: str, level: int) -> int:
        """A correct answer at ``level``: the card's value becomes the round's winnings."""
        self.round_winnings[player] = self.ladder.value(level)
        return self.round_winnings[player]

    def pay_wrong(self, player: str, level: int) -> int:
        return self._pay(player, self.ladder.if_wrong(level))

    def pay_walk(self, player: str, level: int) -> int:
        return self._pay(player, self.ladder.secured(level))

    def pay_top(self, player: str) -> int:
        return self._pay(player, self.ladder.top_prize)

    def _pay(self, player: str, amount: int) -> int:
        self.balances[player] = self.balances.get(player, 0) + amount
        self.round_winnings.pop(player, None)
        return amount

    def balance(self, player: str) -> int:
        """Money banked in earlier rounds and this one (not counting what is at stake)."""
        return self.balances.get(player, 0)

    def statement(self, player: str, level: int | None) -> dict[str, int]:
        """What the player has, and if facing ``level``: its value, what a wrong
        answer and what walking away would leave them with in total."""
        out = {"balance": self.balance(player)}
        if level is not None and player in self.round_winnings:
            base = self.balance(player)
            out.update(
                at_stake=self.round_winnings[player],
                question_value=self.ladder.value(level),
                if_wrong=base + self.ladder.if_wrong(level),
                if_walk=base + self.ladder.secured(level),
            )
        return out

    def to_dict(self) -> dict:
        return {"balances": dict(self.balances), "round_winnings": dict(self.round_winnings)}

    @classmethod
    def from_dict(cls, ladder: Ladder, data: dict) -> "Bank":
        return cls(ladder, dict(data["balances"]), dict(data["round_winnings"]))
