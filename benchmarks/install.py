"""What a fresh install costs: the size on disk of every package ``pip install -e .`` brings in
(and with the test extras), measured from the installed distributions' own file lists."""

from __future__ import annotations

import importlib.metadata as metadata
import tomllib
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def closure(requirements: list[str]) -> set[str]:
    """Every distribution the requirements pull in, transitively (as installed here)."""
    seen: set[str] = set()
    todo = [(Requirement(text), "") for text in requirements]
    while todo:
        requirement, extra = todo.pop()
        environment = {**default_environment(), "extra": extra}
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        wanted = [(name, e) for e in ("", *sorted(requirement.extras))]
        for key in wanted:
            if f"{key[0]}[{key[1]}]" in seen:
                continue
            seen.add(f"{key[0]}[{key[1]}]")
            try:
                requires = metadata.requires(requirement.name) or []
            except metadata.PackageNotFoundError:
                continue
            todo.extend((Requirement(text), key[1]) for text in requires)
    return {key.split("[")[0] for key in seen}


def megabytes(names: set[str]) -> float:
    total = 0
    for name in names:
        try:
            distribution = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for file in distribution.files or []:
            path = Path(distribution.locate_file(file))
            if path.is_file():
                total += path.stat().st_size
    return total / 1e6


def run() -> list[tuple[str, str]]:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    base = closure(project["dependencies"])
    full = base | closure(project["optional-dependencies"]["test"])
    return [
        ("install size, `pip install -e .`", f"{megabytes(base):.0f} MB ({len(base)} packages)"),
        ('install size, `pip install -e ".[test]"` (Chromium apart)',
         f"{megabytes(full):.0f} MB ({len(full)} packages)"),
    ]
