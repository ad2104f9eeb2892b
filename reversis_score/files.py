"""Writing files safely: a temporary file beside the target, fsync, then a rename.

Nothing already written is lost or half-written: the target is either the old file or the
whole new one. A target that is a symbolic link is followed: the file it points to is
replaced (its temporary file beside it) and the link stays a link.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import BinaryIO


def new_file_mode() -> int:
    """The mode a new file gets from the umask (mkstemp's temporary files are 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


class AtomicFile:
    """A file written bit by bit beside its target and renamed into place by ``commit``.

    Until then the target is untouched; ``discard`` (or any failure) removes the temporary
    file. An existing target keeps its mode; a new one gets the umask's. Through a symbolic
    link, the target is the file the link points to (renaming over the link would replace
    the link by a plain file and leave the real file as it was).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(os.path.realpath(path))
        folder = self.path.parent
        fd, self.temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        self.out: BinaryIO = os.fdopen(fd, "wb")

    def write(self, data: bytes) -> None:
        """Add bytes to the new file."""
        self.out.write(data)

    def commit(self) -> None:
        """Flush to disk and rename over the target; on failure the target is as it was."""
        try:
            self.out.flush()
            os.fsync(self.out.fileno())
            self.out.close()
            os.chmod(self.temp, self.path.stat().st_mode & 0o777 if self.path.exists() else new_file_mode())
            os.replace(self.temp, self.path)
            _sync_folder(self.path.parent)
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Drop what was written; the target is untouched."""
        self.out.close()
        if os.path.exists(self.temp):
            os.unlink(self.temp)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where a folder can be opened and synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a folder: the rename still happened
        pass
    finally:
        os.close(fd)


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename it into place."""
    target = AtomicFile(path)
    try:
        target.write(data)
    except BaseException:
        target.discard()
        raise
    target.commit()
