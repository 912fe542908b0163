"""``voicehost play``: set up the input and output, the players and the game, then host it."""

from __future__ import annotations

import argparse
import shlex
import sys

from ..config import Settings, load_settings
from ..game.editions import EDITIONS
from ..host import session
from ..host.event_log import EventLog, EventLogs
from ..host.loop import Host, HostOptions
from ..terminal.screen import ScreenOutput
from ..host.player_input import EndOfInput
from ..invocation import program
from ..terminal.keyboard import KeyboardInput
from ..host.save import SaveStore
from ..language.locale import Locale, listed_languages
from .board import close_board, open_board
from .phones import open_phones, phones_display

PLAY_EPILOG = """examples:
  voicehost play                                  # listen when there is a microphone
  voicehost play --input text --players "Ann,Bo"  # type the answers
  voicehost play --edition de --format hot_seat --rounds 1 --seed 7
  voicehost play --resume                          # carry on after a crash or Ctrl-C
  voicehost play --mic-file answers.wav --speaker-file host.wav
  voicehost play --input keys                      # a numeric keypad or answer buttons
  voicehost play --family                          # levels 1-8 from the family set first

Typed or spoken, the same words work: b, answer b, london, fifty fifty,
ask the audience, phone a friend, walk away, final answer, yes, no,
repeat, options, balance, lifelines, help. Typed only: y, n, 1-4 for A-D,
quit (save and stop). Keys (--input keys, no Enter needed): 1-4 or a-d answer,
5/f fifty-fifty, 6/p phone, 7/u audience, 0/w walk away, Enter/space yes,
Escape/Backspace no, r repeat, o options, m balance, l lifelines, -/+ slower/faster,
h help (input.keys in config.yaml changes them).
"""


def add_play_command(sub) -> None:
    p = sub.add_parser("play", help="host a game", formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Host a game of Who Wants to Be a Millionaire.", epilog=PLAY_EPILOG)
    p.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS,
                   help="settings file (default: ./config.yaml when present)")
    p.add_argument("--input", choices=("auto", "voice", "text", "keys"),
                   help="how players answer (input.mode); keys: single key presses, see input.keys")
    p.add_argument("--edition", choices=tuple(EDITIONS), help="board-game edition (game.edition)")
    p.add_argument("--lang", choices=listed_languages(),
                   help="language of the host, the answers and the questions (game.language)")
    p.add_argument("--format", choices=("auto", "table", "hot_seat"), help="game.format")
    p.add_argument("--players", metavar="NAMES", help='comma-separated names, e.g. "Ann,Bo,Cy"')
    p.add_argument("--rounds", type=int, metavar="N", help="game.rounds")
    p.add_argument("--seed", type=int, metavar="N", help="repeatable game (game.seed)")
    p.add_argument("--phone", choices=("table", "real"), help="phone-a-friend variant (lifelines.phone)")
    p.add_argument("--no-confirm", action="store_true", help="lock answers without 'final answer?'")
    p.add_argument("--family", action="store_true",
                   help="levels 1-8: questions tagged family first (game.family)")
    p.add_argument("--events", metavar="FILE", help="append every game event as a JSON line")
    p.add_argument("--save-file", metavar="FILE", help="where the game is saved (game.save_file)")
    p.add_argument("--resume", action="store_true", help="continue the saved game")
    p.add_argument("--mic-file", metavar="IN.wav", help="a WAV file stands in for the microphone")
    p.add_argument("--speaker-file", metavar="OUT.wav", help="write the host's speech to a WAV file")
    p.add_argument("--display", metavar="[HOST:]PORT",
                   help="show the game live on a web page, e.g. 8080 (display.address)")
    p.add_argument("--phones", action="store_true",
                   help="players' phones as secret card displays; listens on the local network "
                        "(display.phones, docs/phones.md)")
    p.set_defaults(func=run_play)


FLAGS = {
    "input.mode": "--input", "game.edition": "--edition", "game.language": "--lang",
    "game.format": "--format",
    "game.rounds": "--rounds", "game.seed": "--seed", "lifelines.phone": "--phone",
    "game.save_file": "--save-file", "game.players": "--players",
    "game.confirm_answers": "--no-confirm", "display.address": "--display",
    "game.family": "--family", "display.phones": "--phones",
}
"""The flags of ``voicehost play`` that override a config key, by key."""


def play_settings(args: argparse.Namespace) -> Settings:
    overrides = {
        "input.mode": args.input, "game.edition": args.edition, "game.language": args.lang,
        "game.format": args.format,
        "game.rounds": args.rounds, "game.seed": args.seed, "lifelines.phone": args.phone,
        "game.save_file": args.save_file,
        "game.players": named_players(args.players),
        "game.confirm_answers": False if args.no_confirm else None,
        "display.address": args.display,
        "game.family": True if args.family else None,
        "display.phones": True if getattr(args, "phones", False) else None,
    }
    return phones_display(load_settings(getattr(args, "config", None), overrides, FLAGS))


def named_players(text: str | None) -> list[str] | None:
    """The names ``--players`` gives (None: the flag was not given). A value that names
    nobody (``""``, ``",,"``) is refused, not taken as "ask how many"."""
    if text is None:
        return None
    names = session.parse_players(text)
    if not names:
        raise session.SetupError(
            f"--players {shlex.quote(text)} names no player. Give the names separated by commas "
            "(--players \"Ann,Bo\"), or leave --players out and the host asks how many play.")
    return names


def run_play(args: argparse.Namespace) -> int:
    settings = play_settings(args)
    locale = Locale.load(settings.game.language)
    board = open_board(settings, locale)
    try:
        player_input, output = open_devices(args, settings, locale)
    except BaseException:
        close_board(board)
        raise
    phones = open_phones(settings, board, locale)
    if phones:
        player_input = phones.devices(player_input)
    if board:
        player_input, output = board.watch(player_input, output)
    if player_input.traits.confirm_everything:
        settings = session.confirm_everything(settings)
    try:
        return host_game(args, settings, locale, player_input, output, board, phones)
    finally:
        player_input.close()
        output.close()
        close_board(board)


def open_devices(args, settings: Settings, locale: Locale, typed_fallback: bool = True):
    """Text mode: the keyboard and the terminal. Voice mode: see ``voicehost.voice.open_devices``
    (``typed_fallback``: whether ``input.mode: auto`` may fall back to typed answers)."""
    mode = settings.input.mode
    if mode == "text" and not (args.mic_file or args.speaker_file):
        return KeyboardInput(), ScreenOutput()
    from ..voice.open_devices import open_voice_devices
    return open_voice_devices(args, settings, locale, typed_fallback)


RESUME_IGNORES = (("edition", "--edition"), ("format", "--format"), ("players", "--players"),
                  ("rounds", "--rounds"), ("seed", "--seed"), ("phone", "--phone"),
                  ("no_confirm", "--no-confirm"), ("family", "--family"))
"""Flags that set up a new game; a resumed game keeps its own edition, players and rules."""


def command_line(args, *, resume: bool, save_file: str | None = None) -> str:
    """The command that starts (or, with ``resume``, resumes) this game: the flags given,
    with ``--config`` and ``--save-file`` so it finds the same settings and save."""
    words = ["play"] + (["--resume"] if resume else [])
    config = getattr(args, "config", None)
    if config:
        words += ["--config", config]
    save_file = save_file or args.save_file
    if save_file:
        words += ["--save-file", save_file]
    if args.input:
        words += ["--input", args.input]
    if getattr(args, "lang", None):
        words += ["--lang", args.lang]
    if not resume:
        for dest, flag in RESUME_IGNORES:
            value = getattr(args, dest)
            if value is True:
                words.append(flag)
            elif value not in (None, False):
                words += [flag, str(value)]
    return f"{program()} {shlex.join(words)}"


def ignored_on_resume(args) -> list[str]:
    """The flags given that a resume ignores, as they were given."""
    out = []
    for dest, flag in RESUME_IGNORES:
        value = getattr(args, dest)
        if value is True:
            out.append(flag)
        elif value not in (None, False):
            out.append(f"{flag} {shlex.quote(str(value))}")
    return out


def host_game(args, settings: Settings, locale: Locale, player_input, output, board=None,
              phones=None) -> int:
    """Set the game up, checking everything that can fail first; an unfinished saved game
    is moved aside only once a new game really starts. ``board``: the game board, if any
    (``cli/board.py``), shown the game and told its events."""
    store = SaveStore(settings.game.save_file)
    resume_here = command_line(args, resume=True)
    saved, note = session.resume(store) if args.resume else (None, "")
    if note:
        print(note, file=sys.stderr)
    if saved:
        game, paths, language = saved.game, saved.paths, saved.language
        draws = session.draws(settings, saved.questions, language, memory_trouble)  # records
        if language != locale.code:
            raise session.SetupError(
                f"the saved game is played in {language!r}, not {locale.code!r}; resume it with "
                f"--lang {language}, or leave out --resume to start a new game.")
        ignored = ignored_on_resume(args)
        if ignored:
            print(f"voicehost: {locale.line('resume_ignored', flags=', '.join(ignored))}",
                  file=sys.stderr)
    else:
        paths, language = session.deck_paths(settings), settings.game.language
        questions = session.load_questions(paths, language, EDITIONS[settings.game.edition])
        players = session.parse_players(settings.game.players)
        session.check_writable(store)
    log = open_event_log(args.events)
    if not saved:
        if not players:
            try:
                players = session.ask_player_count(player_input, output, locale,
                                                   settings.input.silence_seconds)
            except (EndOfInput, KeyboardInterrupt):
                if log:
                    log.close()
                output.say(locale.line("not_started", command=command_line(args, resume=False)))
                return 0
        draws = session.draws(settings, questions, language, memory_trouble)
        game = session.new_game(settings, players, questions, draws.draw_first)
        kept = session.keep_unfinished(
            store, lambda path: command_line(args, resume=True, save_file=path), locale)
        if kept:
            print(kept, file=sys.stderr)
    options = HostOptions(silence_seconds=settings.input.silence_seconds,
                          min_confidence=settings.input.min_confidence,
                          read_explanations=settings.game.read_explanations,
                          confirm_lifelines=settings.input.confirm_lifelines,
                          resume_command=resume_here)
    if board:
        board.begin(game)
    if phones:
        phones.begin(game, store.path, saved is not None, output)
    host = Host(game, locale, player_input, output, options=options,
                save=session.save_function(store, paths, language),
                log=EventLogs(log, board, draws.recorder, phones.hub if phones else None),
                seed=settings.game.seed)
    if log and saved:
        log.write([{"event": "resumed", "round": game.round, "level": game.level}])
    try:
        return host.run(resumed=saved is not None)
    except KeyboardInterrupt:
        print(f"\nvoicehost: {locale.line('saved', command=resume_here)}", file=sys.stderr)
        return 130
    finally:
        if log:
            log.close()


def memory_trouble(text: str) -> None:
    """Trouble with the memory of questions asked: told on standard error, not to players."""
    print(f"voicehost: {text}", file=sys.stderr)


def open_event_log(path: str | None) -> EventLog | None:
    if not path:
        return None
    try:
        return EventLog(path)
    except OSError as exc:
        raise session.SetupError(f"cannot write the event log {path} ({exc.strerror or exc}). "
                                 "Give --events a file in a folder that exists and can be "
                                 "written; voicehost does not make folders for it.") from None
