"""Arrays kept between sessions in the user's cache folder, refused unless exactly as written.

A long computation (the optimal Yahtzee table) is saved once and read back in milliseconds. The
folder is the system's cache folder for the kit (``~/.cache/sailing_kit`` on Linux, via
platformdirs), or the one the environment variable ``SAILING_KIT_CACHE`` names.

A cache file is outside input: anyone who can write the folder can put anything there. So the
format is the kit's own and tiny, never parsed beyond its fixed layout: 8 bytes of magic, the
SHA-256 of the key and the values, then the float64 values (little-endian) of an array whose
shape the *caller* knows. :func:`load_array` reads a regular file of exactly that size or
nothing, and refuses it, saying why, unless the magic and the digest match; the caller then
checks what the values mean (:mod:`sailing_kit.yacht.table_cache`). Files are written to a
temporary name and renamed, so a reader never sees half a file.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from math import prod
from pathlib import Path

import numpy as np
import platformdirs

from sailing_kit.core.errors import KitError
from sailing_kit.core.i18n import _, number

MAGIC = b"SKARRAY1"
DIGEST_SIZE = 32
CACHE_VARIABLE = "SAILING_KIT_CACHE"


class CacheRefused(KitError):
    """A cache file that is not exactly what the kit writes for this key (the message says how,
    in the language spoken, with its English)."""


def cache_dir() -> Path:
    """The folder of the kit's cache files (not created here)."""
    chosen = os.environ.get(CACHE_VARIABLE)
    return Path(chosen) if chosen else Path(platformdirs.user_cache_dir("sailing_kit"))


def _digest(key: str, values: bytes) -> bytes:
    return hashlib.sha256(key.encode() + b"\0" + values).digest()


def file_size(shape: tuple[int, ...]) -> int:
    """The size in bytes of the cache file of an array of this shape."""
    return len(MAGIC) + DIGEST_SIZE + 8 * prod(shape)


def save_array(path: Path, key: str, array: np.ndarray) -> None:
    """Write ``array`` (floats) for ``key`` to ``path`` atomically (the folder is created)."""
    values = np.ascontiguousarray(array, dtype="<f8").tobytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(MAGIC + _digest(key, values) + values)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_array(path: Path, key: str, shape: tuple[int, ...]) -> np.ndarray | None:
    """The array saved for ``key`` at ``path`` (read-only), None if there is no file, or
    :class:`CacheRefused` if the file is not exactly what :func:`save_array` writes."""
    size = file_size(shape)
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise CacheRefused(_("it cannot be opened as a plain file ({reason})",
                              reason=error.strerror)) from None
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode):
            raise CacheRefused(_("it is not a plain file"))
        if found.st_size != size:
            raise CacheRefused(_("it holds {found} bytes, not the {size} of its table",
                                 found=number(found.st_size), size=number(size)))
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(size + 1)
    finally:
        os.close(descriptor)
    if len(data) != size:
        raise CacheRefused(_("it changed size while being read"))
    header, digest, values = data[:len(MAGIC)], data[len(MAGIC):len(MAGIC) + DIGEST_SIZE], \
        data[len(MAGIC) + DIGEST_SIZE:]
    if header != MAGIC:
        raise CacheRefused(_("it is not a cache file of the kit"))
    if digest != _digest(key, values):
        raise CacheRefused(_("its checksum does not match (a damaged file, or another table's)"))
    return np.frombuffer(values, dtype="<f8").reshape(shape)
