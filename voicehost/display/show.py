"""The show on the screens: the whole state a page is sent, kept up to date as the host
plays, speaks and listens, and handed to ``publish`` each time it changes.

``Show`` is told everything from the host's side of the game, and nothing of it needs the
host to know: the game's events through ``write`` (it is a log, like the ``--events``
log), each line the host says through ``said`` and what it heard through ``heard``
(``devices.py`` wraps the host's output and input to tell it), and, from the kiosk, its
screens between games (``booth``). It calls ``publish(state)`` on the thread that told it;
``feed.Feed.publish`` takes it from there without waiting for any page.

The state (``state()``; every field in ``docs/display.md``)::

    {"version": 1, "seq": 7, "lang": "en", "screen": "title" | "game" | "attract" | "results",
     "caption": "What the host last said", "heard": "What it last heard",
     "game": {... board.follow ...} | null, "booth": {... kiosk screens ...} | null}

``seq`` is set by the feed. The later stages of a batch (``board.Stage``) wait for their
cue in what the host says, so the reveal is not on the screen before the host reveals it;
whatever still waits is shown when the host next listens (it has said everything then).
The phone call's clock starts when the host starts listening for the friend's answer, as
``host/call.py``'s does: ``game.call`` then has ``running``, the seconds ``left`` on the
host's clock and ``ends_at`` on the wall clock (seconds since the epoch), which a page
counts down to.
"""

from __future__ import annotations

import time
from typing import Callable

from ..game.engine import Game
from ..game.events import Event
from ..host.moments import Context, Moment
from ..host.player_input import Clock
from ..language.locale import Locale
from .board import Money, Stage, follow, synced

STATE_VERSION = 1
"""Raised when a field changes meaning or goes; new fields may come without it."""

SCREENS = ("title", "game", "attract", "results")
"""What a page shows: the title (no game yet), a game, and the kiosk's screens between games."""


class Show:
    def __init__(self, locale: Locale, publish: Callable[[dict], None], *, clock: Clock | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.locale = locale
        self.publish_state = publish
        self.clock = clock or Clock()
        self.wall = wall
        self.screen = "title"
        self.caption = ""
        self.heard_text = ""
        self.game: Game | None = None
        self.shown: dict | None = None
        """The ``game`` object on the screens."""
        self.waiting: list[Stage] = []
        """Later stages of the last batch, each waiting for its cue."""
        self.booth_screen: dict | None = None
        self.join_info: dict | None = None
        """How to join on a phone (``{"url", "code", "qr"}``), while the phones play."""
        self.call_started: float | None = None
        """When the phone call's clock started, on ``clock``."""

    # ------------------------------------------------------------------ what the screens get
    def state(self) -> dict:
        game = self.shown
        if game and game.get("call") and self.call_started is not None:
            call = game["call"]
            call["left"] = round(max(0.0, call["seconds"] - (self.clock.now() - self.call_started)), 3)
        return {"version": STATE_VERSION, "seq": 0, "lang": self.locale.code, "screen": self.screen,
                "caption": self.caption, "heard": self.heard_text, "game": game,
                "booth": self.booth_screen, "join": self.join_info}

    def publish(self) -> None:
        self.publish_state(self.state())

    def join(self, info: dict | None) -> None:
        """Show (or, with None, stop showing) how to join the game on a phone."""
        self.join_info = info
        self.publish()

    # ------------------------------------------------------------------ the game
    def begin(self, game: Game) -> None:
        """A game is on: a new one, a resumed one, or the kiosk's next. It is shown as it
        stands."""
        self.game, self.waiting, self.call_started = game, [], None
        self.shown = synced({}, game, Money(self.locale, game.edition.currency))
        self.screen, self.booth_screen, self.heard_text = "game", None, ""
        self.publish()

    def write(self, events: list[Event]) -> None:
        """The events of one batch (the host's log interface)."""
        if self.game is None:
            return
        self._show_waiting()
        stages = follow(self.shown, events, self.game, self.locale)
        self.shown, self.waiting = stages[0].game, list(stages[1:])
        if not self.shown.get("call"):
            self.call_started = None
        self.publish()

    # ------------------------------------------------------------------ the host's words and ears
    def said(self, text: str) -> None:
        """The host says ``text``: the caption, and any stage this line is the cue of."""
        self.caption = text
        said = text.casefold()
        cued = [i for i, stage in enumerate(self.waiting) if stage.cue and stage.cue.casefold() in said]
        if cued:
            self.shown = self.waiting[cued[-1]].game
            del self.waiting[:cued[-1] + 1]
        self.publish()

    def listening(self, context: Context) -> None:
        """The host listens: it has said all it had to say, so every stage still waiting is
        shown; in a phone call, the clock starts."""
        changed = self._show_waiting()
        call = (self.shown or {}).get("call")
        if context.moment is Moment.CALL and call and not call["running"]:
            self.call_started = self.clock.now()
            call.update(running=True, left=float(call["seconds"]),
                        ends_at=round(self.wall() + call["seconds"], 3))
            changed = True
        if changed:
            self.publish()

    def heard(self, text: str) -> None:
        """The host heard ``text`` (typed, pressed or spoken, understood or not)."""
        self.heard_text = text
        self.publish()

    def _show_waiting(self) -> bool:
        if not self.waiting:
            return False
        self.shown, self.waiting = self.waiting[-1].game, []
        return True

    # ------------------------------------------------------------------ the kiosk
    def booth(self, screen: str, booth: dict) -> None:
        """A kiosk screen between games: ``attract`` or ``results``, with its ``booth``
        object (see ``docs/display.md``)."""
        if screen not in SCREENS:
            raise ValueError(f"no screen {screen!r}; there are {', '.join(SCREENS)}")
        self.screen, self.booth_screen = screen, booth
        if screen == "attract":
            self.game, self.shown, self.waiting, self.heard_text = None, None, [], ""
        self.publish()
