"""The board's ``game`` object: what a screen shows of a game, built from the game's events.

``follow(before, events, game, locale)`` is the one function that builds it: it takes the
object the board showed before a batch of events (None before the first), the batch (the
events ``Game.start``/``Game.apply`` returned, the same the ``--events`` log writes) and
the game as it stands after them, and returns the objects to show, in order, as
``Stage`` values. Usually there is one. A batch that reveals an answer and goes on to the
next question gives up to three, because the host tells them one after another: the answer
locked ("Locked in: B"), the reveal ("And the answer is B, London"), then the new
question. Each later stage carries a ``cue``: the text whose saying shows it (the right
answer's text, the new question's text); ``voicehost.display.show.Show`` waits for it.

What the game keeps (the question, the options taken away, the lifelines left, the money)
is read from the game at the end of the batch; what only the events say (the reveal, each
player's answer, a lifeline's result, the phone call, how the game ended) is carried from
object to object while the question stays on the board. The object's fields are listed in
``docs/display.md``; every value is data (names and deck text are never HTML).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

from ..game import events as ev
from ..game.engine import Game
from ..game.lifelines import AudienceVoted, FiftyFiftyUsed, FriendTipped
from ..game.lifelines.ask_audience import percentages
from ..game.question import LETTERS
from ..game.turn import Phase
from ..language.locale import Locale


@dataclass(frozen=True)
class Stage:
    game: dict
    """The board's ``game`` object."""
    cue: str | None = None
    """Show it once the host says a line containing this text (None: at once)."""


class Money:
    """Sums as the board writes them, in the game's currency: ``{"amount": 1000, "text":
    "1,000 kronor"}``."""

    def __init__(self, locale: Locale, currency: str) -> None:
        self.locale, self.currency = locale, currency

    def __call__(self, amount: int) -> dict:
        return {"amount": amount, "text": self.locale.money(amount, self.currency)}


@dataclass(frozen=True)
class Batch:
    """What a teller of ``TOLD`` may know besides its event."""

    game: Game
    money: Money
    revealing: bool
    """The batch reveals an answer: the host names the answer locked before it, at a table
    too (``host/tellers.py``, ``locked``)."""


def follow(before: dict | None, events: list[ev.Event], game: Game, locale: Locale) -> list[Stage]:
    """The board's ``game`` objects after ``events``: see the module's docstring."""
    money = Money(locale, game.edition.currency)
    batch = Batch(game, money, any(isinstance(e, ev.Revealed) for e in events))
    view = copy.deepcopy(before) if before else {}
    stages: list[Stage] = []
    cue: str | None = None
    ended = False
    """An answer was revealed or a player walked away: what starts next is a new stage."""
    for e in events:
        starts = isinstance(e, (ev.RoundStarted, ev.TurnStarted)) or \
            (isinstance(e, ev.QuestionAsked) and e.fresh)
        if isinstance(e, ev.Revealed) and view.get("question"):
            stages.append(Stage(copy.deepcopy(view), cue))
            cue = _option_text(view, e.correct)
        elif ended and starts:
            stages.append(Stage(copy.deepcopy(view), cue))
            cue = game.question.text if game.question else None
            ended = False
        ended = ended or isinstance(e, (ev.Revealed, ev.WalkedAway))
        teller = next((TOLD[k] for k in type(e).__mro__ if k in TOLD), None)
        if teller:
            teller(view, e, batch)
    stages.append(Stage(synced(view, game, money), cue))
    return stages


def synced(view: dict, game: Game, money: Money) -> dict:
    """The ``game`` object as the game stands, keeping what the events told about the
    question still on the board."""
    q = game.question
    shown = view.get("question") or {}
    same = q is not None and shown.get("id") == q.id
    told = {p["name"]: p for p in view.get("players", [])} if same else {}
    turn = game.turn() if game.started and not game.over else None
    seat = game.seats.get(turn.player if turn else view.get("player"))
    """The seat of the player whose question it is (at the end, of the last one)."""
    phase = game.phase.value
    lifeline = view.get("lifeline") or {}
    """What came of the last lifeline, while its player's turn lasts."""
    out: dict[str, Any] = {
        "edition": game.edition.code, "format": game.format, "currency": game.edition.currency,
        "round": game.round, "rounds": game.rules.rounds, "phase": phase,
        "player": turn.player if turn else None, "speaker": turn.speaker if turn else None,
        "level": game.level,
        "question": None,
        "ladder": [{"level": n, "value": money(v), "safe": n in game.ladder.safe_levels}
                   for n, v in enumerate(game.ladder.values, 1)],
        "players": [],
        "lifeline": lifeline if same and turn and lifeline.get("player") == turn.player else None,
        "call": view.get("call") if game.phase is Phase.CALL else None,
        "walk": money(turn.walk_amount) if game.phase is Phase.CONFIRM_WALK else None,
        "guesses": turn.guesses if turn else 0,
        "over": view.get("over") if game.over else None,
    }
    if q is not None:
        right = shown.get("answer") if same else None
        wrong = {p["answer"]["option"] for p in told.values()
                 if p.get("answer") and not p["answer"]["correct"]}
        out["question"] = {
            "id": q.id, "level": q.level, "value": money(game.ladder.value(q.level)), "text": q.text,
            "answer": right,
            "options": [{"letter": o, "text": q.option(o),
                         "mark": _mark(o, right, wrong, seat.removed if seat else (),
                                       seat.pending if seat else None)}
                        for o in LETTERS]}
    for name in game.players:
        p_seat = game.seats.get(name)
        won = game.bank.round_winnings.get(name, 0)
        playing = name in game.in_round and not game.over
        out["players"].append({
            "name": name, "playing": playing, "turn": bool(turn) and name == turn.player and not game.over,
            "level": game.ladder.values.index(won) + 1 if won else 0,
            "won": money(won), "bank": money(game.bank.balance(name)),
            "locked": bool(p_seat and p_seat.locked) and playing,
            "answer": (told.get(name) or {}).get("answer"),
            "lifelines": [{"name": n, "used": not p_seat or n not in p_seat.lifelines}
                          for n in game.edition.lifelines],
        })
    return out


def _mark(letter: str, right: str | None, wrong: set[str], removed, pending: str | None) -> str:
    """How an option is shown as the game stands: right and wrong once revealed, else
    removed, pending or open. (A locked answer is shown only in the stage before its reveal,
    when the host names it: otherwise the host keeps it secret.)"""
    if right:
        if letter == right:
            return "right"
        if letter in wrong:
            return "wrong"
    if letter in removed:
        return "removed"
    if letter == pending:
        return "pending"
    return "open"


def _option_text(view: dict, letter: str) -> str | None:
    return next((o["text"] for o in view["question"]["options"] if o["letter"] == letter), None)


def _player(view: dict, name: str) -> dict:
    return next((p for p in view.get("players", []) if p["name"] == name), {})


# ---------------------------------------------------------------------- what the events tell
# Each teller changes the object as the event says, for the stages before the game is read
# again: the reveal, each answer, the money paid, and what the game does not keep at all.

def _locked(view: dict, e: ev.AnswerLocked, batch: Batch) -> None:
    _player(view, e.player)["locked"] = True
    for option in (view.get("question") or {}).get("options", []):
        if option["letter"] == e.option and batch.revealing:
            option["mark"] = "locked"
        elif option["mark"] in ("pending", "locked"):
            option["mark"] = "open"  # a secret until the reveal, as the host keeps it


def _revealed(view: dict, e: ev.Revealed, batch: Batch) -> None:
    question = view.get("question")
    if question and question["id"] == e.question_id:
        question["answer"] = e.correct
        for option in question["options"]:
            if option["letter"] == e.correct:
                option["mark"] = "right"
    view["phase"] = "reveal"


def _answered(view: dict, e: ev.Answered, batch: Batch) -> None:
    player = _player(view, e.player)
    player["answer"] = {"option": e.option, "correct": e.correct}
    player["locked"] = False
    if e.correct:
        player["level"], player["won"] = e.level, batch.money(batch.game.ladder.value(e.level))
    elif view.get("question"):
        for option in view["question"]["options"]:
            if option["letter"] == e.option:
                option["mark"] = "wrong"


def _paid(amount_of: Callable[[Any], int]):
    def paid(view: dict, e, batch: Batch) -> None:
        player = _player(view, e.player)
        if player:
            money = batch.money
            player["bank"] = money(player["bank"]["amount"] + amount_of(e))
            player["won"], player["level"], player["playing"] = money(0), 0, False
        view["walk"] = None
    return paid


def _round_ended(view: dict, e: ev.RoundEnded, batch: Batch) -> None:
    for player in view.get("players", []):
        player["bank"] = batch.money(e.balances.get(player["name"], 0))


def _lifeline(view: dict, e: ev.LifelineUsed, batch: Batch) -> None:
    shown = next((VIEWS[k] for k in type(e).__mro__ if k in VIEWS), None)
    view["lifeline"] = {"name": e.lifeline, "player": e.player,
                        **(shown(e) if shown else {"result": e.result})}


def _call_started(view: dict, e: ev.CallStarted, batch: Batch) -> None:
    view["call"] = {"seconds": e.seconds, "running": False, "left": float(e.seconds),
                    "ends_at": None}


def _call_ended(view: dict, e: ev.CallEnded, batch: Batch) -> None:
    view["call"] = None


def _over(view: dict, e: ev.GameOver, batch: Batch) -> None:
    money = batch.money
    view["phase"] = "over"
    view["over"] = {"reason": e.reason.value, "winners": list(e.winners),
                    "best": money(max(e.balances.values(), default=0)),
                    "balances": [{"name": p, **money(e.balances[p])} for p in batch.game.players]}


TOLD: dict[type, Callable[[dict, Any, Batch], None]] = {
    ev.AnswerLocked: _locked, ev.Revealed: _revealed, ev.Answered: _answered,
    ev.Eliminated: _paid(lambda e: e.payout), ev.WalkedAway: _paid(lambda e: e.amount),
    ev.TopPrize: _paid(lambda e: e.amount), ev.RoundEnded: _round_ended,
    ev.LifelineUsed: _lifeline, ev.CallStarted: _call_started,
    ev.CallEnded: _call_ended, ev.GameOver: _over,
}
"""What each type of event changes on the board (a subclass finds its base's); the game's
start, a pending answer and the like are read from the game at the end of the batch."""


# ---------------------------------------------------------------------- lifelines' results
def _fifty_fifty(e: FiftyFiftyUsed) -> dict:
    return {"removed": list(e.removed), "left": list(e.left)}


def _audience(e: AudienceVoted) -> dict:
    shares = dict(percentages(e.votes))
    return {"votes": [{"option": o, "percent": shares[o]} for o in LETTERS if o in shares],
            "voters": list(e.voters), "simulated": e.simulated}


def _friend(e: FriendTipped) -> dict:
    return {"friend": e.friend, "tip": e.shown_tip, "cards": list(e.cards), "sure": e.sure}


def _guesses(e: ev.GuessesGranted) -> dict:
    return {"guesses": e.guesses}


def _call(e: ev.CallPlaced) -> dict:
    return {"call": True, "seconds": e.seconds}


VIEWS: dict[type, Callable[[Any], dict]] = {
    FiftyFiftyUsed: _fifty_fifty, AudienceVoted: _audience, FriendTipped: _friend,
    ev.GuessesGranted: _guesses, ev.CallPlaced: _call,
}
"""How the board shows what came of a lifeline, by its result event's type (a subclass finds
its base's). A lifeline without a view here is shown by its name and the ``result`` its
event gives the ``--events`` log; the host says what came of it either way."""
