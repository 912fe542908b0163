"""The rules engine: a pure state machine driven by commands, emitting events.

Imports no audio, file, terminal or clock code. ``Game.apply(command)``
changes the state and returns the events in order; ``Game.turn()`` says what
the game waits for. ``to_dict``/``from_dict`` give a JSON-able snapshot for
save and resume. Lifelines are found by name in ``lifelines.REGISTRY``; the game
offers them the services of ``lifelines.GameServices`` (the methods under
"services for lifelines" below).
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from . import commands as c
from . import events as ev
from . import snapshot
from .bank import Bank
from .editions import HOT_SEAT, TABLE, Edition
from .lifelines import REGISTRY
from .question import LETTERS, Question
from .rules import Rules
from .turn import Phase, Seat, Turn


class GameError(ValueError):
    """The game cannot be set up as asked (no players, a level without questions...)."""


class Game:
    def __init__(self, edition: Edition, players: list[str], questions: list[Question],
                 rules: Rules, seed: int | None = None,
                 draw_first: Mapping[int, Sequence[Sequence[str]]] | None = None) -> None:
        """``draw_first``: per level, groups of question ids this game draws before the rest
        of the level, group by group, each group in an order the game's random source picks
        (a group of one is drawn where it stands); ids not at that level are passed over.
        The host makes them from the family setting and the memory of questions asked
        (``host/draws.py``). Without it each level is one shuffled pile, as it always was,
        so a seeded game draws the same questions it always drew."""
        if not players:
            raise GameError("a game needs at least one player")
        if len(set(p.lower() for p in players)) != len(players):
            raise GameError("player names must differ")
        unknown = [name for name in edition.lifelines if name not in REGISTRY]
        if unknown:
            raise GameError(f"the edition {edition.code} has lifelines voicehost does not know: "
                            f"{', '.join(unknown)} (it knows {', '.join(REGISTRY.names())})")
        self.edition = edition
        self.ladder = edition.ladder
        self.players = list(players)
        self.rules = rules
        self.format = rules.format or edition.default_format
        self._pool: dict[int, dict[str, Question]] = {}
        for q in questions:
            self._pool.setdefault(q.level, {})[q.id] = q
        empty = self.ladder.unfilled(level for level, pool in self._pool.items() if pool)
        if empty:
            raise GameError("no questions for level(s) " + ", ".join(map(str, empty)))
        self.rng = random.Random(seed)
        self.bank = Bank(self.ladder)
        for p in self.players:
            self.bank.open_account(p)
        self.queues: dict[int, list[str]] = {}
        for level, groups in sorted((draw_first or {}).items()):
            if level in self._pool:
                self.queues[level] = self._ordered_queue(level, groups)
        self.round = 0
        self.level = 0
        self.question: Question | None = None
        self.asked = 0
        self.in_round: list[str] = []
        self.order: list[str] = []
        self.turn_index = 0
        self.candidates: list[str] = []
        self.candidate_index = 0
        self.seats: dict[str, Seat] = {}
        self.phase = Phase.ANSWER
        self.voters: list[str] = []
        self.votes: list[str] = []
        self.vote_for = ""
        self.secret_votes: dict[str, str] = {}
        """Votes handed in face down by voters not yet come to, by voter (``SecretVote``)."""
        self.secret_voters: list[str] = []
        """The voters of this vote who handed their card in face down."""
        self.top_winners: list[str] = []
        self.started = False
        self.card_holders: list[str] = []
        """Players who answer on card displays of their own (``CardHolders``): at a table,
        asked after the players who answer aloud."""

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current(self) -> str:
        """The player whose question it is now."""
        return self.order[self.turn_index] if self.order else self.players[0]

    def seat(self, player: str | None = None) -> Seat:
        return self.seats[player or self.current]

    def open_options(self, player: str | None = None) -> list[str]:
        removed = self.seat(player).removed if self.seats else []
        return [o for o in LETTERS if o not in removed]

    def available_lifelines(self, player: str | None = None) -> list[str]:
        seat = self.seat(player)
        if not self._may_chain(seat):
            return []
        return [name for name in self.edition.lifelines if name in seat.lifelines]

    def can_walk(self) -> bool:
        return self.level >= self.edition.walk_away_from_level

    def turn(self) -> Turn:
        player = self.current
        seat = self.seats.get(player)
        speaker = self.voters[len(self.votes)] if self.phase is Phase.VOTE else player
        return Turn(
            phase=self.phase, speaker=speaker, player=player, round=self.round,
            level=self.level, value=self.ladder.value(self.level) if self.level else 0,
            question=self.question,
            open_options=tuple(self.open_options(player)) if seat else LETTERS,
            lifelines=tuple(self.available_lifelines(player)) if seat else (),
            can_walk=self.can_walk(), walk_amount=self.ladder.secured(self.level) if self.level else 0,
            pending=seat.pending if seat else None,
            friends=tuple(self.friends(player)),
            guesses=seat.guesses if seat else 0,
            call_seconds=self.rules.call_seconds,
        )

    def thinking(self) -> list[str]:
        """At a table, once everyone who answers aloud has answered and the game waits for
        card holders only: those still to set their card (the one the game waits for
        first); else empty."""
        player = self.current
        if (self.format != TABLE or self.phase is not Phase.ANSWER or not self.order
                or player not in self.card_holders or self.seats[player].locked):
            return []
        return [p for p in self.order[self.turn_index:]
                if p in self.card_holders and not self.seats[p].locked]

    def statement(self, player: str) -> dict[str, int]:
        facing = self.level if player in self.in_round and not self.over else None
        return self.bank.statement(player, facing)

    # ------------------------------------------------------------------ commands
    def start(self) -> list[ev.Event]:
        if self.started:
            return []
        self.started = True
        out: list[ev.Event] = [ev.GameStarted(self.edition.code, self.format, list(self.players),
                                              self.rules.rounds)]
        self._start_round(out)
        return out

    def apply(self, command: c.GameCommand) -> list[ev.Event]:
        """Act on one command; returns the events it caused (a ``Rejected`` if not allowed)."""
        if not self.started:
            return self.start() + self.apply(command)
        if self.over:
            return [ev.Rejected("", "game_over")]
        out: list[ev.Event] = []
        handler = {
            c.Answer: self._answer, c.Confirm: self._confirm, c.UseLifeline: self._lifeline,
            c.WalkAway: self._walk, c.PickFriend: self._pick_friend, c.Vote: self._vote,
            c.EndCall: self._end_call, c.Abandon: self._abandon,
            c.SecretAnswer: self._secret_answer, c.SecretVote: self._secret_vote,
            c.CardHolders: self._card_holders,
        }.get(type(command))
        if handler is None:
            return [ev.Rejected(self.current, "not_now")]
        handler(command, out)
        return out

    def _reject(self, out: list, reason: str, detail: str = "") -> None:
        out.append(ev.Rejected(self.turn().speaker, reason, detail))

    def _answer(self, cmd: c.Answer, out: list) -> None:
        if self.phase not in (Phase.ANSWER, Phase.CONFIRM_ANSWER, Phase.CONFIRM_WALK):
            return self._reject(out, "not_now")
        seat = self.seat()
        if cmd.option not in LETTERS:
            return self._reject(out, "bad_option", cmd.option)
        if cmd.option in seat.removed:
            return self._reject(out, "option_removed", cmd.option)
        if self.rules.confirm_answers and not cmd.final:  # "B, final answer" needs no question
            seat.pending = cmd.option
            self.phase = Phase.CONFIRM_ANSWER
            out.append(ev.AnswerPending(self.current, cmd.option))
        else:
            self._lock(cmd.option, out)

    def _secret_answer(self, cmd: c.SecretAnswer, out: list) -> None:
        """A card set face down: the current player's answer (locked, the turn passes on), or,
        at a table, the answer of a player still to come, kept until their turn is reached
        (it is then passed over) and revealed with the others."""
        player = next((p for p in self.in_round if p.lower() == cmd.player.lower()), None)
        waiting = self.order[self.turn_index:] if self.order else []
        if player is None or player not in waiting or self.seats[player].locked:
            return self._reject(out, "not_your_turn", cmd.player)
        current = player == self.current
        phases = (Phase.ANSWER, Phase.CONFIRM_ANSWER) + (() if current else (Phase.CONFIRM_WALK,))
        if self.phase not in phases or (not current and self.format != TABLE):
            return self._reject(out, "not_now")
        seat = self.seats[player]
        if cmd.option not in LETTERS:
            return self._reject(out, "bad_option", cmd.option)
        if cmd.option in seat.removed:
            return self._reject(out, "option_removed", cmd.option)
        if current:
            seat.pending = None
            self.phase = Phase.ANSWER
            if seat.guesses:  # a free try is answered aloud: right or wrong, all hear it
                return self._lock(cmd.option, out)
        seat.locked = cmd.option
        out.append(ev.SecretAnswerLocked(player, cmd.option))
        if current:
            self._next_player(out)

    def _card_holders(self, cmd: c.CardHolders, out: list) -> None:
        self.card_holders = [p for p in self.players if p in cmd.players]
        if self.order and not self.over:
            self._holders_last(self.turn_index + 1)

    def _holders_last(self, start: int) -> None:
        """At a table, the players from ``start`` on in the order: those who answer aloud
        first, then those with card displays, each in the order they had."""
        if self.format != TABLE:
            return
        rest = self.order[start:]
        self.order[start:] = ([p for p in rest if p not in self.card_holders]
                              + [p for p in rest if p in self.card_holders])

    def _confirm(self, cmd: c.Confirm, out: list) -> None:
        seat = self.seat()
        if self.phase is Phase.CONFIRM_ANSWER:
            option, seat.pending = seat.pending, None
            self.phase = Phase.ANSWER
            if cmd.yes and option:
                self._lock(option, out)
            else:
                out.append(ev.Cancelled(self.current))
        elif self.phase is Phase.CONFIRM_WALK:
            self.phase = Phase.ANSWER
            if cmd.yes:
                self._walk_now(out)
            else:
                out.append(ev.Cancelled(self.current))
        else:
            self._reject(out, "nothing_pending")

    def _walk(self, cmd: c.WalkAway, out: list) -> None:
        if self.phase not in (Phase.ANSWER, Phase.CONFIRM_ANSWER):
            return self._reject(out, "not_now")
        if not self.can_walk():
            return self._reject(out, "walk_too_early")
        self.seat().pending = None
        self.phase = Phase.CONFIRM_WALK
        out.append(ev.WalkPending(self.current, self.ladder.secured(self.level)))

    def _abandon(self, cmd: c.Abandon, out: list) -> None:
        if not cmd.ending.abandoned:
            return self._reject(out, "not_now")
        payouts = {p: self.bank.pay_walk(p, self.level) for p in self.in_round}
        self.in_round = []
        out.append(ev.GameAbandoned(cmd.ending, payouts))
        self._game_over(cmd.ending, out)

    # ------------------------------------------------------------------ lifelines
    def _may_chain(self, seat: Seat) -> bool:
        after = self.edition.chain_after
        return after is None or all(u in after for u in seat.used_now)

    def _lifeline(self, cmd: c.UseLifeline, out: list) -> None:
        if self.phase not in (Phase.ANSWER, Phase.CONFIRM_ANSWER):
            return self._reject(out, "not_now")
        seat, name = self.seat(), cmd.lifeline
        if name not in self.edition.lifelines:
            return self._reject(out, "no_such_lifeline", name)
        if name not in seat.lifelines:
            return self._reject(out, "lifeline_used", name)
        if not self._may_chain(seat):
            return self._reject(out, "no_more_lifelines", name)
        lifeline = REGISTRY[name]
        refusal = lifeline.refusal(self)
        if refusal:
            return self._reject(out, refusal, name)
        seat.pending = None
        self.phase = Phase.ANSWER
        seat.lifelines.remove(name)
        seat.used_now.append(name)
        lifeline.use(self, out)
        if seat.guesses:
            self._tries_last(out)

    def _pick_friend(self, cmd: c.PickFriend, out: list) -> None:
        if self.phase is not Phase.PICK_FRIEND:
            return self._reject(out, "not_now")
        match = [p for p in self.friends() if p.lower() == cmd.player.lower()]
        if not match:
            return self._reject(out, "not_a_friend", cmd.player)
        self.ask_votes(match, self.seat().used_now[-1], out)  # for the lifeline that asked

    def _vote(self, cmd: c.Vote, out: list) -> None:
        if self.phase is not Phase.VOTE:
            return self._reject(out, "not_now")
        if cmd.option not in LETTERS:
            return self._reject(out, "bad_option", cmd.option)
        self.votes.append(cmd.option)
        self._votes_taken(out)

    def _secret_vote(self, cmd: c.SecretVote, out: list) -> None:
        if self.phase is not Phase.VOTE:
            return self._reject(out, "not_now")
        voter = next((p for p in self.voters[len(self.votes):] if p.lower() == cmd.player.lower()),
                     None)
        if voter is None or voter in self.secret_votes:
            return self._reject(out, "not_your_turn", cmd.player)
        if cmd.option not in LETTERS:
            return self._reject(out, "bad_option", cmd.option)
        self.secret_votes[voter] = cmd.option
        self.secret_voters.append(voter)
        out.append(ev.VoteCast(voter, self.current, cmd.option))
        if voter == self.voters[len(self.votes)]:
            self._votes_taken(out)

    def _votes_taken(self, out: list) -> None:
        """Take the cards handed in face down by the voters next in order; then ask the next
        voter, or, once every vote is in, hand them to the lifeline."""
        while len(self.votes) < len(self.voters) and self.voters[len(self.votes)] in self.secret_votes:
            self.votes.append(self.secret_votes.pop(self.voters[len(self.votes)]))
        if len(self.votes) < len(self.voters):
            out.append(ev.VoteNeeded(self.voters[len(self.votes)], self.current, self.vote_for))
            return
        self.phase = Phase.ANSWER
        REGISTRY[self.vote_for].votes_in(self, self.voters, self.votes, out)
        self.voters, self.votes, self.secret_votes, self.secret_voters = [], [], {}, []

    def _end_call(self, cmd: c.EndCall, out: list) -> None:
        if self.phase is not Phase.CALL:
            return self._reject(out, "not_now")
        self.phase = Phase.ANSWER
        out.append(ev.CallEnded(self.current, cmd.answered))
        if cmd.answered and self.edition.real_call_tip_is_guess:
            self.seat().guesses = 1
            self._tries_last(out)

    # ------------------------------------------------------------------ services for lifelines
    # What a lifeline may use of the game (``lifelines.GameServices`` documents each):
    # rng, question, level, edition, rules and current, and the methods below.
    def friends(self, player: str | None = None) -> list[str]:
        player = player or self.current
        return [p for p in self.players if p != player]

    def votes_secret(self) -> bool:
        return bool(self.secret_voters)

    def two_player(self) -> bool:
        return self.rules.two_player_rules and len(self.players) == 2

    def remove_options(self, letters: list[str]) -> None:
        self.seat().removed.extend(letters)

    def grant_guesses(self, lifeline: str, count: int, out: list) -> None:
        self.seat().guesses = count
        out.append(ev.GuessesGranted(self.current, lifeline, count))

    def ask_votes(self, voters: list[str], lifeline: str, out: list) -> None:
        self.phase, self.voters, self.votes, self.vote_for = Phase.VOTE, list(voters), [], lifeline
        self.secret_votes, self.secret_voters = {}, []
        out.append(ev.VoteNeeded(voters[0], self.current, lifeline))

    def ask_for_friend(self, friends: list[str], out: list) -> None:
        self.phase = Phase.PICK_FRIEND
        out.append(ev.FriendNeeded(self.current, list(friends)))

    def start_call(self, lifeline: str, out: list) -> None:
        self.phase = Phase.CALL
        out.append(ev.CallPlaced(self.current, lifeline, self.rules.call_seconds))
        out.append(ev.CallStarted(self.current, self.rules.call_seconds))

    def replace_question(self, out: list) -> None:
        self.question = self._draw(self.level, out)
        self._fresh_start(out)

    # ------------------------------------------------------------------ flow
    def _lock(self, option: str, out: list) -> None:
        seat = self.seat()
        if seat.guesses:
            correct = option == self.question.answer
            seat.guesses = 0 if correct else seat.guesses - 1
            out.append(ev.GuessResult(self.current, option, correct, seat.guesses))
            if not correct:
                seat.removed.append(option)
                return
        seat.locked = option
        out.append(ev.AnswerLocked(self.current, option))
        self._next_player(out)

    def _tries_last(self, out: list) -> None:
        """At the table, free tries wait until everyone still to answer this question has
        answered: a wrong try is said aloud ("C is not right"), which would tell them."""
        if self.format != TABLE or self.turn_index >= len(self.order) - 1:
            return
        player = self.order.pop(self.turn_index)
        self.order.append(player)
        out.append(ev.TriesLast(player, self.order[self.turn_index:-1]))
        self._ask(out, fresh=False)

    def _walk_now(self, out: list) -> None:
        player = self.current
        amount = self.bank.pay_walk(player, self.level)
        out.append(ev.WalkedAway(player, self.level, amount))
        self.in_round.remove(player)
        self.order.remove(player)
        self.turn_index -= 1
        self._next_player(out)

    def _next_player(self, out: list) -> None:
        self.turn_index += 1
        while self.turn_index < len(self.order) and self.seats[self.order[self.turn_index]].locked:
            self.turn_index += 1  # set face down already: revealed with the others
        if self.turn_index < len(self.order):
            self._ask(out, fresh=False)
        else:
            self._reveal(out)

    def _reveal(self, out: list) -> None:
        q = self.question
        locked = [p for p in self.order if self.seats[p].locked]
        if locked:
            out.append(ev.Revealed(q.id, q.answer))
        survivors = []
        for p in locked:
            right = self.seats[p].locked == q.answer
            out.append(ev.Answered(p, self.level, self.seats[p].locked, right))
            if not right:
                out.append(ev.Eliminated(p, self.level, self.bank.pay_wrong(p, self.level)))
            elif self.level == self.ladder.top:
                out.append(ev.TopPrize(p, self.bank.pay_top(p)))
                self.top_winners.append(p)
            else:
                self.bank.credit(p, self.level)
                survivors.append(p)
        self.in_round = [p for p in self.players if p in survivors]  # seating order
        if self.top_winners:
            return self._game_over(ev.Ending.TOP_PRIZE, out)
        if survivors:
            return self._next_question(self.level + 1, out)
        if self.format == HOT_SEAT and self.candidate_index + 1 < len(self.candidates):
            self.candidate_index += 1
            return self._start_turn(out)
        self._end_round(out)

    def _start_round(self, out: list) -> None:
        self.round += 1
        n = len(self.players)
        rotated = [self.players[(i + self.round - 1) % n] for i in range(n)]
        self.seats = {p: Seat(list(self.edition.lifelines)) for p in self.players}
        if self.format == TABLE:
            self.in_round = list(self.players)
            self.bank.start_round(self.in_round)
            out.append(ev.RoundStarted(self.round, list(self.players)))
            self._next_question(1, out)
        else:
            self.candidates, self.candidate_index = rotated, 0
            out.append(ev.RoundStarted(self.round, rotated))
            self._start_turn(out)

    def _start_turn(self, out: list) -> None:
        player = self.candidates[self.candidate_index]
        self.in_round = [player]
        self.bank.start_round([player])
        out.append(ev.TurnStarted(self.round, player, self.friends(player)))
        self._next_question(1, out)

    def _end_round(self, out: list) -> None:
        out.append(ev.RoundEnded(self.round, dict(self.bank.balances)))
        if self.round >= self.rules.rounds:
            self._game_over(ev.Ending.ROUNDS, out)
        else:
            self._start_round(out)

    def _game_over(self, reason: ev.Ending, out: list) -> None:
        balances = dict(self.bank.balances)
        if self.top_winners:
            winners = list(self.top_winners)
        else:
            best = max(balances.values())
            winners = [p for p in self.players if balances[p] == best]
        self.phase = Phase.OVER
        out.append(ev.GameOver(winners[0] if len(winners) == 1 else None, winners, balances, reason))

    def _draw(self, level: int, out: list) -> Question:
        queue = self.queues.get(level)
        if not queue:
            ids = sorted(self._pool[level])
            if level in self.queues:  # ran out during this game: say so and reshuffle
                out.append(ev.DeckReshuffled(level))
                if len(ids) > 1 and self.question is not None:
                    ids = [i for i in ids if i != self.question.id]
            self.rng.shuffle(ids)
            queue = self.queues[level] = ids
        return self._pool[level][queue.pop()]

    def _ordered_queue(self, level: int, groups: Sequence[Sequence[str]]) -> list[str]:
        """The level's queue drawing ``groups`` first, then the level's other questions, each
        group shuffled; the queue is drawn from its end."""
        pool, taken, ids = self._pool[level], set(), []
        for group in (*groups, sorted(pool)):
            fresh = sorted({i for i in group if i in pool} - taken)
            self.rng.shuffle(fresh)
            ids += fresh
            taken.update(fresh)
        ids.reverse()
        return ids

    def _next_question(self, level: int, out: list) -> None:
        self.level = level
        self.question = self._draw(level, out)
        self.asked += 1
        n = len(self.in_round)
        start = (self.asked - 1) % n
        self.order = [self.in_round[(start + i) % n] for i in range(n)]
        self._holders_last(0)
        for p in self.in_round:
            self.seats[p].used_now = []
        self._fresh_start(out)

    def _fresh_start(self, out: list) -> None:
        """The question on the table is asked afresh, from the first player in order."""
        for p in self.in_round:
            seat = self.seats[p]
            seat.removed, seat.guesses, seat.locked, seat.pending = [], 0, None, None
        self.turn_index = 0
        self._ask(out, fresh=True)

    def _ask(self, out: list, fresh: bool) -> None:
        self.phase = Phase.ANSWER
        out.append(ev.QuestionAsked(self.round, self.current, self.level,
                                    self.ladder.value(self.level), self.question.id, fresh))

    # ------------------------------------------------------------------ snapshot
    def to_dict(self) -> dict:
        """A JSON-able snapshot of the whole game (see ``snapshot.py``)."""
        return snapshot.game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict, questions: list[Question]) -> "Game":
        """Rebuild a saved game. Raises KeyError/ValueError/TypeError on a damaged snapshot."""
        return snapshot.game_from_dict(cls, data, questions)
