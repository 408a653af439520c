"""Reading what a browser or a program sends the class server, before anything else happens:
bodies and messages of bounded size, JSON of bounded depth with no lone surrogate, the browser's
signed id, and the client's address (``X-Forwarded-For`` only from a trusted proxy).
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any

from sailing_kit.core.i18n import _

BODY_LIMIT = 64 * 1024
"""The largest request body or WebSocket message, in bytes."""
DEPTH_LIMIT = 6
"""The deepest nesting of JSON taken (an attempt record inside a request is two levels)."""


class BadInput(ValueError):
    """Input refused before it was used (HTTP 400, or 413 when too large)."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def read_json(raw: bytes | str, limit: int = BODY_LIMIT) -> dict[str, Any]:
    """A JSON object of at most ``limit`` bytes, nested at most :data:`DEPTH_LIMIT` deep, with
    no lone surrogate in any text; BadInput (naming the field) otherwise."""
    if len(raw) > limit:
        raise BadInput(_("the request is larger than {size} KB", size=limit // 1024), 413)
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text)
    except UnicodeDecodeError:
        raise BadInput(_("the request is not UTF-8 text")) from None
    except (ValueError, RecursionError):
        raise BadInput(_("the request is not JSON (or is nested too deep)")) from None
    if not isinstance(data, dict):
        raise BadInput(_("expected a JSON object"))
    _check(data, "", 0)
    return data


def _check(value: Any, path: str, depth: int) -> None:
    if depth > DEPTH_LIMIT:
        raise BadInput(_("the request is nested more than {count} levels deep", count=DEPTH_LIMIT))
    if isinstance(value, str):
        _text(value, path)
    elif isinstance(value, dict):
        for key, item in value.items():
            _text(key, path, name=True)
            _check(item, f"{path}.{key}" if path else key, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check(item, f"{path}[{index}]", depth + 1)


def _text(text: str, path: str, name: bool = False) -> None:
    """BadInput if ``text`` (at ``path``, or a field name there if ``name``) is not UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        where = path or _("the request")
        raise BadInput(_("a field name in {field} holds a lone surrogate (not text)", field=where)
                       if name else _("field {field} holds a lone surrogate (not text)",
                                      field=repr(where))) from None


def client_address(peer: str | None, forwarded: str | None, trusted: frozenset[str]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the last address
    that proxy added to ``X-Forwarded-For``."""
    peer = peer or "?"
    if peer in trusted and forwarded:
        last = forwarded.split(",")[-1].strip()[:64]
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return peer
    return peer
