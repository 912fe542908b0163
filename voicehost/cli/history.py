"""``voicehost history``: how much of each level the memory of questions asked has used,
and ``--reset`` to start every level over.

The memory is ``history.sqlite3`` in the state folder (``--state-dir``, else
``kiosk.state_dir`` of the settings, else ``$XDG_STATE_HOME/voicehost``, by default
``~/.local/state/voicehost``); the levels are those of the decks games are played
with (``game.decks``, else the bundled decks).
"""

from __future__ import annotations

import argparse
from collections import Counter

from ..config import load_settings
from ..host.history import QuestionHistory, history_path
from ..host.session import deck_paths
from ..questions.deck import load_decks
from .kiosk_scores import add_table_arguments, kiosk_state_dir
from ..invocation import command

EPILOG = """\
Each game draws the questions not yet asked on this machine first, per language
(voicehost play and voicehost kiosk share the memory); a level starts over once all of
its questions have been asked. A seeded game (--seed) neither reads nor adds to it, and
game.fresh_questions: false turns it off.

examples:
  voicehost history
  voicehost history --lang sv
  voicehost history --reset            # every language starts over
  voicehost history --reset --lang de  # only German
"""


def add_history_command(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("history", help="how much of each level has been asked; --reset starts over",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
                       description="Show the memory of questions asked on this machine, or clear it.")
    p.add_argument("--lang", metavar="CODE", help="only this language, e.g. en")
    p.add_argument("--reset", action="store_true", help="forget the questions asked (with --lang: in it)")
    add_table_arguments(p)
    p.set_defaults(func=run_history)
    return p


def run_history(args: argparse.Namespace) -> int:
    path = history_path(kiosk_state_dir(args))
    history = QuestionHistory(path)
    if args.reset:
        forgotten = history.forget(args.lang)
        which = f"in {args.lang}" if args.lang else "in every language"
        print(f"Forgot {_count(forgotten, 'question')} asked ({which}) from {path}; "
              "every level starts over.")
        return 0
    asked = history.counts()
    settings = load_settings(getattr(args, "config", None))
    paths = deck_paths(settings)
    questions = [q for q in load_decks(paths) if args.lang in (None, q.language)]
    print(format_history(questions, asked, str(path)), end="")
    return 0


def format_history(questions, asked: dict[str, set[str]], where: str) -> str:
    """A table: per level, the questions asked of those the decks hold, per language."""
    languages = sorted({q.language for q in questions})
    totals = {lang: Counter(q.level for q in questions if q.language == lang) for lang in languages}
    used = {lang: Counter(q.level for q in questions if q.language == lang
                          and q.id in asked.get(lang, ())) for lang in languages}
    lines = [f"Questions asked on this machine, from {where}"]
    if not languages:
        return "\n".join(lines + ["", "The decks have no questions in that language."]) + "\n"
    lines += ["", "Level  " + "  ".join(f"{lang:>12}" for lang in languages)]
    for level in sorted({q.level for q in questions}):
        lines.append(f"{level:>5}  " + "  ".join(
            f"{f'{used[lang][level]} of {totals[lang][level]}':>12}" for lang in languages))
    lines.append(f"{'all':>5}  " + "  ".join(
        f"{f'{sum(used[lang].values())} of {sum(totals[lang].values())}':>12}" for lang in languages))
    lines += ["", "A level starts over once every question of it has been asked "
              f"({command('history --reset')}: all now)."]
    return "\n".join(lines) + "\n"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
