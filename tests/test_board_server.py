"""The board's web server, spoken to as a browser would: the page and its headers, the
event stream, nothing accepted, and what happens when it stops."""

from __future__ import annotations

import http.client
import json
import time

import pytest

from voicehost.config import DisplaySettings
from voicehost.display.feed import Feed
from voicehost.display.live import open_board, page_texts
from voicehost.display.server import CSP, MAX_STREAMS, BoardServer, Page
from voicehost.errors import FixableError
from voicehost.language.locale import Locale

from .board_pages import EventStream


@pytest.fixture
def served():
    feed = Feed()
    page = Page("sv", page_texts(Locale.load("sv")), "high_contrast", 1.5)
    server = BoardServer("127.0.0.1", 0, feed, page)
    server.start()
    yield server, feed, f"http://127.0.0.1:{server.port}/"
    feed.close()
    server.stop()


def get(server, method: str, path: str, body: bytes | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request(method, path, body=body)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response, data


def test_the_page_is_in_the_games_language_with_a_strict_policy(served):
    server, _, _ = served
    response, data = get(server, "GET", "/")
    html = data.decode()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/html")
    assert '<html class="empty" lang="sv" data-theme="high_contrast" data-scale="1.5">' in html
    assert "<title>Vem vill bli miljonär?</title>" in html and "Väntar på programledaren" in html
    for path in ("/", "/board.css", "/board.js", "/state.json", "/nothing"):
        response, _ = get(server, "GET", path)
        assert response.getheader("Content-Security-Policy") == CSP
        assert response.getheader("X-Content-Type-Options") == "nosniff"
    assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP and "default-src 'none'" in CSP
    assert "<script>" not in html and "style=" not in html  # nothing inline: the policy allows none


def test_it_accepts_nothing(served):
    server, feed, _ = served
    feed.publish({"screen": "title"})
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        response, _ = get(server, method, "/events", b'{"answer": "B"}')
        assert response.status == 405 and response.getheader("Allow") == "GET, HEAD"
    assert get(server, "GET", "/../config.yaml")[0].status == 404
    assert get(server, "GET", "/static/board.js")[0].status == 404
    assert json.loads(get(server, "GET", "/state.json")[1]) == {"screen": "title", "seq": 1}


def test_a_page_gets_its_words_then_the_current_state_then_each_new_one(served):
    _, feed, url = served
    feed.publish({"screen": "title", "n": 1})
    stream = EventStream(url)
    assert stream.status == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    name, data = stream.next()
    page = json.loads(data)
    assert name == "page" and page["lang"] == "sv" and page["texts"]["heard"] == "Jag hörde: {text}"
    assert (page["theme"], page["scale"]) == ("high_contrast", 1.5)
    assert stream.next()[0] == "clock"
    assert stream.next() == ("state", json.dumps({"screen": "title", "n": 1, "seq": 1},
                                                  separators=(",", ":")))
    for n in (2, 3):
        feed.publish({"screen": "game", "n": n})
    events = [stream.next() for _ in range(3)]
    assert [e[0] for e in events] == ["clock", "state", "state"]
    assert [json.loads(e[1])["n"] for e in events[1:]] == [2, 3]
    stream.close()


def test_a_stopped_server_drops_every_page_at_once(served):
    server, feed, url = served
    feed.publish({"screen": "title"})
    stream = EventStream(url)
    for _ in range(3):
        stream.next()
    started = time.monotonic()
    server.stop()
    with pytest.raises((EOFError, OSError)):
        stream.next()
    assert time.monotonic() - started < 2


def test_too_many_pages_are_turned_away(served, monkeypatch):
    from voicehost.display import server as server_module
    monkeypatch.setattr(server_module, "MAX_STREAMS", 2)
    _, feed, url = served
    streams = [EventStream(url) for _ in range(2)]
    for stream in streams:
        stream.next()
    assert EventStream(url).status == 503
    assert MAX_STREAMS == 64


def test_a_port_in_use_is_a_clear_message(served):
    server, _, _ = served
    with pytest.raises(FixableError) as caught:
        open_board(DisplaySettings(f"127.0.0.1:{server.port}"), Locale.load("en"))
    assert f"cannot listen at 127.0.0.1:{server.port}" in str(caught.value)
    assert "--display" in str(caught.value)


def test_no_address_no_board():
    assert open_board(DisplaySettings(), Locale.load("en")) is None
