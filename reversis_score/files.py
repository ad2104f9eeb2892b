"""Writing files safely: a temporary file beside the target, then a rename.

Nothing already written is lost or half-written: the target is either the old file or the
whole new one.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def new_file_mode() -> int:
    """The mode a new file gets from the umask (mkstemp's temporary files are 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename it into place.

    An existing file keeps its mode; a new one gets the umask's.
    """
    folder = path.parent if str(path.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, path.stat().st_mode & 0o777 if path.exists() else new_file_mode())
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
