"""Phones as the players' secret card displays: the rulebooks' face-down cards (the table's
answers, the audience's votes, the friend's card) set on each player's own phone.

Owns: the secrecy rules (``secrecy.py``: what each player's phone may see, and which card
it may hand in, when), the seats (``seats.py``: the game's join code and each player's
token), the guards against guessing and floods (``guard.py``), the hub between the web
server's threads and the host (``hub.py``), the phones as a ``PlayerInput``
(``phone_input.py``), their web routes on the board's server (``web.py``, with
``static/``) and the join QR code (``qr.py``).

May import: the game, the words, the settings, the board's server (``display``) and of the
host only its interfaces (``PlayerInput``, ``Heard``, the moments). The host and the engine
never import this: a phone reaches the game only as a command handed to the host by its
``PlayerInput``, as a typed answer does.
"""
