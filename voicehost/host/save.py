"""Save and resume: the game snapshot written atomically after every change."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

APP = "voicehost"


class SaveError(ValueError):
    """The save file is damaged or not a voicehost game; ``kept`` is where it was moved."""

    def __init__(self, path: Path, reason: str, kept: Path | None) -> None:
        kept_text = f" It was kept as {kept}." if kept else ""
        super().__init__(f"{path}: {reason}.{kept_text}")
        self.path, self.reason, self.kept = path, reason, kept


def state_dir(configured: str | Path | None = None) -> Path:
    """The folder for the saved game, the kiosk's scores, log and status: ``configured``
    (``~`` expanded), else ``$XDG_STATE_HOME/voicehost``, by default ``~/.local/state/voicehost``."""
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(Path.home(), ".local", "state")
    return Path(base) / "voicehost"


def default_save_path() -> Path:
    return state_dir() / "game.json"


class SaveStore:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path else default_save_path()

    def save(self, snapshot: dict) -> None:
        """Write atomically: a temporary file in the same folder, fsync, then rename."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"app": APP, "saved_at": time.time(), **snapshot}, ensure_ascii=False)
        fd, tmp = tempfile.mkstemp(prefix=".game-", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def check_writable(self) -> None:
        """Raise OSError unless a save can be written here (the folder is made if missing)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".game-", suffix=".tmp", dir=self.path.parent)
        os.close(fd)
        Path(tmp).unlink()

    def load(self) -> dict | None:
        """The saved snapshot, or None if there is none. A damaged or foreign
        file is moved aside (never overwritten) and SaveError says where."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(self.path, f"cannot be read ({exc})", self.keep_aside()) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise SaveError(self.path, "is damaged (not valid JSON)", self.keep_aside()) from None
        if not isinstance(data, dict) or data.get("app") != APP:
            raise SaveError(self.path, "is not a voicehost save file", self.keep_aside())
        return data

    def keep_aside(self, label: str = "damaged") -> Path | None:
        """Rename the current file out of the way and return its new name."""
        if not self.path.exists():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.stem}.{label}-{stamp}{self.path.suffix}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.stem}.{label}-{stamp}-{n}{self.path.suffix}")
            n += 1
        os.replace(self.path, target)
        return target
