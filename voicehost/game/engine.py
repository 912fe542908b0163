"""The rules engine: a pure state machine driven by commands, emitting events.

Imports no audio, file, terminal or clock code. ``Game.apply(command)``
changes the state and returns the events in order; ``Game.turn()`` says what
the game waits for. ``to_dict``/``from_dict`` give a JSON-able snapshot for
save and resume.
"""

from __future__ import annotations

import random

from . import commands as c
from . import events as ev
from . import lifelines, snapshot
from .bank import Bank
from .editions import ASK_AUDIENCE, FIFTY_FIFTY, HOT_SEAT, PHONE_FRIEND, TABLE, Edition
from .question import LETTERS, Question
from .rules import Rules
from .turn import Phase, Seat, Turn


class GameError(ValueError):
    """The game cannot be set up as asked (no players, a level without questions...)."""


class Game:
    def __init__(self, edition: Edition, players: list[str], questions: list[Question],
                 rules: Rules, seed: int | None = None) -> None:
        if not players:
            raise GameError("a game needs at least one player")
        if len(set(p.lower() for p in players)) != len(players):
            raise GameError("player names must differ")
        self.edition = edition
        self.ladder = edition.ladder
        self.players = list(players)
        self.rules = rules
        self.format = rules.format or edition.default_format
        self._pool: dict[int, dict[str, Question]] = {}
        for q in questions:
            self._pool.setdefault(q.level, {})[q.id] = q
        empty = [lv for lv in range(1, self.ladder.top + 1) if not self._pool.get(lv)]
        if empty:
            raise GameError("no questions for level(s) " + ", ".join(map(str, empty)))
        self.rng = random.Random(seed)
        self.bank = Bank(self.ladder)
        for p in self.players:
            self.bank.open_account(p)
        self.queues: dict[int, list[str]] = {}
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
        self.top_winners: list[str] = []
        self.started = False

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
            friends=tuple(self._friends(player)),
            guesses=seat.guesses if seat else 0,
            call_seconds=self.rules.call_seconds,
        )

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

    def _two_player(self) -> bool:
        return self.rules.two_player_rules and len(self.players) == 2

    def _friends(self, player: str) -> list[str]:
        return [p for p in self.players if p != player]

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
        if name == FIFTY_FIFTY and len(self.open_options()) <= 2:
            return self._reject(out, "fifty_fifty_pointless", name)
        seat.pending = None
        self.phase = Phase.ANSWER
        seat.lifelines.remove(name)
        seat.used_now.append(name)
        getattr(self, "_use_" + name)(seat, out)

    def _use_fifty_fifty(self, seat: Seat, out: list) -> None:
        removed = lifelines.fifty_fifty(self.rng, self.question.answer, self.open_options())
        seat.removed.extend(removed)
        out.append(ev.LifelineUsed(self.current, FIFTY_FIFTY,
                                   {"removed": removed, "left": self.open_options()}))

    def _start_guesses(self, seat: Seat, name: str, count: int, out: list) -> None:
        seat.guesses = count
        out.append(ev.LifelineUsed(self.current, name, {"guesses": count}))

    def _use_ask_audience(self, seat: Seat, out: list) -> None:
        if self._two_player() and self.edition.two_player_audience_guesses:
            return self._start_guesses(seat, ASK_AUDIENCE, self.edition.two_player_audience_guesses, out)
        voters = self._friends(self.current)
        if self.rules.table_votes and len(voters) >= self.rules.human_audience_min:
            return self._ask_votes(voters, ASK_AUDIENCE, out)
        votes = lifelines.simulated_audience(self.rng, self.question.answer, self.open_options(),
                                             self.level, self.edition.audience_adds_correct_card)
        out.append(ev.LifelineUsed(self.current, ASK_AUDIENCE, {
            "votes": votes, "voters": [], "simulated": True,
            "correct_card": self.edition.audience_adds_correct_card}))

    def _use_phone_friend(self, seat: Seat, out: list) -> None:
        if self.rules.phone_mode == "real":
            self.phase = Phase.CALL
            out.append(ev.LifelineUsed(self.current, PHONE_FRIEND,
                                       {"call": True, "seconds": self.rules.call_seconds}))
            out.append(ev.CallStarted(self.current, self.rules.call_seconds))
            return
        if self._two_player() and self.edition.two_player_phone_guesses:
            return self._start_guesses(seat, PHONE_FRIEND, self.edition.two_player_phone_guesses, out)
        friends = self._friends(self.current)
        if not self.rules.table_votes or not friends:
            tip, sure = lifelines.crowd.friend_tip(self.rng, self.question.answer,
                                                   self.open_options(), self.level)
            out.append(ev.LifelineUsed(self.current, PHONE_FRIEND, {
                "friend": None, "tip": tip, "sure": sure,
                "cards": lifelines.friend_cards(self.rng, tip, self.question.answer)}))
        elif len(friends) == 1:
            self._ask_votes(friends, PHONE_FRIEND, out)
        else:
            self.phase = Phase.PICK_FRIEND
            out.append(ev.FriendNeeded(self.current, friends))

    def _pick_friend(self, cmd: c.PickFriend, out: list) -> None:
        if self.phase is not Phase.PICK_FRIEND:
            return self._reject(out, "not_now")
        match = [p for p in self._friends(self.current) if p.lower() == cmd.player.lower()]
        if not match:
            return self._reject(out, "not_a_friend", cmd.player)
        self._ask_votes(match, PHONE_FRIEND, out)

    def _ask_votes(self, voters: list[str], lifeline: str, out: list) -> None:
        self.phase, self.voters, self.votes, self.vote_for = Phase.VOTE, list(voters), [], lifeline
        out.append(ev.VoteNeeded(voters[0], self.current, lifeline))

    def _vote(self, cmd: c.Vote, out: list) -> None:
        if self.phase is not Phase.VOTE:
            return self._reject(out, "not_now")
        if cmd.option not in LETTERS:
            return self._reject(out, "bad_option", cmd.option)
        self.votes.append(cmd.option)
        if len(self.votes) < len(self.voters):
            out.append(ev.VoteNeeded(self.voters[len(self.votes)], self.current, self.vote_for))
            return
        self.phase = Phase.ANSWER
        if self.vote_for == PHONE_FRIEND:
            # A friend at the table says the tip aloud: adding the right card would give it away.
            result = {"friend": self.voters[0], "tip": self.votes[0], "cards": [self.votes[0]]}
        else:
            result = {"votes": lifelines.tally(self.votes, list(LETTERS)), "voters": self.voters,
                      "simulated": False, "correct_card": False}
        out.append(ev.LifelineUsed(self.current, self.vote_for, result))
        self.voters, self.votes = [], []

    def _end_call(self, cmd: c.EndCall, out: list) -> None:
        if self.phase is not Phase.CALL:
            return self._reject(out, "not_now")
        self.phase = Phase.ANSWER
        out.append(ev.CallEnded(self.current, cmd.answered))
        if cmd.answered and self.edition.real_call_tip_is_guess:
            self.seat().guesses = 1

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
        out.append(ev.TurnStarted(self.round, player, self._friends(player)))
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

    def _next_question(self, level: int, out: list) -> None:
        self.level = level
        self.question = self._draw(level, out)
        self.asked += 1
        n = len(self.in_round)
        start = (self.asked - 1) % n
        self.order = [self.in_round[(start + i) % n] for i in range(n)]
        for p in self.in_round:
            seat = self.seats[p]
            seat.removed, seat.used_now, seat.guesses, seat.locked, seat.pending = [], [], 0, None, None
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
