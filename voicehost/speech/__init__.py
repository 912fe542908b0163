"""Speech in and out: text-to-speech (with its worker process), the speaker that
plays it, speech detection, the recognisers and their model catalogue, and the
listener that turns microphone audio into a transcript.

May use ``voicehost.audio``, ``voicehost.language`` and ``voicehost.config``;
never the host or the game.
"""
