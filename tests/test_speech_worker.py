"""The speech worker, line after line, the way the host asks for them in a game."""

from __future__ import annotations

import wave

import pytest

from voicehost.speech import tts_worker

pytestmark = pytest.mark.slow  # lines rendered by espeak-ng through pyttsx3

WELCOME = "Welcome to Who Wants to Be a Millionaire! Tonight: Ann. We play 3 rounds."
QUESTION = ("Which of these rivers, all of them longer than one thousand kilometres, flows "
            "through the most capital cities on its way to the sea? A: the Danube. B: the "
            "Rhine. C: the Volga. D: the Elbe.")
STILL_BUSY = " ".join(["Ann, question 1, for 1,000 kronor."] * 5)


@pytest.fixture(scope="module")
def espeak_engine():
    """The real pyttsx3 engine the worker runs, with its espeak driver."""
    try:
        engine, driver = tts_worker.start_engine({"voice": None, "rate": None, "volume": None})
    except Exception as exc:  # noqa: BLE001 - no pyttsx3 or no espeak here
        pytest.skip(f"no speech engine here: {type(exc).__name__}: {exc}")
    if driver != "espeak":
        pytest.skip(f"the espeak driver is not in use (got {driver})")
    return engine


def audio_seconds(path) -> float:
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


def test_the_next_line_is_not_cut_off_while_espeak_is_still_busy_with_the_last(
        espeak_engine, tmp_path):
    from pyttsx3.drivers import _espeak

    finished = tts_worker.watch_finished(espeak_engine)
    cut_off = []
    token = espeak_engine.connect(
        "finished-utterance", lambda completed=True, **_: None if completed else cut_off.append(1))
    try:
        welcome = tts_worker.render(espeak_engine, {"text": WELCOME, "path": str(tmp_path / "w.wav")},
                                    finished, True)
        # espeak announces the end of a line a moment before it is idle again, and the host
        # may ask for its next line within that moment (about 1 game in 15, right after the
        # welcome). pyttsx3 then "stops" the busy engine and cancels the new line as well,
        # which in the worst case is dropped whole: "the speech engine wrote no audio".
        # Work espeak is still busy with stands in for that moment, every time.
        _espeak.Synth(STILL_BUSY.encode("utf-8"), flags=_espeak.CHARS_UTF8)
        assert _espeak.IsPlaying()
        question = tts_worker.render(espeak_engine, {"text": QUESTION, "path": str(tmp_path / "q.wav")},
                                     finished, True)
    finally:
        espeak_engine.disconnect(token)
    assert [welcome, question] == [{"ok": True, "path": str(tmp_path / name)}
                                   for name in ("w.wav", "q.wav")]
    assert cut_off == []  # the engine cancelled nothing
    assert audio_seconds(tmp_path / "q.wav") > 8.0  # the question, said in full
