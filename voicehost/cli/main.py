"""The ``voicehost`` command line."""

from __future__ import annotations

import argparse
import os
import sys

from ..config import ConfigError, Settings, load_settings
from ..errors import FixableError
from ..host.session import SetupError
from ..language.locale import LocaleError
from ..questions.format import DeckError

EPILOG = """examples (installed with the README's set-up, the command is .venv/bin/voicehost):
  voicehost play --input text --players "Ann,Bo" --rounds 2
  voicehost play --resume
  voicehost deck check
  voicehost models download en
  voicehost voices download en
  voicehost kiosk --input text
  voicehost kiosk scores --today
  voicehost history
"""


class UsageError(Exception):
    """A problem the user can fix; printed without a traceback, exit status 2."""


EXPLAINED = (ConfigError, SetupError, LocaleError, UsageError, FixableError, DeckError)
"""Errors printed as one message, with exit status 2."""


def exit_status(exc: BaseException) -> int:
    """The exit status ``main`` gives for ``exc`` leaving a command."""
    if isinstance(exc, BrokenPipeError):
        return 1
    if isinstance(exc, EXPLAINED):
        return 2
    if isinstance(exc, KeyboardInterrupt):
        return 130
    if isinstance(exc, SystemExit):
        return exc.code if isinstance(exc.code, int) else 1
    return 1


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def version() -> str:
    """The installed version (pyproject.toml's), or "unknown" from a tree never installed."""
    from importlib.metadata import PackageNotFoundError, version as installed
    try:
        return installed("voicehost")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="voicehost", formatter_class=_formatter, epilog=EPILOG,
        description="An offline, voice-driven quizmaster for Who Wants to Be a Millionaire.")
    parser.add_argument("--config", metavar="PATH",
                        help="settings file (default: ./config.yaml when present)")
    parser.add_argument("--version", action="version", version=f"voicehost {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from . import play as play_cli
    play_cli.add_play_command(sub)
    from .deck import add_deck_commands
    add_deck_commands(sub)
    from .models import add_models_commands
    add_models_commands(sub)
    from .devices import add_devices_commands
    add_devices_commands(sub)
    from .voices import add_voices_commands
    add_voices_commands(sub)
    from .voice import add_voice_commands
    add_voice_commands(sub)
    from .kiosk import add_kiosk_command
    add_kiosk_command(sub)
    from .history import add_history_command
    add_history_command(sub)
    return parser


def settings_from(args: argparse.Namespace, overrides: dict | None = None) -> Settings:
    return load_settings(getattr(args, "config", None), overrides or {})


def tolerant_streams() -> None:
    """Text that the terminal's encoding cannot show (a typed name, a deck's word) is shown
    with a replacement character instead of ending the program, whatever the locale's
    strictness (``PYTHONIOENCODING=utf-8:strict``); typed input replaces bytes that are not
    text when it reads them (``terminal/line_reader.py``)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    tolerant_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return args.func(args) or 0
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except EXPLAINED as exc:  # settings, devices, voices, models, files: they carry their fix
        print(f"voicehost: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # a game in progress says how to resume it (cli/play.py)
        print("\nvoicehost: stopped.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
