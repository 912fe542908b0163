"""Configuration: one frozen, typed settings tree, read once and checked at start-up.

``load_settings(path, overrides, flags)`` reads ``config.yaml`` (or the
defaults), applies command-line overrides (``{"game.edition": "de"}``) and
checks every value. A bad value raises ``ConfigError`` naming the key (or the
flag it came from) and what is allowed.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass, field, fields, is_dataclass, make_dataclass
from pathlib import Path

import yaml

from .game.editions import EDITIONS, edition_for
from .game.lifelines import REGISTRY
from .language.locale import listed_languages


class ConfigError(ValueError):
    """A setting is unknown, of the wrong type or out of range."""

    def __init__(self, key: str, problem: str, allowed: str = "", source: str = "") -> None:
        where = f"{source}: " if source else ""
        hint = f" Allowed: {allowed}." if allowed else ""
        super().__init__(f"{where}{key}: {problem}.{hint}")
        self.key, self.problem, self.allowed, self.source = key, problem, allowed, source


def _opt(default, doc: str = "", choices: tuple | None = None, lo=None, hi=None, check=None,
         allowed: str = ""):
    """A setting. ``check(value)`` raises ValueError (the problem) for a value of the right
    type that is still wrong; ``allowed`` then says what is allowed."""
    return field(default=default, metadata={"doc": doc, "choices": choices, "lo": lo, "hi": hi,
                                            "check": check, "allowed": allowed})


def quiet_hours_span(text: str) -> tuple[int, int]:
    """``"22:00-08:00"`` as minutes after midnight (1320, 480); ValueError when malformed.
    The span may run over midnight; start and end may not be equal."""
    parts = text.replace(" ", "").split("-")
    minutes = []
    for part in parts if len(parts) == 2 else []:
        hh, _, mm = part.partition(":")
        if not (hh.isdigit() and mm.isdigit() and len(mm) == 2 and int(hh) < 24 and int(mm) < 60):
            break
        minutes.append(int(hh) * 60 + int(mm))
    if len(minutes) != 2:
        raise ValueError(f"{text!r} is not a span of two times")
    if minutes[0] == minutes[1]:
        raise ValueError(f"{text!r} starts and ends at the same time")
    return minutes[0], minutes[1]


@dataclass(frozen=True)
class GameSettings:
    edition: str = _opt("auto", "Board-game edition: ladder, money and lifeline rules. se: the "
                        "Swedish board game (kronor); de: the German one (euros); auto: the game "
                        "language's own (de for German, se for Swedish and for English, which "
                        "has no edition of its own, so kronor).", ("auto",) + tuple(EDITIONS))
    format: str = _opt("auto", "table: everyone answers each question; hot_seat: one candidate "
                       "at a time; auto: the edition's default.", ("auto", "table", "hot_seat"))
    players: tuple[str, ...] = _opt((), "Player names; empty: the host asks how many play.")
    rounds: int = _opt(3, "Rounds before the richest player wins.", lo=1, hi=50)
    language: str = _opt("en", "Language of the host, what players may say, and the questions: "
                         "en (English), sv (svenska), de (Deutsch).", listed_languages())
    decks: tuple[str, ...] = _opt((), "Deck files or folders; empty: the bundled decks.")
    confirm_answers: bool = _opt(True, "Ask 'final answer?' before locking an answer.")
    read_explanations: bool = _opt(True, "Read the explanation after each reveal.")
    seed: typing.Optional[int] = _opt(None, "Random seed for a repeatable game (it ignores the "
                                      "memory of questions asked); null: random.")
    fresh_questions: bool = _opt(True, "Draw the questions not yet asked on this machine first "
                                 "(the memory in the state folder, shared by play and the kiosk); "
                                 "false: every game draws from the whole deck.")
    family: bool = _opt(False, "At levels 1-8, draw the questions tagged family (a ten-year-old "
                        "could enjoy them) first, and others only when a level has run out of them.")
    save_file: typing.Optional[str] = _opt(None, "Where the game is saved; null: "
                                           "~/.local/state/voicehost/game.json.")

    def __post_init__(self) -> None:
        """``edition: auto`` is the language's own edition, so the rest of voicehost only
        ever sees se or de."""
        if self.edition == "auto":
            object.__setattr__(self, "edition", edition_for(self.language))


@dataclass(frozen=True)
class LifelineSettings:
    phone: str = _opt("table", "table: the friend is another player (simulated when playing "
                      "alone); real: a real phone call with a timer.", ("table", "real"))
    call_seconds: int = _opt(30, "Length of a real phone call, in seconds.", lo=10, hi=120)
    two_player_rules: bool = _opt(True, "Use the rulebooks' two-player lifeline rules.")
    table_votes: bool = _opt(True, "Other players vote and act as friends; false: always simulated.")
    human_audience_min: int = _opt(2, "Fewest other players for the audience to be the table.",
                                   lo=1, hi=5)


PIPER_VOICE_NAME = re.compile(r"^[a-z]{2,3}_[A-Z]{2}-[A-Za-z0-9_]+-(x_low|low|medium|high)$")
"""A Piper voice's name, as its files and the catalogue write it: ``en_US-joe-medium``."""


@dataclass(frozen=True)
class HostSettings:
    engine: str = _opt("espeak", "espeak: espeak-ng, every language, small; piper: a neural "
                       "Piper voice (pip install 'voicehost[neural]', then voicehost voices "
                       "download LANG).", ("espeak", "piper"))
    voice: typing.Optional[str] = _opt(None, "espeak: a voice id or name part; piper: a Piper "
                                       "voice name (en_US-joe-medium) or its .onnx file; null: "
                                       "the default for game.language.")
    rate: int = _opt(165, "Speaking rate in words per minute.", lo=80, hi=400)
    volume: float = _opt(1.0, "Speech volume, 0.0 to 1.0.", lo=0.0, hi=1.0)
    sounds: bool = _opt(True, "Play the lock-in, correct, wrong, lifeline and timer sounds.")

    def check(self, prefix: str, source: str) -> None:
        """With the piper engine, ``voice`` is a Piper voice's name or its ``.onnx`` file."""
        voice = self.voice
        if self.engine == "piper" and voice and not (PIPER_VOICE_NAME.match(voice)
                                                     or voice.endswith(".onnx")):
            raise ConfigError(f"{prefix}voice", f"{voice!r} is not a Piper voice",
                              "a Piper voice's name such as en_US-joe-medium, the path of its "
                              ".onnx file, or null for the voice of game.language (see "
                              "voicehost voices)", source)


@dataclass(frozen=True)
class TtsSettings:
    cache_mb: int = _opt(200, "Most megabytes the speech cache (~/.cache/voicehost/tts) takes on "
                         "disk, the lines used least recently going first; 0: no cache.",
                         lo=0, hi=10000)


KEY_NAMES = ("enter", "space", "escape", "backspace", "tab")
"""Keys that are written by name in ``input.keys``; any other key is its one character."""


def _key_list(value, key: str, source: str) -> tuple[str, ...]:
    """The keys bound to one action: a list (or a comma-separated text) of single characters
    and key names; digits may be written bare (``[1, a]``). Letters are not case-sensitive."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    elif isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()] if value != "," else [value]
    if not isinstance(value, (list, tuple)):
        raise ConfigError(key, f"{value!r} is not a list of keys", "a list such as [\"1\", a]",
                          source)
    keys = []
    for item in value:
        name = str(item).lower() if isinstance(item, (str, int)) and not isinstance(item, bool) else None
        if name is None or not (name in KEY_NAMES or (len(name) == 1 and name.isprintable()
                                                        and name != " ")):
            raise ConfigError(key, f"{item!r} is not a key",
                              f"one character, or {', '.join(KEY_NAMES)}", source)
        keys.append(name)
    return tuple(keys)


def _keys(default: tuple[str, ...], doc: str):
    return field(default=default, metadata={"doc": doc, "convert": _key_list})


ANSWER_KEYS = (("A", ("1", "a"), "Answer A."), ("B", ("2", "b"), "Answer B."),
               ("C", ("3", "c"), "Answer C."), ("D", ("4", "d"), "Answer D."))
"""(action, its default keys, what it does), before the lifelines' actions."""
COMMAND_KEYS = (
    ("walk_away", ("0", "w"), "Walk away (take the money)."),
    ("confirm", ("enter", "space"), "Yes: lock the answer in, use the lifeline, take the money."),
    ("decline", ("escape", "backspace", "."), "No: think again, keep it."),
    ("repeat", ("r", "8"), "Read the question again."),
    ("options", ("o", "*"), "Read the options again."),
    ("balance", ("m", "/"), "How much do I have?"),
    ("lifelines", ("l",), "Which lifelines are left?"),
    ("slower", ("-",), "Speak slower."),
    ("faster", ("+",), "Speak faster."),
    ("help", ("h", "9"), "What can I do now?"),
    ("stop_clock", ("s",), "Stop the clock of a real phone call."),
)
"""(action, its default keys, what it does), after the lifelines' actions."""


class _KeyBindings:
    """Single keys for every spoken command: action -> the keys that do it. A USB box of
    arcade buttons that types other keys needs only new values here. The defaults let a
    numeric keypad alone play a whole game (8 repeat, 9 help, . no, * options, / balance).
    Each lifeline of ``voicehost.game.lifelines.REGISTRY`` is an action, with its keys."""

    def check(self, prefix: str, source: str) -> None:
        """A key bound to two actions is an error naming the key and both actions."""
        seen: dict[str, str] = {}
        for f in fields(self):
            for k in getattr(self, f.name):
                if k in seen and seen[k] != f.name:
                    raise ConfigError(f"{prefix}{f.name}", f"the key {k!r} is also bound to "
                                      f"{prefix}{seen[k]}", "each key bound to one action", source)
                seen[k] = f.name

    def actions(self) -> dict[str, tuple[str, ...]]:
        """Action -> its keys: A-D, the lifelines, then walking away and the commands."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _key_settings(lifelines) -> type:
    """The frozen settings class of ``input.keys``: one field an action, the lifelines'
    (their ``keys`` and ``key_help``) between the answers and the commands. Made once, from
    the lifelines registered when this module is first imported (the built-in ones)."""
    rows = (*ANSWER_KEYS, *((one.name, one.keys, one.key_help) for one in lifelines), *COMMAND_KEYS)
    return make_dataclass("KeySettings", [(name, tuple[str, ...], _keys(default, doc))
                                          for name, default, doc in rows],
                          bases=(_KeyBindings,), frozen=True,
                          namespace={"__module__": __name__, "__doc__": _KeyBindings.__doc__})


KeySettings = _key_settings(REGISTRY)


@dataclass(frozen=True)
class InputSettings:
    mode: str = _opt("auto", "auto: listen when a microphone exists; voice; text; keys: single "
                     "key presses, no Enter.", ("auto", "voice", "text", "keys"))
    silence_seconds: float = _opt(10.0, "Wait this long for an answer before a re-prompt.",
                                  lo=2.0, hi=120.0)
    min_confidence: float = _opt(0.7, "Below this recogniser confidence the host asks again.",
                                 lo=0.0, hi=1.0)
    echo_tail_ms: int = _opt(300, "Ignore the microphone this long after the host stops speaking.",
                             lo=0, hi=3000)
    confirm_lifelines: bool = _opt(True, "Ask 'are you sure?' before using a lifeline that was "
                                   "heard (typed ones are used at once).")
    keys: KeySettings = KeySettings()


@dataclass(frozen=True)
class RecognizerSettings:
    engine: str = _opt("auto", "auto: Vosk when a model for the language is present, else "
                       "PocketSphinx (English).", ("auto", "vosk", "pocketsphinx"))
    model: typing.Optional[str] = _opt(None, "A Vosk model folder; null: look in models_dir.")
    models_dir: typing.Optional[str] = _opt(None, "Where downloaded models live; null: ./models "
                                            "if present, else ~/.local/share/voicehost/models.")


@dataclass(frozen=True)
class AudioSettings:
    input_device: typing.Optional[typing.Union[int, str]] = _opt(
        None, "Microphone by index or name part (see voicehost devices); null: the default.")
    output_device: typing.Optional[typing.Union[int, str]] = _opt(
        None, "Speaker by index or name part; null: the default.")


@dataclass(frozen=True)
class KioskSettings:
    attract_every_seconds: int = _opt(60, "Between games, a short jingle and an invitation to "
                                      "passers-by this often (seconds).", lo=10, hi=3600)
    quiet_hours: typing.Optional[str] = _opt(
        None, "Local times when the kiosk stays silent but still starts a game, e.g. "
        "'22:00-08:00'; null: never quiet.", check=quiet_hours_span,
        allowed='"HH:MM-HH:MM", e.g. "22:00-08:00", or null')
    idle_seconds: int = _opt(30, "No answer this long: the host asks once whether the "
                             "player is still there.", lo=5, hi=600)
    idle_grace_seconds: int = _opt(15, "Then this long more: the game ends as a walk-away, "
                                   "and what was won counts.", lo=5, hi=300)
    max_game_minutes: int = _opt(15, "A game ends with a friendly wrap-up after this long "
                                  "(minutes), with what the player has.", lo=1, hi=240)
    ask_name: bool = _opt(False, "With a keyboard (typed input), ask for a name for the "
                          "high-score table at the end of a game; false: 'player N of today'.")
    state_dir: typing.Optional[str] = _opt(None, "Scores, log and status, and the memory of "
                                           "questions asked that play uses too; null: "
                                           "~/.local/state/voicehost (XDG_STATE_HOME respected).")


DISPLAY_HOST = "127.0.0.1"
"""Where the game board listens unless an address names another host: this machine only."""


def display_address(value: int | str) -> tuple[str, int]:
    """``8080``, ``"8080"`` or ``"HOST:PORT"`` (``"[::1]:8080"`` for IPv6) as (host, port); the
    host is ``DISPLAY_HOST`` unless named. Port 0 takes any free port. ValueError when
    malformed."""
    text = str(value).strip()
    host, colon, port = text.rpartition(":")
    host = host.strip("[]") if colon else DISPLAY_HOST
    if not port.isdigit() or not 0 <= int(port) <= 65535 or (colon and not host):
        raise ValueError(f"{value!r} is not [HOST:]PORT")
    return host, int(port)


@dataclass(frozen=True)
class DisplaySettings:
    address: typing.Optional[typing.Union[int, str]] = _opt(
        None, "Serve the live game board (a web page for a TV, the booth's screen or a "
        "low-vision player's tablet) at [HOST:]PORT, e.g. 8080; without HOST only this machine "
        "can open it (127.0.0.1); null: no board.", check=display_address,
        allowed='a port such as 8080, "HOST:PORT" such as "0.0.0.0:8080", or null')
    theme: str = _opt("normal", "normal: the show's colours; high_contrast: black, white and "
                      "yellow, every text at least 7:1 against its background.",
                      ("normal", "high_contrast"))
    scale: float = _opt(1.0, "Size of everything on the board; 1.0 reads from three metres on "
                        "a 1080p TV.", lo=0.5, hi=3.0)
    phones: bool = _opt(False, "Players use their phones as secret card displays (docs/phones.md): "
                        "the board's server then listens on the local network (0.0.0.0) unless "
                        "address names a host, and the board shows a join code and QR code.")


@dataclass(frozen=True)
class Settings:
    game: GameSettings = GameSettings()
    lifelines: LifelineSettings = LifelineSettings()
    host: HostSettings = HostSettings()
    tts: TtsSettings = TtsSettings()
    input: InputSettings = InputSettings()
    recognizer: RecognizerSettings = RecognizerSettings()
    audio: AudioSettings = AudioSettings()
    kiosk: KioskSettings = KioskSettings()
    display: DisplaySettings = DisplaySettings()


def _describe(tp) -> str:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Union:
        return " or ".join("null" if a is type(None) else _describe(a) for a in args)
    if origin is tuple:
        return f"a list of {_describe(args[0])}s"
    return {int: "a whole number", float: "a number", bool: "true or false", str: "text"}[tp]


def _coerce(value, tp, key: str, source: str):
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Union:
        for arg in args:
            if arg is type(None) and value is None:
                return None
        for arg in args:
            if arg is not type(None):
                try:
                    return _coerce(value, arg, key, source)
                except ConfigError:
                    pass
        raise ConfigError(key, f"{value!r} is not {_describe(tp)}", source=source)
    if origin is tuple:
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, (list, tuple)):
            raise ConfigError(key, f"{value!r} is not {_describe(tp)}", source=source)
        return tuple(_coerce(v, args[0], key, source) for v in value)
    ok = {bool: isinstance(value, bool),
          int: isinstance(value, int) and not isinstance(value, bool),
          float: isinstance(value, (int, float)) and not isinstance(value, bool),
          str: isinstance(value, str)}[tp]
    if not ok:
        raise ConfigError(key, f"{value!r} is not {_describe(tp)}", source=source)
    return float(value) if tp is float else value


def _build(cls, data: dict, prefix: str, source: str):
    if data is None:
        data = {}
    hints = typing.get_type_hints(cls)
    names = [f.name for f in fields(cls)]
    if not isinstance(data, dict):
        what = prefix.rstrip(".")
        if what:
            allowed = f"a mapping of the settings {', '.join(names)}, indented under {what}:"
        else:
            allowed = f"a mapping of the sections {', '.join(names)} (see the shipped config.yaml)"
        raise ConfigError(what or "(top level)", f"is {_kind(data)}, not a mapping", allowed,
                          source=source)
    for key in data:
        if key not in names:
            raise ConfigError(f"{prefix}{key}", "is not a setting", ", ".join(prefix + n for n in names),
                              source=source)
    values = {}
    for f in fields(cls):
        key = prefix + f.name
        if is_dataclass(hints[f.name]):
            values[f.name] = _build(hints[f.name], data.get(f.name), key + ".", source)
            continue
        if f.name not in data:
            continue
        convert = f.metadata.get("convert")
        value = (convert or (lambda v, k, s: _coerce(v, hints[f.name], k, s)))(data[f.name], key, source)
        meta = f.metadata
        if meta.get("choices") and value not in meta["choices"]:
            raise ConfigError(key, f"{value!r} is not allowed", ", ".join(meta["choices"]), source)
        lo, hi = meta.get("lo"), meta.get("hi")
        if lo is not None and isinstance(value, (int, float)) and not lo <= value <= hi:
            raise ConfigError(key, f"{value!r} is out of range", f"{lo} to {hi}", source)
        if meta.get("check") and value is not None:
            try:
                meta["check"](value)
            except ValueError as exc:
                raise ConfigError(key, str(exc), meta["allowed"], source) from None
        values[f.name] = value
    built = cls(**values)
    if hasattr(built, "check"):
        built.check(prefix, source)
    return built


def _kind(value) -> str:
    if isinstance(value, list):
        return "a list"
    return f"{value!r}"


def _nest(overrides: dict) -> dict:
    tree: dict = {}
    for dotted, value in overrides.items():
        node = tree
        *parents, last = dotted.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        node[last] = value
    return tree


def _merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def default_config_path() -> Path | None:
    """``config.yaml`` in the current directory, if there is one."""
    here = Path("config.yaml")
    return here if here.is_file() else None


def load_settings(path: str | Path | None = None, overrides: dict | None = None,
                  flags: dict[str, str] | None = None) -> Settings:
    """Read and check the settings. ``path`` None: ./config.yaml when present, else defaults.

    ``overrides`` (``{"game.rounds": 2}``, None values ignored) win over the
    file. The file is checked on its own first, so a bad override is reported
    under the name ``flags`` gives it (``--rounds``), not as the file's key.
    """
    data: dict = {}
    source = ""
    chosen = Path(path) if path else default_config_path()
    if chosen is not None:
        source = str(chosen)
        try:
            data = yaml.safe_load(chosen.read_text(encoding="utf-8")) or {}
        except OSError as exc:
            raise ConfigError("--config", f"cannot read {chosen}: {exc.strerror}",
                              "a readable YAML file") from None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = f" at line {mark.line + 1}" if mark else ""
            raise ConfigError("(file)", f"is not valid YAML{line}", source=source) from None
    settings = _build(Settings, data, "", source)
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    if not given:
        return settings
    try:
        return _build(Settings, _merge(data, _nest(given)), "", source)
    except ConfigError as exc:  # the file alone was fine: the value came from an override
        raise ConfigError((flags or {}).get(exc.key, exc.key), exc.problem, exc.allowed) from None

