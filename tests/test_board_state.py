"""The board's state JSON, built from the game's events: through whole scripted games in
both editions and formats (the golden games, watched by a board), and batch by batch.

What a player at the table would notice: the board shows what the host says, never before
it says it (the reveal waits for "And the answer is B"), and its presence changes nothing
the host says or does (every golden transcript plays as recorded with the board watching).
"""

from __future__ import annotations

import json

import pytest

from voicehost.cli.board import BoardWatch
from voicehost.display.board import follow, synced, Money
from voicehost.display.booth import Result, Score, booth_screen
from voicehost.display.feed import Feed
from voicehost.display.live import Board, page_texts
from voicehost.display.show import SCREENS, Show
from voicehost.game import commands as c
from voicehost.game.lifelines import REGISTRY
from voicehost.host.moments import Context, Moment
from voicehost.language.locale import Locale
from voicehost.testing.scripted_input import FakeClock

from .conftest import answer, new_game, wrong
from .golden_games import (HERE, HOST_SCENARIOS, KIOSK_SCENARIOS, HostScenario, Policy,
                           play_host, play_kiosk)

MARKS = {"open", "removed", "pending", "locked", "right", "wrong"}
WALL = 1_000_000.0


def recorder(states: list, language: str, clock=None) -> Show:
    """A board whose every published state is kept (as a page would get it: JSON)."""
    return Show(Locale.load(language), lambda state: states.append(json.loads(json.dumps(state))),
                clock=clock, wall=lambda: WALL)


def watched(scenario: HostScenario) -> tuple[str, list[dict]]:
    states: list[dict] = []
    text = play_host(scenario, lambda clock: recorder(states, scenario.language, clock))
    return text, states


def check_state(state: dict) -> None:
    """What holds of every state a page is sent."""
    assert state["version"] == 1 and state["screen"] in SCREENS
    game = state["game"]
    if not game:
        return
    assert len(game["ladder"]) == 15 and [r["level"] for r in game["ladder"]] == list(range(1, 16))
    assert [r["level"] for r in game["ladder"] if r["safe"]] == [5, 10]
    q = game["question"]
    if q:
        assert [o["letter"] for o in q["options"]] == list("ABCD")
        marks = [o["mark"] for o in q["options"]]
        assert set(marks) <= MARKS and marks.count("pending") <= 1 and marks.count("locked") <= 1
        if q["answer"]:
            assert [o["letter"] for o in q["options"] if o["mark"] == "right"] == [q["answer"]]
        else:
            assert "right" not in marks and "wrong" not in marks
    votes = (game["lifeline"] or {}).get("votes")
    if votes:
        assert sum(v["percent"] for v in votes) == 100
    if game["call"]:
        assert 0 <= game["call"]["left"] <= game["call"]["seconds"]


def check_never_ahead_of_the_host(states: list[dict]) -> None:
    """The right answer is on the board only once the host has said it (its text) since
    the question came up."""
    said: dict[str, list[str]] = {}
    for state in states:
        q = (state["game"] or {}).get("question")
        if not q:
            continue
        said.setdefault(q["id"], []).append(state["caption"].casefold())
        if q["answer"]:
            right = next(o["text"] for o in q["options"] if o["letter"] == q["answer"]).casefold()
            assert any(right in line for line in said[q["id"]]), (q["id"], said[q["id"]][-3:])


@pytest.mark.parametrize("scenario", HOST_SCENARIOS, ids=lambda s: s.name)
def test_a_watched_game_plays_as_recorded_and_every_state_holds(scenario):
    text, states = watched(scenario)
    assert text == (HERE / f"{scenario.name}.txt").read_text(encoding="utf-8")
    assert states and [s["screen"] for s in states[-1:]] == ["game"]
    for state in states:
        check_state(state)
    check_never_ahead_of_the_host(states)


def states_of(name: str) -> list[dict]:
    return watched(next(s for s in HOST_SCENARIOS if s.name == name))[1]


def games(states):
    return [s["game"] for s in states if s["game"]]


def test_fifty_fifty_strikes_out_two_wrong_options_and_crosses_out_the_lifeline():
    states = states_of("heard-en-se-solo")
    after = next(g for g in games(states) if (g["lifeline"] or {}).get("name") == "fifty_fifty")
    removed = [o["letter"] for o in after["question"]["options"] if o["mark"] == "removed"]
    assert len(removed) == 2 and after["question"]["id"] == after["question"]["id"]
    assert sorted(removed) == sorted(after["lifeline"]["removed"])
    ann = after["players"][0]
    assert {l["name"]: l["used"] for l in ann["lifelines"]}["fifty_fifty"] is True


def test_the_audience_votes_as_percentages_and_a_simulated_friend_with_how_sure():
    g = games(states_of("heard-en-se-solo"))
    votes = next(x["lifeline"] for x in g if (x["lifeline"] or {}).get("votes"))
    assert [v["option"] for v in votes["votes"]] == [v["option"] for v in sorted(votes["votes"], key=lambda v: v["option"])]
    assert votes["simulated"] and sum(v["percent"] for v in votes["votes"]) == 100
    friend = next(x["lifeline"] for x in g if (x["lifeline"] or {}).get("tip"))
    assert friend["friend"] is None and friend["sure"] in ("sure", "think", "guess")
    assert len(friend["cards"]) == 2 and friend["tip"] in friend["cards"]


def test_at_a_table_the_vote_the_friend_picked_and_their_tip_are_shown():
    states = states_of("heard-en-se-table-three")
    g = games(states)
    voting = [x for x in g if x["phase"] == "vote"]
    assert voting and all(x["speaker"] != x["player"] for x in voting)
    assert any(x["phase"] == "pick_friend" for x in g)
    tip = next(x["lifeline"] for x in g if (x["lifeline"] or {}).get("friend"))
    assert tip["friend"] in ("Ann", "Bo") and tip["tip"] in "ABCD"
    # A locked answer stays secret at a table while others still answer (the host says only
    # "Ann has locked in an answer"); the board marks the player, not the option.
    others_to_answer = [x for x in g if x["question"] and not x["question"]["answer"]
                        and any(p["locked"] for p in x["players"] if not p["turn"])
                        and not any(p["locked"] for p in x["players"] if p["turn"])]
    assert others_to_answer
    assert all("locked" not in [o["mark"] for o in x["question"]["options"]] for x in others_to_answer)


def test_a_real_call_counts_down_on_the_hosts_clock_from_when_the_host_listens():
    states = states_of("heard-en-se-real-call-timeout")
    calls = [s["game"]["call"] for s in states if s["game"] and s["game"]["call"]]
    assert calls[0] == {"seconds": 30, "running": False, "left": 30.0, "ends_at": None}
    running = [c for c in calls if c["running"]]
    assert running[0]["ends_at"] == WALL + 30
    lefts = [c["left"] for c in running]
    assert lefts == sorted(lefts, reverse=True) and {20.0, 10.0, 5.0, 1.0, 0.0} <= set(lefts)
    after = next(i for i, s in enumerate(states) if s["caption"] == "The call is over.")
    assert states[after]["game"]["call"] is None and states[after]["game"]["phase"] == "answer"


def test_a_real_friends_tip_in_the_german_edition_is_a_free_try():
    g = games(states_of("heard-de-de-real-call-answered"))
    assert any(x["call"] and x["call"]["running"] for x in g)
    assert any(x["guesses"] == 1 and not x["call"] for x in g)


def test_two_player_rules_show_the_free_tries():
    g = games(states_of("heard-de-de-two-player-rules"))
    granted = next(x for x in g if (x["lifeline"] or {}).get("guesses"))
    assert granted["guesses"] == 2 and granted["lifeline"]["name"] == "ask_audience"
    tried = next(x for x in g if x["guesses"] == 1)
    assert [o["mark"] for o in tried["question"]["options"]].count("removed") == 1


def test_a_wrong_answer_is_shown_wrong_beside_the_right_one_with_the_payout():
    states = states_of("heard-en-de-hotseat-three")
    revealed = next(s["game"] for s in states if s["game"] and "wrong" in
                    [o["mark"] for o in (s["game"]["question"] or {}).get("options", [])])
    marks = {o["letter"]: o["mark"] for o in revealed["question"]["options"]}
    assert list(marks.values()).count("right") == 1 and list(marks.values()).count("wrong") == 1
    ann = revealed["players"][0]
    assert ann["answer"]["correct"] is False and not ann["playing"]
    assert ann["bank"] == {"amount": 500, "text": "500 euros"}  # the safe level, paid


def test_walking_away_pays_the_last_level_won_and_ends_the_game():
    states = states_of("heard-en-se-real-call-timeout")
    walk = next(s["game"] for s in states if s["game"] and s["game"]["walk"])
    assert walk["walk"] == {"amount": 3000, "text": "3,000 kronor"} and walk["phase"] == "confirm_walk"
    walked = next(s["game"] for s in states if "walks away" in s["caption"] or "takes the money" in s["caption"])
    assert walked["players"][0]["bank"]["amount"] == 3000 and walked["walk"] is None
    over = states[-1]["game"]["over"]
    assert over["reason"] == "rounds" and over["winners"] == ["Ann"]


def test_a_hot_seat_answer_is_locked_then_revealed_then_the_next_question_each_on_its_cue():
    game = new_game("de", ["Ann"], format="hot_seat")
    locale = Locale.load("en")
    before = synced({}, game, Money(locale, "EUR"))
    game.apply(c.Answer(game.question.answer))
    asked = game.question
    stages = follow(before, game.apply(c.Confirm(True)), game, locale)
    assert len(stages) == 3
    locked, revealed, nxt = stages
    assert locked.cue is None and [o["mark"] for o in locked.game["question"]["options"]].count("locked") == 1
    assert revealed.cue == asked.answer_text and revealed.game["question"]["answer"] == asked.answer
    assert revealed.game["players"][0]["won"]["amount"] == 50
    assert nxt.cue == game.question.text and nxt.game["question"]["id"] == game.question.id
    assert nxt.game["question"]["answer"] is None and nxt.game["level"] == 2


def test_the_show_holds_the_reveal_until_the_host_says_it_and_shows_all_once_it_listens():
    states: list[dict] = []
    game = new_game("se", ["Ann"])
    show = recorder(states, "en")
    show.begin(game)
    game.apply(c.Answer(game.question.answer))
    asked = game.question
    show.write(game.apply(c.Confirm(True)))
    assert states[-1]["game"]["question"]["answer"] is None
    show.said("Locked in: B. Let's see.")
    assert states[-1]["game"]["question"]["answer"] is None
    show.said(f"And the answer is {asked.answer}, {asked.answer_text.lower()}.")
    assert states[-1]["game"]["question"]["answer"] == asked.answer
    show.said("Correct!")
    assert states[-1]["game"]["question"]["id"] == asked.id
    show.listening(Context(Moment.ANSWER))  # the host said all it had to: the next question
    assert states[-1]["game"]["question"]["id"] == game.question.id
    show.heard("b")
    assert states[-1]["heard"] == "b" and states[-1]["caption"] == "Correct!"


def test_a_top_prize_game_ends_on_the_top_rung():
    scenario = HostScenario("top-prize", "en", "se", ("Ann",), 31, policy=Policy(), rules={"rounds": 1})
    states: list[dict] = []
    play_host(scenario, lambda clock: recorder(states, "en", clock))
    final = states[-1]["game"]
    assert final["over"]["reason"] == "top_prize" and final["over"]["winners"] == ["Ann"]
    assert final["level"] == 15 and final["question"]["answer"]
    assert final["players"][0]["bank"] == {"amount": 10_000_000, "text": "10,000,000 kronor"}
    check_never_ahead_of_the_host(states)


def test_a_resumed_game_is_on_the_board_as_it_stands():
    states = states_of("heard-en-se-resumed")
    resumed = next(i for i, s in enumerate(states) if s["caption"].startswith(("Welcome back", "And we're back")))
    shown = states[resumed]["game"]  # saved while Bo's "A" awaited a yes: so it stands
    assert shown["level"] == 1 and shown["player"] == "Bo" and shown["phase"] == "confirm_answer"
    assert [o["mark"] for o in shown["question"]["options"]] == ["pending", "open", "open", "open"]
    assert states[resumed]["heard"] == ""


def test_the_board_is_in_the_games_language_and_money():
    states = states_of("heard-sv-se-solo")
    assert states[-1]["lang"] == "sv"
    assert states[-1]["game"]["ladder"][14]["value"]["text"] == "10 000 000 kr"


# ---------------------------------------------------------------------- the kiosk


def kiosk_watch(states: list, language: str):
    def watch(clock, noon, table):
        show = recorder(states, language, clock)
        board = Board(show, Feed(), None)
        import logging
        watcher = BoardWatch(board, _settings(language), Locale.load(language), table,
                             logging.getLogger("test"), today=lambda: noon.date())
        return watcher, lambda devices: watcher.devices(lambda: devices)()
    return watch


def _settings(language: str, edition: str = "se"):
    from voicehost.config import GameSettings, Settings
    return Settings(game=GameSettings(edition=edition, language=language))


@pytest.mark.parametrize("scenario", KIOSK_SCENARIOS, ids=lambda s: s.name)
def test_a_watched_kiosk_session_plays_as_recorded(scenario):
    states: list[dict] = []
    text = play_kiosk(scenario, kiosk_watch(states, scenario.language))
    assert text == (HERE / f"{scenario.name}.txt").read_text(encoding="utf-8")
    for state in states:
        check_state(state)
    screens = [s["screen"] for s in states]
    assert screens[0] == "attract" and "game" in screens and "results" in screens


def test_the_kiosk_shows_its_invitation_the_result_and_the_scores_between_games():
    states: list[dict] = []
    play_kiosk(KIOSK_SCENARIOS[0], kiosk_watch(states, "en"))
    first = states[0]
    assert first["screen"] == "attract" and first["booth"]["today"] == []
    assert first["booth"]["invitation"] == "To start a game, say 'let's play', or press any answer key."
    results = [s for s in states if s["screen"] == "results"]
    assert results[0]["booth"]["result"]["player"] == "player 1 of today"
    assert results[0]["booth"]["result"]["today"] == 1
    later = [s for s in states if s["screen"] == "attract"][-1]["booth"]
    assert len(later["today"]) >= 2 and later["today"][0]["place"] == 1
    assert later["today"][0]["amount"] >= later["today"][-1]["amount"]
    assert later["all_time"] == later["today"]  # one day only
    game = next(s for s in states if s["screen"] == "game")
    assert game["game"]["players"][0]["name"] == "Player 1" and game["booth"] is None


def test_the_booth_object():
    money = Money(Locale.load("de"), "EUR")
    shown = booth_screen(money, "Sagen Sie los", [Score(1, "Zoë", 1000)] * 7, [],
                         Result("Zoë", 1000, "walked", 1, 3, 2, 10))
    assert len(shown["today"]) == 5 and shown["today"][0] == {"place": 1, "player": "Zoë",
                                                              "amount": 1000, "text": "1.000 €"}
    assert shown["result"]["today"] == 1 and shown["result"]["text"] == "1.000 €"


# ---------------------------------------------------------------------- the words, the feed


@pytest.mark.parametrize("code", ["en", "sv", "de"])
def test_the_page_has_a_label_for_every_lifeline_in_every_language(code):
    texts = page_texts(Locale.load(code))
    assert set(texts["lifeline"]) == set(REGISTRY.names())
    assert all(texts[key] for key in ("title", "waiting", "host", "heard", "audience"))


def test_the_feed_numbers_states_and_a_page_that_falls_behind_gets_the_latest():
    feed = Feed(keep=3)
    assert feed.latest() == (0, None) and feed.after(0, 0.01) == []
    for n in range(5):
        feed.publish({"n": n})
    assert feed.latest()[0] == 5 and json.loads(feed.latest()[1]) == {"n": 4, "seq": 5}
    assert [seq for seq, _ in feed.after(3, 0)] == [4, 5]
    assert [seq for seq, _ in feed.after(0, 0)] == [5]  # 1 and 2 are gone: the latest only
    feed.publish({"n": 5})
    feed.close()  # voicehost is leaving: a page still gets what it has not had, then None
    assert [seq for seq, _ in feed.after(5, 1)] == [6] and feed.after(6, 1) is None


def test_a_fault_in_the_board_is_logged_and_the_game_goes_on(caplog):
    board = Board(Show(Locale.load("en"), lambda s: 1 / 0), Feed(), None)
    game = new_game("se", ["Ann"])
    board.begin(game)
    board.write(answer(game))
    assert "the game board failed" in caplog.text


def test_a_wrong_guess_is_removed_at_once():
    game = new_game("se", ["Ann", "Bo"], format="hot_seat")  # at the table the tries come last
    locale = Locale.load("en")
    view = synced({}, game, Money(locale, "SEK"))
    events = game.apply(c.UseLifeline("ask_audience"))
    view = follow(view, events, game, locale)[-1].game
    assert view["guesses"] == 2
    bad = wrong(game)
    view = follow(view, game.apply(c.Answer(bad)) + game.apply(c.Confirm(True)), game, locale)[-1].game
    assert {o["letter"]: o["mark"] for o in view["question"]["options"]}[bad] == "removed"
    assert view["guesses"] == 1
