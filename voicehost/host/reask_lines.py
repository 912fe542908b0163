"""The host's words when a player was not understood: re-asks, another way of asking,
a quiet "no rush", the loud-room line and "this or that?".

Words only, through the game's ``Lines`` (and ``Prompts`` for the moment's own "say
this" line); ``reask.py`` decides when each is said.
"""

from __future__ import annotations

from ..game.turn import Phase
from .lines import Lines
from .prompts import Prompts


class ReaskLines:
    def __init__(self, lines: Lines, prompts: Prompts) -> None:
        self.lines = lines
        self.prompts = prompts
        self.game = lines.game

    def reask(self, count: int, unsure: bool) -> str:
        """The ``count``-th re-ask in a row (from 1) after something heard was not understood.

        While an answer is awaited the re-asks go down ``reask_answer`` one by one, the
        first steering to the answer itself with one of the options as the example;
        elsewhere a first "not sure I heard that" when the recogniser was unsure, then the
        moment's own lines, which say what to answer and never repeat the line just said.
        """
        turn = self.game.turn()
        if turn.phase is not Phase.ANSWER or turn.guesses:
            return self.lines.line("not_sure_heard") if unsure and count == 1 else self.prompts.didnt_catch()
        variants = self.lines.loc.variants("reask_answer")
        template = variants[(count - 1) % len(variants)]
        example = self.example()
        if example is None and "{example}" in template:
            return self.prompts.didnt_catch()  # no option's text can be heard: letters and lifelines
        return self.lines.said(template.format(example=example, player=turn.player,
                                               letters=self.lines.letters_text(),
                                               options=self.lines.options_text()))

    def example(self) -> str | None:
        """The text of an open option to give as an example: a short one when there is one,
        and one the input can hear (None when it hears none)."""
        q = self.game.question
        texts = [t for t in (q.option(o) for o in self.game.open_options()) if self.lines.hears(t)]
        if not texts:
            return None
        short = [t for t in texts if len(t.split()) <= 2] or [min(texts, key=len)]
        return self.lines.rng.choice(short)

    def change_approach(self, keys: bool) -> str:
        """After ``reask.REASK_TRIES`` misses in a row: ask another way. While an answer is
        awaited, the open options' own texts (which the recogniser hears best; those it cannot
        hear by their letters), and the keys when there are some; at a yes/no moment, plainly
        what works; elsewhere the moment's own "say this" line."""
        turn = self.game.turn()
        if turn.phase is Phase.ANSWER:
            q = self.game.question
            open_ = self.game.open_options()
            heard = [o for o in open_ if self.lines.hears(q.option(o))]
            texts = self.lines.loc.join([q.option(o) for o in heard], "or")
            if not heard:
                line = self.lines.line("reask_change.letters", letters=self.lines.letters_text())
            elif len(heard) < len(open_):
                others = self.lines.loc.join([o for o in open_ if o not in heard], "or")
                line = self.lines.line("reask_change.texts_and_letters", texts=texts, letters=others)
            else:
                line = self.lines.line("reask_change.texts", texts=texts)
            return line + self.keys_offer("answer", keys)
        if turn.phase in (Phase.CONFIRM_ANSWER, Phase.CONFIRM_WALK):
            line = self.lines.line(f"reask_change.{turn.phase.value}", option=turn.pending or "")
            return line + self.keys_offer("confirm", keys)
        return self.prompts.didnt_catch()

    def keys_offer(self, moment: str, keys: bool) -> str:
        """" Or press its key: ..." for ``moment`` (answer, confirm): the keys of the key map
        when players have answer keys, the typed shortcuts when they type, else nothing."""
        if self.lines.keys.active:
            return self.lines.loc.line(f"reask_keys_pressed.{moment}", **self.lines.keys.fields())
        return self.lines.loc.line(f"reask_keys.{moment}") if keys else ""

    def wait(self) -> str:
        """Once the approach has changed: now and then a short "take your time"."""
        return self.lines.line("reask_wait")

    def loud_room(self, keys: bool) -> str:
        """The room is too loud to hear the players; with ``keys``, offer typing or the keys."""
        n = self.lines
        if n.keys.active:
            return n.line("loud_room") + n.loc.line("loud_room_pressed", **n.keys.fields())
        return n.line("loud_room") + (n.loc.line("loud_room_keys") if keys else "")

    def which_of_two(self, first: str, second: str) -> str:
        """After a "no" to a lone letter: ask with the texts of it and of the letter it may have been."""
        q = self.game.question
        return self.lines.line("which_of_two", first=q.option(first), second=q.option(second))
