"""Picking a recogniser: Vosk when a model for the language is installed, else PocketSphinx for English.

Nothing here touches the network. Models are folders that the user downloaded
(``voicehost models download LANG``) or named in ``recognizer.model``.
"""

from __future__ import annotations

import re
from pathlib import Path

from .recognizer import Recognizer, RecognizerError
from ..invocation import command

ENGINES = ("auto", "vosk", "pocketsphinx")
"""Allowed values of ``recognizer.engine``; ``sphinx`` is accepted for ``pocketsphinx``."""

LANGUAGE_FILE = "voicehost-language"
"""A file in a model folder whose first line names the model's language (e.g. ``sv``)."""

_FOLDER_LANGUAGE = re.compile(r"^vosk-model-(?:small-)?([a-z]{2,3})(?:[-_.]|$)", re.IGNORECASE)


def base_language(language: str) -> str:
    """``en-US`` -> ``en``: the part of a language tag that model folders are named by."""
    return language.strip().lower().replace("_", "-").split("-")[0]


def model_language(folder: Path) -> str | None:
    """The language of the Vosk model in ``folder``, from its ``voicehost-language`` file or its name."""
    marker = folder / LANGUAGE_FILE
    if marker.is_file():
        lines = marker.read_text(encoding="utf-8", errors="replace").split()
        if lines:
            return base_language(lines[0])
    match = _FOLDER_LANGUAGE.match(folder.name)
    return match.group(1).lower() if match else None


def find_vosk_models(models_dir: Path | None) -> dict[str, Path]:
    """Vosk model folders directly inside ``models_dir``, by language.

    Only folders that look like Vosk models count. When several serve one
    language, one that can be limited to a phrase list (runtime graphs) wins over
    one that cannot, then the first in name order.
    """
    from .vosk_recognizer import looks_like_vosk_model, supports_grammar

    found: dict[str, Path] = {}
    if models_dir is None or not Path(models_dir).is_dir():
        return found
    folders = [f for f in sorted(Path(models_dir).iterdir()) if f.is_dir() and looks_like_vosk_model(f)]
    for folder in sorted(folders, key=lambda f: not supports_grammar(f)):
        language = model_language(folder)
        if language and language not in found:
            found[language] = folder
    return found
    for folder in sorted(Path(models_dir).iterdir()):
        if not folder.is_dir() or not looks_like_vosk_model(folder) or not supports_grammar(folder):
            continue
        language = model_language(folder)
        if language and language not in found:
            found[language] = folder
    return found


def make_recognizer(
    engine: str = "auto",
    language: str = "en",
    model: str | Path | None = None,
    models_dir: Path | None = None,
) -> Recognizer:
    """The recogniser for ``language``.

    ``auto`` takes Vosk when a model is given in ``model`` or found in
    ``models_dir`` for the language, else PocketSphinx for English. ``vosk``
    and ``pocketsphinx`` insist on that engine. Raises RecognizerError with a
    ``fix`` when no recogniser can be built.
    """
    choice = engine.strip().lower()
    if choice == "sphinx":
        choice = "pocketsphinx"
    if choice not in ENGINES:
        raise RecognizerError(
            f"recognizer.engine is {engine!r}.", f"Allowed values: {', '.join(ENGINES)}.")
    lang = base_language(language)
    download = f"Run `{command(f'models download {lang}')}`"

    if choice == "pocketsphinx":
        if model is not None:
            raise RecognizerError(
                f"recognizer.model names a Vosk model ({model}) but recognizer.engine is pocketsphinx.",
                "Remove recognizer.model or set recognizer.engine to vosk or auto.")
        from .sphinx_recognizer import SphinxRecognizer

        return SphinxRecognizer(language)

    folder = Path(model).expanduser() if model is not None else None
    if folder is None:
        folder = find_vosk_models(models_dir).get(lang)
    if folder is not None:
        from .vosk_recognizer import VoskRecognizer

        return VoskRecognizer(folder, language)

    where = f" in {models_dir}" if models_dir is not None else ""
    if choice == "vosk":
        raise RecognizerError(
            f"No Vosk model for {lang!r} was found{where}.",
            f"{download}, or set recognizer.model to a Vosk model folder.")
    if lang == "en":
        from .sphinx_recognizer import SphinxRecognizer

        return SphinxRecognizer(language)
    raise RecognizerError(
        f"No speech recogniser for {lang!r}: no Vosk model was found{where}, and the built-in "
        "PocketSphinx fallback only knows English.",
        f"{download}, or set recognizer.model to a Vosk model folder.")
