"""Keys beside the microphone: whichever comes first, a voice or a key press."""

import os
import threading
import time

import pytest

from voicehost.config import KeySettings
from voicehost.host.moments import Context
from voicehost.host.phrases import Phrases
from voicehost.terminal.key_input import KeyInput
from voicehost.host.key_map import KeyMap
from voicehost.terminal.key_reader import KeyReader
from voicehost.host.loop import Host
from voicehost.host.player_input import EndOfInput
from voicehost.language.locale import Locale
from voicehost.testing.memory_microphone import MemoryMicrophone
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_recognizer import ScriptedRecognizer
from voicehost.voice.voice_and_keys import VoiceAndKeys
from voicehost.voice.voice_input import VoiceInput

from .conftest import new_game

LOCALE = Locale.load("en")
KEY_MAP = KeyMap(KeySettings().actions(), Phrases(LOCALE.phrases, LOCALE.data["numbers"]))
ANSWERING = Context("answer", {"A": "Paris", "B": "London", "C": "Berlin", "D": "Madrid"})
SPEECH = b"\x10\x20" * 16000  # a second of quiet but not silent audio


@pytest.fixture
def key_pipe():
    """The keyboard: what the test writes to ``write`` is pressed."""
    read, write = os.pipe()
    yield read, write
    for fd in (read, write):
        try:
            os.close(fd)
        except OSError:
            pass


def both(voice: VoiceInput, read_fd: int) -> VoiceAndKeys:
    return VoiceAndKeys(voice, KeyInput(KeyReader(read_fd), KEY_MAP))


def wait_for_key(player_input: VoiceAndKeys) -> None:
    """Until the key written to the pipe has been read (a few seconds at most)."""
    for _ in range(500):
        if player_input.pressed():
            return
        time.sleep(0.01)


def test_a_key_press_cuts_a_silent_listen_short(key_pipe):
    read, write = key_pipe
    mic = MemoryMicrophone(bytes(2 * 16000 * 60), block_ms=30, realtime=True)  # a minute of silence
    player_input = both(VoiceInput(mic, ScriptedRecognizer([]), None), read)
    threading.Timer(0.3, os.write, (write, b"2")).start()  # pressed while the room is silent
    try:
        heard = player_input.listen(ANSWERING, ["b", "london"], timeout=40.0)
    finally:
        player_input.close()
    assert heard is not None and heard.text == "b" and heard.pressed
    assert mic.position < 40.0  # the listen ended at the key, not at its time-out


def test_a_key_pressed_before_the_listen_is_taken_at_once(key_pipe):
    read, write = key_pipe
    os.write(write, b"x\r")  # a key that does nothing, then Enter
    mic = MemoryMicrophone(bytes(2 * 16000 * 60), block_ms=30, realtime=True)
    player_input = both(VoiceInput(mic, ScriptedRecognizer([]), None), read)
    try:
        heard = player_input.listen(Context("confirm_answer", {"B": "London"}), ["yes", "no"], 40.0)
    finally:
        player_input.close()
    assert heard.text == "yes" and heard.pressed and mic.position < 40.0


def test_keys_pressed_before_a_new_game_can_be_dropped(key_pipe):
    read, write = key_pipe
    os.write(write, b"2")
    mic = MemoryMicrophone(SPEECH)
    player_input = both(VoiceInput(mic, ScriptedRecognizer(["london"]), None), read)
    try:
        wait_for_key(player_input)
        player_input.drop_keys()
        heard = player_input.listen(ANSWERING, ["b", "london"], timeout=5.0)
    finally:
        player_input.close()
    assert heard.text == "london" and not heard.pressed


def test_the_voice_is_heard_when_no_key_is_pressed(key_pipe):
    read, _ = key_pipe
    mic = MemoryMicrophone(SPEECH)
    player_input = both(VoiceInput(mic, ScriptedRecognizer(["london"]), None), read)
    try:
        heard = player_input.listen(ANSWERING, ["b", "london"], timeout=5.0)
    finally:
        player_input.close()
    assert heard.text == "london" and not heard.pressed


def test_without_a_keyboard_the_microphone_still_listens(key_pipe):
    read, write = key_pipe
    os.close(write)  # no keyboard: the key input ends at once
    mic = MemoryMicrophone(SPEECH, trailing_silence_s=0.5)
    player_input = both(VoiceInput(mic, ScriptedRecognizer(["", "london"]), None), read)
    try:
        first = player_input.listen(ANSWERING, ["b", "london"], timeout=5.0)
        second = player_input.listen(ANSWERING, ["b", "london"], timeout=5.0)
    finally:
        player_input.close()
    assert player_input.keys_ended
    assert first is not None and first.text == ""
    assert second is not None and second.text == "london"


def test_a_key_answer_beside_the_microphone_is_confirmed_by_voice(key_pipe):
    """A key is confirmed exactly like speech: "2", then "yes" said, locks B."""
    read, write = key_pipe
    game = new_game("de", ["Ann"])
    right = game.question.answer
    os.write(write, str("ABCD".index(right) + 1).encode())
    out = RecordingHostOutput()
    voice = VoiceInput(MemoryMicrophone(SPEECH * 3), ScriptedRecognizer(["yes"]), None)
    player_input = both(voice, read)
    wait_for_key(player_input)  # the key has reached the input before the host listens
    host = Host(game, LOCALE, player_input, out, seed=1)
    try:
        host.loop()
    except EndOfInput:
        pass
    finally:
        player_input.close()
    assert any("Final answer" in line or "final answer" in line for line in out.lines)
    assert game.level == 2  # B pressed, then "yes" said: locked and right


def test_beside_the_microphone_the_host_says_to_speak_or_press(key_pipe):
    read, _ = key_pipe
    player_input = both(VoiceInput(MemoryMicrophone(SPEECH), ScriptedRecognizer([]), None), read)
    try:
        host = Host(new_game("de", ["Ann"]), LOCALE, player_input, RecordingHostOutput(), seed=1)
        how = host.prompts.welcome()[1]
        helped = host.prompts.help()
    finally:
        player_input.close()
    assert how == ("Say the answer itself, like 'Berlin', or its letter, or press its key: 1, 2, 3 "
                   "or 4. Say help, or press H, at any time.")
    assert helped.startswith("Say A, B, C or D") and "Keys: 1, 2, 3 and 4 answer." in helped
