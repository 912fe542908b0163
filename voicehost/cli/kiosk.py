"""``voicehost kiosk``: the unattended booth, and its ``status`` subcommand.

A stand-in until the kiosk session lands (branch kiosk-core replaces this
file): it registers the ``kiosk`` command and the subcommands whose modules
exist (``kiosk_status.py``, ``kiosk_scores.py``).
"""

from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMAND_MODULES = ("kiosk_status", "kiosk_scores")


def add_kiosk_command(sub) -> argparse.ArgumentParser:
    kiosk = sub.add_parser("kiosk", help="run an unattended booth; check on it",
                           description="Run voicehost as an unattended booth, and check on it.")
    kiosk.set_defaults(func=lambda args: _usage(kiosk))
    kiosk_subparsers = kiosk.add_subparsers(dest="kiosk_command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.{name}":
                raise
            continue
        module.add_command(kiosk_subparsers)
    return kiosk


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2
