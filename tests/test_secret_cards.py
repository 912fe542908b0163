"""The engine's secret cards: table answers set face down and revealed together, votes and
a friend's card handed in face down, and the Swedish edition's added right-answer card."""

from voicehost.game import commands as c
from voicehost.game.engine import Game

from .conftest import answer, kinds, new_game, of, wrong


def test_players_set_answers_face_down_in_any_order_and_all_are_revealed_together():
    game = new_game("se", ["Ann", "Bo", "Cy", "Di"])
    right = game.question.answer
    first = game.apply(c.SecretAnswer("Di", right))
    second = game.apply(c.SecretAnswer("bo", wrong(game)))   # names as typed, any case
    assert kinds(first) == kinds(second) == ["secret_locked"]
    assert game.current == "Ann" and game.phase.value == "answer"   # Ann is still asked aloud
    spoken = answer(game)                        # Ann by voice: Bo is passed over, Cy is asked
    assert game.current == "Cy" and "reveal" not in kinds(spoken)
    last = game.apply(c.SecretAnswer("Cy", right))
    assert kinds(last)[:2] == ["secret_locked", "reveal"]
    results = {e.player: (e.option, e.correct) for e in of(last, "answer")}
    assert results["Bo"][1] is False and {p: r[1] for p, r in results.items()} == {
        "Ann": True, "Bo": False, "Cy": True, "Di": True}
    assert [e.player for e in of(last, "eliminated")] == ["Bo"]


def test_the_last_answer_set_face_down_reveals_when_the_spoken_players_are_done():
    game = new_game("se", ["Ann", "Bo"])
    game.apply(c.SecretAnswer("Bo", game.question.answer))
    events = answer(game)                        # Ann, the last still to answer
    assert "reveal" in kinds(events) and game.level == 2


def test_a_card_set_face_down_cannot_be_changed_nor_set_for_someone_out_of_the_round():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    game.apply(c.SecretAnswer("Bo", "A"))
    assert kinds(game.apply(c.SecretAnswer("Bo", "B"))) == ["rejected"]
    assert game.seats["Bo"].locked == "A"
    assert of(game.apply(c.SecretAnswer("Zed", "A")), "rejected")[0].reason == "not_your_turn"
    assert of(game.apply(c.SecretAnswer("Cy", "E")), "rejected")[0].reason == "bad_option"


def test_a_player_who_has_answered_cannot_set_another_card():
    game = new_game("se", ["Ann", "Bo"])
    answer(game)
    assert of(game.apply(c.SecretAnswer("Ann", "A")), "rejected")[0].reason == "not_your_turn"


def test_in_the_hot_seat_only_the_candidate_sets_a_card():
    game = new_game("de", ["Ann", "Bo"], format="hot_seat")
    assert of(game.apply(c.SecretAnswer("Bo", "A")), "rejected")[0].reason == "not_your_turn"
    events = game.apply(c.SecretAnswer("Ann", game.question.answer))
    assert kinds(events)[:2] == ["secret_locked", "reveal"]


def test_removed_options_cannot_be_set_face_down():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    game.apply(c.UseLifeline("fifty_fifty"))
    gone = game.seats["Ann"].removed[0]
    assert of(game.apply(c.SecretAnswer("Ann", gone)), "rejected")[0].reason == "option_removed"


def test_secret_votes_come_in_any_order_and_the_se_host_adds_the_right_card():
    game = new_game("se", ["Ann", "Bo", "Cy", "Di"])
    game.apply(c.UseLifeline("ask_audience"))
    assert game.turn().speaker == "Bo"
    late = game.apply(c.SecretVote("Di", "A"))
    assert kinds(late) == ["vote_cast"] and game.turn().speaker == "Bo"
    assert of(game.apply(c.SecretVote("Di", "B")), "rejected")[0].reason == "not_your_turn"
    game.apply(c.SecretVote("Bo", "A"))
    assert game.turn().speaker == "Cy"
    events = game.apply(c.SecretVote("Cy", "C"))
    [voted] = of(events, "lifeline")
    assert voted.correct_card and sum(voted.votes.values()) == 4
    cards = {"A": 2, "B": 0, "C": 1, "D": 0}
    cards[game.question.answer] += 1
    assert voted.votes == cards
    assert game.phase.value == "answer"


def test_spoken_votes_stay_as_they_were_said_even_in_se():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    game.apply(c.UseLifeline("ask_audience"))
    game.apply(c.Vote("A"))
    [voted] = of(game.apply(c.Vote("B")), "lifeline")
    assert not voted.correct_card and sum(voted.votes.values()) == 2


def test_a_spoken_vote_takes_the_cards_already_handed_in_by_the_next_voters():
    game = new_game("de", ["Ann", "Bo", "Cy", "Di"], format="table")
    game.apply(c.UseLifeline("ask_audience"))
    game.apply(c.SecretVote("Cy", "B"))
    game.apply(c.SecretVote("Di", "B"))
    [voted] = of(game.apply(c.Vote("A")), "lifeline")     # Bo, aloud: then all are in
    assert voted.votes == {"A": 1, "B": 2, "C": 0, "D": 0} and not voted.correct_card


def test_a_friends_card_face_down_is_shuffled_with_the_right_one_in_se_and_not_told():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    game.apply(c.UseLifeline("phone_friend"))
    game.apply(c.PickFriend("Cy"))
    tip = wrong(game)
    [tipped] = of(game.apply(c.SecretVote("Cy", tip)), "lifeline")
    assert tipped.secret and sorted(tipped.cards) == sorted([tip, game.question.answer])
    assert tipped.result["tip"] is None and tipped.result["friend"] == "Cy"


def test_a_friends_card_face_down_in_de_is_shown_alone():
    game = new_game("de", ["Ann", "Bo", "Cy"], format="table")
    game.apply(c.UseLifeline("phone_friend"))
    game.apply(c.PickFriend("Bo"))
    [tipped] = of(game.apply(c.SecretVote("Bo", "C")), "lifeline")
    assert not tipped.secret and tipped.cards == ["C"] and tipped.tip == "C"


def test_two_player_rules_stay_as_the_edition_defines_them():
    game = new_game("se", ["Ann", "Bo"])
    events = game.apply(c.UseLifeline("ask_audience"))
    assert of(events, "lifeline")[0].guesses == 2


def test_secret_cards_survive_a_save_and_resume():
    game = new_game("se", ["Ann", "Bo", "Cy", "Di"])
    game.apply(c.SecretAnswer("Cy", "B"))
    game.apply(c.UseLifeline("ask_audience"))
    game.apply(c.SecretVote("Di", "A"))
    again = Game.from_dict(game.to_dict(), list(game._pool[1].values()) +
                           [q for level in range(2, 16) for q in game._pool[level].values()])
    assert again.seats["Cy"].locked == "B" and again.secret_votes == {"Di": "A"}
    assert again.secret_voters == ["Di"]
    old = game.to_dict()
    del old["secret_votes"], old["secret_voters"]     # a save from before secret cards
    assert Game.from_dict(old, [q for lv in game._pool.values() for q in lv.values()]).secret_votes == {}


# ---------------------------------------------------------------------- card holders last
def test_at_a_table_the_players_without_a_card_display_are_asked_first_in_seat_order():
    game = new_game("se", ["Ann", "Bo", "Cy", "Di"])
    assert game.current == "Ann"
    assert game.apply(c.CardHolders(("Bo", "Di"))) == []      # nothing said
    assert game.order == ["Ann", "Cy", "Bo", "Di"]            # Ann is asked now; then Cy
    assert game.thinking() == []
    answer(game)
    assert game.current == "Cy" and game.thinking() == []
    answer(game)                                              # only the phones are left
    assert game.current == "Bo" and game.thinking() == ["Bo", "Di"]
    game.apply(c.SecretAnswer("Di", game.question.answer))
    assert game.thinking() == ["Bo"] and game.level == 1
    events = game.apply(c.SecretAnswer("Bo", game.question.answer))
    assert "reveal" in kinds(events) and game.level == 2
    assert game.order[-1] in ("Bo", "Di") and game.order[0] not in ("Bo", "Di")  # so is the next


def test_card_holders_keep_their_place_in_the_hot_seat_and_through_a_save():
    from voicehost.game.snapshot import game_from_dict
    hot = new_game("de", ["Ann", "Bo"], format="hot_seat")
    hot.apply(c.CardHolders(("Ann",)))
    assert hot.thinking() == []                               # the candidate is asked as ever
    game = new_game("se", ["Ann", "Bo", "Cy"])
    game.apply(c.CardHolders(("Bo",)))
    questions = [q for qs in game._pool.values() for q in qs.values()]
    again = Game.from_dict(game.to_dict(), questions)
    assert again.card_holders == ["Bo"] and again.order == game.order
    old = game.to_dict()
    del old["card_holders"]                                   # a save from before phones
    assert game_from_dict(Game, old, questions).card_holders == []
