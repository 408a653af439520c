"""Class mode in each student's language (#26): the browser's language by default, the page's
switch (``?lang=``, then its cookie) over it, hostile values ignored and never shown back, each
seat's board made and kept in its page's language whoever moves, and refusals that name the
same rule in every language."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from sailing_kit.calm import bots as calm_bots
from sailing_kit.classroom import Classroom, JoinRefused, connect, report_to
from sailing_kit.classroom.languages import page_values, script_messages
from sailing_kit.core.i18n import _, use_language
from tests.classroom.live import Browser, LiveServer, Page, store_dump

HUNGARIAN = "hu-HU,hu;q=0.9,en;q=0.5"


def said(language: str, message: str, /, **values: object) -> str:
    """``message`` as the catalogs say it in ``language``."""
    with use_language(language):
        return str(_(message, **values))


def join_page(browser: Browser, query: str = "", **headers: str) -> str:
    response = browser.http.get(browser.server.url + "/" + query, headers=headers, timeout=10)
    assert response.status_code == 200
    return response.text


def page_language(text: str) -> str:
    found = re.search(r'<html lang="([a-z]+)">', text)
    assert found, "the page names no language"
    return found.group(1)


def script_words(text: str) -> dict[str, str]:
    found = re.search(r'data-words="([^"]*)"', text)
    assert found
    words: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return words


def header(page: Page) -> str:
    return next(node["v"] for node in page.nodes().values()
                if node["k"] == "html" and "sk-class-header" in node.get("cls", []))


def test_the_browsers_language_picks_the_join_page_and_its_scripts_words(
        room: Classroom, server: LiveServer) -> None:
    browser = Browser(server, visit=False)
    text = join_page(browser, **{"Accept-Language": HUNGARIAN})
    title = said("hu", "Join a table")
    assert page_language(text) == "hu" and title != "Join a table"
    assert f"<h1>{html.escape(title)}</h1>" in text
    assert "<option value='hu' selected>Magyar</option>" in text  # the switch, by own names
    words = script_words(text)
    lost = "Connection lost: reconnecting…"
    assert lost in script_messages() and words[lost] == said("hu", lost) != lost
    english = join_page(Browser(server, visit=False), **{"Accept-Language": "de-DE,de;q=0.9"})
    assert page_language(english) == "en" and "<h1>Join a table</h1>" in english
    assert script_words(english) == {}  # a script says its own English


def test_the_switch_is_remembered_and_wins_over_the_browsers_language(
        room: Classroom, server: LiveServer) -> None:
    browser = Browser(server, visit=False)
    switched = browser.http.get(server.url + "/?lang=ru", headers={"Accept-Language": HUNGARIAN})
    assert page_language(switched.text) == "ru"
    assert "sk_lang=ru" in switched.headers["Set-Cookie"]
    assert page_language(join_page(browser, **{"Accept-Language": HUNGARIAN})) == "ru"
    status, answer = browser.post("/class/api/join", {"code": "ZZZZZ", "name": "Ana"},
                                  headers={"Accept-Language": HUNGARIAN})
    assert status == 404
    assert answer["error"] == said("ru", "No table has this code: check it on your teacher's "
                                         "screen.")
    assert page_language(join_page(browser, "?lang=fr")) == "fr"
    assert page_language(join_page(browser)) == "fr"


@pytest.mark.parametrize("hostile", [
    "xx", "<script>alert(1)</script>", "hu" * 400, "../../etc/passwd", "'\"><b>", "en\r\nX: y"])
def test_a_hostile_language_is_ignored_never_shown_and_changes_nothing(
        room: Classroom, server: LiveServer, hostile: str) -> None:
    other = Browser(server)
    other.http.get(server.url + "/?lang=bg", timeout=10)
    ana = Browser(server)
    before = store_dump(room)
    response = ana.http.get(server.url + "/", params={"lang": hostile},
                            headers={"Accept-Language": HUNGARIAN}, timeout=10)
    assert response.status_code == 200 and page_language(response.text) == "hu"
    assert "sk_lang" not in response.headers.get("Set-Cookie", "")
    assert hostile not in response.text and html.escape(hostile) not in response.text
    if hostile.isprintable():
        ana.http.cookies.set("sk_lang", hostile)
        assert page_language(join_page(ana, **{"Accept-Language": HUNGARIAN})) == "hu"
    refused = ana.http.post(server.url + "/class/api/join", params={"lang": hostile},
                            json={"code": "ZZZZZ", "name": "Ana"},
                            headers={"Accept-Language": HUNGARIAN}, timeout=10)
    assert refused.status_code == 404 and refused.json()["error"] == said(
        "hu", "No table has this code: check it on your teacher's screen.")
    assert store_dump(room) == before
    assert page_language(join_page(other)) == "bg"  # another student's choice stands


def test_two_seats_at_one_table_each_read_their_own_language(room: Classroom,
                                                              server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=3)
    ana_browser, ben_browser = Browser(server), Browser(server)
    ana_browser.join(table.code, "Ana")
    ben_browser.join(table.code, "Ben")
    ana = ana_browser.page(f"/class/ws/seat/{table.code}?lang=hu")
    ben = ben_browser.page(f"/class/ws/seat/{table.code}", **{"Accept-Language": "fr-FR,fr"})
    ana.kind("status")
    ben.kind("status")
    assert said("hu", "you are Player {number} ({name})", number=1, name="Ana") in header(ana)
    assert said("hu", "Your turn.") in header(ana)
    assert said("fr", "you are Player {number} ({name})", number=2, name="Ben") in header(ben)
    assert "you are" not in header(ana) + header(ben)
    live = server.call(lambda: server.app.hub.tables[table.id])
    boards = server.call(lambda: sorted(page.view.board.language for page in live.pages))
    assert boards == ["fr", "hu"]

    ben.send({"t": "api"})
    assert ben.kind("state")["legal"] == []
    ana.send({"t": "api"})
    legal = ana.kind("state")["legal"]
    ben.send({"t": "play", "action": legal[0]})
    refusal = ben.kind("played")
    assert not refusal["ok"] and refusal["kind"] == "NotYourTurn"
    assert refusal["why"] == said("fr", "It is not your turn: Player {number} ({name}) is to "
                                        "move.", number=1, name="Ana")
    ana.send({"t": "play", "action": legal[0]})
    assert ana.kind("played")["ok"]
    for page, code, number, name in ((ben, "fr", 2, "Ben"), (ana, "hu", 1, "Ana")):
        page.until(lambda m: m.get("t") == "ui" and "data-move='1'" in json.dumps(m))
        assert said(code, "you are Player {number} ({name})", number=number,
                    name=name) in header(page)  # Ana's move, told in each page's language
        assert "you are" not in header(page) and " to move " not in header(page)


def test_a_seat_that_switches_language_gets_its_board_again_in_it(room: Classroom,
                                                                   server: LiveServer) -> None:
    table = room.open_table("calm", players=2)
    browser = Browser(server)
    browser.join(table.code, "Ana")
    first = browser.page(f"/class/ws/seat/{table.code}?lang=ru")
    first.kind("status")
    assert said("ru", "Your turn.") in header(first)
    first.close()
    again = browser.page(f"/class/ws/seat/{table.code}?lang=en")
    again.kind("status")
    assert "Your turn." in header(again) and said("ru", "Your turn.") not in header(again)


def test_a_refusal_in_hungarian_names_the_same_rule_as_in_english(room: Classroom,
                                                                   server: LiveServer) -> None:
    table = room.open_table("calm", players=2)
    Browser(server).join(table.code, "Ana")
    Browser(server).join(table.code, "Ben")
    refusals = {}
    for code in ("en", "hu"):
        with use_language(code), pytest.raises(JoinRefused) as refused:
            room.join(table.code, "Cleo")
        refusals[code] = refused.value.args[0]
    assert refusals["hu"].english == refusals["en"] == refusals["en"].english
    assert str(refusals["hu"]) != str(refusals["en"]) and table.code in str(refusals["hu"])
    status, answer = Browser(server).post("/class/api/join", {"code": table.code, "name": "Cleo"},
                                          headers={"Accept-Language": HUNGARIAN})
    assert status == 400 and answer["error"] == str(refusals["hu"])
    status, answer = Browser(server).post("/class/api/join", {"code": table.code, "name": " "},
                                          headers={"Accept-Language": HUNGARIAN})
    assert answer["error"] == said("hu", "Type your name to take a seat: it needs a letter or a "
                                         "digit.")


def test_every_page_has_its_words_and_the_switch_in_every_language() -> None:
    for name in ("join.html", "teacher.html", "seat.html", "dashboard.html", "replay.html",
                 "review.html"):
        english = page_values(name, "en")
        for code in ("hu", "bg", "fr", "ru"):
            values = page_values(name, code)
            assert values.keys() == english.keys() and f"value='{code}' selected" in values["switch"]
            assert values["title"] != english["title"], (name, code)


def test_the_teachers_dashboard_and_its_controls_speak_the_teachers_language(
        tmp_path: Path) -> None:
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}", teacher_key_file=tmp_path / "key")
    server = LiveServer(room)
    try:
        table = room.open_table("calm", players=2, seed=2)
        student = Browser(server)
        student.join(table.code, "Ana")
        ana = student.page(f"/class/ws/seat/{table.code}?lang=fr")
        ana.kind("status")
        teacher = Browser(server)
        teacher.login((tmp_path / "key").read_text().strip())
        dashboard = teacher.page("/class/ws/teacher?lang=hu")
        dashboard.kind("ui")
        labels = {node.get("label") for node in dashboard.nodes().values()}
        assert {said("hu", "Open table"), said("hu", "Free"), said("hu", "Pause the class")} <= labels
        assert "Open table" not in labels and said("hu", "Class dashboard") in dashboard.text()
        free = next(k for k, n in dashboard.nodes().items()
                    if n["k"] == "button" and n["label"] == said("hu", "Free"))
        dashboard.send({"t": "click", "id": free})
        assert ana.kind("gone")["why"] == said(  # the teacher's click, told in Ana's French
            "fr", "Your teacher freed this seat: join again with the table's code.")
        dashboard.until(lambda m: said("hu", "Done.") in json.dumps(m, ensure_ascii=False))
    finally:
        server.stop()
        room.store.close()


def test_a_replay_and_a_spectator_speak_their_pages_language(room: Classroom,
                                                              server: LiveServer) -> None:
    table = room.open_table("calm", players=2, seed=2)
    watcher = Browser(server).page(f"/class/ws/watch/{table.code}?lang=ru")
    assert watcher.kind("hello")["code"] == table.code
    watcher.kind("status")
    assert said("ru", "Table {code}", code=table.code) in header(watcher)
    assert watcher.send({"t": "click", "id": "x"}) is None
    assert watcher.kind("refused")["why"] == said(
        "ru", "A spectator watches: nothing can be played here.")
    seat = room.join(table.code, "Ana")
    seat.play(calm_bots.make("planner")(seat.state))
    room.close_table(table.code)
    browser = Browser(server, visit=False)
    browser.http.cookies.set("sk_lang", "bg")
    status, frame = browser.get(f"/class/api/replay/{table.code}?move=0&moves=1")
    assert status == 200 and frame["caption"] == said("bg", "The start of the game.")
    assert frame["moves"][0].startswith("1. " + said("bg", "Player {number}", number=1))
    status, english = Browser(server).get(f"/class/api/replay/{table.code}?move=0&moves=1")
    assert english["caption"] == "The start of the game."  # the replay kept no one's language


def test_a_program_seat_hears_refusals_in_its_notebooks_language(room: Classroom,
                                                                  server: LiveServer) -> None:
    table = room.open_table("calm", players=2)
    Browser(server).join(table.code, "Ana")
    Browser(server).join(table.code, "Ben")
    with use_language("ru"), pytest.raises(JoinRefused) as refused:
        connect(server.url, table.code, "Bot")
    assert str(refused.value) == said("ru", "Table {code} is full: ask your teacher for another "
                                            "code.", code=table.code)


def test_report_to_hears_a_taken_name_in_its_notebooks_language(
        room: Classroom, server: LiveServer, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sailing_kit.classroom.report.TOKENS", tmp_path / "tokens.json")
    room.register_student(room.class_code, "Ana")
    with use_language("bg"), pytest.raises(JoinRefused) as refused:
        report_to(server.url, room.class_code, "Ana")
    assert str(refused.value) == said(
        "bg", "The name {name} is already registered in this class: choose another (add your "
              "surname's initial).", name=repr("Ana"))
