"""Phonemes from espeak-ng's library: text in, IPA out, one clause at a time.

The neural voice (``piper_tts``) was trained on espeak-ng's IPA, with the punctuation that
ended each clause. This module asks the library that espeak-ng installs
(``libespeak-ng.so.1``, loaded with ctypes in this process; the same library pyttsx3 uses
in the speech worker) for the phonemes of each clause with ``espeak_TextToPhonemes``.
espeak-ng 1.51 does not say which punctuation ended a clause (1.52 has
``espeak_TextToPhonemesWithTerminator``), so it is read from the text the call consumed:
the library reads one character past a clause before it returns, so the terminator is the
last punctuation mark before that character.

espeak-ng keeps global state (the voice), so every call goes through one lock.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
import threading
from dataclasses import dataclass

from ..errors import FixableError

LIBRARIES = ("libespeak-ng.so.1", "libespeak-ng.so", "libespeak-ng.1.dylib", "libespeak-ng.dylib")
"""Names the library is looked for under (then wherever ``ctypes.util`` finds espeak-ng)."""
CLAUSE_ENDS = ".?!,:;"
"""Punctuation that ends a clause, kept as a phoneme by Piper's voices."""
SENTENCE_ENDS = ".?!"
CLOSERS = "\"'”’»)]}"
"""Marks that may follow a clause's punctuation (``"Yes."``) and are passed over."""
LANGUAGE_SWITCH = re.compile(r"\([^)]*\)")
"""espeak-ng's language-switch flags around a foreign word (``(en)``), not phonemes."""
ESPEAK_FIX = "Install espeak-ng (its library), e.g. `sudo apt-get install espeak-ng`."
_AUDIO_OUTPUT_SYNCHRONOUS = 0x02
_CHARS_UTF8 = 1
_PHONEMES_IPA = 0x02


class PhonemizerError(FixableError):
    """espeak-ng's library cannot be loaded or refuses a voice."""


@dataclass(frozen=True)
class Clause:
    phonemes: str
    """IPA as espeak-ng gives it (stress and length marks included, words spaced)."""
    terminator: str
    """The punctuation that ended the clause: one of ``CLAUSE_ENDS``, or "" (espeak-ng
    also ends a clause that grows too long, and the text ends one)."""

    @property
    def ends_sentence(self) -> bool:
        return self.terminator in SENTENCE_ENDS and self.terminator != ""


class EspeakPhonemizer:
    """``clauses(text, voice)``; the library is loaded on first use (``load()``)."""

    _lock = threading.Lock()
    _lib = None

    def load(self) -> None:
        """Load and initialise the library (once per process). Raises PhonemizerError."""
        with self._lock:
            self._library()

    def clauses(self, text: str, voice: str) -> list[Clause]:
        """``text`` in espeak-ng ``voice`` (``en-us``, ``sv``, ``de``), clause by clause."""
        data = text.encode("utf-8")
        with self._lock:
            lib = self._library()
            if lib.espeak_SetVoiceByName(voice.encode("utf-8")) != 0:
                raise PhonemizerError(f"espeak-ng has no voice {voice!r}.", ESPEAK_FIX)
            buffer = ctypes.create_string_buffer(data)
            start = ctypes.addressof(buffer)
            pointer = ctypes.c_void_p(start)
            found = []
            while pointer.value:
                begun = pointer.value - start
                phonemes = lib.espeak_TextToPhonemes(ctypes.byref(pointer), _CHARS_UTF8,
                                                     _PHONEMES_IPA)
                ended = pointer.value - start if pointer.value else len(data)
                read = data[begun:ended].decode("utf-8", "replace")
                if pointer.value:
                    read = read[:-1]  # the one character read ahead belongs to the next clause
                found.append(Clause(LANGUAGE_SWITCH.sub("", (phonemes or b"").decode(
                    "utf-8", "replace")).strip(), terminator_of(read)))
        return [c for c in found if c.phonemes or c.terminator]

    @classmethod
    def _library(cls):
        if cls._lib is not None:
            return cls._lib
        lib = None
        for name in (*LIBRARIES, ctypes.util.find_library("espeak-ng")):
            if not name:
                continue
            try:
                lib = ctypes.CDLL(name)
                break
            except OSError:
                continue
        if lib is None:
            raise PhonemizerError("The neural voice needs espeak-ng's library for its phonemes, "
                                  "and it is not installed.", ESPEAK_FIX)
        lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
        lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int,
                                              ctypes.c_int]
        if lib.espeak_Initialize(_AUDIO_OUTPUT_SYNCHRONOUS, 0, None, 0) <= 0:
            raise PhonemizerError("espeak-ng's library would not start (its data folder is "
                                  "missing?).", ESPEAK_FIX)
        cls._lib = lib
        return lib


def terminator_of(read: str) -> str:
    """The punctuation that ended a clause, from the text espeak-ng read for it."""
    tail = read.rstrip().rstrip(CLOSERS).rstrip()
    if tail.endswith(("..", "…")):  # an ellipsis trails off: no mark, as Piper reads it
        return ""
    return tail[-1] if tail and tail[-1] in CLAUSE_ENDS else ""
