"""Widgets without a kernel: the class server runs every seat's board (an ipywidgets tree) in its
own process, and :mod:`sailing_kit.classroom.mirror` reads what the board shows.

ipywidgets 8 with the ``comm`` package gives every widget a comm even with no kernel; by default
each comm and each widget is kept in a global registry for ever (a kernel would need them to
answer its front end). :func:`install` gives widgets comms of their own that nothing registers,
and makes the widget registry weak, so a board nobody looks at any more is freed like any object.
"""

from __future__ import annotations

import weakref
from typing import Any

import comm
from comm.base_comm import BaseComm


class HeadlessComm(BaseComm):
    """A comm that sends nothing and is registered nowhere (its widget owns it)."""

    kernel = None
    """No kernel: ipywidgets then skips serializing a widget's state at every change."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        """No front end listens: what a board shows is read by the mirror instead."""

    def open(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self._closed = False

    def close(self, data: Any = None, metadata: Any = None, buffers: Any = None,
              deleting: bool = False) -> None:
        self._closed = True


def install() -> None:
    """Make widgets of this process kernel-free and collectable (idempotent)."""
    import ipywidgets.widgets.widget as widget_module

    comm.create_comm = HeadlessComm
    if not isinstance(widget_module._instances, weakref.WeakValueDictionary):
        widget_module._instances = weakref.WeakValueDictionary(widget_module._instances)


_KERNEL_COMM = comm.create_comm


def uninstall() -> None:
    """Give widgets made from now on the kernel's comms again (for a test process that runs a
    class server, then notebook boards)."""
    import ipywidgets.widgets.widget as widget_module

    comm.create_comm = _KERNEL_COMM
    if isinstance(widget_module._instances, weakref.WeakValueDictionary):
        widget_module._instances = dict(widget_module._instances)
