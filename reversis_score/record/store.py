"""The record file while ``record`` writes it: locked against a second writer, and replaced
whole at each entry, all or nothing.

Each new state of the record is written to a temporary file beside it, fsync'd, and renamed
over it (then the folder is fsync'd, so that the rename survives a power cut): a kill, a
full disk or a crash at any moment leaves the file as it was before the entry or as it is
after it, never a half line. A symlink is followed: its target is what is replaced.

The lock is an ``flock`` on the file itself; as each rename puts a new file in its place,
the new file is locked before the rename, and a second ``record`` that locked the old one
looks again (``_lock``).
"""
from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

from reversis_score.i18n import _
from reversis_score.record.resume import resume, where  # noqa: F401  (their home before resume.py)


class Busy(Exception):
    """Another process is recording into the same file."""


class Replaced(Exception):
    """The file changed under us (another program rewrote it): nothing more is written."""


class WriteFailed(Exception):
    """An entry could not be written (a full disk...): the file holds what it held before it.
    ``errno`` is the system's reason (``errno.ENOSPC``: the disk is full)."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


class Store:
    """An open record file, locked for this process (released on ``close``)."""

    def __init__(self, path: Path, most: int | None = None):
        self.shown = path  # as the user named it
        self.most = most  # bytes the file may hold to be read (``reading.limit``): None, no bound
        self.path = Path(os.path.realpath(path))  # a symlink's target: what is replaced
        self.created = not self.path.exists()
        self.fd = _lock(self.path, str(path))
        if self.created:  # the new name itself must survive a power cut
            _fsync_folder(self.path)
        self.temporary = self.path.with_name(f".{self.path.name}.record-tmp")
        _remove(self.temporary)  # left by a run killed before its rename: ours, as the lock is
        try:
            self.written = self.read()  # the text as found (``text`` is the text as it stands)
        except BaseException:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            raise
        self.size = len(self.written.encode("utf-8"))
        self._head: str | None = None  # the last write, in the two parts ``sync_parts`` takes
        self._head_bytes = b""
        self._tail = self.written

    @property
    def text(self) -> str:
        """The text on disk, as this process last wrote it (or found it)."""
        return (self._head or "") + self._tail

    def read(self) -> str:
        """The file's text as it stands; with ``most``, ``reading.ReadProblem`` (in ``check``'s
        words) for a file past it, before a byte is read (or as soon as it passes the mark)."""
        from reversis_score.reading import too_large
        if self.most is not None and os.fstat(self.fd).st_size > self.most:
            raise too_large(self.shown.name, "record")
        os.lseek(self.fd, 0, os.SEEK_SET)
        chunks, taken = [], 0
        while chunk := os.read(self.fd, 1 << 16):
            chunks.append(chunk)
            taken += len(chunk)
            if self.most is not None and taken > self.most:  # (it grew since its size was read)
                raise too_large(self.shown.name, "record")
        return b"".join(chunks).decode("utf-8")

    def sync(self, text: str) -> None:
        """Make the file read ``text``: a new file, written and fsync'd beside it, renamed over
        it. Raises WriteFailed (the file unchanged) when that cannot be done."""
        self.sync_parts("", text)

    def sync_parts(self, head: str, tail: str) -> None:
        """``sync(head + tail)``, where ``head`` is mostly the very object of the last call: it
        is then neither compared, copied nor encoded again (the cost of an entry does not grow
        with the record; only the kernel writes the whole file)."""
        if head is not self._head and head == (self._head or "") and self._head is not None:
            head = self._head  # the same text in another object: its bytes are known
        if head is self._head and tail == self._tail:
            return
        if self._head is None and head + tail == self._tail:  # as found: nothing to write
            self._head, self._head_bytes, self._tail = head, head.encode("utf-8"), tail
            return
        self.check_unchanged()
        head_bytes = self._head_bytes if head is self._head else head.encode("utf-8")
        tail_bytes = tail.encode("utf-8")
        fd = self._write_beside(head_bytes, tail_bytes)
        try:
            os.rename(self.temporary, self.path)
        except OSError as exc:
            os.close(fd)
            _remove(self.temporary)
            raise WriteFailed(self._failure(exc), exc.errno) from None
        old, self.fd = self.fd, fd  # the new file is locked already: the lock never lapses
        os.close(old)
        _fsync_folder(self.path)
        self._head, self._head_bytes, self._tail = head, head_bytes, tail
        self.size = len(head_bytes) + len(tail_bytes)

    def _write_beside(self, *parts: bytes) -> int:
        """The temporary file with ``parts`` in it, locked and on disk; its descriptor."""
        try:
            fd = os.open(self.temporary, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        except OSError as exc:
            raise WriteFailed(self._failure(exc), exc.errno) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            _keep_owner_and_mode(fd, os.fstat(self.fd))
            for part in parts:
                view = memoryview(part)
                while view:
                    view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError as exc:
            os.close(fd)
            _remove(self.temporary)
            raise WriteFailed(self._failure(exc), exc.errno) from None
        return fd

    def _failure(self, exc: OSError) -> str:
        reason = _("the disk is full") if exc.errno in (errno.ENOSPC, errno.EDQUOT) else (
            exc.strerror or str(exc)).lower()
        return _("{file}: cannot be written ({reason}): the last entry is not written, and {file} holds "
                 "what it held before it").format(file=self.shown, reason=reason)

    def check_unchanged(self) -> None:
        """Stop if another program replaced or changed the file since we last wrote it."""
        try:
            on_disk = os.stat(self.path)
        except OSError:
            on_disk = None
        ours = os.fstat(self.fd)
        if on_disk is None or on_disk.st_ino != ours.st_ino or ours.st_size != self.size:
            raise Replaced(_("{file} was changed by another program while recording: nothing more is "
                             "written to it (run record again to go on from what it holds)").format(
                file=self.shown))

    def close(self) -> None:
        """Release the file; one this run created and left empty goes again."""
        if self.created and not self.size:
            _remove(self.path)
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _lock(path: Path, shown: str) -> int:
    """The file opened and locked; Busy when another ``record`` holds it."""
    for _attempt in range(5):
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise Busy(_("{file} is being recorded by another process").format(file=shown)) from None
        try:
            current = os.stat(path).st_ino
        except OSError:
            current = None
        if current == os.fstat(fd).st_ino:
            return fd
        os.close(fd)  # the holder renamed a new file over the one we locked: look again
    raise Busy(_("{file} is being recorded by another process").format(file=shown))


def _keep_owner_and_mode(fd: int, old: os.stat_result) -> None:
    os.fchmod(fd, old.st_mode & 0o7777)
    try:
        os.fchown(fd, old.st_uid, old.st_gid)
    except OSError:
        pass  # not ours to give away: the file is ours now, with its mode kept


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_folder(path: Path) -> None:
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # a folder that cannot be fsync'd (some file systems): the rename stands anyway
    finally:
        os.close(fd)


def half_line(raw: str) -> str | None:
    """The text after the last line end, when a file does not end with one (a line cut off as
    it was written), else None."""
    if not raw or raw.endswith(("\n", "\r")):
        return None
    return raw[max(raw.rfind("\n"), raw.rfind("\r")) + 1:]
