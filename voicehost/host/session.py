"""Setting up a game from the settings: players, decks, rules, save and resume.

Everything here turns user-facing problems into ``SetupError`` with a
message that names the fix; ``cli/main.py`` prints it and exits with status 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from ..config import Settings
from ..game.editions import EDITIONS, Edition
from ..game.engine import Game, GameError
from ..game.question import Question
from ..game.rules import Rules
from ..language.locale import Locale
from ..questions.checks import level_ranges
from ..questions.deck import bundled_deck_paths, load_decks
from ..questions.format import DeckError
from . import host_commands as h
from .ask import Asker, Understood
from .draws import AskedRecorder, plan_draws
from .history import QuestionHistory, history_path
from .moments import Context, Moment
from .phrases import Phrases
from .output import HostOutput
from .player_input import EndOfInput, PlayerInput
from .save import SaveError, SaveStore
from ..invocation import command

MAX_PLAYERS = 6


class SetupError(Exception):
    """The game cannot start; the message says why and what to do."""


class UnfilledLevels(SetupError):
    """The decks leave levels of the ladder without a question (``levels``), so no game
    can be played from them."""

    def __init__(self, message: str, levels: list[int]) -> None:
        super().__init__(message)
        self.levels = levels


def rules_from(settings: Settings) -> Rules:
    g, lf = settings.game, settings.lifelines
    return Rules(
        format=None if g.format == "auto" else g.format, rounds=g.rounds,
        confirm_answers=g.confirm_answers, phone_mode=lf.phone, call_seconds=lf.call_seconds,
        two_player_rules=lf.two_player_rules, table_votes=lf.table_votes,
        human_audience_min=lf.human_audience_min,
    )


def deck_paths(settings: Settings) -> list[str]:
    return [str(p) for p in (settings.game.decks or bundled_deck_paths())]


def load_questions(paths: list[str], language: str,
                   edition: Edition | None = None) -> list[Question]:
    """The questions of the decks at ``paths`` in ``language``; with ``edition``, only if
    they fill a game of it (``check_fills_game``). Raises ``SetupError`` naming the fix."""
    try:
        deck = load_decks(paths)
    except DeckError as exc:
        raise SetupError(f"{exc}\nFix the deck ({command(f'deck check {exc.file}')} lists every "
                         "problem) or choose other decks with game.decks in config.yaml.") from None
    questions = [q for q in deck if q.language == language]
    if not questions:
        raise SetupError(f"the decks have no questions in language {language!r}: "
                         f"{', '.join(paths)}. Choose another language (--lang, or game.language in "
                         "config.yaml), or decks that have it (game.decks).")
    if edition is not None:
        check_fills_game(questions, edition, language, paths)
    return questions


def check_fills_game(questions: list[Question], edition: Edition, language: str,
                     paths: list[str]) -> None:
    """Raises ``UnfilledLevels`` naming the levels of ``edition``'s ladder no question fills.

    A game asks one question at every level. One a level is enough for any format and any
    number of rounds: the engine shuffles a level's questions again when it has asked
    them all (a repeat is announced), so only an empty level stops a game."""
    missing = edition.ladder.unfilled(q.level for q in questions)
    if missing:
        word = "level" if len(missing) == 1 else "levels"
        raise UnfilledLevels(
            f"the decks have no questions in language {language!r} at {word} "
            f"{level_ranges(missing)}: {', '.join(paths)}. A game of the {edition.code} edition "
            f"asks one question at each level from 1 to {edition.ladder.top}. Add questions at "
            f"{'that level' if len(missing) == 1 else 'those levels'} to a deck ({command('deck check')} "
            "shows what each level has), or choose decks that have them (game.decks in "
            "config.yaml).", missing)


def confirm_everything(settings: Settings) -> Settings:
    """The settings with every answer and every heard lifeline confirmed (a recogniser that
    is not held to the game's phrases)."""
    return replace(settings, game=replace(settings.game, confirm_answers=True),
                   input=replace(settings.input, confirm_lifelines=True))


@dataclass(frozen=True)
class Draws:
    """What a new game draws first (``Game(draw_first=)``, None: as it always did) and the
    event log that records what it asks in the memory (None: nothing is recorded)."""

    draw_first: dict[int, list[list[str]]] | None
    recorder: AskedRecorder | None


def remembers(settings: Settings) -> bool:
    """Whether games use the memory of questions asked: ``game.fresh_questions``, and not a
    seeded game (a seed repeats a game exactly, whatever was asked before it)."""
    return settings.game.fresh_questions and settings.game.seed is None


def draws(settings: Settings, questions: list[Question], language: str,
          note: Callable[[str], None], history: QuestionHistory | None = None) -> Draws:
    """The draws of a new game of ``questions``: the family set (``game.family``) and the
    memory of questions asked (``history``, by default the file in the state folder),
    both as ``host/draws.py`` says. Trouble with the memory is said through ``note``,
    once, and the game goes on."""
    remember = remembers(settings)
    if not (remember or settings.game.family):
        return Draws(None, None)
    if remember and history is None:
        history = QuestionHistory(history_path(settings.kiosk.state_dir), note)
    asked = history.asked(language) if remember else {}
    plan = plan_draws(questions, asked, settings.game.family)
    return Draws(plan.draw_first, AskedRecorder(history, language, plan.pools) if remember else None)


def new_game(settings: Settings, players: list[str], questions: list[Question],
             draw_first: dict[int, list[list[str]]] | None = None) -> Game:
    seed = settings.game.seed if settings.game.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        return Game(EDITIONS[settings.game.edition], players, questions, rules_from(settings), seed,
                    draw_first=draw_first)
    except GameError as exc:
        raise SetupError(f"cannot start the game: {exc}. Check the players (--players) and the "
                         f"decks ({command('deck check')}).") from None


def ask_player_count(player_input: PlayerInput, output: HostOutput, locale: Locale,
                     silence_seconds: float = 10.0) -> list[str]:
    """No players configured: ask how many play (one to six) and name them Player 1, Player 2...
    (in the locale's words: Spelare 1, Spieler 1). Anything else, or ``silence_seconds`` of
    silence (typed: no limit), asks again.

    Raises ``EndOfInput`` when the input ends (or "quit" is typed) before an answer."""
    asker = Asker(player_input, Phrases.of(locale))
    traits = player_input.traits
    typed = "_typed" if traits.typed and not traits.only_keys else ""
    output.say(locale.line(f"ask_player_count{typed}"))
    again = locale.variants(f"player_count_again{typed}")
    misses = 0
    while True:
        outcome = asker.ask(Context(Moment.COUNT), None if traits.typed else silence_seconds)
        command = outcome.command if isinstance(outcome, Understood) else None
        if isinstance(command, h.Quit):
            raise EndOfInput()
        if isinstance(command, h.PlayerCount):
            players = [locale.line("player_default", n=i) for i in range(1, command.count + 1)]
            one = "_one" if command.count == 1 else ""   # "One player: Player 1."
            output.say(locale.line(f"player_count_set{one}", count=command.count,
                                   players=locale.join(players)))
            return players
        output.say(again[misses % len(again)])
        misses += 1


def parse_players(text: str | tuple[str, ...] | list[str]) -> list[str]:
    names = [n.strip() for n in (text.split(",") if isinstance(text, str) else text) if n.strip()]
    if len(names) > MAX_PLAYERS:
        raise SetupError(f"{len(names)} players is too many; voicehost hosts one to {MAX_PLAYERS}.")
    if len({n.lower() for n in names}) != len(names):
        raise SetupError("two players have the same name; give each player a different name.")
    return names


@dataclass
class Saved:
    game: Game
    paths: list[str]
    language: str
    questions: list[Question]


def snapshot(game: Game, paths: list[str], language: str) -> dict:
    return {"kind": "game", "finished": game.over, "decks": paths, "language": language,
            "game": game.to_dict()}


def resume(store: SaveStore) -> tuple[Saved | None, str]:
    """The saved game and a note for the player (why nothing was resumed)."""
    try:
        data = store.load()
    except SaveError as exc:
        return None, f"The save file {exc.reason}; it was kept as {exc.kept}. Starting a new game."
    if data is None:
        return None, f"There is no saved game at {store.path}. Starting a new game."
    if data.get("finished"):
        return None, "The saved game is over. Starting a new game."
    try:
        paths = saved_deck_paths(data["decks"])
        questions = load_questions(paths, data["language"])
        game = Game.from_dict(data["game"], questions)
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        kept = store.keep_aside("unreadable")
        return None, (f"The saved game could not be read: {_unreadable(exc)}. "
                      f"It was kept as {kept}. Starting a new game.")
    return Saved(game, paths, data["language"], questions), ""


def _unreadable(exc: Exception) -> str:
    """Why a save could not be read, in words."""
    if isinstance(exc, KeyError):
        return f"a part of it is missing ({exc.args[0]!r})"
    if isinstance(exc, ValueError):
        return str(exc)
    return f"a part of it is not what voicehost wrote ({exc})"


def saved_deck_paths(paths: list[str]) -> list[str]:
    """The decks of a save; a bundled deck that moved (voicehost was reinstalled, upgraded or
    run from another folder) is found again by its file name among the bundled decks."""
    bundled = {p.name: str(p) for p in bundled_deck_paths()}
    return [p if Path(p).exists() else bundled.get(Path(p).name, p) for p in paths]


def keep_unfinished(store: SaveStore, resume_command: Callable[[str], str], locale) -> str:
    """When a new game really starts: move an unfinished saved game aside instead of
    overwriting it. ``resume_command(path)`` is the command that resumes a save at ``path``;
    the note is in ``locale``'s language."""
    try:
        data = store.load()
    except SaveError as exc:
        return f"The old save file {exc.reason}; it was kept as {exc.kept}."
    if data and not data.get("finished"):
        kept = store.keep_aside("unfinished")
        return locale.line("kept_unfinished", kept=kept, command=resume_command(str(kept)))
    return ""


def check_writable(store: SaveStore) -> None:
    """Before anything is asked or moved: the save file's folder can be written."""
    try:
        store.check_writable()
    except OSError as exc:
        raise SetupError(f"the game cannot be saved at {store.path} ({exc.strerror or exc}). "
                         "Choose another place with --save-file or game.save_file in config.yaml.") from None


def save_function(store: SaveStore, paths: list[str], language: str):
    def save(game: Game) -> None:
        store.save(snapshot(game, paths, language))
    return save

