"""The board's web server: the standard library's threading HTTP server, one thread a
connection, serving the page and pushing the states as server-sent events.

    GET /            the page (``static/board.html``, its language, title and theme filled in)
    GET /board.css   its style          GET /board.js   its script
    GET /events      server-sent events: ``page`` (the words and settings), ``clock`` (the
                     server's time, again with every state and at least every
                     ``PING_SECONDS``), then ``state`` (the whole state JSON) each time it
                     changes
    GET /state.json  the latest state, for other screens and for looking

Nothing else: every other path is 404, every other method 405, and nothing a page sends is
acted on; the page shows the game and cannot play it. A ``Guest`` (the players' phones,
``voicehost.phones.web``) may serve paths of its own on the same server; the board knows
nothing of what they are. Every response carries a strict
Content-Security-Policy (scripts, styles and connections from this server only, nothing
inline, no frames, no forms), ``nosniff`` and ``no-referrer``. At most ``MAX_STREAMS`` pages
are served at once; a page that stops reading for ``TIMEOUT_SECONDS`` is dropped.
"""

from __future__ import annotations

import html
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Protocol

from .feed import Feed

PING_SECONDS = 15.0
RETRY_MS = 1000
"""How soon a page's ``EventSource`` reconnects after the line drops."""
MAX_STREAMS = 64
TIMEOUT_SECONDS = 10.0
MAX_CONNECTIONS = 256
MAX_PER_ADDRESS = 48
"""Connections open at once, in all and from one address: a client holding connections
open (slowly, or not at all) is refused beyond them, and each is dropped after
``TIMEOUT_SECONDS`` of silence."""
WAKE_SECONDS = 1.0
"""How often a page's thread looks whether the server is stopping."""

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
STATIC = {"/board.css": ("board.css", "text/css; charset=utf-8"),
          "/board.js": ("board.js", "text/javascript; charset=utf-8")}


def static_text(name: str) -> str:
    return resources.files("voicehost.display").joinpath("static", name).read_text("utf-8")


class Page:
    """What the page is made of for one game: its words (``texts``, the locale's
    ``lines.display``), the language, the theme and the scale."""

    def __init__(self, lang: str, texts: dict, theme: str = "normal", scale: float = 1.0) -> None:
        self.lang, self.texts, self.theme, self.scale = lang, texts, theme, scale

    def html(self) -> str:
        fields = {"lang": self.lang, "title": self.texts["title"], "waiting": self.texts["waiting"],
                  "theme": self.theme, "scale": f"{self.scale:g}"}
        text = static_text("board.html")
        for name, value in fields.items():
            text = text.replace("{{" + name + "}}", html.escape(str(value), quote=True))
        return text

    def event(self) -> dict:
        return {"lang": self.lang, "theme": self.theme, "scale": self.scale, "texts": self.texts}


class Guest(Protocol):
    """Paths served beside the board on its server (the phones): each method answers a
    request it serves and returns True, or returns False to leave it to the board."""

    def get(self, request: "BoardRequest", path: str, head: bool) -> bool: ...

    def post(self, request: "BoardRequest", path: str) -> bool: ...


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, host: str, port: int, feed: Feed, page: Page,
                 guest: Guest | None = None) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__((host, port), BoardRequest)
        self.feed, self.page, self.guest = feed, page, guest
        self.open: dict[str, int] = {}
        """Connections open now, by client address."""
        self.open_lock = threading.Lock()
        self.stopping = threading.Event()
        self.streams: set[socket.socket] = set()
        self.streams_lock = threading.Lock()
        self.thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self.server_address[1]

    def process_request(self, request, client_address) -> None:
        address = client_address[0]
        with self.open_lock:
            full = (sum(self.open.values()) >= MAX_CONNECTIONS
                    or self.open.get(address, 0) >= MAX_PER_ADDRESS)
            if not full:
                self.open[address] = self.open.get(address, 0) + 1
        if full:
            self.shutdown_request(request)  # refused at once: no thread, no reply
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.open_lock:
                left = self.open.get(client_address[0], 1) - 1
                if left:
                    self.open[client_address[0]] = left
                else:
                    self.open.pop(client_address[0], None)

    def start(self) -> None:
        self.thread = threading.Thread(target=self.serve_forever, name="voicehost-board",
                                       kwargs={"poll_interval": 0.2}, daemon=True)
        self.thread.start()

    def stop(self, drain: float = 0.0) -> None:
        """Stop serving and drop every page's line (each page then waits for the host and
        reconnects by itself); with a closed feed, ``drain`` seconds at most for the pages to
        be sent the last states first."""
        self.shutdown()
        deadline = time.monotonic() + drain
        while self.streams and time.monotonic() < deadline:
            time.sleep(0.01)
        self.stopping.set()
        with self.streams_lock:
            for sock in self.streams:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        self.server_close()
        if self.thread:
            self.thread.join(5)


class BoardRequest(BaseHTTPRequestHandler):
    server: BoardServer
    timeout = TIMEOUT_SECONDS
    server_version = "voicehost"
    sys_version = ""

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base's name
        pass  # the terminal is the game's; a request is no news

    def _headers(self, status: int, content_type: str, length: int | None = None,
                 extra: tuple[tuple[str, str], ...] = ()) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in extra:
            self.send_header(name, value)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()

    def _send(self, status: int, content_type: str, body: str, head: bool = False,
              extra: tuple[tuple[str, str], ...] = ()) -> None:
        data = body.encode("utf-8")
        self._headers(status, content_type, len(data), extra)
        if not head:
            self.wfile.write(data)

    def reply(self, status: int, content_type: str, body: str, head: bool = False,
              extra: tuple[tuple[str, str], ...] = ()) -> None:
        """Send a whole response with the board's headers (and ``extra`` ones): for a guest."""
        self._send(status, content_type, body, head, extra)

    def event(self, name: str | None, data: str, flush: bool = True) -> None:
        """One server-sent event on an open stream: for a guest."""
        self._event(name, data, flush)

    def open_stream(self) -> bool:
        """Count an event stream (the board's own, or a guest's) among the server's (False
        when there are too many) and send its headers; close it with ``close_stream``."""
        server = self.server
        with server.streams_lock:
            full = len(server.streams) >= MAX_STREAMS
            if not full:
                server.streams.add(self.connection)
        if full:
            self._send(503, "text/plain; charset=utf-8", "Too many pages\n")
            return False
        self._headers(200, "text/event-stream; charset=utf-8")
        self._event(None, f"retry: {RETRY_MS}\n")
        return True

    def close_stream(self) -> None:
        with self.server.streams_lock:
            self.server.streams.discard(self.connection)

    def do_GET(self, head: bool = False) -> None:  # noqa: N802 - the base's name
        path = self.path.split("?", 1)[0]
        if path == "/":
            self._send(200, "text/html; charset=utf-8", self.server.page.html(), head)
        elif path in STATIC:
            name, kind = STATIC[path]
            self._send(200, kind, static_text(name), head)
        elif path == "/state.json":
            self._send(200, "application/json", self.server.feed.latest()[1] or "null", head)
        elif path == "/events" and not head:
            self._stream()
        elif path == "/favicon.ico":
            self._headers(204, "image/x-icon", 0)
        elif self.server.guest is not None and self.server.guest.get(self, path, head):
            pass
        else:
            self._send(404, "text/plain; charset=utf-8", "Not found\n", head)

    def do_HEAD(self) -> None:  # noqa: N802
        self.do_GET(head=True)

    def _not_allowed(self) -> None:
        self.send_response(405)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Length", "0")
        self.send_header("Content-Security-Policy", CSP)
        self.end_headers()

    def do_POST(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0]
        guest = self.server.guest
        if guest is None or not guest.post(self, path):
            self._not_allowed()

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed  # noqa: N815

    def _stream(self) -> None:
        server = self.server
        try:
            if not self.open_stream():
                return
            self._event("page", json.dumps(server.page.event(), ensure_ascii=False))
            seq, latest = server.feed.latest()
            if latest:
                self._states([(seq, latest)])
            sent = time.monotonic()
            while not server.stopping.is_set():
                states = server.feed.after(seq, WAKE_SECONDS)
                if states is None:
                    break
                if states:
                    self._states(states)
                    seq = states[-1][0]
                elif time.monotonic() - sent < PING_SECONDS:
                    continue
                else:
                    self._event("clock", self._now())  # the page knows its line is alive
                sent = time.monotonic()
        except OSError:
            pass  # the page went away, or the server stopped
        finally:
            self.close_stream()

    @staticmethod
    def _now() -> str:
        return json.dumps({"now": round(time.time(), 3)})

    def _states(self, states: list[tuple[int, str]]) -> None:
        self._event("clock", self._now(), flush=False)
        for _, data in states:
            self._event("state", data, flush=False)
        self.wfile.flush()

    def _event(self, name: str | None, data: str, flush: bool = True) -> None:
        text = data if name is None else f"event: {name}\ndata: {data}\n"
        self.wfile.write((text + "\n").encode("utf-8"))
        if flush:
            self.wfile.flush()
