"""Phones at a table, over real HTTP on 127.0.0.1 with the host on its own thread: joining,
secret answers revealed together, secret votes and the friend's card, and every way a phone
may be refused (the game untouched each time)."""

from __future__ import annotations

import json
import logging
import socket
import time

import pytest

from voicehost.game.turn import Phase

from .conftest import pool
from .phone_table import PhoneTable

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def table(tmp_path):
    t = PhoneTable(pool(), PLAYERS, folder=tmp_path).start()
    yield t
    t.stop()


def view(table, name):
    return json.loads(table.hub.views[name][1])


def locked_lines(table):
    return [line for line in table.output.lines if " locked in." in line]


def snapshot(table):
    table.until(lambda: not table.hub.waiting())
    return json.dumps(table.game.to_dict(), sort_keys=True)


# ---------------------------------------------------------------------- playing
def test_phones_lock_secretly_and_the_reveal_waits_for_the_spoken_player(table):
    bo, cy, di = (table.seated(n) for n in ("Bo", "Cy", "Di"))
    right = table.game.question.answer
    wrong = next(o for o in "ABCD" if o != right)
    assert bo.card(wrong) == (200, {"ok": True})
    assert cy.card(right)[0] == 200 and di.card(right)[0] == 200
    table.until(lambda: len(locked_lines(table)) == 3)
    said = table.said()
    assert "Bo is locked in." in said or "Bo has locked in." in said
    assert wrong not in [line[:1] for line in table.output.lines if "Bo" in line]
    assert table.game.level == 1 and table.game.phase is Phase.ANSWER   # Ann still to answer
    assert view(table, "Cy")["mine"] == right and view(table, "Ann")["mine"] is None
    assert view(table, "Ann")["locked"] == ["Bo", "Cy", "Di"]
    table.typed.type(right)
    table.typed.type("yes")
    table.until(lambda: table.game.level == 2)
    table.until(lambda: view(table, "Bo")["reveal"] is not None)
    seen = view(table, "Bo")["reveal"]
    assert seen["answer"] == right and {"name": "Bo", "option": wrong, "correct": False} in seen["answers"]
    assert not view(table, "Bo")["playing"] and view(table, "Cy")["playing"]


def test_the_spoken_players_are_asked_first_then_the_host_says_how_many_are_still_thinking(table):
    cy, di = table.seated("Cy"), table.seated("Di")
    right = table.game.question.answer
    table.typed.type(right)
    table.typed.type("yes")                                # Ann, aloud: then Bo, not Cy
    table.until(lambda: table.game.current == "Bo")
    assert table.game.seats["Ann"].locked == right
    table.typed.type(right)
    table.typed.type("yes")
    table.until(lambda: "2 players are still thinking." in table.said()
                or "2 of you are still choosing." in table.said())
    assert cy.card(right)[0] == 200
    table.until(lambda: "One player is still thinking." in table.said()
                or "One of you is still choosing." in table.said())
    assert table.game.level == 1
    about_cy = [line for line in table.output.lines if line.startswith("Cy")]
    assert about_cy and set(about_cy) <= {"Cy has locked in.", "Cy is locked in."}  # never what
    assert di.card(right)[0] == 200
    table.until(lambda: table.game.level == 2)
    table.until(lambda: view(table, "Di")["reveal"] is not None)
    assert {a["name"] for a in view(table, "Di")["reveal"]["answers"]} == set(PLAYERS)
    order = table.game.order
    assert order.index("Cy") > order.index("Ann") and order.index("Di") > order.index("Bo")


def test_secret_votes_from_the_other_phones_and_the_se_card_added(table):
    phones = {n: table.seated(n) for n in ("Bo", "Cy", "Di")}
    table.typed.type("ask the audience")
    table.until(lambda: table.game.phase is Phase.VOTE)
    table.until(lambda: view(table, "Cy")["act"] == "vote")
    assert view(table, "Ann")["act"] is None
    for name in ("Di", "Cy", "Bo"):                     # in any order
        assert phones[name].card("A")[0] == 200
    table.until(lambda: table.game.phase is Phase.ANSWER and "audience" in table.said().lower())
    table.until(lambda: view(table, "Ann")["result"] is not None)
    votes = view(table, "Ann")["result"]["votes"]
    assert sum(v["percent"] for v in votes) == 100 and len([v for v in votes if v["percent"]]) <= 2


def test_the_friend_gets_the_question_and_hands_in_a_card(table):
    cy = table.seated("Cy")
    table.typed.type("phone a friend")
    table.until(lambda: table.game.phase is Phase.PICK_FRIEND)
    table.typed.type("Cy")
    table.until(lambda: view(table, "Cy")["act"] == "vote")
    seen = view(table, "Cy")
    assert seen["lifeline"] == "phone_friend" and seen["for"] == "Ann"
    assert seen["question"]["text"] == table.game.question.text
    assert cy.card("B")[0] == 200
    table.until(lambda: view(table, "Ann")["result"] is not None)
    cards = view(table, "Ann")["result"]["cards"]
    assert sorted(cards) == sorted(["B", table.game.question.answer])


def test_a_table_without_phones_plays_as_before(tmp_path):
    t = PhoneTable(pool(), ["Ann", "Bo"], folder=tmp_path).start()
    try:
        right = t.game.question.answer
        for line in (right, "yes", right, "yes"):
            t.typed.type(line)
        t.until(lambda: t.game.level == 2)
        assert "locked in" in t.said().lower() and "a card from the phone" not in t.said()
    finally:
        t.stop()


# ---------------------------------------------------------------------- joining
def test_the_seat_cookie_is_httponly_and_strict_and_rejoining_keeps_the_seat(table):
    first = table.seated("Bo")
    assert "HttpOnly" in first.set_cookie and "SameSite=Strict" in first.set_cookie
    assert first.request("GET", "/phone/me") == (200, {"player": "Bo"})
    again = table.seated("bo")                                  # a new phone, the same seat
    assert again.request("GET", "/phone/me") == (200, {"player": "Bo"})
    assert first.request("GET", "/phone/me")[0] == 401          # the old token is gone
    assert first.card("A")[0] == 401


def test_wrong_codes_are_refused_logged_and_limited_to_ten_a_minute(table, caplog):
    caplog.set_level(logging.WARNING, "voicehost.phones")
    phone = table.phone()
    wrong = "000000" if table.seats.code != "000000" else "111111"
    statuses = [phone.post("/phone/names", {"code": wrong})[0] for _ in range(10)]
    assert statuses == [403] * 10
    assert phone.post("/phone/names", {"code": table.seats.code}) == (429, {"refused": "too_many_tries"})
    assert "wrong join code from 127.0.0.1" in caplog.text
    other = table.phone("127.0.0.2")                            # another address is not blocked
    assert other.post("/phone/names", {"code": table.seats.code}) == (200, {"names": PLAYERS})


# ---------------------------------------------------------------------- attacks
def test_a_stolen_or_forged_seat_acts_as_no_one(table):
    bo = table.seated("Bo")
    before = snapshot(table)
    thief = table.phone()
    thief.cookie = "vh_seat=" + "x" * 43
    assert thief.card("A") == (401, {"refused": "no_seat"})
    assert bo.post("/phone/card", {"option": "A", "player": "Cy"}) == (400, {"refused": "bad_request"})
    assert table.phone().request("GET", "/phone/events", headers={"Cookie": "vh_seat=nope"})[0] == 401
    assert snapshot(table) == before


def test_a_card_outside_the_players_moment_is_refused_and_the_game_untouched(table, caplog):
    caplog.set_level(logging.WARNING, "voicehost.phones")
    bo = table.seated("Bo")
    assert bo.card("A")[0] == 200
    table.until(lambda: len(locked_lines(table)) == 1)
    before = snapshot(table)
    assert bo.card("B") == (409, {"refused": "not_your_moment"})     # changing a locked card
    table.typed.type("ask the audience")
    table.until(lambda: table.game.phase is Phase.VOTE)
    ann = table.seated("Ann")
    assert ann.card("C") == (409, {"refused": "not_your_moment"})    # voting on her own lifeline
    assert "outside their moment" in caplog.text
    assert table.game.votes == [] and table.game.secret_votes == {}
    assert json.loads(before)["seats"]["Bo"]["locked"] == "A"


@pytest.mark.parametrize("body,headers,status", [
    (b"{" + b" " * 600 + b"}", {}, 413),
    (b'{"option": "A"', {}, 400),
    (b'["A"]', {}, 400),
    (b'{"option": 1}', {}, 400),
    (b'{"option": "' + b"A" * 80 + b'"}', {}, 400),
    (b'{"option": "A"}', {"Content-Type": "text/plain"}, 415),
    (b'{"option": "A"}', {"Origin": "http://evil.example"}, 403),
    (b'\xff\xfe', {}, 400),
])
def test_malformed_requests_are_a_4xx_never_a_traceback(table, caplog, body, headers, status):
    caplog.set_level(logging.WARNING, "voicehost.phones")
    bo = table.seated("Bo")
    before = snapshot(table)
    got, data = bo.request("POST", "/phone/card", body, headers)
    assert got == status and "refused" in data
    assert "Traceback" not in caplog.text and snapshot(table) == before


def test_a_letter_that_is_not_open_is_refused(table):
    bo = table.seated("Bo")
    assert bo.card("E") == (400, {"refused": "bad_option"})
    assert bo.card("a")[0] == 400


def test_a_seat_whose_phone_is_connected_cannot_be_taken(table):
    bo = table.seated("Bo")
    sock = socket.create_connection(("127.0.0.1", table.port))
    sock.sendall(f"GET /phone/events HTTP/1.1\r\nHost: x\r\nCookie: {bo.cookie}\r\n\r\n".encode())
    assert sock.recv(64).startswith(b"HTTP/1.0 200")
    table.until(lambda: table.hub.connected.get("Bo"))
    assert table.phone().join(table.seats.code, "Bo") == (409, {"refused": "seat_taken"})
    assert table.phone().join(table.seats.code, "Zed") == (404, {"refused": "no_such_player"})
    sock.close()


def test_a_slow_client_holding_connections_does_not_lock_others_out(table):
    """Connections that send nothing hold at most MAX_PER_ADDRESS threads of one address;
    another address is served at once, and the idle ones are dropped."""
    held = []
    for _ in range(60):
        try:
            held.append(socket.create_connection(("127.0.0.1", table.port), timeout=2))
        except OSError:
            break
    time.sleep(0.2)
    start = time.monotonic()
    other = table.phone("127.0.0.2")
    assert other.request("GET", "/phone/texts.json")[0] == 200
    assert time.monotonic() - start < 2.0
    for sock in held:
        sock.close()


def test_the_phone_page_is_in_the_games_language_and_escapes_what_it_fills_in(table):
    status, data = table.phone().request("GET", "/phone")
    page = data["raw"]
    assert status == 200 and '<html lang="en">' in page
    assert "<script src=\"/phone.js\"" in page and "<script>" not in page
    status, texts = table.phone().request("GET", "/phone/texts.json")
    assert texts["confirm_answer"] == "Lock in {letter}?"


# ---------------------------------------------------------------------- numbered players
NUMBERED = ["Player 1", "Player 2", "Player 3"]


@pytest.fixture
def numbered(tmp_path):
    t = PhoneTable(pool(), NUMBERED, folder=tmp_path)
    t.seats.numbered = True
    t.start()
    yield t
    t.stop()


def join_asked(table):
    """A phone gives the code and no name, as the page does with numbered players; the
    answer comes once the host has heard who is on it."""
    import threading
    phone, got = table.phone(), {}
    status, names = phone.post("/phone/names", {"code": table.seats.code})
    assert status == 200 and names == {"names": NUMBERED, "ask": True}
    thread = threading.Thread(target=lambda: got.update(
        answer=phone.join(table.seats.code, "")), daemon=True)
    thread.start()
    return phone, got, thread


def test_the_host_asks_aloud_who_is_on_a_phone_that_joined_and_seats_the_player_named(numbered):
    table = numbered
    phone, got, thread = join_asked(table)
    table.until(lambda: "Who is on the phone that just joined?" in table.said())
    assert "Player 1, Player 2 or Player 3" in table.said()
    assert table.game.level == 1 and not got                # the phone waits for the host
    table.typed.type("two")
    thread.join(10)
    assert got["answer"] == (200, {"player": "Player 2"})
    table.until(lambda: "Player 2 is on that phone now." in table.said())
    assert phone.request("GET", "/phone/me") == (200, {"player": "Player 2"})
    table.until(lambda: "your answer" in table.said().split("on that phone now.")[-1].lower())
    right = table.game.question.answer                      # the game carries on as it was
    table.typed.type(right)
    table.typed.type("yes")
    table.until(lambda: table.game.current != "Player 1")
    assert table.game.current == "Player 3"                 # aloud first; Player 2 has a phone


def test_a_name_answers_too_and_each_new_phone_is_asked_about(numbered):
    table = numbered
    first, got, thread = join_asked(table)
    table.until(lambda: "just joined" in table.said())
    table.typed.type("player 3")
    thread.join(10)
    assert got["answer"][1] == {"player": "Player 3"}
    second, got2, thread2 = join_asked(table)
    table.until(lambda: table.said().count("just joined") == 2)
    table.typed.type("Player 1")
    thread2.join(10)
    assert got2["answer"][1] == {"player": "Player 1"}


def test_when_nobody_says_who_it_is_the_phone_picks_from_the_list(numbered):
    table = numbered
    phone, got, thread = join_asked(table)
    table.until(lambda: "just joined" in table.said())
    table.typed.type("banana")                              # not a player, twice
    table.typed.type("banana")
    thread.join(10)
    assert got["answer"] == (200, {"choose": True})
    assert "pick its player from the list itself" in table.said()
    assert phone.request("GET", "/phone/me")[0] == 401
    assert phone.join(table.seats.code, "Player 1")[0] == 200
    assert table.input.card_holders() == ("Player 1",)


def test_named_players_pick_their_own_name_and_the_host_asks_nothing(table):
    status, names = table.phone().post("/phone/names", {"code": table.seats.code})
    assert names == {"names": PLAYERS}
    assert table.phone().join(table.seats.code, "")[0] == 404
    assert "just joined" not in table.said()
