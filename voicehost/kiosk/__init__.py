"""The kiosk: an unattended booth that invites passers-by, plays one game at a
time, announces a place on the high-score table and keeps running for weeks.

It owns the kiosk session (attract, idle, results) and what the booth keeps
between games: the high-score table (``scores.py``). It may use
voicehost.host, voicehost.game, voicehost.questions, voicehost.language,
voicehost.config and voicehost.errors; only ``voicehost.cli`` imports it.
"""
