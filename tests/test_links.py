"""#12.11 Every relative link of every notebook (and of the README and the docs) leads to a file
that exists, seen from the JupyterLab root the README opens: the repository folder."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

REPO = Path(__file__).resolve().parents[1]
MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""(?:href|src)=["']([^"']+)["']""")


def documents() -> list[Path]:
    notebooks = [path for folder in ("notebooks", "exercises")
                 for path in sorted((REPO / folder).glob("**/*.ipynb"))
                 if not any(part.startswith(".") for part in path.relative_to(REPO).parts)]
    return [*notebooks, REPO / "README.md", *sorted(REPO.glob("docs/*.md"))]


def markdown_of(document: Path) -> str:
    if document.suffix == ".ipynb":
        cells = json.loads(document.read_text())["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return document.read_text()


def relative_links(text: str) -> list[str]:
    links = MARKDOWN_LINK.findall(text) + HTML_LINK.findall(text)
    return [link for link in links if not urlparse(link).scheme and not link.startswith("#")]


@pytest.mark.parametrize("document", documents(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_leads_to_a_file_inside_the_lab_root(document: Path) -> None:
    for link in relative_links(markdown_of(document)):
        target = (document.parent / unquote(link.split("#")[0])).resolve()
        assert target.is_relative_to(REPO), f"{link} leaves the repository (the Lab root)"
        assert target.exists(), f"{link} in {document.name}: no such file"


def test_the_start_page_links_every_lesson_and_every_exercise() -> None:
    links = {(REPO / "notebooks" / link).resolve()
             for link in relative_links(markdown_of(REPO / "notebooks/00_start_here.ipynb"))}
    wanted = {*REPO.glob("notebooks/0[1-9]_*.ipynb"), *REPO.glob("notebooks/[a-z][a-z]/0[1-9]_*.ipynb"),
              *REPO.glob("exercises/0[1-9]_*.ipynb"), *REPO.glob("exercises/[a-z][a-z]/0[1-9]_*.ipynb")}
    assert wanted <= links, sorted(p.name for p in wanted - links)


@pytest.mark.parametrize("translation", sorted(REPO.glob("docs/rules-*.[a-z][a-z].md")), ids=lambda p: p.name)
def test_a_translated_rules_reference_and_its_english_one_link_each_other(translation: Path) -> None:
    english = translation.with_name(translation.name.split(".")[0] + ".md")
    assert english.name in relative_links(translation.read_text()[:400])
    assert translation.name in relative_links(english.read_text()[:400])
