"""The host's words: a small service that tells game events and says what is asked now.

``Narrator.tell(events)`` looks each event's teller up in its table (``tellers.py``,
keyed by event type) and returns the lines and sounds; ``prompt`` then asks what the game
waits for, once: when an event's line already asked (a rejection that says what to do),
it adds nothing. The words themselves come from the game's ``Lines`` (``lines.py``);
what the host asks at a moment from ``Prompts``, what it reports from ``Reports``, how it
asks again from ``ReaskLines``. Pure apart from a seeded random source that picks among
line variants; it never reveals the right answer before the reveal and never says the
same line twice in a row.
"""

from __future__ import annotations

from typing import Callable

from ..game import events as ev
from ..game.engine import Game
from ..game.turn import Phase
from ..language.locale import Locale
from .key_words import KeyWords
from .lines import Lines
from .prompts import Prompts
from .reask_lines import ReaskLines
from .reports import Reports
from .tellers import TELLERS, Teller


class Narrator:
    def __init__(self, locale: Locale, game: Game, seed: int | None = None,
                 read_explanations: bool = True, keyboard: bool = False,
                 hears: Callable[[str], bool] | None = None,
                 keys: dict[str, str] | None = None, only_keys: bool = False) -> None:
        self.game = game
        self.read_explanations = read_explanations
        self.lines = Lines(locale, game, seed, KeyWords(locale, keys, only_keys), hears)
        self.prompts = Prompts(self.lines, keyboard)
        self.reports = Reports(self.lines)
        self.reasks = ReaskLines(self.lines, self.prompts)
        self.tellers: dict[type[ev.Event], Teller] = dict(TELLERS)
        """How each type of event is told; the kiosk puts its own tellers here."""
        self.batch: list[ev.Event] = []
        """The events being told."""
        self.asked = None
        """The question on the table before the batch (the reveal may come after the next
        question is drawn)."""
        self.said_final = False
        """The player said "final answer" with the answer: its confirmation may be shorter."""
        self.prompted = False
        """A line of the batch already asked what to do: ``prompt`` adds nothing."""

    def tell(self, events: list[ev.Event], asked=None, said_final: bool = False) -> list:
        """Lines and sounds for a batch of events."""
        out: list = []
        self.batch, self.asked, self.prompted, self.said_final = events, asked, False, said_final
        for e in events:
            teller = self.teller(type(e))
            if teller:
                teller(self, e, out)
        return out

    def teller(self, kind: type) -> Teller | None:
        """The teller of ``kind``, or of the nearest of its bases that has one."""
        return next((self.tellers[k] for k in kind.__mro__ if k in self.tellers), None)

    def prompt(self) -> list[str]:
        """What to ask now that the events are told (empty when an event asked already)."""
        game, n = self.game, self.lines
        if game.over or game.phase is not Phase.ANSWER or self.prompted:
            return []
        thinking = self.prompts.still_thinking()
        if thinking:
            return [thinking]
        turn = game.turn()
        handed_over = any(isinstance(e, ev.QuestionAsked) and not e.fresh for e in self.batch)
        if turn.guesses:  # also handed back at the table, the others answered (TriesLast)
            return [n.line("prompt_guess", player=turn.player)]
        if handed_over:
            return [n.line("prompt_next_player", player=turn.player)]
        key = "prompt_answer" if turn.lifelines else "prompt_answer_no_lifeline"
        return [n.line(key, player=turn.player)]
