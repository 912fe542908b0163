"""The hub between the phones (the web server's threads) and the host (its thread).

The host's side (``begin``, ``write``, ``publish``, ``take``) runs on the host's thread and
is the only one that reads the game: at each listen it works out, by the secrecy rules, each
player's view and the card each may hand in, and keeps them as plain values. The phones'
side (``names``, ``join``, ``hand_in``, ``view_after``) runs on the server's threads and
reads only those values, under one lock. A card handed in waits in the inbox until the host
next listens (``PhoneInput``), and is checked against the rules again then: a phone never
reaches the game but as a command the host takes.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass

from ..game import commands as c
from ..game.engine import Game
from ..game.events import Event, GameOver
from .guard import Quieter, Requests, WrongCodes
from .seats import Seats, SeatTaken
from .secrecy import Act, Card, Secrecy, may

log = logging.getLogger("voicehost.phones")


class Refused(Exception):
    """A phone's request the rules or the guards do not allow: an HTTP status and a reason
    the page words from its texts (``refused.<reason>``)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


@dataclass(frozen=True)
class HandedIn:
    player: str
    card: Card
    option: str

    def command(self) -> c.GameCommand:
        if self.card.act is Act.ANSWER:
            return c.SecretAnswer(self.player, self.option)
        return c.SecretVote(self.player, self.option)


ASK_SECONDS = 60.0
"""How long a phone that joined a game of numbered players waits for the host to begin
asking who is on it (the host asks at its next listen for an answer); then it chooses."""
ANSWER_SECONDS = 180.0
"""How long it waits for the host's answer once asked; then it chooses."""
MAX_NEWCOMERS = 6


@dataclass
class Newcomer:
    """A phone that gave the code in a game of numbered players, waiting to be told whom the
    host heard it is (``player``), or to choose (settled without a player)."""

    joined: float
    asked: bool = False
    settled: bool = False
    player: str | None = None


class PhoneHub:
    def __init__(self, money_for=None) -> None:
        self.cond = threading.Condition()
        self.money_for = money_for
        """Game -> (amount -> money as written): how the views write money."""
        self.game: Game | None = None
        self.seats: Seats | None = None
        self.secrecy: Secrecy | None = None
        self.allowed: dict[str, Card] = {}
        self.views: dict[str, tuple[int, str]] = {}
        self.version = 0
        self.inbox: deque[HandedIn] = deque()
        self.newcomers: deque[Newcomer] = deque()
        self.connected: dict[str, int] = {}
        self.wrong_codes = WrongCodes()
        self.requests = Requests()
        self.quieter = Quieter()
        """Refusals are logged once per address and reason every few seconds."""
        self.closed = False

    # ------------------------------------------------------------------ the host's side
    def begin(self, game: Game, seats: Seats) -> None:
        money = self.money_for(game) if self.money_for else str
        with self.cond:
            self.game, self.seats = game, seats
            self.secrecy = Secrecy(game, money)
            self.inbox.clear()
        self.publish()

    def write(self, events: list[Event]) -> None:
        """The game's events (the hub is one of the host's event logs)."""
        if self.secrecy is None:
            return
        self.secrecy.write(events)
        if any(isinstance(e, GameOver) for e in events):
            self.publish()  # no more listens: the phones see the end now

    def publish(self) -> None:
        """Work out every player's view and card now, and wake the phones whose view changed."""
        game, secrecy = self.game, self.secrecy
        if game is None or secrecy is None:
            return
        with self.cond:
            handed = {h.player: h for h in self.inbox}
        allowed, views = {}, {}
        for player in game.players:
            card = may(game, player)
            view = secrecy.view(player)
            if player in handed:  # on its way to the game: shown as the player's own
                card, view = None, {**view, "act": None, "letters": [], "mine": handed[player].option}
            if card is not None:
                allowed[player] = card
            views[player] = view
        with self.cond:
            self.allowed = allowed
            changed = False
            for player, view in views.items():
                text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
                if self.views.get(player, (0, ""))[1] != text:
                    self.version += 1
                    self.views[player] = (self.version, text)
                    changed = True
            if changed:
                self.cond.notify_all()

    def waiting(self) -> bool:
        """A card waits for the host."""
        return bool(self.inbox)

    def take(self) -> HandedIn | None:
        """The next card handed in that the rules still allow (one the game moved past is
        dropped and logged)."""
        while True:
            with self.cond:
                if not self.inbox:
                    return None
                handed = self.inbox.popleft()
            card = may(self.game, handed.player)
            if card is not None and card.key == handed.card.key and handed.option in card.letters:
                return handed
            log.warning("a card from %s's phone came too late for the game and was dropped",
                        handed.player)
            self.publish()

    def newcomer_waiting(self) -> bool:
        """A phone joined and the host has not yet asked who is on it."""
        with self.cond:
            return any(not n.asked for n in self.newcomers)

    def ask_newcomer(self) -> bool:
        """The host asks who is on the phone that joined first (False: none is waiting)."""
        with self.cond:
            newcomer = next((n for n in self.newcomers if not n.asked), None)
            if newcomer is None:
                return False
            newcomer.asked = True
            return True

    def seat_newcomer(self, player: str | None) -> bool:
        """The host heard who is on the phone it asked about: seat it as ``player`` (None: it
        chooses from the list). False when ``player``'s phone is connected now (or the phone
        is gone)."""
        with self.cond:
            newcomer = next((n for n in self.newcomers if n.asked), None)
            if newcomer is None:
                return player is None
            if player is not None and self.connected.get(player, 0) > 0:
                return False
            newcomer.settled, newcomer.player = True, player
            self.newcomers.remove(newcomer)
            self.cond.notify_all()
            return True

    def card_holders(self) -> tuple[str, ...]:
        """The players whose seat a phone has taken (connected now or not: a phone that
        dropped comes back to the same seat)."""
        with self.cond:
            return tuple(self.seats.hashes) if self.seats else ()

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    # ------------------------------------------------------------------ the phones' side
    def names(self, code: object, address: str) -> list[str]:
        """The players' names, for a phone that gave the right code."""
        self._check_code(code, address)
        return list(self.seats.players)

    def join(self, code: object, name: object, address: str) -> tuple[str | None, str]:
        """A token for the seat ``name`` names: (player, token). In a game of numbered
        players a phone gives no name (""): it waits until the host has asked aloud who is on
        it (``seat_newcomer``), and is seated as the player it heard; (None, "") when nobody
        answered, and the phone chooses from the list."""
        self._check_code(code, address)
        if name == "" and self.seats.numbered:
            player = self._asked(address)
            if player is None:
                return None, ""
            name = player
        player = self.seats.name(name)
        if player is None:
            log.warning("a phone at %s asked for a seat that does not exist", address)
            raise Refused(404, "no_such_player")
        with self.cond:
            try:
                token = self.seats.join(player, self.connected.get(player, 0) > 0)
            except SeatTaken:
                log.warning("a phone at %s asked for %s's seat, which %s's phone holds", address,
                            player, player)
                raise Refused(409, "seat_taken") from None
        log.info("%s joined on a phone at %s", player, address)
        return player, token

    def _asked(self, address: str) -> str | None:
        newcomer = Newcomer(time.monotonic())
        with self.cond:
            if len(self.newcomers) >= MAX_NEWCOMERS:
                raise Refused(429, "too_many_requests")
            self.newcomers.append(newcomer)
            log.info("a phone at %s joined; the host asks who is on it", address)
            while not (newcomer.settled or self.closed):
                waited = time.monotonic() - newcomer.joined
                if waited > (ANSWER_SECONDS if newcomer.asked else ASK_SECONDS):
                    break
                self.cond.wait(1.0)
            if not newcomer.settled and newcomer in self.newcomers:
                self.newcomers.remove(newcomer)
            return newcomer.player

    def _check_code(self, code: object, address: str) -> None:
        if self.seats is None:
            raise Refused(503, "no_game")
        if self.wrong_codes.blocked(address):
            if self.quieter.allow(address, "too_many_tries"):
                log.warning("join refused: %s gave too many wrong codes", address)
            raise Refused(429, "too_many_tries")
        if not self.seats.code_is(code):
            self.wrong_codes.wrong(address)
            log.warning("a wrong join code from %s", address)  # ten a minute at most
            raise Refused(403, "wrong_code")

    def player_of(self, token: object) -> str | None:
        return self.seats.player(token) if self.seats else None

    def hand_in(self, player: str, option: object, address: str) -> None:
        """``player`` hands in the card ``option`` for the moment the rules give them now."""
        with self.cond:
            card = self.allowed.get(player)
            if card is None:
                if self.quieter.allow(address, player, "not_your_moment"):
                    log.warning("%s's phone (%s) handed in a card outside their moment", player,
                                address)
                raise Refused(409, "not_your_moment")
            if option not in card.letters:
                log.warning("%s's phone (%s) handed in a card that is not open: %r", player,
                            address, str(option)[:8])
                raise Refused(400, "bad_option")
            del self.allowed[player]
            self.inbox.append(HandedIn(player, card, option))
            version, text = self.views.get(player, (0, "{}"))
            view = {**json.loads(text), "act": None, "letters": [], "mine": option}
            self.version += 1
            self.views[player] = (self.version, json.dumps(view, ensure_ascii=False,
                                                           separators=(",", ":")))
            self.cond.notify_all()
        log.info("%s handed in a card on the phone", player)

    def view_after(self, player: str, version: int, timeout: float) -> tuple[int, str] | None:
        """``player``'s view once it is newer than ``version`` (waiting up to ``timeout``
        seconds; the same version when nothing changed); None once the hub is closed."""
        with self.cond:
            self.cond.wait_for(lambda: self.closed or self.views.get(player, (0,))[0] > version,
                               timeout)
            if self.closed:
                return None
            return self.views.get(player, (0, "null"))

    def stream(self, player: str, delta: int) -> None:
        with self.cond:
            self.connected[player] = self.connected.get(player, 0) + delta
