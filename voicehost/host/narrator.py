"""The host's words: game events and turns rendered into lines from the locale file.

Pure apart from a seeded random source that picks among line variants. It
never reveals the right answer before the reveal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..game import events as ev
from ..game.editions import ASK_AUDIENCE, HOT_SEAT, PHONE_FRIEND
from ..game.engine import Game
from ..game.lifelines import percentages
from ..game.question import LETTERS
from ..game.turn import Phase
from ..language.locale import Locale


@dataclass(frozen=True)
class Sound:
    name: str


class Narrator:
    def __init__(self, locale: Locale, game: Game, seed: int | None = None,
                 read_explanations: bool = True) -> None:
        self.loc = locale
        self.game = game
        self.rng = random.Random(seed)
        self.read_explanations = read_explanations
        self._batch: list[ev.Event] = []
        self._asked = None

    # ---------------------------------------------------------------- helpers
    def line(self, key: str, **fields) -> str:
        return self.loc.line(key, self.rng, **fields)

    def money(self, amount: int) -> str:
        return self.loc.money(amount, self.game.edition.currency)

    def options_text(self, letters: list[str] | None = None) -> str:
        q = self.game.question
        letters = letters or self.game.open_options()
        if list(letters) == list(LETTERS):
            return self.line("read_options", **dict(zip(LETTERS, q.options)))
        items = [self.line("option_item", letter=o, text=q.option(o)) for o in letters]
        return self.line("read_options_left", options=self.loc.join(items))

    def question_text(self) -> list[str]:
        return [self.line("read_question", text=self.game.question.text), self.options_text()]

    def lifelines_text(self, names) -> str:
        return self.loc.join([self.loc.lifeline(n) for n in names], "or")

    # ---------------------------------------------------------------- prompts
    def prompt(self) -> list[str]:
        """What to ask now that the events are told (empty when an event asked already)."""
        game = self.game
        if game.over or game.phase is not Phase.ANSWER:
            return []
        turn = game.turn()
        handed_over = any(isinstance(e, ev.QuestionAsked) and not e.fresh for e in self._batch)
        if handed_over:
            return [self.line("prompt_next_player", player=turn.player)]
        if turn.guesses:
            return [self.line("prompt_guess", player=turn.player)]
        key = "prompt_answer" if turn.lifelines else "prompt_answer_no_lifeline"
        return [self.line(key, player=turn.player)]

    def silence(self, count: int) -> str:
        turn = self.game.turn()
        variants = self.loc.data["lines"]["silence"]
        template = variants[count % len(variants)]
        lifelines = self.lifelines_text(turn.lifelines) if turn.lifelines else "-"
        if self.game.phase is not Phase.ANSWER:
            return self.help()
        if "{lifelines}" in template and not turn.lifelines:
            template = variants[0]
        return template.format(player=turn.player, options=self.options_text(),
                               lifelines=lifelines)

    def help(self) -> str:
        turn = self.game.turn()
        return self.line(f"help.{turn.phase.value}", lifelines=self.lifelines_text(turn.lifelines) or "-",
                         choices=self.loc.join(list(turn.friends), "or"))

    def didnt_catch(self) -> str:
        turn = self.game.turn()
        return self.line(f"didnt_catch.{turn.phase.value}", choices=self.loc.join(list(turn.friends), "or"))

    def balance(self, player: str) -> list[str]:
        st = self.game.statement(player)
        out = [self.line("balance_line", player=player, balance=self.money(st["balance"]))]
        if "question_value" in st:
            out.append(self.line("balance_stake", value=self.money(st["question_value"]),
                                 if_wrong=self.money(st["if_wrong"]), if_walk=self.money(st["if_walk"])))
        return out

    def lifelines_left(self) -> str:
        names = self.game.turn().lifelines
        if not names:
            return self.line("no_lifelines_left")
        return self.line("lifelines_left", lifelines=self.loc.join([self.loc.lifeline(n) for n in names]))

    def balances(self, balances: dict[str, int]) -> str:
        return " ".join(self.line("balance_item", player=p, amount=self.money(a)) + "."
                        for p, a in sorted(balances.items(), key=lambda kv: -kv[1]))

    def welcome(self) -> list:
        g = self.game
        top = self.money(g.ladder.top_prize)
        rounds = (self.line("rounds_text", rounds=g.rules.rounds, top=top) if g.rules.rounds > 1
                  else self.line("rounds_text_one", top=top))
        return [self.line("welcome", players=self.loc.join(g.players), rounds_text=rounds),
                self.line("how_to_play")]

    # ---------------------------------------------------------------- events
    def tell(self, events: list[ev.Event], asked=None) -> list:
        """Lines and sounds for a batch of events. ``asked`` is the question
        that was on the table before the batch (the reveal may come after
        the next question is drawn)."""
        out: list = []
        self._batch, self._asked = events, asked
        for e in events:
            method = getattr(self, "_" + e.kind, None)
            if method:
                method(e, out)
        return out

    def _round_start(self, e: ev.RoundStarted, out: list) -> None:
        out.append(self.line("round_start", round=e.round, rounds=self.game.rules.rounds))

    def _turn_start(self, e: ev.TurnStarted, out: list) -> None:
        audience = self.line("audience_text", audience=self.loc.join(e.audience)) if e.audience else ""
        out.append(self.line("turn_start", player=e.player, audience_text=audience).strip())

    def _question(self, e: ev.QuestionAsked, out: list) -> None:
        game = self.game
        if not e.fresh:  # the same question, now the next player's turn: prompt() asks them
            return
        value = self.money(e.value)
        if game.format != HOT_SEAT and len(game.in_round) > 1:
            out.append(self.line("question_table", level=e.level, value=value,
                                 players=self.loc.join(game.in_round)))
        else:
            out.append(self.line("question_fresh", player=e.player, level=e.level, value=value))
        if e.level == game.ladder.top:
            out.append(self.line("last_question", value=value))
        elif e.level in game.ladder.safe_levels:
            out.append(self.line("milestone_next", value=value))
        out.extend(self.question_text())

    def _deck_reshuffled(self, e: ev.DeckReshuffled, out: list) -> None:
        out.append(self.line("deck_reshuffled", level=e.level))

    def _pending(self, e: ev.AnswerPending, out: list) -> None:
        out.append(self.line("pending", option=e.option, text=self.game.question.option(e.option)))

    def _locked(self, e: ev.AnswerLocked, out: list) -> None:
        out.append(Sound("lock_in"))
        revealing = any(isinstance(x, ev.Revealed) for x in self._batch)
        key = "locked_hot_seat" if revealing else "locked"
        out.append(self.line(key, player=e.player, option=e.option))

    def _walk_pending(self, e: ev.WalkPending, out: list) -> None:
        out.append(self.line("walk_pending", amount=self.money(e.amount)))

    def _cancelled(self, e: ev.Cancelled, out: list) -> None:
        out.append(self.line("cancelled"))

    def _reveal(self, e: ev.Revealed, out: list) -> None:
        """The reveal with every player's outcome, then the explanation."""
        q = self.game.question if self.game.question.id == e.question_id else self._asked
        out.append(self.line("reveal", option=e.correct, text=q.option(e.correct)))
        for a in self._batch:
            if not isinstance(a, ev.Answered):
                continue
            if a.correct:
                out.append(Sound("correct"))
                out.append(self.line("correct", player=a.player))
                if a.level < self.game.ladder.top:
                    out.append(self.line("correct_value", value=self.money(self.game.ladder.value(a.level))))
            else:
                payout = next(x.payout for x in self._batch
                              if isinstance(x, ev.Eliminated) and x.player == a.player)
                out.append(Sound("wrong"))
                out.append(self.line("wrong", player=a.player, option=a.option, payout=self.money(payout)))
        if self.read_explanations and q.explanation:
            out.append(self.line("explanation", text=q.explanation))

    def _walk_away(self, e: ev.WalkedAway, out: list) -> None:
        out.append(self.line("walked_away", player=e.player, amount=self.money(e.amount)))

    def _top_prize(self, e: ev.TopPrize, out: list) -> None:
        out.append(self.line("top_prize", player=e.player, amount=self.money(e.amount)))

    def _round_end(self, e: ev.RoundEnded, out: list) -> None:
        out.append(self.line("round_end", round=e.round, balances=self.balances(e.balances)))

    def _game_over(self, e: ev.GameOver, out: list) -> None:
        best = max(e.balances.values())
        if e.winner:
            out.append(self.line("game_over_winner", winner=e.winner, amount=self.money(e.balances[e.winner])))
        else:
            out.append(self.line("game_over_tie", winners=self.loc.join(e.winners), amount=self.money(best)))

    def _lifeline(self, e: ev.LifelineUsed, out: list) -> None:
        out.append(Sound("lifeline"))
        r = e.result
        if "guesses" in r:
            key = "guesses_start" if r["guesses"] > 1 else "guesses_start_one"
            out.append(self.line(key, count=r["guesses"]))
        elif "removed" in r:
            out.append(self.line("lifeline_fifty_fifty", options=self.options_text(r["left"]).rstrip(".")))
        elif "votes" in r:
            shares = "; ".join(self.line("audience_share", option=o, percent=p)
                               for o, p in percentages(r["votes"]) if p or not r["simulated"])
            out.append(self.line("audience_result", shares=shares))
            if r.get("correct_card"):
                out.append(self.line("audience_with_card"))
        elif e.lifeline == PHONE_FRIEND and "cards" in r:
            if r.get("friend"):
                out.append(self.line("friend_tip", friend=r["friend"], option=r["tip"]))
                return
            out.append(self.loc.data["lines"]["friend_sure"][r["sure"]])
            first, second = r["cards"]
            key = "friend_cards_same" if first == second else "friend_cards_two"
            out.append(self.line(key, first=first, second=second))

    def _vote_needed(self, e: ev.VoteNeeded, out: list) -> None:
        if e.lifeline == ASK_AUDIENCE:
            if e.voter == self.game.voters[0]:
                out.append(self.line("lifeline_audience_start", voters=self.loc.join(self.game.voters)))
            out.append(self.line("vote_needed", voter=e.voter, player=e.player))
        else:
            out.append(self.line("friend_asked", player=e.player, friend=e.voter))

    def _pick_friend(self, e: ev.FriendNeeded, out: list) -> None:
        out.append(self.line("pick_friend", player=e.player, choices=self.loc.join(e.choices, "or")))

    def _call_end(self, e: ev.CallEnded, out: list) -> None:
        out.append(self.line("call_over"))
        if e.answered and self.game.seat(e.player).guesses:
            out.append(self.line("call_tip"))

    def _guess(self, e: ev.GuessResult, out: list) -> None:
        if e.correct:
            out.append(self.line("guess_right", option=e.option))
        else:
            key = "guess_wrong_more" if e.guesses_left else "guess_wrong"
            out.append(self.line(key, option=e.option))

    def _rejected(self, e: ev.Rejected, out: list) -> None:
        turn = self.game.turn()
        out.append(self.line(
            f"rejected.{e.reason}", detail=e.detail, player=turn.player,
            lifeline=self.loc.lifeline(e.detail) if e.detail in self.loc.data["lifelines"] else e.detail,
            option=e.detail, options=self.options_text().rstrip("."),
            choices=self.loc.join(list(turn.friends), "or")))

