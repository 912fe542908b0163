"""How the host names the keys players press: "Press 2 for B, then Enter".

Pure: the spoken names come from the locale (``key_names``; a letter key is said in
capitals), the keys from ``input.keys``. The narrator uses these when players have keys,
so its lines say what to press, or (beside a microphone) what to say or press.
"""

from __future__ import annotations

from ..language.locale import Locale


class KeyWords:
    def __init__(self, locale: Locale, keys: dict[str, str] | None = None,
                 only_keys: bool = False) -> None:
        self.loc = locale
        self.keys = keys
        """Action -> the key players press for it (``KeyMap.first_keys``); None: no keys."""
        self.only_keys = only_keys and keys is not None
        """Players answer only with keys: say what to press, not what to say."""

    @property
    def active(self) -> bool:
        return self.keys is not None

    def fields(self) -> dict[str, str]:
        """``key_ACTION`` -> the spoken name of the action's key ("1", "Enter", "minus"), the
        fields of the key lines (``{key_A}``, ``{key_confirm}``)."""
        names = self.loc.data.get("key_names", {})
        unbound = self.loc.line("key_unbound")
        return {f"key_{a}": str(names.get(k, k.upper())) if k else unbound
                for a, k in (self.keys or {}).items()}

    def keyed(self, key: str) -> str:
        """The line ``key``, or its ``_keys`` variant (what to press) when players answer
        only with keys."""
        return key + "_keys" if self.only_keys else key

    def how_to_play(self) -> str:
        """The line that says how to answer."""
        if not self.active:
            return "how_to_play"
        return "how_to_play_keys" if self.only_keys else "how_to_play_voice_keys"

    def help(self, moment: str, lifelines: tuple[str, ...], can_walk: bool) -> str:
        """The keys for what can be done now (``help_keys``, starting with a space): only the
        lifelines left, taking the money only when it is allowed."""
        keys = self.fields()
        lifeline_keys = "".join(self.loc.line("help_key_lifeline", press=keys[f"key_{n}"],
                                              lifeline=self.loc.lifeline(n))
                                for n in lifelines if f"key_{n}" in keys)
        walk = self.loc.line("help_key_walk", **keys) if can_walk else ""
        return self.loc.line(f"help_keys.{moment}", lifeline_keys=lifeline_keys, walk_key=walk, **keys)
