"""An input that wraps another passes on everything the host may ask of a player input.

The board's and the kiosk's wrappers once left out the phones' ``card_holders`` and ``seat``,
so with ``--display`` the host never learnt who had a phone: a wrapper that forgets a method
silently answers with the interface's default."""

from __future__ import annotations

import inspect

import pytest

from voicehost.display.devices import OverheardInput
from voicehost.host.player_input import PlayerInput
from voicehost.kiosk.idle import IdleWatch
from voicehost.phones.phone_input import PhoneInput

ASKED = [name for name, member in vars(PlayerInput).items()
         if inspect.isfunction(member) and not name.startswith("_") and name != "listen"]
"""What the host may ask of any input beside ``listen`` (which each wrapper does its own way)."""


def test_the_interface_has_the_methods_the_host_asks_for():
    assert {"card_holders", "seat", "hears", "close"} <= set(ASKED)


@pytest.mark.parametrize("wrapper", [OverheardInput, IdleWatch, PhoneInput])
def test_a_wrapper_passes_on_every_method(wrapper):
    missing = [name for name in ASKED if getattr(wrapper, name) is getattr(PlayerInput, name)]
    assert missing == [], f"{wrapper.__name__} answers {missing} with PlayerInput's defaults"
