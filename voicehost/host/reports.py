"""What the host reports when asked: a player's money (so far, from earlier rounds, what
is at stake), everyone's money, and the lifelines left. Words only, through ``Lines``."""

from __future__ import annotations

from .lines import Lines


class Reports:
    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.game = lines.game

    def balance(self, player: str) -> list[str]:
        """What the player has won, in the words players use: so far, earlier rounds, safe."""
        n = self.lines
        st = self.game.statement(player)
        if "at_stake" not in st:
            if not st["balance"]:
                return [n.line("balance_none", player=player)]
            return [n.line("balance_total", player=player, balance=n.money(st["balance"]))]
        earlier = st["balance"]
        key = "balance_round_earlier" if earlier else "balance_round"
        out = [n.line(key, player=player, won=n.money(st["at_stake"]), earlier=n.money(earlier))]
        if not st["at_stake"]:
            out = [n.line("balance_total" if earlier else "balance_none", player=player,
                          balance=n.money(earlier))]
        can_walk = self.game.can_walk()
        out.append(n.line("balance_stake" if can_walk else "balance_stake_no_walk",
                          value=n.money(st["question_value"]),
                          if_wrong=n.money_or_nothing(st["if_wrong"] - earlier),
                          if_walk=n.money_or_nothing(st["if_walk"] - earlier)))
        return out

    def balances(self, balances: dict[str, int]) -> str:
        """Everyone's money, richest first; players with the same amount in one breath."""
        n, out = self.lines, []
        for amount in sorted(set(balances.values()), reverse=True):
            names = [p for p in self.game.players if balances.get(p) == amount]
            key = "balance_item_many" if len(names) > 1 else "balance_item"
            out.append(n.line(key, players=n.join(names), amount=n.money(amount)) + ".")
        return " ".join(out)

    def lifelines_left(self) -> str:
        n, names = self.lines, self.game.turn().lifelines
        if not names:
            return n.line("no_lifelines_left")
        return n.line("lifelines_left", lifelines=n.lifelines_text(names, "and"))
