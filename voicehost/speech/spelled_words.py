"""Pronunciations for words PocketSphinx's dictionary lacks, from espeak-ng's phonemes.

The CMU dictionary that ships with PocketSphinx knows about 130,000 English words, but a
deck's option texts bring names it has never seen ("Artemis"). Without a pronunciation such
an option cannot be said, only its letter. espeak-ng, which voices the host on Linux, can
spell any word in its own phoneme mnemonics (``espeak-ng -q -x``); ``ESPEAK_TO_ARPABET``
turns them into the dictionary's phones. On 4,000 words of the CMU dictionary the
spelling agrees with the dictionary's phones at 89% (``python bench/spelling.py``).
Without espeak-ng nothing is spelled and such words stay out of the grammar.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Iterable

ESPEAK_TO_ARPABET: dict[str, str] = {
    # consonants
    "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "g": "G", "f": "F", "v": "V",
    "T": "TH", "D": "DH", "s": "S", "z": "Z", "S": "SH", "Z": "ZH", "h": "HH", "tS": "CH",
    "dZ": "JH", "m": "M", "n": "N", "N": "NG", "l": "L", "r": "R", "w": "W", "j": "Y",
    "t#": "T", "t2": "T", "r-": "R", "n-": "N", "x": "K", "?": "",
    # vowels
    "a": "AE", "aa": "AE", "a#": "AH", "A:": "AA", "A@": "AA R", "0": "AA", "aI": "AY",
    "aI@": "AY ER", "aI3": "AY ER", "aU": "AW", "@": "AH", "@-": "AH", "@L": "AH L",
    "3": "ER", "3:": "ER", "E": "EH", "e@": "EH R", "eI": "EY", "i": "IY", "i:": "IY",
    "I": "IH", "I2": "IH", "I#": "IH", "i@": "IY AH", "i@3": "IH R", "O": "AO", "O:": "AO",
    "O2": "AO", "o@": "AO R", "O@": "AO R", "OI": "OY", "oU": "OW", "U": "UH", "u:": "UW",
    "U@": "UH R", "V": "AH",
}
"""espeak-ng's English phoneme mnemonics (``-x``) as CMU dictionary phones ("" for none)."""
_MARKS = "'," + ";"
"""Stress marks and espeak-ng's palatal mark, which carry no phone of their own."""


def arpabet(mnemonics: str) -> str | None:
    """``k_w_'E_t_s`` (espeak-ng ``-x --sep=_``) as ``K W EH T S``; None if a mnemonic is unknown."""
    phones = []
    for word in mnemonics.split():
        for symbol in word.split("_"):
            symbol = symbol.strip(_MARKS)
            if not symbol:
                continue
            mapped = ESPEAK_TO_ARPABET.get(symbol)
            if mapped is None:
                return None
            phones += mapped.split()
    return " ".join(phones) or None


def spell(words: Iterable[str], voice: str = "en-us", timeout_s: float = 10.0) -> dict[str, str]:
    """Phones for each of ``words`` that espeak-ng can spell: ``{"artemis": "AA R T IH M IH S"}``.

    One espeak-ng run for all the words (a line each). An empty dict when espeak-ng is not
    installed, fails or times out: the caller then leaves those words out, as without it.
    """
    words = [w for w in dict.fromkeys(words) if w and "\n" not in w]
    exe = shutil.which("espeak-ng")
    if not words or exe is None:
        return {}
    try:
        run = subprocess.run([exe, "-q", "-x", "--sep=_", "-v", voice], input="\n".join(words) + "\n",
                             capture_output=True, text=True, timeout=timeout_s)
    except (OSError, subprocess.SubprocessError):
        return {}
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != len(words):
        return {}
    spelled = {w: arpabet(line) for w, line in zip(words, lines)}
    return {w: p for w, p in spelled.items() if p}
