"""Argument types shared by the subcommands: a number out of range is argparse's usage
error (the usage, the argument and the problem; exit status 2), not a traceback later."""

from __future__ import annotations

import argparse


def at_least_one(text: str) -> int:
    """A whole number of 1 or more (a count: players, rounds, questions)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
