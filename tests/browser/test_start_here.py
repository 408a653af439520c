"""#12.11 Where a new user starts: the README's own commands, run as the README says.

- ``jupyter lab …`` (with ``--allow-root`` when run as root, as the README says) serves the
  repository folder and opens the start page, whose every link leads to a notebook JupyterLab
  can open (the exercises too);
- the README's apps command (Voilà, as a classroom runs it) serves the apps, run from the
  repository folder and from a terminal opened in that JupyterLab (a login shell, which forgets
  an activated environment).

The commands run in a copy of the repository's notebooks and exercises whose ``.venv`` is this
Python's environment (its ``activate`` puts this Python's programs first, as a real one does).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.servers import (
    REPO,
    WAIT_MS,
    Server,
    Workspace,
    free_port,
    make_workspace,
    open_page,
    serving,
)

pytestmark = pytest.mark.browser
README = (REPO / "README.md").read_text()


def readme_command(program: str) -> str:
    """The README's command line that runs ``program`` (what follows any ``pip install … &&``,
    keeping the activation of the virtual environment before it)."""
    for block in re.findall(r"```bash\n(.*?)```", README, re.S):
        for line in block.splitlines():
            command = line.split("#")[0].strip().removeprefix("pip install -e . && ")
            if re.search(rf"(^|&& ){re.escape(program)}( |$)", command):
                return command
    raise AssertionError(f"the README has no {program} command")


APPS = "python -m sailing_kit.apps"
"""The README's command for the students' apps (Voilà, as a classroom runs it)."""


def shell(command: str) -> list[str]:
    """``command`` in a shell with the virtual environment active."""
    return ["bash", "-c", f". .venv/bin/activate && {command}"]


def make_repository_copy(root: Path) -> Workspace:
    """A workspace whose root holds the notebooks, the exercises, the docs and a ``.venv``
    standing for this Python's environment."""
    workspace = make_workspace(root)
    for folder in ("exercises", "docs"):  # the start page links the rules docs too
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns(".*"))
    activate = root / ".venv" / "bin" / "activate"
    activate.parent.mkdir(parents=True)
    activate.write_text(f'export PATH="{Path(sys.executable).parent}:$PATH"\n')
    return workspace


def _get(url: str, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=WAIT_MS / 1000) as response:
        response.read()
        return response.status


@pytest.fixture(scope="module")
def readme_workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return make_repository_copy(tmp_path_factory.mktemp("readme"))


@pytest.fixture(scope="module")
def readme_lab(readme_workspace: Workspace) -> Iterator[tuple[Server, str]]:
    """The README's JupyterLab, run from the repository folder; yields the server and the
    address it would open in the browser."""
    port, token = free_port(), secrets.token_hex(16)
    command = readme_command("jupyter")
    if os.geteuid() == 0:
        command += " --allow-root"  # as the README says for root
    command += (f" --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port}"
                f" --ServerApp.port_retries=0 --IdentityProvider.token={token}")
    with serving(shell(command), readme_workspace, port, "readme-lab",
                 cwd=readme_workspace.root):
        runtime = readme_workspace.folders()["JUPYTER_RUNTIME_DIR"]
        opened = next(runtime.glob("jpserver-file-to-run-*-open.html")).read_text()
        address = re.search(r'href="([^"]+)"', opened).group(1)
        yield Server(f"http://127.0.0.1:{port}", {"Authorization": f"token {token}"}), address


def test_the_readme_lab_serves_the_repository_and_opens_the_start_page(
        browser: Browser, readme_lab: tuple[Server, str], readme_workspace: Workspace) -> None:
    """(#23.10 too: the start page's gallery shows every board, with nothing run.)"""
    server, address = readme_lab
    assert "/lab/tree/notebooks/00_start_here.ipynb" in address
    for folder in ("notebooks", "exercises", "notebooks/apps"):
        assert _get(f"{server.url}/api/contents/{folder}", server.headers) == 200
    page: Page = open_page(browser, server)
    try:
        page.goto(address)
        tab = page.locator(".jp-mod-current .lm-TabBar-tabLabel, .lm-mod-current "
                           ".lm-TabBar-tabLabel").filter(has_text="00_start_here.ipynb")
        expect(tab.first).to_be_visible(timeout=WAIT_MS)
        links = page.locator(".jp-RenderedMarkdown a[href]")
        expect(links.first).to_be_attached(timeout=WAIT_MS)
        hrefs = links.evaluate_all("as => as.map(a => a.href)")
        files = [re.sub(r"[?#].*", "", href.split("/files/", 1)[1]) for href in hrefs
                 if href.startswith(f"{server.url}/files/")]  # how Lab resolves a link
        assert len(files) >= 10 and any(f.startswith("exercises/") for f in files), hrefs
        for path in files:
            assert _get(f"{server.url}/api/contents/{path}?content=0", server.headers) == 200, path
        pictures = page.locator(".jp-RenderedMarkdown img[src*='gallery/']")  # (#23.10)
        expect(pictures).to_have_count(7, timeout=WAIT_MS)
        page.wait_for_function("""() => [...document.querySelectorAll(
            ".jp-RenderedMarkdown img[src*='gallery/']")].every(i => i.complete
            && i.naturalWidth > 100)""", timeout=WAIT_MS)
        assert page.locator(".jp-OutputArea-output").count() == 0  # nothing was run
        page.screenshot(path=str(readme_workspace.root / "start-here-gallery.png"))
    finally:
        page.context.close()


APPS_COMMAND = readme_command(APPS)


def _serves_an_app(url: str) -> None:
    assert _get(f"{url}/voila/render/calm.ipynb") == 200


def test_the_readme_voila_command_serves_the_apps_from_the_repository_folder(
        readme_workspace: Workspace) -> None:
    port = free_port()
    command = f"{APPS_COMMAND} --no-browser --port={port} --Voila.ip=127.0.0.1"
    with serving(shell(command), readme_workspace, port, "readme-voila",
                 cwd=readme_workspace.root):
        _serves_an_app(f"http://127.0.0.1:{port}")


def test_the_readme_voila_command_works_in_a_jupyterlab_terminal(
        browser: Browser, readme_lab: tuple[Server, str]) -> None:
    server, address = readme_lab
    page = open_page(browser, server)
    port = free_port()
    try:
        page.goto(address)
        page.locator(".jp-Launcher, .jp-Notebook").first.wait_for(timeout=WAIT_MS)
        page.keyboard.press("Escape")
        page.get_by_role("menuitem", name="File", exact=True).click()
        page.locator(".lm-Menu-item[data-type='submenu']").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^New$"))).hover()
        page.locator("li[data-command='terminal:create-new']").click()
        terminal = page.locator(".jp-Terminal .xterm-helper-textarea").last
        terminal.wait_for(state="attached", timeout=WAIT_MS)
        terminal.focus()
        page.wait_for_timeout(1500)  # the shell's prompt
        page.keyboard.type(f"{APPS_COMMAND} --no-browser --port={port}\n", delay=20)
        _wait_until_listening(port)
        _serves_an_app(f"http://127.0.0.1:{port}")
        page.keyboard.press("Control+C")
    finally:
        page.context.close()


def _wait_until_listening(port: int) -> None:
    import socket
    import time

    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"nothing listens on {port}: Voilà did not start in the terminal")
