"""Voice mode: speech and audio put behind the host's input and output
interfaces (``VoiceInput``, ``SpokenOutput``), and the devices opened from
the settings.

The one part that may use both ``voicehost.host`` and ``voicehost.speech``.
"""
