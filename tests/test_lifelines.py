"""Lifelines of both editions, including the two-player and real-call variants."""

import pytest

from voicehost.game import commands as c
from voicehost.game.turn import Phase

from .conftest import answer, new_game, of, wrong


def use(game, name):
    return game.apply(c.UseLifeline(name))


def test_fifty_fifty_leaves_the_right_answer_and_one_wrong():
    for seed in range(20):
        game = new_game("se", ["Ann"], seed=seed)
        [used] = of(use(game, "fifty_fifty"), "lifeline")
        left = used.result["left"]
        assert len(left) == 2 and game.question.answer in left
        assert game.open_options() == left
        [rej] = game.apply(c.Answer(used.result["removed"][0]))
        assert rej.reason == "option_removed"


def test_a_lifeline_is_spent_for_the_round_and_back_next_round():
    game = new_game("se", ["Ann"], rounds=2)
    use(game, "fifty_fifty")
    answer(game)
    [rej] = use(game, "fifty_fifty")
    assert rej.reason == "lifeline_used"
    answer(game, right=False)                       # round over
    assert of(use(game, "fifty_fifty"), "lifeline")


def test_se_all_three_lifelines_on_one_question():
    game = new_game("se", ["Ann"])
    for name in ("fifty_fifty", "ask_audience", "phone_friend"):
        assert of(use(game, name), "lifeline"), name
    assert game.turn().lifelines == ()


def test_de_another_joker_only_after_fifty_fifty():
    game = new_game("de", ["Ann"])
    assert of(use(game, "fifty_fifty"), "lifeline")
    assert of(use(game, "ask_audience"), "lifeline")
    [rej] = use(game, "phone_friend")
    assert rej.reason == "no_more_lifelines"
    answer(game)
    assert of(use(game, "phone_friend"), "lifeline")   # allowed on a later question


def audience(edition, level, seed, players=("Ann",)):
    game = new_game(edition, list(players), seed=seed)
    for _ in range(level - 1):
        answer(game)
    [used] = of(use(game, "ask_audience"), "lifeline")
    return game, used.result


def test_simulated_audience_se_adds_the_right_card_de_does_not():
    game, se = audience("se", 1, 3)
    assert sum(se["votes"].values()) == 101 and se["correct_card"] and se["simulated"]
    game, de = audience("de", 1, 3)
    assert sum(de["votes"].values()) == 100 and not de["correct_card"]


def test_simulated_audience_knows_easy_questions_better_than_hard_ones():
    def leads(level):
        hits = 0
        for seed in range(40):
            game, r = audience("de", level, seed)
            hits += max(r["votes"], key=r["votes"].get) == game.question.answer
        return hits
    easy, hard = leads(1), leads(15)
    assert easy >= 38 and hard < easy


def test_audience_at_the_table_votes_one_by_one_eliminated_players_included():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    answer(game, right=False)                      # Ann out at level 1... after the reveal
    answer(game)
    answer(game)
    out = [p for p in ["Ann", "Bo", "Cy"] if p not in game.in_round]
    assert out == ["Ann"]
    asker = game.current
    events = use(game, "ask_audience")
    voters = [p for p in ["Ann", "Bo", "Cy"] if p != asker]
    assert of(events, "vote_needed")[0].voter == voters[0] and game.phase is Phase.VOTE
    game.apply(c.Vote("B"))
    events = game.apply(c.Vote("B"))
    [used] = of(events, "lifeline")
    assert used.result["votes"] == {"A": 0, "B": 2, "C": 0, "D": 0}
    assert used.result["voters"] == voters and used.result["correct_card"] is False
    assert game.phase is Phase.ANSWER and game.current == asker


def test_simulated_friend_cards_always_include_the_right_answer():
    for seed in range(15):
        game = new_game("se", ["Ann"], seed=seed)
        [used] = of(use(game, "phone_friend"), "lifeline")
        assert game.question.answer in used.result["cards"]
        assert used.result["sure"] in ("sure", "think", "guess")


def test_phone_a_friend_at_the_table_picks_a_player():
    game = new_game("se", ["Ann", "Bo", "Cy"])
    events = use(game, "phone_friend")
    assert of(events, "pick_friend")[0].choices == ["Bo", "Cy"]
    [rej] = game.apply(c.PickFriend("Zed"))
    assert rej.reason == "not_a_friend"
    events = game.apply(c.PickFriend("cy"))
    assert of(events, "vote_needed")[0].voter == "Cy"
    [used] = of(game.apply(c.Vote("D")), "lifeline")
    assert used.result == {"friend": "Cy", "tip": "D", "cards": ["D"]}


@pytest.mark.parametrize("edition", ["se", "de"])
def test_two_player_audience_gives_two_free_tries(edition):
    game = new_game(edition, ["Ann", "Bo"], format="hot_seat")
    [used] = of(use(game, "ask_audience"), "lifeline")
    assert used.result == {"guesses": 2}
    first = wrong(game)
    events = answer_option(game, first)
    assert of(events, "guess")[0].correct is False and not of(events, "eliminated")
    second = wrong(game)
    events = answer_option(game, second)
    assert of(events, "guess")[0].guesses_left == 0
    assert len(game.open_options()) == 2 and game.level == 1     # choose from the last two
    assert of(use(game, "fifty_fifty"), "rejected")[0].reason in ("fifty_fifty_pointless", "no_more_lifelines")
    events = answer(game)
    assert of(events, "answer")[0].correct and game.level == 2


def test_two_player_audience_right_guess_goes_through():
    game = new_game("se", ["Ann", "Bo"], format="hot_seat")
    use(game, "ask_audience")
    events = answer(game)
    assert of(events, "guess")[0].correct and of(events, "answer")[0].correct
    assert game.level == 2


def test_se_two_player_phone_is_one_free_try_then_answer_from_three():
    game = new_game("se", ["Ann", "Bo"], format="hot_seat")
    [used] = of(use(game, "phone_friend"), "lifeline")
    assert used.result == {"guesses": 1}
    answer_option(game, wrong(game))
    assert len(game.open_options()) == 3 and game.turn().guesses == 0
    events = answer(game, right=False)
    assert of(events, "eliminated")


def test_de_two_players_phone_the_other_player():
    game = new_game("de", ["Ann", "Bo"])
    events = use(game, "phone_friend")
    assert of(events, "vote_needed")[0].voter == "Bo"


def test_real_call_se_is_advice_only():
    game = new_game("se", ["Ann"], phone_mode="real", call_seconds=30)
    events = use(game, "phone_friend")
    assert of(events, "call_start")[0].seconds == 30 and game.phase is Phase.CALL
    [rej] = game.apply(c.Answer("A"))
    assert rej.reason == "not_now"
    game.apply(c.EndCall(True))
    assert game.phase is Phase.ANSWER and game.turn().guesses == 0
    assert of(answer(game, right=False), "eliminated")


def test_real_call_de_wrong_tip_leaves_one_more_chance():
    game = new_game("de", ["Ann"], phone_mode="real")
    use(game, "phone_friend")
    game.apply(c.EndCall(True))
    events = answer_option(game, wrong(game))
    assert of(events, "guess")[0].correct is False and not game.over
    assert of(answer(game), "answer")[0].correct


def test_real_call_nobody_answers_spends_the_lifeline():
    game = new_game("de", ["Ann"], phone_mode="real")
    use(game, "phone_friend")
    events = game.apply(c.EndCall(False))
    assert of(events, "call_end")[0].answered is False and game.turn().guesses == 0
    assert "phone_friend" not in game.turn().lifelines


def answer_option(game, option):
    events = game.apply(c.Answer(option))
    return events + game.apply(c.Confirm(True))


def test_at_the_table_free_tries_wait_until_the_other_player_has_answered():
    """A wrong free try is said aloud ("C is not right"): at the table it would tell the
    player still to answer the same question. So the tries come after that player's answer."""
    game = new_game("se", ["Ann", "Bo"], format="table")
    first = game.current
    other = "Bo" if first == "Ann" else "Ann"
    events = use(game, "ask_audience")
    [last] = of(events, "tries_last")
    assert (last.player, last.before) == (first, [other])
    assert game.current == other and not of(events, "guess")
    events = answer(game)                       # the other player answers first, unaware
    assert not of(events, "reveal") and game.current == first
    assert game.turn().guesses == 2
    events = answer_option(game, wrong(game))   # only now is a try found wrong
    assert of(events, "guess")[0].correct is False
    events = answer(game)
    assert of(events, "reveal") and game.level == 2


def test_the_last_player_at_the_table_takes_free_tries_at_once():
    game = new_game("se", ["Ann", "Bo"], format="table")
    answer(game)
    last = game.current
    events = use(game, "ask_audience")
    assert not of(events, "tries_last") and game.current == last and game.turn().guesses == 2
