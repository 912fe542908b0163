"""The one base for problems a user can fix: a missing device, voice, model or file.

Each carries ``reason`` (what is wrong) and ``fix`` (what to do); the command
line prints both and exits with status 2 instead of showing a traceback.
"""

from __future__ import annotations


class FixableError(RuntimeError):
    def __init__(self, reason: str, fix: str = "") -> None:
        super().__init__(reason + (f" {fix}" if fix else ""))
        self.reason = reason
        self.fix = fix
