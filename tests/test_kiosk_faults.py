"""The kiosk keeps going: an error in a game, a lost device, a killed speech worker, a
broken deck dropped in, a score table that cannot be written, and SIGTERM mid-sentence.
Each fault is injected through the doubles the other tests use."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import time

import pytest

from tests.kiosk_helpers import FakeSystemd, make_kiosk, places, recorded, run_kiosk
from voicehost.audio.microphone import EndOfAudio, Microphone, MicrophoneError
from voicehost.audio.sound_output import SoundOutputError
from voicehost.kiosk.scores import ScoreError
from voicehost.questions.deck import bundled_deck_paths
from voicehost.testing.kiosk_visitor import RIGHT, WRONG
from voicehost.testing.processes import children
from voicehost.testing.recording_host_output import RecordingHostOutput
APOLOGY = "I'm sorry, something went wrong on my side, so this game ends here, and your"


def fail_with(exc: Exception):
    def fault(context):
        raise exc
    return fault


@pytest.fixture
def kiosk_log(caplog):
    caplog.set_level(logging.INFO, logger="voicehost.kiosk.test")
    return caplog


def test_an_error_in_a_game_is_logged_apologised_for_recorded_and_the_kiosk_goes_on(
        tmp_path, kiosk_log):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", fail_with(RuntimeError("the engine broke")),
                              "play", WRONG, "y"])
    assert k.run() == 0
    assert f"{APOLOGY} 1,000 kronor is kept." in k.lines
    assert k.endings() == [("error", 1000), ("wrong", 0)]
    failed = [r for r in kiosk_log.records if r.exc_info]
    assert failed and "RuntimeError: the engine broke" in failed[0].getMessage()
    assert "Traceback" in kiosk_log.text
    assert k.opened == [1]  # not a device: the devices were kept


@pytest.mark.parametrize("fault", [
    MicrophoneError("The microphone was unplugged.", "Plug it in again."),
])
def test_a_device_lost_mid_question_reopens_the_devices(tmp_path, kiosk_log, fault):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", fail_with(fault), "play", RIGHT, "y", WRONG, "y"])
    assert k.run() == 0
    assert k.opened == [1, 2]
    assert k.endings() == [("error", 1000), ("wrong", 0)]
    assert "devices reopened" in kiosk_log.text and "unplugged" in kiosk_log.text


class UnpluggedMidQuestion(Microphone):
    """Hears the visitor start a game, is unplugged while the first question is listened
    for, cannot be opened once, then is back; the end of the test after 300 reads."""

    def __init__(self) -> None:
        self.reads, self.starts, self.failed_start = 0, 0, False

    def start(self) -> None:
        self.starts += 1
        if self.reads >= 2 and not self.failed_start:
            self.failed_start = True
            raise MicrophoneError("The microphone is gone.", "Plug it back in.")

    def read(self, timeout):
        self.reads += 1
        if self.reads == 2:
            raise MicrophoneError("The microphone was unplugged.", "Plug it back in.")
        if self.reads > 300:
            raise EndOfAudio()
        return b"\x10\x00" * 1600  # 100 ms of a quiet room

    def flush(self) -> None:
        pass

    def stop(self) -> None:
        pass


def test_a_microphone_lost_mid_question_pauses_the_game_and_it_carries_on(tmp_path):
    from voicehost.host.player_input import Clock
    from voicehost.language.locale import Locale
    from voicehost.testing.scripted_recognizer import ScriptedRecognizer
    from voicehost.voice.voice_input import VoiceInput

    locale = Locale.load("en")
    out = RecordingHostOutput()
    mic = UnpluggedMidQuestion()
    heard = ["let's play"] + ["a", "yes", "b", "yes", "c", "yes", "d", "yes"] * 4
    voice = VoiceInput(mic, ScriptedRecognizer(heard), None, announce=out.say, locale=locale,
                       retry_s=0.01)
    pings_while_paused = []
    paused = locale.line("paused_device", device="microphone")
    back = locale.line("device_back", device="microphone")

    def heartbeat():
        if out.lines and out.lines[-1] == paused:
            pings_while_paused.append(mic.starts)

    k = make_kiosk(tmp_path, [], output=out, open_devices=lambda: (voice, out), clock=Clock(),
                   heartbeat=heartbeat)
    assert k.run() == 0
    assert out.lines.index(paused) < out.lines.index(back)
    assert pings_while_paused  # the watchdog is fed while the microphone is waited for
    assert mic.starts >= 3  # tried again until it opened
    assert len(k.games()) == 1 and k.games()[0].game.ending in ("wrong", "walked", "won")
    assert k.games()[0].questions >= 1  # the question was answered after the microphone came back


class SpeakerLostOnce(RecordingHostOutput):
    """The sound device vanishes while the second question is read."""

    def __init__(self) -> None:
        super().__init__()
        self.questions = 0

    def say(self, text: str) -> None:
        if "question 2" in text.lower() or "question number 2" in text.lower():
            self.questions += 1
            if self.questions == 1:
                raise SoundOutputError("The speaker is gone.", "Plug it in.")
        super().say(text)


def test_a_speaker_lost_while_a_question_is_read_reopens_the_devices(tmp_path, kiosk_log):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", "play", RIGHT, "y", RIGHT, "y", WRONG, "y"],
                   output=SpeakerLostOnce())
    assert k.run() == 0
    assert k.opened == [1, 2]
    assert k.endings() == [("error", 1000), ("wrong", 0)]
    assert f"{APOLOGY} 1,000 kronor is kept." in k.lines


def speech_workers() -> list[int]:
    """This process's speech worker children."""
    return children(os.getpid())


@pytest.mark.slow
def test_a_killed_speech_worker_is_restarted_and_the_game_goes_on(tmp_path):
    from voicehost.speech.speaker import Speaker
    from voicehost.speech.tts import Pyttsx3Synthesizer, SpeechError
    from voicehost.testing.recording_sound_output import RecordingSoundOutput
    from voicehost.voice.spoken_output import SpokenOutput

    synth = Pyttsx3Synthesizer(cache_dir=None)
    try:
        synth.render("Testing.")
    except SpeechError as exc:
        pytest.skip(f"no speech engine here: {exc}")
    sound = RecordingSoundOutput()
    output = SpokenOutput(Speaker(synth, sound), stream=open(os.devnull, "w"), effects=False)
    killed, later = [], []

    def workers_now(context):
        later.extend(speech_workers())
        return WRONG

    def kill_worker(context):
        killed.extend(speech_workers())
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        return RIGHT

    k = make_kiosk(tmp_path, ["play", RIGHT, "y", kill_worker, "y", workers_now, "y"], output=output)
    try:
        assert k.run() == 0
        assert killed and later and not set(killed) & set(later)  # a new worker took over
        assert k.endings() == [("wrong", 0)]  # the game went on to its end, no error
        assert len(sound.clips) >= 20  # every line spoken, those after the kill too
    finally:
        synth.close()


def test_a_broken_deck_dropped_in_while_running_is_logged_and_the_old_questions_kept(
        tmp_path, kiosk_log):
    decks = tmp_path / "decks"
    decks.mkdir()
    for path in bundled_deck_paths():
        shutil.copy(path, decks)

    def drop_broken_deck(context):
        (decks / "broken.yaml").write_text("questions:\n  - id: [not, closed\n")
        return None

    k = make_kiosk(tmp_path, ["play", WRONG, "y", drop_broken_deck, "play", RIGHT, "y", WRONG, "y"],
                   decks=[decks])
    assert k.run() == 0
    assert k.endings() == [("wrong", 0), ("wrong", 0)]
    assert [g.questions for g in k.games()] == [1, 2]  # the second game, from the old questions
    assert "a deck changed and cannot be read, so the kiosk keeps the" in kiosk_log.text
    assert "broken.yaml" in kiosk_log.text


class TableThatFails:
    """A score table whose disk fills up (or whose file turns read-only) at game ``fail_at``."""

    def __init__(self, table, fail_at: int, why: str) -> None:
        self.table, self.fail_at, self.why, self.games = table, fail_at, why, 0

    def next_player_number(self, day):
        return self.table.next_player_number(day)

    def record(self, game):
        self.games += 1
        if self.games == self.fail_at:
            raise ScoreError(f"scores.sqlite3: cannot save the game ({self.why}).", "Free some space.")
        return self.table.record(game)

    def standings(self, day=None):
        return self.table.standings(day)


@pytest.mark.parametrize("why", ["database or disk is full", "attempt to write a readonly database"])
def test_a_score_table_that_cannot_be_written_is_logged_and_the_kiosk_goes_on(
        tmp_path, kiosk_log, why):
    from voicehost.kiosk.scores import ScoreTable
    table = TableThatFails(ScoreTable.open(tmp_path / "scores.sqlite3"), 2, why)
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", "walk away", "y", "play", WRONG, "y",
                              "play", WRONG, "y"], table=table)
    assert k.run() == 0
    assert [g.game.winnings for g in k.games()] == [1000, 0]  # the first and third, intact
    assert f"the game could not be recorded: scores.sqlite3: cannot save the game ({why})" \
        in kiosk_log.text
    places = [line for line in k.lines if "all time" in line or "no place on the table" in line]
    assert len(places) == 2  # no place for the game that was not kept (the third won nothing)


# ---------------------------------------------------------------------- signals
@pytest.fixture
def signals_restored():
    saved = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    yield
    for s, handler in saved.items():
        signal.signal(s, handler)


class SignalMidSentence(RecordingHostOutput):
    """SIGTERM arrives halfway through reading the second question."""

    def __init__(self, seconds: float = 0.0) -> None:
        super().__init__()
        self.seconds = seconds
        self.stopped = 0

    def say(self, text: str) -> None:
        if "question 2" in text.lower() or "question number 2" in text.lower():
            os.kill(os.getpid(), signal.SIGTERM)
            end = time.monotonic() + self.seconds
            while time.monotonic() < end and not self.stopped:
                time.sleep(0.01)
            if self.stopped:
                self.lines.append(text[: len(text) // 2])
                return
        super().say(text)

    def stop(self) -> None:
        self.stopped += 1


def test_sigterm_mid_sentence_finishes_the_line_records_the_game_and_returns_0(
        tmp_path, signals_restored):
    out = SignalMidSentence()
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", RIGHT, "y"], output=out)
    k.booth.signals.install()
    assert k.run() == 0
    last = k.lines[-1].lower()
    assert "question 2" in last or "question number 2" in last  # said whole, nothing after
    assert k.endings() == [("walked", 1000)]
    assert out.stopped == 0


def test_sigterm_during_a_line_too_long_to_finish_cuts_it_after_the_grace(
        tmp_path, signals_restored):
    out = SignalMidSentence(seconds=30.0)
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", RIGHT, "y"], output=out)
    k.booth.signals.install()
    assert k.run() == 0
    assert out.stopped == 1
    assert k.endings() == [("walked", 1000)]


@pytest.mark.slow
def test_voicehost_kiosk_through_a_pipe_plays_until_the_input_ends(tmp_path):
    proc = run_kiosk(tmp_path)
    out, err = proc.communicate("quit\nplay\n4\ny\nplay\nwalk away\n", timeout=60)
    assert proc.returncode == 0, err
    assert out.count("Welcome to the hot seat, Player") == 2 and places(out) == 2
    assert len(recorded(tmp_path)) == 2
    log = (tmp_path / "state" / "kiosk.log").read_text()
    assert "game 2 ended" in log and "the input ended; kiosk stopped" in log
    from voicehost.kiosk.status import read_status
    assert read_status(tmp_path / "state" / "status.json").games_today == 2


@pytest.mark.slow
def test_sigterm_to_a_running_kiosk_records_the_game_and_exits_0(tmp_path):
    systemd = FakeSystemd(tmp_path)
    proc = run_kiosk(tmp_path, env={"NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "20000000"})
    proc.stdin.write("play\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if "your answer" in line.lower() or "what do you say" in line.lower():
            break
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0, err
    assert "stopped by signal" in err
    assert recorded(tmp_path) == [("walked", 0)]
    told = systemd.told()
    assert told[:2] == ["READY=1", "WATCHDOG=1"] and told[-1] == "STOPPING=1"


def test_an_input_that_keeps_failing_between_games_is_reopened_not_spun_on(tmp_path, kiosk_log):
    fails = [fail_with(OSError("reading from stdin while output is captured"))] * 3
    k = make_kiosk(tmp_path, fails + ["play", WRONG, "y"])
    naps: list[float] = []
    k.booth.sleep = naps.append
    assert k.run() == 0
    assert naps == [2.0] * 3 and k.opened == [1, 2, 3, 4]
    assert k.endings() == [("wrong", 0)]


def test_a_speaker_lost_mid_line_is_waited_for_with_the_heartbeat_going_on():
    from voicehost.audio.sound_output import SoundOutputError
    from voicehost.voice.spoken_output import SpokenOutput

    class SpeakerBackAfterOneTry:
        def __init__(self):
            self.said = []

        def say(self, text):
            if not self.said:
                self.said.append(None)
                raise SoundOutputError("The speaker is gone.", "Plug it in.")
            self.said.append(text)

    pings = []
    speaker = SpeakerBackAfterOneTry()
    output = SpokenOutput(speaker, stream=open(os.devnull, "w"), effects=False)
    output.keep_alive(lambda: pings.append(1))
    output.say("Question 2, worth 2,000 kronor.")
    assert speaker.said == [None, "Question 2, worth 2,000 kronor."]
    assert pings  # the watchdog was fed while the speaker was waited for
