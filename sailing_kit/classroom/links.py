"""The address students' devices reach, a table's join link and its QR code."""

from __future__ import annotations

import html
import socket
from urllib.parse import quote

import segno

LOCAL_ONLY = ("127.0.0.1", "localhost", "::1")


def local_address() -> str:
    """This machine's address on the network the students' devices reach (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def class_address(ip: str, port: int, public_url: str | None = None, base: str = "/") -> str:
    """The class's address for students, without a trailing slash: ``public_url`` if given
    (behind a proxy or a hub), else this machine's network address (``localhost`` only when
    the server listens only there)."""
    if public_url:
        return public_url.rstrip("/")
    host = ip if ip not in ("", "0.0.0.0", "::") else local_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}{base.rstrip('/')}"


def join_link(address: str, code: str) -> str:
    """The link that opens the join page with ``code`` filled in."""
    return f"{address}/?code={quote(code)}"


def qr_svg(text: str, scale: int = 3) -> str:
    """``text`` as a QR code, an inline SVG element (black on white, a quiet border)."""
    svg = segno.make(text, error="m").svg_inline(scale=scale)
    return f"<span role='img' aria-label='QR code: {html.escape(text)}'>{svg}</span>"
