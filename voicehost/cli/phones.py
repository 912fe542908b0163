"""The players' phones for ``voicehost play --phones`` (``display.phones``): the hub and its
web routes on the board's server, the seats of each game, the join code said by the host and
shown on the board with its QR code, and the phones as a ``PlayerInput``."""

from __future__ import annotations

import dataclasses
import logging
import socket
import sys
from pathlib import Path

from ..config import Settings, display_address
from ..display.live import Board
from ..game.engine import Game
from ..host.output import HostOutput
from ..host.player_input import PlayerInput
from ..language.locale import Locale
from ..phones.hub import PhoneHub
from ..phones.phone_input import PhoneInput
from ..phones.seats import Seats
from ..phones.web import PhoneWeb

log = logging.getLogger("voicehost.phones")

PHONES_PORT = 8080
"""The board's port when ``--phones`` is given without ``--display``."""


def phones_display(settings: Settings) -> Settings:
    """With phones, the board's server listens on the local network: on every address unless
    ``display.address`` names a host, on ``PHONES_PORT`` unless it names a port."""
    display = settings.display
    if not display.phones:
        return settings
    address = display.address
    if address is None:
        address = f"0.0.0.0:{PHONES_PORT}"
    elif ":" not in str(address):
        address = f"0.0.0.0:{display_address(address)[1]}"
    return dataclasses.replace(settings, display=dataclasses.replace(display, address=address))


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket is only
    pointed at a private address to learn the route); the host name if there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()


class Phones:
    """The phones of one ``voicehost play``: opened with the board, told each game."""

    def __init__(self, board: Board, locale: Locale) -> None:
        self.board, self.locale = board, locale
        self.hub = PhoneHub(lambda game: lambda amount: locale.money(amount, game.edition.currency))
        host, port = board.server.server_address[:2]
        where = lan_address() if host in ("0.0.0.0", "::") else host
        self.base = f"http://{f'[{where}]' if ':' in where else where}:{port}"
        web = PhoneWeb(self.hub, locale.code, locale.data["lines"]["phones"], self.join_url)
        board.server.guest = web
        self.seats: Seats | None = None

    def join_url(self) -> str:
        code = self.seats.code if self.seats else ""
        return f"{self.base}/phone?code={code}"

    def devices(self, player_input: PlayerInput) -> PlayerInput:
        """The host's input, with the phones beside it."""
        def heard(handed) -> str:
            return self.locale.line("phone_card_heard", player=handed.player)
        return PhoneInput(player_input, self.hub, heard, self.locale.line("phone_joined_heard"))

    def begin(self, game: Game, save_path: Path, resumed: bool, output: HostOutput) -> None:
        """A game is on: its seats (the same as before for a resumed game, so the phones
        reconnect), the join code on the board and said by the host."""
        numbered = game.players == [self.locale.line("player_default", n=i)
                                    for i in range(1, len(game.players) + 1)]
        self.seats = Seats.open(Path(str(save_path) + ".phones.json"), game.players, resumed,
                                numbered)
        self.hub.begin(game, self.seats)
        self.board.join({"url": f"{self.base}/phone", "code": self.seats.code, "qr": "/qr.svg"})
        print(f"voicehost: players join on their phones at {self.base}/phone with the code "
              f"{self.seats.code}", file=sys.stderr, flush=True)
        log.info("phones join at %s/phone", self.base)
        output.say(self.locale.line("phone_join_said", address=f"{self.base}/phone",
                                    code=" ".join(self.seats.code)))


def open_phones(settings: Settings, board: Board | None, locale: Locale) -> Phones | None:
    if not settings.display.phones or board is None:
        return None
    return Phones(board, locale)
