"""The class server's pages and JSON endpoints (its WebSockets are in
:mod:`sailing_kit.classroom.sockets`).

- ``/``: the join page (a table's code, from the link or typed, and a name);
- ``/class/seat/CODE``, ``/class/watch/CODE``: a seat's page and a spectator's (one WebSocket
  each); ``/class/replay/CODE``: a finished or closed table, move by move, and
  ``/class/review/CODE`` its review (games with an exact solver);
- ``/teacher``: the teacher key, then ``/class/dashboard`` and ``/class/results.csv``;
- ``/class/api/...``: join, rejoin (a token kept in the browser), replay frames, reviews, and
  the exercise results of registered students (``register``, ``attempts``).

Every body is JSON of at most 64 KB (:mod:`sailing_kit.classroom.guard`), which another site's
page cannot send here without permission; cookies are SameSite=Strict. Limits count per browser
(a signed cookie), per seat and per student, never per connection address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from tornado import web

from sailing_kit.classroom.errors import JoinRefused, NoSuchTable, NotRegistered, TooManyTries, UnknownSeat
from sailing_kit.classroom.guard import BadInput, client_address, read_json
from sailing_kit.classroom.hub import Hub
from sailing_kit.classroom.languages import LANGUAGE_COOKIE, chosen_language, page_values
from sailing_kit.classroom.limits import Limiter, secret_hash
from sailing_kit.classroom.replays import NotReplayable, Replays
from sailing_kit.classroom.results import summarize, to_csv
from sailing_kit.classroom.reviews import Busy, NoReview
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.schema import TableRow
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import DEFAULT, N_, _, read_language, use_language

COOKIE_DAYS = 30
DEVICE_COOKIE = "sk_device"
TEACHER_COOKIE = "sk_teacher"
SEAT_COOKIE = "sk_seat_"
WIDGETS = Path(__file__).resolve().parent.parent / "widgets"


@dataclass
class Limits:
    """How often one browser, address, student or seat may do something."""

    codes: Limiter = field(default_factory=lambda: Limiter(10, 60))
    """Wrong table codes (and unknown seat tokens), per browser."""
    devices: Limiter = field(default_factory=lambda: Limiter(120, 60))
    """New browser ids, per client address."""
    keys: Limiter = field(default_factory=lambda: Limiter(10, 60))
    """Wrong teacher keys, per browser."""
    registers: Limiter = field(default_factory=lambda: Limiter(10, 60))
    """Student registrations, per browser."""
    attempts: Limiter = field(default_factory=lambda: Limiter(30, 60))
    """Exercise results, per student."""
    messages: Limiter = field(default_factory=lambda: Limiter(200, 10))
    """WebSocket messages, per seat."""
    class_wide: Limiter = field(default_factory=lambda: Limiter(3000, 60))
    """Exercise results and registrations of the whole class (what the store may grow by)."""


@dataclass
class ClassApp:
    """What every handler needs: the class, its live tables, limits and addresses."""

    room: Classroom
    hub: Hub
    address: str
    """The address students reach (for links and QR codes)."""
    base: str = "/"
    trusted: frozenset[str] = frozenset()
    """Proxies whose ``X-Forwarded-For`` is believed."""
    limits: Limits = field(default_factory=Limits)
    replays: Replays = field(init=False)

    def __post_init__(self) -> None:
        self.replays = Replays(self.room)

    @property
    def teacher_mark(self) -> str:
        """What the teacher's signed cookie holds (it changes with the key)."""
        return self.room.teacher_mark


def page(name: str, language: str, **values: str) -> str:
    """A page of ``sailing_kit/classroom/web/`` in ``language``, with ``{{name}}`` filled in
    (its words, and ``values``: ours, never the user's)."""
    text = resources.files("sailing_kit.classroom").joinpath("web", name).read_text()
    values = {**page_values(name, language), **values}
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


class ClassMixin:
    """Cookies, limits and the table lookup shared by pages, endpoints and WebSockets."""

    app: ClassApp
    request: Any
    get_signed_cookie: Any
    set_signed_cookie: Any
    get_cookie: Any
    set_cookie: Any
    get_query_argument: Any

    def page_language(self, remember: bool = True) -> str:
        """The language this request's page speaks (its ``?lang=``, its cookie, its browser's);
        a valid ``?lang=`` is remembered in the cookie if ``remember``."""
        asked = self.get_query_argument("lang", None)
        if asked:
            with contextlib.suppress(ConfigError):  # an unknown language: as if none was asked
                code = read_language(asked)
                if remember:
                    self.set_cookie(LANGUAGE_COOKIE, code, samesite="Lax", path=self.app.base,
                                    expires_days=365)  # Lax: a join link from a QR code has it
                return code
        return chosen_language(self.get_cookie(LANGUAGE_COOKIE),
                               self.request.headers.get("Accept-Language"))

    def address(self) -> str:
        return client_address(self.request.remote_ip, self.request.headers.get("X-Forwarded-For"),
                              self.app.trusted)

    def device(self) -> str | None:
        """This browser's id (the signed cookie), if it has one."""
        value = self.get_signed_cookie(DEVICE_COOKIE, max_age_days=365)
        return value.decode() if value else None

    def is_teacher(self) -> bool:
        value = self.get_signed_cookie(TEACHER_COOKIE, max_age_days=COOKIE_DAYS)
        return value is not None and value.decode() == self.app.teacher_mark

    def lookup(self, code: Any) -> TableRow:
        """The table ``code``, counting a wrong code against this browser (or, without a
        browser id, against its address): the same answer and limit for every unknown code."""
        who = f"device:{self.device() or 'address:' + self.address()}"
        self.app.limits.codes.check(who, N_("wrong codes"))
        try:
            return self.app.room.table_row(code)
        except JoinRefused:
            self.app.limits.codes.note(who)
            raise


class ClassHandler(ClassMixin, web.RequestHandler):
    """Base of the pages and endpoints: JSON in and out, headers, errors without tracebacks."""

    language = DEFAULT
    speaking: contextlib.ExitStack | None = None
    """The page's language, spoken from ``prepare`` until the request is finished."""

    def initialize(self, app: ClassApp) -> None:
        self.app = app

    def prepare(self) -> None:
        """Speak the page's language until the request is finished (tornado runs each request
        as a task of its own), and take only JSON bodies."""
        self.language = self.page_language()
        self.speaking = contextlib.ExitStack()
        self.speaking.enter_context(use_language(self.language))
        if self.request.method == "POST" and not self.request.headers.get(
                "Content-Type", "").startswith("application/json"):
            raise Refusal(415, _("send JSON"))

    def on_finish(self) -> None:
        if self.speaking is not None:
            self.speaking.close()

    def check_xsrf_cookie(self) -> None:
        """Instead of a form token, every POST must be JSON (see ``prepare``)."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Content-Security-Policy",
                        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                        "img-src 'self' data:; frame-ancestors 'none'")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": error.words if isinstance(error, Refusal)
                                else self._reason or _("refused")}, ensure_ascii=False))

    def data(self) -> dict[str, Any]:
        try:
            return read_json(self.request.body)
        except BadInput as bad:
            raise Refusal(bad.status, str(bad)) from None

    def reply(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, refusal: Exception, status: int = 400) -> None:
        self.reply({"error": str(refusal)}, 429 if isinstance(refusal, TooManyTries) else status)

    def secret_cookie(self, name: str, value: str) -> None:
        self.set_cookie(name, value, httponly=True, samesite="Strict", path=self.app.base,
                        expires_days=COOKIE_DAYS)

    def ensure_device(self) -> str:
        """This browser's id, given now if it has none (at most so many per address)."""
        device = self.device()
        if device is None:
            self.app.limits.devices.take(f"address:{self.address()}", N_("new browsers"))
            device = secrets.token_hex(16)
            self.set_signed_cookie(DEVICE_COOKIE, device, httponly=True, samesite="Strict",
                                   path=self.app.base, expires_days=365)
        return device

    def show(self, name: str, **values: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page(name, self.language, base=self.app.base, **values))


class Refusal(web.HTTPError):
    """A request refused in words (the page's language), answered as ``{"error": words}``; the
    HTTP status line keeps tornado's own English reason."""

    def __init__(self, status: int, words: str):
        super().__init__(status)
        self.words = words


class JoinPage(ClassHandler):
    def get(self) -> None:
        with contextlib.suppress(TooManyTries):  # the page shows; the join will say why
            self.ensure_device()
        self.show("join.html")


class TablePage(ClassHandler):
    """The seat's, spectator's and replay pages: the same page for every code (the WebSocket
    or the replay endpoint looks the code up, with its limits)."""

    def initialize(self, app: ClassApp, name: str = "seat.html", role: str = "seat") -> None:
        self.app, self.name, self.role = app, name, role

    def get(self, _code: str) -> None:
        with contextlib.suppress(TooManyTries):
            self.ensure_device()
        self.show(self.name, role=self.role)


class JoinApi(ClassHandler):
    def post(self) -> None:
        data = self.data()
        try:
            device = self.ensure_device()
            row = self.lookup(data.get("code"))
            seat = self.app.room.join(row.code, data.get("name"), device=device)  # type: ignore[arg-type]  # the name as the JSON body gives it: join() reads and refuses it
        except JoinRefused as refusal:
            self.refuse(refusal, 404 if isinstance(refusal, NoSuchTable) else 400)
            return
        self.secret_cookie(SEAT_COOKIE + seat.code, seat.token)
        self.reply({"code": seat.code, "number": seat.number, "name": seat.name,
                    "token": seat.token, "game": row.game})


class RejoinApi(ClassHandler):
    def post(self) -> None:
        token = self.data().get("token")
        who = f"device:{self.device() or 'address:' + self.address()}"
        try:
            self.app.limits.codes.check(who, N_("unknown seats"))
            seat = self.app.room.rejoin(token)
        except TooManyTries as refusal:
            self.refuse(refusal)
            return
        except UnknownSeat as unknown:
            self.app.limits.codes.note(who)
            self.refuse(unknown, 404)
            return
        self.secret_cookie(SEAT_COOKIE + seat.code, seat.token)
        self.reply({"code": seat.code, "number": seat.number, "name": seat.name,
                    "token": seat.token, "game": seat.table_row.game})


class ReplayApi(ClassHandler):
    def get(self, code: str) -> None:
        try:
            row = self.lookup(code)
            move = self.get_query_argument("move", "")
            frame = self.app.replays.frame(row, int(move) if move.isdigit() and len(move) < 7
                                           else None, self.get_query_argument("moves", "") == "1")
        except (JoinRefused, NotReplayable) as refusal:
            self.refuse(refusal, 404)
            return
        self.reply(frame)


class ReviewApi(ClassHandler):
    """A finished or closed table's review (see :mod:`sailing_kit.classroom.reviews`), weighed
    on the review thread: ``{"code", "game", "review": Review.to_json(), "html": the review
    as an escaped HTML fragment}``."""

    async def get(self, code: str) -> None:
        reviews = self.app.hub.reviews
        try:
            row = self.lookup(code)
            answer = await asyncio.wrap_future(reviews.submit(lambda: reviews.weighed(row).answer))
        except (JoinRefused, NoReview) as refusal:
            self.refuse(refusal, 404)
            return
        except Busy as busy:
            self.refuse(busy, 503)
            return
        self.set_header("Content-Type", "application/json")
        self.finish(answer)


class TeacherPage(ClassHandler):
    def get(self) -> None:
        if self.is_teacher():
            self.redirect(self.app.base + "class/dashboard")
            return
        self.ensure_device()
        self.show("teacher.html")

    def post(self) -> None:
        key = self.data().get("key")
        who = f"device:{self.device() or 'address:' + self.address()}"
        try:
            self.app.limits.keys.check(who, N_("wrong keys"))
        except TooManyTries as refusal:
            self.refuse(refusal)
            return
        if not self.app.room.is_teacher(key):
            self.app.limits.keys.note(who)
            self.reply({"error": _("This is not the teacher key the server printed.")}, 403)
            return
        self.set_signed_cookie(TEACHER_COOKIE, self.app.teacher_mark, httponly=True,
                               samesite="Strict", path=self.app.base, expires_days=COOKIE_DAYS)
        self.reply({"ok": True})


class DashboardPage(ClassHandler):
    def get(self) -> None:
        if not self.is_teacher():
            self.redirect(self.app.base + "teacher")
            return
        self.show("dashboard.html")


class ResultsCsv(ClassHandler):
    def get(self) -> None:
        if not self.is_teacher():
            raise Refusal(403, _("the teacher key is needed"))
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", "attachment; filename=class-results.csv")
        self.finish(to_csv(summarize(self.app.room.attempts())))


class RegisterApi(ClassHandler):
    """A student's name registered with the class, once: the answer is the class token that
    ``report_to`` sends with every result."""

    def post(self) -> None:
        data = self.data()
        who = f"device:{self.device() or 'address:' + self.address()}"
        try:
            self.app.limits.registers.take(who, N_("registrations"))
            self.app.limits.class_wide.take("class", N_("results for this class"))
            token = self.app.room.register_student(data.get("class_code"), data.get("name"))
        except JoinRefused as refusal:
            self.refuse(refusal)
            return
        self.reply({"token": token})


class AttemptsApi(ClassHandler):
    """One exercise result from a registered student's notebook (see ``report_to``)."""

    def post(self) -> None:
        data = self.data()
        token = data.get("token")
        try:
            self.app.limits.attempts.take(
                "student:" + (secret_hash(token) if isinstance(token, str) else "?"), N_("results"))
            self.app.limits.class_wide.take("class", N_("results for this class"))
            self.app.room.record_attempt(token, data.get("attempt"))
        except TooManyTries as refusal:
            self.refuse(refusal)
            return
        except NotRegistered as unknown:
            self.refuse(unknown, 403)
            return
        except ValueError as error:
            self.refuse(error)
            return
        self.reply({"ok": True})


class Static(web.StaticFileHandler):
    """The pages' scripts and styles, and the kit's own ``canvas.js``, ``log.js`` and
    ``board.css`` (the very files the notebook boards load)."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-cache")

    def get_content_type(self) -> str:
        return f"{super().get_content_type()}; charset=utf-8"


class KitCanvas(web.RequestHandler):
    """The board canvas module: the very text the notebook's anywidget runs (``painter.js``
    followed by ``canvas.js``: :attr:`BoardCanvas._esm`)."""

    def get(self) -> None:
        from sailing_kit.widgets.canvas import BoardCanvas

        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-cache")
        self.finish(BoardCanvas._esm)


def handlers(app: ClassApp) -> list[tuple[str, type, dict[str, Any]]]:
    """The class server's routes (WebSockets included), under ``app.base``."""
    from sailing_kit.classroom.sockets import DashboardSocket, SeatSocket, WatchSocket

    base, code = app.base, r"([A-Za-z0-9]{1,16})"
    settings: dict[str, Any] = {"app": app}
    routes: list[tuple[str, type, dict[str, Any]]] = [
        (base, JoinPage, settings),
        (f"{base}class/seat/{code}", TablePage, settings),
        (f"{base}class/watch/{code}", TablePage, {**settings, "role": "watch"}),
        (f"{base}class/replay/{code}", TablePage, {**settings, "name": "replay.html",
                                                  "role": "replay"}),
        (f"{base}class/review/{code}", TablePage, {**settings, "name": "review.html",
                                                  "role": "review"}),
        (f"{base}class/api/join", JoinApi, settings),
        (f"{base}class/api/rejoin", RejoinApi, settings),
        (f"{base}class/api/replay/{code}", ReplayApi, settings),
        (f"{base}class/api/review/{code}", ReviewApi, settings),
        (f"{base}class/api/register", RegisterApi, settings),
        (f"{base}class/api/attempts", AttemptsApi, settings),
        (f"{base}teacher", TeacherPage, settings),
        (f"{base}class/dashboard", DashboardPage, settings),
        (f"{base}class/results.csv", ResultsCsv, settings),
        (f"{base}class/ws/seat/{code}", SeatSocket, settings),
        (f"{base}class/ws/watch/{code}", WatchSocket, settings),
        (f"{base}class/ws/teacher", DashboardSocket, settings),
        (f"{base}class/static/kit/canvas\\.js", KitCanvas, {}),
        (f"{base}class/static/kit/(log\\.js|board\\.css)", Static, {"path": str(WIDGETS)}),
        (f"{base}class/static/([a-z]+\\.(?:js|css))", Static,
         {"path": str(resources.files("sailing_kit.classroom").joinpath("web"))}),
    ]
    return routes
