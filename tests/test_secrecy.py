"""The secrecy rules (``phones/secrecy.py``) over every event of whole scripted games: what
each player's phone may see, and which card it may hand in, at every step."""

from __future__ import annotations

import json
import random

import pytest

from voicehost.game import commands as c
from voicehost.game.turn import Phase
from voicehost.phones.secrecy import Act, Secrecy, may

from .conftest import new_game

MONEY = str


def legal_moves(game, rng: random.Random) -> list:
    """Commands a table could give now: cards face down, spoken answers, lifelines, votes."""
    turn = game.turn()
    moves = []
    for p in game.players:
        card = may(game, p)
        if card and card.act is Act.ANSWER:
            moves.append(c.SecretAnswer(p, rng.choice(card.letters)))
        elif card:
            moves.append(c.SecretVote(p, rng.choice(card.letters)))
    if game.phase is Phase.ANSWER:
        moves.append(c.Answer(rng.choice(turn.open_options)))
        moves += [c.UseLifeline(name) for name in turn.lifelines]
    elif game.phase in (Phase.CONFIRM_ANSWER, Phase.CONFIRM_WALK):
        moves += [c.Confirm(True), c.Confirm(True), c.Confirm(False)]
    elif game.phase is Phase.VOTE:
        moves.append(c.Vote(rng.choice("ABCD")))
    elif game.phase is Phase.PICK_FRIEND:
        moves.append(c.PickFriend(rng.choice(turn.friends)))
    return moves


def play(edition: str, players: list[str], seed: int, **rules):
    """A whole game of random legal moves; yields (game, secrecy) after every batch."""
    rng = random.Random(seed)
    game = new_game(edition, players, seed=seed, **rules)
    secrecy = Secrecy(game, MONEY)
    yield game, secrecy
    for _ in range(2000):
        if game.over:
            return
        events = game.apply(rng.choice(legal_moves(game, rng)))
        secrecy.write(events)
        yield game, secrecy
    raise AssertionError("the game did not end")


def check_view(game, secrecy, player: str) -> dict:
    view = secrecy.view(player)
    text = json.dumps(view)
    question = view["question"]
    # never the right answer of the question on the table before its reveal
    assert question is None or "answer" not in question
    if view["reveal"] and game.question is not None and not game.over:
        assert view["reveal"]["question"] != game.question.text or game.phase is Phase.OVER
    # never another player's card: only the player's own answer or vote
    own = game.seats[player].locked if player in game.seats else None
    own_vote = None
    if player in game.secret_voters:   # handed in face down, maybe taken in order already
        i = game.voters.index(player)
        own_vote = game.votes[i] if i < len(game.votes) else game.secret_votes[player]
    assert view["mine"] in (None, own, own_vote)
    assert "vote:" not in text
    # the card it may hand in is the one the rules give, and only to itself
    card = may(game, player)
    assert view["act"] == (card.act.value if card else None)
    return view


GAMES = [("se", ["Ann", "Bo", "Cy", "Di"], {}), ("se", ["Ann", "Bo"], {}),
         ("de", ["Ann", "Bo", "Cy"], {"format": "table"}), ("de", ["Ann", "Bo", "Cy"], {}),
         ("se", ["Ann", "Bo", "Cy"], {"confirm_answers": False})]


@pytest.mark.parametrize("edition,players,rules", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_every_phone_sees_only_what_its_player_may_at_every_event(edition, players, rules, seed):
    steps = 0
    for game, secrecy in play(edition, players, seed, **rules):
        for player in players:
            check_view(game, secrecy, player)
        steps += 1
    assert steps > 5 and game.over


def views_of_others(edition, players, commands, secret_player):
    game = new_game(edition, players, seed=5)
    secrecy = Secrecy(game, MONEY)
    for command in commands:
        secrecy.write(game.apply(command))
    return {p: secrecy.view(p) for p in players if p != secret_player}, game


def test_another_players_card_changes_nothing_any_other_phone_shows_before_the_reveal():
    """Non-interference: two tables that differ only in Bo's face-down card look the same on
    every other phone until the reveal."""
    players = ["Ann", "Bo", "Cy", "Di"]
    a, game = views_of_others("se", players, [c.SecretAnswer("Bo", "A"), c.SecretAnswer("Di", "C")], "Bo")
    b, _ = views_of_others("se", players, [c.SecretAnswer("Bo", "D"), c.SecretAnswer("Di", "C")], "Bo")
    assert a == b and a["Ann"]["locked"] == ["Bo", "Di"] and a["Ann"]["mine"] is None
    assert a["Di"]["mine"] == "C" and a["Cy"]["act"] == "answer"


def test_another_voters_card_changes_nothing_the_candidate_or_voters_see_before_the_result():
    players = ["Ann", "Bo", "Cy", "Di"]
    start = [c.UseLifeline("ask_audience")]
    a, _ = views_of_others("se", players, start + [c.SecretVote("Cy", "A")], "Cy")
    b, _ = views_of_others("se", players, start + [c.SecretVote("Cy", "B")], "Cy")
    assert a == b and a["Ann"]["voted"] == ["Cy"] and a["Bo"]["act"] == "vote"


def test_the_reveal_and_the_audiences_cards_are_for_everyone():
    players = ["Ann", "Bo", "Cy", "Di"]
    game = new_game("se", players, seed=5)
    secrecy = Secrecy(game, MONEY)
    for command in [c.UseLifeline("ask_audience"), c.SecretVote("Bo", "A"),
                    c.SecretVote("Cy", "A"), c.SecretVote("Di", "B")]:
        secrecy.write(game.apply(command))
    votes = {p: secrecy.view(p)["result"]["votes"] for p in players}
    assert len({json.dumps(v) for v in votes.values()}) == 1
    assert sum(v["percent"] for v in votes["Ann"]) == 100      # four cards: three and the host's
    right = game.question.answer
    for p in players[1:]:
        secrecy.write(game.apply(c.SecretAnswer(p, right)))
    secrecy.write(game.apply(c.SecretAnswer("Ann", right)))
    seen = secrecy.view("Cy")["reveal"]
    assert seen["answer"] == right and {a["name"] for a in seen["answers"]} == set(players)


def test_a_player_out_of_the_round_may_still_vote_but_not_answer():
    game = new_game("se", ["Ann", "Bo", "Cy", "Di"], seed=2)
    secrecy = Secrecy(game, MONEY)
    wrong = next(o for o in "ABCD" if o != game.question.answer)
    secrecy.write(game.apply(c.SecretAnswer("Di", wrong)))
    for p in ["Ann", "Bo", "Cy"]:
        secrecy.write(game.apply(c.SecretAnswer(p, game.question.answer)))
    assert "Di" not in game.in_round
    assert secrecy.view("Di")["act"] is None and not secrecy.view("Di")["playing"]
    secrecy.write(game.apply(c.UseLifeline("ask_audience")))
    assert "Di" in game.voters and secrecy.view("Di")["act"] == "vote"


def test_a_resumed_game_shows_each_phone_the_cards_it_had_handed_in():
    from voicehost.game.engine import Game
    game = new_game("se", ["Ann", "Bo", "Cy", "Di"], seed=2)
    game.apply(c.SecretAnswer("Cy", "B"))
    game.apply(c.UseLifeline("ask_audience"))
    game.apply(c.SecretVote("Di", "A"))
    again = Game.from_dict(game.to_dict(), [q for lv in game._pool.values() for q in lv.values()])
    secrecy = Secrecy(again, MONEY)
    assert secrecy.view("Di")["mine"] == "A" and secrecy.view("Ann")["voted"] == ["Di"]
    assert secrecy.view("Ann")["mine"] is None and secrecy.view("Bo")["act"] == "vote"
    again.apply(c.SecretVote("Bo", "C"))
    again.apply(c.SecretVote("Cy", "C"))
    assert secrecy.view("Cy")["mine"] == "B"            # back to answering: her own card
