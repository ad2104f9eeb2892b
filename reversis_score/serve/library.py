"""The folder's records as the pages read them: read, checked and settled once per version.

A record is read again when its file changes (its size, mtime or inode: ``entry`` appends,
an editor renames a new file into place), so the pages follow a record being written and
records that appear while the server runs. Summaries (the season page) are kept for every
record; whole ledgers for the few sessions lately shown. Requests run in threads: a lock
guards the caches.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from reversis_score.ledger.build import ConservationError, Ledger, build_ledger
from reversis_score.serve.season import SessionSummary, summary_of

Stamp = tuple[int, int, int]
KEEP = 16  # whole ledgers kept: a club night's few sessions, several devices watching


class Unreadable(Exception):
    """A record that cannot be settled at all (not UTF-8, or a bug found by conservation)."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A record read at one version: its stamp and its ledger."""

    stamp: Stamp
    ledger: Ledger


def stamp_of(path: Path) -> Stamp:
    """What changes when a file is written: size, mtime (ns) and inode."""
    st = os.stat(path)
    return st.st_size, st.st_mtime_ns, st.st_ino


def read_ledger(path: Path, name: str) -> Ledger:
    """Check and settle one record (errors are in the ledger's session; Unreadable if none)."""
    from reversis_score.notation.parse import decode
    from reversis_score.pipeline import check_text
    from reversis_score.reading import ReadProblem, read_limited
    try:
        data = read_limited(path, "record", f"{name}.rvs")  # check's limit, and its option
    except ReadProblem as exc:
        if not path.exists():
            raise FileNotFoundError(name) from None
        raise Unreadable(str(exc)) from None
    text, problem = decode(data)
    if text is None:
        raise Unreadable(f"{name}.rvs: {problem.message if problem else 'not UTF-8 text'}")
    try:
        return build_ledger(check_text(text, path.name, path.parent))
    except ConservationError as exc:
        raise Unreadable(f"{name}.rvs: internal error (fish not conserved: {exc}): a bug") from None


class Library:
    """Ledgers and summaries of a folder's records, each read again when its file changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ledgers: OrderedDict[Path, Loaded] = OrderedDict()
        self._summaries: dict[Path, tuple[Stamp, SessionSummary | str]] = {}

    def ledger(self, path: Path, name: str) -> Loaded:
        """The record's ledger as the file now stands."""
        stamp = stamp_of(path)
        with self._lock:
            known = self._ledgers.get(path)
            if known is not None and known.stamp == stamp:
                self._ledgers.move_to_end(path)
                return known
        loaded = Loaded(stamp, read_ledger(path, name))
        with self._lock:
            self._ledgers[path] = loaded
            self._ledgers.move_to_end(path)
            while len(self._ledgers) > KEEP:
                self._ledgers.popitem(last=False)
        return loaded

    def summary(self, path: Path, name: str) -> SessionSummary | str:
        """The session's summary, or why it cannot be read."""
        stamp = stamp_of(path)
        with self._lock:
            known = self._summaries.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            found: SessionSummary | str = summary_of(name, read_ledger(path, name))
        except Unreadable as exc:
            found = str(exc)
        with self._lock:
            self._summaries[path] = (stamp, found)
        return found

    def forget_all_but(self, paths: set[Path]) -> None:
        """Drop the summaries of records no longer in the folder (none kept for ever)."""
        with self._lock:
            for path in [p for p in self._summaries if p not in paths]:
                del self._summaries[path]
