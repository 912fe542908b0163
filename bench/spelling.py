"""How well espeak-ng's spelling of a word matches the CMU dictionary PocketSphinx ships.

    python bench/spelling.py [--words N]

``voicehost/speech/spelled_words.py`` gives PocketSphinx phones for words its dictionary
lacks (names in option texts), from espeak-ng's phoneme mnemonics. This takes N words the
dictionary does have (every k-th, so the sample is spread over the alphabet), spells them the
same way and prints how many of the dictionary's phones the spelling gets right (edit
distance) and how many words come out exactly as in the dictionary.
"""

from __future__ import annotations

import argparse
import os
import sys

from machine import package_versions

from voicehost.host.soundalike import edit_distance
from voicehost.speech.spelled_words import spell


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, default=4000)
    args = ap.parse_args(argv)
    import pocketsphinx
    path = os.path.join(os.path.dirname(pocketsphinx.__file__), "model", "en-us", "cmudict-en-us.dict")
    entries = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            word, _, phones = line.strip().partition(" ")
            if word.isalpha() and word.islower():
                entries.append((word, phones))
    entries = entries[:: max(1, len(entries) // args.words)][: args.words]
    spelled = spell([w for w, _ in entries], timeout_s=120.0)
    errors = total = exact = 0
    for word, phones in entries:
        want, got = phones.split(), spelled.get(word, "").split()
        errors += edit_distance(want, got)
        total += len(want)
        exact += want == got
    print(f"command: python bench/spelling.py --words {args.words}")
    print("versions:", ", ".join(package_versions(["pocketsphinx"])))
    print(f"{len(entries)} dictionary words spelled by espeak-ng: {len(spelled)} spelled, "
          f"phones right {100 * (1 - errors / total):.1f}%, whole words exact {100 * exact / len(entries):.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
