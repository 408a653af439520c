"""A class where one notebook is hostile: it writes outside its folder, into the kit, into another
submission and into the grades; reaches for the network; reads the teacher's environment, home
and key; fills memory;
prints gigabytes; leaves a process behind; and kills its kernel's parent. In the sandbox none of
it reaches anything, and the other notebooks keep their exact points, files and marks."""

from __future__ import annotations

import os
import resource
import socket
import time
from pathlib import Path

import nbformat
import pytest

import sailing_kit.exercises.question
from sailing_kit.exercises import catalogue, teacher
from tests.grade.handins import (
    SAIL,
    all_right,
    digest,
    grade,
    insert_after,
    needs_sandbox,
    student_notebook,
)

pytestmark = needs_sandbox
SECRET = "s3cret-of-the-teacher"
MARK = "31.4159"
"""The argument of the process the hostile notebook leaves behind, to find it afterwards."""


def hostile_cells(targets: dict[str, Path], port: int) -> list[str]:
    writes = "\n".join(f"attempts[{name!r}] = attempt({str(path)!r})" for name, path in targets.items())
    network = (f"import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), "
               "timeout=2).close()\n    attempts['network'] = 'W'\nexcept OSError:\n"
               "    attempts['network'] = 'x'")
    return [
        "import os, signal, subprocess, sys\nattempts = {}\n"
        "def attempt(target):\n    try:\n        with open(target, 'a') as handle:\n"
        "            handle.write('hacked')\n        return 'W'\n"
        "    except OSError:\n        return 'x'\n" + writes + "\n" + network,
        "try:\n    hog = bytearray(3 * 2**30)\n    hog[::4096] = b'x' * len(hog[::4096])\n"
        "    memory = 'filled'\nexcept MemoryError:\n    memory = 'refused'",
        "answer_1 = {'env': os.environ.get('TEACHER_SECRET'), 'writes': ''.join(attempts.values()),"
        "\n            'memory': memory,"
        f"\n            'key': open({os.environ[teacher.KEY_VARIABLE]!r}).read()\n"
        f"            if os.path.exists({os.environ[teacher.KEY_VARIABLE]!r}) else None}}",
        "if os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
        f"        os.execvp('sleep', ['sleep', '{MARK}'])\n    os._exit(0)\nos.wait()\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1); open(%r, \"w\")"
        ".write(\"owned\")' % " + repr(str(targets["grades"])) + "], start_new_session=True)",
        "line = 'x' * 10**6\nfor _ in range(2000):\n    print(line)\nos.write(1, b'y' * 10**7)",
        "os.kill(os.getppid(), signal.SIGKILL)",
    ]


def leftovers() -> list[str]:
    """Processes still running the hostile notebook's ``sleep``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if MARK in (entry / "cmdline").read_bytes().decode(errors="replace"):
                found.append(entry.name)
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    root = folder / "submissions"
    root.mkdir()
    kit_file = Path(sailing_kit.exercises.question.__file__)
    honest, wrong = root / "b-ruth.ipynb", root / "c-walt.ipynb"
    nbformat.write(student_notebook(SAIL, "Ruth", all_right(SAIL, "Ruth")), honest)
    wrong_answers = all_right(SAIL, "Somebody Else")
    nbformat.write(student_notebook(SAIL, "Walt", wrong_answers), wrong)
    targets = {"outside": folder / "outside.txt", "kit": kit_file, "other": honest,
               "grades": root.parent / "submissions-grades.csv", "home": Path.home() / "hacked.txt"}
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen()
    hostile = student_notebook(SAIL, "Mallory", all_right(SAIL, "Mallory"))
    for source in reversed(hostile_cells(targets, listening.getsockname()[1])):
        insert_after(hostile, "answer_2 = ", source)
    nbformat.write(hostile, root / "a-mallory.ipynb")
    before = {"kit": digest(kit_file), "honest": digest(honest), "wrong": digest(wrong)}
    os.environ["TEACHER_SECRET"] = SECRET
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        result = grade(root, "--timeout", "20", "--memory", "1024")
    finally:
        del os.environ["TEACHER_SECRET"]
        listening.close()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory
    grades = result.out.read_bytes()
    time.sleep(2)  # what the hostile notebook left behind would have written by now
    return result, targets, before, grown, grades, wrong_answers


def expected_points(name: str, answers: dict[int, str]) -> dict[str, float]:
    import ast

    return {q.key: q.points_for(q.grade(name, ast.literal_eval(answers[q.number])))
            for q in catalogue.questions(SAIL)}


def test_the_honest_notebooks_keep_their_exact_points_and_files(attacked):
    result, targets, before, *_, wrong_answers = attacked
    ruth, walt = result.by_question("b-ruth.ipynb"), result.by_question("c-walt.ipynb")
    assert all(r["reason"] == "right" and r["points"] == "2.0" for r in ruth.values())
    assert {q: float(r["points"]) for q, r in walt.items()} == expected_points("Walt", wrong_answers)
    assert digest(targets["other"]) == before["honest"]


def test_nothing_outside_the_sandbox_was_written(attacked):
    _result, targets, before, *_ = attacked
    assert not targets["outside"].exists() and not targets["home"].exists()
    assert digest(targets["kit"]) == before["kit"]


def test_the_hostile_notebook_saw_no_secret_and_its_writes_all_failed(attacked):
    result, *_ = attacked
    text = result.out.read_text(encoding="utf-8")
    assert SECRET not in text and teacher.make_key() not in text
    (first,) = [r for r in result.of("a-mallory.ipynb") if r["question"] == "q1"]
    assert first["answer"] == ("{'env': None, 'writes': 'xxxxxx', 'memory': 'refused', 'key': "
                               "None}")  # no network either


def test_killing_its_parent_stops_nothing_and_its_other_answers_count(attacked):
    result, *_ = attacked
    rows = result.by_question("a-mallory.ipynb")
    assert rows["q1"]["reason"].startswith("could not be read")
    assert all(rows[f"q{n}"]["reason"] == "right" for n in range(2, 8))


def test_nothing_is_left_running_and_the_grades_stay_as_written(attacked):
    result, _, _, _, grades, _ = attacked
    assert leftovers() == []
    assert result.out.read_bytes() == grades and b"owned" not in grades


def test_gigabytes_printed_never_reach_the_graders_memory(attacked):
    result, _, _, grown, *_ = attacked
    assert result.code == 0 and grown < 200_000  # kilobytes: the 2 GB printed stayed outside
