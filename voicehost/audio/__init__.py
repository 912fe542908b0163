"""Sound devices: microphones and sound outputs (interfaces, device-backed and
file-backed), PCM and WAV helpers, and the host's generated effects.

Knows nothing of games or speech; imports only ``voicehost.errors``.
"""
