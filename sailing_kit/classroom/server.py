"""The class server: one tornado process serving every page of a class, each seat's board
running inside it (no Jupyter kernel per student or spectator, ever).

:func:`serve` is ``python -m sailing_kit.classroom serve``; :func:`make_application` builds
the same server for tests and the load benchmark.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Iterable
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.web import Application

from sailing_kit.classroom import headless
from sailing_kit.classroom.guard import BODY_LIMIT
from sailing_kit.classroom.hub import Hub
from sailing_kit.classroom.links import LOCAL_ONLY, class_address
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.web import ClassApp, handlers
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import DEFAULT, _, use_language

HEADER_LIMIT = 16 * 1024
TORNADO_BODY_LIMIT = 4 * BODY_LIMIT
"""Bodies above this are refused by tornado on their Content-Length, unread; between it and
BODY_LIMIT the handler answers 413 in words."""


def make_application(room: Classroom, *, ip: str = "0.0.0.0", port: int = 8866,
                     public_url: str | None = None, base: str = "/",
                     trusted: Iterable[str] = ()) -> tuple[Application, ClassApp]:
    """The tornado application of a class (call on the IOLoop that will run it)."""
    headless.install()
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    app = ClassApp(room, Hub(room), class_address(ip, port, public_url, base), base,
                   frozenset(trusted))
    application = Application(
        handlers(app), cookie_secret=room.cookie_secret, xsrf_cookies=False,
        websocket_max_message_size=BODY_LIMIT, websocket_ping_interval=10,
        websocket_ping_timeout=10, compress_response=True)
    return application, app


def listen(application: Application, port: int, ip: str) -> HTTPServer:
    """Listen with bounded requests (256 KB bodies, 16 KB headers, slow bodies cut off)."""
    server = HTTPServer(application, max_body_size=TORNADO_BODY_LIMIT, max_header_size=HEADER_LIMIT,
                        body_timeout=15, idle_connection_timeout=120)
    server.listen(port, ip)
    return server


def announcement(room: Classroom, app: ClassApp, key_file: str | None) -> str:
    """What the teacher's terminal shows, in the language spoken now: the addresses, and the
    teacher key only the first time (the store keeps only its hash)."""
    address = app.address
    if key_file:
        key = _("the teacher key is in {file}", file=key_file)
    elif room.created:
        key = _("the teacher key is  {key}  (shown only this once: write it down; the store "
                "keeps only its hash)", key=room.teacher_key)
    else:
        key = _("the teacher key was shown when this class was first started")
    local = any(host in address for host in LOCAL_ONLY)
    # TRANSLATORS: {reach} is "(this machine only)" or nothing; the addresses stay as they are.
    opened = _("The class is open at {address}{reach}  (students: open it and type a table's "
               "code, or scan a table's QR code on the dashboard)", address=address + "/",
               reach=" " + _("(this machine only)") if local else "")
    dashboard = _("Dashboard: {address}  —  {key}", address=address + "/teacher", key=key)
    # TRANSLATORS: the student's name, in a line of code the teacher shows the class.
    name = _("name")
    call = f'report_to("{address}", "{room.class_code}", "{name}")'
    results = _("Exercise results: the class code is {code}  (in a notebook: {call})",
                code=room.class_code, call=call)
    return f"\n{opened}\n{dashboard}\n{results}\n"


def serve(store: str, port: int = 8866, ip: str = "0.0.0.0", *, public_url: str | None = None,
          base: str = "/", trusted: Iterable[str] = (), teacher_key_file: str | None = None,
          language: str = DEFAULT, announce: Callable[..., Any] = print) -> None:
    """Serve the class kept in ``store`` until interrupted (Ctrl-C or SIGTERM); the teacher's
    terminal (the announcement, a refusal to start) in ``language``, each page in its own.
    ConfigError if the class cannot start (a bad store or key file, a port taken)."""
    with use_language(language):
        room = Classroom(store, teacher_key_file=teacher_key_file)

    async def run() -> None:
        application, app = make_application(room, ip=ip, port=port, public_url=public_url,
                                            base=base, trusted=trusted)
        try:
            server = listen(application, port, ip)
        except OSError as error:
            app.hub.stop()
            with use_language(language):
                raise ConfigError(_("cannot listen on {ip}, port {port}: {why}", ip=ip,
                                    port=port, why=error.strerror or error)) from None
        with use_language(language):
            announce(announcement(room, app, teacher_key_file), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        server.stop()
        app.hub.stop()
        room.store.close()

    try:
        asyncio.run(run())
    except ConfigError:
        room.store.close()
        raise
