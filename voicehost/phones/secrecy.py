"""The secrecy rules, in one place: what each player's phone may see, and which card it may
hand in, at every moment of the game.

A phone is a player's own card display. It may see what the table hears (the question, its
options, who has locked in, the reveal, the audience's cards, the friend's cards) and what is
that player's own (their card, their vote), never another player's card before the reveal
and never the right answer before it. ``Secrecy`` follows the game's events as the board's
``follow`` does; ``view(player)`` is the JSON-able object that player's phone is sent and
``may(player)`` the card that player may hand in now (``Card``), if any.

Pure: it reads the ``Game`` and its events and never changes either.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

from ..game import events as ev
from ..game.engine import Game
from ..game.lifelines import AudienceVoted, FriendTipped
from ..game.lifelines.ask_audience import percentages
from ..game.question import LETTERS
from ..game.turn import Phase

ANSWERING = (Phase.ANSWER, Phase.CONFIRM_ANSWER, Phase.CONFIRM_WALK)


class Act(str, Enum):
    """What a phone may hand in now."""

    ANSWER = "answer"
    """The player's answer to the question on the table, face down."""
    VOTE = "vote"
    """A vote card, or the friend's card, for another player's lifeline."""


@dataclass(frozen=True)
class Card:
    """A card a phone may hand in now: the act, for which question and lifeline, and the
    letters it may show. A card handed in is checked against the one allowed when the host
    takes it (``key``), so a card meant for one moment never lands in another."""

    act: Act
    question_id: str
    letters: tuple[str, ...]
    lifeline: str = ""
    """For a vote: whose lifeline it is for (``ask_audience``, ``phone_friend``...)."""
    player: str = ""
    """For a vote: whose lifeline it is."""

    @property
    def key(self) -> tuple:
        return (self.act, self.question_id, self.lifeline, self.player)


def may(game: Game, player: str) -> Card | None:
    """The card ``player`` may hand in now, by the rules: their own answer while they are
    still to answer this question (at a table in any order, in the hot seat on their turn),
    or their vote while the game waits for it. None otherwise."""
    if not game.started or game.over or game.question is None:
        return None
    qid = game.question.id
    if game.phase is Phase.VOTE:
        still = game.voters[len(game.votes):]
        if player in still and player not in game.secret_votes:
            return Card(Act.VOTE, qid, LETTERS, game.vote_for, game.current)
        return None
    if game.phase not in ANSWERING or player not in game.order[game.turn_index:]:
        return None
    seat = game.seats[player]
    current = player == game.current
    if seat.locked or (current and game.phase is Phase.CONFIRM_WALK):
        return None
    if not current and game.format != "table":
        return None
    return Card(Act.ANSWER, qid, tuple(o for o in LETTERS if o not in seat.removed))


@dataclass
class Reveal:
    """The last reveal, as the table heard it: the question, the right letter, each answer."""

    question: dict
    answer: str
    answers: list[dict]


class Secrecy:
    """What each phone may see, following the game's events (``write``)."""

    def __init__(self, game: Game, money: Callable[[int], str]) -> None:
        self.game, self.money = game, money
        self.shown: dict | None = self._question()
        self.locked: list[str] = []
        """Who has locked in on this question (the host says so: public)."""
        self.mine: dict[str, str] = {}
        """Each player's own card on this question, or own vote now: private."""
        self.voted: list[str] = []
        self.reveal: Reveal | None = None
        self.lifeline: dict | None = None
        """What came of the last lifeline, as the host says it (public)."""
        if game.question is not None:  # a resumed game: the cards already handed in
            for p in game.in_round:  # a player out of the round keeps an old card in the seat
                seat = game.seats[p]
                if seat.locked:
                    self.locked.append(p)
                    self.mine[p] = seat.locked
            for p in game.secret_voters:
                self.voted.append(p)
                i = game.voters.index(p)
                self.mine["vote:" + p] = (game.votes[i] if i < len(game.votes)
                                          else game.secret_votes[p])

    def _question(self) -> dict | None:
        q = self.game.question
        if q is None:
            return None
        return {"id": q.id, "level": self.game.level, "value": self.money(self.game.ladder.value(self.game.level)),
                "text": q.text, "options": [{"letter": o, "text": q.option(o)} for o in LETTERS]}

    def write(self, events: list[ev.Event]) -> None:
        for e in events:
            if isinstance(e, ev.QuestionAsked) and e.fresh:
                self.shown, self.locked, self.mine, self.lifeline = self._question(), [], {}, None
            elif isinstance(e, ev.AnswerLocked):
                self.locked.append(e.player)
                self.mine[e.player] = e.option
            elif isinstance(e, ev.VoteCast):
                self.voted.append(e.voter)
                self.mine["vote:" + e.voter] = e.option
            elif isinstance(e, ev.Revealed):
                self.reveal = Reveal(self.shown or {}, e.correct, [])
            elif isinstance(e, ev.Answered) and self.reveal is not None:
                self.reveal.answers.append({"name": e.player, "option": e.option, "correct": e.correct})
            elif isinstance(e, AudienceVoted):
                self.lifeline = {"name": e.lifeline, "player": e.player,
                                 "votes": [{"option": o, "percent": p} for o, p in percentages(e.votes)]}
                self._votes_done()
            elif isinstance(e, FriendTipped):
                self.lifeline = {"name": e.lifeline, "player": e.player, "friend": e.friend,
                                 "cards": list(e.cards)}
                self._votes_done()

    def _votes_done(self) -> None:
        self.voted = []
        self.mine = {k: v for k, v in self.mine.items() if not k.startswith("vote:")}

    def view(self, player: str) -> dict:
        """What ``player``'s phone may show now."""
        game = self.game
        card = may(game, player)
        question = self.shown
        if question is not None and player in game.seats:
            removed = game.seats[player].removed
            question = {**question, "options": [{**o, "open": o["letter"] not in removed}
                                                for o in question["options"]]}
        waiting = [p for p in (game.order[game.turn_index:] if game.phase in ANSWERING else [])
                   if not game.seats[p].locked]
        voting = game.phase is Phase.VOTE
        mine = self.mine.get("vote:" + player) if voting else self.mine.get(player)
        reveal = self.reveal
        return {
            "player": player,
            "playing": player in game.in_round and not game.over,
            "round": game.round,
            "question": question,
            "act": card.act.value if card else None,
            "letters": list(card.letters) if card else [],
            "lifeline": card.lifeline if card else (game.vote_for if voting else None),
            "for": card.player if card else (game.current if voting else None),
            "mine": mine,
            "locked": list(self.locked),
            "waiting": waiting,
            "voted": list(self.voted) if voting else [],
            "reveal": None if reveal is None else {
                "question": reveal.question.get("text"), "answer": reveal.answer,
                "answer_text": next((o["text"] for o in reveal.question.get("options", [])
                                     if o["letter"] == reveal.answer), ""),
                "answers": list(reveal.answers)},
            "result": self.lifeline,
            "over": game.over,
        }
