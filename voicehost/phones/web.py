"""The phones' web routes, served by the board's server (a ``display.server.Guest``).

    GET  /phone             the phone page (``static/phone.html``, the game's language)
    GET  /phone.css, /phone.js
    GET  /phone/texts.json  every word the page shows (the locale's ``lines.phones``)
    GET  /phone/me          {"player": name} for a phone holding a seat's token, else 401
    GET  /phone/events      server-sent events: ``view``, the player's view (``secrecy``),
                            each time it changes; 401 without a seat's token
    GET  /qr.svg            the join address as a QR code (for the board)
    POST /phone/names       {"code"}: the players' names, for the right code (and
                            "ask": true when they are numbered: the host asks who it is)
    POST /phone/join        {"code", "name"}: the seat's token, as a cookie; with numbered
                            players and the name "", once the host has heard who is on the
                            phone ({"choose": true} when nobody said: pick a name)
    POST /phone/card        {"option"}: the player's card for their moment now

A POST body is JSON of at most ``MAX_BODY`` bytes with exactly the fields named; anything
else is a 4xx with a reason (``{"refused": reason}``) and a log line, never a traceback, and
the game never hears of it. Every request counts against its address's rate (``guard``).
"""

from __future__ import annotations

import html
import json
import logging
import time
from importlib import resources
from typing import Callable

from ..display.server import PING_SECONDS, BoardRequest
from .hub import PhoneHub, Refused
from .qr import qr_svg

log = logging.getLogger("voicehost.phones")

MAX_BODY = 512
"""Bytes a POST body may have: a code and a name, or a letter."""
MAX_FIELD = 64
"""Characters a field may have."""
COOKIE = "vh_seat"
COOKIE_SECONDS = 12 * 3600
WAKE_SECONDS = 1.0
STATIC = {"/phone.css": ("phone.css", "text/css; charset=utf-8"),
          "/phone.js": ("phone.js", "text/javascript; charset=utf-8")}
FIELDS = {"/phone/names": ("code",), "/phone/join": ("code", "name"), "/phone/card": ("option",)}


def static_text(name: str) -> str:
    return resources.files("voicehost.phones").joinpath("static", name).read_text("utf-8")


class PhoneWeb:
    def __init__(self, hub: PhoneHub, lang: str, texts: dict, join_url: Callable[[], str]) -> None:
        self.hub, self.lang, self.texts, self.join_url = hub, lang, texts, join_url
        self.texts_json = json.dumps(texts, ensure_ascii=False)

    # ------------------------------------------------------------------ GET
    def get(self, request: BoardRequest, path: str, head: bool) -> bool:
        if not (path in STATIC or path.startswith("/phone") or path == "/qr.svg"):
            return False
        address = request.client_address[0]
        if not self.hub.requests.allow(address):
            return self._refuse(request, Refused(429, "too_many_requests"), path)
        if path == "/phone":
            request.reply(200, "text/html; charset=utf-8", self._html(), head)
        elif path in STATIC:
            name, kind = STATIC[path]
            request.reply(200, kind, static_text(name), head)
        elif path == "/phone/texts.json":
            request.reply(200, "application/json", self.texts_json, head)
        elif path == "/qr.svg":
            request.reply(200, "image/svg+xml", qr_svg(self.join_url()), head)
        elif path == "/phone/me" or path == "/phone/events" and not head:
            try:
                player = self._player(request)
            except Refused as refused:
                return self._refuse(request, refused, path)
            if path == "/phone/me":
                request.reply(200, "application/json", json.dumps({"player": player}), head)
            else:
                self._stream(request, player)
        else:
            request.reply(404, "text/plain; charset=utf-8", "Not found\n", head)
        return True

    def _html(self) -> str:
        text = static_text("phone.html")
        for name, value in {"lang": self.lang, "title": self.texts["title"],
                            "loading": self.texts["loading"]}.items():
            text = text.replace("{{" + name + "}}", html.escape(str(value), quote=True))
        return text

    def _player(self, request: BoardRequest) -> str:
        """The player whose seat the request's cookie holds; Refused without one."""
        if self.hub.seats is None:
            raise Refused(503, "no_game")  # the host is starting: the page tries again
        player = self.hub.player_of(cookie(request.headers.get("Cookie", ""), COOKIE))
        if player is None:
            raise Refused(401, "no_seat")
        return player

    def _stream(self, request: BoardRequest, player: str) -> None:
        if not request.open_stream():
            return
        self.hub.stream(player, +1)
        try:
            version, sent = 0, time.monotonic()
            while True:
                got = self.hub.view_after(player, version, WAKE_SECONDS)
                if got is None or request.server.stopping.is_set():
                    break
                if got[0] > version:
                    version = got[0]
                    request.event("view", got[1])
                    sent = time.monotonic()
                elif time.monotonic() - sent > PING_SECONDS:
                    request.event("ping", "{}")
                    sent = time.monotonic()
        except OSError:
            pass  # the phone went away
        finally:
            self.hub.stream(player, -1)
            request.close_stream()

    # ------------------------------------------------------------------ POST
    def post(self, request: BoardRequest, path: str) -> bool:
        if path not in FIELDS:
            return False
        address = request.client_address[0]
        try:
            if not self.hub.requests.allow(address):
                raise Refused(429, "too_many_requests")
            body = read_body(request, FIELDS[path])
            if path == "/phone/names":
                names = {"names": self.hub.names(body["code"], address)}
                if self.hub.seats.numbered:
                    names["ask"] = True  # the page gives no name: the host asks who it is
                return self._json(request, names)
            if path == "/phone/join":
                player, token = self.hub.join(body["code"], body["name"], address)
                if player is None:
                    return self._json(request, {"choose": True})
                seat = (f"{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/phone; "
                        f"Max-Age={COOKIE_SECONDS}")
                return self._json(request, {"player": player}, (("Set-Cookie", seat),))
            self.hub.hand_in(self._player(request), body["option"], address)
            return self._json(request, {"ok": True})
        except Refused as refused:
            return self._refuse(request, refused, path)

    def _json(self, request: BoardRequest, data: dict, extra=()) -> bool:
        request.reply(200, "application/json", json.dumps(data, ensure_ascii=False), extra=extra)
        return True

    def _refuse(self, request: BoardRequest, refused: Refused, path: str) -> bool:
        """A 4xx with the reason, and a log line (once per address, reason and path every
        few seconds, so a flood is logged without flooding the log)."""
        if self.hub.quieter.allow(request.client_address[0], refused.reason, path):
            log.warning("refused %s %s from %s: %s (%d)", request.command, path,
                        request.client_address[0], refused.reason, refused.status)
        if refused.status in (413, 411, 400):
            request.close_connection = True  # an unread body must not be taken for a request
        request.reply(refused.status, "application/json", json.dumps({"refused": refused.reason}))
        return True


def cookie(header: str, name: str) -> str | None:
    """The value of cookie ``name`` in a Cookie header, or None."""
    if len(header) > 4096:
        return None
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def read_body(request: BoardRequest, fields: tuple[str, ...]) -> dict[str, str]:
    """The request's JSON body with exactly ``fields``, each a short string; ``Refused``
    otherwise (415, 411, 413, 400, 403)."""
    origin = request.headers.get("Origin")
    host = request.headers.get("Host", "")
    if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
        raise Refused(403, "bad_origin")
    if request.headers.get("Content-Type", "").split(";")[0].strip().lower() != "application/json":
        raise Refused(415, "bad_request")
    length = request.headers.get("Content-Length")
    if length is None:
        raise Refused(411, "bad_request")
    if not length.isdigit():
        raise Refused(400, "bad_request")
    if int(length) > MAX_BODY:
        raise Refused(413, "too_big")
    raw = request.rfile.read(int(length))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "bad_request") from None
    if not isinstance(data, dict) or set(data) != set(fields):
        raise Refused(400, "bad_request")
    if not all(isinstance(v, str) and len(v) <= MAX_FIELD for v in data.values()):
        raise Refused(400, "bad_request")
    return data
