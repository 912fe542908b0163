"""The seats at the table for phones: the game's join code and each player's token.

The join code is six random digits (``secrets``), new for every game and gone with it. A
phone that gives it and picks a player's name gets that player's token (``join``), which it
keeps as an HttpOnly, SameSite=Strict cookie (see docs/phones.md for why a cookie); the
token acts as that player and no other. Only a hash of each token is kept, in memory and in
the seats file beside the save, so ``--resume`` keeps the code and the seats and the phones
reconnect as they were. Rejoining with the code (a new phone, a cleared browser) gives the
seat a new token and the old one stops working, unless the seat's phone is connected now.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

CODE_DIGITS = 6
TOKEN_BYTES = 32


def new_code() -> str:
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class SeatTaken(Exception):
    """The seat's phone is connected: another phone cannot take it over."""


class Seats:
    def __init__(self, players: list[str], code: str | None = None,
                 tokens: dict[str, str] | None = None, path: Path | None = None,
                 numbered: bool = False) -> None:
        self.players = list(players)
        self.numbered = numbered
        """The players were numbered (Player 1, Player 2...), not named: a phone that joins
        does not pick a name, the host asks aloud who is on it."""
        self.code = code or new_code()
        self.hashes: dict[str, str] = dict(tokens or {})
        """Player -> the hash of the token their phone holds."""
        self.path = path

    # ------------------------------------------------------------------ the code
    def code_is(self, code: object) -> bool:
        return isinstance(code, str) and hmac.compare_digest(code.encode(), self.code.encode())

    def name(self, given: object) -> str | None:
        """The player ``given`` names (any case), or None."""
        if not isinstance(given, str):
            return None
        return next((p for p in self.players if p.lower() == given.strip().lower()), None)

    # ------------------------------------------------------------------ tokens
    def join(self, player: str, connected: bool) -> str:
        """A new token for ``player``'s seat; the old one stops working. ``SeatTaken`` when
        the seat's phone is connected now."""
        if connected and player in self.hashes:
            raise SeatTaken(player)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.hashes[player] = _hash(token)
        self.save()
        return token

    def player(self, token: object) -> str | None:
        """The player ``token`` sits as, or None."""
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        digest = _hash(token)
        return next((p for p, h in self.hashes.items() if hmac.compare_digest(h, digest)), None)

    # ------------------------------------------------------------------ the seats file
    def save(self) -> None:
        if self.path is None:
            return
        data = {"players": self.players, "code": self.code, "tokens": self.hashes}
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, self.path)

    @classmethod
    def open(cls, path: Path, players: list[str], resumed: bool,
             numbered: bool = False) -> "Seats":
        """The seats of a resumed game as they were saved (same players), else new ones with
        a new code, written at ``path``."""
        if resumed:
            try:
                data = json.loads(path.read_text("utf-8"))
                if data.get("players") == list(players) and isinstance(data.get("code"), str):
                    return cls(players, data["code"], dict(data.get("tokens") or {}), path,
                               numbered)
            except (OSError, ValueError, AttributeError):
                pass
        seats = cls(players, path=path, numbered=numbered)
        seats.save()
        return seats
