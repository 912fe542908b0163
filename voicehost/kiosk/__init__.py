"""The kiosk: an unattended booth that invites passers-by, hosts one hot-seat game at a
time through the ordinary ``Host``, ends games whose player walked off or ran out of
time (through the engine's ``Abandon``), announces the winnings and the place on the
high-score table (``scores.py``, with its failures and their fixes in
``score_errors.py``), and keeps running through errors, lost devices and a dying speech
worker until it is sent SIGTERM or SIGHUP. ``booth.py`` is its state machine (attract,
playing, results, restarting, stopping), ``shutdown.py`` the stop flag every listen and
line checks. What keeps it running unattended: the rotating log (``logs.py``), the score
table's file kept usable (``score_file.py``: a damaged one moved aside, a removed one
made again), the status file that ``voicehost kiosk status`` reads (``status.py``,
written by ``heartbeat.py``, with how each run ended and the starts that failed:
``runs.py``) and the systemd notifications (``notify.py``).

May use voicehost.host, voicehost.game, voicehost.questions, voicehost.language,
voicehost.config and voicehost.errors; only ``voicehost.cli`` imports it. Devices
reach it only as a ``PlayerInput`` and a ``HostOutput`` opened by the command line
(voicehost.cli.kiosk), so it imports no sound, speech or voice code itself.
"""
