"""How each game event is told: one teller a type of event, in ``TELLERS``.

A teller adds the host's lines and sounds for its event to ``out``, reading the whole
batch of events where the telling depends on it (the reveal tells every player's
outcome at once; a lock-in before a reveal is said more briefly). The narrator looks the
teller up by the event's type (a subclass finds its base's teller: every lifeline's
result is told by ``lifeline``, which asks the lifeline itself); the kiosk tells an
abandoned game in its own words by putting its teller in the narrator's table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..game import events as ev
from ..game.editions import HOT_SEAT
from ..game.lifelines import REGISTRY
from .sound import Sound

if TYPE_CHECKING:
    from .narrator import Narrator


def round_start(n: Narrator, e: ev.RoundStarted, out: list) -> None:
    w = n.lines
    names = n.game.edition.lifelines
    count = w.number(len(names))  # as many as the edition has: {count}, {Count}
    counted = dict(count=count, Count=count[:1].upper() + count[1:])
    if e.round == 1:
        key = "first_round" if len(n.game.players) > 1 else "first_round_alone"
        out.append(w.line(key, lifelines=w.lifelines_text(names, "and"),
                          **counted))
    else:
        out.append(w.line("round_start", round=e.round, rounds=n.game.rules.rounds, **counted))


def turn_start(n: Narrator, e: ev.TurnStarted, out: list) -> None:
    w = n.lines
    if len(n.game.players) == 1 and not e.audience:
        return  # one player, already welcomed: "please take the hot seat" would say it twice
    audience = w.line("audience_text", audience=w.join(e.audience)) if e.audience else ""
    out.append(w.line("turn_start", player=e.player, audience_text=audience).strip())


def question(n: Narrator, e: ev.QuestionAsked, out: list) -> None:
    w = n.lines
    game = n.game
    if not e.fresh:  # the same question, now the next player's turn: prompt() asks them
        return
    value = w.money(e.value)
    if game.format != HOT_SEAT and len(game.in_round) > 1:
        out.append(w.line("question_table", level=e.level, value=value,
                          players=w.join(game.in_round)))
    else:
        out.append(w.line("question_fresh", player=e.player, level=e.level, value=value))
    if e.level == game.ladder.top:
        out.append(w.line("last_question", value=value))
    elif e.level in game.ladder.safe_levels:
        out.append(w.line("milestone_next", value=value))
    out.extend(w.question_text())


def deck_reshuffled(n: Narrator, e: ev.DeckReshuffled, out: list) -> None:
    w = n.lines
    out.append(w.line("deck_reshuffled", level=e.level))


def pending(n: Narrator, e: ev.AnswerPending, out: list) -> None:
    w = n.lines
    fields = dict(option=e.option, text=w.inline(n.game.question.option(e.option)))
    out.append(w.line("pending_final", **fields) if n.said_final
               else w.keyed_line("pending", **fields))


def locked(n: Narrator, e: ev.AnswerLocked, out: list) -> None:
    w = n.lines
    out.append(Sound("lock_in"))
    revealing = any(isinstance(x, ev.Revealed) for x in n.batch)
    key = "locked_hot_seat" if revealing else "locked"
    out.append(w.line(key, player=e.player, option=e.option))


def secret_locked(n: Narrator, e: ev.SecretAnswerLocked, out: list) -> None:
    """A card set face down: who, never what; the option waits for the reveal."""
    out.append(Sound("lock_in"))
    out.append(n.lines.line("secret_locked", player=e.player))
    if not any(isinstance(x, ev.QuestionAsked) for x in n.batch):
        n.prompted = True  # another player's card: whoever was asked is still thinking


def vote_cast(n: Narrator, e: ev.VoteCast, out: list) -> None:
    out.append(n.lines.line("vote_cast", voter=e.voter))


def walk_pending(n: Narrator, e: ev.WalkPending, out: list) -> None:
    w = n.lines
    out.append(w.keyed_line("walk_pending", amount=w.money_or_nothing(e.amount)))


def cancelled(n: Narrator, e: ev.Cancelled, out: list) -> None:
    w = n.lines
    out.append(w.line("cancelled"))


def reveal(n: Narrator, e: ev.Revealed, out: list) -> None:
    """The reveal with every player's outcome, then the explanation."""
    w = n.lines
    q = n.game.question if n.game.question.id == e.question_id else n.asked
    out.append(w.line("reveal", option=e.correct, text=w.inline(q.option(e.correct))))
    answers = [a for a in n.batch if isinstance(a, ev.Answered)]
    right = [a for a in answers if a.correct]
    if right:
        out.append(Sound("correct"))
        out.extend(right_line(n, right))
    wrong = [a for a in answers if not a.correct]
    if wrong:
        out.append(Sound("wrong"))
        payouts = {x.player: x.payout for x in n.batch if isinstance(x, ev.Eliminated)}
        for payout in sorted({payouts[a.player] for a in wrong}, reverse=True):
            group = [a for a in wrong if payouts[a.player] == payout]
            out.append(wrong_line(n, group, payout))
    if n.read_explanations and q.explanation:
        out.append(w.line("explanation", text=q.explanation))


def right_line(n: Narrator, right: list[ev.Answered]) -> list[str]:
    """One line for everyone who was right: "Ann and Bo, 1,000 kronor each so far"."""
    w = n.lines
    ladder, level = n.game.ladder, right[0].level
    names = w.join([a.player for a in right])
    many = len(right) > 1
    if level == ladder.top:
        return [w.line("correct_top_many" if many else "correct_top", player=names, players=names)]
    value = w.money(ladder.value(level))
    out = [w.line("correct_many" if many else "correct", player=names, players=names, value=value)]
    if level in ladder.safe_levels:
        out.append(w.line("now_safe", value=value))
    return out


def wrong_line(n: Narrator, group: list[ev.Answered], payout: int) -> str:
    w = n.lines
    names = w.join([a.player for a in group])
    key = "wrong_many" if len(group) > 1 else "wrong"
    key += "" if payout else "_nothing"
    return w.line(key, player=names, players=names, option=group[0].option,
                  payout=w.money(payout))


def walk_away(n: Narrator, e: ev.WalkedAway, out: list) -> None:
    w = n.lines
    key = "walked_away" if e.amount else "walked_away_nothing"
    out.append(w.line(key, player=e.player, amount=w.money(e.amount)))


def top_prize(n: Narrator, e: ev.TopPrize, out: list) -> None:
    w = n.lines
    out.append(w.line("top_prize", player=e.player, amount=w.money(e.amount)))


def round_end(n: Narrator, e: ev.RoundEnded, out: list) -> None:
    w = n.lines
    if any(isinstance(x, ev.GameOver) for x in n.batch):
        return  # the game-over line says how it ended
    if len(e.balances) == 1:
        [(player, amount)] = e.balances.items()
        out.append(w.line("round_end_alone", round=e.round, player=player,
                          amount=w.money_or_nothing(amount)))
        return
    out.append(w.line("round_end", round=e.round, balances=n.reports.balances(e.balances)))


def game_over(n: Narrator, e: ev.GameOver, out: list) -> None:
    w = n.lines
    best = max(e.balances.values())
    winners = w.join(e.winners)
    if e.reason == "top_prize":
        key = "game_over_top" if len(e.winners) == 1 else "game_over_top_shared"
    elif not best:
        key = "game_over_nobody"
    elif len(e.winners) > 1:
        key = "game_over_tie"
    else:
        key = "game_over_alone" if len(n.game.players) == 1 else "game_over_winner"
    out.append(w.line(key, winner=winners, winners=winners, amount=w.money(best),
                      players=w.join(n.game.players)))


def lifeline(n: Narrator, e: ev.LifelineUsed, out: list) -> None:
    out.append(Sound("lifeline"))
    out.extend(REGISTRY[e.lifeline].tell(e, n.lines))


def vote_needed(n: Narrator, e: ev.VoteNeeded, out: list) -> None:
    out.extend(REGISTRY[e.lifeline].tell_vote_needed(e, n.game.voters, n.lines))


def pick_friend(n: Narrator, e: ev.FriendNeeded, out: list) -> None:
    w = n.lines
    out.append(w.line("pick_friend", player=e.player, choices=w.join(e.choices, "or")))


def call_end(n: Narrator, e: ev.CallEnded, out: list) -> None:
    w = n.lines
    out.append(w.line("call_over"))
    if e.answered and n.game.seat(e.player).guesses:
        out.append(w.line("call_tip"))
        n.prompted = True


def tries_last(n: Narrator, e: ev.TriesLast, out: list) -> None:
    out.append(n.lines.line("tries_last", player=e.player, others=n.lines.join(e.before)))


def guess(n: Narrator, e: ev.GuessResult, out: list) -> None:
    """A free try. A right one is not announced: it is locked like any answer and
    revealed with the others (at the table, the next player has not answered yet)."""
    w = n.lines
    if e.correct:
        return
    if e.guesses_left:
        out.append(w.line("guess_wrong_more", option=e.option))
        return
    left = [w.line("option_item", letter=o, text=n.game.question.option(o))
            for o in n.game.open_options(e.player)]
    out.append(w.line("guess_wrong", option=e.option, options=w.join(left)))


ASKING_REJECTIONS = ("option_removed", "bad_option", "no_more_lifelines", "not_a_friend")
"""Rejections whose line already says what to do: no prompt follows them."""


def rejected(n: Narrator, e: ev.Rejected, out: list) -> None:
    w = n.lines
    turn = n.game.turn()
    n.prompted = n.prompted or e.reason in ASKING_REJECTIONS
    out.append(w.line(
        f"rejected.{e.reason}", detail=e.detail, player=turn.player,
        lifeline=w.loc.lifeline(e.detail) if e.detail in w.loc.data["lifelines"] else e.detail,
        option=e.detail, options=w.options_text().rstrip("."),
        choices=w.join(list(turn.friends), "or")))


Teller = Callable[["Narrator", ev.Event, list], None]

TELLERS: dict[type[ev.Event], Teller] = {
    ev.RoundStarted: round_start, ev.TurnStarted: turn_start, ev.QuestionAsked: question,
    ev.DeckReshuffled: deck_reshuffled, ev.AnswerPending: pending, ev.AnswerLocked: locked,
    ev.WalkPending: walk_pending, ev.Cancelled: cancelled, ev.Revealed: reveal,
    ev.WalkedAway: walk_away, ev.TopPrize: top_prize, ev.RoundEnded: round_end,
    ev.GameOver: game_over, ev.LifelineUsed: lifeline, ev.VoteNeeded: vote_needed,
    ev.FriendNeeded: pick_friend, ev.CallEnded: call_end, ev.GuessResult: guess,
    ev.TriesLast: tries_last,
    ev.Rejected: rejected, ev.SecretAnswerLocked: secret_locked, ev.VoteCast: vote_cast,
}
"""The teller of each type of event. Events not here (the game's start, each player's
outcome and payout, which the reveal tells) say nothing of their own."""
