"""``voicehost recognize`` and ``voicehost demo``: the recogniser on files, and a whole simulated game."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

from ..config import load_settings
from ..game import commands as c
from ..game.editions import EDITIONS
from ..game.lifelines import REGISTRY
from ..host.grammar import grammar
from ..host.host_commands import HostCommand
from ..host.intents import Command, interpret
from ..host.moments import Context, Moment
from ..host.phrases import Phrases
from ..language.locale import Locale
from .arguments import at_least_one

RECOGNIZE_EPILOG = """examples:
  voicehost recognize says_b.wav
  voicehost recognize --state answer --options "Paris|London|Berlin|Madrid" *.wav
  voicehost recognize --state confirm yes.wav --engine pocketsphinx

One JSON object per file: the transcript, the confidence, the intent (null when
nothing was understood) and its fields.
"""
DEMO_EPILOG = """examples:
  voicehost demo                      # writes demo.wav and prints the transcript
  voicehost demo --out game.wav --seed 3 --rounds 2
  voicehost demo --players Ann --questions 20 --out sample.wav   # hear 20 questions read
"""
STATES = {"answer": Moment.ANSWER, "confirm": Moment.CONFIRM_ANSWER, "walk": Moment.CONFIRM_WALK,
          "vote": Moment.VOTE, "friend": Moment.PICK_FRIEND, "call": Moment.CALL,
          "count": Moment.COUNT}
"""``--state``: the moment a file is recognised at."""


def add_voice_commands(sub) -> None:
    r = sub.add_parser("recognize", help="recognise WAV files as the game would",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=RECOGNIZE_EPILOG,
                       description="Run the recogniser and the intent parser on WAV files.")
    r.add_argument("files", nargs="+", metavar="FILE.wav")
    r.add_argument("--lang", default=None, help="language (default: game.language)")
    r.add_argument("--engine", choices=("auto", "vosk", "pocketsphinx"), help="recognizer.engine")
    r.add_argument("--model", help="a Vosk model folder (recognizer.model)")
    r.add_argument("--state", choices=sorted(STATES), default="answer", help="what the game waits for")
    r.add_argument("--options", default="", help='the options, e.g. "Paris|London|Berlin|Madrid"')
    r.add_argument("--players", default="", help='names that may be picked, e.g. "Bo,Cy"')
    r.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS, help="settings file")
    r.set_defaults(func=run_recognize)

    d = sub.add_parser("demo", help="a whole simulated game with synthetic players",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=DEMO_EPILOG,
                       description="Simulated players answer in synthetic voices through the real "
                                   "recogniser; prints the transcript and writes the audio.")
    d.add_argument("--out", default="demo.wav", help="WAV file for the host and the players")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--players", default="Ann,Bo", help="comma-separated names (one to six)")
    d.add_argument("--rounds", type=int, default=1, help="rounds, 1-50 (as game.rounds)")
    d.add_argument("--questions", type=at_least_one, metavar="N",
                   help="stop after N questions (a sample)")
    d.add_argument("--edition", choices=tuple(EDITIONS), default="se")
    d.add_argument("--engine", choices=("auto", "vosk", "pocketsphinx"), help="recognizer.engine")
    d.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS, help="settings file")
    d.set_defaults(func=run_demo)


def _recognizer(args, settings, language: str):
    from ..speech.models import default_models_dir
    from ..speech.recognizers import make_recognizer
    r = settings.recognizer
    return make_recognizer(args.engine or r.engine, language, getattr(args, "model", None) or r.model,
                           default_models_dir(r.models_dir))


def run_recognize(args) -> int:
    from ..audio.wav import WavError
    from ..speech.listener import transcribe_file
    settings = load_settings(getattr(args, "config", None))
    language = args.lang or settings.game.language
    locale = Locale.load(language) if language == settings.game.language else Locale.load("en")
    phrases = Phrases.of(locale)
    options = dict(zip("ABCD", [o.strip() for o in args.options.split("|") if o.strip()]))
    players = tuple(p.strip() for p in args.players.split(",") if p.strip())
    context = Context(STATES[args.state], options, REGISTRY.names(), players)
    recognizer = _recognizer(args, settings, language)
    status = 0
    for path in args.files:
        try:
            transcript = transcribe_file(path, recognizer, grammar(context, phrases))
        except WavError as exc:
            print(json.dumps({"file": path, "error": str(exc)}))
            status = 1
            continue
        command = interpret(transcript.text, context, phrases) if transcript.text else None
        print(json.dumps({"file": path, "transcript": transcript.text,
                          "confidence": round(transcript.confidence, 3), "engine": recognizer.name,
                          **describe(command)}, ensure_ascii=False))
    return status


def describe(command: Command | None) -> dict:
    """An intent as JSON fields: its name and what it carries."""
    if command is None:
        return {"intent": None}
    fields = asdict(command)
    if isinstance(command, HostCommand):
        return {"intent": command.kind, **fields}
    names = {c.Answer: "answer", c.Confirm: "yes" if getattr(command, "yes", False) else "no",
             c.UseLifeline: "lifeline", c.WalkAway: "walk_away", c.PickFriend: "pick_friend",
             c.Vote: "vote", c.EndCall: "stop_clock"}
    if isinstance(command, c.Confirm):
        fields = {}
    return {"intent": names[type(command)], **fields}


def run_demo(args) -> int:
    from ..audio.file_sound_output import FileSoundOutput
    from ..game.editions import EDITIONS
    from ..game.engine import Game
    from ..game.rules import Rules
    from ..host.loop import Host, HostOptions
    from ..host.session import SetupError, deck_paths, load_questions, parse_players
    from ..speech.speaker import Speaker
    from ..testing.simulated_players import SimulatedPlayers
    from ..voice.open_devices import host_synthesizer
    from ..voice.spoken_output import SpokenOutput

    settings = load_settings(getattr(args, "config", None), {"game.rounds": args.rounds},
                             {"game.rounds": "--rounds"})
    players = parse_players(args.players)
    if not players:
        raise SetupError('the demo needs at least one simulated player: give names with '
                         '--players, e.g. --players "Ann,Bo".')
    locale = Locale.load(settings.game.language)
    edition = EDITIONS[args.edition]
    questions = load_questions(deck_paths(settings), settings.game.language, edition)
    game = Game(edition, players, questions, Rules(rounds=settings.game.rounds), args.seed)
    recognizer = _recognizer(args, settings, settings.game.language)
    speaker = Speaker(host_synthesizer(settings), FileSoundOutput(args.out))
    output = SpokenOutput(speaker, effects=settings.host.sounds, spoken=locale.speakable)
    voices = SimulatedPlayers(lambda: game, recognizer, seed=args.seed,
                              play_audio=lambda clip: speaker.play(clip), questions=args.questions)
    host = Host(game, locale, voices, output, seed=args.seed,
                options=HostOptions(min_confidence=settings.input.min_confidence))
    print(f"voicehost demo: {len(players)} simulated players, recogniser {recognizer.name}; "
          f"writing {args.out}", file=sys.stderr)
    try:
        host.run()
    finally:
        output.close()
    heard_right = sum(1 for _, said, got in voices.said if got and got.split() == said.lower().split())
    print(f"\nThe recogniser heard {heard_right} of {len(voices.said)} player lines word for word. "
          f"Audio: {Path(args.out).resolve()}")
    return 0
