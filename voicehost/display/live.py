"""The board, live: a ``Show`` publishing into a ``Feed`` that a ``BoardServer`` pushes to
the pages. ``open_board`` starts it from the settings; the command line then lets it watch
the host's devices (``watch``), hands it the game (``begin``) and the game's events (it is
a log: ``write``), and, in the kiosk, the screens between games (``booth``).

Whatever goes wrong on the board's side is logged (``voicehost.display``) and the game
carries on: a screen never stops the host.
"""

from __future__ import annotations

import copy
import functools
import logging
import socket

from ..config import DisplaySettings, display_address
from ..errors import FixableError
from ..game.engine import Game
from ..game.events import Event
from ..game.lifelines import REGISTRY
from ..host.output import HostOutput
from ..host.player_input import Clock, PlayerInput
from ..language.locale import Locale
from .devices import CaptionedOutput, OverheardInput
from .feed import Feed
from .server import BoardServer, Page
from .show import Show

log = logging.getLogger("voicehost.display")


def page_texts(locale: Locale) -> dict:
    """Every word the page shows (``lines.display`` of the locale), the locale's "and" for
    lists of names, and a label for each lifeline of the registry: its own under
    ``lines.display.lifeline``, else its spoken name."""
    texts = copy.deepcopy(locale.data["lines"]["display"])
    texts["and"] = locale.data["and"]
    labels = texts.setdefault("lifeline", {})
    for lifeline in REGISTRY:
        labels.setdefault(lifeline.name, locale.data["lifelines"].get(lifeline.name, lifeline.name))
    return texts


def _never_fails(method):
    """A fault in the board is logged, never raised into the host."""
    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception:  # noqa: BLE001 - the game goes on without its screen
            log.exception("the game board failed to follow the game")
    return guarded


class Board:
    def __init__(self, show: Show, feed: Feed, server: BoardServer) -> None:
        self.show, self.feed, self.server = show, feed, server

    @property
    def urls(self) -> list[str]:
        """Where to open the board: this machine's address, and the network's when it
        listens on every address."""
        host, port = self.server.server_address[:2]
        if host in ("0.0.0.0", "::"):
            return [f"http://127.0.0.1:{port}/", f"http://{socket.gethostname()}:{port}/"]
        return [f"http://{f'[{host}]' if ':' in host else host}:{port}/"]

    def watch(self, player_input: PlayerInput, output: HostOutput) -> tuple[PlayerInput, HostOutput]:
        """The host's devices, telling the board what is said and heard."""
        return OverheardInput(player_input, self), CaptionedOutput(output, self)

    @_never_fails
    def begin(self, game: Game) -> None:
        self.show.begin(game)

    @_never_fails
    def write(self, events: list[Event]) -> None:
        self.show.write(events)

    @_never_fails
    def said(self, text: str) -> None:
        self.show.said(text)

    @_never_fails
    def listening(self, context) -> None:
        self.show.listening(context)

    @_never_fails
    def heard(self, text: str) -> None:
        self.show.heard(text)

    @_never_fails
    def join(self, info: dict | None) -> None:
        self.show.join(info)

    @_never_fails
    def booth(self, screen: str, booth: dict) -> None:
        self.show.booth(screen, booth)

    def close(self) -> None:
        """Stop, once every page has the last state (a second at most)."""
        self.feed.close()
        self.server.stop(drain=1.0)


def open_board(settings: DisplaySettings, locale: Locale, clock: Clock | None = None) -> Board | None:
    """The board the settings ask for, serving already; None when ``display.address`` is null.
    An address it cannot listen at is a ``FixableError``."""
    if settings.address is None:
        return None
    host, port = display_address(settings.address)
    feed = Feed()
    page = Page(locale.code, page_texts(locale), settings.theme, settings.scale)
    try:
        server = BoardServer(host, port, feed, page)
    except OSError as exc:
        raise FixableError(f"the game board cannot listen at {host}:{port} ({exc.strerror or exc}).",
                           "Choose another port with --display PORT, or display.address in "
                           "config.yaml.") from None
    server.start()
    return Board(Show(locale, feed.publish, clock=clock), feed, server)
