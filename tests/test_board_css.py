"""The board's colours and motion, read from its style sheet: every text/background pair a
theme defines has the contrast the theme promises (high_contrast: 7:1, WCAG 2.2 AAA 1.4.6;
normal: 4.5:1, AA), every rule draws a role's text on that role's background, and nothing
animates faster than once a second or when the player asks for less motion.
(``tests/test_board_page.py`` checks every text as Chromium draws it.)"""

from __future__ import annotations

import re
from importlib import resources

import pytest

CSS = resources.files("voicehost.display").joinpath("static", "board.css").read_text("utf-8")
MINIMUM = {"normal": 4.5, "high_contrast": 7.0}


def parse_colour(text: str) -> tuple[float, float, float]:
    """``#rrggbb`` or ``rgb(r, g, b)`` as 0..255 values."""
    text = text.strip()
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = re.match(r"rgba?\((\d+),\s*(\d+),\s*(\d+)", text).groups()
    return float(r), float(g), float(b)


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def theme(name: str) -> dict[str, str]:
    """The custom properties a theme block defines."""
    block = re.search(r':root\[data-theme="%s"\]\s*\{([^}]*)\}' % name, CSS).group(1)
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", block))


def test_the_contrast_of_a_known_pair():
    assert contrast(parse_colour("#ffffff"), parse_colour("#000000")) == pytest.approx(21)
    assert contrast(parse_colour("#777777"), parse_colour("#ffffff")) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("name", MINIMUM)
def test_every_text_and_background_pair_of_the_theme_has_its_contrast(name):
    colours = theme(name)
    roles = sorted(key[:-3] for key in colours if key.endswith("-fg"))
    assert len(roles) >= 15 and all(f"{role}-bg" in colours for role in roles)
    assert not [k for k in colours if k.endswith("-bg") and f"{k[:-3]}-fg" not in colours]
    low = {role: round(contrast(parse_colour(colours[f"{role}-fg"]),
                                parse_colour(colours[f"{role}-bg"])), 2)
           for role in roles}
    assert {r: v for r, v in low.items() if v < MINIMUM[name]} == {}, low


def test_both_themes_define_the_same_roles():
    assert set(theme("normal")) == set(theme("high_contrast"))


def test_every_rule_draws_a_roles_text_on_that_roles_background():
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", CSS):
        fg = re.search(r"(?<![-\w])color:\s*var\(--([\w-]+)-fg\)", body)
        bg = re.search(r"background(?:-color)?:\s*var\(--([\w-]+)-bg\)", body)
        if fg and bg:
            assert fg.group(1) == bg.group(1), selector.strip()
        for colour in re.findall(r"(?<![-\w])(?:color|background(?:-color)?):\s*([^;]+)", body):
            assert colour.startswith(("var(--", "inherit", "transparent")), (selector.strip(), colour)


def test_nothing_flashes_and_less_motion_stops_everything():
    for seconds in re.findall(r"animation:\s*[\w-]+\s+([\d.]+)s", CSS):
        assert float(seconds) >= 1.0  # a change a second at most; never three a second
    reduced = re.search(r"@media \(prefers-reduced-motion: reduce\)\s*\{(.*)\}\s*$", CSS, re.S).group(1)
    assert "animation: none !important" in reduced and "transition: none !important" in reduced


def test_text_sizes_are_relative_and_none_too_small_to_read_across_a_room():
    sizes = re.findall(r"font-size:\s*([^;]+);", CSS)
    assert all(s.endswith("rem") or s.startswith("calc(100%") for s in sizes), sizes
    rems = [float(s[:-3]) for s in sizes if s.endswith("rem")]
    assert min(rems) >= 1.25 and "px" not in "".join(sizes)
    question = re.search(r"\.question-text \{[^}]*font-size:\s*([\d.]+)rem", CSS).group(1)
    assert float(question) * 16 >= 0.04 * 1080  # 4% of a 1080p screen at the default size
