"""Reading files, bounded: regular files only, each kind within its size limit.

A record comes from anyone, so nothing it names, and nothing the program is given, is read
without bounds: a FIFO, a device (``/dev/zero``), a directory or a socket is refused before a
byte is read, and a file larger than its kind's limit is refused with a message that says
which option raises it. Standard input is read up to the same limit.

>>> limit("record") // MIB, limit("rules") // MIB, limit("ledger") // MIB
(64, 1, 1024)
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

MIB = 1024 * 1024
LIMITS = {"record": 64 * MIB, "rules": 1 * MIB, "ledger": 1024 * MIB}
OPTIONS = {"record": "--max-record-mib", "rules": "--max-rules-mib", "ledger": "--max-ledger-mib"}
# The CLI's options raise a limit for one run through the environment, so that worker
# processes see it too, however they are started.
LIMIT_ENV = "REVERSIS_SCORE_MAX_{}_MIB"
# The folders named by --rules-dir, whose .toml files a record's 'rules:' line may name.
RULES_DIRS_ENV = "REVERSIS_SCORE_RULES_DIRS"


class ReadProblem(Exception):
    """A file that is not read: missing, not a regular file, unreadable or too large."""


def limit(kind: str) -> int:
    """How many bytes a file of ``kind`` (record, rules, ledger) may hold in this run."""
    raised = os.environ.get(LIMIT_ENV.format(kind.upper()), "")
    if raised.isascii() and raised.isdigit() and len(raised) <= 9:
        return int(raised) * MIB
    return LIMITS[kind]


def _too_large(name: str, kind: str) -> ReadProblem:
    return ReadProblem(f"{name}: larger than {limit(kind) // MIB:,} MiB, the limit for a {kind} "
                       f"file ({OPTIONS[kind]} N raises it)")


def read_limited(path: Path, kind: str, name: str | None = None) -> bytes:
    """The bytes of a regular file of ``kind`` within its limit; ReadProblem otherwise, its
    message naming the file as ``name`` (the path by default)."""
    shown = name if name is not None else str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; its type is refused below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise ReadProblem(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise ReadProblem(f"{shown}: is a directory, not a {kind} file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise ReadProblem(f"{shown}: cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ReadProblem(f"{shown}: is a directory, not a {kind} file")
        if not stat.S_ISREG(info.st_mode):
            raise ReadProblem(f"{shown}: not a regular file (a device, a FIFO or a socket): "
                              f"a {kind} file is read only from a regular file")
        if info.st_size > limit(kind):
            raise _too_large(shown, kind)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as stream:
        try:
            return read_stream(stream, kind, shown)
        except OSError as exc:
            raise ReadProblem(f"{shown}: cannot be read ({exc.strerror or exc})") from None


def read_stream(stream: BinaryIO, kind: str, name: str = "-") -> bytes:
    """Everything a stream holds, up to the limit of ``kind`` (ReadProblem past it)."""
    most = limit(kind)
    data = stream.read(most + 1)
    if len(data) > most:
        raise _too_large(name, kind)
    return data
