"""The speech worker, line after line, the way the host asks for them in a game."""

from __future__ import annotations

import json
import subprocess
import sys
import wave

import pytest


pytestmark = pytest.mark.slow  # lines rendered by espeak-ng through pyttsx3

WELCOME = "Welcome to Who Wants to Be a Millionaire! Tonight: Ann. We play 3 rounds."
QUESTION = ("Which of these rivers, all of them longer than one thousand kilometres, flows "
            "through the most capital cities on its way to the sea? A: the Danube. B: the "
            "Rhine. C: the Volga. D: the Elbe.")
STILL_BUSY = " ".join(["Ann, question 1, for 1,000 kronor."] * 5)


# The scene runs in a process of its own, as the speech worker does in a game: espeak-ng's
# library keeps global state per process, and the neural voice's phonemizer (in the tests of
# test_neural_voice.py) initialises that same library inside the pytest process, after which
# pyttsx3's espeak driver waits forever in its first Synth. In voicehost the two never share
# a process: pyttsx3 runs only in the speech worker.
SCENE = r"""
import json, sys
from voicehost.speech import tts_worker
out, welcome_text, question_text, still_busy = sys.argv[1:5]
try:
    engine, driver = tts_worker.start_engine({"voice": None, "rate": None, "volume": None})
except Exception as exc:  # no pyttsx3 or no espeak here
    print(json.dumps({"skip": f"no speech engine here: {type(exc).__name__}: {exc}"})); sys.exit()
if driver != "espeak":
    print(json.dumps({"skip": f"the espeak driver is not in use (got {driver})"})); sys.exit()
from pyttsx3.drivers import _espeak
finished = tts_worker.watch_finished(engine)
cut_off = []
engine.connect("finished-utterance",
               lambda completed=True, **_: None if completed else cut_off.append(1))
welcome = tts_worker.render(engine, {"text": welcome_text, "path": out + "/w.wav"}, finished, True)
# espeak announces the end of a line a moment before it is idle again, and the host may ask
# for its next line within that moment (about 1 game in 15, right after the welcome).
# pyttsx3 then "stops" the busy engine and cancels the new line as well, which in the worst
# case is dropped whole: "the speech engine wrote no audio". Work espeak is still busy with
# stands in for that moment, every time.
_espeak.Synth(still_busy.encode("utf-8"), flags=_espeak.CHARS_UTF8)
busy = bool(_espeak.IsPlaying())
question = tts_worker.render(engine, {"text": question_text, "path": out + "/q.wav"}, finished, True)
print(json.dumps({"busy": busy, "results": [welcome, question], "cut_off": cut_off}))
"""


def audio_seconds(path) -> float:
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


def test_the_next_line_is_not_cut_off_while_espeak_is_still_busy_with_the_last(tmp_path):
    run = subprocess.run([sys.executable, "-c", SCENE, str(tmp_path), WELCOME, QUESTION, STILL_BUSY],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    if "skip" in seen:
        pytest.skip(seen["skip"])
    assert seen["busy"]  # espeak was still busy when the question was asked for
    assert seen["results"] == [{"ok": True, "path": str(tmp_path / name)} for name in ("w.wav", "q.wav")]
    assert seen["cut_off"] == []  # the engine cancelled nothing
    assert audio_seconds(tmp_path / "q.wav") > 8.0  # the question, said in full
