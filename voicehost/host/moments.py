"""The moments of the dialogue, and the one table that says, per moment, what to listen
for and how to understand it.

A ``Moment`` is where the dialogue stands: the game's own phases (an answer awaited, a
"final answer?", a vote...) and the host's (a lifeline to confirm, how many play, a kiosk
waiting for a player, a name for the high-score table). ``MOMENTS`` gives each a
``Hearing``: the phrase groups the recogniser listens for (``listening.py``) and the steps
that understand what was said (``understanding.py``), side by side, so the grammar
(``grammar.py``) and the parser (``intents.py``) read the same row and cannot drift apart.
Adding a moment is one row here (and its lines in the locale files).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Callable

from ..game.turn import Phase
from . import listening as hear
from . import understanding as step


class Moment(str, Enum):
    ANSWER = "answer"
    """A player's answer (or a lifeline, walking away, a host command) is awaited."""
    CONFIRM_ANSWER = "confirm_answer"
    """"B, London. Final answer?"."""
    CONFIRM_WALK = "confirm_walk"
    """"You would leave with 2,000 kronor. Take the money?"."""
    CONFIRM_LIFELINE = "confirm_lifeline"
    """"Fifty-fifty, are you sure?" (the host's own moment: the game waits for an answer)."""
    PICK_FRIEND = "pick_friend"
    """Which player to phone."""
    VOTE = "vote"
    """A player's vote card for the audience, or the friend's tip."""
    CALL = "call"
    """A real phone call is running: "stop the clock" ends it."""
    COUNT = "count"
    """How many play (no names were given)."""
    WHO_JOINED = "who_joined"
    """Who is on the phone that just joined (the players were numbered, not named)."""
    ATTRACT = "attract"
    """A kiosk waiting for a player: "let's play"."""
    NAME = "name"
    """A kiosk asking a typed name for its high-score table."""

    @classmethod
    def of(cls, phase: Phase) -> "Moment":
        """The moment of the game's phase."""
        return cls(phase.value)

    @property
    def kiosk_only(self) -> bool:
        """A moment of the kiosk's booth, not of a game (``voicehost play`` never meets it)."""
        return self in (Moment.ATTRACT, Moment.NAME)

    @property
    def confirms(self) -> bool:
        """A yes or no is awaited: a yes locks, spends or takes something."""
        return self in (Moment.CONFIRM_ANSWER, Moment.CONFIRM_WALK, Moment.CONFIRM_LIFELINE)


@dataclass(frozen=True)
class Context:
    """What the dialogue waits for now, as far as understanding speech is concerned."""

    moment: Moment = Moment.ANSWER
    options: dict[str, str] = field(default_factory=dict)
    """The options still open: letter -> text."""
    lifelines: tuple[str, ...] = ()
    """Every lifeline of the edition (used ones too, so the host can say so)."""
    players: tuple[str, ...] = ()
    """Names that may be said now (the friends to pick from)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "moment", Moment(self.moment))  # "vote" is Moment.VOTE


Listens = Callable[[Context, object], list[str]]
Understands = Callable[[step.Said], object]


@dataclass(frozen=True)
class Hearing:
    """What to listen for at a moment, and how to understand it."""

    listens: tuple[Listens, ...]
    """Phrase groups, joined into the grammar."""
    understands: tuple[Understands, ...]
    """Steps, tried in order; the first that understands wins."""
    sound_alike: bool = False
    """Heard (not typed), a command that sounds like an open option of one syllable
    ("repeat" while "Green" is open) is taken as that option, to be confirmed."""
    verbatim: bool = False
    """What was typed is taken as it is, not normalised (a name)."""
    pressed_is_typed: bool = False
    """A pressed key counts as typed: exactly what was meant, acted on at once (an answer
    key starts a kiosk's game)."""


ANSWERING = (hear.letters, hear.option_texts)
"""An answer may be given at a yes-or-no moment too: "B" instead of "yes"."""
COMMON = (step.decoy, step.hesitation_waits, step.host_command)
CONFIRMING = (step.decoy, step.hesitation_declines, step.host_command, step.confirmation,
              step.lifeline, step.walk_away, step.answer)
CONFIRM_ANSWER_OR_WALK = Hearing(
    listens=(hear.host_words, *ANSWERING, hear.confirm_words, hear.hesitations, hear.decoys),
    understands=CONFIRMING)

MOMENTS: dict[Moment, Hearing] = {
    Moment.ANSWER: Hearing(
        listens=(hear.host_words, *ANSWERING, hear.carried_answers, hear.walk_words,
                 hear.lifeline_words, hear.hesitations, hear.short_no, hear.decoys),
        understands=(*COMMON, step.lifeline, step.walk_away, step.answer, step.yes_no),
        sound_alike=True),
    Moment.CONFIRM_ANSWER: CONFIRM_ANSWER_OR_WALK,
    Moment.CONFIRM_WALK: CONFIRM_ANSWER_OR_WALK,
    Moment.CONFIRM_LIFELINE: Hearing(
        listens=(hear.host_words, hear.confirm_words, hear.hesitations, hear.decoys),
        understands=CONFIRMING),
    Moment.VOTE: Hearing(
        listens=(hear.host_words, hear.vote_letters, hear.option_texts, hear.hesitations,
                 hear.short_no, hear.decoys),
        understands=(*COMMON, step.vote_card)),
    Moment.PICK_FRIEND: Hearing(
        listens=(hear.host_words, hear.friend_names, hear.decoys),
        understands=(step.decoy, step.host_command, step.friend)),
    Moment.CALL: Hearing(
        listens=(hear.host_words, hear.call_words, hear.decoys),
        understands=(step.decoy, step.host_command, step.end_call)),
    Moment.COUNT: Hearing(
        listens=(hear.host_words, hear.counts, hear.decoys),
        understands=(step.decoy, step.host_command, step.player_count)),
    Moment.WHO_JOINED: Hearing(
        listens=(hear.host_words, hear.seat_names, hear.decoys),
        understands=(step.decoy, step.host_command, step.seat_phone)),
    Moment.ATTRACT: Hearing(
        listens=(hear.host_words, hear.start_words, hear.decoys),
        understands=(step.start, step.decoy, step.host_command), pressed_is_typed=True),
    Moment.NAME: Hearing(listens=(), understands=(step.typed_name,), verbatim=True),
}
