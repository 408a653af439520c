"""The notebook files. Every exercise notebook is the one source of its student and teacher
versions: it matches its question module cell for cell, starts blank and without outputs, and
the repository holds no solutions. Every notebook: slide metadata for presenting in class."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import nbformat
import pytest

from sailing_kit.core.i18n import use_language
from sailing_kit.exercises import catalogue
from sailing_kit.exercises.release import START, in_language, student_version, teacher_version

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
SETS = list(catalogue.SETS)


def notebook(name: str) -> nbformat.NotebookNode:
    return nbformat.read(EXERCISES / f"{name}.ipynb", as_version=4)


def sources(nb: nbformat.NotebookNode) -> list[str]:
    return [cell.source for cell in nb.cells]


def test_the_repository_holds_no_solutions():
    assert not (EXERCISES / "solutions").exists()
    for path in ROOT.rglob("*.ipynb"):
        assert "solution(" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("name", SETS)
def test_the_notebook_matches_its_questions_cell_for_cell(name):
    """Each question: its title, the cell that shows the prompt, its picture if it has one, the
    module's answer template and the check, in this order (helper cells may come between)."""
    cells = sources(notebook(name))
    headings = [cells.index(f"### {q.title}") for q in catalogue.questions(name)] + [len(cells)]
    assert headings[:-1] == sorted(headings[:-1])
    for question, begin, end in zip(catalogue.questions(name), headings, headings[1:]):
        block = cells[begin + 1: end]
        assert block[0] == question.key, question.title
        answer = block.index(question.template)
        assert block[answer + 1] == f"{question.key}(answer_{question.number})"
        if question.has_picture:
            assert f"{question.key}.picture()" in block[1:answer]


@pytest.mark.parametrize("name", SETS)
def test_the_student_notebook_starts_blank_and_names_the_student_first(name):
    nb = notebook(name)
    nbformat.validate(nb)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert START.search(code[0].source) and 'start(..., mode="practice")' in code[0].source
    for question in catalogue.questions(name):
        assert not question.grade("Ada", ...).answered
        assert question.template.startswith(f"answer_{question.number} = ")
        assert "..." in question.template
    assert all(c.outputs == [] and c.execution_count is None for c in code)


@pytest.mark.parametrize("name", SETS)
def test_a_student_release_sets_the_mode_and_clears_outputs(name):
    released = student_version(notebook(name), name, "assessment")
    first = next(c for c in released.cells if c.cell_type == "code")
    assert 'mode="assessment"' in first.source
    assert released.metadata["sailing_kit"] == {"exercise": name, "mode": "assessment"}


@pytest.mark.parametrize("name", SETS)
def test_the_teacher_version_fills_every_answer_with_the_kits_solution(name):
    teacher = sources(teacher_version(notebook(name), name))
    assert teacher[0].startswith("**Teacher's version**")
    for question in catalogue.questions(name):
        n = question.number
        assert f"answer_{n} = solution(q{n})\nanswer_{n}" in teacher
        assert f"checked = q{n}(answer_{n})\nassert checked.ok, checked.message\nchecked" in teacher
        assert (f"worked(q{n})" in teacher) == question.has_worked


# the lessons in the language of their game's rule text: notebooks/hu/04_yacht_game.ipynb, ...
TRANSLATED = sorted((ROOT / "notebooks").glob("[a-z][a-z]/0[1-8]_*.ipynb"))
# the exercises in the language of their game's rule text: exercises/hu/03_dice.ipynb, ...
TRANSLATED_EXERCISES = sorted(EXERCISES.glob("[a-z][a-z]/0[1-9]_*.ipynb"))
ALL_NOTEBOOKS = (sorted((ROOT / "notebooks").glob("*.ipynb")) + TRANSLATED + sorted(EXERCISES.glob("*.ipynb"))
                 + TRANSLATED_EXERCISES)


def name_of(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=name_of)
def test_every_notebook_presents_as_slides(path):
    """Slide metadata on every cell (``python docs/tag_slides.py`` writes it)."""
    nb = nbformat.read(path, as_version=4)
    kinds = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in nb.cells]
    assert kinds[0] == "slide" and None not in kinds
    assert kinds.count("slide") >= 2 and nb.metadata.get("rise", {}).get("scroll")


# ----- the lessons --------------------------------------------------------------------------------

LESSONS = sorted((ROOT / "notebooks").glob("0[1-8]_*.ipynb"))
ACTIVITY = re.compile(r"\*\*(Try it|Predict|Your turn|Challenge|Look closer|Change it)")
ACTIVITY_SECTION = re.compile(r"Your (turn|race)|Train your eye")


def test_each_lessons_time_agrees_with_the_start_page():
    route = notebook_at(ROOT / "notebooks" / "00_start_here.ipynb").cells[1].source
    minutes = dict(re.findall(r"\]\((0\d_\w+)\.ipynb\) \|[^|]*\| (\d+) min \|", route))
    assert sorted(minutes) == [p.stem for p in LESSONS]
    for path in LESSONS:
        header = notebook_at(path).cells[0].source
        assert f"about {minutes[path.stem]} minutes" in header, path.name


@pytest.mark.parametrize("name", [p.stem for p in LESSONS])
def test_every_lesson_section_ends_with_something_to_do(name):
    """In each "## " section one of the last two markdown passages asks the student to do
    something (predict, try, change a value and look), or the section is itself an activity."""
    blocks: list[str] = []  # markdown passages, a cell split where a section begins inside it
    for cell in notebook_at(ROOT / "notebooks" / f"{name}.ipynb").cells:
        if cell.cell_type == "markdown":
            blocks += re.split(r"\n(?=## )", cell.source)
    starts = [i for i, block in enumerate(blocks) if block.startswith("## ")]
    for begin, end in zip(starts, starts[1:] + [len(blocks)]):
        heading = blocks[begin].splitlines()[0]
        assert ACTIVITY_SECTION.search(heading) or any(
            ACTIVITY.search(block) for block in blocks[begin:end][-2:]), (name, heading)


def notebook_at(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


COMMITTED = [path for path in sorted(ROOT.glob("notebooks/**/*.ipynb")) + sorted(EXERCISES.glob("**/*.ipynb"))
             if ".ipynb_checkpoints" not in path.parts]


@pytest.mark.parametrize("path", COMMITTED, ids=name_of)
def test_every_notebook_is_committed_with_its_outputs_cleared(path):
    code = [cell for cell in notebook_at(path).cells if cell.cell_type == "code"]
    assert all(c.outputs == [] and c.execution_count is None for c in code)


# ----- the lessons in the languages of their games ------------------------------------------------

SOURCE_LANGUAGE = {"03_dice_probabilities": "hu", "04_yacht_game": "hu", "05_calm_puzzle": "ru",
                   "07_card_regatta": "bg", "08_trireme_duel": "fr"}


def test_each_game_lesson_has_a_copy_in_the_language_of_its_rule_text():
    assert {name_of(path) for path in TRANSLATED} == {
        f"notebooks/{code}/{stem}.ipynb" for stem, code in SOURCE_LANGUAGE.items()}


def names_and_numbers(source: str) -> tuple[set[str], list[str]]:
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    return ({t.string for t in tokens if t.type == tokenize.NAME},
            sorted(t.string for t in tokens if t.type == tokenize.NUMBER))


@pytest.mark.parametrize("path", TRANSLATED, ids=name_of)
def test_a_translated_lesson_is_its_english_lesson_cell_for_cell(path):
    """The same cells, slide tags and notebook metadata; the first code cell speaks the folder's
    language; every code cell keeps the English cell's names and numbers (the same calls and seeds:
    only strings and comments are translated, a table of labels may be added); the prose is
    translated."""
    english, translated = notebook_at(ROOT / "notebooks" / path.name), notebook_at(path)
    assert translated.metadata == english.metadata
    assert [(c.cell_type, c.metadata) for c in translated.cells] == \
        [(c.cell_type, c.metadata) for c in english.cells]
    pairs = list(zip(english.cells, translated.cells))
    code = [(e.source, t.source) for e, t in pairs if e.cell_type == "code"]
    assert code[0][1].startswith(f'import sailing_kit\nsailing_kit.set_language("{path.parent.name}")\n')
    for number, (english_code, translated_code) in enumerate(code, start=1):
        names, numbers = names_and_numbers(english_code)
        translated_names, translated_numbers = names_and_numbers(translated_code)
        assert names <= translated_names, (number, names - translated_names)
        assert numbers == translated_numbers, number
    prose = [(e.source, t.source) for e, t in pairs if e.cell_type == "markdown"]
    assert sum(e != t for e, t in prose) == len(prose)


@pytest.mark.parametrize("path", TRANSLATED, ids=name_of)
def test_a_translated_lessons_time_agrees_with_the_start_page(path):
    route = notebook_at(ROOT / "notebooks" / "00_start_here.ipynb").cells[1].source
    minutes = dict(re.findall(r"\]\((0\d_\w+)\.ipynb\) \|[^|]*\| (\d+) min \|", route))
    assert re.search(rf"\b{minutes[path.stem]}\b", notebook_at(path).cells[0].source.splitlines()[2])


# ----- the exercises in the languages of their games ----------------------------------------------

EXERCISE_LANGUAGE = {"03_dice": "hu", "04_calm": "ru", "05_trireme": "fr"}


def test_each_game_exercise_has_a_copy_in_the_language_of_its_rule_text():
    assert {name_of(path) for path in TRANSLATED_EXERCISES} == {
        f"exercises/{code}/{name}.ipynb" for name, code in EXERCISE_LANGUAGE.items()}


def code_tokens(notebook: nbformat.NotebookNode) -> list[list[tuple[int, str]]]:
    """Each code cell as Python reads it: its tokens without comments and blank lines."""
    return [[(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(cell.source).readline)
             if t.type not in (tokenize.COMMENT, tokenize.NL)]
            for cell in notebook.cells if cell.cell_type == "code"]


@pytest.mark.parametrize("path", TRANSLATED_EXERCISES, ids=name_of)
def test_a_translated_exercise_is_its_english_notebook_cell_for_cell(path):
    """The same cells, slide tags and notebook metadata; every code cell the English one's (only
    comments translated), but for ``language="hu"`` in the ``start(...)`` call, as the release
    would set it; each question's heading as the question titles itself in that language; all
    the other prose translated."""
    code, name = path.parent.name, path.stem
    english, translated = notebook(name), notebook_at(path)
    assert translated.metadata == english.metadata
    assert [(c.cell_type, c.metadata) for c in translated.cells] == \
        [(c.cell_type, c.metadata) for c in english.cells]
    assert code_tokens(translated) == code_tokens(in_language(english, code)) != code_tokens(english)
    first = next(c.source for c in translated.cells if c.cell_type == "code")
    assert f'start(..., mode="practice", language="{code}")' in first
    english_titles = {f"### {q.title}": q for q in catalogue.questions(name)}
    with use_language(code):
        titles = {q.number: f"### {q.title}" for q in catalogue.questions(name)}
    headings = 0
    for e, t in zip(english.cells, translated.cells):
        if e.cell_type == "markdown" and e.source in english_titles:
            headings += 1
            assert t.source == titles[english_titles[e.source].number] != e.source
        elif e.cell_type == "markdown":
            assert t.source != e.source and len(t.source) > len(e.source) / 2, e.source[:40]
    assert headings == len(titles)


@pytest.mark.parametrize("path", TRANSLATED_EXERCISES, ids=name_of)
def test_a_translated_exercise_releases_as_its_english_notebook_does(path):
    """The student's and the teacher's versions of a translated copy are those of the English
    notebook in that language, code cell for code cell."""
    code, name = path.parent.name, path.stem
    english, translated = in_language(notebook(name), code), notebook_at(path)
    assert code_tokens(student_version(translated, name, "assessment")) == \
        code_tokens(student_version(english, name, "assessment"))
    teacher = teacher_version(translated, name, "Kiss Anna")
    assert code_tokens(teacher) == code_tokens(teacher_version(english, name, "Kiss Anna"))
    first = next(c.source for c in teacher.cells if c.cell_type == "code")
    assert f"start('Kiss Anna', mode=\"practice\", language=\"{code}\")" in first
