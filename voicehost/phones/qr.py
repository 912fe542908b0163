"""The join QR code, made here (segno: a small pure-Python QR encoder, no network) as SVG."""

from __future__ import annotations

import io

import segno


def qr_svg(text: str) -> str:
    """``text`` (the join address) as a QR code in SVG, black on white with a quiet zone."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=8, border=4, dark="#000000", light="#ffffff",
              xmldecl=False, svgns=True, title=None)
    return out.getvalue().decode("utf-8")
