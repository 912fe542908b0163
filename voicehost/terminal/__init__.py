"""The terminal: typed lines (``KeyboardInput``, ``keyboard.py``), single key presses
from a keypad or a box of arcade buttons (``KeyInput`` in ``key_input.py``, reading through
``KeyReader``, ``key_reader.py``, which puts a terminal in cbreak mode and always back), and
the screen (``ScreenOutput``, ``screen.py``): the host's ``PlayerInput`` and ``HostOutput``
for a keyboard and a screen, beside the voice.

May use voicehost.host (the interfaces it implements, the key map) and below; nothing
of sound or speech. Used by voicehost.voice (keys beside a microphone) and the command
line.
"""
