"""``voicehost kiosk``: the unattended booth (``voicehost.kiosk``), and its nested commands
(``scores`` from ``cli/kiosk_scores.py``, ``status`` from ``cli/kiosk_status.py``)."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..config import Settings, load_settings
from ..game.editions import EDITIONS
from ..host.session import SetupError, deck_paths
from ..language.locale import Locale, listed_languages
from .board import BoardWatch, close_board, open_board

if TYPE_CHECKING:
    from ..kiosk.heartbeat import Heartbeat

KIOSK_EPILOG = """examples:
  voicehost kiosk                          # listen when there is a microphone
  voicehost kiosk --input text             # typed: "play" starts a game, 1-4 answer
  voicehost kiosk --input keys             # answer buttons or a keypad: any answer key starts
  voicehost kiosk --edition de --seed 7
  printf 'play\\n1\\ny\\n' | voicehost kiosk --input text   # ends with the input, exit 0

Runs until SIGTERM, SIGHUP or SIGINT (Ctrl-C): the line being said is finished, the game
is recorded, and it exits 0. Settings: the kiosk section of config.yaml.
"""
FLAGS = {"input.mode": "--input", "game.edition": "--edition", "game.language": "--lang",
         "game.seed": "--seed", "display.address": "--display"}
NESTED = ("kiosk_scores", "kiosk_status")
"""Modules that add a nested command (``add_command(kiosk_subparsers)``), when present."""


def add_kiosk_command(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("kiosk", help="run an unattended booth: invite, play, reset, repeat",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=KIOSK_EPILOG,
                       description="An unattended booth: invites passers-by, hosts one hot-seat "
                                   "game at a time, announces the high scores, keeps running.")
    p.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS,
                   help="settings file (default: ./config.yaml when present)")
    p.add_argument("--input", choices=("auto", "voice", "text", "keys"),
                   help="how players answer (input.mode); keys: single key presses, see input.keys")
    p.add_argument("--edition", choices=tuple(EDITIONS), help="board-game edition (game.edition)")
    p.add_argument("--lang", choices=listed_languages(),
                   help="language of the host, the answers and the questions (game.language)")
    p.add_argument("--seed", type=int, metavar="N", help="repeatable games (game.seed)")
    p.add_argument("--mic-file", metavar="IN.wav", help="a WAV file stands in for the microphone")
    p.add_argument("--speaker-file", metavar="OUT.wav", help="write the host's speech to a WAV file")
    p.add_argument("--display", metavar="[HOST:]PORT",
                   help="show the booth on a web page: games, invitation, scores (display.address)")
    p.set_defaults(func=run_kiosk)
    nested = p.add_subparsers(dest="kiosk_command", metavar="COMMAND")
    for name in NESTED:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.{name}":
                raise
            continue
        module.add_command(nested)
    return p


def kiosk_settings(args: argparse.Namespace) -> Settings:
    overrides = {"input.mode": args.input, "game.edition": args.edition, "game.language": args.lang,
                 "game.seed": args.seed, "display.address": args.display}
    return load_settings(getattr(args, "config", None), overrides, FLAGS)


def kiosk_log(state_dir: Path) -> logging.Logger:
    """The rotating ``kiosk.log`` in the state folder, and standard error (the journal)."""
    from ..kiosk.logs import open_log
    log = open_log(state_dir)
    if not any(getattr(h, "kiosk_stderr", False) for h in log.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.kiosk_stderr = True
        handler.setFormatter(logging.Formatter("%(asctime)s voicehost kiosk: %(levelname)s %(message)s"))
        log.addHandler(handler)
    log.propagate = False
    return log


def open_kiosk_devices(args, settings: Settings, locale: Locale):
    """The booth's devices, as ``voicehost play`` opens them, except that in
    ``input.mode: auto`` typed answers are no fallback when standard input is not a
    terminal (a service's ``/dev/null``): nothing could ever start a game, so the missing
    microphone or speaker is an error the booth waits out (``Booth._open``)."""
    from .play import open_devices
    return open_devices(args, settings, locale,
                        typed_fallback=settings.input.mode != "auto" or _stdin_is_a_terminal())


def _stdin_is_a_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # closed
        return False


def kiosk_heartbeat(state_dir: Path, facts) -> "Heartbeat":
    """The heartbeat writing ``status.json`` in ``state_dir``, carrying on what the status
    there says about the runs before this one."""
    from ..kiosk.heartbeat import Heartbeat, local_now
    from ..kiosk.runs import History
    from ..kiosk.status import FILE_NAME, StatusFile
    path = state_dir / FILE_NAME
    return Heartbeat(StatusFile(path), facts, history=History.read(path, local_now()))


def run_kiosk(args: argparse.Namespace) -> int:
    """Run the booth, and write into its status file how the run ended (the exit status, the
    signal, the error). An error before the booth is ready is a failed start, recorded even
    when the settings cannot be read (then in the default state folder)."""
    from ..kiosk.booth import Booth
    from ..kiosk.decks import DeckSource
    from ..kiosk.score_file import KioskScores
    from ..kiosk.scores import ScoreError, table_path
    from ..host.player_input import Clock
    from ..kiosk.shutdown import StopSignals
    from ..kiosk.status import Facts
    from .main import exit_status

    signals = StopSignals()
    signals.install()  # from the start: a SIGHUP while setting up is a stop too
    heartbeat = scores = booth = board = None

    def facts() -> Facts:
        known = booth.facts() if booth else Facts(games_today=heartbeat.history.games_today)
        return replace(known, score_table=scores.note if scores else None)

    try:
        settings = kiosk_settings(args)
        locale = Locale.load(settings.game.language)
        path = table_path(settings.kiosk.state_dir)
        heartbeat = kiosk_heartbeat(path.parent, facts)
        heartbeat.starting()
        signals.on_stop = heartbeat.stopping
        log = kiosk_log(path.parent)
        decks = DeckSource(deck_paths(settings), settings.game.language, log,
                           edition=EDITIONS[settings.game.edition])
        try:
            scores = KioskScores.open(path, log=log, changed=heartbeat.changed)
        except ScoreError as exc:
            raise SetupError(f"{exc} Or choose another folder with kiosk.state_dir in config.yaml.") from None
        board = open_board(settings, locale, log)
        watch = BoardWatch(board, settings, locale, scores, log) if board else None
        devices = lambda: open_kiosk_devices(args, settings, locale)  # noqa: E731
        booth = Booth(settings, locale, watch.devices(devices) if watch else devices, scores,
                      decks, log=log, clock=Clock(), signals=signals, heartbeat=heartbeat,
                      ready=heartbeat.ready, waiting=heartbeat.waiting, changed=heartbeat.changed,
                      watch=watch)
        code = booth.run()
    except BaseException as exc:
        heartbeat = heartbeat or kiosk_heartbeat(table_path(None).parent, facts)
        heartbeat.end(exit_status(exc), signal=signals.name, error=exc)
        raise
    else:
        heartbeat.end(code, signal=signals.name)  # with the games of the day, as it leaves them
        return code
    finally:
        close_board(board)
        if scores:
            scores.close()
