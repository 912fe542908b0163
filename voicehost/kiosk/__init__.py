"""The kiosk: an unattended booth that invites, plays, resets and keeps running for weeks.

Owns the kiosk session and what keeps it running unattended: the rotating
log (``logs.py``), the status file that ``voicehost kiosk status`` reads
(``status.py``) and the systemd notifications (``notify.py``).

May import voicehost.host, voicehost.game, voicehost.questions,
voicehost.language and voicehost.config, and voice, speech and audio only
where needed; only voicehost.cli imports it.
"""
