"""Run one submitted notebook in a fresh kernel and bring its answers out as data.

Every code cell runs in order, each with a time limit; a cell that errors does not stop the
run (later answers still count), a cell that overruns is interrupted, and a kernel that stops
answering is killed. Then one more cell prints the notebook's ``answer_N`` values as JSON
(:func:`sailing_kit.exercises.data.harvest`). Nothing the notebook displayed is read: only the
data its kernel holds at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import nbformat
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import DeadKernelError

from sailing_kit.exercises import data

HARVEST = ("import sailing_kit.exercises.data as _sailing_kit_data\n"
           "print(_sailing_kit_data.harvest(globals()))")
GRACE = 5.0
"""Seconds beyond a cell's limit before a kernel that ignores the interrupt is killed."""


class _ThisPython(KernelSpecManager):
    """The grader's own Python as the kernel, whatever kernels the machine has installed."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(argv=[sys.executable, "-m", "ipykernel_launcher", "-f",
                                "{connection_file}"], display_name="Python (grader)",
                          language="python")


@dataclass
class Run:
    """What running a notebook gave: its answers (None if they could not be brought out), the
    name its ``start(...)`` gave in the kernel, and what went wrong, cell by cell."""

    answers: dict[str, object] | None = None
    started: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    failed: str = ""
    """Why the answers are missing altogether (the kernel died or hung), else empty."""


def run(notebook: nbformat.NotebookNode, timeout: float = 60.0) -> Run:
    """Run ``notebook`` (a copy, outputs cleared) in a fresh kernel in an empty folder."""
    return asyncio.run(_run(notebook, timeout))


async def _run(notebook: nbformat.NotebookNode, timeout: float) -> Run:
    fresh = copy.deepcopy(notebook)
    fresh.cells = [c for c in fresh.cells if c.cell_type == "code" and c.source.strip()]
    for cell in fresh.cells:
        cell.outputs, cell.execution_count = [], None
    result = Run()
    with tempfile.TemporaryDirectory(prefix="sailing_kit-grade-") as folder:
        manager = AsyncKernelManager(kernel_spec_manager=_ThisPython(), kernel_name="python3",
                                     transport="ipc", ip=f"{folder}/kernel")
        client = NotebookClient(
            fresh, km=manager, timeout=timeout, allow_errors=True, interrupt_on_timeout=True,
            error_on_timeout={"ename": "Timeout", "evalue": f"the cell ran longer than "
                              f"{timeout:g} s and was stopped", "traceback": []},
            resources={"metadata": {"path": folder}}, record_timing=False)
        try:
            async with client.async_setup_kernel():
                for index, cell in enumerate(fresh.cells):
                    if not await _execute(client, cell, index, timeout, result):
                        return result
                harvest = nbformat.v4.new_code_cell(HARVEST)
                fresh.cells.append(harvest)
                if await _execute(client, harvest, len(fresh.cells) - 1, timeout, result):
                    _read_harvest(harvest, result)
        finally:
            await _shut_down(client, manager)
    return result


async def _execute(client: NotebookClient, cell: nbformat.NotebookNode, index: int,
                   timeout: float, result: Run) -> bool:
    """Run one cell; False if the kernel is gone or stuck (``result.failed`` says why)."""
    began = asyncio.get_running_loop().time()
    try:
        await asyncio.wait_for(client.async_execute_cell(cell, index), timeout + GRACE)
    except TimeoutError:
        result.failed = (f"cell {index + 1} ran longer than {timeout:g} s and the kernel did "
                         "not stop: the notebook hangs")
        return False
    except DeadKernelError:
        result.failed = f"the kernel died while running cell {index + 1}"
        return False
    errors = [o for o in cell.outputs if o.output_type == "error"]
    result.problems += [f"cell {index + 1}: {o.ename}: {o.evalue}"[:200] for o in errors]
    if asyncio.get_running_loop().time() - began >= timeout:  # interrupted at the time limit
        if not await _answers(client, GRACE):
            result.failed = (f"cell {index + 1} ran longer than {timeout:g} s and the kernel "
                             "did not stop when interrupted: the notebook hangs")
            return False
        if not errors:
            result.problems.append(f"cell {index + 1}: stopped after {timeout:g} s")
    return True


async def _answers(client: NotebookClient, seconds: float) -> bool:
    """True if the kernel answers a request within ``seconds`` (it is not stuck in a cell)."""
    kernel_client: Any = client.kc
    request = kernel_client.kernel_info()
    deadline = asyncio.get_running_loop().time() + seconds
    while (left := deadline - asyncio.get_running_loop().time()) > 0:
        try:
            reply = await kernel_client.get_shell_msg(timeout=left)
        except Exception:  # no message in time
            return False
        if reply.get("parent_header", {}).get("msg_id") == request:
            return True
    return False


def _read_harvest(cell: nbformat.NotebookNode, result: Run) -> None:
    text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream"
                   and o.get("name") == "stdout")
    lines = [line for line in text.splitlines() if line.startswith(data.MARKER)]
    if not lines:
        result.failed = "the notebook's answers could not be read (the last cell printed nothing)"
        return
    try:
        payload = json.loads(lines[-1][len(data.MARKER):])
        answers = data.decode(payload["answers"])
        started = payload.get("started", {})
    except (ValueError, KeyError, TypeError, RecursionError):
        result.failed = "the notebook's answers could not be read"
        return
    if not isinstance(answers, dict) or not isinstance(started, Mapping):
        result.failed = "the notebook's answers could not be read"
        return
    result.answers = {str(k): v for k, v in answers.items()}
    result.started = {str(k): str(v) for k, v in started.items()}


async def _shut_down(client: NotebookClient, manager: AsyncKernelManager) -> None:
    kernel_client: Any = client.kc
    if kernel_client is not None:
        kernel_client.stop_channels()
    if manager.has_kernel:
        with contextlib.suppress(Exception):  # the kernel is already gone
            await manager.shutdown_kernel(now=True)
