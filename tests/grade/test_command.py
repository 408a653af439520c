"""``python -m sailing_kit.grade`` speaks the teacher's language (#26): ``--language CODE``, else
the terminal's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English: its help, its
refusals, its summary and the CSV's reasons; the CSV's columns stay English."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from sailing_kit.core.i18n import language
from sailing_kit.grade.__main__ import main
from sailing_kit.grade.scores import FIELDS
from tests.grade.handins import DICE, grade, needs_sandbox, solution, student_notebook
from tests.terminal import speak


@needs_sandbox
def test_the_summary_is_in_the_french_terminals_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    speak(monkeypatch, LC_ALL="fr_FR.UTF-8", LANG="en_US.UTF-8")
    root = tmp_path / "class"
    root.mkdir()
    nbformat.write(student_notebook(DICE, "Ada", {1: solution(DICE, 1, "Ada")}), root / "ada.ipynb")
    result = grade(root)
    assert result.code == 0 and list(result.rows[0])[:7] == FIELDS[:7]
    assert result.by_question("ada.ipynb")["q1"]["reason"] == "juste"
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"1 carnet noté\u00a0: {result.out}"
    points = float(result.by_question("ada.ipynb")["q1"]["points"])
    assert said[1].startswith("Ada  ") and "points  (1 carnet)" in said[1]
    assert f"{points:g}".replace(".", ",") in said[1]
    assert language() == "en"


def test_the_help_speaks_the_terminals_language_unless_asked_another(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    speak(monkeypatch, LANGUAGE="de:hu", LANG="fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"])
    hungarian = capsys.readouterr().out
    assert "ennyi másodpercig futhat egy cella (alapból: 60)" in hungarian
    assert "Értékeli a beadott feladatfüzeteket" in hungarian
    with pytest.raises(SystemExit):
        main(["--help", "--language", "ru"])
    assert "сколько секунд может работать каждая ячейка" in capsys.readouterr().out


def test_a_refusal_speaks_the_terminals_language_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    speak(monkeypatch, LANG="fr_FR.UTF-8")
    missing = tmp_path / "nowhere.ipynb"
    for options, words in (([], "fichier ou dossier introuvable\u00a0: "),
                           (["--language", "en"], "no such file or folder: ")):
        with pytest.raises(SystemExit) as stopped:
            main([str(missing), "--out", str(tmp_path / "grades.csv"), *options])
        assert stopped.value.code == 2
        assert f"python -m sailing_kit.grade: error: {words}{missing}" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_language_the_kit_has_not_is_refused_even_in_a_speaking_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    speak(monkeypatch, LANG="hu_HU.UTF-8")
    notebook = tmp_path / "ada.ipynb"
    nbformat.write(student_notebook(DICE, "Ada", {}), notebook)
    with pytest.raises(SystemExit) as stopped:
        main([str(notebook), "--out", str(tmp_path / "grades.csv"), "--language", "xx"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "argument --language: " in said  # in the terminal's Hungarian, and in English after it
    assert "there is no language 'xx' in the kit: choose one of en (English)" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ada.ipynb"]
