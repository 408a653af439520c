"""Work finished on another thread (a background solver, a database listener) reaches a board
on the kernel's own event loop, where widget updates belong."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


def from_any_thread(callback: Callable[[], None]) -> Callable[[], None]:
    """A function that runs ``callback`` on the event loop running now (a notebook's kernel),
    whichever thread calls it; outside a running loop (a script, a test) it calls at once."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return callback

    def call() -> None:
        loop.call_soon_threadsafe(callback)

    return call
