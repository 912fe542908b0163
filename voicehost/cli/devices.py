"""``voicehost devices``: the sound devices here (``voicehost voices`` is in ``voices.py``)."""

from __future__ import annotations

import argparse

DEVICES_EPILOG = """example:
  voicehost devices
  then put a microphone's index or part of its name in audio.input_device (config.yaml)
"""


def add_devices_commands(sub) -> None:
    p = sub.add_parser("devices", help="list microphones and speakers", epilog=DEVICES_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run_devices)


def run_devices(args) -> int:
    from ..audio.devices import format_devices, list_devices
    print(format_devices(list_devices()))
    return 0

