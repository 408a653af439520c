"""The teacher's dashboard: open tables, watch every table live (the public picture: no hand is
shown), see who is to move and for how long, and the class's exercise results with a CSV export.
"""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets as widgets

from sailing_kit.classroom.pages import seat_names, waited
from sailing_kit.classroom.results import summarize
from sailing_kit.classroom.room import Classroom
from sailing_kit.classroom.seatboard import LiveFeed
from sailing_kit.classroom.table import Table
from sailing_kit.classroom.trainer_results import trainer_summary_table
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.info import GAME_NAMES, game_package
from sailing_kit.widgets.canvas import BoardCanvas, paint

WATCH_WIDTH, WATCH_HEIGHT = 460, 420
"""The largest size of each table's picture on the dashboard, in CSS pixels."""


def read_options(text: str) -> dict[str, Any]:
    """``"rocks=manual, monsters=3"`` as options: each value read as JSON where it can be
    (numbers, true/false, null, lists), else kept as text. ConfigError if malformed."""
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep or not name.strip().isidentifier():
            raise ConfigError(f"write options as name=value, separated by commas (not {part!r})")
        try:
            options[name.strip()] = json.loads(value.strip())
        except json.JSONDecodeError:
            options[name.strip()] = value.strip()
    return options


class TableWatch(widgets.VBox):
    """One table as the teacher sees it: code, seats, whose turn and for how long, the picture."""

    def __init__(self, table: Table):
        self.table = table
        self.caption = widgets.HTML()
        size = table.public_scene()
        scale = min(WATCH_WIDTH / size.width, WATCH_HEIGHT / size.height)
        self.canvas = BoardCanvas(width=size.width, height=size.height,
                                  max_width=round(size.width * scale))  # the aspect is kept
        super().__init__([self.caption, self.canvas],
                         layout=widgets.Layout(border="1px solid #bbb", padding="4px",
                                               margin="4px", width=f"{WATCH_WIDTH + 12}px"))
        self.add_class("sk-class-table")
        self.names = table.names()
        self.draw()

    def draw(self) -> None:
        paint(self.canvas, self.table.public_scene())
        self.update_caption()

    def moved(self) -> None:
        if self.table.refresh():
            self.draw()

    def update_caption(self) -> None:
        table, state = self.table, self.table.state
        if state.result is not None:
            turn = f"over: {html.escape(state.result.reason)}"
        elif state.current_player is None or state.current_player < 0:
            turn = "chance moves"
        else:
            player = state.current_player
            who = html.escape(self.names.get(player, "computer" if player in table.bots
                                             else "empty seat"))
            turn = f"Player {player + 1} ({who}) to move, waiting {waited(table)}"
        self.caption.value = (
            f"<div><span class='sk-class-code' style='font-size:1.4em;font-weight:bold;"
            f"letter-spacing:2px'>{html.escape(table.code)}</span> · "
            f"{html.escape(table.info.title)} · move {table.moves_played} · {turn}</div>"
            f"<div style='font-size:0.85em'>{seat_names(table, self.names)}</div>")


class Dashboard(widgets.VBox):
    """Open tables, watch them, read the results; kept live by one :class:`LiveFeed`."""

    def __init__(self, room: Classroom, address: str = "ADDRESS"):
        self.room = room
        self.pulse = widgets.HTML(layout=widgets.Layout(display="none"))
        self.pulse.add_class("sk-class-pulse")
        self.beats = 0
        self.game = widgets.Dropdown(options=[(game_package(name).INFO.title, name) for name in GAME_NAMES],
                                     value="calm", description="Game")
        self.players = widgets.BoundedIntText(value=3, min=1, max=10, description="Players",
                                              layout=widgets.Layout(width="160px"))
        self.bots = widgets.BoundedIntText(value=0, min=0, max=9, description="Bots",
                                           layout=widgets.Layout(width="160px"))
        self.options = widgets.Text(placeholder="options, e.g. rocks=manual, monsters=3",
                                    layout=widgets.Layout(width="320px"))
        opener = widgets.Button(description="Open table", icon="plus", button_style="primary")
        opener.on_click(lambda _: self.open_table())
        self.message = widgets.HTML()
        self.watches: dict[int, TableWatch] = {}
        self.grid = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.results = widgets.HTML()
        self.results.add_class("sk-class-results")
        self.game.observe(lambda _: self._game_chosen(), names="value")
        intro = widgets.HTML(
            f"<h3 style='margin:4px 0'>Class dashboard</h3><div>Students open this server's "
            f"address and type a table's code. Exercise results: in a notebook, "
            f"<code>from sailing_kit.classroom import report_to; report_to("
            f"\"{html.escape(address)}\", \"{html.escape(room.class_code)}\", \"Your name\")</code> "
            f"(class code <b class='sk-class-class-code'>{html.escape(room.class_code)}</b>).</div>")
        form = widgets.HBox([self.game, self.players, self.bots, self.options, opener],
                            layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([intro, form, self.message, self.grid,
                          widgets.HTML("<h4 style='margin:8px 0 2px'>Exercise results "
                                       "(<a href='/class/results.csv' target='_blank'>CSV</a>)"
                                       "</h4>"), self.results, self.pulse])
        self.add_class("sk-class-dashboard")
        self.sync()
        self.feed = LiveFeed(room.store, self.moved, on_beat=self.sync)

    def _game_chosen(self) -> None:
        info = game_package(self.game.value).INFO
        self.players.layout.display = None if info.players_option else "none"
        self.players.description = (info.players_option or "players").capitalize()

    def open_table(self) -> None:
        info = game_package(self.game.value).INFO
        try:
            options = read_options(self.options.value)
            if info.players_option:
                options[info.players_option] = self.players.value
            table = self.room.open_table(info.name, bots=self.bots.value, **options)
        except ConfigError as error:
            self.message.value = f"<span style='color:#a13c00'>Cannot open: {html.escape(str(error))}</span>"
            return
        self.message.value = (f"Table <b>{html.escape(table.code)}</b> is open: students join "
                              f"with this code.")
        self.sync()

    def moved(self, table_id: int) -> None:
        if table_id in self.watches:
            self.watches[table_id].moved()

    def sync(self) -> None:
        """New tables, new names, the waiting times and the results (every few seconds)."""
        for row in self.room.store.tables():
            if row.id not in self.watches:
                self.watches[row.id] = TableWatch(Table(self.room, row))
        self.grid.children = list(reversed(self.watches.values()))
        for watch in self.watches.values():
            watch.names = watch.table.names()
            watch.moved()
            watch.update_caption()
        self.results.value = results_table(self.room) + trainer_summary_table(self.room.attempts())
        self.beats += 1
        self.pulse.value = f"<span data-move='{len(self.watches)}' data-beat='{self.beats}'></span>"


def results_table(room: Classroom) -> str:
    """The results as an HTML table: a row per student, a column per question (escaped)."""
    results = summarize(room.attempts())
    if not results:
        return "<i>No exercise results yet.</i>"
    questions = sorted({(r.notebook, r.question) for r in results})
    students = sorted({r.student for r in results})
    by_key = {(r.student, r.notebook, r.question): r for r in results}
    head = "".join(f"<th>{html.escape(n)} {html.escape(q)}</th>" for n, q in questions)
    rows = []
    for student in students:
        cells = []
        for notebook, question in questions:
            result = by_key.get((student, notebook, question))
            cells.append("<td></td>" if result is None else
                         f"<td style='color:#00603f'>✓ try {result.solved_on}</td>" if result.solved
                         else f"<td style='color:#a13c00'>✗ {result.tries} tries</td>")
        rows.append(f"<tr><th>{html.escape(student)}</th>{''.join(cells)}</tr>")
    return (f"<table border='1' style='border-collapse:collapse'><tr><th>student</th>{head}</tr>"
            f"{''.join(rows)}</table>")
