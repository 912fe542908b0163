"""Telling systemd how the kiosk is doing: the ``sd_notify`` datagram protocol.

When systemd starts a ``Type=notify`` service it puts the address of a socket
in ``$NOTIFY_SOCKET``: a file path, or an abstract-namespace name written with
a leading ``@`` (``@`` stands for the NUL byte that starts the real address).
A message is one datagram of newline-separated ``KEY=VALUE`` lines:
``READY=1`` once the devices are open, ``WATCHDOG=1`` while the main loop is
healthy (at least every ``WatchdogSec``/2, see ``watchdog_interval``),
``STOPPING=1`` on the way out, ``STATUS=...`` free text for ``systemctl status``.
See sd_notify(3); no library is needed for this.

Without ``$NOTIFY_SOCKET`` (run by hand, in tests, on a system without
systemd) ``notify`` does nothing and returns False, so the kiosk runs
unchanged everywhere.
"""

from __future__ import annotations

import os
import socket

SOCKET_VARIABLE = "NOTIFY_SOCKET"


def notify(message: str) -> bool:
    """Send ``message`` to the service manager; True if it was sent.

    False without ``$NOTIFY_SOCKET``, for an address this protocol does not
    speak (``vsock:``), and when sending fails (the manager went away): a
    notification is never worth stopping the kiosk for.
    """
    address = _address(os.environ.get(SOCKET_VARIABLE, ""))
    if address is None:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode("utf-8"))
    except OSError:
        return False
    return True


def _address(value: str) -> str | None:
    """The AF_UNIX address named by ``$NOTIFY_SOCKET``, or None when there is none to use."""
    if value.startswith("@") and len(value) > 1:
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None


def watchdog_interval() -> float | None:
    """Seconds between ``WATCHDOG=1`` messages: half of the unit's ``WatchdogSec``.

    None when the service manager expects none: no ``$WATCHDOG_USEC``, or a
    ``$WATCHDOG_PID`` naming another process.
    """
    pid = os.environ.get("WATCHDOG_PID")
    if pid and pid.strip() != str(os.getpid()):
        return None
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 2e6 if usec > 0 else None
