"""``python -m sailing_kit.apps [FOLDER] [Voilà options]``: serve the apps of FOLDER (by default
``notebooks/apps`` under the current folder) for a classroom; see :mod:`sailing_kit.apps`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from sailing_kit.apps import voila_command


def main(arguments: list[str]) -> None:
    folder = Path("notebooks/apps")
    if arguments and not arguments[0].startswith("-"):
        folder, arguments = Path(arguments[0]), arguments[1:]
    if not (folder / "voila.json").is_file():
        sys.exit(f"{folder} has no voila.json: give the folder of the apps "
                 "(python -m sailing_kit.apps notebooks/apps)")
    command, env = voila_command(folder.resolve(), *arguments)
    os.chdir(folder)
    os.execve(command[0], command, env)


if __name__ == "__main__":
    main(sys.argv[1:])
