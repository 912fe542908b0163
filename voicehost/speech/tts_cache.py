"""The speech cache on disk: rendered lines kept between games, bounded by size and count.

``ClipCache(folder, max_mb, max_files)`` keeps each rendered line as ``<key>.wav`` in
``folder`` (``~/.cache/voicehost/tts`` for the host). Whenever it holds more than
``max_mb`` megabytes on disk or more than ``max_files`` files, the lines used least
recently go first. A line's last use is its file's modification time (a hit touches it),
so the order outlives the process; the first use in a process reads the folder and
trims it to the bounds, so a lowered bound takes effect at once and ``max_mb`` 0 (no
cache) empties it.

A folder that cannot be written (read-only, disk full, not creatable) never stops a
line: the problem is logged once and lines are spoken without being kept. A line
already kept is still read from a read-only folder.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import wave
from collections import OrderedDict
from pathlib import Path

from ..audio.clip import AudioClip
from ..audio.wav import write_wav

MB = 1024 * 1024
"""A megabyte of ``max_mb``, as ``du -h`` counts them."""
MAX_FILES = 3000
"""How many lines the cache keeps at most, whatever their size."""
RESCAN_EVERY = 100
"""Lines kept between two readings of the folder, which count what another process
(a second voicehost sharing the cache) kept there too."""
STALE_PART_SECONDS = 600
"""A half-written ``.part`` file older than this was left by a process that died."""

_log = logging.getLogger("voicehost.speech")


class ClipCache:
    """Rendered lines on disk, the least recently used going first (see the module)."""

    def __init__(self, folder: str | Path, max_mb: float, max_files: int = MAX_FILES,
                 log: logging.Logger | None = None) -> None:
        self.folder = Path(folder)
        self.max_bytes = int(max_mb * MB)
        self.max_files = max_files
        self.log = log or _log
        self._files: OrderedDict[str, int] | None = None
        """Key -> bytes on disk, least recently used first; None until the folder is read."""
        self._bytes = 0
        self._kept = 0
        self._warned = False
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.max_bytes > 0 and self.max_files > 0

    def usage(self) -> tuple[int, int]:
        """(files, bytes on disk) the cache holds, as this process counts them."""
        with self._lock:
            self._read_folder()
            return len(self._files), self._bytes

    def get(self, key: str) -> AudioClip | None:
        """The line kept as ``key``, or None (not kept, unreadable, or no cache)."""
        with self._lock:
            self._read_folder()
            if not self.enabled:
                return None
            path = self._path(key)
            try:
                clip = read_clip(path)
            except (OSError, wave.Error, EOFError):
                return None
            try:
                os.utime(path)  # recently used: the last to go
            except OSError:
                pass  # a read-only cache is still read
            if key in self._files:
                self._files.move_to_end(key)
            return clip

    def put(self, key: str, clip: AudioClip) -> None:
        """Keep ``clip`` as ``key``, then trim the cache to its bounds. Never raises."""
        with self._lock:
            self._read_folder()
            if not self.enabled:
                return
            path = self._path(key)
            part = self.folder / f".{key}.{os.getpid()}.part"
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                write_wav(part, clip)
                os.replace(part, path)
                size = disk_bytes(path.stat())
            except OSError as exc:
                _remove(part)
                self._cannot_write(exc)
                return
            self._bytes += size - self._files.pop(key, 0)
            self._files[key] = size
            self._kept += 1
            if self._kept % RESCAN_EVERY == 0:
                self._files = None
                self._read_folder()
            else:
                self._trim()

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.wav"

    def _read_folder(self) -> None:
        """Count what the folder holds, oldest use first, and trim it (once, then every
        ``RESCAN_EVERY`` lines kept)."""
        if self._files is not None:
            return
        found = []
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            entries = []  # no folder yet, or one that cannot be read: nothing kept
        now = time.time()
        for entry in entries:
            try:
                st = entry.stat()
            except OSError:
                continue
            if entry.name.endswith(".wav"):
                found.append((st.st_mtime_ns, entry.name[:-4], disk_bytes(st)))
            elif entry.name.endswith(".part") and now - st.st_mtime > STALE_PART_SECONDS:
                _remove(Path(entry.path))
        found.sort()
        self._files = OrderedDict((key, size) for _, key, size in found)
        self._bytes = sum(self._files.values())
        self._trim()

    def _trim(self) -> None:
        while self._files and (self._bytes > self.max_bytes or len(self._files) > self.max_files):
            key, size = self._files.popitem(last=False)
            self._bytes -= size
            _remove(self._path(key))

    def _cannot_write(self, exc: OSError) -> None:
        if not self._warned:
            self._warned = True
            self.log.warning("the speech cache %s cannot be written (%s); lines are spoken "
                             "without being kept", self.folder, exc.strerror or exc)


def disk_bytes(st: os.stat_result) -> int:
    """What a file takes on disk (its blocks, as ``du`` counts), else its length."""
    blocks = getattr(st, "st_blocks", None)
    return blocks * 512 if blocks else st.st_size


def read_clip(path) -> AudioClip:
    """A rendered line as written: 16-bit PCM at the renderer's rate and channels."""
    with wave.open(str(path), "rb") as w:
        if w.getsampwidth() != 2:
            raise wave.Error(f"{8 * w.getsampwidth()}-bit audio")
        return AudioClip(w.readframes(w.getnframes()), rate=w.getframerate(),
                         width=2, channels=w.getnchannels())


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
