"""The quizmaster: listens, understands, drives the game, and speaks.

The host owns no rules. Its loop is a small state machine: at each step it takes the
moment the dialogue stands at (the game's phase, or the host's own: a lifeline to
confirm), asks the player (``ask.Asker``: one listen, understood through the moments
table), and acts on what came of it: a game command goes to the ``Game`` (then the game
is saved, the events logged and told by the narrator), a host command is answered from
a table, and ``Unsure`` and ``Silence`` get the re-asks of ``reask.py``. Text mode, voice
mode, the kiosk and the tests differ only in the input, output and clock passed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..game import commands as c
from ..game.engine import Game
from ..game.turn import Phase
from ..language.locale import Locale
from . import host_commands as h
from .ask import Asker, Confidence, Outcome, Silence, Understood, Unsure
from .call import PhoneCall
from .event_log import EventLog
from .intents import interpret
from .moments import Context, Moment
from .narrator import Narrator
from .output import HostOutput
from .phrases import Phrases
from .player_input import Clock, EndOfInput, PlayerInput, Stop
from .question_readings import QuestionReadings
from .sound import Sound
from .reask import LOUD_NOISE_DB, LOUD_SNR_DB, WAIT_LISTEN_FACTOR, Misses, letter_doubt

LIFELINE_TRIES = 3
"""Listens for a yes or no to "Fifty-fifty, are you sure?" before the lifeline is kept."""
WHO_JOINED_TRIES = 2
"""Listens for who is on a phone that just joined before the phone chooses for itself."""


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


@dataclass(frozen=True)
class PendingAnswer:
    """How an answer now awaiting "yes" was heard, for a "no" to it."""

    doubt: tuple[str, str] | None = None
    """A lone letter heard, and the look-alike letter it may have been: after a "no", the
    host asks with both options' texts."""
    instead: h.HostCommand | None = None
    """The host command the answer sounds like ("repeat" for "Green"): done after a "no"."""


@dataclass
class PendingLifeline:
    """A heard lifeline, asked about ("Fifty-fifty, are you sure?") before it is spent."""

    name: str
    tries: int = 0


@dataclass
class PendingSeat:
    """A phone joined a game of numbered players: "Who is on the phone that just joined?"."""

    tries: int = 0


class Host:
    def __init__(self, game: Game, locale: Locale, player_input: PlayerInput, output: HostOutput,
                 *, options: HostOptions = HostOptions(), save: Callable[[Game], None] | None = None,
                 log: EventLog | None = None, clock: Clock | None = None, seed: int | None = None,
                 stop: Stop | None = None) -> None:
        self.game = game
        self.locale = locale
        self.input = player_input
        self.output = output
        self.options = options
        self.save = save or (lambda g: None)
        self.saving = save is not None
        self.log = log
        self.clock = clock or Clock()
        self.stop_flag = stop
        """True once the host should stop at the next listen (a kiosk shutting down); None:
        nothing stops it but the end of the game or of the input."""
        self.phrases = Phrases.of(locale)
        self.readings = QuestionReadings(locale)
        """How the deck's texts in the lines are said, and its options heard."""
        self.asker = Asker(player_input, self.phrases,
                           Confidence(options.min_confidence, options.yes_confidence))
        traits = player_input.traits
        key_map = traits.key_map
        self.narrator = Narrator(locale, game, seed, options.read_explanations,
                                 keyboard=traits.typed, hears=player_input.hears,
                                 keys=key_map.first_keys() if key_map else None,
                                 only_keys=traits.only_keys)
        n = self.narrator
        self.lines, self.prompts, self.reports, self.reasks = n.lines, n.prompts, n.reports, n.reasks
        self.misses = Misses(options.loud_snr_db, options.loud_noise_db)
        self.confusable = locale.data.get("confusable_letters", {})
        self.silences = 0
        """Silent listens in a row, for the silence re-prompts."""
        self.pending = PendingAnswer()
        self.lifeline: PendingLifeline | None = None
        self.call: PhoneCall | None = None
        self.seating: PendingSeat | None = None
        self.answers: dict[type, tuple[Callable[[], None], bool]] = {
            h.Repeat: (self.repeat, True), h.ReadOptions: (self.read_options, True),
            h.Balance: (self.balance, True), h.Help: (self.help, False),
            h.LifelinesLeft: (self.lifelines_left, True),
            h.Slower: (lambda: self.change_rate(-1, "slower"), True),
            h.Faster: (lambda: self.change_rate(+1, "faster"), True),
        }
        """How the host answers each spoken host command, and whether it then asks again
        what the game waits for."""

    # ------------------------------------------------------------------ speaking
    def say(self, items: list) -> None:
        self.output.upcoming([item for item in items if item and isinstance(item, str)])
        for item in items:
            if isinstance(item, Sound):
                self.output.sound(item.name)
            elif item:
                self.output.say(self.readings.line(item, self.game.question))

    def moment(self) -> Moment:
        """Where the dialogue stands: a lifeline being confirmed, or the game's phase."""
        if self.seating:
            return Moment.WHO_JOINED
        return Moment.CONFIRM_LIFELINE if self.lifeline else Moment.of(self.game.phase)

    def context(self) -> Context:
        moment = self.moment()
        if moment is Moment.CONFIRM_LIFELINE:
            return Context(moment)
        if moment is Moment.WHO_JOINED:
            return Context(moment, players=tuple(self.game.players))
        turn = self.game.turn()
        q = turn.question
        options = self.readings.options(q, turn.open_options) if q else {}
        return Context(moment, options, self.game.edition.lifelines, turn.friends)

    def stop(self) -> bool:
        return self.stop_flag is not None and self.stop_flag()

    def ask(self, timeout: float | None) -> Outcome:
        return self.asker.ask(self.context(), timeout, self.stop_flag)

    # ------------------------------------------------------------------ the loop
    def run(self, resumed: bool = False) -> int:
        """Play until the game is over, the input ends or ``stop()``; the game is saved
        throughout."""
        try:
            if resumed:
                self.say([self.lines.line("resumed")])
                self.recap()
            else:
                self.say(self.opening())
                self.act(None)
            self.loop()
        except EndOfInput:
            self.save(self.game)
            if self.saving and not self.game.over:
                self.say([self.lines.line("saved", command=self.options.resume_command)])
        return 0

    def opening(self) -> list:
        """What is said before the first question: the welcome and how to play."""
        return self.prompts.welcome()

    def recap(self) -> None:
        """After a resume: where we are, the question again, and what is asked."""
        game = self.game
        if game.over or game.question is None:
            return
        turn = game.turn()
        self.say([self.lines.line("question_fresh", player=turn.player, level=turn.level,
                                     value=self.lines.money(turn.value))])
        self.say(self.lines.question_text())
        if game.phase is Phase.CONFIRM_ANSWER and turn.pending:
            self.say([self.lines.keyed_line("pending", option=turn.pending,
                                               text=turn.question.option(turn.pending))])
        elif game.phase is Phase.CONFIRM_WALK:
            self.say([self.lines.keyed_line(
                "walk_pending", amount=self.lines.money_or_nothing(turn.walk_amount))])
        elif game.phase is Phase.VOTE:
            self.say([self.lines.line("vote_needed", voter=turn.speaker, player=turn.player)])
        elif game.phase is Phase.PICK_FRIEND:
            self.say([self.lines.line("pick_friend", player=turn.player,
                                         choices=self.locale.join(list(turn.friends), "or"))])
        else:
            self.say(self.narrator.prompt())

    def loop(self) -> None:
        """One step per listen, by the moment, until the game is over (or ``stop()``)."""
        steps = {Moment.CALL: self.call_step, Moment.CONFIRM_LIFELINE: self.lifeline_step,
                 Moment.WHO_JOINED: self.seat_step}
        while not self.game.over and not self.stop():
            self.sync_card_holders()
            steps.get(self.moment(), self.turn_step)()

    def sync_card_holders(self) -> None:
        """Tell the game who answers on a card display of their own (a phone) now, so at a
        table they are asked after the players who answer aloud. Without phones, nobody."""
        holders = tuple(p for p in self.game.players if p in self.input.card_holders())
        if holders != tuple(self.game.card_holders):
            self.game.apply(c.CardHolders(holders))
            self.save(self.game)

    def turn_step(self) -> None:
        """A turn: an answer, a "final answer?", a vote or a friend to pick is awaited."""
        context = self.context()
        outcome = self.ask(self._timeout())
        if isinstance(outcome, Silence):
            if not self.stop():
                self.say([self.prompts.silence(self.silences)])
                self.silences += 1
            return
        self.silences = 0
        if isinstance(outcome, Unsure):
            return self.missed(outcome)
        command = outcome.command
        if isinstance(command, h.Decoy):
            return  # talk, laughter, a cough: not for the host
        self.misses.understood()
        said_final = isinstance(command, c.Answer) and command.final and not outcome.typed
        if said_final:
            command = c.Answer(command.option)  # heard, not typed: still confirmed, briefly
        pending, self.pending = self.pending, PendingAnswer()
        if isinstance(command, c.Answer) and outcome.spoken:
            self.pending = PendingAnswer(
                letter_doubt(outcome.heard.text, context, self.phrases, self.confusable),
                self.command_instead(outcome.heard.text, context))
        declined = command == c.Confirm(yes=False) and context.moment is Moment.CONFIRM_ANSWER
        if isinstance(command, h.AskYes):
            self.say([self.prompts.ask_yes()])
            self.pending = pending  # a "no" after it still asks with both texts
        elif isinstance(command, h.HostCommand):
            self.answer(command)
        elif isinstance(command, c.UseLifeline) and not outcome.typed:
            self.confirm_lifeline(command)
        elif declined and pending.doubt:
            # A lone letter, declined: it may have been its look-alike. Ask with both texts.
            self.act(command, ask=[self.reasks.which_of_two(*pending.doubt)])
        elif declined and pending.instead:
            self.act(command, prompt=False)  # "Green?" "No." It was "repeat": do it now
            self.answer(pending.instead)
        else:
            self.act(command, said_final=said_final)

    def missed(self, outcome: Unsure) -> None:
        """Something was heard but not understood: ask again, differently each time in a
        row; in a loud room say so once; let a stray sound in a quiet room pass. After
        ``reask.REASK_TRIES`` misses in one moment ask another way, once, then wait quietly."""
        heard = outcome.heard
        reaction = self.misses.missed(heard, nothing_in_grammar=outcome.nothing_in_grammar,
                                      moment=self.turn_key())
        if reaction.kind == "loud":
            self.say([self.reasks.loud_room(keys=self.input.traits.keys)])
        elif reaction.kind == "reask":
            self.say([self.reasks.reask(reaction.count, outcome.doubtful)])
        elif reaction.kind == "change":
            self.say([self.reasks.change_approach(keys=self.input.traits.keys)])
        elif reaction.kind == "wait":
            self.say([self.reasks.wait()])
        elif heard.typed and not outcome.nothing_in_grammar:
            self.say([self.prompts.didnt_catch()])  # a typed line always gets an answer

    def turn_key(self) -> tuple:
        """What the game waits for, and from whom: misses count again from a new one."""
        turn = self.game.turn()
        question = self.game.question
        return (turn.phase, turn.speaker, question.id if question else None, turn.pending,
                tuple(turn.open_options))

    def command_instead(self, text: str, context: Context) -> h.HostCommand | None:
        """The host command ``text`` names when it was taken as an option that sounds like it."""
        heard_as = interpret(text, context, self.phrases, fuzzy=False, sound_alike=False)
        if isinstance(heard_as, h.HostCommand) and not isinstance(heard_as, (*h.QUIET, h.Quit)):
            return heard_as
        return None

    # ------------------------------------------------------------------ lifelines
    def confirm_lifeline(self, command: c.UseLifeline) -> None:
        """A lifeline is spent for good, so one that was heard rather than typed is confirmed
        first ("Fifty-fifty, are you sure?"), as an answer is. One the player no longer has
        is not asked about: the game says it is used up."""
        if not self.options.confirm_lifelines or command.lifeline not in self.game.turn().lifelines:
            return self.act(command)
        self.lifeline = PendingLifeline(command.lifeline)
        self.say([self.lines.keyed_line("lifeline_pending",
                                           lifeline=self.locale.lifeline(command.lifeline))])

    def lifeline_step(self) -> None:
        """A yes spends the lifeline; a no, or ``LIFELINE_TRIES`` listens without a yes,
        keeps it."""
        pending = self.lifeline
        lifeline = self.locale.lifeline(pending.name)
        outcome = self.ask(self._timeout())
        command = outcome.command if isinstance(outcome, Understood) else None
        if isinstance(command, c.Abandon):
            self.lifeline = None
            return self.act(command)
        if isinstance(command, c.Confirm):
            self.lifeline = None
            if command.yes:
                return self.act(c.UseLifeline(pending.name))
            return self.say([self.lines.line("lifeline_kept", lifeline=lifeline)])
        if isinstance(outcome, Silence) and self.stop():
            return
        if isinstance(command, h.AskYes):
            self.say([self.lines.line("ask_yes.confirm_lifeline", lifeline=lifeline)])
        elif not isinstance(command, h.Decoy):
            self.say([self.lines.keyed_line("didnt_catch", "confirm_lifeline", lifeline=lifeline)])
        pending.tries += 1
        if pending.tries >= LIFELINE_TRIES:
            self.lifeline = None
            self.say([self.lines.line("lifeline_kept", lifeline=lifeline)])

    # ------------------------------------------------------------------ a phone joins
    def ask_who_joined(self) -> None:
        """A phone joined and the players are numbered: ask aloud who is on it."""
        self.seating = PendingSeat()
        self.say([self.lines.line("who_joined", choices=self.locale.join(
            list(self.game.players), "or"))])

    def seat_step(self) -> None:
        """A name or a number seats the phone as that player; ``WHO_JOINED_TRIES`` listens
        without one let the phone choose from the list itself. The game then carries on."""
        pending = self.seating
        outcome = self.ask(self._timeout())
        command = outcome.command if isinstance(outcome, Understood) else None
        if isinstance(outcome, Silence) and self.stop() or isinstance(command, h.Decoy):
            return
        if isinstance(command, (c.Abandon, h.Quit)):
            self.seating = None
            self.input.seat(None)
            return self.act(command) if isinstance(command, c.Abandon) else self.answer(command)
        if isinstance(command, h.SeatPhone):
            if self.input.seat(command.player):
                self.seating = None
                return self.say([self.lines.line("phone_seated", player=command.player),
                                 *self.prompts.ask_again()])
            self.say([self.lines.line("who_joined_taken", player=command.player)])
        pending.tries += 1
        if pending.tries >= WHO_JOINED_TRIES:
            self.seating = None
            self.input.seat(None)
            self.say([self.lines.line("who_joined_choose"), *self.prompts.ask_again()])
        elif not isinstance(command, h.SeatPhone):
            self.say([self.lines.line("who_joined_again", choices=self.locale.join(
                list(self.game.players), "or"))])

    # ------------------------------------------------------------------ the phone call
    def call_step(self) -> None:
        """The real-friend call: read the question for the friend, run the clock, mark the
        seconds left; "stop the clock" ends it (``call.py``)."""
        if self.call is None:
            self.call = PhoneCall.start(self)
        ended = self.call.step(self)
        if ended is not None:
            self.call = None
            self.act(ended)

    # ------------------------------------------------------------------ acting
    def _timeout(self) -> float | None:
        """How long to listen before a silence re-prompt; typed input waits as long as it takes.
        Once re-asking has changed approach, longer: the player is not rushed by the host."""
        if self.input.traits.typed:
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

    # ------------------------------------------------------------------ host commands
    def answer(self, command: h.HostCommand) -> None:
        """Answer a host command (balance, repeat, help...); then, unless help just said it,
        ask again what the game waits for (the pending answer's "Final answer?", the vote...)."""
        if isinstance(command, h.NotYet):
            return self.say([self.lines.line("not_yet")])
        if isinstance(command, h.Quit):
            raise EndOfInput()  # typed "quit": saved and stopped, as at the end of input
        if isinstance(command, h.WhoJoined):
            return self.ask_who_joined()
        do, ask_again = self.answers.get(type(command), (self.didnt_catch, False))
        do()
        if ask_again:
            self.say(self.prompts.ask_again())

    def repeat(self) -> None:
        if self.game.question is not None:
            self.say(self.lines.question_text())

    def read_options(self) -> None:
        self.say([self.lines.options_text()])

    def balance(self) -> None:
        self.say(self.reports.balance(self.game.turn().speaker))

    def help(self) -> None:
        self.say([self.prompts.help()])

    def lifelines_left(self) -> None:
        self.say([self.reports.lifelines_left()])

    def change_rate(self, sign: int, line: str) -> None:
        self.output.adjust_rate(sign * self.options.rate_step)
        self.say([self.lines.line(line)])

    def didnt_catch(self) -> None:
        self.say([self.prompts.didnt_catch()])
