"""The display: the game on a screen, live, for a TV, the booth and low-vision players.

A web page served from the voicehost process follows the game as the show's graphics do:
the question and options, the money ladder, the players, the lifelines and what came of
them, the phone call's clock, a caption of what the host said and what it heard, and
between kiosk games the invitation and the high scores. The host still says everything;
the page only shows it, and accepts nothing back.

``board.py`` builds the board's ``game`` object from the game's events (one function,
``follow``); ``show.py`` keeps the whole state a page is sent (the game, the caption,
what was heard, the kiosk's screens); ``devices.py`` wraps the host's output and input to
tell it what is said and heard; ``feed.py`` numbers the states and holds them for the
pages; ``server.py`` serves the page (``static/``: one HTML file, one style sheet, one
script) and pushes the states as server-sent events; ``live.py`` opens all of it from the
settings (``display:`` in config.yaml, ``--display``). The state's fields are in
``docs/display.md``.

May use voicehost.host (its interfaces, moments and clock), voicehost.game,
voicehost.language, voicehost.config and voicehost.errors, and the standard library; no
sound, speech, voice or terminal code. Only ``voicehost.cli`` imports it: the kiosk tells
it of its screens through ``voicehost.kiosk.watch`` without knowing it is there.
"""
