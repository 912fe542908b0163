"""``voicehost kiosk``: the unattended booth's commands.

A minimal stand-in on the kiosk-scores branch: it registers only the nested
``scores`` command (``cli/kiosk_scores.py``); the kiosk-core branch's version,
which also runs the booth, replaces it.
"""

from __future__ import annotations

import argparse
import sys


def add_kiosk_command(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    kiosk = sub.add_parser("kiosk", help="the unattended booth: high scores",
                           description="The unattended booth's commands.")
    commands = kiosk.add_subparsers(dest="kiosk_command", metavar="COMMAND")
    from .kiosk_scores import add_command as add_scores_command
    add_scores_command(commands)
    kiosk.set_defaults(func=lambda args: _usage(kiosk))
    return kiosk


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2
