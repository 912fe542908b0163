"""The phone page in real browsers: a Swedish table of four (``voicehost play --phones``,
typed input standing for the player without a phone), three headless Chromium instances,
one per phone (each its own cookie jar), join with the host's code, lock answers face down,
vote for the audience, act as the friend, lose the line and come back, and find their
seats again after the host restarts with ``--resume``. Each page is checked for what only
its player may see, and screenshotted at every step (``VOICEHOST_SCREENSHOTS=docs/screenshots``
copies the docs' pictures, ``phones-*.png``). A blind player's needs are checked on the page
itself: the language, names on every button, a live region, targets of 44 by 44 pixels.
"""

from __future__ import annotations

import re
import socket
import time
from pathlib import Path

import pytest

from voicehost.questions.deck import bundled_deck_paths, load_decks

from .board_pages import Browser, Voicehost, browser_missing, publish_screenshots
from .test_board_css import contrast, parse_colour

COLOURS = """
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (!el.offsetParent || ![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
      let bg = el, colour = 'rgba(0, 0, 0, 0)';
      while (bg) { colour = getComputedStyle(bg).backgroundColor;
                   if (!colour.startsWith('rgba(0, 0, 0, 0)')) break; bg = bg.parentElement; }
      out.push([el.textContent.slice(0, 30), getComputedStyle(el).color, colour]);
    }
    return out;"""

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")]

PHONES = ("Bo", "Cy", "<b>Di</b>")
SHOTS = {"board-join": "phones-board-join.png", "bo-code": "phones-join-code.png",
         "bo-names": "phones-join-names.png", "bo-question": "phones-question.png",
         "bo-confirm": "phones-lock-confirm.png", "bo-locked": "phones-locked.png",
         "cy-others": "phones-others-locked.png", "bo-reveal": "phones-reveal.png",
         "voter": "phones-vote.png", "audience": "phones-audience-result.png",
         "friend": "phones-friend.png", "friend-cards": "phones-friend-cards.png",
         "resumed": "phones-resumed.png"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Phone(Browser):
    """One player's phone: its own Chromium, 390 by 844 CSS pixels, touch."""

    def __init__(self, name: str, shots: Path, taken: list) -> None:
        super().__init__(shots)
        self.name, self.taken = name, taken
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})

    def shot(self, name: str) -> Path:
        path = self.shots / f"{len(self.taken) + 1:02d}-{name}.png"
        self.driver.save_screenshot(str(path))
        self.taken.append(path)
        return path

    def click(self, text: str) -> None:
        self.wait_for(lambda b: b.js(
            "for (const b of document.querySelectorAll('button')) {"
            " if (!b.disabled && b.offsetParent && b.textContent.startsWith(arguments[0])) { b.click(); return true; } }"
            " return false;", text), 10, f"a button {text!r}")

    def status(self) -> str:
        return self.js("return document.getElementById('status').textContent")


@pytest.fixture
def table(tmp_path):
    shots = tmp_path / "screenshots"
    taken: list = []
    phones = {name: Phone(name, shots, taken) for name in PHONES}
    yield phones, shots, taken
    for phone in phones.values():
        phone.close()


def start(tmp_path: Path, port: int, resume: bool = False) -> Voicehost:
    args = ["play", "--input", "text", "--lang", "sv", "--edition", "se", "--phones",
            "--display", f"127.0.0.1:{port}", "--save-file", str(tmp_path / "save.json")]
    args += ["--resume"] if resume else ["--players", "Ann,Bo,Cy,<b>Di</b>", "--seed", "4"]
    return Voicehost(args, Path(__file__).resolve().parent.parent)


def join_code(host: Voicehost) -> str:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for line in list(host.err):
            found = re.search(r"with the code (\d{6})", line)
            if found:
                return found.group(1)
        time.sleep(0.05)
    raise AssertionError("no join code:\n" + "\n".join(host.err))


def test_four_at_a_table_play_with_secret_cards_on_their_phones(tmp_path, table):
    phones, shots, taken = table
    bo, cy, di = (phones[n] for n in PHONES)
    port = free_port()
    host = start(tmp_path, port)
    url = host.url()
    code = join_code(host)
    deck = {q.id: q for q in load_decks([str(p) for p in bundled_deck_paths()])}

    def state(check=lambda s: True, timeout=15.0):
        return host.wait_state(url, check, timeout)

    def question():
        return state(lambda s: s["game"] and s["game"]["question"])["game"]["question"]

    try:
        # ---- the board shows how to join, with the QR code
        bo.screen(1280, 720)
        bo.open(url)
        bo.wait_text(code)
        assert bo.js("return document.getElementById('join-qr').naturalWidth") > 100
        bo.shot("board-join")
        bo.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})

        # ---- Bo types the code; Cy and Di come by the QR code's address (code filled in)
        bo.open(url + "phone")
        bo.wait_for(lambda b: b.js("return !document.getElementById('join').hidden"), 10, "the join form")
        assert bo.js("return document.documentElement.lang") == "sv"
        bo.js("document.getElementById('code').value = '000000'")
        bo.click("Nästa")
        bo.wait_text("Koden stämmer inte")
        bo.js("document.getElementById('code').value = arguments[0]", code)
        bo.shot("bo-code")
        bo.click("Nästa")
        bo.wait_text("Vem är du?")
        bo.shot("bo-names")
        bo.click("Bo")
        for phone, name in ((cy, "Cy"), (di, "<b>Di</b>")):
            phone.open(f"{url}phone?code={code}")
            phone.click("Nästa")
            phone.click(name)
        for phone, name in ((bo, "Bo"), (cy, "Cy"), (di, "<b>Di</b>")):
            phone.wait_text(f"Du är {name}.", 10)
        # names are text, never markup
        assert "&lt;b&gt;Di&lt;/b&gt;" in di.js("return document.getElementById('who').innerHTML")
        q = question()
        right = deck[q["id"]].answer
        for phone in phones.values():
            phone.wait_text(q["text"], 10)
        bo.shot("bo-question")

        # ---- a blind player's page: names on every button, a live region, large targets
        checks = bo.js("""
            const small = [], unnamed = [];
            for (const b of document.querySelectorAll('button')) {
              if (!b.offsetParent) continue;
              const r = b.getBoundingClientRect();
              if (r.width < 44 || r.height < 44) small.push(b.textContent);
              if (!b.textContent.trim()) unnamed.push(b.outerHTML);
            }
            const live = document.querySelector('[aria-live]');
            return {small, unnamed, live: live && live.getAttribute('role'),
                    inputs: [...document.querySelectorAll('input')].every(i => i.labels.length)};""")
        assert checks == {"small": [], "unnamed": [], "live": "status", "inputs": True}
        low = [(text, fg, bg) for text, fg, bg in bo.js(COLOURS)
               if contrast(parse_colour(fg), parse_colour(bg)) < 7.0]
        assert not low, f"text below 7:1 on the phone page: {low}"

        # ---- Bo locks in face down: "Lås B?" first
        wrong = next(o for o in "ABCD" if o != right)
        bo.click(f"Kort {wrong}:")
        bo.wait_text(f"Låsa {wrong}?")
        assert bo.status() == f"Låsa {wrong}?"
        bo.shot("bo-confirm")
        bo.click("Ja")
        bo.wait_text(f"Ditt svar {wrong} är låst.")
        assert bo.status() == f"Ditt svar {wrong} är låst."      # the live region says so
        bo.shot("bo-locked")
        cy.wait_text("Har låst: Bo.", 10)
        assert f"Ditt svar {wrong}" not in cy.text
        assert cy.js("return document.getElementById('mine').textContent") == ""
        assert cy.js("return document.querySelectorAll('button.chosen').length") == 0
        cy.shot("cy-others")
        for phone in (cy, di):
            phone.click(f"Kort {right}:")
            phone.click("Ja")
            phone.wait_text(f"Ditt svar {right} är låst.")
        time.sleep(0.5)
        assert all("ätt svar var" not in p.text for p in phones.values())   # Ann is still out
        assert state()["game"]["level"] == 1
        host.type(right)
        host.type("ja")
        # the host reveals and asks the next question at once: the page shows the answers
        # as the last question's, beside the new one
        bo.wait_text(f"Förra frågan: rätt svar var {right}", 15)
        assert f"Du svarade {wrong}: fel." in bo.text
        cy.wait_text("Du hade rätt.", 10)
        bo.shot("bo-reveal")

        # ---- ask the audience: the others vote secretly (Ann, without a phone, aloud)
        q = question()
        assert q["level"] == 2
        player = state()["game"]["player"]
        assert player == "Ann"       # the player without a phone is asked first, aloud
        host.type("fråga publiken")
        state(lambda s: s["game"]["phase"] == "vote")
        voters = [p for p in ("Ann", *PHONES) if p != player]
        shot = False
        for name in voters:
            if name == "Ann":
                continue
            phone = phones[name]
            phone.wait_text("Din röst åt", 10)
            phone.click("Kort A:")
            if not shot:
                phone.shot("voter")
                shot = True
            phone.click("Ja")
            # the last card ends the vote, and the page moves on to the votes at once
            phone.wait_for(lambda p: "Ditt kort A är inlämnat." in p.text
                           or "Publikens kort:" in p.text, 10, "the card handed in")
        if "Ann" in voters:
            state(lambda s: s["game"]["phase"] != "vote" or s["game"]["speaker"] == "Ann")
            if state()["game"]["phase"] == "vote":
                host.type("B")
        state(lambda s: s["game"]["phase"] == "answer")
        watcher = phones[voters[-1]] if voters[-1] != "Ann" else phones[voters[0]]
        watcher.wait_text("Publikens kort:", 10)
        watcher.shot("audience")

        # ---- phone a friend: the chosen friend gets the question and taps a card
        friend = next(p for p in PHONES if p != player and p in phones)
        host.type("ring en vän")
        state(lambda s: s["game"]["phase"] == "pick_friend")
        host.type(friend)
        phones[friend].wait_text("ringer dig", 10)
        phones[friend].click("Kort C:")
        phones[friend].shot("friend")
        phones[friend].click("Ja")
        after = state(lambda s: s["game"]["phase"] == "answer" and s["game"]["lifeline"]
                      and s["game"]["lifeline"]["name"] == "phone_friend")
        assert after["game"]["lifeline"]["tip"] is None           # se: which card is not told
        phones[friend].wait_text("Vännens kort:", 10)
        phones[friend].shot("friend-cards")

        # ---- a phone drops mid-question and comes back to the same seat
        cy.open("about:blank")
        cy.open(url + "phone")
        cy.wait_text("Du är Cy.", 10)
        cy.wait_text(question()["text"], 10)
        if "Cy" != player:                              # still to answer: the seat is Cy's
            cy.click("Kort D:")
            cy.click("Ja")
            cy.wait_text("Ditt svar D är låst.", 10)

        # ---- the host restarts with --resume: the phones reconnect to the same seats
        level = state()["game"]["level"]
        assert host.close() == 0
        host = start(tmp_path, port, resume=True)
        assert join_code(host) == code
        for phone in phones.values():
            phone.wait_text(question()["text"], 30)
        assert state()["game"]["level"] == level
        bo.wait_text("Du är Bo.")
        for phone in phones.values():                       # connected again, and it says so
            phone.wait_for(lambda p: "Anslutningen bröts" not in p.status(), 30, "reconnected")
        assert "Rätt svar var" not in bo.text    # no earlier answers shown as if this question's
        assert "Har låst: Bo" not in bo.text and "Ditt svar" not in bo.text  # Bo is out: no card
        bo.shot("resumed")
        errors = [e for p in phones.values() for e in p.console_errors()]
        assert not [e for e in errors if "Failed to load resource" not in e], errors  # no script error
    finally:
        host.close()
        publish_screenshots(taken, SHOTS)


def test_a_phone_of_numbered_players_is_named_aloud_by_the_table(tmp_path):
    """Players not named: the page says the host is asking, the host asks the table who is on
    the phone that just joined, and the phone becomes the player the table names."""
    shots, taken = tmp_path / "screenshots", []
    phone = Phone("Player 2", shots, taken)
    port = free_port()
    host = Voicehost(["play", "--input", "text", "--lang", "en", "--phones", "--seed", "4",
                      "--display", f"127.0.0.1:{port}", "--save-file", str(tmp_path / "save.json")],
                     Path(__file__).resolve().parent.parent)
    try:
        host.type("2")                                       # how many are playing: two
        url, code = host.url(), join_code(host)
        phone.open(f"{url}phone?code={code}")                 # the QR code's address
        phone.click("Next")
        phone.wait_text("The host is asking who is on this phone. Answer aloud.", 10)
        assert phone.status() == "The host is asking who is on this phone. Answer aloud."
        assert not phone.js("return document.getElementById('names').hidden === false")
        phone.shot("who-joined-waiting")
        said = lambda: "\n".join(host.out)
        deadline = time.monotonic() + 20
        while "just joined" not in said() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "Who is on the phone that just joined? Player 1 or Player 2?" in said()
        host.type("two")
        phone.wait_text("You are Player 2.", 15)
        assert "Player 2 is on that phone now." in said()
        phone.wait_for(lambda p: p.js("return document.querySelectorAll('#options button').length") == 4,
                       15, "the question's four cards")
        phone.shot("who-joined-seated")
    finally:
        phone.close()
        host.proc.kill()
        host.proc.wait(10)
    publish_screenshots(taken, {"who-joined-waiting": "phones-who-joined-waiting.png",
                                "who-joined-seated": "phones-who-joined-seated.png"})
