"""Import a game's boards on first use, so importing its rules never pulls in Jupyter."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def board_attributes(package: str, *names: str) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``package`` that fetches ``names`` (``"Board"``, ...)
    from ``package.board`` when first asked for."""

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(import_module(f"{package}.board"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
