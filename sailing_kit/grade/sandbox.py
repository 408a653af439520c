"""The sandbox each submission runs in: bubblewrap (``bwrap``), and the limits of its process.

:func:`command` wraps the kernel's command line in ``bwrap``: new user, mount, PID, network, IPC
and UTS namespaces, every capability dropped, no network; a root of its own holding only the
system's libraries, this Python's installation, its environment and the kit, all read-only, and
two small private ``tmpfs`` (the home, where the notebook's copy is written and run, and
``/tmp``); a clean environment; a new terminal session. No teacher's home, no other submission,
no output folder is even visible. When the grader, or the sandbox's first process, ends, the
kernel ends with every process it started (``--die-with-parent``, the PID namespace).

:func:`check` says, in one line, why a sandbox cannot be made on this machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import sailing_kit
from sailing_kit.core.i18n import N_, _

HOME = "/home/student"
"""The sandbox's home and working folder (a private tmpfs), where the notebook's copy runs."""
TMPFS_BYTES = 128 * 2**20
"""The size of each private tmpfs."""
HOW = N_("grade on a Linux machine or a JupyterHub server with bubblewrap installed (Debian "
         "and Ubuntu: apt install bubblewrap), or pass --isolation none to run the submissions "
         "without a sandbox, with your own rights")


@dataclass(frozen=True)
class Limits:
    """What one submission may use."""

    cell_timeout: float = 60.0
    notebook_timeout: float = 300.0
    memory_mb: int = 2048
    file_size_mb: int = 64
    processes: int = 64

    def for_kernel(self) -> dict[str, int]:
        """The kernel's own limits (setrlimit), in bytes and seconds."""
        return {"memory": self.memory_mb * 2**20, "cpu": int(self.notebook_timeout) + 30,
                "file_size": self.file_size_mb * 2**20, "processes": self.processes}


def environment() -> dict[str, str]:
    """The clean environment a submission's kernel gets (nothing of the teacher's)."""
    return {"HOME": HOME, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "TMPDIR": "/tmp", "MPLBACKEND": "Agg", "MPLCONFIGDIR": "/tmp/matplotlib",
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8"}


def _read_only() -> list[str]:
    """The folders mounted read-only: the system's, this Python's and the kit's, nothing else."""
    folders = {Path("/usr"), Path("/etc/alternatives")}
    folders |= {Path(p).resolve() for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                            sys.base_exec_prefix)}
    folders.add(Path(sailing_kit.__file__).resolve().parent)
    folders |= {Path(p).resolve() for p in sys.path if p and Path(p).is_dir()
                and ({"site-packages", "dist-packages"} & set(Path(p).parts))}
    folders.add(Path(sys.executable).resolve().parent)
    kept = sorted(f for f in folders if f.is_dir())
    return [str(f) for f in kept if not any(o != f and o in f.parents for o in kept)]


def _system_links() -> list[str]:
    """/bin, /lib and the like: a link where the system has a link, else a read-only mount."""
    args = []
    for name in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        path = Path(name)
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), name]
        elif path.is_dir():
            args += ["--ro-bind", name, name]
    for name in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/mime.types"):
        args += ["--ro-bind-try", name, name]
    return args


def command(inner: list[str]) -> list[str]:
    """``inner`` run inside a new sandbox (see the module docstring)."""
    bwrap = shutil.which("bwrap") or "bwrap"
    args = [bwrap, "--unshare-all", "--unshare-user", "--uid", "1000", "--gid", "1000",
            "--cap-drop", "ALL", "--die-with-parent", "--new-session", "--clearenv"]
    for key, value in environment().items():
        args += ["--setenv", key, value]
    args += _system_links()
    for folder in _read_only():
        args += ["--ro-bind", folder, folder]
    args += ["--proc", "/proc", "--dev", "/dev",
             "--size", str(TMPFS_BYTES), "--tmpfs", "/tmp",
             "--size", str(TMPFS_BYTES), "--tmpfs", HOME, "--chdir", HOME,
             "--remount-ro", "/"]
    return [*args, "--", *inner]


def check() -> str:
    """Why no sandbox can be made here, in one line ("" if one can)."""
    if not sys.platform.startswith("linux"):
        return _("the grader's sandbox needs Linux (this is {platform}): {how}.",
                 platform=sys.platform, how=_(HOW))
    if shutil.which("bwrap") is None:
        return _("bwrap (bubblewrap) is not installed: {how}.", how=_(HOW))
    try:
        done = subprocess.run(command([sys.executable, "-I", "-c", "import sailing_kit"]),
                              capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        return _("bwrap cannot start here ({why}): {how}.", why=type(error).__name__,
                 how=_(HOW))
    if done.returncode != 0:
        said = " ".join(done.stderr.decode("utf-8", "replace").split())[:160]
        return _("bwrap cannot make a sandbox here ({said}; user namespaces may be turned off): "
                 "{how}.", said=said or "exit " + str(done.returncode), how=_(HOW))
    return ""
