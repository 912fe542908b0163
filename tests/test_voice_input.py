"""Voice input in the host: a lost microphone pauses the game and it carries on when back;
words the model lacks are never listened for."""

from voicehost.audio.microphone import EndOfAudio, Microphone, MicrophoneError
from voicehost.host.loop import Host
from voicehost.host.player_input import EndOfInput
from voicehost.language.locale import Locale
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_recognizer import ScriptedRecognizer
from voicehost.voice.voice_input import VoiceInput

from .conftest import new_game

LOCALE = Locale.load("en")
CHUNK = b"\x10\x00" * 1600     # 100 ms of quiet, non-silent audio


class UnpluggedOnceMicrophone(Microphone):
    """Works, is unplugged on the first read, cannot be opened once, then is back."""

    def __init__(self) -> None:
        self.reads, self.starts, self.failed_start = 0, 0, False

    def start(self) -> None:
        self.starts += 1
        if self.reads and not self.failed_start:
            self.failed_start = True
            raise MicrophoneError("The microphone is gone.", "Plug it back in.")

    def read(self, timeout):
        self.reads += 1
        if self.reads == 1:
            raise MicrophoneError("The microphone was unplugged.", "Plug it back in.")
        if self.reads > 300:
            raise EndOfAudio()          # the end of the test
        return CHUNK

    def flush(self) -> None:
        pass

    def stop(self) -> None:
        pass


def test_a_lost_microphone_pauses_the_game_and_it_carries_on_when_back():
    game = new_game("se", ["Ann"])
    before = game.to_dict()
    out = RecordingHostOutput()
    mic = UnpluggedOnceMicrophone()
    voice = VoiceInput(mic, ScriptedRecognizer(["bravo"]), None, announce=out.say, locale=LOCALE,
                       retry_s=0.01)
    host = Host(game, LOCALE, voice, out)
    try:
        host.loop()
    except EndOfInput:
        pass
    paused = LOCALE.line("paused_device", device="microphone")
    back = LOCALE.line("device_back", device="microphone")
    assert paused in out.lines and back in out.lines
    assert out.lines.index(paused) < out.lines.index(back)
    assert mic.starts >= 3                       # retried until it opened again
    assert game.turn().pending == "B"            # and then heard the player
    assert before["level"] == game.to_dict()["level"]


def test_phrases_with_words_the_model_lacks_are_not_listened_for():
    recognizer = ScriptedRecognizer([], unknown_words=["zanzibar"])
    voice = VoiceInput(UnpluggedOnceMicrophone(), recognizer, None)
    assert voice.known(["b", "zanzibar", "phone a friend"]) == ["b", "phone a friend"]
