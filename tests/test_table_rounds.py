"""Turn structure: table format (everyone answers, revealed together) and hot seat."""

from voicehost.game import commands as c

from .conftest import answer, kinds, new_game, of


def test_table_answers_are_revealed_together_after_the_last_lock():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    first = answer(game, right=True)
    second = answer(game, right=False)
    assert "answer" not in kinds(first + second)          # nothing revealed yet
    assert "reveal" not in kinds(first + second)
    third = answer(game, right=True)
    assert kinds(third)[:3] == ["pending", "locked", "reveal"]
    results = {e.player: e.correct for e in of(third, "answer")}
    assert len(results) == 3 and list(results.values()).count(False) == 1
    [out] = of(third, "eliminated")
    assert results[out.player] is False and out.payout == 0
    assert len(game.in_round) == 2 and game.level == 2


def test_every_player_answers_the_same_question():
    game = new_game("se", ["Ann", "Bo"])
    qid = game.question.id
    events = answer(game)
    [handover] = of(events, "question")
    assert handover.question_id == qid and handover.fresh is False
    assert handover.player != of(events, "locked")[0].player


def test_the_first_to_answer_rotates_each_question():
    game = new_game("se", ["Ann", "Bo"])
    firsts = []
    for _ in range(3):
        firsts.append(game.current)
        answer(game)
        answer(game)
    assert firsts == ["Ann", "Bo", "Ann"]


def test_round_ends_when_everyone_is_out_and_the_next_starts_fresh():
    game = new_game("se", ["Ann", "Bo"], rounds=2)
    answer(game)
    answer(game)                                   # both right at level 1
    game.apply(c.UseLifeline("fifty_fifty"))       # first player spends a lifeline
    answer(game, right=False)
    events = answer(game, right=False)
    assert "round_end" in kinds(events) and game.round == 2
    assert game.level == 1 and game.in_round == ["Ann", "Bo"]
    assert all(len(s.lifelines) == 3 for s in game.seats.values())


def test_a_player_may_secure_the_money_and_leave_while_others_play_on():
    game = new_game("se", ["Ann", "Bo"])
    answer(game)
    answer(game)                        # level 1 won by both: 1 000 each
    leaver = game.current
    game.apply(c.WalkAway())
    events = game.apply(c.Confirm(True))
    assert of(events, "walk_away")[0].amount == 1_000
    assert leaver not in game.in_round
    stayer = game.current
    events = answer(game)
    assert of(events, "answer")[0].player == stayer and game.level == 3


def test_richest_player_wins_after_the_agreed_rounds():
    game = new_game("se", ["Ann", "Bo"], rounds=1)
    for _ in range(6):
        answer(game)
        answer(game)                    # both win level 6
    if game.current == "Ann":
        answer(game, right=True)
        events = answer(game, right=False)      # Bo wrong at 7: 10 000
    else:
        answer(game, right=False)
        events = answer(game, right=True)
    game.apply(c.WalkAway())
    events = game.apply(c.Confirm(True))        # Ann walks at 8 with 40 000
    over = of(events, "game_over")[0]
    assert over.winner == "Ann" and over.balances == {"Ann": 40_000, "Bo": 10_000}
    assert over.reason == "rounds"


def test_a_tie_is_shared_first_place():
    game = new_game("se", ["Ann", "Bo"], rounds=1)
    answer(game, right=False)
    events = answer(game, right=False)
    over = of(events, "game_over")[0]
    assert over.winner is None and over.winners == ["Ann", "Bo"]


def test_hot_seat_one_candidate_at_a_time_and_everyone_gets_a_turn():
    game = new_game("de", ["Ann", "Bo", "Cy"], rounds=2)
    assert game.format == "hot_seat"
    seen = []
    for _ in range(6):
        seen.append(game.current)
        assert game.in_round == [game.current]
        answer(game)
        answer(game, right=False)
    assert seen == ["Ann", "Bo", "Cy", "Bo", "Cy", "Ann"]   # roles rotate each round
    assert game.over


def test_de_credits_each_answer_at_once():
    game = new_game("de", ["Ann"])
    answer(game)
    answer(game)
    assert game.statement("Ann")["at_stake"] == 100


def test_questions_do_not_repeat_within_a_game():
    game = new_game("se", ["Ann"], per_level=5, rounds=5)
    seen = []
    while not game.over:
        seen.append(game.question.id)
        answer(game, right=False)
    assert len(seen) == 5 and len(set(seen)) == 5


def test_a_level_that_runs_out_is_reshuffled_and_said():
    game = new_game("se", ["Ann"], per_level=2, rounds=4)
    events = []
    while not game.over:
        events += answer(game, right=False)
    assert {e.level for e in of(events, "deck_reshuffled")} == {1}
    assert game.round == 4


def test_confirmation_no_answer_is_locked_without_yes():
    game = new_game("se", ["Ann"])
    events = game.apply(c.Answer(game.question.answer))
    assert kinds(events) == ["pending"] and game.level == 1
    events = game.apply(c.Confirm(False))
    assert kinds(events) == ["cancelled"] and game.level == 1
    events = game.apply(c.Confirm(True))
    assert of(events, "rejected")[0].reason == "nothing_pending" and game.level == 1


def test_confirmation_can_be_switched_off():
    game = new_game("se", ["Ann"], confirm_answers=False)
    events = game.apply(c.Answer(game.question.answer))
    assert "answer" in kinds(events) and game.level == 2


def test_walking_away_is_always_confirmed():
    game = new_game("se", ["Ann"], confirm_answers=False)
    answer(game)
    events = game.apply(c.WalkAway())
    assert kinds(events) == ["walk_pending"] and events[0].amount == 1_000
    assert kinds(game.apply(c.Confirm(False))) == ["cancelled"]
    assert not game.over and game.bank.balance("Ann") == 0
