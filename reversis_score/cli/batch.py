"""Runs over many files: each file's work in order, in worker processes with ``--jobs``.

The work on one file (read, check, settle, render) is a pure function of the file that
returns a ``FileReport``: what to print on standard error and standard output, the exit
status it earns, and what the caller needs (a rendered piece, a ledger). The caller prints the
reports in the order the files were given, so the output is byte for byte the same whatever
the number of processes. Only the CLI prints: these functions return text.

A short run is done in this process: starting a pool costs more than it saves on a single
file or a few small ones.
"""
from __future__ import annotations

import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from reversis_score.cli.app import RecordProblem, UsageProblem, decoded, read_bytes

if TYPE_CHECKING:  # the pool is imported when one is started: a one-file run never is
    from concurrent.futures import Executor, Future

# Below this many bytes in all, the files are read in this process (a pool costs ~50 ms);
# $REVERSIS_SCORE_INLINE_BYTES changes it (the tests set 0 to run a pool on small files).
INLINE_BYTES = 256 * 1024
PROGRESS_AFTER_S = 2.0  # a progress bar for work that lasts longer than this, not before
GC_THRESHOLD = 20_000  # allocations between two runs of the cycle collector (Python's: 700)

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


def read_or_report(name: str, stdin: bytes | None) -> tuple[bytes, str, Path] | FileReport:
    """A record's bytes, text and folder; or, when it cannot be read, the report that says why."""
    try:
        data, folder = read_bytes(name, stdin=stdin)
        return data, decoded(name, data), folder
    except UsageProblem as exc:
        return FileReport(name, 2, [f"error: {exc}"])
    except RecordProblem as exc:
        return FileReport(name, 1, [str(exc)])


def diagnostics_text(session: Any) -> list[str]:
    """Every problem of a checked record, rendered with its place."""
    from reversis_score.notation.diagnostics import render
    return [render(d, session.file, session.lines) for d in session.diagnostics]


def run_ordered(work: Callable[[Job], FileReport], jobs: Sequence[Job], processes: int,
                sizes: Sequence[int] | None = None) -> Iterator[FileReport]:
    """``work`` on every job, reports in the jobs' order; in ``processes`` workers when worth it.

    At most a few jobs per worker are in flight, so the reports waiting to be printed stay few.
    """
    inline = int(os.environ.get("REVERSIS_SCORE_INLINE_BYTES", INLINE_BYTES))
    small = sizes is not None and sum(sizes) < inline
    if processes <= 1 or len(jobs) <= 1 or small:
        _fewer_collections()
        yield from (work(job) for job in jobs)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(processes, len(jobs)), initializer=_quiet_worker) as pool:
        yield from _windowed(pool, work, jobs, 4 * processes)


def _quiet_worker() -> None:
    """Ctrl-C is the parent's to handle (one line, exit 130): a worker never prints a traceback."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _fewer_collections()


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
        pending.append(pool.submit(work, job))
        if len(pending) >= window:
            break
    while pending:
        report = pending.popleft().result()
        for job in queue:
            pending.append(pool.submit(work, job))
            break
        yield report


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
            self.bar.update(self.task, advance=size, files=self.done_files, hands=self.hands,
                            rate=f"{rate:,.0f} hands/s")

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar

        from reversis_score.scrub import unwrapped
        self.bar = Bar(TextColumn("{task.fields[files]}/{task.fields[of]} files, "
                                  "{task.fields[hands]:,} hands"), BarColumn(),
                       TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                       console=Console(file=unwrapped(sys.stderr)), transient=True)
        self.task = self.bar.add_task("", total=self.total_bytes, files=0, of=self.files, hands=0,
                                      rate="")
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
