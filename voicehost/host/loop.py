"""The quizmaster: listens, understands, drives the game, and speaks.

The host owns no rules. It asks the input for what a player said, turns it
into a command with ``intents.interpret``, applies it to the ``Game``, saves
and logs the events, and says what the narrator makes of them. Text mode,
voice mode and the tests differ only in the input and output passed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..game import commands as c
from ..game.engine import Game
from ..game.turn import Phase
from ..language.locale import Locale
from .event_log import EventLog
from .grammar import grammar
from .intents import QUIET, Context, Phrases, interpret
from .narrator import Narrator, Sound
from .output import HostOutput
from .player_input import Clock, EndOfInput, Heard, PlayerInput
from .reask import LOUD_NOISE_DB, LOUD_SNR_DB, WAIT_LISTEN_FACTOR, Misses, letter_doubt

CALL_MARKS = (20, 10, 5, 4, 3, 2, 1)
"""Seconds left at which the phone-a-friend timer speaks."""


@dataclass(frozen=True)
class HostOptions:
    silence_seconds: float = 10.0
    min_confidence: float = 0.7
    yes_confidence: float = 0.9
    """A spoken yes locks, spends or takes the money only at this recogniser confidence or
    above; a weaker one is asked again (bench/README.md has the measurements)."""
    read_explanations: bool = True
    rate_step: int = 20
    """Words per minute that "slower" and "faster" change."""
    confirm_lifelines: bool = True
    """Ask before using a lifeline that was heard: a misheard word must not spend one."""
    resume_command: str = "voicehost play --resume"
    """The command that carries on with this game, said when the input ends."""
    loud_snr_db: float = LOUD_SNR_DB
    """Speech less than this far above the room's noise (dB) means a loud room."""
    loud_noise_db: float = LOUD_NOISE_DB
    """A noise floor above this (dBFS) means a loud room."""


class Host:
    def __init__(self, game: Game, locale: Locale, player_input: PlayerInput, output: HostOutput,
                 *, options: HostOptions = HostOptions(), save: Callable[[Game], None] | None = None,
                 log: EventLog | None = None, clock: Clock | None = None, seed: int | None = None) -> None:
        self.game = game
        self.locale = locale
        self.input = player_input
        self.output = output
        self.options = options
        self.save = save or (lambda g: None)
        self.saving = save is not None
        self.log = log
        self.clock = clock or getattr(player_input, "clock", None) or Clock()
        self.phrases = Phrases(locale.phrases, locale.data["numbers"])
        key_map = player_input.key_map
        self.narrator = Narrator(locale, game, seed, options.read_explanations,
                                 keyboard=player_input.typed, hears=player_input.hears,
                                 keys=key_map.first_keys() if key_map else None,
                                 only_keys=player_input.only_keys)
        self.misses = Misses(options.loud_snr_db, options.loud_noise_db)
        self.confusable = locale.data.get("confusable_letters", {})
        self.doubt: tuple[str, str] | None = None
        """A lone letter heard as the pending answer, and the letter it may have been."""
        self.instead: str | None = None
        """A host command heard as the pending answer, whose option sounds like it
        ("repeat" for "Green"): carried out if the player declines the answer."""

    # ------------------------------------------------------------------ speaking
    def say(self, items: list) -> None:
        for item in items:
            if isinstance(item, Sound):
                self.output.sound(item.name)
            elif item:
                self.output.say(item)

    def context(self) -> Context:
        turn = self.game.turn()
        q = turn.question
        options = {o: q.option(o) for o in turn.open_options} if q else {}
        return Context(turn.phase.value, options, self.game.edition.lifelines, turn.friends)

    # ------------------------------------------------------------------ the loop
    def run(self, resumed: bool = False) -> int:
        """Play until the game is over or the input ends; the game is saved throughout."""
        try:
            if resumed:
                self.say([self.narrator.line("resumed")])
                self.recap()
            else:
                self.say(self.opening())
                self.act(None)
            self.loop()
        except EndOfInput:
            self.save(self.game)
            if self.saving and not self.game.over:
                self.say([self.narrator.line("saved", command=self.options.resume_command)])
        return 0

    def opening(self) -> list:
        """What is said before the first question: the welcome and how to play."""
        return self.narrator.welcome()

    def recap(self) -> None:
        """After a resume: where we are, the question again, and what is asked."""
        game = self.game
        if game.over or game.question is None:
            return
        turn = game.turn()
        self.say([self.narrator.line("question_fresh", player=turn.player, level=turn.level,
                                     value=self.narrator.money(turn.value))])
        self.say(self.narrator.question_text())
        if game.phase is Phase.CONFIRM_ANSWER and turn.pending:
            self.say([self.narrator.keyed_line("pending", option=turn.pending,
                                               text=turn.question.option(turn.pending))])
        elif game.phase is Phase.CONFIRM_WALK:
            self.say([self.narrator.keyed_line(
                "walk_pending", amount=self.narrator.money_or_nothing(turn.walk_amount))])
        elif game.phase is Phase.VOTE:
            self.say([self.narrator.line("vote_needed", voter=turn.speaker, player=turn.player)])
        elif game.phase is Phase.PICK_FRIEND:
            self.say([self.narrator.line("pick_friend", player=turn.player,
                                         choices=self.locale.join(list(turn.friends), "or"))])
        else:
            self.say(self.narrator.prompt())

    def loop(self) -> None:
        silences = 0
        while not self.game.over:
            if self.game.phase is Phase.CALL:
                self.run_call()
                continue
            context = self.context()
            heard = self.input.listen(context, grammar(context, self.phrases), self._timeout())
            if heard is None:
                self.say([self.narrator.silence(silences)])
                silences += 1
                continue
            silences = 0
            unsure = bool(heard.text.strip()) and heard.confidence < self.options.min_confidence
            command = (interpret(heard.text, context, self.phrases, fuzzy=heard.typed, typed=heard.typed)
                       if heard.text.strip() and not unsure else None)
            if command is None or self.weak_yes(command, heard):
                self.missed(heard, unsure)
                continue
            if command == c.HostCommand("decoy"):
                continue  # talk, laughter, a cough: not for the host
            self.misses.understood()
            said_final = isinstance(command, c.Answer) and command.final and not heard.typed
            if said_final:
                command = c.Answer(command.option)  # heard, not typed: still confirmed, briefly
            doubt, self.doubt = self.doubt, None
            instead, self.instead = self.instead, None
            if isinstance(command, c.Answer) and not (heard.typed or heard.pressed):
                self.doubt = letter_doubt(heard.text, context, self.phrases, self.confusable)
                self.instead = self.command_instead(heard.text, context)
            if command == c.HostCommand("not_yet"):
                self.say([self.narrator.line("not_yet")])
            elif command == c.HostCommand("ask_yes"):
                self.say([self.narrator.ask_yes()])
                self.doubt, self.instead = doubt, instead  # a "no" after it still asks with both texts
            elif command == c.HostCommand("quit"):
                raise EndOfInput()  # typed "quit": saved and stopped, as at the end of input
            elif isinstance(command, c.HostCommand):
                self.host_command(command.name)
            elif isinstance(command, c.UseLifeline) and not heard.typed:
                if self.lifeline_confirmed(command.lifeline):
                    self.act(command)
            elif command == c.Confirm(yes=False) and doubt and context.phase == "confirm_answer":
                # A lone letter, declined: it may have been its look-alike. Ask with both texts.
                self.act(command, ask=[self.narrator.which_of_two(*doubt)])
            elif command == c.Confirm(yes=False) and instead and context.phase == "confirm_answer":
                self.act(command, prompt=False)  # "Green?" "No." It was "repeat": do it now
                self.host_command(instead)
            else:
                self.act(command, said_final=said_final)

    def missed(self, heard: Heard, unsure: bool) -> None:
        """Something was heard but not understood: ask again, differently each time in a
        row; in a loud room say so once; let a stray sound in a quiet room pass. After
        ``reask.REASK_TRIES`` misses in one moment ask another way, once, then wait quietly."""
        reaction = self.misses.missed(heard, nothing_in_grammar=not heard.text.strip(),
                                      moment=self.moment())
        if reaction.kind == "loud":
            self.say([self.narrator.loud_room(keys=self.input.keys)])
        elif reaction.kind == "reask":
            self.say([self.narrator.reask(reaction.count, unsure)])
        elif reaction.kind == "change":
            self.say([self.narrator.change_approach(keys=self.input.keys)])
        elif reaction.kind == "wait":
            self.say([self.narrator.wait()])
        elif heard.typed and heard.text.strip():
            self.say([self.narrator.didnt_catch()])  # a typed line always gets an answer

    def moment(self) -> tuple:
        """What the game waits for, and from whom: misses count again from a new one."""
        turn = self.game.turn()
        question = self.game.question
        return (turn.phase, turn.speaker, question.id if question else None, turn.pending,
                tuple(turn.open_options))

    def command_instead(self, text: str, context: Context) -> str | None:
        """The host command ``text`` names when it was taken as an option that sounds like it."""
        heard_as = interpret(text, context, self.phrases, fuzzy=False, sound_alike=False)
        if isinstance(heard_as, c.HostCommand) and heard_as.name not in QUIET | {"quit"}:
            return heard_as.name
        return None

    def lifeline_confirmed(self, name: str) -> bool:
        """Ask "Fifty-fifty, are you sure?" and listen for yes or no (three tries).

        A lifeline is spent for good, so one that was heard rather than typed
        is confirmed first, as an answer is. One the player no longer has is
        not asked about: the game says it is used up.
        """
        if not self.options.confirm_lifelines or name not in self.game.turn().lifelines:
            return True
        context = Context("confirm_lifeline")
        lifeline = self.locale.lifeline(name)
        self.say([self.narrator.keyed_line("lifeline_pending", lifeline=lifeline)])
        for _ in range(3):
            heard = self.input.listen(context, grammar(context, self.phrases), self._timeout())
            understood = heard is not None and heard.confidence >= self.options.min_confidence
            command = (interpret(heard.text, context, self.phrases, fuzzy=heard.typed, typed=heard.typed)
                       if understood else None)
            if isinstance(command, c.Confirm) and not self.weak_yes(command, heard):
                if command.yes:
                    return True
                break
            if command == c.HostCommand("ask_yes"):
                self.say([self.narrator.line("ask_yes.confirm_lifeline", lifeline=lifeline)])
            elif command != c.HostCommand("decoy"):
                self.say([self.narrator.keyed_line("didnt_catch", "confirm_lifeline",
                                                   lifeline=lifeline)])
        self.say([self.narrator.line("lifeline_kept", lifeline=lifeline)])
        return False

    def weak_yes(self, command: c.Command, heard) -> bool:
        """A spoken yes heard with too little confidence to lock, spend or take anything."""
        return (command == c.Confirm(True) and not heard.typed
                and heard.confidence < self.options.yes_confidence)

    def _timeout(self) -> float | None:
        """How long to listen before a silence re-prompt; typed input waits as long as it takes.
        Once re-asking has changed approach, longer: the player is not rushed by the host."""
        if self.input.typed:
            return None
        factor = WAIT_LISTEN_FACTOR if self.misses.waiting else 1.0
        return self.options.silence_seconds * factor

    def act(self, command: c.GameCommand | None, ask: list[str] | None = None,
            said_final: bool = False, prompt: bool = True) -> None:
        """Apply a command (None: start the game), then save, log and tell what happened.
        ``ask`` replaces the usual prompt when the game then waits for an answer;
        ``said_final``: a heard "B, final answer", confirmed with a shorter question;
        ``prompt=False``: ask nothing (what follows asks)."""
        asked = self.game.question
        events = self.game.apply(command) if command else self.game.start()
        self.save(self.game)
        if self.log:
            self.log.write(events)
        self.say(self.narrator.tell(events, asked, said_final))
        if not prompt:
            return
        asking = self.narrator.prompt()
        self.say(ask if ask and asking else asking)

    def host_command(self, name: str) -> None:
        """Balance, repeat, help...; then, unless help just said it, ask again what the
        game waits for (the pending answer's "Final answer?", the vote, ...)."""
        n = self.narrator
        ask_again = True
        if name == "repeat":
            if self.game.question is not None:
                self.say(n.question_text())
        elif name == "options":
            self.say([n.options_text()])
        elif name == "balance":
            self.say(n.balance(self.game.turn().speaker))
        elif name == "help":
            self.say([n.help()])
            ask_again = False
        elif name == "lifelines":
            self.say([n.lifelines_left()])
        elif name in ("slower", "faster"):
            step = self.options.rate_step
            self.output.adjust_rate(step if name == "faster" else -step)
            self.say([n.line(name)])
        else:
            self.say([n.didnt_catch()])
            ask_again = False
        if ask_again:
            self.say(n.ask_again())

    # ------------------------------------------------------------------ phone timer
    def run_call(self) -> None:
        """The real-friend call: read the question for the friend, run the clock,
        mark 20 and 10 seconds, count down the last five; "stop the clock" ends it."""
        n, game = self.narrator, self.game
        seconds = game.rules.call_seconds
        self.say([n.line("call_start", question=game.question.text, options=n.options_text(),
                         seconds=seconds)])
        deadline = self.clock.now() + seconds
        marks = [m for m in CALL_MARKS if m < seconds]
        answered = False
        while True:
            left = deadline - self.clock.now()
            if left <= 0:
                break
            upcoming = [m for m in marks if m < left]
            next_mark = upcoming[0] if upcoming else 0
            context = self.context()
            heard = self.input.listen(context, grammar(context, self.phrases), left - next_mark)
            if heard is not None:
                command = interpret(heard.text, context, self.phrases, fuzzy=heard.typed, typed=heard.typed)
                if isinstance(command, c.EndCall):
                    answered = command.answered
                    break
                continue
            if next_mark:
                self.output.sound("tick")
                key = "call_mark" if next_mark >= 10 else "call_count"
                self.say([n.line(key, seconds=next_mark)])
        if not answered:
            self.output.sound("time_up")
            self.say([n.line("call_time_up")])
        self.act(c.EndCall(answered))
