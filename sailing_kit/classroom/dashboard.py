"""The teacher's dashboard, a widget tree in the class server mirrored to the teacher's page:
open tables; watch every table live (the public picture: no hand is shown) with its join link,
QR code, who sits where (a dot per seat: connected or not) and whose turn it is; the teacher's
controls on each table and on the class; the per-question summary of exercise results; and the
class tournament, each student's mean loss per decision at the finished tables of the games
with a review (:mod:`sailing_kit.classroom.reviews`).
"""

from __future__ import annotations

import html
import json
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from tornado.ioloop import PeriodicCallback

from sailing_kit.classroom.hub import Hub, LiveTable
from sailing_kit.classroom.languages import game_title, spoken
from sailing_kit.classroom.links import join_link, qr_svg
from sailing_kit.classroom.mirror import Mirror, Refused
from sailing_kit.classroom.results import question_summary
from sailing_kit.classroom.reviews import tournament_html
from sailing_kit.classroom.seatboard import WATCH_WIDTH, WatchView
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.info import GAME_NAMES, GameInfo, game_package

WATCH_HEIGHT = 420
COUNTED = {"players": N_("Players"), "boats": N_("Boats")}
"""The words for the option that counts a game's seats (``GameInfo.players_option``)."""


def read_options(text: str) -> dict[str, Any]:
    """``"rocks=manual, monsters=3"`` as options: each value read as JSON where it can be
    (numbers, true/false, null, lists), else kept as text. ConfigError if malformed."""
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text[:1000].split(","))):
        name, sep, value = part.partition("=")
        if not sep or not name.strip().isidentifier():
            raise ConfigError(_("write options as name=value, separated by commas (not {part})",
                                part=repr(part)))
        try:
            options[name.strip()] = json.loads(value.strip())
        except (json.JSONDecodeError, RecursionError):
            options[name.strip()] = value.strip()
    return options


def info(game: str) -> GameInfo:
    """The metadata of the game called ``game``."""
    found: GameInfo = game_package(game).INFO
    return found


def _button(label: str, tooltip: str, callback: Callable[[], None], icon: str = "") -> widgets.Button:
    button = widgets.Button(description=label, tooltip=tooltip, icon=icon,
                            layout=widgets.Layout(width="auto"))
    button.on_click(lambda _button: callback())
    return button


def _dot(connected: bool) -> str:
    colour, said = ("#00a060", _("connected")) if connected else ("#bbbbbb", _("not connected"))
    word = html.escape(said)
    return (f"<span class='sk-class-dot' title='{word}' aria-label='{word}' "
            f"style='color:{colour}'>●</span>")


def intro_html(address: str, class_code: str) -> str:
    """The dashboard's heading: where students go, and how notebooks report their results."""
    name, heading = _("Your name"), html.escape(_("Class dashboard"))
    call = (f"from sailing_kit.classroom import report_to; report_to(\"{address}\", "
            f"\"{class_code}\", \"{name}\")")
    where = "<b class='sk-class-address'>" + html.escape(address) + "/</b>"
    code = "<b class='sk-class-class-code'>" + html.escape(class_code) + "</b>"
    said = _("Students open {address} and type a table's code, or scan its QR code. Exercise "
             "results: in a notebook, {call} (class code {code}).", address=where,
             call="<code>" + html.escape(call) + "</code>", code=code)
    return f"<h3 style='margin:4px 0'>{heading}</h3><div>{said}</div>"


class TableCard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """One table as the teacher sees it: caption, link and QR code, seats, controls, picture."""

    def __init__(self, dashboard: Dashboard, live: LiveTable):
        self.dashboard, self.live = dashboard, live
        table = live.table
        code = table.code
        self.link = join_link(dashboard.address, code)
        scene = table.public_scene()
        width = min(WATCH_WIDTH, round(scene.width * min(1.0, WATCH_HEIGHT / scene.height)))
        self.watch = WatchView(table, max_width=width)
        self.join = widgets.HTML(
            f"<div class='sk-class-join'><a href='{html.escape(self.link)}' target='_blank'>"
            f"{html.escape(self.link)}</a>{qr_svg(self.link)}</div>")
        self.seat_rows = [(widgets.HTML(),
                           _button(_("Free"), _("Empty this seat for another student"),
                                   self._control("free_seat", number), "user-times"),
                           _button(_("Bot"), _("A computer plays this seat from its next turn"),
                                   self._control("seat_bot", number), "android"))
                          for number in range(table.row.players)]
        self.seats = widgets.VBox([widgets.HBox(row) for row in self.seat_rows])
        act = dashboard.act
        self.pause_button = _button(_("Pause"), _("Pause this table (no move until you resume)"),
                                    lambda: act(lambda room: (room.resume if self.live.table.row.paused
                                                              else room.pause)(code), live), "pause")
        self.close_button = _button(_("Close"), _("Close the table (read-only; its replay stays)"),
                                    lambda: act(lambda room: (room.reopen_table if self.live.table.closed
                                                              else room.close_table)(code), live), "lock")
        watch, replay = html.escape(_("watch")), html.escape(_("replay"))
        self.links = widgets.HTML(f"<a href='watch/{code}' target='_blank'>{watch}</a> · "
                                  f"<a href='replay/{code}' target='_blank'>{replay}</a>")
        controls = widgets.HBox([
            _button(_("Skip turn"), _("The player to move passes (or the bot plays once for them)"),
                    lambda: act(lambda room: room.skip_turn(code), live), "forward"),
            self.pause_button, self.close_button,
            _button(_("Rematch"), _("A new table of this game with the same players, moved over"),
                    lambda: act(lambda room: room.rematch(code), live), "refresh"),
            self.links])
        controls.add_class("sk-controls")
        super().__init__([self.watch.column, self.join, self.seats, controls],
                         layout=widgets.Layout(border="1px solid #bbb", padding="4px",
                                               margin="4px", width=f"{WATCH_WIDTH + 12}px"))
        self.add_class("sk-class-table")
        self.update()

    def update(self, picture: bool = True) -> None:
        """The card again: the seats and their dots, the header, the picture if asked."""
        live, table = self.live, self.live.table
        self.watch.update(live.names, picture=picture)
        self.pause_button.description = _("Resume") if table.row.paused else _("Pause")
        self.close_button.description = _("Reopen") if table.closed else _("Close")
        for (line, free, bot), (number, seat) in zip(self.seat_rows, table.connections().items()):
            who = (html.escape(seat.name) if seat.name else
                   html.escape(_("computer ({level})", level=seat.bot)) if seat.bot
                   else "<i>" + html.escape(_("empty seat")) + "</i>")
            dot = _dot(seat.connected) if seat.name else ""
            seen = (" · " + html.escape(_("seen {seconds} s ago", seconds=int(seat.last_seen)))
                    if seat.name and seat.last_seen is not None and not seat.connected else "")
            line.value = f"{dot} " + _("Player {number}: {who}", number=number + 1, who=who) + seen
            free.layout.display = None if seat.name or seat.bot else "none"
            bot.layout.display = "none" if seat.bot else None

    def _control(self, name: str, seat: int) -> Callable[[], None]:
        code = self.live.table.code
        return lambda: self.dashboard.act(lambda room: getattr(room, name)(code, seat), self.live)


class Dashboard(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Open tables, watch them, control them, read the results."""

    def __init__(self, hub: Hub, address: str):
        self.hub, self.address, self.room = hub, address, hub.room
        self.cards: dict[int, TableCard] = {}
        self.game = widgets.Dropdown(options=[(game_title(info(name).title), name)
                                              for name in GAME_NAMES],
                                     value="calm", description=_("Game"))
        self.players = widgets.BoundedIntText(value=2, min=1, max=10, description=_("Players"),
                                              layout=widgets.Layout(width="160px"))
        self.bots = widgets.BoundedIntText(value=0, min=0, max=9, description=_("Bots"),
                                           layout=widgets.Layout(width="160px"))
        self.options = widgets.Text(placeholder=_("options, e.g. rocks=manual, monsters=3"),
                                    layout=widgets.Layout(width="320px"))
        self.message = widgets.HTML()
        self.message.add_class("sk-class-message")
        self.say_text = widgets.Text(placeholder=_("a message for every seat (200 characters)"),
                                     layout=widgets.Layout(width="320px"))
        self.class_pause = _button(_("Pause the class"), _("Pause every table"),
                                   self._toggle_class, "pause")
        self.grid = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.results = widgets.HTML()
        self.results.add_class("sk-class-results")
        self.tournament = widgets.HTML()
        self.tournament.add_class("sk-class-tournament")
        self._weighing = False
        self.shown: Callable[[], None] = lambda: None
        """Called when results made on a worker thread are in the widgets (the page's push)."""
        intro = widgets.HTML(intro_html(address, self.room.class_code))
        form = widgets.HBox([self.game, self.players, self.bots, self.options,
                             _button(_("Open table"), _("Open a table of this game"),
                                     self.open_table, "plus")],
                            layout=widgets.Layout(flex_flow="row wrap"))
        class_row = widgets.HBox([self.class_pause, self.say_text,
                                  _button(_("Send"), _("Show this message on every seat"),
                                          self._send_message, "bullhorn")],
                                 layout=widgets.Layout(flex_flow="row wrap"))
        results_head = html.escape(_("Exercise results per question"))
        csv = html.escape(_("CSV per student"))
        tournament_head = html.escape(_(
            "Class tournament: each student's loss per decision against optimal play (finished "
            "tables; each table's review is linked from its replay)"))
        super().__init__([intro, form, class_row, self.message, self.grid,
                          widgets.HTML(f"<h4 style='margin:8px 0 2px'>{results_head} (<a "
                                       f"href='results.csv' target='_blank'>{csv}</a>)</h4>"),
                          self.results,
                          widgets.HTML(f"<h4 style='margin:8px 0 2px'>{tournament_head}</h4>"),
                          self.tournament])
        self.add_class("sk-class-dashboard")
        self.game.observe(lambda _change: self._game_chosen(), names="value")
        self.sync()

    def _game_chosen(self) -> None:
        chosen = info(self.game.value)
        self.players.layout.display = None if chosen.players_option else "none"
        option = chosen.players_option or "players"
        self.players.description = _(COUNTED[option]) if option in COUNTED else option.capitalize()

    def say(self, text: str, error: bool = False) -> None:
        colour = "#a13c00" if error else "#00603f"
        self.message.value = f"<span style='color:{colour}'>{html.escape(text)}</span>"

    def open_table(self) -> None:
        spec = info(self.game.value)
        try:
            options = read_options(self.options.value)
            if spec.players_option:
                options[spec.players_option] = self.players.value
        except ConfigError as error:
            self.say(_("Cannot open: {why}", why=error), error=True)
            return
        bots = self.bots.value
        self.act(lambda room: room.open_table(spec.name, bots=bots, **options), None,
                 lambda table: _("Table {code} is open: students join with this code.",
                                 code=table.code))

    def _toggle_class(self) -> None:
        paused = self.room.paused
        self.act(lambda room: room.resume() if paused else room.pause(), None)

    def _send_message(self) -> None:
        text = self.say_text.value
        self.act(lambda room: room.broadcast(text), None,
                 lambda _result: _("Message sent.") if text.strip() else _("Message taken down."))

    def act(self, control: Callable[[Any], Any], live: LiveTable | None,
            done: Callable[[Any], str] | None = None) -> None:
        """Run a teacher's control on a worker thread; then say how it went and update."""
        def finished(result: Any) -> None:
            if isinstance(result, Exception):
                self.say(_("Refused: {why}", why=result), error=True)
            else:
                self.say(done(result) if done else _("Done."))
            self.hub.changed(live.id if live is not None else 0)
            self.sync()

        self.hub.run(lambda: control(self.room), finished)

    def table_changed(self, live: LiveTable) -> None:
        card = self.cards.get(live.id)
        if card is None:  # a table opened meanwhile (a rematch, another server)
            self.cards[live.id] = TableCard(self, live)
            self._arrange()
        else:
            card.update()

    def _arrange(self) -> None:
        """Open tables first, the newest first."""
        self.grid.children = sorted(self.cards.values(),
                                    key=lambda c: (c.live.table.closed, -c.live.id))

    def class_changed(self) -> None:
        self.class_pause.description = (_("Resume the class") if self.room.paused
                                        else _("Pause the class"))

    def sync(self) -> None:
        """New tables, the seats' dots, the waiting times and the results (every few seconds)."""
        for row in self.room.store.tables():
            if row.id not in self.cards:
                self.cards[row.id] = TableCard(self, self.hub.live(row))
        for card in self.cards.values():
            card.update(picture=False)
        self._arrange()
        self.class_changed()
        self.hub.run(lambda: results_table(self.room.store), self._show_results)
        if not self._weighing:
            self._weighing = True
            reviews = self.hub.reviews
            self.hub.run(lambda: tournament_html(reviews.tournament()), self._show_tournament,
                         review=True)

    def _show_results(self, table: Any) -> None:
        if isinstance(table, str):
            self.results.value = table
            self.shown()

    def _show_tournament(self, table: Any) -> None:
        self._weighing = False
        if isinstance(table, str):
            self.tournament.value = table
            self.shown()


def results_table(store: Any) -> str:
    """The per-question summary as an HTML table (escaped; at most a few dozen rows)."""
    rows = question_summary(store)
    if not rows:
        return "<i>" + html.escape(_("No exercise results yet.")) + "</i>"
    body = "".join(
        f"<tr><td>{html.escape(r.notebook)}</td><td>{html.escape(r.question)}</td>"
        f"<td>{r.tried}</td><td>{r.right}</td>"
        f"<td>{html.escape(r.common_wrong or '')}</td><td>{html.escape(r.common_feedback)}</td>"
        f"<td>{r.wrong_times or ''}</td></tr>" for r in rows)
    heads = (_("notebook"), _("question"), _("tried"), _("right"), _("most common wrong answer"),
             _("its feedback"), _("times"))
    return ("<table border='1' style='border-collapse:collapse'><tr>"
            + "".join(f"<th>{html.escape(head)}</th>" for head in heads)
            + f"</tr>{body}</table><div style='font-size:0.8em'>"
            + html.escape(_("as of {time}", time=time.strftime('%H:%M:%S'))) + "</div>")


class DashboardSession:
    """The teacher's page: the dashboard's widgets mirrored over its WebSocket, refreshed when
    a table changes and every few seconds (the dots, the waiting times, the results), in the
    teacher's page's language."""

    REFRESH_SECONDS = 5.0
    PUSH_SECONDS = 0.3

    def __init__(self, hub: Hub, address: str, send: Callable[[dict[str, Any]], None],
                 language: str):
        self.hub, self.send, self.language = hub, send, language
        self._pushing = False
        self.dirty: dict[int, LiveTable] = {}
        self.dashboard = Dashboard(hub, address)
        self.mirror = Mirror(self.dashboard)
        self.dashboard.shown = self.push
        send({"t": "hello", "role": "teacher"})
        send({"t": "ui", **self.mirror.everything()})
        hub.dashboards.add(self)
        self._timer = PeriodicCallback(self._refresh, self.REFRESH_SECONDS * 1000)
        self._timer.start()

    def push(self) -> None:
        changes = self.mirror.changes()
        if changes is not None:
            self.send({"t": "ui", **changes})

    def push_soon(self) -> None:
        """Push within a moment: a busy class changes many tables a second, and the teacher's
        projector needs them a few times a second at most."""
        if not self._pushing:
            self._pushing = True
            self.hub.loop.call_later(self.PUSH_SECONDS, self._push_now)

    @spoken
    def _push_now(self) -> None:
        self._pushing = False
        dirty, self.dirty = self.dirty, {}
        for live in dirty.values():
            self.dashboard.table_changed(live)
        self.push()

    @spoken
    def _refresh(self) -> None:
        self.dashboard.sync()
        self.push()

    def table_changed(self, live: LiveTable) -> None:
        self.dirty[live.id] = live
        self.push_soon()

    @spoken
    def class_changed(self) -> None:
        self.dashboard.class_changed()
        self.push()

    @spoken
    def receive(self, message: dict[str, Any]) -> None:
        if message.get("t") == "ping":
            return
        try:
            self.mirror.handle(message)
        except Refused as refusal:
            self.send({"t": "refused", "why": str(refusal)})
        self.push()

    def ended(self) -> None:
        self._timer.stop()
        self.hub.dashboards.discard(self)
        if not self.hub.dashboards:
            for table_id, live in list(self.hub.tables.items()):
                if not live.pages:
                    del self.hub.tables[table_id]
