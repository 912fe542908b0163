"""A table playing with phones, in this process, for the tests and the flood bench: a game,
the host on a thread of its own (its typed input fed by the test: the players without a
phone), the board's server on 127.0.0.1 with the phones' routes, and phone clients."""

from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time
from pathlib import Path

from voicehost.display.feed import Feed
from voicehost.display.live import page_texts
from voicehost.display.server import BoardServer, Page
from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game
from voicehost.game.rules import Rules
from voicehost.host.loop import Host
from voicehost.host.player_input import EndOfInput, Heard, InputTraits, PlayerInput
from voicehost.language.locale import Locale
from voicehost.phones.hub import PhoneHub
from voicehost.phones.phone_input import PhoneInput
from voicehost.phones.seats import Seats
from voicehost.phones.web import PhoneWeb
from voicehost.testing.recording_host_output import RecordingHostOutput

END = object()


class WaitingInput(PlayerInput):
    """The table's typed input: lines the test types, waited for as a keyboard is (until a
    line, the timeout, or ``stop()``)."""

    traits = InputTraits(typed=True)

    def __init__(self) -> None:
        self.lines: queue.Queue = queue.Queue()

    def type(self, text) -> None:
        self.lines.put(text)

    def listen(self, context, phrases, timeout, stop=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if stop is not None and stop():
                return None
            try:
                text = self.lines.get(timeout=0.005)
            except queue.Empty:
                if deadline is not None and time.monotonic() > deadline:
                    return None
                continue
            if text is END:
                raise EndOfInput()
            return Heard(text, typed=True)


class Phone:
    """One player's phone: an HTTP client on loopback keeping its seat's cookie."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.port, self.source, self.cookie = port, source, ""

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10,
                                          source_address=(self.source, 0))
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.cookie:
            sent["Cookie"] = self.cookie
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        data = response.read()
        seat = response.getheader("Set-Cookie")
        if seat:
            self.cookie = seat.split(";", 1)[0]
            self.set_cookie = seat
        conn.close()
        try:
            return response.status, json.loads(data or b"null")
        except ValueError:
            return response.status, {"raw": data.decode("utf-8", "replace")}

    def post(self, path: str, data: dict) -> tuple[int, dict]:
        return self.request("POST", path, json.dumps(data).encode())

    def join(self, code: str, name: str) -> tuple[int, dict]:
        return self.post("/phone/join", {"code": code, "name": name})

    def card(self, option: str) -> tuple[int, dict]:
        return self.post("/phone/card", {"option": option})


class PhoneTable:
    def __init__(self, questions, players: list[str], edition: str = "se", lang: str = "en",
                 seed: int = 3, folder: Path | None = None, output=None, **rules) -> None:
        self.locale = Locale.load(lang)
        self.game = Game(EDITIONS[edition], list(players), questions, Rules(**rules), seed)
        self.hub = PhoneHub(lambda game: lambda amount: self.locale.money(amount, game.edition.currency))
        self.feed = Feed()
        self.server = BoardServer("127.0.0.1", 0, self.feed,
                                  Page(lang, page_texts(self.locale)))
        self.web = PhoneWeb(self.hub, lang, self.locale.data["lines"]["phones"],
                            lambda: f"http://127.0.0.1:{self.port}/phone")
        self.server.guest = self.web
        self.seats = Seats.open(folder / "seats.json", self.game.players, False) if folder else \
            Seats(self.game.players)
        self.typed = WaitingInput()
        self.output = output or RecordingHostOutput()
        self.input = PhoneInput(self.typed, self.hub,
                                lambda h: self.locale.line("phone_card_heard", player=h.player))
        self.host = Host(self.game, self.locale, self.input, self.output, log=self.hub)
        self.thread = threading.Thread(target=self.host.run, daemon=True)
        self.lock = threading.Lock()

    @property
    def port(self) -> int:
        return self.server.port

    def start(self) -> "PhoneTable":
        self.server.start()
        self.hub.begin(self.game, self.seats)
        self.thread.start()
        self.until(lambda: self.game.started and self.game.question is not None)
        return self

    def phone(self, source: str = "127.0.0.1") -> Phone:
        return Phone(self.port, source)

    def seated(self, name: str) -> Phone:
        phone = self.phone()
        status, _ = phone.join(self.seats.code, name)
        assert status == 200
        return phone

    def until(self, condition, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("waited in vain; the host said:\n" + self.said()[-2000:])
            time.sleep(0.005)

    def said(self) -> str:
        return "\n".join(self.output.lines)

    def stop(self) -> None:
        self.typed.type(END)
        self.thread.join(10)
        self.server.stop()
        self.hub.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------- the flood
FLOOD_PATHS = (("POST", "/phone/card", b'{"option": "A"}'), ("POST", "/phone/names", b'{"code": "000000"}'),
               ("GET", "/phone", None), ("GET", "/phone/me", None), ("GET", "/nothing", None))


def flood(port: int, seconds: float = 10.0, rate: float = 1000.0, workers: int = 25,
          source: str = "127.0.0.1") -> dict:
    """Send ``rate`` requests a second for ``seconds`` to 127.0.0.1:``port`` from ``source``
    (new connections, a stolen-looking cookie, wrong codes, pages, unknown paths) and count
    the answers by status ("refused" when the server shut the connection). Bounded: at most
    ``rate * seconds`` requests, and it stops after ``seconds`` whatever happened."""
    from collections import Counter
    counts: Counter = Counter()
    lock = threading.Lock()
    start = time.monotonic()
    per_worker = rate / workers

    def work(n: int) -> None:
        sent = 0
        mine: Counter = Counter()
        while True:
            due = start + sent / per_worker
            now = time.monotonic()
            if now - start >= seconds:
                break
            if due > now:
                time.sleep(due - now)
            method, path, body = FLOOD_PATHS[(n + sent) % len(FLOOD_PATHS)]
            sent += 1
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2,
                                                  source_address=(source, 0))
                conn.request(method, path, body=body, headers={
                    "Content-Type": "application/json", "Cookie": "vh_seat=" + "y" * 43})
                response = conn.getresponse()
                response.read()
                mine[response.status] += 1
                conn.close()
            except OSError:
                mine["refused"] += 1
        with lock:
            counts.update(mine)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts["seconds"] = round(time.monotonic() - start, 2)
    return dict(counts)


def flood_process(port: int, seconds: float, rate: float, out) -> None:
    out.put(flood(port, seconds, rate))
