"""What the host asks at each moment: after a host command, after silence, for help, for a
plain yes, after something it did not catch; and how the game opens.

Words only, through the game's ``Lines``: ``help`` says what may be done now and only
that (no used lifeline, no walking away before it is allowed).
"""

from __future__ import annotations

from ..game.turn import Phase
from .lines import Lines


class Prompts:
    def __init__(self, lines: Lines, keyboard: bool = False) -> None:
        self.lines = lines
        self.game = lines.game
        self.keyboard = keyboard
        """Answers are typed: help names the typed shortcuts too."""

    def still_thinking(self) -> str | None:
        """At a table waiting only for phones: how many are still thinking (never who has
        answered what); None when someone is asked aloud."""
        thinking = self.game.thinking()
        if not thinking or self.game.turn().guesses:
            return None
        one = "_one" if len(thinking) == 1 else ""
        return self.lines.line(f"still_thinking{one}", count=len(thinking))

    def ask_again(self) -> list[str]:
        """After a host command (balance, options, ...): ask again what the game waits for."""
        game, n = self.game, self.lines
        if game.over:
            return []
        turn = game.turn()
        if game.phase is Phase.CONFIRM_ANSWER and turn.pending:
            return [n.line("pending_again", option=turn.pending,
                           text=n.inline(turn.question.option(turn.pending)))]
        if game.phase is Phase.CONFIRM_WALK:
            return [n.line("walk_pending_again", amount=n.money_or_nothing(turn.walk_amount))]
        if game.phase is Phase.VOTE:
            return [n.line("vote_needed", voter=turn.speaker, player=turn.player)]
        if game.phase is Phase.PICK_FRIEND:
            return [n.line("pick_friend", player=turn.player, choices=n.join(list(turn.friends), "or"))]
        if game.phase is Phase.ANSWER:
            thinking = self.still_thinking()
            if thinking:
                return [thinking]
            if turn.guesses:
                return [n.line("prompt_guess", player=turn.player)]
            return [n.line("prompt_again", player=turn.player)]
        return []

    def silence(self, count: int) -> str:
        """The ``count``-th re-prompt (from 0) after silence in a row."""
        n, turn = self.lines, self.game.turn()
        variants = n.loc.data["lines"][n.keys.keyed("silence")]
        template = variants[count % len(variants)]
        lifelines = n.lifelines_text(turn.lifelines) if turn.lifelines else "-"
        thinking = self.still_thinking()
        if thinking:
            return thinking
        if self.game.phase is not Phase.ANSWER:
            # In turn: what may be said, the question again, a short nudge, the question again;
            # the long help comes back only every fourth time.
            again = self.ask_again() if count % 2 else []
            if again:
                return again[0]
            return self.help() if count % 4 == 0 else self.didnt_catch()
        if "{lifelines}" in template and not turn.lifelines:
            template = variants[0]
        return template.format(player=turn.player, options=n.options_text(),
                               lifelines=lifelines, **n.keys.fields())

    def help(self) -> str:
        """What may be said now, and only that: no used lifeline, no walking away before it is allowed."""
        n, turn = self.lines, self.game.turn()
        moment = "guess" if turn.phase is Phase.ANSWER and turn.guesses else turn.phase.value
        lifelines = (n.line("help_lifelines", lifelines=n.lifelines_text(turn.lifelines))
                     if turn.lifelines else "")
        walk = (n.line("help_walk" if turn.walk_amount else "help_walk_nothing",
                       amount=n.money(turn.walk_amount))
                if turn.can_walk and turn.phase is Phase.ANSWER else "")
        pending = turn.pending or ""
        typed = n.loc.line(f"help_typed.{moment}") if self.keyboard else ""
        if n.keys.active:
            typed = n.keys.help(moment, turn.lifelines, turn.can_walk)
            if n.keys.only_keys:  # what to press, not what to say
                return n.said(typed.strip())
        return n.line(f"help.{moment}", letters=n.letters_text(), lifelines_text=lifelines,
                      walk_text=walk, option=pending, amount=n.money_or_nothing(turn.walk_amount),
                      choices=n.join(list(turn.friends), "or"), typed=typed)

    def ask_yes(self) -> str:
        """A yes said another way ("final answer") was heard: ask for the plain yes that locks."""
        n, turn = self.lines, self.game.turn()
        return n.line(f"ask_yes.{turn.phase.value}", option=turn.pending or "",
                      amount=n.money_or_nothing(turn.walk_amount))

    def didnt_catch(self) -> str:
        n, turn = self.lines, self.game.turn()
        moment = turn.phase.value
        if turn.phase is Phase.ANSWER and not turn.lifelines:
            moment = "answer_no_lifeline"
        return n.keyed_line("didnt_catch", moment, choices=n.join(list(turn.friends), "or"),
                            letters=n.letters_text(), option=turn.pending or "")

    def welcome(self) -> list[str]:
        """The welcome, and how to answer."""
        n, g = self.lines, self.game
        top = n.money(g.ladder.top_prize)
        rounds = (n.line("rounds_text", rounds=g.rules.rounds, top=top) if g.rules.rounds > 1
                  else n.line("rounds_text_one", top=top))
        return [n.line("welcome", players=n.join(g.players), rounds_text=rounds),
                n.line(n.keys.how_to_play(), **n.keys.fields())]
