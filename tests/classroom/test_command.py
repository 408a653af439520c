"""``python -m sailing_kit.classroom`` speaks the teacher's language (#26): ``--language CODE``,
else the terminal's, else English: its help, its refusals and the announcement of the class's
addresses, which stay the same addresses in every language."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
from pathlib import Path

import pytest

from sailing_kit.classroom import Classroom
from sailing_kit.classroom.__main__ import main
from sailing_kit.classroom.server import announcement, make_application, serve
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import use_language
from tests.browser.servers import free_port
from tests.terminal import speak

ADDRESS = re.compile(r"http://[\w.:\[\]]+[\w/]*|\b[A-Z0-9]{6}\b")
"""What a machine or a student types from the announcement: its links and the class code."""


def _served(store: str, **options: object) -> str:
    """What ``serve`` announces for ``store`` (in this process, on a free loopback port), then
    stopped as Ctrl-C stops it."""
    said: list[str] = []

    def announce(text: str, **_: object) -> None:
        said.append(text)
        asyncio.get_running_loop().call_soon(os.kill, os.getpid(), signal.SIGINT)

    serve(store, free_port(), "127.0.0.1", announce=announce, **options)  # type: ignore[arg-type]
    assert len(said) == 1
    return said[0]


def test_the_announcement_in_hungarian_carries_the_same_addresses(tmp_path: Path) -> None:
    room = Classroom(f"sqlite:///{tmp_path / 'class.db'}")
    app = make_application(room, ip="127.0.0.1", port=8866)[1]
    english = announcement(room, app, None)
    with use_language("hu"):
        hungarian = announcement(room, app, None)
    assert "The class is open at" in english and "Az osztály itt nyitva" in hungarian
    assert "The class is open" not in hungarian and "teacher key" not in hungarian
    assert ADDRESS.findall(hungarian) == ADDRESS.findall(english)
    assert "http://127.0.0.1:8866/teacher" in hungarian and room.class_code in hungarian
    assert room.teacher_key and room.teacher_key in hungarian
    room.store.close()


def test_serve_announces_in_the_language_asked_and_each_page_keeps_its_own(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'class.db'}"
    first = _served(store, language="fr")
    assert "La classe est ouverte à http://127.0.0.1:" in first
    assert "la clé du professeur est  " in first and "(cette machine seulement)" in first
    again = _served(store)
    assert "The class is open at http://127.0.0.1:" in again
    assert "the teacher key was shown when this class was first started" in again
    codes = [ADDRESS.findall(text)[-1] for text in (first, again)]
    assert codes[0] == codes[1] == Classroom(store).class_code


@pytest.mark.parametrize("code", ["xx", "", "hu_HU_x" * 50])
def test_a_language_the_kit_has_not_is_refused_and_nothing_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--store", f"sqlite:///{tmp_path / 'class.db'}", "--language", code])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "argument --language: there is no language" in said
    assert "choose one of en (English), bg (Български), fr (Français), hu (Magyar)" in said
    assert list(tmp_path.iterdir()) == []


def test_the_help_speaks_the_terminals_language_unless_asked_another(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    speak(monkeypatch, LANG="hu_HU.UTF-8")
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    hungarian = capsys.readouterr().out
    assert "a figyelt port (alapból: 8866)" in hungarian and "kapcsolók:" in hungarian
    with pytest.raises(SystemExit):
        main(["serve", "--help", "--language", "en"])
    assert "the port to listen on (default: 8866)" in capsys.readouterr().out
    speak(monkeypatch, LANG="de_DE.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "Run a class: every student at their own device." in capsys.readouterr().out


def test_a_store_that_cannot_be_read_is_refused_in_words_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    speak(monkeypatch, LANGUAGE="ru:en", LANG="C.UTF-8")
    assert main(["serve", "--store", "mysql://ada:secret@host/class"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("python -m sailing_kit.classroom: не удаётся запустить класс: ")
    assert "sqlite:///ФАЙЛ или postgresql://" in said and "secret" not in said
    assert main(["serve", "--store", "postgresql://ada:secret@[nowhere"]) == 2
    assert "secret" not in capsys.readouterr().err


def test_a_wrong_teacher_key_file_is_refused_in_the_teachers_language(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'class.db'}"
    Classroom(store).store.close()
    (tmp_path / "key").write_text("a" * 20)
    before = (tmp_path / "class.db").read_bytes()
    with pytest.raises(ConfigError) as english:
        Classroom(store, teacher_key_file=tmp_path / "key")
    with use_language("hu"), pytest.raises(ConfigError) as hungarian:
        Classroom(store, teacher_key_file=tmp_path / "key")
    assert str(english.value) == f"the key in {tmp_path / 'key'} is not this class's teacher key"
    assert str(hungarian.value) != str(english.value) and "tanári kulcsa" in str(hungarian.value)
    assert hungarian.value.english == str(english.value)
    assert (tmp_path / "class.db").read_bytes() == before


def test_a_port_in_use_is_refused_in_the_teachers_language(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigError, match=f"impossible d’écouter sur 127.0.0.1, port {port}"):
            serve(f"sqlite:///{tmp_path / 'class.db'}", port, "127.0.0.1", language="fr",
                  announce=pytest.fail)


def test_the_language_may_come_before_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--language", "bg", "serve", "--store", "nope"]) == 2
    assert "класът не може да се стартира: хранилището на класа е sqlite:///ФАЙЛ" in \
        capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["--language", "xx", "serve", "--store", "nope"])
    assert stopped.value.code == 2 and "there is no language 'xx'" in capsys.readouterr().err
