"""Answer keys: every spoken command has a key, confirmed exactly like speech.

The host is driven by scripted key presses (``ScriptedKeys``); whole games through a
pipe and a real terminal are in test_keys_terminal.py.
"""

import pytest

from voicehost.config import ConfigError, KeySettings, Settings, load_settings
from voicehost.game.question import LETTERS
from voicehost.host import session
from voicehost.host.moments import Context
from voicehost.host.phrases import Phrases
from voicehost.terminal.key_input import KeyInput
from voicehost.host.key_map import KeyMap
from voicehost.host.loop import Host, HostOptions
from voicehost.host.player_input import EndOfInput
from voicehost.language.locale import Locale
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_keys import ScriptedKeys

from .conftest import answer, new_game

LOCALE = Locale.load("en")
PHRASES = Phrases(LOCALE.phrases, LOCALE.data["numbers"])
KEY_MAP = KeyMap(KeySettings().actions(), PHRASES)


def digit(letter: str) -> str:
    """The default number key of an answer letter."""
    return str(LETTERS.index(letter) + 1)


def play(game, keys, **options):
    out = RecordingHostOutput()
    reader = ScriptedKeys(keys)
    host = Host(game, LOCALE, KeyInput(reader, KEY_MAP), out, options=HostOptions(**options), seed=1)
    try:
        host.loop()
    except EndOfInput:
        pass
    return out, reader


# ---------------------------------------------------------------- the key map as data

def test_the_default_keys_are_the_documented_ones():
    keys = Settings().input.keys
    assert keys.A == ("1", "a") and keys.D == ("4", "d")
    assert keys.fifty_fifty == ("5", "f") and keys.phone_friend == ("6", "p")
    assert keys.ask_audience == ("7", "u") and keys.walk_away == ("0", "w")
    assert keys.confirm == ("enter", "space") and keys.decline[:2] == ("escape", "backspace")
    assert [k[0] for k in (keys.repeat, keys.options, keys.balance, keys.help)] == ["r", "o", "m", "h"]
    assert (keys.slower, keys.faster) == (("-",), ("+",))


def test_a_numeric_keypad_alone_plays_a_whole_game():
    keypad = set("0123456789+-*/.") | {"enter"}
    needed = {"A", "B", "C", "D", "fifty_fifty", "phone_friend", "ask_audience", "walk_away",
              "confirm", "decline", "repeat", "options", "balance", "slower", "faster", "help"}
    assert all(keypad & set(keys) for action, keys in KeySettings().actions().items()
               if action in needed)


def test_an_arcade_box_that_types_other_keys_needs_only_new_values(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("input:\n  keys:\n    A: [q]\n    B: [1]\n    C: [X]\n    D: ['#']\n"
                    "    confirm: [enter, tab]\n")
    keys = load_settings(path).input.keys
    assert (keys.A, keys.B, keys.C, keys.D) == (("q",), ("1",), ("x",), ("#",))
    key_map = KeyMap(keys.actions(), PHRASES)
    assert key_map.text("q", Context("answer")) == "a"
    assert key_map.text("X", Context("answer")) == "c"
    assert key_map.text("tab", Context("confirm_answer")) == "yes"


@pytest.mark.parametrize("text, key, problem", [
    ("input:\n  keys:\n    jump: [j]\n", "input.keys.jump", "is not a setting"),
    ("input:\n  keys:\n    A: [1, f]\n", "input.keys.fifty_fifty", "'f' is also bound to input.keys.A"),
    ("input:\n  keys:\n    help: [h]\n    repeat: [h]\n", "input.keys.help",
     "'h' is also bound to input.keys.repeat"),
    ("input:\n  keys:\n    confirm: [return]\n", "input.keys.confirm", "'return' is not a key"),
    ("input:\n  keys:\n    A: {x: 1}\n", "input.keys.A", "is not a list of keys"),
])
def test_a_bad_key_map_names_the_key(tmp_path, text, key, problem):
    path = tmp_path / "config.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_settings(path)
    assert err.value.key == key and problem in str(err.value)


def test_keys_become_what_a_player_would_say():
    answering = Context("answer", {"A": "Paris", "B": "London"})
    assert [KEY_MAP.text(k, answering) for k in ("2", "b", "B", "5", "6", "7", "0", "w")] == [
        "b", "b", "b", "fifty fifty", "phone a friend", "ask the audience", "walk away", "walk away"]
    assert [KEY_MAP.text(k, answering) for k in ("r", "o", "m", "l", "-", "+", "h")] == [
        "repeat", "options", "balance", "lifelines", "slower", "faster", "help"]
    confirming = Context("confirm_answer", {"B": "London"})
    assert [KEY_MAP.text(k, confirming) for k in ("enter", "space", "escape", "backspace")] == [
        "yes", "yes", "no", "no"]
    assert KEY_MAP.text("x", answering) is None and KEY_MAP.text("", answering) is None


def test_number_keys_count_players_and_answer_keys_pick_a_friend_by_place():
    assert KEY_MAP.text("3", Context("count")) == "3"
    assert KEY_MAP.text("c", Context("count")) == "3"
    friends = Context("pick_friend", players=("Bo", "Cy"))
    assert KEY_MAP.text("2", friends) == "Cy" and KEY_MAP.text("3", friends) is None


def test_how_many_are_playing_by_a_number_key():
    out = RecordingHostOutput()
    players = session.ask_player_count(KeyInput(ScriptedKeys(["3"]), KEY_MAP), out, LOCALE)
    assert players == ["Player 1", "Player 2", "Player 3"]


# ---------------------------------------------------------------- confirmed like speech

def test_a_key_answer_is_locked_only_after_the_confirm_key():
    game = new_game("de", ["Ann"])
    right = game.question.answer
    out, _ = play(game, [digit(right), "escape", digit(right)])
    pending = [line for line in out.lines if game.question.option(right) in line and "Enter" in line]
    assert len(pending) == 2, out.text  # asked twice, the second time still waiting
    assert any("think again" in line or "Take your time" in line for line in out.lines)
    assert game.level == 1 and game.turn().pending == right  # nothing locked without Enter

    game = new_game("de", ["Ann"])
    right = game.question.answer
    out, _ = play(game, [digit(right), "enter"])
    assert game.level == 2 and "locked in" in out.text


def test_a_lifeline_key_is_confirmed_and_declining_keeps_it():
    game = new_game("de", ["Ann"])
    out, _ = play(game, ["5", "backspace", "h"])
    assert "A lifeline: fifty-fifty. Are you sure? Enter for yes, Escape for no." in out.lines or \
        "You'd like a lifeline: fifty-fifty? Press Enter for yes, Escape for no." in out.lines
    assert "All right, you keep fifty-fifty." in out.lines
    assert "fifty_fifty" in game.turn().lifelines
    assert "5 for fifty-fifty" in out.lines[-1]  # help still offers it

    game = new_game("de", ["Ann"])
    play(game, ["f", "space"])
    assert "fifty_fifty" not in game.turn().lifelines and len(game.open_options()) == 2


def test_declining_to_take_the_money_keeps_playing():
    game = new_game("se", ["Ann"])
    answer(game)
    won = game.statement("Ann")["at_stake"]
    out, _ = play(game, ["0", "escape"])
    assert any("Press Enter to take the money, or Escape to play on" in line for line in out.lines)
    assert not game.over and game.level == 2 and game.statement("Ann")["at_stake"] == won
    game2 = new_game("se", ["Ann"])
    answer(game2)
    out2, _ = play(game2, ["w", "enter"])
    assert any(line.startswith(("Ann takes the money", "A wise decision")) for line in out2.lines)


def test_a_key_never_brings_the_which_of_two_question():
    """A lone letter that was declined is asked about again only when it may have been misheard."""
    game = new_game("de", ["Ann"])
    out, _ = play(game, ["4", "escape"])
    assert not any(line.startswith(("Then was it", "So which one")) for line in out.lines)


def test_keys_not_in_the_map_are_ignored():
    game = new_game("de", ["Ann"])
    out, _ = play(game, ["x", "", "z", "`"])
    assert out.lines == []
    assert game.turn().pending is None


def test_silence_with_keys_reprompts_and_names_the_keys():
    game = new_game("de", ["Ann"])
    out, reader = play(game, [None, None, None], silence_seconds=7.0)
    assert reader.timeouts[0] == pytest.approx(7.0, abs=0.5)  # not "wait for ever", as typing does
    assert len(out.lines) == 3
    assert "Press H to hear the keys, or R to hear the question again." in out.lines[2]


def test_the_host_names_the_keys_of_the_map():
    keys = KeySettings(A=("q",), confirm=("tab",), decline=("-",), slower=(), help=("?",))
    key_map = KeyMap(keys.actions(), PHRASES)
    host = Host(new_game("de", ["Ann"]), LOCALE, KeyInput(ScriptedKeys([]), key_map),
                RecordingHostOutput(), seed=1)
    assert host.prompts.welcome()[1] == (
        "Press Q, 2, 3 or 4 for answer A, B, C or D, then Tab to lock it in, or minus to "
        "think again. Press ? at any time to hear the keys.")


def test_a_key_that_means_nothing_at_a_yes_or_no_says_which_keys_do():
    game = new_game("de", ["Ann"])
    out, _ = play(game, ["5", "2"])
    assert out.lines[-1] == "Press Enter for fifty-fifty, or Escape to keep it."
