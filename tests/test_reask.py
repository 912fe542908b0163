"""Asking again: the host steers players to the answer itself, asks "this or that?" after a
declined letter that sounds like another, and says once when the room is too loud."""

from __future__ import annotations

from voicehost.host.intents import Context
from voicehost.host.loop import Host
from voicehost.host.player_input import EndOfInput, Heard, PlayerInput
from voicehost.language.locale import Locale
from voicehost.testing.memory_microphone import MemoryMicrophone
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import ScriptedInput
from voicehost.testing.scripted_recognizer import ScriptedRecognizer
from voicehost.voice.voice_input import VoiceInput

from .conftest import new_game
from .test_host_transcript import near_repeats

LOCALE = Locale.load("en")
SPEECH = b"\x00\x10" * 16000 * 2        # audio for the scripted recogniser to "hear", a chunk an utterance


def voice_host(game, heard: list[str]):
    """A host that hears ``heard`` through a scripted recogniser, one utterance a listen."""
    out = RecordingHostOutput()
    voice = VoiceInput(MemoryMicrophone(SPEECH), ScriptedRecognizer(heard), None, locale=LOCALE)
    return Host(game, LOCALE, voice, out, seed=1), out


def play(host) -> None:
    try:
        host.loop()
    except EndOfInput:
        pass


def test_how_to_play_and_the_first_reask_steer_to_the_answer_itself():
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    Host(game, LOCALE, ScriptedInput([]), out, seed=1).run()
    assert "the answer itself" in out.lines[1] and "or its letter" in out.lines[1]   # how to play
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput(["walk the dog"]), out, seed=1))
    [reask] = out.lines
    assert "the answer itself" in reask
    assert any(f"'{text}'" in reask for text in game.question.options)   # this question's own example


def test_a_declined_lone_letter_is_asked_again_with_both_look_alike_answers():
    """"b" is often a "d" misheard: after "no", the host asks with both answers' texts."""
    game = new_game("se", ["Ann"])
    q = game.question
    host, out = voice_host(game, ["b", "no"])
    play(host)
    assert out.lines[0].startswith("B") and q.option("B") in out.lines[0]        # "B, ... Final answer?"
    which = out.lines[-1]
    assert q.option("B") in which and q.option("D") in which and "?" in which
    assert game.turn().pending is None and game.level == 1                        # nothing locked
    host, out = voice_host(game, [q.option("D"), "yes"])                          # "delta 1x", yes
    play(host)
    assert "lock_in" in out.sounds                                                # D, locked after yes


def test_after_fifty_fifty_the_look_alike_is_one_still_open():
    game = new_game("se", ["Ann"])
    host, out = voice_host(game, ["fifty fifty", "yes"])
    play(host)
    left = game.open_options()
    for letter in left:
        partner = next((p for p in LOCALE.data["confusable_letters"][letter] if p in left), None)
        host, out = voice_host(game, [letter.lower(), "no"])
        play(host)
        other = next(x for x in left if x != letter)
        if partner:
            assert game.question.option(partner) in out.lines[-1], out.lines
        else:  # no look-alike is left: the usual prompt, no "this or that?"
            assert game.question.option(other) not in out.lines[-1], out.lines


def test_spelled_letters_and_option_texts_get_the_usual_prompt_after_no():
    game = new_game("se", ["Ann"])
    q = game.question
    for said in ("bravo", q.option("B")):
        host, out = voice_host(game, [said, "no"])
        play(host)
        assert q.option("D") not in out.lines[-1], out.lines


class NoisyRoom(PlayerInput):
    """A loud room: every listen hears noise and understands nothing, ``times`` times."""

    def __init__(self, times: int, keys: bool = False, snr_db: float = 3.0) -> None:
        self.left, self.keys, self.snr_db = times, keys, snr_db

    def listen(self, context: Context, phrases: list[str], timeout: float | None) -> Heard | None:
        if not self.left:
            raise EndOfInput()
        self.left -= 1
        text = "b" if self.left % 2 else ""        # now a weak guess, now nothing at all
        return Heard(text, 0.2 if text else 0.0, noise_db=-31.0, snr_db=self.snr_db)


def test_a_loud_room_is_named_once_and_the_keys_offered_when_there_are_some():
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    play(Host(game, LOCALE, NoisyRoom(12, keys=True), out, seed=1))
    loud = [line for line in out.lines if "loud in here" in line]
    assert len(loud) == 1 and "press its key" in loud[0]
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines        # each re-ask is new
    out = RecordingHostOutput()
    play(Host(new_game("se", ["Ann"]), LOCALE, NoisyRoom(12), out, seed=1))
    assert sum("loud in here" in line for line in out.lines) == 1
    assert not any("press its key" in line for line in out.lines)    # no keys: none offered


def test_a_quiet_room_is_not_called_loud():
    out = RecordingHostOutput()
    play(Host(new_game("se", ["Ann"]), LOCALE, NoisyRoom(8, snr_db=40.0), out, seed=1))
    assert not any("loud" in line for line in out.lines)


def test_silence_while_a_yes_is_awaited_is_not_met_with_the_same_line_twice():
    game = new_game("se", ["Ann"])
    host, out = voice_host(game, ["b"])
    play(host)
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput([None, None, None]), out, seed=1))
    assert len(out.lines) == 3 and all(a != b for a, b in zip(out.lines, out.lines[1:])), out.lines


def test_a_lifeline_confirmation_not_understood_is_asked_differently_each_time():
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput(["fifty fifty", "walk the dog", "walk the dog", "walk the dog"]),
              out, seed=1))
    reasks = out.lines[1:-1]
    assert len(reasks) == 3 and all(a != b for a, b in zip(reasks, reasks[1:])), out.lines
    assert "fifty-fifty" in out.lines[-1] and game.turn().lifelines   # kept
