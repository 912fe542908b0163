"""Test doubles shipped with the package, as python-chess ships its test engine:
a scripted recogniser and player input, a memory microphone, recording
outputs, synthetic player voices and simulated players (``voicehost demo``).

May use the host, speech and audio interfaces; nothing but the command line
and tests uses it.
"""
