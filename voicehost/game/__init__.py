"""The rules engine: a pure state machine of the game, driven by commands.

Owns the ladder, the bank, the lifelines, the editions (as data), the rules,
turns, the events the engine returns and the snapshot a save is made of.
Imports nothing of voicehost's outside itself except ``voicehost.errors``: no
audio, terminal, file or clock code.
"""
