"""The class server's own web pages and JSON endpoints, beside Voilà's.

- ``/``: the join page (a table's code and a name; it remembers the seats of this browser);
- ``/class/seat/CODE``: the seat's Voilà page in a frame, reloaded by a watchdog whenever its
  kernel is gone (a server restart, a laptop lid closed for long, a lost connection);
- ``/teacher``: the teacher key, then ``/class/dashboard`` and ``/class/results.csv``;
- ``/class/api/...``: join, rejoin (a token kept in the browser), the table's status, and the
  exercise attempts sent by students' notebooks.

Seat tokens and the teacher key travel in HttpOnly cookies (the pages' kernels read them);
POSTs must be JSON, which another site's page cannot send here without permission.
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

from tornado import web

from sailing_kit.classroom.errors import JoinRefused, UnknownSeat
from sailing_kit.classroom.pages import TEACHER_COOKIE, seat_cookie
from sailing_kit.classroom.results import summarize, to_csv
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.table import Seat

COOKIE_DAYS = 14


def page(name: str, **values: str) -> str:
    """A page of ``sailing_kit/classroom/web/`` with ``{{name}}`` filled in (values are ours,
    never the user's)."""
    text = resources.files("sailing_kit.classroom").joinpath("web", name).read_text()
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


class ClassHandler(web.RequestHandler):
    """Base: the classroom, the server's boot id, JSON in and out."""

    def initialize(self, room: Classroom, boot: str) -> None:
        self.room, self.boot = room, boot

    def prepare(self) -> None:
        if self.request.method == "POST" and not self.request.headers.get(
                "Content-Type", "").startswith("application/json"):
            raise web.HTTPError(415, "send JSON")

    def check_xsrf_cookie(self) -> None:
        """Instead of a form token, every POST must be JSON (see ``prepare``)."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def body(self) -> dict[str, Any]:
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise web.HTTPError(400, "not JSON") from None
        if not isinstance(data, dict):
            raise web.HTTPError(400, "expected a JSON object")
        return data

    def reply(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data))

    def secret_cookie(self, name: str, value: str) -> None:
        self.set_cookie(name, value, httponly=True, samesite="Strict", path="/",
                        expires_days=COOKIE_DAYS)

    def is_teacher(self) -> bool:
        return self.room.is_teacher(self.get_cookie(TEACHER_COOKIE, ""))


def seat_reply(seat: Seat) -> dict[str, Any]:
    return {"code": seat.table.code, "number": seat.number, "name": seat.name,
            "token": seat.token, "game": seat.table.info.title}


class JoinPage(ClassHandler):
    def get(self) -> None:
        self.finish(page("join.html"))


class JoinApi(ClassHandler):
    def post(self) -> None:
        data = self.body()
        try:
            seat = self.room.join(str(data.get("code", "")), data.get("name"),  # type: ignore[arg-type]
                                  client=self.request.remote_ip or "?")
        except JoinRefused as refusal:
            self.reply({"error": str(refusal)}, 400)
            return
        self.secret_cookie(seat_cookie(seat.table.code), seat.token)
        self.reply(seat_reply(seat))


class RejoinApi(ClassHandler):
    def post(self) -> None:
        try:
            seat = self.room.rejoin(str(self.body().get("token", "")))
        except UnknownSeat as unknown:
            self.reply({"error": str(unknown)}, 404)
            return
        self.secret_cookie(seat_cookie(seat.table.code), seat.token)
        self.reply(seat_reply(seat))


class StatusApi(ClassHandler):
    """Public facts only: the server's boot id and the table's move count."""

    def get(self) -> None:
        code = self.get_query_argument("table", "").upper()
        row = self.room.store.table(code=code) if code else None
        moves = len(self.room.store.moves(row.id)) if row is not None else None
        self.reply({"boot": self.boot, "moves": moves, "time": time.time()})


class SeatShell(ClassHandler):
    def get(self, code: str) -> None:
        code = code.upper()
        if not code.isalnum():
            raise web.HTTPError(404)
        self.finish(page("shell.html", frame=f"/voila/render/seat.ipynb?table={code}",
                         code=code, boot=self.boot, title=f"Table {code}"))


class TeacherPage(ClassHandler):
    def get(self) -> None:
        if self.is_teacher():
            self.redirect("/class/dashboard")
            return
        self.finish(page("teacher.html"))

    def post(self) -> None:
        key, client = str(self.body().get("key", "")), f"teacher:{self.request.remote_ip}"
        try:
            self.room.limiter.check(client)
        except JoinRefused as refusal:
            self.reply({"error": str(refusal)}, 429)
            return
        if not self.room.is_teacher(key):
            self.room.limiter.failed(client)
            self.reply({"error": "This is not the teacher key the server printed."}, 403)
            return
        self.secret_cookie(TEACHER_COOKIE, key)
        self.reply({"ok": True})


class DashboardShell(ClassHandler):
    def get(self) -> None:
        if not self.is_teacher():
            self.redirect("/teacher")
            return
        self.finish(page("shell.html", frame="/voila/render/dashboard.ipynb", code="",
                         boot=self.boot, title="Class dashboard"))


class ResultsCsv(ClassHandler):
    def get(self) -> None:
        if not self.is_teacher():
            raise web.HTTPError(403)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", "attachment; filename=class-results.csv")
        self.finish(to_csv(summarize(self.room.attempts())))


class AttemptsApi(ClassHandler):
    """Exercise checks from students' notebooks (see ``report_to``): the class code is needed."""

    def post(self) -> None:
        data = self.body()
        client = f"attempts:{self.request.remote_ip}"
        try:
            self.room.limiter.check(client)
            self.room.record_attempt(str(data.get("class_code", "")), data.get("attempt"))  # type: ignore[arg-type]
        except JoinRefused as refusal:
            self.reply({"error": str(refusal)}, 429)
            return
        except ValueError as error:
            self.room.limiter.failed(client)
            self.reply({"error": str(error)}, 400)
            return
        self.reply({"ok": True})


def handlers(room: Classroom, boot: str) -> list[tuple[str, type, dict[str, Any]]]:
    """The class server's routes, to put before Voilà's."""
    settings = {"room": room, "boot": boot}
    return [(path, handler, settings) for path, handler in (
        (r"/", JoinPage),
        (r"/class/api/join", JoinApi),
        (r"/class/api/rejoin", RejoinApi),
        (r"/class/api/status", StatusApi),
        (r"/class/api/attempts", AttemptsApi),
        (r"/class/seat/([A-Za-z0-9]{1,16})", SeatShell),
        (r"/teacher", TeacherPage),
        (r"/class/dashboard", DashboardShell),
        (r"/class/results.csv", ResultsCsv),
    )]
