"""Fixtures of the browser test: a workspace, JupyterLab, Voilà and Debian's Chromium.

The servers are session-scoped and started lazily, so JupyterLab and Voilà start once for the
whole suite and only when a browser test runs. Chromium starts once per test module (a second
or so): Playwright's synchronous API keeps an event loop running in the test process while it
lives, and the modules that share the process (the suite runs in parallel) must find none. The
tests skip, with the reason, where Chromium is absent.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.servers import (
    CHROMIUM,
    Server,
    Workspace,
    jupyterlab,
    launch_chromium,
    make_workspace,
    open_page,
    voila,
)


@pytest.fixture(scope="session")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    """A throwaway copy of the notebooks, with the servers' home and Jupyter folders."""
    return make_workspace(tmp_path_factory.mktemp("browser"))


@pytest.fixture(scope="module")
def browser(workspace: Workspace) -> Iterator[Browser]:
    """Debian's headless Chromium (the test skips where it is not installed)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent: install Debian's chromium package to run this test")
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright, workspace)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def lab(workspace: Workspace) -> Iterator[Server]:
    """JupyterLab serving the workspace's notebooks."""
    with jupyterlab(workspace) as server:
        yield server


@pytest.fixture(scope="session")
def apps(workspace: Workspace) -> Iterator[Server]:
    """Voilà serving the whole workspace: every app at /voila/render/apps/<name>.ipynb."""
    with voila(workspace) as server:
        yield server


@pytest.fixture
def apps_page(browser: Browser, apps: Server) -> Iterator[Page]:
    """A fresh page on the Voilà apps server, closed after the test."""
    page = open_page(browser, apps)
    yield page
    page.context.close()


@pytest.fixture
def lab_page(browser: Browser, lab: Server) -> Iterator[Page]:
    """A fresh JupyterLab page, closed after the test."""
    page = open_page(browser, lab)
    yield page
    page.context.close()
