"""voicehost kiosk: invitations, a game started by a phrase or a key, idle players,
the time limit, and the place on the score tables, as a visitor would notice them."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.kiosk_helpers import make_kiosk
from voicehost.host.grammar import grammar
from voicehost.host.intents import interpret
from voicehost.host.moments import Context, Moment
from voicehost.host.phrases import Phrases
from voicehost.host import host_commands as h
from voicehost.language.locale import Locale
from voicehost.testing.kiosk_visitor import RIGHT, WRONG, Silence

LOCALE = Locale.load("en")
INVITES = LOCALE.variants("kiosk.invite")


def invitations(lines):
    return [line for line in lines if any(line.startswith(i) for i in INVITES)]


def test_start_phrases_and_answer_keys_start_a_game_and_nothing_else_does():
    phrases = Phrases(LOCALE.phrases, LOCALE.data["numbers"])
    attract = Context("attract")
    for said in ("play", "start", "let's play", "I want to play", "Let's play!"):
        assert interpret(said, attract, phrases) == h.StartGame(), said
        assert phrases.norm(said) in grammar(attract, phrases) or said == "Let's play!"
    for typed in ("1", "4", "b", "D"):
        assert interpret(typed, attract, phrases, typed=True) == h.StartGame()
        assert interpret(typed, attract, phrases) is None  # heard, a letter is chatter
    for other in ("quit", "stop", "hello", "ha ha", "walk away"):
        assert interpret(other, attract, phrases, typed=True) != h.StartGame()


def test_the_kiosk_invites_every_interval_never_the_same_line_twice_in_a_row(tmp_path):
    k = make_kiosk(tmp_path, [None] * 40, attract_every_seconds=60)  # 10 s listens
    assert k.run() == 0  # the end of the typed input ends a text-mode kiosk
    said = invitations(k.lines)
    assert len(said) >= 6
    assert all(a != b for a, b in zip(said, said[1:]))
    assert len(set(said)) >= 3
    assert k.out.sounds.count("correct") == len(said)  # a jingle before each
    assert all(line.endswith("Or press any answer key.") for line in said)  # keys are attached


def test_quiet_hours_keep_the_kiosk_silent_but_a_phrase_still_starts_a_game(tmp_path):
    late = datetime(2026, 6, 1, 23, 30).astimezone()
    k = make_kiosk(tmp_path, [None, None, None, "let's play", RIGHT, "y", "walk away", "y"],
                   wall=lambda: late, quiet_hours="22:00-08:00")
    assert k.run() == 0
    assert invitations(k.lines) == [] and k.out.sounds[:1] != ["correct"]
    assert "Welcome to the hot seat, Player 1!" in k.out.text
    assert k.endings() == [("walked", 1000)]


def test_no_typed_or_spoken_command_stops_the_kiosk_and_quit_ends_only_the_game(tmp_path):
    k = make_kiosk(tmp_path, ["quit", "stop", "help", "play", RIGHT, "y", "quit", "2", WRONG, "y"])
    assert k.run() == 0
    assert "To start a game, say 'let's play', or press any answer key." in k.lines
    assert k.endings() == [("walked", 1000), ("wrong", 0)]
    assert "The game ends here. You leave with 1,000 kronor. Thanks for playing!" in k.lines


def test_the_host_welcomes_says_how_to_answer_then_asks_at_once(tmp_path):
    k = make_kiosk(tmp_path, ["play"])
    k.run()
    opening = k.lines.index("Welcome to the hot seat, Player 1!")
    assert opening == 1  # after the one invitation
    assert k.lines[opening + 1] == LOCALE.line("how_to_play")
    assert any("question number 1" in line or "question 1," in line
               for line in k.lines[opening + 2:opening + 6])


def test_with_answer_keys_any_answer_key_starts_a_game_and_keys_answer(tmp_path):
    from voicehost.config import InputSettings
    from voicehost.host.phrases import Phrases
    from voicehost.terminal.key_input import KeyInput
    from voicehost.host.key_map import KeyMap
    from voicehost.testing.recording_host_output import RecordingHostOutput
    from voicehost.testing.scripted_keys import ScriptedKeys

    key_map = KeyMap(InputSettings().keys.actions(), Phrases(LOCALE.phrases, LOCALE.data["numbers"]))
    keys = KeyInput(ScriptedKeys(["5", "enter", "2", "2", "enter"]), key_map)
    out = RecordingHostOutput()
    k = make_kiosk(tmp_path, [], output=out, open_devices=lambda: (keys, out))
    assert k.run() == 0
    assert k.lines[k.lines.index("Welcome to the hot seat, Player 1!") + 1].startswith("Press 1, 2, 3 or 4")
    assert k.table.export_rows() and next(iter(k.table.export_rows()))[10] == "B"  # the key's answer


def test_a_silent_player_is_asked_once_then_the_game_ends_as_a_walk_away(tmp_path):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", RIGHT, "y", Silence(50), "b"],
                   idle_seconds=30, idle_grace_seconds=15)
    assert k.run() == 0
    asked = [line for line in k.lines if line.startswith("Are you still there")]
    assert asked == ["Are you still there, Player 1? Give me your answer to keep playing."]
    assert ("It looks like you've gone, so the game ends here, with 2,000 kronor. "
            "Thanks for playing!") in k.lines
    assert k.endings()[0] == ("idle", 2000)
    stored = k.games()[0]
    assert (stored.questions, stored.right) == (3, 2)  # the one left unanswered counts as asked
    assert k.visitor.contexts[-3:-1] == ["attract", "answer"]  # "b" (at 50 s): a new game
    assert len(k.games()) == 2


def test_an_answer_after_are_you_still_there_carries_on(tmp_path):
    k = make_kiosk(tmp_path, ["play", Silence(40), RIGHT, "y", WRONG, "y"])
    k.run()
    assert sum(line.startswith("Are you still there") for line in k.lines) == 1
    assert k.endings() == [("wrong", 0)]


def test_a_game_ends_after_max_game_minutes_with_a_friendly_wrap_up(tmp_path):
    dawdle = ["repeat"] * 200
    k = make_kiosk(tmp_path, ["play", RIGHT, "y"] + dawdle, max_game_minutes=1)
    k.visitor.step = 5.0
    assert k.run() == 0
    assert ("That's all the time we have for one game, so we stop here. You leave with "
            "1,000 kronor. Thank you for playing!") in k.lines
    assert k.endings() == [("time_up", 1000)]
    assert "attract" in k.visitor.contexts[-3:]  # the rest of the visitor's talk: to the kiosk


def test_results_announce_the_place_today_and_of_all_time(tmp_path):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", RIGHT, "y", "walk away", "y",
                              "play", WRONG, "y",
                              "play", RIGHT, "y", RIGHT, "y", RIGHT, "y", "walk away", "y"])
    assert k.run() == 0
    places = [line for line in k.lines if "today" in line and "all time" in line
              or "place on the table" in line]
    assert places == ["You're the first player today, and first of all time.",
                      "No money this time, so no place on the table. Thanks for playing!",
                      "That puts you first today, and first of all time."]
    assert k.endings() == [("walked", 2000), ("wrong", 0), ("walked", 3000)]
    assert [g.game.player for g in k.games()] == [f"player {n} of today" for n in (1, 2, 3)]


@pytest.mark.parametrize("language,placed", [("en", "puts you"), ("sv", "hamnar"), ("de", "belegen Sie")])
def test_a_player_who_won_nothing_is_not_told_a_place(tmp_path, language, placed):
    """0 kronor or 0 euros is no place worth announcing ("That puts you second today")."""
    start = {"en": "play", "sv": "spela", "de": "spielen"}[language]
    k = make_kiosk(tmp_path, [start, WRONG, "y" if language == "en" else "j"], language=language)
    k.run()
    said = Locale.load(language).data["lines"]["kiosk"]["place_nothing_won"]
    assert said in k.lines and not any(placed in line for line in k.lines)
    assert k.endings() == [("wrong", 0)]


def test_the_friend_and_the_audience_are_simulated_in_the_hot_seat(tmp_path):
    k = make_kiosk(tmp_path, ["play", "phone a friend", "ask the audience", RIGHT, "y", WRONG, "y"])
    k.run()
    assert "The audience has voted." in k.out.text
    assert any(line.startswith("Your friend") for line in k.lines)  # the simulated friend
    answers = k.table.export_rows()
    lifelines = [row[-1] for row in answers]
    assert lifelines[0] == "phone,audience"


def test_a_real_phone_call_is_not_taken_for_a_player_who_walked_off(tmp_path):
    from voicehost.config import LifelineSettings
    from dataclasses import replace
    k = make_kiosk(tmp_path, ["play", "phone a friend", Silence(35), RIGHT, "y", WRONG, "y"],
                   idle_seconds=20)
    k.booth.settings = replace(k.booth.settings, lifelines=LifelineSettings(phone="real"))
    assert k.run() == 0
    assert "Time's up!" in k.lines
    assert not any(line.startswith("Are you still there") for line in k.lines)
    assert k.endings() == [("wrong", 0)]


def test_with_ask_name_a_typed_name_goes_on_the_table_and_enter_or_silence_keeps_the_number(tmp_path):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", "walk away", "y", "  Ann   Lee  ",
                              "play", WRONG, "y", "",
                              "play", WRONG, "y", None], ask_name=True)
    assert k.run() == 0
    assert [g.game.player for g in k.games()] == ["Ann Lee", "player 2 of today", "player 3 of today"]
    asked = [line for line in k.lines if line.startswith("For the high-score table")]
    assert asked[0] == ("For the high-score table: type your name and press Enter, or just press "
                        "Enter to stay Player 1.") and len(asked) == 3
    assert "Thank you, Ann Lee." in k.lines
    # the name is asked before the place is announced, for the same player
    assert k.lines.index("Thank you, Ann Lee.") < k.lines.index(
        "You're the first player today, and first of all time.")


def test_without_ask_name_no_name_is_asked(tmp_path):
    k = make_kiosk(tmp_path, ["play", WRONG, "y"])
    assert k.run() == 0
    assert not any("high-score table" in line for line in k.lines)


def test_stopped_while_a_name_is_awaited_the_game_still_counts(tmp_path):
    def sigterm(context):
        assert context.moment is Moment.NAME
        k.booth.signals.request()  # as SIGTERM does
        return None

    k = make_kiosk(tmp_path, ["play", RIGHT, "y", "walk away", "y", sigterm], ask_name=True)
    assert k.run() == 0
    assert k.endings() == [("walked", 1000)]
    assert [g.game.player for g in k.games()] == ["player 1 of today"]
    assert not any("first player today" in line for line in k.lines)  # nothing said after the stop
