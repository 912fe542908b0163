"""Money: the ladders, the safe levels and every payout boundary, both editions."""

import pytest

from voicehost.game import commands as c
from voicehost.game.editions import DE, SE

from .conftest import answer, new_game, of

SE_LADDER = [1_000, 2_000, 3_000, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000,
             640_000, 1_250_000, 2_500_000, 5_000_000, 10_000_000]
DE_LADDER = [50, 100, 200, 300, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000,
             125_000, 500_000, 1_000_000]


def test_ladders_are_the_rulebooks():
    assert list(SE.ladder.values) == SE_LADDER
    assert list(DE.ladder.values) == DE_LADDER
    assert [SE.ladder.value(s) for s in SE.ladder.safe_levels] == [10_000, 320_000]
    assert [DE.ladder.value(s) for s in DE.ladder.safe_levels] == [500, 16_000]


def wrong_payout(edition: str, level: int) -> int:
    return 0 if level <= 5 else (SE_LADDER if edition == "se" else DE_LADDER)[4 if level <= 10 else 9]


CASES = [(ed, lv) for ed in ("se", "de") for lv in range(1, 16)]


@pytest.mark.parametrize("edition,level", CASES)
def test_wrong_answer_pays_the_last_safe_level(edition, level):
    game = new_game(edition, ["Ann"], rounds=1)
    for _ in range(level - 1):
        answer(game, right=True)
    assert game.level == level
    events = answer(game, right=False)
    [out] = of(events, "eliminated")
    assert (out.level, out.payout) == (level, wrong_payout(edition, level))
    assert game.bank.balance("Ann") == wrong_payout(edition, level)


@pytest.mark.parametrize("edition,level", [(e, lv) for e in ("se", "de") for lv in range(2, 16)])
def test_walking_away_keeps_the_last_level_won(edition, level):
    ladder = SE_LADDER if edition == "se" else DE_LADDER
    game = new_game(edition, ["Ann"], rounds=1)
    for _ in range(level - 1):
        answer(game)
    assert game.statement("Ann")["if_walk"] == ladder[level - 2]
    game.apply(c.WalkAway())
    events = game.apply(c.Confirm(True))
    [walk] = of(events, "walk_away")
    assert walk.amount == ladder[level - 2]
    assert game.bank.balance("Ann") == ladder[level - 2]


def test_se_walk_away_is_not_allowed_on_the_first_question():
    game = new_game("se", ["Ann"])
    [rejected] = game.apply(c.WalkAway())
    assert rejected.reason == "walk_too_early"
    assert game.bank.balance("Ann") == 0 and not game.over


def test_de_walk_away_is_allowed_at_any_time():
    game = new_game("de", ["Ann"], rounds=1)
    game.apply(c.WalkAway())
    events = game.apply(c.Confirm(True))
    assert of(events, "walk_away")[0].amount == 0


@pytest.mark.parametrize("edition,top", [("se", 10_000_000), ("de", 1_000_000)])
def test_the_top_prize_wins_the_game(edition, top):
    game = new_game(edition, ["Ann", "Bo"], format="hot_seat", rounds=5)
    events = []
    for _ in range(15):
        events += answer(game)
    assert of(events, "top_prize")[0].amount == top
    over = of(events, "game_over")[0]
    assert (over.winner, over.reason) == ("Ann", "top_prize")
    assert game.over and game.bank.balance("Ann") == top


def test_the_bank_says_what_is_at_stake():
    game = new_game("se", ["Ann"])
    for _ in range(6):
        answer(game)        # won level 6 (20 000), now facing level 7 (40 000)
    st = game.statement("Ann")
    assert st == {"balance": 0, "at_stake": 20_000, "question_value": 40_000,
                  "if_wrong": 10_000, "if_walk": 20_000}


def test_winnings_accumulate_across_rounds():
    game = new_game("se", ["Ann"], rounds=2)
    for _ in range(6):
        answer(game)
    answer(game, right=False)            # level 7 wrong: 10 000
    assert game.round == 2
    for _ in range(2):
        answer(game)
    game.apply(c.WalkAway())
    events = game.apply(c.Confirm(True))  # walk at level 3: 2 000
    assert game.bank.balance("Ann") == 12_000
    assert of(events, "round_end")[0].balances == {"Ann": 12_000}
    assert of(events, "game_over")[0].winner == "Ann"
