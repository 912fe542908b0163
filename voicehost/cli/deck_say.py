"""``voicehost deck say ID [PATH ...]``: a question as the speech engine gets it.

Prints the spoken form of the question, its options A-D and its explanation, one per line,
exactly as the host hands them to the speech engine (``questions/spoken_question.py``:
the normaliser of the question's language, the locale's respellings and the deck's own
``say:``); ``--play`` also speaks them through the speaker ``voicehost play`` uses, in the
question's language, so a deck author can hear a reading before a player does.
"""

from __future__ import annotations

import argparse
import sys
from types import SimpleNamespace

from ..language.locale import LocaleError
from ..questions.deck import deck_files, read_deck_contents
from ..questions.format import DeckError
from ..questions.spoken_question import locale_of, spoken_question

SAY_EPILOG = """\
With no PATH the bundled decks are searched. Each line is what the speech engine gets:
the question, options A to D, then the explanation. A reading that is wrong is fixed in the
deck with "say:" (docs/decks.md), or for a name in every question with the locale's
pronunciation table.

examples:
  voicehost deck say en-L03-012
  voicehost deck say sv-L13-018 --play
  voicehost deck say de-L09-011 --play --speaker-file heinrich.wav
  voicehost deck say my-001 my-quiz.yaml
"""


def add_say_command(sub: argparse._SubParsersAction, prog: str) -> None:
    say = sub.add_parser("say", help="print (and with --play speak) a question as the host says it",
                         formatter_class=argparse.RawDescriptionHelpFormatter,
                         description="Print a question, its options and its explanation as the "
                                     "speech engine gets them, one per line.",
                         epilog=SAY_EPILOG.replace("voicehost deck", prog))
    say.add_argument("id", metavar="ID", help="the question's id")
    say.add_argument("paths", nargs="*", metavar="PATH", help="deck files or folders (default: bundled decks)")
    say.add_argument("--play", action="store_true", help="also speak each line through the host's speaker")
    say.add_argument("--speaker-file", metavar="OUT.wav",
                     help="with --play: write the speech to a WAV file instead of the speaker")
    say.set_defaults(func=run_say)


def run_say(args: argparse.Namespace, paths: list[str]) -> int:
    """Print the spoken lines of question ``args.id`` from ``paths``; 2 when it is not there,
    its language has no locale, or ``--play`` finds no speaker."""
    try:
        question = find_question(args.id, paths)
    except DeckError as exc:
        return fail(str(exc), exc.fix)
    if question is None:
        where = ", ".join(args.paths) if args.paths else "the bundled decks"
        return fail(f"no question with id {args.id!r} in {where}",
                    "check the id, or name the deck file it is in")
    locale = locale_of(question.language)
    if locale is None:
        return fail(f"{args.id}: no locale for its language {question.language!r}, so the host "
                    "cannot say it", "give the question a language voicehost speaks: en, sv or de")
    lines = [spoken for _, spoken in spoken_question(question, locale).parts()]
    for line in lines:
        print(line, flush=True)
    if args.play or args.speaker_file:
        return play(lines, question.language, getattr(args, "config", None), args.speaker_file)
    return 0


def find_question(question_id: str, paths: list[str]):
    """The question ``question_id`` of the deck files ``paths`` (loaded, so usable), or None."""
    for path in deck_files(paths):
        for q in read_deck_contents(path).questions:
            if q.id == question_id:
                return q
    return None


def play(lines: list[str], language: str, config: str | None, speaker_file: str | None = None) -> int:
    """Speak ``lines`` with the host's speaker and voice for ``language`` (or into
    ``speaker_file``)."""
    from ..config import ConfigError, load_settings
    from ..voice.open_devices import DeviceError, open_speaker

    try:
        settings = load_settings(config, {"game.language": language})
        speaker = open_speaker(SimpleNamespace(speaker_file=speaker_file, mic_file=None), settings)
    except (DeviceError, ConfigError, LocaleError) as exc:
        reason = str(exc).split(" Or play on screen only")[0]   # typing answers is not the way here
        return fail(f"--play found no speaker: {reason}",
                    "run without --play to print the lines only, or add --speaker-file OUT.wav")
    try:
        for line in lines:
            speaker.say(line)
    finally:
        speaker.close()
    return 0


def fail(message: str, fix: str = "") -> int:
    print(f"error: {message}", file=sys.stderr)
    if fix:
        print(f"    fix: {fix}", file=sys.stderr)
    return 2
