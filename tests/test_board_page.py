"""The game board in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) looks at ``voicehost play --display`` while a typed game is played,
and checks what it shows after each step, a screenshot a step under the test's folder.

Also: deck text and names with HTML show as text and run nothing (the page's policy
allows no inline script); the page comes back by itself when the server does; every text
on the page meets its theme's contrast; nothing moves when the player asks for less
motion; the kiosk's screens between games. ``VOICEHOST_SCREENSHOTS=docs/screenshots``
copies the README's pictures there (``publish_screenshots``).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import yaml

from voicehost.display.feed import Feed
from voicehost.display.live import page_texts
from voicehost.display.server import BoardServer, Page
from voicehost.language.locale import Locale
from voicehost.questions.deck import bundled_deck_paths, load_decks

from .board_pages import Browser, EventStream, Voicehost, browser_missing, publish_screenshots
from .test_board_css import contrast, parse_colour

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")]

LETTERS = "ABCD"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    chromium = Browser(tmp_path_factory.mktemp("screens"))
    yield chromium
    chromium.close()


@pytest.fixture
def shots(browser, tmp_path):
    """Screenshots of this test under its own folder."""
    browser.shots, browser.taken = tmp_path / "screenshots", []
    browser.shots.mkdir()
    browser.screen(1920, 1080)
    return browser


def config(tmp_path: Path, language: str, **extra: str) -> Path:
    lines = [f"game:\n  language: {language}\n  save_file: {tmp_path / 'save.json'}\n  rounds: 1",
             "lifelines:\n  phone: real\n  call_seconds: 12\n  two_player_rules: false\n"
             "  table_votes: false"]
    lines += [f"{section}:\n{body}" for section, body in extra.items()]
    path = tmp_path / "config.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


class Game:
    """The game being played: what to type, knowing each question's answer from the deck."""

    def __init__(self, host: Voicehost, url: str, language: str) -> None:
        self.host, self.url = host, url
        self.locale = Locale.load(language)
        self.ph = self.locale.phrases
        self.deck = {q.id: q for q in load_decks([str(p) for p in bundled_deck_paths()])}

    def state(self, check=lambda s: True, timeout: float = 10.0) -> dict:
        return self.host.wait_state(self.url, check, timeout)

    def say(self, *lines: str) -> None:
        for line in lines:
            self.host.type(line)

    def letter(self, right: bool = True) -> str:
        q = self.state(lambda s: s["game"] and s["game"]["question"])["game"]["question"]
        answer = self.deck[q["id"]].answer
        open_ = [o["letter"] for o in q["options"] if o["mark"] not in ("removed",)]
        return self.ph["letters"][answer if right else next(o for o in open_ if o != answer)][0]

    def phrase(self, *path: str) -> str:
        node = self.ph
        for part in path:
            node = node[part]
        return node[0]


def options(browser: Browser) -> dict[str, str]:
    """Each option's letter and its class names on the page."""
    return browser.js("return Object.fromEntries([...document.querySelectorAll('.option')]"
                      ".map(li => [li.dataset.letter, li.className]))")


def check_contrast(browser: Browser, minimum: float) -> None:
    """Every visible text on the page against the colour it is drawn on, in the browser."""
    pairs = browser.js(CONTRAST_JS)
    assert pairs, "no text found"
    low = [(text, fg, bg, round(contrast(parse_colour(fg), parse_colour(bg)), 2))
           for text, fg, bg in pairs if contrast(parse_colour(fg), parse_colour(bg)) < minimum]
    assert not low, f"texts below {minimum}:1: {low[:10]}"


CONTRAST_JS = """
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  if (!node.textContent.trim() || !el.getClientRects().length) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
  let bg = null;
  for (let up = el; up; up = up.parentElement) {
    const b = getComputedStyle(up).backgroundColor;
    if (b && b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') { bg = b; break; }
  }
  out.push([node.textContent.trim().slice(0, 40), style.color, bg || getComputedStyle(document.documentElement).backgroundColor]);
}
return out;
"""


@pytest.mark.parametrize("language,theme", [("en", "normal"), ("sv", "high_contrast")])
def test_a_whole_game_on_the_board(shots, tmp_path, language, theme):
    browser = shots
    path = config(tmp_path, language, display=f"  theme: {theme}")
    host = Voicehost(["play", "--config", str(path), "--input", "text", "--players", "Ann,Bo",
                      "--seed", "4", "--display", "127.0.0.1:0"], tmp_path,
                     {"XDG_STATE_HOME": str(tmp_path / "state")})
    try:
        url = host.url()
        assert url.startswith("http://127.0.0.1:")
        game = Game(host, url, language)
        texts = page_texts(game.locale)
        browser.open(url)

        # 1. The first question, readable across the room, in the game's language
        first = game.state(lambda s: s["game"] and s["game"]["question"] and s["caption"])
        question = first["game"]["question"]["text"]
        browser.wait_text(question)
        assert browser.js("return document.documentElement.lang") == language
        assert browser.js("return document.documentElement.dataset.theme") == theme
        size = browser.js("return parseFloat(getComputedStyle(document.querySelector"
                          "('.question-text')).fontSize)")
        assert size >= 0.04 * 1080, f"the question is {size}px high, under 4% of 1080"
        assert browser.js("return document.querySelectorAll('ol.options > li').length") == 4
        assert browser.js("return [...document.querySelectorAll('h1, h2')].length") >= 4
        assert browser.js("return document.querySelectorAll('h1').length") == 1
        ids = browser.js("return [...document.querySelectorAll('[id]')].map(e => e.id)")
        assert len(ids) == len(set(ids)), "an id twice"
        assert browser.js("return [...document.querySelectorAll('[aria-labelledby]')].every("
                          "e => document.getElementById(e.getAttribute('aria-labelledby')))")
        assert browser.js("return document.querySelectorAll('table.players th[scope=col]').length") == 5
        assert browser.js("return document.getElementById('caption').getAttribute('aria-live')") == "polite"
        browser.wait_for(lambda b: b.js("return document.getElementById('caption').textContent") ==
                         game.state()["caption"], what="the host's last line as the caption")
        browser.shot("question")

        # 2. The first player's answer awaits "final answer?"
        game.say(game.letter())
        browser.wait_for(lambda b: "mark-pending" in " ".join(options(b).values()), what="pending")
        browser.wait_text(texts["mark"]["pending"])
        browser.wait_text(texts["heard"].format(text=game.letter()))
        browser.shot("pending")

        # 3. Locked in: a secret at the table; the second player's turn
        game.say(game.phrase("yes"))
        browser.wait_text(texts["locked_in"])
        assert "mark-locked" not in " ".join(options(browser).values())
        browser.shot("locked")

        # 4. A fifty-fifty: two wrong options struck out, the lifeline crossed out
        game.say(game.phrase("lifeline", "fifty_fifty"))
        browser.wait_for(lambda b: " ".join(options(b).values()).count("mark-removed") == 2,
                         what="two options removed")
        struck = browser.js("return getComputedStyle(document.querySelector('.mark-removed "
                            ".option-text')).textDecorationLine")
        assert "line-through" in struck
        assert browser.js("return document.querySelectorAll('.player.turn .lifeline.used').length") == 1
        browser.wait_text(texts["mark"]["removed"])
        browser.shot("fifty-fifty")

        # 5. Both right: question 2, the ladder one rung up, the money this round
        game.say(game.letter(), game.phrase("yes"))
        second = game.state(lambda s: s["game"]["level"] == 2)
        browser.wait_text(second["game"]["question"]["text"])
        current = browser.js("return document.querySelector('.rung.current .rung-level').textContent")
        assert current.strip() == "2"
        won = second["game"]["players"][0]["won"]["text"]
        browser.wait_for(lambda b: won in b.js("return document.querySelector('tbody tr').innerText"),
                         what=f"{won} this round for the first player")
        assert browser.js("return [...document.querySelectorAll('thead th')].map(th => th.textContent)") == [
            texts["players"], texts["this_round"], texts["banked"], texts["lifelines"], texts["status"]]
        browser.shot("ladder")

        # 6. The audience is asked (the second player starts this time): a bar chart
        game.say(game.phrase("lifeline", "ask_audience"))
        browser.wait_for(lambda b: b.js("return document.querySelectorAll('.vote').length") == 4,
                         what="the audience's votes")
        shares = browser.js("return [...document.querySelectorAll('.vote-percent')].map(e => e.textContent)")
        assert sum(int(re.sub(r"\D", "", s)) for s in shares) == 100
        heights = browser.js("return [...document.querySelectorAll('.vote-bar')].map(e => e.getBoundingClientRect().height)")
        assert max(heights) > 0
        browser.shot("audience")

        # 7. A right answer, then a real call: the countdown, urgent in the last ten
        game.say(game.letter(), game.phrase("yes"), game.phrase("lifeline", "phone_friend"))
        game.state(lambda s: (s["game"]["call"] or {}).get("running"), timeout=20)
        number = browser.wait_for(lambda b: b.js(
            "const n = document.getElementById('countdown-number'); return n && n.textContent"),
            what="the countdown")
        assert 0 < int(number) <= 12
        browser.wait_for(lambda b: b.js("return document.getElementById('countdown')"
                                        ".classList.contains('urgent')"), timeout=6, what="urgent")
        later = int(browser.js("return document.getElementById('countdown-number').textContent"))
        assert later <= 10 and later < int(number)
        assert float(browser.js("return parseFloat(getComputedStyle(document.getElementById"
                                "('countdown-number')).fontSize)")) >= 100
        browser.shot("countdown")

        # 8. Stop the clock; a wrong answer: that player is out, the other goes on alone
        game.say(game.phrase("stop_clock"))
        game.state(lambda s: s["game"]["call"] is None)
        game.say(game.letter(right=False), game.phrase("yes"))
        game.state(lambda s: s["game"]["level"] == 3)
        browser.wait_for(lambda b: b.js("return document.querySelectorAll('.player.out').length") == 1,
                         what="Bo out")
        browser.shot("out")

        # 9. Taking the money is thought of, then a wrong answer: the reveal and the end
        game.say(game.phrase("walk_away"))
        walk = game.state(lambda s: s["game"]["walk"])["game"]["walk"]["text"]
        browser.wait_text(texts["walk"].format(amount=walk))
        browser.shot("walk")
        game.say(game.phrase("no"), game.letter(right=False), game.phrase("yes"))
        browser.wait_text(texts["over"], timeout=10)
        marks = " ".join(options(browser).values())
        assert "mark-right" in marks and "mark-wrong" in marks
        browser.wait_text(texts["mark"]["right"])
        browser.wait_text(texts["mark"]["wrong"])
        browser.shot("over")
        check_contrast(browser, 7.0 if theme == "high_contrast" else 4.5)
        assert not [e for e in browser.console_errors() if "/events" not in e]
    finally:
        status = host.close()
    assert status == 0, "\n".join(host.err)
    # voicehost has gone: the page says it waits, over the game's end
    browser.wait_for(lambda b: b.js("return document.documentElement.classList.contains('away')"),
                     timeout=8, what="waiting for the host")
    assert texts["over"] in browser.text
    browser.shot("after")
    publish_screenshots(browser.taken, {
        "pending": f"game-{language}-{theme}-1-final-answer.png",
        "fifty-fifty": f"game-{language}-{theme}-2-fifty-fifty.png",
        "audience": f"game-{language}-{theme}-3-audience.png",
        "countdown": f"game-{language}-{theme}-4-countdown.png",
        "over": f"game-{language}-{theme}-5-over.png"})


HOSTILE = "<script>document.title='pwned';window.pwned=1</script><b>bold</b><img src=x onerror=\"window.pwned=2\">"


def hostile_deck(path: Path) -> Path:
    """Every question and option with markup and script in it; B is right."""
    questions = [{"id": f"h{level:02d}", "level": level, "question": f"{HOSTILE} Question {level}?",
                  "options": {"A": f"<i>A{level}</i>", "B": HOSTILE, "C": f"&amp; C{level}",
                              "D": f"</li></ol><h1>D{level}</h1>"},
                  "answer": "B"} for level in range(1, 16)]
    path.write_text(yaml.safe_dump({"name": "hostile", "language": "en", "questions": questions},
                                   allow_unicode=True))
    return path


def test_deck_text_and_names_with_html_show_as_text_and_run_nothing(shots, tmp_path):
    browser = shots
    deck = hostile_deck(tmp_path / "hostile.yaml")
    path = tmp_path / "config.yaml"
    path.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n"
                    "  rounds: 1\n  confirm_answers: false\n")
    name = "<img src=x onerror=window.pwned=3>Zoë"
    host = Voicehost(["play", "--config", str(path), "--input", "text", "--players",
                      f"{name},Bo", "--seed", "1", "--display", "127.0.0.1:0"], tmp_path)
    try:
        url = host.url()
        browser.open(url)
        host.wait_state(url, lambda s: s["game"] and s["game"]["question"])
        browser.wait_text(HOSTILE + " Question 1?")
        browser.wait_text(name)
        host.type("b")
        browser.wait_text(texts_heard := "I heard: b")
        assert browser.js("return window.pwned === undefined")
        assert browser.js("return document.title") == "Who Wants to Be a Millionaire?"
        inner = browser.js("return document.querySelector('.question-text').innerHTML")
        assert "&lt;script&gt;" in inner and "<script" not in inner
        assert browser.js("return document.querySelectorAll('main script, main img, main b, "
                          "main i, main h1').length") == 0
        assert browser.js("return document.querySelectorAll('ol.options > li').length") == 4
        assert "&amp; C1" in browser.text and "</li></ol><h1>D1</h1>" in browser.text
        browser.shot("hostile")
        assert texts_heard in browser.text
    finally:
        host.close()


def test_the_policy_stops_script_the_page_did_not_bring(shots):
    """Even markup that got into the page could run nothing: the policy forbids inline
    script and any other source (checked by putting some in, as an attacker would)."""
    browser = shots
    feed = Feed()
    server = BoardServer("127.0.0.1", 0, feed, Page("en", page_texts(Locale.load("en"))))
    server.start()
    try:
        browser.open(f"http://127.0.0.1:{server.port}/")
        browser.js("""
            const s = document.createElement('script'); s.textContent = 'window.pwned = 1';
            document.body.append(s);
            const r = document.createElement('script'); r.src = 'https://example.com/x.js';
            document.body.append(r);
            document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.pwned=2">');
        """)
        time.sleep(0.5)
        assert browser.js("return window.pwned === undefined")
        assert any("Content Security Policy" in e for e in browser.console_errors())
    finally:
        feed.close()
        server.stop()


def test_the_page_comes_back_by_itself_when_voicehost_does(shots):
    browser = shots
    locale = Locale.load("en")
    feed = Feed()
    feed.publish({"version": 1, "screen": "title", "lang": "en", "caption": "First run",
                  "heard": "", "game": None, "booth": None})
    server = BoardServer("127.0.0.1", 0, feed, Page("en", page_texts(locale)))
    port = server.port
    server.start()
    browser.open(f"http://127.0.0.1:{port}/")
    browser.wait_text("First run")
    server.stop()
    browser.wait_for(lambda b: b.js("return document.documentElement.classList.contains('away')"),
                     timeout=6, what="waiting for the host")
    assert "Waiting for the host" in browser.text and "First run" in browser.text
    browser.shot("away")
    time.sleep(1.5)  # the page keeps trying while nobody answers
    again = Feed()
    again.publish({"version": 1, "screen": "title", "lang": "en", "caption": "Back again",
                   "heard": "", "game": None, "booth": None})
    restarted = BoardServer("127.0.0.1", port, again, Page("en", page_texts(locale)))
    restarted.start()
    started = time.monotonic()
    try:
        browser.wait_text("Back again", timeout=5)
        assert time.monotonic() - started < 5
        browser.wait_for(lambda b: not b.js("return document.documentElement.classList.contains('away')"),
                         what="no longer waiting")
        browser.shot("back")
    finally:
        again.close()
        restarted.stop()


def test_nothing_moves_when_less_motion_is_asked_for(shots, tmp_path):
    browser = shots
    host = Voicehost(["play", "--config", str(config(tmp_path, "en")), "--input", "text",
                      "--players", "Ann", "--seed", "3", "--display", "127.0.0.1:0"], tmp_path)
    try:
        url = host.url()
        game = Game(host, url, "en")
        browser.open(url)
        game.state(lambda s: s["game"] and s["game"]["question"])
        game.say(game.phrase("lifeline", "phone_friend"))
        game.state(lambda s: (s["game"]["call"] or {}).get("running"), timeout=20)
        browser.wait_for(lambda b: b.js("return document.getElementById('countdown')"
                                        ".classList.contains('urgent')"), timeout=6, what="urgent")
        assert browser.js("return document.getAnimations().length") > 0  # the heartbeat, 1/s
        browser.reduced_motion(True)
        time.sleep(0.2)
        assert browser.js("return document.getAnimations().length") == 0
        durations = browser.js("return [...document.querySelectorAll('.option, .rung, .vote-bar')]"
                               ".map(e => getComputedStyle(e).transitionDuration)")
        assert durations and set(durations) == {"0s"}
        browser.reduced_motion(False)
    finally:
        host.close()


def test_scale_and_zoom_make_everything_bigger(shots, tmp_path):
    browser = shots
    feed = Feed()
    feed.publish({"version": 1, "screen": "title", "lang": "en", "caption": "Hello",
                  "heard": "", "game": None, "booth": None})
    server = BoardServer("127.0.0.1", 0, feed, Page("en", page_texts(Locale.load("en")), scale=1.5))
    server.start()
    try:
        url = f"http://127.0.0.1:{server.port}/"
        browser.open(url)
        browser.wait_text("Hello")
        caption = "return parseFloat(getComputedStyle(document.getElementById('caption')).fontSize)"
        big = browser.js(caption)
        browser.open(url + "?scale=1")
        browser.wait_text("Hello")
        assert big == pytest.approx(1.5 * browser.js(caption))
        browser.js("document.documentElement.style.fontSize = '200%'")  # as browser zoom and a
        assert browser.js(caption) == pytest.approx(2 * big / 1.5)   # bigger default font do
    finally:
        feed.close()
        server.stop()


def test_the_kiosks_invitation_and_scores_between_games(shots, tmp_path):
    browser = shots
    path = tmp_path / "config.yaml"
    path.write_text("kiosk:\n  attract_every_seconds: 3600\n")
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    host = Voicehost(["kiosk", "--config", str(path), "--input", "text", "--seed", "8",
                      "--display", "127.0.0.1:0"], tmp_path, env)
    try:
        url = host.url()
        browser.open(url)
        texts = page_texts(Locale.load("en"))
        browser.wait_text(texts["today"])
        browser.wait_text("press any answer key")
        browser.wait_text(texts["no_games"])
        game = Game(host, url, "en")
        for number, right in ((1, 2), (2, 3), (3, 1)):  # three visitors, each walking away
            stream = EventStream(url)
            host.type("play")
            game.state(lambda s: s["screen"] == "game" and s["game"]["question"])
            for level in range(1, right + 1):
                host.type(game.letter())
                host.type("y")
                game.state(lambda s: s["game"] and s["game"]["level"] == level + 1)
            host.type(game.phrase("walk_away"))
            host.type("y")
            seen = stream.states(lambda s: s["screen"] == "results", time.monotonic() + 10)
            stream.close()
            result = seen[-1]["booth"]["result"]
            assert (result["player"], result["today_games"]) == (f"player {number} of today", number)
            game.state(lambda s: s["screen"] == "attract" and len(s["booth"]["today"]) == number)
        attract = game.state(lambda s: True)["booth"]
        assert [r["amount"] for r in attract["today"]] == [3000, 2000, 1000]
        assert [r["player"] for r in attract["today"]] == ["player 2 of today", "player 1 of today",
                                                           "player 3 of today"]
        browser.wait_text(attract["today"][-1]["player"])
        assert browser.js("return document.querySelectorAll('.score').length") == 6
        browser.shot("attract")
        check_contrast(browser, 4.5)
    finally:
        host.close()
    publish_screenshots(browser.taken, {"attract": "kiosk-en-attract.png"})
