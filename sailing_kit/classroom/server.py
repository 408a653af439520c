"""The class server: Voilà serving the class pages (code hidden), with the class's own pages and
endpoints in front (see :mod:`sailing_kit.classroom.web`)."""

from __future__ import annotations

import os
import secrets
import socket
from importlib import resources
from typing import Any

from tornado.ioloop import IOLoop
from voila.app import Voila

from sailing_kit.classroom import web
from sailing_kit.classroom.pages import STORE_VARIABLE
from sailing_kit.classroom.room import Classroom

PAGES = str(resources.files("sailing_kit.classroom").joinpath("notebooks"))


def local_address() -> str:
    """This machine's address on the network the students' devices reach (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class ClassServer(Voila):
    """Voilà with the class's handlers first; it prints the address and the teacher key."""

    room: Classroom
    boot = secrets.token_hex(8)
    announce: Any = print

    def init_handlers(self) -> list:
        return web.handlers(self.room, self.boot) + super().init_handlers()

    def listen(self) -> None:
        IOLoop.current().add_callback(self._announce)
        super().listen()

    def _announce(self) -> None:
        host = self.ip if self.ip not in ("", "0.0.0.0") else local_address()
        address = f"http://{host}:{self.port}"
        self.announce(
            f"\nThe class is open at {address}/  (students: open it and type a table's code)\n"
            f"Dashboard: {address}/teacher  with the teacher key  {self.room.teacher_key}\n"
            f"Exercise results: the class code is {self.room.class_code}  (in a notebook: "
            f"report_to(\"{address}\", \"{self.room.class_code}\", \"name\"))\n", flush=True)


def serve(store: str, port: int = 8866, ip: str = "0.0.0.0", *, extra: tuple[str, ...] = ()) -> None:
    """Serve the class kept in ``store`` until interrupted."""
    room = Classroom(store)
    os.environ[STORE_VARIABLE] = store  # the pages' kernels open the same store
    ClassServer.room = room
    app = ClassServer()
    app.initialize([PAGES, "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
                    "--Voila.port_retries=0", "--VoilaConfiguration.http_header_envs=Cookie",
                    "--VoilaConfiguration.show_tracebacks=False", *extra])
    app.start()
