"""The students' apps served by Voilà for a classroom: ``python -m sailing_kit.apps``.

It runs Voilà in ``notebooks/apps`` (where ``voila.json`` culls idle kernels and lets a page
shut its kernel down when it closes) with the kit's own page template, which fetches nothing
from the internet (``share/voila/templates/sailing-kit``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SHARE = Path(__file__).resolve().parent / "share"
TEMPLATE = "sailing-kit"


def voila_command(folder: Path, *options: str, serve: Path | None = None
                  ) -> tuple[list[str], dict[str, str]]:
    """The command line and environment that run Voilà on ``serve`` (by default ``folder``)
    with the settings of ``folder/voila.json`` (run it in ``folder``) and the kit's template."""
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
        filter(None, [str(SHARE), os.environ.get("JUPYTER_PATH")]))}
    command = [sys.executable, "-m", "voila", str(serve or folder), "--no-browser",
               f"--VoilaConfiguration.template={TEMPLATE}", *options]
    return command, env
