"""Asking again: what the host says when a player was heard but not understood.

Pure bookkeeping, no words: ``Misses`` counts the listens in a row that
understood nothing in one moment of the game and decides what follows each one:
a re-ask that changes every time, the loud-room line once a game, or nothing for
a stray noise in a quiet room; after ``REASK_TRIES`` misses a change of approach
(the options' own texts, the keys when there are some, or at a yes/no moment
plainly what works), and from then on a quiet wait with a longer listen and a
short "take your time" now and then, never the same re-ask again and again. ``letter_doubt`` decides when a declined answer may have been
another letter, so the host asks with both answers' texts instead. The lines
themselves come from the narrator and the locale file.
"""

from __future__ import annotations

from dataclasses import dataclass

from .moments import Context
from .phrases import Phrases
from .understanding import strip_fillers
from .player_input import Heard

LOUD_SNR_DB = 15.0
"""Speech less than this far above the noise floor means a loud room. Measured by
``bench/reask.py`` (lone letters, ten voices, white noise): clean speech stands 67-73 dB
above the listener's floor, at 20 dB SNR 22-24 dB, at 10 dB SNR 11-14 dB and at 5 dB
4-9 dB; noise alone 0-1 dB. The recogniser copes at 20 dB and mostly fails from 10 dB."""
LOUD_NOISE_DB = -30.0
"""A noise floor above this (dBFS) means a loud room whatever was heard. Measured: the
floor is -44 dBFS in the 20 dB clips, -34 at 10 dB, -29 at 5 dB; it depends on the
microphone's gain, so the signal-to-noise test above does most of the work."""

REASK_TRIES = 3
"""Misses in a row in the same moment after which the host changes approach. Two re-asks
that change (the first steering to the answer itself) give a player who was simply not
understood two fresh chances; a third miss means the way of asking is the problem (one
voice's "bravo" was never understood and the host re-asked twenty times, bench/heard.py)."""
WAIT_EVERY = 3
"""Once the approach has changed, a short "take your time" after every this many misses;
the misses in between get no reply, so the host stops talking over a player it cannot hear."""
WAIT_LISTEN_FACTOR = 3.0
"""Once the approach has changed, listen this many times longer before a silence re-prompt."""


@dataclass(frozen=True)
class Reaction:
    """What to do after a listen that understood nothing."""

    kind: str
    """``reask`` (ask again, the ``count``-th time in a row), ``loud`` (say the room is too
    loud, once a game), ``change`` (ask another way, once a moment, at the
    ``REASK_TRIES``-th miss), ``wait`` (after the change: a short "take your time") or
    ``quiet`` (say nothing, listen again)."""
    count: int = 0


class Misses:
    """Listens in a row that understood nothing, and how loud the room was during them."""

    def __init__(self, loud_snr_db: float = LOUD_SNR_DB, loud_noise_db: float = LOUD_NOISE_DB,
                 tries: int = REASK_TRIES) -> None:
        self.loud_snr_db = loud_snr_db
        self.loud_noise_db = loud_noise_db
        self.tries = tries
        self.count = 0
        self.loud = 0
        self.told_loud = False
        self.changed_at = 0
        """The miss at which the approach changed in this moment (0: not yet)."""
        self.moment: object = None

    @property
    def waiting(self) -> bool:
        """The approach has changed: listen longer, speak rarely."""
        return self.changed_at > 0

    def understood(self) -> None:
        self.count = self.loud = self.changed_at = 0

    def missed(self, heard: Heard, nothing_in_grammar: bool, moment: object = None) -> Reaction:
        """One more miss. ``nothing_in_grammar``: the recogniser heard no phrase at all
        (a cough, a noise, chit-chat), which is not asked about in a quiet room.
        ``moment``: what the game waits for (a new one starts the count again)."""
        if moment != self.moment:
            self.moment, self.count, self.changed_at = moment, 0, 0
        loud = self.is_loud(heard)
        self.loud = self.loud + 1 if loud else 0
        if self.loud >= 2 and not self.told_loud:
            self.told_loud = True
            self.count += 1
            return Reaction("loud", self.count)
        if nothing_in_grammar and not loud:
            return Reaction("quiet", self.count)  # a stray sound in a quiet room: not a try
        self.count += 1
        if self.changed_at:
            since = self.count - self.changed_at
            return Reaction("wait" if since % WAIT_EVERY == 0 else "quiet", self.count)
        if self.count >= self.tries:
            self.changed_at = self.count
            return Reaction("change", self.count)
        return Reaction("quiet" if nothing_in_grammar else "reask", self.count)

    def is_loud(self, heard: Heard) -> bool:
        if heard.noise_db is not None and heard.noise_db > self.loud_noise_db:
            return True
        return heard.snr_db is not None and heard.snr_db < self.loud_snr_db


def lone_letter(text: str, phrases: Phrases) -> str | None:
    """The letter ``text`` names when it is only a letter's name ("b", "bee", "i think b"),
    not its spelling alphabet word ("bravo") or its option text; else None.

    A letter's name is the first of its words in the locale's ``letters`` table; the
    recogniser may also write it as one of its ``letter_homophones``.
    """
    body = strip_fillers(phrases.norm(text), phrases.words("fillers"))
    homophones = phrases.table.get("letter_homophones", {})
    for letter, words in phrases.table["letters"].items():
        names = [words[0], *homophones.get(letter, [])]
        if body in {phrases.norm(n) for n in names}:
            return letter
    return None


def letter_doubt(text: str, context: Context, phrases: Phrases, confusable: dict) -> tuple[str, str] | None:
    """(heard letter, the letter it may really have been) when ``text`` is a lone letter
    with a confusable partner still open; else None. ``confusable`` is the locale's
    ``confusable_letters``: letter -> the letters it is mixed up with, most often first."""
    letter = lone_letter(text, phrases)
    if letter is None or letter not in context.options:
        return None
    partner = next((p for p in confusable.get(letter, []) if p in context.options), None)
    return (letter, partner) if partner else None
