"""Speech models: the catalogue of Vosk small models, and fetching one on request.

Nothing here runs unless the user asks (``voicehost models download``):
constructors never touch the network. A download resumes where it stopped,
is checked (size, and every file's CRC inside the zip, plus a SHA-256 when the
catalogue has one) and is unpacked atomically into the models folder.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TextIO

from ..errors import FixableError
from ..invocation import command

LANGUAGE_FILE = "voicehost-language"
"""Written into each unpacked model folder: the language it recognises."""


@dataclass(frozen=True)
class ModelEntry:
    language: str
    name: str
    url: str
    size: int
    """Bytes of the zip archive (approximate when ``exact_size`` is False)."""
    exact_size: bool = False
    sha256: str | None = None
    note: str = ""


CATALOGUE = (
    ModelEntry("en", "vosk-model-small-en-us-0.15",
               "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
               41_205_931, exact_size=True, note="US English, small (40 MB)"),
    ModelEntry("de", "vosk-model-small-de-0.15",
               "https://alphacephei.com/vosk/models/vosk-model-small-de-0.15.zip",
               45_000_000, note="German, small (45 MB)"),
    ModelEntry("sv", "vosk-model-small-sv-rhasspy-0.15",
               "https://alphacephei.com/vosk/models/vosk-model-small-sv-rhasspy-0.15.zip",
               289_000_000, note="Swedish, small (289 MB)"),
)


class ModelError(FixableError):
    """A model cannot be fetched or installed; the message says what to do."""


def entry_for(language: str, catalogue=CATALOGUE, error: type = ModelError, what: str = "model"):
    """The ``catalogue``'s entry for ``language`` (``models.CATALOGUE``: a ``ModelEntry``);
    ``error`` names the languages it has."""
    for entry in catalogue:
        if entry.language == language:
            return entry
    known = ", ".join(e.language for e in catalogue)
    raise error(f"no {what} for language {language!r} in the catalogue; choose one of: {known}")


def default_models_dir(configured: str | None = None) -> Path:
    """``recognizer.models_dir``, else ./models when present, else ~/.local/share/voicehost/models."""
    if configured:
        return Path(configured).expanduser()
    if Path("models").is_dir():
        return Path("models").resolve()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "voicehost" / "models"


def manual_steps(entry: ModelEntry, models_dir: Path) -> str:
    return (f"Without a network: on a machine with one, download {entry.url}, copy the zip here "
            f"and run: {command(f'models download {entry.language} --file {entry.name}.zip')} "
            f"(it is checked and unpacked into {models_dir}).")


class Progress:
    """A one-line progress bar on a terminal (plain lines elsewhere)."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.last = -1

    def __call__(self, done: int, total: int | None) -> None:
        if not total:
            return
        percent = min(100, done * 100 // total)
        if percent == self.last:
            return
        self.last = percent
        filled = self.width * percent // 100
        bar = "#" * filled + " " * (self.width - filled)
        line = f"[{bar}] {percent:3d}% {done / 1e6:.1f}/{total / 1e6:.1f} MB"
        if self.stream.isatty():
            print("\r" + line, end="" if percent < 100 else "\n", file=self.stream, flush=True)
        elif percent % 25 == 0:
            print(line, file=self.stream, flush=True)


def fetch(url: str, target: Path, progress: Callable[[int, int | None], None] | None = None,
          timeout: float = 30.0) -> Path:
    """Download ``url`` to ``target``, resuming a ``target.part`` left by an earlier try."""
    part = target.with_name(target.name + ".part")
    have = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"User-Agent": "voicehost"})
    if have:
        request.add_header("Range", f"bytes={have}-")
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:      # already complete
            os.replace(part, target)
            return target
        raise ModelError(f"the server refused {url}: HTTP {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ModelError(f"cannot reach {url} ({reason})") from None
    with response:
        resumed = response.status == 206
        mode = "ab" if resumed else "wb"
        done = have if resumed else 0
        length = response.headers.get("Content-Length")
        total = done + int(length) if length else None
        try:
            with open(part, mode) as handle:
                while True:
                    block = response.read(1 << 16)
                    if not block:
                        break
                    handle.write(block)
                    done += len(block)
                    if progress:
                        progress(done, total)
        except (OSError, urllib.error.URLError) as exc:
            raise ModelError(f"the download stopped at {done} bytes ({exc}); run the same "
                             "command again to resume") from None
    if total is not None and done != total:
        raise ModelError(f"the download stopped at {done} of {total} bytes; run the same "
                         "command again to resume")
    os.replace(part, target)
    return target


def verify(archive: Path, entry: ModelEntry) -> None:
    """Size, SHA-256 (when known) and the CRC of every file in the zip."""
    size = archive.stat().st_size
    if entry.exact_size and size != entry.size:
        raise ModelError(f"{archive.name} is {size} bytes, expected {entry.size}: it is incomplete "
                         "or not the official file")
    if entry.sha256:
        digest = hashlib.sha256()
        with open(archive, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        if digest.hexdigest() != entry.sha256:
            raise ModelError(f"{archive.name} does not match its SHA-256 checksum")
    try:
        with zipfile.ZipFile(archive) as zf:
            bad = zf.testzip()
    except zipfile.BadZipFile:
        raise ModelError(f"{archive.name} is not a valid zip archive") from None
    if bad:
        raise ModelError(f"{archive.name} is damaged: {bad} fails its checksum")


def unpack(archive: Path, entry: ModelEntry, models_dir: Path) -> Path:
    """Unpack into ``models_dir/<name>`` via a temporary folder, so a failure leaves nothing half-made."""
    models_dir.mkdir(parents=True, exist_ok=True)
    final = models_dir / entry.name
    staging = Path(tempfile.mkdtemp(prefix=".unpack-", dir=models_dir))
    try:
        with zipfile.ZipFile(archive) as zf:
            for member in zf.namelist():
                target = (staging / member).resolve()
                if not str(target).startswith(str(staging.resolve())):
                    raise ModelError(f"{archive.name} holds an unsafe path: {member}")
            zf.extractall(staging)
        inner = [p for p in staging.iterdir() if p.is_dir()]
        root = inner[0] if len(inner) == 1 and not any(p.is_file() for p in staging.iterdir()) else staging
        (root / LANGUAGE_FILE).write_text(entry.language + "\n")
        if final.exists():
            shutil.rmtree(final)
        os.replace(root, final)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return final


def install(language: str, models_dir: Path, *, url: str | None = None, file: Path | None = None,
            progress: Callable[[int, int | None], None] | None = None) -> Path:
    """Fetch (or take ``file``), verify and unpack the model for ``language``."""
    entry = entry_for(language)
    if file is not None:
        if not file.is_file():
            raise ModelError(f"{file} does not exist")
        verify(file, entry if url is None else _unchecked(entry))
        return unpack(file, entry, models_dir)
    models_dir.mkdir(parents=True, exist_ok=True)
    downloads = models_dir / ".downloads"
    downloads.mkdir(exist_ok=True)
    archive = downloads / f"{entry.name}.zip"
    try:
        if not archive.exists():
            fetch(url or entry.url, archive, progress)
        verify(archive, entry if url is None else _unchecked(entry))
    except ModelError as exc:
        if archive.exists() and "damaged" in str(exc) or "not a valid zip" in str(exc):
            archive.unlink(missing_ok=True)
        raise ModelError(f"{exc}. {manual_steps(entry, models_dir)}") from None
    path = unpack(archive, entry, models_dir)
    archive.unlink()
    return path


def _unchecked(entry: ModelEntry) -> ModelEntry:
    """A mirror (``--url``) serves its own file: keep the CRC check, not the official size."""
    return ModelEntry(entry.language, entry.name, entry.url, entry.size, False, None, entry.note)


def installed(models_dir: Path) -> dict[str, Path]:
    """Model folders in ``models_dir`` by language (from the language file or the name)."""
    found: dict[str, Path] = {}
    if not models_dir.is_dir():
        return found
    for folder in sorted(models_dir.iterdir()):
        if not folder.is_dir() or folder.name.startswith("."):
            continue
        marker = folder / LANGUAGE_FILE
        if marker.is_file():
            found.setdefault(marker.read_text().strip(), folder)
            continue
        for entry in CATALOGUE:
            if folder.name == entry.name:
                found.setdefault(entry.language, folder)
    return found
