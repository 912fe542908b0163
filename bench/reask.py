"""What the host's re-asks rest on: which lone letters the recogniser mixes up, and how loud
the listener finds a room.

    python bench/reask.py [--engine pocketsphinx|vosk] [--model PATH]

Lone letters ("a", "b", "c", "d") in the ten corpus voices (``bench/corpus.py``), clean and
in white noise at 20, 10 and 5 dB SNR, go through the game's ear (``VoiceInput`` on a
memory microphone, the answer grammar of a four-option question) as in
``bench/recognition.py``. Printed: the letter confusion matrix (clips heard above
``input.min_confidence`` only: those are the ones the host asks "Final answer?" about),
the pairs confused in either direction, and per condition the listener's noise floor and
signal-to-noise estimate (``Heard.noise_db``, ``Heard.snr_db``), also for noise alone.
"""

from __future__ import annotations

import argparse
import datetime
import random
import shlex
from array import array
import statistics
import sys
from collections import Counter

import corpus as cp
from machine import cpu_model

from voicehost.audio.clip import AudioClip
from voicehost.config import InputSettings
from voicehost.game import commands as c
from voicehost.host.grammar import grammar
from voicehost.host.intents import interpret
from voicehost.host.moments import Context
from voicehost.speech.listener import Listener
from voicehost.testing.memory_microphone import MemoryMicrophone
from voicehost.testing.synthetic_voice import silence

CONDITIONS = (None, 20.0, 10.0, 5.0)
MIN_CONFIDENCE = InputSettings().min_confidence


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", choices=("pocketsphinx", "vosk"), default="pocketsphinx")
    ap.add_argument("--model")
    args = ap.parse_args()
    print(f"$ {shlex.join(['python', *sys.argv])}")
    print(f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {cpu_model()}")
    from voicehost.speech.recognizers import make_recognizer
    from voicehost.voice.voice_input import VoiceInput

    phrases = cp.english_phrases()
    questions, _ = cp.english_questions()
    context = Context("answer", dict(zip("ABCD", questions[0].options)), cp.LIFELINES)
    items = [cp.Utterance(letter.lower(), "answer", context, c.Answer(letter)) for letter in "ABCD"]
    clips = cp.render(items, cp.voices("en", neural=False), CONDITIONS,
                      progress=lambda m: print(m, file=sys.stderr, flush=True))
    recognizer = make_recognizer(args.engine, "en", args.model, None)
    said_heard: Counter = Counter()
    levels: dict[str, list[tuple[float, float]]] = {}
    for clip in clips:
        mic = MemoryMicrophone(clip.audio().pcm, trailing_silence_s=0.0)
        ear = VoiceInput(mic, recognizer, None, phrase_table=phrases)
        try:
            heard = ear.listen(context, grammar(context, phrases), 5.0)
        except Exception:  # noqa: BLE001 - the end of the clip without an utterance
            heard = None
        said = clip.utterance.expected.option
        command = (interpret(heard.text, context, phrases)
                   if heard and heard.text and heard.confidence >= MIN_CONFIDENCE else None)
        got = command.option if isinstance(command, c.Answer) else "-"
        said_heard[said, got] += 1
        if heard is not None and heard.noise_db is not None:
            levels.setdefault(clip.condition, []).append((heard.noise_db, heard.snr_db or 0.0))
    print(f"\nlone letters, {len(clips)} clips ({len(cp.voices('en', neural=False))} voices x "
          f"{len(CONDITIONS)} conditions), engine {recognizer.name}; rows said, columns acted on "
          f"('-': asked again)")
    print("said " + "".join(f"{h:>6}" for h in "ABCD-"))
    for s in "ABCD":
        print(f"   {s} " + "".join(f"{said_heard[s, h]:>6}" for h in "ABCD-"))
    pairs = Counter()
    for (s, h), n in said_heard.items():
        if h in "ABCD" and h != s:
            pairs["".join(sorted(s + h))] += n
    total = sum(said_heard.values())
    print("confused pairs (either way): " + ", ".join(
        f"{p[0]}/{p[1]} {n} ({n / total:.1%} of clips)" for p, n in pairs.most_common()))
    listener_levels(levels)
    return 0


def listener_levels(levels: dict[str, list[tuple[float, float]]]) -> None:
    """The listener's estimates per condition, and for noise alone (no player speaking)."""
    rng = random.Random(7)
    from voicehost.speech.sphinx_recognizer import SphinxRecognizer
    speechless = []
    for _ in range(10):
        quiet = silence(3.0)
        loud = AudioClip(array("h", [3000]).tobytes() * 16000, 16000)  # about -21 dBFS
        noisy = cp.mix_noise(quiet, loud, 5.0, rng)  # the noise of the 5 dB clips
        heard = Listener(MemoryMicrophone(noisy.pcm, trailing_silence_s=0.0),
                         SphinxRecognizer()).listen(["a", "b"], 2.0)
        if heard is not None and heard.noise_db is not None:
            speechless.append((heard.noise_db, heard.snr_db if heard.snr_db is not None else 0.0))
    print("\nthe listener's estimates (median, min..max):")
    print(f"{'condition':>12} {'n':>4} {'noise floor dBFS':>24} {'speech over floor dB':>24}")
    rows = [(name, levels[name]) for name in ("clean", "20dB", "10dB", "5dB") if name in levels]
    rows.append(("noise alone", speechless))
    for name, values in rows:
        if not values:
            print(f"{name:>12} {0:>4}   (nothing heard)")
            continue
        noise = [v[0] for v in values]
        snr = [v[1] for v in values]
        print(f"{name:>12} {len(values):>4} {statistics.median(noise):>10.1f} "
              f"({min(noise):.0f}..{max(noise):.0f}) {statistics.median(snr):>12.1f} "
              f"({min(snr):.0f}..{max(snr):.0f})")


if __name__ == "__main__":
    sys.exit(main())
