"""The host's words: game events and turns rendered into lines from the locale file.

Pure apart from a seeded random source that picks among line variants. It
never reveals the right answer before the reveal, never says the same line
twice in a row, and asks for an answer once: when an event's line already
asks (a rejection that says what to do), ``prompt`` adds nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..game import events as ev
from ..game.editions import HOT_SEAT
from ..game.engine import Game
from ..game.lifelines import REGISTRY, Words
from ..game.question import LETTERS
from ..game.turn import Phase
from ..language.locale import Locale
from ..language.numbers import say_number
from .key_words import KeyWords
from .reask_lines import ReaskLines


@dataclass(frozen=True)
class Sound:
    name: str


class Narrator(ReaskLines, Words):
    def __init__(self, locale: Locale, game: Game, seed: int | None = None,
                 read_explanations: bool = True, keyboard: bool = False,
                 hears: Callable[[str], bool] | None = None,
                 keys: dict[str, str] | None = None, only_keys: bool = False) -> None:
        self.loc = locale
        self.keyboard = keyboard
        """Answers are typed: help names the typed shortcuts too."""
        self.hears = hears or (lambda text: True)
        """Whether the input can hear an option's text: the host never offers one it cannot."""
        self.keys = KeyWords(locale, keys, only_keys)
        """How to name the keys players press, when they have keys."""
        self.game = game
        self.rng = random.Random(seed)
        self.read_explanations = read_explanations
        self._batch: list[ev.Event] = []
        self._asked = None
        self._prompted = False
        self._last = ""
        self._variant: dict[str, int] = {}
        """Which variant of each line was said last: the next time it is another."""
        self.renderers: dict[type, Callable[[ev.Event, list], None]] = {}
        """How the events of these types are told, in place of the narrator's own way."""

    # ---------------------------------------------------------------- helpers
    def keyed_line(self, key: str, part: str = "", **fields) -> str:
        """The line ``key`` (its ``_keys`` variant when players answer only with keys; then
        ``.part`` within it), with the names of the keys as fields (``{key_confirm}``)."""
        name = self.keys.keyed(key) + (f".{part}" if part else "")
        return self.line(name, **self.keys.fields(), **fields)

    def line(self, key: str, **fields) -> str:
        """The line ``key``; of several variants, never the one said just before, nor the
        variant of ``key`` said the last time (so a prompt that comes back after another
        line is put another way)."""
        variants = self.loc.variants(key)
        rendered = [v.format(**fields) for v in variants]
        unlike_last = [i for i, r in enumerate(rendered) if r != self._last]
        fresh = ([i for i in unlike_last if i != self._variant.get(key)] or unlike_last
                 or list(range(len(rendered))))
        chosen = fresh[0] if len(fresh) == 1 else self.rng.choice(fresh)
        self._variant[key] = chosen
        self._last = rendered[chosen]
        return self._last

    def inline(self, text: str) -> str:
        """An option's text inside a sentence: a leading article in lower case
        ("You said B, the Inca"; "Sie sagen C, der Adler"), as a host says it."""
        first, _, rest = text.partition(" ")
        articles = {a.casefold() for a in self.loc.phrases.get("articles", [])}
        if rest and first.casefold() in articles and first[:1].isupper():
            return f"{first.lower()} {rest}"
        return text

    def money(self, amount: int) -> str:
        return self.loc.money(amount, self.game.edition.currency)

    def money_or_nothing(self, amount: int) -> str:
        return self.money(amount) if amount else self.line("nothing")

    def letters_text(self) -> str:
        return self.loc.join(self.game.open_options(), "or")

    def options_text(self, letters: list[str] | None = None) -> str:
        q = self.game.question
        letters = letters or self.game.open_options()
        if list(letters) == list(LETTERS):
            return self.line("read_options", **dict(zip(LETTERS, q.options)))
        items = [self.line("option_item", letter=o, text=q.option(o)) for o in letters]
        return self.line("read_options_left", options=self.loc.join(items))

    def question_text(self) -> list[str]:
        return [self.line("read_question", text=self.game.question.text), self.options_text()]

    def number(self, n: int) -> str:
        return say_number(n, self.loc.data["numbers"])

    def join(self, items: list[str], word: str = "and") -> str:
        return self.loc.join(items, word)

    def lifelines_text(self, names) -> str:
        return self.loc.join([self.loc.lifeline(n) for n in names], "or")

    # ---------------------------------------------------------------- prompts
    def prompt(self) -> list[str]:
        """What to ask now that the events are told (empty when an event asked already)."""
        game = self.game
        if game.over or game.phase is not Phase.ANSWER or self._prompted:
            return []
        turn = game.turn()
        handed_over = any(isinstance(e, ev.QuestionAsked) and not e.fresh for e in self._batch)
        if handed_over:
            return [self.line("prompt_next_player", player=turn.player)]
        if turn.guesses:
            return [self.line("prompt_guess", player=turn.player)]
        key = "prompt_answer" if turn.lifelines else "prompt_answer_no_lifeline"
        return [self.line(key, player=turn.player)]

    def ask_again(self) -> list[str]:
        """After a host command (balance, options, ...): ask again what the game waits for."""
        game = self.game
        if game.over:
            return []
        turn = game.turn()
        if game.phase is Phase.CONFIRM_ANSWER and turn.pending:
            return [self.line("pending_again", option=turn.pending,
                              text=self.inline(turn.question.option(turn.pending)))]
        if game.phase is Phase.CONFIRM_WALK:
            return [self.line("walk_pending_again", amount=self.money_or_nothing(turn.walk_amount))]
        if game.phase is Phase.VOTE:
            return [self.line("vote_needed", voter=turn.speaker, player=turn.player)]
        if game.phase is Phase.PICK_FRIEND:
            return [self.line("pick_friend", player=turn.player,
                              choices=self.loc.join(list(turn.friends), "or"))]
        if game.phase is Phase.ANSWER:
            if turn.guesses:
                return [self.line("prompt_guess", player=turn.player)]
            return [self.line("prompt_again", player=turn.player)]
        return []

    def silence(self, count: int) -> str:
        turn = self.game.turn()
        variants = self.loc.data["lines"][self.keys.keyed("silence")]
        template = variants[count % len(variants)]
        lifelines = self.lifelines_text(turn.lifelines) if turn.lifelines else "-"
        if self.game.phase is not Phase.ANSWER:
            # In turn: what may be said, the question again, a short nudge, the question again;
            # the long help comes back only every fourth time.
            again = self.ask_again() if count % 2 else []
            if again:
                return again[0]
            return self.help() if count % 4 == 0 else self.didnt_catch()
        if "{lifelines}" in template and not turn.lifelines:
            template = variants[0]
        return template.format(player=turn.player, options=self.options_text(),
                               lifelines=lifelines, **self.keys.fields())

    def help(self) -> str:
        """What may be said now, and only that: no used lifeline, no walking away before it is allowed."""
        turn = self.game.turn()
        moment = "guess" if turn.phase is Phase.ANSWER and turn.guesses else turn.phase.value
        lifelines = (self.line("help_lifelines", lifelines=self.lifelines_text(turn.lifelines))
                     if turn.lifelines else "")
        walk = (self.line("help_walk" if turn.walk_amount else "help_walk_nothing",
                          amount=self.money(turn.walk_amount))
                if turn.can_walk and turn.phase is Phase.ANSWER else "")
        pending = turn.pending or ""
        typed = self.loc.line(f"help_typed.{moment}") if self.keyboard else ""
        if self.keys.active:
            typed = self.keys.help(moment, turn.lifelines, turn.can_walk)
            if self.keys.only_keys:  # what to press, not what to say
                self._last = typed.strip()
                return self._last
        return self.line(f"help.{moment}", letters=self.letters_text(), lifelines_text=lifelines,
                         walk_text=walk, option=pending, amount=self.money_or_nothing(turn.walk_amount),
                         choices=self.loc.join(list(turn.friends), "or"), typed=typed)

    def ask_yes(self) -> str:
        """A yes said another way ("final answer") was heard: ask for the plain yes that locks."""
        turn = self.game.turn()
        return self.line(f"ask_yes.{turn.phase.value}", option=turn.pending or "",
                         amount=self.money_or_nothing(turn.walk_amount))

    def didnt_catch(self) -> str:
        turn = self.game.turn()
        moment = turn.phase.value
        if turn.phase is Phase.ANSWER and not turn.lifelines:
            moment = "answer_no_lifeline"
        return self.keyed_line("didnt_catch", moment, choices=self.loc.join(list(turn.friends), "or"),
                               letters=self.letters_text(), option=turn.pending or "")

    def balance(self, player: str) -> list[str]:
        """What the player has won, in the words players use: so far, earlier rounds, safe."""
        st = self.game.statement(player)
        if "at_stake" not in st:
            if not st["balance"]:
                return [self.line("balance_none", player=player)]
            return [self.line("balance_total", player=player, balance=self.money(st["balance"]))]
        earlier = st["balance"]
        key = "balance_round_earlier" if earlier else "balance_round"
        out = [self.line(key, player=player, won=self.money(st["at_stake"]), earlier=self.money(earlier))]
        if not st["at_stake"]:
            out = [self.line("balance_total" if earlier else "balance_none", player=player,
                             balance=self.money(earlier))]
        can_walk = self.game.can_walk()
        out.append(self.line("balance_stake" if can_walk else "balance_stake_no_walk",
                             value=self.money(st["question_value"]),
                             if_wrong=self.money_or_nothing(st["if_wrong"] - earlier),
                             if_walk=self.money_or_nothing(st["if_walk"] - earlier)))
        return out

    def lifelines_left(self) -> str:
        names = self.game.turn().lifelines
        if not names:
            return self.line("no_lifelines_left")
        return self.line("lifelines_left", lifelines=self.loc.join([self.loc.lifeline(n) for n in names]))

    def balances(self, balances: dict[str, int]) -> str:
        """Everyone's money, richest first; players with the same amount in one breath."""
        out = []
        for amount in sorted(set(balances.values()), reverse=True):
            names = [p for p in self.game.players if balances.get(p) == amount]
            key = "balance_item_many" if len(names) > 1 else "balance_item"
            out.append(self.line(key, players=self.loc.join(names), amount=self.money(amount)) + ".")
        return " ".join(out)

    def welcome(self) -> list:
        g = self.game
        top = self.money(g.ladder.top_prize)
        rounds = (self.line("rounds_text", rounds=g.rules.rounds, top=top) if g.rules.rounds > 1
                  else self.line("rounds_text_one", top=top))
        return [self.line("welcome", players=self.loc.join(g.players), rounds_text=rounds),
                self.line(self.keys.how_to_play(), **self.keys.fields())]

    # ---------------------------------------------------------------- events
    def tell(self, events: list[ev.Event], asked=None, said_final: bool = False) -> list:
        """Lines and sounds for a batch of events. ``asked`` is the question
        that was on the table before the batch (the reveal may come after
        the next question is drawn); ``said_final``: the player said "final
        answer" with the answer, so its confirmation may be shorter."""
        out: list = []
        self._batch, self._asked, self._prompted = events, asked, False
        self._said_final = said_final
        for e in events:
            method = self.renderers.get(type(e)) or getattr(self, "_" + e.kind, None)
            if method:
                method(e, out)
        return out

    def _round_start(self, e: ev.RoundStarted, out: list) -> None:
        names = self.game.edition.lifelines
        count = self.number(len(names))  # as many as the edition has: {count}, {Count}
        counted = dict(count=count, Count=count[:1].upper() + count[1:])
        if e.round == 1:
            key = "first_round" if len(self.game.players) > 1 else "first_round_alone"
            out.append(self.line(key, lifelines=self.loc.join([self.loc.lifeline(n) for n in names]),
                                 **counted))
        else:
            out.append(self.line("round_start", round=e.round, rounds=self.game.rules.rounds, **counted))

    def _turn_start(self, e: ev.TurnStarted, out: list) -> None:
        if len(self.game.players) == 1 and not e.audience:
            return  # one player, already welcomed: "please take the hot seat" would say it twice
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
        fields = dict(option=e.option, text=self.inline(self.game.question.option(e.option)))
        out.append(self.line("pending_final", **fields) if self._said_final
                   else self.keyed_line("pending", **fields))

    def _locked(self, e: ev.AnswerLocked, out: list) -> None:
        out.append(Sound("lock_in"))
        revealing = any(isinstance(x, ev.Revealed) for x in self._batch)
        key = "locked_hot_seat" if revealing else "locked"
        out.append(self.line(key, player=e.player, option=e.option))

    def _walk_pending(self, e: ev.WalkPending, out: list) -> None:
        out.append(self.keyed_line("walk_pending", amount=self.money_or_nothing(e.amount)))

    def _cancelled(self, e: ev.Cancelled, out: list) -> None:
        out.append(self.line("cancelled"))

    def _reveal(self, e: ev.Revealed, out: list) -> None:
        """The reveal with every player's outcome, then the explanation."""
        q = self.game.question if self.game.question.id == e.question_id else self._asked
        out.append(self.line("reveal", option=e.correct, text=self.inline(q.option(e.correct))))
        answers = [a for a in self._batch if isinstance(a, ev.Answered)]
        right = [a for a in answers if a.correct]
        if right:
            out.append(Sound("correct"))
            out.extend(self._right(right))
        wrong = [a for a in answers if not a.correct]
        if wrong:
            out.append(Sound("wrong"))
            payouts = {x.player: x.payout for x in self._batch if isinstance(x, ev.Eliminated)}
            for payout in sorted({payouts[a.player] for a in wrong}, reverse=True):
                group = [a for a in wrong if payouts[a.player] == payout]
                out.append(self._wrong(group, payout))
        if self.read_explanations and q.explanation:
            out.append(self.line("explanation", text=q.explanation))

    def _right(self, right: list[ev.Answered]) -> list[str]:
        """One line for everyone who was right: "Ann and Bo, 1,000 kronor each so far"."""
        ladder, level = self.game.ladder, right[0].level
        names = self.loc.join([a.player for a in right])
        many = len(right) > 1
        if level == ladder.top:
            return [self.line("correct_top_many" if many else "correct_top", player=names, players=names)]
        value = self.money(ladder.value(level))
        out = [self.line("correct_many" if many else "correct", player=names, players=names, value=value)]
        if level in ladder.safe_levels:
            out.append(self.line("now_safe", value=value))
        return out

    def _wrong(self, group: list[ev.Answered], payout: int) -> str:
        names = self.loc.join([a.player for a in group])
        key = "wrong_many" if len(group) > 1 else "wrong"
        key += "" if payout else "_nothing"
        return self.line(key, player=names, players=names, option=group[0].option,
                         payout=self.money(payout))

    def _walk_away(self, e: ev.WalkedAway, out: list) -> None:
        key = "walked_away" if e.amount else "walked_away_nothing"
        out.append(self.line(key, player=e.player, amount=self.money(e.amount)))

    def _top_prize(self, e: ev.TopPrize, out: list) -> None:
        out.append(self.line("top_prize", player=e.player, amount=self.money(e.amount)))

    def _round_end(self, e: ev.RoundEnded, out: list) -> None:
        if any(isinstance(x, ev.GameOver) for x in self._batch):
            return  # the game-over line says how it ended
        if len(e.balances) == 1:
            [(player, amount)] = e.balances.items()
            out.append(self.line("round_end_alone", round=e.round, player=player,
                                 amount=self.money_or_nothing(amount)))
            return
        out.append(self.line("round_end", round=e.round, balances=self.balances(e.balances)))

    def _game_over(self, e: ev.GameOver, out: list) -> None:
        best = max(e.balances.values())
        winners = self.loc.join(e.winners)
        if e.reason == "top_prize":
            key = "game_over_top" if len(e.winners) == 1 else "game_over_top_shared"
        elif not best:
            key = "game_over_nobody"
        elif len(e.winners) > 1:
            key = "game_over_tie"
        else:
            key = "game_over_alone" if len(self.game.players) == 1 else "game_over_winner"
        out.append(self.line(key, winner=winners, winners=winners, amount=self.money(best),
                             players=self.loc.join(self.game.players)))

    def _lifeline(self, e: ev.LifelineUsed, out: list) -> None:
        out.append(Sound("lifeline"))
        out.extend(REGISTRY[e.lifeline].tell(e, self))

    def _vote_needed(self, e: ev.VoteNeeded, out: list) -> None:
        out.extend(REGISTRY[e.lifeline].tell_vote_needed(e, self.game.voters, self))

    def _pick_friend(self, e: ev.FriendNeeded, out: list) -> None:
        out.append(self.line("pick_friend", player=e.player, choices=self.loc.join(e.choices, "or")))

    def _call_end(self, e: ev.CallEnded, out: list) -> None:
        out.append(self.line("call_over"))
        if e.answered and self.game.seat(e.player).guesses:
            out.append(self.line("call_tip"))
            self._prompted = True

    def _guess(self, e: ev.GuessResult, out: list) -> None:
        """A free try. A right one is not announced: it is locked like any answer and
        revealed with the others (at the table, the next player has not answered yet)."""
        if e.correct:
            return
        if e.guesses_left:
            out.append(self.line("guess_wrong_more", option=e.option))
            return
        left = [self.line("option_item", letter=o, text=self.game.question.option(o))
                for o in self.game.open_options(e.player)]
        out.append(self.line("guess_wrong", option=e.option, options=self.loc.join(left)))

    ASKING_REJECTIONS = ("option_removed", "bad_option", "no_more_lifelines", "not_a_friend")
    """Rejections whose line already says what to do: no prompt follows them."""

    def _rejected(self, e: ev.Rejected, out: list) -> None:
        turn = self.game.turn()
        self._prompted = self._prompted or e.reason in self.ASKING_REJECTIONS
        out.append(self.line(
            f"rejected.{e.reason}", detail=e.detail, player=turn.player,
            lifeline=self.loc.lifeline(e.detail) if e.detail in self.loc.data["lifelines"] else e.detail,
            option=e.detail, options=self.options_text().rstrip("."),
            choices=self.loc.join(list(turn.friends), "or")))

