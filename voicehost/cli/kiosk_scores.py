"""``voicehost kiosk scores``: print, export (``--csv``) or clear (``--reset``) the high-score table.

``add_command(kiosk_subparsers)`` registers it under ``voicehost kiosk``. The
table is ``scores.sqlite3`` in the state folder: ``--state-dir``, else
``kiosk.state_dir`` of the settings (``--config``), else
``$XDG_STATE_HOME/voicehost`` (by default ``~/.local/state/voicehost``).
"""

from __future__ import annotations

import argparse
import csv
import sys
from datetime import date
from pathlib import Path

from ..config import load_settings
from ..game.editions import EDITIONS
from ..host.save import state_dir
from ..kiosk.names import shown
from ..kiosk.scores import EXPORT_COLUMNS, ScoreTable, StoredGame, table_path

EPILOG = """\
The printed table ranks each edition on its own (kronor and euros do not mix);
equal winnings share a place. --reset asks nothing: it clears and says what it
cleared (with --today only today's games).

--csv writes one row per question asked (a game with no questions: one row with
the question columns empty), with the columns
  game, started, ended, edition, player, winnings, ending,
  question_number, question_id, level, chosen, correct, lifelines
(started/ended: local time; ending: won, wrong, walked, idle, time_up or error;
chosen: A-D, empty when the player walked away or fell silent; correct: 1 or 0;
lifelines: fifty_fifty, phone, audience, separated by ;).

examples:
  voicehost kiosk scores --today
  voicehost kiosk scores --csv > scores.csv
  voicehost kiosk scores --today --reset
  voicehost kiosk scores --state-dir /var/lib/voicehost
"""

ENDINGS = {"won": "won it all", "wrong": "wrong answer", "walked": "walked away",
           "idle": "fell silent", "time_up": "time up", "error": "error"}
"""How each ending reads in the printed table."""


def add_command(kiosk_subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register ``scores`` under ``voicehost kiosk``."""
    p = kiosk_subparsers.add_parser(
        "scores", help="print, export or clear the high-score table",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Print the kiosk's high-score table, export it for a spreadsheet, or clear it.")
    p.add_argument("--today", action="store_true", help="only today's games")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--reset", action="store_true", help="clear the games (with --today: today's)")
    what.add_argument("--csv", action="store_true", help="write games and answers as CSV to standard output")
    p.add_argument("--top", type=_at_least_zero, default=20, metavar="N",
                   help="list the best N games of each edition (default 20; 0: all)")
    add_table_arguments(p)
    p.set_defaults(func=run_scores)
    return p


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """``--state-dir`` and ``--config``, which find the score table."""
    parser.add_argument("--state-dir", metavar="DIR",
                        help="folder of scores.sqlite3 (default: kiosk.state_dir, else ~/.local/state/voicehost)")
    parser.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS,
                        help="settings file (default: ./config.yaml when present)")


def kiosk_state_dir(args: argparse.Namespace) -> Path:
    """The kiosk's folder: --state-dir, else kiosk.state_dir, else the default state folder."""
    if getattr(args, "state_dir", None):
        return state_dir(args.state_dir)
    return state_dir(load_settings(getattr(args, "config", None)).kiosk.state_dir)


def score_table_path(args: argparse.Namespace) -> Path:
    """Where the score table is, in the kiosk's folder."""
    return table_path(kiosk_state_dir(args))


def run_scores(args: argparse.Namespace) -> int:
    path = score_table_path(args)
    day = date.today() if args.today else None
    if not path.exists():
        return _no_table(args, path)
    with ScoreTable.open(path) as table:
        if args.reset:
            cleared = table.reset(day)
            print(f"Cleared {_count(cleared.games, 'game')} and {_count(cleared.answers, 'answer')} "
                  f"({_when(day)}) from {path}.")
        elif args.csv:
            write_csv(table.export_rows(day))
        else:
            print(format_standings(table.standings(day), day, path, args.top), end="")
    return 0


def _no_table(args: argparse.Namespace, path: Path) -> int:
    if args.csv:
        write_csv([])
        print(f"No score table at {path} yet: only the header written.", file=sys.stderr)
    elif args.reset:
        print(f"Nothing to clear: no score table at {path}.")
    else:
        print(f"No games yet: no score table at {path} (the kiosk makes it with its first game).")
    return 0


def write_csv(rows) -> None:
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(EXPORT_COLUMNS)
    for (game, started, ended, edition, player, winnings, ending,
         number, question, level, chosen, correct, lifelines) in rows:
        out.writerow((game, _local(started), _local(ended), edition, shown(player), winnings, ending,
                      number, question, level, chosen or "", "" if correct is None else correct,
                      (lifelines or "").replace(",", ";")))


def format_standings(games: list[StoredGame], day: date | None, path: Path, top: int) -> str:
    """The printed table: one block per edition, best first, aligned plain text."""
    lines = [f"High scores, {_when(day)}, from {path}"]
    if not games:
        lines += ["", f"No games {'today' if day else 'yet'}."]
        return "\n".join(lines) + "\n"
    editions: dict[str, list[StoredGame]] = {}
    for g in games:
        editions.setdefault(g.game.edition, []).append(g)
    for edition, listed in editions.items():
        known = EDITIONS.get(edition)
        currency = f" ({known.currency})" if known else ""
        lines += ["", f"Edition {edition}{currency}: {_count(len(listed), 'game')}"]
        listed_now = listed[:top] if top > 0 else listed
        rows = [("Place", "Player", "Winnings", "Right", "Ending", "Played")]
        for g in listed_now:
            played = g.game.started.strftime("%H:%M" if day else "%Y-%m-%d %H:%M")
            rows.append((str(g.place), shown(g.game.player), f"{g.game.winnings:,}",
                         f"{g.right}/{g.questions}", ENDINGS.get(g.game.ending, g.game.ending), played))
        lines += _aligned(rows, right=(0, 2, 3))
        if len(listed_now) < len(listed):
            lines.append(f"  ... and {len(listed) - len(listed_now)} more (--top 0 lists them all)")
    return "\n".join(lines) + "\n"


def _aligned(rows: list[tuple[str, ...]], right: tuple[int, ...]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                             for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in rows]


def _local(stamp: str | None) -> str:
    """``2026-12-02T14:03:00+01:00`` as ``2026-12-02 14:03:00`` (local time, as recorded)."""
    return (stamp or "")[:19].replace("T", " ")


def _when(day: date | None) -> str:
    return f"today, {day.isoformat()}" if day else "all time"


def _at_least_zero(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of 0 or more")
    return int(text)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
