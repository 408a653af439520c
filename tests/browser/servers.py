"""Serve the notebooks with JupyterLab or Voilà on 127.0.0.1 and drive a board in Chromium.

Shared by the browser test (``tests/browser``) and ``docs/make_screenshot.py``. Every server
runs with HOME, TMPDIR and the Jupyter config, data and runtime folders inside a throwaway
workspace, on a copy of the notebooks, so nothing of the user's setup leaks in or out.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, Playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BOARD = ".sailing-kit-board"
BOARD_CANVAS = f"{BOARD} canvas.sk-canvas"
STDERR_OUTPUT = '[data-mime-type="application/vnd.jupyter.stderr"]'
"""Cell outputs written to stderr: JupyterLab and Voilà render tracebacks this way too."""
STARTUP_SECONDS = 60
"""How long a server may take to listen on its port."""
WAIT_MS = 90_000
"""How long the browser may wait: for a kernel to start, for a notebook to paint its board, for
a click to take effect."""

# Counts the canvas's non-transparent pixels (read back with getImageData).
_PAINTED_PIXELS = """canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted++;
    return painted;
}"""
# Whether the page's last board canvas has painted pixels.
_BOARD_PAINTED = f"""selector => {{
    const canvas = [...document.querySelectorAll(selector)].pop();
    return canvas !== undefined && ({_PAINTED_PIXELS})(canvas) > 0;
}}"""
# A 32-bit FNV-1a hash of the canvas's pixels, to see whether the picture changed.
_PIXEL_DIGEST = """canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 2166136261;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 16777619) >>> 0;
    return hash;
}"""
# JupyterLab user settings: no news or update pop-ups, and every cell kept in the page so a
# board far down the notebook is rendered without scrolling to it first.
_LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


@dataclass(frozen=True)
class Server:
    """A running server: where to point the browser, the headers it must send, its process
    and its log."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)
    pid: int = 0
    log: Path | None = None


@dataclass(frozen=True)
class Workspace:
    """A throwaway home for servers: a copy of the notebooks plus the folders they write to."""

    root: Path

    @property
    def notebooks(self) -> Path:
        return self.root / "notebooks"

    @property
    def home(self) -> Path:
        return self.root / "home"

    def folders(self) -> dict[str, Path]:
        """The folders a server writes to, by the environment variable that names them."""
        return {"HOME": self.home, "TMPDIR": self.home / "tmp",
                "JUPYTER_CONFIG_DIR": self.home / "jupyter-config",
                "JUPYTER_DATA_DIR": self.home / "jupyter-data",
                "JUPYTER_RUNTIME_DIR": self.home / "jupyter-runtime"}

    def env(self) -> dict[str, str]:
        """The environment of a server and its kernels: the workspace's folders, and the
        repository on the Python path so the kernels import this working tree's package."""
        python_path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
        return {**os.environ, **{name: str(path) for name, path in self.folders().items()},
                "PYTHONPATH": python_path}

    def log(self, name: str) -> Path:
        return self.root / f"{name}.log"


def make_workspace(root: Path) -> Workspace:
    """Copy the repository's notebooks under ``root`` and create the folders servers use."""
    workspace = Workspace(root)
    shutil.copytree(NOTEBOOKS, workspace.notebooks, ignore=shutil.ignore_patterns(".*"))
    for folder in workspace.folders().values():
        folder.mkdir(parents=True, exist_ok=True)
    _write_lab_settings(workspace.folders()["JUPYTER_CONFIG_DIR"] / "lab" / "user-settings")
    return workspace


def _write_lab_settings(user_settings: Path) -> None:
    for plugin, settings in _LAB_SETTINGS.items():
        path = user_settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(command: list[str], workspace: Workspace, port: int, name: str,
            cwd: Path | None = None, env: dict[str, str] | None = None) -> Iterator[int]:
    """Run ``command`` (in ``cwd``, by default the workspace's notebooks; with ``env`` added to
    the workspace's environment) until the ``with`` block ends; enter it, with the process id,
    once ``port`` accepts connections. Its output goes to ``workspace.log(name)``."""
    with workspace.log(name).open("w") as log:
        process = subprocess.Popen(command, cwd=cwd or workspace.notebooks,
                                   env={**workspace.env(), **(env or {})},
                                   stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_for_port(port, process, workspace.log(name))
        yield process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_for_port(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}:\n{log.read_text()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"nothing listens on port {port} after {STARTUP_SECONDS}s:\n"
                       f"{log.read_text()}")


@contextmanager
def jupyterlab(workspace: Workspace) -> Iterator[Server]:
    """JupyterLab on the workspace's notebooks, with a token and ``window.jupyterapp``."""
    port, token = free_port(), secrets.token_hex(16)
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
               "--LabApp.expose_app_in_browser=True",
               f"--ServerApp.root_dir={workspace.notebooks}"]
    with serving(command, workspace, port, "jupyterlab") as pid:
        yield Server(f"http://127.0.0.1:{port}", {"Authorization": f"token {token}"}, pid,
                     workspace.log("jupyterlab"))


CULL_SECONDS = 4
"""How long the tests' Voilà lets a kernel without a page sit idle before it culls it."""


@contextmanager
def voila(workspace: Workspace) -> Iterator[Server]:
    """Voilà serving every notebook of the workspace, each at ``/voila/render/<path>``, as the
    classroom command runs it (``python -m sailing_kit.apps``: the settings of
    ``apps/voila.json`` and the kit's template), but culling after :data:`CULL_SECONDS` and
    showing tracebacks."""
    from sailing_kit.apps import voila_command

    port = free_port()
    command, env = voila_command(
        workspace.notebooks / "apps", f"--port={port}", "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0", "--show_tracebacks=True",
        f"--MappingKernelManager.cull_idle_timeout={CULL_SECONDS}",
        "--MappingKernelManager.cull_interval=1", serve=workspace.notebooks)
    with serving(command, workspace, port, "voila", cwd=workspace.notebooks / "apps",
                 env={"JUPYTER_PATH": env["JUPYTER_PATH"]}) as pid:
        yield Server(f"http://127.0.0.1:{port}", pid=pid, log=workspace.log("voila"))


def launch_chromium(playwright: Playwright, workspace: Workspace) -> Browser:
    """Debian's Chromium, headless, with its home in the workspace."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                      env=workspace.env())


LAPTOP = (1366, 768)
PROJECTOR = (1024, 768)
PHONE = (390, 844)
"""Screen sizes a class meets (CSS pixels): the laptop, the school projector, a phone."""


def open_page(browser: Browser, server: Server, size: tuple[int, int] = (1400, 1000), *,
              touch: bool = False, mobile: bool = False, pixel_ratio: float = 1) -> Page:
    """A fresh page of ``size`` that authenticates to ``server`` (a touch screen with
    ``touch``, a phone's browser with ``mobile``); close it with ``page.context.close()``."""
    context = browser.new_context(extra_http_headers=server.headers,
                                  viewport={"width": size[0], "height": size[1]},
                                  has_touch=touch, is_mobile=mobile,
                                  device_scale_factor=pixel_ratio)
    return context.new_page()


def run_notebook_in_lab(page: Page, server: Server, notebook: str) -> None:
    """Open ``notebook`` alone in JupyterLab (``?reset`` drops the tabs an earlier test left
    open), accept any dialog (such as a kernel choice) and run all its cells once its kernel is
    idle."""
    page.goto(f"{server.url}/lab/tree/{notebook}?reset")
    page.wait_for_function(
        """() => {
            document.querySelector('.jp-Dialog .jp-mod-accept')?.click();
            const panel = window.jupyterapp?.shell.currentWidget;
            return panel?.sessionContext?.session?.kernel
                && panel.sessionContext.kernelDisplayStatus === 'idle';
        }""", timeout=WAIT_MS, polling=200)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


def board_canvas(page: Page) -> Locator:
    """The canvas of the page's last board (the one a notebook ends with)."""
    return page.locator(BOARD_CANVAS).last


def wait_for_painted_board(page: Page) -> Locator:
    """Wait until a board's canvas has painted pixels and return the canvas; on a timeout,
    fail with whatever the cells wrote to stderr (tracebacks included)."""
    try:
        page.wait_for_function(_BOARD_PAINTED, arg=BOARD_CANVAS, timeout=WAIT_MS, polling=200)
    except PlaywrightTimeoutError:
        stderr = page.locator(STDERR_OUTPUT).all_inner_texts()
        raise AssertionError(f"no board canvas painted within {WAIT_MS // 1000}s; "
                             f"the cells' stderr:\n" + "\n".join(stderr)) from None
    return board_canvas(page)


def wait_until_still(canvas: Locator) -> None:
    """Wait until the board's painter has drawn the last picture it was sent (its pieces have
    stopped moving)."""
    canvas.page.wait_for_function("c => !c.skMoving", arg=canvas.element_handle(),
                                  timeout=WAIT_MS, polling=50)


def painted_pixels(canvas: Locator) -> int:
    """How many pixels of ``canvas`` are not transparent."""
    return canvas.evaluate(_PAINTED_PIXELS)


def pixel_digest(canvas: Locator) -> int:
    """A hash of the pixels of ``canvas``: it changes when the picture does."""
    return canvas.evaluate(_PIXEL_DIGEST)


def wait_for_new_picture(canvas: Locator, before: int) -> None:
    """Wait until the pixels of ``canvas`` no longer hash to ``before``."""
    canvas.page.wait_for_function(
        f"([canvas, before]) => ({_PIXEL_DIGEST})(canvas) !== before",
        arg=[canvas.element_handle(), before], timeout=WAIT_MS, polling=200)


def scene_size(canvas: Locator) -> tuple[float, float]:
    """The size of the scene the board canvas shows, in scene pixels (its drawn size on the page
    and its backing store both differ: the board scales to the room it has)."""
    width, height = canvas.evaluate("canvas => [canvas.dataset.width, canvas.dataset.height]")
    return float(width), float(height)


def page_point(canvas: Locator, pixel: tuple[float, float]) -> tuple[float, float]:
    """Page coordinates of scene pixel ``pixel``, allowing for the scaling of the canvas."""
    box = canvas.bounding_box()
    width, height = scene_size(canvas)
    return box["x"] + pixel[0] * box["width"] / width, box["y"] + pixel[1] * box["height"] / height
