"""The words: locale files (every line the host says, every phrase a player may
say), number words, and how written text is spoken.

Used by the host, speech and the question checks; imports nothing of
voicehost's outside itself except ``voicehost.errors``.
"""
