"""The record file while ``record`` writes it: locked against a second writer, each complete
line appended, flushed and fsync'd as it is entered.

The text to stand on disk is given whole (``sync``); what is new is appended. When a line
written earlier must change (an ``undo``, or a longer leader's name that re-aligns the hand's
trick lines), only the hand in progress is cut back and written again.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path


class Busy(Exception):
    """Another process is recording into the same file."""


class Replaced(Exception):
    """The file changed under us (another program rewrote it): nothing more is written."""


class Store:
    """An open record file, locked for this process (released on ``close``)."""

    def __init__(self, path: Path):
        created = not path.exists()
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise Busy(f"{path} is being recorded by another process") from None
        if created:  # the new name itself must survive a power cut
            _fsync_folder(path)
        self.written = self.read()

    def read(self) -> str:
        """The file's text as it stands."""
        os.lseek(self.fd, 0, os.SEEK_SET)
        chunks = []
        while chunk := os.read(self.fd, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8")

    def sync(self, text: str) -> None:
        """Make the file read ``text``: append what is new, or cut back to what is shared."""
        if text == self.written:
            return
        self.check_unchanged()
        keep = len(os.path.commonprefix([self.written, text]))
        if keep < len(self.written):
            os.ftruncate(self.fd, len(self.written[:keep].encode("utf-8")))
        os.lseek(self.fd, 0, os.SEEK_END)
        data = text[keep:].encode("utf-8")
        while data:
            data = data[os.write(self.fd, data):]
        os.fsync(self.fd)
        self.written = text

    def check_unchanged(self) -> None:
        """Stop if another program replaced or changed the file since we last wrote it."""
        try:
            on_disk = os.stat(self.path)
        except OSError:
            on_disk = None
        ours = os.fstat(self.fd)
        if on_disk is None or on_disk.st_ino != ours.st_ino or ours.st_size != len(self.written.encode("utf-8")):
            raise Replaced(f"{self.path} was changed by another program while recording: nothing more "
                           "is written to it (run record again to go on from what it holds)")

    def close(self) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _fsync_folder(path: Path) -> None:
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
