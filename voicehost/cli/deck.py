"""``voicehost deck check|import|stats|say``: the deck subcommands (``say`` in ``deck_say.py``).

The main CLI calls ``add_deck_commands(subparsers)``; each subcommand sets
``func=<handler(args) -> int>``. ``python -m voicehost.cli.deck check ...``
runs the same commands without the main CLI.

Exit status: 0 no errors (warnings allowed), 1 errors found (or rows left
out of an import), 2 bad usage or unreadable input.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
from pathlib import Path
from typing import Sequence

from ..questions.checks import FORMATS, check_report
from ..questions.deck import bundled_deck_paths, deck_files, read_deck_file
from ..questions.format import DeckError
from ..questions.importers import ImportFormatError, import_csv, import_opentdb, write_deck
from ..config import ConfigError
from ..kiosk.scores import ScoreError, ScoreTable
from ..questions.played import MARGIN, MIN_PLAYS, far_off_questions, format_played
from ..questions.stats import deck_stats, format_stats
from .arguments import at_least_one
from .deck_say import add_say_command, run_say
from .kiosk_scores import add_table_arguments, score_table_path
from ..invocation import command

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2

CHECK_EPILOG = """\
With no PATH the bundled decks are checked. A PATH may be a folder of *.yaml decks.
Errors (exit status 1) make a deck unusable or too small for the game asked for;
warnings (exit status 0) are worth a look: near-duplicates, uneven answer letters,
giveaways, options that sound alike, text too long to read aloud.

examples:
  voicehost deck check
  voicehost deck check my-quiz.yaml --players 4 --rounds 2 --format hot_seat
  voicehost deck check decks/ --errors-only
"""

IMPORT_EPILOG = """\
csv: UTF-8, header row with columns id (optional), level (or difficulty), question,
     a, b, c, d, answer (letter or the right option's text), explanation, tags
     (separated by ;), language. Levels are 1-15 or easy/medium/hard.
opentdb: a saved Open Trivia DB API response (https://opentdb.com/api.php?amount=50&type=multiple).

Good rows are written and bad ones listed (exit status 1); with --strict nothing is
written if any row is bad. The deck is written atomically: never half a file.

examples:
  voicehost deck import --format csv my-questions.csv --out decks/my-quiz.yaml
  voicehost deck import --format opentdb api.json --prefix otdb-film --strict
"""

STATS_EPILOG = """\
With no PATH the bundled decks are counted.

--played reads the kiosk's score table instead (see voicehost kiosk scores) and
lists, per level, the questions players find far easier or harder than their
level: asked at least --min-plays times, with a share of right answers at least
--margin points above or below that of the other questions asked at the same
level (counts shown as right/asked). PATH then only supplies the questions' text.

examples:
  voicehost deck stats
  voicehost deck stats my-quiz.yaml
  voicehost deck stats --played
  voicehost deck stats --played --min-plays 20 --margin 30 --state-dir /var/lib/voicehost
"""


def add_deck_commands(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register ``deck check``, ``deck import``, ``deck stats`` and ``deck say`` under ``subparsers``."""
    deck = subparsers.add_parser("deck", help="check, import and count question decks",
                                 description="Check, import and count question decks.")
    deck.set_defaults(func=lambda args: _usage(deck))
    _add_subcommands(deck.add_subparsers(dest="deck_command", metavar="{check,import,stats,say}"),
                     "voicehost deck")
    return deck


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m voicehost.cli.deck",
                                     description="Check, import and count question decks.")
    parser.set_defaults(func=lambda args: _usage(parser))
    _add_subcommands(parser.add_subparsers(dest="deck_command", metavar="{check,import,stats,say}"),
                     "python -m voicehost.cli.deck")
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        return EXIT_OK


def _add_subcommands(sub: argparse._SubParsersAction, prog: str) -> None:
    fmt = argparse.RawDescriptionHelpFormatter

    check = sub.add_parser("check", help="report errors and warnings in decks", formatter_class=fmt,
                           description="Report errors and warnings in question decks.",
                           epilog=CHECK_EPILOG.replace("voicehost deck", prog))
    check.add_argument("paths", nargs="*", metavar="PATH", help="deck files or folders (default: bundled decks)")
    check.add_argument("--players", type=at_least_one, default=1, metavar="N", help="players at the table (default 1)")
    check.add_argument("--rounds", type=at_least_one, default=3, metavar="N", help="rounds in a game (default 3)")
    check.add_argument("--format", choices=FORMATS, default="table",
                       help="table: players share each question; hot_seat: each climbs alone (default table)")
    check.add_argument("--language", metavar="CODE", help="check only questions in this language, e.g. en")
    check.add_argument("--errors-only", action="store_true", help="do not list warnings")
    check.set_defaults(func=run_check)

    imp = sub.add_parser("import", help="turn a CSV or Open Trivia DB file into a deck", formatter_class=fmt,
                         description="Turn a CSV file or an Open Trivia DB response into a YAML deck.",
                         epilog=IMPORT_EPILOG.replace("voicehost deck", prog))
    imp.add_argument("--format", choices=("csv", "opentdb"), required=True, help="what FILE holds")
    imp.add_argument("file", metavar="FILE", help="the file to import")
    imp.add_argument("--out", metavar="PATH", help="deck to write (default: FILE with .yaml)")
    imp.add_argument("--prefix", metavar="ID", help="id prefix for rows without an id (default: the deck's file name)")
    imp.add_argument("--language", default="en", metavar="CODE", help="language of the questions (default en)")
    imp.add_argument("--name", help="the deck's name (default: 'Imported from FILE')")
    imp.add_argument("--strict", action="store_true", help="write nothing if any row is bad")
    imp.add_argument("--force", action="store_true", help="replace the deck if it exists")
    imp.set_defaults(func=run_import)

    stats = sub.add_parser("stats", help="count questions per language, level, subject and answer letter",
                           formatter_class=fmt, description="Count what question decks hold.",
                           epilog=STATS_EPILOG.replace("voicehost deck", prog))
    stats.add_argument("paths", nargs="*", metavar="PATH", help="deck files or folders (default: bundled decks)")
    stats.add_argument("--played", action="store_true",
                       help="how players fared in the kiosk: questions far off their level")
    stats.add_argument("--min-plays", type=at_least_one, default=MIN_PLAYS, metavar="N",
                       help=f"with --played: judge questions asked at least N times (default {MIN_PLAYS})")
    stats.add_argument("--margin", type=_percent, default=MARGIN, metavar="POINTS",
                       help=f"with --played: percentage points off the level to list (default {MARGIN})")
    add_table_arguments(stats)
    stats.set_defaults(func=run_stats)

    add_say_command(sub, prog)
    sub.choices["say"].set_defaults(func=lambda args: run_say(args, _paths(args.paths)))


# --- handlers ------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> int:
    try:
        report = check_report(_paths(args.paths), args.players, args.rounds, args.format, args.language)
    except DeckError as exc:
        return _fail(exc, exc.fix)
    for f in report.findings:
        if f.severity == "warning" and args.errors_only:
            continue
        print(f)
        if f.severity == "error" and f.fix:
            print(f"    fix: {f.fix}")
    errors, warnings = len(report.errors), len(report.warnings)
    broken = ""
    if report.with_errors:
        verb = "has" if report.with_errors == 1 else "have"
        broken = f"; {_count(report.with_errors, 'question')} {verb} errors"
    print(f"{_count(errors, 'error')}, {_count(warnings, 'warning')} in "
          f"{_count(report.questions, 'question')} ({_count(report.files, 'file')}){broken}")
    return EXIT_ERRORS if errors else EXIT_OK


def run_import(args: argparse.Namespace) -> int:
    source = Path(args.file)
    out = Path(args.out) if args.out else source.with_suffix(".yaml")
    if out.exists() and out.resolve() == source.resolve():
        return _fail(f"{out}: would overwrite the file being imported", "choose another --out")
    if out.exists() and not args.force:
        return _fail(f"{out}: already exists; nothing written", "use --force to replace it, or another --out")
    prefix = args.prefix or re.sub(r"[^A-Za-z0-9]+", "-", out.stem).strip("-") or "q"
    try:
        if args.format == "csv":
            with open(source, encoding="utf-8", newline="") as handle:
                questions, problems = import_csv(handle, prefix=prefix, language=args.language)
        else:
            with open(source, "rb") as handle:
                questions, problems = import_opentdb(handle, prefix=prefix, language=args.language)
    except OSError as exc:
        return _fail(f"{source}: cannot read the file ({exc.strerror or exc})")
    except ImportFormatError as exc:
        return _fail(f"{source}: {exc.reason}", exc.fix)
    for p in problems:
        print(f"{source}: {p}")
    if problems and args.strict:
        print(f"nothing written (--strict): {_count(len(problems), 'bad row')}, "
              f"{_count(len(questions), 'good question')}")
        return EXIT_ERRORS
    if not questions:
        print("nothing written: no usable questions")
        return EXIT_ERRORS
    try:
        write_deck(out, questions, name=args.name or f"Imported from {source.name}", language=args.language,
                   comment=f"Imported by voicehost deck import from {source.name}. "
                           "Set checked: true once a question is fact-checked.")
    except DeckError as exc:
        return _fail(exc, exc.fix)
    left_out = f"; {_count(len(problems), 'row')} left out" if problems else ""
    print(f"wrote {_count(len(questions), 'question')} to {out}{left_out}")
    print(f"next: {command(f'deck check {shlex.quote(str(out))}')}")
    return EXIT_ERRORS if problems else EXIT_OK


def run_stats(args: argparse.Namespace) -> int:
    if args.played:
        return run_played(args)
    questions, bad = [], 0
    try:
        files = deck_files(_paths(args.paths)) if args.paths else _paths([])
        for path in files:
            found, problems = read_deck_file(path)
            for p in problems:
                print(f"{p.file}:{p.line}: error: {p.reason} [{p.code}]" if p.line else
                      f"{p.file}: error: {p.reason} [{p.code}]", file=sys.stderr)
            bad += len(problems)
            questions += found
    except DeckError as exc:
        return _fail(exc, exc.fix)
    print(format_stats(deck_stats(questions, files=len(files))), end="")
    if bad:
        print(f"{_count(bad, 'error')} in the decks: questions with errors are not counted "
              f"(see {command('deck check')})", file=sys.stderr)
        return EXIT_ERRORS
    return EXIT_OK


def run_played(args: argparse.Namespace) -> int:
    try:
        path = score_table_path(args)
        files = deck_files(_paths(args.paths)) if args.paths else _paths([])
        texts = {q.id: q.text for p in files for q in read_deck_file(p)[0]}
    except DeckError as exc:
        return _fail(exc, exc.fix)
    except ConfigError as exc:
        return _fail(exc)
    if not path.exists():
        print(format_played([], f"{path}, which does not exist yet (the kiosk makes it with its "
                            "first game)", args.min_plays, args.margin), end="")
        return EXIT_OK
    try:
        with ScoreTable.open(path) as table:
            plays = table.question_plays()
            source = f"{path} ({_count(table.count_games(), 'game')})"
    except ScoreError as exc:
        return _fail(exc.reason, exc.fix)
    print(format_played(far_off_questions(plays, args.min_plays, args.margin), source,
                        args.min_plays, args.margin, texts), end="")
    return EXIT_OK


# --- helpers -----------------------------------------------------------------------


def _paths(paths: list[str]) -> list[str]:
    """The paths given, or the bundled decks shown relative to the current folder when inside it."""
    if paths:
        return paths
    out = []
    for p in bundled_deck_paths():
        rel = os.path.relpath(p)
        out.append(rel if not rel.startswith("..") else str(p))
    return out


def _percent(text: str) -> int:
    value = at_least_one(text)
    if value > 100:
        raise argparse.ArgumentTypeError(f"must be at most 100 points, not {value}")
    return value


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _fail(message: object, fix: str = "") -> int:
    print(f"error: {message}", file=sys.stderr)
    if fix:
        print(f"    fix: {fix}", file=sys.stderr)
    return EXIT_USAGE


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
