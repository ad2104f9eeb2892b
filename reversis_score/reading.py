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

from reversis_score.i18n import N_, _, fill, grouped

MIB = 1024 * 1024
LIMITS = {"record": 64 * MIB, "rules": 1 * MIB, "ledger": 1024 * MIB}
OPTIONS = {"record": "--max-record-mib", "rules": "--max-rules-mib", "ledger": "--max-ledger-mib"}
# The CLI's options raise a limit for one run through the environment, so that worker
# processes see it too, however they are started.
LIMIT_ENV = "REVERSIS_SCORE_MAX_{}_MIB"
# The folders named by --rules-dir, whose .toml files a record's 'rules:' line may name.
RULES_DIRS_ENV = "REVERSIS_SCORE_RULES_DIRS"


# Each kind's own sentences (a kind is not a word of its own: « un relevé », « un registre »).
_DIRECTORY = {"record": N_("{file}: is a directory, not a record file"),
              "rules": N_("{file}: is a directory, not a rules file"),
              "ledger": N_("{file}: is a directory, not a ledger file")}
_NOT_REGULAR = {
    "record": N_("{file}: not a regular file (a device, a FIFO or a socket): a record file is read only "
                 "from a regular file"),
    "rules": N_("{file}: not a regular file (a device, a FIFO or a socket): a rules file is read only "
                "from a regular file"),
    "ledger": N_("{file}: not a regular file (a device, a FIFO or a socket): a ledger file is read only "
                 "from a regular file")}
_TOO_LARGE = {
    "record": N_("{file}: larger than {mib} MiB, the limit for a record file ({option} N raises it)"),
    "rules": N_("{file}: larger than {mib} MiB, the limit for a rules file ({option} N raises it)"),
    "ledger": N_("{file}: larger than {mib} MiB, the limit for a ledger file ({option} N raises it)")}


class ReadProblem(Exception):
    """A file that is not read: missing, not a regular file, unreadable or too large."""


def limit(kind: str) -> int:
    """How many bytes a file of ``kind`` (record, rules, ledger) may hold in this run."""
    raised = os.environ.get(LIMIT_ENV.format(kind.upper()), "")
    if raised.isascii() and raised.isdigit() and len(raised) <= 9:
        return int(raised) * MIB
    return LIMITS[kind]


def too_large(name: str, kind: str) -> ReadProblem:
    """The refusal of a file of ``kind`` past its limit, naming the option that raises it."""
    return ReadProblem(fill(_(_TOO_LARGE[kind]), file=name, mib=grouped(limit(kind) // MIB),
                            option=OPTIONS[kind]))


def read_limited(path: Path, kind: str, name: str | None = None) -> bytes:
    """The bytes of a regular file of ``kind`` within its limit; ReadProblem otherwise, its
    message naming the file as ``name`` (the path by default)."""
    shown = name if name is not None else str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; its type is refused below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise ReadProblem(fill(_("{file}: no such file"), file=shown)) from None
    except IsADirectoryError:
        raise ReadProblem(fill(_(_DIRECTORY[kind]), file=shown)) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise ReadProblem(fill(_("{file}: cannot be read ({reason})"), file=shown,
                               reason=getattr(exc, "strerror", None) or exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ReadProblem(fill(_(_DIRECTORY[kind]), file=shown))
        if not stat.S_ISREG(info.st_mode):
            raise ReadProblem(fill(_(_NOT_REGULAR[kind]), file=shown))
        if info.st_size > limit(kind):
            raise too_large(shown, kind)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as stream:
        try:
            return read_stream(stream, kind, shown, info.st_size)
        except OSError as exc:
            raise ReadProblem(fill(_("{file}: cannot be read ({reason})"), file=shown,
                                   reason=exc.strerror or exc)) from None


def read_stream(stream: BinaryIO, kind: str, name: str = "-", size: int | None = None) -> bytes:
    """Everything a stream holds, up to the limit of ``kind`` (ReadProblem past it). ``size``:
    what the file held when it was opened, read first: a read of the whole limit makes a
    buffer of the limit's size (64 MiB for a record) for a file of a few kilobytes."""
    most = limit(kind)
    data = stream.read(min(size, most) + 1) if size is not None else b""
    if size is None or len(data) > size:  # a stream, or a file that grew: read on to the limit
        data += stream.read(most + 1 - len(data))
    if len(data) > most:
        raise too_large(name, kind)
    return data
