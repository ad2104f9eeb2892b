"""Runs over many files: each file's work in order, in worker processes with ``--jobs``.

The work on one file (read, check, settle, render) is a pure function of the file that
returns a ``FileReport``: what to print on standard error and standard output, the exit
status it earns, and what the caller needs (a rendered piece, a ledger). The caller prints the
reports in the order the files were given, so the output is byte for byte the same whatever
the number of processes. Only the CLI prints: these functions return text.

A short run is done in this process: starting a pool costs more than it saves on a single
file or a few small ones.

Workers die with their parent, however it ends. Each watches a pipe whose only write end the
parent holds: when the parent exits (even by ``kill -9``) the pipe closes and the worker
exits at once, whatever it was doing; on Linux the kernel also kills it
(``PR_SET_PDEATHSIG``). When the parent stops on a signal or an error, it closes the pipe
itself (``stop_workers``), so no worker goes on settling a file that nobody will read.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from reversis_score.cli.app import RecordProblem, UsageProblem, decoded, error_line, read_bytes
from reversis_score.i18n import _, fill, grouped, hold_environment

if TYPE_CHECKING:  # the pool is imported when one is started: a one-file run never is
    from concurrent.futures import Executor, Future

# Below this many bytes in all, the files are read in this process (a pool costs ~50 ms);
# $REVERSIS_SCORE_INLINE_BYTES changes it (the tests set 0 to run a pool on small files).
INLINE_BYTES = 256 * 1024
PROGRESS_AFTER_S = 2.0  # a progress bar for work that lasts longer than this, not before
GC_THRESHOLD = 20_000  # allocations between two runs of the cycle collector (Python's: 700)
_STOPS = {signal.SIGINT, signal.SIGTERM}  # the signals that stop a run (cli/__init__.py)
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies
# Whether this process is a pool's worker (set by _worker_start). A worker's answer crosses a
# pipe shared by the workers, and a worker stopped in the middle of writing a long one (a run
# stopped by a signal) leaves half a message there. The pool's reader in the parent then waits
# for the rest, for ever while anyone holds the pipe's write end; the parent holds one too
# unless it gives it up (_seal). Without that, what a worker returns must stay short (an
# export piece goes through a file): see long_answers().
IN_WORKER = False
# Whether the pool this process belongs to is sealed: its parent keeps no write end of the
# answers' pipe, so once the workers are gone a half message there ends in an end of file, and
# the pool breaks instead of hanging. Set in the parent before the workers are forked (they
# inherit it); a spawned worker, which inherits nothing, keeps False.
_SEALED = False

Job = TypeVar("Job")


@dataclass(slots=True)
class FileReport:
    """What one file's work leaves for the CLI to print and use."""

    name: str
    code: int = 0  # 0 clean, 1 record errors, 2 usage error
    errors: list[str] = field(default_factory=list)  # standard error, in order
    line: str | None = None  # standard output (check's summary line)
    hands: int = 0
    sha256: str | None = None
    piece: Any = None  # the rendered export piece, or the rows for a database


def default_jobs() -> int:
    """The number of CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_count(jobs: int | None, force: bool = False) -> int:
    """``--jobs``: one worker per CPU by default, and never more than the CPUs unless forced
    (``--jobs 100`` on two cores only adds processes that wait their turn, each with its memory)."""
    if jobs is None:
        return default_jobs()
    return jobs if force else min(jobs, default_jobs())


def read_or_report(name: str, stdin: bytes | None) -> tuple[bytes, str, Path] | FileReport:
    """A record's bytes, text and folder; or, when it cannot be read, the report that says why."""
    try:
        data, folder = read_bytes(name, stdin=stdin)
        return data, decoded(name, data), folder
    except UsageProblem as exc:
        return FileReport(name, 2, [error_line(exc)])
    except RecordProblem as exc:
        return FileReport(name, 1, [str(exc)])


def diagnostics_text(session: Any) -> list[str]:
    """Every problem of a checked record, rendered with its place."""
    from reversis_score.notation.diagnostics import render
    return [render(d, session.file, session.lines) for d in session.diagnostics]


def run_ordered(work: Callable[[Job], FileReport], jobs: Sequence[Job], processes: int,
                sizes: Sequence[int] | None = None, preload: Sequence[str] = ()) -> Iterator[FileReport]:
    """``work`` on every job, reports in the jobs' order; in ``processes`` workers when worth it.

    At most a few jobs per worker are in flight, so the reports waiting to be printed stay few.
    ``preload``: the modules ``work`` imports, imported here once before forked workers start
    (each inherits them) rather than by every worker before its first file.
    """
    inline = int(os.environ.get("REVERSIS_SCORE_INLINE_BYTES", INLINE_BYTES))
    small = sizes is not None and sum(sizes) < inline
    if processes <= 1 or len(jobs) <= 1 or small:
        _fewer_collections()
        yield from (work(job) for job in jobs)
        return
    with _pool(min(processes, len(jobs)), preload) as pool:
        yield from _windowed(pool, work, jobs, 4 * processes)


_ALIVE: list[Any] = []  # the write ends of the pipes that the running pools' workers watch


@contextmanager
def _pool(processes: int, preload: Sequence[str] = ()) -> Iterator[Executor]:
    """A pool of ``processes`` workers that die with this process (see the module's docstring).

    Left early (an error, a signal, a consumer that stops), it stops its workers at once
    rather than wait for the files they were given.
    """
    import importlib
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    context = multiprocessing.get_context()
    if context.get_start_method() == "fork":  # a spawned worker would import them all again
        for module in preload:
            importlib.import_module(module)
        _prctl()  # and ctypes, loaded here once rather than by each worker (8 ms each)
    watch, alive = context.Pipe(duplex=False)
    parent = os.getpid() if context.get_start_method() == "fork" else 0
    pool = ProcessPoolExecutor(max_workers=processes, mp_context=context, initializer=_worker_start,
                               initargs=(watch, alive, parent))
    global _SEALED
    _SEALED = bool(parent) and _sealable(pool)
    _ALIVE.append(alive)
    finished = False
    try:
        yield pool
        finished = True
    finally:
        if not finished:
            alive.close()
        pool.shutdown(wait=True, cancel_futures=not finished)
        alive.close()
        watch.close()
        _ALIVE.remove(alive)
        _SEALED = False


def long_answers() -> bool:
    """Whether this process may return a long answer (an export piece's bytes): always outside
    a pool's worker; in a worker, only if its pool is sealed (see ``IN_WORKER``)."""
    return not IN_WORKER or _SEALED


def _sealable(pool: Any) -> bool:
    """Whether ``pool`` forks all its workers at its first job and answers through one pipe
    whose write end this process can give up then (the standard library's ProcessPoolExecutor
    on the fork start method, as on Linux up to Python 3.13; anything else is left alone)."""
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    return (getattr(pool, "_safe_to_dynamically_spawn_children", True) is False
            and callable(getattr(writer, "close", None)))


def _seal(pool: Any) -> None:
    """Once the workers are forked, close this process's copy of the answers' write end: the
    workers then hold the only ones, and a half answer left by a worker that was stopped ends
    in an end of file when the last of them exits, so the pool's reader gives up."""
    if _SEALED and len(pool._processes) >= pool._max_workers:
        pool._result_queue._writer.close()  # closing again does nothing


def stop_workers() -> None:
    """Make every worker of this process exit now (a signal stops the run)."""
    for alive in _ALIVE:
        alive.close()


def _worker_start(watch: Any, alive: Any, parent: int) -> None:
    """In each worker, first: die with the parent; leave Ctrl-C to the parent (one line, exit
    130: a worker never prints a traceback); collect cycles less often."""
    import threading
    global IN_WORKER
    IN_WORKER = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler: a plain exit
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)  # held back while we were forked
    alive.close()  # this worker's copy of the write end: the parent's must be the only one
    if parent:  # forked: the kernel can kill us with our parent, if it has not already died
        _kill_me_with_parent()
        if os.getppid() != parent:
            os._exit(1)
    threading.Thread(target=_exit_when_closed, args=(watch,), name="parent-watch", daemon=True).start()
    _fewer_collections()
    hold_environment()  # the run's language, read once (a spawned worker inherits no memory)


def _exit_when_closed(watch: Any) -> None:
    """Wait for the parent's end of the pipe to close (its exit, or stop_workers), then exit."""
    try:
        watch.recv_bytes()
    except (EOFError, OSError):
        pass
    os._exit(1)


def _kill_me_with_parent() -> None:
    """PR_SET_PDEATHSIG (Linux): SIGKILL this process when the parent dies."""
    prctl = _prctl()
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


@cache
def _prctl() -> Callable[..., int] | None:
    """The C library's prctl(2) through ctypes; None where there is none to call (the pipe is
    enough there)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    try:
        return ctypes.CDLL(None, use_errno=True).prctl  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def _fewer_collections() -> None:
    """Run the cycle collector less often while records are read.

    A hand makes some three hundred small objects (cards, spans, names, lines), none in a
    cycle: reference counting frees them. At Python's default threshold (700 allocations) the
    collector ran every few hands and walked every live object each time, a tenth of the time
    of a check. Cycles are still collected, every 20,000 allocations.
    """
    import gc
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, middle, oldest)


def _windowed(pool: Executor, work: Callable[[Job], FileReport], jobs: Sequence[Job],
              window: int) -> Iterator[FileReport]:
    pending: deque[Future[FileReport]] = deque()
    queue = iter(jobs)
    for job in queue:
        pending.append(_submit(pool, work, job))
        if len(pending) >= window:
            break
    while pending:
        report = pending.popleft().result()
        for job in queue:
            pending.append(_submit(pool, work, job))
            break
        yield report


def _submit(pool: Executor, work: Callable[[Job], FileReport], job: Job) -> Future[FileReport]:
    """Hand a job to the pool with SIGINT and SIGTERM held back: a submit may fork a worker
    (and start the pool's threads, which keep this mask and so never take the signals), and a
    signal's exception raised inside the fork's bookkeeping would be lost."""
    if not hasattr(signal, "pthread_sigmask"):
        future = pool.submit(work, job)
        _seal(pool)
        return future
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        future = pool.submit(work, job)
        _seal(pool)  # with the signals still held: no stop between the fork and the seal
        return future
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def file_sizes(names: Sequence[str], stdin: bytes | None) -> list[int]:
    """Each file's size in bytes (0 when it cannot be seen: its worker reports why)."""
    sizes = []
    for name in names:
        if name == "-":
            sizes.append(len(stdin or b""))
            continue
        try:
            sizes.append(os.stat(name).st_size)
        except OSError:
            sizes.append(0)
    return sizes


class Progress:
    """A progress bar on standard error (files and hands done, rate, time left), shown only on
    a terminal, only when asked, and only once the work has lasted ``PROGRESS_AFTER_S``."""

    def __init__(self, files: int, total_bytes: int, enabled: bool) -> None:
        self.files = files
        self.total_bytes = max(1, total_bytes)
        self.enabled = enabled and files > 1 and sys.stderr.isatty()
        self.started = time.monotonic()
        self.bar: Any = None
        self.task: Any = None
        self.done_files = 0
        self.hands = 0

    def advance(self, report: FileReport, size: int) -> None:
        """One more file done (``size`` bytes, ``report.hands`` hands)."""
        self.done_files += 1
        self.hands += report.hands
        if not self.enabled:
            return
        if self.bar is None and time.monotonic() - self.started >= PROGRESS_AFTER_S:
            self._start()
        if self.bar is not None:
            rate = self.hands / max(1e-9, time.monotonic() - self.started)
            self.bar.update(self.task, advance=size, said=self._said(),
                            rate=fill(_("{rate} hands/s"), rate=grouped(round(rate))))

    def _said(self) -> str:
        return fill(_("{done}/{of} files, {hands} hands"), done=self.done_files, of=self.files,
                    hands=grouped(self.hands))

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar

        from reversis_score.scrub import unwrapped
        self.bar = Bar(TextColumn("{task.fields[said]}"), BarColumn(),
                       TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                       console=Console(file=unwrapped(sys.stderr)), transient=True)
        self.task = self.bar.add_task("", total=self.total_bytes, said=self._said(), rate="")
        self.bar.start()

    def print(self, text: str, err: bool = False) -> None:
        """A line above the bar (or plainly when there is none)."""
        import typer

        from reversis_score.scrub import safe
        if self.bar is not None and err:  # the bar writes around the scrubbed stream: scrub here
            self.bar.console.print(safe(text), markup=False, highlight=False, soft_wrap=True)
        else:
            typer.echo(text, err=err)

    def stop(self) -> None:
        """Remove the bar (it is transient)."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
